package drums

import (
	"testing"

	"github.com/grognard/grognard/engine"
)

// fresh starts the position's scenario from the very start of the game.
func fresh(t *testing.T, p pos) *State {
	t.Helper()
	s, err := NewGameOn(p.scenario(), p.opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// threeCommands gives each side three one-unit commands (and a cavalry
// unit and an open unit to side 1 for the scouting dice).
func threeCommands() pos {
	var us []pu
	for side := range 2 {
		for c := range 3 {
			p := lineFoot()
			if side == 1 && c == 1 {
				p = heavyCav()
			}
			if side == 1 && c == 2 {
				p = with(lightFoot(), DocOpen)
			}
			us = append(us, pu{side: side, cmd: c, label: string(rune('A'+side)) + string(rune('1'+c)), p: p, level: Steady})
		}
	}
	return pos{units: us}
}

// Quarter master: 2D6, +1D6 a general; with general types an exceptional
// general adds one more and an incompetent one is not counted (ruling
// D-SUPPLY-INC).
func TestRule_SupplyPool(t *testing.T) {
	cases := []struct {
		name  string
		types bool
		abil  Ability
		want  int
	}{
		{"BasicTwoPlusOneAGeneral", false, Competent, 2 + 4},
		{"ExceptionalAddsOne", true, Exceptional, 2 + 4 + 1},
		{"IncompetentNotCounted", true, Incompetent, 2 + 3},
		{"WithoutVariantAbilityIgnored", false, Exceptional, 2 + 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := threeCommands()
			if c.types {
				p.opts.Variants = []string{VariantGeneralTypes}
			}
			sc := p.scenario()
			sc.Forces[0].Commands[0].General.Ability = c.abil
			s, err := NewGameOn(sc, p.opts)
			if err != nil {
				t.Fatal(err)
			}
			if got := int(s.Supply[0]); got != c.want {
				t.Fatalf("supply %d, want %d", got, c.want)
			}
		})
	}
}

// Scouting Initiative 1-3: 1D6 a general, +1D6 a cavalry unit and an open
// unit (rulings D-SCOUT-OPEN and D-OPEN: a unit with the OPEN doctrine),
// a supply die if added; the higher total attacks; a tie throws 1D6
// each without supply dice until one wins.
func TestRule_Scouting(t *testing.T) {
	cases := []struct {
		name     string
		supply1  bool
		d0, d1   []int
		ties     [][2]int
		attacker int
	}{
		{"HigherTotalAttacks", false, []int{6, 6, 6, 6}, []int{1, 1, 1, 1, 1, 1}, nil, 0},
		{"CavalryAndOpenAddDice", false, []int{1, 1, 1, 1}, []int{2, 2, 2, 2, 2, 2}, nil, 1},
		{"SupplyDieAddsADie", true, []int{2, 2, 2, 2}, []int{1, 1, 1, 1, 1, 1, 3}, nil, 1},
		{"TieThrowsOneDieEach", false, []int{1, 1, 1, 3}, []int{1, 1, 1, 1, 1, 1}, [][2]int{{4, 4}, {2, 5}}, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := fresh(t, threeCommands())
			sup0 := s.Supply[1]
			expectAsk(t, s, 0, askSupply)
			do(t, s, act(KSupply, 0, 0, 0))
			expectAsk(t, s, 1, askSupply)
			arg := 0
			if c.supply1 {
				arg = 1
			}
			do(t, s, act(KSupply, 0, 0, arg))
			// Side 0: 4 generals; side 1: 4 generals, 1 cavalry, 1 open.
			expectRoll(t, s, rScout, len(c.d0))
			roll(t, s, c.d0...)
			expectRoll(t, s, rScout, len(c.d1))
			roll(t, s, c.d1...)
			for _, tie := range c.ties {
				expectRoll(t, s, rScoutTie, 1)
				roll(t, s, tie[0])
				expectRoll(t, s, rScoutTie, 1)
				roll(t, s, tie[1])
			}
			if int(s.Attacker) != c.attacker {
				t.Fatalf("attacker %d, want %d", s.Attacker, c.attacker)
			}
			if c.supply1 && s.Supply[1] != sup0-1 {
				t.Fatalf("the supply die was not spent")
			}
		})
	}
}

// scoutTo plays scouting so that side att attacks.
func scoutTo(t *testing.T, s *State, att int) {
	t.Helper()
	noSupply(t, s)
	noSupply(t, s)
	for side := range 2 {
		v := 1
		if side == att {
			v = 6
		}
		rollN(t, s, pending(t, s), v)
	}
}

// Deploying forces and Deployment Zone: the defender puts down two
// commands first, then the sides alternate a command at a time; the camp
// goes down with a side's first command and the force commander with its
// last; the attacker deploys within a quarter of the depth, the defender
// within half; a command goes down in one of the zone's slots (ruling
// D-DEPLOY).
func TestRule_DeploymentOrderAndZones(t *testing.T) {
	s := fresh(t, threeCommands())
	scoutTo(t, s, 1)
	if s.Attacker != 1 {
		t.Fatal("side 1 should attack")
	}
	var order []int
	for s.wait == waitDecision && s.ask == askDeploy {
		side := int(s.waitBy)
		order = append(order, side)
		placedBefore := s.Camp[side].Placed
		fc := s.st.firstGen[side]
		acts := s.Legal(nil)
		if len(acts) == 0 {
			t.Fatal("no deployment offered")
		}
		do(t, s, acts[0])
		if !placedBefore && !s.Camp[side].Placed {
			t.Fatal("the camp did not go down with the first command")
		}
		last := true
		for c := range s.st.cmds[side] {
			if !s.Gens[s.st.genIndex(side, uint8(c))].Placed {
				last = false
			}
		}
		if s.Gens[fc].Placed != last {
			t.Fatalf("force commander placed %v after a command, last command %v", s.Gens[fc].Placed, last)
		}
	}
	want := []int{0, 0, 1, 0, 1, 1}
	if len(order) != len(want) {
		t.Fatalf("deployment order %v, want %v", order, want)
	}
	for k := range want {
		if order[k] != want[k] {
			t.Fatalf("deployment order %v, want %v", order, want)
		}
	}
	for i := range s.st.nu {
		r := s.rect(i)
		for _, c := range r.Corners() {
			if s.Units[i].Side == 1 && c.Y < 32-8-1e-9 {
				t.Fatalf("attacker unit %s outside the quarter zone: %v", s.st.units[i].Label, c)
			}
			if s.Units[i].Side == 0 && c.Y > 16+1e-9 {
				t.Fatalf("defender unit %s outside the half zone: %v", s.st.units[i].Label, c)
			}
		}
	}
	for side := range 2 {
		y0, y1 := s.zone(side)
		for _, c := range s.campRect(side).Corners() {
			if c.Y < y0-1e-9 || c.Y > y1+1e-9 {
				t.Fatalf("camp of side %d outside its zone", side)
			}
		}
	}
}

// Determining a unit's morale: after deployment each unit throws 1D6
// against its list's thresholds; a score below every threshold gives the
// lowest level the list offers (ruling D-LEVEL).
func TestRule_ResilienceLevels(t *testing.T) {
	cases := []struct {
		name string
		th   Thresholds
		die  int
		want Level
	}{
		{"OneToTwoLackluster", Thresholds{1, 3, 5}, 2, Lackluster},
		{"ThreeSteady", Thresholds{1, 3, 5}, 3, Steady},
		{"FiveDetermined", Thresholds{1, 3, 5}, 5, Determined},
		{"SteadyOnlyFromOne", Thresholds{0, 1, 0}, 6, Steady},
		{"BelowEveryThresholdLowestLevel", Thresholds{0, 4, 6}, 2, Steady},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := threeCommands()
			p.units[0].p.Thresholds = c.th
			s := setUp(t, p)
			s.push(task{kind: tLevels})
			s.run()
			expectRoll(t, s, rLevels, 3)
			roll(t, s, c.die, 1, 1)
			expectRoll(t, s, rLevels, 3)
			roll(t, s, 1, 1, 1)
			if got := s.Units[labelIdx(t, s, "A1")].Level; got != c.want {
				t.Fatalf("level %d, want %d", got, c.want)
			}
		})
	}
}

// Turn Initiative 1-6: 1D6 a general on the table, a supply die if added,
// the higher total has the initiative, ties throw 1D6 each without supply
// dice.
func TestRule_TurnInitiative(t *testing.T) {
	cases := []struct {
		name   string
		sup    [2]bool
		d0, d1 []int
		ties   [][2]int
		want   int
	}{
		{"HigherWins", [2]bool{}, []int{6, 6, 6, 6}, []int{1, 1, 1, 1}, nil, 0},
		{"SupplyDieAdded", [2]bool{false, true}, []int{2, 2, 2, 2}, []int{2, 2, 2, 2, 1}, nil, 1},
		{"TieOneDieEach", [2]bool{}, []int{2, 2, 2, 2}, []int{2, 2, 2, 2}, [][2]int{{3, 3}, {5, 1}}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := threeCommands()
			p.supply = [2]uint8{3, 3}
			s := setUp(t, p)
			s.Initiative = -1
			s.push(task{kind: tInitiative})
			s.run()
			for side := range 2 {
				expectAsk(t, s, side, askSupply)
				arg := 0
				if c.sup[side] {
					arg = 1
				}
				do(t, s, act(KSupply, 0, 0, arg))
			}
			expectRoll(t, s, rInitiative, len(c.d0))
			roll(t, s, c.d0...)
			expectRoll(t, s, rInitiative, len(c.d1))
			roll(t, s, c.d1...)
			for _, tie := range c.ties {
				expectRoll(t, s, rInitiativeTie, 1)
				roll(t, s, tie[0])
				expectRoll(t, s, rInitiativeTie, 1)
				roll(t, s, tie[1])
			}
			if int(s.Initiative) != c.want {
				t.Fatalf("initiative %d, want %d", s.Initiative, c.want)
			}
			for side := range 2 {
				want := uint8(3)
				if c.sup[side] {
					want = 2
				}
				if s.Supply[side] != want {
					t.Fatalf("side %d supply %d, want %d", side, s.Supply[side], want)
				}
			}
		})
	}
}

// Staff Ability Types: an incompetent general is not counted for the
// initiative, an exceptional one twice; a removed general not at all.
func TestRule_InitiativeGeneralDice(t *testing.T) {
	p := threeCommands()
	p.opts = engine.Options{Variants: []string{VariantGeneralTypes}}
	sc := p.scenario()
	sc.Forces[0].Commands[0].General.Ability = Exceptional
	sc.Forces[0].Commands[1].General.Ability = Incompetent
	s, err := NewGameOn(sc, p.opts)
	if err != nil {
		t.Fatal(err)
	}
	s.Gens[s.st.genIndex(1, 0)].Alive = false
	if got := s.generalDice(0); got != 4 {
		t.Fatalf("side 0 dice %d, want 4 (FC 1, exceptional 2, incompetent 0, competent 1)", got)
	}
	if got := s.generalDice(1); got != 3 {
		t.Fatalf("side 1 dice %d, want 3 (one general removed)", got)
	}
}

// Deploying forces: "units may be placed anywhere in the zone". A person
// places a command at a point of his choosing ("deploy GENERAL at X,Y",
// laid out as a slot is, centred on the point); bots use the slots (ruling
// D-DEPLOY). A point that puts a unit outside the zone or on another is
// refused, and the state is unchanged.
func TestRule_DeployAtAPoint(t *testing.T) {
	s := fresh(t, threeCommands())
	scoutTo(t, s, 1)
	expectAsk(t, s, 0, askDeploy)
	at := func(cmd int, x, y float64) engine.Action {
		a, err := s.ParseAction("deploy " + genLabel(0, cmd) + " at " + fnum(x) + "," + fnum(y))
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	refuse(t, s, at(0, 10, 20), "deployment zone")
	refuse(t, s, at(0, 1, 12), "deployment zone")
	a := at(0, 10, 12)
	if got := s.FormatAction(a); got != "deploy G0.0 at 10,12" {
		t.Fatalf("formatted %q", got)
	}
	do(t, s, a)
	i := labelIdx(t, s, "A1")
	if u := s.Units[i]; !u.Placed || !near(u.Front.X, 10) || !near(u.Front.Y, 12) || u.Facing != 0 {
		t.Fatalf("A1 at %v facing %g, want front at 10,12 facing 0", u.Front, u.Facing)
	}
	expectAsk(t, s, 0, askDeploy)
	refuse(t, s, at(1, 11, 12), "clear of units")
	refuse(t, s, at(0, 30, 12), "not one")
	do(t, s, at(1, 30, 12))
}
