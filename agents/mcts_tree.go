package agents

import (
	"context"
	"math"
	"math/rand/v2"
	"time"

	"github.com/grognard/grognard/engine"
)

// The node budget (MCTSConfig.MaxNodes, spec nodes=N) bounds the memory
// of a search whatever its iteration, call or time budget: without it a
// tree gained a node an iteration (two at a sealed point) and, at a 2 by
// 2 deployment, a set-up memo of about 3 KB every seven nodes, and a hint
// with iters=2000000000 held 716 MB after 30 s (827 MB after a minute).
// A node is an mctsNode, 120 bytes (its action is 64) whatever the
// ruleset, for an open-loop node holds no state: the search replays the
// actions from the root. A tree adds to it 4 bytes of compaction map
// (tree reuse) and at most 18 of set-up memo (nodesPerSetUpStep). The
// bytes a node measured, the fixed costs of a search included, are
// BenchmarkMCTSTreeMemory's: 132 on 2 by 2 and 123 on Drums at 16,384
// nodes; a grand battle's trees are a sealed root and the two sides'
// postures (a dozen nodes), as the tree does not grow past a sealed
// point.
const (
	// DefaultMaxNodes is the node budget of an MCTS agent when the spec
	// gives none: 64 MB of nodes. The hint command searching with it
	// until interrupted levels off at 160 to 170 MB resident (the storage grows
	// by doubling, and the collector lets the heap reach twice what is
	// live), against 281 MB with twice the nodes. At the play and hint
	// default's 1,600 iterations a decision uses a few thousand nodes;
	// the budget is reached after half a million iterations, minutes of
	// search.
	DefaultMaxNodes = 1 << 19
	// MaxMaxNodes is the largest node budget a spec may ask for, 8 times
	// the default (0.5 GB of nodes); a larger nodes= is clamped to it, so
	// that no spec can make one search hold more.
	MaxMaxNodes = 1 << 22
	// minTreeNodes is the smallest budget of one tree: a root and a few
	// children, enough for a search to compare its root's moves.
	minTreeNodes = 8
	// firstChunk is the capacity a tree's node storage starts with; it
	// doubles as the tree grows, up to the tree's budget, so a small
	// search never allocates the budget up front.
	firstChunk = 1024
	// nodesPerSetUpStep is how many nodes of a tree's budget pay for one
	// step of its set-up memo (an ArgmaxStep, 72 bytes: 18 bytes a
	// node), and minSetUpSteps the steps any tree may hold (300 KB). The
	// default budget's memo holds about 3,000 set-up nodes' scorings,
	// some 20,000 iterations of a deployment search. Past them a set-up
	// node is scored without the memo, which searches alike, only slower.
	nodesPerSetUpStep = 4
	minSetUpSteps     = 4096
)

// mctsNode is one node of a worker's tree, addressed by index.
type mctsNode struct {
	action  engine.Action
	player  engine.Player // who chose action: values are from its view
	first   int32         // first child, -1 if none
	sibling int32         // next child of the parent, -1 if last
	visits  int32
	rank    int32  // children of the parent expanded before this one
	outcome uint64 // a chance node's dice, as Dice.Key (closed loop only)
	// setUp is the index in the tree's setUps of the node's memorised
	// set-up choices, or -1 (see restrictSetUp).
	setUp int32
	value float64 // sum of the backed-up values, from player's view
	// sq is the sum of the values' squares, for the noise of the mean
	// (MCTSConfig.ChooseLCB). Every node keeps it: a reused subtree's
	// root children were deeper nodes of the last search.
	sq float64
}

// mctsTree is a search tree: its nodes, addressed by index, and the
// root the next decision may continue from (tree reuse).
//
// A node is always added after its parent, so a child's index is above
// its parent's: compact relies on it.
type mctsTree struct {
	nodes []mctsNode
	// limit is the most nodes the tree may hold (its share of
	// MCTSConfig.MaxNodes): once full it stops growing and the search
	// goes on inside it (see descend).
	limit int
	root  int32
	// reuse: the root the next decision may continue from, and the hash
	// of the state it stands for.
	nextRoot int32
	nextHash uint64
	// setUps and setUpSteps memorise the doctrines' scoring of a set-up
	// node's actions (see restrictSetUp).
	setUps     []setUpMemo
	setUpSteps []ArgmaxStep
	// remap is compact's map from old indices to new, kept for the next
	// decision so that compacting allocates nothing once it has grown.
	remap []int32
}

// mctsWorker runs iterations on a tree: its own (root parallelism) or
// one shared by every worker (MCTSConfig.SharedTree).
type mctsWorker struct {
	m *MCTS
	*mctsTree
	policy Script   // plays the playouts
	prior  Script   // its choice is a node's first child
	setups []Script // the doctrines whose set-up choices the tree holds
	// proposers are the scripts whose choices are a node's first
	// children when MCTSConfig.Propose is set: the doctrines, then greedy.
	proposers []Script
	rng       *rand.Rand
	pcg       rand.PCG
	dice      rand.PCG
	// common is the seed of the decision's common random numbers, the
	// same for every lane of a shared tree (MCTSConfig.CommonRandom).
	common  uint64
	scratch engine.State
	buf     []engine.Action
	untried []engine.Action
	// outcomes holds a chance node's compact outcomes (closed loop).
	outcomes []engine.Outcome
	picks    []engine.Action
	path     []int32
	calls    int64
	iters    int
	value    float64 // the last playout's value, for the shared driver
	// A shared tree's lane: done carries the end of its playout, busy
	// says one is in flight, known is calls as last read by the driver.
	done  chan struct{}
	busy  bool
	known int64
}

// newNode appends a node and returns its index. Callers check room
// first: only the root of an empty tree is added without.
func (t *mctsTree) newNode(a engine.Action, p engine.Player) int32 {
	if len(t.nodes) == cap(t.nodes) {
		t.grow()
	}
	t.nodes = append(t.nodes, mctsNode{action: a, player: p, first: -1, sibling: -1, setUp: -1})
	return int32(len(t.nodes) - 1)
}

// room reports whether n more nodes fit in the tree's budget.
func (t *mctsTree) room(n int) bool { return len(t.nodes)+n <= t.limit }

// memoRoom reports whether a set-up memo of up to steps more steps fits
// in the tree's share of memo.
func (t *mctsTree) memoRoom(steps int) bool {
	return len(t.setUpSteps)+steps <= max(t.limit/nodesPerSetUpStep, minSetUpSteps) && len(t.setUps) < t.limit
}

// grow enlarges the node storage: double, from firstChunk, but never
// past the tree's budget, so the storage of a full tree is its budget
// exactly and not the next power of two (append's growth would overshoot
// it by up to a half).
func (t *mctsTree) grow() {
	c := min(max(2*cap(t.nodes), firstChunk), t.limit)
	c = max(c, len(t.nodes)+1) // never refuse a node: room is the callers' check
	nodes := make([]mctsNode, len(t.nodes), c)
	copy(nodes, t.nodes)
	t.nodes = nodes
}

// begin readies the worker for a decision in st: its generators seeded,
// its counts zeroed.
func (w *mctsWorker) begin(st engine.State, seed uint64) {
	w.pcg.Seed(seed, 0x6d637473)
	w.dice.Seed(engine.SplitMix64(seed), diceStream)
	w.common = seed
	if w.rng == nil {
		w.rng = rand.New(&w.pcg)
	}
	if w.scratch == nil {
		w.scratch = st.Clone()
	}
	w.iters, w.calls = 0, 0
}

// plant sets the tree's root for st: the subtree kept from the last
// decision when it stands for st, moved to the front of the storage
// (compact) so that the nodes of the moves not played are free for the
// new search, else a fresh root.
func (t *mctsTree) plant(st engine.State, reuse bool) {
	if !reuse || t.nextRoot < 0 || t.nextHash != st.Hash() || t.nextRoot >= int32(len(t.nodes)) {
		t.nodes = t.nodes[:0]
		t.setUps, t.setUpSteps = t.setUps[:0], t.setUpSteps[:0]
		t.root = t.newNode(engine.Action{}, engine.NoPlayer)
	} else {
		t.compact(t.nextRoot)
		t.root = 0
	}
	t.nextRoot = -1
}

// compact keeps the subtree of node r alone, moved to the front of the
// storage in its order (r becomes node 0), with every link renumbered.
// As a child's index is above its parent's, one pass in index order from
// r marks the subtree (a node marked when its parent is reached), and a
// second moves each kept node down to its new index, which is never above
// its old one, so nothing is overwritten before it is read. The order of
// the nodes, and of every node's children, is kept: the search from the
// compacted tree is the search from the old subtree. Set-up memos are
// kept (they are indexed by memo, not by node).
func (t *mctsTree) compact(r int32) {
	n := int32(len(t.nodes))
	if cap(t.remap) < len(t.nodes) {
		t.remap = make([]int32, len(t.nodes), cap(t.nodes))
	}
	remap := t.remap[:n]
	for i := r; i < n; i++ {
		remap[i] = -1
	}
	remap[r] = 0
	next := int32(0)
	for i := r; i < n; i++ {
		if remap[i] < 0 {
			continue
		}
		remap[i] = next
		next++
		for c := t.nodes[i].first; c >= 0; c = t.nodes[c].sibling {
			remap[c] = 0 // kept: numbered when the pass reaches it
		}
	}
	for i := r; i < n; i++ {
		k := remap[i]
		if k < 0 {
			continue
		}
		nd := t.nodes[i]
		if nd.first >= 0 {
			nd.first = remap[nd.first]
		}
		if nd.sibling >= 0 && i != r {
			nd.sibling = remap[nd.sibling]
		} else {
			nd.sibling = -1 // the root's siblings were the moves not played
		}
		t.nodes[k] = nd
	}
	t.nodes = t.nodes[:next]
}

// spent reports whether a search that has run done iterations and used
// forward-model calls, started at start, must stop: a budget spent, the
// deadline passed, the context cancelled or, with Stop, the root's choice
// settled. The last two are checked on every 16th tick.
func (t *mctsTree) spent(ctx context.Context, cfg *MCTSConfig, start time.Time, tick, done int, used int64, iters int, calls int64, deadline time.Time) bool {
	if iters > 0 && done >= iters || calls > 0 && used >= calls {
		return true
	}
	if !deadline.IsZero() && !time.Now().Before(deadline) {
		return true
	}
	if tick&15 == 0 && ctx.Err() != nil {
		return true
	}
	return cfg.Stop && !cfg.ChooseLCB && tick&15 == 15 && t.settled(start, done, used, iters, calls, deadline)
}

// think grows the worker's own tree from st until a budget runs out.
func (w *mctsWorker) think(ctx context.Context, st engine.State, seed uint64, iters int, calls int64, deadline time.Time) {
	w.begin(st, seed)
	w.plant(st, w.m.cfg.Reuse)
	start := time.Now()
	for !w.spent(ctx, &w.m.cfg, start, w.iters, w.iters, w.calls, iters, calls, deadline) {
		w.iterate(st)
		w.iters++
	}
}

// settled reports whether the root's most visited action leads the next
// by more visits than the iterations left: as the most visited action is
// played, no later iteration could change the choice. An iteration
// budget says exactly what is left; for a forward-model-call or time
// budget it is estimated from the rate so far, doubled to be safe, so
// the search stops only when the lead is beyond doubt.
func (t *mctsTree) settled(start time.Time, done int, used int64, iters int, calls int64, deadline time.Time) bool {
	left := math.MaxInt
	if iters > 0 {
		left = iters - done
	}
	if calls > 0 && used > 0 {
		left = min(left, int(2*float64(calls-used)*float64(done)/float64(used))+1)
	}
	if !deadline.IsZero() {
		if el := time.Since(start); el > 0 {
			left = min(left, int(2*float64(done)*float64(time.Until(deadline))/float64(el))+1)
		}
	}
	if left == math.MaxInt {
		return false
	}
	first, second := int32(0), int32(0)
	for c := t.nodes[t.root].first; c >= 0; c = t.nodes[c].sibling {
		switch v := t.nodes[c].visits; {
		case v > first:
			first, second = v, first
		case v > second:
			second = v
		}
	}
	return int(first-second) > left
}

// iterate runs one selection, expansion, playout and backup.
func (w *mctsWorker) iterate(root engine.State) {
	if w.descend(root) {
		w.backup(w.playout(), false)
	}
}

// backup adds the value v for side 0 to the nodes of w.path, each from
// its player's view; virtual says the path holds a virtual loss to take
// back instead of counting the visit again.
func (w *mctsWorker) backup(v float64, virtual bool) {
	loss := w.m.cfg.VirtualLoss
	for _, k := range w.path {
		nd := &w.nodes[k]
		pv := v
		if nd.player == 1 {
			pv = -v
		}
		if virtual {
			nd.value += pv + loss
		} else {
			nd.visits++
			nd.value += pv
		}
		nd.sq += pv * pv
	}
}

// prepareReuse remembers the chosen action's subtree and the state it
// leads to, so the next decision can continue from it.
func (w *mctsWorker) prepareReuse(st engine.State, chosen engine.Action) {
	w.nextRoot = -1
	if len(w.nodes) == 0 {
		return
	}
	c := w.childWith(w.root, chosen)
	if c < 0 {
		return
	}
	w.scratch.CopyFrom(st)
	if w.scratch.Apply(chosen) != nil || w.scratch.Terminal() || w.scratch.ToMove() == engine.Chance {
		return
	}
	w.nextRoot, w.nextHash = c, w.scratch.Hash()
}
