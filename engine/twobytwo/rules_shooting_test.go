package twobytwo

import (
	"fmt"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// Tests of "Artillery/Musket Fire": who may fire at whom, the range bands,
// every modifier of the table and the results. Side 1 shoots in side 0's
// turn; the firer "F" stands at (12, 14) facing south (front edge at
// y=13.75) and a target facing north at (12, 13.5-d) has its front edge d
// inches away.

// shootingGame builds the game and advances to side 1's shooting phase.
func shootingGame(t *testing.T, units []UnitSpec, terrain ...Feature) *State {
	t.Helper()
	s := testGame(t, units, terrain...)
	toShooting(t, s)
	return s
}

// shootingTargetAt is a side 0 target "T" of type typ whose front edge is
// d inches from the firer's.
func shootingTargetAt(typ UnitType, d float64) UnitSpec {
	return unit(0, "T", typ, 12, 13.5-d, 0)
}

// shootingDeclare fires f at tg with the given supports and resolves the
// shot up to the pending die; it returns the total modifier.
func shootingDeclare(t *testing.T, s *State, f, tg int, supports ...int) int {
	t.Helper()
	do(t, s, act(KindFire, f, tg))
	for _, k := range supports {
		do(t, s, act(KindSupport, k, tg))
	}
	do(t, s, act(KindResolve, f, tg))
	if s.ToMove() != engine.Chance || !strings.HasPrefix(s.DescribeRoll(), "1d6 shooting") {
		t.Fatalf("no shooting die pending: %s", s.DescribeRoll())
	}
	return int(s.chMod)
}

// TestShootingRanges: "Shooting ranges" for each artillery type (canister
// +1, normal 0, long -1) and for firearms (1", 2" screened, bows 1/2").
func TestShootingRanges(t *testing.T) {
	arty := []struct {
		typ                    UnitType
		canister, normal, long float64
	}{
		{SiegeArtillery, 2, 5, 9},
		{EliteArtillery, 1.75, 4.5, 8.5},
		{FootArtillery, 1.5, 4, 8},
		{HorseArtillery, 1.5, 3, 6},
	}
	for _, a := range arty {
		code := a.typ.Profile().Code
		bands := []struct {
			name string
			d    float64
			want int
		}{
			{fmt.Sprintf("%s_canister_%g_+1", code, a.canister), a.canister, 1},
			{fmt.Sprintf("%s_normal_beyond_canister_0", code), a.canister + 0.05, 0},
			{fmt.Sprintf("%s_normal_%g_0", code, a.normal), a.normal, 0},
			{fmt.Sprintf("%s_long_beyond_normal_-1", code), a.normal + 0.05, -1},
			{fmt.Sprintf("%s_long_%g_-1", code, a.long), a.long, -1},
		}
		for _, b := range bands {
			t.Run(b.name, func(t *testing.T) {
				s := shootingGame(t, []UnitSpec{unit(1, "F", a.typ, 12, 14, 180), shootingTargetAt(LineInfantry, b.d)})
				if got := shootingDeclare(t, s, idx(t, s, "F"), idx(t, s, "T")); got != b.want {
					t.Fatalf("modifier %+d at %.2f\", want %+d", got, b.d, b.want)
				}
			})
		}
		t.Run(fmt.Sprintf("%s_out_of_range_beyond_%g", code, a.long), func(t *testing.T) {
			s := shootingGame(t, []UnitSpec{unit(1, "F", a.typ, 12, 14, 180), shootingTargetAt(LineInfantry, a.long+0.05)})
			refuse(t, s, act(KindFire, idx(t, s, "F"), idx(t, s, "T")), "may not fire")
		})
	}
	firearms := []struct {
		name string
		spec UnitSpec
		max  float64
	}{
		{"firearms_1_inch", unit(1, "F", LineInfantry, 12, 14, 180), 1},
		{"firearms_screened_2_inches", func() UnitSpec { u := unit(1, "F", LineInfantry, 12, 14, 180); u.Screened = true; return u }(), 2},
		{"irregular_shooters_1_inch", unit(1, "F", IrregularShooters, 12, 14, 180), 1},
		{"bows_half_inch", func() UnitSpec { u := unit(1, "F", IrregularShooters, 12, 14, 180); u.Bows = true; return u }(), 0.5},
		{"light_infantry_1_inch", unit(1, "F", LightInfantry, 12, 14, 180), 1},
		{"elite_infantry_1_inch", unit(1, "F", EliteInfantry, 12, 14, 180), 1},
		{"militia_1_inch", unit(1, "F", Militia, 12, 14, 180), 1},
	}
	for _, c := range firearms {
		t.Run(c.name, func(t *testing.T) {
			s := shootingGame(t, []UnitSpec{c.spec, shootingTargetAt(LineInfantry, c.max)})
			shootingDeclare(t, s, idx(t, s, "F"), idx(t, s, "T"))
			s = shootingGame(t, []UnitSpec{c.spec, shootingTargetAt(LineInfantry, c.max+0.05)})
			refuse(t, s, act(KindFire, idx(t, s, "F"), idx(t, s, "T")), "may not fire")
		})
	}
	for _, typ := range []UnitType{CorpsHQ, DivisionHQ, HeavyCavalry, LightCavalry, Cossacks, IrregularWarband} {
		t.Run("may_not_shoot_"+typ.Profile().Code, func(t *testing.T) {
			s := shootingGame(t, []UnitSpec{unit(1, "F", typ, 12, 14, 180), shootingTargetAt(LineInfantry, 0.5)})
			refuse(t, s, act(KindFire, idx(t, s, "F"), idx(t, s, "T")), "may not fire")
		})
	}
}

// TestShootingModifiers: one subtest per line of the shooting modifier
// table. The artillery baseline (foot artillery at 2", normal range, at
// line infantry in the open) is 0; the musket baseline (line infantry at
// 0.7") is +1 for the first volley.
func TestShootingModifiers(t *testing.T) {
	fa := unit(1, "F", FootArtillery, 12, 14, 180)
	li := unit(1, "F", LineInfantry, 12, 14, 180)
	tgt := shootingTargetAt(LineInfantry, 2)
	close := shootingTargetAt(LineInfantry, 0.7)
	with := func(u UnitSpec, f func(*UnitSpec)) UnitSpec { f(&u); return u }
	poly := func(x0, y0, x1, y1 float64) []geom.Vec {
		return []geom.Vec{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}
	}
	cases := []struct {
		name     string
		units    []UnitSpec
		terrain  []Feature
		prep     func(t *testing.T, s *State)
		supports []string
		want     int
	}{
		{name: "baseline_artillery_0", units: []UnitSpec{fa, tgt}, want: 0},
		{name: "baseline_musket_first_volley_+1", units: []UnitSpec{li, close}, want: 1},
		{name: "enfilade_+2", units: []UnitSpec{fa, unit(0, "T", LineInfantry, 13, 11.5, 90)}, want: 2},
		{name: "target_is_cavalry_+2", units: []UnitSpec{fa, shootingTargetAt(HeavyCavalry, 2)}, want: 2},
		{name: "firer_is_large_+1", units: []UnitSpec{with(fa, func(u *UnitSpec) { u.Large = true }), tgt}, want: 1},
		{name: "firer_screened_by_skirmishers_+1", units: []UnitSpec{with(li, func(u *UnitSpec) { u.Screened = true }), close}, want: 2},
		{name: "screened_no_bonus_if_target_also_screened", units: []UnitSpec{
			with(li, func(u *UnitSpec) { u.Screened = true }), with(close, func(u *UnitSpec) { u.Screened = true })}, want: 1},
		{name: "hq_in_base_contact_with_firer_+1", units: []UnitSpec{fa, tgt, unit(1, "HQ", DivisionHQ, 12, 14.51, 180)}, want: 1},
		{name: "extra_hqs_add_nothing", units: []UnitSpec{fa, tgt, unit(1, "HQ", DivisionHQ, 12, 14.51, 180), unit(1, "HQ2", DivisionHQ, 10.99, 14, 180)}, want: 1},
		{name: "muskets_first_volley_+1_not_when_pinned", units: []UnitSpec{li, close},
			prep: func(t *testing.T, s *State) { s.U[idx(t, s, "F")].Stat = Pinned }, want: 0},
		{name: "artillery_no_first_volley", units: []UnitSpec{fa, close}, want: 1}, // canister +1 only
		{name: "supporting_fire_+1_per_extra_unit", units: []UnitSpec{fa, tgt,
			unit(1, "S1", FootArtillery, 10.5, 14, 180), unit(1, "S2", FootArtillery, 13.5, 14, 180)},
			supports: []string{"S1", "S2"}, want: 2},
		{name: "supporting_fire_one_extra_+1", units: []UnitSpec{fa, tgt, unit(1, "S1", FootArtillery, 10.5, 14, 180)},
			supports: []string{"S1"}, want: 1},
		{name: "target_is_disrupted_+1", units: []UnitSpec{fa, tgt},
			prep: func(t *testing.T, s *State) { s.U[idx(t, s, "T")].Stat = Disrupted }, want: 1},
		{name: "target_is_downhill_of_shooter_+1", units: []UnitSpec{fa, tgt},
			terrain: []Feature{{Kind: Hill, Points: poly(10, 13, 14, 15)}}, want: 1},
		{name: "target_uphill_no_bonus", units: []UnitSpec{fa, tgt},
			terrain: []Feature{{Kind: Hill, Points: poly(10, 10.5, 14, 12)}}, want: 0},
		{name: "target_is_fired_on_flank_+1", units: []UnitSpec{fa, unit(0, "T", LineInfantry, 12, 11.5, 90)}, want: 1},
		{name: "firer_is_small_-1", units: []UnitSpec{with(fa, func(u *UnitSpec) { u.Small = true }), tgt}, want: -1},
		{name: "irregular_shooters_-1", units: []UnitSpec{unit(1, "F", IrregularShooters, 12, 14, 180), close}, want: 0},
		{name: "target_infantry_at_edge_of_town_-1", units: []UnitSpec{fa, tgt},
			terrain: []Feature{{Kind: Town, Points: poly(11, 10, 13, 11.4)}}, want: -1},
		{name: "target_infantry_at_edge_of_woods_-1", units: []UnitSpec{fa, tgt},
			terrain: []Feature{{Kind: Wood, Points: poly(11, 9, 13, 11.25)}}, want: -1},
		{name: "target_light_infantry_at_edge_of_woods_-1", units: []UnitSpec{fa, shootingTargetAt(LightInfantry, 2)},
			terrain: []Feature{{Kind: Wood, Points: poly(11, 9, 13, 11.4)}}, want: -1 - 1},
		// Ruling R-COVER: a town is the document's example of cover, so a
		// unit in one gets that row (-1) and not also the edge row.
		{name: "target_infantry_in_town_-1_cover_only", units: []UnitSpec{fa, tgt},
			terrain: []Feature{{Kind: Town, Points: poly(10, 10, 14, 12.5)}}, want: -1},
		{name: "target_infantry_in_town_behind_hedge_-1_one_cover_row", units: []UnitSpec{fa, tgt},
			terrain: []Feature{{Kind: Town, Points: poly(10, 10, 14, 12.5)}, {Kind: Hedge, Points: []geom.Vec{{X: 10, Y: 12.2}, {X: 14, Y: 12.2}}}}, want: -1},
		{name: "target_infantry_in_town_at_edge_of_woods_-2", units: []UnitSpec{fa, tgt},
			terrain: []Feature{{Kind: Town, Points: poly(10, 10, 12.6, 12.5)}, {Kind: Wood, Points: poly(12.51, 10, 15, 12)}}, want: -2},
		{name: "target_infantry_at_edge_of_town_behind_hedge_-2", units: []UnitSpec{fa, tgt},
			terrain: []Feature{{Kind: Town, Points: poly(11, 10, 13, 11.4)}, {Kind: Hedge, Points: []geom.Vec{{X: 10, Y: 12.2}, {X: 14, Y: 12.2}}}}, want: -2},
		{name: "target_infantry_behind_hedge_-1", units: []UnitSpec{fa, tgt},
			terrain: []Feature{{Kind: Hedge, Points: []geom.Vec{{X: 10, Y: 12.2}, {X: 14, Y: 12.2}}}}, want: -1},
		{name: "hedge_far_from_target_no_cover", units: []UnitSpec{fa, tgt},
			terrain: []Feature{{Kind: Hedge, Points: []geom.Vec{{X: 10, Y: 13.2}, {X: 14, Y: 13.2}}}}, want: 0},
		{name: "cavalry_never_gets_cover", units: []UnitSpec{fa, shootingTargetAt(HeavyCavalry, 2)},
			terrain: []Feature{{Kind: Hedge, Points: []geom.Vec{{X: 10, Y: 12.2}, {X: 14, Y: 12.2}}}}, want: 2},
		{name: "target_is_light_infantry_-1", units: []UnitSpec{fa, shootingTargetAt(LightInfantry, 2)}, want: -1},
		{name: "bows_no_first_volley", units: []UnitSpec{with(unit(1, "F", IrregularShooters, 12, 14, 180), func(u *UnitSpec) { u.Bows = true }), shootingTargetAt(LineInfantry, 0.4)}, want: -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := shootingGame(t, c.units, c.terrain...)
			if c.prep != nil {
				c.prep(t, s)
			}
			var sup []int
			for _, l := range c.supports {
				sup = append(sup, idx(t, s, l))
			}
			got := shootingDeclare(t, s, idx(t, s, "F"), idx(t, s, "T"), sup...)
			if got != c.want {
				t.Fatalf("modifier %+d, want %+d (%s)", got, c.want, s.DescribeRoll())
			}
		})
	}
}

// TestShootingOutOfFlankOrRear: "Shooting out of flank or rear -2", which
// arises when a unit charged in the flank stalls the charge with fire.
func TestShootingOutOfFlankOrRear(t *testing.T) {
	stallShot := func(t *testing.T, from geom.Vec, facing float64, to geom.Vec) int {
		s := testGame(t, []UnitSpec{
			unit(0, "A", LightCavalry, from.X, from.Y, facing),
			unit(1, "B", FootArtillery, 12, 12, 180),
		})
		a, b := idx(t, s, "A"), idx(t, s, "B")
		do(t, s, moveTo(a, facing, to))
		if s.phase != phStall {
			t.Fatalf("phase %s, want the charge response", s.PhaseName())
		}
		do(t, s, act(KindStall, a, b))
		toShooting(t, s)
		return shootingDeclare(t, s, b, a)
	}
	// Canister +1 and cavalry +2 in both cases.
	t.Run("charger_on_the_front_no_penalty", func(t *testing.T) {
		if got := stallShot(t, geom.V(12, 8), 0, geom.V(12, 11.5)); got != 3 {
			t.Fatalf("modifier %+d, want +3", got)
		}
	})
	t.Run("shooting_out_of_flank_-2", func(t *testing.T) {
		if got := stallShot(t, geom.V(16, 12), 270, geom.V(12.5, 12)); got != 1 {
			t.Fatalf("modifier %+d, want +1", got)
		}
	})
}

// TestShootingTargets: who may shoot at whom.
func TestShootingTargets(t *testing.T) {
	fa := unit(1, "F", FootArtillery, 12, 14, 180)
	tgt := shootingTargetAt(LineInfantry, 2)
	t.Run("only_the_non_phasing_player_shoots", func(t *testing.T) {
		s := shootingGame(t, []UnitSpec{fa, tgt, unit(0, "G", FootArtillery, 9, 9, 0), unit(1, "E", LineInfantry, 9, 11.5, 180)})
		if int(s.actor) != 1 {
			t.Fatalf("side %d shoots in side 0's turn, want side 1", s.actor)
		}
		refuse(t, s, act(KindFire, idx(t, s, "G"), idx(t, s, "E")), "may not fire")
		shootingDeclare(t, s, idx(t, s, "F"), idx(t, s, "T"))
	})
	t.Run("priority_to_the_unit_immediately_in_front", func(t *testing.T) {
		s := shootingGame(t, []UnitSpec{
			unit(1, "F", LineInfantry, 12, 14, 180),
			unit(0, "Front", LineInfantry, 12, 13, 0),
			unit(0, "Side", LineInfantry, 13.2, 13, 0),
		})
		f, front, side := idx(t, s, "F"), idx(t, s, "Front"), idx(t, s, "Side")
		refuse(t, s, act(KindFire, f, side), "immediately to its front")
		for _, a := range s.Legal(nil) {
			if a.Kind == KindFire && int(a.Unit) == f && int(a.Target) != front {
				t.Fatalf("F is offered %s", s.DescribeAction(a))
			}
		}
		shootingDeclare(t, s, f, front)
	})
	t.Run("free_choice_with_nobody_immediately_in_front", func(t *testing.T) {
		s := shootingGame(t, []UnitSpec{
			unit(1, "F", LineInfantry, 12, 14, 180),
			unit(0, "Side", LineInfantry, 13.2, 13, 0),
		})
		shootingDeclare(t, s, idx(t, s, "F"), idx(t, s, "Side"))
	})
	t.Run("field_of_fire_to_the_front_only", func(t *testing.T) {
		s := shootingGame(t, []UnitSpec{fa,
			unit(0, "Behind", LineInfantry, 12, 16, 0),
			unit(0, "Beside", LineInfantry, 14, 14, 0),
		})
		f := idx(t, s, "F")
		refuse(t, s, act(KindFire, f, idx(t, s, "Behind")), "may not fire")
		refuse(t, s, act(KindFire, f, idx(t, s, "Beside")), "may not fire")
	})
	t.Run("line_of_sight_blocked_by_a_unit_in_between", func(t *testing.T) {
		s := shootingGame(t, []UnitSpec{fa, tgt, unit(1, "Friend", LineInfantry, 12.4, 12.8, 180)})
		refuse(t, s, act(KindFire, idx(t, s, "F"), idx(t, s, "T")), "may not fire")
	})
	for _, f := range []Feature{
		{Kind: Copse, Centre: geom.V(12, 12.8), Radius: 0.3},
		{Kind: Wood, Points: []geom.Vec{{X: 11, Y: 12.5}, {X: 13, Y: 12.5}, {X: 13, Y: 13}, {X: 11, Y: 13}}},
		{Kind: Town, Points: []geom.Vec{{X: 11, Y: 12.5}, {X: 13, Y: 12.5}, {X: 13, Y: 13}, {X: 11, Y: 13}}},
		{Kind: Hill, Points: []geom.Vec{{X: 11, Y: 12.5}, {X: 13, Y: 12.5}, {X: 13, Y: 13}, {X: 11, Y: 13}}},
	} {
		t.Run("line_of_sight_blocked_by_"+f.Kind.String(), func(t *testing.T) {
			s := shootingGame(t, []UnitSpec{fa, tgt}, f)
			refuse(t, s, act(KindFire, idx(t, s, "F"), idx(t, s, "T")), "may not fire")
		})
	}
	t.Run("no_fire_into_contact", func(t *testing.T) {
		s := shootingGame(t, []UnitSpec{fa, tgt, unit(1, "X", LineInfantry, 13.01, 11.5, 0)})
		refuse(t, s, act(KindFire, idx(t, s, "F"), idx(t, s, "T")), "may not fire")
	})
	t.Run("no_fire_out_of_contact", func(t *testing.T) {
		s := shootingGame(t, []UnitSpec{fa, tgt, unit(0, "E", LineInfantry, 13.01, 14, 0)})
		refuse(t, s, act(KindFire, idx(t, s, "F"), idx(t, s, "T")), "may not fire")
	})
	t.Run("disrupted_may_not_fire", func(t *testing.T) {
		s := shootingGame(t, []UnitSpec{fa, tgt})
		s.U[idx(t, s, "F")].Stat = Disrupted
		refuse(t, s, act(KindFire, idx(t, s, "F"), idx(t, s, "T")), "may not fire")
	})
	t.Run("pinned_fires_normally", func(t *testing.T) {
		s := shootingGame(t, []UnitSpec{fa, tgt})
		s.U[idx(t, s, "F")].Stat = Pinned
		shootingDeclare(t, s, idx(t, s, "F"), idx(t, s, "T"))
	})
	t.Run("support_must_have_the_target_to_its_front", func(t *testing.T) {
		s := shootingGame(t, []UnitSpec{fa, tgt,
			unit(1, "S1", FootArtillery, 9, 14, 180),
			unit(0, "E", LineInfantry, 9, 12.5, 0),
		})
		do(t, s, act(KindFire, idx(t, s, "F"), idx(t, s, "T")))
		refuse(t, s, act(KindSupport, idx(t, s, "S1"), idx(t, s, "T")), "cannot support")
	})
	t.Run("once_per_turn", func(t *testing.T) {
		s := shootingGame(t, []UnitSpec{fa, tgt})
		f, tg := idx(t, s, "F"), idx(t, s, "T")
		shootingDeclare(t, s, f, tg)
		roll(t, s, 1)
		refuse(t, s, act(KindFire, f, tg), "may not fire")
	})
	t.Run("a_unit_that_fired_may_not_support", func(t *testing.T) {
		s := shootingGame(t, []UnitSpec{fa, tgt, unit(1, "S1", FootArtillery, 10.5, 14, 180)})
		f, tg, s1 := idx(t, s, "F"), idx(t, s, "T"), idx(t, s, "S1")
		shootingDeclare(t, s, s1, tg)
		roll(t, s, 1)
		do(t, s, act(KindFire, f, tg))
		refuse(t, s, act(KindSupport, s1, tg), "cannot support")
	})
}

// TestShootingResults: "Resolving shooting". Foot artillery at 2" against
// heavy cavalry: modifier +2, so a die of d totals d+2.
func TestShootingResults(t *testing.T) {
	setup := func(t *testing.T) (*State, int, int) {
		s := shootingGame(t, []UnitSpec{unit(1, "F", FootArtillery, 12, 14, 180), shootingTargetAt(HeavyCavalry, 2)})
		f, tg := idx(t, s, "F"), idx(t, s, "T")
		if m := shootingDeclare(t, s, f, tg); m != 2 {
			t.Fatalf("modifier %+d, want +2", m)
		}
		return s, f, tg
	}
	status := []struct {
		name string
		die  int
		want uint8
	}{
		{"4_or_less_no_effect", 2, Ordered},
		{"5_halted", 3, Halted},
		{"6_pinned", 4, Pinned},
		{"7_disrupted", 5, Disrupted},
	}
	for _, c := range status {
		t.Run(c.name, func(t *testing.T) {
			s, _, tg := setup(t)
			roll(t, s, c.die)
			if s.U[tg].Stat != c.want || s.U[tg].Loc != LocTable {
				t.Fatalf("target %s, want %s", statusNames[s.U[tg].Stat], statusNames[c.want])
			}
			if s.U[tg].Pos != geom.V(12, 11.5) {
				t.Fatalf("target moved to %v", s.U[tg].Pos)
			}
		})
	}
	t.Run("8+_rout_moves_full_move_away_disrupted", func(t *testing.T) {
		s, _, tg := setup(t)
		roll(t, s, 6)
		if s.ToMove() != engine.Chance || !strings.Contains(s.DescribeRoll(), "destroyed on 1 or 2") {
			t.Fatalf("no rout test pending: %s", s.DescribeRoll())
		}
		roll(t, s, 3)
		if s.U[tg].Loc != LocTable || s.U[tg].Stat != Disrupted {
			t.Fatalf("routed target: loc %d status %s", s.U[tg].Loc, statusNames[s.U[tg].Stat])
		}
		movementAt(t, s, tg, geom.V(12, 5.5))
	})
	t.Run("8+_rout_destroyed_on_1_or_2", func(t *testing.T) {
		for _, d := range []int{1, 2} {
			s, _, tg := setup(t)
			roll(t, s, 6)
			roll(t, s, d)
			if s.U[tg].Loc != LocDestroyed || s.Destroyed(0) != 1 {
				t.Fatalf("rout test %d: loc %d, destroyed %d", d, s.U[tg].Loc, s.Destroyed(0))
			}
		}
	})
	t.Run("halted_clears_at_the_end_of_the_turn", func(t *testing.T) {
		s, _, tg := setup(t)
		roll(t, s, 3)
		endPhase(t, s) // end shooting; no melee: side 1's turn begins
		if s.Phasing() != 1 || s.U[tg].Stat != Ordered {
			t.Fatalf("phasing %d, target %s: want side 1 to move and the halt gone", s.Phasing(), statusNames[s.U[tg].Stat])
		}
	})
	t.Run("worse_result_replaces_better_not_the_reverse", func(t *testing.T) {
		s, _, tg := setup(t)
		s.U[tg].Stat = Disrupted
		roll(t, s, 4) // pinned on a disrupted unit
		if s.U[tg].Stat != Disrupted {
			t.Fatalf("target %s, want still disrupted", statusNames[s.U[tg].Stat])
		}
	})
	t.Run("light_infantry_treats_results_as_pinned", func(t *testing.T) {
		// Large (+1) foot artillery at canister (+1) with an HQ (+1)
		// against light infantry (-1): modifier +2.
		for _, c := range []struct {
			die  int
			want uint8
		}{{6, Pinned}, {5, Pinned}, {4, Pinned}, {3, Pinned}, {2, Ordered}} {
			f := unit(1, "F", FootArtillery, 12, 14, 180)
			f.Large = true
			s := shootingGame(t, []UnitSpec{f, shootingTargetAt(LightInfantry, 1.5), unit(1, "HQ", DivisionHQ, 12, 14.51, 180)})
			tg := idx(t, s, "T")
			if m := shootingDeclare(t, s, idx(t, s, "F"), tg); m != 2 {
				t.Fatalf("modifier %+d, want +2", m)
			}
			roll(t, s, c.die)
			if s.U[tg].Loc != LocTable || s.U[tg].Stat != c.want || s.ToMove() == engine.Chance {
				t.Fatalf("total %d: light infantry %s (loc %d), want %s", c.die+2, statusNames[s.U[tg].Stat], s.U[tg].Loc, statusNames[c.want])
			}
		}
	})
	t.Run("infantry_that_fires_is_pinned", func(t *testing.T) {
		s := shootingGame(t, []UnitSpec{
			unit(1, "F", LineInfantry, 12, 14, 180),
			unit(1, "S", LineInfantry, 13.01, 14, 180),
			shootingTargetAt(LineInfantry, 0.7),
		})
		f, tg := idx(t, s, "F"), idx(t, s, "T")
		shootingDeclare(t, s, f, tg)
		roll(t, s, 1) // no effect
		if s.U[f].Stat != Pinned {
			t.Fatalf("firer %s, want pinned", statusNames[s.U[f].Stat])
		}
		if s.U[idx(t, s, "S")].Stat != Ordered {
			t.Fatalf("a unit that did not fire is pinned")
		}
	})
	t.Run("supporting_infantry_is_pinned_too", func(t *testing.T) {
		s := shootingGame(t, []UnitSpec{
			unit(1, "F", LineInfantry, 12, 14, 180),
			unit(1, "S", LineInfantry, 10.9, 14, 180),
			shootingTargetAt(LineInfantry, 0.7),
		})
		f, tg, sp := idx(t, s, "F"), idx(t, s, "T"), idx(t, s, "S")
		shootingDeclare(t, s, f, tg, sp)
		roll(t, s, 1)
		if s.U[sp].Stat != Pinned {
			t.Fatalf("supporting infantry %s, want pinned", statusNames[s.U[sp].Stat])
		}
	})
	t.Run("artillery_that_fires_is_not_pinned", func(t *testing.T) {
		s, f, _ := setup(t)
		roll(t, s, 1)
		if s.U[f].Stat != Ordered {
			t.Fatalf("artillery firer %s, want ordered", statusNames[s.U[f].Stat])
		}
	})
}
