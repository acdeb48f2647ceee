package twobytwo

import (
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/engine"
	tb "github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/scenarios"
)

func readTestdata(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// lineOf is the 1-based line of the first line of text containing marker.
func lineOf(t *testing.T, text, marker string) int {
	t.Helper()
	for i, l := range strings.Split(text, "\n") {
		if strings.Contains(l, marker) {
			return i + 1
		}
	}
	t.Fatalf("marker %q not in the text", marker)
	return 0
}

func TestParseValid(t *testing.T) {
	text := readTestdata(t, "valid-fixed.yaml")
	sc, err := Parse("valid-fixed.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if sc.Name != "test-fixed" || sc.Size != 24 || sc.Victory != tb.Decisive || sc.TurnLimit != 20 || sc.SetupByPlay || sc.Attacker != 1 {
		t.Fatalf("header read wrong: %+v", sc)
	}
	if len(sc.Terrain) != 6 || sc.Terrain[2].Kind != tb.Ford || sc.Terrain[2].Radius != 0.75 {
		t.Fatalf("terrain read wrong: %+v", sc.Terrain)
	}
	// "Hedge/walls" are one kind; a wall reads as a hedge.
	wall, err := Parse("wall.yaml", []byte(strings.Replace(text, "kind: copse, centre: [8, 18], radius: 0.5", "kind: wall, points: [[8, 18], [9, 18]]", 1)))
	if err != nil || wall.Terrain[5].Kind != tb.Hedge {
		t.Fatalf("a wall: %v", err)
	}
	// Queues are in order of appearance: the engine reads them from the
	// units' order, queued units after the deployed ones.
	var order []string
	for _, u := range sc.Units {
		order = append(order, u.Label)
	}
	want := "F-CHQ F-DHQ1 F1 Line F2 Line F3 Line F-FA1 F-LC1 A-CHQ A-DHQ1 A1 Line A2 Line A-LC1 A3 Line A-FA1"
	if got := strings.Join(order, " "); got != want {
		t.Fatalf("unit order\n got %s\nwant %s", got, want)
	}
	a2 := sc.Units[10]
	if a2.Start == nil || a2.Start.Facing != 170 || sc.Units[9].Start.Facing != 180 || !sc.Units[3].Large {
		t.Fatalf("placements read wrong: %+v %+v", a2.Start, sc.Units[9].Start)
	}
	if sc.Units[2].HQ != 1 || sc.Units[1].HQ != 0 || sc.Units[12].HQ != 8 {
		t.Fatalf("chain of command wrong: %+v", sc.Units)
	}
	if len(sc.Points[1]) != 2 || sc.Points[1][1].Edge != tb.West || sc.Points[1][1].At != 20 {
		t.Fatalf("points wrong: %+v", sc.Points)
	}
	s, err := tb.NewGameOn(sc, engine.Options{})
	if err != nil {
		t.Fatalf("the engine refuses a scenario the loader accepted: %v", err)
	}
	if w := s.Queue(0, 0); len(w) != 2 || sc.Units[w[0]].Label != "F3 Line" {
		t.Fatalf("queue at the first French point: %v", w)
	}
}

// TestParseProblems: each broken file gives a problem that names its line
// and what is wrong.
func TestParseProblems(t *testing.T) {
	base := readTestdata(t, "valid-fixed.yaml")
	cases := []struct {
		name     string
		old, new string // the edit that breaks the file
		at       string // a marker on the line the problem must name ("" for line 0)
		want     string // part of the message
	}{
		{"unknown unit type", "type: line infantry, hq: F-DHQ1, at: [9, 5]", "type: lin infantry, hq: F-DHQ1, at: [9, 5]", "F1 Line", `unknown unit type "lin infantry"`},
		{"unknown type suggests", "type: line infantry, hq: F-DHQ1, at: [9, 5]", "type: line infantr, hq: F-DHQ1, at: [9, 5]", "F1 Line", `did you mean "line infantry"`},
		{"unknown nation", "    ap: 40\n", "    ap: 40\n    nation: Frnace\n", "Frnace", `no army list for nation "Frnace"; did you mean "France"`},
		{"unit off the table", "at: [12, 3]}", "at: [23.8, 3]}", "F-CHQ", "not wholly on the 24\" table"},
		{"unit overlapping another", "at: [11, 5], large", "at: [9.5, 5], large", "F2 Line", `overlaps "F1 Line"`},
		{"unit in a wood", "at: [11, 5], large", "at: [18, 6], large", "F2 Line", "stands in a wood"},
		{"unit on a steep hill", "at: [11, 5], large", "at: [3, 5], large", "F2 Line", "steep hill"},
		{"unit in a river", "at: [13, 19], facing: 170", "at: [16, 12], facing: 170", "A2 Line", "a river away from any bridge or ford"},
		{"defender point on a flank", "{edge: south, at: 18", "{edge: east, at: 18", "edge: east", "its reinforcement points lie on its own edge, not the east edge"},
		{"attacker point on the enemy edge", "{edge: west, at: 20", "{edge: south, at: 20", "edge: south, at: 20", "not the south edge"},
		{"attacker point near a defender", "at: [9, 5]}", "at: [2, 19]}", "edge: west", `from defending unit "F1 Line"`},
		{"point off its edge", "{edge: west, at: 20", "{edge: west, at: 30", "edge: west", "off the west edge"},
		{"over its AP", "    ap: 40\n", "    ap: 15\n", "ap: 15", "costs 19 AP, over its budget of 15"},
		{"outside the composition limits", "    ap: 40\n", "    ap: 40\n    nation: Nassau\n", "nation: Nassau", "Nassau army list: artillery"},
		{"type not in the nation's list", "    ap: 40\n", "    ap: 40\n    nation: Nassau\n", "F-FA1, type", "Nassau has no Foot Artillery"},
		{"no HQ in the chain", "type: line infantry, hq: F-DHQ1, at: [9, 5]", "type: line infantry, at: [9, 5]", "F1 Line", `"F1 Line" has no HQ in its chain of command`},
		{"HQ is not an HQ", "hq: F-DHQ1, at: [9, 5]", "hq: F2 Line, at: [9, 5]", "label: F1 Line", `is a line infantry, not an HQ`},
		{"HQ of the other side", "hq: F-DHQ1, at: [9, 5]", "hq: A-DHQ1, at: [9, 5]", "label: F1 Line", "HQ of the other side"},
		{"HQ not a unit", "hq: F-DHQ1, at: [9, 5]", "hq: F-DHQ9, at: [9, 5]", "label: F1 Line", `hq "F-DHQ9" is not a unit`},
		{"no corps HQ", "{label: F-CHQ, type: corps hq, at: [12, 3]}", "{label: F-CHQ, type: division hq, at: [12, 3]}", "    units:", `has no corps HQ`},
		{"duplicate label", "{label: F2 Line,", "{label: F1 Line,", "label: F1 Line, type: line infantry, hq: F-DHQ1, at: [11", `label "F1 Line" is used twice`},
		{"neither deployed nor queued", "queue: [F-LC1]", "queue: []", "label: F-LC1", "neither deployed nor queued"},
		{"queued twice", "queue: [F-LC1]", "queue: [F-LC1, F3 Line]", "queue: [F-LC1, F3 Line]", "already queued"},
		{"queued and deployed", "queue: [F-LC1]", "queue: [F-LC1, F1 Line]", "queue: [F-LC1, F1 Line]", "also queued here"},
		{"unknown key", "turn_limit: 20", "turn_limt: 20", "turn_limt", `did you mean "turn_limit"`},
		{"unknown terrain kind", "kind: copse", "kind: orchard", "orchard", `unknown terrain kind "orchard"`},
		{"terrain off the table", "[[16, 4], [20, 4]", "[[16, 4], [26, 4]", "the wood", "off the table"},
		{"area with two points", "points: [[2, 4], [4, 4], [4, 6], [2, 6]]", "points: [[2, 4], [4, 4]]", "the crag", "has 2 points"},
		{"number expected", "table: 24", "table: big", "table: big", "table must be a number"},
		{"bad victory", "victory: decisive", "victory: crushing", "crushing", `unknown victory "crushing"`},
		{"no attacker", "attacker: Austrians\n", "", "name: test-fixed", "needs an attacker"},
		{"attacker not a side", "attacker: Austrians", "attacker: Prussians", "Prussians", `attacker "Prussians" is not a side`},
		{"large and small", "large: true}", "large: true, small: true}", "F2 Line", "both large and small"},
		{"one side only", "  - name: Austrians\n", "  - name: Austrians\n    extra: 1\n", "extra: 1", `unknown key "extra"`},
		{"positions with setup by play", "setup: fixed", "setup: play", "F-CHQ", "the set-up is played"},
		{"YAML syntax", "title: A test of the loader", "title: [unclosed", "", "not valid YAML"},
		{"aliases refused", "ap: 40", "ap: &x 40", "ap: &x 40", "anchors and aliases"},
		{"two documents", "name: test-fixed", "name: x\n---\nname: test-fixed", "", "more than one YAML document"},
	}
	for _, c := range cases {
		t.Run(strings.ReplaceAll(c.name, " ", "_"), func(t *testing.T) {
			if !strings.Contains(base, c.old) {
				t.Fatalf("edit %q not found in the base file", c.old)
			}
			text := strings.Replace(base, c.old, c.new, 1)
			_, err := Parse("broken.yaml", []byte(text))
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("error %v, want a *scenarios.Error", err)
			}
			line := 0
			if c.at != "" {
				line = lineOf(t, text, c.at)
			}
			found := false
			for _, p := range pe.Problems {
				if strings.Contains(p.String(), c.want) && (c.at == "" || p.Line == line) {
					found = true
					if p.Fix == "" {
						t.Errorf("problem %q has no fix", p)
					}
				}
			}
			if !found {
				t.Fatalf("no problem on line %d mentions %q; got:\n%v", line, c.want, err)
			}
			if !strings.Contains(err.Error(), "broken.yaml:") {
				t.Errorf("the error does not name the file: %v", err)
			}
		})
	}
}

// TestParseDeployAPBound: deploy_ap is 0 to tb.MaxDeployAP (500): a state
// holds at most 1000 AP to deploy, and each tie of the set-up roll adds
// 10 (R-SETUPROLL).
func TestParseDeployAPBound(t *testing.T) {
	for _, c := range []struct {
		ap   string
		want string
	}{{"0", ""}, {"10", ""}, {"500", ""}, {"500.5", "deploy_ap 500.5 is out of range"}, {"-1", "deploy_ap -1 is out of range"}, {"1e9", "deploy_ap 1e+09 is out of range"}} {
		sc := tb.StandardScenario()
		b, err := Marshal(sc)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), "deploy_ap: 10\n") {
			t.Fatalf("no deploy_ap in\n%s", b)
		}
		text := strings.Replace(string(b), "deploy_ap: 10\n", "deploy_ap: "+c.ap+"\n", 1)
		_, err = Parse("ap.yaml", []byte(text))
		switch {
		case c.want == "" && err != nil:
			t.Errorf("deploy_ap %s: %v", c.ap, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "give 0 to 500")):
			t.Errorf("deploy_ap %s: %v, want %q", c.ap, err, c.want)
		}
	}
}

// TestParseEmpty: an empty or comment-only file is one clear problem.
func TestParseEmpty(t *testing.T) {
	for _, text := range []string{"", "# nothing\n", "   \n"} {
		_, err := Parse("empty.yaml", []byte(text))
		if err == nil || !strings.Contains(err.Error(), "empty") {
			t.Errorf("%q: %v", text, err)
		}
	}
}

// TestRoundTrip: Marshal writes what Parse reads back to the same scenario.
func TestRoundTrip(t *testing.T) {
	fixed, err := Parse("valid-fixed.yaml", []byte(readTestdata(t, "valid-fixed.yaml")))
	if err != nil {
		t.Fatal(err)
	}
	for _, sc := range []*tb.Scenario{tb.StandardScenario(), fixed} {
		t.Run(sc.Name, func(t *testing.T) {
			b, err := Marshal(sc)
			if err != nil {
				t.Fatal(err)
			}
			back, err := Parse(sc.Name+".yaml", b)
			if err != nil {
				t.Fatalf("%v\n%s", err, b)
			}
			if back.Hash() != sc.Hash() || back.Title != sc.Title || back.Description != sc.Description || !reflect.DeepEqual(back.Units, sc.Units) ||
				back.Nations != sc.Nations || back.AP != sc.AP {
				t.Fatalf("round trip changed the scenario:\n%s", b)
			}
		})
	}
}

func TestLoadErrors(t *testing.T) {
	if _, err := Load("testdata/no-such-file.yaml"); err == nil || !strings.Contains(err.Error(), "no-such-file.yaml") {
		t.Errorf("missing file: %v", err)
	}
	big := t.TempDir() + "/big.yaml"
	if err := os.WriteFile(big, make([]byte, scenarios.MaxFileSize+10), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(big); err == nil || !strings.Contains(err.Error(), "over") {
		t.Errorf("huge file: %v", err)
	}
	sc, err := Load("testdata/valid-fixed.yaml")
	if err != nil || sc.Name != "test-fixed" {
		t.Fatalf("load: %v", err)
	}
}

// FuzzParse: no input makes the loader panic or hang, and whatever it
// accepts the engine accepts too.
func FuzzParse(f *testing.F) {
	f.Add([]byte(readTestdata(f, "valid-fixed.yaml")))
	if b, err := Marshal(tb.StandardScenario()); err == nil {
		f.Add(b)
	}
	f.Add([]byte("name: x\ntitle: y\nsides: [{name: a, units: []}, {name: b, units: []}]\n"))
	f.Add([]byte("a: &a [*a]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		done := make(chan struct{})
		defer close(done)
		go func() {
			select {
			case <-done:
			case <-time.After(5 * time.Second):
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
		if _, err := tb.NewGameOn(sc, engine.Options{}); err != nil {
			t.Fatalf("accepted a scenario the engine refuses: %v", err)
		}
	})
}
