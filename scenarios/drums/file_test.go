package drums

import (
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/engine"
	dm "github.com/grognard/grognard/engine/drums"
	"github.com/grognard/grognard/engine/geom"
	"github.com/grognard/grognard/scenarios/drums/armies"
)

func readTestdata(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestParseExample reads the documented example and checks what each key
// became.
func TestParseExample(t *testing.T) {
	sc, err := Load("testdata/example.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if sc.Name != "the-crossroads" || sc.Width != 48 || sc.Depth != 32 || sc.TurnLimit != 10 {
		t.Errorf("header: %q %gx%g turn limit %d", sc.Name, sc.Width, sc.Depth, sc.TurnLimit)
	}
	if got := sc.Objective; got.BreakShare != 0.5 || !got.BaggageLoses || len(got.Hold) != 1 || got.Hold[0].Centre != geom.V(24, 16) {
		t.Errorf("objective %+v", got)
	}
	if len(sc.Terrain) != 6 || sc.Terrain[3].Kind != dm.Obstacle || sc.Terrain[4].Kind != dm.Stream {
		t.Errorf("terrain %+v", sc.Terrain)
	}
	fr := sc.Forces[0]
	if fr.List != "french-imperial-1803" || fr.Commander.Label != "F-FC" || len(fr.Commands) != 2 {
		t.Fatalf("French force %+v", fr)
	}
	if g := fr.Commands[0].General; g.Respect != dm.Inspired || g.Name != "Colonel Marbot" {
		t.Errorf("general %+v", g)
	}
	l, _ := armies.ByID("french-imperial-1803")
	want, _ := l.Profile("Regular French Line", 5)
	if got := fr.Commands[0].Units[1]; got.Label != "F2" || got.Profile != want {
		t.Errorf("F2 %+v, want profile %+v", got, want)
	}
	tyr := sc.Forces[1].Commands[0].Units[3].Profile
	if tyr.Type != dm.LightFoot || tyr.Weapon != dm.Rifle || tyr.Doctrines != dm.DocZealous || tyr.Thresholds != (dm.Thresholds{1, 4, 0}) || tyr.Bases != 4 {
		t.Errorf("explicit profile %+v", tyr)
	}
	if sc.Forces[1].Commander.Ability != dm.Exceptional {
		t.Errorf("Austrian commander %+v", sc.Forces[1].Commander)
	}
}

// normalised is sc as a round trip through the file format must give it
// back: a list that is no built-in id is dropped (its units become
// profiles) and a zero break share is the default written out.
func normalised(sc *dm.Scenario) *dm.Scenario {
	c := *sc
	for side := range 2 {
		if l, err := armies.ByID(c.Forces[side].List); err != nil || l.ID != c.Forces[side].List {
			c.Forces[side].List = ""
		}
	}
	if c.Objective.BreakShare == 0 {
		c.Objective.BreakShare = dm.DefaultBreakShare
	}
	return &c
}

// TestRoundTrip: Marshal then Parse gives the scenario back, for every
// built-in, the example and generated battles.
func TestRoundTrip(t *testing.T) {
	var all []*dm.Scenario
	for _, n := range Names() {
		sc, err := dm.Builtin(n)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, sc)
	}
	ex, err := Load("testdata/example.yaml")
	if err != nil {
		t.Fatal(err)
	}
	all = append(all, ex)
	for seed := range uint64(20) {
		sc, err := Generate(seed, 0)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, sc)
	}
	for _, sc := range all {
		t.Run(sc.Name, func(t *testing.T) {
			b, err := Marshal(sc)
			if err != nil {
				t.Fatal(err)
			}
			back, err := Parse(sc.Name+".yaml", b)
			if err != nil {
				t.Fatalf("%v\n%s", err, b)
			}
			if want := normalised(sc); !reflect.DeepEqual(back, want) {
				t.Errorf("read back differs:\n got %+v\nwant %+v\n%s", back, want, b)
			}
		})
	}
}

// lineOf is the 1-based line of text holding sub.
func lineOf(t *testing.T, text, sub string) int {
	t.Helper()
	i := strings.Index(text, sub)
	if i < 0 {
		t.Fatalf("no line holds %q", sub)
	}
	return strings.Count(text[:i], "\n") + 1
}

// TestParseProblems: each broken file is refused with the problem at its
// line and a fix.
func TestParseProblems(t *testing.T) {
	base := readTestdata(t, "example.yaml")
	bigCommand := "units:\n" + strings.Repeat("          - {row: Fusilier, label: A1}\n", 0)
	for i := range 13 {
		bigCommand += fmt.Sprintf("          - {row: Fusilier, label: X%d}\n", i)
	}
	tests := []struct {
		name     string
		from, to string
		at       string // a substring of the line the problem is on ("" for the whole file)
		want     string
	}{
		{"unknown army list", "list: austrian-1792", "list: austrian-1793", "austrian-1793", "did you mean"},
		{"unknown army-list row", "{row: Grenzer, label: A3}", "{row: Grenzers, label: A3}", "Grenzers", "Grenzer"},
		{"bases out of range for the row", "label: F2, bases: 5", "label: F2, bases: 12", "bases: 12", "bases"},
		{"unknown terrain kind", "kind: wood, name: the spinney", "kind: woood, name: the spinney", "woood", `did you mean "wood"`},
		{"outline of two points", "points: [[6, 12], [11, 12], [11, 17], [6, 17]]", "points: [[6, 12], [11, 12]]", "the spinney", "at least 3 points"},
		{"outline whose edges cross", "points: [[6, 12], [11, 12], [11, 17], [6, 17]]", "points: [[6, 12], [11, 12], [11, 17], [6, 17], [12, 14]]", "the spinney", "crosses"},
		{"line with a repeated point", "points: [[14, 15], [19, 15]]", "points: [[14, 15], [14, 15]]", "the hedge", "repeats"},
		{"point off the table", "[[24, 0], [24, 32]]", "[[24, 0], [24, 33]]", "[24, 33]", "off the table"},
		{"label used by both sides", "{row: Fusilier, label: A1}", "{row: Fusilier, label: F1}", "Fusilier, label: F1", "already used on line"},
		{"label with a space", "{row: Fusilier, label: A2}", "{row: Fusilier, label: A 2}", "A 2", "one word"},
		{"general without a label", "general: {label: A-G1, name: Generalmajor}", "general: {name: Generalmajor}", "Generalmajor", `no "label"`},
		{"unit without a label", "{row: Grenzer, label: A3}", "{row: Grenzer}", "{row: Grenzer}", `no "label"`},
		{"unknown key with a suggestion", "turn_limit: 10", "turn_limt: 10", "turn_limt", `did you mean "turn_limit"`},
		{"width shorter than depth", "width: 48 ", "width: 24 ", "width: 24", "long edge"},
		{"table too small", "depth: 32 ", "depth: 8 ", "depth: 8", "out of range"},
		{"break share above 1", "break_share: 0.5", "break_share: 2", "break_share: 2", "out of range"},
		{"row with no list", "    list: austrian-1792\n", "", "{row: Fusilier, label: A1}", "no army list"},
		{"unknown unit type", "type: light-foot", "type: light-fut", "light-fut", `did you mean "light-foot"`},
		{"bad levels", `levels: "1+ 4+ -"`, `levels: "1+ 4+"`, "Tyrolean", "three"},
		{"unknown doctrine", "doctrines: [ZEALOUS]", "doctrines: [ZEALOT]", "ZEALOT", "unknown doctrine"},
		{"more than 12 units in a command", "units:\n          - {row: Fusilier, label: A1}", bigCommand + "          - {row: Fusilier, label: A1}", "units:\n          - {row: Fusilier, label: X0}", "at most 12"},
		{"three forces", "  - name: Austrians", "  - name: Prussians\n  - name: Austrians", "forces:", "exactly two"},
		{"not YAML", "turn_limit: 10", "turn_limit: [10", "turn_limit: [10", "not valid YAML"},
		{"anchors refused", "turn_limit: 10", "turn_limit: &t 10", "turn_limit: &t", "anchors"},
	}
	for _, c := range tests {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(base, c.from) {
				t.Fatalf("the example has no %q", c.from)
			}
			text := strings.Replace(base, c.from, c.to, 1)
			_, err := Parse("bad.yaml", []byte(text))
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("error %v, want an *Error", err)
			}
			line := 0
			if c.at != "" {
				line = lineOf(t, text, c.at)
			}
			for _, p := range pe.Problems {
				if strings.Contains(p.String(), c.want) && (line == 0 || p.Line == line) {
					if p.Fix == "" {
						t.Errorf("problem %q has no fix", p)
					}
					return
				}
			}
			t.Errorf("no problem saying %q at line %d in:\n%v", c.want, line, err)
		})
	}
}

// TestDeployProblem: a command with no room anywhere in its zone is
// refused at its line, saying which command and why. (A command merely too
// wide for the slots deploys anywhere free: ruling D-DEPLOY.)
func TestDeployProblem(t *testing.T) {
	text := readTestdata(t, "example.yaml")
	// Marsh over the whole table but for a 0.3BW strip along each edge:
	// no unit has room to stand in either zone.
	i, j := strings.Index(text, "terrain:"), strings.Index(text, "forces:")
	text = text[:i] + "terrain:\n  - {kind: impassable, name: marsh, points: [[0, 0.3], [48, 0.3], [48, 31.7], [0, 31.7]]}\n" + text[j:]
	text = strings.Replace(text, "hold:\n    - {name: the inn, centre: [24, 16], radius: 3}", "hold: []", 1)
	_, err := Parse("marsh.yaml", []byte(text))
	var pe *Error
	if !errors.As(err, &pe) || len(pe.Problems) == 0 {
		t.Fatalf("error %v, want a deployment problem", err)
	}
	p := pe.Problems[len(pe.Problems)-1]
	if !strings.Contains(p.Message, "fits no deployment slot") || p.Line == 0 {
		t.Errorf("problem %+v, want a command that fits no slot, at its line", p)
	}
}

// TestTooWideDeploysFree: a command too wide for every slot still deploys,
// anywhere free in its zone (ruling D-DEPLOY).
func TestTooWideDeploysFree(t *testing.T) {
	text := readTestdata(t, "example.yaml")
	var units strings.Builder
	for k := range 8 {
		fmt.Fprintf(&units, "          - {row: Fusilier, label: W%d}\n", k)
	}
	text = strings.Replace(text, "          - {row: Fusilier, label: A1}\n", units.String(), 1)
	if _, err := Parse("wide.yaml", []byte(text)); err != nil {
		t.Fatalf("a wide command should deploy anywhere free: %v", err)
	}
}

// TestRulingSceneLabels pins ruling D-SCEN-LABELS: labels are one word,
// unique across both forces and shared by generals and units.
func TestRulingSceneLabels(t *testing.T) {
	base := readTestdata(t, "example.yaml")
	for _, c := range []struct{ name, from, to string }{
		{"a unit takes a general's label", "{row: Fusilier, label: A1}", "{row: Fusilier, label: F-G1}"},
		{"a comma in a label", "{row: Fusilier, label: A1}", `{row: Fusilier, label: "A,1"}`},
		{"the other side's commander's label", "commander: {label: A-FC", "commander: {label: F-FC"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := Parse("x.yaml", []byte(strings.Replace(base, c.from, c.to, 1))); err == nil {
				t.Error("accepted")
			}
		})
	}
}

// TestRulingSceneKinds pins ruling D-SCEN-KINDS: the document's words for
// linear and area terrain read as the engine's kinds.
func TestRulingSceneKinds(t *testing.T) {
	for word, want := range map[string]dm.TerrainKind{"hedge": dm.Obstacle, "wall": dm.Obstacle, "fence": dm.Obstacle, "ditch": dm.Obstacle,
		"farm": dm.BuiltUp, "village": dm.BuiltUp, "woods": dm.Wood, "breastwork": dm.Fortification, "Stream": dm.Stream} {
		if got, ok := lookupKind(word); !ok || got != want {
			t.Errorf("%s: %v %v, want %v", word, got, ok, want)
		}
	}
	if _, ok := lookupKind("river"); ok {
		t.Error("river read as a kind: the document has no rivers")
	}
}

// TestNamesCoverEngine: every engine constant a file can hold has a word.
func TestNamesCoverEngine(t *testing.T) {
	for k := dm.Wood; k <= dm.Impassable; k++ {
		if got, ok := lookupKind(k.String()); !ok || got != k {
			t.Errorf("terrain kind %v has no word", k)
		}
	}
	for ty := dm.FieldArtillery; ty <= dm.IrregularFoot; ty++ {
		if i, ok := lookup(typeNames[:], name(typeNames[:], int(ty))); !ok || dm.Type(i) != ty {
			t.Errorf("type %d has no word", ty)
		}
	}
	for d := range doctrineNames {
		if f, ok := parseDoctrine(doctrineNames[d]); !ok || f != 1<<d {
			t.Errorf("doctrine %s", doctrineNames[d])
		}
	}
	for _, lv := range []string{"1+ 3+ -", "- 1+ 5+", "- - 1+", "1+ 2+ 4+"} {
		th, err := parseLevels(lv)
		if err != nil || formatLevels(th) != lv {
			t.Errorf("levels %q: %v %q", lv, err, formatLevels(th))
		}
	}
}

// TestTooLarge: a text over the size bound is refused before parsing.
func TestTooLarge(t *testing.T) {
	_, err := Parse("big.yaml", make([]byte, 1<<20+1))
	if err == nil || !strings.Contains(err.Error(), "byte limit") {
		t.Errorf("error %v", err)
	}
}

// TestManyProblemsBounded: a file with hundreds of problems reports a
// bounded number.
func TestManyProblemsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("title: x\nterrain:\n")
	for range 30 {
		b.WriteString("  - {kind: nothing, points: [[0, 0]]}\n  - {knd: wood}\n  - {kind: wood, points: [[1, 1], [2, 2]], extra: 1}\n")
	}
	_, err := Parse("many.yaml", []byte(b.String()))
	var pe *Error
	if !errors.As(err, &pe) || len(pe.Problems) > maxProblems+1 {
		t.Fatalf("error with %d problems", len(pe.Problems))
	}
}

// FuzzParse: any text is read within seconds, refused with a list of
// problems or accepted as a scenario the engine starts.
func FuzzParse(f *testing.F) {
	f.Add([]byte(readTestdata(f, "example.yaml")))
	for _, n := range builtinNames() {
		b, _ := builtinFiles.ReadFile(n)
		f.Add(b)
	}
	f.Add([]byte("title: x\nforces: [{name: a}, {name: b}]\n"))
	f.Add([]byte("a: &a [*a]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		done := make(chan struct{})
		defer close(done)
		go func() {
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				panic(fmt.Sprintf("the loader hung on %q", data))
			}
		}()
		sc, err := Parse("fuzz.yaml", data)
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) || len(pe.Problems) == 0 {
				t.Fatalf("error %v is not a list of problems", err)
			}
			return
		}
		if _, err := dm.NewGameOn(sc, engine.Options{}); err != nil {
			t.Fatalf("accepted a scenario the engine refuses: %v", err)
		}
	})
}

// sized is a battle whose sides have the given commands of n units each,
// of line foot given as explicit profiles.
func sized(cmds [2]int, n int) *dm.Scenario {
	sc := &dm.Scenario{Name: "sized", Title: "sized", Width: 200, Depth: 120}
	for side := range 2 {
		f := &sc.Forces[side]
		f.Name = fmt.Sprintf("Side%d", side)
		f.Commander.Label = fmt.Sprintf("S%d-FC", side)
		for c := range cmds[side] {
			cs := dm.CommandSpec{General: dm.GeneralSpec{Label: fmt.Sprintf("S%d-G%d", side, c)}}
			for u := range n {
				cs.Units = append(cs.Units, dm.UnitSpec{Label: fmt.Sprintf("S%dC%dU%d", side, c, u),
					Profile: dm.Profile{Name: "Militia", Type: dm.LineFoot, Weapon: dm.SmoothBore, Thresholds: dm.Thresholds{1}, Bases: 3}})
			}
			f.Commands = append(f.Commands, cs)
		}
	}
	return sc
}

// TestEngineLimits: forces over engine/drums's limits are refused at the
// force or the forces key, saying what to cut.
func TestEngineLimits(t *testing.T) {
	for _, c := range []struct {
		name string
		cmds [2]int
		n    int
		at   string
		want string
	}{
		{"a side of 33 units", [2]int{3, 1}, 11, "  - name: Side0", "fields 33 units"},
		{"50 units in all", [2]int{3, 2}, 10, "forces:", "the battle has 50 units"},
		{"nine commands", [2]int{9, 1}, 1, "    commands:", "9 commands"},
		{"thirteen units in a command", [2]int{1, 1}, 13, "        units:", "13 units"},
	} {
		t.Run(c.name, func(t *testing.T) {
			b, err := Marshal(sized(c.cmds, c.n))
			if err != nil {
				t.Fatal(err)
			}
			text := string(b)
			_, err = Parse("sized.yaml", b)
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("error %v", err)
			}
			line := lineOf(t, text, c.at)
			for _, p := range pe.Problems {
				if strings.Contains(p.Message, c.want) && p.Line == line && p.Fix != "" {
					return
				}
			}
			t.Errorf("no problem %q at line %d:\n%v", c.want, line, err)
		})
	}
	if _, err := Parse("ok.yaml", must(Marshal(sized([2]int{2, 2}, 4)))); err != nil {
		t.Errorf("a battle within the limits: %v", err)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}
