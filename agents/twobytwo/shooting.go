package twobytwo

import (
	"github.com/grognard/grognard/engine"
	rules "github.com/grognard/grognard/engine/twobytwo"
)

// PinsAttacker reports whether action a, in st, is a volley (a shot or a
// supporting shot) by an unpinned infantry unit of the side that attacks,
// at a target that is neither cavalry (the first volley is for the
// cavalry) nor a charger the unit stalled: the fire the rules advise the
// attacker to hold, as it pins the unit and stalls the attack [FoB-fire].
func PinsAttacker(st engine.State, a *engine.Action) bool {
	if a.Kind != rules.KindFire && a.Kind != rules.KindSupport {
		return false
	}
	s, ok := st.(*rules.State)
	if !ok || !unitOK(s, a.Unit) || !unitOK(s, a.Target) {
		return false
	}
	f, t := int(a.Unit), int(a.Target)
	if s.Spec(f).Side != s.Attacker() || !s.Spec(f).Type.IsInfantry() || s.U[f].Stat >= rules.Pinned {
		return false
	}
	return !s.Spec(t).Type.IsCavalry() && int(s.U[t].StallOn) != f
}

// PinBias is the kit's action bias (agents.Kit.ActionBias): -1 for a
// volley that pins the attacker (PinsAttacker), which the search charges
// the kitbias weight for, and 0 for any other action. It allocates
// nothing.
func PinBias(st engine.State, a *engine.Action) float64 {
	if PinsAttacker(st, a) {
		return -1
	}
	return 0
}

// pinCost is what the doctrine pays for an infantry volley that pins the
// firer [FoB-fire].
func (h *Heuristic) pinCost(s *rules.State, f, t int) float64 {
	if !s.Spec(f).Type.IsInfantry() || s.U[f].Stat >= rules.Pinned {
		return 0
	}
	doc := h.c.eff
	if s.Spec(t).Type.IsCavalry() {
		return 5 // the first volley is for the cavalry
	}
	switch doc {
	case DoctrineFireline:
		return 15
	}
	return 60
}

// scoreFire scores a shot or a supporting shot: the expected harm to the
// target, less the cost of pinning an infantry firer.
func (h *Heuristic) scoreFire(s *rules.State, a *engine.Action, support bool) float64 {
	if !unitOK(s, a.Unit) || !unitOK(s, a.Target) {
		return 0
	}
	f, t := int(a.Unit), int(a.Target)
	// The engine's modifiers (range, arcs, enfilade, HQ contact, cover,
	// first volley, ...), not a second reckoning of them.
	m, _ := s.ShotModifier(f, t, int(s.U[t].StallOn) == f)
	harm := shotHarm(m)
	if support {
		// A supporter adds +1 to the shot being declared.
		m = s.DeclaredShotModifier()
		harm = shotHarm(m+1) - shotHarm(m)
	}
	sc := 100*harm*unitValue(s.Spec(t)) - h.pinCost(s, f, t)
	if !s.Spec(f).Type.IsInfantry() {
		sc += 20 // the guns always fire
	}
	if s.U[t].StallOn != rules.NoUnit {
		sc += 20
	}
	return sc
}
