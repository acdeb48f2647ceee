package engine

import (
	"fmt"
	"slices"
	"strings"
)

// Bundle is everything a ruleset offers the front ends, registered once
// with RegisterBundle: its rules, the tools of the scenario and army
// commands, and its pictures. What the agents need of it (its kit) is
// registered by its agents package, which is the package whose Bundle
// function a program names, so that naming one links both.
//
// Everything in front of the engine (commands, the protocol, the web page,
// the tests over every ruleset) asks the registered bundles; nothing there
// names a ruleset.
type Bundle struct {
	// Rules are the ruleset's rules. Required.
	Rules Ruleset
	// Scenarios are the sub-commands of 'grognard scenario' the ruleset
	// offers ("list", "show", "check", "generate").
	Scenarios []Tool
	// Armies are the sub-commands of 'grognard army' ("lists", "show",
	// "check", "random"); none for a ruleset without army lists.
	Armies []Tool
	// Pictures draws the ruleset's states; nil for one without pictures.
	Pictures Picturer
}

// RegisterBundle makes a ruleset's bundle available by the rules' name:
// its rules (Lookup, Rulesets), its pictures (Pictures) and its tools
// (Bundles, BundleOf). The first ruleset registered is the default one
// (DefaultRuleset). Registering a name again replaces its bundle and
// keeps its place, so a program may register in every run of its tests.
// It panics on a bundle without rules or with a tool named twice: both
// are programming errors, found at start-up.
func RegisterBundle(b Bundle) {
	if b.Rules == nil {
		panic("engine.RegisterBundle: a bundle needs its rules")
	}
	name := b.Rules.Name()
	for _, tools := range [][]Tool{b.Scenarios, b.Armies} {
		if err := checkTools(tools); err != nil {
			panic(fmt.Sprintf("engine.RegisterBundle(%s): %v", name, err))
		}
	}
	Register(b.Rules)
	if b.Pictures != nil {
		RegisterPictures(name, b.Pictures)
	}
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, ok := bundles[name]; !ok {
		bundleOrder = append(bundleOrder, name)
	}
	bundles[name] = b
}

var (
	bundles     = map[string]Bundle{}
	bundleOrder []string
)

// Bundles are the registered bundles in the order they were registered:
// the default ruleset's first.
func Bundles() []Bundle {
	registryMu.RLock()
	defer registryMu.RUnlock()
	out := make([]Bundle, 0, len(bundleOrder))
	for _, n := range bundleOrder {
		out = append(out, bundles[n])
	}
	return out
}

// BundleOf is the bundle of the named ruleset, or an error listing the
// registered ones.
func BundleOf(name string) (Bundle, error) {
	registryMu.RLock()
	b, ok := bundles[name]
	names := slices.Clone(bundleOrder)
	registryMu.RUnlock()
	if ok {
		return b, nil
	}
	if len(names) == 0 {
		return Bundle{}, fmt.Errorf("unknown ruleset %q: no ruleset is registered", name)
	}
	return Bundle{}, fmt.Errorf("unknown ruleset %q (known: %s)", name, strings.Join(names, ", "))
}

// DefaultRuleset is the name of the first ruleset registered with
// RegisterBundle, what a command plays when it is not told; "" when none
// is.
func DefaultRuleset() string {
	registryMu.RLock()
	defer registryMu.RUnlock()
	if len(bundleOrder) == 0 {
		return ""
	}
	return bundleOrder[0]
}

// DefaultScenario is the ruleset's default scenario: the first it lists.
func DefaultScenario(r Ruleset) string {
	if s := r.Scenarios(); len(s) > 0 {
		return s[0]
	}
	return ""
}
