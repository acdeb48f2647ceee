package drums

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/patrickmn/go-cache"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/scenarioreg"
)

// Name is the ruleset's short name.
const Name = "drums"

// Version identifies this implementation of the rules; records carry it,
// and a record of another version is refused rather than replayed wrong.
// 0.2.0: melees of several units, supply dice in melee, the charged
// unit's shot and a forced retire's turn to face asked of the player.
const Version = "0.2.0"

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

// RegisterSource adds a resolver for names that are not built in.
func RegisterSource(src ScenarioSource) { registry.RegisterSource(src) }

// Scenarios lists the built-in scenarios, the default first.
func (Rules) Scenarios() []string { return registry.Names() }

// Builtin returns a fresh copy of a scenario by name: built in, or resolved
// by a registered source.
func Builtin(name string) (*Scenario, error) { return registry.Lookup(name) }

// staticCache keeps each scenario's static data for a while, so every
// state of a game and of a tournament shares one copy; entries expire so a
// long run over generated battlefields does not hold them all.
var (
	staticMu    sync.Mutex
	staticCache = cache.New(30*time.Minute, 10*time.Minute)
)

// staticFor is the static data of a named scenario with options.
func staticFor(name string, opts engine.Options) (*static, error) {
	if name == "" {
		name = DefaultScenario
	}
	key := name + "\x00" + optionsKey(opts)
	staticMu.Lock()
	defer staticMu.Unlock()
	if st, ok := staticCache.Get(key); ok {
		return st.(*static), nil
	}
	sc, err := Builtin(name)
	if err != nil {
		return nil, err
	}
	st, err := newStatic(sc, opts.TurnLimit, opts.Variants)
	if err != nil {
		return nil, err
	}
	st.name = name
	st.opts = opts
	staticCache.SetDefault(key, st)
	return st, nil
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
	s.run()
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

// hash digests the scenario and options.
func (st *static) hash() string {
	v := append([]string(nil), st.opts.Variants...)
	sort.Strings(v)
	b, _ := json.Marshal(struct {
		S *Scenario
		T int
		V []string
	}{st.sc, st.turnLimit, v})
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:8])
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
