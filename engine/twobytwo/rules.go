package twobytwo

import (
	"encoding/json"
	"fmt"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/scenarioreg"
)

// Name is the ruleset's short name.
const Name = "twobytwo"

// Version identifies this implementation of the rules; records carry it
// and a replay under another version is refused.
const Version = "0.1.0"

// Rules is the 2 by 2 Napoleonic ruleset (engine.Ruleset).
type Rules struct{}

// Name is "twobytwo".
func (Rules) Name() string { return Name }

// Version of the implementation.
func (Rules) Version() string { return Version }

// Title is the document's title.
func (Rules) Title() string { return "2 by 2 Napoleonic" }

// Scenarios lists the built-in scenarios, the default first.
func (Rules) Scenarios() []string { return registry.Names() }

// A ScenarioSource resolves scenario names that are not built in, such as
// the path of a scenario file or a generated battlefield's seed. It reports
// ok false for names it does not handle, so the next source is asked.
type ScenarioSource = scenarioreg.Source[*Scenario]

// registry holds the built-in scenarios (the standard one from the start)
// and the sources other packages register.
var registry = func() *scenarioreg.Registry[*Scenario] {
	r := scenarioreg.New[*Scenario](Name, DefaultScenario)
	r.RegisterBuiltin(DefaultScenario, StandardScenario)
	return r
}()

// RegisterBuiltin adds a scenario compiled into the binary (packages that
// embed scenario files call it from init). It panics on a name already
// taken: two built-ins with one name is a programming error.
func RegisterBuiltin(name string, mk func() *Scenario) { registry.RegisterBuiltin(name, mk) }

// RegisterSource adds a resolver for names that are not built in; sources
// are asked in the order registered. What it resolves is resolved again
// for every game, so an edited scenario file is seen at once.
func RegisterSource(src ScenarioSource) { registry.RegisterSource(src) }

// RegisterGeneratedSource adds a resolver whose scenario is a pure
// function of its name (a generated battlefield's seed), so a game keeps
// what it resolves by name rather than generating it again.
func RegisterGeneratedSource(src ScenarioSource) { scenarioCache.RegisterGenerated(src) }

// Builtin returns a fresh copy of a scenario by name: a built-in one, or
// one a registered source resolves (a file path, a generated battlefield).
func Builtin(name string) (*Scenario, error) { return registry.Lookup(name) }

// maxCached bounds the scenarios kept of each kind (by name, by content):
// a long run over generated battlefields or edited files drops the oldest.
const maxCached = 256

// scenarioCache keeps one instance of each scenario so every state of a
// scenario shares the same static data and a tournament does not reload
// a file for each game; it starts no goroutine, and keeps a file's
// scenario by its content so an edited file is never served stale.
var scenarioCache = scenarioreg.NewCache[*Scenario, *Scenario](registry, maxCached, contentKey)

// contentKey digests every field of a scenario (its title too, which
// Hash leaves out), so any edit to a file is a new key.
func contentKey(sc *Scenario) (string, bool) {
	b, err := json.Marshal(sc)
	if err != nil {
		return "", false
	}
	return engine.HashScenario(b, engine.Options{}), true
}

// cachedScenario is the shared, validated scenario of a name (the default
// for ""), from scenarioCache.
func cachedScenario(name string) (*Scenario, error) {
	return scenarioCache.Get(name, "", func(name string, sc *Scenario) (*Scenario, error) {
		if err := sc.Validate(); err != nil {
			return nil, fmt.Errorf("scenario %q: %w", name, err)
		}
		return sc, nil
	})
}

func checkOptions(opts engine.Options) error {
	for _, v := range opts.Variants {
		if v != VariantGrandBattery {
			return fmt.Errorf("unknown variant %q (available: %s)", v, VariantGrandBattery)
		}
	}
	return nil
}

// NewGame starts a game on a built-in scenario.
func (Rules) NewGame(scenario string, opts engine.Options) (engine.State, error) {
	s, err := NewGame(scenario, opts)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// NewGame starts a game on a built-in scenario and returns the concrete state.
func NewGame(scenario string, opts engine.Options) (*State, error) {
	sc, err := cachedScenario(scenario)
	if err != nil {
		return nil, err
	}
	if err := checkOptions(opts); err != nil {
		return nil, err
	}
	return newState(sc, opts)
}

// NewGameOn starts a game on any scenario (for tests and scenario files).
func NewGameOn(sc *Scenario, opts engine.Options) (*State, error) { return newState(sc, opts) }

// ScenarioHash identifies a scenario with options: engine.HashScenario
// of the scenario's canonical encoding (Hash) and the options.
func (Rules) ScenarioHash(scenario string, opts engine.Options) (string, error) {
	sc, err := cachedScenario(scenario)
	if err != nil {
		return "", err
	}
	if err := checkOptions(opts); err != nil {
		return "", err
	}
	return engine.HashScenario(sc.canonical(), opts), nil
}

// DecodeState restores a state saved with MarshalJSON on a built-in scenario.
func (Rules) DecodeState(data []byte) (engine.State, error) {
	s, err := decodeState(data, cachedScenario)
	if err != nil {
		return nil, err
	}
	return s, nil
}
