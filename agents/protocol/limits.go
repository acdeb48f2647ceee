package protocol

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/agents/protocol/wire"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/scenarios"
)

// Limits bounds the work one request may ask for. A request over a bound
// is refused with an error naming the bound and the most it may ask for,
// rather than clamped: a person who asked for two billion iterations
// learns what this server gives, and a program is never silently given
// less than it asked. A zero field sets no bound.
//
// The bounds apply to every agent spec a session builds an agent from:
// the sides of new_game and of a loaded game (a saved game's file names
// its sides), and genmove's and hint's agent= with their iters=, calls=
// and time=. A key the spec leaves out is bounded at the agent's default
// (list_agents), so a bound below a default refuses the bare agent too.
type Limits struct {
	// Iters bounds iters=, the search iterations a decision.
	Iters int
	// Calls bounds calls=, the forward-model calls a decision.
	Calls int64
	// Time bounds time=, the wall time a decision.
	Time time.Duration
	// Workers bounds workers=, the search threads of one agent, and the
	// games a hint plays at once to estimate win/draw/loss.
	Workers int
	// Depth bounds how far a playout looks ahead: depth= (mcts,
	// equilibrium) and horizon= (portfolio).
	Depth int
	// Playouts bounds the games played to estimate values: an agent's
	// playouts= (portfolio), and a hint's n= times playouts= (each hint
	// listed is followed by that many games to the end).
	Playouts int
	// Nodes bounds nodes=, the search tree nodes an agent holds (its
	// memory: about 130 bytes a node, agents.DefaultMaxNodes by default).
	Nodes int
}

// IsZero reports whether no bound is set.
func (l Limits) IsZero() bool { return l == Limits{} }

// limitedKey is an agent spec key a Limits field bounds.
type limitedKey struct {
	key  string
	what string // what the value counts, for the message
	max  func(Limits) int64
	read func(v string) (int64, bool)
	show func(n int64) string
}

func readInt(v string) (int64, bool) {
	n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	return n, err == nil
}

func readDuration(v string) (int64, bool) {
	d, err := time.ParseDuration(strings.TrimSpace(v))
	return int64(d), err == nil
}

func showInt(n int64) string { return strconv.FormatInt(n, 10) }

// limitedKeys are the spec keys Limits bounds, whichever agent takes
// them (an agent without the key refuses it itself).
var limitedKeys = []limitedKey{
	{"iters", "search iterations a decision", func(l Limits) int64 { return int64(l.Iters) }, readInt, showInt},
	{"calls", "forward-model calls a decision", func(l Limits) int64 { return l.Calls }, readInt, showInt},
	{"time", "of search a decision", func(l Limits) int64 { return int64(l.Time) }, readDuration, func(n int64) string { return time.Duration(n).String() }},
	{"workers", "search threads", func(l Limits) int64 { return int64(l.Workers) }, readInt, showInt},
	{"depth", "steps a playout looks ahead", func(l Limits) int64 { return int64(l.Depth) }, readInt, showInt},
	{"horizon", "steps a playout looks ahead", func(l Limits) int64 { return int64(l.Depth) }, readInt, showInt},
	{"playouts", "playouts", func(l Limits) int64 { return int64(l.Playouts) }, readInt, showInt},
	{"nodes", "search tree nodes", func(l Limits) int64 { return int64(l.Nodes) }, readInt, showInt},
}

// CheckSpec refuses an agent spec that asks for more than l allows, with
// an error (code bad-argument) naming the key, the bound and how to ask
// within it. A spec that does not parse is left to agents.New to refuse.
func (l Limits) CheckSpec(spec string) error {
	if l.IsZero() || spec == "human" {
		return nil
	}
	name, params, err := agents.ParseSpec(spec)
	if err != nil {
		return nil
	}
	var defaults []agents.Param
	for _, in := range agents.List() {
		if in.Name == name {
			defaults = in.Params
		}
	}
	// A spec that gives any of the budget keys is searched on those
	// alone (the agents' defaults give way to them), so the defaults of
	// the others are not bounded then.
	budgetGiven := false
	for _, k := range budgetKeys {
		_, ok := params[k]
		budgetGiven = budgetGiven || ok
	}
	for _, k := range limitedKeys {
		bound := k.max(l)
		if bound <= 0 {
			continue
		}
		v, given := params[k.key]
		if !given && budgetGiven && slices.Contains(budgetKeys, k.key) {
			continue
		}
		if !given {
			i := slices.IndexFunc(defaults, func(p agents.Param) bool { return p.Name == k.key })
			if i < 0 {
				continue
			}
			v = defaults[i].Default
		}
		n, ok := k.read(v)
		if !ok {
			continue // "none", or a value the agent refuses itself
		}
		if n > bound {
			how := fmt.Sprintf("ask for at most %s=%s", k.key, k.show(bound))
			if !given {
				how = fmt.Sprintf("give %s=%s or less in the spec", k.key, k.show(bound))
			}
			return wire.Errorf(wire.BadArgument, "agent %s: %s=%s is over this server's limit of %s %s: %s", name, k.key, v, k.show(bound), k.what, how)
		}
	}
	return nil
}

// checkHintPlayouts refuses a hint whose n suggestions, each followed by
// playouts games to the end, play more games than l allows.
func (l Limits) checkHintPlayouts(n, playouts int) error {
	if l.Playouts <= 0 || n*playouts <= l.Playouts {
		return nil
	}
	return wire.Errorf(wire.BadArgument, "n=%d with playouts=%d plays %d games to the end, over this server's limit of %d a hint: lower n or playouts so that n times playouts is at most %d", n, playouts, n*playouts, l.Playouts, l.Playouts)
}

// CheckScenario refuses a scenario name that c does not let a session
// open: with NoScenarioFiles, anything but the ruleset's built-in
// scenarios and its generated battlefields. The message never quotes the
// name, a file or what it holds, and reads nothing, so it is the same
// whether or not a file of that name exists.
func (c Config) CheckScenario(rs engine.Ruleset, name string) error {
	if !c.NoScenarioFiles {
		return nil
	}
	switch scenarios.KindOf(name) {
	case scenarios.File:
		return wire.Errorf(wire.Unsupported, "the scenario names a file (it ends in .yaml or .yml), and this server opens no scenario file for its clients: choose a built-in scenario (list_scenarios) or a generated battlefield (gen:SEED), or play the file from the command line (grognard play --scenario FILE)")
	case scenarios.Generated:
		return nil
	}
	// A built-in name is checked against the list, so that no source a
	// ruleset may add for other names is asked on a client's behalf.
	if name == "" || slices.Contains(rs.Scenarios(), name) {
		return nil
	}
	return wire.Errorf(wire.BadArgument, "unknown scenario: %s's built-in scenarios are %s (or a generated battlefield, gen:SEED)", rs.Name(), strings.Join(rs.Scenarios(), ", "))
}
