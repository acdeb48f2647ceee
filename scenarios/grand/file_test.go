package grand

import (
	"errors"
	"fmt"
	"path"
	"strings"
	"testing"
	"time"

	gr "github.com/grognard/grognard/engine/grand"
	"github.com/grognard/grognard/scenarios"
)

// base is a good file; the bad files of TestParseProblems are edits of
// it, so the lines they expect are its lines.
const base = `name: test
title: A test
terrain: clear
attacker:
  name: French
  nation: france
  factors: {infantry: 10, cavalry: 2}
  commander: {name: Ney, strategic: 3, tactical: 2}
defender:
  name: Austrians
  nation: austria
  factors: {infantry: 9, militia: 3}
  commander: {name: Karl, strategic: 3, tactical: 3}
`

// edit is base with old replaced by new, which must be there.
func edit(t testing.TB, old, new string) string {
	t.Helper()
	if !strings.Contains(base, old) {
		t.Fatalf("base has no %q", old)
	}
	return strings.Replace(base, old, new, 1)
}

// problemsOf is the problems of a Parse error, which must be an *Error.
func problemsOf(t testing.TB, err error) []Problem {
	t.Helper()
	var pe *Error
	if !errors.As(err, &pe) || len(pe.Problems) == 0 {
		t.Fatalf("error %v is not a list of problems", err)
	}
	return pe.Problems
}

// TestParseBase: the base file reads as written, with the defaults of
// the keys it leaves out.
func TestParseBase(t *testing.T) {
	sc, err := Parse("base.yaml", []byte(base))
	if err != nil {
		t.Fatal(err)
	}
	want := gr.Scenario{
		Name: "test", Title: "A test", Terrain: gr.Clear,
		Forces: [2]gr.Force{
			{Name: "French", Nation: gr.France, Factors: [gr.NumKinds]int{gr.Infantry: 10, gr.Cavalry: 2},
				Commander: gr.Commander{Name: "Ney", Nation: gr.France, Strategic: 3, Tactical: 2}},
			{Name: "Austrians", Nation: gr.Austria, Factors: [gr.NumKinds]int{gr.Infantry: 9, gr.Militia: 3},
				Commander: gr.Commander{Name: "Karl", Nation: gr.Austria, Strategic: 3, Tactical: 3}},
		},
	}
	if *sc != want {
		t.Errorf("got %+v\nwant %+v", *sc, want)
	}
}

// TestParseKeys: each optional key sets its field; a missing name is the
// file's; nations read in any case and spelling; a commander's nation
// may differ from his force's.
func TestParseKeys(t *testing.T) {
	for _, c := range []struct {
		name, source, text string
		check              func(sc *gr.Scenario) bool
	}{
		{"name from the file", "dir/my-battle.yaml", edit(t, "name: test\n", ""), func(sc *gr.Scenario) bool { return sc.Name == "my-battle" }},
		{"name key wins", "dir/my-battle.yaml", base, func(sc *gr.Scenario) bool { return sc.Name == "test" }},
		{"river", "x.yaml", base + "river: true\n", func(sc *gr.Scenario) bool { return sc.River }},
		{"rounds", "x.yaml", base + "rounds: 7\n", func(sc *gr.Scenario) bool { return sc.Rounds == 7 }},
		{"rounds 0", "x.yaml", base + "rounds: 0\n", func(sc *gr.Scenario) bool { return sc.Rounds == 0 }},
		{"trivial", "x.yaml", base + "trivial: true\n", func(sc *gr.Scenario) bool { return sc.Trivial }},
		{"options", "x.yaml", base + "cavalry_superiority: true\nguard_commitment: true\n", func(sc *gr.Scenario) bool {
			return sc.CavalrySuperiority && sc.GuardCommitment && !sc.River && !sc.Trivial
		}},
		{"options 12.3.3.2 and 12.3.5", "x.yaml", base + "all_cavalry_withdrawal: true\nbombardment: true\n", func(sc *gr.Scenario) bool {
			return sc.AllCavalryWithdrawal && sc.Bombardment && !sc.CavalrySuperiority && !sc.GuardCommitment
		}},
		{"terrain any case", "x.yaml", edit(t, "terrain: clear", "terrain: Desert"), func(sc *gr.Scenario) bool { return sc.Terrain == gr.Desert }},
		{"great britain", "x.yaml", edit(t, "nation: france", `nation: "Great Britain"`), func(sc *gr.Scenario) bool {
			return sc.Forces[0].Nation == gr.GreatBritain && sc.Forces[0].Commander.Nation == gr.GreatBritain
		}},
		{"great_britain", "x.yaml", edit(t, "nation: france", "nation: great_britain"), func(sc *gr.Scenario) bool { return sc.Forces[0].Nation == gr.GreatBritain }},
		{"commander's nation", "x.yaml", edit(t, "{name: Karl,", "{name: Karl, nation: russia,"), func(sc *gr.Scenario) bool {
			return sc.Forces[1].Nation == gr.Austria && sc.Forces[1].Commander.Nation == gr.Russia
		}},
		{"cavalry leader", "x.yaml", edit(t, "tactical: 2}", "tactical: 2, cavalry_leader: true}"), func(sc *gr.Scenario) bool { return sc.Forces[0].Commander.CavalryLeader }},
		{"every kind", "x.yaml", edit(t, "{infantry: 10, cavalry: 2}", "{infantry: 1, cavalry: 2, artillery: 3, guard: 4, militia: 5, irregular: 6, feudal: 7}"), func(sc *gr.Scenario) bool {
			return sc.Forces[0].Factors == [gr.NumKinds]int{1, 2, 3, 4, 5, 6, 7} && sc.Forces[0].Total() == 28
		}},
		{"bounds", "x.yaml", edit(t, "{infantry: 10, cavalry: 2}", "{infantry: 400, cavalry: 200}") + "rounds: 12\n", func(sc *gr.Scenario) bool {
			return sc.Forces[0].Total() == gr.MaxTotal && sc.Rounds == gr.MaxRounds
		}},
		{"ratings at their bounds", "x.yaml", edit(t, "strategic: 3, tactical: 2", "strategic: 6, tactical: 0"), func(sc *gr.Scenario) bool {
			return sc.Forces[0].Commander.Strategic == 6 && sc.Forces[0].Commander.Tactical == 0
		}},
		{"block style", "x.yaml", edit(t, "  commander: {name: Ney, strategic: 3, tactical: 2}\n", "  commander:\n    name: Ney\n    strategic: 3\n    tactical: 2\n"), func(sc *gr.Scenario) bool {
			return sc.Forces[0].Commander.Name == "Ney"
		}},
		{"names trimmed", "x.yaml", edit(t, "title: A test", `title: "  A test  "`), func(sc *gr.Scenario) bool { return sc.Title == "A test" }},
		{"empty title", "x.yaml", edit(t, "title: A test", `title: ""`), func(sc *gr.Scenario) bool { return sc.Title == "" }},
	} {
		t.Run(c.name, func(t *testing.T) {
			sc, err := Parse(c.source, []byte(c.text))
			if err != nil {
				t.Fatal(err)
			}
			if !c.check(sc) {
				t.Errorf("got %+v", *sc)
			}
			if err := sc.Check(); err != nil {
				t.Errorf("Check: %v", err)
			}
		})
	}
}

// TestParseProblems: each bad file is refused with a problem at the
// expected line whose message and fix hold the expected fragment.
func TestParseProblems(t *testing.T) {
	long := strings.Repeat("x", 201)
	for _, c := range []struct {
		name, source, text string
		line               int
		want               string
	}{
		{"unknown key", "x.yaml", edit(t, "terrain: clear", "terain: clear"), 3, `unknown key "terain"; did you mean "terrain"?`},
		{"unknown force key", "x.yaml", edit(t, "  nation: austria", "  nation: austria\n  natoin: austria"), 12, `did you mean "nation"?`},
		{"unknown commander key", "x.yaml", edit(t, "tactical: 2}", "tactical: 2, cavalry_leder: true}"), 8, `did you mean "cavalry_leader"?`},
		{"unknown kind", "x.yaml", edit(t, "{infantry: 10, cavalry: 2}", "{infantry: 10, irregulars: 2}"), 7, `unknown key "irregulars"; did you mean "irregular"?`},
		{"missing terrain", "x.yaml", edit(t, "terrain: clear\n", ""), 1, `has no "terrain"`},
		{"missing defender", "x.yaml", strings.Split(base, "defender:")[0], 1, `has no "defender"`},
		{"missing factors", "x.yaml", edit(t, "  factors: {infantry: 9, militia: 3}\n", ""), 10, `the defender has no "factors"`},
		{"missing rating", "x.yaml", edit(t, "strategic: 3, tactical: 2", "strategic: 3"), 8, `has no "tactical"`},
		{"missing commander name", "x.yaml", edit(t, "{name: Ney, ", "{"), 8, `has no "name"`},
		{"duplicate key", "x.yaml", base + "terrain: forest\n", 14, `gives "terrain" twice (first on line 3)`},
		{"unknown nation", "x.yaml", edit(t, "nation: france", "nation: frence"), 6, `"frence" is not known; did you mean "france"?`},
		{"unknown commander nation", "x.yaml", edit(t, "{name: Karl,", "{name: Karl, nation: bavaria,"), 13, `commander's nation "bavaria" is not known`},
		{"unknown terrain", "x.yaml", edit(t, "terrain: clear", "terrain: jungle"), 3, `unknown terrain "jungle"; use clear, forest, mountain, marsh, desert`},
		{"terrain typo", "x.yaml", edit(t, "terrain: clear", "terrain: forrest"), 3, `did you mean "forest"?`},
		{"negative factors", "x.yaml", edit(t, "{infantry: 10, cavalry: 2}", "{infantry: 10, cavalry: -2}"), 7, "the attacker has -2 cavalry factors; give 0 to 400"},
		{"huge factors", "x.yaml", edit(t, "{infantry: 10, cavalry: 2}", "{infantry: 1000000}"), 7, "has 1000000 infantry factors"},
		{"overflowing factors", "x.yaml", edit(t, "{infantry: 10, cavalry: 2}", "{infantry: 99999999999999999999999}"), 7, "must be a whole number"},
		{"zero total", "x.yaml", edit(t, "{infantry: 9, militia: 3}", "{infantry: 0}"), 12, "the defender has no factors"},
		{"empty factors", "x.yaml", edit(t, "{infantry: 9, militia: 3}", "{}"), 12, "the defender has no factors"},
		{"too many factors", "x.yaml", edit(t, "{infantry: 9, militia: 3}", "{infantry: 400, militia: 300}"), 12, "700 factors in all"},
		{"strategic too high", "x.yaml", edit(t, "strategic: 3, tactical: 2", "strategic: 7, tactical: 2"), 8, "strategic rating 7; give 0 to 6"},
		{"tactical too high", "x.yaml", edit(t, "strategic: 3, tactical: 3", "strategic: 3, tactical: 6"), 13, "tactical rating 6; give 0 to 5"},
		{"negative rating", "x.yaml", edit(t, "strategic: 3, tactical: 2", "strategic: -1, tactical: 2"), 8, "strategic rating -1"},
		{"rounds too many", "x.yaml", base + "rounds: 13\n", 14, "rounds 13 is out of range; give 1 to 12"},
		{"negative rounds", "x.yaml", base + "rounds: -1\n", 14, "rounds -1 is out of range"},
		{"alias", "x.yaml", edit(t, "attacker:\n", "attacker: &a\n") + "other: *a\n", 4, "anchors and aliases"},
		{"alias only", "x.yaml", "a: &a [*a]\n", 1, "anchors and aliases"},
		{"not a mapping", "x.yaml", "- name: test\n- title: x\n", 1, "the scenario must be a mapping, not a list"},
		{"scalar file", "x.yaml", "just words\n", 1, `the scenario must be a mapping, not "just words"`},
		{"force not a mapping", "x.yaml", edit(t, "defender:\n", "defender: [1, 2]\nold:\n"), 9, "the defender must be a mapping, not a list"},
		{"null force", "x.yaml", strings.Split(base, "defender:")[0] + "defender:\n", 9, "the defender must be a mapping, not nothing"},
		{"factors not a mapping", "x.yaml", edit(t, "{infantry: 10, cavalry: 2}", "12"), 7, `the attacker's factors must be a mapping, not "12"`},
		{"rounds not a number", "x.yaml", base + "rounds: four\n", 14, `rounds must be a whole number, not "four"`},
		{"rounds a float", "x.yaml", base + "rounds: 4.5\n", 14, `rounds must be a whole number`},
		{"rounds quoted", "x.yaml", base + "rounds: \"4\"\n", 14, `rounds must be a whole number`},
		{"river not a boolean", "x.yaml", base + "river: yes\n", 14, `river must be true or false, not "yes"`},
		{"factor a float", "x.yaml", edit(t, "militia: 3", "militia: 3.0"), 12, "the defender's militia factors must be a whole number"},
		{"rating a word", "x.yaml", edit(t, "strategic: 3, tactical: 2", "strategic: good, tactical: 2"), 8, "strategic rating must be a whole number"},
		{"name a list", "x.yaml", edit(t, "  name: French", "  name: [French]"), 5, "the attacker's name must be text, not a list"},
		{"null nation", "x.yaml", edit(t, "nation: france", "nation:"), 6, "the attacker's nation must be text, not nothing"},
		{"empty force name", "x.yaml", edit(t, "  name: French", `  name: "  "`), 5, "the attacker's name is empty"},
		{"long name", "x.yaml", edit(t, "name: test", "name: "+long), 1, "name is 201 characters long"},
		{"long title", "x.yaml", edit(t, "title: A test", "title: "+long), 2, "title is 201 characters long"},
		{"long commander name", "x.yaml", edit(t, "name: Karl", "name: "+long), 13, "commander's name is 201 characters long"},
		{"name with spaces", "x.yaml", edit(t, "name: test", "name: my test"), 1, `name "my test" is not a usable scenario name`},
		{"control character", "x.yaml", edit(t, "title: A test", `title: "A\u0007test"`), 2, "title has the control character U+0007"},
		{"line break in a name", "x.yaml", edit(t, "  name: French", `  name: "Fr\nench"`), 5, "the attacker's name has the control character U+000A"},
		{"an escape sequence in a title", "x.yaml", edit(t, "title: A test", `title: "\e[2J"`), 2, "title has the control character U+001B"},
		{"a window title in a name", "x.yaml", edit(t, "  name: French", `  name: "\e]0;x\a"`), 5, "the attacker's name has the control character U+001B"},
		{"a carriage return in a name", "x.yaml", edit(t, "  name: French", `  name: "French\rAustrians"`), 5, "the attacker's name has the control character U+000D"},
		{"a C1 control in a title", "x.yaml", edit(t, "title: A test", `title: "A\u009btest"`), 2, "title has the control character U+009B"},
		{"no name at all", ".yaml", edit(t, "name: test\n", ""), 1, "the rules refuse the scenario: a scenario needs a name"},
		{"syntax error", "x.yaml", edit(t, "  nation: france", "  nation: [france"), 6, "not valid YAML"},
		{"empty file", "x.yaml", "", 0, "the file is empty"},
		{"comments only", "x.yaml", "# nothing\n", 0, "the file is empty"},
		{"two documents", "x.yaml", base + "---\n" + base, 14, "more than one YAML document"},
		{"too large", "x.yaml", base + strings.Repeat("#", scenarios.MaxFileSize), 0, "over the 1048576 byte limit"},
	} {
		t.Run(c.name, func(t *testing.T) {
			sc, err := Parse(c.source, []byte(c.text))
			if err == nil {
				t.Fatalf("accepted: %+v", *sc)
			}
			if sc != nil {
				t.Error("returned a scenario with an error")
			}
			ps := problemsOf(t, err)
			for _, p := range ps {
				if p.Line == c.line && strings.Contains(p.String(), c.want) {
					if c.line > 0 && !strings.Contains(err.Error(), fmt.Sprintf("%s:%d:", c.source, c.line)) {
						t.Errorf("the message does not name %s:%d:\n%v", c.source, c.line, err)
					}
					return
				}
			}
			t.Errorf("no problem at line %d with %q:\n%v", c.line, c.want, err)
		})
	}
}

// TestParseEveryProblem: one pass reports every problem of a file, in
// file order, and a hostile file's many problems are bounded.
func TestParseEveryProblem(t *testing.T) {
	text := edit(t, "terrain: clear", "terrain: jungle")
	text = strings.Replace(text, "nation: france", "nation: frence", 1)
	text = strings.Replace(text, "militia: 3", "militia: -3", 1)
	text = strings.Replace(text, "tactical: 3}", "tactical: 9}", 1)
	text += "rounds: 99\nextra: 1\n"
	_, err := Parse("x.yaml", []byte(text))
	ps := problemsOf(t, err)
	var lines []int
	for _, p := range ps {
		lines = append(lines, p.Line)
	}
	if fmt.Sprint(lines) != "[3 6 12 13 14 15]" {
		t.Errorf("problems at lines %v, want [3 6 12 13 14 15]:\n%v", lines, err)
	}

	var b strings.Builder
	b.WriteString(base)
	for i := range 500 {
		fmt.Fprintf(&b, "extra%d: 1\n", i)
	}
	_, err = Parse("x.yaml", []byte(b.String()))
	ps = problemsOf(t, err)
	if len(ps) != maxProblems+1 || !strings.Contains(ps[maxProblems].Message, "and 400 more problems") {
		t.Errorf("%d problems, the last %v", len(ps), ps[len(ps)-1])
	}
}

// TestBuiltinFiles: the embedded battles are the four the package
// promises, each named as its file, not open-field, opening with a
// one-line comment, passing Check, of a sensible size, and registered
// with engine/grand.
func TestBuiltinFiles(t *testing.T) {
	files := builtinNames()
	var names []string
	for _, f := range files {
		names = append(names, strings.TrimSuffix(path.Base(f), ".yaml"))
	}
	if got := strings.Join(names, " "); got != "forest-ambush marsh-guard mountain-pass river-crossing" {
		t.Errorf("built-in files %s", got)
	}
	all, err := BuiltinFiles()
	if err != nil || len(all) != len(files) {
		t.Fatalf("BuiltinFiles: %d, %v", len(all), err)
	}
	if n := Names(); len(n) != len(files)+1 || n[0] != gr.DefaultScenario {
		t.Errorf("Names() = %v", n)
	}
	for k, name := range names {
		t.Run(name, func(t *testing.T) {
			sc := all[k]
			if sc.Name != name || name == gr.DefaultScenario {
				t.Errorf("file %s names scenario %q", name, sc.Name)
			}
			if err := sc.Check(); err != nil {
				t.Error(err)
			}
			if sc.Title == "" {
				t.Error("no title")
			}
			text, ok := BuiltinText(name)
			if !ok {
				t.Fatal("BuiltinText: none")
			}
			first, rest, _ := strings.Cut(string(text), "\n")
			if !strings.HasPrefix(first, "# ") || strings.HasPrefix(rest, "#") {
				t.Errorf("the file does not open with a one-line comment: %q", first)
			}
			for side, f := range sc.Forces {
				if n := f.Total(); n < 10 || n > 60 {
					t.Errorf("side %d has %d factors", side, n)
				}
				if c := f.Commander; c.Strategic < 1 || c.Strategic > 5 || c.Tactical < 0 || c.Tactical > 5 || c.Name == "" {
					t.Errorf("side %d's commander %+v", side, c)
				}
			}
			reg, err := gr.Builtin(name)
			if err != nil {
				t.Fatal(err)
			}
			if *reg != *sc {
				t.Errorf("registered %+v\nfile %+v", *reg, *sc)
			}
			if title := (gr.Rules{}).ScenarioTitle(name); title != sc.Title {
				t.Errorf("ScenarioTitle %q", title)
			}
			// The files are laid out as Marshal writes them.
			out, err := Marshal(sc)
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != rest {
				t.Errorf("Marshal writes\n%s\nthe file (after its comment) is\n%s", out, rest)
			}
		})
	}
	if _, ok := BuiltinText(gr.DefaultScenario); ok {
		t.Error("open-field has a file")
	}
}

// TestBuiltinBattles: each battle shows what its name promises.
func TestBuiltinBattles(t *testing.T) {
	get := func(name string) *gr.Scenario {
		sc, err := gr.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		return sc
	}
	att, def := func(sc *gr.Scenario) *gr.Force { return &sc.Forces[0] }, func(sc *gr.Scenario) *gr.Force { return &sc.Forces[1] }
	for _, c := range []struct {
		name string
		ok   func(sc *gr.Scenario) bool
	}{
		{"river-crossing", func(sc *gr.Scenario) bool {
			return sc.River && att(sc).Nation == gr.France && def(sc).Nation == gr.Austria
		}},
		{"forest-ambush", func(sc *gr.Scenario) bool {
			return sc.Terrain == gr.Forest && att(sc).Nation == gr.Russia && att(sc).Factors[gr.Irregular] > 0 && def(sc).Nation == gr.France
		}},
		{"mountain-pass", func(sc *gr.Scenario) bool {
			return sc.Terrain == gr.Mountain && att(sc).Nation == gr.France && def(sc).Nation == gr.Spain && def(sc).Factors[gr.Militia] > 0
		}},
		{"marsh-guard", func(sc *gr.Scenario) bool {
			return sc.Terrain == gr.Marsh && sc.GuardCommitment && sc.CavalrySuperiority &&
				att(sc).Nation == gr.Prussia && def(sc).Nation == gr.France && def(sc).Commander.CavalryLeader &&
				def(sc).Factors[gr.Guard] > 0 && def(sc).Factors[gr.Cavalry] >= 2*att(sc).Factors[gr.Cavalry]
		}},
	} {
		if sc := get(c.name); !c.ok(sc) {
			t.Errorf("%s: %+v", c.name, *sc)
		}
	}
}

// TestMarshalRoundTrip: every built-in scenario, open-field among them,
// and scenarios using every key and awkward names, read back equal.
func TestMarshalRoundTrip(t *testing.T) {
	var cases []*gr.Scenario
	for _, name := range Names() {
		sc, err := gr.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, sc)
	}
	every, err := gr.Builtin(gr.DefaultScenario)
	if err != nil {
		t.Fatal(err)
	}
	every.Name, every.Title = "every-key", "true"
	every.River, every.Trivial, every.CavalrySuperiority, every.GuardCommitment = true, true, true, true
	every.AllCavalryWithdrawal, every.Bombardment = true, true
	every.Rounds, every.Terrain = 12, gr.Desert
	every.Forces[0].Nation, every.Forces[0].Commander.Nation = gr.GreatBritain, gr.Minor
	every.Forces[0].Factors = [gr.NumKinds]int{1, 2, 3, 4, 5, 6, 7}
	every.Forces[1].Nation, every.Forces[1].Commander.Nation = gr.Turkey, gr.Turkey
	every.Forces[1].Factors = [gr.NumKinds]int{gr.Feudal: 400, gr.Irregular: 200}
	every.Forces[1].Commander.CavalryLeader = true
	every.Forces[1].Commander.Strategic, every.Forces[1].Commander.Tactical = 6, 0
	cases = append(cases, every)
	for _, names := range [][4]string{
		{"123", "null", "yes", "~"},
		{"a:b", "#not a comment", "- dash", "'quoted'"},
		{"Blücher", "Ney: bravest of the brave", `say "hi"`, "[x]"},
		{"x.yaml", "0x10", "{a}", "&anchor *alias"},
		{"日本", "no\u00a0break space", "🎖 medal", "\u00e9\u0301 combining"},
	} {
		sc := *every
		sc.Name, sc.Title, sc.Forces[0].Name, sc.Forces[1].Commander.Name = names[0], names[1], names[2], names[3]
		cases = append(cases, &sc)
	}
	for _, sc := range cases {
		t.Run(sc.Name, func(t *testing.T) {
			b, err := Marshal(sc)
			if err != nil {
				t.Fatal(err)
			}
			back, err := Parse("anything.yaml", b)
			if err != nil {
				t.Fatalf("%v\n%s", err, b)
			}
			if *back != *sc {
				t.Errorf("read back %+v\nwant %+v\n%s", *back, *sc, b)
			}
		})
	}
}

// TestMarshalRefuses: a nil scenario, one that fails Check and one the
// format cannot hold are not written.
func TestMarshalRefuses(t *testing.T) {
	if _, err := Marshal(nil); err == nil {
		t.Error("wrote nil")
	}
	for _, c := range []struct {
		name string
		mod  func(sc *gr.Scenario)
		want string
	}{
		{"fails Check", func(sc *gr.Scenario) { sc.Forces[0].Factors = [gr.NumKinds]int{} }, "factors in all"},
		{"bad nation", func(sc *gr.Scenario) { sc.Forces[1].Nation = 99 }, "nation 99"},
		{"unnamed commander", func(sc *gr.Scenario) { sc.Forces[0].Commander.Name = "" }, "commander's name is empty"},
		{"name with spaces", func(sc *gr.Scenario) { sc.Name = "open field" }, "not a usable scenario name"},
		{"untrimmed title", func(sc *gr.Scenario) { sc.Title = " x " }, "read back differently"},
	} {
		sc, err := gr.Builtin(gr.DefaultScenario)
		if err != nil {
			t.Fatal(err)
		}
		c.mod(sc)
		if _, err := Marshal(sc); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

// FuzzParse: no input panics or hangs the reader; a refused one gets a
// list of problems, and an accepted one passes Check and reads back
// equal through Marshal.
func FuzzParse(f *testing.F) {
	f.Add([]byte(base))
	for _, n := range builtinNames() {
		b, _ := builtinFiles.ReadFile(n)
		f.Add(b)
	}
	f.Add([]byte(base + "river: true\nrounds: 12\ntrivial: true\ncavalry_superiority: true\nguard_commitment: true\n"))
	f.Add([]byte("a: &a [*a]\n"))
	f.Add([]byte("- 1\n- 2\n"))
	f.Add([]byte(strings.Replace(base, "nation: france", `nation: "Great Britain"`, 1)))
	f.Fuzz(func(t *testing.T, data []byte) {
		done := make(chan struct{})
		defer close(done)
		go func() {
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				panic(fmt.Sprintf("the reader hung on %q", data))
			}
		}()
		sc, err := Parse("fuzz.yaml", data)
		if err != nil {
			problemsOf(t, err)
			return
		}
		if err := sc.Check(); err != nil {
			t.Fatalf("accepted a scenario Check refuses: %v", err)
		}
		out, err := Marshal(sc)
		if err != nil {
			t.Fatalf("accepted a scenario Marshal refuses: %v", err)
		}
		back, err := Parse("fuzz.yaml", out)
		if err != nil || *back != *sc {
			t.Fatalf("round trip: %v\n%+v\n%+v\n%s", err, sc, back, out)
		}
	})
}
