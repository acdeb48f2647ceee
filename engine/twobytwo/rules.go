package twobytwo

import (
	"fmt"
	"sync"
	"time"

	"github.com/patrickmn/go-cache"

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
// are asked in the order registered.
func RegisterSource(src ScenarioSource) { registry.RegisterSource(src) }

// Builtin returns a fresh copy of a scenario by name: a built-in one, or
// one a registered source resolves (a file path, a generated battlefield).
func Builtin(name string) (*Scenario, error) { return registry.Lookup(name) }

// scenarioCache keeps one instance of each scenario for a while so every
// state of a scenario shares the same static data and a tournament does
// not reload a file for each game. Entries expire so a long run over many
// generated battlefields does not hold them all.
var (
	scenarioMu    sync.Mutex
	scenarioCache = cache.New(30*time.Minute, 10*time.Minute)
)

func cachedScenario(name string) (*Scenario, error) {
	if name == "" {
		name = DefaultScenario
	}
	scenarioMu.Lock()
	defer scenarioMu.Unlock()
	if sc, ok := scenarioCache.Get(name); ok {
		return sc.(*Scenario), nil
	}
	sc, err := Builtin(name)
	if err != nil {
		return nil, err
	}
	if err := sc.Validate(); err != nil {
		return nil, fmt.Errorf("scenario %q: %w", name, err)
	}
	scenarioCache.SetDefault(name, sc)
	return sc, nil
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

// ScenarioHash identifies a built-in scenario with options.
func (Rules) ScenarioHash(scenario string, opts engine.Options) (string, error) {
	sc, err := cachedScenario(scenario)
	if err != nil {
		return "", err
	}
	if err := checkOptions(opts); err != nil {
		return "", err
	}
	h := sc.Hash()
	if opts.TurnLimit > 0 {
		h += fmt.Sprintf("-t%d", opts.TurnLimit)
	}
	for _, v := range opts.Variants {
		h += "-" + v
	}
	return h, nil
}

// DecodeState restores a state saved with MarshalJSON on a built-in scenario.
func (Rules) DecodeState(data []byte) (engine.State, error) {
	s, err := decodeState(data, cachedScenario)
	if err != nil {
		return nil, err
	}
	return s, nil
}
