package main

import (
	"strings"
	"testing"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
)

// TestAgentsPerRuleset: `grognard agents --ruleset R` writes R's kit's
// defaults (mcts's playout and prior, portfolio's scripts) and R's own
// agent kinds, and not another ruleset's kinds; an unknown ruleset is a
// usage error naming those there are. No ruleset is named here: the
// cases come from the registry.
func TestAgentsPerRuleset(t *testing.T) {
	registerRulesets()
	for _, rs := range engine.Rulesets() {
		t.Run(rs.Name(), func(t *testing.T) {
			k := agents.KitFor(rs.Name())
			var want, not []string
			if k != nil {
				want = append(want,
					"  playout (default "+k.MCTS.Playout+")",
					"  prior (default "+k.MCTS.Prior+")",
					"  scripts (default "+strings.Join(k.Portfolio.Scripts, "+")+")")
				for _, a := range k.Agents {
					want = append(want, "\n"+a.Info.Name+": ")
				}
			}
			for _, o := range agents.Kits() {
				if o.Ruleset == rs.Name() {
					continue
				}
				for _, a := range o.Agents {
					not = append(not, "\n"+a.Info.Name+": ")
				}
			}
			code, out, errOut := grognard(t, "agents", "--ruleset", rs.Name())
			if code != 0 {
				t.Fatalf("exit code %d: %s", code, errOut)
			}
			out = "\n" + out // a kind's line starts the output or follows a newline
			for _, w := range append(want, "mcts: ", "portfolio: ", "random: ", "ruleset "+rs.Name()) {
				if !strings.Contains(out, w) {
					t.Errorf("the output lacks %q:\n%s", w, out)
				}
			}
			for _, n := range not {
				if strings.Contains(out, n) {
					t.Errorf("the output lists another ruleset's agent %q", n)
				}
			}
		})
	}
	runCase(t, []string{"agents", "--ruleset", "no-such-rules"}, exitUsage, nil, []string{`unknown ruleset "no-such-rules"`, "--ruleset"}, true)
}
