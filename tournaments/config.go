package tournaments

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"runtime"
	"slices"
	"strings"

	"github.com/rs/zerolog"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/tournaments/stats"
)

// Format is how agents are paired.
type Format string

const (
	// RoundRobin pairs every agent with every other.
	RoundRobin Format = "round-robin"
	// Gauntlet pairs the first agent (the challenger) with each of the
	// others, and the others not with each other.
	Gauntlet Format = "gauntlet"
)

// Adjudication says how a game that reaches the turn limit is scored.
type Adjudication string

const (
	// AdjudicateAP scores a game ended by the turn limit by the army points
	// each side destroyed: more wins, equal is a draw. It is the default,
	// because random and weak agents reach the limit often, and a table of
	// draws says nothing about which of them fights better.
	AdjudicateAP Adjudication = "ap"
	// AdjudicateNone keeps the ruleset's own result (a draw) at the limit.
	AdjudicateNone Adjudication = "none"
)

// Limits that keep a mistyped number from asking for an absurd run.
const (
	// MaxGames is the most games one tournament may schedule.
	MaxGames = 10_000_000
	// MaxWorkers is the most games played at once.
	MaxWorkers = 1024
	// MaxAgents is the most agents one tournament may hold.
	MaxAgents = 256
)

// Config describes a tournament. Everything that decides which games are
// played and how they go (agents, format, scenarios, turn limit, variants,
// seed, adjudication) is part of its fingerprint, which every record
// carries, so a records file is never resumed under other settings.
// Workers, progress and logging change only how fast and how visibly the
// same games are played.
type Config struct {
	// Ruleset plays every game; required.
	Ruleset engine.Ruleset
	// Agents are agent specs as agents.New reads them; at least two.
	Agents []string
	// Format pairs the agents; empty means RoundRobin.
	Format Format
	// Scenarios are cycled over the rounds of pairs; empty means the
	// ruleset's first scenario.
	Scenarios []string
	// GamesPerPairing is the number of games each pairing plays; it must
	// be even, since games are played in pairs with sides swapped.
	GamesPerPairing int
	// TurnLimit ends games after this many turns (0: the scenario's own).
	TurnLimit int
	// Variants switches on optional rules for every game.
	Variants []string
	// Seed is the master seed every game's seeds derive from.
	Seed uint64
	// Adjudication scores games that reach the turn limit; empty means
	// AdjudicateAP.
	Adjudication Adjudication
	// Workers is the number of games played at once; 0 means
	// runtime.NumCPU(). It does not change any result.
	Workers int
	// Records is the JSON-lines file every finished game is appended to;
	// empty means games are not written (and cannot be resumed).
	Records string
	// Resume continues the tournament already in Records: its games are
	// kept and only the missing ones are played. Without Resume a Records
	// file that already holds games is refused, so two tournaments are
	// never mixed in one file by mistake.
	Resume bool
	// SPRT stops the tournament as soon as the test decides; it needs
	// exactly two agents and tests whether the first is stronger.
	SPRT *stats.SPRT
	// SPRTModel is the model SPRT's bounds are in: logistic Elo (the
	// zero value) or normalized Elo (fishtest's and fastchess's default).
	SPRTModel stats.Model
	// Anchor names the agent (label or spec) whose rating is fixed at 0;
	// empty means the first agent.
	Anchor string
	// Progress, when not nil, is called after every finished game, from
	// one goroutine at a time.
	Progress func(Progress)
	// Log receives warnings (a torn last line discarded on resume) and
	// debug lines; the zero Logger discards them.
	Log zerolog.Logger
}

// Pairing is two agents that meet, by index into Config.Agents. A plays
// side 0 in the first game of every pair and B in the second.
type Pairing struct {
	A int `json:"a"`
	B int `json:"b"`
}

// Game is one scheduled game. Everything in it follows from the
// configuration and the game's index alone, so a game is the same however
// many workers play the tournament and whether or not it was resumed.
type Game struct {
	// Index numbers the games of the tournament from 0.
	Index int
	// Pair is Index/2: the two games of a pair share scenario and dice.
	Pair int
	// Leg is 0 for the first game of the pair and 1 for the one with
	// sides swapped.
	Leg int
	// Pairing indexes Tournament.Pairings.
	Pairing int
	// Round is Pair divided by the number of pairings: every pairing
	// plays one pair per round, so a tournament stopped early is still
	// balanced.
	Round int
	// Scenario is played by both games of the pair.
	Scenario string
	// Sides is the agent index playing side 0 and side 1.
	Sides [2]int
	// DiceSeed seeds the dice; the same for both games of a pair, so luck
	// cancels out.
	DiceSeed uint64
	// AgentSeeds seeds the agents on side 0 and side 1. An agent keeps its
	// seed when it changes sides within a pair.
	AgentSeeds [2]uint64
}

// Tournament is a checked configuration with its schedule.
type Tournament struct {
	cfg       Config
	labels    []string
	pairings  []Pairing
	scenarios []string
	opts      engine.Options
	anchor    int
	workers   int
	print     string
	// rules and version name the ruleset; kept apart from cfg.Ruleset
	// because a tournament rebuilt from its records (ReportFromRecords)
	// knows them from the records and has no Ruleset to ask.
	rules, version string
}

// New checks cfg and builds the schedule. Its errors say which setting
// is wrong and how to fix it, since they are typed by people.
func New(cfg Config) (*Tournament, error) {
	if cfg.Ruleset == nil {
		return nil, fmt.Errorf("tournament: no ruleset given")
	}
	t := &Tournament{cfg: cfg}
	if cfg.Format == "" {
		t.cfg.Format = RoundRobin
	}
	if cfg.Adjudication == "" {
		t.cfg.Adjudication = AdjudicateAP
	}
	switch t.cfg.Adjudication {
	case AdjudicateAP, AdjudicateNone:
	default:
		return nil, fmt.Errorf("unknown adjudication %q: use %q or %q", cfg.Adjudication, AdjudicateAP, AdjudicateNone)
	}
	n := len(cfg.Agents)
	if n < 2 {
		return nil, fmt.Errorf("a tournament needs at least two agents, got %d: give them as specs, e.g. random,random", n)
	}
	if n > MaxAgents {
		return nil, fmt.Errorf("%d agents is more than the %d a tournament may hold", n, MaxAgents)
	}
	// Agents are built once here so a bad spec fails before any game.
	for i, spec := range cfg.Agents {
		if _, err := agents.New(spec, 1); err != nil {
			return nil, fmt.Errorf("agent %d: %w", i+1, err)
		}
	}
	t.labels = Labels(cfg.Agents)
	pairings, err := pairingsOf(t.cfg.Format, n)
	if err != nil {
		return nil, err
	}
	t.pairings = pairings
	g := cfg.GamesPerPairing
	if g < 2 || g%2 != 0 {
		return nil, fmt.Errorf("games per pairing must be even and at least 2 (games are played in pairs with sides swapped), got %d", g)
	}
	if g > MaxGames/len(t.pairings) {
		return nil, fmt.Errorf("%d games for each of %d pairings is more than %d games: ask for fewer", g, len(t.pairings), MaxGames)
	}

	t.scenarios = slices.Clone(cfg.Scenarios)
	if len(t.scenarios) == 0 {
		names := cfg.Ruleset.Scenarios()
		if len(names) == 0 {
			return nil, fmt.Errorf("ruleset %s has no built-in scenario: give one", cfg.Ruleset.Name())
		}
		t.scenarios = names[:1]
	}
	if cfg.TurnLimit < 0 {
		return nil, fmt.Errorf("turn limit %d is negative: give 0 for the scenario's own limit, or a number of turns", cfg.TurnLimit)
	}
	t.opts = engine.Options{TurnLimit: cfg.TurnLimit, Variants: slices.Clone(cfg.Variants)}
	for _, sc := range t.scenarios {
		if _, err := cfg.Ruleset.ScenarioHash(sc, t.opts); err != nil {
			return nil, fmt.Errorf("scenario %q: %w", sc, err)
		}
	}

	t.workers = cfg.Workers
	if t.workers == 0 {
		t.workers = runtime.NumCPU()
	}
	if t.workers < 1 || t.workers > MaxWorkers {
		return nil, fmt.Errorf("workers must be between 1 and %d (0 for one per core), got %d", MaxWorkers, cfg.Workers)
	}

	if cfg.SPRT != nil {
		if n != 2 {
			return nil, fmt.Errorf("an SPRT compares two agents, but %d are given: give exactly two", n)
		}
		if err := (stats.ModelSPRT{SPRT: *cfg.SPRT, Model: cfg.SPRTModel}).Validate(); err != nil {
			return nil, fmt.Errorf("SPRT settings: %w", err)
		}
	}
	t.rules, t.version = cfg.Ruleset.Name(), cfg.Ruleset.Version()
	anchor, err := t.findAgent(cfg.Anchor)
	if err != nil {
		return nil, fmt.Errorf("anchor: %w", err)
	}
	t.anchor = anchor
	t.print = t.fingerprint()
	return t, nil
}

// pairingsOf lists who meets whom among n agents under format, in
// schedule order; ReportFromRecords rebuilds a schedule with it too.
func pairingsOf(format Format, n int) ([]Pairing, error) {
	var out []Pairing
	switch format {
	case RoundRobin:
		for a := 0; a < n; a++ {
			for b := a + 1; b < n; b++ {
				out = append(out, Pairing{a, b})
			}
		}
	case Gauntlet:
		for b := 1; b < n; b++ {
			out = append(out, Pairing{0, b})
		}
	default:
		return nil, fmt.Errorf("unknown format %q: use %q or %q", format, RoundRobin, Gauntlet)
	}
	return out, nil
}

// findAgent resolves an agent by label or spec; "" is the first agent.
func (t *Tournament) findAgent(name string) (int, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return 0, nil
	}
	for i, l := range t.labels {
		if l == name {
			return i, nil
		}
	}
	for i, s := range t.cfg.Agents {
		if strings.TrimSpace(s) == name {
			return i, nil
		}
	}
	return 0, fmt.Errorf("no agent %q in this tournament (agents: %s)", name, strings.Join(t.labels, ", "))
}

// Labels names agents for tables, records and charts: the name= the spec
// gives (external:cmd=...,name=foo is foo), or else the spec as written,
// with "#2", "#3" added to repeats so that random against random reads as
// two players.
func Labels(specs []string) []string {
	out := make([]string, len(specs))
	seen := map[string]int{}
	for i, s := range specs {
		s = strings.TrimSpace(s)
		if _, params, err := agents.ParseSpec(s); err == nil && params["name"] != "" {
			s = params["name"]
		}
		seen[s]++
		if seen[s] > 1 {
			out[i] = fmt.Sprintf("%s#%d", s, seen[s])
		} else {
			out[i] = s
		}
	}
	return out
}

// fingerprint identifies everything that decides the games. Games per
// pairing is left out on purpose: game i is the same whatever the total,
// so a finished tournament can be resumed with more games to extend it.
func (t *Tournament) fingerprint() string {
	specs := make([]string, len(t.cfg.Agents))
	for i, s := range t.cfg.Agents {
		specs[i] = strings.TrimSpace(s)
	}
	b, _ := json.Marshal(struct {
		Ruleset, Version string
		Agents           []string
		Format           Format
		Scenarios        []string
		Options          engine.Options
		Seed             uint64
		Adjudication     Adjudication
	}{t.rules, t.version, specs, t.cfg.Format, t.scenarios, t.opts, t.cfg.Seed, t.cfg.Adjudication})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

// Fingerprint is the identifier every record of this tournament carries.
func (t *Tournament) Fingerprint() string { return t.print }

// Labels are the agents' names in tables, in the order given.
func (t *Tournament) Labels() []string { return slices.Clone(t.labels) }

// Pairings lists who meets whom, in schedule order.
func (t *Tournament) Pairings() []Pairing { return slices.Clone(t.pairings) }

// Total is the number of games scheduled.
func (t *Tournament) Total() int { return t.cfg.GamesPerPairing * len(t.pairings) }

// Workers is the number of games played at once.
func (t *Tournament) Workers() int { return t.workers }

// Game returns the scheduled game with index i (0 <= i < Total()). Pairs
// are dealt round by round, one pair for every pairing in each round, and
// the scenario changes with the round.
func (t *Tournament) Game(i int) Game {
	pair := i / 2
	round := pair / len(t.pairings)
	g := Game{
		Index:    i,
		Pair:     pair,
		Leg:      i % 2,
		Pairing:  pair % len(t.pairings),
		Round:    round,
		Scenario: t.scenarios[round%len(t.scenarios)],
		DiceSeed: deriveSeed(t.cfg.Seed, uint64(pair), 0),
	}
	p := t.pairings[g.Pairing]
	seedA, seedB := deriveSeed(t.cfg.Seed, uint64(pair), 1), deriveSeed(t.cfg.Seed, uint64(pair), 2)
	if g.Leg == 0 {
		g.Sides, g.AgentSeeds = [2]int{p.A, p.B}, [2]uint64{seedA, seedB}
	} else {
		g.Sides, g.AgentSeeds = [2]int{p.B, p.A}, [2]uint64{seedB, seedA}
	}
	return g
}

// seedStreams is how many seeds each pair draws from the master stream.
const seedStreams = 4

// deriveSeed is output number pair*seedStreams+stream+1 of the splitmix64
// sequence started at master. Splitmix64 can jump straight to any output,
// so a game's seeds depend on the master seed and the game's index only,
// never on which games were played before it.
func deriveSeed(master, pair, stream uint64) uint64 {
	return engine.SplitMixNth(master, pair*seedStreams+stream)
}
