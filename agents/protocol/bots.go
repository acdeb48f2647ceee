package protocol

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
)

// ---- bots: genmove and advance ----

// Budget replaces an agent's own search budget for one request: each
// field not "" is the agent spec's value for that key (iters=N, calls=N,
// time=D), and all three of the spec's are dropped when any is given.
type Budget struct {
	Iters, Calls, Time string
}

// budgetKeys are the keys genmove and hint take to change a search's budget.
var budgetKeys = []string{"iters", "calls", "time"}

// budgetOf reads the budget keys of kv.
func budgetOf(kv map[string]string) Budget {
	return Budget{Iters: kv["iters"], Calls: kv["calls"], Time: kv["time"]}
}

// keys is the budget as key=value pairs, only the keys given.
func (b Budget) keys() map[string]string {
	kv := map[string]string{}
	for k, v := range [...]string{b.Iters, b.Calls, b.Time} { // budgetKeys' order
		if v != "" {
			kv[budgetKeys[k]] = v
		}
	}
	return kv
}

// BotMoveConfig is what BotMove is asked.
type BotMoveConfig struct {
	// Side names the side the bot chooses for ("": the side to move, or
	// at a sealed point a bot side that owes a choice).
	Side string
	// Agent is the agent spec that chooses ("": the side's bot, or
	// DefaultBot for a human side).
	Agent string
	// Budget replaces the agent's own budget.
	Budget Budget
	// Explain adds the candidates the agent weighed.
	Explain bool
}

// BotMove answers genmove: a bot chooses an action for a side and plays
// it, from that side's view. Data: the Step with what comes next.
func (s *Session) BotMove(ctx context.Context, cfg BotMoveConfig) (Reply, error) {
	return s.guarded(ctx, "genmove", func() (Reply, error) { return s.botMove(ctx, cfg) })
}

func (s *Session) botMove(ctx context.Context, c BotMoveConfig) (Reply, error) {
	g, err := s.needGame()
	if err != nil {
		return Reply{}, err
	}
	if err := g.needDecision(); err != nil {
		return Reply{}, err
	}
	side, err := g.botDecider(c.Side)
	if err != nil {
		return Reply{}, err
	}
	spec := c.Agent
	if spec == "" {
		spec = g.cfg.sides[side]
		if spec == "human" {
			spec = DefaultBot
		}
	}
	spec, err = withBudget(spec, c.Budget.keys())
	if err != nil {
		return Reply{}, err
	}
	if err := s.cfg.Limits.CheckSpec(spec); err != nil {
		return Reply{}, err
	}
	step, err := g.botMove(ctx, side, spec, c.Explain)
	if err != nil {
		return Reply{}, err
	}
	return g.stepReply(step), nil
}

func (s *Session) cmdGenmove(ctx context.Context, args []string) (Reply, error) {
	if _, err := s.needGame(); err != nil {
		return Reply{}, err
	}
	kv, bare, err := keyValues(args, append([]string{"agent", "side"}, budgetKeys...)...)
	if err != nil {
		return Reply{}, err
	}
	c := BotMoveConfig{Side: kv["side"], Agent: kv["agent"], Budget: budgetOf(kv)}
	for _, w := range bare {
		if strings.ToLower(w) != "explain" {
			return Reply{}, fmt.Errorf("unexpected %q: genmove takes side=S, agent=SPEC, iters=N, calls=N, time=D and explain", w)
		}
		c.Explain = true
	}
	return s.botMove(ctx, c)
}

// DefaultBot plays genmove for a human side and gives hints when no agent
// is named, and is the opponent of 'grognard play' and the adviser of
// 'grognard hint': MCTS at 1,600 iterations with two workers on one shared
// tree and no virtual loss, a quarter to half a second a decision on two
// cores. It takes an eighth more time a decision than two trees of 800
// (root parallelism) and chooses much better: in the regret probe of
// docs/agents.md its mean regret was 0.0037 against root parallelism's
// 0.0097 at the same budget and one worker's 0.0062 at 1,600.
const DefaultBot = "mcts:iters=1600,workers=2,parallel=tree,vloss=0"

// withBudget returns spec with the budget keys of kv in place of its own.
func withBudget(spec string, kv map[string]string) (string, error) {
	name, params, err := agents.ParseSpec(spec)
	if err != nil {
		return "", err
	}
	over := false
	for _, k := range budgetKeys {
		if _, ok := kv[k]; ok {
			over = true
		}
	}
	if !over {
		return spec, nil
	}
	for _, k := range budgetKeys {
		delete(params, k)
		if v, ok := kv[k]; ok {
			params[k] = v
		}
	}
	parts := make([]string, 0, len(params))
	for _, k := range slices.Sorted(maps.Keys(params)) {
		parts = append(parts, k+"="+params[k])
	}
	if len(parts) == 0 {
		return name, nil
	}
	return name + ":" + strings.Join(parts, ","), nil
}

// Advance is what advance reports: the steps played and why it stopped
// ("human: ...", "dice: ...", "game over: ..." or "played max=N steps").
type Advance struct {
	Steps   []Step `json:"steps"`
	Stopped string `json:"stopped"`
	ToMove  string `json:"to_move"`
}

// maxAdvance is the most steps one advance plays.
const maxAdvance = 1000000

// defaultAdvance is the steps advance plays when not told how many: more
// than any game has.
const defaultAdvance = 100000

// Advance answers advance: the bots move and (with automatic dice) the
// program rolls until a human must act, a manual die is due, the game
// ends, or max steps are played (0: as many as it takes). Data: Advance.
func (s *Session) Advance(ctx context.Context, max int) (Reply, error) {
	return s.guarded(ctx, "advance", func() (Reply, error) { return s.advance(ctx, max) })
}

func (s *Session) advance(ctx context.Context, max int) (Reply, error) {
	g, err := s.needGame()
	if err != nil {
		return Reply{}, err
	}
	switch {
	case max == 0:
		max = defaultAdvance
	case max < 0 || max > maxAdvance:
		return Reply{}, rangeError("max", strconv.Itoa(max), maxAdvance)
	}
	info := Advance{Steps: []Step{}}
	for len(info.Steps) < max {
		if info.Stopped = g.waitingFor(); info.Stopped != "" {
			break
		}
		var step Step
		if g.st.ToMove() == engine.Chance {
			step, err = g.applyDice(g.roll())
		} else {
			side, derr := g.botDecider("")
			if derr != nil {
				return Reply{}, derr
			}
			step, err = g.botMove(ctx, side, g.cfg.sides[side], false)
		}
		if err != nil {
			// The request's guard takes back the steps already played,
			// as for any failed request.
			return Reply{}, fmt.Errorf("advance stopped after %d steps: %w", len(info.Steps), err)
		}
		info.Steps = append(info.Steps, step)
	}
	if info.Stopped == "" {
		info.Stopped = fmt.Sprintf("played max=%d steps", max)
	}
	info.ToMove = g.toMoveName()
	var b strings.Builder
	for _, st := range info.Steps {
		fmt.Fprintf(&b, "%s: %s\n", st.Player, st.line())
	}
	fmt.Fprintf(&b, "stopped: %s", info.Stopped)
	return Reply{Text: b.String(), Data: info}, nil
}

func (s *Session) cmdAdvance(ctx context.Context, args []string) (Reply, error) {
	if _, err := s.needGame(); err != nil {
		return Reply{}, err
	}
	kv, bare, err := keyValues(args, "max")
	if err != nil {
		return Reply{}, err
	}
	if len(bare) > 0 {
		return Reply{}, fmt.Errorf("advance takes max=N, got %q", bare[0])
	}
	max := 0
	if v, ok := kv["max"]; ok {
		if max, err = positiveInt("max", v, maxAdvance); err != nil {
			return Reply{}, err
		}
	}
	return s.advance(ctx, max)
}
