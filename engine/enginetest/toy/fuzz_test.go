package toy_test

import (
	"testing"

	"github.com/grognard/grognard/engine/enginetest"
	"github.com/grognard/grognard/engine/enginetest/toy"
)

// fuzz seeds the shared harnesses from the toy's games and a few
// hand-written orders, odd spacing included.
var fuzz = enginetest.Fuzz{
	Ruleset: toy.Rules{},
	Texts:   []string{"posture attack", "B-Line hold", "B-Guns fire R-Line", "R-Skirm charge B-Skirm", "B-Line  advance "},
}

// FuzzDecodeState: see enginetest.FuzzDecodeState.
func FuzzDecodeState(f *testing.F) { enginetest.FuzzDecodeState(f, fuzz) }

// FuzzParseAction: see enginetest.FuzzParseAction.
func FuzzParseAction(f *testing.F) { enginetest.FuzzParseAction(f, fuzz) }
