package drums

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
	"github.com/grognard/grognard/engine/tabletop"
)

// atDeclaration plays a seeded random game to a unit's first declaration.
func atDeclaration(t *testing.T, seed uint64) *State {
	t.Helper()
	s, err := NewGame(DefaultScenario, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	playRandomTo(t, s, rand.New(rand.NewPCG(seed, 9)), func(s *State) bool {
		return s.ask == askDeclare && s.ndecl == 0 && s.activationTask().a < generalBase && s.TurnNo >= 2 && canAdvance(s)
	})
	return s
}

// playRandomTo plays s with random choices from rng until stop holds at a
// decision, failing if the game ends first.
func playRandomTo(t *testing.T, s *State, rng *rand.Rand, stop func(*State) bool) {
	t.Helper()
	for !s.Terminal() {
		if s.ToMove() == engine.Chance {
			if err := s.ApplyDice(engine.RollWith(rng, s.PendingRoll())); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if stop(s) {
			return
		}
		acts := s.Legal(nil)
		if err := s.Apply(acts[rng.IntN(len(acts))]); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("the game ended before the position sought")
}

func TestParseMoveUnits(t *testing.T) {
	s := atDeclaration(t, 1)
	i := int(s.activationTask().a)
	label := s.st.units[i].Label
	front := s.Units[i].Front
	ahead := front.Add(geom.Heading(s.Units[i].Facing).Scale(3))
	cases := []struct {
		name, text, unit string
		want             [2]float64
	}{
		{"bare numbers are BW", label + " to " + fnum(ahead.X) + " " + fnum(ahead.Y), "", [2]float64{ahead.X, ahead.Y}},
		{"mm suffix converts at 40mm a BW", label + " to " + fnum(ahead.X*40) + "mm " + fnum(ahead.Y*40) + "mm", "", [2]float64{ahead.X, ahead.Y}},
		{"the front end's unit applies to bare numbers", "move " + label + " to " + fnum(ahead.X*40/25.4) + " " + fnum(ahead.Y*40/25.4), "in", [2]float64{ahead.X, ahead.Y}},
		{"the notation is read too", label + " advance " + fnum(ahead.X) + "," + fnum(ahead.Y), "", [2]float64{ahead.X, ahead.Y}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var a engine.Action
			var err error
			if c.unit == "" {
				a, err = s.ParseMove(c.text)
			} else {
				a, err = s.ParseMoveIn(c.text, c.unit)
			}
			if err != nil {
				t.Fatal(err)
			}
			if a.Kind != KAdvance || int(a.Unit) != i || math.Abs(a.Path[0].X-c.want[0]) > 1e-9 || math.Abs(a.Path[0].Y-c.want[1]) > 1e-9 {
				t.Fatalf("%q: got %+v", c.text, a)
			}
			c2 := s.Clone()
			if err := c2.Apply(a); err != nil {
				t.Fatalf("the parsed move is refused: %v", err)
			}
		})
	}
	refused := []struct{ name, text, unit, why string }{
		{"off the table", label + " to 500 3", "", "off the table"},
		{"another unit than the activated one", otherLabel(s, i) + " to 10 10", "", "activated"},
		{"paces are not a drums unit", label + " to 1 1", "paces", "base widths"},
		{"junk after the point", label + " to 1 1 quickly", "", "only supply"},
	}
	for _, c := range refused {
		t.Run(c.name, func(t *testing.T) {
			var err error
			if c.unit == "" {
				_, err = s.ParseMove(c.text)
			} else {
				_, err = s.ParseMoveIn(c.text, c.unit)
			}
			if err == nil || !strings.Contains(err.Error(), c.why) {
				t.Fatalf("%q: got %v, want an error saying %q", c.text, err, c.why)
			}
		})
	}
}

// canAdvance reports whether an advance is among the legal declarations.
func canAdvance(s *State) bool {
	for _, a := range s.Legal(nil) {
		if a.Kind == KAdvance {
			return true
		}
	}
	return false
}

func otherLabel(s *State, i int) string {
	for j := range s.st.nu {
		if j != i && s.alive(j) {
			return s.st.units[j].Label
		}
	}
	return "none"
}

// Ruling D-TABLEEDIT: a correction sets pieces and marks and never runs a
// rule; a bad correction changes nothing.
func TestCorrect(t *testing.T) {
	s := atDeclaration(t, 2)
	i := int(s.activationTask().a)
	label := s.st.units[i].Label
	before := s.Hash()
	if _, err := s.Correct("unit " + label + " at 10 10 facing 45 hits 3 unloaded"); err != nil {
		t.Fatal(err)
	}
	u := s.Units[i]
	if u.Front.X != 10 || u.Front.Y != 10 || u.Facing != 45 || u.Hits != 3 || u.Flags&fLoaded != 0 {
		t.Fatalf("correction not applied: %+v", u)
	}
	if s.Hash() == before {
		t.Fatal("the hash did not change")
	}
	mid := s.Hash()
	for _, bad := range []string{"unit " + label + " at -5 -5", "unit " + label + " hits 99", "unit " + label + " formation wedge", "general nobody at 1 1", "supply 0 500", "camp 7 lost", "fly away"} {
		if _, err := s.Correct(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
		if s.Hash() != mid {
			t.Fatalf("%q changed the state though refused", bad)
		}
	}
	if _, err := s.CorrectIn("unit "+label+" at 400 400", "mm"); err != nil {
		t.Fatal(err)
	}
	if s.Units[i].Front.X != 10 {
		t.Fatalf("400mm is 10BW, got %v", s.Units[i].Front.X)
	}
}

func TestTableInstructions(t *testing.T) {
	s := atDeclaration(t, 3)
	for _, a := range s.Legal(nil) {
		txt := s.TableInstructions(a)
		if txt == "" || strings.Contains(txt, "no rule") {
			t.Errorf("%s: %q", s.FormatAction(a), txt)
		}
		if a.Kind == KAdvance && !strings.Contains(txt, "mm") {
			t.Errorf("an advance's instructions give no mm: %q", txt)
		}
		if (a.Kind == KCharge || a.Kind == KAdvance) && strings.Contains(txt, "heel") &&
			!strings.Contains(txt, "right (clockwise) on its right front corner") && !strings.Contains(txt, "left (anticlockwise) on its left front corner") {
			t.Errorf("a wheel without its direction: %q", txt)
		}
	}
	for _, c := range []struct {
		ang  float64
		want string
	}{
		{21.4, "21 degrees right (clockwise) on its right front corner"},
		{-35, "35 degrees left (anticlockwise) on its left front corner"},
	} {
		if got := wheelWords(c.ang); got != c.want {
			t.Errorf("wheelWords(%v) = %q, want %q", c.ang, got, c.want)
		}
	}
}

// A person deploys a command at a point in the table's own units.
func TestParseMoveDeployAt(t *testing.T) {
	s, err := NewGame(DefaultScenario, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	playRandomTo(t, s, rand.New(rand.NewPCG(2, 9)), func(s *State) bool { return s.ask == askDeploy })
	// The first listed slot's placement gives a point that fits.
	a := s.Legal(nil)[0]
	side := int(s.waitBy)
	gen := s.genLabel(s.st.firstGen[side] + 1 + int(a.Unit))
	var pos [MaxUnits]geom.Vec
	s.slotPlacement(side, a.Unit, int(a.Arg), &pos)
	var first int
	for i := range s.st.nu {
		if int(s.st.units[i].Side) == side && s.st.units[i].Cmd == a.Unit {
			first = i
			break
		}
	}
	p := pos[first]
	got, err := s.ParseMoveIn("deploy "+gen+" at "+fnum(p.X*40)+" "+fnum(p.Y*40), "mm")
	if err != nil {
		t.Fatal(err)
	}
	if got.Kind != KDeploy || got.Arg != deployAt || got.Unit != a.Unit || math.Abs(got.Path[0].X-p.X) > 1e-9 {
		t.Fatalf("parsed %+v", got)
	}
	if placed, err := s.ParseMove("place " + gen + " at " + fnum(p.X) + " " + fnum(p.Y)); err != nil || placed != got {
		t.Fatalf("place: %+v, %v; want %+v", placed, err, got)
	}
	if _, err := s.ParseMove("deploy " + gen + " at 1 1 now"); err == nil || !strings.Contains(err.Error(), "after the point") {
		t.Fatalf("junk after the point: %v", err)
	}
}

// spacedLabels is a position whose labels have spaces, as a scenario's
// may ("A1 Line"), two of them beginning alike.
func spacedLabels() pos {
	return pos{units: []pu{
		u0("A1 Line", lineFoot(), 10, 6, Line),
		u0("A10 Line", lineFoot(), 20, 6, Line),
		u1("R1 Line", lineFoot(), 10, 26, Line),
	}, gens: map[string]geom.Vec{"G0.0": geom.V(15, 4), "G1.0": geom.V(15, 28)}}
}

// Quoted labels: a label with spaces is written in double or single
// quotes, or by a beginning no other label shares; a text that names no
// label, or more than one, says which labels it could be.
func TestFreeTextQuotedLabels(t *testing.T) {
	s := start(t, spacedLabels())
	i := activate(t, s, "A1 Line", 0)
	for _, text := range []string{`"A1 Line" to 10 9`, `'a1 line' to 10,9`, `move "A1 Line" to 400mm 9bw`, `"A1 Line",to,10,9`} {
		a, err := s.ParseMove(text)
		if err != nil || a.Kind != KAdvance || int(a.Unit) != i || a.Path[0].Dist(geom.V(10, 9)) > 1e-9 {
			t.Errorf("%s: %+v, %v", text, a, err)
		}
	}
	for _, c := range []struct{ text, want string }{
		{`A1 to 10 9`, "could be A1 Line or A10 Line"},
		{`"A1 Lime" to 10 9`, `no unit or general is labelled "A1 Lime" (did you mean A1 Line`},
		{`"A1 Line to 10 9`, "double quote at character 1 is not closed"},
		{`"A10 Line" to 20 9`, "activated"},
	} {
		if _, err := s.ParseMove(c.text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", c.text, err, c.want)
		}
	}
	for _, c := range []struct{ text, want string }{
		{`unit "A10 Line" at 20 7 facing east`, "set A10 Line"},
		{`unit 'a10' facing 0`, "set A10 Line"},
		{`general "G0.0" at 16 4`, "set general G0.0"},
		{`general g0 at 16 4`, "set general G0.0"},
	} {
		got, err := s.Correct(c.text)
		if err != nil || !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: %q, %v; want %q", c.text, got, err, c.want)
		}
	}
	if j := labelIdx(t, s, "A10 Line"); s.Units[j].Front != geom.V(20, 7) || s.Units[j].Facing != 0 {
		t.Errorf("A10 Line after the corrections: %+v", s.Units[j])
	}
	before := s.Hash()
	for _, c := range []struct{ text, want string }{
		{`unit "A1" facing 0`, "could be A1 Line or A10 Line"},
		{`unit 'A1 Line facing 0`, "single quote at character 6 is not closed"},
		{`unit R1x facing 0`, `no unit is labelled "R1x" (did you mean R1 Line?)`},
		{`general FC9 at 1 1`, `no general is labelled "FC9" (did you mean FC0 or FC1?)`},
	} {
		if _, err := s.Correct(c.text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", c.text, err, c.want)
		}
	}
	if s.Hash() != before {
		t.Fatal("a refused correction changed the state")
	}
}

// Ruling D-UNITS: the table measures in base widths, converts mm, cm and
// inches at the scenario's base width, and has no paces; the units a
// front end may choose are exactly Lengths' names.
func TestLengths(t *testing.T) {
	p := spacedLabels()
	sc := p.scenario()
	sc.BaseMM = 60
	s60, err := NewGameOn(sc, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s40 := start(t, p)
	for _, c := range []struct {
		s    *State
		name string
		per  float64
	}{
		{s40, "bw", 1}, {s40, "mm", 40}, {s40, "cm", 4}, {s40, "in", 40 / 25.4},
		{s60, "bw", 1}, {s60, "mm", 60}, {s60, "cm", 6}, {s60, "in", 60 / 25.4},
	} {
		l, err := engine.FindLength(c.s.Lengths(), c.name)
		if err != nil || math.Abs(l.PerOwn-c.per) > 1e-12 {
			t.Errorf("base %gmm, %s: %+v, %v; want %v a BW", c.s.baseMM(), c.name, l, err, c.per)
		}
	}
	if ls := s40.Lengths(); ls[0].Name != "bw" || len(ls) != 4 {
		t.Errorf("Lengths: %+v", ls)
	}
	i := activate(t, s40, "A1 Line", 0)
	for _, unit := range []string{"", "bw", "BW", "base widths", "mm", "cm", "in", `"`, "inches"} {
		l, _ := engine.FindLength(s40.Lengths(), unit)
		if unit == "" {
			l = s40.Lengths()[0]
		}
		text := `"A1 Line" to ` + fnum(10*l.PerOwn) + " " + fnum(9*l.PerOwn)
		if a, err := s40.ParseMoveIn(text, unit); err != nil || int(a.Unit) != i || a.Path[0].Dist(geom.V(10, 9)) > 1e-9 {
			t.Errorf("%s in %q: %+v, %v", text, unit, a.Path[0], err)
		}
	}
	for _, unit := range []string{"paces", "p", "yd", "ft"} {
		if _, err := s40.ParseMoveIn(`"A1 Line" to 10 9`, unit); err == nil || !strings.Contains(err.Error(), "measures in base widths; use bw, mm, cm or in") {
			t.Errorf("unit %q: %v", unit, err)
		}
		if _, err := s40.CorrectIn(`unit "A1 Line" facing 0`, unit); err == nil || !strings.Contains(err.Error(), "base widths") {
			t.Errorf("correction in %q: %v", unit, err)
		}
	}
	if _, err := s40.ParseMove(`"A1 Line" to 3p 9`); err == nil || !strings.Contains(err.Error(), `unknown unit "p"`) {
		t.Errorf("a paces suffix: %v", err)
	}
}

// FuzzFreeText: no text makes the free-text reader panic; a move it reads
// is one the rules take, and a correction it refuses changes nothing.
func FuzzFreeText(f *testing.F) {
	for _, s := range []string{`"A1 Line" to 10 9`, `'a1' to 400mm,9bw supply`, `deploy G0.0 at 1 1`, `A1 advance 10,9`, `"open`, `unit "A10 Line" at 20 7 facing east hits 1`, `general g0 at 16 4`, `supply 0 3`, `camp 1 lost`} {
		f.Add(s)
	}
	s := start(f, spacedLabels())
	activate(f, s, "A1 Line", 0)
	f.Fuzz(func(t *testing.T, text string) {
		for _, unit := range []string{"", "mm", "in"} {
			if a, err := s.ParseMoveIn(text, unit); err == nil {
				if err := s.Clone().Apply(a); err != nil {
					t.Fatalf("%q in %q reads to %+v, which the rules refuse: %v", text, unit, a, err)
				}
			}
			c := s.Clone().(*State)
			before := c.Hash()
			if _, err := c.CorrectIn(text, unit); err != nil && c.Hash() != before {
				t.Fatalf("%q in %q was refused (%v) but changed the state", text, unit, err)
			}
		}
	})
}

// TestCorrectHistory (ruling D-TABLEEDIT, issue 69's table corrections):
// a person sets what a unit has done this turn and in the game, and moves
// the baggage camp, as they stand at the table; what is refused changes
// nothing.
func TestCorrectHistory(t *testing.T) {
	s := atDeclaration(t, 2)
	i := int(s.activationTask().a)
	label := s.st.units[i].Label
	for _, tc := range []struct {
		text string
		want func(u Unit) bool
	}{
		{"unit " + label + " ap 1 shots 3 charges 2", func(u Unit) bool { return u.AP == 1 && u.Shots == 3 && u.Charges == 2 }},
		{"unit " + label + " moved shot hit retired", func(u Unit) bool {
			return u.Flags&(fMoved|fShot|fHit|fForcedRetire) == fMoved|fShot|fHit|fForcedRetire
		}},
		{"unit " + label + " not-moved not-hit", func(u Unit) bool { return u.Flags&(fMoved|fHit) == 0 && u.Flags&fShot != 0 }},
		{"unit " + label + " first-shot-spent first-melee-spent unloaded", func(u Unit) bool {
			return u.Flags&(fFirstShot|fMeleeFought) == fFirstShot|fMeleeFought && u.Flags&fLoaded == 0
		}},
		{"unit " + label + " not-first-shot-spent loaded activated evaded interpenetrated hit-by-guns", func(u Unit) bool {
			return u.Flags&fFirstShot == 0 && u.Flags&(fLoaded|fActivated|fEvaded|fInterpen|fHitByGuns) == fLoaded|fActivated|fEvaded|fInterpen|fHitByGuns
		}},
		{"unit " + label + " ap 0", func(u Unit) bool { return u.AP == 0 }},
	} {
		if _, err := s.Correct(tc.text); err != nil {
			t.Fatalf("%q: %v", tc.text, err)
		}
		if !tc.want(s.Units[i]) {
			t.Fatalf("%q: got %+v", tc.text, s.Units[i])
		}
	}
	side := 0
	if _, err := s.Correct("camp " + s.sideName(side) + " at 20 5 facing 0"); err != nil {
		t.Fatal(err)
	}
	if c := s.Camp[side]; c.Front != geom.V(20, 5) || c.Facing != 0 {
		t.Fatalf("camp not moved: %+v", c)
	}
	if _, err := s.Correct("camp 0 lost"); err != nil || !s.Camp[0].Lost || s.Supply[0] != 0 {
		t.Fatalf("camp lost: %v %+v", err, s.Camp[0])
	}
	if _, err := s.Correct("camp 0 held"); err != nil || s.Camp[0].Lost {
		t.Fatalf("camp held: %v %+v", err, s.Camp[0])
	}
	mid := s.Hash()
	for _, bad := range []string{
		"unit " + label + " ap 3", "unit " + label + " shots -1", "unit " + label + " shots 100", "unit " + label + " charges", "unit " + label + " not-sleepy",
		"unit " + label + " ap 1 flying", "camp 0 at -10 -10", "camp 0 at 20 3 facing", "camp 0 at 20 3 sideways", "camp 0 stolen", "camp 0", "camp 9 at 1 1",
	} {
		if _, err := s.Correct(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
		if s.Hash() != mid {
			t.Fatalf("%q changed the state though refused", bad)
		}
	}
}

// TestDeployDescribesEveryUnit: a deployment, the bot's or a person's,
// says where each unit of the command goes, not only its slot, and where
// it says is where Apply puts it.
func TestDeployDescribesEveryUnit(t *testing.T) {
	s, err := NewGame(DefaultScenario, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	playRandomTo(t, s, rand.New(rand.NewPCG(2, 9)), func(s *State) bool { return s.ask == askDeploy })
	side := int(s.waitBy)
	legal := s.Legal(nil)
	for _, a := range legal {
		if a.Kind != KDeploy || a.Arg >= deploySlots {
			continue
		}
		text := s.DescribeAction(a)
		next := s.Clone().(*State)
		if err := next.Apply(a); err != nil {
			t.Fatal(err)
		}
		for i := range s.st.nu {
			if int(s.st.units[i].Side) != side || s.st.units[i].Cmd != a.Unit {
				continue
			}
			want := s.st.units[i].Label + " front centre at (" + tabletop.Point(next.Units[i].Front) + ")"
			if !strings.Contains(text, want) {
				t.Fatalf("%q does not say %q", text, want)
			}
		}
	}
}

// TestDescribeRollNamesTheRows: a pending resilience or hold test names the
// table rows that make its modifier, which add up to it; a shot's and a
// fighter's pending dice say how the pool was built, and that many dice
// are rolled (issue 69: what a real table needs).
func TestDescribeRollNamesTheRows(t *testing.T) {
	seen := map[rollKind]int{}
	for seed := range uint64(12) {
		s, err := NewGame(DefaultScenario, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 5))
		for steps := 0; !s.Terminal() && steps < 20000; steps++ {
			if s.ToMove() != engine.Chance {
				legal := s.Legal(nil)
				if err := s.Apply(legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
				continue
			}
			text := s.DescribeRoll()
			a, b := int(s.rollA), int(s.rollB)
			switch s.rollWhat {
			case rTest:
				tk := s.top()
				sit := s.testSituation(a, TestKind(tk.x), int(tk.b), tk.y)
				checkRows(t, text, ResilienceRows(sit), ResilienceModifier(sit))
			case rHold:
				h := s.holdSituation(a)
				checkRows(t, text, HoldRows(h), HoldModifier(h))
			case rShoot:
				pool, _, _ := s.shotPool(a, b, s.top().y)
				if want := fmt.Sprintf(": %d dice (at least 2)", pool.Dice()); !strings.Contains(text, want) || s.roll.Groups[0].N != uint8(pool.Dice()) {
					t.Fatalf("%q: want %q and that many dice rolled (%+v)", text, want, s.roll)
				}
			case rMelee:
				if !strings.Contains(text, "dice from the bases") {
					t.Fatalf("%q does not say how the pool was built", text)
				}
			}
			seen[s.rollWhat]++
			if err := s.ApplyDice(engine.RollWith(rng, s.PendingRoll())); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, k := range []rollKind{rTest, rHold, rShoot, rMelee} {
		if seen[k] == 0 {
			t.Errorf("no roll of kind %d was met: the test does not cover it", k)
		}
	}
}

// checkRows checks a description lists rows that add up to the modifier.
func checkRows(t *testing.T, text string, rows []Adjustment, modifier int) {
	t.Helper()
	sum := 0
	for _, r := range rows {
		sum += r.Value
		if want := fmt.Sprintf("%s %+d", r.Row, r.Value); !strings.Contains(text, want) {
			t.Fatalf("%q does not list %q", text, want)
		}
	}
	if sum != modifier || !strings.Contains(text, fmt.Sprintf("modifier %+d", modifier)) {
		t.Fatalf("%q: rows add up to %d, the modifier is %d", text, sum, modifier)
	}
	if len(rows) == 0 && !strings.Contains(text, "no row applies") {
		t.Fatalf("%q: no row and no word of it", text)
	}
}
