package main

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/twobytwo"
	tbscen "github.com/grognard/grognard/scenarios/twobytwo"
)

func TestScenarioCommand(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join("..", "..", "scenarios", "twobytwo", "testdata", "valid-fixed.yaml")
	text, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	broken := filepath.Join(dir, "broken.yaml")
	if err := os.WriteFile(broken, []byte(strings.Replace(string(text), "type: line infantry, hq: F-DHQ1, at: [9, 5]", "type: lin infantry, hq: F-DHQ1, at: [9, 5]", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	state := filepath.Join(dir, "state.json")
	if err := os.WriteFile(state, savedState(t), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout []string
		stderr []string
		svg    string   // file the command must write as well-formed XML
		inSVG  []string // substrings of that file
	}{
		{name: "list", args: []string{"scenario", "list"}, stdout: []string{"standard", "Standard 40 AP battle", "Two corps"}},
		{name: "show", args: []string{"scenario", "show", "standard"},
			stdout: []string{"Table: 24\" x 24\"", "road", "the village", "French (side 0): 17 units, 40 AP", "F3 Line", "under F-DHQ1 < F-CHQ", "Victory: fast", "Set-up: by play"}},
		{name: "show svg", args: []string{"scenario", "show", "--svg", filepath.Join(dir, "a.svg"), "--seed", "4", "standard"},
			stdout: []string{"seed 4", "written to"}, svg: filepath.Join(dir, "a.svg"), inSVG: []string{`class="unit side0`, `id="terrain-4"`, "Turn 1"}},
		{name: "show ranges", args: []string{"scenario", "show", "--svg", filepath.Join(dir, "b.svg"), "--ranges", "f-lc1", "standard"},
			svg: filepath.Join(dir, "b.svg"), inSVG: []string{`class="ranges side0"`, "Ranges of F-LC1"}},
		{name: "ranges of a waiting unit", args: []string{"scenario", "show", "--svg", filepath.Join(dir, "e.svg"), "--ranges", "F-CHQ", "standard"}, code: exitUsage,
			stderr: []string{"F-CHQ is not on the table", "--seed"}},
		{name: "unknown scenario", args: []string{"scenario", "show", "waterloo"}, code: exitUsage, stderr: []string{`unknown scenario "waterloo"`, "standard"}},
		{name: "unknown label", args: []string{"scenario", "show", "--svg", filepath.Join(dir, "c.svg"), "--ranges", "F99", "standard"}, code: exitUsage,
			stderr: []string{`no unit labelled "F99"`, "F3 Line"}},
		{name: "ranges without svg", args: []string{"scenario", "show", "--ranges", "F-CHQ", "standard"}, code: exitUsage, stderr: []string{"--svg"}},
		{name: "no name", args: []string{"scenario", "show"}, code: exitUsage, stderr: []string{"exactly one NAME"}},
		{name: "flag after name", args: []string{"scenario", "show", "standard", "--svg", "x.svg"}, code: exitUsage, stderr: []string{"flags go before"}},
		{name: "list argument", args: []string{"scenario", "list", "standard"}, code: exitUsage, stderr: []string{"takes no arguments"}},
		{name: "validate", args: []string{"scenario", "validate", good}, stdout: []string{"valid-fixed.yaml: ok: test-fixed", "French 7 units 19 AP"}},
		{name: "validate broken", args: []string{"scenario", "validate", good, broken}, code: exitFailure,
			stdout: []string{"valid-fixed.yaml: ok", "broken.yaml:23:", `unknown unit type "lin infantry"`, `did you mean "line infantry"`}, stderr: []string{"1 of 2 files have problems"}},
		{name: "validate nothing", args: []string{"scenario", "validate"}, code: exitUsage, stderr: []string{"at least one FILE"}},
		{name: "show file", args: []string{"scenario", "show", good}, stdout: []string{"A test of the loader", "starts at (9, 5)", "Set-up: fixed: Austrians attack"}},
		{name: "show file svg", args: []string{"scenario", "show", "--svg", filepath.Join(dir, "f.svg"), good}, svg: filepath.Join(dir, "f.svg"), inSVG: []string{`class="terrain ford"`}},
		{name: "show broken file", args: []string{"scenario", "show", broken}, code: exitUsage, stderr: []string{"broken.yaml:23:", "lin infantry"}},
		{name: "show generated", args: []string{"scenario", "show", "gen:3"}, stdout: []string{"gen:3: Generated battle 3", "Set-up: by play"}},
		{name: "generate", args: []string{"scenario", "generate", "--seed", "3", "--nation", "France", "--nation", "Prussia", "--out", filepath.Join(dir, "g.yaml"), "--svg", filepath.Join(dir, "g.svg")},
			stdout: []string{"written to " + filepath.Join(dir, "g.yaml"), "Picture of the table"}, svg: filepath.Join(dir, "g.svg"), inSVG: []string{`class="terrain road"`}},
		{name: "generate to stdout", args: []string{"scenario", "generate", "--seed", "3"}, stdout: []string{"name: gen:3", "setup: play", "sides:"}},
		{name: "generate bad nation", args: []string{"scenario", "generate", "--nation", "Atlantis"}, code: exitUsage, stderr: []string{"Atlantis", "army lists"}},
		{name: "generate bad ap", args: []string{"scenario", "generate", "--ap", "5"}, code: exitUsage, stderr: []string{"--ap 5 is out of range"}},
		{name: "show state", args: []string{"scenario", "show", "--state", state, "--svg", filepath.Join(dir, "s.svg")}, stdout: []string{"turn 1", "Picture written"},
			svg: filepath.Join(dir, "s.svg"), inSVG: []string{`class="unit side0`}},
		{name: "state needs svg", args: []string{"scenario", "show", "--state", state}, code: exitUsage, stderr: []string{"give --svg FILE"}},
		{name: "state not a state", args: []string{"scenario", "show", "--state", good, "--svg", filepath.Join(dir, "x.svg")}, code: exitFailure, stderr: []string{"not a saved 2 by 2 Napoleonic game state"}},
		{name: "unwritable", args: []string{"scenario", "show", "--svg", filepath.Join(dir, "none", "d.svg"), "standard"}, code: exitUsage, stderr: []string{"--svg", "cannot be written"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			runCase(t, tc.args, tc.code, tc.stdout, tc.stderr, false)
			if tc.svg == "" {
				return
			}
			b, err := os.ReadFile(tc.svg)
			if err != nil {
				t.Fatal(err)
			}
			var v struct{ XMLName xml.Name }
			if err := xml.Unmarshal(b, &v); err != nil || v.XMLName.Local != "svg" {
				t.Errorf("the picture is not an SVG document: %v (root %q)", err, v.XMLName.Local)
			}
			for _, w := range tc.inSVG {
				if !strings.Contains(string(b), w) {
					t.Errorf("the picture lacks %q", w)
				}
			}
		})
	}
}

// savedState is the JSON of a standard game early in turn 1.
func savedState(t *testing.T) []byte {
	t.Helper()
	st, err := twobytwo.NewGame("standard", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := tbscen.PlaySetup(st, 2); err != nil {
		t.Fatal(err)
	}
	b, err := st.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return b
}
