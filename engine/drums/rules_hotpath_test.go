package drums

import (
	"testing"

	"github.com/grognard/grognard/engine"
)

// Apply's quick check agrees with Legal on every decision of random
// games: an action is accepted exactly when it is listed (or, for an
// advance or a general's move, a free move the table allows).
func TestRule_QuickCheckAgreesWithLegal(t *testing.T) {
	seeds := []uint64{11, 12, 13}
	if testing.Short() {
		seeds = seeds[:1]
	}
	for _, seed := range seeds {
		playRandomUntil(t, seed, 100000)
	}
}

// playRandomUntil plays seed's random game for at most n decisions,
// checking at each that every listed action passes check and that
// variants of them with a changed argument are judged as Legal judges
// them.
func playRandomUntil(t *testing.T, seed uint64, n int) (*State, int) {
	t.Helper()
	s, err := NewGame(DefaultScenario, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rng := newRng(seed)
	steps := 0
	for !s.Terminal() && steps < n {
		if s.ToMove() == engine.Chance {
			if err := s.ApplyDice(engine.RollWith(rng, s.PendingRoll())); err != nil {
				t.Fatal(err)
			}
			continue
		}
		steps++
		acts := s.Legal(nil)
		for _, a := range acts {
			if err := s.check(a); err != nil {
				t.Fatalf("step %d: listed %s refused: %v", steps, s.DescribeAction(a), err)
			}
			for _, d := range []int{1, 2, 3, 4} {
				b := a
				b.Arg += uint8(d % 3)
				b.Unit += uint8(d % 2)
				b.Target += uint8(d / 2)
				if b.Kind == KAdvance || b.Kind == KGeneralMove {
					continue
				}
				listed := false
				for _, c := range acts {
					if c == b {
						listed = true
					}
				}
				if got := s.check(b) == nil; got != listed {
					t.Fatalf("step %d: %+v accepted %v, listed %v (%s)", steps, b, got, listed, s.waitingFor())
				}
			}
		}
		if err := s.Apply(acts[rng.IntN(len(acts))]); err != nil {
			t.Fatal(err)
		}
	}
	return s, steps
}

// An activation decision applied to a copy allocates nothing.
func TestRule_ApplyActivationAllocatesNothing(t *testing.T) {
	s := start(t, twoSides())
	a := act(KActivate, labelIdx(t, s, "A1"), 0, 0)
	var c State
	allocs := testing.AllocsPerRun(200, func() {
		c = *s
		if err := c.Apply(a); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Fatalf("%.1f allocations per Apply", allocs)
	}
}

// BenchmarkApplyActivation measures Apply on an activation choice, the
// decision the quick check serves.
func BenchmarkApplyActivation(b *testing.B) {
	s := start(b, twoSides())
	a := act(KActivate, labelIdx(b, s, "A1"), 0, 0)
	var c State
	b.ReportAllocs()
	for b.Loop() {
		c = *s
		if err := c.Apply(a); err != nil {
			b.Fatal(err)
		}
	}
}

// A declaration applied to a copy allocates nothing, and is decided
// without listing every choice (BenchmarkApplyDeclaration).
func TestRule_ApplyDeclarationAllocatesNothing(t *testing.T) {
	s := start(t, duel(12.5, true))
	i := activate(t, s, "A", 0)
	a := act(KShoot, i, labelIdx(t, s, "R"), 0)
	var c State
	allocs := testing.AllocsPerRun(200, func() {
		c = *s
		if err := c.Apply(a); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Fatalf("%.1f allocations per Apply", allocs)
	}
}

// BenchmarkApplyDeclaration measures Apply on a declared shot.
func BenchmarkApplyDeclaration(b *testing.B) {
	s := start(b, duel(12.5, true))
	i := activate(b, s, "A", 0)
	a := act(KShoot, i, labelIdx(b, s, "R"), 0)
	var c State
	b.ReportAllocs()
	for b.Loop() {
		c = *s
		if err := c.Apply(a); err != nil {
			b.Fatal(err)
		}
	}
}
