package drums

import (
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// The harness builds scripted positions: a small custom scenario, set-up
// skipped by placing units directly, the state put at a chosen decision,
// and dice fed one roll at a time.

// pu is one unit of a test position: its side and command, label,
// profile, and where it stands (front edge midpoint, facing, formation).
type pu struct {
	side, cmd int
	label     string
	p         Profile
	x, y, f   float64
	form      Formation
	level     Level
}

// Profiles for tests: a 6-base line battalion, a 4-base cavalry block,
// one field battery, a 6-base light battalion that can go open.
func lineFoot() Profile {
	return Profile{Name: "Line", Type: LineFoot, Weapon: SmoothBore, Thresholds: Thresholds{1, 3, 5}, Bases: 6}
}
func lightFoot() Profile {
	return Profile{Name: "Light", Type: LightFoot, Weapon: SmoothBore, Thresholds: Thresholds{1, 3, 5}, Bases: 6}
}
func heavyCav() Profile {
	return Profile{Name: "Cuirassiers", Type: HeavyCavalry, Weapon: NoWeapon, Thresholds: Thresholds{1, 3, 5}, Bases: 4}
}
func battery() Profile {
	return Profile{Name: "Battery", Type: FieldArtillery, Weapon: FieldGun, Thresholds: Thresholds{1, 3, 5}, Bases: 1}
}

// with returns p with doctrines d added.
func with(p Profile, d Doctrine) Profile { p.Doctrines |= d; return p }

// foot0 and foot1 are steady line battalions of side 0 facing north and
// side 1 facing south, command 0, at x, y.
func u0(label string, p Profile, x, y float64, form Formation) pu {
	return pu{side: 0, label: label, p: p, x: x, y: y, f: 0, form: form, level: Steady}
}
func u1(label string, p Profile, x, y float64, form Formation) pu {
	return pu{side: 1, label: label, p: p, x: x, y: y, f: 180, form: form, level: Steady}
}

// pos is a test position and the scenario it stands on.
type pos struct {
	units   []pu
	terrain []Feature
	opts    engine.Options
	// supply is each side's supply dice (default none).
	supply [2]uint8
	// gens places generals by label: "FC0", "FC1", "G0.0" (side 0
	// command 0). Unnamed generals stand far off at their own edge, out of
	// command: put the sub-general near his units to give them 2 points.
	gens map[string]geom.Vec
	// camps places the baggage camps (front edge midpoints), zero: none.
	camps [2]*geom.Vec
	// w, d are the table size (default 48 x 32).
	w, d float64
	obj  Objective
	// unloaded are units that start the position having shot.
	unloaded []string
}

// scenario builds the position's scenario: each side's commands in the
// order of their indices, units in the order given.
func (p *pos) scenario() *Scenario {
	sc := &Scenario{Name: "test", Width: 48, Depth: 32, Terrain: p.terrain, TurnLimit: 10, Objective: p.obj}
	if p.w > 0 {
		sc.Width, sc.Depth = p.w, p.d
	}
	if sc.Objective.BreakShare == 0 {
		sc.Objective.BreakShare = 1 // tests end the game only when they mean to
	}
	for side := range 2 {
		f := &sc.Forces[side]
		f.Name = [2]string{"Blue", "Red"}[side]
		f.Commander = GeneralSpec{Label: [2]string{"FC0", "FC1"}[side]}
		ncmd := 0
		for _, u := range p.units {
			if u.side == side {
				ncmd = max(ncmd, u.cmd+1)
			}
		}
		for c := range ncmd {
			cs := CommandSpec{General: GeneralSpec{Label: genLabel(side, c)}}
			for _, u := range p.units {
				if u.side == side && u.cmd == c {
					cs.Units = append(cs.Units, UnitSpec{Label: u.label, Profile: u.p})
				}
			}
			f.Commands = append(f.Commands, cs)
		}
	}
	return sc
}

func genLabel(side, c int) string { return "G" + string(rune('0'+side)) + "." + string(rune('0'+c)) }

// start builds the position at side 0's first activation of turn 1
// (side 0 has the initiative and acts with two units first).
func start(t testing.TB, p pos) *State {
	t.Helper()
	s := setUp(t, p)
	s.push(task{kind: tTurn, step: 3})
	s.run()
	return s
}

// setUp builds the position with an empty task stack, placed but not
// started: the caller pushes the task it wants to test.
func setUp(t testing.TB, p pos) *State {
	t.Helper()
	s, err := NewGameOn(p.scenario(), p.opts)
	if err != nil {
		t.Fatal(err)
	}
	s.tasks = [maxTasks]task{}
	s.ntasks = 0
	s.wait = waitNothing
	s.Attacker, s.Initiative, s.Active, s.Run, s.TurnNo = 0, 0, 0, 2, 1
	s.Supply = p.supply
	for _, u := range p.units {
		i := labelIdx(t, s, u.label)
		x := &s.Units[i]
		x.Front, x.Facing, x.Form, x.Placed, x.Level = geom.V(u.x, u.y), u.f, u.form, true, u.level
	}
	for _, l := range p.unloaded {
		s.Units[labelIdx(t, s, l)].Flags &^= fLoaded
	}
	for g := range s.st.ng {
		gs := &s.st.gens[g]
		y := 0.5
		if gs.Side == 1 {
			y = s.st.sc.Depth - 0.5
		}
		s.Gens[g].Pos, s.Gens[g].Placed = geom.V(1+float64(g), y), true
		if at, ok := p.gens[gs.Label]; ok {
			s.Gens[g].Pos = at
		}
	}
	for side, c := range p.camps {
		if c != nil {
			s.Camp[side] = Baggage{Front: *c, Facing: homeFacing(side), Placed: true}
		}
	}
	return s
}

// labelIdx is the index of the unit labelled label.
func labelIdx(t testing.TB, s *State, label string) int {
	t.Helper()
	for i := range s.st.nu {
		if s.st.units[i].Label == label {
			return i
		}
	}
	t.Fatalf("no unit %q", label)
	return -1
}

// genIdx is the index of the general labelled label.
func genIdx(t testing.TB, s *State, label string) int {
	t.Helper()
	for g := range s.st.ng {
		if s.st.gens[g].Label == label {
			return g
		}
	}
	t.Fatalf("no general %q", label)
	return -1
}

// roll feeds scripted dice to the pending roll.
func roll(t testing.TB, s *State, values ...int) {
	t.Helper()
	if s.ToMove() != engine.Chance {
		t.Fatalf("no roll pending (%s); wanted to roll %v", s.waitingFor(), values)
	}
	if err := s.ApplyDice(engine.NewDice(values...)); err != nil {
		t.Fatalf("roll %v: %v", values, err)
	}
}

// rollN feeds n dice all showing v.
func rollN(t testing.TB, s *State, n, v int) {
	t.Helper()
	vals := make([]int, n)
	for k := range vals {
		vals[k] = v
	}
	roll(t, s, vals...)
}

// pending is the number of dice the pending roll throws, failing if none.
func pending(t testing.TB, s *State) int {
	t.Helper()
	if s.ToMove() != engine.Chance {
		t.Fatalf("no roll pending (%s)", s.waitingFor())
	}
	return s.roll.Count()
}

// expectRoll checks the pending roll is for what, with n dice.
func expectRoll(t testing.TB, s *State, what rollKind, n int) {
	t.Helper()
	if s.ToMove() != engine.Chance || s.rollWhat != what {
		t.Fatalf("want a roll of kind %d, state is %s (roll kind %d)", what, s.waitingFor(), s.rollWhat)
	}
	if n >= 0 && s.roll.Count() != n {
		t.Fatalf("%s: %d dice, want %d", s.DescribeRoll(), s.roll.Count(), n)
	}
}

// expectAsk checks the state waits for side's decision of kind ask.
func expectAsk(t testing.TB, s *State, side int, ask askKind) {
	t.Helper()
	if s.wait != waitDecision || int(s.waitBy) != side || s.ask != ask {
		t.Fatalf("want %s to %s, state is %s", s.sideName(side), askNames[ask], s.waitingFor())
	}
}

// do applies an action that must be legal.
func do(t testing.TB, s *State, a engine.Action) {
	t.Helper()
	if err := s.Apply(a); err != nil {
		t.Fatalf("apply %s: %v", s.DescribeAction(a), err)
	}
}

// refuse applies an action that must be refused (with want in the error)
// and leave the state as it was.
func refuse(t testing.TB, s *State, a engine.Action, want string) {
	t.Helper()
	before := *s
	err := s.Apply(a)
	if err == nil {
		t.Fatalf("%s was accepted", s.DescribeAction(a))
	}
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("refusal %q does not contain %q", err, want)
	}
	if s.Hash() != before.Hash() {
		t.Fatalf("a refused action changed the state")
	}
}

// act builds an action.
func act(kind uint8, unit, target, arg int) engine.Action {
	return engine.Action{Kind: kind, Unit: uint8(unit), Target: uint8(target), Arg: uint8(arg)}
}

// toward is an advance of unit i towards p.
func toward(i int, p geom.Vec, arg int) engine.Action {
	return engine.Action{Kind: KAdvance, Unit: uint8(i), Arg: uint8(arg), NPath: 1, Path: [engine.MaxPath]geom.Vec{p}}
}

// legal reports whether a is among the listed choices.
func legal(s *State, a engine.Action) bool {
	for _, b := range s.Legal(nil) {
		if b == a {
			return true
		}
	}
	return false
}

// legalKinds counts the listed choices of kind k.
func legalKinds(s *State, k uint8) int {
	n := 0
	for _, b := range s.Legal(nil) {
		if b.Kind == k {
			n++
		}
	}
	return n
}

// activate activates unit label (arg 1: with a supply die).
func activate(t testing.TB, s *State, label string, arg int) int {
	t.Helper()
	i := labelIdx(t, s, label)
	expectAsk(t, s, int(s.Units[i].Side), askActivate)
	do(t, s, act(KActivate, i, 0, arg))
	return i
}

// declare declares the activation's actions in order.
func declare(t testing.TB, s *State, as ...engine.Action) {
	t.Helper()
	for _, a := range as {
		if s.wait != waitDecision || s.ask != askDeclare {
			t.Fatalf("want a declaration, state is %s", s.waitingFor())
		}
		do(t, s, a)
	}
}

// noSupply answers an offered supply die with no, if one is offered.
func noSupply(t testing.TB, s *State) {
	t.Helper()
	if s.wait == waitDecision && s.ask == askSupply {
		do(t, s, act(KSupply, 0, 0, 0))
	}
}

// passTest answers a resilience test's dice (2D6) with a total of score.
func testDice(t testing.TB, s *State, score int) {
	t.Helper()
	noSupply(t, s)
	expectRoll(t, s, rTest, -1)
	a := min(6, max(1, score-1))
	roll(t, s, a, score-a)
}

func near(a, b float64) bool { return a-b < 1e-6 && b-a < 1e-6 }

// testTo answers the pending resilience test (declining a supply die)
// with dice that make its final score score, failing if 2D6 cannot.
func testTo(t testing.TB, s *State, score int) {
	t.Helper()
	noSupply(t, s)
	expectRoll(t, s, rTest, 2)
	tk := s.top()
	mod := s.testModifier(int(tk.a), TestKind(tk.x), int(tk.b), tk.y)
	sum := score - mod
	if sum < 2 || sum > 12 {
		t.Fatalf("score %d needs %d on 2D6 (modifier %+d)", score, sum, mod)
	}
	a := min(6, sum-1)
	roll(t, s, a, sum-a)
}

// testMod is the pending resilience test's modifier.
func testMod(t testing.TB, s *State) int {
	t.Helper()
	noSupply(t, s)
	expectRoll(t, s, rTest, -1)
	tk := s.top()
	return s.testModifier(int(tk.a), TestKind(tk.x), int(tk.b), tk.y)
}

// newRng is a seeded generator for the tests' random play.
func newRng(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 3)) }

// testSeeds is GROGNARD_SEEDS, for a longer run of the random-game
// tests by hand (0 when unset).
func testSeeds() int {
	n, _ := strconv.Atoi(os.Getenv("GROGNARD_SEEDS"))
	return n
}
