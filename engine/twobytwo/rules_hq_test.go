package twobytwo

import (
	"testing"

	"github.com/grognard/grognard/engine/geom"
)

// Tests of the HQ rules: "HQ's and destroyed units", the HQ bonuses to
// shooting, melee and rallying, and the HQ's self rally.

// TestHQDestroyedWithUnit: "If a HQ is in base to base contact with a unit
// ... and that unit is destroyed then the HQ is also destroyed."
func TestHQDestroyedWithUnit(t *testing.T) {
	t.Run("unit_destroyed_in_melee_takes_its_hq", func(t *testing.T) {
		s := meleeGame(t, append(meleePair(LineInfantry, LineInfantry), unit(0, "HQ", DivisionHQ, 12, 9.49, 0)))
		a, hq := idx(t, s, "A"), idx(t, s, "HQ")
		if ga, _ := meleeDeclare(t, s, idx(t, s, "D")); ga != 1 {
			t.Fatalf("attacker modifier %+d, want +1 for the HQ", ga)
		}
		roll(t, s, 1, 6) // 2 against 6: destroyed
		if s.U[a].Loc != LocDestroyed || s.U[hq].Loc != LocDestroyed || s.Destroyed(0) != 2 {
			t.Fatalf("unit loc %d, HQ loc %d, destroyed %d: want both destroyed and counted", s.U[a].Loc, s.U[hq].Loc, s.Destroyed(0))
		}
	})
	hqBehind := func(gap float64) []UnitSpec {
		return []UnitSpec{unit(0, "HQ", DivisionHQ, 12, 11-gap, 0)}
	}
	t.Run("unit_destroyed_by_rout_test_takes_its_hq", func(t *testing.T) {
		s := routGame(t, hqBehind(0.01))
		routFire(t, s, 6)
		roll(t, s, 1)
		if s.U[idx(t, s, "HQ")].Loc != LocDestroyed || s.Destroyed(0) != 2 {
			t.Fatalf("HQ loc %d, destroyed %d: want the HQ destroyed with the unit", s.U[idx(t, s, "HQ")].Loc, s.Destroyed(0))
		}
	})
	t.Run("hq_not_in_contact_survives", func(t *testing.T) {
		s := routGame(t, hqBehind(0.1))
		routFire(t, s, 6)
		roll(t, s, 1)
		if s.U[idx(t, s, "HQ")].Loc != LocTable || s.Destroyed(0) != 1 {
			t.Fatalf("HQ 0.1\" away: loc %d, destroyed %d, want it to survive", s.U[idx(t, s, "HQ")].Loc, s.Destroyed(0))
		}
	})
	t.Run("hq_of_a_unit_that_routs_and_survives_survives", func(t *testing.T) {
		s := routGame(t, hqBehind(0.01))
		routFire(t, s, 6)
		roll(t, s, 3)
		hq := idx(t, s, "HQ")
		if s.U[hq].Loc != LocTable {
			t.Fatalf("HQ loc %d, want on the table", s.U[hq].Loc)
		}
	})
	t.Run("enemy_hq_touching_a_destroyed_unit_survives", func(t *testing.T) {
		s := meleeGame(t, []UnitSpec{
			unit(0, "A", LineInfantry, 12, 10, 0),
			unit(1, "D", LineInfantry, 12, 10.51, 180),
			unit(1, "EHQ", DivisionHQ, 10.99, 9.9, 0),
		})
		contactTouching(t, s, idx(t, s, "EHQ"), idx(t, s, "A"), true)
		meleeDeclare(t, s, idx(t, s, "D"))
		roll(t, s, 1, 6)
		if s.U[idx(t, s, "A")].Loc != LocDestroyed || s.U[idx(t, s, "EHQ")].Loc != LocTable {
			t.Fatalf("an enemy HQ touching the destroyed unit was destroyed")
		}
	})
}

// TestHQBonuses: "HQ in base to base contact with firing unit +1", "HQ in
// base to base contact +1" in melee and rallying; "Extra HQ's do not add
// additional modifiers".
func TestHQBonuses(t *testing.T) {
	t.Run("shooting_+1", func(t *testing.T) {
		for _, withHQ := range []bool{false, true} {
			units := []UnitSpec{unit(1, "F", FootArtillery, 12, 14, 180), shootingTargetAt(LineInfantry, 2)}
			if withHQ {
				units = append(units, unit(1, "HQ", CorpsHQ, 12, 14.51, 180))
			}
			s := shootingGame(t, units)
			want := map[bool]int{false: 0, true: 1}[withHQ]
			if m := shootingDeclare(t, s, idx(t, s, "F"), idx(t, s, "T")); m != want {
				t.Fatalf("HQ %v: modifier %+d, want %+d", withHQ, m, want)
			}
		}
	})
	t.Run("melee_+1", func(t *testing.T) {
		for _, withHQ := range []bool{false, true} {
			units := meleePair(LineInfantry, LineInfantry)
			if withHQ {
				units = append(units, unit(1, "HQ", CorpsHQ, 12, 11.02, 180))
			}
			s := meleeGame(t, units)
			want := map[bool]int{false: 0, true: 1}[withHQ]
			if _, gd := meleeDeclare(t, s, idx(t, s, "D")); gd != want {
				t.Fatalf("HQ %v: defender modifier %+d, want %+d", withHQ, gd, want)
			}
		}
	})
	t.Run("rally_+1", func(t *testing.T) {
		s := rallyGame(t, Pinned, rallyCorpsAt(0.01), rallyU(LineInfantry))
		if m := rallyExpect(t, s, "U"); m != 1 {
			t.Fatalf("modifier %+d, want +1", m)
		}
	})
	t.Run("hq_in_contact_rallies_with_enemy_within_2_inches", func(t *testing.T) {
		s := rallyGame(t, Pinned, rallyCorpsAt(0.01), rallyU(LineInfantry), unit(1, "E", LineInfantry, 12, 12, 180))
		if m := rallyExpect(t, s, "U"); m != -1 {
			t.Fatalf("modifier %+d, want -2 +1", m)
		}
	})
}

// TestHQSelfRally: "A HQ may always attempt to rally itself and gains a +2
// bonus for doing so" (ruling R-HQRALLY: even with an enemy within 2").
func TestHQSelfRally(t *testing.T) {
	t.Run("self_rally_+2", func(t *testing.T) {
		s := rallyGame(t, Disrupted, unit(0, "U", CorpsHQ, 12, 10, 0))
		if m := rallyExpect(t, s, "U"); m != 2-1 {
			t.Fatalf("modifier %+d, want +2 -1 (disrupted)", m)
		}
		roll(t, s, 4)
		if st := s.U[idx(t, s, "U")].Stat; st != Ordered {
			t.Fatalf("HQ %s after 4+1, want rallied", statusNames[st])
		}
	})
	t.Run("self_rally_with_enemy_within_2_inches", func(t *testing.T) {
		s := rallyGame(t, Pinned, unit(0, "U", DivisionHQ, 12, 10, 0), unit(1, "E", LineInfantry, 12, 11.5, 180))
		if m := rallyExpect(t, s, "U"); m != 0 {
			t.Fatalf("modifier %+d, want +2 -2", m)
		}
	})
	t.Run("hq_moves_10_inches", func(t *testing.T) {
		s := testGame(t, []UnitSpec{unit(0, "U", DivisionHQ, 6, 2, 0)})
		do(t, s, moveTo(idx(t, s, "U"), 0, geom.V(6, 12)))
	})
}
