package grand_test

import (
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest"
	"github.com/grognard/grognard/engine/grand"
)

func init() { engine.Register(grand.Rules{}) }

// TestConformance runs the engine's conformance suite on seeded random
// battles: the default one and the tests' own (scenarios_test.go): the
// guard commitment, a trivial combat, a marsh, and the bombardment with
// an all-cavalry defender.
func TestConformance(t *testing.T) {
	enginetest.Run(t, enginetest.Config{
		Ruleset:   grand.Rules{},
		Scenarios: []string{grand.DefaultScenario, "test-guard", "test-trivial", "test-marsh", "test-bombard"},
		Seeds:     []uint64{1, 2, 3, 4, 5, 6},
		Golden:    "testdata/conformance.golden",
		Strict:    true,
	})
}
