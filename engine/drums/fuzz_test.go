package drums

import (
	"testing"

	"github.com/grognard/grognard/engine/enginetest"
)

// fuzz seeds the shared harnesses from Drums and Muskets' own games and
// the notation of every kind of order, deployment and adjustment.
var fuzz = enginetest.Fuzz{
	Ruleset:   Rules{},
	Scenarios: []string{DefaultScenario},
	Texts:     []string{"F1 advance 12.5,8", "activate F1 +ap", "deploy F-G1 4", "F1 charge camp1 supply", "F1 form column left", "F-G1 move 20,6", "adjust +1", "B3 shoot F2"},
}

// FuzzDecodeState: see enginetest.FuzzDecodeState.
func FuzzDecodeState(f *testing.F) { enginetest.FuzzDecodeState(f, fuzz) }

// FuzzParseAction: see enginetest.FuzzParseAction.
func FuzzParseAction(f *testing.F) { enginetest.FuzzParseAction(f, fuzz) }
