package twobytwo

import (
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// Tests of "Melee": the modifiers, overlap and column support, the results
// by difference and the follow-up. Side 0's attacker "A" stands at (12, 10)
// facing north and side 1's defender "D" at (12, 10.51) facing south, in
// front contact; the first melee die is the attacker's.

// meleeGame builds the game and advances to side 0's melee phase.
func meleeGame(t *testing.T, units []UnitSpec, terrain ...Feature) *State {
	t.Helper()
	s := testGame(t, units, terrain...)
	meleeToPhase(t, s)
	return s
}

// meleeToPhase ends side 0's movement and side 1's shooting.
func meleeToPhase(t *testing.T, s *State) {
	t.Helper()
	toShooting(t, s)
	endPhase(t, s)
	if s.phase != phMelee {
		t.Fatalf("phase %s, want melee", s.PhaseName())
	}
}

// meleePair is the standard attacker and defender.
func meleePair(att, def UnitType) []UnitSpec {
	return []UnitSpec{unit(0, "A", att, 12, 10, 0), unit(1, "D", def, 12, 10.51, 180)}
}

// meleeDeclare picks the melee against d and returns both modifiers.
func meleeDeclare(t *testing.T, s *State, d int) (int, int) {
	t.Helper()
	do(t, s, act(KindMelee, NoUnit, d))
	if s.ToMove() != engine.Chance || !strings.HasPrefix(s.DescribeRoll(), "2d6 melee") {
		t.Fatalf("no melee dice pending: %s", s.DescribeRoll())
	}
	return int(s.chMod), int(s.chMod2)
}

func meleeSpec(u UnitSpec, f func(*UnitSpec)) UnitSpec { f(&u); return u }

func meleeRect(x0, y0, x1, y1 float64) []geom.Vec {
	return []geom.Vec{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}
}

// TestMeleeModifiers: one subtest per line of the melee modifier table.
func TestMeleeModifiers(t *testing.T) {
	disruptD := func(t *testing.T, s *State) { s.U[idx(t, s, "D")].Stat = Disrupted }
	a := func(typ UnitType) UnitSpec { return unit(0, "A", typ, 12, 10, 0) }
	d := func(typ UnitType) UnitSpec { return unit(1, "D", typ, 12, 10.51, 180) }
	cases := []struct {
		name       string
		units      []UnitSpec
		terrain    []Feature
		prep       func(t *testing.T, s *State)
		wantA      int
		wantD      int
		attackMask []string
	}{
		{name: "baseline_line_infantry_0", units: meleePair(LineInfantry, LineInfantry)},
		{name: "heavy_cavalry_+2", units: meleePair(HeavyCavalry, HeavyCavalry), wantA: 2, wantD: 2},
		{name: "lancers_vs_disrupted_+2", units: meleePair(Lancers, LineInfantry), prep: disruptD, wantA: -1 + 2 + 2},
		{name: "enemy_is_disrupted_+2", units: meleePair(LineInfantry, LineInfantry), prep: disruptD, wantA: 2},
		{name: "higher_than_opponent_+1", units: meleePair(LineInfantry, LineInfantry),
			terrain: []Feature{{Kind: Hill, Points: meleeRect(10, 8, 14, 10.1)}}, wantA: 1},
		{name: "hq_in_base_contact_+1", units: append(meleePair(LineInfantry, LineInfantry), unit(0, "HQ", DivisionHQ, 12, 9.49, 0)), wantA: 1},
		{name: "extra_hqs_add_nothing", units: append(meleePair(LineInfantry, LineInfantry),
			unit(0, "HQ", DivisionHQ, 12, 9.49, 0), unit(0, "HQ2", DivisionHQ, 10.99, 9.9, 0)), wantA: 1},
		{name: "medium_cavalry_+1", units: meleePair(MediumCavalry, MediumCavalry), wantA: 1, wantD: 1},
		{name: "irregular_warband_+1", units: meleePair(IrregularWarband, LineInfantry), wantA: 1},
		{name: "overlap_support_+1", units: append(meleePair(LineInfantry, LineInfantry), unit(0, "A2", LineInfantry, 11.24, 10.51, 90)),
			wantA: 1, attackMask: []string{"A", "A2"}},
		{name: "overlap_support_+1_per_extra_unit", units: append(meleePair(LineInfantry, LineInfantry),
			unit(0, "A2", LineInfantry, 11.24, 10.51, 90), unit(0, "A3", LineInfantry, 12.76, 10.51, 270)),
			wantA: 2, attackMask: []string{"A", "A2", "A3"}},
		{name: "unit_is_large_+1", units: []UnitSpec{meleeSpec(a(LineInfantry), func(u *UnitSpec) { u.Large = true }), d(LineInfantry)}, wantA: 1},
		{name: "unit_is_elite_+1", units: meleePair(EliteInfantry, LineInfantry), wantA: 1},
		{name: "elite_cavalry_+1", units: meleePair(EliteCavalry, EliteCavalry), wantA: 1, wantD: 1},
		{name: "cavalry_vs_ordered_infantry_-1", units: meleePair(HeavyCavalry, LineInfantry), wantA: 2 - 1},
		{name: "cavalry_vs_disrupted_infantry_no_-1", units: meleePair(HeavyCavalry, LineInfantry), prep: disruptD, wantA: 2 + 2},
		{name: "lancers_vs_other_cavalry_-1", units: meleePair(Lancers, MediumCavalry), wantA: -1 - 1, wantD: 1},
		{name: "unit_is_small_-1", units: []UnitSpec{meleeSpec(a(LineInfantry), func(u *UnitSpec) { u.Small = true }), d(LineInfantry)}, wantA: -1},
		{name: "light_cavalry_-1", units: meleePair(LightCavalry, LightCavalry), wantA: -1, wantD: -1},
		{name: "cavalry_in_town_-2", units: meleePair(HeavyCavalry, HeavyCavalry),
			terrain: []Feature{{Kind: Town, Points: meleeRect(10, 10.3, 14, 12.5)}}, wantA: 2, wantD: 0}, // the defender: heavy +2, in town -2
		{name: "artillery_-3", units: meleePair(LineInfantry, FootArtillery), wantD: -3},
		{name: "hq_-3", units: meleePair(LineInfantry, DivisionHQ), wantD: -3},
		{name: "light_infantry_-3", units: meleePair(LineInfantry, LightInfantry), wantD: -3},
		{name: "column_of_attack_+1", units: append(meleePair(LineInfantry, LineInfantry), unit(0, "A2", LineInfantry, 12, 9.5, 0)),
			wantA: 1, attackMask: []string{"A", "A2"}},
		{name: "column_of_attack_defender_+1", units: append(meleePair(LineInfantry, LineInfantry), unit(1, "D2", LineInfantry, 12, 11.01, 180)),
			wantD: 1},
		{name: "column_of_attack_needs_identical_type", units: append(meleePair(EliteInfantry, LineInfantry), unit(0, "A2", Militia, 12, 9.5, 0)),
			wantA: 1, attackMask: []string{"A"}},
		{name: "column_of_attack_needs_same_facing", units: append(meleePair(LineInfantry, LineInfantry), unit(0, "A2", LineInfantry, 12, 9.5, 180)),
			wantA: 0, attackMask: []string{"A"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := meleeGame(t, c.units, c.terrain...)
			if c.prep != nil {
				c.prep(t, s)
			}
			ga, gd := meleeDeclare(t, s, idx(t, s, "D"))
			if ga != c.wantA || gd != c.wantD {
				t.Fatalf("modifiers attacker %+d defender %+d, want %+d %+d (%s)", ga, gd, c.wantA, c.wantD, s.DescribeRoll())
			}
			if c.attackMask != nil {
				var want uint64
				for _, l := range c.attackMask {
					want |= 1 << uint(idx(t, s, l))
				}
				if s.mAttMask != want {
					t.Fatalf("attacking group %s, want %v", s.meleeSide(true), c.attackMask)
				}
			}
		})
	}
}

// TestMeleeRoadColumn: "Unit in Road Column -2": "A unit counts as being
// in road column if it spent its entire move on a road, moved through a
// town, and/or over a bridge just prior to being contacted" (ruling
// R-ROADCOLUMN: the unit caught on the road, in the enemy's turn after its
// own move, not the charger that came down the road).
func TestMeleeRoadColumn(t *testing.T) {
	// caught: side 0's C moves north from (12, 6) to (12, 9) in its turn;
	// in side 1's turn A charges it from (12, 13) down to contact at
	// y 9.5 and the melee is fought in side 1's melee phase. It returns
	// the modifiers of A and C.
	caught := func(t *testing.T, cType UnitType, terrain ...Feature) (int, int) {
		s := testGame(t, []UnitSpec{unit(0, "C", cType, 12, 6, 0), unit(1, "A", LineInfantry, 12, 13, 180)}, terrain...)
		c, a := idx(t, s, "C"), idx(t, s, "A")
		do(t, s, moveTo(c, 0, geom.V(12, 9)))
		toShooting(t, s)
		endPhase(t, s) // no melee: side 1's turn begins
		if s.phase != phMove || s.phasing != 1 {
			t.Fatalf("phase %s, side %d: want side 1's movement", s.PhaseName(), s.phasing)
		}
		do(t, s, moveTo(a, 180, geom.V(12, 9)))
		if s.phase == phStall {
			do(t, s, act(KindConfront, c, a))
		}
		contactTouching(t, s, a, c, true)
		toShooting(t, s)
		endPhase(t, s)
		return meleeDeclare(t, s, c)
	}
	road := Feature{Kind: Road, Points: []geom.Vec{{X: 12, Y: 0}, {X: 12, Y: 10}}}
	t.Run("caught_after_a_whole_move_on_road_-2", func(t *testing.T) {
		if ga, gc := caught(t, LineInfantry, road); ga != 0 || gc != -2 {
			t.Fatalf("charger %+d, unit caught in road column %+d: want 0 and -2", ga, gc)
		}
	})
	t.Run("caught_after_moving_through_a_town_-2", func(t *testing.T) {
		town := Feature{Kind: Town, Points: meleeRect(10, 7, 14, 8)}
		if ga, gc := caught(t, EliteInfantry, town); ga != 0 || gc != 1-2 {
			t.Fatalf("charger %+d, unit caught %+d: want 0 and elite +1, road column -2", ga, gc)
		}
	})
	t.Run("caught_after_moving_off_road_no_penalty", func(t *testing.T) {
		if ga, gc := caught(t, LineInfantry); ga != 0 || gc != 0 {
			t.Fatalf("charger %+d, defender %+d: want 0 and 0", ga, gc)
		}
	})
	// The charger that came down the road is not caught in road column.
	charge := func(t *testing.T, att UnitType, ay float64, terrain ...Feature) int {
		s := testGame(t, []UnitSpec{unit(0, "A", att, 12, ay, 0), unit(1, "D", LineInfantry, 12, 10.51, 180)}, terrain...)
		a, d := idx(t, s, "A"), idx(t, s, "D")
		do(t, s, moveTo(a, 0, geom.V(12, 10.3)))
		if s.phase == phStall {
			do(t, s, act(KindConfront, a, d))
		}
		meleeToPhase(t, s)
		ga, gd := meleeDeclare(t, s, d)
		if gd != 0 {
			t.Fatalf("defender modifier %+d, want 0", gd)
		}
		return ga
	}
	t.Run("charger_along_a_road_no_penalty", func(t *testing.T) {
		if got := charge(t, LineInfantry, 6, Feature{Kind: Road, Points: []geom.Vec{{X: 12, Y: 0}, {X: 12, Y: 24}}}); got != 0 {
			t.Fatalf("attacker modifier %+d, want 0", got)
		}
	})
	t.Run("charger_through_a_town_no_penalty", func(t *testing.T) {
		town := Feature{Kind: Town, Points: meleeRect(10, 7, 14, 8)}
		if got := charge(t, EliteInfantry, 6.5, town); got != 1 {
			t.Fatalf("attacker modifier %+d, want elite +1 only", got)
		}
	})
}

// TestMeleeResults: "Results, take the difference in scores" with line
// infantry against line infantry (both modifiers 0) unless stated.
func TestMeleeResults(t *testing.T) {
	std := func(t *testing.T, terrain ...Feature) (*State, int, int) {
		s := meleeGame(t, meleePair(LineInfantry, LineInfantry), terrain...)
		a, d := idx(t, s, "A"), idx(t, s, "D")
		meleeDeclare(t, s, d)
		return s, a, d
	}
	townD := Feature{Kind: Town, Points: meleeRect(10, 10.3, 14, 12.5)}
	t.Run("draws_re_rolled", func(t *testing.T) {
		s, a, d := std(t)
		roll(t, s, 3, 3)
		if s.ToMove() != engine.Chance || !strings.HasPrefix(s.DescribeRoll(), "2d6 melee") {
			t.Fatalf("after a draw: %s, want the melee re-rolled", s.DescribeRoll())
		}
		movementAt(t, s, a, geom.V(12, 10))
		movementAt(t, s, d, geom.V(12, 10.51))
		roll(t, s, 4, 3)
		movementAt(t, s, d, geom.V(12, 12.51))
	})
	t.Run("difference_1_loser_repulsed_2_inches", func(t *testing.T) {
		s, a, d := std(t)
		roll(t, s, 4, 3)
		movementAt(t, s, d, geom.V(12, 12.51))
		movementFacing(t, s, d, 180) // facing its opponent
		if s.U[d].Stat != Ordered || s.U[a].Pos != geom.V(12, 10) {
			t.Fatalf("repulsed loser %s, winner at %v", statusNames[s.U[d].Stat], s.U[a].Pos)
		}
		if s.phase == phFollowUp {
			t.Fatalf("follow-up offered after a repulse")
		}
	})
	t.Run("difference_1_attacker_repulsed_2_inches", func(t *testing.T) {
		s, a, _ := std(t)
		roll(t, s, 3, 4)
		movementAt(t, s, a, geom.V(12, 8))
		movementFacing(t, s, a, 0)
	})
	t.Run("difference_1_in_town_stays_in_possession", func(t *testing.T) {
		s, _, d := std(t, townD)
		roll(t, s, 4, 3)
		movementAt(t, s, d, geom.V(12, 10.51))
		if s.U[d].Stat != Ordered {
			t.Fatalf("repulsed unit in town %s, want ordered", statusNames[s.U[d].Stat])
		}
	})
	t.Run("difference_2_loser_recoils_full_move", func(t *testing.T) {
		s, _, d := std(t)
		roll(t, s, 5, 3)
		movementAt(t, s, d, geom.V(12, 14.51))
		movementFacing(t, s, d, 180)
		if s.U[d].Stat != Ordered {
			t.Fatalf("recoiled unit %s, want ordered", statusNames[s.U[d].Stat])
		}
	})
	t.Run("difference_2_in_town_stays_disrupted", func(t *testing.T) {
		s, _, d := std(t, townD)
		roll(t, s, 5, 3)
		movementAt(t, s, d, geom.V(12, 10.51))
		if s.U[d].Stat != Disrupted {
			t.Fatalf("recoiled unit in town %s, want disrupted", statusNames[s.U[d].Stat])
		}
	})
	t.Run("difference_3_loser_routs", func(t *testing.T) {
		s, a, d := std(t)
		roll(t, s, 6, 3)
		if s.ToMove() != engine.Chance || !strings.Contains(s.DescribeRoll(), "rout") {
			t.Fatalf("no rout test: %s", s.DescribeRoll())
		}
		roll(t, s, 3)
		movementAt(t, s, d, geom.V(12, 14.51))
		movementFacing(t, s, d, 0)
		if s.U[d].Stat != Disrupted {
			t.Fatalf("routed unit %s, want disrupted", statusNames[s.U[d].Stat])
		}
		if s.phase != phFollowUp || int(s.actor) != 0 || int(s.mFollow) != a {
			t.Fatalf("phase %s: want a voluntary follow-up for A", s.PhaseName())
		}
	})
	t.Run("difference_3_rout_test_1_or_2_destroyed", func(t *testing.T) {
		s, _, d := std(t)
		roll(t, s, 6, 3)
		roll(t, s, 2)
		if s.U[d].Loc != LocDestroyed || s.Destroyed(1) != 1 {
			t.Fatalf("routed unit loc %d, destroyed %d", s.U[d].Loc, s.Destroyed(1))
		}
	})
	for _, dice := range [][2]int{{6, 2}, {6, 1}} {
		t.Run("difference_"+string(rune('0'+dice[0]-dice[1]))+"_loser_destroyed_voluntary_follow_up", func(t *testing.T) {
			s, a, d := std(t)
			roll(t, s, dice[0], dice[1])
			if s.U[d].Loc != LocDestroyed || s.Destroyed(1) != 1 {
				t.Fatalf("loser loc %d, want destroyed", s.U[d].Loc)
			}
			if s.phase != phFollowUp {
				t.Fatalf("phase %s, want the follow-up choice", s.PhaseName())
			}
			do(t, s, act(KindFollowUp, a, NoUnit)) // Arg 0: stay
			movementAt(t, s, a, geom.V(12, 10))
		})
	}
	t.Run("only_an_ordered_winner_follows_up", func(t *testing.T) {
		// Ruling R-FOLLOWUP: a pinned winner may not move.
		s := meleeGame(t, meleePair(HeavyCavalry, LightCavalry))
		a, d := idx(t, s, "A"), idx(t, s, "D")
		s.U[a].Stat = Pinned
		meleeDeclare(t, s, d)
		roll(t, s, 5, 2) // 7 against 1: a mandatory follow-up for an ordered unit
		if s.U[d].Loc != LocDestroyed || s.phase == phFollowUp {
			t.Fatalf("phase %s: want D destroyed and no follow-up", s.PhaseName())
		}
		movementAt(t, s, a, geom.V(12, 10))
	})
	t.Run("follow_up_moves_full_move_directly_ahead", func(t *testing.T) {
		s, a, _ := std(t)
		roll(t, s, 6, 2)
		f := act(KindFollowUp, a, NoUnit)
		f.Arg = 1
		do(t, s, f)
		movementAt(t, s, a, geom.V(12, 14))
	})
	t.Run("difference_6_loser_destroyed_mandatory_follow_up", func(t *testing.T) {
		s := meleeGame(t, meleePair(HeavyCavalry, LightCavalry))
		a, d := idx(t, s, "A"), idx(t, s, "D")
		meleeDeclare(t, s, d)
		roll(t, s, 5, 2) // 7 against 1
		if s.U[d].Loc != LocDestroyed {
			t.Fatalf("loser not destroyed")
		}
		if s.phase == phFollowUp {
			t.Fatalf("the mandatory follow-up was offered as a choice")
		}
		movementAt(t, s, a, geom.V(12, 16))
	})
	t.Run("difference_6_winner_in_town_follow_up_voluntary", func(t *testing.T) {
		town := Feature{Kind: Town, Points: meleeRect(10, 8, 14, 10.2)}
		s := meleeGame(t, meleePair(HeavyCavalry, LightCavalry), town)
		a, d := idx(t, s, "A"), idx(t, s, "D")
		if ga, gd := meleeDeclare(t, s, d); ga != 0 || gd != -1 {
			t.Fatalf("modifiers %+d %+d, want 0 -1", ga, gd)
		}
		roll(t, s, 6, 1) // 6 against 0
		if s.U[d].Loc != LocDestroyed || s.phase != phFollowUp {
			t.Fatalf("phase %s: want the loser destroyed and a voluntary follow-up", s.PhaseName())
		}
		do(t, s, act(KindFollowUp, a, NoUnit))
		movementAt(t, s, a, geom.V(12, 10))
	})
	t.Run("attacker_routed_aligns_face_to_face_and_routs_directly_away", func(t *testing.T) {
		s := meleeGame(t, []UnitSpec{
			unit(0, "A", LightCavalry, 12.76, 12.3, 270),
			unit(1, "D", HeavyCavalry, 12, 12, 180),
		})
		a, d := idx(t, s, "A"), idx(t, s, "D")
		meleeDeclare(t, s, d)
		roll(t, s, 3, 3) // 2 against 5
		roll(t, s, 3)    // rout test passed
		movementAt(t, s, a, geom.V(20.76, 12))
		movementFacing(t, s, a, 90)
		movementFacing(t, s, d, 180) // the defender does not change facing
		movementAt(t, s, d, geom.V(12, 12))
	})
	t.Run("defender_routed_aligns_face_to_face_then_routs_directly_away", func(t *testing.T) {
		s := meleeGame(t, []UnitSpec{
			unit(0, "A", HeavyCavalry, 12.76, 12.3, 270),
			unit(1, "D", LightCavalry, 12, 12, 180),
		})
		a, d := idx(t, s, "A"), idx(t, s, "D")
		meleeDeclare(t, s, d)
		roll(t, s, 3, 3) // 5 against 2
		roll(t, s, 3)
		movementAt(t, s, d, geom.V(12.25-8, 12.3))
		movementFacing(t, s, d, 270)
		movementFacing(t, s, a, 270)
	})
	t.Run("flank_attacker_routed_routs_directly_away_from_the_flank", func(t *testing.T) {
		// A1 at D's front and A2 at its west flank lose by 3. A1 is
		// squared up and routs south, directly away from D's front; A2
		// routs west, directly away from the flank it touches, not south
		// along it (R-ALIGN).
		s := meleeGame(t, []UnitSpec{
			unit(0, "A1", LineInfantry, 12, 11.49, 0),
			unit(0, "A2", LineInfantry, 11.24, 12, 90),
			unit(1, "D", LineInfantry, 12, 12, 180),
		})
		a1, a2, d := idx(t, s, "A1"), idx(t, s, "A2"), idx(t, s, "D")
		ma, md := meleeDeclare(t, s, d)
		roll(t, s, 1, 3+1+ma-md) // attackers lose by 3
		roll(t, s, 3)            // both rout tests passed
		roll(t, s, 3)
		mv := s.prof(a1).Move
		movementAt(t, s, a1, geom.V(12, 11.49-mv))
		movementFacing(t, s, a1, 180)
		movementAt(t, s, a2, geom.V(11.24-mv, 12))
		movementFacing(t, s, a2, 270)
	})
	t.Run("slanting_attacker_that_cannot_square_up_routs_straight_out_from_the_face", func(t *testing.T) {
		// A charged in at 20 degrees (a charger is not squared up,
		// R-CHARGE); its front-left corner touches D's front. F, a friend
		// below and to the right, blocks the squared-up place, so A routs
		// from where it stands, straight out from D's front, not away
		// from D's centre (R-ALIGN).
		dir := geom.Heading(20)
		b := baseAt(geom.Vec{}, dir)
		lead := b.F.Scale(0.25).Sub(b.Right().Scale(0.5))
		ap := geom.V(11.9, 11.75-contactTol/2-lead.Y)
		s := meleeGame(t, []UnitSpec{
			unit(0, "A", LineInfantry, ap.X, ap.Y, 20),
			unit(0, "F", LineInfantry, 12.95, 11, 0),
			unit(1, "D", LineInfantry, 12, 12, 180),
		})
		a, f, d := idx(t, s, "A"), idx(t, s, "F"), idx(t, s, "D")
		if !s.touching(a, d) || s.touching(f, d) || s.touching(a, f) || s.clearAt(baseAt(geom.V(12, 11.75-0.25-contactTol/2), geom.V(0, 1)), LineInfantry, a) {
			t.Fatal("set-up: want A touching D, F touching neither, and F blocking A's squared-up place")
		}
		ma, md := meleeDeclare(t, s, d)
		roll(t, s, 1, 3+1+ma-md) // A loses by 3
		roll(t, s, 3)            // rout test passed
		if s.U[a].Loc != LocTable || s.U[a].Stat != Disrupted {
			t.Fatalf("A after a passed rout test: loc %d, %s; want routed and disrupted", s.U[a].Loc, statusNames[s.U[a].Stat])
		}
		movementAt(t, s, a, ap.Add(geom.V(0, -s.prof(a).Move)))
		movementFacing(t, s, a, 180)
	})
	t.Run("attackers_side_by_side_routed_from_where_they_stand_survive", func(t *testing.T) {
		// A1 and A2 each touch half of D's front. Routed, the primary
		// attacker A2 cannot square up on D's front centre (A1 is there),
		// so it routs from where it stands, directly away from the front
		// it touches, as A1 does (R-ALIGN), and passed rout tests leave
		// both alive: routing away from D's centre, at a slant, A2 turned
		// its base into D and was destroyed (R-ROUTTERRAIN).
		s := meleeGame(t, []UnitSpec{
			unit(0, "A1", LineInfantry, 11.5, 10, 0),
			unit(0, "A2", LineInfantry, 12.5, 10, 0),
			unit(1, "D", LineInfantry, 12, 10.51, 180),
		})
		a1, a2, d := idx(t, s, "A1"), idx(t, s, "A2"), idx(t, s, "D")
		meleeDeclare(t, s, d)
		roll(t, s, 1, 5) // 2 (overlap support +1) against 5
		roll(t, s, 3)    // both rout tests passed
		roll(t, s, 3)
		mv := s.prof(a2).Move
		for _, c := range []struct {
			i  int
			to geom.Vec
		}{{a1, geom.V(11.5, 10-mv)}, {a2, geom.V(12.5, 10-mv)}} {
			if s.U[c.i].Loc != LocTable || s.U[c.i].Stat != Disrupted {
				t.Fatalf("%s after a passed rout test: loc %d, %s; want routed and disrupted", s.label(c.i), s.U[c.i].Loc, statusNames[s.U[c.i].Stat])
			}
			movementAt(t, s, c.i, c.to)
			movementFacing(t, s, c.i, 180)
		}
	})
}

// TestMeleeGroups: overlap support, multiple fronts, column of attack and
// who shares the result.
func TestMeleeGroups(t *testing.T) {
	overlap := append(meleePair(LineInfantry, LineInfantry), unit(0, "A2", LineInfantry, 11.24, 10.51, 90))
	t.Run("multi_front_defender_destroyed_on_losing", func(t *testing.T) {
		s := meleeGame(t, overlap)
		d := idx(t, s, "D")
		meleeDeclare(t, s, d)
		if !s.mMultiFront {
			t.Fatalf("defender attacked front and flank is not multi-front")
		}
		roll(t, s, 2, 2) // 3 against 2: a difference of 1
		if s.U[d].Loc != LocDestroyed {
			t.Fatalf("multi-front loser at %v, %s: want destroyed", s.U[d].Pos, statusNames[s.U[d].Stat])
		}
	})
	t.Run("overlap_supports_suffer_the_result", func(t *testing.T) {
		s := meleeGame(t, overlap)
		meleeDeclare(t, s, idx(t, s, "D"))
		roll(t, s, 1, 6) // 2 against 6
		if s.U[idx(t, s, "A")].Loc != LocDestroyed || s.U[idx(t, s, "A2")].Loc != LocDestroyed || s.Destroyed(0) != 2 {
			t.Fatalf("attackers lost by 4: destroyed %d, want both", s.Destroyed(0))
		}
	})
	t.Run("overlap_supports_recoil_with_the_primary", func(t *testing.T) {
		s := meleeGame(t, overlap)
		a2 := idx(t, s, "A2")
		meleeDeclare(t, s, idx(t, s, "D"))
		roll(t, s, 2, 5) // 3 against 5
		if s.U[a2].Pos.Dist(geom.V(11.24, 10.51)) < 3 {
			t.Fatalf("overlapping support at %v did not recoil", s.U[a2].Pos)
		}
	})
	column := append(meleePair(LineInfantry, LineInfantry), unit(0, "A2", LineInfantry, 12, 9.5, 0))
	t.Run("column_of_attack_support_shares_the_result", func(t *testing.T) {
		s := meleeGame(t, column)
		meleeDeclare(t, s, idx(t, s, "D"))
		roll(t, s, 1, 6) // 2 against 6
		if s.U[idx(t, s, "A2")].Loc != LocDestroyed || s.Destroyed(0) != 2 {
			t.Fatalf("column support not destroyed with the attacker")
		}
	})
	t.Run("column_of_attack_support_recoils_too", func(t *testing.T) {
		s := meleeGame(t, column)
		a, a2 := idx(t, s, "A"), idx(t, s, "A2")
		meleeDeclare(t, s, idx(t, s, "D"))
		roll(t, s, 1, 3) // 2 against 3: repulsed 2"
		if s.U[a].Pos.Y > 8.01 || s.U[a2].Pos.Y > 7.51 {
			t.Fatalf("attacker at %v, support at %v: want both 2\" back", s.U[a].Pos, s.U[a2].Pos)
		}
	})
	t.Run("each_unit_fights_once_a_phase", func(t *testing.T) {
		s := meleeGame(t, meleePair(LineInfantry, LineInfantry))
		d := idx(t, s, "D")
		meleeDeclare(t, s, d)
		roll(t, s, 3, 4) // attacker repulsed
		if s.phase == phMelee && s.meleeCandidate(d) {
			t.Fatalf("D offered a second melee")
		}
	})
}

// TestMeleeFollowUp: "If this follow up move contacts another enemy unit
// then another melee is performed" with "Attacker subsequent melee -1",
// which stays -1 on a further follow-up.
func TestMeleeFollowUp(t *testing.T) {
	s := meleeGame(t, []UnitSpec{
		unit(0, "A", HeavyCavalry, 12, 10, 0),
		unit(1, "D1", LightCavalry, 12, 10.51, 180),
		unit(1, "D2", LightCavalry, 12, 13, 180),
		unit(1, "D3", LightCavalry, 12, 17, 180),
	})
	a, d1, d2, d3 := idx(t, s, "A"), idx(t, s, "D1"), idx(t, s, "D2"), idx(t, s, "D3")
	t.Run("attacker_subsequent_melee_-1", func(t *testing.T) {
		if ga, _ := meleeDeclare(t, s, d1); ga != 2 {
			t.Fatalf("first melee modifier %+d, want +2", ga)
		}
		roll(t, s, 4, 2) // 6 against 1: destroyed, voluntary follow-up
		f := act(KindFollowUp, a, NoUnit)
		f.Arg = 1
		do(t, s, f)
		if s.ToMove() != engine.Chance || int(s.mDefPrimary) != d2 {
			t.Fatalf("the follow-up did not contact D2 (A at %v): %s", s.U[a].Pos, s.DescribeRoll())
		}
		if int(s.chMod) != 2-1 {
			t.Fatalf("subsequent melee modifier %+d, want +1", s.chMod)
		}
	})
	t.Run("further_follow_up_remains_-1", func(t *testing.T) {
		roll(t, s, 6, 1) // 7 against 0: destroyed, mandatory follow-up into D3
		if s.U[d2].Loc != LocDestroyed {
			t.Fatalf("D2 not destroyed")
		}
		if s.ToMove() != engine.Chance || int(s.mDefPrimary) != d3 {
			t.Fatalf("the mandatory follow-up did not contact D3 (A at %v)", s.U[a].Pos)
		}
		if int(s.chMod) != 2-1 {
			t.Fatalf("second subsequent melee modifier %+d, want +1", s.chMod)
		}
	})
	_ = d1
}
