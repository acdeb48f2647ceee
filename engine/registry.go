package engine

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

var (
	registryMu sync.RWMutex
	registry   = map[string]Ruleset{}
)

// Register makes a ruleset available by name. Registering the same name
// twice replaces the earlier one.
func Register(r Ruleset) {
	registryMu.Lock()
	defer registryMu.Unlock()
	registry[r.Name()] = r
}

// Rulesets returns every registered ruleset sorted by name.
func Rulesets() []Ruleset {
	registryMu.RLock()
	defer registryMu.RUnlock()
	out := make([]Ruleset, 0, len(registry))
	for _, r := range registry {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name() < out[j].Name() })
	return out
}

// Lookup finds a registered ruleset by name.
func Lookup(name string) (Ruleset, error) {
	registryMu.RLock()
	r, ok := registry[name]
	registryMu.RUnlock()
	if ok {
		return r, nil
	}
	names := make([]string, 0)
	for _, r := range Rulesets() {
		names = append(names, r.Name())
	}
	return nil, fmt.Errorf("unknown ruleset %q (known: %s)", name, strings.Join(names, ", "))
}
