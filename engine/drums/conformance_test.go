package drums_test

import (
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/drums"
	"github.com/grognard/grognard/engine/enginetest"
	"github.com/grognard/grognard/internal/testenv"
)

// TestConformance runs the engine's conformance suite on seeded random
// Drums and Muskets games. With -short it checks fewer positions.
func TestConformance(t *testing.T) {
	cfg := enginetest.Config{
		Ruleset:  drums.Rules{},
		Seeds:    []uint64{1, 2, 3},
		MaxLegal: 24,
		Golden:   "testdata/conformance.golden",
		Unlisted: unlisted,
		// Illegal candidates are most of the suite's time: 24 at each
		// position by default, the suite's 64 under GROGNARD_LONG=1.
		MaxIllegal: testenv.Pick(t, 24, 64),
	}
	if testing.Short() {
		cfg.Every, cfg.MaxLegal, cfg.MaxIllegal = 3, 8, 16
	}
	enginetest.Run(t, cfg)
}

// unlisted: an advance or a general's move to any point is a person's
// free-form move, validated on the table.
func unlisted(st engine.State, a engine.Action) bool {
	return a.Kind == drums.KAdvance || a.Kind == drums.KGeneralMove
}
