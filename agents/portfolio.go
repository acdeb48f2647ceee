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
	"github.com/grognard/grognard/engine/twobytwo"
)

// Portfolio is portfolio greedy search: each unit of the side to move is
// assigned a script from a portfolio of doctrines, and the assignment is
// improved greedily, one unit at a time, by short playouts scored by the
// evaluation. The enemy is assumed to play one script throughout
// (PortfolioConfig.Enemy). The action played is what the current unit's
// script chooses. Within one phase the assignment is kept from decision
// to decision and improved further, since the side's orders are given
// unit by unit.
type Portfolio struct {
	cfg      PortfolioConfig
	seed     uint64
	scripts  []Script
	enemy    Script
	evaluate Evaluator

	pcg     rand.PCG
	dice    rand.PCG
	rng     *rand.Rand
	scratch engine.State
	buf     []engine.Action // playouts' actions
	root    []engine.Action // the decision's actions
	assign  []int           // script per unit index, for the side to move
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
	// Scripts names the portfolio (see knownScripts); the first is every
	// unit's script until the search finds better.
	Scripts []string
	// Enemy names the script the enemy is assumed to follow.
	Enemy string
	// Eval names the evaluation that scores a playout's last position.
	Eval string
}

// DefaultPortfolioConfig is what a plain "portfolio" spec builds.
func DefaultPortfolioConfig() PortfolioConfig {
	return PortfolioConfig{Budget: Budget{Iterations: 24}, Horizon: 40, Playouts: 4,
		Scripts: []string{"assault", "fireline", "reserve"}, Enemy: "assault", Eval: "default"}
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
	if cfg.Horizon < 0 || cfg.Playouts < 1 {
		return nil, fmt.Errorf("bad portfolio parameters: horizon %d, playouts %d", cfg.Horizon, cfg.Playouts)
	}
	if len(cfg.Scripts) == 0 {
		return nil, fmt.Errorf("a portfolio needs at least one script (scripts: %s)", strings.Join(knownScripts, ", "))
	}
	if cfg.Budget.IsZero() {
		cfg.Budget = DefaultPortfolioConfig().Budget
	}
	evaluate, err := newEvaluator(cfg.Eval)
	if err != nil {
		return nil, err
	}
	p := &Portfolio{cfg: cfg, seed: seed, evaluate: evaluate}
	for k, name := range cfg.Scripts {
		sc, err := newScript(name, splitmix64(seed+uint64(k)))
		if err != nil {
			return nil, err
		}
		p.scripts = append(p.scripts, sc)
	}
	if p.enemy, err = newScript(cfg.Enemy, splitmix64(seed^0x656e656d79)); err != nil {
		return nil, fmt.Errorf("enemy: %w", err)
	}
	p.pcg.Seed(seed, 0x706f7274)
	p.rng = rand.New(&p.pcg)
	return p, nil
}

var portfolioParams = append(budgetParams(24),
	Param{Name: "horizon", Default: "40", Doc: "decisions a playout makes before the evaluation scores it"},
	Param{Name: "playouts", Default: "4", Doc: "playouts, with different dice, that score one assignment"},
	Param{Name: "scripts", Default: "assault+fireline+reserve", Doc: "the portfolio, joined by +: greedy, assault, fireline, reserve; the first is every unit's script to start"},
	Param{Name: "enemy", Default: "assault", Doc: "script the enemy is assumed to follow in playouts"},
	Param{Name: "eval", Default: "default", Doc: "evaluation that scores a cut-off playout: default (fitted model) or material"},
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
	if len(parts) == 0 {
		return "portfolio"
	}
	return "portfolio:" + strings.Join(parts, ",")
}

// Choose improves the assignment within the budget and plays the current
// unit's script.
func (p *Portfolio) Choose(ctx context.Context, st engine.State) (engine.Action, error) {
	a, _, err := p.search(ctx, st, false)
	return a, err
}

// ChooseExplained chooses as Choose does and lists, for the current
// decision, what each script would play and the value of the assignment
// with that script for the current unit.
func (p *Portfolio) ChooseExplained(ctx context.Context, st engine.State) (engine.Action, *Explanation, error) {
	return p.search(ctx, st, true)
}

// unitOf is the unit a decision concerns: the unit of its unit actions
// (LegalNext offers one unit's), or -1 for a side's decision.
func unitOf(acts []engine.Action) int {
	for _, a := range acts {
		if a.Unit != twobytwo.NoUnit && a.Kind != twobytwo.KindEnd {
			return int(a.Unit)
		}
	}
	return -1
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
	if key != p.phaseKey || len(p.assign) == 0 {
		p.phaseKey = key
		p.assign = p.assign[:0]
		for range 256 {
			p.assign = append(p.assign, 0)
		}
	}
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
	// The units the side commands now, in order, with the current unit
	// first: its script is the one that decides this move.
	cur := unitOf(p.root)
	units := p.ownUnits(st, side, cur)
	best := p.score(st, side, 0)
	// Greedy improvement: each unit in turn tries every script.
	for pass := 0; !out(); pass++ {
		improved := false
		for _, u := range units {
			for s := range p.scripts {
				if out() {
					break
				}
				if s == p.assign[u] {
					continue
				}
				old := p.assign[u]
				p.assign[u] = s
				if v := p.score(st, side, uint64(pass)); v > best {
					best, improved = v, true
				} else {
					p.assign[u] = old
				}
			}
		}
		if !improved && pass > 0 {
			break // a local optimum: more passes would find nothing
		}
		if len(units) == 0 {
			break
		}
	}
	if err := ctx.Err(); err != nil {
		return engine.Action{}, nil, err
	}
	script := p.scripts[0]
	if cur >= 0 && cur < len(p.assign) {
		script = p.scripts[p.assign[cur]]
	}
	chosen := p.root[script.pick(st, p.root)]
	if !explain {
		return chosen, nil, nil
	}
	e := &Explanation{Agent: p.Name(), Player: side, ScoreKind: "assignment value", Iterations: int(p.playout), Calls: p.calls, Elapsed: time.Since(start),
		Note: fmt.Sprintf("portfolio greedy search over %s against %s; this decision's script: %s; evaluation %s", strings.Join(p.cfg.Scripts, ", "), p.cfg.Enemy, scriptShortName(script), p.cfg.Eval)}
	e.Chosen = Candidate{Action: chosen, Text: st.DescribeAction(chosen), Score: best}
	for s, sc := range p.scripts {
		// The chosen script's pick is the action played: picking again
		// could break a tie the other way.
		a := chosen
		if sc != script {
			a = p.root[sc.pick(st, p.root)]
		}
		text := scriptShortName(sc) + ": " + st.DescribeAction(a)
		e.Candidates = append(e.Candidates, Candidate{Action: a, Text: text, Score: math.NaN()})
		if cur >= 0 && cur < len(p.assign) && p.assign[cur] == s {
			e.Candidates[len(e.Candidates)-1].Score = best
		}
	}
	return chosen, e, nil
}

// ownUnits lists side's units on the table (cur first when it is one).
func (p *Portfolio) ownUnits(st engine.State, side engine.Player, cur int) []int {
	s, ok := st.(*twobytwo.State)
	if !ok {
		if cur >= 0 {
			return []int{cur}
		}
		return nil
	}
	var us []int
	if cur >= 0 && cur < s.NumUnits() {
		us = append(us, cur)
	}
	for i := 0; i < s.NumUnits() && i < 256; i++ {
		if i != cur && s.U[i].Loc == twobytwo.LocTable && engine.Player(s.Spec(i).Side) == side {
			us = append(us, i)
		}
	}
	return us
}

// score is the mean value, for side, of playouts from st under the
// current assignment. Each assignment is scored on the same dice streams
// (common random numbers), so two assignments differ by their orders, not
// their luck.
func (p *Portfolio) score(st engine.State, side engine.Player, round uint64) float64 {
	total := 0.0
	for k := 0; k < p.cfg.Playouts; k++ {
		p.dice.Seed(splitmix64(p.seed^uint64(st.Hash())^uint64(k)), 0x646963)
		p.scratch.CopyFrom(st)
		v := p.play(side)
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
			break
		}
		script := p.enemy
		if p.scratch.ToMove() == side {
			script = p.scripts[0]
			if u := unitOf(p.buf); u >= 0 && u < len(p.assign) {
				script = p.scripts[p.assign[u]]
			}
		}
		if p.scratch.Apply(p.buf[script.pick(p.scratch, p.buf)]) != nil {
			break
		}
		p.calls++
	}
	if p.scratch.Terminal() {
		return 2*p.scratch.Result().Score(0) - 1
	}
	return p.evaluate(p.scratch)
}
