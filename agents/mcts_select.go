package agents

import (
	"math"

	"github.com/grognard/grognard/engine"
)

// descend selects from the root and expands one node, leaving w.scratch
// at the new leaf and the nodes passed in w.path; it reports false when
// the iteration must be abandoned (dice or an action refused).
//
// A tree that has reached its node budget (mctsTree.limit) is not
// expanded: where progressive widening would add a child the search
// selects among the children there are, and at a node with none legal
// now (a leaf, or dice that made its children illegal) the descent ends
// and the playout starts from there. The search keeps refining the
// statistics of the tree it has, with playouts from its frontier,
// rather than stopping: the rest of the budget still sharpens the
// values of the moves it compares, as the iterations of a search past
// its tree's depth do, while its memory stays where it is.
func (w *mctsWorker) descend(root engine.State) bool {
	cfg := &w.m.cfg
	w.scratch.CopyFrom(root)
	w.path = append(w.path[:0], w.root)
	n := w.root
	expanded := false
	for !expanded {
		if cfg.ChanceNodes {
			if w.scratch.Terminal() {
				break
			}
			if w.scratch.ToMove() == engine.Chance {
				c := w.chanceStep(n)
				if c == noRoom {
					break // the tree is full: a playout from the dice rolled
				}
				if c < 0 {
					return false
				}
				n = c
				w.path = append(w.path, n)
				continue
			}
		} else {
			w.rollChance()
		}
		if w.scratch.Terminal() {
			break
		}
		mover := w.scratch.ToMove()
		if !w.recallSetUp(n) {
			w.buf = legalNext(w.scratch, w.buf[:0])
			if len(w.buf) == 0 {
				if mover == engine.Both {
					// A sealed point: both sides choose, decoupled, and
					// the playout goes on from there (mcts_sealed.go).
					return w.sealedStep(n)
				}
				break
			}
			w.restrictSetUp(n)
		}
		node := &w.nodes[n]
		// Which legal actions have children, and how many children are
		// available now.
		w.untried = w.untried[:0]
		avail := 0
		for _, a := range w.buf {
			if w.childWith(n, a) >= 0 {
				avail++
			} else {
				w.untried = append(w.untried, a)
			}
		}
		allowed := int(math.Ceil(cfg.PWK * math.Pow(float64(node.visits+1), cfg.PWAlpha)))
		widen := len(w.untried) > 0 && (avail < allowed || avail == 0)
		if widen && !w.room(1) {
			if avail == 0 {
				break // a full tree's leaf: the playout starts here
			}
			widen = false
		}
		var next int32
		if widen {
			a, ok := engine.Action{}, false
			if cfg.Propose && avail < len(w.proposers) {
				a, ok = w.proposal()
			}
			if !ok {
				if w.prior != nil {
					a = w.untried[w.prior.Pick(w.scratch, w.untried)]
				} else {
					a = w.untried[w.rng.IntN(len(w.untried))] // prior=none
				}
			}
			next = w.newNode(a, mover)
			w.nodes[next].rank = int32(avail)
			node = &w.nodes[n] // the append may have moved the slice
			w.nodes[next].sibling = node.first
			node.first = next
			expanded = true
		} else {
			next = w.selectChild(n)
		}
		if n == w.root && cfg.CommonRandom { // NewMCTS refuses it with chance nodes
			w.commonStream(w.nodes[next].visits)
		}
		if err := w.scratch.Apply(w.nodes[next].action); err != nil {
			// Only legal actions are offered; a refusal is a rules bug.
			// Score nothing and leave this iteration.
			return false
		}
		w.calls++
		w.path = append(w.path, next)
		n = next
	}
	return true
}

// commonStream draws the rest of the iteration's dice and playout
// tie-breaks from the stream of a root action's k-th visit, the same
// stream for every root action (MCTSConfig.CommonRandom).
func (w *mctsWorker) commonStream(k int32) {
	s := w.commonSeed(k)
	w.dice.Seed(s, diceStream)
	w.policy.Reseed(engine.SplitMix64(s))
}

// commonSeed is the seed of the dice of a root action's k-th visit.
func (w *mctsWorker) commonSeed(k int32) uint64 {
	return engine.SplitMix64(engine.SplitMix64(w.common) + uint64(k))
}

// diceStream is the stream (PCG increment) of a worker's dice.
const diceStream = 0x64696365

// proposal is the first proposer's choice among the legal actions in
// w.buf that has no child yet (one of w.untried), proposers taken in the
// order assault, fireline, reserve, greedy. The scripts disagree where
// the decision matters, so their choices are the alternatives worth the
// first visits; the prior's ranking follows.
func (w *mctsWorker) proposal() (engine.Action, bool) {
	for _, sc := range w.proposers {
		a := w.buf[sc.Pick(w.scratch, w.buf)]
		for _, u := range w.untried {
			if u == a {
				return a, true
			}
		}
	}
	return engine.Action{}, false
}

// chanceStep rolls the pending dice and follows (or adds) n's child for
// that outcome: a chance node of the closed-loop variant. It returns the
// child, -1 if the dice were refused, or noRoom, the dice applied, when
// the outcome has no child and the tree is full.
//
// A state that offers its outcomes in compact form (engine.ChanceOutcomes:
// 20 dice hitting on 4+ have 21) gets a child per outcome, drawn by its
// probability, not one per face combination, which would never repeat.
func (w *mctsWorker) chanceStep(n int32) int32 {
	var d engine.Dice
	var key uint64
	if c, ok := w.scratch.(engine.ChanceOutcomes); ok {
		w.outcomes = c.Outcomes(w.outcomes[:0])
		if len(w.outcomes) == 0 {
			return -1
		}
		k := drawOutcome(w.outcomes, float64(w.dice.Uint64()>>11)/(1<<53))
		d, key = w.outcomes[k].Dice, uint64(k)
	} else {
		d = engine.RollWith(&w.dice, w.scratch.PendingRoll())
		key = d.Key()
	}
	if w.scratch.ApplyDice(d) != nil {
		return -1
	}
	w.calls++
	for c := w.nodes[n].first; c >= 0; c = w.nodes[c].sibling {
		if w.nodes[c].player == engine.Chance && w.nodes[c].outcome == key {
			return c
		}
	}
	if !w.room(1) {
		return noRoom
	}
	c := w.newNode(engine.Action{}, engine.Chance)
	w.nodes[c].outcome = key
	w.nodes[c].sibling = w.nodes[n].first
	w.nodes[n].first = c
	return c
}

// noRoom is chanceStep's answer when the tree is full.
const noRoom = -2

// drawOutcome is the index of the outcome u (uniform in [0, 1)) falls in,
// by the outcomes' probabilities; the last when rounding leaves u past
// their sum.
func drawOutcome(outs []engine.Outcome, u float64) int {
	for k := range outs {
		if u -= outs[k].P; u < 0 {
			return k
		}
	}
	return len(outs) - 1
}

// childWith is n's child for action a, or -1.
func (w *mctsWorker) childWith(n int32, a engine.Action) int32 {
	for c := w.nodes[n].first; c >= 0; c = w.nodes[c].sibling {
		if w.nodes[c].action == a && w.nodes[c].player != engine.Chance {
			return c
		}
	}
	return -1
}

// selectChild picks by UCB1 among n's children legal in the current
// state (those whose action is in w.buf), with a progressive bias towards
// the prior's ranking: the child the prior script chose first gets
// Bias/sqrt(visits+1) more, the next half that, and so on. The bias
// fades as visits come in, so the search departs from the doctrine only
// where its statistics say the departure is better by more than the
// noise of the dice.
//
// A child whose action the kit biases (Kit.ActionBias) gets the bias
// times its weight (MCTSConfig.KitBias) for as long as it is searched:
// what the kit knows of the action that the evaluation does not see (for
// 2 by 2, the lost charge of a volley that pins the attacker's infantry).
func (w *mctsWorker) selectChild(n int32) int32 {
	c, bias, kitBias, actionBias := w.m.cfg.C, w.m.cfg.Bias, w.m.kitBias, w.m.actionBias
	if w.prior == nil {
		bias = 0 // prior=none: the ranks are a random order
	}
	logN := math.Log(float64(w.nodes[n].visits + 1))
	best, bestU := int32(-1), math.Inf(-1)
	for k := w.nodes[n].first; k >= 0; k = w.nodes[k].sibling {
		nd := &w.nodes[k]
		if !w.legalNow(nd.action) {
			continue
		}
		u := math.Inf(1)
		if nd.visits > 0 {
			v := float64(nd.visits)
			u = nd.value/v + c*math.Sqrt(logN/v) + bias/(float64(nd.rank+1)*math.Sqrt(v+1))
			if kitBias > 0 {
				// bind leaves kitBias 0 without a hook. A bias of 0 adds
				// nothing, so a hook of -1 or 0 at weight w plays as the
				// old "u -= w" on the hook's actions, to the bit.
				if b := actionBias(w.scratch, &nd.action); b != 0 {
					u += kitBias * b
				}
			}
		}
		if u > bestU {
			best, bestU = k, u
		}
	}
	return best
}

// legalNow reports whether a is among the actions of the current state.
func (w *mctsWorker) legalNow(a engine.Action) bool {
	for i := range w.buf {
		if w.buf[i] == a {
			return true
		}
	}
	return false
}
