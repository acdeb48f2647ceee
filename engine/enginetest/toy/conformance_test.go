package toy_test

import (
	"testing"

	"github.com/grognard/grognard/engine"

	"github.com/grognard/grognard/engine/enginetest"
	"github.com/grognard/grognard/engine/enginetest/toy"
)

// TestConformance runs the engine's conformance suite on both toy
// scenarios, strictly: Apply and Commit accept exactly what is listed.
func TestConformance(t *testing.T) {
	enginetest.Run(t, enginetest.Config{
		Ruleset:   toy.Rules{},
		Scenarios: toy.Rules{}.Scenarios(),
		Seeds:     []uint64{1, 2, 3, 4, 5, 6},
		Strict:    true,
		Golden:    "testdata/conformance.golden",
	})
}

// TestConformanceNoPostures runs the suite on the variant without the
// sealed postures, which front ends without sealed choices play.
func TestConformanceNoPostures(t *testing.T) {
	enginetest.Run(t, enginetest.Config{
		Ruleset:   toy.Rules{},
		Scenarios: toy.Rules{}.Scenarios(),
		Options:   engine.Options{Variants: []string{toy.VariantNoPostures}},
		Seeds:     []uint64{1, 2, 3},
		Strict:    true,
		Golden:    "testdata/conformance-no-postures.golden",
	})
}
