package agents

import (
	"context"
	"time"

	"github.com/sourcegraph/conc"
	"github.com/sourcegraph/conc/panics"

	"github.com/grognard/grognard/engine"
)

// thinkShared grows the tree every worker shares from st until a budget
// runs out. Each lane (m.workers: lanesPerWorker a worker, each with its
// own state, scripts, generators and dice) descends to a leaf, marks its
// path with a virtual loss, so that the next lane's descent prefers other
// leaves, and hands its playout to Workers runner goroutines. This
// goroutine takes the lanes back in a fixed cycle: it waits for lane k's
// playout, backs its value up, and sends lane k down again, while the
// runners play the other lanes' playouts. Descents and backups happen in
// one order whatever the scheduling, and a playout depends on its lane
// alone, so the tree, and the choice, do not depend on which goroutine
// ran what. A lane waited for holds up only itself: the runners go on
// with the lanes queued behind it, which a batch that waited for its
// longest playout could not. A playout's panic is raised again here.
func (m *MCTS) thinkShared(ctx context.Context, st engine.State, iters int, calls int64, deadline time.Time) {
	lead := m.workers[0]
	for k, wk := range m.workers {
		wk.begin(st, m.workerSeed(k))
		wk.common = m.workerSeed(0)
		wk.busy, wk.known = false, 0
	}
	lead.plant(st, m.cfg.Reuse)
	var caught panics.Catcher
	work := make(chan *mctsWorker, len(m.workers))
	var runners conc.WaitGroup
	for range m.cfg.Workers {
		runners.Go(func() {
			for wk := range work {
				caught.Try(wk.playoutValue)
				wk.done <- struct{}{}
			}
		})
	}
	start := time.Now()
	done, used, busy, stopped := 0, int64(0), 0, false
	for k := 0; ; k = (k + 1) % len(m.workers) {
		wk := m.workers[k]
		if wk.busy {
			<-wk.done
			wk.busy = false
			busy--
			wk.backup(wk.value, true)
		}
		// A lane's calls are read only while no runner plays it.
		used += wk.calls - wk.known
		wk.known = wk.calls
		if !stopped && (caught.Recovered() != nil || lead.spent(ctx, &m.cfg, start, done, done, used, iters, calls, deadline)) {
			stopped = true
		}
		if !stopped {
			done++
			wk.iters++
			if wk.descend(st) {
				wk.addVirtualLoss()
				wk.busy = true
				busy++
				work <- wk
			}
		}
		if stopped && busy == 0 {
			break
		}
	}
	close(work)
	runners.Wait()
	caught.Repanic()
}

// lanesPerWorker is the number of playouts a worker of a shared tree has
// in flight: more lanes keep the runners busy while the driver waits for
// a long playout, fewer keep the tree's statistics fresher. Two ran 1.9
// and 2.0 times one worker's iterations a second (opening, crowded);
// three and four no more, one 1.5 and 1.8 times.
const lanesPerWorker = 2

// addVirtualLoss counts a visit and a virtual loss (MCTSConfig.VirtualLoss)
// on every node of w.path, for the playout still to come (see thinkShared).
func (w *mctsWorker) addVirtualLoss() {
	loss := w.m.cfg.VirtualLoss
	for _, k := range w.path {
		w.nodes[k].visits++
		w.nodes[k].value -= loss
	}
}

// playoutValue runs a playout from w.scratch and keeps its value in
// w.value, for a helper goroutine of thinkShared.
func (w *mctsWorker) playoutValue() { w.value = w.playout() }
