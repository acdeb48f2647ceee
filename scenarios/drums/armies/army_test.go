package armies

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine/drums"
)

func TestLoadExampleArmy(t *testing.T) {
	a, err := LoadArmy("testdata/example-army.yaml")
	if err != nil {
		t.Fatal(err)
	}
	f := a.Force
	if a.List.ID != "french-imperial-1803" || f.List != a.List.ID || f.Name != "French" {
		t.Fatalf("list %q, force list %q, side %q", a.List.ID, f.List, f.Name)
	}
	if f.Commander != (drums.GeneralSpec{Label: "FC", Name: "Soult", Respect: drums.Inspired, Ability: drums.Exceptional}) {
		t.Errorf("commander %+v", f.Commander)
	}
	if len(f.Commands) != 3 || f.Commands[1].General != (drums.GeneralSpec{Label: "G2", Name: "Vandamme"}) ||
		f.Commands[2].General != (drums.GeneralSpec{Label: "G3", Name: "Margaron"}) {
		t.Fatalf("commands %+v", f.Commands)
	}
	for _, tc := range []struct {
		c, u         int
		label, name  string
		bases        uint8
		artilleryPos bool
	}{
		{0, 0, "A1", "Regular French Line", 6, false},
		{0, 2, "A3", "Regular French Light", 4, false},
		{0, 3, "A4", "Combined Grenadiers", 4, false},
		{0, 4, "A5", "Line Artillery (field)", 1, false},
		{1, 1, "B2", "Newly raised French Light", 5, false},
		{1, 3, "B4", "Line Artillery (position)", 2, true},
		{2, 2, "C3 Dragoons", "Line Dragoons", 3, false},
	} {
		u := f.Commands[tc.c].Units[tc.u]
		if u.Label != tc.label || u.Profile.Name != tc.name || u.Profile.Bases != tc.bases ||
			(u.Profile.Type == drums.PositionArtillery) != tc.artilleryPos {
			t.Errorf("command %d unit %d: %q %+v", tc.c, tc.u, u.Label, u.Profile)
		}
	}
}

// TestArmyRoundTrip: MarshalArmy writes what ParseArmy reads back to the
// same force, for the example file and random forces of every list.
func TestArmyRoundTrip(t *testing.T) {
	ex, err := LoadArmy("testdata/example-army.yaml")
	if err != nil {
		t.Fatal(err)
	}
	armies := []*Army{ex}
	for i, l := range Lists() {
		f := l.Random(rand.New(rand.NewPCG(uint64(i), 3)), 1+i%MaxCommands, 1+i%MaxUnitsPerCommand)
		f.Commander.Name = "Commander of " + l.Nation
		f.Commands[0].General.Respect = drums.Hated
		f.Commands[0].General.Ability = drums.Incompetent
		f.Commands[0].Units[0].Profile.Bases = 3 // an override to carry
		armies = append(armies, &Army{List: l, Force: f})
	}
	for _, a := range armies {
		t.Run(a.List.ID, func(t *testing.T) {
			data, err := MarshalArmy(a)
			if err != nil {
				t.Fatal(err)
			}
			b, err := ParseArmy("roundtrip.yaml", data)
			if err != nil {
				t.Fatalf("%v\n%s", err, data)
			}
			if !reflect.DeepEqual(a.Force, b.Force) {
				t.Fatalf("round trip changed the force:\n%+v\n%+v\n%s", a.Force, b.Force, data)
			}
			again, err := MarshalArmy(b)
			if err != nil || string(again) != string(data) {
				t.Fatalf("second write differs (%v):\n%s\n%s", err, data, again)
			}
		})
	}
}

func TestMarshalArmyRefuses(t *testing.T) {
	l, _ := ByID("chile")
	f := l.Random(nil, 1, 2)
	bad := f
	bad.Commands = nil
	noSide := f
	noSide.Name = " "
	for _, tc := range []struct {
		name string
		a    *Army
		want string
	}{
		{"nil", nil, "needs an army"},
		{"no list", &Army{Force: f}, "needs an army with its list"},
		{"invalid", &Army{List: l, Force: bad}, "breaks its list"},
		{"no side", &Army{List: l, Force: noSide}, "needs a side name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := MarshalArmy(tc.a); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
		})
	}
}

// TestParseArmyErrors: every problem of an army file, each at its line.
func TestParseArmyErrors(t *testing.T) {
	head := "list: french-imperial-1803\nside: French\n"
	for _, tc := range []struct {
		name, src string
		kind      ProblemKind
		want      string
	}{
		{"unknown unit", head + "commands:\n  - units:\n      - Line Fusiliers\n", KindUnknownUnit,
			`armies.yaml:5: unknown unit "Line Fusiliers" in french-imperial-1803 (rows: Newly raised French Light, Newly raised French Line, `},
		{"unknown unit close to a row", head + "commands:\n  - units: [Line Cuirasiers]\n", KindUnknownUnit,
			`armies.yaml:4: unknown unit "Line Cuirasiers" in french-imperial-1803 (did you mean "Line Cuirassiers"`},
		{"unknown list", "list: french-imperal-1803\nside: French\ncommands:\n  - units: [Line]\n", KindUnknownList,
			`armies.yaml:1: no army list "french-imperal-1803": did you mean "french-imperial-1803" or "french-imperial-1813"?`},
		{"no list", "side: French\ncommands:\n  - units: [Line]\n", KindSyntax, `armies.yaml:1: the army file has no "list"`},
		{"unknown key", head + "comander: Soult\ncommands:\n  - units: [Line Cuirassiers]\n", KindSyntax,
			`armies.yaml:3: the army file has an unknown key "comander": did you mean "commander"?`},
		{"unknown unit key", head + "commands:\n  - units:\n      - {unit: Line Cuirassiers, base: 3}\n", KindSyntax,
			`armies.yaml:5: unit 1 of command 1 has an unknown key "base": did you mean "bases"?`},
		{"bases out of range", head + "commands:\n  - units:\n      - Line Cuirassiers\n      - {unit: Regular French Line, bases: 9}\n", KindBadBases,
			`armies.yaml:6: unit 2 of command 1: "Regular French Line" with 9 bases: foot take 3 to 8 bases (6 by default)`},
		{"bases 0", head + "commands:\n  - units: [{unit: Line Artillery, bases: 0}]\n", KindBadBases,
			`armies.yaml:4: unit 1 of command 1: "Line Artillery (field)" with 0 bases: artillery take 1 to 2`},
		{"bases not a number", head + "commands:\n  - units: [{unit: Line Artillery, bases: two}]\n", KindSyntax,
			`armies.yaml:4: unit 1 of command 1 bases must be a whole number, not "two"`},
		{"repeated label", head + "commands:\n  - units:\n      - {unit: Line Cuirassiers, label: X}\n      - {unit: Line Dragoons, label: X}\n", KindRepeatedLabel,
			`armies.yaml:6: unit 2 of command 1 has label "X", already used on line 5`},
		{"label clashes with a default", head + "commands:\n  - units:\n      - Line Cuirassiers\n      - {unit: Line Dragoons, label: A1}\n", KindRepeatedLabel,
			`armies.yaml:6: unit 2 of command 1 has label "A1", already used on line 5`},
		{"general label clashes", head + "commander: {label: G1}\ncommands:\n  - units: [Line Dragoons]\n", KindRepeatedLabel,
			`armies.yaml:5: the general of command 1 has label "G1", already used on line 3`},
		{"empty label", head + "commands:\n  - units: [{unit: Line Dragoons, label: ''}]\n", KindEmptyLabel,
			`armies.yaml:4: unit 1 of command 1 has an empty label`},
		{"empty command", head + "commands:\n  - units: [Line Dragoons]\n  - general: Ney\n    units: []\n", KindEmptyCommand,
			`armies.yaml:6: command 2 has no units: give it units or remove the command`},
		{"no units key", head + "commands:\n  - general: Ney\n", KindSyntax, `armies.yaml:4: command 1 has no "units"`},
		{"no commands", head + "commands: []\n", KindNoCommands, `armies.yaml:3: the army has no commands`},
		{"commands not a list", head + "commands: Ney\n", KindSyntax, `armies.yaml:3: commands must be a list, not "Ney"`},
		{"more than 8 commands", head + "commands:\n" + strings.Repeat("  - units: [Line Dragoons]\n", 9), KindTooManyCommands,
			`armies.yaml:4: the army has 9 commands, more than 8: merge or drop 1 of them`},
		{"more than 12 units", head + "commands:\n  - units:\n" + strings.Repeat("      - Line Dragoons\n", 13), KindTooManyUnits,
			`armies.yaml:5: command 1 has 13 units, more than 12: move 1 of them to another command`},
		{"over the file's command bound", head + "commands:\n" + strings.Repeat("  - units: [Line Dragoons]\n", 17), KindTooLarge,
			`armies.yaml:4: the file gives 17 commands; an army file holds at most 16`},
		{"over the file's unit bound", head + "commands:\n  - units:\n" + strings.Repeat("      - Line Dragoons\n", 33), KindTooLarge,
			`armies.yaml:5: command 1 gives 33 units; an army file holds at most 32 a command`},
		{"over the size bound", head + strings.Repeat("# padding\n", MaxFileSize/10+1), KindTooLarge,
			`armies.yaml: the file is 1048` + ``},
		{"no side", "list: chile\ncommands:\n  - units: [Regular Line]\n", KindSyntax, `armies.yaml:1: the army file has no "side"`},
		{"empty side", "list: chile\nside: ''\ncommands:\n  - units: [Regular Line]\n", KindNoSide, `armies.yaml:2: the side's name is empty`},
		{"unknown respect", head + "commander: {name: Soult, respect: loved}\ncommands:\n  - units: [Line Dragoons]\n", KindSyntax,
			`armies.yaml:3: the force commander respect "loved" is not known: write one of accepted, hated, inspired`},
		{"syntax error in a flow list", head + "commands:\n  - units: [Line Dragoons\n", KindSyntax, `armies.yaml:4: did not find expected ',' or ']'`},
		{"syntax error on the first line: at the end of the text", "list: [chile\n", KindSyntax, `armies.yaml:2: did not find expected ',' or ']'`},
		{"scanner error", head + "commands:\n  - units: 'Line Dragoons\n", KindSyntax, `armies.yaml:4: found unexpected end of stream`},
		{"bad indentation", head + "commands:\n  - units: [Line Dragoons]\n     general: Ney\n", KindSyntax, `armies.yaml:4: did not find expected key`},
		{"mapping value in a scalar", "list: chile\nside: a: b\n", KindSyntax, `armies.yaml:2: mapping values are not allowed in this context`},
		{"alias", head + "commands:\n  - units: &u [Line Dragoons]\n  - units: *u\n", KindSyntax, `armies.yaml:4: anchors and aliases`},
		{"empty file", "", KindSyntax, "armies.yaml: the file is empty"},
		{"a unit that is nothing", head + "commands:\n  - units:\n      -\n", KindSyntax, "armies.yaml:5: unit 1 of command 1 must be text, not nothing"},
		{"not a mapping", "- a\n", KindSyntax, "armies.yaml:1: the army file must be a mapping, not a list"},
		{"deep nesting", head + "commands:\n  - units: " + strings.Repeat("[", 40) + strings.Repeat("]", 40) + "\n", KindSyntax, "nests deeper than 16 levels"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := ParseArmy("armies.yaml", []byte(tc.src))
			if err == nil {
				t.Fatalf("parsed %+v", a)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v is not an *Error", err)
			}
			if !e.Has(tc.kind) {
				t.Errorf("no %s problem in %v", tc.kind, err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error\n%v\nwant it to contain\n%s", err, tc.want)
			}
		})
	}
}

// TestParseArmyReportsEveryProblem: one read reports all, in file order.
// TestParseArmyDefaults: left-out labels, bases and generals take the
// defaults, "general:" with nothing among them.
func TestParseArmyDefaults(t *testing.T) {
	src := "list: chile\nside: Chile\ncommands:\n  - general:\n    units: [Regular Line, Artillery]\n  - units: [Escort Cazadores]\n"
	a, err := ParseArmy("chile.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	f := a.Force
	if f.Commander.Label != "FC" || f.Commands[0].General.Label != "G1" || f.Commands[1].General.Label != "G2" {
		t.Fatalf("labels %+v", f)
	}
	u := f.Commands[0].Units
	if u[0].Label != "A1" || u[0].Profile.Bases != 6 || u[1].Label != "A2" || u[1].Profile.Bases != 1 || f.Commands[1].Units[0].Label != "B1" {
		t.Fatalf("units %+v", f.Commands)
	}
}

func TestParseArmyReportsEveryProblem(t *testing.T) {
	src := "list: french-imperial-1803\nside: French\ncommands:\n" +
		"  - units:\n" +
		"      - Line Fusiliers\n" +
		"      - {unit: Line Dragoons, bases: 7}\n" +
		"  - units: []\n"
	_, err := ParseArmy("armies.yaml", []byte(src))
	var e *Error
	if !errors.As(err, &e) || len(e.Problems) != 3 {
		t.Fatalf("error %v, want 3 problems", err)
	}
	for i, want := range []int{5, 6, 7} {
		if e.Problems[i].Line != want {
			t.Errorf("problem %d at line %d, want %d", i, e.Problems[i].Line, want)
		}
	}
}

func TestLoadArmyRefusesBadPaths(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.yaml")
	if err := os.WriteFile(big, make([]byte, MaxFileSize+1), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, path, want string }{
		{"missing", filepath.Join(dir, "none.yaml"), "none.yaml"},
		{"a directory", dir, "directory"},
		{"too large", big, "army file is at most"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := LoadArmy(tc.path); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
		})
	}
}

// FuzzParseArmy: no input makes ParseArmy panic, and what it accepts
// writes back to the same force.
func FuzzParseArmy(f *testing.F) {
	if ex, err := os.ReadFile("testdata/example-army.yaml"); err == nil {
		f.Add(ex)
	}
	f.Add([]byte("list: chile\nside: Chile\ncommands:\n  - units: [Regular Line, {unit: Artillery, bases: 2}]\n"))
	f.Add([]byte("list: mapuche\nside: M\ncommander: Lautaro\ncommands:\n  - general: {label: X, respect: hated}\n    units: [Warriors]\n"))
	f.Add([]byte("list: x\ncommands: [{units: [&a b, *a]}]\n"))
	f.Add([]byte("{list: [1], side: {}, commands: [[], {}, 3]}"))
	f.Add([]byte("list: chile\nside: C\ncommands:\n  - units: [{unit: Regular Line, bases: 99999999999999999999}]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := ParseArmy("fuzz.yaml", data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || len(e.Problems) == 0 {
				t.Fatalf("error %v is not an *Error with problems", err)
			}
			return
		}
		out, err := MarshalArmy(a)
		if err != nil {
			t.Fatalf("accepted army does not write: %v", err)
		}
		b, err := ParseArmy("again.yaml", out)
		if err != nil || !reflect.DeepEqual(a.Force, b.Force) {
			t.Fatalf("written army does not read back (%v):\n%s", err, out)
		}
	})
}

// TestParseArmyBoundsItsWork: a hostile file's problems and suggestions
// stay bounded.
func TestParseArmyBoundsItsWork(t *testing.T) {
	var b strings.Builder
	b.WriteString("list: chile\nside: C\ncommands:\n  - units:\n")
	for range 30 {
		b.WriteString("      - {unit: " + strings.Repeat("x", 20000) + ", bases: 99, colour: red}\n")
	}
	_, err := ParseArmy("big.yaml", []byte(b.String()))
	var e *Error
	if !errors.As(err, &e) || len(e.Problems) > maxProblems+1 || !e.Has(KindTooManyUnits) {
		t.Fatalf("error with %d problems: %.300v", len(e.Problems), err)
	}
	var keys strings.Builder
	keys.WriteString("list: chile\nside: C\n")
	for i := range 500 {
		keys.WriteString("k" + strings.Repeat("y", i%7) + string(rune('a'+i%26)) + strings.Repeat("z", i) + ": 1\n")
	}
	_, err = ParseArmy("keys.yaml", []byte(keys.String()))
	if !errors.As(err, &e) || len(e.Problems) != maxProblems+1 || !strings.Contains(err.Error(), "more problems") {
		t.Fatalf("error with %d problems", len(e.Problems))
	}
}
