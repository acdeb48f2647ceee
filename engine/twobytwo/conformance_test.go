package twobytwo_test

import (
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest"
	"github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/internal/testenv"
)

// TestConformance runs the engine's conformance suite on seeded random 2
// by 2 games. With -short it checks two games at every third position;
// without, three whole games at every position.
func TestConformance(t *testing.T) {
	cfg := enginetest.Config{
		Ruleset:  twobytwo.Rules{},
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

// unlisted reports whether 2 by 2 may accept a although its legal list
// does not name it: a move, deployment or placing is validated on the
// table as a person's free-form move would be (engine.FreeForm), so a
// path or facing other than the generated ones may be legal.
func unlisted(st engine.State, a engine.Action) bool {
	switch a.Kind {
	case twobytwo.KindMove, twobytwo.KindSlide, twobytwo.KindDeploy, twobytwo.KindPlace, twobytwo.KindFace, twobytwo.KindExit, twobytwo.KindPoint, twobytwo.KindBombard:
		return true
	}
	return false
}
