package agents

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/grognard/grognard/engine"
)

// explanation says how the search of st went: what it searched with, and
// the root's actions with their visits and mean values for the side to
// move; best is the index in stats of the action chosen, or -1 when no
// iteration ran and the prior chose.
func (m *MCTS) explanation(st engine.State, stats []rootStat, best int, chosen engine.Action, iters int, calls int64, start time.Time) *Explanation {
	growth := "on a tree each, roots summed"
	if m.cfg.SharedTree {
		growth = fmt.Sprintf("on one shared tree, %d playouts in flight", len(m.workers))
	}
	first := m.prior
	order := m.prior + "'s order"
	if m.prior == NoPrior {
		first, order = "a random order (no prior)", "a random order"
	}
	if m.cfg.Propose && len(m.proposeNames) > 0 {
		first = "the choices of " + strings.Join(m.proposeNames, ", ") + ", then " + order + ","
	}
	setUp := "set-up among the plans of " + strings.Join(m.setUpNames, ", ")
	if len(m.setUpNames) == 0 {
		setUp = "set-up unrestricted (the kit names no set-up scripts)"
	}
	pick := "the most visited move played"
	if m.cfg.ChooseLCB {
		pick = fmt.Sprintf("the move with the highest mean less %g x its standard error played", lcbZ)
	}
	nodes := fmt.Sprintf("%d tree nodes of at most %d", m.Nodes(), m.cfg.MaxNodes)
	if m.full() {
		nodes += " (a tree full: it stopped growing and its leaves were played out)"
	}
	e := &Explanation{Agent: m.Name(), Player: m.side, ScoreKind: "mean value", Iterations: iters, Calls: calls, Elapsed: time.Since(start),
		Note: fmt.Sprintf("open-loop MCTS, %d worker(s) %s, budget %s, %s, evaluation %s, playouts of %d decisions by the %s script, %s tried first; %s; %s", m.cfg.Workers, growth, m.cfg.Budget, nodes, m.eval, m.cfg.PlayoutDepth, m.playout, first, setUp, pick)}
	cs := make([]Candidate, len(stats))
	for k, s := range stats {
		cs[k] = Candidate{Action: s.action, Text: st.DescribeAction(s.action), Visits: s.visits, Score: s.value / math.Max(1, float64(s.visits))}
		if k == best {
			e.Chosen = cs[k]
		}
	}
	if best < 0 {
		e.Chosen = Candidate{Action: chosen, Text: st.DescribeAction(chosen)}
	}
	e.Candidates = RankCandidates(cs)
	return e
}

// Nodes is the number of nodes the agent's trees hold now, the nodes of
// a reused subtree included: never more than its node budget
// (MCTSConfig.MaxNodes).
func (m *MCTS) Nodes() int {
	n := 0
	for _, wk := range m.treeWorkers() {
		n += len(wk.nodes)
	}
	return n
}

// full reports whether a tree has no room for another node.
func (m *MCTS) full() bool {
	for _, wk := range m.treeWorkers() {
		if !wk.room(1) {
			return true
		}
	}
	return false
}
