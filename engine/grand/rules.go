package grand

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/scenarioreg"
)

// Name is the ruleset's short name.
const Name = "grand"

// Version identifies this implementation of the charts; records carry it,
// and a record of another version is refused rather than replayed wrong.
const Version = "0.2.0"

// Rules is the grand-strategic field-battle resolver (engine.Ruleset).
type Rules struct{}

// Name is "grand".
func (Rules) Name() string { return Name }

// Version of the implementation.
func (Rules) Version() string { return Version }

// Title names the charts.
func (Rules) Title() string { return "Grand-strategic field battles (the campaign charts)" }

// DefaultScenario is the battle a game plays when none is named.
const DefaultScenario = "open-field"

// A ScenarioSource resolves scenario names that are not built in (a
// scenario file by its path), reporting ok false for names it does not
// handle.
type ScenarioSource = scenarioreg.Source[*Scenario]

// registry holds the built-in scenarios (open-field from the start) and
// the sources other packages register.
var registry = func() *scenarioreg.Registry[*Scenario] {
	r := scenarioreg.New[*Scenario](Name, DefaultScenario)
	r.RegisterBuiltin(DefaultScenario, openField)
	return r
}()

// RegisterBuiltin adds a scenario compiled into the binary. It panics on a
// name already taken: two built-ins with one name is a programming error.
func RegisterBuiltin(name string, mk func() *Scenario) { registry.RegisterBuiltin(name, mk) }

// RegisterSource adds a resolver for names that are not built in.
func RegisterSource(src ScenarioSource) { registry.RegisterSource(src) }

// Scenarios lists the built-in scenarios, the default first.
func (Rules) Scenarios() []string { return registry.Names() }

// Builtin returns a fresh copy of a scenario by name: built in, or
// resolved by a registered source.
func Builtin(name string) (*Scenario, error) { return registry.Lookup(name) }

// ScenarioTitle is a scenario's title, "" when it has none or is unknown.
func (Rules) ScenarioTitle(name string) string {
	sc, err := Builtin(name)
	if err != nil {
		return ""
	}
	return sc.Title
}

// openField is the default battle: a French corps with its guard attacks
// an Austrian army of line, militia and cavalry in open country.
func openField() *Scenario {
	return &Scenario{
		Name:  DefaultScenario,
		Title: "A French corps attacks an Austrian army in open country",
		Forces: [2]Force{
			{Name: "French", Nation: France, Factors: [NumKinds]int{Infantry: 14, Cavalry: 4, Artillery: 2, Guard: 4},
				Commander: Commander{Name: "the Marshal", Nation: France, Strategic: 4, Tactical: 3}},
			{Name: "Austrians", Nation: Austria, Factors: [NumKinds]int{Infantry: 15, Cavalry: 3, Artillery: 2, Militia: 6},
				Commander: Commander{Name: "the Archduke", Nation: Austria, Strategic: 3, Tactical: 2}},
		},
		Terrain: Clear,
	}
}

// The variants: the seed's options by name (engine.Options.Variants),
// each switching on its scenario field for the game. A scenario may also
// switch them on itself (its file's keys of the same name, with "_").
// Each is off unless chosen (ruling G-OPT).
const (
	// VariantCavalrySuperiority is option 12.3.3.1
	// (Scenario.CavalrySuperiority).
	VariantCavalrySuperiority = "cavalry-superiority"
	// VariantAllCavalryWithdrawal is option 12.3.3.2, note f
	// (Scenario.AllCavalryWithdrawal, ruling G-F).
	VariantAllCavalryWithdrawal = "all-cavalry-withdrawal"
	// VariantGuardCommitment is option 12.3.4 (Scenario.GuardCommitment).
	VariantGuardCommitment = "guard-commitment"
	// VariantBombardment is option 12.3.5 (Scenario.Bombardment, rulings
	// G-BOMB).
	VariantBombardment = "bombardment"
)

// variants are the variants in the order of their sections, with the
// scenario field each switches on.
var variants = [...]struct {
	name string
	on   func(*Scenario) *bool
}{
	{VariantCavalrySuperiority, func(sc *Scenario) *bool { return &sc.CavalrySuperiority }},
	{VariantAllCavalryWithdrawal, func(sc *Scenario) *bool { return &sc.AllCavalryWithdrawal }},
	{VariantGuardCommitment, func(sc *Scenario) *bool { return &sc.GuardCommitment }},
	{VariantBombardment, func(sc *Scenario) *bool { return &sc.Bombardment }},
}

// Variants lists the variants' names, by section.
func Variants() []string {
	names := make([]string, len(variants))
	for k, v := range variants {
		names[k] = v.name
	}
	return names
}

// applyVariants switches on sc's options named in names, refusing a name
// that is not a variant.
func applyVariants(sc *Scenario, names []string) error {
next:
	for _, name := range names {
		for _, v := range variants {
			if v.name == name {
				*v.on(sc) = true
				continue next
			}
		}
		return fmt.Errorf("unknown variant %q (available: %s)", name, strings.Join(Variants(), ", "))
	}
	return nil
}

// NewGame starts a battle on a named scenario. Options: a turn limit
// shortens the day (opts.TurnLimit rounds); variants switch on the
// seed's options (Variants).
func (Rules) NewGame(scenario string, opts engine.Options) (engine.State, error) {
	sc, err := scenarioFor(scenario, opts)
	if err != nil {
		return nil, err
	}
	return NewState(sc)
}

// scenarioFor is the named scenario with opts applied.
func scenarioFor(name string, opts engine.Options) (*Scenario, error) {
	if name == "" {
		name = DefaultScenario
	}
	sc, err := Builtin(name)
	if err != nil {
		return nil, err
	}
	if err := applyVariants(sc, opts.Variants); err != nil {
		return nil, err
	}
	if opts.TurnLimit < 0 || opts.TurnLimit > MaxRounds {
		return nil, fmt.Errorf("turn limit %d: give 1 to %d combat rounds, or 0 for the scenario's", opts.TurnLimit, MaxRounds)
	}
	if opts.TurnLimit > 0 {
		sc.Rounds = opts.TurnLimit
	}
	if err := sc.Check(); err != nil {
		return nil, fmt.Errorf("scenario %s: %w", name, err)
	}
	return sc, nil
}

// ScenarioHash identifies the exact battle (both forces, terrain,
// options) a game starts from.
func (Rules) ScenarioHash(scenario string, opts engine.Options) (string, error) {
	sc, err := scenarioFor(scenario, opts)
	if err != nil {
		return "", err
	}
	b, err := json.Marshal(sc)
	if err != nil {
		return "", err
	}
	// The version and the scenario with the turn limit applied are the
	// canonical encoding, and the name leads, as records have always had it.
	return sc.Name + "-" + engine.HashScenario(append([]byte(Version+"\n"), b...), engine.Options{}), nil
}

// DecodeState restores a state written by State.MarshalJSON; the battle's
// scenario travels with it, so a file's battle needs no file to resume.
func (Rules) DecodeState(data []byte) (engine.State, error) {
	return decodeState(data)
}
