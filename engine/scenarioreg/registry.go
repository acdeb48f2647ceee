// Package scenarioreg is the registry of scenarios every ruleset keeps:
// the scenarios compiled into the binary by name, and the sources that
// resolve other names (a scenario file's path, a generated battlefield's
// seed). It is generic over the ruleset's scenario type so each ruleset
// keeps its own exported RegisterBuiltin, RegisterSource and Builtin as
// thin wrappers with identical behaviour and messages.
package scenarioreg

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// A Source resolves scenario names that are not built in, such as the
// path of a scenario file or a generated battlefield's seed. It reports
// ok false for names it does not handle, so the next source is asked.
type Source[S any] func(name string) (sc S, ok bool, err error)

// Registry holds one ruleset's built-in scenarios and sources. It is safe
// for concurrent use: packages register from init while commands and
// tournaments look names up from many goroutines.
type Registry[S any] struct {
	ruleset string
	def     string

	mu       sync.RWMutex
	builtins map[string]func() S
	sources  []Source[S]
}

// New is an empty registry for a ruleset (its name starts panic messages)
// whose default scenario, used for the empty name and listed first, is
// def.
func New[S any](ruleset, def string) *Registry[S] {
	return &Registry[S]{ruleset: ruleset, def: def, builtins: map[string]func() S{}}
}

// Default is the name of the default scenario.
func (r *Registry[S]) Default() string { return r.def }

// RegisterBuiltin adds a scenario compiled into the binary; mk returns a
// fresh copy each call. It panics on a name already taken: two built-ins
// with one name is a programming error, found at start-up.
func (r *Registry[S]) RegisterBuiltin(name string, mk func() S) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, dup := r.builtins[name]; dup {
		panic(fmt.Sprintf("%s: built-in scenario %q registered twice", r.ruleset, name))
	}
	r.builtins[name] = mk
}

// RegisterSource adds a resolver for names that are not built in; sources
// are asked in the order registered.
func (r *Registry[S]) RegisterSource(src Source[S]) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sources = append(r.sources, src)
}

// Names lists the built-in scenarios, the default first and the rest
// sorted, so listings do not follow map order.
func (r *Registry[S]) Names() []string {
	r.mu.RLock()
	names := make([]string, 0, len(r.builtins))
	for n := range r.builtins {
		if n != r.def {
			names = append(names, n)
		}
	}
	r.mu.RUnlock()
	sort.Strings(names)
	return append([]string{r.def}, names...)
}

// Builtin is the maker of a built-in scenario, and false for a name that
// is not one (sources are not asked).
func (r *Registry[S]) Builtin(name string) (func() S, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	mk, ok := r.builtins[name]
	return mk, ok
}

// Lookup returns a fresh copy of a scenario by name (the default for ""):
// a built-in one, or the first registered source's that handles the
// name, whose error is returned as it is. An unknown name's error lists
// the built-in scenarios.
func (r *Registry[S]) Lookup(name string) (S, error) {
	if name == "" {
		name = r.def
	}
	r.mu.RLock()
	mk, ok := r.builtins[name]
	// The slice is only appended to, so this prefix stays valid once the
	// lock is released; a source may then take its time (load a file)
	// without blocking registrations.
	srcs := r.sources
	r.mu.RUnlock()
	var zero S
	if ok {
		return mk(), nil
	}
	for _, src := range srcs {
		sc, ok, err := src(name)
		if !ok {
			continue
		}
		if err != nil {
			return zero, err
		}
		return sc, nil
	}
	return zero, fmt.Errorf("unknown scenario %q (built-in: %s)", name, strings.Join(r.Names(), ", "))
}
