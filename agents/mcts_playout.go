package agents

import "github.com/grognard/grognard/engine"

// rollChance applies dice while chance is to move.
func (w *mctsWorker) rollChance() {
	for !w.scratch.Terminal() && w.scratch.ToMove() == engine.Chance {
		if err := w.scratch.ApplyDice(engine.RollWith(&w.dice, w.scratch.PendingRoll())); err != nil {
			return
		}
		w.calls++
	}
}

// playout follows the doctrine for up to PlayoutDepth decisions and
// returns the value for side 0: the result of a finished game, else the
// evaluation.
func (w *mctsWorker) playout() float64 {
	for d := 0; d < w.m.cfg.PlayoutDepth; d++ {
		w.rollChance()
		if w.scratch.Terminal() {
			break
		}
		w.buf = legalNext(w.scratch, w.buf[:0])
		if len(w.buf) == 0 {
			// Legal lists nothing at a sealed point: the sides choose
			// through LegalFor (checked only here, off the hot path).
			if w.scratch.ToMove() == engine.Both && w.sealedPlayout() {
				continue
			}
			break
		}
		if err := w.scratch.Apply(w.buf[w.policy.Pick(w.scratch, w.buf)]); err != nil {
			break
		}
		w.calls++
	}
	w.rollChance()
	if w.scratch.Terminal() {
		return 2*w.scratch.Result().Score(0) - 1
	}
	return w.m.evaluate(w.scratch)
}
