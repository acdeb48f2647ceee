package twobytwo

import (
	"math/rand/v2"
	"testing"

	"github.com/grognard/grognard/engine"
)

// TestLegalNext: in whole random games, LegalNext offers a non-empty
// subset of Legal at every step, a single unit's orders (with dice and
// End) in the movement phase, and games played with it alone end.
func TestLegalNext(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		s, err := NewGame(DefaultScenario, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 3))
		dice := engine.NewRandomDice(seed)
		var all, next []engine.Action
		for steps := 0; !s.Terminal(); steps++ {
			if steps > 20000 {
				t.Fatalf("seed %d: no end after %d steps", seed, steps)
			}
			if s.ToMove() == engine.Chance {
				d, _ := dice.Roll(s.PendingRoll())
				if err := s.ApplyDice(d); err != nil {
					t.Fatal(err)
				}
				continue
			}
			all = s.Legal(all[:0])
			next = s.LegalNext(next[:0])
			if len(next) == 0 {
				t.Fatalf("seed %d step %d: LegalNext is empty in %s", seed, steps, s.PhaseName())
			}
			units := map[uint8]bool{}
			for _, a := range next {
				found := false
				for _, b := range all {
					found = found || a == b
				}
				if !found {
					t.Fatalf("seed %d step %d: LegalNext offers %s, which Legal does not", seed, steps, s.DescribeAction(a))
				}
				if a.Unit != NoUnit && s.phase == phMove {
					units[a.Unit] = true
				}
			}
			if len(units) > 1 {
				t.Fatalf("seed %d step %d: LegalNext offers orders for %d units", seed, steps, len(units))
			}
			if err := s.Apply(next[rng.IntN(len(next))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}
