package protocol

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
)

// ---- a new game ----

// NewGameConfig is how NewGame starts a game. Its zero value is the
// session's default ruleset on its first scenario, seed 0, this client
// playing side 0 against mcts, the program rolling the dice.
type NewGameConfig struct {
	// Ruleset names the rules ("": the session's default, Session.Ruleset).
	Ruleset string
	// Scenario is a built-in scenario, a scenario file or gen:SEED (""
	// the ruleset's first: engine.Ruleset.Scenarios()[0]).
	Scenario string
	// Seed seeds the program's dice and the bots (the protocol's new_game
	// gives 1 when seed= is not named).
	Seed uint64
	// Sides are side 0 and side 1: "human" (this client moves it) or an
	// agent spec; "" is the default, human for side 0 and mcts for side 1.
	// Leave them "" when Human is set.
	Sides [2]string
	// Human, when set, names the side this client plays (0, 1 or the
	// scenario's name for it); Bot plays the other.
	Human string
	// Bot is the agent spec of the side Human does not play ("": mcts).
	// It needs Human.
	Bot string
	// ManualDice has every die given with Dice rather than rolled by the
	// program when Advance comes to it.
	ManualDice bool
	// TurnLimit ends the game after this many turns (0: the scenario's).
	TurnLimit int
	// Variants are the ruleset's variants to play.
	Variants []string
}

// maxTurnLimit bounds a game's turn limit.
const maxTurnLimit = 10000

// NewGame answers new_game: it starts the game cfg describes, ending the
// session's game (and its bots) if it has one. Its reply's Data is a
// GameInfo.
func (s *Session) NewGame(cfg NewGameConfig) (Reply, error) {
	return s.guarded(background, "new_game", func() (Reply, error) { return s.newGame(cfg) })
}

func (s *Session) newGame(c NewGameConfig) (Reply, error) {
	rs, err := s.Ruleset(c.Ruleset)
	if err != nil {
		return Reply{}, err
	}
	cfg := gameConfig{seed: c.Seed, sides: [2]string{"human", "mcts"}, diceAuto: !c.ManualDice}
	for k, v := range c.Sides {
		if v != "" {
			cfg.sides[k] = v
		}
	}
	switch {
	case c.Human != "" && c.Sides != [2]string{}:
		return Reply{}, fmt.Errorf("give the sides either as side0= and side1=, or as human= (and bot=), not both")
	case c.Human != "":
		cfg.human, cfg.sides = c.Human, [2]string{"mcts", "mcts"}
		if c.Bot != "" {
			cfg.sides = [2]string{c.Bot, c.Bot}
		}
	case c.Bot != "":
		return Reply{}, fmt.Errorf("bot= plays the side that human= does not: give human= too")
	}
	if c.TurnLimit < 0 || c.TurnLimit > maxTurnLimit {
		return Reply{}, fmt.Errorf("turn_limit %d is not a whole number from 1 to %d", c.TurnLimit, maxTurnLimit)
	}
	cfg.opts.TurnLimit, cfg.opts.Variants = c.TurnLimit, c.Variants
	if cfg.scenario = c.Scenario; cfg.scenario == "" {
		names := rs.Scenarios()
		if len(names) == 0 {
			return Reply{}, fmt.Errorf("the %s rules have no built-in scenario: name one with scenario=", rs.Name())
		}
		cfg.scenario = names[0]
	}
	g, err := newGame(rs, cfg, s.cfg)
	if err != nil {
		return Reply{}, err
	}
	s.replaceGame(g)
	return s.describeGame("new game"), nil
}

// cmdNewGame reads new_game's key=value words into a NewGameConfig.
func (s *Session) cmdNewGame(_ context.Context, args []string) (Reply, error) {
	kv, bare, err := keyValues(args, "ruleset", "scenario", "seed", "side0", "side1", "human", "bot", "dice", "turn_limit", "variant")
	if err != nil {
		return Reply{}, err
	}
	if len(bare) > 0 {
		return Reply{}, fmt.Errorf("new_game takes key=value arguments, got %q", bare[0])
	}
	c := NewGameConfig{Ruleset: kv["ruleset"], Scenario: kv["scenario"], Seed: 1, Human: kv["human"], Bot: kv["bot"]}
	// The ruleset is checked first, as given (an empty ruleset= is
	// refused, not the default).
	if v, ok := kv["ruleset"]; ok {
		rs, err := engine.Lookup(v)
		if err != nil {
			return Reply{}, err
		}
		c.Ruleset = rs.Name()
	} else if _, err := s.Ruleset(""); err != nil {
		return Reply{}, err
	}
	if v, ok := kv["seed"]; ok {
		if c.Seed, err = strconv.ParseUint(v, 10, 64); err != nil {
			return Reply{}, fmt.Errorf("seed %q is not a whole number from 0 to 2^64-1", v)
		}
	}
	for k := range 2 {
		if v, ok := kv["side"+strconv.Itoa(k)]; ok {
			if v == "" {
				// Not the default: an empty spec is refused as a spec.
				return Reply{}, fmt.Errorf("side%d: %w", k, checkSide(v))
			}
			c.Sides[k] = v
		}
	}
	_, human := kv["human"]
	_, bot := kv["bot"]
	switch {
	case human && c.Sides != [2]string{}:
		return Reply{}, fmt.Errorf("give the sides either as side0= and side1=, or as human= (and bot=), not both")
	case bot && !human:
		return Reply{}, fmt.Errorf("bot= plays the side that human= does not: give human= too")
	}
	switch strings.ToLower(kv["dice"]) {
	case "", "auto":
	case "manual":
		c.ManualDice = true
	default:
		return Reply{}, fmt.Errorf("dice %q: auto (the program rolls when asked to advance) or manual (every die is given with dice)", kv["dice"])
	}
	if v, ok := kv["turn_limit"]; ok {
		if c.TurnLimit, err = positiveInt("turn_limit", v, maxTurnLimit); err != nil {
			return Reply{}, err
		}
	}
	if v, ok := kv["variant"]; ok {
		c.Variants = strings.Split(v, "+")
	}
	return s.newGame(c)
}

// GameInfo is what new_game and load reply.
type GameInfo struct {
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
	info := GameInfo{Ruleset: g.rs.Name(), Scenario: g.cfg.scenario, Seed: g.cfg.seed, Sides: g.cfg.sides, Names: g.sideNames(), Dice: dice, ToMove: g.toMoveName(), Summary: g.summary()}
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
