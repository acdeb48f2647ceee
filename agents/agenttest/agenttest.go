// Package agenttest holds what the tests of agents share across packages:
// building an agent from its spec and checking the spec round trip, the
// loop of an agent's benchmark, and the probes' settings. It is for tests
// only.
//
// The package imports engine alone, not agents, so that the tests of
// package agents itself can use it as well as those of a ruleset's kit
// (agents/<ruleset>): the helpers take the agent constructor (agents.New)
// as an argument, and an agent through the Agent interface, which
// agents.Agent satisfies.
package agenttest

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
)

// Agent is what the helpers use of an agent; agents.Agent has it.
type Agent interface {
	// Name is the spec that rebuilds the agent.
	Name() string
	// Choose returns the agent's action for side in st.
	Choose(ctx context.Context, st engine.State, side engine.Player) (engine.Action, error)
}

// MustAgent builds the agent of spec with seed through newAgent
// (agents.New), failing the test if the spec is refused.
func MustAgent[A Agent](t testing.TB, newAgent func(spec string, seed uint64) (A, error), spec string, seed uint64) A {
	t.Helper()
	a, err := newAgent(spec, seed)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// CheckSpec builds the agent of spec through newAgent (agents.New) and
// returns it once it has checked it: its Name() is name and that name
// builds the same agent again. With wantErr the spec must be refused
// instead, with an error holding each of wantErr, and CheckSpec returns
// the zero A (a nil agent).
func CheckSpec[A Agent](t *testing.T, newAgent func(spec string, seed uint64) (A, error), spec, name string, wantErr []string) A {
	t.Helper()
	var none A
	a, err := newAgent(spec, 1)
	if wantErr != nil {
		if err == nil {
			t.Fatalf("New(%q) succeeded, want an error containing %q", spec, wantErr)
		}
		for _, w := range wantErr {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("New(%q) error %q does not contain %q", spec, err, w)
			}
		}
		return none
	}
	if err != nil {
		t.Fatalf("New(%q): %v", spec, err)
	}
	if a.Name() != name {
		t.Errorf("Name() = %q, want %q", a.Name(), name)
	}
	if b, err := newAgent(a.Name(), 1); err != nil || b.Name() != a.Name() {
		t.Errorf("New(%q) from Name() = %v, %v", a.Name(), b, err)
	}
	return a
}

// BenchDecisions has a choose st again and again, reporting the time and
// the allocations of one decision: the loop of every agent's benchmark.
func BenchDecisions(b *testing.B, a Agent, st engine.State) {
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := a.Choose(ctx, st, st.ToMove()); err != nil {
			b.Fatal(err)
		}
	}
}

// EnvOr is the environment variable key, or def when it is unset or
// empty: the settings of the probes, tests run by hand for tuning.
func EnvOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}
