package twobytwo

import (
	"fmt"
	"math"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// Tests of "Movement": rates by type, terrain modifiers, blocking, and the
// restrictions of pinned and disrupted units. Every game here is a fixed
// set-up in which side 0 moves first.

const movementTooFar = "longer than the unit's movement allowance"

// movementAt fails the test unless unit i stands at p.
func movementAt(t *testing.T, s *State, i int, p geom.Vec) {
	t.Helper()
	if got := s.U[i].Pos; got.Dist(p) > 1e-6 {
		t.Fatalf("%s is at (%.3f, %.3f), want (%.3f, %.3f)", s.label(i), got.X, got.Y, p.X, p.Y)
	}
}

// movementFacing fails the test unless unit i faces deg.
func movementFacing(t *testing.T, s *State, i int, deg float64) {
	t.Helper()
	if got := geom.FacingOf(s.U[i].Dir); math.Abs(geom.AngleDiff(got, deg)) > 1e-6 {
		t.Fatalf("%s faces %.2f, want %.2f", s.label(i), got, deg)
	}
}

// movementSlide is a KindSlide move: the unit keeps its facing.
func movementSlide(i int, facing float64, pts ...geom.Vec) engine.Action {
	a := moveTo(i, facing, pts...)
	a.Kind = KindSlide
	return a
}

// TestMovementRates: "Movement rates" (paces / 300 = inches). Every type
// may move exactly its rate straight ahead and not a tenth of an inch more.
func TestMovementRates(t *testing.T) {
	cases := []struct {
		typ  UnitType
		rate float64
	}{
		{LineInfantry, 4},
		{EliteInfantry, 5},
		{LightInfantry, 6},
		{Militia, 4},
		{CorpsHQ, 10},
		{DivisionHQ, 10},
		{HeavyCavalry, 6},
		{MediumCavalry, 7},
		{LightCavalry, 8},
		{Lancers, 8},
		{Cossacks, 10},
		{FootArtillery, 4},
		{HorseArtillery, 6},
		{SiegeArtillery, 3},
		{EliteArtillery, 3.5},
		{IrregularShooters, 6},
		{IrregularWarband, 6},
		{EliteCavalry, 7}, // ruling R-ELITECAV: as medium cavalry
	}
	for _, c := range cases {
		name := fmt.Sprintf("%s_%g_inches", c.typ.Profile().Code, c.rate)
		t.Run(name, func(t *testing.T) {
			s := testGame(t, []UnitSpec{unit(0, "U", c.typ, 6, 2, 0)})
			u := idx(t, s, "U")
			refuse(t, s, moveTo(u, 0, geom.V(6, 2+c.rate+0.1)), movementTooFar)
			do(t, s, moveTo(u, 0, geom.V(6, 2+c.rate)))
			movementAt(t, s, u, geom.V(6, 2+c.rate))
		})
	}
}

// TestMovementTerrain: the terrain modifiers of "Movement: Modifiers".
func TestMovementTerrain(t *testing.T) {
	road := Feature{Kind: Road, Points: []geom.Vec{{X: 6, Y: 0}, {X: 6, Y: 24}}}
	t.Run("road_+1_when_whole_move_on_road", func(t *testing.T) {
		s := testGame(t, []UnitSpec{unit(0, "U", LineInfantry, 6, 2, 0)}, road)
		u := idx(t, s, "U")
		refuse(t, s, moveTo(u, 0, geom.V(6, 7.1)), movementTooFar)
		do(t, s, moveTo(u, 0, geom.V(6, 7)))
		movementAt(t, s, u, geom.V(6, 7))
	})
	t.Run("road_no_bonus_when_part_of_move_off_road", func(t *testing.T) {
		s := testGame(t, []UnitSpec{unit(0, "U", LineInfantry, 6, 2, 0)}, road)
		u := idx(t, s, "U")
		// 3.5" along the road then 1" off it: 4.5" needs the road bonus.
		refuse(t, s, moveTo(u, 90, geom.V(6, 5.5), geom.V(7, 5.5)), movementTooFar)
		do(t, s, moveTo(u, 90, geom.V(6, 5), geom.V(7, 5)))
	})
	t.Run("road_no_bonus_through_town", func(t *testing.T) {
		town := Feature{Kind: Town, Points: []geom.Vec{{X: 5, Y: 3}, {X: 7, Y: 3}, {X: 7, Y: 4}, {X: 5, Y: 4}}}
		s := testGame(t, []UnitSpec{unit(0, "U", LineInfantry, 6, 1, 0)}, road, town)
		u := idx(t, s, "U")
		// 4" along the road, 1" of it in the town at half rate: costs 5",
		// which the road bonus would allow but a town denies.
		refuse(t, s, moveTo(u, 0, geom.V(6, 5)), movementTooFar)
		do(t, s, moveTo(u, 0, geom.V(6, 4)))
	})
	t.Run("stream_costs_+1", func(t *testing.T) {
		stream := Feature{Kind: Stream, Points: []geom.Vec{{X: 0, Y: 4}, {X: 24, Y: 4}}}
		s := testGame(t, []UnitSpec{unit(0, "U", LineInfantry, 10, 2, 0)}, stream)
		u := idx(t, s, "U")
		refuse(t, s, moveTo(u, 0, geom.V(10, 5.1)), movementTooFar)
		do(t, s, moveTo(u, 0, geom.V(10, 5)))
	})
	t.Run("bridge_half_rate_unless_on_road_all_move", func(t *testing.T) {
		stream := Feature{Kind: Stream, Points: []geom.Vec{{X: 0, Y: 4}, {X: 24, Y: 4}}}
		s := testGame(t, []UnitSpec{
			unit(0, "OnRoad", LineInfantry, 6, 2, 0),
			unit(0, "OffRoad", LineInfantry, 7.5, 2, 0),
		}, road, stream)
		on, off := idx(t, s, "OnRoad"), idx(t, s, "OffRoad")
		// In road column the whole move: full rate with the road bonus.
		do(t, s, moveTo(on, 0, geom.V(6, 7)))
		// Joining the road and crossing by the bridge: half rate (2").
		refuse(t, s, moveTo(off, 0, geom.V(6, 2.5), geom.V(6, 4.5)), movementTooFar)
	})
	t.Run("town_half_rate", func(t *testing.T) {
		town := Feature{Kind: Town, Points: []geom.Vec{{X: 3, Y: 3}, {X: 11, Y: 3}, {X: 11, Y: 11}, {X: 3, Y: 11}}}
		s := testGame(t, []UnitSpec{unit(0, "U", LineInfantry, 7, 5, 0)}, town)
		u := idx(t, s, "U")
		refuse(t, s, moveTo(u, 0, geom.V(7, 7.1)), movementTooFar)
		do(t, s, moveTo(u, 0, geom.V(7, 7)))
	})
	wood := Feature{Kind: Wood, Points: []geom.Vec{{X: 2, Y: 4}, {X: 12, Y: 4}, {X: 12, Y: 14}, {X: 2, Y: 14}}}
	t.Run("woods_impassable", func(t *testing.T) {
		for _, typ := range []UnitType{LineInfantry, EliteInfantry, Militia, HeavyCavalry, LightCavalry, FootArtillery, DivisionHQ} {
			s := testGame(t, []UnitSpec{unit(0, "U", typ, 7, 2, 0)}, wood)
			u := idx(t, s, "U")
			refuse(t, s, moveTo(u, 0, geom.V(7, 4.5)), "woods are impassable")
			do(t, s, moveTo(u, 0, geom.V(7, 3.75)))
		}
	})
	t.Run("woods_passable_to_light_infantry", func(t *testing.T) {
		s := testGame(t, []UnitSpec{unit(0, "U", LightInfantry, 7, 2, 0)}, wood)
		u := idx(t, s, "U")
		do(t, s, moveTo(u, 0, geom.V(7, 8)))
		movementAt(t, s, u, geom.V(7, 8))
	})
	t.Run("woods_cossacks_at_half_rate", func(t *testing.T) {
		s := testGame(t, []UnitSpec{unit(0, "U", Cossacks, 7, 5, 0)}, wood)
		u := idx(t, s, "U")
		refuse(t, s, moveTo(u, 0, geom.V(7, 10.1)), movementTooFar)
		do(t, s, moveTo(u, 0, geom.V(7, 10)))
	})
	t.Run("hedges_and_copses_cost_nothing", func(t *testing.T) {
		hedge := Feature{Kind: Hedge, Points: []geom.Vec{{X: 8, Y: 4}, {X: 12, Y: 4}}}
		copse := Feature{Kind: Copse, Centre: geom.V(10, 5), Radius: 0.5}
		s := testGame(t, []UnitSpec{unit(0, "U", LineInfantry, 10, 2, 0)}, hedge, copse)
		u := idx(t, s, "U")
		do(t, s, moveTo(u, 0, geom.V(10, 6)))
	})
}

// TestMovementRestrictions: who may move and where.
func TestMovementRestrictions(t *testing.T) {
	t.Run("no_moving_through_other_units", func(t *testing.T) {
		s := testGame(t, []UnitSpec{
			unit(0, "U", LineInfantry, 6, 2, 0),
			unit(0, "Friend", LineInfantry, 6, 4, 0),
		})
		u := idx(t, s, "U")
		refuse(t, s, moveTo(u, 0, geom.V(6, 6)), "may not move through other units")
		// Going round is fine.
		do(t, s, moveTo(u, 0, geom.V(7.5, 3), geom.V(7.5, 5)))
	})
	t.Run("no_ending_on_another_unit", func(t *testing.T) {
		s := testGame(t, []UnitSpec{
			unit(0, "U", LineInfantry, 6, 2, 0),
			unit(0, "Friend", LineInfantry, 7.5, 4, 0),
		})
		u := idx(t, s, "U")
		refuse(t, s, moveTo(u, 90, geom.V(6, 4), geom.V(7, 4)), "through other units")
	})
	t.Run("no_moving_off_the_table", func(t *testing.T) {
		s := testGame(t, []UnitSpec{unit(0, "U", LineInfantry, 1, 2, 0)})
		u := idx(t, s, "U")
		refuse(t, s, moveTo(u, 270, geom.V(0.2, 2)), "leave the table")
	})
	t.Run("wheel_and_pivot_free", func(t *testing.T) {
		s := testGame(t, []UnitSpec{unit(0, "U", LineInfantry, 6, 2, 0)})
		u := idx(t, s, "U")
		// 2" east then 2" north and a final turn: 4" in all.
		do(t, s, moveTo(u, 270, geom.V(8, 2), geom.V(8, 4)))
		movementAt(t, s, u, geom.V(8, 4))
		movementFacing(t, s, u, 270)
	})
	t.Run("sideways_costs_double", func(t *testing.T) {
		s := testGame(t, []UnitSpec{unit(0, "U", LineInfantry, 6, 6, 0)})
		u := idx(t, s, "U")
		refuse(t, s, movementSlide(u, 0, geom.V(8.1, 6)), movementTooFar)
		do(t, s, movementSlide(u, 0, geom.V(8, 6)))
		movementAt(t, s, u, geom.V(8, 6))
		movementFacing(t, s, u, 0)
	})
	t.Run("straight_back_at_no_extra_cost", func(t *testing.T) {
		s := testGame(t, []UnitSpec{unit(0, "U", LineInfantry, 6, 6, 0)})
		u := idx(t, s, "U")
		refuse(t, s, movementSlide(u, 0, geom.V(6, 1.9)), movementTooFar)
		do(t, s, movementSlide(u, 0, geom.V(6, 2)))
		movementAt(t, s, u, geom.V(6, 2))
		movementFacing(t, s, u, 0)
	})
	// Ruling R-SLIDE: "straight to the rear (within 10 degrees)" takes in
	// 10 degrees itself; 11 is sideways.
	t.Run("back_at_exactly_10_degrees_off_the_rear_at_no_extra_cost", func(t *testing.T) {
		s := testGame(t, []UnitSpec{unit(0, "U", LineInfantry, 12, 12, 0)})
		u := idx(t, s, "U")
		to := geom.V(12, 12).Add(geom.Heading(190).Scale(3.9))
		do(t, s, movementSlide(u, 0, to))
		movementAt(t, s, u, to)
		movementFacing(t, s, u, 0)
		s = testGame(t, []UnitSpec{unit(0, "U", LineInfantry, 12, 12, 0)})
		refuse(t, s, movementSlide(u, 0, geom.V(12, 12).Add(geom.Heading(191).Scale(3.9))), movementTooFar)
	})
	t.Run("one_move_per_phase", func(t *testing.T) {
		s := testGame(t, []UnitSpec{unit(0, "U", LineInfantry, 6, 2, 0)})
		u := idx(t, s, "U")
		do(t, s, moveTo(u, 0, geom.V(6, 3)))
		refuse(t, s, moveTo(u, 0, geom.V(6, 4)), "may not move")
	})
	t.Run("only_the_phasing_player_moves", func(t *testing.T) {
		s := testGame(t, []UnitSpec{unit(1, "Enemy", LineInfantry, 6, 20, 180)})
		e := idx(t, s, "Enemy")
		refuse(t, s, moveTo(e, 180, geom.V(6, 18)), "not yours to move")
	})
	t.Run("pinned_only_changes_facing", func(t *testing.T) {
		s := testGame(t, []UnitSpec{unit(0, "U", LineInfantry, 6, 2, 0)})
		u := idx(t, s, "U")
		s.U[u].Stat = Pinned
		refuse(t, s, moveTo(u, 0, geom.V(6, 3)), "may not move")
		refuse(t, s, movementSlide(u, 0, geom.V(6, 1.5)), "may not move")
		a := act(KindFace, u, NoUnit)
		a.Facing = 90
		do(t, s, a)
		movementFacing(t, s, u, 90)
		movementAt(t, s, u, geom.V(6, 2))
	})
	t.Run("disrupted_does_not_move_or_turn", func(t *testing.T) {
		s := testGame(t, []UnitSpec{unit(0, "U", LineInfantry, 6, 2, 0)})
		u := idx(t, s, "U")
		s.U[u].Stat = Disrupted
		refuse(t, s, moveTo(u, 0, geom.V(6, 3)), "may not move")
		a := act(KindFace, u, NoUnit)
		a.Facing = 90
		refuse(t, s, a, "may not change facing")
		for _, l := range s.Legal(nil) {
			if l.Unit == uint8(u) && (l.Kind == KindMove || l.Kind == KindFace || l.Kind == KindSlide) {
				t.Fatalf("a disrupted unit is offered %s", s.DescribeAction(l))
			}
		}
	})
	t.Run("halted_moves_normally", func(t *testing.T) {
		s := testGame(t, []UnitSpec{unit(0, "U", LineInfantry, 6, 2, 0)})
		u := idx(t, s, "U")
		s.U[u].Stat = Halted
		do(t, s, moveTo(u, 0, geom.V(6, 6)))
	})
	t.Run("in_contact_may_not_move_away", func(t *testing.T) {
		s := testGame(t, []UnitSpec{
			unit(0, "U", LineInfantry, 6, 6, 0),
			unit(1, "Enemy", LineInfantry, 6, 6.51, 180),
		})
		u := idx(t, s, "U")
		refuse(t, s, moveTo(u, 180, geom.V(6, 3)), "in contact with the enemy")
	})
	// The move check meets the bases in its way before the ground, but
	// the ground is still checked over the whole leg as given: a charge
	// that stops on the enemy short of a wood is refused if the path it
	// was given runs on into the wood.
	t.Run("charge_path_checked_to_its_end", func(t *testing.T) {
		wood := Feature{Kind: Wood, Points: []geom.Vec{{X: 2, Y: 4}, {X: 12, Y: 4}, {X: 12, Y: 14}, {X: 2, Y: 14}}}
		specs := []UnitSpec{
			unit(0, "U", LineInfantry, 7, 1, 0),
			unit(1, "Enemy", LineInfantry, 7, 3.2, 180),
		}
		s := testGame(t, specs, wood)
		u := idx(t, s, "U")
		refuse(t, s, moveTo(u, 0, geom.V(7, 4.5)), "woods are impassable")
		s = testGame(t, specs, wood)
		do(t, s, moveTo(u, 0, geom.V(7, 3)))
		// Contact is made within half the contact tolerance (R-CONTACT).
		movementAt(t, s, u, geom.V(7, 2.7-contactTol/2))
	})
}
