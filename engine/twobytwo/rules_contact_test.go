package twobytwo

import (
	"fmt"
	"math"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// Tests of "Moving to contact": the straight-ahead run-in, who may charge
// whom, the defender turning to face, and confront versus stall.

// contactTouching fails the test unless units a and b are in base contact.
func contactTouching(t *testing.T, s *State, a, b int, want bool) {
	t.Helper()
	if got := s.touching(a, b); got != want {
		t.Fatalf("%s at %v and %s at %v: touching %v, want %v", s.label(a), s.U[a].Pos, s.label(b), s.U[b].Pos, got, want)
	}
}

// contactHasAction reports whether the legal actions include kind for unit u.
func contactHasAction(s *State, kind uint8, u int) bool {
	for _, a := range s.Legal(nil) {
		if a.Kind == kind && (u < 0 || int(a.Unit) == u) {
			return true
		}
	}
	return false
}

// contactCharge sets up side 0's attacker A at (12, y) facing north and
// side 1's defender D at (12, 12) facing south (front edge at 11.75).
func contactCharge(t *testing.T, att, def UnitType, ay float64, terrain ...Feature) (*State, int, int) {
	t.Helper()
	s := testGame(t, []UnitSpec{
		unit(0, "A", att, 12, ay, 0),
		unit(1, "D", def, 12, 12, 180),
	}, terrain...)
	return s, idx(t, s, "A"), idx(t, s, "D")
}

// TestContactStraightAhead: "the last 2" of the units move OR its entire
// move (if less than 2") must be STRAIGHT AHEAD."
func TestContactStraightAhead(t *testing.T) {
	t.Run("last_2_inches_straight_ahead_contacts", func(t *testing.T) {
		s, a, d := contactCharge(t, LineInfantry, LineInfantry, 8)
		s.U[a].Pos = geom.V(11, 8)
		// 1.56" on the diagonal, then 2.29" straight north into contact.
		do(t, s, moveTo(a, 0, geom.V(12, 9.2), geom.V(12, 11.5)))
		contactTouching(t, s, a, d, true)
	})
	t.Run("last_leg_under_2_inches_refused", func(t *testing.T) {
		s, a, _ := contactCharge(t, LineInfantry, LineInfantry, 8)
		s.U[a].Pos = geom.V(11, 8)
		refuse(t, s, moveTo(a, 0, geom.V(12, 9.8), geom.V(12, 11.5)), "last 2\"")
	})
	// The boundary: D's front edge is at y=11.75, so A (centre) touches
	// it face to face at y=11.5, and a last leg from y=9.5 is exactly 2"
	// (ruling R-CHARGE; the charger stops contactTol/2 short, R-CONTACT).
	for _, c := range []struct {
		name   string
		from   float64 // y where the last, straight leg starts
		to     float64 // y the path is aimed at
		charge bool
	}{
		{"last_leg_of_exactly_2_inches_to_contact_charges", 9.5, 11.5, true},
		{"last_leg_of_exactly_2_inches_aimed_beyond_charges", 9.5, 12, true},
		{"last_leg_of_1.98_inches_refused", 9.52, 11.5, false},
		{"last_leg_of_1.99_inches_refused", 9.51, 12, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, a, d := contactCharge(t, LineInfantry, LineInfantry, 8)
			// 1" on the diagonal first, so the whole move is over 2".
			s.U[a].Pos = geom.V(11.4, c.from-0.8)
			mv := moveTo(a, 0, geom.V(12, c.from), geom.V(12, c.to))
			if !c.charge {
				refuse(t, s, mv, "last 2\"")
				return
			}
			do(t, s, mv)
			contactTouching(t, s, a, d, true)
		})
	}
	// A slanting run: A comes in 70 degrees off D's front, its front-left
	// corner leading onto the middle of D's front edge. It stops
	// contactTol/2 from D across the gap, 0.029" short along its run; the
	// run is still measured to where the bases meet (ruling R-CHARGE).
	for _, c := range []struct {
		name   string
		leg    float64 // the last leg, to where the bases meet
		charge bool
	}{
		{"slanting_last_leg_of_exactly_2_inches_charges", 2, true},
		{"slanting_last_leg_of_1.98_inches_refused", 1.98, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, a, d := contactCharge(t, LightCavalry, LineInfantry, 8)
			dir := geom.Heading(70)
			corner := baseAt(geom.Vec{}, dir)
			lead := corner.F.Scale(0.25).Sub(corner.Right().Scale(0.5))
			meet := geom.V(12, 11.75).Sub(lead) // the corner on D's front edge
			if gap := geom.RectDistance(baseAt(meet, dir), s.rect(d)); gap > 1e-9 {
				t.Fatalf("set-up: bases %.4f\" apart where they should meet", gap)
			}
			from := meet.Sub(dir.Scale(c.leg))
			s.U[a].Pos = from.Sub(geom.V(0, 0.8))
			mv := moveTo(a, 70, from, meet.Add(dir.Scale(0.3)))
			if !c.charge {
				refuse(t, s, mv, "last 2\"")
				return
			}
			do(t, s, mv)
			contactTouching(t, s, a, d, true)
		})
	}
	// The same slanting run ending with A's leading corner within the
	// contact tolerance of D's front edge: that is contact (R-CONTACT),
	// and A is carried on into it, 0.029" along its run at the tolerance.
	for _, gap := range []float64{0.015, contactTol} {
		t.Run(fmt.Sprintf("slanting_run_ending_%v_off_charges", gap), func(t *testing.T) {
			s, a, d := contactCharge(t, LightCavalry, LineInfantry, 8)
			dir := geom.Heading(70)
			corner := baseAt(geom.Vec{}, dir)
			lead := corner.F.Scale(0.25).Sub(corner.Right().Scale(0.5))
			end := geom.V(12, 11.75-gap).Sub(lead)
			if got := geom.RectDistance(baseAt(end, dir), s.rect(d)); math.Abs(got-gap) > 1e-9 {
				t.Fatalf("set-up: bases %.4f\" apart where the path ends, want %v", got, gap)
			}
			from := end.Sub(dir.Scale(2.5))
			s.U[a].Pos = from.Sub(geom.V(0, 0.8))
			do(t, s, moveTo(a, 70, from, end))
			contactTouching(t, s, a, d, true)
		})
	}
	t.Run("contact_on_a_waypoint_leg_refused", func(t *testing.T) {
		s, a, _ := contactCharge(t, LightCavalry, LineInfantry, 8)
		refuse(t, s, moveTo(a, 90, geom.V(12, 11.9), geom.V(14, 11.9)), "last 2\"")
	})
	t.Run("whole_move_under_2_inches_straight_contacts", func(t *testing.T) {
		s, a, d := contactCharge(t, LineInfantry, LineInfantry, 10.2)
		do(t, s, moveTo(a, 0, geom.V(12, 11.5)))
		contactTouching(t, s, a, d, true)
	})
	t.Run("whole_move_under_2_inches_not_straight_refused", func(t *testing.T) {
		s, a, _ := contactCharge(t, LineInfantry, LineInfantry, 10.2)
		s.U[a].Pos = geom.V(11.6, 10.2)
		refuse(t, s, moveTo(a, 0, geom.V(12, 10.4), geom.V(12, 11.5)), "last 2\"")
	})
	t.Run("no_contact_moving_sideways", func(t *testing.T) {
		s := testGame(t, []UnitSpec{
			unit(0, "A", LineInfantry, 12, 9, 270),
			unit(1, "D", LineInfantry, 12, 12, 180),
		})
		refuse(t, s, movementSlide(idx(t, s, "A"), 270, geom.V(12, 11.5)), "may not move to contact sideways")
	})
	t.Run("may_not_end_touching_an_enemy_without_charging", func(t *testing.T) {
		s := testGame(t, []UnitSpec{
			unit(0, "A", LineInfantry, 10, 10, 0),
			unit(1, "D", LineInfantry, 12, 12, 180),
		})
		a := idx(t, s, "A")
		// Ends beside D's flank, having moved north past it.
		refuse(t, s, moveTo(a, 0, geom.V(10.985, 10), geom.V(10.985, 12)), "would end touching an enemy")
	})
	t.Run("charge_stops_at_contact", func(t *testing.T) {
		s, a, d := contactCharge(t, LineInfantry, LineInfantry, 8)
		// Aimed beyond the target: the move stops on contact.
		do(t, s, moveTo(a, 0, geom.V(12, 12)))
		contactTouching(t, s, a, d, true)
		if y := s.U[a].Pos.Y; y > 11.5 || y < 11.45 {
			t.Fatalf("charger stopped at y=%.3f, want about 11.49", y)
		}
	})
	t.Run("more_than_one_attacker_on_a_defender", func(t *testing.T) {
		s := testGame(t, []UnitSpec{
			unit(0, "A1", LightCavalry, 12, 8, 0),
			unit(0, "A2", LightCavalry, 16, 12.3, 270),
			unit(1, "D", HeavyCavalry, 12, 12, 180),
		})
		a1, a2, d := idx(t, s, "A1"), idx(t, s, "A2"), idx(t, s, "D")
		do(t, s, moveTo(a1, 0, geom.V(12, 11.5)))
		do(t, s, moveTo(a2, 270, geom.V(12.5, 12.3)))
		contactTouching(t, s, a1, d, true)
		contactTouching(t, s, a2, d, true)
	})
}

// TestContactWhoMayCharge: restrictions on moving to contact.
func TestContactWhoMayCharge(t *testing.T) {
	t.Run("cavalry_may_charge_infantry", func(t *testing.T) {
		s, a, d := contactCharge(t, HeavyCavalry, LineInfantry, 8)
		do(t, s, moveTo(a, 0, geom.V(12, 11.5)))
		contactTouching(t, s, a, d, true)
	})
	t.Run("infantry_may_not_charge_cavalry_in_the_open", func(t *testing.T) {
		s, a, _ := contactCharge(t, LineInfantry, LightCavalry, 8)
		refuse(t, s, moveTo(a, 0, geom.V(12, 11.5)), "infantry may not voluntarily attack cavalry in open terrain")
	})
	t.Run("infantry_may_charge_cavalry_in_a_town", func(t *testing.T) {
		town := Feature{Kind: Town, Points: []geom.Vec{{X: 11, Y: 11.5}, {X: 13, Y: 11.5}, {X: 13, Y: 13.5}, {X: 11, Y: 13.5}}}
		s, a, d := contactCharge(t, LineInfantry, LightCavalry, 9, town)
		do(t, s, moveTo(a, 0, geom.V(12, 11.5)))
		contactTouching(t, s, a, d, true)
	})
	for _, typ := range []UnitType{FootArtillery, HorseArtillery, SiegeArtillery, EliteArtillery} {
		t.Run("artillery_never_charges_"+typ.Profile().Code, func(t *testing.T) {
			s, a, _ := contactCharge(t, typ, LineInfantry, 10)
			refuse(t, s, moveTo(a, 0, geom.V(12, 11.5)), "artillery and HQs never voluntarily melee")
		})
	}
	t.Run("hq_never_charges", func(t *testing.T) {
		s, a, _ := contactCharge(t, DivisionHQ, LineInfantry, 8)
		refuse(t, s, moveTo(a, 0, geom.V(12, 11.5)), "artillery and HQs never voluntarily melee")
	})
	town := Feature{Kind: Town, Points: []geom.Vec{{X: 10, Y: 4}, {X: 14, Y: 4}, {X: 14, Y: 6}, {X: 10, Y: 6}}}
	t.Run("cavalry_may_not_charge_after_moving_through_a_town", func(t *testing.T) {
		s := testGame(t, []UnitSpec{
			unit(0, "A", LightCavalry, 12, 3, 0),
			unit(1, "D", LineInfantry, 12, 9, 180),
		}, town)
		a := idx(t, s, "A")
		refuse(t, s, moveTo(a, 0, geom.V(12, 8.5)), "cavalry may not move to contact on a turn it moves through a town")
	})
	t.Run("cavalry_may_charge_without_the_town", func(t *testing.T) {
		s := testGame(t, []UnitSpec{
			unit(0, "A", LightCavalry, 12, 3, 0),
			unit(1, "D", LineInfantry, 12, 9, 180),
		})
		a, d := idx(t, s, "A"), idx(t, s, "D")
		do(t, s, moveTo(a, 0, geom.V(12, 8.5)))
		contactTouching(t, s, a, d, true)
	})
	t.Run("infantry_may_charge_through_a_town", func(t *testing.T) {
		s := testGame(t, []UnitSpec{
			unit(0, "A", EliteInfantry, 12, 5, 0),
			unit(1, "D", LineInfantry, 12, 9, 180),
		}, town)
		a, d := idx(t, s, "A"), idx(t, s, "D")
		do(t, s, moveTo(a, 0, geom.V(12, 8.5)))
		contactTouching(t, s, a, d, true)
	})
	t.Run("pinned_may_not_charge", func(t *testing.T) {
		s, a, _ := contactCharge(t, LineInfantry, LineInfantry, 10)
		s.U[a].Stat = Pinned
		refuse(t, s, moveTo(a, 0, geom.V(12, 11.5)), "may not move")
	})
	t.Run("disrupted_may_not_charge", func(t *testing.T) {
		s, a, _ := contactCharge(t, LineInfantry, LineInfantry, 10)
		s.U[a].Stat = Disrupted
		refuse(t, s, moveTo(a, 0, geom.V(12, 11.5)), "may not move")
	})
}

// TestContactDefenderTurnsToFace: "Infantry may turn to face when charged";
// other arms do not (ruling R-TURNFACE).
func TestContactDefenderTurnsToFace(t *testing.T) {
	flank := func(t *testing.T, def UnitType) (*State, int, int) {
		s := testGame(t, []UnitSpec{
			unit(0, "A", LightCavalry, 16, 12, 270),
			unit(1, "D", def, 12, 12, 180),
		})
		a, d := idx(t, s, "A"), idx(t, s, "D")
		do(t, s, moveTo(a, 270, geom.V(12.5, 12)))
		contactTouching(t, s, a, d, true)
		return s, a, d
	}
	t.Run("infantry_turns_to_face_a_flank_charge", func(t *testing.T) {
		s, a, d := flank(t, LineInfantry)
		movementFacing(t, s, d, 90)
		if nearestFace(s.rect(a), s.rect(d)) != geom.FaceFront {
			t.Fatalf("the charger is not on the defender's front after the turn")
		}
	})
	t.Run("cavalry_does_not_turn", func(t *testing.T) {
		s, _, d := flank(t, HeavyCavalry)
		movementFacing(t, s, d, 180)
	})
	t.Run("artillery_does_not_turn", func(t *testing.T) {
		s, _, d := flank(t, FootArtillery)
		if s.phase == phStall {
			do(t, s, act(KindConfront, idx(t, s, "A"), d))
		}
		movementFacing(t, s, d, 180)
	})
	t.Run("engaged_infantry_does_not_turn_to_a_second_charger", func(t *testing.T) {
		s := testGame(t, []UnitSpec{
			unit(0, "A1", LightCavalry, 12, 11.49, 0),
			unit(0, "A2", LightCavalry, 16, 12.3, 270),
			unit(1, "D", LineInfantry, 12, 12, 180),
		})
		a2, d := idx(t, s, "A2"), idx(t, s, "D")
		do(t, s, moveTo(a2, 270, geom.V(12.5, 12.3)))
		movementFacing(t, s, d, 180)
		if s.phase == phStall {
			t.Fatalf("an engaged defender was offered to stall the charge")
		}
	})
}

// TestContactConfrontOrStall: "The defender then decides to either
// confront the attack ... or he decides to try and stall the attack with
// shooting. If the defender decides on shooting, the attacker is moved
// back 1" and may only close at the end of the shooting phase if the
// shooting fails to stop him (i.e. there is no effect from shooting)."
func TestContactConfrontOrStall(t *testing.T) {
	charge := func(t *testing.T, def UnitType) (*State, int, int) {
		s, a, d := contactCharge(t, LineInfantry, def, 8)
		do(t, s, moveTo(a, 0, geom.V(12, 11.5)))
		return s, a, d
	}
	t.Run("shooting_defender_chooses", func(t *testing.T) {
		s, a, d := charge(t, LineInfantry)
		if s.phase != phStall || int(s.actor) != 1 {
			t.Fatalf("phase %s actor %d, want the defender's charge response", s.PhaseName(), s.actor)
		}
		if !contactHasAction(s, KindConfront, a) || !contactHasAction(s, KindStall, a) {
			t.Fatalf("legal responses %v lack confront or stall", s.Legal(nil))
		}
		refuse(t, s, act(KindEnd, NoUnit, NoUnit), "confront or stall")
		_ = d
	})
	t.Run("non_shooting_defender_has_no_choice", func(t *testing.T) {
		s, _, _ := contactCharge(t, HeavyCavalry, IrregularWarband, 8)
		do(t, s, moveTo(idx(t, s, "A"), 0, geom.V(12, 11.5)))
		if s.phase != phMove {
			t.Fatalf("phase %s after charging a warband, want movement", s.PhaseName())
		}
	})
	t.Run("confront_stays_in_contact_and_melees", func(t *testing.T) {
		s, a, d := charge(t, LineInfantry)
		do(t, s, act(KindConfront, a, d))
		contactTouching(t, s, a, d, true)
		toShooting(t, s)
		// In contact: the defender may not fire.
		refuse(t, s, act(KindFire, d, a), "may not fire")
		endPhase(t, s)
		if s.phase != phMelee || !s.meleeCandidate(d) {
			t.Fatalf("phase %s, want a melee against D", s.PhaseName())
		}
	})
	t.Run("stall_sets_the_attacker_back_1_inch", func(t *testing.T) {
		s, a, d := charge(t, LineInfantry)
		before := s.U[a].Pos
		do(t, s, act(KindStall, a, d))
		movementAt(t, s, a, before.Sub(geom.V(0, 1)))
		contactTouching(t, s, a, d, false)
		if s.phase != phMove {
			t.Fatalf("phase %s after the stall, want movement", s.PhaseName())
		}
	})
	t.Run("stalling_unit_must_fire_first_at_the_charger", func(t *testing.T) {
		s, a, d := charge(t, LineInfantry)
		do(t, s, act(KindStall, a, d))
		toShooting(t, s)
		legal := s.Legal(nil)
		if len(legal) != 1 || legal[0].Kind != KindFire || int(legal[0].Unit) != d || int(legal[0].Target) != a {
			t.Fatalf("legal shooting actions %v, want only D firing at A", legal)
		}
		refuse(t, s, act(KindEnd, NoUnit, NoUnit), "must first fire")
	})
	t.Run("stall_fire_no_effect_attacker_closes", func(t *testing.T) {
		s, a, d := charge(t, LineInfantry)
		do(t, s, act(KindStall, a, d))
		toShooting(t, s)
		do(t, s, act(KindFire, d, a))
		do(t, s, act(KindResolve, d, a))
		roll(t, s, 1) // 1 + 1 (first volley) = 2: no effect
		endPhase(t, s)
		contactTouching(t, s, a, d, true)
		if s.phase != phMelee || !s.meleeCandidate(d) {
			t.Fatalf("phase %s, want the melee against D", s.PhaseName())
		}
	})
	t.Run("stall_fire_halted_attacker_stays_back", func(t *testing.T) {
		s, a, d := charge(t, LineInfantry)
		do(t, s, act(KindStall, a, d))
		toShooting(t, s)
		do(t, s, act(KindFire, d, a))
		do(t, s, act(KindResolve, d, a))
		roll(t, s, 4) // 4 + 1 = 5: halted, an effect
		if s.U[a].Stat != Halted {
			t.Fatalf("charger status %s, want halted", statusNames[s.U[a].Stat])
		}
		endPhase(t, s)
		contactTouching(t, s, a, d, false)
		// No melee: the turn passes to side 1.
		if s.phase != phMove || s.Phasing() != 1 {
			t.Fatalf("phase %s phasing %d, want side 1's movement", s.PhaseName(), s.Phasing())
		}
	})
	t.Run("stall_not_offered_without_room_to_set_back", func(t *testing.T) {
		// Ruling R-STALLROOM: a friend close behind the charger leaves no
		// room to set it back 1", so the charge is confronted.
		s := testGame(t, []UnitSpec{
			unit(0, "A", LineInfantry, 12, 10.51, 0),
			unit(0, "Behind", LineInfantry, 12, 10, 0),
			unit(1, "D", LineInfantry, 12, 12, 180),
		})
		a, d := idx(t, s, "A"), idx(t, s, "D")
		do(t, s, moveTo(a, 0, geom.V(12, 11.5)))
		if s.phase != phStall {
			t.Fatalf("phase %s, want the charge response", s.PhaseName())
		}
		if contactHasAction(s, KindStall, a) {
			t.Fatalf("stall offered with no room behind the charger")
		}
		refuse(t, s, act(KindStall, a, d), "no room")
		do(t, s, act(KindConfront, a, d))
	})
	// "if both charging units are touching or closing to contact from the
	// same aspect, they are considered 1 unit for target purposes" (ruling
	// R-STALLONE): one shot stalls both.
	twoChargers := func(t *testing.T) (*State, int, int, int) {
		s := testGame(t, []UnitSpec{
			unit(0, "A1", LineInfantry, 11.5, 8, 0),
			unit(0, "A2", LineInfantry, 12.5, 8, 0),
			unit(1, "D", LineInfantry, 12, 12, 180),
		})
		a1, a2, d := idx(t, s, "A1"), idx(t, s, "A2"), idx(t, s, "D")
		do(t, s, moveTo(a1, 0, geom.V(11.5, 11.5)))
		do(t, s, act(KindStall, a1, d))
		do(t, s, moveTo(a2, 0, geom.V(12.5, 11.5)))
		if s.phase != phStall {
			t.Fatalf("phase %s: the second charger from the same aspect may be stalled too", s.PhaseName())
		}
		do(t, s, act(KindStall, a2, d))
		toShooting(t, s)
		do(t, s, act(KindFire, d, a1))
		do(t, s, act(KindResolve, d, a1))
		return s, a1, a2, d
	}
	t.Run("two_chargers_same_aspect_one_shot_halts_both", func(t *testing.T) {
		s, a1, a2, d := twoChargers(t)
		roll(t, s, 4) // 5: halted
		if s.U[a1].Stat != Halted || s.U[a2].Stat != Halted {
			t.Fatalf("chargers %s and %s, want both halted", statusNames[s.U[a1].Stat], statusNames[s.U[a2].Stat])
		}
		endPhase(t, s)
		contactTouching(t, s, a1, d, false)
		contactTouching(t, s, a2, d, false)
	})
	t.Run("two_chargers_same_aspect_no_effect_both_close", func(t *testing.T) {
		s, a1, a2, d := twoChargers(t)
		roll(t, s, 1)
		endPhase(t, s)
		contactTouching(t, s, a1, d, true)
		contactTouching(t, s, a2, d, true)
		if ga, _ := meleeDeclare(t, s, d); ga != 1 {
			t.Fatalf("attacker modifier %+d, want +1 overlap", ga)
		}
	})
	t.Run("second_charger_from_another_aspect_not_stalled", func(t *testing.T) {
		s := testGame(t, []UnitSpec{
			unit(0, "A1", LineInfantry, 12, 8, 0),
			unit(0, "A2", LightCavalry, 16, 12.3, 270),
			unit(1, "D", LineInfantry, 12, 12, 180),
		})
		a1, a2, d := idx(t, s, "A1"), idx(t, s, "A2"), idx(t, s, "D")
		do(t, s, moveTo(a1, 0, geom.V(12, 11.5)))
		do(t, s, act(KindStall, a1, d))
		do(t, s, moveTo(a2, 270, geom.V(12.5, 12.3)))
		contactTouching(t, s, a2, d, true)
		if s.phase == phStall {
			t.Fatalf("a unit that already stalls a charge was offered to stall a flank charge too")
		}
	})
	t.Run("disrupted_defender_cannot_stall", func(t *testing.T) {
		s, a, d := contactCharge(t, LineInfantry, LineInfantry, 8)
		s.U[d].Stat = Disrupted
		do(t, s, moveTo(a, 0, geom.V(12, 11.5)))
		if s.phase != phMove {
			t.Fatalf("phase %s, want movement: a disrupted unit may not fire", s.PhaseName())
		}
	})
	t.Run("artillery_defender_may_stall", func(t *testing.T) {
		s, a, d := contactCharge(t, LightCavalry, FootArtillery, 8)
		do(t, s, moveTo(a, 0, geom.V(12, 11.5)))
		if s.phase != phStall {
			t.Fatalf("phase %s, want the artillery's charge response", s.PhaseName())
		}
		do(t, s, act(KindStall, a, d))
		if math.Abs(s.U[a].Pos.Y-10.49) > 0.02 {
			t.Fatalf("charger at y=%.3f, want about 10.49", s.U[a].Pos.Y)
		}
	})
}

// TestContactAtTheTolerance: bases are in contact when less than
// contactTol apart (ruling R-CONTACT), so a move straight ahead that ends
// that close to an enemy is a charge, however the path was measured, and
// the charger is put contactTol/2 from the enemy. D's front edge is at
// y=11.75: A (centre) touches it at y=11.5.
func TestContactAtTheTolerance(t *testing.T) {
	for _, c := range []struct {
		name   string
		gap    float64 // between the bases where the path ends
		charge bool
	}{
		{"ending_0.015_apart_charges", 0.015, true},
		{"ending_exactly_the_tolerance_apart_charges", contactTol, true},
		{"ending_0.025_apart_is_no_contact", 0.025, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, a, d := contactCharge(t, LineInfantry, LineInfantry, 8)
			do(t, s, moveTo(a, 0, geom.V(12, 11.5-c.gap)))
			contactTouching(t, s, a, d, c.charge)
			want := 11.5 - c.gap
			if c.charge {
				want = 11.5 - contactTol/2
			}
			movementAt(t, s, a, geom.V(12, want))
		})
	}
}

// TestContactAtTheToleranceOnTheFullAllowance: the little way a move
// ending within the contact tolerance is carried on into contact costs
// nothing (ruling R-CONTACT), so a move that uses its whole allowance and
// ends that close to an enemy charges; one that would need more is refused.
func TestContactAtTheToleranceOnTheFullAllowance(t *testing.T) {
	for _, c := range []struct {
		name string
		gap  float64 // between the bases where the path ends
		over float64 // the path's length beyond the allowance
		want string  // "" for a charge, else the refusal
	}{
		{"ending_0.015_apart_charges", 0.015, 0, ""},
		{"ending_at_the_tolerance_charges", contactTol, 0, ""},
		{"longer_than_the_allowance_refused", 0.015, 0.01, "longer than the unit's movement allowance"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, a, d := contactCharge(t, LineInfantry, LineInfantry, 8)
			m := s.prof(a).Move
			y0 := 11.5 - c.gap - m - c.over
			s.U[a].Pos = geom.V(12, y0)
			mv := moveTo(a, 0, geom.V(12, 11.5-c.gap))
			if c.want != "" {
				refuse(t, s, mv, c.want)
				return
			}
			do(t, s, mv)
			contactTouching(t, s, a, d, true)
			movementAt(t, s, a, geom.V(12, 11.5-contactTol/2))
		})
	}
}

// TestFollowUpContactAtTheTolerance: a follow-up that ends within the
// contact tolerance of an enemy has contacted it, and the melee follows
// ("If this follow up move contacts another enemy unit then another melee
// is performed"; rulings R-FOLLOWUP, R-CONTACT). A's full 6" follow-up
// ends with its front edge at y=16.25.
func TestFollowUpContactAtTheTolerance(t *testing.T) {
	for _, c := range []struct {
		name  string
		gap   float64
		melee bool
	}{
		{"ending_0.015_short_contacts", 0.015, true},
		{"ending_exactly_the_tolerance_short_contacts", contactTol, true},
		{"ending_0.025_short_does_not", 0.025, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := meleeGame(t, []UnitSpec{
				unit(0, "A", HeavyCavalry, 12, 10, 0),
				unit(1, "D1", LightCavalry, 12, 10.51, 180),
				unit(1, "D2", LightCavalry, 12, 16.5+c.gap, 180),
			})
			a, d1, d2 := idx(t, s, "A"), idx(t, s, "D1"), idx(t, s, "D2")
			meleeDeclare(t, s, d1)
			roll(t, s, 4, 2) // 6 against 1: destroyed, voluntary follow-up
			f := act(KindFollowUp, a, NoUnit)
			f.Arg = 1
			do(t, s, f)
			if got := s.ToMove() == engine.Chance && int(s.mDefPrimary) == d2; got != c.melee {
				t.Fatalf("follow-up to %v, D2 %v apart: melee %v, want %v", s.U[a].Pos, c.gap, got, c.melee)
			}
			if c.melee {
				movementAt(t, s, a, geom.V(12, 16+c.gap-contactTol/2))
			} else {
				movementAt(t, s, a, geom.V(12, 16))
			}
		})
	}
}

// TestFollowUpContactStops: a follow-up that runs into an enemy stops at
// the contact and the melee follows, wherever along the follow-up the
// enemy stands (ruling R-FOLLOWUP). The contact's fraction of the move
// once failed to survive the sampling for ground (bestT*20/20 rounding
// off bestT), leaving the winner in contact with no melee.
func TestFollowUpContactStops(t *testing.T) {
	for _, y := range []float64{12, 12.0737, 13, 14.2, 16.5} {
		t.Run(fmt.Sprintf("enemy_at_y_%v", y), func(t *testing.T) {
			s := meleeGame(t, []UnitSpec{
				unit(0, "A", HeavyCavalry, 12, 10, 0),
				unit(1, "D1", LightCavalry, 12, 10.51, 180),
				unit(1, "D2", LightCavalry, 12, y, 180),
			})
			a, d1, d2 := idx(t, s, "A"), idx(t, s, "D1"), idx(t, s, "D2")
			meleeDeclare(t, s, d1)
			roll(t, s, 4, 2) // 6 against 1: destroyed, voluntary follow-up
			f := act(KindFollowUp, a, NoUnit)
			f.Arg = 1
			do(t, s, f)
			if s.ToMove() != engine.Chance || int(s.mDefPrimary) != d2 {
				t.Fatalf("follow-up to %v, D2 at y %v: no melee with D2 (%s)", s.U[a].Pos, y, s.DescribeRoll())
			}
			movementAt(t, s, a, geom.V(12, y-0.5-contactTol/2))
		})
	}
}
