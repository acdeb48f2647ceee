package drums

import (
	"math/rand/v2"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest"
	"github.com/grognard/grognard/internal/testenv"
)

// playRandom plays a game with uniformly random choices and dice and
// returns the final state and the number of decisions.
func playRandom(t testing.TB, seed uint64) (*State, int) {
	t.Helper()
	return playRandomChecked(t, seed, nil)
}

// playRandomChecked is playRandom calling check, when not nil, with each
// position's legal actions.
func playRandomChecked(t testing.TB, seed uint64, check func(*State, []engine.Action) error) (*State, int) {
	t.Helper()
	s, err := NewGame(DefaultScenario, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	var buf []engine.Action
	steps := 0
	for !s.Terminal() {
		steps++
		if steps > 20000 {
			t.Fatalf("seed %d: no result after %d steps (turn %d, %s)", seed, steps, s.TurnNo, s.waitingFor())
		}
		if s.ToMove() == engine.Chance {
			if err := s.ApplyDice(engine.RollWith(rng, s.PendingRoll())); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			continue
		}
		buf = s.Legal(buf[:0])
		if len(buf) == 0 {
			t.Fatalf("seed %d: no legal action: %s", seed, s.waitingFor())
		}
		if check != nil {
			if err := check(s, buf); err != nil {
				t.Fatalf("seed %d, step %d: %v", seed, steps, err)
			}
		}
		a := buf[rng.IntN(len(buf))]
		if err := s.Apply(a); err != nil {
			t.Fatalf("seed %d: %s: %v", seed, s.FormatAction(a), err)
		}
	}
	return s, steps
}

// TestRandomGamesEnd: random games reach a result. The 1,000
// games are the long check CI runs (GROGNARD_LONG=1, internal/testenv);
// by default 200.
func TestRandomGamesEnd(t *testing.T) {
	n := testenv.Pick(t, 200, 1000)
	if testing.Short() {
		n = 50
	}
	wins := [3]int{}
	for seed := range uint64(n) {
		s, _ := playRandom(t, seed)
		r := s.Result()
		switch r.Winner {
		case 0, 1:
			wins[r.Winner]++
		default:
			wins[2]++
		}
	}
	t.Logf("%d random games: side 0 won %d, side 1 %d, drawn %d", n, wins[0], wins[1], wins[2])
}

// TestGeneratedOrdersOnTheGrid (ruling D-GRID): every action Legal offers
// in random games has its points on the hundredth of a BW, so that its
// notation has no number of more than two decimals.
func TestGeneratedOrdersOnTheGrid(t *testing.T) {
	points := 0
	for seed := range uint64(20) {
		playRandomChecked(t, seed, func(s *State, legal []engine.Action) error {
			for _, a := range legal {
				if err := enginetest.OnGrid(a, s.FormatAction(a)); err != nil {
					return err
				}
				points += int(a.NPath)
			}
			return nil
		})
	}
	if points == 0 {
		t.Fatal("no action with a point was offered: the test checks nothing")
	}
}
