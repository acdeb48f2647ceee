package agents

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/grognard/grognard/engine"
)

// Portfolio is portfolio greedy search in the sequential form that
// unit-by-unit orders call for: each unit of the side to move is assigned
// a script from a portfolio of doctrines. A phase starts from the best
// uniform assignment (every unit on one script), the seed of portfolio
// greedy search. Each decision then improves the assignment for the unit
// whose orders are asked for: its candidates are the distinct actions its
// scripts choose, each scored by playouts in which it keeps that script,
// the other units keep theirs and the enemy plays one assumed script
// (PortfolioConfig.Enemy), cut off by the evaluation; the best is played
// and the unit keeps its script for the rest of the phase. Spending the
// budget on the decision at hand, and none where the scripts agree,
// played as strongly as improving every unit's script at every decision
// (the same 400 games against the assault doctrine: 56.9% and 56.1%) in
// about a quarter of the time; what made the search stronger was a
// script that disagrees with the doctrines more, greedy: 70.4% over 400
// games (docs/agents.md).
type Portfolio struct {
	cfg      PortfolioConfig
	seed     uint64
	scripts  []Script
	enemy    Script
	evaluate Evaluator
	// The pieces of the ruleset the agent was last bound to (bind): the
	// script and evaluation names in use, the kit's defaults filled in,
	// and the kit's unit hook (nil: every decision is the side's).
	bound           bool
	ruleset         string
	names           []string
	enemyName, eval string
	unitOf          func([]engine.Action) int

	pcg     rand.PCG
	dice    rand.PCG
	rng     *rand.Rand
	scratch engine.State
	buf     []engine.Action // playouts' actions
	root    []engine.Action // the decision's actions
	assign  []int           // script per unit index, for the side to move
	cands   []scriptCandidate
	sums    []float64 // a sealed choice's playout totals, by choice
	// sideScript is the script of the side's decisions that concern no
	// one unit.
	sideScript int
	// phaseKey identifies the phase the assignment was made in.
	phaseKey       phaseKey
	calls, playout int64
}

// PortfolioConfig holds the search's parameters.
type PortfolioConfig struct {
	Budget Budget
	// Horizon is the number of decisions a playout makes before the
	// evaluation scores it.
	Horizon int
	// Playouts is the number of playouts (with different dice) that score
	// one assignment.
	Playouts int
	// Scripts names the portfolio (Kit.Scripts, or RandomScript); the
	// first is every unit's script until the search finds better. Empty
	// is the ruleset kit's default portfolio (Kit.Portfolio).
	Scripts []string
	// Enemy names the script the enemy is assumed to follow; empty is
	// the kit's default.
	Enemy string
	// Eval names the evaluation that scores a playout's last position
	// (or NoEvaluation); empty is the kit's default.
	Eval string
	// Margin is how many standard errors of the paired playout
	// differences a unit's alternative must gain over its script's
	// choice to be played instead (0: any gain).
	Margin float64
}

// DefaultPortfolioConfig is what a plain "portfolio" spec builds. Its
// scripts, enemy and evaluation are left empty: they are the defaults of
// the kit of the ruleset played (Kit.Portfolio), and a ruleset with no
// kit needs them named (scripts=random,enemy=random,eval=none).
func DefaultPortfolioConfig() PortfolioConfig {
	return PortfolioConfig{Budget: Budget{Iterations: 96}, Horizon: 40, Playouts: 4, Margin: 1}
}

// phaseKey identifies one side's phase of one turn.
type phaseKey struct {
	turn  int
	side  engine.Player
	phase string
}

// NewPortfolio returns a portfolio search whose choices depend only on
// cfg, seed and, with a wall-time budget, the clock.
func NewPortfolio(cfg PortfolioConfig, seed uint64) (*Portfolio, error) {
	if cfg.Horizon < 0 || cfg.Playouts < 1 || !(cfg.Margin >= 0) {
		return nil, fmt.Errorf("bad portfolio parameters: horizon %d, playouts %d, margin %v", cfg.Horizon, cfg.Playouts, cfg.Margin)
	}
	if len(cfg.Scripts) > 64 {
		return nil, fmt.Errorf("a portfolio needs 1 to 64 scripts, got %d (scripts: %s)", len(cfg.Scripts), strings.Join(scriptNames(nil), ", "))
	}
	for _, n := range cfg.Scripts {
		if n == "" {
			return nil, fmt.Errorf("scripts %q names an empty script: join names by + (scripts: %s)", strings.Join(cfg.Scripts, "+"), strings.Join(scriptNames(nil), ", "))
		}
		if err := checkScriptName("scripts", n, false); err != nil {
			return nil, err
		}
	}
	if err := checkScriptName("enemy", cfg.Enemy, false); err != nil {
		return nil, err
	}
	if err := checkEvaluationName(cfg.Eval); err != nil {
		return nil, err
	}
	if cfg.Budget.IsZero() {
		cfg.Budget = DefaultPortfolioConfig().Budget
	}
	p := &Portfolio{cfg: cfg, seed: seed}
	p.pcg.Seed(seed, 0x706f7274)
	p.rng = rand.New(&p.pcg)
	return p, nil
}

// bind readies the search for the ruleset of st: the portfolio, the
// enemy's script and the evaluation from the ruleset's kit, its defaults
// for those the spec leaves out, at the first decision and again whenever
// the ruleset changes. It fails, naming the ruleset and the missing
// piece, when the kit (or the ruleset's lack of one) does not have them.
func (p *Portfolio) bind(st engine.State) error {
	rs := st.Ruleset()
	if p.bound && rs == p.ruleset {
		return nil
	}
	p.bound = false
	k := KitFor(rs)
	name := p.Name()
	names, enemy, eval := p.cfg.Scripts, p.cfg.Enemy, p.cfg.Eval
	if len(names) == 0 || enemy == "" || eval == "" {
		if k == nil {
			return &MissingKit{Agent: name, Ruleset: rs, Piece: "kit",
				Hint: "portfolio's default scripts, enemy and evaluation come from the ruleset's kit; name generic ones instead: portfolio:scripts=random,enemy=random,eval=none"}
		}
		if len(names) == 0 {
			names = k.Portfolio.Scripts
		}
		if enemy == "" {
			enemy = k.Portfolio.Enemy
		}
		if eval == "" {
			eval = k.Portfolio.Eval
		}
		for _, d := range []struct {
			missing bool
			what    string
		}{{len(names) == 0, "scripts"}, {enemy == "", "enemy"}, {eval == "", "eval"}} {
			if d.missing {
				return &MissingKit{Agent: name, Ruleset: rs, Piece: "default portfolio " + d.what, Hint: "name it in the spec (" + d.what + "=...)"}
			}
		}
	}
	evaluate, err := k.evaluation(name, rs, eval)
	if err != nil {
		return err
	}
	p.scripts = p.scripts[:0]
	for j, n := range names {
		sc, err := k.script(name, rs, n, engine.SplitMix64(p.seed+uint64(j)))
		if err != nil {
			return err
		}
		p.scripts = append(p.scripts, sc)
	}
	if p.enemy, err = k.script(name, rs, enemy, engine.SplitMix64(p.seed^0x656e656d79)); err != nil {
		return fmt.Errorf("enemy: %w", err)
	}
	p.unitOf = nil
	if k != nil {
		p.unitOf = k.UnitOf
	}
	p.evaluate, p.names, p.enemyName, p.eval = evaluate, names, enemy, eval
	p.assign, p.phaseKey = p.assign[:0], phaseKey{}
	p.ruleset, p.bound = rs, true
	return nil
}

var portfolioParams = append(budgetParams(96),
	Param{Name: "horizon", Default: "40", Doc: "decisions a playout makes before the evaluation scores it"},
	Param{Name: "playouts", Default: "4", Doc: "playouts, with different dice, in one round of scoring a candidate (or a uniform assignment at a phase's start)"},
	Param{Name: "scripts", Default: "the kit's", Doc: "the portfolio, joined by +: random or the ruleset kit's scripts; each is tried for every unit at a phase's start, and the first is every unit's script when the budget allows no more"},
	Param{Name: "enemy", Default: "the kit's", Doc: "script the enemy is assumed to follow in playouts: random or one of the ruleset kit's"},
	Param{Name: "eval", Default: "the kit's", Doc: "evaluation that scores a cut-off playout: none (0) or one of the ruleset kit's"},
	Param{Name: "margin", Default: "1", Doc: "standard errors by which a unit's alternative must beat its script's choice in paired playouts to be played (0: any gain)"},
)

func newPortfolioFromParams(params map[string]string, seed uint64) (Agent, error) {
	cfg := DefaultPortfolioConfig()
	b, err := parseBudget(params)
	if err != nil {
		return nil, err
	}
	if !b.IsZero() {
		cfg.Budget = b
	}
	if err := intParam(params, "horizon", &cfg.Horizon); err != nil {
		return nil, err
	}
	if err := intParam(params, "playouts", &cfg.Playouts); err != nil {
		return nil, err
	}
	if v, ok := params["scripts"]; ok {
		cfg.Scripts = strings.Split(v, "+")
	}
	stringParam(params, "enemy", &cfg.Enemy)
	stringParam(params, "eval", &cfg.Eval)
	if v, ok := params["margin"]; ok {
		m, err := strconv.ParseFloat(v, 64)
		if err != nil || !(m >= 0) {
			return nil, fmt.Errorf("margin %q is not a number of standard errors (0 or more)", v)
		}
		cfg.Margin = m
	}
	return NewPortfolio(cfg, seed)
}

// Name is the spec that rebuilds the agent.
func (p *Portfolio) Name() string {
	var parts []string
	def := DefaultPortfolioConfig()
	if b := p.cfg.Budget.String(); b != def.Budget.String() {
		parts = append(parts, b)
	}
	if p.cfg.Horizon != def.Horizon {
		parts = append(parts, "horizon="+strconv.Itoa(p.cfg.Horizon))
	}
	if p.cfg.Playouts != def.Playouts {
		parts = append(parts, "playouts="+strconv.Itoa(p.cfg.Playouts))
	}
	if s := strings.Join(p.cfg.Scripts, "+"); s != strings.Join(def.Scripts, "+") {
		parts = append(parts, "scripts="+s)
	}
	if p.cfg.Enemy != def.Enemy {
		parts = append(parts, "enemy="+p.cfg.Enemy)
	}
	if p.cfg.Eval != def.Eval {
		parts = append(parts, "eval="+p.cfg.Eval)
	}
	if p.cfg.Margin != def.Margin {
		parts = append(parts, "margin="+strconv.FormatFloat(p.cfg.Margin, 'g', -1, 64))
	}
	if len(parts) == 0 {
		return "portfolio"
	}
	return "portfolio:" + strings.Join(parts, ",")
}

// Choose improves the assignment within the budget and plays the current
// unit's script.
func (p *Portfolio) Choose(ctx context.Context, st engine.State, side engine.Player) (engine.Action, error) {
	if err := CheckSide(st, side); err != nil {
		return engine.Action{}, fmt.Errorf("agent %s: %w", p.Name(), err)
	}
	if err := p.bind(st); err != nil {
		return engine.Action{}, err
	}
	if st.ToMove() == engine.Both {
		a, _, err := p.sealedChoice(ctx, st, side, false)
		return a, err
	}
	a, _, err := p.search(ctx, st, false)
	return a, err
}

// ChooseExplained chooses as Choose does and lists, for the current
// decision, what each script would play and the value of the assignment
// with that script for the current unit.
func (p *Portfolio) ChooseExplained(ctx context.Context, st engine.State, side engine.Player) (engine.Action, *Explanation, error) {
	if err := CheckSide(st, side); err != nil {
		return engine.Action{}, nil, fmt.Errorf("agent %s: %w", p.Name(), err)
	}
	if err := p.bind(st); err != nil {
		return engine.Action{}, nil, err
	}
	if st.ToMove() == engine.Both {
		return p.sealedChoice(ctx, st, side, true)
	}
	return p.search(ctx, st, true)
}

// unit is the unit a decision concerns, by the kit's hook (Kit.UnitOf),
// or -1 for a side's decision.
func (p *Portfolio) unit(acts []engine.Action) int {
	if p.unitOf == nil {
		return -1
	}
	return p.unitOf(acts)
}

func (p *Portfolio) search(ctx context.Context, st engine.State, explain bool) (engine.Action, *Explanation, error) {
	if err := ctx.Err(); err != nil {
		return engine.Action{}, nil, err
	}
	start := time.Now()
	p.root = legalNext(st, p.root[:0])
	if len(p.root) == 0 {
		return engine.Action{}, nil, fmt.Errorf("portfolio agent, %s to move: %w", st.ToMove(), ErrNoLegalAction)
	}
	if len(p.root) == 1 && !explain {
		return p.root[0], nil, nil // forced: nothing to search
	}
	if p.scratch == nil {
		p.scratch = st.Clone()
	}
	side := st.ToMove()
	key := phaseKey{turn: st.Turn(), side: side, phase: engine.PhaseName(st)}
	fresh := key != p.phaseKey || len(p.assign) == 0
	p.calls, p.playout = 0, 0
	b := p.cfg.Budget
	var deadline time.Time
	if b.Time > 0 {
		deadline = start.Add(b.Time)
	}
	out := func() bool {
		return b.Iterations > 0 && p.playout >= int64(b.Iterations) || b.Calls > 0 && p.calls >= b.Calls ||
			!deadline.IsZero() && !time.Now().Before(deadline) || ctx.Err() != nil
	}
	if fresh {
		// The seed of portfolio greedy search: the phase starts from the
		// best uniform assignment (every unit on one script), so a
		// side-wide change of doctrine, which no one unit's change shows,
		// is found first.
		p.phaseKey = key
		p.setAll(0)
		best, seed := p.score(st, side, nil, 0), 0
		for s := 1; s < len(p.scripts) && !out(); s++ {
			p.setAll(s)
			if v := p.score(st, side, nil, 0); v > best {
				best, seed = v, s
			}
		}
		p.setAll(seed)
		p.sideScript = seed
	}
	// The greedy improvement, one unit at a time as the rules ask for its
	// orders: the current unit's candidates are the distinct actions its
	// scripts choose, the one of its present script first, each scored by
	// playouts in which the unit keeps that script and the others keep
	// theirs.
	cur := p.unit(p.root)
	assigned := p.scriptOf(cur)
	p.cands = p.cands[:0]
	p.addCandidate(st, assigned)
	for s := range p.scripts {
		if s != assigned {
			p.addCandidate(st, s)
		}
	}
	if len(p.cands) > 1 {
		// Rounds score every candidate on the same dice streams; a round
		// the budget cuts short is not counted.
	rounds:
		for round := 0; !out(); round++ {
			for c := range p.cands {
				if out() {
					break rounds
				}
				p.assignTo(cur, p.cands[c].script)
				p.cands[c].last = p.score(st, side, &p.cands[c].action, uint64(round+1))
			}
			for c := range p.cands {
				cd := &p.cands[c]
				d := cd.last - p.cands[0].last
				cd.total, cd.rounds, cd.diff, cd.diff2 = cd.total+cd.last, cd.rounds+1, cd.diff+d, cd.diff2+d*d
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return engine.Action{}, nil, err
	}
	// The unit leaves its script only for a candidate whose playouts beat
	// the script's choice by more than Margin standard errors of the
	// paired differences: between choices the dice cannot tell apart,
	// the doctrine's own is kept.
	best, bestGain := 0, 0.0
	for c := 1; c < len(p.cands); c++ {
		if g, ok := p.cands[c].gain(p.cfg.Margin); ok && g > bestGain {
			best, bestGain = c, g
		}
	}
	chosen := p.cands[best]
	p.assignTo(cur, chosen.script)
	if !explain {
		return chosen.action, nil, nil
	}
	e := &Explanation{Agent: p.Name(), Player: side, ScoreKind: "mean playout value", Iterations: int(p.playout), Calls: p.calls, Elapsed: time.Since(start),
		Note: fmt.Sprintf("portfolio greedy search over %s against %s; this decision's script: %s; evaluation %s",
			strings.Join(p.names, ", "), p.enemyName, p.names[chosen.script], p.eval)}
	// An action no playout scored (the only candidate, or a budget spent
	// on the seed) is shown with the evaluation of the present position.
	static := p.evaluate(st)
	if side == 1 {
		static = -static
	}
	value := func(c scriptCandidate) float64 {
		if c.rounds == 0 {
			return static
		}
		return c.mean()
	}
	e.Chosen = Candidate{Action: chosen.action, Text: st.DescribeAction(chosen.action), Score: value(chosen), Visits: chosen.rounds * p.cfg.Playouts}
	for _, c := range p.cands {
		var names []string
		for s := range p.scripts {
			if c.scripts&(1<<s) != 0 {
				names = append(names, p.names[s])
			}
		}
		text := strings.Join(names, "+")
		e.Candidates = append(e.Candidates, Candidate{Action: c.action, Text: text + ": " + st.DescribeAction(c.action), Score: value(c), Visits: c.rounds * p.cfg.Playouts})
	}
	return chosen.action, e, nil
}

// scriptCandidate is one distinct action the current unit's scripts
// choose, with its playouts' total value.
type scriptCandidate struct {
	action engine.Action
	// script is the script the unit keeps if the action is played: the
	// first that chose it.
	script int
	// scripts has bit s set for every script s choosing the action.
	scripts uint64
	total   float64
	rounds  int
	// last is the value of the round being played; diff and diff2 sum
	// the differences from the first candidate's value, round by round,
	// and their squares.
	last, diff, diff2 float64
}

// gain is the candidate's mean advantage over the first candidate, and
// whether it exceeds margin standard errors (two rounds at least).
func (c *scriptCandidate) gain(margin float64) (float64, bool) {
	if c.rounds < 2 {
		return 0, false
	}
	n := float64(c.rounds)
	mean := c.diff / n
	variance := max(c.diff2/n-mean*mean, 0) * n / (n - 1)
	return mean, mean > 0 && mean > margin*math.Sqrt(variance/n)
}

// mean is the candidate's mean playout value (rounds > 0).
func (c *scriptCandidate) mean() float64 { return c.total / float64(c.rounds) }

// addCandidate adds what script s chooses at the root, unless another
// script chose it already.
func (p *Portfolio) addCandidate(st engine.State, s int) {
	a := p.root[p.scripts[s].Pick(st, p.root)]
	for c := range p.cands {
		if p.cands[c].action == a {
			p.cands[c].scripts |= 1 << s
			return
		}
	}
	p.cands = append(p.cands, scriptCandidate{action: a, script: s, scripts: 1 << s})
}

// scriptOf is unit u's script, or the side's own decisions' when u is
// not a unit.
func (p *Portfolio) scriptOf(u int) int {
	if u >= 0 && u < len(p.assign) {
		return p.assign[u]
	}
	return p.sideScript
}

// assignTo gives unit u script s, or the side's own decisions when u is
// not a unit.
func (p *Portfolio) assignTo(u, s int) {
	if u >= 0 && u < len(p.assign) {
		p.assign[u] = s
		return
	}
	p.sideScript = s
}

// setAll assigns script s to every unit.
func (p *Portfolio) setAll(s int) {
	p.assign = p.assign[:0]
	for range 256 {
		p.assign = append(p.assign, s)
	}
}

// score is the mean value, for side, of playouts from st that play first
// (when not nil) and go on under the current assignment, on round's dice
// streams: the same streams for every assignment or candidate scored in
// one round (common random numbers), so two differ by their orders, not
// their luck, and other streams for every round.
func (p *Portfolio) score(st engine.State, side engine.Player, first *engine.Action, round uint64) float64 {
	total := 0.0
	for k := 0; k < p.cfg.Playouts; k++ {
		p.dice.Seed(engine.SplitMix64(p.seed^uint64(st.Hash())^(round<<32|uint64(k))), 0x646963)
		p.scratch.CopyFrom(st)
		var v float64
		if first == nil || p.playFirst(side, *first) == nil {
			v = p.play(side)
		} else {
			v = p.evaluate(p.scratch) // not reached: first is legal at st
		}
		if side == 1 {
			v = -v
		}
		total += v
		p.playout++
	}
	return total / float64(p.cfg.Playouts)
}

// play runs one playout from the scratch state: side's units follow their
// scripts, the enemy its assumed script; returns side 0's value.
func (p *Portfolio) play(side engine.Player) float64 {
	for d := 0; d < p.cfg.Horizon; d++ {
		for !p.scratch.Terminal() && p.scratch.ToMove() == engine.Chance {
			if p.scratch.ApplyDice(engine.RollWith(&p.dice, p.scratch.PendingRoll())) != nil {
				break
			}
			p.calls++
		}
		if p.scratch.Terminal() {
			break
		}
		p.buf = legalNext(p.scratch, p.buf[:0])
		if len(p.buf) == 0 {
			// Legal lists nothing at a sealed point (playSealed).
			if p.scratch.ToMove() == engine.Both && p.playSealed(side) {
				continue
			}
			break
		}
		script := p.enemy
		if p.scratch.ToMove() == side {
			script = p.scripts[p.scriptOf(p.unit(p.buf))]
		}
		if p.scratch.Apply(p.buf[script.Pick(p.scratch, p.buf)]) != nil {
			break
		}
		p.calls++
	}
	if p.scratch.Terminal() {
		return 2*p.scratch.Result().Score(0) - 1
	}
	return p.evaluate(p.scratch)
}
