package protocol

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/grognard/grognard/agents/protocol/wire"
)

// The text and JSON protocol is a parser over the session's typed API:
// each command below reads a request's words into the arguments of one
// typed method (NewGame, Play, Hint ...), which does the work. The files
// hold one family of commands each, the typed methods with their parsers:
// info.go (names, help, modes, units, lists), setup.go (new_game),
// show.go (show), moves.go (legal, play, move, place), dice.go (pending,
// dice, roll), bots.go (genmove, advance), hint.go (hint), correct.go
// (set), undo.go (undo, result) and saved.go (save, load).

// command is one protocol command.
type command struct {
	name  string
	usage string
	doc   string
	run   func(s *Session, ctx context.Context, args []string) (Reply, error)
}

// commands lists every command, in the order help prints them. The usage
// of units, move and set is the ruleset's once a game is on (help).
func commands() []command {
	return []command{
		{"protocol_version", "", "the protocol's version", (*Session).cmdProtocolVersion},
		{"name", "", "the program's name", (*Session).cmdName},
		{"version", "", "the program's version", (*Session).cmdVersion},
		{"help", "[COMMAND]", "the commands, or one command's usage", (*Session).cmdHelp},
		{"mode", "text|json", "switch the framing of requests and replies", (*Session).cmdMode},
		{"units", "[UNIT]", "the unit of length bare numbers in moves and corrections are read in (the ruleset's own to start, in which replies are given; in a game, help units lists them)", (*Session).cmdUnits},
		{"list_rulesets", "", "the rulesets this program plays", (*Session).cmdListRulesets},
		{"list_scenarios", "[RULESET]", "a ruleset's built-in scenarios, the default first", (*Session).cmdListScenarios},
		{"list_agents", "", "the agent kinds a side or genmove may use, with their parameters", (*Session).cmdListAgents},
		{"new_game", "[ruleset=R] [scenario=S] [seed=N] [side0=human|SPEC side1=human|SPEC | human=SIDE bot=SPEC] [dice=auto|manual] [turn_limit=N] [variant=V]", "start a game; each side is human (this client moves it) or an agent spec (see list_agents); human=SIDE (0, 1 or its name) with bot=SPEC sets both", (*Session).cmdNewGame},
		{"show", "[summary|sketch|units|json|history]", "the position: a summary, a text sketch of the table, the units, the whole state as JSON, or the steps played in notation", (*Session).cmdShow},
		{"legal", "[side=S] [all|UNIT]", "the legal actions of the side to move (at a sealed choice, your side's; side=S names it), numbered for play, each with its notation; past 60, one line a unit's run of them (all: every one; UNIT: that unit's)", (*Session).cmdLegal},
		{"play", "[side=S] ID | NOTATION | TEXT | move MOVE", "play a legal action by number, notation or text, or a free-form move the rules then check; at a sealed choice, commit your side's (side=S names it when you play both)", (*Session).cmdPlay},
		{"move", "MOVE", "play a free-form move in the ruleset's words (same as play move ...; in a game, help move says how to write one)", (*Session).cmdMove},
		{"place", "UNIT at X Y [facing F]", "deploy a unit during set-up, or place the arriving reinforcement, anywhere the rules allow", (*Session).cmdPlace},
		{"pending", "", "the die roll waiting to be made: how many dice, and why", (*Session).cmdPending},
		{"dice", "V [V...]", "give the values of the pending roll (from real dice)", (*Session).cmdDice},
		{"roll", "", "let the program roll the pending dice", (*Session).cmdRoll},
		{"genmove", "[side=S] [agent=SPEC] [iters=N|calls=N|time=D] [explain]", "the side to move's bot (or SPEC) chooses an action and plays it; at a sealed choice, a bot side that owes one commits it from its own view", (*Session).cmdGenmove},
		{"advance", "[max=N]", "play bots' moves and (with dice=auto) dice until a human must act, a manual die is due, or the game ends", (*Session).cmdAdvance},
		{"hint", "[n=N] [plan] [explain] [side=S] [agent=SPEC] [iters=N|time=D] [playouts=N]", "the best actions (and with plan, the orders for the rest of the turn) for the side to move, with estimated win/draw/loss; nothing is played", (*Session).cmdHint},
		{"set", "CORRECTION", "correct the program to match the table in the ruleset's words: a unit's place, facing or status, or the turn and side to move (in a game, help set says how to write one)", (*Session).cmdSet},
		{"undo", "[N]", "take back the last N steps (actions, dice or corrections; 1 to start)", (*Session).cmdUndo},
		{"result", "", "the game's result so far", (*Session).cmdResult},
		{"save", "[FILE]", "save the game (record and state) to FILE, or return it", (*Session).cmdSave},
		{"load", "FILE [side0=human|SPEC] [side1=human|SPEC] [bot=SPEC]", "load a game saved by save, its sides as saved or as given (bot= for every bot side); a side the file gives to an external program must be given: a file never starts a program", (*Session).cmdLoad},
		{"quit", "", "end the session", (*Session).cmdQuit},
	}
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

// positiveInt reads a whole number from 1 to max.
func positiveInt(what, v string, max int) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > max {
		return 0, rangeError(what, v, max)
	}
	return n, nil
}

// rangeError refuses a number outside 1 to max, quoting it as given.
func rangeError(what, v string, max int) error {
	return fmt.Errorf("%s %q is not a whole number from 1 to %d", what, v, max)
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

// background is the context of a typed method that takes none: it never
// waits on anything a person could interrupt.
var background = context.Background()
