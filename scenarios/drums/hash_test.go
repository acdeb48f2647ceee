package drums

import (
	"github.com/grognard/grognard/scenarios/scenariotest"
	"runtime"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	dm "github.com/grognard/grognard/engine/drums"
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
		{"first-battle", 0, "209dea981e9bbd2f"},
		{"first-battle", 5, "84148c8553ed5471"},
		{"heights-1854", 0, "808404a907bbcb8b"},
		{"heights-1854", 5, "970915c7c88bbdfa"},
		{"meeting-1805", 0, "39a5dce9d283afb1"},
		{"meeting-1805", 5, "eb55064a56ab0850"},
		{"pampas-1818", 0, "9776a426028a4ed8"},
		{"pampas-1818", 5, "8c4ddfd0df40f496"},
		{"ridge-defence", 0, "886207fd99b5a463"},
		{"ridge-defence", 5, "c8c9710d2201d578"},
		{"gen:7", 0, "a5753fb29034c3e1"},
		{"gen:7", 5, "0429c82688b9e01c"},
	} {
		got, err := dm.Rules{}.ScenarioHash(c.scenario, engine.Options{TurnLimit: c.turnLimit})
		if err != nil || got != c.want {
			t.Errorf("ScenarioHash(%q, t%d) = %q, %v; want %q", c.scenario, c.turnLimit, got, err, c.want)
		}
	}
	got, err := dm.Rules{}.ScenarioHash("", engine.Options{TurnLimit: 9, Variants: []string{dm.VariantRisk, dm.VariantD12}})
	if want := "65172813c5a6343e"; err != nil || got != want {
		t.Errorf("with variants: %q, %v; want %q", got, err, want)
	}
}

// TestNoCacheGoroutine: importing the engine starts no background
// goroutine (the engine's scenario caches once ran go-cache's janitor in
// every program), even after games have filled its cache.
func TestNoCacheGoroutine(t *testing.T) {
	for _, name := range []string{"", "gen:3"} {
		if _, err := dm.NewGame(name, engine.Options{}); err != nil {
			t.Fatal(err)
		}
	}
	buf := make([]byte, 1<<20)
	stacks := string(buf[:runtime.Stack(buf, true)])
	for _, bad := range []string{"go-cache", "janitor", "engine/drums."} {
		if strings.Contains(stacks, bad) {
			t.Errorf("a goroutine runs %s:\n%s", bad, stacks)
		}
	}
}

// TestParseScenarioIsFileSource: ParseScenario, given a file's name and
// bytes, is the scenario the file source resolves from the file itself;
// a parse problem names the file.
func TestParseScenarioIsFileSource(t *testing.T) {
	scenariotest.ParseIsFileSource(t, "builtin/heights-1854.yaml", dm.Builtin, ParseScenario, func(sc *dm.Scenario) string { return sc.Name })
}

// BenchmarkNewGameCached is a new game on a built-in and a generated
// scenario once their static data is kept: a lookup by name, no rebuild.
func BenchmarkNewGameCached(b *testing.B) {
	for _, name := range []string{"", "gen:7"} {
		b.Run("name="+name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := dm.NewGame(name, engine.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
