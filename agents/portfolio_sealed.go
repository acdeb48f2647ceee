package agents

import (
	"context"
	"fmt"
	"time"

	"github.com/grognard/grognard/engine"
)

// A sealed simultaneous choice (engine.Sealed) has no unit to assign a
// script to: the portfolio scores each of its side's choices by paired
// playouts in which the other side, which owes its own choice unseen,
// picks by the enemy script, and play goes on under the current
// assignment; the best mean is played. The enemy's pick is made from the
// same position, never from the side's choice, as the rules seal it.

// sealedChoice chooses side's sealed choice at st within the budget.
func (p *Portfolio) sealedChoice(ctx context.Context, st engine.State, side engine.Player, explain bool) (engine.Action, *Explanation, error) {
	start := time.Now()
	p.root = engine.LegalFor(st, side, p.root[:0])
	if len(p.root) == 0 {
		return engine.Action{}, nil, fmt.Errorf("portfolio agent, %s to choose: %w", side, ErrNoLegalAction)
	}
	if len(p.root) == 1 && !explain {
		return p.root[0], nil, nil
	}
	if p.scratch == nil {
		p.scratch = st.Clone()
	}
	p.calls, p.playout = 0, 0
	b := p.cfg.Budget
	var deadline time.Time
	if b.Time > 0 {
		deadline = start.Add(b.Time)
	}
	// The sums are kept between decisions: a choice allocates nothing
	// once they have grown, and nothing grows with the budget.
	p.sums = append(p.sums[:0], make([]float64, len(p.root))...)
	sums := p.sums
	rounds := 0
	for round := uint64(0); ; round++ {
		for i := range p.root {
			sums[i] += p.score(st, side, &p.root[i], round)
		}
		rounds++
		if b.Iterations > 0 && p.playout >= int64(b.Iterations) || b.Calls > 0 && p.calls >= b.Calls ||
			!deadline.IsZero() && !time.Now().Before(deadline) || ctx.Err() != nil || b.IsZero() {
			break
		}
	}
	if err := ctx.Err(); err != nil {
		return engine.Action{}, nil, err
	}
	best := 0
	for i := range sums {
		if sums[i] > sums[best] {
			best = i
		}
	}
	if !explain {
		return p.root[best], nil, nil
	}
	cs := make([]Candidate, len(p.root))
	for i, a := range p.root {
		cs[i] = Candidate{Action: a, Text: st.DescribeAction(a), Score: sums[i] / float64(rounds), Visits: rounds * p.cfg.Playouts}
	}
	return p.root[best], &Explanation{Agent: p.Name(), Player: side, ScoreKind: "mean value", Chosen: cs[best],
		Candidates: RankCandidates(cs), Iterations: int(p.playout), Calls: p.calls, Elapsed: time.Since(start),
		Note: fmt.Sprintf("a sealed choice: each of the side's choices scored by %d paired playouts, the other side choosing unseen by the %s script", rounds*p.cfg.Playouts, p.enemyName)}, nil
}

// playFirst plays side's action a on the scratch state, the first step
// of a playout: at a sealed point side commits a and every other side that
// owes a choice picks its own by the enemy script, unseen.
func (p *Portfolio) playFirst(side engine.Player, a engine.Action) error {
	if p.scratch.ToMove() != engine.Both {
		if err := p.scratch.Apply(a); err != nil {
			return err
		}
		p.calls++
		return nil
	}
	var buf [2]engine.Player
	for _, q := range engine.Deciders(p.scratch, buf[:0]) {
		pick := a
		if q != side {
			p.buf = engine.LegalFor(p.scratch, q, p.buf[:0])
			if len(p.buf) == 0 {
				continue
			}
			pick = p.buf[p.enemy.Pick(p.scratch, p.buf)]
		}
		if err := engine.Play(p.scratch, q, pick); err != nil {
			return err
		}
		p.calls++
	}
	return nil
}

// playSealed plays a sealed point met in a playout: side by its first
// script, every other side by the enemy script. It reports false when no
// choice could be played.
func (p *Portfolio) playSealed(side engine.Player) bool {
	var buf [2]engine.Player
	played := false
	for _, q := range engine.Deciders(p.scratch, buf[:0]) {
		p.buf = engine.LegalFor(p.scratch, q, p.buf[:0])
		if len(p.buf) == 0 {
			return false
		}
		script := p.enemy
		if q == side {
			script = p.scripts[p.sideScript]
		}
		if engine.Play(p.scratch, q, p.buf[script.Pick(p.scratch, p.buf)]) != nil {
			return false
		}
		p.calls++
		played = true
	}
	return played
}
