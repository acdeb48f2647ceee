package grand

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/agents/matrixgame"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/grand"
)

// EquilibriumName is the equilibrium agent's spec name.
const EquilibriumName = "equilibrium"

// MaxDepth bounds the equilibrium agent's look-ahead in combat rounds: a
// round is about 30 posture pairs times 36 combat dice, so each round
// more multiplies the work by about a thousand.
const MaxDepth = 2

// maxLevels bounds the recursion's scratch states: per round a commit, the
// combat dice, an arrival and a withdrawal roll, and the pursuit.
const maxLevels = 6*MaxDepth + 2

// A Valuation is how the equilibrium agent scores the end of a battle
// and the positions it stops looking at.
type Valuation uint8

// The valuations.
const (
	// ValueKept (the default) scores what each side keeps as well as who
	// won: Value at the positions it stops at, Settle at a battle's end
	// after the pursuit's die, so a withdrawal that saves factors and
	// morale can be worth its lost battle.
	ValueKept Valuation = iota
	// ValueResult scores the result alone (Evaluate, and +1 or -1 once
	// the battle is decided): the agent's valuation before withdrawals
	// were valued, kept to measure against.
	ValueResult
)

// valuationNames are the valuations as the spec's value parameter writes
// them.
var valuationNames = [...]string{ValueKept: "kept", ValueResult: "result"}

// String is the valuation's name in a spec.
func (v Valuation) String() string {
	if int(v) < len(valuationNames) {
		return valuationNames[v]
	}
	return fmt.Sprintf("valuation(%d)", uint8(v))
}

// ParseValuation reads a valuation's name (kept or result).
func ParseValuation(s string) (Valuation, error) {
	for k, name := range valuationNames {
		if s == name {
			return Valuation(k), nil
		}
	}
	return 0, fmt.Errorf("equilibrium: value %q: give kept (what each side keeps) or result (who won)", s)
}

// Equilibrium plays each round's posture as the minimax mixed strategy of
// the zero-sum matrix game between the two sides' postures: entry (i, j)
// is the attacker's expected value of the round when the attacker plays
// its i-th posture and the defender its j-th, the dice of the round
// (and of depth-1 more rounds, each solved the same way) averaged
// exactly, and the position after them scored by its Valuation. The
// matrix is solved by linear programming (agents/matrixgame), and the
// posture sampled from the side's mixture with the agent's seeded
// generator.
type Equilibrium struct {
	depth  int
	val    Valuation
	seed   uint64
	rng    *rand.Rand
	solver matrixgame.Solver
	sol    matrixgame.Solution
	// scratch are the recursion's states, by level; acts and outs its
	// buffers, by level.
	scratch [maxLevels]grand.State
	acts    [maxLevels][2][]engine.Action
	outs    [maxLevels][]engine.Outcome
	mats    [MaxDepth + 1][][]float64
	game    Game
}

// NewEquilibrium is the agent looking depth rounds ahead (1 to MaxDepth),
// valuing what each side keeps (ValueKept).
func NewEquilibrium(depth int, seed uint64) (*Equilibrium, error) {
	return NewEquilibriumValued(depth, ValueKept, seed)
}

// NewEquilibriumValued is the agent looking depth rounds ahead with the
// valuation val.
func NewEquilibriumValued(depth int, val Valuation, seed uint64) (*Equilibrium, error) {
	if depth < 1 || depth > MaxDepth {
		return nil, fmt.Errorf("equilibrium: depth %d: give 1 to %d combat rounds", depth, MaxDepth)
	}
	if int(val) >= len(valuationNames) {
		return nil, fmt.Errorf("equilibrium: unknown valuation %d", val)
	}
	return &Equilibrium{depth: depth, val: val, seed: seed, rng: rand.New(rand.NewPCG(seed, 0x65716c))}, nil
}

// Name is the spec that rebuilds the agent (the valuation named only
// when it is not the default, so older specs read the same).
func (e *Equilibrium) Name() string {
	if e.val != ValueKept {
		return fmt.Sprintf("%s:depth=%d,value=%s", EquilibriumName, e.depth, e.val)
	}
	return fmt.Sprintf("%s:depth=%d", EquilibriumName, e.depth)
}

// Choose samples side's posture from its equilibrium mixture.
func (e *Equilibrium) Choose(ctx context.Context, st engine.State, side engine.Player) (engine.Action, error) {
	a, _, err := e.choose(ctx, st, side, false)
	return a, err
}

// ChooseExplained chooses as Choose does and says why: the matrix, the
// mixture and the value (agents.Explainer).
func (e *Equilibrium) ChooseExplained(ctx context.Context, st engine.State, side engine.Player) (engine.Action, *agents.Explanation, error) {
	return e.choose(ctx, st, side, true)
}

// Game is the matrix game of a sealed posture point: the attacker's
// postures (rows) against the defender's (columns), the attacker's
// expected values, and its solution.
type Game struct {
	Rows, Cols []engine.Action
	Payoff     [][]float64
	Solution   matrixgame.Solution
}

// Solve builds and solves the matrix game at st, a sealed point of a
// grand battle, looking the agent's depth ahead. The game, its matrix and
// its actions are the agent's buffers, valid until its next call.
func (e *Equilibrium) Solve(ctx context.Context, st *grand.State) (*Game, error) {
	if st.ToMove() != engine.Both {
		return nil, fmt.Errorf("equilibrium: no posture to choose (%s)", st.PhaseName())
	}
	g := &e.game
	e.scratch[0].CopyFrom(st)
	// Both sides' choices are enumerated: at a view, the other side's
	// hidden choice is undone, so it owes one too.
	if _, err := e.matrix(ctx, &e.scratch[0], 0, e.depth); err != nil {
		return nil, err
	}
	g.Rows, g.Cols, g.Payoff = e.acts[0][0], e.acts[0][1], e.mats[e.depth]
	g.Solution = e.sol
	return g, nil
}

func (e *Equilibrium) choose(ctx context.Context, st engine.State, side engine.Player, explain bool) (engine.Action, *agents.Explanation, error) {
	if err := agents.CheckSide(st, side); err != nil {
		return engine.Action{}, nil, err
	}
	gs, ok := st.(*grand.State)
	if !ok || st.ToMove() != engine.Both {
		return engine.Action{}, nil, fmt.Errorf("equilibrium plays the postures of grand battles only (given %s, %s)", st.Ruleset(), engine.PhaseName(st))
	}
	start := time.Now()
	g, err := e.Solve(ctx, gs)
	if err != nil {
		return engine.Action{}, nil, err
	}
	mix, own := g.Solution.Row, g.Rows
	if side == 1 {
		mix, own = g.Solution.Col, g.Cols
	}
	k := matrixgame.Sample(mix, e.rng.Float64())
	chosen := own[k]
	if !explain {
		return chosen, nil, nil
	}
	ex := &agents.Explanation{Agent: e.Name(), Player: side, ScoreKind: "expected value against the other side's mixture", Elapsed: time.Since(start)}
	value := g.Solution.Value
	if side == 1 {
		value = -value
	}
	for i, a := range own {
		// The pure posture's value for side against the other's mixture.
		v := 0.0
		if side == 0 {
			for j, q := range g.Solution.Col {
				v += q * g.Payoff[i][j]
			}
		} else {
			for j, p := range g.Solution.Row {
				v -= p * g.Payoff[j][i]
			}
		}
		c := agents.Candidate{Action: a, Text: fmt.Sprintf("%s (played with probability %.3f)", gs.DescribeAction(a), mix[i]), Score: v}
		if i == k {
			ex.Chosen = c
		}
		ex.Candidates = append(ex.Candidates, c)
	}
	ex.Note = fmt.Sprintf("game value %+.3f for %s, looking %d round(s) ahead; the attacker's expected values, attacker's postures by row:\n%s", value, gs.SideName(side), e.depth, formatGame(gs, g))
	return chosen, ex, nil
}

// formatGame writes the matrix with both mixtures.
func formatGame(st *grand.State, g *Game) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-22s", "")
	for _, c := range g.Cols {
		fmt.Fprintf(&b, " %9.9s", grand.PostureName(1, c.Arg)+guardMark(c))
	}
	fmt.Fprintf(&b, " %7s\n", "mix")
	for i, r := range g.Rows {
		fmt.Fprintf(&b, "%-22s", grand.PostureName(0, r.Arg)+guardMark(r))
		for j := range g.Cols {
			fmt.Fprintf(&b, " %+9.3f", g.Payoff[i][j])
		}
		fmt.Fprintf(&b, " %7.3f\n", g.Solution.Row[i])
	}
	fmt.Fprintf(&b, "%-22s", "mix")
	for _, q := range g.Solution.Col {
		fmt.Fprintf(&b, " %9.3f", q)
	}
	return b.String()
}

func guardMark(a engine.Action) string {
	if a.Target > 0 {
		return fmt.Sprintf("+g%d", a.Target)
	}
	return ""
}

// matrix fills the payoff matrix of the sealed point st (at scratch
// level lvl) looking depth rounds ahead, solves it into e.sol and returns
// its value for the attacker.
func (e *Equilibrium) matrix(ctx context.Context, st *grand.State, lvl, depth int) (float64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	rows := st.LegalFor(0, e.acts[lvl][0][:0])
	cols := st.LegalFor(1, e.acts[lvl][1][:0])
	e.acts[lvl][0], e.acts[lvl][1] = rows, cols
	m := e.mats[depth]
	for len(m) < len(rows) {
		m = append(m, nil)
	}
	m = m[:len(rows)]
	for i := range m {
		if cap(m[i]) < len(cols) {
			m[i] = make([]float64, len(cols))
		}
		m[i] = m[i][:len(cols)]
	}
	e.mats[depth] = m
	child := &e.scratch[lvl+1]
	for i, ra := range rows {
		for j, ca := range cols {
			child.CopyFrom(st)
			if err := child.Commit(0, ra); err != nil {
				return 0, err
			}
			if err := child.Commit(1, ca); err != nil {
				return 0, err
			}
			v, err := e.value(ctx, child, lvl+1, depth-1)
			if err != nil {
				return 0, err
			}
			m[i][j] = v
		}
	}
	if err := e.solver.Solve(m, &e.sol); err != nil {
		return 0, fmt.Errorf("equilibrium: %w", err)
	}
	return e.sol.Value, nil
}

// value is the attacker's expected value of st (at level lvl): decided,
// the average over a pending roll's faces, a sealed point solved (with
// depth rounds left to look) or scored. Valuing what is kept, a decided
// battle's pursuit die is averaged too, for the factors it takes.
func (e *Equilibrium) value(ctx context.Context, st *grand.State, lvl, depth int) (float64, error) {
	if e.val == ValueResult {
		if w, ok := st.Decided(); ok {
			return outcome(w), nil
		}
	} else if st.Terminal() {
		return Settle(st), nil
	}
	switch st.ToMove() {
	case engine.Both:
		if depth <= 0 {
			if e.val == ValueResult {
				return Evaluate(st), nil
			}
			return Value(st), nil
		}
		// A deeper matrix overwrites e.sol, which is read only at the
		// root, after its last entry is in.
		return e.matrix(ctx, st, lvl, depth)
	case engine.Chance:
		outs := engine.AllOutcomes(e.outs[lvl][:0], st.PendingRoll())
		e.outs[lvl] = outs
		child := &e.scratch[lvl+1]
		sum := 0.0
		for k := range outs {
			child.CopyFrom(st)
			if err := child.ApplyDice(outs[k].Dice); err != nil {
				return 0, err
			}
			v, err := e.value(ctx, child, lvl+1, depth)
			if err != nil {
				return 0, err
			}
			sum += outs[k].P * v
		}
		return sum, nil
	}
	return 0, fmt.Errorf("equilibrium: nobody is to move in a battle not decided (%s)", st.PhaseName())
}

// outcome is a decided battle's value for the attacker.
func outcome(w engine.Player) float64 {
	switch w {
	case 0:
		return 1
	case 1:
		return -1
	}
	return 0
}
