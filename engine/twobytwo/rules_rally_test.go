package twobytwo

import (
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
)

// Tests of "Rallying". Side 0's unit "U" stands at (12, 10) facing north;
// a rally attempt is made for it in side 0's rally phase, which follows its
// movement phase.

// rallyExpect ends side 0's movement and fails unless the next die is the
// rally of the unit labelled l, returning its modifier.
func rallyExpect(t *testing.T, s *State, l string) int {
	t.Helper()
	endPhase(t, s)
	if s.ToMove() != engine.Chance || !strings.HasPrefix(s.DescribeRoll(), "1d6 rally: "+l+" ") {
		t.Fatalf("no rally attempt for %s: phase %s, %s", l, s.PhaseName(), s.DescribeRoll())
	}
	return int(s.chMod)
}

// rallyNone ends side 0's movement and fails if any rally is attempted.
func rallyNone(t *testing.T, s *State) {
	t.Helper()
	endPhase(t, s)
	if s.ToMove() == engine.Chance {
		t.Fatalf("unexpected rally attempt: %s", s.DescribeRoll())
	}
	if s.phase != phShoot {
		t.Fatalf("phase %s after rallying, want shooting", s.PhaseName())
	}
}

// rallyGame builds the game with U's status set.
func rallyGame(t *testing.T, stat uint8, units ...UnitSpec) *State {
	t.Helper()
	s := testGame(t, units)
	s.U[idx(t, s, "U")].Stat = stat
	return s
}

func rallyU(typ UnitType) UnitSpec { return unit(0, "U", typ, 12, 10, 0) }

// rallyCorpsAt is side 0's corps HQ whose nearest edge is dist from U's rear.
func rallyCorpsAt(dist float64) UnitSpec { return unit(0, "CHQ", CorpsHQ, 12, 9.5-dist, 0) }

// TestRallyRange: "within 6" of a Corps HQ unit or 3" of a Division HQ
// unit in its chain of command."
func TestRallyRange(t *testing.T) {
	t.Run("corps_hq_within_6_inches", func(t *testing.T) {
		s := rallyGame(t, Pinned, rallyCorpsAt(6), rallyU(LineInfantry))
		rallyExpect(t, s, "U")
	})
	t.Run("corps_hq_beyond_6_inches", func(t *testing.T) {
		s := rallyGame(t, Pinned, rallyCorpsAt(6.1), rallyU(LineInfantry))
		rallyNone(t, s)
	})
	div := func(dist float64) []UnitSpec {
		u := rallyU(LineInfantry)
		u.HQ = 1
		return []UnitSpec{
			unit(0, "CHQ", CorpsHQ, 2, 0.5, 0),
			unit(0, "DHQ", DivisionHQ, 12, 9.5-dist, 0),
			u,
		}
	}
	t.Run("division_hq_within_3_inches", func(t *testing.T) {
		s := rallyGame(t, Pinned, div(3)...)
		rallyExpect(t, s, "U")
	})
	t.Run("division_hq_beyond_3_inches", func(t *testing.T) {
		s := rallyGame(t, Pinned, div(3.1)...)
		rallyNone(t, s)
	})
	t.Run("division_hq_not_in_the_chain", func(t *testing.T) {
		u := rallyU(LineInfantry)
		u.HQ = 1
		s := rallyGame(t, Pinned,
			unit(0, "CHQ", CorpsHQ, 2, 0.5, 0),
			unit(0, "DHQ1", DivisionHQ, 20, 0.5, 0),
			unit(0, "DHQ2", DivisionHQ, 12, 7.5, 0),
			u,
		)
		rallyNone(t, s)
	})
	t.Run("corps_hq_above_the_division_is_in_the_chain", func(t *testing.T) {
		u := rallyU(LineInfantry)
		u.HQ = 1
		s := rallyGame(t, Pinned,
			rallyCorpsAt(5),
			unit(0, "DHQ", DivisionHQ, 20, 0.5, 0),
			u,
		)
		rallyExpect(t, s, "U")
	})
	t.Run("ordered_units_do_not_rally", func(t *testing.T) {
		s := rallyGame(t, Ordered, rallyCorpsAt(2), rallyU(LineInfantry))
		rallyNone(t, s)
	})
	t.Run("only_the_phasing_player_rallies", func(t *testing.T) {
		s := testGame(t, []UnitSpec{
			unit(1, "CHQ", CorpsHQ, 12, 20, 180),
			unit(1, "U", LineInfantry, 12, 18, 180),
		})
		s.U[idx(t, s, "U")].Stat = Pinned
		rallyNone(t, s)
	})
}

// TestRallyEnemyNear: "it is also impossible for a unit to rally if an
// enemy is within 2" of it. Exceptions being Elite units and units whom
// the HQ is in base to base contact" (at -2); "Enemy in contact: NP".
func TestRallyEnemyNear(t *testing.T) {
	enemyAt := func(dist float64) UnitSpec { return unit(1, "E", LineInfantry, 12, 10.5+dist, 180) }
	t.Run("enemy_within_2_inches_no_rally", func(t *testing.T) {
		s := rallyGame(t, Pinned, rallyCorpsAt(3), rallyU(LineInfantry), enemyAt(2))
		rallyNone(t, s)
	})
	t.Run("enemy_beyond_2_inches_rallies", func(t *testing.T) {
		s := rallyGame(t, Pinned, rallyCorpsAt(3), rallyU(LineInfantry), enemyAt(2.1))
		if m := rallyExpect(t, s, "U"); m != 0 {
			t.Fatalf("modifier %+d, want 0", m)
		}
	})
	t.Run("elite_with_enemy_within_2_inches_-2", func(t *testing.T) {
		s := rallyGame(t, Pinned, rallyCorpsAt(3), rallyU(EliteInfantry), enemyAt(1.5))
		if m := rallyExpect(t, s, "U"); m != -2+1 {
			t.Fatalf("modifier %+d, want -2 (enemy) +1 (elite)", m)
		}
	})
	t.Run("hq_in_contact_with_enemy_within_2_inches_-2", func(t *testing.T) {
		s := rallyGame(t, Pinned, rallyCorpsAt(0.01), rallyU(LineInfantry), enemyAt(1.5))
		if m := rallyExpect(t, s, "U"); m != -2+1 {
			t.Fatalf("modifier %+d, want -2 (enemy) +1 (HQ in contact)", m)
		}
	})
	t.Run("enemy_in_contact_no_rally", func(t *testing.T) {
		s := rallyGame(t, Pinned, rallyCorpsAt(0.01), rallyU(EliteInfantry), enemyAt(0.01))
		rallyNone(t, s)
	})
}

// TestRallyModifiers: one subtest per line of the rally table (the HQ in
// range at 3" unless in contact).
func TestRallyModifiers(t *testing.T) {
	small := rallyU(LineInfantry)
	small.Small = true
	cases := []struct {
		name  string
		stat  uint8
		units []UnitSpec
		who   string
		want  int
	}{
		{"baseline_pinned_line_0", Pinned, []UnitSpec{rallyCorpsAt(3), rallyU(LineInfantry)}, "U", 0},
		{"militia_-1", Pinned, []UnitSpec{rallyCorpsAt(3), rallyU(Militia)}, "U", -1},
		{"small_-1", Pinned, []UnitSpec{rallyCorpsAt(3), small}, "U", -1},
		{"disrupted_-1", Disrupted, []UnitSpec{rallyCorpsAt(3), rallyU(LineInfantry)}, "U", -1},
		{"elite_+1", Pinned, []UnitSpec{rallyCorpsAt(3), rallyU(EliteInfantry)}, "U", 1},
		{"elite_cavalry_+1", Pinned, []UnitSpec{rallyCorpsAt(3), rallyU(EliteCavalry)}, "U", 1},
		{"light_infantry_+1", Pinned, []UnitSpec{rallyCorpsAt(3), rallyU(LightInfantry)}, "U", 1},
		{"light_cavalry_+1", Pinned, []UnitSpec{rallyCorpsAt(3), rallyU(LightCavalry)}, "U", 1},
		{"hq_in_base_to_base_contact_+1", Pinned, []UnitSpec{rallyCorpsAt(0.01), rallyU(LineInfantry)}, "U", 1},
		{"extra_hqs_add_nothing", Pinned, []UnitSpec{rallyCorpsAt(0.01), rallyU(LineInfantry), unit(0, "DHQ", DivisionHQ, 10.99, 10, 0)}, "U", 1},
		{"hq_self_rally_+2", Pinned, []UnitSpec{unit(0, "U", CorpsHQ, 12, 10, 0)}, "U", 2},
		{"division_hq_self_rally_+2_out_of_range", Pinned, []UnitSpec{unit(0, "CHQ", CorpsHQ, 2, 0.5, 0), unit(0, "U", DivisionHQ, 20, 20, 0)}, "U", 2},
		{"disrupted_militia_-2", Disrupted, []UnitSpec{rallyCorpsAt(3), rallyU(Militia)}, "U", -2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := rallyGame(t, c.stat, c.units...)
			if m := rallyExpect(t, s, c.who); m != c.want {
				t.Fatalf("modifier %+d, want %+d", m, c.want)
			}
		})
	}
}

// TestRallyResult: "Unit Rallies on a modified score is 5+"; a rally
// removes a disrupted or pinned effect.
func TestRallyResult(t *testing.T) {
	for _, c := range []struct {
		name string
		stat uint8
		die  int
		want uint8
	}{
		{"pinned_5_rallies", Pinned, 5, Ordered},
		{"pinned_4_fails", Pinned, 4, Pinned},
		{"disrupted_6_rallies_to_ordered", Disrupted, 6, Ordered},
		{"disrupted_5_fails_with_-1", Disrupted, 5, Disrupted},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := rallyGame(t, c.stat, rallyCorpsAt(3), rallyU(LineInfantry))
			u := idx(t, s, "U")
			rallyExpect(t, s, "U")
			roll(t, s, c.die)
			if s.U[u].Stat != c.want {
				t.Fatalf("after a %d: %s, want %s", c.die, statusNames[s.U[u].Stat], statusNames[c.want])
			}
			if s.phase != phShoot {
				t.Fatalf("phase %s after the rally, want shooting", s.PhaseName())
			}
		})
	}
	t.Run("every_eligible_unit_attempts_once", func(t *testing.T) {
		s := testGame(t, []UnitSpec{rallyCorpsAt(3), rallyU(LineInfantry), unit(0, "V", LineInfantry, 13.5, 10, 0)})
		s.U[idx(t, s, "U")].Stat = Pinned
		s.U[idx(t, s, "V")].Stat = Disrupted
		rallyExpect(t, s, "U")
		roll(t, s, 1)
		if !strings.HasPrefix(s.DescribeRoll(), "1d6 rally: V ") {
			t.Fatalf("second attempt: %s, want V's", s.DescribeRoll())
		}
		roll(t, s, 1)
		if s.ToMove() == engine.Chance || s.phase != phShoot {
			t.Fatalf("more rally attempts: %s", s.DescribeRoll())
		}
	})
}
