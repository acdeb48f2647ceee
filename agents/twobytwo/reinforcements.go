package twobytwo

import (
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
	rules "github.com/grognard/grognard/engine/twobytwo"
)

// scoreExit: at an enemy point, the trade of the unit for the next
// enemy arrival [Reinf]; by the own edge, the draw [Draw].
func (h *Heuristic) scoreExit(s *rules.State, a *engine.Action) float64 {
	if !unitOK(s, a.Unit) || a.NPath == 0 {
		return -1
	}
	i := int(a.Unit)
	p := a.Path[0]
	for k := 0; k < 2; k++ {
		if h.c.fptLive[k] && h.c.fpt[k].Dist(p) <= 3.5 {
			return h.tradeScore(s, i, h.c.fptNext[k], true)
		}
	}
	if !h.c.draw {
		return -1000
	}
	if s.Spec(i).Type.IsCavalry() && h.c.nonCav > 0 {
		return -50 // the cavalry covers the retreat and leaves last
	}
	return 150
}

// outcome is +1 when losses of mine and theirs win the game for me, -1
// when they lose it, 2 when both sides break at once (a draw), 0
// otherwise.
func outcome(s *rules.State, mine, theirs int) int {
	lost := func(a, b int) bool {
		if s.Scenario().Victory == rules.Decisive {
			return a >= 5 && a >= b+2
		}
		return a >= 5
	}
	iLose, theyLose := lost(mine, theirs), lost(theirs, mine)
	switch {
	case theyLose && !iLose:
		return 1
	case iLose && !theyLose:
		return -1
	case iLose && theyLose:
		return 2 // both break at once: a draw (ruling R-BOTHLOSE)
	}
	return 0
}

// tradeScore values trading own unit i for enemy unit j, both destroyed
// (an exchange on arrival or an exit at an enemy point) [Reinf].
func (h *Heuristic) tradeScore(s *rules.State, i, j int, exit bool) float64 {
	if j < 0 || i < 0 {
		return -1
	}
	c := &h.c
	switch outcome(s, c.myLost+1, c.foeLost+1) {
	case 1:
		return 10000
	case -1:
		return -10000
	case 2:
		if h.losing() {
			return 5000
		}
		return -5000
	}
	sc := 100 * (c.uf*unitValue(s.Spec(j)) - c.um*unitValue(s.Spec(i)))
	switch h.doc {
	case DoctrineReserve:
		sc += 20
	case DoctrineAssault:
		sc += 15
	default:
		sc += 5
	}
	if exit && !s.Spec(i).Type.MayRoutVoluntarily() && !(c.late && c.uf > c.um) {
		sc -= 30 // only light cavalry is sent to die at the enemy's points
	}
	return sc
}

// scoreDice: dice for a reinforcement every turn [Reinf], the point
// needing 3+ before a flank point, a point with an enemy to exchange
// first.
func (h *Heuristic) scoreDice(s *rules.State, a *engine.Action) float64 {
	k := int(a.Arg & 1)
	sc := 500.0
	_, edge, _ := s.Point(h.c.me, k)
	if edge == rules.BaseEdge(h.c.me) {
		sc += 10
	}
	if h.c.ptThreat[k] {
		sc += 5
	}
	return sc
}

// scorePlace places an arrival: where it is safest, and for the assault
// towards the enemy.
func (h *Heuristic) scorePlace(s *rules.State, a *engine.Action) float64 {
	if !unitOK(s, a.Unit) || a.NPath == 0 {
		return 0
	}
	i := int(a.Unit)
	p := a.Path[0]
	sc := 20 - 100*h.c.um*unitValue(s.Spec(i))*risk(s, i, p)
	sc -= contagionPenalty * float64(contagionPairs(s, i, p, geom.Heading(a.Facing)))
	switch h.doc {
	case DoctrineAssault:
		sc -= 0.5 * p.Dist(h.c.front)
	default:
		sc -= 0.3 * p.Dist(h.c.centroid)
	}
	return sc
}

// scoreExchange: the exchange on arrival [Reinf], taken when the trade is
// good; an enemy standing by the point would take the unit anyway.
func (h *Heuristic) scoreExchange(s *rules.State, a *engine.Action) float64 {
	if !unitOK(s, a.Unit) || !unitOK(s, a.Target) {
		return -1
	}
	sc := h.tradeScore(s, int(a.Unit), int(a.Target), false)
	if s.Spec(int(a.Target)).Type.IsCavalry() {
		sc += 30 // it would exit at the point next turn
	}
	return sc
}
