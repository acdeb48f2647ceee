package scenarioreg

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// cacheFixture is a registry with a built-in, a "file:" source whose
// content the test edits, and a generated "gen:" source, each counting
// its resolutions.
type cacheFixture struct {
	mu       sync.Mutex
	files    map[string]string // name -> content
	resolved map[string]int
	reg      *Registry[*scen]
	cache    *Cache[*scen, string]
}

func newCacheFixture(limit int) *cacheFixture {
	f := &cacheFixture{files: map[string]string{}, resolved: map[string]int{}}
	f.reg = New[*scen]("test", "std")
	f.reg.RegisterBuiltin("std", func() *scen { f.count("std"); return &scen{"std"} })
	f.reg.RegisterSource(func(name string) (*scen, bool, error) {
		if !strings.HasPrefix(name, "file:") {
			return nil, false, nil
		}
		f.count(name)
		f.mu.Lock()
		body, ok := f.files[name]
		f.mu.Unlock()
		if !ok {
			return nil, true, errors.New("no such file")
		}
		return &scen{body}, true, nil
	})
	f.cache = NewCache[*scen, string](f.reg, limit, func(s *scen) (string, bool) { return s.name, s.name != "opaque" })
	f.cache.RegisterGenerated(func(name string) (*scen, bool, error) {
		if !strings.HasPrefix(name, "gen:") {
			return nil, false, nil
		}
		f.count(name)
		if name == "gen:bad" {
			return nil, true, errors.New("bad seed")
		}
		return &scen{name}, true, nil
	})
	return f
}

func (f *cacheFixture) count(name string) {
	f.mu.Lock()
	f.resolved[name]++
	f.mu.Unlock()
}

// TestCache: built-ins and generated scenarios are resolved once and kept
// by name; a file is resolved on every Get and its data kept by content,
// so an edit is seen at once; errors are not kept; each kind is bounded.
func TestCache(t *testing.T) {
	builds := 0
	build := func(name string, sc *scen) (string, error) {
		builds++
		if sc.name == "unbuildable" {
			return "", errors.New("cannot build")
		}
		return fmt.Sprintf("%s=%s#%d", name, sc.name, builds), nil
	}
	type step struct {
		name, variant string
		edit          string // new content of name (a file) before the Get
		want          string // "" wants an error
		resolved      int    // resolutions of name so far
	}
	for _, c := range []struct {
		title string
		steps []step
	}{
		{"built-in once by name, default for empty", []step{
			{name: "std", want: "std=std#1", resolved: 1},
			{name: "", want: "std=std#1", resolved: 1},
			{name: "std", variant: "t5", want: "std=std#2", resolved: 2},
			{name: "std", variant: "t5", want: "std=std#2", resolved: 2},
		}},
		{"generated once by name", []step{
			{name: "gen:1", want: "gen:1=gen:1#1", resolved: 1},
			{name: "gen:1", want: "gen:1=gen:1#1", resolved: 1},
			{name: "gen:bad", want: "", resolved: 1},
			{name: "gen:bad", want: "", resolved: 2},
		}},
		{"file reread, kept by content, edit seen at once", []step{
			{name: "file:a", edit: "v1", want: "file:a=v1#1", resolved: 1},
			{name: "file:a", want: "file:a=v1#1", resolved: 2},
			{name: "file:a", edit: "v2", want: "file:a=v2#2", resolved: 3},
			{name: "file:a", edit: "v1", want: "file:a=v1#1", resolved: 4},
			{name: "file:b", edit: "v1", want: "file:b=v1#3", resolved: 1}, // the name is part of the key
		}},
		{"file without a content key built each time", []step{
			{name: "file:o", edit: "opaque", want: "file:o=opaque#1", resolved: 1},
			{name: "file:o", want: "file:o=opaque#2", resolved: 2},
		}},
		{"errors are not kept", []step{
			{name: "file:missing", want: "", resolved: 1},
			{name: "file:u", edit: "unbuildable", want: "", resolved: 1},
			{name: "file:u", edit: "ok", want: "file:u=ok#2", resolved: 2},
			{name: "nowhere", want: ""},
		}},
	} {
		t.Run(c.title, func(t *testing.T) {
			f := newCacheFixture(8)
			builds = 0
			for i, s := range c.steps {
				if s.edit != "" {
					f.files[s.name] = s.edit
				}
				got, err := f.cache.Get(s.name, s.variant, build)
				if s.want == "" {
					if err == nil {
						t.Errorf("step %d: Get(%q) = %q, want an error", i, s.name, got)
					}
				} else if err != nil || got != s.want {
					t.Errorf("step %d: Get(%q) = %q, %v; want %q", i, s.name, got, err, s.want)
				}
				name := s.name
				if name == "" {
					name = "std"
				}
				if s.resolved > 0 && f.resolved[name] != s.resolved {
					t.Errorf("step %d: %q resolved %d times, want %d", i, name, f.resolved[name], s.resolved)
				}
			}
		})
	}
}

// TestCacheBounded: a long run over many generated battlefields and many
// file edits keeps at most limit entries of each kind, oldest dropped.
func TestCacheBounded(t *testing.T) {
	f := newCacheFixture(4)
	build := func(name string, sc *scen) (string, error) { return name + "=" + sc.name, nil }
	for i := range 50 {
		if _, err := f.cache.Get(fmt.Sprintf("gen:%d", i), "", build); err != nil {
			t.Fatal(err)
		}
		f.files["file:x"] = fmt.Sprint("edit ", i)
		if _, err := f.cache.Get("file:x", "", build); err != nil {
			t.Fatal(err)
		}
	}
	if n, c := f.cache.Len(); n != 4 || c != 4 {
		t.Fatalf("kept %d by name and %d by content, want 4 and 4", n, c)
	}
	// The newest stay: gen:49 is not generated again; gen:0 is.
	before := f.resolved["gen:49"]
	f.cache.Get("gen:49", "", build)
	if f.resolved["gen:49"] != before {
		t.Errorf("gen:49 was dropped though newest")
	}
	f.cache.Get("gen:0", "", build)
	if f.resolved["gen:0"] != 2 {
		t.Errorf("gen:0 resolved %d times, want 2 (dropped as oldest)", f.resolved["gen:0"])
	}
}

// TestCacheConcurrent: goroutines missing at once share the value kept
// first, and the cache starts no goroutine of its own.
func TestCacheConcurrent(t *testing.T) {
	before := runtime.NumGoroutine()
	f := newCacheFixture(8)
	var built sync.Mutex
	n := 0
	build := func(name string, sc *scen) (*int, error) {
		built.Lock()
		defer built.Unlock()
		n++
		v := n
		return &v, nil
	}
	c := NewCache[*scen, *int](f.reg, 8, func(s *scen) (string, bool) { return s.name, true })
	if runtime.NumGoroutine() != before {
		t.Fatalf("NewCache started a goroutine")
	}
	got := make([]*int, 16)
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() {
			p, err := c.Get("std", "", build)
			if err != nil {
				t.Error(err)
			}
			got[i] = p
		})
	}
	wg.Wait()
	for i := range got {
		if got[i] != got[0] {
			t.Fatalf("goroutine %d got another copy", i)
		}
	}
}
