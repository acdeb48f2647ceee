package twobytwo

import (
	"fmt"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// Tests of "Victory Conditions": fast and decisive games, both sides
// breaking at once, the draw by exiting, and the turn limit.

// victoryGame is a game with n spare units a side on the table (labelled
// F0.. and A0..), the rout set-up of the rout tests (side 1's foot
// artillery "F" shooting side 0's heavy cavalry "T"), and extra units.
func victoryGame(t *testing.T, v Victory, n int, extra ...UnitSpec) *State {
	t.Helper()
	units := []UnitSpec{unit(1, "F", FootArtillery, 12, 14, 180), unit(0, "T", HeavyCavalry, 12, 11.5, 0)}
	for k := 0; k < n; k++ {
		units = append(units,
			unit(0, fmt.Sprintf("F%d", k), LineInfantry, 1.5+2*float64(k), 3, 0),
			unit(1, fmt.Sprintf("A%d", k), LineInfantry, 1.5+2*float64(k), 21, 180))
	}
	s := testGame(t, append(units, extra...))
	s.sc.Victory = v
	return s
}

// victoryLose destroys the first k spare units of side.
func victoryLose(t *testing.T, s *State, side, k int) {
	t.Helper()
	for j := 0; j < k; j++ {
		s.destroy(idx(t, s, fmt.Sprintf("%c%d", "FA"[side], j)))
	}
	if s.Destroyed(side) != k {
		t.Fatalf("side %d has %d destroyed, want %d", side, s.Destroyed(side), k)
	}
}

// victoryKillT has side 1 shoot T and rout it to destruction.
func victoryKillT(t *testing.T, s *State) {
	t.Helper()
	toShooting(t, s)
	routFire(t, s, 6)
	roll(t, s, 1)
}

func victoryWant(t *testing.T, s *State, over bool, winner engine.Player, reason string) {
	t.Helper()
	r := s.Result()
	if r.Over != over || (over && (r.Winner != winner || !strings.Contains(r.Reason, reason))) {
		t.Fatalf("result %s (destroyed %d/%d), want over=%v winner %s %q", r, s.Destroyed(0), s.Destroyed(1), over, winner, reason)
	}
	if over && (!s.Terminal() || s.ToMove() != engine.NoPlayer || len(s.Legal(nil)) != 0) {
		t.Fatalf("a finished game still offers play")
	}
}

// TestVictory covers the conditions one by one.
func TestVictory(t *testing.T) {
	t.Run("fast_5_destroyed_loses", func(t *testing.T) {
		s := victoryGame(t, Fast, 4)
		victoryLose(t, s, 0, 4)
		victoryKillT(t, s)
		victoryWant(t, s, true, 1, "fast victory")
	})
	t.Run("fast_4_destroyed_plays_on", func(t *testing.T) {
		s := victoryGame(t, Fast, 4)
		victoryLose(t, s, 0, 3)
		victoryKillT(t, s)
		victoryWant(t, s, false, 0, "")
	})
	t.Run("decisive_5_and_2_more_loses", func(t *testing.T) {
		s := victoryGame(t, Decisive, 4)
		victoryLose(t, s, 0, 4)
		victoryLose(t, s, 1, 3)
		victoryKillT(t, s) // 5 against 3
		victoryWant(t, s, true, 1, "decisive victory")
	})
	t.Run("decisive_5_but_only_1_more_plays_on", func(t *testing.T) {
		s := victoryGame(t, Decisive, 4)
		victoryLose(t, s, 0, 4)
		victoryLose(t, s, 1, 4)
		victoryKillT(t, s) // 5 against 4
		victoryWant(t, s, false, 0, "")
	})
	t.Run("decisive_2_more_but_under_5_plays_on", func(t *testing.T) {
		s := victoryGame(t, Decisive, 4)
		victoryLose(t, s, 0, 3)
		victoryLose(t, s, 1, 2)
		victoryKillT(t, s) // 4 against 2
		victoryWant(t, s, false, 0, "")
	})
	t.Run("simultaneous_both_break_is_a_draw", func(t *testing.T) {
		// Ruling R-BOTHLOSE: an exchange on arrival takes both sides to 5.
		s := victoryGame(t, Fast, 4, waiting(0, "W", LineInfantry, 0), unit(1, "E", LightCavalry, 5, 2, 180))
		victoryLose(t, s, 0, 4)
		victoryLose(t, s, 1, 4)
		reinforcementsArrive(t, s)
		do(t, s, act(KindExchange, idx(t, s, "W"), idx(t, s, "E")))
		victoryWant(t, s, true, engine.NoPlayer, "both sides broke at once")
	})
	t.Run("turn_limit_is_a_draw", func(t *testing.T) {
		s := testGame(t, nil)
		s.turnLimit = 1
		toShooting(t, s)
		endPhase(t, s) // side 1's turn
		if s.Terminal() || s.Turn() != 1 || s.Phasing() != 1 {
			t.Fatalf("turn %d phasing %d over %v: want side 1's half of turn 1", s.Turn(), s.Phasing(), s.Terminal())
		}
		endPhase(t, s) // side 1's movement
		endPhase(t, s) // side 0's shooting; no melee
		victoryWant(t, s, true, engine.NoPlayer, "turn limit")
	})
}

// TestVictoryDrawByExiting: "A player may start to play for a draw only
// after EITHER side has no reinforcements left ... If he then exits all of
// his units off his table edge then he achieves a draw."
func TestVictoryDrawByExiting(t *testing.T) {
	exitSouth := func(i int, x float64) engine.Action {
		return reinforcementsExit(i, South, geom.V(x, 0.25))
	}
	t.Run("draw_when_all_units_exit", func(t *testing.T) {
		s := testGame(t, []UnitSpec{unit(0, "U", LightCavalry, 10, 2, 180)})
		do(t, s, exitSouth(idx(t, s, "U"), 10))
		victoryWant(t, s, false, 0, "")
		do(t, s, exitSouth(idx(t, s, "F-CHQ"), 23))
		victoryWant(t, s, true, engine.NoPlayer, "drawn by exiting")
	})
	t.Run("destroyed_units_do_not_prevent_the_draw", func(t *testing.T) {
		s := testGame(t, []UnitSpec{unit(0, "U", LightCavalry, 10, 2, 180), unit(0, "V", LineInfantry, 5, 5, 0)})
		s.destroy(idx(t, s, "V"))
		do(t, s, exitSouth(idx(t, s, "U"), 10))
		do(t, s, exitSouth(idx(t, s, "F-CHQ"), 23))
		victoryWant(t, s, true, engine.NoPlayer, "drawn by exiting")
	})
	t.Run("not_while_both_sides_have_reinforcements", func(t *testing.T) {
		s := testGame(t, []UnitSpec{unit(0, "U", LightCavalry, 10, 2, 180), waiting(0, "W", LineInfantry, 0), waiting(1, "Y", LineInfantry, 0)})
		refuse(t, s, exitSouth(idx(t, s, "U"), 10), "units may exit only")
	})
	t.Run("allowed_once_the_enemy_has_no_reinforcements_left", func(t *testing.T) {
		s := testGame(t, []UnitSpec{unit(0, "U", LightCavalry, 10, 2, 180), waiting(0, "W", LineInfantry, 0)})
		do(t, s, exitSouth(idx(t, s, "U"), 10))
		// W still waits: no draw yet.
		victoryWant(t, s, false, 0, "")
	})
}
