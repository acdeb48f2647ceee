package twobytwo

import (
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// Tests of "Game setup" and "Force deployment" on the built-in scenario,
// which sets up by play: a 2d6 roll (first die side 0, second side 1),
// 10 AP deployed a side, then the four reinforcement points.

func setupNew(t *testing.T) *State {
	t.Helper()
	s, err := NewGame(DefaultScenario, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// setupDeploy is a deployment of unit l at p facing deg.
func setupDeploy(t *testing.T, s *State, l string, p geom.Vec, deg float64) engine.Action {
	t.Helper()
	a := act(KindDeploy, idx(t, s, l), NoUnit)
	a.NPath, a.Path[0], a.Facing = 1, p, deg
	return a
}

// setupPoint is a reinforcement point on edge e at p.
func setupPoint(e Edge, p geom.Vec) engine.Action {
	a := act(KindPoint, NoUnit, NoUnit)
	a.Arg = uint8(e)
	a.NPath, a.Path[0] = 1, p
	return a
}

// setupToPoints rolls side 0 the attacker, deploys one HQ a side (the
// defender's at defPos) and stops at the first reinforcement point.
func setupToPoints(t *testing.T, defPos geom.Vec) *State {
	t.Helper()
	s := setupNew(t)
	roll(t, s, 5, 2)
	do(t, s, setupDeploy(t, s, "A-CHQ", defPos, 180))
	endPhase(t, s)
	do(t, s, setupDeploy(t, s, "F-CHQ", geom.V(12, 3), 0))
	endPhase(t, s)
	if s.phase != phPoint || int(s.actor) != 1 {
		t.Fatalf("phase %s actor %d, want the defender's first point", s.PhaseName(), s.actor)
	}
	return s
}

// setupQueueAll queues every undeployed unit of the actor.
func setupQueueAll(t *testing.T, s *State) {
	t.Helper()
	side := s.actor
	for i := 0; i < int(s.n) && s.phase == phQueue && s.actor == side; i++ {
		if s.side(i) == side && s.U[i].Loc == LocUnplaced {
			do(t, s, act(KindQueue, i, NoUnit))
		}
	}
}

// TestSetupRoll: "Each player rolls 1 D6. If the dice are tied then each
// player may place an extra 10AP ... Players then re-roll. The player with
// the higher score is the attacker."
func TestSetupRoll(t *testing.T) {
	t.Run("starts_with_the_set_up_roll", func(t *testing.T) {
		s := setupNew(t)
		if s.Turn() != 0 || s.ToMove() != engine.Chance || s.PendingRoll() != (engine.D(2, 6)) {
			t.Fatalf("turn %d, to move %s, roll %s: want the 2d6 set-up roll", s.Turn(), s.ToMove(), s.PendingRoll())
		}
	})
	t.Run("higher_die_attacks_side_0", func(t *testing.T) {
		s := setupNew(t)
		roll(t, s, 5, 2)
		if s.Attacker() != 0 || s.phase != phDeploy || int(s.actor) != 1 {
			t.Fatalf("attacker %d, phase %s actor %d: want side 0 attacking and side 1 deploying first", s.Attacker(), s.PhaseName(), s.actor)
		}
	})
	t.Run("higher_die_attacks_side_1", func(t *testing.T) {
		s := setupNew(t)
		roll(t, s, 2, 5)
		if s.Attacker() != 1 || int(s.actor) != 0 {
			t.Fatalf("attacker %d actor %d, want side 1 attacking", s.Attacker(), s.actor)
		}
	})
	t.Run("tie_adds_10_AP_a_side_and_re_rolls", func(t *testing.T) {
		s := setupNew(t)
		roll(t, s, 3, 3)
		if s.ToMove() != engine.Chance || !strings.Contains(s.DescribeRoll(), "set-up") {
			t.Fatalf("after a tie: %s, want a re-roll", s.DescribeRoll())
		}
		roll(t, s, 6, 6)
		roll(t, s, 1, 2)
		if s.deployAP != [2]float32{30, 30} {
			t.Fatalf("deployment AP %v after two ties, want 30 a side", s.deployAP)
		}
		if s.Attacker() != 1 {
			t.Fatalf("attacker %d, want 1", s.Attacker())
		}
	})
	t.Run("no_tie_10_AP", func(t *testing.T) {
		s := setupNew(t)
		roll(t, s, 4, 1)
		if s.deployAP != [2]float32{10, 10} {
			t.Fatalf("deployment AP %v, want 10 a side", s.deployAP)
		}
	})
}

// TestSetupDeployment: "places 10AP of units within 6" of his base edge but
// no closer than 3" to the side of the board" (ruling R-DEPLOY: the whole
// base).
func TestSetupDeployment(t *testing.T) {
	t.Run("defender_deploys_first_then_attacker", func(t *testing.T) {
		s := setupNew(t)
		roll(t, s, 5, 2)
		do(t, s, setupDeploy(t, s, "A-LC1", geom.V(12, 20), 180))
		refuse(t, s, setupDeploy(t, s, "F-LC1", geom.V(12, 3), 0), "not an undeployed unit of yours")
		endPhase(t, s)
		if int(s.actor) != 0 || s.phase != phDeploy {
			t.Fatalf("phase %s actor %d, want the attacker's deployment", s.PhaseName(), s.actor)
		}
		do(t, s, setupDeploy(t, s, "F-LC1", geom.V(12, 3), 0))
	})
	zone := []struct {
		name string
		p    geom.Vec
		ok   bool
	}{
		{"within_6_inches_of_own_edge", geom.V(12, 18.25), true},
		{"beyond_6_inches_of_own_edge", geom.V(12, 18.2), false},
		{"3_inches_from_west_edge", geom.V(3.5, 20), true},
		{"closer_than_3_inches_to_west_edge", geom.V(3.4, 20), false},
		{"3_inches_from_east_edge", geom.V(20.5, 20), true},
		{"closer_than_3_inches_to_east_edge", geom.V(20.6, 20), false},
		{"not_on_the_enemy_side", geom.V(12, 3), false},
	}
	for _, c := range zone {
		t.Run(c.name, func(t *testing.T) {
			s := setupNew(t)
			roll(t, s, 5, 2) // side 1 (north edge) deploys first
			a := setupDeploy(t, s, "A-LC1", c.p, 180)
			if c.ok {
				do(t, s, a)
				if u := s.U[idx(t, s, "A-LC1")]; u.Loc != LocTable || u.Pos != c.p {
					t.Fatalf("deployed unit at %v loc %d", u.Pos, u.Loc)
				}
			} else {
				refuse(t, s, a, "within 6\" of their own edge")
			}
		})
	}
	t.Run("attacker_zone_on_its_own_edge", func(t *testing.T) {
		s := setupNew(t)
		roll(t, s, 5, 2)
		endPhase(t, s)
		refuse(t, s, setupDeploy(t, s, "F-LC1", geom.V(12, 6.3), 0), "within 6\"")
		do(t, s, setupDeploy(t, s, "F-LC1", geom.V(12, 5.75), 0))
	})
	t.Run("AP_limit_10", func(t *testing.T) {
		s := setupNew(t)
		roll(t, s, 5, 2)
		do(t, s, setupDeploy(t, s, "A-CHQ", geom.V(8, 20), 180))  // 4
		do(t, s, setupDeploy(t, s, "A-FA1", geom.V(10, 20), 180)) // 3
		do(t, s, setupDeploy(t, s, "A-FA2", geom.V(12, 20), 180)) // 3
		refuse(t, s, setupDeploy(t, s, "A-DHQ1", geom.V(14, 20), 180), "left to deploy")
		refuse(t, s, setupDeploy(t, s, "A1 Line", geom.V(14, 20), 180), "left to deploy")
	})
	t.Run("AP_limit_counts_every_unit", func(t *testing.T) {
		s := setupNew(t)
		roll(t, s, 5, 2)
		do(t, s, setupDeploy(t, s, "A-LC1", geom.V(8, 20), 180))  // 3
		do(t, s, setupDeploy(t, s, "A-LC2", geom.V(10, 20), 180)) // 3
		do(t, s, setupDeploy(t, s, "A-FA1", geom.V(12, 20), 180)) // 3
		refuse(t, s, setupDeploy(t, s, "A1 Line", geom.V(14, 20), 180), "1.0 AP")
	})
	t.Run("not_overlapping_another_unit", func(t *testing.T) {
		s := setupNew(t)
		roll(t, s, 5, 2)
		do(t, s, setupDeploy(t, s, "A-LC1", geom.V(12, 20), 180))
		refuse(t, s, setupDeploy(t, s, "A-LC2", geom.V(12.5, 20), 180), "overlaps")
	})
}

// TestSetupPoints: the order defender, attacker, defender, attacker; the
// defender on his own edge; the attacker on his own edge or a flank but
// not within 6" of a defending unit or reinforcement point.
func TestSetupPoints(t *testing.T) {
	t.Run("order_defender_attacker_defender_attacker_then_defender_moves_first", func(t *testing.T) {
		s := setupToPoints(t, geom.V(12, 20))
		var actors []int
		// Defender's first point: two units queued in order.
		actors = append(actors, int(s.actor))
		do(t, s, setupPoint(North, geom.V(8, 24)))
		lc1, lc2 := idx(t, s, "A-LC1"), idx(t, s, "A-LC2")
		do(t, s, act(KindQueue, lc2, NoUnit))
		do(t, s, act(KindQueue, lc1, NoUnit))
		if s.U[lc2].Queue != 0 || s.U[lc1].Queue != 1 || s.U[lc1].Point != 0 || s.U[lc1].Loc != LocWaiting {
			t.Fatalf("queue: A-LC2 #%d, A-LC1 #%d at point %d", s.U[lc2].Queue, s.U[lc1].Queue, s.U[lc1].Point)
		}
		endPhase(t, s)
		// Attacker's first point.
		actors = append(actors, int(s.actor))
		do(t, s, setupPoint(South, geom.V(8, 0)))
		do(t, s, act(KindQueue, idx(t, s, "F-LC1"), NoUnit))
		endPhase(t, s)
		// Defender's second point takes every remaining unit.
		actors = append(actors, int(s.actor))
		do(t, s, setupPoint(North, geom.V(16, 24)))
		do(t, s, act(KindQueue, idx(t, s, "A-FA1"), NoUnit))
		refuse(t, s, act(KindEnd, NoUnit, NoUnit), "every remaining unit must queue")
		setupQueueAll(t, s)
		// Attacker's second point.
		actors = append(actors, int(s.actor))
		if s.phase != phPoint {
			t.Fatalf("phase %s, want the attacker's second point", s.PhaseName())
		}
		do(t, s, setupPoint(East, geom.V(24, 12)))
		setupQueueAll(t, s)
		if want := []int{1, 0, 1, 0}; actors[0] != want[0] || actors[1] != want[1] || actors[2] != want[2] || actors[3] != want[3] {
			t.Fatalf("point order by side %v, want %v", actors, want)
		}
		// "The defender then takes the first move."
		if s.Turn() != 1 || s.Phasing() != 1 || s.phase != phMove || s.ToMove() != 1 {
			t.Fatalf("turn %d phasing %d phase %s: want the defender (side 1) to move first", s.Turn(), s.Phasing(), s.PhaseName())
		}
		checkInvariants(t, s, "after set-up")
	})
	t.Run("defender_point_on_own_edge_only", func(t *testing.T) {
		s := setupToPoints(t, geom.V(12, 20))
		refuse(t, s, setupPoint(West, geom.V(0, 12)), "his own")
		refuse(t, s, setupPoint(South, geom.V(12, 0)), "his own")
		do(t, s, setupPoint(North, geom.V(12, 24)))
	})
	attackerPoint := func(t *testing.T, defPos geom.Vec, defPoint geom.Vec) *State {
		s := setupToPoints(t, defPos)
		do(t, s, setupPoint(North, defPoint))
		do(t, s, act(KindQueue, idx(t, s, "A-LC1"), NoUnit))
		endPhase(t, s)
		if s.phase != phPoint || int(s.actor) != 0 {
			t.Fatalf("phase %s actor %d, want the attacker's point", s.PhaseName(), s.actor)
		}
		return s
	}
	t.Run("attacker_point_on_own_edge", func(t *testing.T) {
		s := attackerPoint(t, geom.V(12, 20), geom.V(12, 24))
		do(t, s, setupPoint(South, geom.V(12, 0)))
	})
	t.Run("attacker_point_on_a_flank", func(t *testing.T) {
		s := attackerPoint(t, geom.V(12, 20), geom.V(12, 24))
		do(t, s, setupPoint(West, geom.V(0, 12)))
	})
	t.Run("attacker_point_not_on_the_enemy_edge", func(t *testing.T) {
		s := attackerPoint(t, geom.V(12, 20), geom.V(12, 24))
		refuse(t, s, setupPoint(North, geom.V(20, 24)), "not the enemy's edge")
	})
	t.Run("attacker_point_not_within_6_inches_of_a_defending_unit", func(t *testing.T) {
		s := attackerPoint(t, geom.V(3.5, 20), geom.V(12, 24))
		refuse(t, s, setupPoint(West, geom.V(0, 20)), "defending unit")
		// The base's nearest corner is (3, 19.75): 6" reaches y=14.55.
		refuse(t, s, setupPoint(West, geom.V(0, 14.6)), "defending unit")
		do(t, s, setupPoint(West, geom.V(0, 14.5)))
	})
	// "not within 6"": exactly 6" is within, as every "within X" is.
	t.Run("attacker_point_exactly_6_inches_from_a_defending_unit_refused", func(t *testing.T) {
		// The HQ's west side is at x=6, 6" from (0, 20).
		s := attackerPoint(t, geom.V(6.5, 20), geom.V(12, 24))
		refuse(t, s, setupPoint(West, geom.V(0, 20)), "defending unit")
		do(t, s, setupPoint(West, geom.V(0, 13.7)))
	})
	t.Run("attacker_point_exactly_6_inches_from_a_defending_point_refused", func(t *testing.T) {
		// (3.6, 24) to (0, 19.2) is 6" (3.6, 4.8, 6).
		s := attackerPoint(t, geom.V(12, 20), geom.V(3.6, 24))
		refuse(t, s, setupPoint(West, geom.V(0, 19.2)), "within 6\" of a defending reinforcement point")
		do(t, s, setupPoint(West, geom.V(0, 19.19)))
	})
	t.Run("attacker_point_not_within_6_inches_of_a_defending_point", func(t *testing.T) {
		s := attackerPoint(t, geom.V(12, 20), geom.V(3, 24))
		refuse(t, s, setupPoint(West, geom.V(0, 21)), "within 6\" of a defending reinforcement point")
		do(t, s, setupPoint(West, geom.V(0, 18)))
	})
}
