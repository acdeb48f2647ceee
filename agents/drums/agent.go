package drums

import (
	"context"
	"fmt"
	"time"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/drums"
)

// Agent plays one doctrine as a one-move agent: it looks no move ahead,
// scoring every legal action by the doctrine (Script) and playing the
// best. Asked to choose in a state of another ruleset, it fails
// (agents.NotForRuleset).
type Agent struct {
	sc  *Script
	buf []engine.Action
}

// NewAgent returns the one-move agent of doctrine d.
func NewAgent(d Doctrine, seed uint64) (*Agent, error) {
	sc, err := NewScript(d, seed)
	if err != nil {
		return nil, err
	}
	return &Agent{sc: sc, buf: make([]engine.Action, 0, 256)}, nil
}

// Name is the agent kind, drums-assault or drums-line.
func (a *Agent) Name() string { return a.sc.doc.AgentName() }

// Choose returns the doctrine's choice for side in st.
func (a *Agent) Choose(ctx context.Context, st engine.State, side engine.Player) (engine.Action, error) {
	if err := ctx.Err(); err != nil {
		return engine.Action{}, err
	}
	if _, ok := st.(*drums.State); !ok {
		return engine.Action{}, agents.NotForRuleset(a.Name(), drums.Name, st)
	}
	if err := agents.CheckAlternating(st, side); err != nil {
		return engine.Action{}, fmt.Errorf("agent %s: %w", a.Name(), err)
	}
	a.buf = st.Legal(a.buf[:0])
	if len(a.buf) == 0 {
		return engine.Action{}, fmt.Errorf("agent %s, %s to move: %w", a.Name(), st.ToMove(), agents.ErrNoLegalAction)
	}
	return a.buf[a.sc.Pick(st, a.buf)], nil
}

// ChooseExplained is Choose with every candidate's doctrine score.
func (a *Agent) ChooseExplained(ctx context.Context, st engine.State, side engine.Player) (engine.Action, *agents.Explanation, error) {
	start := time.Now()
	act, err := a.Choose(ctx, st, side)
	if err != nil {
		return act, nil, err
	}
	e := &agents.Explanation{Agent: a.Name(), Player: st.ToMove(), ScoreKind: "doctrine score",
		Note: "doctrine " + a.sc.doc.String() + "; one-move doctrine scores, equal scores broken at random"}
	cs := make([]agents.Candidate, len(a.buf))
	if len(a.buf) > 1 {
		a.sc.c.prepare(st.(*drums.State), a.buf)
	}
	for i := range a.buf {
		cs[i] = agents.Candidate{Action: a.buf[i], Text: st.DescribeAction(a.buf[i])}
		if len(a.buf) > 1 {
			cs[i].Score = a.sc.score(&a.buf[i])
		}
		if a.buf[i] == act {
			e.Chosen = cs[i]
		}
	}
	e.Candidates = agents.RankCandidates(cs)
	e.Elapsed = time.Since(start)
	return act, e, nil
}
