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
	// threads bounds the games a hint's outlook plays at once (0: one a
	// CPU), from Limits.Workers: a server shares its CPUs.
	threads int
	// searching is Config.Searching, or nil.
	searching func(ctx context.Context) (func(), error)
}

// search waits for the session's turn to search (Config.Searching) and
// returns the function to call once the search is over.
func (g *game) search(ctx context.Context) (func(), error) {
	if g.searching == nil {
		return func() {}, nil
	}
	return g.searching(ctx)
}

// snapshot is the game at one moment, for undo.
type snapshot struct {
	st     engine.State
	steps  int
	edited bool
	hist   int
	rev    uint64
}

// newGame starts a game under the session's config c: a scenario c does
// not allow is refused before the ruleset reads it, and every side's
// agent spec is checked against c.Limits.
func newGame(rs engine.Ruleset, cfg gameConfig, c Config) (*game, error) {
	if err := c.CheckScenario(rs, cfg.scenario); err != nil {
		return nil, err
	}
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
		if err := c.Limits.CheckSpec(side); err != nil {
			return nil, fmt.Errorf("side%d: %w", k, err)
		}
	}
	rec, err := engine.NewRecord(rs, cfg.scenario, cfg.opts)
	if err != nil {
		return nil, err
	}
	rec.DiceSeed = cfg.seed
	rec.Agents = cfg.sides
	g := &game{rs: rs, cfg: cfg, st: st, rec: rec, bots: map[string]agents.Agent{}, threads: c.Limits.Workers, searching: c.Searching}
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
	case p == engine.Both:
		return g.owesText()
	}
	return "nobody"
}

// owesText says which sides still owe a sealed choice: "Blue and Red
// owe a sealed choice", or "Red owes a sealed choice (Blue has chosen)".
// It says who has committed, never what.
func (g *game) owesText() string {
	owing := g.owing()
	switch len(owing) {
	case 2:
		return g.sideName(0) + " and " + g.sideName(1) + " owe a sealed choice"
	case 1:
		k := int(owing[0])
		return fmt.Sprintf("%s owes a sealed choice (%s has chosen)", g.sideName(k), g.sideName(1-k))
	}
	return "nobody"
}

// owing are the sides that still owe a sealed choice, side 0 first
// (none unless the game is at a sealed point).
func (g *game) owing() []engine.Player {
	if g.st.Terminal() || g.st.ToMove() != engine.Both {
		return nil
	}
	return engine.Deciders(g.st, nil)
}

// owingNames are the names of the sides that owe a sealed choice.
func (g *game) owingNames() []string {
	var out []string
	for _, k := range g.owing() {
		out = append(out, g.sideName(int(k)))
	}
	return out
}

// human reports whether this client plays side k.
func (g *game) human(k engine.Player) bool {
	return (k == 0 || k == 1) && g.cfg.sides[k] == "human"
}

// personSide is the side the client plays when it plays exactly one;
// ok is false when it plays both (it may see everything) or none (it
// watches bots).
func (g *game) personSide() (side engine.Player, ok bool) {
	switch h0, h1 := g.human(0), g.human(1); {
	case h0 && !h1:
		return 0, true
	case h1 && !h0:
		return 1, true
	}
	return engine.NoPlayer, false
}

// hides reports whether side's sealed choices are hidden from the client
// until they are revealed: the client plays only the other side.
func (g *game) hides(side engine.Player) bool {
	p, ok := g.personSide()
	return ok && p != side
}

// shown is the state as the client may see it: the view of the one side
// it plays (engine.ViewFor), so that show, state and pending never give
// away the other side's sealed choice; the whole state when it plays
// both sides or none.
func (g *game) shown() engine.State {
	if p, ok := g.personSide(); ok {
		return engine.ViewFor(g.st, p)
	}
	return g.st
}

// decider is the side a person's request (legal, play, move, place) acts
// for: the side named (side=S; "" when none is), else the side to move,
// else at a sealed point the one side that owes a choice among those the
// client plays (among all when it plays none). It refuses a side that is
// not to move or has already committed (not-your-turn), and a request
// that must name the side because two of the client's sides owe a choice.
func (g *game) decider(cmd, named string) (engine.Player, error) {
	to := g.st.ToMove()
	if named != "" {
		k, err := g.parseSide(named)
		if err != nil {
			return 0, err
		}
		side := engine.Player(k)
		switch {
		case to == engine.Both && !slices.Contains(g.owing(), side):
			return 0, wire.Errorf(wire.NotYourTurn, "%s has already made its sealed choice: %s", g.sideName(k), g.owesText())
		case to != engine.Both && to != side:
			return 0, wire.Errorf(wire.NotYourTurn, "%s is not to move (%s is)", g.sideName(k), g.toMoveName())
		}
		return side, nil
	}
	if to != engine.Both {
		return to, nil
	}
	owing := g.owing()
	if len(owing) == 0 {
		return 0, g.noSealed()
	}
	var mine []engine.Player
	for _, k := range owing {
		if g.human(k) {
			mine = append(mine, k)
		}
	}
	if !g.human(0) && !g.human(1) {
		mine = owing
	}
	switch len(mine) {
	case 1:
		return mine[0], nil
	case 2:
		return 0, wire.Errorf(wire.BadArgument, "both %s and %s owe a sealed choice and both are played here: name the side, as in %s side=0 or %s side=%s",
			g.sideName(0), g.sideName(1), cmd, cmd, g.sideName(1))
	}
	k := int(owing[0])
	return 0, wire.Errorf(wire.NotYourTurn, "your sealed choice is made; %s (bot %s) still owes its own: genmove or advance lets it choose", g.sideName(k), g.cfg.sides[k])
}

// noSealed is the error for a state that says both sides choose but
// offers no sealed choice (a ruleset's bug, engine.Sealed missing).
func (g *game) noSealed() error {
	return wire.Errorf(wire.Unsupported, "the %s state says both sides choose, but no side owes a sealed choice (the ruleset does not implement engine.Sealed)", g.st.Ruleset())
}

// botDecider is the side genmove and advance let a bot choose for: the
// side named, else the side to move, else at a sealed point the first
// side played by a bot that owes a choice, else the one side that owes
// one (genmove then plays a human side with the default bot).
func (g *game) botDecider(named string) (engine.Player, error) {
	if named != "" || g.st.ToMove() != engine.Both {
		return g.decider("genmove", named)
	}
	owing := g.owing()
	if len(owing) == 0 {
		return 0, g.noSealed()
	}
	for _, k := range owing {
		if !g.human(k) {
			return k, nil
		}
	}
	if len(owing) == 1 {
		return owing[0], nil
	}
	return 0, wire.Errorf(wire.BadArgument, "both %s and %s owe a sealed choice: name the side the bot chooses for, as in genmove side=0 or genmove side=%s",
		g.sideName(0), g.sideName(1), g.sideName(1))
}

// parseSide reads a side as 0, 1 or the ruleset's name for it.
func (g *game) parseSide(v string) (int, error) {
	p, err := engine.ParseSide(g.st, v)
	return int(p), err
}

func (g *game) summary() string {
	if s, ok := g.shown().(engine.Describer); ok {
		return strings.TrimRight(s.Summary(), "\n")
	}
	return fmt.Sprintf("turn %d, %s to move", g.st.Turn(), g.toMoveName())
}

// StateInfo is the short state show and undo report to programs.
type StateInfo struct {
	Turn    int           `json:"turn"`
	Phase   string        `json:"phase,omitempty"`
	ToMove  string        `json:"to_move"`
	Player  engine.Player `json:"player"`
	Result  engine.Result `json:"result"`
	Summary string        `json:"summary"`
	Hash    string        `json:"hash"`
	// Owes names the sides that still owe a sealed choice (player is
	// then -3, engine.Both).
	Owes []string `json:"owes,omitempty"`
}

func (g *game) stateInfo() StateInfo {
	// The hash is the shown state's: the real one would tell the sealed
	// choices apart.
	info := StateInfo{Turn: g.st.Turn(), ToMove: g.toMoveName(), Player: g.st.ToMove(), Result: g.st.Result(), Summary: g.summary(), Hash: fmt.Sprintf("%016x", g.shown().Hash()), Owes: g.owingNames()}
	info.Phase = engine.PhaseName(g.st)
	return info
}

// UnitInfo is one unit as show units gives it.
type UnitInfo struct {
	Index   int     `json:"index"`
	Label   string  `json:"label"`
	Side    int     `json:"side"`
	Type    string  `json:"type"`
	OnTable bool    `json:"on_table"`
	X       float64 `json:"x,omitempty"`
	Y       float64 `json:"y,omitempty"`
	Facing  float64 `json:"facing,omitempty"`
	Status  string  `json:"status"`
	// Bases are every base of a unit on the table, its first (X, Y,
	// Facing above) included: a unit of several bases stands where
	// each of them does.
	Bases []engine.Base `json:"bases,omitempty"`
}

// units is every piece as show units gives it (engine.Table), or the
// error saying the ruleset has no pieces to list.
func (g *game) units() ([]UnitInfo, error) {
	tab, err := engine.Capability[engine.Table](g.st, "a list of its units")
	if err != nil {
		return nil, err
	}
	pieces := tab.Pieces(nil)
	out := make([]UnitInfo, len(pieces))
	for k, p := range pieces {
		out[k] = UnitInfo{Index: p.ID, Label: p.Label, Side: int(p.Side), Type: p.Name, Status: p.Status}
		if p.Where == "table" && len(p.Bases) > 0 {
			b := p.Bases[0]
			out[k].OnTable, out[k].X, out[k].Y, out[k].Facing = true, b.Centre.X, b.Centre.Y, b.Facing
			out[k].Bases = p.Bases
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

// legal is side's legal actions (engine.LegalFor: at a sealed point its
// sealed choices), in the ruleset's order (the numbers legal prints and
// play takes).
func (g *game) legal(side engine.Player) []engine.Action {
	g.buf = engine.LegalFor(g.st, side, g.buf[:0])
	return g.buf
}

// notation is a's notation in the game (State.FormatAction).
func (g *game) notation(a engine.Action) string { return g.st.FormatAction(a) }

// apply plays side's action (engine.Play: at a sealed point, commits its
// choice), recording it. The step of a sealed choice the client may not
// see (hides) says only that side has chosen, until both are revealed.
func (g *game) apply(p engine.Player, a engine.Action) (Step, error) {
	sealed := g.st.ToMove() == engine.Both
	since := g.sealedSince()
	text := g.st.DescribeAction(a)
	notation := g.notation(a)
	table := ""
	if ti, ok := g.st.(engine.TableInstructor); ok {
		table = ti.TableInstructions(a)
	}
	g.push()
	g.rec.AddAction(g.st, p, a)
	if err := engine.Play(g.st, p, a); err != nil { // a refused action changes nothing
		g.history = g.history[:len(g.history)-1]
		g.rec.Steps = g.rec.Steps[:len(g.rec.Steps)-1]
		return Step{}, wire.Wrap(wire.IllegalAction, err)
	}
	g.rec.Result, g.rec.Turns = g.st.Result(), g.st.Turn()
	if sealed && g.st.ToMove() == engine.Both && g.hides(p) {
		return Step{Player: g.sideName(int(p)), Text: sealedText(g.sideName(int(p))), Sealed: true}, nil
	}
	step := Step{Player: g.sideName(int(p)), Text: text, Notation: notation, Table: table, Sealed: sealed, Action: &ActionInfo{Text: text, Notation: notation, Action: a}}
	g.addReport(&step)
	if sealed && g.st.ToMove() != engine.Both {
		// The last choice is in: every choice of the point is revealed.
		for _, st := range g.rec.Steps[since:] {
			if st.Player == 0 || st.Player == 1 {
				step.Revealed = append(step.Revealed, g.sideName(int(st.Player))+": "+g.stepNotation(st))
			}
		}
	}
	return step, nil
}

// sealedSince is the index of the record's first step at the current
// sealed point: the steps from it on are the sealed choices made there
// and not yet revealed (none, len(g.rec.Steps), away from a sealed
// point).
func (g *game) sealedSince() int {
	from := len(g.rec.Steps)
	if g.st.ToMove() != engine.Both {
		return from
	}
	for j := len(g.history) - 1; j >= 0 && g.history[j].st.ToMove() == engine.Both; j-- {
		from = min(from, g.history[j].steps)
	}
	return from
}

// stepNotation is a recorded side's step in notation.
func (g *game) stepNotation(st engine.Step) string {
	if st.Notation == "" && st.Action != nil {
		return g.notation(*st.Action)
	}
	return st.Notation
}

// sealedText is what a step says of a sealed choice the client may not
// see yet.
func sealedText(side string) string {
	return side + " has made its sealed choice (revealed when both are in)"
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
	step := Step{Player: "chance", Text: fmt.Sprintf("%s: %v", text, d.Values()), Dice: diceInts(d)}
	g.addReport(&step)
	return step, nil
}

// addReport adds to step what the state reports of it (engine.Report: a
// declared action lost, and why): in its Report, at the end of its Text
// and of its Table (the ruler instructions a real-table front end shows
// instead), and in the record step's Text, which show history gives and
// replay ignores.
func (g *game) addReport(step *Step) {
	r := engine.Report(g.st)
	if r == "" {
		return
	}
	step.Report = r
	step.Text += " -- " + r
	if step.Table != "" {
		step.Table += " -- " + r
	}
	if n := len(g.rec.Steps); n > 0 {
		rs := &g.rec.Steps[n-1]
		if rs.Text != "" {
			rs.Text += " -- "
		}
		rs.Text += r
	}
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

// botMove lets spec choose for side and plays its choice. The bot is
// handed side's own view (engine.ViewFor), so at a sealed point it never
// sees the other side's choice.
func (g *game) botMove(ctx context.Context, side engine.Player, spec string, explain bool) (Step, error) {
	a, err := g.bot(spec, side)
	if err != nil {
		return Step{}, err
	}
	view := engine.ViewFor(g.st, side)
	if view == g.st {
		view = g.st.Clone() // the bot may change what it is given
	}
	done, err := g.search(ctx)
	if err != nil {
		return Step{}, err
	}
	defer done()
	var act engine.Action
	var why *agents.Explanation
	if x, ok := a.(agents.Explainer); ok && explain {
		act, why, err = x.ChooseExplained(ctx, view, side)
	} else {
		act, err = a.Choose(ctx, view, side)
	}
	if err != nil {
		return Step{}, wire.Errorf(wire.AgentFailed, "%s could not choose: %w", spec, err)
	}
	step, err := g.apply(side, act)
	if err != nil {
		return Step{}, wire.Errorf(wire.AgentFailed, "%s chose an action the rules refuse: %w", spec, err)
	}
	if step.Action != nil { // no explanation of a choice kept sealed
		step.Why = why
	}
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
	case p == engine.Both:
		var waiting []string
		for _, k := range g.owing() {
			if !g.human(k) {
				return "" // a bot commits first, from its own view
			}
			waiting = append(waiting, g.sideName(int(k)))
		}
		if len(waiting) == 0 {
			return "" // no side owes one: the bot's turn refuses it (noSealed)
		}
		return "human: " + strings.Join(waiting, " and ") + " to make a sealed choice"
	case g.cfg.sides[p] == "human":
		return "human: " + g.sideName(int(p)) + " to move"
	}
	return ""
}

// stepReply is the reply to a command that played one step.
func (g *game) stepReply(step Step) Reply {
	text := step.Player + ": " + step.line()
	if len(step.Revealed) > 0 {
		text += "\nrevealed: " + strings.Join(step.Revealed, ", ")
	}
	if step.Why != nil {
		text += "\n" + step.Why.String()
	}
	text += "\nnext: " + g.next()
	return Reply{Text: text, Data: struct {
		Step
		Next  string    `json:"next"`
		State StateInfo `json:"state"`
	}{step, g.next(), g.stateInfo()}}
}

// next says what the game waits for now.
func (g *game) next() string {
	switch p := g.st.ToMove(); {
	case g.st.Terminal():
		return "game over: " + g.resultText()
	case p == engine.Chance:
		return "dice: " + g.st.DescribeRoll()
	case p == engine.Both:
		var parts []string
		for k := range engine.Player(2) {
			switch {
			case !slices.Contains(g.owing(), k):
				parts = append(parts, g.sideName(int(k))+" has chosen")
			case g.human(k):
				parts = append(parts, g.sideName(int(k))+" (human) to choose")
			default:
				parts = append(parts, g.sideName(int(k))+" (bot "+g.cfg.sides[k]+") to choose")
			}
		}
		return "sealed choice: " + strings.Join(parts, ", ")
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
