package twobytwo

import (
	"cmp"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"testing"

	"github.com/sourcegraph/conc/pool"

	"github.com/grognard/grognard/engine/geom"
	"github.com/grognard/grognard/internal/testenv"
)

// checkInvariants fails the test if any two bases on the table overlap, a
// unit is somewhere it cannot be, or the destroyed counts disagree with the
// units marked destroyed.
func checkInvariants(t testing.TB, s *State, where string) {
	t.Helper()
	var dead [2]int
	for i := 0; i < int(s.n); i++ {
		u := &s.U[i]
		switch u.Loc {
		case LocUnplaced, LocWaiting, LocExited:
		case LocDestroyed:
			dead[s.side(i)]++
		case LocTable:
			r := s.rect(i)
			if !s.sc.onTableRect(r) {
				t.Fatalf("%s: %s is off the table at %v", where, s.label(i), u.Pos)
			}
			if d := u.Dir.Len(); d < 0.999 || d > 1.001 {
				t.Fatalf("%s: %s has a non-unit facing %v", where, s.label(i), u.Dir)
			}
			for j := i + 1; j < int(s.n); j++ {
				if s.U[j].Loc == LocTable && geom.Overlap(r, s.rect(j), 2*overlapTol) {
					t.Fatalf("%s: %s at %v and %s at %v overlap", where, s.label(i), u.Pos, s.label(j), s.U[j].Pos)
				}
			}
		default:
			t.Fatalf("%s: %s has location %d", where, s.label(i), u.Loc)
		}
		if u.Loc == LocWaiting && (u.Point < 0 || u.Point > 1) {
			t.Fatalf("%s: %s waits at no point", where, s.label(i))
		}
	}
	if dead[0] != int(s.destroyed[0]) || dead[1] != int(s.destroyed[1]) {
		t.Fatalf("%s: destroyed counts %v, units marked destroyed %v", where, s.destroyed, dead)
	}
}

// TestPropertyRandomGames plays random games and checks after every action
// that no two bases overlap and every unit is accounted for (on the table,
// waiting as a reinforcement, exited, or destroyed). It plays 200 games
// on all cores by default (100 with -short), the 1,000 it was written
// with under GROGNARD_LONG=1 (internal/testenv); TestRandomGamesLong
// plays 100,000 with the same checks.
func TestPropertyRandomGames(t *testing.T) {
	n := testenv.Pick(t, uint64(200), uint64(1000))
	if testing.Short() {
		n = 100
	}
	var (
		mu       sync.Mutex
		failures []seedErr
	)
	p := pool.New().WithMaxGoroutines(max(1, runtime.GOMAXPROCS(0)))
	for seed := uint64(1); seed <= n; seed++ {
		p.Go(func() {
			s, _, err := randomGame(seed, invariantErr)
			if err == nil && !s.Terminal() {
				err = fmt.Errorf("seed %d: not terminal", seed)
			}
			if err != nil {
				mu.Lock()
				failures = append(failures, seedErr{seed, err})
				mu.Unlock()
			}
		})
	}
	p.Wait()
	// Seeds finish in any order: the lowest are reported, so that a
	// failure reads the same from run to run.
	slices.SortFunc(failures, func(a, b seedErr) int { return cmp.Compare(a.seed, b.seed) })
	for i, f := range failures {
		if i == 10 {
			break
		}
		t.Error(f.err)
	}
}

// seedErr is a game's problem with its seed, to report in seed order.
type seedErr struct {
	seed uint64
	err  error
}

// invariantErr is checkInvariants for goroutines: it returns the problem.
func invariantErr(s *State) (err error) {
	r := &errRecorder{}
	func() {
		defer func() {
			if v := recover(); v != nil && v != errStop {
				panic(v)
			}
		}()
		checkInvariants(r, s, "random game")
	}()
	return r.err
}
