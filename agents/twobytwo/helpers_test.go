package twobytwo

// Test helpers of the kit's tests. What the generic agents' tests
// (package agents) also use lives in engine/twobytwo/twobytwotest,
// agents/agenttest and engine/enginetest, which do not import agents, so
// that both packages' tests share one copy.

import (
	"testing"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/agents/agenttest"
	"github.com/grognard/grognard/engine/twobytwo/twobytwotest"
)

// The fixed-setup position helpers, under the short names the position
// tables use.
var (
	hUnit     = twobytwotest.Unit
	hPosition = twobytwotest.Position
	hLabel    = twobytwotest.Label
)

// mustAgent builds the agent of spec with seed, failing the test if the
// spec is refused.
func mustAgent(t testing.TB, spec string, seed uint64) agents.Agent {
	t.Helper()
	return agenttest.MustAgent(t, agents.New, spec, seed)
}
