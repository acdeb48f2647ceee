package scenarioreg

import "sync"

// Cache keeps a ruleset's static data (V) for its scenarios (S), built
// once, so every state of a scenario shares one copy and a tournament does
// not rebuild it for each game. It starts no goroutine (nothing expires
// by the clock) and cannot serve a stale file:
//
//   - a built-in scenario, and a generated one (a source registered with
//     RegisterGenerated: its scenario is a function of its name alone), is
//     kept by name;
//   - a scenario any other source resolves (a file) is resolved again on
//     every Get and kept by its content, so an edited file is a new entry
//     and the old one ages out.
//
// Each kind holds at most limit entries and drops its oldest when full, so
// a long-running server cannot grow it without limit. It is safe for
// concurrent use.
type Cache[S, V any] struct {
	reg     *Registry[S]
	content func(S) (string, bool)

	mu        sync.Mutex
	generated []Source[S]
	byName    fifo[V]
	byContent fifo[V]
}

// NewCache is a cache over reg's scenarios holding at most limit entries
// of each kind. content is the key of a scenario's whole content (a digest of
// every field, not just those its hash covers, so an edited title is seen
// too); false means it has none and its data is built afresh each time.
func NewCache[S, V any](reg *Registry[S], limit int, content func(S) (string, bool)) *Cache[S, V] {
	return &Cache[S, V]{reg: reg, content: content, byName: newFIFO[V](limit), byContent: newFIFO[V](limit)}
}

// RegisterGenerated adds a source whose scenario is a pure function of
// its name (a generated battlefield's seed) to the registry, and tells
// the cache it may keep what the source resolves by name: generating a
// battlefield can take milliseconds, rereading a file must not be
// skipped.
func (c *Cache[S, V]) RegisterGenerated(src Source[S]) {
	c.mu.Lock()
	c.generated = append(c.generated, src)
	c.mu.Unlock()
	c.reg.RegisterSource(src)
}

// Get is the static data of the named scenario (the default for "")
// under variant (the options it was built with, as a key), building it
// with build on a miss. A build's error is returned and nothing is kept.
// Two goroutines missing at once may both build; the first kept wins, so
// callers still share one copy.
func (c *Cache[S, V]) Get(name, variant string, build func(name string, sc S) (V, error)) (V, error) {
	if name == "" {
		name = c.reg.Default()
	}
	var zero V
	key := cacheKey{name: name, variant: variant}
	c.mu.Lock()
	v, ok := c.byName.get(key)
	c.mu.Unlock()
	if ok {
		return v, nil
	}
	sc, byName, err := c.resolve(name)
	if err != nil {
		return zero, err
	}
	ckey, cached := key, !byName
	if !byName {
		var has bool
		ckey.content, has = c.content(sc)
		cached = has
		if has {
			c.mu.Lock()
			v, ok := c.byContent.get(ckey)
			c.mu.Unlock()
			if ok {
				return v, nil
			}
		}
	}
	v, err = build(name, sc)
	if err != nil {
		return zero, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case byName:
		return c.byName.putOnce(key, v), nil
	case cached:
		return c.byContent.putOnce(ckey, v), nil
	}
	return v, nil
}

// resolve looks a name up and reports whether its data may be kept by
// name: a built-in, or a generated source's.
func (c *Cache[S, V]) resolve(name string) (sc S, byName bool, err error) {
	if mk, ok := c.reg.Builtin(name); ok {
		return mk(), true, nil
	}
	c.mu.Lock()
	gens := c.generated // appended to only: the prefix stays valid
	c.mu.Unlock()
	for _, src := range gens {
		sc, ok, err := src(name)
		if ok {
			return sc, err == nil, err
		}
	}
	sc, err = c.reg.Lookup(name)
	return sc, false, err
}

// cacheKey is what static data is kept under: a struct rather than a
// joined string, so a hit allocates nothing.
type cacheKey struct {
	name, variant string
	content       string // the scenario's content key; "" for one kept by name
}

// fifo is a map of at most max entries that drops the oldest when full.
type fifo[V any] struct {
	max   int
	m     map[cacheKey]V
	order []cacheKey // keys of m, oldest first
}

func newFIFO[V any](limit int) fifo[V] {
	return fifo[V]{max: max(limit, 1), m: map[cacheKey]V{}}
}

func (f *fifo[V]) get(key cacheKey) (V, bool) {
	v, ok := f.m[key]
	return v, ok
}

// putOnce keeps v under key unless a value is already kept there, and
// returns the value kept.
func (f *fifo[V]) putOnce(key cacheKey, v V) V {
	if old, ok := f.m[key]; ok {
		return old
	}
	for len(f.m) >= f.max {
		delete(f.m, f.order[0])
		f.order[0] = cacheKey{}
		f.order = f.order[1:]
	}
	f.m[key] = v
	f.order = append(f.order, key)
	return v
}

// Len is the number of entries kept by name and by content.
func (c *Cache[S, V]) Len() (byName, byContent int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.byName.m), len(c.byContent.m)
}
