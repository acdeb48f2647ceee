package twobytwo

import (
	"math"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
	rules "github.com/grognard/grognard/engine/twobytwo"
)

// scoreVolRout: a light unit stuck in a melee it expects to lose badly,
// or pinned where a charge would likely break it ("Light Infantry may
// during its movement phase voluntarily ROUT. This is particularly useful
// if pinned in a vulnerable position"), routs away (destroyed on 1-2)
// rather than wait for it.
func (h *Heuristic) scoreVolRout(s *rules.State, a *engine.Action) float64 {
	if !unitOK(s, a.Unit) {
		return -100
	}
	worst := stayHarm(s, int(a.Unit))
	limit := [numDoctrines]float64{0.6, 0.5, 0.45}[h.doc]
	if worst <= limit {
		return -100
	}
	return 100 * (worst - 0.4)
}

// stayHarm is the harm light unit i may expect if it stays where it is
// rather than routing voluntarily: in contact, the melee it is in (each
// enemy touching it, the worst counted); pinned and out of contact, where
// it may not move away but may still rout (R-VOLROUT), the worst charge
// an enemy could make on it next turn, any loss destroying when two or
// more could come. An unpinned unit out of contact can walk away: 0.
func stayHarm(s *rules.State, i int) float64 {
	u := &s.U[i]
	side := s.Spec(i).Side
	worst := 0.0
	if touchingEnemy(s, i) {
		for j := 0; j < s.NumUnits(); j++ {
			o := &s.U[j]
			if o.Loc != rules.LocTable || s.Spec(j).Side == side || o.Pos.Dist(u.Pos) > 1.3 {
				continue
			}
			if geom.RectDistance(baseOf(u.Pos, u.Dir), baseOf(o.Pos, o.Dir)) > 0.02 {
				continue
			}
			m := s.UnitMeleeMargin(i, j) - engagedBy(s, j, i)
			worst = math.Max(worst, harmAt(m, engagedBy(s, j, i) > 0))
		}
		return worst
	}
	if u.Stat != rules.Pinned {
		return 0
	}
	me := s.Spec(i).Type
	cover := inCover(s.Scenario(), u.Pos, true)
	n, multi := 0, 0.0
	for e := 0; e < s.NumUnits(); e++ {
		o := &s.U[e]
		et := s.Spec(e).Type
		if o.Loc != rules.LocTable || s.Spec(e).Side == side || o.Stat >= rules.Pinned || et.IsHQ() || et.IsArtillery() {
			continue
		}
		if o.Pos.Dist(u.Pos) > et.Profile().Move+1 {
			continue
		}
		if et.IsInfantry() && me.IsCavalry() && !cover {
			continue // "Infantry cannot voluntarily melee attack cavalry in open terrain"
		}
		if et.IsCavalry() && cover && !inCover(s.Scenario(), u.Pos, false) {
			continue // no horse into the woods
		}
		n++
		m := s.UnitMeleeMargin(i, e)
		worst, multi = math.Max(worst, harmAt(m, false)), math.Max(multi, harmAt(m, true))
	}
	if n > 1 {
		return math.Max(worst, multi) // charged on two faces, any loss destroys
	}
	return worst
}

// scoreRoutDir picks the rout direction that the unit survives, then the
// one that ends farthest from the enemy, by playing it on a copy.
func (h *Heuristic) scoreRoutDir(s *rules.State, a *engine.Action) float64 {
	if !unitOK(s, a.Unit) {
		return float64(a.Arg)
	}
	i := int(a.Unit)
	h.scratch = *s
	if err := h.scratch.Apply(*a); err != nil {
		return -1000
	}
	u := &h.scratch.U[i]
	if u.Loc != rules.LocTable {
		return -100
	}
	d, _ := h.nearestFoeIn(&h.scratch, s.Spec(i).Side, u.Pos)
	sc := math.Min(d, 20)
	// Contagion (ruling R-CONTAGION): a routing elite unit routs every
	// friend within 1" of its path, any router routs militia and
	// Cossacks.
	elite := s.Spec(i).Type.Profile().Elite
	from, to := s.U[i].Pos, u.Pos
	for j := 0; j < s.NumUnits(); j++ {
		o := &s.U[j]
		sp := s.Spec(j)
		if j == i || o.Loc != rules.LocTable || sp.Side != s.Spec(i).Side || !(elite || sp.Type.Contagious()) {
			continue
		}
		if geom.PointSegDist(o.Pos, from, to) < 1.8 {
			sc -= 40 * unitValue(sp)
		}
	}
	return sc
}

// nearestFoeIn is nearestFoe on another state.
func (h *Heuristic) nearestFoeIn(s *rules.State, side int, p geom.Vec) (float64, int) {
	best, bj := 50.0, -1
	for j := 0; j < s.NumUnits(); j++ {
		u := &s.U[j]
		if u.Loc == rules.LocTable && s.Spec(j).Side != side {
			if d := u.Pos.Dist(p); d < best {
				best, bj = d, j
			}
		}
	}
	return best, bj
}
