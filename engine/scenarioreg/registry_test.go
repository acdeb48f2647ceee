package scenarioreg

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
)

type scen struct{ name string }

func newTestRegistry() *Registry[*scen] {
	r := New[*scen]("test", "std")
	r.RegisterBuiltin("std", func() *scen { return &scen{"std"} })
	r.RegisterBuiltin("zulu", func() *scen { return &scen{"zulu"} })
	r.RegisterBuiltin("alpha", func() *scen { return &scen{"alpha"} })
	r.RegisterSource(func(name string) (*scen, bool, error) {
		switch {
		case name == "src:bad":
			return nil, true, errors.New("broken on purpose")
		case strings.HasPrefix(name, "src:"):
			return &scen{name}, true, nil
		}
		return nil, false, nil
	})
	// A second source sees only the names the first declines.
	r.RegisterSource(func(name string) (*scen, bool, error) {
		if strings.HasPrefix(name, "src") || name == "two:x" {
			return &scen{"second:" + name}, true, nil
		}
		return nil, false, nil
	})
	return r
}

// TestLookup: built-ins first, then sources in order; a source's error
// reaches the caller unchanged; an unknown name lists the built-ins.
func TestLookup(t *testing.T) {
	r := newTestRegistry()
	for _, tc := range []struct {
		name, give, want, err string
	}{
		{name: "empty name is the default", give: "", want: "std"},
		{name: "built-in by name", give: "alpha", want: "alpha"},
		{name: "first source resolves its names", give: "src:one", want: "src:one"},
		{name: "source error reaches the caller", give: "src:bad", err: "broken on purpose"},
		{name: "later source asked when earlier declines", give: "two:x", want: "second:two:x"},
		{name: "unknown name lists built-ins, default first",
			give: "nope", err: `unknown scenario "nope" (built-in: std, alpha, zulu)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sc, err := r.Lookup(tc.give)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("Lookup(%q) error %v, want %q", tc.give, err, tc.err)
				}
				if sc != nil {
					t.Errorf("Lookup(%q) gave a scenario with its error", tc.give)
				}
				return
			}
			if err != nil || sc == nil || sc.name != tc.want {
				t.Fatalf("Lookup(%q) = %v, %v; want %q", tc.give, sc, err, tc.want)
			}
		})
	}
}

// TestLookupFresh: each lookup of a built-in makes a fresh copy, so a
// caller editing its scenario does not change the next one.
func TestLookupFresh(t *testing.T) {
	r := newTestRegistry()
	a, _ := r.Lookup("alpha")
	b, _ := r.Lookup("alpha")
	if a == b {
		t.Error("two lookups share one scenario")
	}
}

// TestNames: the default first even when it is not registered, the rest
// sorted.
func TestNames(t *testing.T) {
	for _, tc := range []struct {
		name string
		reg  []string
		want string
	}{
		{name: "default registered", reg: []string{"c", "std", "a"}, want: "std,a,c"},
		{name: "default not registered", reg: []string{"b", "a"}, want: "std,a,b"},
		{name: "nothing registered", want: "std"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := New[int]("test", "std")
			for _, n := range tc.reg {
				r.RegisterBuiltin(n, func() int { return 0 })
			}
			if got := strings.Join(r.Names(), ","); got != tc.want {
				t.Errorf("Names() = %s, want %s", got, tc.want)
			}
		})
	}
}

// TestBuiltin: the maker of a built-in, and no source is asked.
func TestBuiltin(t *testing.T) {
	r := newTestRegistry()
	if mk, ok := r.Builtin("zulu"); !ok || mk().name != "zulu" {
		t.Error("built-in zulu not found")
	}
	if _, ok := r.Builtin("src:one"); ok {
		t.Error("Builtin asked a source")
	}
	if r.Default() != "std" {
		t.Errorf("Default() = %q", r.Default())
	}
}

// TestRegisterBuiltinTwicePanics: a duplicate name is a programming error
// named in the panic.
func TestRegisterBuiltinTwicePanics(t *testing.T) {
	r := newTestRegistry()
	defer func() {
		p := recover()
		if p == nil || p.(string) != `test: built-in scenario "alpha" registered twice` {
			t.Errorf("panic %v", p)
		}
	}()
	r.RegisterBuiltin("alpha", func() *scen { return nil })
}

// TestConcurrent: registrations and lookups from many goroutines (run
// with -race).
func TestConcurrent(t *testing.T) {
	r := newTestRegistry()
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 50 {
				name := fmt.Sprintf("g%d-%d", g, i)
				r.RegisterBuiltin(name, func() *scen { return &scen{name} })
				if i%10 == 0 {
					r.RegisterSource(func(string) (*scen, bool, error) { return nil, false, nil })
				}
				if sc, err := r.Lookup(name); err != nil || sc.name != name {
					t.Errorf("Lookup(%q) = %v, %v", name, sc, err)
				}
				if _, err := r.Lookup("src:x"); err != nil {
					t.Error(err)
				}
				_ = r.Names()
			}
		}()
	}
	wg.Wait()
	if n := len(r.Names()); n != 3+8*50 {
		t.Errorf("%d names after the run, want %d", n, 3+8*50)
	}
}
