package twobytwo

import (
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// Tests of "Reinforcements" and exiting the table. In the test games side
// 0's points are on the south edge at x=4 (point 0) and x=20 (point 1);
// side 1's are on the north edge at x=4 (point 0) and on the west flank at
// y=12 (point 1).

// reinforcementsDice dices for the next reinforcement at point pt.
func reinforcementsDice(t *testing.T, s *State, pt int) {
	t.Helper()
	a := act(KindDiceReinf, NoUnit, NoUnit)
	a.Arg = uint8(pt)
	do(t, s, a)
	if s.ToMove() != engine.Chance || !strings.HasPrefix(s.DescribeRoll(), "1d6 reinforcement") {
		t.Fatalf("no reinforcement die pending: %s", s.DescribeRoll())
	}
}

// reinforcementsPlace is a placement at centre c facing deg.
func reinforcementsPlace(c geom.Vec, deg float64) engine.Action {
	a := act(KindPlace, NoUnit, NoUnit)
	a.NPath, a.Path[0], a.Facing = 1, c, deg
	return a
}

// reinforcementsArrive dices at side 0's point 0 and rolls a 6.
func reinforcementsArrive(t *testing.T, s *State) {
	t.Helper()
	reinforcementsDice(t, s, 0)
	roll(t, s, 6)
	if s.phase != phArrival {
		t.Fatalf("phase %s, want an arrival", s.PhaseName())
	}
}

// reinforcementsExit is an exit of unit i through edge e, its base
// ending at centre c.
func reinforcementsExit(i int, e Edge, c geom.Vec) engine.Action {
	a := act(KindExit, i, NoUnit)
	a.Arg = uint8(e)
	a.NPath, a.Path[0] = 1, c
	a.Facing = geom.FacingOf(inward(e).Scale(-1))
	return a
}

// reinforcementsToSide1 plays side 0's turn out with no action.
func reinforcementsToSide1(t *testing.T, s *State) {
	t.Helper()
	toShooting(t, s)
	endPhase(t, s)
	if s.Phasing() != 1 || s.phase != phMove {
		t.Fatalf("phase %s phasing %d, want side 1's movement", s.PhaseName(), s.Phasing())
	}
}

// TestReinforcementDice: "the phasing player may dice twice for
// reinforcements. Reinforcement from rear 3+ required; from flank 4+."
func TestReinforcementDice(t *testing.T) {
	queue := []UnitSpec{waiting(0, "W1", LineInfantry, 0), waiting(0, "W2", LightCavalry, 0), waiting(0, "W3", FootArtillery, 0)}
	t.Run("two_dice_a_movement_phase", func(t *testing.T) {
		s := testGame(t, queue)
		reinforcementsDice(t, s, 0)
		roll(t, s, 1)
		reinforcementsDice(t, s, 0)
		roll(t, s, 1)
		a := act(KindDiceReinf, NoUnit, NoUnit)
		refuse(t, s, a, "two reinforcement dice")
	})
	t.Run("dice_again_next_turn", func(t *testing.T) {
		s := testGame(t, queue)
		reinforcementsDice(t, s, 0)
		roll(t, s, 1)
		reinforcementsDice(t, s, 0)
		roll(t, s, 1)
		reinforcementsToSide1(t, s)
		toShooting(t, s)
		endPhase(t, s)
		reinforcementsDice(t, s, 0)
	})
	t.Run("rear_point_needs_3", func(t *testing.T) {
		s := testGame(t, queue)
		reinforcementsDice(t, s, 0)
		if !strings.Contains(s.DescribeRoll(), "3+ needed") {
			t.Fatalf("roll: %s, want 3+", s.DescribeRoll())
		}
		roll(t, s, 2)
		if s.phase != phMove || s.U[idx(t, s, "W1")].Loc != LocWaiting {
			t.Fatalf("a 2 brought a reinforcement (phase %s)", s.PhaseName())
		}
		reinforcementsDice(t, s, 0)
		roll(t, s, 3)
		if s.phase != phArrival {
			t.Fatalf("a 3 at the rear point: phase %s, want an arrival", s.PhaseName())
		}
	})
	t.Run("flank_point_needs_4", func(t *testing.T) {
		s := testGame(t, []UnitSpec{waiting(1, "W1", LineInfantry, 1), waiting(1, "W2", LineInfantry, 1)})
		reinforcementsToSide1(t, s)
		a := act(KindDiceReinf, NoUnit, NoUnit)
		a.Arg = 1
		do(t, s, a)
		if !strings.Contains(s.DescribeRoll(), "4+ needed") {
			t.Fatalf("roll: %s, want 4+", s.DescribeRoll())
		}
		roll(t, s, 3)
		if s.phase != phMove {
			t.Fatalf("a 3 at a flank point: phase %s, want no arrival", s.PhaseName())
		}
		do(t, s, a)
		roll(t, s, 4)
		if s.phase != phArrival {
			t.Fatalf("a 4 at a flank point: phase %s, want an arrival", s.PhaseName())
		}
		// West flank: rear on the edge, facing east.
		do(t, s, reinforcementsPlace(geom.V(0.25, 13), 90))
		if s.U[idx(t, s, "W1")].Loc != LocTable {
			t.Fatalf("W1 not placed")
		}
	})
	t.Run("no_dice_with_nothing_waiting", func(t *testing.T) {
		s := testGame(t, queue)
		a := act(KindDiceReinf, NoUnit, NoUnit)
		a.Arg = 1
		refuse(t, s, a, "no reinforcement waits")
	})
}

// TestReinforcementArrival: order of the queue and placement.
func TestReinforcementArrival(t *testing.T) {
	queue := []UnitSpec{waiting(0, "W1", LineInfantry, 0), waiting(0, "W2", LightCavalry, 0)}
	t.Run("arrive_in_the_order_laid_out", func(t *testing.T) {
		s := testGame(t, queue)
		w1, w2 := idx(t, s, "W1"), idx(t, s, "W2")
		reinforcementsArrive(t, s)
		do(t, s, reinforcementsPlace(geom.V(4, 0.25), 0))
		if s.U[w1].Loc != LocTable || s.U[w2].Loc != LocWaiting {
			t.Fatalf("first arrival: W1 loc %d, W2 loc %d; want W1 first", s.U[w1].Loc, s.U[w2].Loc)
		}
		reinforcementsArrive(t, s)
		do(t, s, reinforcementsPlace(geom.V(6, 0.25), 0))
		if s.U[w2].Loc != LocTable {
			t.Fatalf("second arrival: W2 loc %d", s.U[w2].Loc)
		}
	})
	t.Run("arrival_may_move_in_the_same_phase", func(t *testing.T) {
		// Ruling R-ARRIVE.
		s := testGame(t, queue)
		w1 := idx(t, s, "W1")
		reinforcementsArrive(t, s)
		do(t, s, reinforcementsPlace(geom.V(4, 0.25), 0))
		do(t, s, moveTo(w1, 0, geom.V(4, 4.25)))
		movementAt(t, s, w1, geom.V(4, 4.25))
	})
	t.Run("placed_within_3_inches_of_the_point", func(t *testing.T) {
		s := testGame(t, queue)
		reinforcementsArrive(t, s)
		refuse(t, s, reinforcementsPlace(geom.V(7.1, 0.25), 0), "within 3\"")
		refuse(t, s, reinforcementsPlace(geom.V(0.9, 0.25), 0), "within 3\"")
		do(t, s, reinforcementsPlace(geom.V(7, 0.25), 0))
	})
	t.Run("placed_on_the_board_edge_facing_in", func(t *testing.T) {
		s := testGame(t, queue)
		reinforcementsArrive(t, s)
		refuse(t, s, reinforcementsPlace(geom.V(4, 1.25), 0), "rear of the base on the table edge")
		refuse(t, s, reinforcementsPlace(geom.V(4, 0.5), 90), "rear of the base on the table edge")
	})
	t.Run("not_on_top_of_another_unit", func(t *testing.T) {
		s := testGame(t, append(queue, unit(0, "Blocker", LineInfantry, 4, 0.6, 0)))
		reinforcementsArrive(t, s)
		refuse(t, s, reinforcementsPlace(geom.V(4, 0.25), 0), "blocked")
		do(t, s, reinforcementsPlace(geom.V(6, 0.25), 0))
	})
	t.Run("no_room_may_not_enter_that_turn", func(t *testing.T) {
		units := append([]UnitSpec{}, queue...)
		for k := 0; k < 8; k++ {
			units = append(units, unit(0, "B"+string(rune('0'+k)), LineInfantry, 0.5+float64(k), 0.6, 0))
		}
		s := testGame(t, units)
		w1 := idx(t, s, "W1")
		reinforcementsArrive(t, s)
		for _, a := range s.Legal(nil) {
			if a.Kind == KindPlace {
				t.Fatalf("a blocked arrival is offered %s", s.DescribeAction(a))
			}
		}
		endPhase(t, s) // leave it off table
		if s.phase != phMove || s.U[w1].Loc != LocWaiting || s.U[w1].Point != 0 {
			t.Fatalf("phase %s, W1 loc %d: want W1 still waiting at its point", s.PhaseName(), s.U[w1].Loc)
		}
	})
	t.Run("exchange_with_enemy_within_3_inches", func(t *testing.T) {
		s := testGame(t, append(queue, unit(1, "E", LightCavalry, 5, 2, 180)))
		w1, e := idx(t, s, "W1"), idx(t, s, "E")
		reinforcementsArrive(t, s)
		do(t, s, act(KindExchange, w1, e))
		if s.U[w1].Loc != LocDestroyed || s.U[e].Loc != LocDestroyed || s.Destroyed(0) != 1 || s.Destroyed(1) != 1 {
			t.Fatalf("exchange: W1 loc %d, E loc %d, destroyed %d/%d", s.U[w1].Loc, s.U[e].Loc, s.Destroyed(0), s.Destroyed(1))
		}
		if s.phase != phMove {
			t.Fatalf("phase %s after the exchange, want movement", s.PhaseName())
		}
	})
	t.Run("no_exchange_beyond_3_inches", func(t *testing.T) {
		s := testGame(t, append(queue, unit(1, "E", LightCavalry, 4, 3.5, 180)))
		reinforcementsArrive(t, s)
		refuse(t, s, act(KindExchange, idx(t, s, "W1"), idx(t, s, "E")), "within 3\"")
	})
	t.Run("exchange_is_optional", func(t *testing.T) {
		s := testGame(t, append(queue, unit(1, "E", LightCavalry, 8, 2, 180)))
		reinforcementsArrive(t, s)
		do(t, s, reinforcementsPlace(geom.V(2, 0.25), 0))
		if s.Destroyed(1) != 0 || s.U[idx(t, s, "E")].Loc != LocTable {
			t.Fatalf("the enemy was removed without an exchange")
		}
	})
}

// TestReinforcementExit: "It costs 1" worth of movement front base fully
// lined up with the board's edge to exit the board"; exiting at an enemy
// reinforcement point removes the unit and the next enemy reinforcement.
func TestReinforcementExit(t *testing.T) {
	enemyQueue := []UnitSpec{waiting(1, "Y1", HeavyCavalry, 0), waiting(1, "Y2", LineInfantry, 0)}
	t.Run("exit_at_enemy_point_destroys_both", func(t *testing.T) {
		s := testGame(t, append([]UnitSpec{unit(0, "X", LightCavalry, 4, 20, 0), waiting(0, "W", LineInfantry, 0)}, enemyQueue...))
		x, y1, y2 := idx(t, s, "X"), idx(t, s, "Y1"), idx(t, s, "Y2")
		do(t, s, reinforcementsExit(x, North, geom.V(4, 23.75)))
		if s.U[x].Loc != LocDestroyed || s.U[y1].Loc != LocDestroyed || s.U[y2].Loc != LocWaiting {
			t.Fatalf("X loc %d, Y1 loc %d, Y2 loc %d: want X and the next reinforcement Y1 destroyed", s.U[x].Loc, s.U[y1].Loc, s.U[y2].Loc)
		}
		if s.Destroyed(0) != 1 || s.Destroyed(1) != 1 {
			t.Fatalf("destroyed %d/%d, want 1/1", s.Destroyed(0), s.Destroyed(1))
		}
	})
	t.Run("exit_costs_1_inch", func(t *testing.T) {
		s := testGame(t, append([]UnitSpec{unit(0, "X", LineInfantry, 4, 20.75, 0), unit(0, "Z", LineInfantry, 6, 20.7, 0)}, enemyQueue...))
		refuse(t, s, reinforcementsExit(idx(t, s, "Z"), North, geom.V(6, 23.75)), "1\" to exit")
		do(t, s, reinforcementsExit(idx(t, s, "X"), North, geom.V(4, 23.75)))
	})
	t.Run("front_lined_up_with_the_edge", func(t *testing.T) {
		s := testGame(t, append([]UnitSpec{unit(0, "X", LightCavalry, 4, 20, 0)}, enemyQueue...))
		refuse(t, s, reinforcementsExit(idx(t, s, "X"), North, geom.V(4, 23.5)), "lined up with the table edge")
	})
	t.Run("own_edge_not_while_both_sides_have_reinforcements", func(t *testing.T) {
		s := testGame(t, append([]UnitSpec{unit(0, "X", LightCavalry, 10, 2, 180), waiting(0, "W", LineInfantry, 0)}, enemyQueue...))
		refuse(t, s, reinforcementsExit(idx(t, s, "X"), South, geom.V(10, 0.25)), "units may exit only")
	})
	t.Run("own_edge_once_either_side_has_none_left", func(t *testing.T) {
		s := testGame(t, []UnitSpec{unit(0, "X", LightCavalry, 10, 2, 180), waiting(0, "W", LineInfantry, 0)})
		x := idx(t, s, "X")
		do(t, s, reinforcementsExit(x, South, geom.V(10, 0.25)))
		if s.U[x].Loc != LocExited || s.Destroyed(0) != 0 {
			t.Fatalf("X loc %d, want exited (not destroyed)", s.U[x].Loc)
		}
	})
}
