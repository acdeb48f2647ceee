package twobytwo

import (
	"testing"

	"github.com/grognard/grognard/engine/geom"
)

// TestFords pins ruling R-FORD ("Terrain Placement: Streams": rivers are
// impassable "except at Bridges or Fords"): a river is crossed at a ford as
// a stream is, for +1", and nowhere else; a routing unit crossing at a ford
// survives where one crossing the river elsewhere is destroyed.
func TestFords(t *testing.T) {
	river := Feature{Kind: River, Points: []geom.Vec{{X: 0, Y: 4}, {X: 24, Y: 4}}}
	ford := Feature{Kind: Ford, Centre: geom.V(10, 4), Radius: 0.75}
	cases := []struct {
		name    string
		from    geom.Vec
		to      geom.Vec
		terrain []Feature
		refusal string // "" when the move is allowed
	}{
		{"river_impassable_without_a_ford", geom.V(10, 2), geom.V(10, 5), []Feature{river}, "rivers may only be crossed"},
		{"ford_costs_+1", geom.V(10, 2), geom.V(10, 5), []Feature{river, ford}, ""},
		{"ford_costs_+1_not_more", geom.V(10, 2), geom.V(10, 5.1), []Feature{river, ford}, movementTooFar},
		{"river_beside_the_ford_still_impassable", geom.V(13, 2), geom.V(13, 5), []Feature{river, ford}, "rivers may only be crossed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := testGame(t, []UnitSpec{unit(0, "U", LineInfantry, c.from.X, c.from.Y, 0)}, c.terrain...)
			u := idx(t, s, "U")
			if c.refusal != "" {
				refuse(t, s, moveTo(u, 0, c.to), c.refusal)
				return
			}
			do(t, s, moveTo(u, 0, c.to))
			movementAt(t, s, u, c.to)
		})
	}
}

// TestFordRout: a router's straight line over a river survives at a ford
// (R-FORD) and is destroyed elsewhere (R-ROUTTERRAIN).
func TestFordRout(t *testing.T) {
	// routGame's target T stands at (12, 11.5) facing north and routs south
	// to (12, 5.5); a river at y=8 lies across that line.
	river := Feature{Kind: River, Points: []geom.Vec{{X: 0, Y: 8}, {X: 24, Y: 8}}}
	for _, c := range []struct {
		name    string
		terrain []Feature
		want    uint8
	}{
		{"destroyed_crossing_a_river", []Feature{river}, LocDestroyed},
		{"survives_at_a_ford", []Feature{river, {Kind: Ford, Centre: geom.V(12, 8), Radius: 1}}, LocTable},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := routGame(t, nil, c.terrain...)
			tg := idx(t, s, "T")
			routFire(t, s, 6)
			roll(t, s, 3)
			if s.U[tg].Loc != c.want {
				t.Fatalf("router at %v: loc %d, want %d", s.U[tg].Pos, s.U[tg].Loc, c.want)
			}
		})
	}
}
