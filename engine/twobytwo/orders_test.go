package twobytwo

import (
	"fmt"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// TestAdvanceFromALine: a battalion standing in a line of friends cannot
// turn on the spot towards an enemy off to one side, because the corners
// of its base swing into its neighbours (R-PIVOT); its advance order then
// steps straight ahead and turns clear of them, so an army drawn up in
// line is never left without a way forward. A unit with room still turns
// and goes straight there in one leg.
func TestAdvanceFromALine(t *testing.T) {
	for _, c := range []struct {
		name      string
		friends   []geom.Vec // line infantry beside S, facing north like it
		wantLegs  int
		wantPivot bool // the one-leg move straight at the enemy is legal
	}{
		{"alone", nil, 1, true},
		{"in_a_line", []geom.Vec{geom.V(10.98, 4), geom.V(13.02, 4)}, 2, false},
		{"on_the_end_of_a_line", []geom.Vec{geom.V(13.02, 4), geom.V(14.04, 4)}, 2, false},
		// The friend ahead blocks the way: S goes round it.
		{"behind_a_friend", []geom.Vec{geom.V(12.8, 5.3)}, 2, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, u, n := lineGame(t, c.friends, geom.V(18, 14))
			from := s.U[u].Pos
			// The straight move that needs a turn on the spot.
			direct := act(KindMove, u, n)
			direct.NPath, direct.Path[0] = 1, from.Add(s.U[n].Pos.Sub(from).Norm().Scale(2))
			_, ref := s.checkMove(u, direct.Points(), s.U[n].Pos.Sub(direct.Path[0]).Norm())
			if (ref == okMove) != c.wantPivot {
				t.Fatalf("turning on the spot towards the enemy: %v, want legal %v", ref, c.wantPivot)
			}
			var adv *engine.Action
			for _, a := range s.Legal(nil) {
				if a.Kind == KindMove && int(a.Unit) == u && a.Order == OrderAdvance {
					adv = &a
					break
				}
			}
			if adv == nil {
				t.Fatal("no advance order")
			}
			end := adv.Path[adv.NPath-1]
			if int(adv.NPath) != c.wantLegs {
				t.Errorf("the advance has %d legs (%s), want %d", adv.NPath, s.DescribeAction(*adv), c.wantLegs)
			}
			if got, was := end.Dist(s.U[n].Pos), from.Dist(s.U[n].Pos); got > was-2 {
				t.Errorf("the advance ends %.2f\" from the enemy, from %.2f\": want at least 2\" nearer", got, was)
			}
			if err := s.Apply(*adv); err != nil {
				t.Fatalf("the advance %s is refused: %v", s.DescribeAction(*adv), err)
			}
			if s.U[u].Pos.Dist(end) > 1e-9 {
				t.Errorf("S stands at %v after the advance, want %v", s.U[u].Pos, end)
			}
		})
	}
}

// TestChargeFromALine: a battalion in a line of friends charging an enemy
// off to one side cannot wheel on the spot to face it (R-PIVOT), so its
// charge steps straight ahead first, then goes in with the last 2" or
// more straight ahead (R-CHARGE); alone it charges straight in.
func TestChargeFromALine(t *testing.T) {
	for _, c := range []struct {
		name     string
		friends  []geom.Vec
		wantLegs int
	}{
		{"alone", nil, 1},
		{"in_a_line", []geom.Vec{geom.V(10.98, 4), geom.V(13.02, 4)}, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, u, n := lineGame(t, c.friends, geom.V(13.3, 7))
			var charge *engine.Action
			for _, a := range s.Legal(nil) {
				if a.Kind == KindMove && int(a.Unit) == u && a.Order == OrderCharge && int(a.Target) == n {
					charge = &a
					break
				}
			}
			if charge == nil {
				t.Fatal("no charge on N")
			}
			if int(charge.NPath) < c.wantLegs {
				t.Errorf("the charge %s has %d legs, want at least %d", s.DescribeAction(*charge), charge.NPath, c.wantLegs)
			}
			if err := s.Apply(*charge); err != nil {
				t.Fatalf("the charge %s is refused: %v", s.DescribeAction(*charge), err)
			}
		})
	}
}

// lineGame is a battalion S at (12, 4) facing north with line infantry
// friends beside it, also facing north, and an enemy battalion N at foe
// facing south; it returns the game and S's and N's indices.
func lineGame(t *testing.T, friends []geom.Vec, foe geom.Vec) (s *State, u, n int) {
	t.Helper()
	units := []UnitSpec{unit(0, "S", LineInfantry, 12, 4, 0)}
	for k, p := range friends {
		units = append(units, unit(0, string(rune('A'+k)), LineInfantry, p.X, p.Y, 0))
	}
	units = append(units, unit(1, "N", LineInfantry, foe.X, foe.Y, 180))
	s = testGame(t, units)
	return s, idx(t, s, "S"), idx(t, s, "N")
}

// TestChargeEndsAtItsFace: a charge order names the face it charges, and
// played it ends against that face, at its path's last point: an order
// "charges N (rear face)" whose path runs through N's front, where the
// move would stop, is not offered. Cavalry 4" in front of N, N facing it
// or turned away or across, every face in reach.
func TestChargeEndsAtItsFace(t *testing.T) {
	for _, facing := range []float64{180, 0, 90, 135} {
		t.Run(fmt.Sprintf("N_facing_%.0f", facing), func(t *testing.T) {
			s := testGame(t, []UnitSpec{unit(0, "S", HeavyCavalry, 12, 4, 0), unit(1, "N", LineInfantry, 12, 8, facing)})
			u, n := idx(t, s, "S"), idx(t, s, "N")
			charges := 0
			for _, a := range s.Legal(nil) {
				if a.Kind != KindMove || int(a.Unit) != u || a.Order != OrderCharge {
					continue
				}
				charges++
				c := *s
				if err := c.Apply(a); err != nil {
					t.Fatalf("%s is refused: %v", s.DescribeAction(a), err)
				}
				end := baseAt(a.Path[a.NPath-1], geom.Heading(a.Facing))
				if d := geom.RectDistance(end, s.rect(n)); d > 2*contactTol {
					t.Errorf("%s: its path ends %.2f\" short of N", s.DescribeAction(a), d)
				}
				if got := nearestFace(end, s.rect(n)); got != geom.Face(a.Arg) {
					t.Errorf("%s: its path ends at N's %s face", s.DescribeAction(a), got)
				}
				if got := nearestFace(c.rect(u), s.rect(n)); got != geom.Face(a.Arg) {
					t.Errorf("%s: played, S stands at N's %s face", s.DescribeAction(a), got)
				}
			}
			if charges == 0 {
				t.Fatal("no charge on N")
			}
		})
	}
}
