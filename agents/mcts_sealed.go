package agents

import (
	"math"

	"github.com/grognard/grognard/engine"
)

// Sealed simultaneous choices (engine.Sealed) are searched as
// simultaneous-move nodes, by decoupled UCT: at a node where both sides
// owe a choice, each side's choices are children of the node tagged with
// that side, and each side picks its own by UCB on its own statistics,
// without seeing what the other picked in the iteration. Both commits are
// played, and the values are backed up to each side's child from that
// side's view. The tree does not grow past a sealed point (what follows
// it is the playout's), so no node below it could hold a choice that
// depends on the other side's sealed one.

// sealedStep plays both sides' sealed choices at node n of the descent,
// expanding or selecting each side's child, and appends them to w.path.
// It reports false when the iteration must be abandoned. When the tree
// has no room for the children the sides would add, each side selects
// among the children it has; a side with none legal ends the descent at
// n, before either commits, and the playout script makes both choices
// (as in any playout), so that no side's child is added without the
// other's.
func (w *mctsWorker) sealedStep(n int32) bool {
	var buf [2]engine.Player
	// Both sides choose from the position before either commits: the
	// deciders are read once, and the second's choices listed before the
	// first commits.
	deciders := engine.Deciders(w.scratch, buf[:0])
	expand := true
	if !w.room(len(deciders)) {
		// Near the budget the children to add are counted first (the
		// sides' lists are made again below: this is the rare case).
		need, leaf := 0, false
		for _, p := range deciders {
			avail, widen, ok := w.sealedOptions(n, p)
			if !ok {
				return false
			}
			if widen {
				need++
				leaf = leaf || avail == 0
			}
		}
		if !w.room(need) {
			if leaf {
				return true // a full tree's leaf: the playout chooses
			}
			expand = false
		}
	}
	var picks [2]int32
	for k, p := range deciders {
		avail, widen, ok := w.sealedOptions(n, p)
		if !ok {
			return false
		}
		var next int32
		if widen && expand {
			a := w.untried[w.rng.IntN(len(w.untried))]
			next = w.newNode(a, p)
			w.nodes[next].rank = int32(avail)
			w.nodes[next].sibling = w.nodes[n].first
			w.nodes[n].first = next
		} else {
			next = w.selectSealed(n, p)
		}
		picks[k] = next
	}
	for k, p := range deciders {
		if err := engine.Play(w.scratch, p, w.nodes[picks[k]].action); err != nil {
			return false
		}
		w.calls++
		w.path = append(w.path, picks[k])
	}
	return true
}

// sealedOptions lists side p's sealed choices at node n in w.buf, those
// without a child of n in w.untried, and says how many have one (avail)
// and whether progressive widening adds a child (widen); ok is false
// when p has no choice.
func (w *mctsWorker) sealedOptions(n int32, p engine.Player) (avail int, widen, ok bool) {
	cfg := &w.m.cfg
	w.buf = engine.LegalFor(w.scratch, p, w.buf[:0])
	if len(w.buf) == 0 {
		return 0, false, false
	}
	w.untried = w.untried[:0]
	for _, a := range w.buf {
		if w.sealedChild(n, p, a) >= 0 {
			avail++
		} else {
			w.untried = append(w.untried, a)
		}
	}
	allowed := int(math.Ceil(cfg.PWK * math.Pow(float64(w.nodes[n].visits+1), cfg.PWAlpha)))
	return avail, len(w.untried) > 0 && (avail < allowed || avail == 0), true
}

// sealedChild is n's child holding side p's sealed choice a, or -1.
func (w *mctsWorker) sealedChild(n int32, p engine.Player, a engine.Action) int32 {
	for c := w.nodes[n].first; c >= 0; c = w.nodes[c].sibling {
		if w.nodes[c].player == p && w.nodes[c].action == a {
			return c
		}
	}
	return -1
}

// selectSealed picks by UCB1 among n's children of side p that are legal
// now (in w.buf), from p's view. Ties are broken at random: with the
// first-listed child winning them, two sides with the same statistics
// (a symmetric game) would pick the same choice in lockstep and never
// sample the pairs that tell their choices apart.
func (w *mctsWorker) selectSealed(n int32, p engine.Player) int32 {
	c := w.m.cfg.C
	var total int32
	for k := w.nodes[n].first; k >= 0; k = w.nodes[k].sibling {
		if w.nodes[k].player == p {
			total += w.nodes[k].visits
		}
	}
	logN := math.Log(float64(total + 1))
	best, bestU, ties := int32(-1), math.Inf(-1), 0
	for k := w.nodes[n].first; k >= 0; k = w.nodes[k].sibling {
		nd := &w.nodes[k]
		if nd.player != p || !w.legalNow(nd.action) {
			continue
		}
		u := math.Inf(1)
		if nd.visits > 0 {
			v := float64(nd.visits)
			u = nd.value/v + c*math.Sqrt(logN/v)
		}
		switch {
		case u > bestU:
			best, bestU, ties = k, u, 1
		case u == bestU:
			if ties++; w.rng.IntN(ties) == 0 {
				best = k
			}
		}
	}
	return best
}

// sealedPlayout plays the sealed choices of a playout by the playout
// script, each side choosing among its own choices.
func (w *mctsWorker) sealedPlayout() bool {
	var buf [2]engine.Player
	for _, p := range engine.Deciders(w.scratch, buf[:0]) {
		w.buf = engine.LegalFor(w.scratch, p, w.buf[:0])
		if len(w.buf) == 0 {
			return false
		}
		if err := engine.Play(w.scratch, p, w.buf[w.policy.Pick(w.scratch, w.buf)]); err != nil {
			return false
		}
		w.calls++
	}
	return true
}
