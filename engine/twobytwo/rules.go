package twobytwo

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/grognard/grognard/engine"
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
func (Rules) Scenarios() []string {
	names := make([]string, 0, len(builtins))
	for n := range builtins {
		if n != DefaultScenario {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return append([]string{DefaultScenario}, names...)
}

// Builtin returns a fresh copy of a built-in scenario by name.
func Builtin(name string) (*Scenario, error) {
	if name == "" {
		name = DefaultScenario
	}
	mk, ok := builtins[name]
	if !ok {
		known := Rules{}.Scenarios()
		return nil, fmt.Errorf("unknown scenario %q (built-in: %s)", name, strings.Join(known, ", "))
	}
	return mk(), nil
}

// scenarioCache keeps one instance of each built-in so every state of a
// scenario shares the same static data.
var (
	scenarioMu    sync.Mutex
	scenarioCache = map[string]*Scenario{}
)

func cachedScenario(name string) (*Scenario, error) {
	if name == "" {
		name = DefaultScenario
	}
	scenarioMu.Lock()
	defer scenarioMu.Unlock()
	if sc, ok := scenarioCache[name]; ok {
		return sc, nil
	}
	sc, err := Builtin(name)
	if err != nil {
		return nil, err
	}
	if err := sc.Validate(); err != nil {
		return nil, err
	}
	scenarioCache[name] = sc
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
