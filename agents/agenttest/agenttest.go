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
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"

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

// BenchMemory has a fresh agent from newAgent choose in st once a loop
// and reports what the decision costs in memory, the figures a search's
// memory bound is checked by:
//
//   - held-B: the heap the agent holds after its decision (its tree), the
//     heap after a collection less the heap before the agent was built;
//   - peak-B: the most heap in use during the decision, sampled every
//     millisecond, less the heap before (garbage not yet collected
//     included: the old storage of a tree that grew, for one);
//   - nodes and B/node, when nodes is not nil: the nodes the agent's
//     trees hold after the decision, and held-B a node.
//
// The figures are the averages over the loops. With a node budget they
// stay flat however the iterations grow, which is what the benchmarks of
// the search agents show by running the same spec at growing iters=.
func BenchMemory[A Agent](b *testing.B, newAgent func() A, st engine.State, nodes func(A) int) {
	ctx := context.Background()
	side := engine.Deciders(st, nil)[0] // the side to move, or the first to owe a sealed choice
	var held, peak, count float64
	for b.Loop() {
		b.StopTimer()
		runtime.GC()
		base := heapBytes()
		a := newAgent()
		stop := samplePeak()
		b.StartTimer()
		if _, err := a.Choose(ctx, st, side); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		top := stop()
		runtime.GC()
		held += float64(heapBytes()) - float64(base)
		peak += float64(top) - float64(base)
		if nodes != nil {
			count += float64(nodes(a))
		}
		runtime.KeepAlive(a)
		b.StartTimer()
	}
	n := float64(b.N)
	b.ReportMetric(held/n, "held-B")
	b.ReportMetric(peak/n, "peak-B")
	if nodes != nil {
		b.ReportMetric(count/n, "nodes")
		if count > 0 {
			b.ReportMetric(held/count, "B/node")
		}
	}
}

// AllocBytes is the heap bytes allocated while f runs (by every
// goroutine: run it with nothing else going on). A search whose memory
// is bounded allocates no more with a large budget than with a small
// one, once its buffers have grown.
func AllocBytes(f func()) uint64 {
	s := []metrics.Sample{{Name: allocMetric}}
	metrics.Read(s)
	before := s[0].Value.Uint64()
	f()
	metrics.Read(s)
	return s[0].Value.Uint64() - before
}

// LeastAllocBytes is the least of n runs of AllocBytes(f): the count is
// the whole process's, and the runtime allocates a little of its own now
// and then (more likely the longer f runs, under a loaded machine's
// garbage collections), while memory f itself allocates is there every
// run.
func LeastAllocBytes(n int, f func()) uint64 {
	least := ^uint64(0)
	for range max(n, 1) {
		least = min(least, AllocBytes(f))
	}
	return least
}

// allocMetric is the runtime metric of the bytes ever allocated on the
// heap.
const allocMetric = "/gc/heap/allocs:bytes"

// heapMetric is the runtime metric of the heap's objects, live and not
// yet swept; read without stopping the world.
const heapMetric = "/memory/classes/heap/objects:bytes"

// heapBytes is the heap's objects' bytes now.
func heapBytes() uint64 {
	s := []metrics.Sample{{Name: heapMetric}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// samplePeak samples the heap every millisecond until the function it
// returns is called, which returns the most seen.
func samplePeak() func() uint64 {
	top := heapBytes()
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				top = max(top, heapBytes())
			}
		}
	})
	return func() uint64 {
		close(done)
		wg.Wait() // top is the sampler's until it has returned
		return max(top, heapBytes())
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
