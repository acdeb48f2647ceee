package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
)

// fitFile is what evalfit writes for a kit with a weights file: the
// fields every such file shares.
type fitFile struct {
	Command      string            `json:"command"`
	Games        int               `json:"games"`
	HeldOutGames int               `json:"heldout_games"`
	Seed         uint64            `json:"seed"`
	Records      []string          `json:"records"`
	Models       []json.RawMessage `json:"models"`
}

// TestEvalfitEveryKit: every registered ruleset's kit with a fit plan fits
// a few games; the file (where the kit writes one) says how to make it
// again and is the same on one worker and two; a ruleset without a plan
// says so.
func TestEvalfitEveryKit(t *testing.T) {
	registerRulesets()
	for _, b := range engine.Bundles() {
		r := b.Rules.Name()
		t.Run(r, func(t *testing.T) {
			k := agents.KitFor(r)
			if k == nil || k.Fit == nil {
				runCase(t, []string{"evalfit", "--ruleset", r}, exitUsage, nil, []string{"no evaluation to fit"}, true)
				return
			}
			dir := t.TempDir()
			read := func(workers string) (fitFile, string) {
				out := filepath.Join(dir, "w"+workers+".json")
				args := []string{"evalfit", "--ruleset", r, "--games", "10", "--seed", "3", "--every", "15", "--workers", workers, "--out", out}
				code, stdout, stderr := grognard(t, args...)
				if code != 0 || !strings.Contains(stdout, "held-out games") {
					t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
				}
				var f fitFile
				data, err := os.ReadFile(out)
				if k.Fit.Out == "" {
					if err == nil {
						t.Fatalf("a kit without a weights file wrote %s", out)
					}
					return f, stdout
				}
				if err != nil {
					t.Fatal(err)
				}
				if err := json.Unmarshal(data, &f); err != nil {
					t.Fatal(err)
				}
				if f.Command != "grognard "+strings.Join(args, " ") || f.Games != 10 || f.HeldOutGames != 2 || len(f.Models) == 0 {
					t.Errorf("file: command %q, %d games, %d held out, %d models", f.Command, f.Games, f.HeldOutGames, len(f.Models))
				}
				return f, stdout
			}
			two, _ := read("2")
			one, _ := read("1")
			a, _ := json.Marshal(two.Models)
			b, _ := json.Marshal(one.Models)
			if string(a) != string(b) {
				t.Errorf("the models differ between 2 workers and 1:\n%s\n%s", a, b)
			}
		})
	}
}

// TestEvalfitRefuses: flags out of range, self-play's flags with
// records, patterns matching nothing, a file named twice, too few games.
func TestEvalfitRefuses(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "r.jsonl")
	if code, _, errOut := grognard(t, "match", "-a", "random", "-b", "random", "--quiet", "--record", rec); code != 0 {
		t.Fatal(errOut)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--games", "2"}, exitUsage, "--games 2"},
		{[]string{"--every", "0"}, exitUsage, "--every 0"},
		{[]string{"--workers", "0"}, exitUsage, "--workers 0"},
		{[]string{"--records", rec, "--seed", "2"}, exitUsage, "which --records replaces"},
		{[]string{"--records", filepath.Join(dir, "none-*.jsonl")}, exitUsage, "no such file"},
		{[]string{"--records", rec, "--records", rec}, exitUsage, "named twice"},
		{[]string{"--records", rec}, exitFailure, "need 5 or more"},
		{[]string{"--ruleset", "chess"}, exitUsage, `unknown ruleset "chess"`},
		{[]string{"extra"}, exitUsage, "extra"},
	} {
		runCase(t, append([]string{"evalfit"}, tc.args...), tc.code, nil, []string{tc.want}, false)
	}
}

// TestEvalfitFitsRecords: the 2 by 2 plan fits recorded games, every
// file a pattern names in order, and the file names them.
func TestEvalfitFitsRecords(t *testing.T) {
	registerRulesets()
	r := defaultRuleset()
	if k := agents.KitFor(r); k == nil || k.Fit == nil || !k.Fit.Records {
		t.Skipf("the default ruleset %s fits no records", r)
	}
	dir := t.TempDir()
	a, b := filepath.Join(dir, "part-a.jsonl"), filepath.Join(dir, "part-b.jsonl")
	for i, f := range []string{a, a, a, b, b, b} {
		if code, _, errOut := grognard(t, "match", "--ruleset", r, "-a", "random", "-b", "random", "--quiet", "--seed", string(rune('1'+i)), "--record", f); code != 0 {
			t.Fatal(errOut)
		}
	}
	out := filepath.Join(dir, "w.json")
	code, stdout, stderr := grognard(t, "evalfit", "--records", filepath.Join(dir, "part-*.jsonl"), "--every", "5", "--out", out)
	if code != 0 || !strings.Contains(stdout, "replayed 6 games") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var f fitFile
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	if f.Games != 6 || f.HeldOutGames != 1 || f.Seed != 0 || len(f.Records) != 2 || f.Records[0] != a || f.Records[1] != b ||
		!strings.Contains(f.Command, "--records '"+filepath.Join(dir, "part-*.jsonl")+"'") {
		t.Errorf("file: %+v", f)
	}
}
