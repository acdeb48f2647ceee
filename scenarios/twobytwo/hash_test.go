package twobytwo

import (
	"bytes"
	"github.com/grognard/grognard/scenarios/scenariotest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	tb "github.com/grognard/grognard/engine/twobytwo"
)

// TestScenarioHashUnchanged pins the scenario hashes records and saved
// games carry, taken before the rulesets moved to engine.HashScenario: a
// change here would make every old record of the scenario refuse to
// replay.
func TestScenarioHashUnchanged(t *testing.T) {
	for _, c := range []struct {
		scenario  string
		turnLimit int
		want      string
	}{
		{"standard", 0, "0abe7eec5e03a28a"},
		{"standard", 5, "0abe7eec5e03a28a-t5"},
		{"meeting", 0, "d8fd9af4f8b9f688"},
		{"meeting", 5, "d8fd9af4f8b9f688-t5"},
		{"river-line", 0, "0ab6adf75d5eab90"},
		{"river-line", 5, "0ab6adf75d5eab90-t5"},
		{"two-divisions", 0, "c4ae7293e8db573f"},
		{"two-divisions", 5, "c4ae7293e8db573f-t5"},
		{"village", 0, "d282b5dc0d5362cf"},
		{"village", 5, "d282b5dc0d5362cf-t5"},
		{"gen:7", 0, "74eed70286da5bed"},
		{"gen:7", 5, "74eed70286da5bed-t5"},
	} {
		got, err := tb.Rules{}.ScenarioHash(c.scenario, engine.Options{TurnLimit: c.turnLimit})
		if err != nil || got != c.want {
			t.Errorf("ScenarioHash(%q, t%d) = %q, %v; want %q", c.scenario, c.turnLimit, got, err, c.want)
		}
	}
	got, err := tb.Rules{}.ScenarioHash("", engine.Options{TurnLimit: 9, Variants: []string{tb.VariantGrandBattery}})
	if want := "0abe7eec5e03a28a-t9-grand-battery"; err != nil || got != want {
		t.Errorf("with a variant: %q, %v; want %q", got, err, want)
	}
}

// TestEditedFileNotStale: a scenario file edited between two games is
// read afresh by the second (the engine once kept a file's scenario for 30
// minutes), while an unchanged file's games share one scenario.
func TestEditedFileNotStale(t *testing.T) {
	orig, err := os.ReadFile("testdata/valid-fixed.yaml")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "edited.yaml")
	game := func(data []byte) (*tb.State, string) {
		t.Helper()
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := tb.NewGame(path, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		h, err := tb.Rules{}.ScenarioHash(path, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return s, h
	}
	s1, h1 := game(orig)
	s2, h2 := game(orig)
	if s1.Scenario() != s2.Scenario() || h1 != h2 {
		t.Errorf("an unchanged file's games do not share one scenario")
	}
	retitled := bytes.Replace(orig, []byte("title: "), []byte("title: Retitled "), 1)
	s3, h3 := game(retitled)
	if !strings.HasPrefix(s3.Scenario().Title, "Retitled ") {
		t.Errorf("a retitled file still plays as %q", s3.Scenario().Title)
	}
	if h3 != h1 {
		t.Errorf("a retitled file hashes to %s, was %s: the title is not part of the hash", h3, h1)
	}
	shorter := bytes.Replace(orig, []byte("turn_limit: "), []byte("turn_limit: 1"), 1)
	s4, h4 := game(shorter)
	if h4 == h1 || s4.Scenario().TurnLimit == s1.Scenario().TurnLimit {
		t.Errorf("a file with a new turn limit plays the old one (hash %s, turn limit %d)", h4, s4.Scenario().TurnLimit)
	}
}

// TestNoCacheGoroutine: importing the engine starts no background
// goroutine (the engine's scenario caches once ran go-cache's janitor in
// every program), even after games have filled its cache.
func TestNoCacheGoroutine(t *testing.T) {
	for _, name := range []string{"", "gen:3"} {
		if _, err := tb.NewGame(name, engine.Options{}); err != nil {
			t.Fatal(err)
		}
	}
	buf := make([]byte, 1<<20)
	stacks := string(buf[:runtime.Stack(buf, true)])
	for _, bad := range []string{"go-cache", "janitor", "engine/twobytwo."} {
		if strings.Contains(stacks, bad) {
			t.Errorf("a goroutine runs %s:\n%s", bad, stacks)
		}
	}
}

// TestParseScenarioIsFileSource: ParseScenario, given a file's name and
// bytes, is the scenario the file source resolves from the file itself;
// a parse problem names the file.
func TestParseScenarioIsFileSource(t *testing.T) {
	scenariotest.ParseIsFileSource(t, "builtin/village.yaml", tb.Builtin, ParseScenario, func(sc *tb.Scenario) string { return sc.Name })
}

// BenchmarkNewGameCached is a new game on a built-in and a generated
// scenario once their static data is kept: a lookup by name, no rebuild.
func BenchmarkNewGameCached(b *testing.B) {
	for _, name := range []string{"", "gen:7"} {
		b.Run("name="+name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := tb.NewGame(name, engine.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
