package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestDrumsScenarioCommand: scenario list, show, check and generate with
// --ruleset drums, and that without the flag they stay 2 by 2's.
func TestDrumsScenarioCommand(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join("..", "..", "scenarios", "drums", "testdata", "example.yaml")
	text, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	broken := filepath.Join(dir, "broken.yaml")
	bad := strings.Replace(string(text), "{row: Grenzer, label: A3}", "{row: Grenzers, label: A3}", 1)
	if err := os.WriteFile(broken, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	line := strings.Count(bad[:strings.Index(bad, "Grenzers")], "\n") + 1
	crowded := filepath.Join(dir, "crowded.yaml")
	if err := os.WriteFile(crowded, []byte(crowdedBattle), 0o644); err != nil {
		t.Fatal(err)
	}
	gen := filepath.Join(dir, "gen.yaml")
	shown := filepath.Join(dir, "shown.yaml")
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout []string
		stderr []string
	}{
		{name: "list", args: []string{"scenario", "list", "--ruleset", "drums"},
			stdout: []string{"first-battle", "ridge-defence", "meeting-1805", "heights-1854", "pampas-1818", "48x32 BW", "gen:SEED"}},
		{name: "list stays 2 by 2 without the flag", args: []string{"scenario", "list"}, stdout: []string{"standard", "Standard 40 AP battle"}},
		{name: "show a built-in as YAML", args: []string{"scenario", "show", "--ruleset", "drums", "ridge-defence"},
			stdout: []string{"name: ridge-defence", "always_defender: true", "{row: Highlander, label: B4}", "kind: hill"}},
		{name: "show the default", args: []string{"scenario", "show", "--ruleset", "drums", "first-battle"}, stdout: []string{"name: first-battle", "Bois de la Croix"}},
		{name: "show a generated battle", args: []string{"scenario", "show", "--ruleset", "drums", "gen:7:small"}, stdout: []string{"name: gen:7:small", "kind: stream"}},
		{name: "show to a file", args: []string{"scenario", "show", "--ruleset", "drums", "--out", shown, "heights-1854"}, stdout: []string{"Scenario written to " + shown}},
		{name: "check what show wrote", args: []string{"scenario", "check", "--ruleset", "drums", shown}, stdout: []string{"ok: heights-1854"}},
		{name: "show unknown", args: []string{"scenario", "show", "--ruleset", "drums", "waterloo"}, code: exitUsage, stderr: []string{`unknown scenario "waterloo"`, "ridge-defence"}},
		{name: "show no name", args: []string{"scenario", "show", "--ruleset", "drums"}, code: exitUsage, stderr: []string{"exactly one NAME"}},
		{name: "check", args: []string{"scenario", "check", "--ruleset", "drums", good}, stdout: []string{"example.yaml: ok: the-crossroads", "French 5 units in 2 commands", "Austrians 5 units in 1 command"}},
		{name: "check a bad file", args: []string{"scenario", "check", "--ruleset", "drums", good, broken}, code: exitFailure,
			stdout: []string{"example.yaml: ok", "broken.yaml:" + strconv.Itoa(line) + ":", "Grenzers", "Grenzer"}, stderr: []string{"1 of 2 files have problems"}},
		{name: "a crowded battle deploys in any order (the free slot)", args: []string{"scenario", "check", "--ruleset", "drums", crowded},
			stdout: []string{"ok: crowded", "B 1 unit in 1 command"}},
		{name: "validate is check", args: []string{"scenario", "validate", "--ruleset", "drums", good}, stdout: []string{"ok: the-crossroads"}},
		{name: "check nothing", args: []string{"scenario", "check", "--ruleset", "drums"}, code: exitUsage, stderr: []string{"at least one FILE"}},
		{name: "generate", args: []string{"scenario", "generate", "--ruleset", "drums", "--seed", "9", "--size", "large"},
			stdout: []string{"--seed 9 --size large", "name: gen:9:large", "width: 60", "kind: builtup"}},
		{name: "generate with lists", args: []string{"scenario", "generate", "--ruleset", "drums", "--list", "crimean-british", "--list", "crimean-russian", "--out", gen},
			stdout: []string{"Scenario written to " + gen}},
		{name: "check the generated file", args: []string{"scenario", "check", "--ruleset", "drums", gen}, stdout: []string{"ok: gen:1", "Britain"}},
		{name: "generate bad size", args: []string{"scenario", "generate", "--ruleset", "drums", "--size", "huge"}, code: exitUsage, stderr: []string{"--size", "small, medium or large"}},
		{name: "generate unknown list", args: []string{"scenario", "generate", "--ruleset", "drums", "--list", "atlantis"}, code: exitUsage, stderr: []string{"atlantis", "army lists --ruleset drums"}},
		{name: "a 2 by 2 flag with drums", args: []string{"scenario", "generate", "--ruleset", "drums", "--ap", "80"}, code: exitUsage, stderr: []string{"--ap is for --ruleset twobytwo"}},
		{name: "a drums flag with 2 by 2", args: []string{"scenario", "generate", "--size", "small"}, code: exitUsage, stderr: []string{"--size is for --ruleset drums"}},
		{name: "unknown ruleset", args: []string{"scenario", "list", "--ruleset", "chess"}, code: exitUsage, stderr: []string{`unknown ruleset "chess"`}},
		{name: "check is 2 by 2 validate too", args: []string{"scenario", "check", filepath.Join("..", "..", "scenarios", "twobytwo", "testdata", "valid-fixed.yaml")}, stdout: []string{"ok: test-fixed"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			runCase(t, tc.args, tc.code, tc.stdout, tc.stderr, false)
		})
	}
}

// TestDrumsArmyCommand: army lists, show, check and random with --ruleset
// drums.
func TestDrumsArmyCommand(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "russia.yaml")
	broken := filepath.Join(dir, "broken.yaml")
	tests := []struct {
		name    string
		args    []string
		code    int
		stdout  []string
		stderr  []string
		prepare func(t *testing.T)
	}{
		{name: "lists", args: []string{"army", "lists", "--ruleset", "drums"}, stdout: []string{"french-imperial-1803", "French Imperial (1803-1812)", "crimean-russian", "mapuche"}},
		{name: "show is drums only", args: []string{"army", "show", "french-imperial-1803"}, code: exitUsage, stderr: []string{"the twobytwo rules do not offer it (rulesets that do: drums)"}},
		{name: "show", args: []string{"army", "show", "--ruleset", "drums", "british-peninsular"},
			stdout: []string{"British Peninsular War (1807-1814)", "Highlander", "LINE, LCOY, 2RK, ZEALOUS", "- 1+ 5+", "rifle"}},
		{name: "show the Mapuche notes", args: []string{"army", "show", "--ruleset", "drums", "mapuche"}, stdout: []string{"Note:", "square"}},
		{name: "show unknown", args: []string{"army", "show", "--ruleset", "drums", "atlantis"}, code: exitUsage, stderr: []string{"atlantis"}},
		{name: "random", args: []string{"army", "random", "--ruleset", "drums", "--list", "russian-1792", "--commands", "2", "--units", "3", "--seed", "4"},
			stdout: []string{"list: russian-1792", "side: Russia", "label: B3"}},
		{name: "random to a file", args: []string{"army", "random", "--ruleset", "drums", "--list", "russian-1792", "--out", out}, stdout: []string{"Army written to " + out}},
		{name: "check", args: []string{"army", "check", "--ruleset", "drums", out}, stdout: []string{out + ": ok: Russia (russian-1792), 3 commands, 12 units"}},
		{name: "check a bad file", args: []string{"army", "check", "--ruleset", "drums", broken}, code: exitFailure,
			prepare: func(t *testing.T) {
				b, err := os.ReadFile(out)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(broken, []byte(strings.Replace(string(b), "list: russian-1792", "list: russian-1793", 1)), 0o644); err != nil {
					t.Fatal(err)
				}
			},
			stdout: []string{broken + ":2:", "russian-1793"}, stderr: []string{"1 of 1 files have problems"}},
		{name: "check nothing", args: []string{"army", "check", "--ruleset", "drums"}, code: exitUsage, stderr: []string{"at least one FILE"}},
		{name: "random without a list", args: []string{"army", "random", "--ruleset", "drums"}, code: exitUsage, stderr: []string{"--list"}},
		{name: "random too many commands", args: []string{"army", "random", "--ruleset", "drums", "--list", "chile", "--commands", "9"}, code: exitUsage, stderr: []string{"--commands 9 is out of range"}},
		{name: "random 2 by 2 still", args: []string{"army", "random", "--nation", "France"}, stdout: []string{"nation: France"}},
		{name: "a flag of another ruleset", args: []string{"army", "random", "--ruleset", "drums", "--nation", "France"}, code: exitUsage, stderr: []string{"--nation is for --ruleset twobytwo, not drums"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.prepare != nil {
				tc.prepare(t)
			}
			runCase(t, tc.args, tc.code, tc.stdout, tc.stderr, false)
		})
	}
}

// TestDrumsScenarioNames: the match command plays the built-ins, files
// and generated battles the drums scenario package registers.
func TestDrumsScenarioNames(t *testing.T) {
	file := filepath.Join("..", "..", "scenarios", "drums", "testdata", "example.yaml")
	for _, sc := range []string{"ridge-defence", "gen:3:small", file} {
		t.Run(sc, func(t *testing.T) {
			runCase(t, []string{"match", "--ruleset", "drums", "--scenario", sc, "--seed", "1"}, 0, []string{"over"}, nil, false)
		})
	}
}

// crowdedBattle fits the slots in some orders, not in all: three
// commands of four or five with cavalry in the attacker's 8BW zone; a
// command no slot takes goes anywhere free (ruling D-DEPLOY).
const crowdedBattle = `title: crowded
forces:
  - name: A
    list: french-imperial-1803
    commander: {label: A-FC}
    commands:
      - general: {label: A-G1}
        units:
          - {row: Regular French Line, label: A1}
          - {row: Regular French Line, label: A2}
          - {row: Line Cuirassiers, label: A3}
          - {row: Line Cuirassiers, label: A4}
          - {row: Line Artillery, label: A5}
      - general: {label: A-G2}
        units:
          - {row: Regular French Line, label: A6}
          - {row: Regular French Line, label: A7}
          - {row: Line Cuirassiers, label: A8}
          - {row: Line Cuirassiers, label: A9}
      - general: {label: A-G3}
        units:
          - {row: Regular French Line, label: A10}
          - {row: Regular French Line, label: A11}
          - {row: Line Cuirassiers, label: A12}
          - {row: Line Cuirassiers, label: A13}
  - name: B
    list: french-imperial-1803
    commander: {label: B-FC}
    commands:
      - general: {label: B-G1}
        units:
          - {row: Regular French Line, label: B1}
`
