package agents

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/grognard/grognard/engine"
	evaltwo "github.com/grognard/grognard/evaluation/twobytwo"
)

// Script is a doctrine a search can follow: given the actions open to one
// unit (or to the side, where no unit is concerned) it picks one. The
// searches use scripts as playout policies (mcts), to order the moves they
// try (mcts) and as the portfolio a portfolio search assigns to units.
// A script keeps scratch space and a tie-breaking generator: one search
// worker owns each.
type Script interface {
	// Name names the script in specs and explanations.
	Name() string
	// pick returns the index of the chosen action of acts (not empty).
	pick(st engine.State, acts []engine.Action) int
	// reseed restarts the tie-breaking generator from seed, for playouts
	// that share their random numbers (MCTSConfig.CommonRandom).
	reseed(seed uint64)
}

// knownScripts are the names a spec may give a script: the greedy
// one-move doctrine and the heuristic agent's three doctrines.
var knownScripts = []string{"greedy", "assault", "fireline", "reserve"}

// newScript builds the script called name with its own generator.
func newScript(name string, seed uint64) (Script, error) {
	if name == "greedy" {
		return NewGreedy(DefaultAggression, seed)
	}
	d, err := ParseDoctrine(name)
	if err != nil {
		return nil, fmt.Errorf("unknown script %q (scripts: %s)", name, strings.Join(knownScripts, ", "))
	}
	return NewHeuristic(d, seed)
}

// scriptShortName is the name newScript knows a script by.
func scriptShortName(s Script) string {
	switch s := s.(type) {
	case *Heuristic:
		return s.Doctrine().String()
	case *Greedy:
		return "greedy"
	}
	return s.Name()
}

// argmax keeps the index of the highest score offered; equal scores are
// kept with equal probability (reservoir sampling), so ties are broken
// uniformly by the caller's seeded generator.
type argmax struct {
	best, ties int
	score      float64
}

// offer considers action i with score sc.
func (m *argmax) offer(i int, sc float64, rng *rand.Rand) {
	if m.take(i, sc) == tookTie && rng.IntN(m.ties) == 0 {
		m.best = i
	}
}

// took is what argmax.take made of an offer.
type took uint8

const (
	tookNothing took = iota // below the best
	tookBest                // a new best
	tookTie                 // equal to the best: a tie-break is to draw
)

// take considers action i with score sc without drawing a tie-break: a
// new best becomes m.best; a tie only counts, and the caller draws
// whether it wins (offer, or a replay of recorded steps).
func (m *argmax) take(i int, sc float64) took {
	switch {
	case m.ties == 0 || sc > m.score:
		m.best, m.score, m.ties = i, sc, 1
		return tookBest
	case sc == m.score:
		m.ties++
		return tookTie
	}
	return tookNothing
}

// stepScript is a script whose pick is an argmax over scores with random
// tie-breaks, which a search may record once and replay (MCTS's set-up
// memo): argmaxSteps appends to steps each new best and each tie of its
// pick over acts in st, in order, drawing nothing, or reports false when
// it cannot score st (its pick is then called as it is); tieRNG is the
// generator its pick draws the tie-breaks from.
type stepScript interface {
	Script
	argmaxSteps(st engine.State, acts []engine.Action, steps []argmaxStep) ([]argmaxStep, bool)
	tieRNG() *rand.Rand
}

// argmaxStep is one step of a script's argmax: action became the best,
// or (tie) equalled the best.
type argmaxStep struct {
	action engine.Action
	tie    bool
}

// Evaluator scores a position for side 0 in [-1, 1].
type Evaluator func(engine.State) float64

// evaluatorNames are the evaluations a spec may name.
var evaluatorNames = []string{"default", "material"}

// newEvaluator is the evaluation called name: "default" is the fitted
// model of package evaluation, "material" its material-only model (kept
// for comparison). A ruleset the models do not cover scores 0 (a finished
// game its result).
func newEvaluator(name string) (Evaluator, error) {
	switch name {
	case "default":
		return Evaluator(evaltwo.Evaluator(evaltwo.Default)), nil
	case "material":
		return Evaluator(evaltwo.Evaluator(evaltwo.Material)), nil
	}
	return nil, fmt.Errorf("unknown evaluation %q (evaluations: %s)", name, strings.Join(evaluatorNames, ", "))
}
