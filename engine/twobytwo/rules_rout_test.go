package twobytwo

import (
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// Tests of "Routs": the rout test, the rout move and what it meets,
// contagion, and voluntary routs. Most routs here come from fire: side 1's
// foot artillery "F" at (12, 14) facing south shoots side 0's heavy
// cavalry "T" at (12, 11.5) with +2, so a 6 routs it; the rout goes 6"
// straight south (its rear, and away from the firer) to (12, 5.5).

// routFire declares F's shot at T and rolls die; it fails unless a rout
// test follows.
func routFire(t *testing.T, s *State, die int) {
	t.Helper()
	shootingDeclare(t, s, idx(t, s, "F"), idx(t, s, "T"))
	roll(t, s, die)
	routExpectTest(t, s, "T")
}

// routExpectTest fails unless the rout test of the unit labelled l is pending.
func routExpectTest(t *testing.T, s *State, l string) {
	t.Helper()
	if s.ToMove() != engine.Chance || int(s.chUnit) != idx(t, s, l) || !strings.HasPrefix(s.DescribeRoll(), "1d6 rout") {
		t.Fatalf("no rout test for %s pending: %s", l, s.DescribeRoll())
	}
}

// routNoTest fails if any die is pending.
func routNoTest(t *testing.T, s *State) {
	t.Helper()
	if s.ToMove() == engine.Chance {
		t.Fatalf("unexpected die pending: %s", s.DescribeRoll())
	}
}

// routGame is the standard firer and target plus extra units.
func routGame(t *testing.T, extra []UnitSpec, terrain ...Feature) *State {
	t.Helper()
	units := []UnitSpec{unit(1, "F", FootArtillery, 12, 14, 180), unit(0, "T", HeavyCavalry, 12, 11.5, 0)}
	return shootingGame(t, append(units, extra...), terrain...)
}

// TestRoutTest: "Every time a unit routs for whatever reason the owner must
// roll a D6. On a 1 or 2 the unit is destroyed."
func TestRoutTest(t *testing.T) {
	for _, c := range []struct {
		die       int
		destroyed bool
	}{{1, true}, {2, true}, {3, false}, {6, false}} {
		die, destroyed := c.die, c.destroyed
		name := map[bool]string{true: "_destroyed", false: "_survives"}[destroyed]
		t.Run("rout_test_"+string(rune('0'+die))+name, func(t *testing.T) {
			s := routGame(t, nil)
			tg := idx(t, s, "T")
			routFire(t, s, 6)
			roll(t, s, die)
			if got := s.U[tg].Loc == LocDestroyed; got != destroyed || s.Destroyed(0) != map[bool]int{true: 1}[destroyed] {
				t.Fatalf("rout test %d: destroyed %v, want %v", die, got, destroyed)
			}
		})
	}
}

// TestRoutMove: "the unit moves its maximum move either to its direct rear
// or directly away from the source of the shooting. After this move is
// completed the unit is also disrupted."
func TestRoutMove(t *testing.T) {
	t.Run("full_move_away_and_disrupted", func(t *testing.T) {
		s := routGame(t, nil)
		tg := idx(t, s, "T")
		routFire(t, s, 6)
		roll(t, s, 3)
		movementAt(t, s, tg, geom.V(12, 5.5))
		movementFacing(t, s, tg, 180)
		if s.U[tg].Stat != Disrupted {
			t.Fatalf("routed unit %s, want disrupted", statusNames[s.U[tg].Stat])
		}
		if s.phase != phShoot {
			t.Fatalf("phase %s after the rout, want shooting to go on", s.PhaseName())
		}
	})
	for _, c := range []struct {
		name string
		arg  uint8
		want geom.Vec
		face float64
	}{
		{"owner_chooses_direct_rear", 0, geom.V(6, 11.5), 270},
		{"owner_chooses_directly_away_from_the_fire", 1, geom.V(12, 5.5), 180},
	} {
		t.Run(c.name, func(t *testing.T) {
			// T faces east: its rear is west, the fire comes from the north.
			s := shootingGame(t, []UnitSpec{unit(1, "F", FootArtillery, 12, 14, 180), unit(0, "T", HeavyCavalry, 12, 11.5, 90)})
			tg := idx(t, s, "T")
			if m := shootingDeclare(t, s, idx(t, s, "F"), tg); m != 3 {
				t.Fatalf("modifier %+d, want +3 (cavalry, flank)", m)
			}
			roll(t, s, 5)
			roll(t, s, 3)
			if s.phase != phRoutDir || int(s.actor) != 0 {
				t.Fatalf("phase %s actor %d, want side 0 to choose the rout direction", s.PhaseName(), s.actor)
			}
			a := act(KindRout, tg, NoUnit)
			a.Arg = c.arg
			do(t, s, a)
			movementAt(t, s, tg, c.want)
			movementFacing(t, s, tg, c.face)
		})
	}
	t.Run("destroyed_on_touching_an_enemy", func(t *testing.T) {
		s := routGame(t, []UnitSpec{unit(1, "E", LineInfantry, 12, 7, 180)})
		tg := idx(t, s, "T")
		routFire(t, s, 6)
		roll(t, s, 3)
		if s.U[tg].Loc != LocDestroyed || s.Destroyed(0) != 1 {
			t.Fatalf("router that met an enemy is at %v, loc %d: want destroyed", s.U[tg].Pos, s.U[tg].Loc)
		}
	})
	// "If at any point during the rout the unit touched an enemy unit":
	// touching is contact by R-CONTACT, within contactTol (0.02"). T's
	// base spans x 11.5 to 12.5 as it routs south from y 11.5 to 5.5;
	// E faces north, so its west side is at x = E.x - 0.5; T ends with
	// its rear edge at y 5.25, which touches E at y 5 face to face.
	for _, c := range []struct {
		name      string
		e         geom.Vec
		destroyed bool
	}{
		{"destroyed_sliding_flush_along_an_enemy", geom.V(13, 8), true},
		{"destroyed_passing_an_enemy_at_the_contact_tolerance", geom.V(13+contactTol, 8), true},
		{"survives_passing_an_enemy_just_beyond_the_tolerance", geom.V(13+contactTol+0.002, 8), false},
		{"destroyed_ending_flush_against_an_enemy", geom.V(12, 5), true},
		{"destroyed_ending_in_contact_within_the_tolerance", geom.V(12, 5-0.015), true},
		{"survives_ending_just_beyond_the_tolerance", geom.V(12, 5-contactTol-0.002), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := routGame(t, []UnitSpec{unit(1, "E", LineInfantry, c.e.X, c.e.Y, 0)})
			tg := idx(t, s, "T")
			routFire(t, s, 6)
			roll(t, s, 3)
			if got := s.U[tg].Loc == LocDestroyed; got != c.destroyed {
				t.Fatalf("router passing E at %v: destroyed %v, want %v (T at %v)", c.e, got, c.destroyed, s.U[tg].Pos)
			}
			if !c.destroyed {
				movementAt(t, s, tg, geom.V(12, 5.5))
			}
		})
	}
	t.Run("router_breaking_away_from_an_enemy_it_touches_survives", func(t *testing.T) {
		// An engaged light unit routs voluntarily away from the enemy it
		// touches (as a melee loser routs from the winner): leaving that
		// contact is not touching an enemy "during the rout".
		s := testGame(t, []UnitSpec{unit(0, "U", LightCavalry, 12, 12, 180), unit(1, "E", HeavyCavalry, 12, 11.49, 0)})
		u := idx(t, s, "U")
		do(t, s, act(KindVolRout, u, NoUnit))
		roll(t, s, 3)
		movementAt(t, s, u, geom.V(12, 20))
	})
	t.Run("destroyed_off_the_table", func(t *testing.T) {
		s := shootingGame(t, []UnitSpec{unit(1, "F", FootArtillery, 12, 7.5, 180), unit(0, "T", HeavyCavalry, 12, 5, 0)})
		tg := idx(t, s, "T")
		routFire(t, s, 6)
		roll(t, s, 3)
		if s.U[tg].Loc != LocDestroyed || s.Destroyed(0) != 1 {
			t.Fatalf("router forced off the table: loc %d, want destroyed", s.U[tg].Loc)
		}
	})
	t.Run("destroyed_into_woods", func(t *testing.T) {
		wood := Feature{Kind: Wood, Points: []geom.Vec{{X: 10, Y: 6}, {X: 14, Y: 6}, {X: 14, Y: 8}, {X: 10, Y: 8}}}
		s := routGame(t, nil, wood)
		tg := idx(t, s, "T")
		routFire(t, s, 6)
		roll(t, s, 3)
		if s.U[tg].Loc != LocDestroyed {
			t.Fatalf("router forced into woods: loc %d, want destroyed", s.U[tg].Loc)
		}
	})
	t.Run("passes_through_friends", func(t *testing.T) {
		s := routGame(t, []UnitSpec{unit(0, "L", LineInfantry, 12, 8, 0)})
		tg, l := idx(t, s, "T"), idx(t, s, "L")
		routFire(t, s, 6)
		roll(t, s, 3)
		routNoTest(t, s)
		movementAt(t, s, tg, geom.V(12, 5.5))
		movementAt(t, s, l, geom.V(12, 8))
		if s.U[l].Stat != Ordered {
			t.Fatalf("friend passed through is %s, want ordered", statusNames[s.U[l].Stat])
		}
	})
	t.Run("friend_it_ends_on_is_pushed_back_and_pinned", func(t *testing.T) {
		s := routGame(t, []UnitSpec{unit(0, "L", LineInfantry, 12, 5.5, 0)})
		tg, l := idx(t, s, "T"), idx(t, s, "L")
		routFire(t, s, 6)
		roll(t, s, 3)
		movementAt(t, s, tg, geom.V(12, 5.5))
		if y := s.U[l].Pos.Y; y > 5.0+1e-6 || y < 4.9 || s.U[l].Pos.X != 12 {
			t.Fatalf("friend at %v, want pushed back to about (12, 5)", s.U[l].Pos)
		}
		if s.U[l].Stat != Pinned {
			t.Fatalf("pushed friend %s, want pinned", statusNames[s.U[l].Stat])
		}
		checkInvariants(t, s, "after the push")
	})
}

// TestRoutContagion: elite routs spread to anyone passed within 1" (and
// on through further elite units); militia and Cossacks rout when any
// unit routs within 1" of them.
func TestRoutContagion(t *testing.T) {
	for _, c := range []struct {
		name   string
		typ    UnitType
		spread bool
	}{
		{"militia_routs_when_a_unit_routs_within_1_inch", Militia, true},
		{"cossacks_rout_when_a_unit_routs_within_1_inch", Cossacks, true},
		{"line_infantry_is_not_contagious", LineInfantry, false},
		{"light_cavalry_is_not_contagious", LightCavalry, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := routGame(t, []UnitSpec{unit(0, "M", c.typ, 13.3, 11.5, 0)})
			m := idx(t, s, "M")
			routFire(t, s, 6)
			roll(t, s, 3)
			if !c.spread {
				routNoTest(t, s)
				if s.U[m].Stat != Ordered {
					t.Fatalf("neighbour %s, want ordered", statusNames[s.U[m].Stat])
				}
				return
			}
			routExpectTest(t, s, "M")
			roll(t, s, 3)
			if s.U[m].Stat != Disrupted || s.U[m].Pos.Y > 11.5-s.prof(m).Move+1e-6 {
				t.Fatalf("contagious neighbour at %v %s, want routed", s.U[m].Pos, statusNames[s.U[m].Stat])
			}
		})
	}
	// "A Militia unit automatically routs if any other unit routs within
	// 1" of it or passes by within 1" when routing": a router destroyed
	// on its way has still routed, from its start to where it was
	// destroyed (ruling R-CONTAGION).
	t.Run("militia_routs_when_the_router_is_destroyed_touching_an_enemy", func(t *testing.T) {
		// T routs south and touches E at y 7.75 (its rear edge reaches
		// 7.26); M1 is within 1" of the start, M2 of the path before the
		// touch, M3 only of the path beyond it.
		s := routGame(t, []UnitSpec{
			unit(1, "E", LineInfantry, 12, 7, 180),
			unit(0, "M1", Militia, 13.3, 11.5, 0),
			unit(0, "M2", Militia, 10.6, 9, 0),
			unit(0, "M3", Militia, 13.4, 5.5, 0),
		})
		tg := idx(t, s, "T")
		routFire(t, s, 6)
		roll(t, s, 3)
		if s.U[tg].Loc != LocDestroyed {
			t.Fatalf("router that met an enemy is at %v: want destroyed", s.U[tg].Pos)
		}
		tests := map[string]int{}
		for n := 0; s.ToMove() == engine.Chance; n++ {
			if n > 8 {
				t.Fatalf("rout tests do not end: %v", tests)
			}
			tests[s.label(int(s.chUnit))]++
			roll(t, s, 3)
		}
		if len(tests) != 2 || tests["M1"] != 1 || tests["M2"] != 1 {
			t.Fatalf("rout tests after T's: %v, want one each for M1 and M2", tests)
		}
		if st := s.U[idx(t, s, "M3")].Stat; st != Ordered {
			t.Fatalf("M3, near only the path beyond the enemy, is %s, want ordered", statusNames[st])
		}
	})
	t.Run("path_ends_at_the_wood_the_router_reaches_before_an_enemy", func(t *testing.T) {
		// T's rear edge reaches the wood at y 9.5 after 1.75", long before
		// it would touch E at y 6.75: it is destroyed in the wood, and M,
		// within 1" only of the path beyond the wood, holds.
		s := routGame(t, []UnitSpec{
			unit(1, "E", LineInfantry, 12, 6.5, 0),
			unit(0, "M", Militia, 13.4, 7.5, 0),
		}, Feature{Kind: Wood, Points: meleeRect(10, 9, 14, 9.5)})
		tg := idx(t, s, "T")
		routFire(t, s, 6)
		roll(t, s, 3)
		if s.U[tg].Loc != LocDestroyed {
			t.Fatalf("router forced into a wood: loc %d, want destroyed", s.U[tg].Loc)
		}
		routNoTest(t, s)
		if st := s.U[idx(t, s, "M")].Stat; st != Ordered {
			t.Fatalf("M, near only the path beyond the wood, is %s, want ordered", statusNames[st])
		}
	})
	t.Run("militia_routs_when_the_router_is_forced_off_the_table", func(t *testing.T) {
		s := shootingGame(t, []UnitSpec{
			unit(1, "F", FootArtillery, 12, 7.5, 180),
			unit(0, "T", HeavyCavalry, 12, 5, 0),
			unit(0, "M", Militia, 13.3, 3, 0),
		})
		tg := idx(t, s, "T")
		routFire(t, s, 6)
		roll(t, s, 3)
		if s.U[tg].Loc != LocDestroyed {
			t.Fatalf("router forced off the table: loc %d, want destroyed", s.U[tg].Loc)
		}
		routExpectTest(t, s, "M")
	})
	t.Run("militia_beyond_1_inch_holds", func(t *testing.T) {
		s := routGame(t, []UnitSpec{unit(0, "M", Militia, 14.1, 11.5, 0)})
		routFire(t, s, 6)
		roll(t, s, 3)
		routNoTest(t, s)
	})
	t.Run("elite_rout_spreads_to_any_unit_and_chains_through_elite", func(t *testing.T) {
		// Large foot artillery fires on the flank (+2) of the elite
		// infantry "T" facing east at (12, 11.5); a 6 routs it and its
		// owner sends it to its rear, 5" west to (7, 11.5).
		f := unit(1, "F", FootArtillery, 12, 14, 180)
		f.Large = true
		s := shootingGame(t, []UnitSpec{f,
			unit(0, "T", EliteInfantry, 12, 11.5, 90),
			unit(0, "E2", EliteInfantry, 9, 10.2, 0), // within 1" of T's rout: routs and spreads
			unit(0, "L", LineInfantry, 10, 13, 0),    // within 1" of T's rout: routs, does not spread
			unit(0, "L2", LineInfantry, 10.3, 6, 0),  // within 1" of E2's rout only
			unit(0, "L3", LineInfantry, 8.7, 14, 0),  // within 1" of L's rout only
		})
		tg := idx(t, s, "T")
		if m := shootingDeclare(t, s, idx(t, s, "F"), tg); m != 2 {
			t.Fatalf("modifier %+d, want +2", m)
		}
		roll(t, s, 6)
		roll(t, s, 3)
		do(t, s, act(KindRout, tg, NoUnit)) // direct rear
		tests := map[string]int{}
		for n := 0; s.ToMove() == engine.Chance; n++ {
			if n > 8 {
				t.Fatalf("rout tests do not end: %v", tests)
			}
			tests[s.label(int(s.chUnit))]++
			roll(t, s, 3)
		}
		want := map[string]geom.Vec{"T": geom.V(7, 11.5), "E2": geom.V(9, 5.2), "L": geom.V(10, 9), "L2": geom.V(10.3, 2)}
		for l, p := range want {
			if st := s.U[idx(t, s, l)].Stat; st != Disrupted {
				t.Fatalf("%s is %s, want routed (disrupted)", l, statusNames[st])
			}
			movementAt(t, s, idx(t, s, l), p)
		}
		if st := s.U[idx(t, s, "L3")].Stat; st != Ordered {
			t.Fatalf("L3 is %s: a line unit's rout must not spread", statusNames[st])
		}
		if len(tests) != 3 || tests["E2"] != 1 || tests["L"] != 1 || tests["L2"] != 1 {
			t.Fatalf("rout tests after T's: %v, want one each for E2, L and L2", tests)
		}
	})
	// A unit that has routed does not rout again when a later router of
	// the same chain passes it: "ANY unit it passes within 1" of during
	// its rout also routs".
	t.Run("routed_unit_not_routed_again_by_the_chain", func(t *testing.T) {
		f := unit(1, "F", FootArtillery, 12, 14, 180)
		f.Large = true
		s := shootingGame(t, []UnitSpec{f,
			unit(0, "T", EliteInfantry, 12, 12, 0),
			unit(0, "E2", EliteInfantry, 13.3, 10, 0),
		})
		tg, e2 := idx(t, s, "T"), idx(t, s, "E2")
		shootingDeclare(t, s, idx(t, s, "F"), tg)
		roll(t, s, 6)
		tests := 0
		for ; s.ToMove() == engine.Chance && tests < 10; tests++ {
			roll(t, s, 3)
		}
		if tests != 2 || s.U[tg].Pos.Dist(geom.V(12, 7)) > 1e-6 || s.U[e2].Pos.Dist(geom.V(13.3, 5)) > 1e-6 {
			t.Fatalf("routed units are routed again by contagion: %d rout tests, T at %v (want (12, 7)), E2 at %v (want (13.3, 5))", tests, s.U[tg].Pos, s.U[e2].Pos)
		}
	})
	t.Run("adjacent_militia_each_rout_once", func(t *testing.T) {
		f := unit(1, "F", FootArtillery, 12, 14, 180)
		f.Large = true
		s := shootingGame(t, []UnitSpec{f,
			unit(0, "T", Militia, 12, 12, 0),
			unit(0, "M2", Militia, 13.3, 12, 0),
		})
		tg, m2 := idx(t, s, "T"), idx(t, s, "M2")
		shootingDeclare(t, s, idx(t, s, "F"), tg)
		roll(t, s, 6)
		tests := 0
		for ; s.ToMove() == engine.Chance && tests < 10; tests++ {
			roll(t, s, 3)
		}
		if tests != 2 || s.U[tg].Pos.Dist(geom.V(12, 8)) > 1e-6 || s.U[m2].Pos.Dist(geom.V(13.3, 8)) > 1e-6 {
			t.Fatalf("two militia rout each other back and forth: %d rout tests (still pending: %v), T at %v, M2 at %v", tests, s.ToMove() == engine.Chance, s.U[tg].Pos, s.U[m2].Pos)
		}
	})
}

// TestRoutVoluntary: "Light Infantry / Light Cavalry may during its
// movement phase voluntarily ROUT ... voluntarily routing units are still
// destroyed on a 1 or a 2" (ruling R-VOLROUT: lancers and Cossacks too).
func TestRoutVoluntary(t *testing.T) {
	for _, typ := range []UnitType{LightInfantry, LightCavalry, Lancers, Cossacks} {
		t.Run("may_rout_voluntarily_"+typ.Profile().Code, func(t *testing.T) {
			s := testGame(t, []UnitSpec{unit(0, "U", typ, 12, 12, 0)})
			u := idx(t, s, "U")
			s.U[u].Stat = Pinned // "particularly useful if pinned"
			do(t, s, act(KindVolRout, u, NoUnit))
			routExpectTest(t, s, "U")
			roll(t, s, 3)
			movementAt(t, s, u, geom.V(12, 12-s.prof(u).Move))
			movementFacing(t, s, u, 180)
			if s.U[u].Stat != Disrupted || s.phase != phMove {
				t.Fatalf("after a voluntary rout: %s in %s phase", statusNames[s.U[u].Stat], s.PhaseName())
			}
		})
	}
	for _, typ := range []UnitType{LineInfantry, EliteInfantry, Militia, HeavyCavalry, MediumCavalry, FootArtillery} {
		t.Run("may_not_rout_voluntarily_"+typ.Profile().Code, func(t *testing.T) {
			s := testGame(t, []UnitSpec{unit(0, "U", typ, 12, 12, 0)})
			refuse(t, s, act(KindVolRout, idx(t, s, "U"), NoUnit), "may not rout voluntarily")
		})
	}
	t.Run("engaged_light_unit_may_rout_voluntarily", func(t *testing.T) {
		// Ruling R-VOLROUT / R-ENGAGED.
		s := testGame(t, []UnitSpec{unit(0, "U", LightCavalry, 12, 12, 0), unit(1, "E", HeavyCavalry, 12, 12.51, 180)})
		u := idx(t, s, "U")
		do(t, s, act(KindVolRout, u, NoUnit))
		roll(t, s, 3)
		movementAt(t, s, u, geom.V(12, 4))
	})
	t.Run("disrupted_may_not_rout_voluntarily", func(t *testing.T) {
		s := testGame(t, []UnitSpec{unit(0, "U", LightInfantry, 12, 12, 0)})
		s.U[idx(t, s, "U")].Stat = Disrupted
		refuse(t, s, act(KindVolRout, idx(t, s, "U"), NoUnit), "may not rout voluntarily")
	})
	t.Run("voluntary_rout_destroyed_on_1_or_2", func(t *testing.T) {
		s := testGame(t, []UnitSpec{unit(0, "U", LightInfantry, 12, 12, 0)})
		u := idx(t, s, "U")
		do(t, s, act(KindVolRout, u, NoUnit))
		roll(t, s, 2)
		if s.U[u].Loc != LocDestroyed || s.Destroyed(0) != 1 {
			t.Fatalf("voluntary router on a 2: loc %d, want destroyed", s.U[u].Loc)
		}
	})
	t.Run("light_infantry_routs_into_woods_safely", func(t *testing.T) {
		wood := Feature{Kind: Wood, Points: []geom.Vec{{X: 10, Y: 6}, {X: 14, Y: 6}, {X: 14, Y: 9}, {X: 10, Y: 9}}}
		s := testGame(t, []UnitSpec{unit(0, "U", LightInfantry, 12, 12, 0)}, wood)
		u := idx(t, s, "U")
		do(t, s, act(KindVolRout, u, NoUnit))
		roll(t, s, 3)
		movementAt(t, s, u, geom.V(12, 6))
	})
	t.Run("only_in_own_movement_phase", func(t *testing.T) {
		s := testGame(t, []UnitSpec{unit(1, "U", LightInfantry, 12, 12, 180)})
		refuse(t, s, act(KindVolRout, idx(t, s, "U"), NoUnit), "may not rout voluntarily")
	})
}
