package twobytwo

import (
	"fmt"

	"github.com/grognard/grognard/engine/geom"
)

// riverHalf is half the width a river bars to a standing base: a base over
// a river's line away from a bridge or ford stands in impassable water
// (rulings R-BRIDGE, R-FORD).
const riverHalf = 0.15

// StartProblem is one fixed start placement the rules do not allow.
type StartProblem struct {
	Unit  int    // index in Units
	Other int    // the unit overlapped, or -1
	What  string // what is wrong, in a player's words
}

// StartProblems checks every unit with a Start placement: its base lies
// wholly on the table, overlaps no other started base (bases may touch;
// ruling R-CONTACT), and stands in no terrain impassable to it (woods but
// for light infantry and Cossacks, R-WOODS; steep hills, R-STEEP; a river
// away from a bridge or ford). Problems come in unit order; an overlap is
// reported once, on the later unit.
func (sc *Scenario) StartProblems() []StartProblem {
	sc.prepare()
	var ps []StartProblem
	rects := make([]geom.Rect, len(sc.Units))
	for i, u := range sc.Units {
		if u.Start == nil {
			continue
		}
		r := baseAt(geom.V(u.Start.X, u.Start.Y), geom.Heading(u.Start.Facing))
		rects[i] = r
		if !sc.onTableRect(r) {
			ps = append(ps, StartProblem{i, -1, fmt.Sprintf("its base at (%.2f, %.2f) facing %.0f is not wholly on the %.0f\" table", r.C.X, r.C.Y, u.Start.Facing, sc.Size)})
		}
		if w := sc.impassableUnder(r, u.Type); w != "" {
			ps = append(ps, StartProblem{i, -1, fmt.Sprintf("its base at (%.2f, %.2f) stands in %s", r.C.X, r.C.Y, w)})
		}
		for j := 0; j < i; j++ {
			if sc.Units[j].Start != nil && geom.Overlap(r, rects[j], overlapTol) {
				ps = append(ps, StartProblem{i, j, fmt.Sprintf("its base at (%.2f, %.2f) overlaps %q at (%.2f, %.2f)", r.C.X, r.C.Y, sc.Units[j].Label, rects[j].C.X, rects[j].C.Y)})
			}
		}
	}
	return ps
}

// impassableUnder names the impassable terrain base r of type t stands in,
// or "" when there is none.
func (sc *Scenario) impassableUnder(r geom.Rect, t UnitType) string {
	if t != LightInfantry && t != Cossacks && sc.rectInArea(r, Wood) {
		return "a wood, impassable to all but light infantry and Cossacks"
	}
	if sc.rectInArea(r, SteepHill) {
		return "a steep hill, which is impassable"
	}
	for i := range sc.Terrain {
		f := &sc.Terrain[i]
		if f.Kind != River || geom.RectPolylineDist(r, f.Points) > riverHalf {
			continue
		}
		if sc.nearRoad(r.C, roadHalf+bridgeReach) || sc.atFord(r.C) {
			continue
		}
		return "a river away from any bridge or ford"
	}
	return ""
}
