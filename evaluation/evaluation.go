// Package evaluation is the ruleset-independent contract of a static
// evaluation: a function that scores a position without playing it on,
// which searches (MCTS and portfolio cut-offs) call where a playout stops.
// It also fits the logistic models such evaluations are made of: Fit
// (Newton's method, without bias, on labelled feature vectors), Logit,
// Sigmoid, and Evaluate's held-out Metrics.
//
// A ruleset's own evaluation (its features, its fitted weights, the games
// it is fitted on) lives in evaluation/<ruleset>, and is offered to the
// agents by the ruleset's kit (package agents/<ruleset>); nothing here
// names a ruleset. evaluation/twobytwo is the fitted model of 2 by 2
// Napoleonic.
package evaluation

import "github.com/grognard/grognard/engine"

// Evaluator scores a position for side 0 in [-1, 1]: 1 a sure win for
// side 0, -1 a sure loss, 0 even. A finished game should score its
// result (Outcome). An evaluator is called in a search's inner loop, so
// it should allocate nothing, and it must leave the state as it found it.
type Evaluator func(engine.State) float64

// Outcome is the value of a finished game for side 0 (1 a win, 0 a draw,
// -1 a loss), and false for a game in progress.
func Outcome(st engine.State) (float64, bool) {
	if !st.Terminal() {
		return 0, false
	}
	return 2*st.Result().Score(0) - 1, true
}
