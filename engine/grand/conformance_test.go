package grand_test

import (
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest"
	"github.com/grognard/grognard/engine/grand"
)

func init() { engine.Register(grand.Rules{}) }

// TestConformance runs the engine's conformance suite on seeded random
// battles: the default one and a trivial combat and guard-commitment
// variant built in by the tests (testScenarios).
func TestConformance(t *testing.T) {
	enginetest.Run(t, enginetest.Config{
		Ruleset:   grand.Rules{},
		Scenarios: []string{grand.DefaultScenario, "test-guard", "test-trivial", "test-marsh"},
		Seeds:     []uint64{1, 2, 3, 4, 5, 6},
		Golden:    "testdata/conformance.golden",
		Strict:    true,
	})
}
