package evaluation_test

import (
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/evaluation"
)

// ended is a state that is only asked whether it is over and how: the
// embedded nil State answers nothing else.
type ended struct {
	engine.State
	over   bool
	result engine.Result
}

func (s ended) Terminal() bool        { return s.over }
func (s ended) Result() engine.Result { return s.result }

func TestOutcome(t *testing.T) {
	for _, tc := range []struct {
		name string
		st   ended
		want float64
		ok   bool
	}{
		{"in progress", ended{}, 0, false},
		{"side 0 wins", ended{over: true, result: engine.Ended(engine.Victory, 0, "")}, 1, true},
		{"side 1 wins", ended{over: true, result: engine.Ended(engine.Victory, 1, "")}, -1, true},
		{"draw", ended{over: true, result: engine.Ended(engine.RulesDraw, engine.NoPlayer, "")}, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if v, ok := evaluation.Outcome(tc.st); v != tc.want || ok != tc.ok {
				t.Errorf("Outcome = %v, %v; want %v, %v", v, ok, tc.want, tc.ok)
			}
		})
	}
}
