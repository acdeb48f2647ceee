package agents

import "github.com/grognard/grognard/engine"

// maxSetUpMemo is the most set-up scripts (Kit.SetUp) whose scoring the
// set-up memo records: a memo holds a fixed array, so a decision
// allocates nothing. A kit with more is searched without the memo.
const maxSetUpMemo = 3

// setUpMemo is what a set-up node's doctrines made of its actions, for
// the state whose hash it holds: for doctrine k, setUpSteps[start[k]:
// start[k+1]] are the steps of its argmax over the actions (a new best
// or a tie with the best so far), in the order the actions were scored.
// Replaying the steps draws the same tie-breaks from the doctrine's
// generator as scoring every action again would, at the cost of a few
// comparisons instead of hundreds of scorings.
type setUpMemo struct {
	hash  uint64
	start [maxSetUpMemo + 1]int32
}

// restrictSetUp narrows a set-up decision's actions in w.buf to those the
// doctrines would choose: a set-up offers hundreds of placements, most of
// them poor, and the issue asks the tree to weigh at least the doctrines'
// set-up plans. The doctrines' picks are kept in w.buf in doctrine order,
// without repeats.
//
// Scoring the hundreds of placements three times over on every descent
// through a set-up node took four fifths of a deployment decision's
// time, in the serial descent of a shared tree (1.2 s of 1.4 s for 1,600
// iterations). So node n's scoring is memorised as the steps of each
// doctrine's argmax (setUpMemo), and recallSetUp replays them when the
// search comes back to n in the same state: the same tie-breaks are
// drawn from the same generators, so the search is the same, only
// faster.
func (w *mctsWorker) restrictSetUp(n int32) {
	type setter interface{ SettingUp() bool }
	if s, ok := w.scratch.(setter); !ok || !s.SettingUp() || len(w.buf) <= 1 {
		return
	}
	if w.memoriseSetUp(n) {
		w.recallSetUp(n)
		return
	}
	w.picks = w.picks[:0]
	for _, sc := range w.setups {
		w.addPick(w.buf[sc.Pick(w.scratch, w.buf)])
	}
	w.buf = append(w.buf[:0], w.picks...)
}

// addPick adds a to w.picks unless it is there already.
func (w *mctsWorker) addPick(a engine.Action) {
	for _, b := range w.picks {
		if b == a {
			return
		}
	}
	w.picks = append(w.picks, a)
}

// memoriseSetUp scores the set-up actions in w.buf by each doctrine as
// its pick would, and records the steps of each argmax for node n. It
// reports false, recording nothing, when a doctrine cannot record its pick
// (stepScript) for this state, or when the memo could outgrow the tree's
// share of memory (an argmax records a step an action at most); their
// picks are then called as they are.
func (w *mctsWorker) memoriseSetUp(n int32) bool {
	if w.m.cfg.noSetUpMemo || len(w.setups) > maxSetUpMemo || !w.memoRoom(len(w.setups)*len(w.buf)) {
		return false
	}
	for _, sc := range w.setups {
		if _, ok := sc.(StepScript); !ok {
			return false
		}
	}
	memo := setUpMemo{hash: w.scratch.Hash()}
	mark := len(w.setUpSteps)
	for k, sc := range w.setups {
		memo.start[k] = int32(len(w.setUpSteps))
		var ok bool
		if w.setUpSteps, ok = sc.(StepScript).ArgmaxSteps(w.scratch, w.buf, w.setUpSteps); !ok {
			w.setUpSteps = w.setUpSteps[:mark]
			return false
		}
	}
	memo.start[len(w.setups)] = int32(len(w.setUpSteps))
	w.nodes[n].setUp = int32(len(w.setUps))
	w.setUps = append(w.setUps, memo)
	return true
}

// recallSetUp replays node n's memorised set-up choices into w.buf, each
// doctrine drawing its tie-breaks as its pick would, and reports whether
// there was a memo for the current state.
func (w *mctsWorker) recallSetUp(n int32) bool {
	k := w.nodes[n].setUp
	if k < 0 {
		return false
	}
	memo := &w.setUps[k]
	if memo.hash != w.scratch.Hash() {
		return false
	}
	w.picks = w.picks[:0]
	for d, sc := range w.setups {
		rng := sc.(StepScript).TieRNG()
		best, ties := 0, 0
		steps := w.setUpSteps[memo.start[d]:memo.start[d+1]]
		for i := range steps {
			if !steps[i].Tie {
				best, ties = i, 1
				continue
			}
			ties++
			if rng.IntN(ties) == 0 {
				best = i
			}
		}
		w.addPick(steps[best].Action)
	}
	w.buf = append(w.buf[:0], w.picks...)
	return true
}
