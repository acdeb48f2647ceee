package twobytwo

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest"
	"github.com/grognard/grognard/engine/geom"
)

// checkNotation checks that a is written as one line that reads back to
// exactly a, in s and in fresh, a game of the same scenario at its start
// (the text must not depend on the position).
func checkNotation(s, fresh *State, a engine.Action) error {
	text := s.FormatAction(a)
	if text == "" || strings.ContainsAny(text, "\n\r\t") || strings.Contains(text, "  ") || strings.TrimSpace(text) != text {
		return errors.New("not one line of single-spaced tokens: " + text)
	}
	for _, st := range []*State{s, fresh} {
		got, err := st.ParseAction(text)
		if err != nil {
			return err
		}
		if !enginetest.SameAction(got, a) {
			return fmt.Errorf("%s reads back as %+v, want %+v", text, got, a)
		}
	}
	if fresh.FormatAction(a) != text {
		return errors.New(text + " is written " + fresh.FormatAction(a) + " at the start of the game")
	}
	return nil
}

// TestNotationRoundTripsRandomGames: every action Legal and LegalNext
// offer in every position of seeded random games, with and without the
// grand battery, is written as one line that reads back to exactly the
// action, at that point and at the start of the game; and every kind of
// action is met.
func TestNotationRoundTripsRandomGames(t *testing.T) {
	games := uint64(6)
	if testing.Short() {
		games = 2
	}
	var seen [numKinds]int
	var buf []engine.Action
	for _, opts := range []engine.Options{{}, {Variants: []string{VariantGrandBattery}}} {
		fresh, err := NewGame(DefaultScenario, opts)
		if err != nil {
			t.Fatal(err)
		}
		check := func(s *State) error {
			buf = s.Legal(buf[:0])
			buf = s.LegalNext(buf)
			for _, a := range buf {
				seen[a.Kind]++
				if err := checkNotation(s, fresh, a); err != nil {
					return err
				}
			}
			return nil
		}
		for seed := uint64(1); seed <= games; seed++ {
			if _, _, err := randomGameWith(seed, opts, check); err != nil {
				t.Fatalf("%v %v", opts.Variants, err)
			}
		}
	}
	// Random games seldom line up a grand battery: the one of the rules
	// tests bombards.
	s := batteryGame(t, unit(0, "F1 Line", LineInfantry, 12, 15, 0))
	toShooting(t, s)
	buf = s.Legal(buf[:0])
	for _, a := range buf {
		seen[a.Kind]++
		if err := checkNotation(s, s, a); err != nil {
			t.Fatal(err)
		}
	}
	for k := KindEnd; k < numKinds; k++ {
		if seen[k] == 0 {
			t.Errorf("no %s action was offered in the random games: the test does not cover it", KindName(k))
		}
	}
	t.Logf("actions checked by kind: %v", seen[1:])
}

// notationExamples pin the notation: the texts a record holds today must
// read as the same actions next year. Labels are those of the standard
// scenario (F-LC1 is unit 1, F1 Line unit 6, A-FA1 unit 20, A1 Line
// unit 23).
var notationExamples = []struct {
	text string
	a    engine.Action
}{
	{"end", engine.Action{Kind: KindEnd, Unit: NoUnit, Target: NoUnit}},
	{"F-LC1 deploy 4,1.5 0", engine.Action{Kind: KindDeploy, Unit: 1, Target: NoUnit, NPath: 1, Path: [3]geom.Vec{{X: 4, Y: 1.5}}}},
	{"point west 0,3", engine.Action{Kind: KindPoint, Unit: NoUnit, Target: NoUnit, Arg: uint8(West), NPath: 1, Path: [3]geom.Vec{{X: 0, Y: 3}}}},
	{"F1_Line queue", engine.Action{Kind: KindQueue, Unit: 6, Target: NoUnit}},
	{"F1_Line move 12.5,8 90", engine.Action{Kind: KindMove, Unit: 6, Target: NoUnit, NPath: 1, Path: [3]geom.Vec{{X: 12.5, Y: 8}}, Facing: 90}},
	{"F1_Line move:charge A1_Line left 11,9 12.25,10.000000000000002 187.5", engine.Action{Kind: KindMove, Unit: 6, Target: 23, Arg: uint8(geom.FaceLeft), Order: OrderCharge, NPath: 2, Path: [3]geom.Vec{{X: 11, Y: 9}, {X: 12.25, Y: 10.000000000000002}}, Facing: 187.5}},
	{"F1_Line move:charge A1_Line front 11,9 0", engine.Action{Kind: KindMove, Unit: 6, Target: 23, Order: OrderCharge, NPath: 1, Path: [3]geom.Vec{{X: 11, Y: 9}}}},
	{"F-LC1 move:advance A-FA1 3,4 5,6 7,8 -0", engine.Action{Kind: KindMove, Unit: 1, Target: 20, Order: OrderAdvance, NPath: 3, Path: [3]geom.Vec{{X: 3, Y: 4}, {X: 5, Y: 6}, {X: 7, Y: 8}}, Facing: math.Copysign(0, -1)}},
	{"F-LC1 slide:withdraw 3,2 0", engine.Action{Kind: KindSlide, Unit: 1, Target: NoUnit, Order: OrderWithdraw, NPath: 1, Path: [3]geom.Vec{{X: 3, Y: 2}}}},
	{"F1_Line hold", engine.Action{Kind: KindHold, Unit: 6, Target: NoUnit}},
	{"F1_Line face 45.5", engine.Action{Kind: KindFace, Unit: 6, Target: NoUnit, Order: OrderFace, Facing: 45.5}},
	{"F1_Line face:free 45.5", engine.Action{Kind: KindFace, Unit: 6, Target: NoUnit, Facing: 45.5}},
	{"F-LC1 rout", engine.Action{Kind: KindVolRout, Unit: 1, Target: NoUnit}},
	{"F-LC1 exit north 4,23.75 0", engine.Action{Kind: KindExit, Unit: 1, Target: NoUnit, Arg: uint8(North), Order: OrderExit, NPath: 1, Path: [3]geom.Vec{{X: 4, Y: 23.75}}}},
	{"reinforce 2", engine.Action{Kind: KindDiceReinf, Unit: NoUnit, Target: NoUnit, Arg: 1}},
	{"A-FA1 place 0.25,12 90", engine.Action{Kind: KindPlace, Unit: 20, Target: NoUnit, NPath: 1, Path: [3]geom.Vec{{X: 0.25, Y: 12}}, Facing: 90}},
	{"A-FA1 exchange F1_Line", engine.Action{Kind: KindExchange, Unit: 20, Target: 6}},
	{"A1_Line confront F-LC1", engine.Action{Kind: KindConfront, Unit: 1, Target: 23}},
	{"A1_Line stall F-LC1", engine.Action{Kind: KindStall, Unit: 1, Target: 23}},
	{"A-FA1 fire F1_Line", engine.Action{Kind: KindFire, Unit: 20, Target: 6}},
	{"A1_Line support F1_Line", engine.Action{Kind: KindSupport, Unit: 23, Target: 6}},
	{"A-FA1 resolve F1_Line", engine.Action{Kind: KindResolve, Unit: 20, Target: 6}},
	{"F1_Line rout-direction away", engine.Action{Kind: KindRout, Unit: 6, Target: NoUnit, Arg: 1}},
	{"melee A1_Line", engine.Action{Kind: KindMelee, Unit: NoUnit, Target: 23}},
	{"F1_Line follow-up yes", engine.Action{Kind: KindFollowUp, Unit: 6, Target: NoUnit, Arg: 1}},
	{"F1_Line follow-up no", engine.Action{Kind: KindFollowUp, Unit: 6, Target: NoUnit}},
	{"A-FA1 bombard 12,14", engine.Action{Kind: KindBombard, Unit: 20, Target: NoUnit, NPath: 1, Path: [3]geom.Vec{{X: 12, Y: 14}}}},
	// Fields a kind does not use are written all the same.
	{"end:charge F-FA1 1,2 7 arg=9", engine.Action{Kind: KindEnd, Unit: NoUnit, Target: 3, Arg: 9, Order: OrderCharge, NPath: 1, Path: [3]geom.Vec{{X: 1, Y: 2}}, Facing: 7}},
	{"F1_Line move 1e-07,1e+21 0 arg=4", engine.Action{Kind: KindMove, Unit: 6, Target: NoUnit, Arg: 4, NPath: 1, Path: [3]geom.Vec{{X: 1e-7, Y: 1e21}}}},
	{"point 7 0,3", engine.Action{Kind: KindPoint, Unit: NoUnit, Target: NoUnit, Arg: 7, NPath: 1, Path: [3]geom.Vec{{X: 0, Y: 3}}}},
	{"F1_Line move:200 0", engine.Action{Kind: KindMove, Unit: 6, Target: NoUnit, Order: 200}},
}

// TestNotationExamples: the pinned texts read as their actions, and the
// actions are written as the texts.
func TestNotationExamples(t *testing.T) {
	s, err := NewGame(DefaultScenario, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range notationExamples {
		if got := s.FormatAction(c.a); got != c.text {
			t.Errorf("%+v is written %q, want %q", c.a, got, c.text)
		}
		got, err := s.ParseAction(c.text)
		if err != nil {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		if !enginetest.SameAction(got, c.a) {
			t.Errorf("%q reads as %+v, want %+v", c.text, got, c.a)
		}
	}
}

// TestNotationReadsWhatPeopleType: case, spacing and unit ids as people
// write them read as the canonical text does.
func TestNotationReadsWhatPeopleType(t *testing.T) {
	s, _ := NewGame(DefaultScenario, engine.Options{})
	for _, c := range []struct{ typed, canonical string }{
		{"  f1_line   MOVE:Advance  a1_line 12.50,8.0   90 ", "F1_Line move:advance A1_Line 12.5,8 90"},
		{"#6 hold", "F1_Line hold"},
		{"#1 move #23 3,4 +90", "F-LC1 move A1_Line 3,4 90"},
		{"F1_Line Follow-Up YES", "F1_Line follow-up yes"},
		{"reinforce 1", "reinforce 1"},
	} {
		a, err := s.ParseAction(c.typed)
		if err != nil {
			t.Errorf("%q: %v", c.typed, err)
			continue
		}
		if got := s.FormatAction(a); got != c.canonical {
			t.Errorf("%q reads as %q, want %q", c.typed, got, c.canonical)
		}
	}
}

// TestNotationRefusesBadText: every malformed text is refused with an
// error wrapping engine.ErrNotation that says what is wrong.
func TestNotationRefusesBadText(t *testing.T) {
	s, _ := NewGame(DefaultScenario, engine.Options{})
	for _, c := range []struct{ text, want string }{
		{"", "empty"},
		{"   ", "empty"},
		{"F1_Line", "no verb"},
		{"F1_Line dance", "neither a verb nor a unit"},
		{"Z9_Nobody hold", "no unit of this scenario"},
		{"#64 hold", "units are #0 to #33"},
		{"#-1 hold", "units are #0 to #33"},
		{"F1_Line move:sideways 1,2 0", "unknown order"},
		{"F1_Line move 1,2", "needs the facing"},
		{"F1_Line move 1,x 0", "not a decimal number"},
		{"F1_Line move 1,2,3 0", "not a decimal number"},
		{"F1_Line move 1,2 NaN", "needs the facing"},
		{"F1_Line move 1,2 1e999", "not a finite"},
		{"F1_Line move 0x10,2 0", "not a decimal number"},
		{"F1_Line move 1,2 2,3 3,4 4,5 0", "more than 3 points"},
		{"F1_Line move 1,2 0 0", "out of place"},
		{"F1_Line move 1,2 0 arg=256", "not a whole number"},
		{"F1_Line move right 1,2 0 arg=1", "out of place"},
		{"F1_Line hold arg=1 arg=2", "out of place"},
		{"F1_Line follow-up maybe", "nor no or yes"},
		{"F1_Line follow-up", "needs no or yes"},
		{"reinforce 0", "not a reinforcement point"},
		{"reinforce", "needs a reinforcement point"},
		{"point up 0,3", "nor an edge"},
		{"F1_Line exit 4,23.75 0", "not an edge"},
		{"F1_Line hold extra", "no unit of this scenario"},
		{"F1_Line hold\nend", "out of place"},
		{"F1_Line move " + strings.Repeat("1", 2000) + ",1 0", "an action is at most 1024"},
	} {
		_, err := s.ParseAction(c.text)
		if err == nil {
			t.Errorf("%q was read as an action", c.text)
			continue
		}
		if !errors.Is(err, engine.ErrNotation) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %q, want one wrapping ErrNotation containing %q", c.text, err, c.want)
		}
	}
}

// TestNotationEveryFieldMatters: changing any one field of an action
// changes its text, and the text reads back with the change: no field
// is dropped or taken from another.
func TestNotationEveryFieldMatters(t *testing.T) {
	s, _ := NewGame(DefaultScenario, engine.Options{})
	fields := []struct {
		name string
		set  func(*engine.Action)
	}{
		{"Kind", func(a *engine.Action) { a.Kind = a.Kind%(numKinds-1) + 1 }},
		{"Unit", func(a *engine.Action) { a.Unit = (a.Unit + 1) % 34 }},
		{"Target", func(a *engine.Action) { a.Target = (a.Target + 2) % 34 }},
		{"Arg", func(a *engine.Action) { a.Arg ^= 1 }},
		{"Order", func(a *engine.Action) { a.Order = (a.Order + 1) % 14 }},
		{"NPath", func(a *engine.Action) { a.NPath = (a.NPath + 1) % (engine.MaxPath + 1) }},
		{"Path[0].X", func(a *engine.Action) { a.Path[0].X += 0.125 }},
		{"Path[0].Y", func(a *engine.Action) { a.Path[0].Y = math.Nextafter(a.Path[0].Y, 100) }},
		{"Path[1].X", func(a *engine.Action) { a.Path[1].X -= 1 }},
		{"Path[2].Y", func(a *engine.Action) { a.Path[2].Y += 3 }},
		{"Facing", func(a *engine.Action) { a.Facing = math.Nextafter(a.Facing, 400) }},
	}
	for _, base := range notationExamples {
		for _, f := range fields {
			a := base.a
			a.NPath = engine.MaxPath // every point is written
			before := s.FormatAction(a)
			f.set(&a)
			if f.name == "NPath" {
				// Points past NPath are not part of the action.
				for k := a.NPath; k < engine.MaxPath; k++ {
					a.Path[k] = geom.Vec{}
				}
			}
			text := s.FormatAction(a)
			if text == before {
				t.Errorf("%q: changing %s leaves the text as it was", base.text, f.name)
				continue
			}
			if err := checkNotation(s, s, a); err != nil {
				t.Errorf("%q with %s changed: %v", base.text, f.name, err)
			}
		}
	}
}

// TestNotationUnitNames: a label that would not read back as itself (a
// keyword, a number, one shared by two units, one with a comma) is
// written as #N, and every unit reads back.
func TestNotationUnitNames(t *testing.T) {
	s := testGame(t, []UnitSpec{
		unit(0, "hold", LineInfantry, 4, 4, 0),
		unit(0, "12th Foot", LineInfantry, 6, 4, 0),
		unit(0, "Twin", LineInfantry, 8, 4, 0),
		unit(0, "twin", LineInfantry, 10, 4, 0),
		unit(0, "A, B", LineInfantry, 12, 4, 0),
		unit(1, "Guard Grenadiers", EliteInfantry, 4, 20, 180),
		unit(1, "Guard_Grenadiers", EliteInfantry, 6, 20, 180),
		unit(1, "Régiment de Ligne", LineInfantry, 8, 20, 180),
		unit(1, "left", LineInfantry, 10, 20, 180),
	})
	want := []string{"#0", "#1", "#2", "#3", "#4", "#5", "#6", "Régiment_de_Ligne", "#8"}
	for i, w := range want {
		if got := s.unitToken(i); got != w {
			t.Errorf("unit %d %q is written %q, want %q", i, s.sc.Units[i].Label, got, w)
		}
	}
	for i := 0; i < int(s.n); i++ {
		for j := 0; j < int(s.n); j++ {
			a := act(KindFire, i, j)
			if err := checkNotation(s, s, a); err != nil {
				t.Errorf("fire %d at %d: %v", i, j, err)
			}
		}
	}
	if a, err := s.ParseAction("régiment_de_ligne hold"); err != nil || a.Unit != 7 {
		t.Errorf("a label read in another case: %+v, %v", a, err)
	}
	if _, err := s.ParseAction("Twin hold"); err == nil {
		t.Error("a label two units share was read as one of them")
	}
}

// notationTexts are the texts of notationExamples, seeds of
// FuzzParseAction.
func notationTexts() []string {
	out := make([]string, len(notationExamples))
	for i, c := range notationExamples {
		out[i] = c.text
	}
	return out
}

// FuzzParseAction: see enginetest.FuzzParseAction, and checkNotation.
func FuzzParseAction(f *testing.F) { enginetest.FuzzParseAction(f, fuzz) }

// TestGeneratedOrdersOnTheGrid (ruling R-GRID): every action Legal and
// LegalNext offer in seeded random games, with and without the grand
// battery, has its points on the hundredth of an inch and its facing on
// the tenth of a degree, so that its notation has no number of more than
// two decimals.
func TestGeneratedOrdersOnTheGrid(t *testing.T) {
	games := uint64(6)
	if testing.Short() {
		games = 2
	}
	var buf []engine.Action
	checked := 0
	for _, opts := range []engine.Options{{}, {Variants: []string{VariantGrandBattery}}} {
		check := func(s *State) error {
			buf = s.Legal(buf[:0])
			buf = s.LegalNext(buf)
			for _, a := range buf {
				if err := enginetest.OnGrid(a, s.FormatAction(a)); err != nil {
					return err
				}
				checked++
			}
			return nil
		}
		for seed := uint64(1); seed <= games; seed++ {
			if _, _, err := randomGameWith(seed, opts, check); err != nil {
				t.Fatalf("%v %v", opts.Variants, err)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no action was checked")
	}
}
