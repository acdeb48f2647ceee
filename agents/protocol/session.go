package protocol

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/agents/protocol/wire"
	"github.com/grognard/grognard/engine"
)

// Version is the protocol's version; docs/protocol.md specifies it.
const Version = "1"

// Config is what a session knows of the program serving it.
type Config struct {
	// Name and Version identify the program (the name and version
	// commands).
	Name, Version string
	// Ruleset is what new_game and list_scenarios play when the request
	// names none; empty: the first registered.
	Ruleset string
	// NoScenarioFiles refuses every scenario named by a file's path
	// (scenarios.KindOf is File), in new_game and in the record of a
	// loaded game, and admits only the ruleset's built-in scenarios and
	// generated battlefields. A server sets it for a client that is not
	// the machine's own user: a scenario file's source reads any path the
	// process can, and its errors quote what it read. The zero value
	// keeps files, for a person at the terminal (grognard protocol, play).
	NoScenarioFiles bool
	// Limits bounds the work one request may ask for (zero fields: no
	// bound), for a server shared by clients it does not trust.
	Limits Limits
	// Searching, when set, is called before each search a request makes
	// (a bot's move in genmove or advance, a hint with its playouts), and
	// the function it returns once the search is over: a server shares
	// its CPUs out among its clients with it, while the rest of a request
	// (dice, a person's move) waits for nothing. Its error refuses the
	// request, wrapped so that errors.Is finds it.
	Searching func(ctx context.Context) (done func(), err error)
}

// Session is one protocol conversation: at most one game at a time, with
// its history for undo. A Session is not safe for concurrent use; the
// server feeds it one request at a time.
type Session struct {
	cfg  Config
	mode Mode
	unit Unit
	g    *game
	quit bool
	// games counts the games started or loaded, for Revision.
	games uint64
}

// NewSession starts a conversation in text mode with no game.
func NewSession(cfg Config) *Session {
	if cfg.Name == "" {
		cfg.Name = "grognard"
	}
	if cfg.Version == "" {
		cfg.Version = "dev"
	}
	return &Session{cfg: cfg}
}

// Mode is the session's current framing.
func (s *Session) Mode() Mode { return s.mode }

// Done reports whether the client asked to quit.
func (s *Session) Done() bool { return s.quit }

// State is the current game's state (nil before new_game). It is the
// session's own: it changes as the game goes on, and callers must not
// change it themselves.
func (s *Session) State() engine.State {
	if s.g == nil {
		return nil
	}
	return s.g.st
}

// command is one protocol command.
type command struct {
	name  string
	usage string
	doc   string
	run   func(s *Session, ctx context.Context, args []string) (Reply, error)
}

// commands lists every command, in the order help prints them.
func commands() []command {
	return []command{
		{"protocol_version", "", "the protocol's version", (*Session).cmdProtocolVersion},
		{"name", "", "the program's name", (*Session).cmdName},
		{"version", "", "the program's version", (*Session).cmdVersion},
		{"help", "[COMMAND]", "the commands, or one command's usage", (*Session).cmdHelp},
		{"mode", "text|json", "switch the framing of requests and replies", (*Session).cmdMode},
		{"units", "[in|mm|paces]", "the unit bare numbers in moves are read in (inches to start); replies are always in inches", (*Session).cmdUnits},
		{"list_rulesets", "", "the rulesets this program plays", (*Session).cmdListRulesets},
		{"list_scenarios", "[RULESET]", "a ruleset's built-in scenarios, the default first", (*Session).cmdListScenarios},
		{"list_agents", "", "the agent kinds a side or genmove may use, with their parameters", (*Session).cmdListAgents},
		{"new_game", "[ruleset=R] [scenario=S] [seed=N] [side0=human|SPEC side1=human|SPEC | human=SIDE bot=SPEC] [dice=auto|manual] [turn_limit=N] [variant=V]", "start a game; each side is human (this client moves it) or an agent spec (see list_agents); human=SIDE (0, 1 or its name) with bot=SPEC sets both", (*Session).cmdNewGame},
		{"show", "[summary|sketch|units|json|history]", "the position: a summary, a text sketch of the table, the units, the whole state as JSON, or the steps played in notation", (*Session).cmdShow},
		{"legal", "[side=S] [all|UNIT]", "the legal actions of the side to move (at a sealed choice, your side's; side=S names it), numbered for play, each with its notation; past 60, one line a unit's run of them (all: every one; UNIT: that unit's)", (*Session).cmdLegal},
		{"play", "[side=S] ID | NOTATION | TEXT | move UNIT [via X Y]... to X Y [facing F] [slide]", "play a legal action by number, notation or text, or a free-form move the rules then check; at a sealed choice, commit your side's (side=S names it when you play both)", (*Session).cmdPlay},
		{"move", "UNIT [via X Y]... to X Y [facing F] [slide]", "play a free-form move (same as play move ...)", (*Session).cmdMove},
		{"place", "UNIT at X Y [facing F]", "deploy a unit during set-up, or place the arriving reinforcement, anywhere the rules allow", (*Session).cmdPlace},
		{"pending", "", "the die roll waiting to be made: how many dice, and why", (*Session).cmdPending},
		{"dice", "V [V...]", "give the values of the pending roll (from real dice)", (*Session).cmdDice},
		{"roll", "", "let the program roll the pending dice", (*Session).cmdRoll},
		{"genmove", "[side=S] [agent=SPEC] [iters=N|calls=N|time=D] [explain]", "the side to move's bot (or SPEC) chooses an action and plays it; at a sealed choice, a bot side that owes one commits it from its own view", (*Session).cmdGenmove},
		{"advance", "[max=N]", "play bots' moves and (with dice=auto) dice until a human must act, a manual die is due, or the game ends", (*Session).cmdAdvance},
		{"hint", "[n=N] [plan] [explain] [side=S] [agent=SPEC] [iters=N|time=D] [playouts=N]", "the best actions (and with plan, the orders for the rest of the turn) for the side to move, with estimated win/draw/loss; nothing is played", (*Session).cmdHint},
		{"set", "unit UNIT [at X Y] [facing F] [status S] | turn T [side S]", "correct the program to match the table: a unit's place, facing or status, or the turn and side to move", (*Session).cmdSet},
		{"undo", "[N]", "take back the last N steps (actions, dice or corrections; 1 to start)", (*Session).cmdUndo},
		{"result", "", "the game's result so far", (*Session).cmdResult},
		{"save", "[FILE]", "save the game (record and state) to FILE, or return it", (*Session).cmdSave},
		{"load", "FILE [side0=human|SPEC] [side1=human|SPEC] [bot=SPEC]", "load a game saved by save, its sides as saved or as given (bot= for every bot side); a side the file gives to an external program must be given: a file never starts a program", (*Session).cmdLoad},
		{"quit", "", "end the session", (*Session).cmdQuit},
	}
}

// Execute runs one request and returns its reply. An error is the reply
// for a request that was malformed, unknown or illegal; the game is then
// exactly as before the request.
func (s *Session) Execute(ctx context.Context, r Request) (rep Reply, err error) {
	defer func() {
		// A bug must not end a person's game: report it as an error and
		// keep the session (the game is restored by the handler's own
		// checks, and at worst the request had no effect on it).
		if p := recover(); p != nil {
			rep, err = Reply{}, wire.Errorf(wire.Internal, "internal error in %s: %v (please report it; the game is unchanged)", r.Cmd, p)
			if s.g != nil && s.g.guard != nil {
				s.g.rollBack()
			}
		}
	}()
	for _, c := range commands() {
		if c.name == r.Cmd {
			if s.g != nil {
				s.g.guard = s.g.snapshot()
			}
			rep, err = c.run(s, ctx, r.Args)
			if err != nil && s.g != nil && s.g.guard != nil {
				s.g.rollBack()
			}
			if s.g != nil {
				s.g.guard = nil
			}
			return rep, coded(ctx, err)
		}
	}
	return Reply{}, wire.Errorf(wire.UnknownCommand, "unknown command %q (help lists the commands)", r.Cmd)
}

// ---- arguments ----

// keyValues reads key=value arguments, refusing unknown keys and repeats.
// Bare words are returned in order.
func keyValues(args []string, known ...string) (map[string]string, []string, error) {
	kv := map[string]string{}
	var bare []string
	for _, a := range args {
		k, v, ok := strings.Cut(a, "=")
		if !ok {
			bare = append(bare, a)
			continue
		}
		k = strings.ToLower(strings.TrimSpace(k))
		found := false
		for _, n := range known {
			found = found || n == k
		}
		if !found {
			return nil, nil, fmt.Errorf("unknown key %q (known: %s)", k, strings.Join(known, ", "))
		}
		if _, dup := kv[k]; dup {
			return nil, nil, fmt.Errorf("key %q is given twice", k)
		}
		kv[k] = v
	}
	return kv, bare, nil
}

func noArgs(args []string) error {
	if len(args) > 0 {
		return fmt.Errorf("takes no arguments, got %q", strings.Join(args, " "))
	}
	return nil
}

func positiveInt(what, v string, max int) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > max {
		return 0, fmt.Errorf("%s %q is not a whole number from 1 to %d", what, v, max)
	}
	return n, nil
}

// needGame returns the game or says how to start one.
func (s *Session) needGame() (*game, error) {
	if s.g == nil {
		return nil, wire.Errorf(wire.NoGame, "no game: start one with new_game")
	}
	return s.g, nil
}

// gameFor returns the game for a command that takes no arguments (when
// bare) and needs what each of needs checks: a decision, a pending roll.
func (s *Session) gameFor(args []string, bare bool, needs ...func(*game) error) (*game, error) {
	g, err := s.needGame()
	if err != nil {
		return nil, err
	}
	if bare {
		if err := noArgs(args); err != nil {
			return nil, err
		}
	}
	for _, need := range needs {
		if err := need(g); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// ---- simple commands ----

func (s *Session) cmdProtocolVersion(_ context.Context, args []string) (Reply, error) {
	if err := noArgs(args); err != nil {
		return Reply{}, err
	}
	return Reply{Text: Version, Data: Version}, nil
}

func (s *Session) cmdName(_ context.Context, args []string) (Reply, error) {
	if err := noArgs(args); err != nil {
		return Reply{}, err
	}
	return Reply{Text: s.cfg.Name, Data: s.cfg.Name}, nil
}

func (s *Session) cmdVersion(_ context.Context, args []string) (Reply, error) {
	if err := noArgs(args); err != nil {
		return Reply{}, err
	}
	return Reply{Text: s.cfg.Version, Data: s.cfg.Version}, nil
}

// commandHelp is one command's entry in the help reply.
type commandHelp struct {
	Name  string `json:"name"`
	Usage string `json:"usage"`
	Doc   string `json:"doc"`
}

func (s *Session) cmdHelp(_ context.Context, args []string) (Reply, error) {
	if len(args) > 1 {
		return Reply{}, fmt.Errorf("help takes at most one command name")
	}
	var out []commandHelp
	var b strings.Builder
	for _, c := range commands() {
		if len(args) == 1 && c.name != strings.ToLower(args[0]) {
			continue
		}
		out = append(out, commandHelp{c.name, c.usage, c.doc})
		fmt.Fprintf(&b, "%s %s\n    %s\n", c.name, c.usage, c.doc)
	}
	if len(out) == 0 {
		return Reply{}, fmt.Errorf("unknown command %q (help lists the commands)", args[0])
	}
	return Reply{Text: b.String(), Data: out}, nil
}

func (s *Session) cmdMode(_ context.Context, args []string) (Reply, error) {
	if len(args) != 1 {
		return Reply{}, fmt.Errorf("mode takes text or json")
	}
	switch strings.ToLower(args[0]) {
	case "text":
		s.mode = Text
	case "json":
		s.mode = JSON
	default:
		return Reply{}, fmt.Errorf("unknown mode %q: text or json", args[0])
	}
	return Reply{Text: s.mode.String(), Data: s.mode.String()}, nil
}

func (s *Session) cmdUnits(_ context.Context, args []string) (Reply, error) {
	if len(args) > 1 {
		return Reply{}, fmt.Errorf("units takes in, mm or paces")
	}
	if len(args) == 1 {
		u, err := ParseUnit(args[0])
		if err != nil {
			return Reply{}, err
		}
		s.unit = u
	}
	return Reply{Text: s.unit.String(), Data: s.unit.String()}, nil
}

// rulesetInfo is a ruleset as list_rulesets gives it.
type rulesetInfo struct {
	Name      string   `json:"name"`
	Version   string   `json:"version"`
	Title     string   `json:"title"`
	Scenarios []string `json:"scenarios"`
}

func (s *Session) cmdListRulesets(_ context.Context, args []string) (Reply, error) {
	if err := noArgs(args); err != nil {
		return Reply{}, err
	}
	var out []rulesetInfo
	var b strings.Builder
	for _, rs := range engine.Rulesets() {
		out = append(out, rulesetInfo{rs.Name(), rs.Version(), rs.Title(), rs.Scenarios()})
		fmt.Fprintf(&b, "%s %s %s\n", rs.Name(), rs.Version(), rs.Title())
	}
	return Reply{Text: b.String(), Data: out}, nil
}

func (s *Session) cmdListScenarios(_ context.Context, args []string) (Reply, error) {
	if len(args) > 1 {
		return Reply{}, fmt.Errorf("list_scenarios takes at most a ruleset name")
	}
	rs, err := s.defaultRuleset(args)
	if err != nil {
		return Reply{}, err
	}
	names := rs.Scenarios()
	return Reply{Text: strings.Join(names, "\n"), Data: names}, nil
}

// defaultRuleset is the named ruleset, or the session's default, or the
// first registered.
func (s *Session) defaultRuleset(args []string) (engine.Ruleset, error) {
	if len(args) == 1 {
		return engine.Lookup(args[0])
	}
	if s.cfg.Ruleset != "" {
		return engine.Lookup(s.cfg.Ruleset)
	}
	all := engine.Rulesets()
	if len(all) == 0 {
		return nil, errors.New("no ruleset is registered")
	}
	return all[0], nil
}

func (s *Session) cmdListAgents(_ context.Context, args []string) (Reply, error) {
	if err := noArgs(args); err != nil {
		return Reply{}, err
	}
	var b strings.Builder
	list := agents.List()
	for _, in := range list {
		fmt.Fprintf(&b, "%s: %s\n", in.Name, in.Description)
		for _, p := range in.Params {
			fmt.Fprintf(&b, "    %s=%s  %s\n", p.Name, p.Default, p.Doc)
		}
	}
	return Reply{Text: b.String(), Data: list}, nil
}

func (s *Session) cmdQuit(_ context.Context, args []string) (Reply, error) {
	if err := noArgs(args); err != nil {
		return Reply{}, err
	}
	s.quit = true
	if s.g != nil {
		s.g.close()
	}
	return Reply{Text: "bye", Data: "bye"}, nil
}

// Close ends the processes of the game's external bots. A front end
// calls it when it stops serving the session, whether by quit, the end of
// its input or Ctrl-C, so that no bot outlives it.
func (s *Session) Close() {
	if s.g != nil {
		s.g.close()
	}
}

// replaceGame makes g the session's game, ending the old one's bots.
func (s *Session) replaceGame(g *game) {
	if s.g != nil {
		s.g.close()
	}
	s.g = g
	s.games++
}

// Revision changes whenever the game does (a step, a correction, an undo,
// a new or loaded game), so a front end saves or redraws only then.
func (s *Session) Revision() uint64 {
	if s.g == nil {
		return 0
	}
	return s.games<<40 | s.g.rev
}

// ---- a new game ----

func (s *Session) cmdNewGame(_ context.Context, args []string) (Reply, error) {
	kv, bare, err := keyValues(args, "ruleset", "scenario", "seed", "side0", "side1", "human", "bot", "dice", "turn_limit", "variant")
	if err != nil {
		return Reply{}, err
	}
	if len(bare) > 0 {
		return Reply{}, fmt.Errorf("new_game takes key=value arguments, got %q", bare[0])
	}
	var rargs []string
	if v, ok := kv["ruleset"]; ok {
		rargs = []string{v}
	}
	rs, err := s.defaultRuleset(rargs)
	if err != nil {
		return Reply{}, err
	}
	cfg := gameConfig{seed: 1, sides: [2]string{"human", "mcts"}, diceAuto: true}
	if v, ok := kv["seed"]; ok {
		if cfg.seed, err = strconv.ParseUint(v, 10, 64); err != nil {
			return Reply{}, fmt.Errorf("seed %q is not a whole number from 0 to 2^64-1", v)
		}
	}
	for k := range 2 {
		if v, ok := kv["side"+strconv.Itoa(k)]; ok {
			cfg.sides[k] = v
		}
	}
	if v, ok := kv["human"]; ok {
		_, s0 := kv["side0"]
		_, s1 := kv["side1"]
		if s0 || s1 {
			return Reply{}, fmt.Errorf("give the sides either as side0= and side1=, or as human= (and bot=), not both")
		}
		cfg.human, cfg.sides = v, [2]string{"mcts", "mcts"}
		if b, ok := kv["bot"]; ok {
			cfg.sides = [2]string{b, b}
		}
	} else if _, ok := kv["bot"]; ok {
		return Reply{}, fmt.Errorf("bot= plays the side that human= does not: give human= too")
	}
	switch strings.ToLower(kv["dice"]) {
	case "", "auto":
	case "manual":
		cfg.diceAuto = false
	default:
		return Reply{}, fmt.Errorf("dice %q: auto (the program rolls when asked to advance) or manual (every die is given with dice)", kv["dice"])
	}
	if v, ok := kv["turn_limit"]; ok {
		if cfg.opts.TurnLimit, err = positiveInt("turn_limit", v, 10000); err != nil {
			return Reply{}, err
		}
	}
	if v, ok := kv["variant"]; ok {
		cfg.opts.Variants = strings.Split(v, "+")
	}
	cfg.scenario = kv["scenario"]
	if cfg.scenario == "" {
		cfg.scenario = rs.Scenarios()[0]
	}
	g, err := newGame(rs, cfg, s.cfg)
	if err != nil {
		return Reply{}, err
	}
	s.replaceGame(g)
	return s.describeGame("new game"), nil
}

// gameInfo is what new_game and load reply.
type gameInfo struct {
	Ruleset  string    `json:"ruleset"`
	Scenario string    `json:"scenario"`
	Seed     uint64    `json:"seed"`
	Sides    [2]string `json:"sides"`
	Names    [2]string `json:"side_names,omitzero"`
	Dice     string    `json:"dice"`
	ToMove   string    `json:"to_move"`
	Summary  string    `json:"summary"`
}

func (s *Session) describeGame(what string) Reply {
	g := s.g
	dice := "manual"
	if g.cfg.diceAuto {
		dice = "auto"
	}
	info := gameInfo{Ruleset: g.rs.Name(), Scenario: g.cfg.scenario, Seed: g.cfg.seed, Sides: g.cfg.sides, Names: g.sideNames(), Dice: dice, ToMove: g.toMoveName(), Summary: g.summary()}
	text := fmt.Sprintf("%s: %s on %s, seed %d; %s: %s, %s: %s; dice %s\n%s", what, info.Ruleset, info.Scenario, info.Seed,
		g.sideName(0), info.Sides[0], g.sideName(1), info.Sides[1], dice, info.Summary)
	return Reply{Text: text, Data: info}
}

// gameConfig is how a game was started.
type gameConfig struct {
	scenario string
	opts     engine.Options
	seed     uint64
	sides    [2]string
	diceAuto bool
	// human, when set, names the human side (0, 1 or the scenario's name
	// for it); newGame resolves it once the scenario is loaded.
	human string
}

// checkSide checks a side's setting: human or an agent spec.
func checkSide(spec string) error {
	if spec == "human" {
		return nil
	}
	if _, err := agents.New(spec, 0); err != nil {
		return fmt.Errorf("%v (a side is human or an agent spec)", err)
	}
	return nil
}

// ---- the position ----

func (s *Session) cmdShow(_ context.Context, args []string) (Reply, error) {
	g, err := s.needGame()
	if err != nil {
		return Reply{}, err
	}
	what := "summary"
	if len(args) > 1 {
		return Reply{}, fmt.Errorf("show takes one of summary, sketch, units, json")
	}
	if len(args) == 1 {
		what = strings.ToLower(args[0])
	}
	switch what {
	case "summary":
		text := g.summary()
		if g.st.ToMove() == engine.Both && !g.st.Terminal() {
			text += "\n" + g.owesText()
		}
		return Reply{Text: text, Data: g.stateInfo()}, nil
	case "history":
		return g.historyReply(), nil
	case "sketch":
		sk, err := engine.Capability[engine.Describer](g.shown(), "a sketch of the table")
		if err != nil {
			return Reply{}, err
		}
		text := sk.Sketch()
		return Reply{Text: text, Data: text}, nil
	case "units":
		us, err := g.units()
		if err != nil {
			return Reply{}, err
		}
		var b strings.Builder
		for _, u := range us {
			if u.OnTable {
				fmt.Fprintf(&b, "#%-3d %-10s %-6s %-18s (%5.2f, %5.2f) facing %3.0f  %s\n", u.Index, u.Label, g.sideName(u.Side), u.Type, u.X, u.Y, u.Facing, u.Status)
			} else {
				fmt.Fprintf(&b, "#%-3d %-10s %-6s %-18s %s\n", u.Index, u.Label, g.sideName(u.Side), u.Type, u.Status)
			}
		}
		return Reply{Text: b.String(), Data: us}, nil
	case "json":
		raw, err := g.shown().MarshalJSON()
		if err != nil {
			return Reply{}, fmt.Errorf("encode the state: %w", err)
		}
		return Reply{Text: string(raw), Data: json.RawMessage(raw)}, nil
	}
	return Reply{}, fmt.Errorf("unknown view %q: summary, sketch, units, json or history", what)
}

// historyStep is one step of the game as show history gives it.
type historyStep struct {
	// Step counts the steps from 1.
	Step   int    `json:"step"`
	Player string `json:"player"`
	// Notation is a side's action in the ruleset's notation; it is empty
	// for dice, and for a sealed choice the client may not see yet
	// (Sealed is then set).
	Notation string `json:"notation,omitempty"`
	Sealed   bool   `json:"sealed,omitempty"`
	Dice     []int  `json:"dice,omitempty"`
}

// historyReply lists the record's steps, a line each: "3 Blue: B-Guns
// advance", "4 chance: 5 2". The sealed choices of the current sealed
// point that the client may not see say only that the side has chosen.
func (g *game) historyReply() Reply {
	hideFrom := g.sealedSince()
	out := make([]historyStep, 0, len(g.rec.Steps))
	var b strings.Builder
	for i, st := range g.rec.Steps {
		h := historyStep{Step: i + 1, Player: "chance"}
		if st.Player == 0 || st.Player == 1 {
			h.Player = g.sideName(int(st.Player))
		}
		line := ""
		switch {
		case st.Dice != nil:
			h.Dice = diceInts(*st.Dice)
			line = strings.Trim(fmt.Sprint(h.Dice), "[]")
		case i >= hideFrom && g.hides(st.Player):
			h.Sealed = true
			line = "(a sealed choice, not yet revealed)"
		default:
			h.Notation = g.stepNotation(st)
			line = h.Notation
		}
		out = append(out, h)
		fmt.Fprintf(&b, "%d %s: %s\n", h.Step, h.Player, line)
	}
	if len(out) == 0 {
		b.WriteString("no steps played yet\n")
	}
	return Reply{Text: strings.TrimRight(b.String(), "\n"), Data: out}
}

// actionInfo is one legal action as legal lists it.
type actionInfo struct {
	ID   int    `json:"id"`
	Text string `json:"text"`
	// Notation is the action in the ruleset's notation (State.FormatAction),
	// which play takes as well as the id and the text.
	Notation string        `json:"notation,omitempty"`
	Action   engine.Action `json:"action"`
}

// line is the action as legal prints it: "3 B-Guns advances | B-Guns
// advance", its number, text and notation.
func (a actionInfo) line() string {
	if a.Notation == "" {
		return fmt.Sprintf("%d %s", a.ID, a.Text)
	}
	return fmt.Sprintf("%d %s | %s", a.ID, a.Text, a.Notation)
}

// sideArg takes a side=S word out of args, wherever it is: the side a
// request acts for. It returns "" when none is given.
func sideArg(args []string) (string, []string, error) {
	named, found := "", false
	rest := make([]string, 0, len(args))
	for _, a := range args {
		if k, v, ok := strings.Cut(a, "="); ok && strings.EqualFold(k, "side") {
			if found {
				return "", nil, fmt.Errorf("side= is given twice")
			}
			if v == "" {
				return "", nil, fmt.Errorf("side= needs a side: 0, 1 or its name")
			}
			named, found = v, true
			continue
		}
		rest = append(rest, a)
	}
	return named, rest, nil
}

// legalListMax is the most legal actions legal lists one a line. Past it
// (a deployment offers some 460 placements) the text gives each unit's
// run of actions one line, with its numbers; 'legal all' lists every
// action and 'legal UNIT' one unit's. The JSON reply always holds every
// action.
const legalListMax = 60

func (s *Session) cmdLegal(_ context.Context, args []string) (Reply, error) {
	g, err := s.gameFor(nil, false, (*game).needDecision)
	if err != nil {
		return Reply{}, err
	}
	named, args, err := sideArg(args)
	if err != nil {
		return Reply{}, err
	}
	side, err := g.decider("legal", named)
	if err != nil {
		return Reply{}, err
	}
	acts := g.legal(side)
	out := make([]actionInfo, len(acts))
	for k, a := range acts {
		out[k] = actionInfo{ID: k + 1, Text: g.st.DescribeAction(a), Notation: g.notation(a), Action: a}
	}
	who := g.sideName(int(side))
	if g.st.ToMove() == engine.Both {
		other := side.Other()
		if slices.Contains(g.owing(), other) {
			who += "'s sealed choice (" + g.sideName(int(other)) + " has yet to choose)"
		} else {
			who += "'s sealed choice (" + g.sideName(int(other)) + " has chosen)"
		}
	}
	var b strings.Builder
	which := strings.Join(args, " ")
	switch {
	case which == "" && len(out) > legalListMax:
		fmt.Fprintf(&b, "%d legal actions for %s, a line for each unit's run of them ('legal all' lists every one, 'legal UNIT' one unit's):\n", len(out), who)
		writeLegalGroups(&b, out)
		return Reply{Text: b.String(), Data: out}, nil
	case which == "" || strings.EqualFold(which, "all"):
		fmt.Fprintf(&b, "%d legal actions for %s\n", len(out), who)
	default:
		if out, err = g.legalOf(out, which); err != nil {
			return Reply{}, err
		}
		fmt.Fprintf(&b, "%d legal actions for %s\n", len(out), which)
	}
	for _, a := range out {
		b.WriteString(a.line() + "\n")
	}
	return Reply{Text: b.String(), Data: out}, nil
}

// legalOf keeps the actions of the unit labelled label (or numbered #N):
// those the unit makes (its number in the action, its label in the text).
func (g *game) legalOf(acts []actionInfo, label string) ([]actionInfo, error) {
	tab, err := engine.Capability[engine.Table](g.st, "units to list the actions of")
	if err != nil {
		return nil, fmt.Errorf("legal UNIT: %w ('legal' lists every action)", err)
	}
	p, err := findPiece(tab.Pieces(nil), label)
	if err != nil {
		return nil, fmt.Errorf("legal [all|UNIT]: %w", err)
	}
	lower := strings.ToLower(p.Label)
	var kept []actionInfo
	for _, a := range acts {
		if int(a.Action.Unit) == p.ID && strings.Contains(strings.ToLower(a.Text), lower) {
			kept = append(kept, a)
		}
	}
	if len(kept) == 0 {
		return nil, fmt.Errorf("%s has no legal action now ('legal' lists them all)", label)
	}
	return kept, nil
}

// findPiece resolves a piece by label (case ignored) or by number written
// #N.
func findPiece(pieces []engine.Piece, label string) (engine.Piece, error) {
	label = strings.TrimSpace(label)
	if label == "" {
		return engine.Piece{}, fmt.Errorf("no unit named: write its label, e.g. \"F3 Line\", or #N for unit number N")
	}
	if n, ok := strings.CutPrefix(label, "#"); ok {
		i, err := strconv.Atoi(n)
		for _, p := range pieces {
			if err == nil && p.ID == i {
				return p, nil
			}
		}
		return engine.Piece{}, fmt.Errorf("no unit %s: unit numbers run from #0 to #%d", label, len(pieces)-1)
	}
	for _, p := range pieces {
		if strings.EqualFold(p.Label, label) {
			return p, nil
		}
	}
	return engine.Piece{}, fmt.Errorf("no unit is labelled %q (see 'show units' for the labels)", label)
}

// writeLegalGroups writes acts a line for each run of actions of one kind
// by one unit: "1-38 deploy F-CHQ at (4.00, 1.50) facing 0 ... (20.00,
// 5.00) facing 0 (38 actions)", or the action alone.
func writeLegalGroups(b *strings.Builder, acts []actionInfo) {
	for k := 0; k < len(acts); {
		first := acts[k]
		n := 1
		for k+n < len(acts) && acts[k+n].Action.Kind == first.Action.Kind && acts[k+n].Action.Unit == first.Action.Unit {
			n++
		}
		if n == 1 {
			b.WriteString(first.line() + "\n")
		} else {
			last := acts[k+n-1]
			fmt.Fprintf(b, "%d-%d %s ... %s (%d actions)\n", first.ID, last.ID, first.Text, last.Text[sharedWords(first.Text, last.Text):], n)
		}
		k += n
	}
}

// sharedWords is the length of the whole words two texts begin with.
func sharedWords(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	if n == len(a) && n == len(b) {
		return 0
	}
	for n > 0 && b[n-1] != ' ' {
		n--
	}
	return n
}

// Step is one step played, as play, dice, genmove and advance report.
type Step struct {
	// Player is the side's name, or "chance" for dice.
	Player string `json:"player"`
	// Text describes the step (an action's text; a roll, its values).
	Text string `json:"text"`
	// Notation is a side's action in the ruleset's notation.
	Notation string `json:"notation,omitempty"`
	// Sealed is set for a sealed choice; while the client may not see it
	// (the other side plays it, and not both are in), the step has no
	// action, notation or explanation, and its text says only that the
	// side has chosen.
	Sealed bool `json:"sealed,omitempty"`
	// Revealed lists, on the step that completes a sealed point, every
	// side's choice there ("Blue: posture attack"), now shown to all.
	Revealed []string `json:"revealed,omitempty"`
	// Table says how to carry a move out with a ruler at a real table.
	Table  string       `json:"table,omitempty"`
	Dice   []int        `json:"dice,omitempty"`
	Action *actionInfo  `json:"action,omitempty"`
	Why    *explanation `json:"explanation,omitempty"`
}

// explanation wraps an agent's explanation for the reply.
type explanation = agents.Explanation

// line is the step as a reply's text gives it: its text and, for an
// action, " | " and its notation.
func (st Step) line() string {
	if st.Notation == "" {
		return st.Text
	}
	return st.Text + " | " + st.Notation
}

func (s *Session) cmdPlay(_ context.Context, args []string) (Reply, error) {
	g, err := s.needGame()
	if err != nil {
		return Reply{}, err
	}
	named, args, err := sideArg(args)
	if err != nil {
		return Reply{}, err
	}
	if len(args) == 0 {
		return Reply{}, fmt.Errorf("play needs an action: its number from legal, its notation, its text, or move UNIT to X Y")
	}
	if err := g.needDecision(); err != nil {
		return Reply{}, err
	}
	side, err := g.decider("play", named)
	if err != nil {
		return Reply{}, err
	}
	if strings.EqualFold(args[0], "move") {
		return s.freeMove(g, side, args[1:])
	}
	acts := g.legal(side)
	var a engine.Action
	if len(args) == 1 && wire.IsDigits(args[0]) {
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 || n > len(acts) {
			return Reply{}, wire.Errorf(wire.IllegalAction, "no legal action %s: there are %d (see legal)", args[0], len(acts))
		}
		a = acts[n-1]
	} else {
		k, err := g.findTyped(acts, joinWords(args), strings.Join(args, " "))
		if err != nil {
			return Reply{}, err
		}
		a = acts[k]
	}
	step, err := g.apply(side, a)
	if err != nil {
		return Reply{}, err
	}
	return g.stepReply(step), nil
}

// findTyped finds the legal action a person typed after play, in this
// order: its notation (notation, read by State.ParseAction, is a legal
// action), else its text (findByText). A notation that reads but names
// no legal action falls to the text, and is the error's subject when no
// text matches either.
func (g *game) findTyped(acts []engine.Action, notation, typed string) (int, error) {
	a, perr := g.st.ParseAction(notation)
	if perr == nil {
		if k := slices.Index(acts, a); k >= 0 {
			return k, nil
		}
	}
	k, err := g.findByText(acts, typed)
	if err != nil && perr == nil && wire.CodeOf(err) == wire.IllegalAction {
		return 0, wire.Errorf(wire.IllegalAction, "%q is %s, not a legal action now (see legal for their numbers, notations and texts)", notation, g.st.DescribeAction(a))
	}
	return k, err
}

// findByText finds the legal action whose text is typed: exactly (case
// and spacing ignored), or else the only one that begins with it ("end"
// for "end movement").
func (g *game) findByText(acts []engine.Action, typed string) (int, error) {
	want := agents.TextKey(typed)
	var starts []int
	for k, la := range acts {
		text := agents.TextKey(g.st.DescribeAction(la))
		if text == want {
			return k, nil
		}
		if strings.HasPrefix(text, want) {
			starts = append(starts, k)
		}
	}
	switch {
	case len(starts) == 1:
		return starts[0], nil
	case len(starts) > 1:
		var some []string
		for _, k := range starts[:min(3, len(starts))] {
			some = append(some, strconv.Itoa(k+1)+" "+g.st.DescribeAction(acts[k]))
		}
		return 0, fmt.Errorf("%d legal actions begin %q (%s ...): type more of one, or its number", len(starts), typed, strings.Join(some, "; "))
	}
	return 0, wire.Errorf(wire.IllegalAction, "no legal action reads %q (see legal for their texts and numbers, or play move UNIT to X Y)", typed)
}

func (s *Session) cmdMove(_ context.Context, args []string) (Reply, error) {
	g, err := s.gameFor(args, false, (*game).needDecision)
	if err != nil {
		return Reply{}, err
	}
	side, err := g.decider("move", "")
	if err != nil {
		return Reply{}, err
	}
	return s.freeMove(g, side, args)
}

func (s *Session) cmdPlace(_ context.Context, args []string) (Reply, error) {
	g, err := s.gameFor(args, false, (*game).needDecision)
	if err != nil {
		return Reply{}, err
	}
	side, err := g.decider("place", "")
	if err != nil {
		return Reply{}, err
	}
	return s.playParsed(g, side, "place "+joinWords(args))
}

func (s *Session) freeMove(g *game, side engine.Player, args []string) (Reply, error) {
	return s.playParsed(g, side, joinWords(args))
}

// playParsed plays side's action a person's words describe, read by the
// ruleset (engine.FreeForm) with bare numbers in the session's unit.
func (s *Session) playParsed(g *game, side engine.Player, text string) (Reply, error) {
	var a engine.Action
	if s.unit == Inches {
		ff, err := engine.Capability[engine.FreeForm](g.st, "free-form moves and placements")
		if err != nil {
			return Reply{}, err
		}
		if a, err = ff.ParseMove(text); err != nil {
			return Reply{}, err
		}
	} else {
		lr, err := engine.Capability[engine.LengthReader](g.st, "free-form moves in "+s.unit.String())
		if err != nil {
			return Reply{}, err
		}
		if a, err = lr.ParseMoveIn(text, s.unit.String()); err != nil {
			return Reply{}, err
		}
	}
	step, err := g.apply(side, a)
	if err != nil {
		return Reply{}, err
	}
	return g.stepReply(step), nil
}

// joinWords gives a ruleset a request's words as one text: a word that
// is empty, holds a space or starts with a double quote is quoted, so the
// ruleset splits the text into the same words again.
func joinWords(args []string) string {
	out := make([]string, len(args))
	for k, w := range args {
		if w == "" || strings.ContainsAny(w, " \t\r\n") || strings.HasPrefix(w, `"`) {
			w = `"` + w + `"`
		}
		out[k] = w
	}
	return strings.Join(out, " ")
}

// Pending is the pending roll as pending reports it.
type Pending struct {
	// Pending is false when no roll is waiting.
	Pending bool   `json:"pending"`
	Roll    string `json:"roll,omitempty"`
	Dice    int    `json:"dice,omitempty"`
	// Sides is the dice's sides when the pool has one kind; Groups lists
	// every kind in the order the values are typed (2d6+1d12: two d6, a d12).
	Sides  int                `json:"sides,omitempty"`
	Groups []engine.DiceGroup `json:"groups,omitempty"`
	// By is the side whose player rolls, when the rules name one.
	By     string `json:"by,omitempty"`
	Why    string `json:"why,omitempty"`
	ToMove string `json:"to_move"`
	// Owes names the sides that still owe a sealed choice.
	Owes []string `json:"owes,omitempty"`
}

func (s *Session) cmdPending(_ context.Context, args []string) (Reply, error) {
	g, err := s.gameFor(args, true)
	if err != nil {
		return Reply{}, err
	}
	if g.st.Terminal() || g.st.ToMove() != engine.Chance {
		info := Pending{ToMove: g.toMoveName(), Owes: g.owingNames()}
		if info.Owes != nil {
			return Reply{Text: "none; " + info.ToMove, Data: info}, nil
		}
		return Reply{Text: "none; " + info.ToMove + " to move", Data: info}, nil
	}
	r := g.st.PendingRoll()
	info := Pending{Pending: true, Roll: r.String(), Dice: r.Count(), Groups: r.Groups[:min(int(r.NGroups), engine.MaxDiceKinds)], Why: g.st.DescribeRoll(), ToMove: "chance"}
	if r.NGroups == 1 {
		info.Sides = int(r.Groups[0].Sides)
	}
	if r.By == 0 || r.By == 1 {
		info.By = g.sideName(int(r.By))
	}
	return Reply{Text: info.Why, Data: info}, nil
}

func (s *Session) cmdDice(_ context.Context, args []string) (Reply, error) {
	g, err := s.gameFor(args, false, (*game).needRoll)
	if err != nil {
		return Reply{}, err
	}
	r := g.st.PendingRoll()
	if len(args) != r.Count() {
		return Reply{}, fmt.Errorf("%s needs %d values, got %d (%s)", r, r.Count(), len(args), g.st.DescribeRoll())
	}
	vals := make([]int, len(args))
	for k, a := range args {
		v, err := strconv.Atoi(a)
		if err != nil || v < 1 || v > r.Sides(k) {
			return Reply{}, fmt.Errorf("die %d is %q: it is a d%d, a whole number from 1 to %d", k+1, a, r.Sides(k), r.Sides(k))
		}
		vals[k] = v
	}
	step, err := g.applyDice(engine.NewDice(vals...))
	if err != nil {
		return Reply{}, err
	}
	return g.stepReply(step), nil
}

func (s *Session) cmdRoll(_ context.Context, args []string) (Reply, error) {
	g, err := s.gameFor(args, true, (*game).needRoll)
	if err != nil {
		return Reply{}, err
	}
	step, err := g.applyDice(g.roll())
	if err != nil {
		return Reply{}, err
	}
	return g.stepReply(step), nil
}

// budgetKeys are the keys genmove and hint take to change a search's budget.
var budgetKeys = []string{"iters", "calls", "time"}

func (s *Session) cmdGenmove(ctx context.Context, args []string) (Reply, error) {
	g, err := s.needGame()
	if err != nil {
		return Reply{}, err
	}
	kv, bare, err := keyValues(args, append([]string{"agent", "side"}, budgetKeys...)...)
	if err != nil {
		return Reply{}, err
	}
	explain := false
	for _, w := range bare {
		if strings.ToLower(w) != "explain" {
			return Reply{}, fmt.Errorf("unexpected %q: genmove takes side=S, agent=SPEC, iters=N, calls=N, time=D and explain", w)
		}
		explain = true
	}
	if err := g.needDecision(); err != nil {
		return Reply{}, err
	}
	side, err := g.botDecider(kv["side"])
	if err != nil {
		return Reply{}, err
	}
	spec := kv["agent"]
	if spec == "" {
		spec = g.cfg.sides[side]
		if spec == "human" {
			spec = DefaultBot
		}
	}
	spec, err = withBudget(spec, kv)
	if err != nil {
		return Reply{}, err
	}
	if err := s.cfg.Limits.CheckSpec(spec); err != nil {
		return Reply{}, err
	}
	step, err := g.botMove(ctx, side, spec, explain)
	if err != nil {
		return Reply{}, err
	}
	return g.stepReply(step), nil
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

func (s *Session) cmdAdvance(ctx context.Context, args []string) (Reply, error) {
	g, err := s.needGame()
	if err != nil {
		return Reply{}, err
	}
	kv, bare, err := keyValues(args, "max")
	if err != nil {
		return Reply{}, err
	}
	if len(bare) > 0 {
		return Reply{}, fmt.Errorf("advance takes max=N, got %q", bare[0])
	}
	max := 100000
	if v, ok := kv["max"]; ok {
		if max, err = positiveInt("max", v, 1000000); err != nil {
			return Reply{}, err
		}
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
			// Execute takes back the steps already played, as for any
			// failed request.
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

func (s *Session) cmdResult(_ context.Context, args []string) (Reply, error) {
	g, err := s.gameFor(args, true)
	if err != nil {
		return Reply{}, err
	}
	res := g.st.Result()
	text := "in progress, turn " + strconv.Itoa(g.st.Turn())
	if res.Over {
		text = g.resultText()
	}
	return Reply{Text: text, Data: res}, nil
}

func (s *Session) cmdUndo(_ context.Context, args []string) (Reply, error) {
	g, err := s.needGame()
	if err != nil {
		return Reply{}, err
	}
	n := 1
	if len(args) > 1 {
		return Reply{}, fmt.Errorf("undo takes at most a number of steps")
	}
	if len(args) == 1 {
		if n, err = positiveInt("steps", args[0], 1000000); err != nil {
			return Reply{}, err
		}
	}
	if n > len(g.history) {
		return Reply{}, fmt.Errorf("cannot undo %d steps: only %d can be taken back", n, len(g.history))
	}
	g.restore(&g.history[len(g.history)-n])
	g.rev++ // a new revision: the steps undone may be played otherwise
	text := fmt.Sprintf("undid %d step(s)\n%s", n, g.summary())
	return Reply{Text: text, Data: g.stateInfo()}, nil
}
