package twobytwo

import (
	"github.com/grognard/grognard/engine/geom"
	rules "github.com/grognard/grognard/engine/twobytwo"
)

// prepare fills the decision context.
func (h *Heuristic) prepare(s *rules.State) {
	c := &h.c
	*c = hctx{}
	c.me = int(s.ToMove())
	if c.me < 0 || c.me > 1 {
		c.me = 0
	}
	c.foe = 1 - c.me
	c.myLost, c.foeLost = s.Destroyed(c.me), s.Destroyed(c.foe)
	// Each loss brings a side nearer the 5 that lose the game, and the
	// nearer it is the more the next one weighs.
	um, uf := urgency(c.myLost), urgency(c.foeLost)
	c.um, c.uf = 2*um/(um+uf), 2*uf/(um+uf)
	n := s.NumUnits()
	var sum, fsum geom.Vec
	var cnt, fcnt int
	for i := 0; i < n; i++ {
		u := &s.U[i]
		sp := s.Spec(i)
		switch {
		case u.Loc == rules.LocWaiting || u.Loc == rules.LocUnplaced:
			if sp.Side == c.me {
				c.myLeft++
			} else {
				c.foeLeft++
			}
		case u.Loc == rules.LocTable && sp.Side == c.me:
			if !sp.Type.IsHQ() {
				sum = sum.Add(u.Pos)
				c.field[cnt] = uint8(i)
				cnt++
			}
			if !sp.Type.IsCavalry() {
				c.nonCav++
			}
		case u.Loc == rules.LocTable:
			fsum = fsum.Add(u.Pos)
			fcnt++
		}
	}
	size := s.Scenario().Size
	c.nField = cnt
	if cnt > 0 {
		c.centroid = sum.Scale(1 / float64(cnt))
	} else {
		c.centroid = geom.V(size/2, ownDepthY(size, c.me, 3))
	}
	if fcnt > 0 {
		c.front = fsum.Scale(1 / float64(fcnt))
	} else {
		c.front = geom.V(size/2, ownDepthY(size, c.foe, 3))
	}
	c.exitOK = s.Turn() > 0 && (c.myLeft == 0 || c.foeLeft == 0)
	// The turn limit is a draw: a doctrine that has not broken the enemy
	// by the last part of the game goes over to the attack.
	limit := s.Scenario().TurnLimit
	if limit <= 0 {
		limit = rules.DefaultTurnLimit
	}
	late := s.Turn() >= limit*lateShare/100
	c.late = late
	c.battle = h.doc != DoctrineReserve || c.myLeft <= 2 || s.Turn() >= limit*reserveShare/100 || late
	c.eff = h.doc
	if (h.doc == DoctrineReserve && c.battle) || (h.doc == DoctrineFireline && late) {
		c.eff = DoctrineAssault
	}
	if c.exitOK {
		c.draw = h.losing()
	}
	for k := 0; k < 2; k++ {
		if pos, _, placed := s.Point(c.me, k); placed {
			c.pt[k] = pos
			c.ptLive[k] = nextWaiting(s, c.me, k) >= 0
		}
		if pos, _, placed := s.Point(c.foe, k); placed {
			c.fpt[k] = pos
			c.fptNext[k] = nextWaiting(s, c.foe, k)
			c.fptLive[k] = c.fptNext[k] >= 0
		}
	}
	crossings := s.Scenario().Crossings()
	for i := 0; i < n; i++ {
		u := &s.U[i]
		if u.Loc != rules.LocTable {
			continue
		}
		sp := s.Spec(i)
		if sp.Side == c.me {
			for k := 0; k < len(crossings) && k < len(c.crowd); k++ {
				if u.Pos.Dist(crossings[k].At) <= crowdRange {
					c.crowd[k]++
				}
			}
		} else {
			for k := 0; k < len(crossings) && k < len(c.held); k++ {
				if x := &crossings[k]; x.Bridge && u.Pos.Dist(x.At) <= heldRange {
					c.held[k][x.Bank(u.Pos)]++
				}
			}
		}
		for k := 0; k < 2; k++ {
			if !c.ptLive[k] {
				continue
			}
			d := u.Pos.Dist(c.pt[k])
			if sp.Side == c.me {
				if !sp.Type.IsHQ() && d <= screenRange {
					c.ptNear[k]++
				}
			} else if !sp.Type.IsHQ() && d <= sp.Type.Profile().Move+4 {
				c.ptThreat[k] = true
			}
		}
	}
}

// urgency is the weight of the next loss of a side that has lost n
// units: the fewer it may still lose before the 5 that lose the game
// ("Victory Conditions"), the more the next one weighs.
func urgency(n int) float64 {
	return 1 / float64(max(5-n, 1))
}

// losing reports whether the doctrine plays for the draw at this count of
// losses [Draw].
func (h *Heuristic) losing() bool {
	c := &h.c
	switch h.doc {
	case DoctrineAssault:
		return c.myLost >= c.foeLost+3 || (c.myLost >= 4 && c.foeLost <= 2)
	case DoctrineFireline:
		return c.myLost >= c.foeLost+2 && c.myLost >= 3
	default:
		return c.myLost >= c.foeLost+2
	}
}

// nextWaiting is the next unit to arrive at side's point k, or -1.
func nextWaiting(s *rules.State, side, k int) int {
	best, bq := -1, 1<<30
	for i := 0; i < s.NumUnits(); i++ {
		u := &s.U[i]
		if u.Loc == rules.LocWaiting && int(u.Point) == k && s.Spec(i).Side == side && int(u.Queue) < bq {
			best, bq = i, int(u.Queue)
		}
	}
	return best
}

// ownDepthY is the y coordinate depth inches in from side's own edge.
func ownDepthY(size float64, side int, depth float64) float64 {
	if side == 0 {
		return depth
	}
	return size - depth
}

// depthOf is how far p is from side's own edge.
func depthOf(size float64, side int, p geom.Vec) float64 {
	if side == 0 {
		return p.Y
	}
	return size - p.Y
}

// unitValue is what a unit is worth to its side, a line battalion being
// 1: victory counts units, but HQs rally, guns shoot far and light
// cavalry wins few melees.
func unitValue(sp *rules.UnitSpec) float64 {
	v := 1.0
	switch sp.Type {
	case rules.CorpsHQ:
		v = 1.5
	case rules.DivisionHQ:
		v = 1.2
	case rules.EliteInfantry:
		v = 1.3
	case rules.LightInfantry:
		v = 0.9
	case rules.Militia, rules.IrregularShooters:
		v = 0.7
	case rules.IrregularWarband:
		v = 0.8
	case rules.EliteCavalry:
		v = 1.4
	case rules.HeavyCavalry:
		v = 1.3
	case rules.MediumCavalry:
		v = 1.2
	case rules.LightCavalry:
		v = 0.8
	case rules.Lancers:
		v = 0.9
	case rules.Cossacks:
		v = 0.6
	case rules.EliteArtillery:
		v = 1.4
	case rules.FootArtillery, rules.HorseArtillery, rules.SiegeArtillery:
		v = 1.2
	}
	if sp.Large {
		v += 0.1
	}
	if sp.Small {
		v -= 0.1
	}
	return v
}
