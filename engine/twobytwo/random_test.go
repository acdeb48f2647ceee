package twobytwo

import (
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/sourcegraph/conc/pool"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/internal/testenv"
)

// randomGame plays one game with uniformly random actions and seeded dice,
// calling check after every step; it returns the final state and the
// number of steps, or the first problem found.
func randomGame(seed uint64, check func(*State) error) (*State, int, error) {
	return randomGameWith(seed, engine.Options{}, check)
}

// randomGameWith is randomGame under opts (variants, a turn limit).
func randomGameWith(seed uint64, opts engine.Options, check func(*State) error) (*State, int, error) {
	s, err := NewGame(DefaultScenario, opts)
	if err != nil {
		return nil, 0, err
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	dice := engine.NewRandomDice(seed ^ 0xabcdef)
	buf := make([]engine.Action, 0, 1024)
	steps := 0
	for !s.Terminal() {
		steps++
		if steps > 200000 {
			return s, steps, fmt.Errorf("seed %d: game did not end after %d steps (turn %d, %s)", seed, steps, s.Turn(), s.PhaseName())
		}
		if s.ToMove() == engine.Chance {
			d, _ := dice.Roll(s.PendingRoll())
			if err := s.ApplyDice(d); err != nil {
				return s, steps, fmt.Errorf("seed %d: dice: %v", seed, err)
			}
		} else {
			buf = s.Legal(buf[:0])
			if len(buf) == 0 {
				return s, steps, fmt.Errorf("seed %d: no legal action in %s phase, turn %d", seed, s.PhaseName(), s.Turn())
			}
			a := buf[rng.IntN(len(buf))]
			if err := s.Apply(a); err != nil {
				return s, steps, fmt.Errorf("seed %d: legal action refused: %v", seed, err)
			}
		}
		if check != nil {
			if err := check(s); err != nil {
				return s, steps, fmt.Errorf("seed %d, step %d: %v", seed, steps, err)
			}
		}
	}
	return s, steps, nil
}

// playRandom is randomGame for the test goroutine: it fails the test on a
// problem.
func playRandom(t testing.TB, seed uint64, check func(*State)) (*State, int) {
	t.Helper()
	var c func(*State) error
	if check != nil {
		c = func(s *State) error { check(s); return nil }
	}
	s, n, err := randomGame(seed, c)
	if err != nil {
		t.Fatal(err)
	}
	return s, n
}

func TestRandomGamesSmoke(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		s, steps := playRandom(t, seed, nil)
		t.Logf("seed %d: %s after %d steps, turn %d, destroyed %d/%d", seed, s.Result(), steps, s.Turn(), s.destroyed[0], s.destroyed[1])
	}
}

// TestRandomGamesLong plays many random games (100,000 by default) on all
// cores with the invariants checked after every step, and reports how they
// ended. It runs only with GROGNARD_LONG=1:
//
//	GROGNARD_LONG=1 go test -run TestRandomGamesLong -timeout 120m -v ./engine/twobytwo/
//
// GROGNARD_GAMES sets the number of games.
func TestRandomGamesLong(t *testing.T) {
	testenv.Long(t)
	games := 100000
	if v := os.Getenv("GROGNARD_GAMES"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("GROGNARD_GAMES=%q is not a positive number", v)
		}
		games = n
	}
	var (
		mu              sync.Mutex
		wins            [3]int // side 0, side 1, draw
		reasons         = map[string]int{}
		turns, maxTurns int
		steps           int
		failures        []error
	)
	start := time.Now()
	p := pool.New().WithMaxGoroutines(max(1, runtime.GOMAXPROCS(0)))
	for seed := uint64(1); seed <= uint64(games); seed++ {
		p.Go(func() {
			s, n, err := randomGame(seed, invariantErr)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				failures = append(failures, err)
				return
			}
			r := s.Result()
			switch r.Winner {
			case 0, 1:
				wins[r.Winner]++
			default:
				wins[2]++
			}
			reasons[r.Reason]++
			turns += s.Turn()
			maxTurns = max(maxTurns, s.Turn())
			steps += n
		})
	}
	p.Wait()
	el := time.Since(start)
	for i, err := range failures {
		if i == 10 {
			break
		}
		t.Error(err)
	}
	if len(failures) > 0 {
		t.Fatalf("%d of %d games failed", len(failures), games)
	}
	t.Logf("%d games in %s (%.1f games/s with invariant checks): side 0 won %d, side 1 won %d, drawn %d",
		games, el.Round(time.Second), float64(games)/el.Seconds(), wins[0], wins[1], wins[2])
	t.Logf("mean %.1f turns (max %d), mean %.0f steps; endings: %v", float64(turns)/float64(games), maxTurns, float64(steps)/float64(games), reasons)
}
