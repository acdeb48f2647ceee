package twobytwo

import (
	"testing"

	"github.com/grognard/grognard/engine/geom"
)

// TestBridgeMoves pins ruling R-BRIDGEMOVE ("Bridges"): no crossing a
// bridge after moving through a town, and no charge across a bridge.
func TestBridgeMoves(t *testing.T) {
	road := Feature{Kind: Road, Points: []geom.Vec{{X: 6, Y: 0}, {X: 6, Y: 24}}}
	stream := Feature{Kind: Stream, Points: []geom.Vec{{X: 0, Y: 6}, {X: 24, Y: 6}}}
	t.Run("stop before the bridge after a town", func(t *testing.T) {
		town := Feature{Kind: Town, Points: []geom.Vec{{X: 5, Y: 4}, {X: 7, Y: 4}, {X: 7, Y: 5.5}, {X: 5, Y: 5.5}}}
		s := testGame(t, []UnitSpec{unit(0, "U", LightCavalry, 6, 3, 0)}, road, stream, town)
		u := idx(t, s, "U")
		refuse(t, s, moveTo(u, 0, geom.V(6, 7)), "must stop before crossing a bridge")
		do(t, s, moveTo(u, 0, geom.V(6, 5.4)))
	})
	t.Run("no charge across a bridge", func(t *testing.T) {
		s := testGame(t, []UnitSpec{
			unit(0, "U", LightCavalry, 6, 3, 0),
			unit(1, "E", LineInfantry, 6, 8, 180),
		}, road, stream)
		u := idx(t, s, "U")
		refuse(t, s, moveTo(u, 0, geom.V(6, 7.6)), "may not charge across a bridge")
		// Crossing the bridge without contact is allowed (on the road all move).
		do(t, s, moveTo(u, 0, geom.V(6, 7)))
	})
	t.Run("charge on the same bank is allowed", func(t *testing.T) {
		s := testGame(t, []UnitSpec{
			unit(0, "U", LightCavalry, 6, 1, 0),
			unit(1, "E", LineInfantry, 6, 5, 180),
		}, road, stream)
		do(t, s, moveTo(idx(t, s, "U"), 0, geom.V(6, 4.6)))
		if s.U[idx(t, s, "U")].Pos.Y < 4.2 {
			t.Fatal("the charge stopped short")
		}
	})
}
