package twobytwo

import (
	"math"
	"testing"

	"github.com/grognard/grognard/engine/geom"
)

// crossingTerrain is a river along y=12 with a road's bridge at x=18 and
// a ford at x=4.
func crossingTerrain() []Feature {
	return []Feature{
		{Kind: River, Points: []geom.Vec{{X: 0, Y: 12}, {X: 24, Y: 12}}},
		{Kind: Road, Points: []geom.Vec{{X: 18, Y: 0}, {X: 18, Y: 24}}},
		{Kind: Ford, Centre: geom.V(4, 12), Radius: 0.75},
	}
}

// TestCrossings: the bridges (a road over a river) and fords a scenario
// offers, whether a river lies across a straight line ("Streams": rivers
// are impassable except at bridges or fords, R-FORD), and the way round
// through the best crossing.
func TestCrossings(t *testing.T) {
	s := testGame(t, nil, crossingTerrain()...)
	sc := s.Scenario()
	cs := sc.Crossings()
	if len(cs) != 2 {
		t.Fatalf("crossings %+v, want a bridge and a ford", cs)
	}
	for k, want := range []struct {
		at     geom.Vec
		bridge bool
	}{{geom.V(18, 12), true}, {geom.V(4, 12), false}} {
		if cs[k].At.Dist(want.at) > 1e-9 || cs[k].Bridge != want.bridge || math.Abs(math.Abs(cs[k].Across.Y)-1) > 1e-9 {
			t.Errorf("crossing %d is %+v, want at %v (bridge %v) across the river", k, cs[k], want.at, want.bridge)
		}
	}
	for _, c := range []struct {
		a, b  geom.Vec
		river bool
		way   float64
	}{
		{geom.V(10, 10), geom.V(10, 14), true, 2 * math.Hypot(6, 2)}, // by the ford
		{geom.V(17, 10), geom.V(19, 14), false, math.Hypot(2, 4)},    // over the bridge
		{geom.V(4, 10), geom.V(4, 14), false, 4},                     // through the ford
		{geom.V(10, 10), geom.V(14, 11), false, math.Hypot(4, 1)},    // one bank
		{geom.V(13, 10), geom.V(13, 14), true, 2 * math.Hypot(5, 2)}, // by the bridge
	} {
		if got := sc.RiverBetween(c.a, c.b); got != c.river {
			t.Errorf("RiverBetween(%v, %v) = %v, want %v", c.a, c.b, got, c.river)
		}
		if got := sc.GroundDist(c.a, c.b); math.Abs(got-c.way) > 1e-9 {
			t.Errorf("GroundDist(%v, %v) = %v, want %v", c.a, c.b, got, c.way)
		}
	}
	// Bank: points on opposite sides of the river fall on opposite banks
	// of every crossing, points on one side on the same one, and Across
	// points to bank 1.
	for _, x := range cs {
		south, north := x.Bank(geom.V(x.At.X+3, 9)), x.Bank(geom.V(x.At.X-1, 12.5))
		if south == north || x.Bank(geom.V(0, 11)) != south || x.Bank(geom.V(23, 20)) != north {
			t.Errorf("crossing at %v: banks south %d, north %d; want two, the same along each side", x.At, south, north)
		}
		if x.Bank(x.At.Add(x.Across)) != 1 {
			t.Errorf("crossing at %v: the point Across leads to is on bank %d, want 1", x.At, x.Bank(x.At.Add(x.Across)))
		}
	}
	// A river with no crossing: far, but finite.
	bare := testGame(t, nil, crossingTerrain()[0]).Scenario()
	if len(bare.Crossings()) != 0 {
		t.Errorf("a river alone has crossings %+v", bare.Crossings())
	}
	if got := bare.GroundDist(geom.V(10, 10), geom.V(10, 14)); got != 4+24 {
		t.Errorf("GroundDist with no crossing = %v, want 28", got)
	}
}

// TestCrossOrders: a unit with its nearest enemy across a river is offered
// moves towards the crossings (the straight advance stops at the bank),
// and from the bank by a crossing, a move over it.
func TestCrossOrders(t *testing.T) {
	for _, c := range []struct {
		name     string
		from     geom.Vec
		crossing geom.Vec // the one the best order makes for
		over     bool     // the best order ends across the river
	}{
		{"towards_the_ford", geom.V(8, 8), geom.V(4, 12), false},
		{"over_the_ford", geom.V(4, 10.5), geom.V(4, 12), true},
		{"over_the_bridge", geom.V(18, 10.5), geom.V(18, 12), true},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := testGame(t, []UnitSpec{
				unit(0, "S", LineInfantry, c.from.X, c.from.Y, 0),
				unit(1, "N", LineInfantry, 11, 16, 180),
			}, crossingTerrain()...)
			u := idx(t, s, "S")
			var cross []geom.Vec
			for _, a := range s.Legal(nil) {
				if a.Kind == KindMove && int(a.Unit) == u && a.Order == OrderCross {
					cross = append(cross, a.Path[a.NPath-1])
				}
				if a.Kind == KindMove && int(a.Unit) == u && a.Order == OrderAdvance && a.Path[a.NPath-1].Y > 12 {
					t.Errorf("a straight advance crosses the river to %v", a.Path[a.NPath-1])
				}
			}
			if len(cross) == 0 {
				t.Fatal("no order to cross the river")
			}
			best := cross[0]
			for _, p := range cross {
				if p.Dist(c.crossing) < best.Dist(c.crossing) {
					best = p
				}
			}
			if best.Dist(c.crossing) >= c.from.Dist(c.crossing) && !c.over {
				t.Errorf("the cross order ends at %v, no nearer the crossing at %v than %v", best, c.crossing, c.from)
			}
			if (best.Y > 12) != c.over {
				t.Errorf("the cross order ends at %v: across the river %v, want %v", best, best.Y > 12, c.over)
			}
		})
	}
}
