package twobytwo

import (
	"math"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// Crossing is a place where a river may be crossed ("Streams": rivers are
// impassable "except at Bridges or Fords"): a road over the river, or a
// ford (ruling R-FORD).
type Crossing struct {
	At     geom.Vec // on the river's line
	Across geom.Vec // unit vector across the river at At
	Bridge bool     // a road's bridge, not a ford
}

// Bank is the side of the river at the crossing that p stands on: 1 on
// the side Across points to (or on the river's line there), 0 on the
// other.
func (c Crossing) Bank(p geom.Vec) int {
	if p.Sub(c.At).Dot(c.Across) >= 0 {
		return 1
	}
	return 0
}

// findCrossings lists the bridges (every crossing of a road with a river)
// and the fords of the scenario, bridges first, each in terrain order.
func (sc *Scenario) findCrossings() []Crossing {
	var out []Crossing
	for i := range sc.Terrain {
		r := &sc.Terrain[i]
		if r.Kind != River {
			continue
		}
		for k := 0; k+1 < len(r.Points); k++ {
			a, b := r.Points[k], r.Points[k+1]
			across := b.Sub(a).Norm().Perp()
			for j := range sc.Terrain {
				road := &sc.Terrain[j]
				if road.Kind != Road {
					continue
				}
				for m := 0; m+1 < len(road.Points); m++ {
					if t, ok := geom.SegSegIntersect(a, b, road.Points[m], road.Points[m+1]); ok {
						out = append(out, Crossing{At: a.Lerp(b, t), Across: across, Bridge: true})
					}
				}
			}
		}
	}
	for i := range sc.Terrain {
		f := &sc.Terrain[i]
		if f.Kind != Ford {
			continue
		}
		// The ford's crossing is the nearest point of the nearest river.
		best, c := math.Inf(1), Crossing{At: f.Centre}
		for j := range sc.Terrain {
			r := &sc.Terrain[j]
			if r.Kind != River {
				continue
			}
			for k := 0; k+1 < len(r.Points); k++ {
				p := geom.ClosestOnSeg(f.Centre, r.Points[k], r.Points[k+1])
				if d := p.Dist(f.Centre); d < best {
					best = d
					c = Crossing{At: p, Across: r.Points[k+1].Sub(r.Points[k]).Norm().Perp()}
				}
			}
		}
		if !math.IsInf(best, 1) {
			out = append(out, c)
		}
	}
	return out
}

// Crossings lists the scenario's river crossings: bridges first, then
// fords. The slice is shared: callers must not change it.
func (sc *Scenario) Crossings() []Crossing {
	sc.prepare()
	return sc.crossings
}

// RiverBetween reports whether the straight line from a to b crosses a
// river away from a bridge or ford, which no move may do.
func (sc *Scenario) RiverBetween(a, b geom.Vec) bool {
	sc.prepare()
	return sc.hasRiver && sc.crossWater(a, b).river
}

// BestCrossing is the crossing that makes the shortest way from a to b
// (straight to the crossing, then straight on), and that way's length; ok
// is false when the scenario has no crossing.
func (sc *Scenario) BestCrossing(a, b geom.Vec) (c Crossing, length float64, ok bool) {
	length = math.Inf(1)
	for _, x := range sc.Crossings() {
		if l := a.Dist(x.At) + x.At.Dist(b); l < length {
			c, length, ok = x, l, true
		}
	}
	return c, length, ok
}

// GroundDist is how far b is from a for a unit that must go round rivers:
// the straight distance, or, when a river lies between, the way through
// the best crossing. With no crossing at all it is the straight distance
// plus the table's size, far but finite so that comparisons still order
// the places. Woods, towns and other units are not gone round.
func (sc *Scenario) GroundDist(a, b geom.Vec) float64 {
	if !sc.RiverBetween(a, b) {
		return a.Dist(b)
	}
	if _, l, ok := sc.BestCrossing(a, b); ok {
		return l
	}
	return a.Dist(b) + sc.Size
}

// crossOrder appends moves of unit i towards the crossings that lead to
// goal, when a river lies between them: the straight advances stop at the
// bank. It offers the crossing of the shortest way and any other whose
// way is at most crossDetour longer (a bridge may be crowded, a ford
// clear). The unit makes for a point 1.25" short of a crossing on its own
// bank and, once there (or when the straight line through the crossing is
// open), for a point 1.5" beyond it.
func (s *State) crossOrder(buf []engine.Action, i int, goal geom.Vec) []engine.Action {
	u := &s.U[i]
	if !s.sc.RiverBetween(u.Pos, goal) {
		return buf
	}
	_, best, ok := s.sc.BestCrossing(u.Pos, goal)
	if !ok {
		return buf
	}
	for _, c := range s.sc.Crossings() {
		if u.Pos.Dist(c.At)+c.At.Dist(goal) > best+crossDetour {
			continue
		}
		n := c.Across
		if c.Bank(goal) == 0 {
			n = n.Scale(-1) // n points at goal's bank
		}
		near, far := c.At.Sub(n.Scale(1.25)), c.At.Add(n.Scale(1.5))
		dest := near
		if u.Pos.Dist(near) < 0.75 || !s.sc.RiverBetween(u.Pos, far) {
			dest = far
		}
		buf = s.towardOrder(buf, i, dest, 0, goal, OrderCross, NoUnit)
	}
	return buf
}

// crossDetour is how much longer than the shortest a way through another
// crossing may be for crossOrder to offer it.
const crossDetour = 10.0
