package agents

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/sourcegraph/conc/pool"

	"github.com/grognard/grognard/engine"
)

// MCTS is Monte Carlo tree search over the ruleset's actions.
//
// Chance is handled open-loop: a tree node stands for a sequence of the
// players' actions, and every iteration samples fresh dice wherever the
// game rolls, so one node averages over the dice. A node's children are
// the actions available after it; as the dice change what is legal, a
// child is only a candidate on the iterations where its action is legal
// (availability-aware selection). The closed-loop alternative, a chance
// node per dice outcome, is kept as an option (MCTSConfig.ChanceNodes,
// spec dice=nodes) and was measured against open loop in paired games
// (docs/agents.md): it was no stronger, and a 2 by 2 turn rolls many dice
// (every shot, every melee, the reinforcement dice), so chance nodes
// multiply the tree by the outcomes of each, and most of that width never
// gets a second visit. Open loop is the default. With
// MCTSConfig.CommonRandom the k-th visits of the root's actions share
// their dice (common random numbers), so that the actions are compared
// on the same luck.
//
// The scripts and the evaluation are the ruleset kit's (Kit), taken at
// the first decision; a ruleset without a kit is searched with the
// generic ones when the spec names them (prior=none, playout=random,
// eval=none), and refused with a MissingKit error otherwise.
//
// A turn is decomposed unit by unit where the ruleset offers it (a
// LegalNext method, as 2 by 2's): a node holds one unit's orders, not
// every unit's. Children are added by progressive widening, in the order
// the prior script ranks them, so the doctrine's favourite is tried
// first, and a progressive bias towards that ranking fades as visits come
// in (selectChild). With MCTSConfig.Propose a node's first children are
// the distinct choices of the kit's proposers (for 2 by 2 the doctrines
// and greedy) instead (proposal), so that a small budget weighs the
// alternatives that differ most rather than the prior's near-ties. A
// set-up decision is searched among the choices of the kit's set-up
// scripts (restrictSetUp). Playouts follow the playout script for a fixed
// number of decisions and are cut off by the evaluation (a finished game
// scores its result). Root parallelism: each
// worker grows its own tree, with its own seed, and the roots' statistics
// are summed in worker order; or, with MCTSConfig.SharedTree, the workers
// grow one tree with virtual loss, their playouts backed up in a fixed
// order (thinkShared).
// A tree is kept for the next decision when that decision is the one its
// chosen move led to (consecutive orders of one side). The most visited
// root action is played, or with MCTSConfig.ChooseLCB the one whose mean
// less a standard error is highest. A search stops
// before its budget is spent once its most visited root action leads the
// next by more visits than it has iterations left (MCTSConfig.Stop): the
// rest could not change what it plays. There is no transposition table:
// open-loop nodes stand for action sequences, not positions. The trees
// hold at most MCTSConfig.MaxNodes nodes whatever the budget, so that a
// search's memory is bounded: a full tree stops growing and the search
// goes on inside it (descend).
type MCTS struct {
	cfg     MCTSConfig
	seed    uint64
	workers []*mctsWorker
	decided uint64 // decisions made, for the workers' seeds
	// side is the side the decision is for: the side to move, or at a
	// sealed point the side whose choice is asked.
	side engine.Player
	// evaluate is the value of a position for side 0 in [-1, 1].
	evaluate Evaluator
	// The pieces of the ruleset the agent was last bound to (bind): its
	// name, the kit's action-bias hook (nil: none) and its weight (0
	// without a hook), and the names of the scripts and evaluation in
	// use, the kit's defaults filled in.
	bound                    bool
	ruleset                  string
	actionBias               func(engine.State, *engine.Action) float64
	kitBias                  float64
	prior, playout, eval     string
	setUpNames, proposeNames []string
}

// rootLegal is what the decision's side may choose in st: its sealed
// choices at a sealed point, else the unit-by-unit decomposition.
func (m *MCTS) rootLegal(st engine.State, buf []engine.Action) []engine.Action {
	if st.ToMove() == engine.Both {
		return engine.LegalFor(st, m.side, buf)
	}
	return legalNext(st, buf)
}

// legalNext asks the ruleset for its unit-by-unit decomposition when it
// has one.
func legalNext(st engine.State, buf []engine.Action) []engine.Action {
	if d, ok := st.(engine.Decomposer); ok {
		return d.LegalNext(buf)
	}
	return st.Legal(buf)
}

// Choose searches within the budget and plays the most visited action (or
// the best by MCTSConfig.ChooseLCB).
func (m *MCTS) Choose(ctx context.Context, st engine.State, side engine.Player) (engine.Action, error) {
	if err := CheckSide(st, side); err != nil {
		return engine.Action{}, fmt.Errorf("agent %s: %w", m.Name(), err)
	}
	m.side = side
	if err := m.bind(st); err != nil {
		return engine.Action{}, err
	}
	a, _, err := m.search(ctx, st, false)
	return a, err
}

// ChooseExplained chooses as Choose does and lists the root's actions
// with their visits and mean values for the side to move.
func (m *MCTS) ChooseExplained(ctx context.Context, st engine.State, side engine.Player) (engine.Action, *Explanation, error) {
	if err := CheckSide(st, side); err != nil {
		return engine.Action{}, nil, fmt.Errorf("agent %s: %w", m.Name(), err)
	}
	m.side = side
	if err := m.bind(st); err != nil {
		return engine.Action{}, nil, err
	}
	return m.search(ctx, st, true)
}

// rootStat gathers one root action's statistics across workers.
type rootStat struct {
	action    engine.Action
	visits    int
	value, sq float64
}

func (m *MCTS) search(ctx context.Context, st engine.State, explain bool) (engine.Action, *Explanation, error) {
	if err := ctx.Err(); err != nil {
		return engine.Action{}, nil, err
	}
	if (st.ToMove() < 0 && st.ToMove() != engine.Both) || st.Terminal() {
		return engine.Action{}, nil, fmt.Errorf("mcts agent, %s to move: %w", st.ToMove(), ErrNoLegalAction)
	}
	start := time.Now()
	m.decided++
	if a, ok := m.forced(st); ok {
		if !explain {
			return a, nil, nil
		}
		c := Candidate{Action: a, Text: st.DescribeAction(a)}
		return a, &Explanation{Agent: m.Name(), Player: m.side, ScoreKind: "mean value", Elapsed: time.Since(start),
			Note: "the only legal action: no search", Chosen: c, Candidates: []Candidate{c}}, nil
	}
	b := m.cfg.Budget
	var deadline time.Time
	if b.Time > 0 {
		deadline = start.Add(b.Time)
	}
	nw := len(m.workers)
	run := func(w int) {
		wk := m.workers[w]
		iters, calls := 0, int64(0)
		if b.Iterations > 0 {
			iters = b.Iterations / nw
			if w < b.Iterations%nw {
				iters++
			}
		}
		if b.Calls > 0 {
			calls = b.Calls / int64(nw)
			if int64(w) < b.Calls%int64(nw) {
				calls++
			}
		}
		wk.think(ctx, st, m.workerSeed(w), iters, calls, deadline)
	}
	switch {
	case m.cfg.SharedTree:
		m.thinkShared(ctx, st, b.Iterations, b.Calls, deadline)
	case nw == 1:
		run(0)
	default:
		p := pool.New().WithMaxGoroutines(nw)
		for w := 0; w < nw; w++ {
			p.Go(func() { run(w) })
		}
		p.Wait()
	}
	if err := ctx.Err(); err != nil {
		return engine.Action{}, nil, err
	}

	iters, calls := 0, int64(0)
	for _, wk := range m.workers {
		iters += wk.iters
		calls += wk.calls
	}
	stats := m.rootStats()
	best := mostVisited(stats)
	if m.cfg.ChooseLCB {
		best = chooseLCB(stats, best)
	}
	var chosen engine.Action
	if best < 0 {
		// No iteration ran (a budget too small for one): the doctrine
		// chooses, as the first expansion would have.
		buf := m.rootLegal(st, nil)
		if len(buf) == 0 {
			return engine.Action{}, nil, fmt.Errorf("mcts agent, %s to move: %w", st.ToMove(), ErrNoLegalAction)
		}
		if pr := m.workers[0].prior; pr != nil {
			chosen = buf[pr.Pick(st, buf)]
		} else {
			chosen = buf[0] // prior=none: the first legal action
		}
	} else {
		chosen = stats[best].action
	}
	if m.cfg.Reuse {
		for _, wk := range m.treeWorkers() {
			wk.prepareReuse(st, chosen)
		}
	}
	if !explain {
		return chosen, nil, nil
	}
	return chosen, m.explanation(st, stats, best, chosen, iters, calls, start), nil
}

// rootStats sums the statistics of the root actions over the trees, in
// worker order so that the choice does not depend on scheduling.
func (m *MCTS) rootStats() []rootStat {
	var stats []rootStat
	for _, wk := range m.treeWorkers() {
		for c := wk.nodes[wk.root].first; c >= 0; c = wk.nodes[c].sibling {
			n := &wk.nodes[c]
			if n.player != m.side {
				continue // the other side's sealed choices at a sealed root
			}
			k := 0
			for k < len(stats) && stats[k].action != n.action {
				k++
			}
			if k == len(stats) {
				stats = append(stats, rootStat{action: n.action})
			}
			stats[k].visits += int(n.visits)
			stats[k].value += n.value
			stats[k].sq += n.sq
		}
	}
	return stats
}

// mostVisited is the index in stats of the most visited root action, the
// higher value breaking a tie, or -1 when stats is empty.
func mostVisited(stats []rootStat) int {
	best := -1
	for k := range stats {
		if best < 0 || stats[k].visits > stats[best].visits ||
			stats[k].visits == stats[best].visits && stats[k].value > stats[best].value {
			best = k
		}
	}
	return best
}

// lcbZ is how many standard errors chooseLCB takes from a mean, and
// lcbMinVisits the visits an action needs to be weighed by it.
const (
	lcbZ         = 1.0
	lcbMinVisits = 10
)

// chooseLCB is the index in stats of the root action whose mean value less
// lcbZ standard errors of that mean is highest, among those with
// lcbMinVisits visits or more; dflt when none has that many. A mean
// gained from few visits is discounted by its own noise, so an action
// barely tried does not win on luck.
func chooseLCB(stats []rootStat, dflt int) int {
	best, bestL := dflt, math.Inf(-1)
	for k, s := range stats {
		if s.visits < lcbMinVisits {
			continue
		}
		n := float64(s.visits)
		mean := s.value / n
		variance := max(0, s.sq/n-mean*mean) * n / (n - 1)
		if l := mean - lcbZ*math.Sqrt(variance/n); l > bestL {
			best, bestL = k, l
		}
	}
	return best
}

// forced returns the only legal action of st, when there is one, and
// keeps each worker's tree for the decision after it.
func (m *MCTS) forced(st engine.State) (engine.Action, bool) {
	wk := m.workers[0]
	wk.buf = m.rootLegal(st, wk.buf[:0])
	if len(wk.buf) != 1 {
		return engine.Action{}, false
	}
	a := wk.buf[0]
	for _, w := range m.treeWorkers() {
		if !m.cfg.Reuse || w.nextRoot < 0 || w.nextHash != st.Hash() || w.nextRoot >= int32(len(w.nodes)) {
			w.nextRoot = -1
			continue
		}
		w.root = w.nextRoot
		w.prepareReuse(st, a)
	}
	return a, true
}

// treeWorkers are the workers whose trees are distinct: every worker,
// or the first alone when they share its tree.
func (m *MCTS) treeWorkers() []*mctsWorker {
	if m.cfg.SharedTree {
		return m.workers[:1]
	}
	return m.workers
}

// workerSeed is the seed of worker k for the current decision.
func (m *MCTS) workerSeed(k int) uint64 {
	return engine.SplitMix64(m.seed ^ m.decided*0x2545f4914f6cdd1d ^ uint64(k))
}
