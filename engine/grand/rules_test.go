package grand_test

// End-to-end rulings with scripted dice: each test builds its own
// battle, plays rounds through State (Commit and ApplyDice) and checks the
// exact factors and morale after. Every expected number is worked out in
// the comments from the charts as the seed prints them (see
// charts_test.go for the cells) and the rulings of docs/rules/grand.md.
//
// Unless a test says otherwise both sides are Prussian infantry (morale
// value 3.0), 20 factors each, under commanders rated 3 strategic and 2
// tactical: the Commander Chart's 2-against-2 cell is D 0, A 0, so the
// dice are unmodified.

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/grand"
)

type fx = [grand.NumKinds]int16

const (
	inf = grand.Infantry
	cav = grand.Cavalry
	art = grand.Artillery
	grd = grand.Guard
	mil = grand.Militia
	irr = grand.Irregular
	feu = grand.Feudal
)

// Postures, short.
const (
	aOut   = grand.AttOutflank
	aAsl   = grand.AttAssault
	aEsc   = grand.AttEscalatedAssault
	aEch   = grand.AttEchelon
	aPrb   = grand.AttProbe
	dOut   = grand.DefOutflank
	dCtr   = grand.DefCounterattack
	dEsc   = grand.DefEscalatedCounterattack
	dCord  = grand.DefCordon
	dWdraw = grand.DefWithdraw
	dDef   = grand.DefDefend
)

// Phase names (State.PhaseName).
const (
	phPostures = "postures"
	phCombat   = "combat"
	phArrival  = "outflanking force"
	phWithdraw = "withdrawal"
	phPursuit  = "pursuit"
	phOver     = "over"
)

// Out values of Army.Out (note b).
const (
	outNone, outOnItsWay, outArrived uint8 = 0, 1, 2
)

// rtScenario is the tests' plain battle, changed by mod.
func rtScenario(mod func(sc *grand.Scenario)) *grand.Scenario {
	sc := &grand.Scenario{
		Name: "rules-test",
		Forces: [2]grand.Force{
			{Name: "Attacker", Nation: grand.Prussia, Factors: [grand.NumKinds]int{inf: 20},
				Commander: grand.Commander{Name: "Blucher", Nation: grand.Prussia, Strategic: 3, Tactical: 2}},
			{Name: "Defender", Nation: grand.Prussia, Factors: [grand.NumKinds]int{inf: 20},
				Commander: grand.Commander{Name: "Yorck", Nation: grand.Prussia, Strategic: 3, Tactical: 2}},
		},
	}
	if mod != nil {
		mod(sc)
	}
	return sc
}

// start checks sc and starts a battle on it.
func start(t *testing.T, mod func(sc *grand.Scenario)) *grand.State {
	t.Helper()
	sc := rtScenario(mod)
	if err := sc.Check(); err != nil {
		t.Fatalf("scenario: %v", err)
	}
	s, err := grand.NewState(sc)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// posturesG commits both sides' postures with guard shifts.
func posturesG(t *testing.T, s *grand.State, att, ag, def, dg uint8) {
	t.Helper()
	if s.ToMove() != engine.Both {
		t.Fatalf("round %d: %s is to move, not both sides (%s)", s.CombatRound(), s.ToMove(), s.PhaseName())
	}
	if err := s.Commit(0, grand.PostureAction(0, att, ag)); err != nil {
		t.Fatalf("attacker %s: %v", grand.PostureName(0, att), err)
	}
	if err := s.Commit(1, grand.PostureAction(1, def, dg)); err != nil {
		t.Fatalf("defender %s: %v", grand.PostureName(1, def), err)
	}
}

// roll resolves the pending roll of phase with dice.
func roll(t *testing.T, s *grand.State, phase string, dice ...int) {
	t.Helper()
	if got := s.PhaseName(); got != phase {
		t.Fatalf("round %d: phase %q, want %q (%s)", s.CombatRound(), got, phase, s.Summary())
	}
	if err := s.ApplyDice(engine.NewDice(dice...)); err != nil {
		t.Fatalf("round %d %s dice %v: %v", s.CombatRound(), phase, dice, err)
	}
}

// rollScript resolves the pending roll of phase from a dice script.
func rollScript(t *testing.T, s *grand.State, phase string, sd *engine.ScriptedDice) {
	t.Helper()
	if got := s.PhaseName(); got != phase {
		t.Fatalf("round %d: phase %q, want %q", s.CombatRound(), got, phase)
	}
	d, err := sd.Roll(s.PendingRoll())
	if err != nil {
		t.Fatal(err)
	}
	if err := s.ApplyDice(d); err != nil {
		t.Fatal(err)
	}
}

// fight plays a round: both postures, then the combat dice (the
// attacker's, the defender's, then any guard dice).
func fight(t *testing.T, s *grand.State, att, def uint8, dice ...int) {
	t.Helper()
	posturesG(t, s, att, 0, def, 0)
	roll(t, s, phCombat, dice...)
}

// army checks side's factors and morale (tenths).
func army(t *testing.T, s *grand.State, side int, want fx, morale int16) {
	t.Helper()
	a := s.Army(side)
	if a.Factors != want || a.Morale != morale {
		t.Errorf("%s: factors %v morale %d, want %v morale %d", s.SideName(engine.Player(side)), a.Factors, a.Morale, want, morale)
	}
}

// levels checks the last round's levels, attacker's and defender's.
func levels(t *testing.T, s *grand.State, a, d grand.Levels) {
	t.Helper()
	if got := s.LastRound().Levels; got != [2]grand.Levels{a, d} {
		t.Errorf("round levels %+v, want attacker %+v defender %+v", got, a, d)
	}
}

// phase checks the phase.
func phase(t *testing.T, s *grand.State, want string) {
	t.Helper()
	if got := s.PhaseName(); got != want {
		t.Errorf("phase %q, want %q (%s)", got, want, s.Summary())
	}
}

// over checks the battle is over with winner (NoPlayer: a draw) and the
// reason.
func over(t *testing.T, s *grand.State, winner engine.Player, reason string) {
	t.Helper()
	if !s.Terminal() {
		t.Fatalf("the battle goes on (%s): want it over, %q", s.PhaseName(), reason)
	}
	r := s.Result()
	if !r.Over || r.Winner != winner || r.Reason != reason {
		t.Errorf("result %+v, want winner %s, %q", r, winner, reason)
	}
	if w, ok := s.Decided(); !ok || w != winner {
		t.Errorf("Decided() = %s, %v, want %s", w, ok, winner)
	}
}

func lv(c, m int8) grand.Levels { return grand.Levels{C: c, M: m} }

// ---- A plain cell, its notes, the Commander Chart ----

// TestPlainCellNoteK: Defend against Assault (notes k, l), rounds 1, 2, 3
// and 4 read the cell's three columns (G-ROUNDS: round 4 is "3+"); note k
// ignores the Commander Chart (defender rated 0, attacker 5 would be D -1,
// A +1); the attacker breaks in round 4 (G-BREAK), and the defender,
// without cavalry, does not pursue (G-PUR-1).
func TestPlainCellNoteK(t *testing.T) {
	s := start(t, func(sc *grand.Scenario) {
		sc.Forces[0].Commander.Tactical = 5
		sc.Forces[1].Commander.Tactical = 0
	})
	// Round 1: A 3-1, D 4-1. Attacker's die 5 (not 6): 10% -1.1, 10% of
	// 20 = 2. Defender's die 3 (not 2): casualty 4 morale 1 die 3 = 10%
	// -0.7, 2 factors.
	fight(t, s, aAsl, dDef, 5, 3)
	levels(t, s, lv(3, 1), lv(4, 1))
	if r := s.LastRound(); r.Die != [2]int8{5, 3} || r.Losses != [2]int16{2, 2} || r.Morale != [2]int16{7, 11} {
		t.Errorf("round 1 record %+v", r)
	}
	army(t, s, 0, fx{inf: 18}, 30-7)
	army(t, s, 1, fx{inf: 18}, 30-11)
	phase(t, s, phPostures)
	if s.CombatRound() != 2 {
		t.Fatalf("round %d, want 2", s.CombatRound())
	}
	// Round 2: A 3-1, D 4-2. Attacker die 1: 0 0. Defender die 1 on 4-2:
	// 5% -0.6: 5% of 18 = 1.
	fight(t, s, aAsl, dDef, 1, 1)
	levels(t, s, lv(3, 1), lv(4, 2))
	army(t, s, 0, fx{inf: 17}, 23-6)
	army(t, s, 1, fx{inf: 18}, 19)
	// Round 3: A 2-1, D 4-3. Defender die 1 on 4-3: 5% -1.0.
	fight(t, s, aAsl, dDef, 1, 1)
	levels(t, s, lv(2, 1), lv(4, 3))
	army(t, s, 0, fx{inf: 16}, 17-10)
	// Round 4 is read on the 3+ column again: 5% -1.0 takes the
	// attacker's morale to -0.3: it breaks.
	fight(t, s, aAsl, dDef, 1, 1)
	levels(t, s, lv(2, 1), lv(4, 3))
	army(t, s, 0, fx{inf: 15}, -3)
	over(t, s, 1, "the attacker broke")
}

// TestNoteLRussianLeader: note l, +1 to the defender's final morale level
// under a Russian leader, in the cells marked l only, and never the
// attacker's.
func TestNoteLRussianLeader(t *testing.T) {
	s := start(t, func(sc *grand.Scenario) { sc.Forces[1].Commander.Nation = grand.Russia })
	// Defend against Assault: D 4-1 becomes 4-2; die 3: 10% -1.1.
	fight(t, s, aAsl, dDef, 5, 3)
	levels(t, s, lv(3, 1), lv(4, 2))
	army(t, s, 0, fx{inf: 18}, 30-11)
	army(t, s, 1, fx{inf: 18}, 30-11)

	// Defend against Probe (l): D 3-2 becomes 3-3.
	s = start(t, func(sc *grand.Scenario) { sc.Forces[1].Commander.Nation = grand.Russia })
	fight(t, s, aPrb, dDef, 1, 1)
	levels(t, s, lv(1, 1), lv(3, 3))

	// Not in Counterattack against Assault (c only).
	s = start(t, func(sc *grand.Scenario) { sc.Forces[1].Commander.Nation = grand.Russia })
	fight(t, s, aAsl, dCtr, 1, 1)
	levels(t, s, lv(3, 1), lv(3, 1))

	// Not for a Russian attacker.
	s = start(t, func(sc *grand.Scenario) { sc.Forces[0].Commander.Nation = grand.Russia })
	fight(t, s, aAsl, dDef, 1, 1)
	levels(t, s, lv(3, 1), lv(4, 1))
}

// TestNoteCTurkishLeader: note c, +1 to the final morale level of a side
// commanded by a Turkish leader, in the assault columns of both
// counterattack rows (G-OP-2), either side.
func TestNoteCTurkishLeader(t *testing.T) {
	turk := func(side int) func(sc *grand.Scenario) {
		return func(sc *grand.Scenario) { sc.Forces[side].Commander.Nation = grand.Turkey }
	}
	cases := []struct {
		side     int
		att, def uint8
		a, d     grand.Levels
	}{
		{0, aAsl, dCtr, lv(3, 2), lv(3, 1)},
		{1, aAsl, dCtr, lv(3, 1), lv(3, 2)},
		{0, aEsc, dCtr, lv(4, 2), lv(4, 1)},
		{1, aAsl, dEsc, lv(4, 1), lv(3, 2)}, // G-OP-2
		{1, aEsc, dEsc, lv(4, 1), lv(4, 2)}, // G-OP-2
		{0, aEch, dCtr, lv(1, 2), lv(3, 1)}, // no note c
		{1, aAsl, dDef, lv(3, 1), lv(4, 1)}, // no note c
	}
	for _, c := range cases {
		s := start(t, turk(c.side))
		fight(t, s, c.att, c.def, 1, 1)
		levels(t, s, c.a, c.d)
	}
}

// TestCommanderChartModifier: the Commander Chart's modifiers (row: the
// defender's tactical rating, column: the attacker's; D and A) on a cell
// without note k.
func TestCommanderChartModifier(t *testing.T) {
	// Defender rated 0, attacker 5: D -1, A +1. Counterattack against
	// Echelon: A 1-2, D 3-1. The attacker's 3 is a 4: morale 2 die 4
	// casualty 1 = 5% -0.8, 5% of 20 = 1. The defender's 3 is a 2: morale
	// 1 die 2 casualty 3 = 5% -0.2.
	s := start(t, func(sc *grand.Scenario) {
		sc.Forces[0].Commander.Tactical = 5
		sc.Forces[1].Commander.Tactical = 0
	})
	fight(t, s, aEch, dCtr, 3, 3)
	if d := s.LastRound().Die; d != [2]int8{4, 2} {
		t.Errorf("modified dice %v, want [4 2]", d)
	}
	army(t, s, 0, fx{inf: 19}, 28)
	army(t, s, 1, fx{inf: 19}, 22)

	// A few cells written out, then every cell through the state.
	for _, c := range []struct{ def, att, dd, ad int }{
		{0, 0, -1, -1}, {3, 0, 1, -1}, {2, 3, -1, 0}, {2, 5, -1, 1}, {4, 5, 0, 1}, {5, 5, 1, 1}, {4, 2, 1, 0},
	} {
		s := start(t, func(sc *grand.Scenario) {
			sc.Forces[0].Commander.Tactical = c.att
			sc.Forces[1].Commander.Tactical = c.def
		})
		fight(t, s, aEch, dCtr, 3, 3)
		if d := s.LastRound().Die; d != [2]int8{int8(3 + c.ad), int8(3 + c.dd)} {
			t.Errorf("defender %d attacker %d: dice %v, want [%d %d]", c.def, c.att, d, 3+c.ad, 3+c.dd)
		}
	}
	for d := range grand.MaxTactical + 1 {
		for a := range grand.MaxTactical + 1 {
			s := start(t, func(sc *grand.Scenario) {
				sc.Forces[0].Commander.Tactical = a
				sc.Forces[1].Commander.Tactical = d
			})
			fight(t, s, aEch, dCtr, 3, 3)
			md, ma := grand.CommanderModifiers(d, a)
			if got := s.LastRound().Die; got != [2]int8{int8(3 + ma), int8(3 + md)} {
				t.Errorf("defender %d attacker %d: dice %v, want [%d %d]", d, a, got, 3+ma, 3+md)
			}
		}
	}
}

// TestNoteEAustrianLeader: note e, +1 to the combat die of a side under
// an Austrian leader, on Cordon against Echelon (both tables: G-OP-7)
// only.
func TestNoteEAustrianLeader(t *testing.T) {
	austrians := func(river bool) func(sc *grand.Scenario) {
		return func(sc *grand.Scenario) {
			sc.River = river
			sc.Forces[0].Commander.Nation, sc.Forces[1].Commander.Nation = grand.Austria, grand.Austria
		}
	}
	for _, river := range []bool{false, true} {
		s := start(t, austrians(river))
		fight(t, s, aEch, dCord, 3, 3)
		if d := s.LastRound().Die; d != [2]int8{4, 4} {
			t.Errorf("river %v: cordon/echelon dice %v, want [4 4]", river, d)
		}
		s = start(t, austrians(river))
		fight(t, s, aAsl, dCord, 3, 3)
		if d := s.LastRound().Die; d != [2]int8{3, 3} {
			t.Errorf("river %v: cordon/assault dice %v, want [3 3]", river, d)
		}
	}
	s := start(t, nil)
	fight(t, s, aEch, dCord, 3, 3)
	if d := s.LastRound().Die; d != [2]int8{3, 3} {
		t.Errorf("Prussian leaders: dice %v, want [3 3]", d)
	}
}

// TestCavalrySuperiority: option 12.3.3.1, +1 to the die of a side with
// at least twice the enemy's cavalry (irregulars count, G-IRR) and some.
func TestCavalrySuperiority(t *testing.T) {
	cases := []struct {
		a, d fx
		die  [2]int8
	}{
		{fx{inf: 10, cav: 6}, fx{inf: 20, cav: 3}, [2]int8{4, 3}},
		{fx{inf: 10, cav: 5}, fx{inf: 20, cav: 3}, [2]int8{3, 3}},
		{fx{inf: 10, irr: 2}, fx{inf: 20}, [2]int8{4, 3}},
		{fx{inf: 10}, fx{inf: 20}, [2]int8{3, 3}}, // no cavalry either side
		{fx{inf: 10, cav: 1}, fx{cav: 1, irr: 1}, [2]int8{3, 4}},
	}
	for _, c := range cases {
		s := start(t, func(sc *grand.Scenario) {
			sc.CavalrySuperiority = true
			for k := range c.a {
				sc.Forces[0].Factors[k], sc.Forces[1].Factors[k] = int(c.a[k]), int(c.d[k])
			}
		})
		fight(t, s, aEch, dCtr, 3, 3)
		if d := s.LastRound().Die; d != c.die {
			t.Errorf("%v against %v: dice %v, want %v", c.a, c.d, d, c.die)
		}
	}
	// Without the option nothing.
	s := start(t, func(sc *grand.Scenario) { sc.Forces[0].Factors[cav] = 10 })
	fight(t, s, aEch, dCtr, 3, 3)
	if d := s.LastRound().Die; d != [2]int8{3, 3} {
		t.Errorf("without the option: dice %v, want [3 3]", d)
	}
}

// ---- Terrain, river, clamping ----

// TestTerrainLines: the chart's terrain lines on Counterattack against
// Assault (round 1: A 3-1, D 3-1), both dice 4.
func TestTerrainLines(t *testing.T) {
	cases := []struct {
		terrain  grand.Terrain
		a, d     grand.Levels
		aFactors int16 // the attacker's infantry left
		aMorale  int16
		dFactors int16
		dMorale  int16
	}{
		// Morale 1 die 4 casualty 3: 10% -0.8 (2 factors of 20).
		{grand.Clear, lv(3, 1), lv(3, 1), 18, 22, 18, 22},
		// Forest -1 casualty level both: casualty 2, 5% -0.5 (1 factor).
		{grand.Forest, lv(2, 1), lv(3-1, 1), 19, 25, 19, 25},
		// Mountain -1 to the attacker's casualty level only.
		{grand.Mountain, lv(2, 1), lv(3, 1), 18, 22, 19, 25},
		// Marsh -1 casualty, +1 morale both: morale 2 die 4 casualty 2,
		// 5% -1.0.
		{grand.Marsh, lv(2, 2), lv(2, 2), 19, 20, 19, 20},
		// Desert +1 morale both: morale 2 die 4 casualty 3, 10% -1.4.
		{grand.Desert, lv(3, 2), lv(3, 2), 18, 16, 18, 16},
	}
	for _, c := range cases {
		t.Run(c.terrain.String(), func(t *testing.T) {
			s := start(t, func(sc *grand.Scenario) { sc.Terrain = c.terrain })
			fight(t, s, aAsl, dCtr, 4, 4)
			levels(t, s, c.a, c.d)
			army(t, s, 0, fx{inf: c.aFactors}, c.aMorale)
			army(t, s, 1, fx{inf: c.dFactors}, c.dMorale)
		})
	}
}

// TestRiverCordon: note d, the Cordon row's lower table across a river,
// round by round against the upper table; G-OP-8: Cordon against
// Outflank has no lower table; the river changes no other row.
func TestRiverCordon(t *testing.T) {
	river := start(t, func(sc *grand.Scenario) { sc.River = true })
	upper := start(t, nil)
	// Round 1, both tables A 4-1 D 2-1. Dice 1, 1: morale 1 die 1
	// casualty 4 = 5% -0.2 on the defender; casualty 2 = 0 0.
	for _, s := range []*grand.State{river, upper} {
		fight(t, s, aAsl, dCord, 1, 1)
		levels(t, s, lv(4, 1), lv(2, 1))
		army(t, s, 0, fx{inf: 20}, 30)
		army(t, s, 1, fx{inf: 19}, 28)
	}
	// Round 2, lower A 4-2 D 3-1: dice 2, 2: morale 2 die 2 casualty 4 =
	// 5% -0.7; morale 1 die 2 casualty 3 = 5% -0.2.
	fight(t, river, aAsl, dCord, 2, 2)
	levels(t, river, lv(4, 2), lv(3, 1))
	army(t, river, 0, fx{inf: 19}, 28)
	army(t, river, 1, fx{inf: 18}, 21)
	// Upper A 4-3 D 2-1: morale 3 die 2 casualty 4 = 10% -1.3; morale 1
	// die 2 casualty 2 = 0 0.
	fight(t, upper, aAsl, dCord, 2, 2)
	levels(t, upper, lv(4, 3), lv(2, 1))
	army(t, upper, 0, fx{inf: 20}, 30)
	army(t, upper, 1, fx{inf: 17}, 15)
	// Round 3: lower A 4-1 D 4-1, upper A 4-1 D 3-1.
	fight(t, river, aAsl, dCord, 1, 1)
	levels(t, river, lv(4, 1), lv(4, 1))
	army(t, river, 0, fx{inf: 18}, 26)
	army(t, river, 1, fx{inf: 17}, 19)
	fight(t, upper, aAsl, dCord, 1, 1)
	levels(t, upper, lv(4, 1), lv(3, 1))

	// Escalated Assault, Echelon and Probe across the river, round 1.
	for _, c := range []struct {
		att  uint8
		a, d grand.Levels
	}{{aEsc, lv(5, 1), lv(3, 1)}, {aEch, lv(2, 1), lv(4, 1)}, {aPrb, lv(1, 1), lv(1, 2)}} {
		s := start(t, func(sc *grand.Scenario) { sc.River = true })
		fight(t, s, c.att, dCord, 1, 1)
		levels(t, s, c.a, c.d)
	}
	// Round 2 of Probe across a river: G-OP-4's A 4-1, and D 3-1.
	s := start(t, func(sc *grand.Scenario) { sc.River = true })
	fight(t, s, aPrb, dCord, 1, 1)
	fight(t, s, aPrb, dCord, 1, 1)
	levels(t, s, lv(4, 1), lv(3, 1))

	// G-OP-8: Cordon against Outflank across a river: the upper cell,
	// not split (note a): no arrival roll.
	s = start(t, func(sc *grand.Scenario) { sc.River = true })
	fight(t, s, aOut, dCord, 1, 1)
	levels(t, s, lv(2, 1), lv(3, 2))
	phase(t, s, phPostures)
	if s.Army(0).Out != outNone {
		t.Errorf("note a: the army split (out %d)", s.Army(0).Out)
	}

	// Another row across the river is as printed.
	s = start(t, func(sc *grand.Scenario) { sc.River = true })
	fight(t, s, aEch, dDef, 1, 1)
	levels(t, s, lv(1, 3), lv(4, 1))
}

// TestClamp: G-CLAMP, levels held at 1 and 5, the modified die at 7.
func TestClamp(t *testing.T) {
	// Marsh on Outflank against Outflank (note a): A 1-2, D 1-2 become
	// casualty 0 (held at 1), morale 3. Dice 1, 1: morale 3 die 1
	// casualty 1 = 0 -0.3.
	s := start(t, func(sc *grand.Scenario) { sc.Terrain = grand.Marsh })
	fight(t, s, aOut, dOut, 1, 1)
	levels(t, s, lv(1, 3), lv(1, 3))
	army(t, s, 0, fx{inf: 20}, 27)
	army(t, s, 1, fx{inf: 20}, 27)
	phase(t, s, phPostures) // note a: no arrival roll

	// Desert and a French guard's +2 on Defend against Echelon: A 1-3 is
	// morale 3+1+2 = 6, held at 5; D 4-1 is 4-2. French 10 infantry and 6
	// guard: morale (10x4.0 + 6x5.0)/16 = 4.375, 4.4. Dice 1, 1 and the
	// guard's 1: morale 5 die 1 casualty 1 = 5% -1.1 (5% of 16 = 1);
	// morale 2 die 1 casualty 4 = 5% -0.6 (5% of 20 = 1); the guard
	// table's die 1 for +2: 1 guard factor.
	s = start(t, func(sc *grand.Scenario) {
		sc.Terrain, sc.GuardCommitment = grand.Desert, true
		sc.Forces[0].Nation = grand.France
		sc.Forces[0].Factors = [grand.NumKinds]int{inf: 10, grd: 6}
	})
	if m := s.Army(0).Morale; m != 44 {
		t.Fatalf("French morale %d, want 44", m)
	}
	posturesG(t, s, aEch, 2, dDef, 0)
	roll(t, s, phCombat, 1, 1, 1)
	levels(t, s, lv(1, 5), lv(4, 2))
	army(t, s, 0, fx{inf: 9, grd: 5}, 44-6)
	army(t, s, 1, fx{inf: 19}, 30-11)

	// The die: a 6 with the Commander Chart's +1 (defender rated 0,
	// attacker 3: D -1, A +1) and cavalry superiority's +1 is 8, held at
	// 7; the defender's 1 - 1 is 0. Counterattack against Echelon: A 1-2,
	// D 3-1. Attacker 10 infantry 6 cavalry, morale (30+24)/16 = 3.375,
	// 3.4; defender 20 infantry 3 cavalry, (60+12)/23 = 3.13, 3.1.
	// Morale 2 die 7 casualty 1 = 10% -1.8 (10% of 16 = 2); morale 1 die
	// 0 casualty 3 = 0 0.
	s = start(t, func(sc *grand.Scenario) {
		sc.CavalrySuperiority = true
		sc.Forces[0].Factors = [grand.NumKinds]int{inf: 10, cav: 6}
		sc.Forces[1].Factors = [grand.NumKinds]int{inf: 20, cav: 3}
		sc.Forces[0].Commander.Tactical, sc.Forces[1].Commander.Tactical = 3, 0
	})
	fight(t, s, aEch, dCtr, 6, 1)
	if d := s.LastRound().Die; d != [2]int8{7, 0} {
		t.Errorf("dice %v, want [7 0]", d)
	}
	army(t, s, 0, fx{inf: 10, cav: 6}, 34)
	army(t, s, 1, fx{inf: 18, cav: 3}, 31-18)
}

// ---- Outflanking (notes a, b, g, j) ----

// TestOutflankArrival: note b and G-OUT on Counterattack against
// Outflank (the attacker splits): first lines A 2-1 2-1 2-2, D 2-3 3-3
// 3-3; second lines A — 4-4 4-4, D — 3-1 3-1. The force arrives on the
// commander's strategic rating (3) or less.
func TestOutflankArrival(t *testing.T) {
	t.Run("arrives", func(t *testing.T) {
		s := start(t, nil)
		// Round 1: A 2-1 die 1 = 0 0; D 2-3 die 1 = 0 -0.5.
		fight(t, s, aOut, dCtr, 1, 1)
		levels(t, s, lv(2, 1), lv(2, 3))
		army(t, s, 0, fx{inf: 20}, 25)
		if a := s.Army(0); a.Out != outOnItsWay || a.OutRounds != 1 {
			t.Fatalf("out %d after %d rounds, want on its way after 1", a.Out, a.OutRounds)
		}
		if !strings.Contains(s.DescribeRoll(), "3 or less") {
			t.Errorf("arrival roll %q, want 3 or less", s.DescribeRoll())
		}
		roll(t, s, phArrival, 3)
		if s.Army(0).Out != outArrived {
			t.Fatalf("a 3 did not bring the force")
		}
		// Round 2 on the second lines: A 4-4 die 1 = 10% -1.4 (2 of 20);
		// D 3-1 die 1 = 0 0. No more arrival roll.
		fight(t, s, aOut, dCtr, 1, 1)
		levels(t, s, lv(4, 4), lv(3, 1))
		army(t, s, 1, fx{inf: 18}, 16)
		army(t, s, 0, fx{inf: 20}, 25)
		phase(t, s, phPostures)
		if s.CombatRound() != 3 {
			t.Errorf("round %d, want 3", s.CombatRound())
		}
	})
	t.Run("fails then +2 from the second round", func(t *testing.T) {
		s := start(t, nil)
		fight(t, s, aOut, dCtr, 1, 1)
		roll(t, s, phArrival, 4)
		if a := s.Army(0); a.Out != outOnItsWay {
			t.Fatalf("a 4 brought the force (out %d)", a.Out)
		}
		// Round 2 still on the first lines: A 2-1, D 3-3.
		fight(t, s, aOut, dCtr, 1, 1)
		levels(t, s, lv(2, 1), lv(3, 3))
		if a := s.Army(0); a.OutRounds != 2 || !strings.Contains(s.DescribeRoll(), "5 or less") {
			t.Errorf("after round 2: %d rounds out, %q, want 2 and 5 or less", a.OutRounds, s.DescribeRoll())
		}
		roll(t, s, phArrival, 5) // 3 + 2
		if s.Army(0).Out != outArrived {
			t.Fatal("a 5 did not bring the force at the end of its second round")
		}
		fight(t, s, aOut, dCtr, 1, 1)
		levels(t, s, lv(4, 4), lv(3, 1))
	})
	t.Run("a 6 fails even with +2", func(t *testing.T) {
		s := start(t, nil)
		fight(t, s, aOut, dCtr, 1, 1)
		roll(t, s, phArrival, 4)
		fight(t, s, aOut, dCtr, 1, 1)
		roll(t, s, phArrival, 6)
		fight(t, s, aOut, dCtr, 1, 1)
		levels(t, s, lv(2, 2), lv(3, 3)) // round 3 first lines
		phase(t, s, phArrival)
	})
	t.Run("recalled", func(t *testing.T) {
		// G-OUT: another posture recalls the force; sent again, its
		// rounds out start again (no +2 at the end of its first).
		s := start(t, nil)
		fight(t, s, aOut, dCtr, 1, 1)
		roll(t, s, phArrival, 4)
		fight(t, s, aAsl, dCtr, 1, 1)
		phase(t, s, phPostures)
		if a := s.Army(0); a.Out != outNone || a.OutRounds != 0 {
			t.Fatalf("after an assault the force is out %d (%d rounds)", a.Out, a.OutRounds)
		}
		fight(t, s, aOut, dCtr, 1, 1)
		levels(t, s, lv(2, 2), lv(3, 3))
		roll(t, s, phArrival, 5)
		if s.Army(0).Out != outOnItsWay {
			t.Error("a 5 brought a force at the end of its first round out")
		}
	})
	for _, c := range []struct {
		terrain      grand.Terrain
		fail, arrive int
	}{
		{grand.Forest, 3, 2}, {grand.Mountain, 3, 2}, {grand.Marsh, 3, 2}, {grand.Desert, 4, 3}, {grand.Clear, 4, 3},
	} {
		t.Run("terrain "+c.terrain.String(), func(t *testing.T) {
			// Note b: -1 in forest, mountain or marsh.
			for _, die := range []int{c.fail, c.arrive} {
				s := start(t, func(sc *grand.Scenario) { sc.Terrain = c.terrain })
				fight(t, s, aOut, dCtr, 1, 1)
				roll(t, s, phArrival, die)
				if got, want := s.Army(0).Out, map[bool]uint8{true: outArrived, false: outOnItsWay}[die == c.arrive]; got != want {
					t.Errorf("die %d: out %d, want %d", die, got, want)
				}
			}
		})
	}
	t.Run("note j", func(t *testing.T) {
		// Defend against Outflank (G-OP-6, j by G-OP-7): first lines A 2-1
		// D 3-2; the attacker's rating +1: a 4 arrives, a 5 does not.
		s := start(t, nil)
		fight(t, s, aOut, dDef, 1, 1)
		levels(t, s, lv(2, 1), lv(3, 2))
		roll(t, s, phArrival, 5)
		if s.Army(0).Out != outOnItsWay {
			t.Error("a 5 brought the force under note j")
		}
		s = start(t, nil)
		fight(t, s, aOut, dDef, 1, 1)
		roll(t, s, phArrival, 4)
		if s.Army(0).Out != outArrived {
			t.Fatal("a 4 did not bring the force under note j")
		}
		// Second lines: A 4-3, D 1-1.
		fight(t, s, aOut, dDef, 1, 1)
		levels(t, s, lv(4, 3), lv(1, 1))
	})
	t.Run("the defender outflanks", func(t *testing.T) {
		// Outflank against Assault: the defender splits, on the
		// defender's rating (2 here; the attacker's is 5). First lines A
		// 2-3 D 2-1; second A — 3-1, D — 4-4.
		mod := func(sc *grand.Scenario) {
			sc.Forces[0].Commander.Strategic, sc.Forces[1].Commander.Strategic = 5, 2
		}
		s := start(t, mod)
		fight(t, s, aAsl, dOut, 1, 1)
		levels(t, s, lv(2, 3), lv(2, 1))
		roll(t, s, phArrival, 3)
		if s.Army(1).Out != outOnItsWay || s.Army(0).Out != outNone {
			t.Errorf("out %d/%d after a 3 on the defender's 2", s.Army(0).Out, s.Army(1).Out)
		}
		s = start(t, mod)
		fight(t, s, aAsl, dOut, 1, 1)
		roll(t, s, phArrival, 2)
		fight(t, s, aAsl, dOut, 1, 1)
		levels(t, s, lv(3, 1), lv(4, 4))
	})
	t.Run("note a", func(t *testing.T) {
		s := start(t, nil)
		fight(t, s, aOut, dOut, 1, 1)
		levels(t, s, lv(1, 2), lv(1, 2))
		phase(t, s, phPostures)
		if s.Army(0).Out != outNone || s.Army(1).Out != outNone {
			t.Error("note a: an army split")
		}
	})
}

// TestNoteGWithdrawAgainstOutflank: note g and G-OP-5: Withdraw against
// Outflank (A 2-2, D 1-1 while on its way; A — 4-4, D — 1-1 once
// arrived); the defender leaves at the end of a round in which the force
// has not arrived.
func TestNoteGWithdrawAgainstOutflank(t *testing.T) {
	s := start(t, nil)
	// A 2-2 die 1 = 0 -0.1; D 1-1 die 1 = 0 0.
	fight(t, s, aOut, dWdraw, 1, 1)
	levels(t, s, lv(2, 2), lv(1, 1))
	army(t, s, 1, fx{inf: 20}, 29)
	roll(t, s, phArrival, 4)
	over(t, s, 0, "the defender withdrew: the outflanking force had not arrived")

	s = start(t, nil)
	fight(t, s, aOut, dWdraw, 1, 1)
	roll(t, s, phArrival, 3)
	phase(t, s, phPostures)
	// Arrived: the second lines, and no withdrawal.
	fight(t, s, aOut, dWdraw, 1, 1)
	levels(t, s, lv(4, 4), lv(1, 1))
	phase(t, s, phPostures)

	// A victor with cavalry pursues a withdrawal at class 1 (G-WD).
	s = start(t, func(sc *grand.Scenario) { sc.Forces[0].Factors[cav] = 4 })
	fight(t, s, aOut, dWdraw, 1, 1)
	roll(t, s, phArrival, 6)
	phase(t, s, phPursuit)
	if w, ok := s.Decided(); !ok || w != 0 {
		t.Errorf("Decided() = %s, %v before the pursuit die", w, ok)
	}
	if !strings.Contains(s.DescribeRoll(), "class 1") {
		t.Errorf("pursuit %q, want class 1", s.DescribeRoll())
	}
}

// ---- Withdrawal (notes f, h, i) ----

// TestNoteIWithdrawAgainstAssault: note i, the defender withdraws on its
// strategic rating (2) or less after the round; otherwise the battle goes
// on. Note f: +1 when the defender is all cavalry and irregulars (G-IRR).
func TestNoteIWithdrawAgainstAssault(t *testing.T) {
	rated2 := func(sc *grand.Scenario) { sc.Forces[1].Commander.Strategic = 2 }
	for _, att := range []uint8{aAsl, aEsc} {
		s := start(t, rated2)
		fight(t, s, att, dWdraw, 1, 1)
		roll(t, s, phWithdraw, 2)
		over(t, s, 0, "the defender withdrew")

		s = start(t, rated2)
		fight(t, s, att, dWdraw, 1, 1)
		roll(t, s, phWithdraw, 3)
		phase(t, s, phPostures)
		if s.CombatRound() != 2 {
			t.Errorf("round %d, want 2", s.CombatRound())
		}
	}
	// The round is fought before the roll: A 4-2 die 1 = 5% -0.6; D 1-1
	// die 1 = 0 0.
	s := start(t, rated2)
	fight(t, s, aAsl, dWdraw, 1, 1)
	levels(t, s, lv(4, 2), lv(1, 1))
	army(t, s, 1, fx{inf: 19}, 24)
	army(t, s, 0, fx{inf: 20}, 30)

	// Note f, with option 12.3.3.2 (G-F).
	allCav := func(sc *grand.Scenario) {
		rated2(sc)
		sc.AllCavalryWithdrawal = true
		sc.Forces[1].Factors = [grand.NumKinds]int{cav: 10, irr: 4}
	}
	s = start(t, allCav)
	fight(t, s, aAsl, dWdraw, 1, 1)
	roll(t, s, phWithdraw, 3)
	over(t, s, 0, "the defender withdrew")
	s = start(t, allCav)
	fight(t, s, aAsl, dWdraw, 1, 1)
	roll(t, s, phWithdraw, 4)
	phase(t, s, phPostures)
	// Without the option (the default) the same roll of 3 fails.
	s = start(t, func(sc *grand.Scenario) { allCav(sc); sc.AllCavalryWithdrawal = false })
	fight(t, s, aAsl, dWdraw, 1, 1)
	roll(t, s, phWithdraw, 3)
	phase(t, s, phPostures)
	s = start(t, func(sc *grand.Scenario) {
		rated2(sc)
		sc.AllCavalryWithdrawal = true
		// The round's 5% takes one infantry factor; one is left.
		sc.Forces[1].Factors = [grand.NumKinds]int{cav: 10, inf: 2}
	})
	fight(t, s, aAsl, dWdraw, 1, 1)
	roll(t, s, phWithdraw, 3)
	phase(t, s, phPostures)
}

// TestNoteHWithdrawAgainstEchelon: note h (G-OP-7), the defender
// withdraws on its strategic rating + 1 or less; with f, +2 all cavalry.
func TestNoteHWithdrawAgainstEchelon(t *testing.T) {
	rated2 := func(sc *grand.Scenario) { sc.Forces[1].Commander.Strategic = 2 }
	s := start(t, rated2)
	// A 3-1 die 1 = 0 0; D 1-1 = 0 0.
	fight(t, s, aEch, dWdraw, 1, 1)
	levels(t, s, lv(3, 1), lv(1, 1))
	roll(t, s, phWithdraw, 3)
	over(t, s, 0, "the defender withdrew")
	s = start(t, rated2)
	fight(t, s, aEch, dWdraw, 1, 1)
	roll(t, s, phWithdraw, 4)
	phase(t, s, phPostures)

	allCav := func(sc *grand.Scenario) {
		rated2(sc)
		sc.AllCavalryWithdrawal = true
		sc.Forces[1].Factors = [grand.NumKinds]int{cav: 8}
	}
	s = start(t, allCav)
	fight(t, s, aEch, dWdraw, 1, 1)
	roll(t, s, phWithdraw, 4)
	over(t, s, 0, "the defender withdrew")
	s = start(t, allCav)
	fight(t, s, aEch, dWdraw, 1, 1)
	roll(t, s, phWithdraw, 5)
	phase(t, s, phPostures)
	// Without option 12.3.3.2 (G-F) only h's +1 counts: a 4 fails.
	s = start(t, func(sc *grand.Scenario) { allCav(sc); sc.AllCavalryWithdrawal = false })
	fight(t, s, aEch, dWdraw, 1, 1)
	roll(t, s, phWithdraw, 4)
	phase(t, s, phPostures)

	// In the day's last round a withdrawing defender is gone by nightfall,
	// with no roll (G-DAY).
	s = start(t, func(sc *grand.Scenario) { rated2(sc); sc.Rounds = 1 })
	fight(t, s, aEch, dWdraw, 1, 1)
	over(t, s, 0, "the defender withdrew")
}

// TestWithdrawAgainstProbe: the automatic withdrawal, without a fight:
// no dice, no losses; a victor with cavalry pursues at class 1.
func TestWithdrawAgainstProbe(t *testing.T) {
	s := start(t, nil)
	posturesG(t, s, aPrb, 0, dWdraw, 0)
	over(t, s, 0, "the defender withdrew before the probe without a fight")
	if r := s.LastRound(); r != (grand.Round{}) {
		t.Errorf("a round was fought: %+v", r)
	}
	army(t, s, 0, fx{inf: 20}, 30)
	army(t, s, 1, fx{inf: 20}, 30)

	s = start(t, func(sc *grand.Scenario) { sc.Forces[0].Factors[cav] = 10 })
	posturesG(t, s, aPrb, 0, dWdraw, 0)
	phase(t, s, phPursuit)
	// Class 1, die 5: 10% of 10 cavalry = 1 point = 3 infantry.
	roll(t, s, phPursuit, 5)
	over(t, s, 0, "the defender withdrew before the probe without a fight")
	army(t, s, 1, fx{inf: 17}, 30)
	if a := s.Army(1); a.FactorsLost != 3 {
		t.Errorf("factors lost %d, want 3", a.FactorsLost)
	}
}

// ---- Breaking, the day's end ----

// TestBreakCavalryCasualty: G-BREAK at morale exactly 0, G-LOSS's
// breaking side taking its first casualty from its cavalry, and the
// pursuit after it (class 6: victor's loss 0.2 in round 1), paid militia
// first (6 a point) then cavalry (1 a point).
func TestBreakCavalryCasualty(t *testing.T) {
	// Attacker 20 infantry 4 cavalry: (60+16)/24 = 3.17, 3.2. Defender 10
	// militia 2 cavalry: (20+8)/12 = 2.33, 2.3.
	mod := func(sc *grand.Scenario) {
		sc.Forces[0].Factors = [grand.NumKinds]int{inf: 20, cav: 4}
		sc.Forces[1].Factors = [grand.NumKinds]int{mil: 10, cav: 2}
	}
	s := start(t, mod)
	// Defend against Echelon: A 1-3 die 6 = 10% -2.3 (10% of 24 = 2 + 0);
	// D 4-1 die 1 = 5% -0.2 (5% of 12 = 1).
	fight(t, s, aEch, dDef, 6, 1)
	army(t, s, 1, fx{mil: 9, cav: 1}, 0)
	army(t, s, 0, fx{inf: 19, cav: 4}, 30)
	phase(t, s, phPursuit)
	// Class 6 die 4: 45% of 4 cavalry = 2 points = 12 sixths: 9 militia
	// (9) and the cavalry factor (6).
	sd := engine.NewScriptedDice(4)
	rollScript(t, s, phPursuit, sd)
	over(t, s, 0, "the defender broke")
	army(t, s, 1, fx{}, 0)
	if a := s.Army(1); a.FactorsLost != 12 {
		t.Errorf("factors lost %d, want 12", a.FactorsLost)
	}

	// Not breaking, the same losses fall on the militia.
	s = start(t, mod)
	// Counterattack against Assault: A 3-1 die 4 = 10% -0.8.
	fight(t, s, aAsl, dCtr, 4, 1)
	army(t, s, 1, fx{mil: 8, cav: 2}, 23-8)
}

// TestBreakLastFactor: G-BREAK, a force that loses its last factor breaks
// whatever its morale.
func TestBreakLastFactor(t *testing.T) {
	s := start(t, func(sc *grand.Scenario) { sc.Forces[1].Factors = [grand.NumKinds]int{grd: 1} })
	// A 3-1 die 4 = 10% -0.8 (2 factors of 20: the one guard factor).
	fight(t, s, aAsl, dCtr, 4, 1)
	army(t, s, 1, fx{}, 50-8)
	over(t, s, 0, "the defender broke")
}

// TestBothBreak: G-BOTH, the side with more morale left wins; equal, a
// draw with no pursuit.
func TestBothBreak(t *testing.T) {
	// 10 irregulars a side (morale 1.0), Counterattack against Assault:
	// A 3-1 die 6 = 10% -1.3, D 3-1 die 5 = 10% -1.1; 10% of 10 = 1, the
	// breaking sides' irregulars.
	mod := func(sc *grand.Scenario) {
		sc.Forces[0].Factors = [grand.NumKinds]int{irr: 10}
		sc.Forces[1].Factors = [grand.NumKinds]int{irr: 10}
	}
	s := start(t, mod)
	fight(t, s, aAsl, dCtr, 6, 5)
	army(t, s, 0, fx{irr: 9}, -1)
	army(t, s, 1, fx{irr: 9}, -3)
	// The attacker holds the field; its irregulars pursue (G-IRR) at
	// class 5 (loss 1.1, round 1): die 1 = 10% of 9 = 1 point = 1
	// irregular.
	phase(t, s, phPursuit)
	roll(t, s, phPursuit, 1)
	over(t, s, 0, "the defender broke")
	army(t, s, 1, fx{irr: 8}, -3)

	s = start(t, mod)
	fight(t, s, aAsl, dCtr, 6, 6)
	over(t, s, engine.NoPlayer, "both armies broke with equal morale left")
	if k := s.Result().Kind; k != engine.RulesDraw {
		t.Errorf("result kind %s, want a draw by the rules", k)
	}
	army(t, s, 0, fx{irr: 9}, -3)
	army(t, s, 1, fx{irr: 9}, -3)

	// The defender with more morale left wins.
	s = start(t, mod)
	fight(t, s, aAsl, dCtr, 5, 6)
	phase(t, s, phPursuit)
	if w, ok := s.Decided(); !ok || w != 1 {
		t.Errorf("Decided() = %s, %v, want side 1", w, ok)
	}
}

// TestDayEnd: G-DAY, after the day's last round the attacker withdraws
// unbroken: the defender wins and pursues at class 1.
func TestDayEnd(t *testing.T) {
	// A day of 2 rounds; the defender 10 infantry 10 cavalry.
	mod := func(sc *grand.Scenario) {
		sc.Rounds = 2
		sc.Forces[1].Factors = [grand.NumKinds]int{inf: 10, cav: 10}
	}
	s := start(t, mod)
	if s.DayRounds() != 2 {
		t.Fatalf("day of %d rounds", s.DayRounds())
	}
	sd := engine.NewScriptedDice(1, 1, 1, 1, 6)
	// Counterattack against Probe: round 1 A 1-1 die 1 = 0 0, D 3-2 die 1
	// = 0 -0.2; round 2 A 1-3 = 0 -0.3, D 3-2 = 0 -0.2.
	posturesG(t, s, aPrb, 0, dCtr, 0)
	rollScript(t, s, phCombat, sd)
	posturesG(t, s, aPrb, 0, dCtr, 0)
	rollScript(t, s, phCombat, sd)
	army(t, s, 0, fx{inf: 20}, 26)
	army(t, s, 1, fx{inf: 10, cav: 10}, 35-3)
	phase(t, s, phPursuit)
	// Class 1 die 6: 15% of 10 cavalry = 2 points = 6 infantry.
	rollScript(t, s, phPursuit, sd)
	over(t, s, 1, "the attacker withdrew at the day's end")
	army(t, s, 0, fx{inf: 14}, 26)
	if sd.Remaining() != 0 {
		t.Errorf("%d dice unused", sd.Remaining())
	}

	// Class 1 die 4: no loss.
	s = start(t, mod)
	fight(t, s, aPrb, dCtr, 1, 1)
	fight(t, s, aPrb, dCtr, 1, 1)
	roll(t, s, phPursuit, 4)
	army(t, s, 0, fx{inf: 20}, 26)

	// The default day is 4 rounds; a defender without cavalry does not
	// pursue.
	s = start(t, nil)
	if s.DayRounds() != grand.DefaultRounds || grand.DefaultRounds != 4 {
		t.Fatalf("default day of %d rounds", s.DayRounds())
	}
	for r := 1; r <= 4; r++ {
		if s.Terminal() {
			t.Fatalf("over before round %d", r)
		}
		fight(t, s, aPrb, dCtr, 1, 1)
	}
	over(t, s, 1, "the attacker withdrew at the day's end")
}

// ---- Pursuit ----

// TestPursuitClassByLossAndRounds: the Pursuit Class Table by the
// victor's whole morale loss and the rounds fought (1.3 + 0.6 = 1.9 in 2
// rounds: class 4).
func TestPursuitClassByLossAndRounds(t *testing.T) {
	// Attacker 10 infantry 10 cavalry (3.5); defender 20 militia 4
	// infantry ((40+12)/24 = 2.17, 2.2). Counterattack against Assault.
	s := start(t, func(sc *grand.Scenario) {
		sc.Forces[0].Factors = [grand.NumKinds]int{inf: 10, cav: 10}
		sc.Forces[1].Factors = [grand.NumKinds]int{mil: 20, inf: 4}
	})
	// Round 1 (A 3-1, D 3-1): the attacker's 1 = 0 0; the defender's 6 =
	// 10% -1.3, 10% of 24 = 2 infantry.
	fight(t, s, aAsl, dCtr, 1, 6)
	army(t, s, 0, fx{inf: 8, cav: 10}, 22)
	// Round 2 (4-2, 4-2): the attacker's 6 = 15% -2.5, 15% of 18 = 3
	// militia, the defender breaks (no cavalry to lose first); the
	// defender's 1 = 5% -0.6, 5% of 24 = 1.
	fight(t, s, aAsl, dCtr, 6, 1)
	army(t, s, 0, fx{inf: 7, cav: 10}, 16)
	army(t, s, 1, fx{mil: 17, inf: 4}, 22-25)
	if a := s.Army(0); a.Lost != 19 {
		t.Fatalf("victor's loss %d, want 19", a.Lost)
	}
	// Class 4, die 4: 30% of 10 cavalry = 3 points = 18 sixths: 17
	// militia and 1 infantry.
	if !strings.Contains(s.DescribeRoll(), "class 4") {
		t.Errorf("pursuit %q, want class 4", s.DescribeRoll())
	}
	roll(t, s, phPursuit, 4)
	army(t, s, 1, fx{inf: 3}, -3)
}

// TestPursuitTerrain: the pursuit's column shifts (2 left in marsh, 1 in
// forest, mountain and desert) and the cavalry leader's +1.
func TestPursuitTerrain(t *testing.T) {
	// Attacker 10 cavalry (4.0), defender 10 irregulars (1.0);
	// Counterattack against Assault, dice 6 and 1; the defender breaks in
	// round 1 with the victor's loss below 1.0: class 6 before shifts.
	cases := []struct {
		terrain grand.Terrain
		broken  int16 // the defender's irregulars after the round
		lost    int16 // the victor's morale loss
		class   int
		left    int16 // after a pursuit die of 6
	}{
		// A 3-1 die 6 = 10% -1.3: 1; class 6: 90% of 10 = 9 points.
		{grand.Clear, 9, 0, 6, 0},
		// A 2-1 die 6 = 10% -1.1: 1; class 5: 75% of 10 = 8.
		{grand.Forest, 9, 0, 5, 1},
		{grand.Mountain, 9, 0, 5, 1},
		// A 2-2 = 10% -1.9; D 2-2 die 1 = 0 -0.1; class 4: 60% = 6.
		{grand.Marsh, 9, 1, 4, 3},
		// A 3-2 = 15% -2.1: 2; D 3-2 die 1 = 0 -0.2; class 5: 8.
		{grand.Desert, 8, 2, 5, 0},
	}
	for _, c := range cases {
		t.Run(c.terrain.String(), func(t *testing.T) {
			s := start(t, func(sc *grand.Scenario) {
				sc.Terrain = c.terrain
				sc.Forces[0].Factors = [grand.NumKinds]int{cav: 10}
				sc.Forces[1].Factors = [grand.NumKinds]int{irr: 10}
			})
			fight(t, s, aAsl, dCtr, 6, 1)
			if a := s.Army(1); a.Factors != (fx{irr: c.broken}) {
				t.Errorf("after the round the defender has %v, want %d irregulars", a.Factors, c.broken)
			}
			if a := s.Army(0); a.Lost != c.lost || a.Factors != (fx{cav: 10}) {
				t.Errorf("victor %v lost %d, want 10 cavalry and %d", a.Factors, a.Lost, c.lost)
			}
			phase(t, s, phPursuit)
			if want := "class " + string(rune('0'+c.class)); !strings.Contains(s.DescribeRoll(), want) {
				t.Errorf("pursuit %q, want %s", s.DescribeRoll(), want)
			}
			roll(t, s, phPursuit, 6)
			if a := s.Army(1); a.Factors != (fx{irr: c.left}) {
				t.Errorf("after the pursuit %v, want %d irregulars", a.Factors, c.left)
			}
		})
	}
	// The cavalry leader: die 5 + 1 on class 6 = 90% (9 points) against
	// 60% (6).
	for _, c := range []struct {
		leader bool
		die    int
		left   int16
	}{{false, 5, 3}, {true, 5, 0}, {true, 6, 0}, {true, 1, 9 - 2}, {false, 1, 9 - 2}} {
		s := start(t, func(sc *grand.Scenario) {
			sc.Forces[0].Factors = [grand.NumKinds]int{cav: 10}
			sc.Forces[1].Factors = [grand.NumKinds]int{irr: 10}
			sc.Forces[0].Commander.CavalryLeader = c.leader
		})
		fight(t, s, aAsl, dCtr, 6, 1)
		roll(t, s, phPursuit, c.die)
		if a := s.Army(1); a.Factors != (fx{irr: c.left}) {
			t.Errorf("leader %v die %d: %v, want %d irregulars", c.leader, c.die, a.Factors, c.left)
		}
	}
	// Withdrawals are pursued at class 1, which every terrain but clear
	// shifts to none.
	for tr := grand.Clear; tr <= grand.Desert; tr++ {
		s := start(t, func(sc *grand.Scenario) {
			sc.Terrain = tr
			sc.Forces[0].Factors[cav] = 10
		})
		posturesG(t, s, aPrb, 0, dWdraw, 0)
		if got, want := s.PhaseName(), map[bool]string{true: phPursuit, false: phOver}[tr == grand.Clear]; got != want {
			t.Errorf("%s: phase %q, want %q", tr, got, want)
		}
	}
}

// TestPursuitPayment: G-PUR-1 to G-PUR-3, "1 cavalry = 3 non-militia = 6
// militia factors", paid militia, infantry, feudal, artillery,
// irregulars, cavalry, the guard last; a factor paying more than is owed
// is still lost. Withdraw against Probe in clear terrain: class 1.
func TestPursuitPayment(t *testing.T) {
	cases := []struct {
		name    string
		victor  int // cavalry
		die     int
		loser   fx
		left    fx
		lostNow int16
	}{
		// 10% of 10 = 1 point: 6 militia.
		{"militia", 10, 5, fx{mil: 12, inf: 5}, fx{mil: 6, inf: 5}, 6},
		// 1 point: 3 infantry.
		{"non-militia", 10, 5, fx{inf: 5, cav: 2}, fx{inf: 2, cav: 2}, 3},
		// 1 point: 1 cavalry before the guard.
		{"cavalry", 10, 5, fx{cav: 3, grd: 2}, fx{cav: 2, grd: 2}, 1},
		// 1 militia pays a sixth, the cavalry factor after it the rest
		// and more.
		{"overpaid", 10, 5, fx{mil: 1, cav: 3}, fx{cav: 2}, 2},
		// 15% of 27 = 3 + 1 = 4 points = 24 sixths: militia 7 (7),
		// infantry 4 (15), feudal 1 (17), artillery 2 (21), the irregular
		// (27).
		{"order", 27, 6, fx{mil: 7, inf: 4, feu: 1, art: 2, irr: 1, cav: 1, grd: 2}, fx{cav: 1, grd: 2}, 15},
		// 10% of 27 = 2 + 1 = 3 points = 18 sixths: militia 7, infantry 4
		// (15), feudal (17), one artillery (19).
		{"order 3 points", 27, 5, fx{mil: 7, inf: 4, feu: 1, art: 2, irr: 1, cav: 1, grd: 2}, fx{art: 1, irr: 1, cav: 1, grd: 2}, 13},
		// The guard last: die 6 is 15% of 10 = 2 points = 12 sixths, the
		// cavalry factor (6) and then 3 guard factors (2 each).
		{"guard last", 10, 6, fx{cav: 1, grd: 5}, fx{grd: 2}, 4},
		// Die 4 on class 1: nothing.
		{"none", 27, 4, fx{inf: 5}, fx{inf: 5}, 0},
		// Irregular victors pursue (G-IRR): 10% of 10 = 1 point.
		{"irregular victor", -10, 5, fx{inf: 5}, fx{inf: 2}, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := start(t, func(sc *grand.Scenario) {
				if c.victor < 0 {
					sc.Forces[0].Factors[irr] = -c.victor
				} else {
					sc.Forces[0].Factors[cav] = c.victor
				}
				for k, v := range c.loser {
					sc.Forces[1].Factors[k] = int(v)
				}
			})
			posturesG(t, s, aPrb, 0, dWdraw, 0)
			roll(t, s, phPursuit, c.die)
			if a := s.Army(1); a.Factors != c.left || a.FactorsLost != c.lostNow {
				t.Errorf("loser %v (lost %d), want %v (lost %d)", a.Factors, a.FactorsLost, c.left, c.lostNow)
			}
			over(t, s, 0, "the defender withdrew before the probe without a fight")
		})
	}
	// A victor without cavalry does not pursue (G-PUR-1).
	s := start(t, nil)
	posturesG(t, s, aPrb, 0, dWdraw, 0)
	phase(t, s, phOver)
}

// ---- Militia ----

// TestMilitia: G-MIL, militia takes casualties in rounds that begin with
// the side's cumulative morale loss below 2.0, so also in the round it
// reaches 2.0; after that the other kinds take them, and the militia only
// when nothing else is left.
func TestMilitia(t *testing.T) {
	// Attacker 100 infantry: 5% of 100 = 5 factors. Defender 20 militia 3
	// guard: (40+15)/23 = 2.39, 2.4. Defender rated 0 tactically,
	// attacker 2: D -1, A 0, so the defender's 1s are 0s and inflict
	// nothing in these cells.
	s := start(t, func(sc *grand.Scenario) {
		sc.Forces[0].Factors = [grand.NumKinds]int{inf: 100}
		sc.Forces[1].Factors = [grand.NumKinds]int{mil: 20, grd: 3}
		sc.Forces[1].Commander.Tactical = 0
	})
	if m := s.Army(1).Morale; m != 24 {
		t.Fatalf("defender morale %d, want 24", m)
	}
	// Round 1, Defend against Echelon: A 1-3 die 3 = 5% -0.9: 5 militia.
	fight(t, s, aEch, dDef, 3, 1)
	army(t, s, 1, fx{mil: 15, grd: 3}, 15)
	// Round 2, Counterattack against Echelon: A 3-4 die 1 = 5% -1.1: the
	// loss reaches 2.0 this round, and the militia still takes the 5.
	fight(t, s, aEch, dCtr, 1, 1)
	army(t, s, 1, fx{mil: 10, grd: 3}, 4)
	if a := s.Army(1); a.Lost != 20 {
		t.Fatalf("loss %d, want 20", a.Lost)
	}
	// Round 3, Cordon against Assault: A 4-1 die 1 = 5% -0.2: 5 factors,
	// the 3 guard first, then 2 militia as nothing else is left.
	fight(t, s, aAsl, dCord, 1, 1)
	army(t, s, 1, fx{mil: 8}, 2)
	army(t, s, 0, fx{inf: 100}, 30)
	if r := s.LastRound(); r.Die[1] != 0 || r.Losses != [2]int16{0, 5} {
		t.Errorf("round 3 record %+v", r)
	}

	// With other kinds left they take everything: 10 militia 10 guard
	// (3.5); the same rounds: 5 militia, 5 militia (loss 2.0), then 5
	// guard.
	s = start(t, func(sc *grand.Scenario) {
		sc.Forces[0].Factors = [grand.NumKinds]int{inf: 100}
		sc.Forces[1].Factors = [grand.NumKinds]int{mil: 10, grd: 10}
		sc.Forces[1].Commander.Tactical = 0
	})
	fight(t, s, aEch, dDef, 3, 1)
	fight(t, s, aEch, dCtr, 1, 1)
	army(t, s, 1, fx{grd: 10}, 35-20)
	fight(t, s, aAsl, dCord, 1, 1)
	army(t, s, 1, fx{grd: 5}, 35-22)
}

// TestLossOrder: G-LOSS, militia, infantry, feudal, irregulars,
// artillery, cavalry, the guard last.
func TestLossOrder(t *testing.T) {
	// Attacker 100 infantry; Counterattack against Escalated Assault, A
	// 4-1 die 6 = 15% -1.9: 15 factors. A defender of every kind with
	// morale to spare (guard).
	s := start(t, func(sc *grand.Scenario) {
		sc.Forces[0].Factors = [grand.NumKinds]int{inf: 100}
		sc.Forces[1].Factors = [grand.NumKinds]int{mil: 2, inf: 3, feu: 2, irr: 2, art: 3, cav: 2, grd: 30}
		sc.Forces[1].Commander.Tactical = 0
	})
	fight(t, s, aEsc, dCtr, 6, 1)
	// 2 + 3 + 2 + 2 + 3 + 2 = 14, then 1 guard.
	if a := s.Army(1); a.Factors != (fx{grd: 29}) {
		t.Errorf("defender %v, want 29 guard", a.Factors)
	}
}

// ---- Guard commitment ----

// TestGuardLegal: option 12.3.4: shifts offered by nation, none without
// the option or guard factors; Commit refuses what is not offered.
func TestGuardLegal(t *testing.T) {
	cases := []struct {
		nation   grand.Nation
		guard    int
		option   bool
		maxShift int
	}{
		{grand.France, 3, true, 2}, {grand.Russia, 3, true, 2},
		{grand.Prussia, 3, true, 1}, {grand.Austria, 3, true, 1}, {grand.Turkey, 3, true, 1}, {grand.Minor, 3, true, 1},
		{grand.GreatBritain, 3, true, 0}, {grand.Spain, 3, true, 0},
		{grand.France, 0, true, 0}, {grand.France, 3, false, 0},
	}
	for _, c := range cases {
		for side := range 2 {
			s := start(t, func(sc *grand.Scenario) {
				sc.GuardCommitment = c.option
				sc.Forces[side].Nation = c.nation
				sc.Forces[side].Factors[grd] = c.guard
			})
			p := engine.Player(side)
			got := s.LegalFor(p, nil)
			if want := grand.NumPostures(side) * (c.maxShift + 1); len(got) != want {
				t.Errorf("%s side %d guard %d option %v: %d choices, want %d", c.nation, side, c.guard, c.option, len(got), want)
			}
			for _, a := range got {
				if int(a.Target) > c.maxShift {
					t.Errorf("%s offered %+v", c.nation, a)
				}
			}
			for shift := uint8(c.maxShift + 1); shift <= 3; shift++ {
				err := s.Commit(p, grand.PostureAction(side, 1, shift))
				if !errors.Is(err, engine.ErrIllegal) || !s.Owes(p) {
					t.Errorf("%s side %d guard %d: shift %d committed (%v)", c.nation, side, c.guard, shift, err)
				}
			}
		}
	}
}

// TestGuardCommitment: the guard's +1 or +2 morale level shift, and the
// extra guard die after the combat dice (attacker's guard die first).
func TestGuardCommitment(t *testing.T) {
	french := func(sc *grand.Scenario) {
		sc.GuardCommitment = true
		sc.Forces[0].Nation = grand.France
		sc.Forces[0].Factors = [grand.NumKinds]int{inf: 10, grd: 6} // 4.4
	}
	// +2: Counterattack against Assault, A 3-1 is 3-3: die 4 = 10% -1.8
	// (10% of 16 = 2). D 3-1 die 2 = 5% -0.2 (5% of 20 = 1). Guard die 5
	// for +2: 3 guard factors.
	s := start(t, french)
	posturesG(t, s, aAsl, 2, dCtr, 0)
	if n := s.PendingRoll().Count(); n != 3 {
		t.Fatalf("%d combat dice, want 3", n)
	}
	roll(t, s, phCombat, 4, 2, 5)
	levels(t, s, lv(3, 3), lv(3, 1))
	army(t, s, 0, fx{inf: 9, grd: 3}, 42)
	army(t, s, 1, fx{inf: 18}, 12)

	// +1: A 3-2, die 4 = 10% -1.4; guard die 5 for +1: 2.
	s = start(t, french)
	posturesG(t, s, aAsl, 1, dCtr, 0)
	roll(t, s, phCombat, 4, 2, 5)
	levels(t, s, lv(3, 2), lv(3, 1))
	army(t, s, 0, fx{inf: 9, grd: 4}, 42)
	army(t, s, 1, fx{inf: 18}, 16)

	// Both sides: the French +1, a Russian defender's +2 (17 infantry 3
	// guard: (51+15)/20 = 3.3). Four dice: 1, 1, then 3 for the French (+1:
	// 1 factor), 6 for the Russians (read as 5, +2: 3 factors).
	s = start(t, func(sc *grand.Scenario) {
		french(sc)
		sc.Forces[1].Nation = grand.Russia
		sc.Forces[1].Factors = [grand.NumKinds]int{inf: 17, grd: 3}
	})
	posturesG(t, s, aAsl, 1, dCtr, 2)
	if n := s.PendingRoll().Count(); n != 4 {
		t.Fatalf("%d combat dice, want 4", n)
	}
	// A 3-2 die 1 = 0 -0.2; D 3-3 die 1 = 5% -0.8 (5% of 20 = 1).
	roll(t, s, phCombat, 1, 1, 3, 6)
	levels(t, s, lv(3, 2), lv(3, 3))
	army(t, s, 0, fx{inf: 9, grd: 5}, 44-8)
	army(t, s, 1, fx{inf: 17}, 33-2)
	// The Russian guard is gone: no more shifts offered.
	if n := len(s.LegalFor(1, nil)); n != grand.NumPostures(1) {
		t.Errorf("%d defender choices without guard, want %d", n, grand.NumPostures(1))
	}

	// The extra loss is bounded by the guard there is: 1 guard, +2, die
	// 5.
	s = start(t, func(sc *grand.Scenario) {
		french(sc)
		sc.Forces[0].Factors = [grand.NumKinds]int{inf: 10, grd: 1}
	})
	posturesG(t, s, aAsl, 2, dCtr, 0)
	roll(t, s, phCombat, 1, 1, 5)
	if a := s.Army(0); a.Factors[grd] != 0 {
		t.Errorf("guard %d, want 0", a.Factors[grd])
	}
}

// ---- Trivial combats ----

// TestTrivialCombat: both sides on table 5-2 every round, no postures,
// the commander and cavalry superiority modifiers applied.
func TestTrivialCombat(t *testing.T) {
	s := start(t, func(sc *grand.Scenario) { sc.Trivial = true })
	if s.ToMove() != engine.Chance || s.PhaseName() != phCombat {
		t.Fatalf("a trivial combat starts at %s (%s)", s.ToMove(), s.PhaseName())
	}
	if got := s.LegalFor(0, nil); len(got) != 0 {
		t.Errorf("postures offered: %v", got)
	}
	if err := s.Commit(0, grand.PostureAction(0, aAsl, 0)); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("a posture committed in a trivial combat: %v", err)
	}
	// Morale 2 die 3 casualty 5 = 10% -1.3: 2 of 20.
	roll(t, s, phCombat, 3, 3)
	levels(t, s, lv(5, 2), lv(5, 2))
	army(t, s, 0, fx{inf: 18}, 17)
	army(t, s, 1, fx{inf: 18}, 17)
	if s.ToMove() != engine.Chance || s.CombatRound() != 2 {
		t.Errorf("round %d: %s to move", s.CombatRound(), s.ToMove())
	}
	roll(t, s, phCombat, 1, 1) // 5% -0.7 each
	levels(t, s, lv(5, 2), lv(5, 2))
	army(t, s, 0, fx{inf: 17}, 10)

	// "Both use table 5-2" whatever the ground: no terrain line applies.
	for _, ground := range []grand.Terrain{grand.Forest, grand.Mountain, grand.Marsh, grand.Desert} {
		s = start(t, func(sc *grand.Scenario) { sc.Trivial, sc.Terrain = true, ground })
		roll(t, s, phCombat, 3, 3)
		levels(t, s, lv(5, 2), lv(5, 2))
	}

	// Modifiers: defender rated 0, attacker 5 (D -1, A +1), and the
	// attacker's cavalry superiority.
	s = start(t, func(sc *grand.Scenario) {
		sc.Trivial, sc.CavalrySuperiority = true, true
		sc.Forces[0].Factors = [grand.NumKinds]int{inf: 10, cav: 10}
		sc.Forces[0].Commander.Tactical, sc.Forces[1].Commander.Tactical = 5, 0
	})
	roll(t, s, phCombat, 3, 3)
	if d := s.LastRound().Die; d != [2]int8{5, 2} {
		t.Errorf("dice %v, want [5 2]", d)
	}
}

// ---- Set-up and flow ----

// TestStartingMorale: G-MOR-2, the factor-weighted mean of the Morale
// Values Chart to the nearest tenth.
func TestStartingMorale(t *testing.T) {
	cases := []struct {
		nation grand.Nation
		f      fx
		want   int16
	}{
		{grand.GreatBritain, fx{inf: 1, cav: 1}, 43}, // (4.5 + 4.0)/2 = 4.25
		{grand.GreatBritain, fx{art: 2}, 30},
		{grand.France, fx{inf: 3, mil: 1}, 35},  // (12 + 2)/4
		{grand.France, fx{art: 1, cav: 1}, 40},  // French artillery 4
		{grand.Turkey, fx{feu: 2, cav: 1}, 23},  // (4 + 3)/3 = 2.33
		{grand.Spain, fx{cav: 1, inf: 1}, 30},   // Spanish cavalry 3
		{grand.Minor, fx{cav: 2, inf: 1}, 30},   // G-MOR-1
		{grand.Russia, fx{irr: 1, grd: 1}, 30},  // Cossacks 1, guard 5
		{grand.Austria, fx{irr: 1, mil: 2}, 17}, // (1 + 4)/3 = 1.67
		{grand.Prussia, fx{irr: 1, cav: 1}, 25}, // 2.5
	}
	for _, c := range cases {
		s := start(t, func(sc *grand.Scenario) {
			sc.Forces[1].Nation = c.nation
			sc.Forces[1].Factors = [grand.NumKinds]int{}
			for k, v := range c.f {
				sc.Forces[1].Factors[k] = int(v)
			}
		})
		if m := s.Army(1).Morale; m != c.want {
			t.Errorf("%s %v: morale %d, want %d", c.nation, c.f, m, c.want)
		}
	}
}

// TestFlowRefusals: the sealed postures and the dice refuse what is not
// theirs, changing nothing; a view hides the other side's posture.
func TestFlowRefusals(t *testing.T) {
	s := start(t, nil)
	h := s.Hash()
	if err := s.Apply(grand.PostureAction(0, aAsl, 0)); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("Apply at the postures: %v", err)
	}
	if err := s.ApplyDice(engine.NewDice(1, 1)); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("dice at the postures: %v", err)
	}
	for _, a := range []engine.Action{
		grand.PostureAction(0, 0, 0), grand.PostureAction(0, 6, 0), grand.PostureAction(1, 0, 0),
		{Kind: 2, Unit: 0, Arg: 1}, {Kind: grand.KindPosture, Unit: 0, Arg: 1, Order: 1},
	} {
		if err := s.Commit(0, a); !errors.Is(err, engine.ErrIllegal) {
			t.Errorf("Commit(attacker, %+v): %v", a, err)
		}
	}
	if err := s.Commit(1, grand.PostureAction(1, 7, 0)); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("defender posture 7: %v", err)
	}
	if s.Hash() != h {
		t.Error("a refusal changed the state")
	}
	if n := len(s.LegalFor(0, nil)); n != 5 {
		t.Errorf("attacker has %d postures", n)
	}
	if n := len(s.LegalFor(1, nil)); n != 6 {
		t.Errorf("defender has %d postures", n)
	}
	if err := s.Commit(0, grand.PostureAction(0, aAsl, 0)); err != nil {
		t.Fatal(err)
	}
	if err := s.Commit(0, grand.PostureAction(0, aAsl, 0)); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("a second commit: %v", err)
	}
	if s.Owes(0) || !s.Owes(1) || len(s.LegalFor(0, nil)) != 0 {
		t.Error("after the attacker's commit it still owes, or the defender does not")
	}
	v := s.View(1).(*grand.State)
	if v.Army(0).Posture != 0 {
		t.Error("the defender's view shows the attacker's posture")
	}
	if s.View(0).(*grand.State).Army(0).Posture != aAsl {
		t.Error("the attacker's view hides its own posture")
	}
	if err := s.Commit(1, grand.PostureAction(1, dDef, 0)); err != nil {
		t.Fatal(err)
	}
	if s.ToMove() != engine.Chance || s.PendingRoll().Count() != 2 {
		t.Fatalf("after both commits: %s, %s", s.ToMove(), s.PendingRoll())
	}
	h = s.Hash()
	for _, d := range []engine.Dice{engine.NewDice(1), engine.NewDice(1, 7), engine.NewDice(0, 1), engine.NewDice(1, 1, 1)} {
		if err := s.ApplyDice(d); !errors.Is(err, engine.ErrIllegal) {
			t.Errorf("dice %v: %v", d.Values(), err)
		}
	}
	if err := s.Apply(grand.PostureAction(0, aAsl, 0)); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("Apply at the dice: %v", err)
	}
	if s.Hash() != h {
		t.Error("a refusal changed the state")
	}
	roll(t, s, phCombat, 1, 1)
	// Over: everything refused.
	s = start(t, nil)
	posturesG(t, s, aPrb, 0, dWdraw, 0)
	if err := s.Apply(engine.Action{}); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("Apply at the end: %v", err)
	}
	if err := s.ApplyDice(engine.NewDice(1)); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("dice at the end: %v", err)
	}
	if s.ToMove() != engine.NoPlayer || s.Owes(0) || s.Owes(1) {
		t.Error("someone is to move at the end")
	}
}

// TestNewStateRefusesBadScenarios: NewState checks its scenario.
func TestNewStateRefusesBadScenarios(t *testing.T) {
	for name, mod := range map[string]func(sc *grand.Scenario){
		"no name":        func(sc *grand.Scenario) { sc.Name = "" },
		"empty force":    func(sc *grand.Scenario) { sc.Forces[1].Factors = [grand.NumKinds]int{} },
		"negative":       func(sc *grand.Scenario) { sc.Forces[0].Factors[cav] = -1 },
		"too many":       func(sc *grand.Scenario) { sc.Forces[0].Factors[inf] = grand.MaxFactors + 1 },
		"rounds":         func(sc *grand.Scenario) { sc.Rounds = grand.MaxRounds + 1 },
		"terrain":        func(sc *grand.Scenario) { sc.Terrain = 9 },
		"nation":         func(sc *grand.Scenario) { sc.Forces[0].Nation = 9 },
		"tactical":       func(sc *grand.Scenario) { sc.Forces[0].Commander.Tactical = 6 },
		"strategic":      func(sc *grand.Scenario) { sc.Forces[1].Commander.Strategic = -1 },
		"leader nation":  func(sc *grand.Scenario) { sc.Forces[1].Commander.Nation = 200 },
		"side name":      func(sc *grand.Scenario) { sc.Forces[1].Name = "" },
		"too many total": func(sc *grand.Scenario) { sc.Forces[1].Factors = [grand.NumKinds]int{inf: 400, cav: 201} },
	} {
		if _, err := grand.NewState(rtScenario(mod)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// ---- Notation ----

// TestNotation: every posture, with every guard shift, formats and
// parses back; the side may be left out except for outflank, which both
// sides have; anything else is refused with engine.ErrNotation.
func TestNotation(t *testing.T) {
	s := start(t, nil)
	n := 0
	for side := range 2 {
		for p := uint8(1); int(p) <= grand.NumPostures(side); p++ {
			for shift := uint8(0); shift <= 2; shift++ {
				a := grand.PostureAction(side, p, shift)
				text := s.FormatAction(a)
				want := []string{"attacker", "defender"}[side] + " " + grand.PostureName(side, p)
				if shift > 0 {
					want += " guard " + string(rune('0'+shift))
				}
				if text != want {
					t.Errorf("FormatAction(%+v) = %q, want %q", a, text, want)
				}
				got, err := s.ParseAction(text)
				if err != nil || got != a {
					t.Errorf("ParseAction(%q) = %+v, %v, want %+v", text, got, err, a)
				}
				if got, err := s.ParseAction("  " + strings.ToUpper(text) + " "); err != nil || got != a {
					t.Errorf("ParseAction(upper %q) = %+v, %v", text, got, err)
				}
				bare := strings.TrimPrefix(strings.TrimPrefix(text, "attacker "), "defender ")
				got, err = s.ParseAction(bare)
				if p == 1 { // outflank: both sides have it
					if !errors.Is(err, engine.ErrNotation) || !strings.Contains(err.Error(), "attacker outflank") {
						t.Errorf("ParseAction(%q) = %+v, %v: want it refused as ambiguous", bare, got, err)
					}
				} else if err != nil || got != a {
					t.Errorf("ParseAction(%q) = %+v, %v, want %+v", bare, got, err, a)
				}
				if d := s.DescribeAction(a); d == "" || strings.HasPrefix(d, "unknown") {
					t.Errorf("DescribeAction(%+v) = %q", a, d)
				}
				n++
			}
		}
	}
	if n != (5+6)*3 {
		t.Errorf("%d postures checked", n)
	}
	// Every legal choice of a battle with both guards offered.
	s = start(t, func(sc *grand.Scenario) {
		sc.GuardCommitment = true
		sc.Forces[0].Nation, sc.Forces[1].Nation = grand.France, grand.Russia
		sc.Forces[0].Factors[grd], sc.Forces[1].Factors[grd] = 2, 2
	})
	for side := engine.Player(0); side < 2; side++ {
		legal := s.LegalFor(side, nil)
		if len(legal) != grand.NumPostures(int(side))*3 {
			t.Errorf("%s: %d choices", side, len(legal))
		}
		for _, a := range legal {
			if got, err := s.ParseAction(s.FormatAction(a)); err != nil || got != a {
				t.Errorf("%q parses to %+v, %v", s.FormatAction(a), got, err)
			}
		}
	}
	for _, text := range []string{
		"", "   ", "attacker", "defender", "outflank", "outflank guard 1",
		"attacker cordon", "defender assault", "defender probe", "attacker withdraw",
		"attacker assault guard", "attacker assault guard 3", "attacker assault guard -1",
		"attacker assault guard x", "attacker assault gaurd 1", "attacker assault extra",
		"attacker assault guard 1 2", "charge", "attacker attacker assault",
		"escalated assault", "attacker escalated assault", "defender defend defend",
		"side 0 assault", "attacker\x00assault", "attacker assault guard 99999999999999999999",
		"ATTACKER ÉCHELON", "defender cordon guard 1.5",
		"attacker defender cordon", "defender attacker assault", "defender defender",
	} {
		a, err := s.ParseAction(text)
		if !errors.Is(err, engine.ErrNotation) {
			t.Errorf("ParseAction(%q) = %+v, %v: want ErrNotation", text, a, err)
		}
	}
	// What is not a posture formats as unknown and parses to nothing.
	for _, a := range []engine.Action{{}, {Kind: 2, Arg: 1}, {Kind: grand.KindPosture, Unit: 2, Arg: 1}, {Kind: grand.KindPosture, Arg: 9}} {
		text := s.FormatAction(a)
		if !strings.HasPrefix(text, "unknown") {
			t.Errorf("FormatAction(%+v) = %q", a, text)
		}
		if _, err := s.ParseAction(text); !errors.Is(err, engine.ErrNotation) {
			t.Errorf("ParseAction(%q): %v", text, err)
		}
		if d := s.DescribeAction(a); !strings.HasPrefix(d, "unknown") {
			t.Errorf("DescribeAction(%+v) = %q", a, d)
		}
	}
}

// TestNotationDocExamples: the examples of docs/notation.md's grand
// section read as the table says, and the ones the code writes (with the
// side) format back to the same text.
func TestNotationDocExamples(t *testing.T) {
	doc, err := os.ReadFile("../../docs/notation.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "## Grand-strategic battles")
	if !ok {
		t.Fatal("docs/notation.md has no grand section")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	s := start(t, func(sc *grand.Scenario) {
		sc.GuardCommitment = true
		sc.Forces[0].Nation, sc.Forces[0].Factors[grd] = grand.France, 3
		sc.Forces[1].Nation, sc.Forces[1].Factors[grd] = grand.Russia, 3
	})
	want := map[string]engine.Action{
		"attacker escalated-assault": grand.PostureAction(0, aEsc, 0),
		"defender withdraw":          grand.PostureAction(1, dWdraw, 0),
		"defender cordon guard 1":    grand.PostureAction(1, dCord, 1),
		"assault guard 2":            grand.PostureAction(0, aAsl, 2),
	}
	n := 0
	for _, line := range strings.Split(section, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 3 || !strings.HasPrefix(line, "| ") || strings.Contains(line, "---") || strings.Contains(line, "| decision |") {
			continue
		}
		ex := strings.Trim(strings.TrimSpace(cells[len(cells)-2]), "`")
		a, ok := want[ex]
		if !ok {
			t.Errorf("example %q is not one this test knows", ex)
			continue
		}
		got, err := s.ParseAction(ex)
		if err != nil || got != a {
			t.Errorf("ParseAction(%q) = %+v, %v, want %+v", ex, got, err, a)
		}
		if strings.HasPrefix(ex, "attacker ") || strings.HasPrefix(ex, "defender ") {
			if f := s.FormatAction(a); f != ex {
				t.Errorf("FormatAction(%+v) = %q, the doc says %q", a, f, ex)
			}
		}
		n++
	}
	if n != len(want) {
		t.Errorf("%d examples in the doc's table, want %d", n, len(want))
	}
	// What the doc says is refused: a bare outflank, the other side's
	// posture (both named in it), another guard shift, extra words.
	for _, text := range []string{"outflank", "defender assault", "attacker assault guard 3", "attacker assault now"} {
		if named := text == "outflank" || text == "defender assault"; named && !strings.Contains(section, "`"+text+"`") {
			t.Errorf("the doc does not name %q", text)
		}
		if _, err := s.ParseAction(text); !errors.Is(err, engine.ErrNotation) {
			t.Errorf("ParseAction(%q) = %v, the doc says it is refused", text, err)
		}
	}
	if f := s.FormatAction(engine.Action{Kind: 9, Unit: 1, Arg: 2, Target: 3}); f != "unknown 9 1 2 3" {
		t.Errorf("FormatAction of no posture = %q", f)
	}
}
