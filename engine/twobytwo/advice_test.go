package twobytwo

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
	"github.com/grognard/grognard/engine/tabletop"
)

// TestMeleeHarmAgreesWithMeleeLoss: the destroyed part of MeleeHarm (a
// loss by 4 or more, and a third of a loss by 3) is MeleeLoss, so the
// agents' harm and the evaluation's loss come from one set of results.
func TestMeleeHarmAgreesWithMeleeLoss(t *testing.T) {
	for m := -meleeSpan; m <= meleeSpan; m++ {
		h, loss := MeleeHarm(m, false), MeleeLoss(m)
		if h+1e-12 < loss {
			t.Errorf("margin %d: harm %.4f below the loss %.4f", m, h, loss)
		}
		if lost := MeleeHarm(m, true); lost+1e-12 < loss || lost > 1 {
			t.Errorf("margin %d: chance of losing %.4f against loss %.4f", m, lost, loss)
		}
	}
	// Even odds: lose 15 of the 30 decided rolls.
	if got := MeleeHarm(0, true); math.Abs(got-0.5) > 1e-12 {
		t.Errorf("margin 0: chance of losing %.4f, want 0.5", got)
	}
	if MeleeHarm(-3, false) <= MeleeHarm(3, false) {
		t.Errorf("harm does not fall with the margin")
	}
}

// TestShotHarm: at +2 a d6 routs on 6 (1/6), disrupts on 5 (1/6) and pins on
// 4 (1/6): 1/6 + 1/12 + 1/24.
func TestShotHarm(t *testing.T) {
	want := 1.0/6 + 0.5/6 + 0.25/6
	if got := ShotHarm(2); math.Abs(got-want) > 1e-12 {
		t.Errorf("ShotHarm(2) = %.4f, want %.4f", got, want)
	}
	if ShotHarm(-6) != 0 || ShotHarm(8) != 1 {
		t.Errorf("ShotHarm out of range: %.3f %.3f", ShotHarm(-6), ShotHarm(8))
	}
}

// TestShotModifierIsTheRolledOne: ShotModifier, asked before the shot,
// totals what the shooting phase then rolls with, enfilade, HQ contact and
// cover included.
func TestShotModifierIsTheRolledOne(t *testing.T) {
	fa := unit(1, "F", FootArtillery, 12, 14, 180)
	li := unit(1, "F", LineInfantry, 12, 14, 180)
	tgt := shootingTargetAt(LineInfantry, 2)
	town := []Feature{{Kind: Town, Points: []geom.Vec{{X: 10, Y: 10}, {X: 14, Y: 10}, {X: 14, Y: 12.5}, {X: 10, Y: 12.5}}}}
	cases := []struct {
		name    string
		units   []UnitSpec
		terrain []Feature
		want    int
	}{
		{"enfilade", []UnitSpec{fa, unit(0, "T", LineInfantry, 13, 11.5, 90)}, nil, 2},
		{"hq_contact", []UnitSpec{fa, tgt, unit(1, "HQ", DivisionHQ, 12, 14.51, 180)}, nil, 1},
		{"town_cover", []UnitSpec{fa, tgt}, town, -1}, // in cover, one row (ruling R-COVER)
		{"first_volley", []UnitSpec{li, shootingTargetAt(LineInfantry, 0.7)}, nil, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := shootingGame(t, c.units, c.terrain...)
			f, tg := idx(t, s, "F"), idx(t, s, "T")
			got, ok := s.ShotModifier(f, tg, false)
			if !ok {
				t.Fatalf("ShotModifier says F cannot fire at T")
			}
			rolled := shootingDeclare(t, s, f, tg)
			if got != rolled || got != c.want {
				t.Fatalf("ShotModifier %+d, rolled %+d, want %+d", got, rolled, c.want)
			}
		})
	}
}

// TestDeclaredShotModifier: while supports are added, the declared shot's
// modifier counts each supporter, as the roll will.
func TestDeclaredShotModifier(t *testing.T) {
	s := shootingGame(t, []UnitSpec{unit(1, "F", FootArtillery, 12, 14, 180), shootingTargetAt(LineInfantry, 2),
		unit(1, "S1", FootArtillery, 10.5, 14, 180)})
	f, tg, s1 := idx(t, s, "F"), idx(t, s, "T"), idx(t, s, "S1")
	if got := s.DeclaredShotModifier(); got != 0 {
		t.Fatalf("no shot declared, modifier %+d", got)
	}
	do(t, s, act(KindFire, f, tg))
	if got := s.DeclaredShotModifier(); got != 0 {
		t.Fatalf("declared alone: %+d, want +0", got)
	}
	do(t, s, act(KindSupport, s1, tg))
	if got := s.DeclaredShotModifier(); got != 1 {
		t.Fatalf("with a supporter: %+d, want +1", got)
	}
}

// TestDescribeRollNamesTheRows: a pending shot's, melee's or rally's
// description lists the modifiers that make its total, row by row, and
// they add up to the modifier the roll was set with (issue 69: what a real
// table needs, for every ruleset).
func TestDescribeRollNamesTheRows(t *testing.T) {
	seen := map[uint8]int{}
	for seed := uint64(1); seed <= 4; seed++ {
		_, _, err := randomGame(seed, func(s *State) error {
			if s.ToMove() != engine.Chance {
				return nil
			}
			var rows, rows2 []tabletop.Adjustment
			mod2 := 0
			switch s.chance {
			case chFire:
				s.fireTerms(tabletop.Terms{Rows: &rows})
			case chRally:
				s.rallyTerms(int(s.chUnit), tabletop.Terms{Rows: &rows})
			case chMelee:
				s.meleeTerms(true, tabletop.Terms{Rows: &rows})
				mod2 = s.meleeTerms(false, tabletop.Terms{Rows: &rows2})
			default:
				return nil
			}
			seen[s.chance]++
			text := s.DescribeRoll()
			sum := 0
			for _, r := range append(rows, rows2...) {
				sum += r.Value
				if want := fmt.Sprintf("%s %+d", r.Row, r.Value); !strings.Contains(text, want) {
					return fmt.Errorf("%q does not list %q", text, want)
				}
			}
			if sum != int(s.chMod)+mod2 || s.chance == chMelee && mod2 != int(s.chMod2) {
				return fmt.Errorf("%q: rows add up to %d, the modifiers are %d and %d", text, sum, s.chMod, s.chMod2)
			}
			if len(rows)+len(rows2) == 0 && !strings.Contains(text, "no row applies") {
				return fmt.Errorf("%q: no row and no word of it", text)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, k := range []uint8{chFire, chRally, chMelee} {
		if seen[k] == 0 {
			t.Errorf("no roll of kind %d was met: the test does not cover it", k)
		}
	}
}
