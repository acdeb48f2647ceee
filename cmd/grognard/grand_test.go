package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGrandCommands: resolve, scenario check and show for grand, and
// their refusals.
func TestGrandCommands(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.yaml")
	bad := filepath.Join(dir, "bad.yaml")
	_, text, _ := grognard(t, "scenario", "show", "--ruleset", "grand", "river-crossing")
	if err := os.WriteFile(good, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte(strings.Replace(text, "terrain: clear", "terrain: swamp", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout []string
		stderr []string
	}{
		{"resolve", []string{"resolve", "--ruleset", "grand", "--battles", "30", "-a", "random", "-b", "chart-doctrine"},
			0, []string{"open-field: 30 battles", "French won", "how they ended:", "turns played: mean", "French lost (of 24 factors)", "battles a second"}, nil},
		{"resolve a file", []string{"resolve", "--ruleset", "grand", "--battles", "4", "--scenario", good}, 0, []string{good + ": 4 battles"}, nil},
		{"match", []string{"match", "--ruleset", "grand", "-a", "equilibrium", "-b", "fixed-posture", "--explain"}, 0,
			[]string{"equilibrium:depth=1 chose: ", "game value", "mix", "result: "}, nil},
		{"check", []string{"scenario", "check", "--ruleset", "grand", good}, 0, []string{good + ": ok: river-crossing"}, nil},
		{"check a bad file", []string{"scenario", "check", "--ruleset", "grand", good, bad}, exitFailure, []string{"ok", `unknown terrain "swamp"`}, []string{"1 of 2 files have problems"}},
		{"check nothing", []string{"scenario", "check", "--ruleset", "grand"}, exitUsage, nil, []string{"needs one or more grand scenario files"}},
		{"show", []string{"scenario", "show", "--ruleset", "grand"}, 0, []string{"name: open-field", "attacker:", "defender:"}, nil},
		{"show unknown", []string{"scenario", "show", "--ruleset", "grand", "waterloo"}, exitUsage, nil, []string{"waterloo"}},
		{"resolve with a variant", []string{"resolve", "--ruleset", "grand", "--battles", "20", "--variant", "bombardment"}, 0, []string{"20 battles", "variants bombardment"}, nil},
		{"resolve with an unknown variant", []string{"resolve", "--ruleset", "grand", "--battles", "20", "--variant", "rockets"}, exitUsage, nil, []string{`unknown variant "rockets"`, "bombardment", "fix --variant"}},
		{"too many battles", []string{"resolve", "--ruleset", "grand", "--battles", "0"}, exitUsage, nil, []string{"--battles 0"}},
		{"bad agent", []string{"resolve", "--ruleset", "grand", "-b", "equilibrium:depth=9"}, exitUsage, nil, []string{"-b", "depth 9"}},
		{"bad scenario", []string{"resolve", "--ruleset", "grand", "--scenario", "waterloo"}, exitUsage, nil, []string{"waterloo"}},
		{"no army lists", []string{"army", "lists", "--ruleset", "grand"}, exitUsage, nil, []string{"the grand rules do not offer it (rulesets that do: twobytwo, drums)"}},
		{"unknown ruleset", []string{"scenario", "list", "--ruleset", "chess"}, exitUsage, nil, []string{`unknown ruleset "chess"`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			runCase(t, tc.args, tc.code, tc.stdout, tc.stderr, false)
		})
	}
}

// TestResolveIsDeterministic: the figures depend on the seed, not on
// the number of workers.
func TestResolveIsDeterministic(t *testing.T) {
	figures := func(workers string) ResolveSummary {
		code, out, errOut := grognard(t, "resolve", "--ruleset", "grand", "-a", "equilibrium", "--battles", "60", "--seed", "9", "--workers", workers, "--json")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var s ResolveSummary
		if err := json.Unmarshal([]byte(out), &s); err != nil {
			t.Fatal(err)
		}
		s.Seconds, s.PerSecond = 0, 0
		return s
	}
	one, four := figures("1"), figures("4")
	a, _ := json.Marshal(one)
	b, _ := json.Marshal(four)
	if string(a) != string(b) {
		t.Fatalf("1 worker:\n%s\n4 workers:\n%s", a, b)
	}
	if one.Wins[0]+one.Wins[1]+one.Draws != 60 {
		t.Fatalf("figures %+v", one)
	}
}
