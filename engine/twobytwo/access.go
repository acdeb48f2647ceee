package twobytwo

import (
	"sort"

	"github.com/grognard/grognard/engine/geom"
)

// Point reports side's reinforcement point k (0 or 1): where it is on the
// table edge, which edge, and whether it has been placed yet (during a
// set-up by play the points appear one by one).
func (s *State) Point(side, k int) (pos geom.Vec, edge Edge, placed bool) {
	if side < 0 || side > 1 || k < 0 || k > 1 {
		return geom.Vec{}, South, false
	}
	p := &s.points[side][k]
	return p.Pos, p.Edge, p.Placed
}

// Queue lists the units waiting at side's reinforcement point k, the next
// to arrive first. It allocates; it is meant for displays, not search.
func (s *State) Queue(side, k int) []int {
	var q []int
	for i := range s.U[:s.n] {
		u := &s.U[i]
		if int(s.side(i)) == side && u.Loc == LocWaiting && int(u.Point) == k {
			q = append(q, i)
		}
	}
	sort.Slice(q, func(a, b int) bool { return s.U[q[a]].Queue < s.U[q[b]].Queue })
	return q
}

// FireReach is the longest range at which unit i may shoot, in inches
// (artillery's long range; firearms 1", 2" when screened by skirmishers,
// bows 1/2"), or 0 for a unit that may not shoot.
func (s *State) FireReach(i int) float64 {
	if !s.prof(i).Shoots {
		return 0
	}
	return s.fireReach(i)
}

// RangeBand is the shooting modifier unit i gets for range d: +1 at
// canister, 0 at normal and -1 at long range for artillery, 0 for
// firearms. It does not check that d is within FireReach.
func (s *State) RangeBand(i int, d float64) int { return s.rangeBand(i, d) }
