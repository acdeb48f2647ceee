package twobytwo

import (
	"math"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
	rules "github.com/grognard/grognard/engine/twobytwo"
)

// harmAt is the expected harm of a melee lost or won by margin mm
// (twobytwo.MeleeHarm: the engine's results, so that a ruling changed
// there is weighed here too); multi when any loss destroys.
func harmAt(mm int, multi bool) float64 { return rules.MeleeHarm(mm, multi) }

// hqTouching reports whether a friendly HQ touches unit i.
func hqTouching(s *rules.State, i int) bool {
	u := &s.U[i]
	side := s.Spec(i).Side
	r := baseOf(u.Pos, u.Dir)
	for k := 0; k < s.NumUnits(); k++ {
		o := &s.U[k]
		if k == i || o.Loc != rules.LocTable || s.Spec(k).Side != side || !s.Spec(k).Type.IsHQ() || o.Pos.Dist(u.Pos) > 1.3 {
			continue
		}
		if geom.RectDistance(r, baseOf(o.Pos, o.Dir)) <= 0.02 {
			return true
		}
	}
	return false
}

// inTown reports whether p lies in a town of s's scenario.
func inTown(s *rules.State, p geom.Vec) bool {
	sc := s.Scenario()
	for f := range sc.Terrain {
		ft := &sc.Terrain[f]
		if ft.Kind == rules.Town && len(ft.Points) >= 3 && geom.PointInPolygon(p, ft.Points) {
			return true
		}
	}
	return false
}

// meleeEV is the expected value, in units, of own unit i (standing at p)
// fighting enemy unit j: the harm done to j minus the harm suffered, with
// i's overlaps, HQ contact and the hill, each side's harm weighted by its
// urgency.
func (h *Heuristic) meleeEV(s *rules.State, i, j int, p geom.Vec, subsequent bool) float64 {
	adj := 0
	if subsequent {
		adj = -1
	}
	return h.meleeEVAdj(s, i, j, p, adj)
}

// meleeEVAdj is meleeEV with adj added to i's modifiers.
func (h *Heuristic) meleeEVAdj(s *rules.State, i, j int, p geom.Vec, adj int) float64 {
	eng := engagedBy(s, i, j)
	m := s.UnitMeleeMargin(i, j) + eng + adj
	if hqTouching(s, i) {
		m++
	}
	if hqTouching(s, j) {
		m--
	}
	hi, hj := onHill(s, p), onHill(s, s.U[j].Pos)
	if hi && !hj {
		m++
	} else if hj && !hi {
		m--
	}
	// Every overlapping friend suffers a lost melee too ("Overlap
	// support").
	return h.c.uf*harmAt(-m, eng > 0)*unitValue(s.Spec(j)) - h.c.um*harmAt(m, false)*(unitValue(s.Spec(i))+float64(eng))
}

// stallOdds is the chance that defender j's stall shot at charger i has an
// effect (a total of 5 or more: the charge does not close), and the
// expected harm of that shot to i [Stall][Ranges]. The charger is reckoned
// where a stall sets it, 1" back from pos (its place in contact) facing
// dir, and the shot's modifier is the engine's (twobytwo.ShotModifier with
// the out-of-arc -2 of a flank charge, R-OUTOFARC). ok is false when j
// cannot stall.
func (h *Heuristic) stallOdds(s *rules.State, j, i int, pos, dir geom.Vec) (p, harm float64, ok bool) {
	ds := s.Spec(j)
	pr := ds.Type.Profile()
	if !pr.Shoots || s.U[j].Stat == rules.Disrupted || touchingEnemyBut(s, j, i) {
		return 0, 0, false
	}
	h.scratch = *s
	h.scratch.U[i].Pos, h.scratch.U[i].Dir = pos.Sub(dir.Scale(1)), dir
	m, _ := h.scratch.ShotModifier(j, i, true)
	p = float64(min(max(2+m, 0), 6)) / 6
	return p, shotHarm(m), true
}

// chargeBonus is the doctrine's liking for a charge by arm, beyond its
// expected value.
func (h *Heuristic) chargeBonus(s *rules.State, i, j int) float64 {
	me, foe := s.Spec(i).Type, s.Spec(j).Type
	disrupted := s.U[j].Stat == rules.Disrupted
	doc := h.c.eff
	b := 0.0
	switch {
	case disrupted && me.IsCavalry():
		b = 40 // [FoB-cav]
	case disrupted:
		b = 30
	case me.IsCavalry() && foe.IsInfantry():
		b = -30 // "almost certain to lose against infantry"
	case me.IsCavalry() && (foe.IsHQ() || foe.IsArtillery()):
		b = 25 // "a terrible threat to HQ units caught out in the open"
	}
	switch doc {
	case DoctrineAssault:
		if me.IsInfantry() {
			b += 20 // the bayonet [FoB-fire]
		}
	default:
		if !disrupted && me.IsInfantry() {
			b -= 10 // keep the line
		}
	}
	return b
}

// scoreCharge is the value of unit i charging unit j with action a: the
// melee's expected value after a possible stall shot, and the doctrine's
// bonus.
func (h *Heuristic) scoreCharge(s *rules.State, i, j int, a *engine.Action) float64 {
	end := a.Path[a.NPath-1]
	ev := h.meleeEV(s, i, j, end, false)
	if s.Spec(i).Type.IsCavalry() && inTown(s, end) && !inTown(s, s.U[i].Pos) {
		// Cavalry fights at -2 in a town ("Melee: Modifiers"); the
		// engine's margin counts the town the charger stands in now,
		// not the one it charges into. The road column -2 is not the
		// charger's (ruling R-ROADCOLUMN): the engine's margin gives
		// it to a target caught on the road.
		ev = h.meleeEVAdj(s, i, j, end, -2)
	}
	pS, shot, ok := h.stallOdds(s, j, i, end, geom.Heading(a.Facing))
	if ok {
		ev = (1-pS)*ev - h.c.um*shot*unitValue(s.Spec(i))
		if s.Spec(j).Type.IsInfantry() {
			ev += 0.1 * unitValue(s.Spec(j)) // the firer is pinned
		}
	}
	b := h.chargeBonus(s, i, j)
	if ev < chargeFloor && b > 0 {
		b = 0 // no doctrine sends a unit into a melee it expects to lose
	}
	sc := 100*ev + b
	if h.c.draw {
		sc -= 60
	}
	return sc
}

// scoreResponse: a charged unit confronts or stalls with fire [Stall].
func (h *Heuristic) scoreResponse(s *rules.State, a *engine.Action) float64 {
	if !unitOK(s, a.Unit) || !unitOK(s, a.Target) {
		return 0
	}
	att, def := int(a.Unit), int(a.Target)
	confront := 100 * h.meleeEV(s, def, att, s.U[def].Pos, false)
	if a.Kind == rules.KindConfront {
		return confront
	}
	pS, shot, ok := h.stallOdds(s, def, att, s.U[att].Pos, s.U[att].Dir)
	if !ok {
		return confront - 1
	}
	stall := 100*(pS*0.3+shot)*unitValue(s.Spec(att)) + (1-pS)*confront
	switch h.c.eff {
	case DoctrineAssault:
		if s.Spec(def).Type.IsInfantry() {
			stall -= 15 // a pinned battalion cannot attack next turn
		}
	case DoctrineFireline:
		stall += 30
	default:
		stall += 20
	}
	return stall
}

// scoreMelee orders the melees: the one the own side is likeliest to win
// first, so that a winner may follow up into the next.
func (h *Heuristic) scoreMelee(s *rules.State, a *engine.Action) float64 {
	if !unitOK(s, a.Target) {
		return 0
	}
	j := int(a.Target)
	best := -100.0
	for i := 0; i < s.NumUnits(); i++ {
		u := &s.U[i]
		if u.Loc != rules.LocTable || s.Spec(i).Side != h.c.me || s.Spec(i).Type.IsHQ() || u.Pos.Dist(s.U[j].Pos) > 1.3 {
			continue
		}
		if geom.RectDistance(baseOf(u.Pos, u.Dir), baseOf(s.U[j].Pos, s.U[j].Dir)) <= 0.02 {
			best = math.Max(best, h.meleeEV(s, i, j, u.Pos, false))
		}
	}
	return 100 * best
}

// scoreFollowUp: follow up when the move straight ahead meets an enemy
// the winner expects to beat (at -1), or, with nobody in the way, when the
// new place is worth more by the doctrine; cavalry is "the king of the
// multiple melee turn" [FoB-cav].
func (h *Heuristic) scoreFollowUp(s *rules.State, a *engine.Action) float64 {
	if a.Arg == 0 || !unitOK(s, a.Unit) {
		return 0
	}
	i := int(a.Unit)
	u := &s.U[i]
	sp := s.Spec(i)
	move := sp.Type.Profile().Move
	// The first enemy straight ahead within a move.
	hit, hitAt := -1, math.MaxFloat64
	for j := 0; j < s.NumUnits(); j++ {
		o := &s.U[j]
		if o.Loc != rules.LocTable || j == i {
			continue
		}
		v := o.Pos.Sub(u.Pos)
		along := v.Dot(u.Dir)
		if along <= 0 || along > move+0.75 || math.Abs(v.Dot(u.Dir.Perp())) > 1.0 {
			continue
		}
		if along < hitAt {
			hit, hitAt = j, along
		}
	}
	if hit >= 0 && s.Spec(hit).Side == sp.Side {
		return -1 // a friend in the way: little to gain
	}
	if hit >= 0 {
		ev := h.meleeEV(s, i, hit, u.Pos.Add(u.Dir.Scale(hitAt-0.5)), true)
		b := 0.0
		if sp.Type.IsCavalry() {
			b = 10
		}
		if h.doc != DoctrineAssault {
			b -= 10
		}
		return 100*ev + b
	}
	end := u.Pos.Add(u.Dir.Scale(move))
	size := s.Scenario().Size
	if end.X < 0.5 || end.Y < 0.5 || end.X > size-0.5 || end.Y > size-0.5 {
		return -1
	}
	return h.value(s, i, end, u.Dir) - h.value(s, i, u.Pos, u.Dir) - 5
}

// chargeFloor is the expected value (in units) below which no doctrine
// bonus makes a charge: a charge must expect to win.
const chargeFloor = 0.05
