package drums

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/scenarioreg"
)

// Name is the ruleset's short name.
const Name = "drums"

// Version identifies this implementation of the rules; records carry it,
// and a record of another version is refused rather than replayed wrong.
// 0.2.0: melees of several units, supply dice in melee, the charged
// unit's shot and a forced retire's turn to face asked of the player.
const Version = "0.3.0"

// Rules is the Drums and Muskets ruleset (engine.Ruleset).
type Rules struct{}

// Name is "drums".
func (Rules) Name() string { return Name }

// Version of the implementation.
func (Rules) Version() string { return Version }

// Title is the document's title.
func (Rules) Title() string { return "Drums and Muskets" }

// DefaultScenario is the scenario of a first game.
const DefaultScenario = "first-battle"

// A ScenarioSource resolves scenario names that are not built in (a file,
// a generated battlefield), reporting ok false for names it does not
// handle.
type ScenarioSource = scenarioreg.Source[*Scenario]

// registry holds the built-in scenarios (first-battle from the start) and
// the sources other packages register.
var registry = func() *scenarioreg.Registry[*Scenario] {
	r := scenarioreg.New[*Scenario](Name, DefaultScenario)
	r.RegisterBuiltin(DefaultScenario, firstBattle)
	return r
}()

// RegisterBuiltin adds a scenario compiled into the binary. It panics on a
// name already taken: two built-ins with one name is a programming error.
func RegisterBuiltin(name string, mk func() *Scenario) { registry.RegisterBuiltin(name, mk) }

// RegisterSource adds a resolver for names that are not built in. What
// it resolves is resolved again for every game, so an edited scenario
// file is seen at once.
func RegisterSource(src ScenarioSource) { registry.RegisterSource(src) }

// RegisterGeneratedSource adds a resolver whose scenario is a pure
// function of its name (a generated battlefield's seed), so a game keeps
// what it resolves by name rather than generating it again.
func RegisterGeneratedSource(src ScenarioSource) { staticCache.RegisterGenerated(src) }

// Scenarios lists the built-in scenarios, the default first.
func (Rules) Scenarios() []string { return registry.Names() }

// Builtin returns a fresh copy of a scenario by name: built in, or resolved
// by a registered source.
func Builtin(name string) (*Scenario, error) { return registry.Lookup(name) }

// maxCached bounds the static data kept of each kind (by name, by
// content): a long run over generated battlefields or edited files drops
// the oldest.
const maxCached = 256

// staticCache keeps each scenario's static data, so every state of a game
// and of a tournament shares one copy; it starts no goroutine, and keeps
// a file's data by its content so an edited file is never served stale.
var staticCache = scenarioreg.NewCache[*Scenario, *static](registry, maxCached, contentKey)

// contentKey digests every field of a scenario, so any edit to a file is
// a new key.
func contentKey(sc *Scenario) (string, bool) {
	b, err := json.Marshal(sc)
	if err != nil {
		return "", false
	}
	return engine.HashScenario(b, engine.Options{}), true
}

// staticFor is the static data of a named scenario with options.
func staticFor(name string, opts engine.Options) (*static, error) {
	return staticCache.Get(name, optionsKey(opts), func(name string, sc *Scenario) (*static, error) {
		st, err := newStatic(sc, opts.TurnLimit, opts.Variants)
		if err != nil {
			return nil, err
		}
		st.name = name
		st.opts = opts
		return st, nil
	})
}

func optionsKey(opts engine.Options) string {
	v := append([]string(nil), opts.Variants...)
	sort.Strings(v)
	return fmt.Sprintf("t%d-%s", opts.TurnLimit, strings.Join(v, ","))
}

// NewGame starts a game on a named scenario.
func (Rules) NewGame(scenario string, opts engine.Options) (engine.State, error) {
	s, err := NewGame(scenario, opts)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// NewGame starts a game on a named scenario and returns the concrete state.
func NewGame(scenario string, opts engine.Options) (*State, error) {
	st, err := staticFor(scenario, opts)
	if err != nil {
		return nil, err
	}
	return newState(st), nil
}

// NewGameOn starts a game on any scenario (tests and scenario files).
func NewGameOn(sc *Scenario, opts engine.Options) (*State, error) {
	st, err := newStatic(sc, opts.TurnLimit, opts.Variants)
	if err != nil {
		return nil, err
	}
	st.name = sc.Name
	st.opts = opts
	return newState(st), nil
}

// newState sets up a game at its first decision or roll.
func newState(st *static) *State {
	s := &State{st: st, Attacker: -1, Initiative: -1, CurCmd: [2]uint8{noCmd, noCmd}}
	s.NU, s.NG = uint8(st.nu), uint8(st.ng)
	for i := range st.nu {
		s.Units[i] = Unit{Flags: fAlive | fLoaded, Side: st.units[i].Side, Cmd: st.units[i].Cmd}
	}
	for g := range st.ng {
		s.Gens[g] = General{Side: st.gens[g].Side, Cmd: st.gens[g].Cmd, Alive: true}
	}
	s.push(task{kind: tGame})
	// The stack is the rules' own, one game task: run cannot stick.
	_ = s.run()
	return s
}

// ScenarioHash identifies a scenario with options: a digest of its
// canonical JSON.
func (Rules) ScenarioHash(scenario string, opts engine.Options) (string, error) {
	st, err := staticFor(scenario, opts)
	if err != nil {
		return "", err
	}
	return st.hash(), nil
}

// hash digests the scenario and options (engine.HashScenario): the
// options are encoded with the scenario, the turn limit as the game
// plays it and the variants sorted, so the hash values records carry
// stay those they always were.
func (st *static) hash() string {
	v := append([]string(nil), st.opts.Variants...)
	sort.Strings(v)
	b, _ := json.Marshal(struct {
		S *Scenario
		T int
		V []string
	}{st.sc, st.turnLimit, v})
	return engine.HashScenario(b, engine.Options{})
}

// ScenarioTitle is a built-in scenario's full title, "" for a name that
// is not one (the rules command lists it).
func (Rules) ScenarioTitle(name string) string {
	mk, ok := registry.Builtin(name)
	if !ok {
		return ""
	}
	return mk().Title
}
