package twobytwo

import (
	"strings"
	"testing"

	"github.com/grognard/grognard/engine/geom"
)

// TestFreeFormMoves checks that a person's free-form move is validated by
// the movement rules and applied, or refused with the reason.
func TestFreeFormMoves(t *testing.T) {
	newGame := func() *State {
		return testGame(t, []UnitSpec{
			unit(0, "F1 Line", LineInfantry, 6, 4, 0),
			unit(0, "F2 Line", LineInfantry, 8, 4, 0),
			unit(1, "A1 Line", LineInfantry, 6, 8, 180),
		}, Feature{Kind: Wood, Points: []geom.Vec{{X: 11, Y: 2}, {X: 15, Y: 2}, {X: 15, Y: 6}, {X: 11, Y: 6}}})
	}
	cases := []struct {
		name   string
		label  string
		facing float64
		slide  bool
		pts    []geom.Vec
		want   string // "" = accepted
		end    geom.Vec
	}{
		{"straight ahead within the allowance", "F1 Line", 0, false, []geom.Vec{{X: 6, Y: 7}}, "", geom.V(6, 7)},
		{"too far for line infantry (4\")", "F1 Line", 0, false, []geom.Vec{{X: 6, Y: 7}, {X: 2, Y: 7}}, "longer than the unit's movement allowance", geom.Vec{}},
		{"through a friend", "F1 Line", 90, false, []geom.Vec{{X: 10, Y: 4}}, "may not move through other units", geom.Vec{}},
		{"into woods", "F2 Line", 90, false, []geom.Vec{{X: 11.2, Y: 4}}, "woods are impassable", geom.Vec{}},
		{"off the table", "F1 Line", 180, false, []geom.Vec{{X: 6, Y: 0.1}}, "would leave the table", geom.Vec{}},
		{"sideways costs double", "F1 Line", 0, true, []geom.Vec{{X: 3.5, Y: 4}}, "longer than the unit's movement allowance", geom.Vec{}},
		{"sideways within half the allowance", "F1 Line", 0, true, []geom.Vec{{X: 4.5, Y: 4}}, "", geom.V(4.5, 4)},
		{"straight back at full rate", "F1 Line", 0, true, []geom.Vec{{X: 6, Y: 0.5}}, "", geom.V(6, 0.5)},
		{"charge straight ahead", "F1 Line", 0, false, []geom.Vec{{X: 6, Y: 8}}, "", geom.V(6, 7.49)},
		{"no contact at the end of a wheel shorter than 2\"", "F1 Line", 0, false, []geom.Vec{{X: 7, Y: 5.8}, {X: 6, Y: 7.6}}, "last 2\"", geom.Vec{}},
		{"no contact sideways", "F1 Line", 0, true, []geom.Vec{{X: 6.3, Y: 7.9}}, "", geom.Vec{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newGame()
			i, err := s.UnitByLabel(strings.ToLower(c.label))
			if err != nil {
				t.Fatal(err)
			}
			a, err := FreeMove(i, c.facing, c.slide, c.pts...)
			if err != nil {
				t.Fatal(err)
			}
			if c.name == "no contact sideways" {
				// A slide that runs into the enemy is refused.
				refuse(t, s, a, "may not move to contact sideways")
				return
			}
			if c.want != "" {
				refuse(t, s, a, c.want)
				return
			}
			do(t, s, a)
			if got := s.U[i].Pos; got.Dist(c.end) > 0.02 {
				t.Fatalf("ended at %v, want %v", got, c.end)
			}
		})
	}
	if _, err := FreeMove(0, 0, false); err == nil {
		t.Fatal("a move with no points was built")
	}
	s := newGame()
	if _, err := s.UnitByLabel("Z9 Nobody"); err == nil {
		t.Fatal("found a unit that does not exist")
	}
}
