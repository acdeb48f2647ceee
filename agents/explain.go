package agents

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/grognard/grognard/engine"
)

// Budget limits the thinking of one decision. A zero field is unset; an
// agent with every field unset uses its own default. With Iterations or
// Calls the choice depends only on the seed and the state (the budget is
// the same on any machine, which ladders need); with Time it depends on
// the machine's speed too.
type Budget struct {
	// Iterations is the number of search iterations (an MCTS simulation, a
	// portfolio playout).
	Iterations int `json:"iterations,omitempty"`
	// Calls is the number of forward-model calls (Apply and ApplyDice on a
	// copy of the state) the search may make.
	Calls int64 `json:"calls,omitempty"`
	// Time is the wall time the decision may take.
	Time time.Duration `json:"time,omitempty"`
}

// IsZero reports whether no limit is set.
func (b Budget) IsZero() bool { return b == Budget{} }

// String writes the budget as the spec keys that set it.
func (b Budget) String() string {
	var parts []string
	if b.Iterations > 0 {
		parts = append(parts, "iters="+strconv.Itoa(b.Iterations))
	}
	if b.Calls > 0 {
		parts = append(parts, "calls="+strconv.FormatInt(b.Calls, 10))
	}
	if b.Time > 0 {
		parts = append(parts, "time="+b.Time.String())
	}
	return strings.Join(parts, ",")
}

// budgetParams are the spec keys every searching agent accepts, with the
// number of iterations it searches when no budget is given.
func budgetParams(iters int) []Param {
	return []Param{
		{Name: "iters", Default: strconv.Itoa(iters), Doc: "search iterations per decision (deterministic for a seed)"},
		{Name: "calls", Default: "none", Doc: "forward-model calls (state applies) per decision (deterministic for a seed)"},
		{Name: "time", Default: "none", Doc: "wall time per decision, such as 200ms or 1s; the search stops at the first budget spent"},
	}
}

// parseBudget reads the budget keys of a spec.
func parseBudget(params map[string]string) (Budget, error) {
	var b Budget
	if v, ok := params["iters"]; ok {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			return b, fmt.Errorf("iters %q is not a positive whole number", v)
		}
		b.Iterations = n
	}
	if v, ok := params["calls"]; ok {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			return b, fmt.Errorf("calls %q is not a positive whole number", v)
		}
		b.Calls = n
	}
	if v, ok := params["time"]; ok {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return b, fmt.Errorf("time %q is not a positive duration such as 500ms or 2s", v)
		}
		b.Time = d
	}
	return b, nil
}

// Candidate is one action an agent weighed.
type Candidate struct {
	Action engine.Action `json:"action"`
	// Text describes the action for a person.
	Text string `json:"text"`
	// Score is the agent's own measure of the action: a doctrine's score,
	// or a search's mean value for the side to move in [-1, 1].
	Score float64 `json:"score"`
	// Visits is how often a search tried the action (0 for agents that do
	// not search).
	Visits int `json:"visits,omitempty"`
}

// Explanation says how an agent chose: the candidates it weighed, best
// first, and what the search cost.
type Explanation struct {
	Agent      string        `json:"agent"`
	Player     engine.Player `json:"player"`
	Chosen     Candidate     `json:"chosen"`
	Candidates []Candidate   `json:"candidates"`
	// ScoreKind says what Score means: "doctrine score", "mean value", ...
	ScoreKind  string        `json:"score_kind"`
	Iterations int           `json:"iterations,omitempty"`
	Calls      int64         `json:"calls,omitempty"`
	Elapsed    time.Duration `json:"elapsed_ns"`
	// Note is anything else worth saying (the doctrine, the budget).
	Note string `json:"note,omitempty"`
}

// MarshalJSON writes the explanation with NaN scores as null.
func (e *Explanation) MarshalJSON() ([]byte, error) {
	type plain Explanation
	c := plain(*e)
	c.Chosen.Score = Finite(c.Chosen.Score)
	c.Candidates = append([]Candidate(nil), e.Candidates...)
	for i := range c.Candidates {
		c.Candidates[i].Score = Finite(c.Candidates[i].Score)
	}
	return json.Marshal(c)
}

// Finite is v, or 0 for NaN and infinities (a candidate never scored), as
// JSON and people read scores.
func Finite(v float64) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0
	}
	return v
}

// String is the explanation for a person: the chosen action, then the
// candidates in order with their scores and visits.
func (e *Explanation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s chose: %s (%s %.3f", e.Agent, e.Chosen.Text, e.ScoreKind, e.Chosen.Score)
	if e.Chosen.Visits > 0 {
		fmt.Fprintf(&b, ", %d visits", e.Chosen.Visits)
	}
	b.WriteString(")\n")
	if e.Iterations > 0 || e.Calls > 0 {
		fmt.Fprintf(&b, "  search: %d iterations, %d forward-model calls, %v\n", e.Iterations, e.Calls, e.Elapsed.Round(time.Microsecond))
	}
	if e.Note != "" {
		fmt.Fprintf(&b, "  %s\n", e.Note)
	}
	for k, c := range e.Candidates {
		fmt.Fprintf(&b, "  %2d. %8.3f", k+1, c.Score)
		if c.Visits > 0 {
			fmt.Fprintf(&b, " %7d visits", c.Visits)
		}
		fmt.Fprintf(&b, "  %s\n", c.Text)
	}
	return b.String()
}

// Explainer is an agent that can say why it chose. Every built-in agent is
// one.
type Explainer interface {
	Agent
	// ChooseExplained chooses as Choose does (the same action for the same
	// seed and state) and also returns the explanation.
	ChooseExplained(ctx context.Context, st engine.State, side engine.Player) (engine.Action, *Explanation, error)
}

// maxCandidates bounds how many candidates an explanation lists.
const maxCandidates = 12

// RankCandidates sorts candidates best first (by visits, then score, then
// text, so the order is deterministic) and keeps the best maxCandidates.
func RankCandidates(cs []Candidate) []Candidate {
	sort.SliceStable(cs, func(i, j int) bool {
		if cs[i].Visits != cs[j].Visits {
			return cs[i].Visits > cs[j].Visits
		}
		if cs[i].Score != cs[j].Score {
			return cs[i].Score > cs[j].Score
		}
		return cs[i].Text < cs[j].Text
	})
	if len(cs) > maxCandidates {
		cs = cs[:maxCandidates]
	}
	return cs
}

// Explaining wraps an agent so that every choice it makes is explained to
// report (an agent that cannot explain is reported with its choice only).
// The wrapper keeps the agent's name, so records do not change.
func Explaining(a Agent, report func(*Explanation)) Agent {
	return &explaining{a: a, report: report}
}

type explaining struct {
	a      Agent
	report func(*Explanation)
}

func (x *explaining) Name() string { return x.a.Name() }

func (x *explaining) Choose(ctx context.Context, st engine.State, side engine.Player) (engine.Action, error) {
	act, e, err := x.ChooseExplained(ctx, st, side)
	if err == nil {
		x.report(e)
	}
	return act, err
}

func (x *explaining) ChooseExplained(ctx context.Context, st engine.State, side engine.Player) (engine.Action, *Explanation, error) {
	if ex, ok := x.a.(Explainer); ok {
		return ex.ChooseExplained(ctx, st, side)
	}
	start := time.Now()
	act, err := x.a.Choose(ctx, st, side)
	if err != nil {
		return act, nil, err
	}
	c := Candidate{Action: act, Text: st.DescribeAction(act)}
	return act, &Explanation{Agent: x.a.Name(), Player: st.ToMove(), Chosen: c, Candidates: []Candidate{c}, ScoreKind: "none", Elapsed: time.Since(start),
		Note: "this agent does not explain its choices"}, nil
}
