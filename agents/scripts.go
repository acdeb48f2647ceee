package agents

import (
	"math/rand/v2"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/evaluation"
)

// Script is a cheap policy a search can follow: given the actions open to
// one unit (or to the side, where no unit is concerned) it picks one. The
// searches use scripts as playout policies (mcts), to order the moves they
// try (mcts) and as the portfolio a portfolio search assigns to units.
// A ruleset's kit names its scripts (its doctrines and baselines); the
// generic "random" script plays any ruleset. A script keeps scratch space
// and a tie-breaking generator: one search worker owns each.
type Script interface {
	// Name names the script in explanations.
	Name() string
	// Pick returns the index of the chosen action of acts (not empty) in
	// st. It must allocate nothing: playouts call it at every step.
	Pick(st engine.State, acts []engine.Action) int
	// Reseed restarts the tie-breaking generator from seed, for playouts
	// that share their random numbers (MCTSConfig.CommonRandom).
	Reseed(seed uint64)
}

// Argmax keeps the index of the highest score offered; equal scores are
// kept with equal probability (reservoir sampling), so ties are broken
// uniformly by the caller's seeded generator. The zero value is empty.
type Argmax struct {
	// Best is the index of the best action offered so far.
	Best  int
	ties  int
	score float64
}

// Offer considers action i with score sc.
func (m *Argmax) Offer(i int, sc float64, rng *rand.Rand) {
	if m.Take(i, sc) == TookTie && rng.IntN(m.ties) == 0 {
		m.Best = i
	}
}

// Took is what Argmax.Take made of an offer.
type Took uint8

// What Argmax.Take made of an offer.
const (
	TookNothing Took = iota // below the best
	TookBest                // a new best
	TookTie                 // equal to the best: a tie-break is to draw
)

// Take considers action i with score sc without drawing a tie-break: a
// new best becomes m.Best; a tie only counts, and the caller draws
// whether it wins (Offer, or a replay of recorded steps).
func (m *Argmax) Take(i int, sc float64) Took {
	switch {
	case m.ties == 0 || sc > m.score:
		m.Best, m.score, m.ties = i, sc, 1
		return TookBest
	case sc == m.score:
		m.ties++
		return TookTie
	}
	return TookNothing
}

// StepScript is a script whose Pick is an argmax over scores with random
// tie-breaks, which a search may record once and replay (MCTS's set-up
// memo): ArgmaxSteps appends to steps each new best and each tie of its
// Pick over acts in st, in order, drawing nothing, or reports false when
// it cannot score st (its Pick is then called as it is); TieRNG is the
// generator its Pick draws the tie-breaks from.
type StepScript interface {
	Script
	ArgmaxSteps(st engine.State, acts []engine.Action, steps []ArgmaxStep) ([]ArgmaxStep, bool)
	TieRNG() *rand.Rand
}

// ArgmaxStep is one step of a script's argmax: Action became the best,
// or (Tie) equalled the best.
type ArgmaxStep struct {
	Action engine.Action
	Tie    bool
}

// Evaluator scores a position for side 0 in [-1, 1] (evaluation's
// contract).
type Evaluator = evaluation.Evaluator
