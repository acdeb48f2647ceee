package grand

import (
	"github.com/grognard/grognard/scenarios/scenariotest"
	"testing"

	"github.com/grognard/grognard/engine"
	gr "github.com/grognard/grognard/engine/grand"
)

// TestScenarioHashUnchanged pins the scenario hashes records and saved
// games carry: a change here makes every old record of the scenario
// refuse to replay, so it comes only with a new rules version, which is
// part of the hash. These are version 0.2.0's (issue 69: note f became
// option 12.3.3.2, G-F, and bombardment a variant, G-BOMB); 0.1.0's were
// taken before the rulesets moved to engine.HashScenario.
func TestScenarioHashUnchanged(t *testing.T) {
	for _, c := range []struct {
		scenario  string
		turnLimit int
		want      string
	}{
		{"open-field", 0, "open-field-c4d4cafb34d38055"},
		{"open-field", 5, "open-field-67cfa4887022d59a"},
		{"forest-ambush", 0, "forest-ambush-46b0618c17637134"},
		{"forest-ambush", 5, "forest-ambush-400580ac90f8ce98"},
		{"marsh-guard", 0, "marsh-guard-a7d817135a24e9cb"},
		{"marsh-guard", 5, "marsh-guard-a7d817135a24e9cb"},
		{"mountain-pass", 0, "mountain-pass-66cd39fbdb8e03e0"},
		{"mountain-pass", 5, "mountain-pass-9e0ba1a3ac0ec8af"},
		{"river-crossing", 0, "river-crossing-f761588d42591c7b"},
		{"river-crossing", 5, "river-crossing-2c095683cc8df8e0"},
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
