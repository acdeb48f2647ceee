package twobytwo

import (
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
	rules "github.com/grognard/grognard/engine/twobytwo"
)

// score is the doctrine score of action a.
func (h *Heuristic) score(s *rules.State, a *engine.Action) float64 {
	switch a.Kind {
	case rules.KindDeploy:
		return h.scoreDeploy(s, a)
	case rules.KindPoint:
		return h.scorePoint(s, a)
	case rules.KindQueue:
		return h.scoreQueue(s, a)
	case rules.KindEnd:
		return h.scoreEnd(s)
	case rules.KindMove, rules.KindSlide:
		if !unitOK(s, a.Unit) || a.NPath == 0 {
			return -1
		}
		if a.Order == rules.OrderCharge && unitOK(s, a.Target) {
			return h.scoreCharge(s, int(a.Unit), int(a.Target), a)
		}
		i := int(a.Unit)
		end := a.Path[a.NPath-1]
		return h.value(s, i, end, geom.Heading(a.Facing)) - h.value(s, i, s.U[i].Pos, s.U[i].Dir) - moveCost
	case rules.KindHold:
		return -0.01
	case rules.KindFace:
		if !unitOK(s, a.Unit) {
			return -1
		}
		i := int(a.Unit)
		return h.value(s, i, s.U[i].Pos, geom.Heading(a.Facing)) - h.value(s, i, s.U[i].Pos, s.U[i].Dir) - moveCost
	case rules.KindVolRout:
		return h.scoreVolRout(s, a)
	case rules.KindExit:
		return h.scoreExit(s, a)
	case rules.KindDiceReinf:
		return h.scoreDice(s, a)
	case rules.KindPlace:
		return h.scorePlace(s, a)
	case rules.KindExchange:
		return h.scoreExchange(s, a)
	case rules.KindConfront, rules.KindStall:
		return h.scoreResponse(s, a)
	case rules.KindFire:
		return h.scoreFire(s, a, false)
	case rules.KindSupport:
		return h.scoreFire(s, a, true)
	case rules.KindResolve:
		return 0
	case rules.KindBombard:
		return 100
	case rules.KindRout:
		return h.scoreRoutDir(s, a)
	case rules.KindMelee:
		return h.scoreMelee(s, a)
	case rules.KindFollowUp:
		return h.scoreFollowUp(s, a)
	}
	return 0
}

// moveCost is what a move must gain to be worth making.
const moveCost = 0.5

// scoreEnd: ending a step. During deployment every unit that fits is
// deployed first; in the movement and shooting phases ending comes after
// every action worth taking; an arrival is left off only when every place
// is bad.
func (h *Heuristic) scoreEnd(s *rules.State) float64 {
	switch s.PhaseName() {
	case "deployment":
		return -1000
	case "reinforcement queue":
		return 0
	case "reinforcement arrival":
		return -40
	}
	return 0
}

// --- Set-up -----------------------------------------------------------

// armIndex is 0 HQ, 1 infantry, 2 cavalry, 3 artillery.
func armIndex(t rules.UnitType) int {
	switch {
	case t.IsHQ():
		return 0
	case t.IsInfantry():
		return 1
	case t.IsCavalry():
		return 2
	}
	return 3
}
