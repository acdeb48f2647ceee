package twobytwo

import (
	"math/rand/v2"
	"testing"

	"github.com/grognard/grognard/engine"
)

// playRandom plays one game with uniformly random actions and seeded dice,
// calling check after every step; it returns the final state and the
// number of steps.
func playRandom(t testing.TB, seed uint64, check func(*State)) (*State, int) {
	t.Helper()
	s, err := NewGame(DefaultScenario, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	dice := engine.NewRandomDice(seed ^ 0xabcdef)
	buf := make([]engine.Action, 0, 1024)
	steps := 0
	for !s.Terminal() {
		steps++
		if steps > 200000 {
			t.Fatalf("seed %d: game did not end after %d steps (turn %d, %s)", seed, steps, s.Turn(), s.PhaseName())
		}
		if s.ToMove() == engine.Chance {
			d, _ := dice.Roll(s.PendingRoll())
			if err := s.ApplyDice(d); err != nil {
				t.Fatalf("seed %d: dice: %v", seed, err)
			}
		} else {
			buf = s.Legal(buf[:0])
			if len(buf) == 0 {
				t.Fatalf("seed %d: no legal action in %s phase, turn %d", seed, s.PhaseName(), s.Turn())
			}
			a := buf[rng.IntN(len(buf))]
			if err := s.Apply(a); err != nil {
				t.Fatalf("seed %d: legal action refused: %v", seed, err)
			}
		}
		if check != nil {
			check(s)
		}
	}
	return s, steps
}

func TestRandomGamesSmoke(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		s, steps := playRandom(t, seed, nil)
		t.Logf("seed %d: %s after %d steps, turn %d, destroyed %d/%d", seed, s.Result(), steps, s.Turn(), s.destroyed[0], s.destroyed[1])
	}
}
