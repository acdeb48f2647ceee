package grand

import (
	"github.com/grognard/grognard/scenarios/scenariotest"
	"testing"

	"github.com/grognard/grognard/engine"
	gr "github.com/grognard/grognard/engine/grand"
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
		{"open-field", 0, "open-field-a40e266d48609faf"},
		{"open-field", 5, "open-field-d1a478d24dc0a314"},
		{"forest-ambush", 0, "forest-ambush-289ff33fef955df1"},
		{"forest-ambush", 5, "forest-ambush-6ff4887757cb9151"},
		{"marsh-guard", 0, "marsh-guard-fe95a655751cbbc5"},
		{"marsh-guard", 5, "marsh-guard-fe95a655751cbbc5"},
		{"mountain-pass", 0, "mountain-pass-fd6c0f822dd52b85"},
		{"mountain-pass", 5, "mountain-pass-5388d1ec5ae53e95"},
		{"river-crossing", 0, "river-crossing-5cba6d114b4ac2d5"},
		{"river-crossing", 5, "river-crossing-b50d5b54770a569e"},
	} {
		got, err := gr.Rules{}.ScenarioHash(c.scenario, engine.Options{TurnLimit: c.turnLimit})
		if err != nil || got != c.want {
			t.Errorf("ScenarioHash(%q, t%d) = %q, %v; want %q", c.scenario, c.turnLimit, got, err, c.want)
		}
	}

}

// TestParseScenarioIsFileSource: ParseScenario, given a file's name and
// bytes, is the scenario the file source resolves from the file itself;
// a parse problem names the file.
func TestParseScenarioIsFileSource(t *testing.T) {
	scenariotest.ParseIsFileSource(t, "builtin/river-crossing.yaml", gr.Builtin, ParseScenario, func(sc *gr.Scenario) string { return sc.Name })
}
