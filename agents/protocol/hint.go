package protocol

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/sourcegraph/conc/pool"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/agents/protocol/wire"
	"github.com/grognard/grognard/engine"
)

// Hints is what hint replies: the agent's best actions for the side to
// move (and, when asked, its plan for the rest of the turn).
type Hints struct {
	Side     string `json:"side"`
	Agent    string `json:"agent"`
	Hints    []Hint `json:"hints"`
	Plan     []Hint `json:"plan,omitempty"`
	Playouts int    `json:"playouts"`
	Note     string `json:"note"`
	// Explanation is the agent's own account of its choice: every
	// candidate it weighed with its value and visits.
	Explanation *agents.Explanation `json:"explanation"`
}

// Hint is one suggested action with what it is expected to bring.
type Hint struct {
	// By is empty for the side's own orders; in a plan, "dice" or the
	// other side's name marks what happens between them.
	By string `json:"by,omitempty"`
	// Dice are the values of a plan's die roll (By "dice").
	Dice []int `json:"dice,omitempty"`
	// Rank is 1 for the best (in a plan, the order's number).
	Rank   int           `json:"rank"`
	ID     int           `json:"id,omitempty"` // its number in legal (0 in a plan's later steps)
	Text   string        `json:"text"`
	Action engine.Action `json:"action"`
	// Value is the agent's own estimate in [-1, 1] for the side (search
	// mean value or doctrine score, as ScoreKind says).
	Value  float64 `json:"value"`
	Visits int     `json:"visits,omitempty"`
	// Win, Draw and Loss are the shares of playouts to the end of the game
	// after the action (after the whole plan, for a plan).
	Win  float64 `json:"win"`
	Draw float64 `json:"draw"`
	Loss float64 `json:"loss"`
}

// hintDoctrine plays both sides in the playouts that estimate
// win/draw/loss, and the other side in a plan: the ruleset kit's
// Opponent (for 2 by 2 its strongest doctrine), random where the kit
// names none.
func hintDoctrine(st engine.State) string {
	if k := agents.KitFor(st.Ruleset()); k != nil && k.Opponent != "" {
		return k.Opponent
	}
	return agents.RandomScript
}

// planBudgetShare is the share of the hint's budget (iterations,
// forward-model calls or time) each of the plan's later orders is searched
// with.
const planBudgetShare = 4

// scaledBudget is spec with each budget it names (iters, calls, time)
// divided by div, at least one iteration or call or a millisecond; a spec
// without a budget is returned as it is.
func scaledBudget(spec string, div int) (string, error) {
	_, params, err := agents.ParseSpec(spec)
	if err != nil {
		return "", err
	}
	kv := map[string]string{}
	for _, k := range budgetKeys {
		v, ok := params[k]
		if !ok {
			continue
		}
		if k == "time" {
			d, err := time.ParseDuration(v)
			if err != nil {
				return "", fmt.Errorf("agent %s: time %q is not a duration such as 500ms", spec, v)
			}
			kv[k] = max(d/time.Duration(div), time.Millisecond).String()
			continue
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return "", fmt.Errorf("agent %s: %s %q is not a whole number", spec, k, v)
		}
		kv[k] = strconv.FormatInt(max(n/int64(div), 1), 10)
	}
	if len(kv) == 0 {
		return spec, nil
	}
	return withBudget(spec, kv)
}

// maxPlan bounds a plan's own orders (a side gives at most a few per unit
// in a turn).
const maxPlan = 64

// HintConfig is what Hint is asked. NewHintConfig gives the protocol's
// defaults.
type HintConfig struct {
	// N is how many of the best actions to give, 1 to 50.
	N int
	// Playouts is how many games, 0 to 10000, are played to the end after
	// each to estimate its win/draw/loss.
	Playouts int
	// Plan adds the agent's orders for the rest of the turn.
	Plan bool
	// Explain adds the agent's account of its choice to the text.
	Explain bool
	// Side names the side advised ("": the side to move, or at a sealed
	// point the client's side that owes a choice).
	Side string
	// Agent is the agent spec that advises ("": the side's bot, or
	// DefaultBot for a human side).
	Agent string
	// Budget replaces the agent's own budget.
	Budget Budget
}

// The protocol's hint defaults and bounds.
const (
	defaultHints    = 3
	maxHints        = 50
	defaultPlayouts = 8
	maxPlayouts     = 10000
)

// NewHintConfig is hint's defaults: the 3 best actions, 8 playouts each.
func NewHintConfig() HintConfig { return HintConfig{N: defaultHints, Playouts: defaultPlayouts} }

// Hint answers hint: the best actions for the side to move by the agent,
// each with its estimated win/draw/loss (and with Plan, the orders for
// the rest of the turn); nothing is played. Data: Hints.
func (s *Session) Hint(ctx context.Context, cfg HintConfig) (Reply, error) {
	return s.guarded(ctx, "hint", func() (Reply, error) {
		if _, _, err := s.hintReady(cfg.Side, cfg.Plan); err != nil {
			return Reply{}, err
		}
		switch {
		case cfg.N < 1 || cfg.N > maxHints:
			return Reply{}, rangeError("n", strconv.Itoa(cfg.N), maxHints)
		case cfg.Playouts < 0 || cfg.Playouts > maxPlayouts:
			return Reply{}, playoutsError(strconv.Itoa(cfg.Playouts))
		}
		return s.hint(ctx, cfg)
	})
}

// playoutsError refuses a number of playouts, quoted as given.
func playoutsError(v string) error {
	return fmt.Errorf("playouts %q is not a whole number from 0 to %d", v, maxPlayouts)
}

// hintReady checks that a hint can be given now, for the side named
// (hintSide), and a plan if asked: it returns the game and the side.
func (s *Session) hintReady(named string, plan bool) (*game, engine.Player, error) {
	g, err := s.needGame()
	if err != nil {
		return nil, 0, err
	}
	if err := g.needDecision(); err != nil {
		return nil, 0, err
	}
	side, err := g.hintSide(named)
	if err != nil {
		return nil, 0, err
	}
	if g.st.ToMove() == engine.Both && plan {
		return nil, 0, wire.Errorf(wire.Unsupported, "a plan is not given for a sealed choice: what follows depends on the other side's hidden choice (ask for hint without plan)")
	}
	return g, side, nil
}

func (s *Session) cmdHint(ctx context.Context, args []string) (Reply, error) {
	if _, err := s.needGame(); err != nil {
		return Reply{}, err
	}
	kv, bare, err := keyValues(args, append([]string{"n", "agent", "playouts", "side"}, budgetKeys...)...)
	if err != nil {
		return Reply{}, err
	}
	c := NewHintConfig()
	c.Side, c.Agent, c.Budget = kv["side"], kv["agent"], budgetOf(kv)
	for _, w := range bare {
		switch strings.ToLower(w) {
		case "plan":
			c.Plan = true
		case "explain":
			c.Explain = true
		default:
			return Reply{}, fmt.Errorf("unexpected %q: hint takes n=N, plan, explain, agent=SPEC, iters=N, time=D, playouts=N and side=S", w)
		}
	}
	// The numbers are read after the checks of the position, which a
	// refusal names first.
	if _, _, err := s.hintReady(c.Side, c.Plan); err != nil {
		return Reply{}, err
	}
	if v, ok := kv["n"]; ok {
		if c.N, err = positiveInt("n", v, maxHints); err != nil {
			return Reply{}, err
		}
	}
	if v, ok := kv["playouts"]; ok {
		if c.Playouts, err = strconv.Atoi(v); err != nil || c.Playouts < 0 || c.Playouts > maxPlayouts {
			return Reply{}, playoutsError(v)
		}
	}
	return s.hint(ctx, c)
}

// hint gives the hints cfg asks for, its numbers checked.
func (s *Session) hint(ctx context.Context, cfg HintConfig) (Reply, error) {
	g, side, err := s.hintReady(cfg.Side, cfg.Plan)
	if err != nil {
		return Reply{}, err
	}
	n, playouts, plan, explain := cfg.N, cfg.Playouts, cfg.Plan, cfg.Explain
	kv := cfg.Budget.keys()
	spec := cfg.Agent
	if spec == "" {
		spec = g.cfg.sides[side]
		if spec == "human" {
			spec = DefaultBot
		}
	}
	if spec, err = withBudget(spec, kv); err != nil {
		return Reply{}, err
	}
	if err := s.cfg.Limits.CheckSpec(spec); err != nil {
		return Reply{}, err
	}
	if err := s.cfg.Limits.checkHintPlayouts(n, playouts); err != nil {
		return Reply{}, err
	}
	done, err := g.search(ctx)
	if err != nil {
		return Reply{}, err
	}
	defer done()
	// The agent, and every playout after a suggestion, sees the state as
	// side may: at a sealed point the other side's choice stays hidden,
	// from the agent's seed too.
	view := engine.ViewFor(g.st, side)
	a, err := agents.New(spec, g.agentSeed(int(side))^view.Hash())
	if err != nil {
		return Reply{}, err
	}
	defer agents.Close(a)
	x, ok := a.(agents.Explainer)
	if !ok {
		return Reply{}, fmt.Errorf("agent %s cannot explain its choices, so it cannot give hints", spec)
	}
	_, why, err := x.ChooseExplained(ctx, view.Clone(), side)
	if err != nil {
		return Reply{}, wire.Errorf(wire.AgentFailed, "%s could not choose: %w", spec, err)
	}
	info := Hints{Side: g.sideName(int(side)), Agent: spec, Playouts: playouts, Explanation: why,
		Note: fmt.Sprintf("value: %s by %s; win/draw/loss: %d playouts to the end of the game with %s for both sides", why.ScoreKind, spec, playouts, hintDoctrine(g.st))}
	legal := g.legal(side)
	// The agent's own choice comes first, whatever order its candidates
	// are listed in, so that hint 1 is what genmove would play.
	cands := []agents.Candidate{why.Chosen}
	for _, c := range why.Candidates {
		if c.Action != why.Chosen.Action {
			cands = append(cands, c)
		} else {
			cands[0] = c
		}
	}
	for k, c := range cands {
		if k == n {
			break
		}
		e := Hint{Rank: k + 1, ID: indexOf(legal, c.Action), Text: c.Text, Action: c.Action, Value: agents.Finite(c.Score), Visits: c.Visits}
		after := view.Clone()
		if err := engine.Play(after, side, c.Action); err != nil {
			return Reply{}, wire.Errorf(wire.AgentFailed, "%s suggested an action the rules refuse: %w", spec, err)
		}
		if e.Win, e.Draw, e.Loss, err = g.outlook(ctx, after, side, playouts, uint64(k)); err != nil {
			return Reply{}, err
		}
		info.Hints = append(info.Hints, e)
	}
	if plan {
		// The plan's later orders are a sketch of the turn, searched on
		// a quarter of the hint's budget: a full search for each of a
		// dozen orders made a plan take many times a decision's time.
		later, err := scaledBudget(spec, planBudgetShare)
		if err != nil {
			return Reply{}, err
		}
		pa, err := agents.New(later, g.agentSeed(int(side))^g.st.Hash())
		if err != nil {
			return Reply{}, err
		}
		defer agents.Close(pa)
		if info.Plan, err = g.plan(ctx, pa, why.Chosen.Action, side, playouts); err != nil {
			return Reply{}, err
		}
		info.Note += fmt.Sprintf("; the plan's later orders by %s", later)
	}
	text := info.text(why)
	if explain {
		text += "\n" + why.String()
	}
	return Reply{Text: text, Data: info}, nil
}

// plan follows the agent's choices for side through the rest of the
// half-turn (the phasing side's move, the enemy's shooting, the melees),
// starting with first. Dice are rolled from a stream fixed by the
// position, and the other side's decisions (a charge response, its shots)
// are played by the hint doctrine; both are listed as the plan's context.
// It stops when the next side's turn begins, the game ends, or after
// maxPlan of side's own orders.
func (g *game) plan(ctx context.Context, a agents.Agent, first engine.Action, side engine.Player, playouts int) ([]Hint, error) {
	st := g.st.Clone()
	half := func(s engine.State) [2]int {
		p, ok := s.(engine.Phaser)
		if !ok {
			return [2]int{s.Turn(), int(s.ToMove())}
		}
		return [2]int{s.Turn(), int(p.TurnOf())}
	}
	start := half(st)
	enemy, err := agents.New(hintDoctrine(st), g.agentSeed(int(side.Other())))
	if err != nil {
		return nil, err
	}
	var dice rand.PCG
	dice.Seed(st.Hash(), 0x706c616e)
	var out []Hint
	own := 0
	for steps := 0; steps < 10*maxPlan && own < maxPlan && !st.Terminal() && half(st) == start; steps++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if st.ToMove() == engine.Chance {
			d := engine.RollWith(&dice, st.PendingRoll())
			out = append(out, Hint{By: "dice", Text: fmt.Sprintf("%s: %v", st.DescribeRoll(), d.Values()), Dice: diceInts(d)})
			if err := st.ApplyDice(d); err != nil {
				return nil, err
			}
			continue
		}
		var act engine.Action
		e := Hint{}
		switch {
		case st.ToMove() != side:
			if act, err = enemy.Choose(ctx, st.Clone(), st.ToMove()); err != nil {
				return nil, err
			}
			e.By = g.sideName(int(st.ToMove()))
		case own == 0:
			act = first
			e.ID = indexOf(g.legal(side), act)
		default:
			if act, err = a.Choose(ctx, st.Clone(), side); err != nil {
				return nil, fmt.Errorf("plan step %d: %w", own+1, err)
			}
		}
		if e.By == "" {
			own++
			e.Rank = own
		}
		e.Text, e.Action = st.DescribeAction(act), act
		if err := st.Apply(act); err != nil {
			return nil, fmt.Errorf("plan step %d was refused: %w", own, err)
		}
		out = append(out, e)
	}
	if len(out) > 0 {
		w, d, l, err := g.outlook(ctx, st, side, playouts, 1<<32)
		if err != nil {
			return nil, err
		}
		last := &out[len(out)-1]
		last.Win, last.Draw, last.Loss = w, d, l
	}
	return out, nil
}

// outlook plays playouts games from st to the end with the hint doctrine
// on both sides and returns side's shares of wins, draws and losses. The
// games are played at once, one a core: they were most of hint's time
// (five hints of 32 games took 15 s one after another). Each game has its
// own dice and doctrine seeds, from salt and its number alone, and the
// results are counted by number, so the shares do not depend on which
// core played what.
func (g *game) outlook(ctx context.Context, st engine.State, side engine.Player, playouts int, salt uint64) (w, d, l float64, err error) {
	if playouts == 0 {
		return 0, 0, 0, nil
	}
	scores := make([]float64, playouts)
	hash := st.Hash()
	threads := runtime.GOMAXPROCS(0)
	if g.threads > 0 {
		threads = min(threads, g.threads)
	}
	workers := pool.New().WithErrors().WithMaxGoroutines(min(playouts, threads))
	for p := range playouts {
		// Each game its own copy, made here: the games share nothing.
		scratch := st.Clone()
		workers.Go(func() error {
			var err error
			scores[p], err = g.playOut(ctx, scratch, hash, side, salt, uint64(p))
			return err
		})
	}
	if err := workers.Wait(); err != nil {
		return 0, 0, 0, err
	}
	var wins, draws int
	for _, sc := range scores {
		switch sc {
		case 1:
			wins++
		case 0.5:
			draws++
		}
	}
	n := float64(playouts)
	return float64(wins) / n, float64(draws) / n, float64(playouts-wins-draws) / n, nil
}

// playOut plays game p of an outlook from scratch (the position whose
// hash is hash) to the end, the hint doctrine on both sides, and returns
// side's score.
func (g *game) playOut(ctx context.Context, scratch engine.State, hash uint64, side engine.Player, salt, p uint64) (float64, error) {
	var bots [2]agents.Agent
	for k := range 2 {
		var err error
		if bots[k], err = agents.New(hintDoctrine(scratch), engine.SplitMix64(g.agentSeed(k)^salt)+p); err != nil {
			return 0, err
		}
	}
	var dice rand.PCG
	dice.Seed(hash^salt, p)
	for steps := 0; !scratch.Terminal() && steps < 100000; steps++ {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		if scratch.ToMove() == engine.Chance {
			if err := scratch.ApplyDice(engine.RollWith(&dice, scratch.PendingRoll())); err != nil {
				return 0, err
			}
			continue
		}
		// Each side that decides chooses on its own view, so a sealed
		// choice made first is hidden from the one made second.
		var deciders [2]engine.Player
		for _, p := range engine.Deciders(scratch, deciders[:0]) {
			act, err := bots[p].Choose(ctx, engine.ViewFor(scratch, p), p)
			if err != nil {
				return 0, err
			}
			if err := engine.Play(scratch, p, act); err != nil {
				return 0, err
			}
		}
	}
	return scratch.Result().Score(side), nil
}

func (h *Hints) text(why *agents.Explanation) string {
	var b strings.Builder
	fmt.Fprintf(&b, "hints for %s by %s", h.Side, h.Agent)
	if why.Iterations > 0 {
		fmt.Fprintf(&b, " (%d iterations, %v)", why.Iterations, why.Elapsed.Round(1e6))
	}
	b.WriteString("\n")
	entry := func(e Hint, showOutlook bool) {
		id := ""
		if e.ID > 0 {
			id = fmt.Sprintf(" [play %d]", e.ID)
		}
		fmt.Fprintf(&b, "%2d. %s%s\n", e.Rank, e.Text, id)
		if !showOutlook {
			return
		}
		fmt.Fprintf(&b, "    value %+.2f", e.Value)
		if e.Visits > 0 {
			fmt.Fprintf(&b, ", %d visits", e.Visits)
		}
		if h.Playouts > 0 {
			fmt.Fprintf(&b, "; win %.0f%%, draw %.0f%%, loss %.0f%%", 100*e.Win, 100*e.Draw, 100*e.Loss)
		}
		b.WriteString("\n")
	}
	for _, e := range h.Hints {
		entry(e, true)
	}
	if len(h.Plan) > 0 {
		b.WriteString("plan for the rest of the turn (dice as they might fall, the enemy as the doctrine would play):\n")
		for k, e := range h.Plan {
			if e.By != "" {
				fmt.Fprintf(&b, "      (%s: %s)\n", e.By, e.Text)
			} else {
				entry(e, false)
			}
			if k == len(h.Plan)-1 && h.Playouts > 0 {
				fmt.Fprintf(&b, "    after the plan: win %.0f%%, draw %.0f%%, loss %.0f%%\n", 100*e.Win, 100*e.Draw, 100*e.Loss)
			}
		}
	}
	b.WriteString(h.Note)
	return b.String()
}

// hintSide is the side a hint advises: the side to move, or at a sealed
// point the side named, else the client's side that owes its choice, else
// the first that owes one.
func (g *game) hintSide(named string) (engine.Player, error) {
	var buf [2]engine.Player
	deciders := engine.Deciders(g.st, buf[:0])
	if named != "" {
		k, err := g.parseSide(named)
		if err != nil {
			return 0, err
		}
		for _, p := range deciders {
			if p == engine.Player(k) {
				return p, nil
			}
		}
		if g.st.ToMove() == engine.Both {
			return 0, wire.Errorf(wire.NotYourTurn, "%s has no choice to make now (%s): hints are for the decision at hand", g.sideName(k), g.owesText())
		}
		return 0, wire.Errorf(wire.NotYourTurn, "%s is not to move (%s is): hints are for the decision at hand", g.sideName(k), g.toMoveName())
	}
	if len(deciders) == 0 {
		return 0, g.noSealed()
	}
	for _, p := range deciders {
		if g.human(p) {
			return p, nil
		}
	}
	return deciders[0], nil
}

// indexOf is a's number in legal (1-based), or 0 when it is not there.
func indexOf(legal []engine.Action, a engine.Action) int {
	for k, la := range legal {
		if la == a {
			return k + 1
		}
	}
	return 0
}

// PlanArrows are the arrows that draw a plan given for position st: its
// side's orders after the first (which the hints already draw as "1"),
// labelled "p2", "p3"..., each drawn from the position it is given in
// (the plan's dice and enemy replies played between them) so it starts
// where its unit then stands. A step the rules refuse ends the drawing
// there: the plan was made for another position.
func PlanArrows(st engine.State, plan []Hint) []engine.Arrow {
	if len(plan) < 2 {
		return nil
	}
	var out []engine.Arrow
	cur := st.Clone()
	for k, e := range plan {
		if e.By == "dice" {
			if cur.ApplyDice(engine.NewDice(e.Dice...)) != nil {
				break
			}
			continue
		}
		if k > 0 && e.By == "" {
			out = append(out, engine.Arrow{Action: e.Action, Label: "p" + strconv.Itoa(e.Rank), From: cur.Clone()})
		}
		if cur.Apply(e.Action) != nil {
			break
		}
	}
	return out
}
