package protocol

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/agents/protocol/wire"
	"github.com/grognard/grognard/engine"
)

// game is one game in a session: the state, its record, the history undo
// walks back, and the bots that play its sides.
type game struct {
	rs  engine.Ruleset
	cfg gameConfig
	st  engine.State
	rec *engine.Record
	// edited is set once the position was corrected by hand: the record
	// alone no longer replays to the state, so saves carry the state.
	edited  bool
	history []snapshot
	// guard is the game before the request being executed, restored if
	// the request fails.
	guard *snapshot
	dice  rand.PCG
	bots  map[string]agents.Agent // by spec, so trees are reused between moves
	buf   []engine.Action
	// rev counts the changes to the game (steps, corrections, undos).
	rev uint64
}

// snapshot is the game at one moment, for undo.
type snapshot struct {
	st     engine.State
	steps  int
	edited bool
	hist   int
	rev    uint64
}

func newGame(rs engine.Ruleset, cfg gameConfig) (*game, error) {
	st, err := rs.NewGame(cfg.scenario, cfg.opts)
	if err != nil {
		return nil, fmt.Errorf("new game on %q: %w (list_scenarios names the built-in ones)", cfg.scenario, err)
	}
	if cfg.human != "" {
		k, err := (&game{st: st}).parseSide(cfg.human)
		if err != nil {
			return nil, fmt.Errorf("human=: %w", err)
		}
		cfg.sides[k], cfg.human = "human", ""
	}
	for k, side := range cfg.sides {
		if err := checkSide(side); err != nil {
			return nil, fmt.Errorf("side%d: %w", k, err)
		}
	}
	rec, err := engine.NewRecord(rs, cfg.scenario, cfg.opts)
	if err != nil {
		return nil, err
	}
	rec.DiceSeed = cfg.seed
	rec.Agents = cfg.sides
	g := &game{rs: rs, cfg: cfg, st: st, rec: rec, bots: map[string]agents.Agent{}}
	g.dice.Seed(cfg.seed, 0x6469636573)
	for k := range 2 {
		rec.AgentSeeds[k] = g.agentSeed(k)
	}
	return g, nil
}

// agentSeed is side k's bots' seed.
func (g *game) agentSeed(k int) uint64 { return AgentSeed(g.cfg.seed, k) }

// AgentSeed is the seed a game started with seed gives side k's bots, so
// a test or a replay can rebuild the same bot.
func AgentSeed(seed uint64, k int) uint64 {
	return engine.Mix64(seed ^ uint64(k+1)*0x9e3779b97f4a7c15)
}

func (g *game) snapshot() *snapshot {
	return &snapshot{st: g.st.Clone(), steps: len(g.rec.Steps), edited: g.edited, hist: len(g.history), rev: g.rev}
}

func (g *game) restore(s *snapshot) {
	g.st = s.st.Clone()
	g.rec.Steps = g.rec.Steps[:s.steps]
	g.rec.Result, g.rec.Turns = g.st.Result(), g.st.Turn()
	g.edited = s.edited
	g.history = g.history[:s.hist]
}

// rollBack puts the game back as it was before the request being run: a
// refused request leaves it, its revision included, unchanged.
func (g *game) rollBack() {
	g.restore(g.guard)
	g.rev = g.guard.rev
}

// push saves the game before a step, for undo.
func (g *game) push() {
	g.history = append(g.history, *g.snapshot())
	g.rev++
}

// sideName is the scenario's name for side k ("French"), or "side k".
func (g *game) sideName(k int) string {
	if n := g.sideNames()[k]; n != "" {
		return n
	}
	return fmt.Sprintf("side %d", k)
}

// sideNames are the sides' names where the ruleset gives them
// (engine.SideNamer), else "".
func (g *game) sideNames() [2]string {
	if n, ok := g.st.(engine.SideNamer); ok {
		return [2]string{n.SideName(0), n.SideName(1)}
	}
	return [2]string{}
}

// toMoveName says who acts now: a side's name, "chance" or "nobody".
func (g *game) toMoveName() string {
	switch p := g.st.ToMove(); {
	case g.st.Terminal():
		return "nobody (the game is over)"
	case p == engine.Chance:
		return "chance"
	case p == 0 || p == 1:
		return g.sideName(int(p))
	}
	return "nobody"
}

// parseSide reads a side as 0, 1 or the scenario's name for it.
func (g *game) parseSide(v string) (int, error) {
	switch strings.TrimSpace(v) {
	case "0":
		return 0, nil
	case "1":
		return 1, nil
	}
	for k := range 2 {
		if n := g.sideNames()[k]; n != "" && strings.EqualFold(n, v) {
			return k, nil
		}
	}
	return 0, fmt.Errorf("unknown side %q: 0, 1, %s or %s", v, g.sideName(0), g.sideName(1))
}

func (g *game) summary() string {
	if s, ok := g.st.(engine.Describer); ok {
		return strings.TrimRight(s.Summary(), "\n")
	}
	return fmt.Sprintf("turn %d, %s to move", g.st.Turn(), g.toMoveName())
}

// stateInfo is the short state show and undo report to programs.
type stateInfo struct {
	Turn    int           `json:"turn"`
	Phase   string        `json:"phase,omitempty"`
	ToMove  string        `json:"to_move"`
	Player  engine.Player `json:"player"`
	Result  engine.Result `json:"result"`
	Summary string        `json:"summary"`
	Hash    string        `json:"hash"`
}

func (g *game) stateInfo() stateInfo {
	info := stateInfo{Turn: g.st.Turn(), ToMove: g.toMoveName(), Player: g.st.ToMove(), Result: g.st.Result(), Summary: g.summary(), Hash: fmt.Sprintf("%016x", g.st.Hash())}
	info.Phase = engine.PhaseName(g.st)
	return info
}

// unitInfo is one unit as show units gives it.
type unitInfo struct {
	Index   int     `json:"index"`
	Label   string  `json:"label"`
	Side    int     `json:"side"`
	Type    string  `json:"type"`
	OnTable bool    `json:"on_table"`
	X       float64 `json:"x,omitempty"`
	Y       float64 `json:"y,omitempty"`
	Facing  float64 `json:"facing,omitempty"`
	Status  string  `json:"status"`
}

// units is every piece as show units gives it (engine.Table), or the
// error saying the ruleset has no pieces to list.
func (g *game) units() ([]unitInfo, error) {
	tab, err := engine.Capability[engine.Table](g.st, "a list of its units")
	if err != nil {
		return nil, err
	}
	pieces := tab.Pieces(nil)
	out := make([]unitInfo, len(pieces))
	for k, p := range pieces {
		out[k] = unitInfo{Index: p.ID, Label: p.Label, Side: int(p.Side), Type: p.Name, Status: p.Status}
		if p.Where == "table" && len(p.Bases) > 0 {
			b := p.Bases[0]
			out[k].OnTable, out[k].X, out[k].Y, out[k].Facing = true, b.Centre.X, b.Centre.Y, b.Facing
		}
	}
	return out, nil
}

// needDecision refuses a request that needs a side to move.
func (g *game) needDecision() error {
	switch {
	case g.st.Terminal():
		return wire.Errorf(wire.GameOver, "the game is over: %s", g.resultText())
	case g.st.ToMove() == engine.Chance:
		return wire.Errorf(wire.NeedsDice, "a die roll is pending (%s): give it with dice or let the program roll", g.st.DescribeRoll())
	}
	return nil
}

// needRoll refuses a request that needs a pending roll.
func (g *game) needRoll() error {
	switch {
	case g.st.Terminal():
		return wire.Errorf(wire.GameOver, "the game is over: %s", g.resultText())
	case g.st.ToMove() != engine.Chance:
		return wire.Errorf(wire.NoRoll, "no die roll is pending: %s is to move", g.toMoveName())
	}
	return nil
}

func (g *game) resultText() string {
	res := g.st.Result()
	if res.Winner == 0 || res.Winner == 1 {
		return fmt.Sprintf("%s wins (%s) on turn %d", g.sideName(int(res.Winner)), res.Reason, g.st.Turn())
	}
	return fmt.Sprintf("draw (%s) on turn %d", res.Reason, g.st.Turn())
}

// legal is the side to move's legal actions, in the ruleset's order (the
// numbers legal prints and play takes).
func (g *game) legal() []engine.Action {
	g.buf = g.st.Legal(g.buf[:0])
	return g.buf
}

// apply plays an action of the side to move, recording it.
func (g *game) apply(a engine.Action) (Step, error) {
	p := g.st.ToMove()
	text := g.st.DescribeAction(a)
	table := ""
	if ti, ok := g.st.(interface {
		TableInstructions(engine.Action) string
	}); ok {
		table = ti.TableInstructions(a)
	}
	g.push()
	g.rec.AddAction(g.st, p, a)
	if err := g.st.Apply(a); err != nil { // a refused action changes nothing
		g.history = g.history[:len(g.history)-1]
		g.rec.Steps = g.rec.Steps[:len(g.rec.Steps)-1]
		return Step{}, wire.Wrap(wire.IllegalAction, err)
	}
	g.rec.Result, g.rec.Turns = g.st.Result(), g.st.Turn()
	return Step{Player: g.sideName(int(p)), Text: text, Table: table, Action: &actionInfo{Text: text, Action: a}}, nil
}

// applyDice resolves the pending roll, recording it.
func (g *game) applyDice(d engine.Dice) (Step, error) {
	text := g.st.DescribeRoll()
	g.push()
	g.rec.AddDice(g.st, d)
	if err := g.st.ApplyDice(d); err != nil { // refused dice change nothing
		g.history = g.history[:len(g.history)-1]
		g.rec.Steps = g.rec.Steps[:len(g.rec.Steps)-1]
		return Step{}, err
	}
	g.rec.Result, g.rec.Turns = g.st.Result(), g.st.Turn()
	return Step{Player: "chance", Text: fmt.Sprintf("%s: %v", text, d.Values()), Dice: diceInts(d)}, nil
}

// roll rolls the pending dice with the game's own seeded dice.
func (g *game) roll() engine.Dice { return engine.RollWith(&g.dice, g.st.PendingRoll()) }

// bot returns the agent for spec, built once per game and side.
func (g *game) bot(spec string, side engine.Player) (agents.Agent, error) {
	key := fmt.Sprintf("%d/%s", side, spec)
	if a, ok := g.bots[key]; ok {
		return a, nil
	}
	a, err := agents.New(spec, g.agentSeed(int(side)))
	if err != nil {
		return nil, err
	}
	g.bots[key] = a
	return a, nil
}

// close ends the bots' processes (external bots) when the game is left;
// a bot asked for again is built anew.
func (g *game) close() {
	for _, k := range slices.Sorted(maps.Keys(g.bots)) {
		_ = agents.Close(g.bots[k])
	}
	clear(g.bots)
}

// botMove lets spec choose for the side to move and plays its choice.
func (g *game) botMove(ctx context.Context, spec string, explain bool) (Step, error) {
	side := g.st.ToMove()
	a, err := g.bot(spec, side)
	if err != nil {
		return Step{}, err
	}
	var act engine.Action
	var why *agents.Explanation
	if x, ok := a.(agents.Explainer); ok && explain {
		act, why, err = x.ChooseExplained(ctx, g.st.Clone(), side)
	} else {
		act, err = a.Choose(ctx, g.st.Clone(), side)
	}
	if err != nil {
		return Step{}, wire.Errorf(wire.AgentFailed, "%s could not choose: %w", spec, err)
	}
	step, err := g.apply(act)
	if err != nil {
		return Step{}, wire.Errorf(wire.AgentFailed, "%s chose an action the rules refuse: %w", spec, err)
	}
	step.Why = why
	return step, nil
}

// waitingFor says why advance must stop, or "" when a bot or the
// program's dice can act.
func (g *game) waitingFor() string {
	switch p := g.st.ToMove(); {
	case g.st.Terminal():
		return "game over: " + g.resultText()
	case p == engine.Chance && !g.cfg.diceAuto:
		return "dice: " + g.st.DescribeRoll()
	case p == engine.Chance:
		return ""
	case g.cfg.sides[p] == "human":
		return "human: " + g.sideName(int(p)) + " to move"
	}
	return ""
}

// stepReply is the reply to a command that played one step.
func (g *game) stepReply(step Step) Reply {
	text := step.Player + ": " + step.Text
	if step.Why != nil {
		text += "\n" + step.Why.String()
	}
	text += "\nnext: " + g.next()
	return Reply{Text: text, Data: struct {
		Step
		Next  string    `json:"next"`
		State stateInfo `json:"state"`
	}{step, g.next(), g.stateInfo()}}
}

// next says what the game waits for now.
func (g *game) next() string {
	switch p := g.st.ToMove(); {
	case g.st.Terminal():
		return "game over: " + g.resultText()
	case p == engine.Chance:
		return "dice: " + g.st.DescribeRoll()
	default:
		who := "bot " + g.cfg.sides[p]
		if g.cfg.sides[p] == "human" {
			who = "human"
		}
		return fmt.Sprintf("%s to move (%s)", g.sideName(int(p)), who)
	}
}

// diceInts is the values of d as plain numbers (a []uint8 would be base64
// in JSON).
func diceInts(d engine.Dice) []int {
	out := make([]int, 0, d.N)
	for _, v := range d.Values() {
		out = append(out, int(v))
	}
	return out
}
