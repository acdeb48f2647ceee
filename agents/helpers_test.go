package agents

// Test helpers of package agents. What the 2 by 2 kit's tests
// (agents/twobytwo) also use lives in engine/twobytwo/twobytwotest,
// agents/agenttest and engine/enginetest, which do not import agents, so
// that both packages' tests share one copy.

import (
	"testing"

	"github.com/grognard/grognard/agents/agenttest"
	"github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/engine/twobytwo/twobytwotest"
)

// The fixed-setup position helpers, under the short names the position
// tests use.
var (
	hUnit     = twobytwotest.Unit
	hPosition = twobytwotest.Position
	hLabel    = twobytwotest.Label
)

// mustAgent builds the agent of spec with seed, failing the test if the
// spec is refused.
func mustAgent(t testing.TB, spec string, seed uint64) Agent {
	t.Helper()
	return agenttest.MustAgent(t, New, spec, seed)
}

// newScript builds the 2 by 2 kit's script called name (the kit is
// linked into the test binary by kit_link_test.go).
func newScript(name string, seed uint64) (Script, error) {
	return KitFor(twobytwo.Name).script("test", twobytwo.Name, name, seed)
}
