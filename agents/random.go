package agents

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/grognard/grognard/engine"
)

// Random picks uniformly among the legal actions. It is the baseline every
// other agent must beat, and the fastest way to drive a ruleset through
// strange positions.
type Random struct {
	pcg rand.PCG
	rng *rand.Rand
	buf []engine.Action
}

// NewRandom returns a random agent whose choices depend only on seed and
// on the states it is shown, so that games replay exactly.
func NewRandom(seed uint64) *Random {
	r := &Random{buf: make([]engine.Action, 0, 256)}
	r.pcg.Seed(seed, engine.SplitMix64(seed))
	r.rng = rand.New(&r.pcg)
	return r
}

// Name is "random": the agent takes no parameters.
func (r *Random) Name() string { return "random" }

// Choose draws one of st's legal actions. The action buffer is kept
// between calls so that, once it has grown to the largest list seen, a
// choice allocates nothing.
func (r *Random) Choose(ctx context.Context, st engine.State, side engine.Player) (engine.Action, error) {
	if err := ctx.Err(); err != nil {
		return engine.Action{}, err
	}
	if err := CheckSide(st, side); err != nil {
		return engine.Action{}, fmt.Errorf("random agent: %w", err)
	}
	r.buf = engine.LegalFor(st, side, r.buf[:0])
	if len(r.buf) == 0 {
		return engine.Action{}, fmt.Errorf("random agent, %s to choose: %w", side, ErrNoLegalAction)
	}
	return r.buf[r.rng.IntN(len(r.buf))], nil
}

// ChooseExplained chooses as Choose does; every legal action is a
// candidate with the same probability.
func (r *Random) ChooseExplained(ctx context.Context, st engine.State, side engine.Player) (engine.Action, *Explanation, error) {
	a, err := r.Choose(ctx, st, side)
	if err != nil {
		return a, nil, err
	}
	p := 1 / float64(len(r.buf))
	cs := make([]Candidate, len(r.buf))
	for i, b := range r.buf {
		cs[i] = Candidate{Action: b, Text: st.DescribeAction(b), Score: p}
	}
	return a, &Explanation{
		Agent: r.Name(), Player: st.ToMove(), ScoreKind: "probability",
		Chosen: Candidate{Action: a, Text: st.DescribeAction(a), Score: p}, Candidates: RankCandidates(cs),
		Note: fmt.Sprintf("uniform over %d legal actions", len(r.buf)),
	}, nil
}
