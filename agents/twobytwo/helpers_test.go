package twobytwo

// Test helpers shared with the generic agents' tests (package agents):
// copies, since a test of package agents cannot import the kit.

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
)

// pickState is a minimal engine.State offering n actions to side 0, so
// agent tests do not depend on a ruleset's own allocations.
type pickState struct {
	n int
}

func (s *pickState) Ruleset() string       { return "pick" }
func (s *pickState) ToMove() engine.Player { return 0 }
func (s *pickState) Terminal() bool        { return false }
func (s *pickState) Result() engine.Result { return engine.Result{} }
func (s *pickState) Legal(buf []engine.Action) []engine.Action {
	for i := 0; i < s.n; i++ {
		buf = append(buf, engine.Action{Kind: 1, Unit: uint8(i), Target: uint8(i >> 8)})
	}
	return buf
}
func (s *pickState) Apply(engine.Action) error           { return nil }
func (s *pickState) PendingRoll() engine.Roll            { return engine.Roll{} }
func (s *pickState) ApplyDice(engine.Dice) error         { return nil }
func (s *pickState) DescribeRoll() string                { return "" }
func (s *pickState) DescribeAction(engine.Action) string { return "" }
func (s *pickState) FormatAction(a engine.Action) string { return "pick " + strconv.Itoa(index(a)) }
func (s *pickState) ParseAction(text string) (engine.Action, error) {
	n, err := strconv.Atoi(strings.TrimPrefix(text, "pick "))
	if err != nil || n < 0 || n >= 1<<16 {
		return engine.Action{}, fmt.Errorf("%w: %q is not pick N", engine.ErrNotation, text)
	}
	return engine.Action{Kind: 1, Unit: uint8(n), Target: uint8(n >> 8)}, nil
}
func (s *pickState) Turn() int                    { return 1 }
func (s *pickState) Hash() uint64                 { return uint64(s.n) }
func (s *pickState) CopyFrom(src engine.State)    { *s = *src.(*pickState) }
func (s *pickState) Clone() engine.State          { c := *s; return &c }
func (s *pickState) MarshalJSON() ([]byte, error) { return []byte("{}"), nil }

// index is the position of a pickState action in its legal list.
func index(a engine.Action) int { return int(a.Unit) | int(a.Target)<<8 }

// checkSpec builds the agent of spec and returns it once it has checked it:
// its Name() is name and that name builds the same agent again. With
// wantErr the spec must be refused instead, with an error holding each of
// wantErr, and checkSpec returns nil.
func checkSpec(t *testing.T, spec, name string, wantErr []string) agents.Agent {
	t.Helper()
	a, err := agents.New(spec, 1)
	if wantErr != nil {
		if err == nil {
			t.Fatalf("New(%q) succeeded, want an error containing %q", spec, wantErr)
		}
		for _, w := range wantErr {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("New(%q) error %q does not contain %q", spec, err, w)
			}
		}
		return nil
	}
	if err != nil {
		t.Fatalf("New(%q): %v", spec, err)
	}
	if a.Name() != name {
		t.Errorf("Name() = %q, want %q", a.Name(), name)
	}
	if b, err := agents.New(a.Name(), 1); err != nil || b.Name() != a.Name() {
		t.Errorf("New(%q) from Name() = %v, %v", a.Name(), b, err)
	}
	return a
}

// benchDecisions has a choose st again and again, reporting the time and
// the allocations of one decision: the loop of every agent's benchmark.
func benchDecisions(b *testing.B, a agents.Agent, st engine.State) {
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := a.Choose(ctx, st, st.ToMove()); err != nil {
			b.Fatal(err)
		}
	}
}

// mustAgent builds the agent of spec with seed, failing the test if the
// spec is refused.
func mustAgent(t testing.TB, spec string, seed uint64) agents.Agent {
	t.Helper()
	a, err := agents.New(spec, seed)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// checkSameGame plays scenario twice, side 0 and side 1 built
// afresh each time from specs with seeds[0] and seeds[1], the dice seeded by
// seeds[2], and fails the test unless the two games are the same position
// by position: an agent's choices depend on its seed alone. hPlayOn checks
// every choice is legal.
func checkSameGame(t *testing.T, scenario string, specs [2]string, seeds [3]uint64) {
	t.Helper()
	play := func() hGame {
		return hPlayOn(t, scenario, [2]agents.Agent{mustAgent(t, specs[0], seeds[0]), mustAgent(t, specs[1], seeds[1])}, seeds[2])
	}
	g1, g2 := play(), play()
	if g1.result != g2.result || g1.hash != g2.hash {
		t.Errorf("same seeds gave different games: %v (%x) and %v (%x)", g1.result, g1.hash, g2.result, g2.hash)
	}
}
