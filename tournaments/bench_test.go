package tournaments

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"testing"

	"github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/internal/testenv"
)

// BenchmarkTournament plays random against random, whole games, with one
// and with two workers, and reports games per second: the speed-up of two
// workers over one is the runner's parallel efficiency on two cores.
// Records go to os.DevNull so that encoding them is measured, not a disk.
func BenchmarkTournament(b *testing.B) {
	const games = 64 // enough that the last game's tail does not dominate
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			played := 0
			seed := uint64(0)
			for b.Loop() {
				seed++
				tr := mustNew(b, Config{Ruleset: twobytwo.Rules{}, Agents: []string{"random", "random"},
					GamesPerPairing: games, Seed: seed, Workers: workers, Records: os.DevNull})
				rep, err := tr.Run(context.Background())
				if err != nil {
					b.Fatal(err)
				}
				played += rep.Played
			}
			b.ReportMetric(float64(played)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// TestMemoryStaysFlat plays many games and checks that the heap in use
// after a garbage collection does not grow with the number of games: the
// runner keeps one byte per game and writes each record away at once.
// GROGNARD_LONG=1 plays the 10,000 whole games (about two
// minutes on two cores); by default 2,000 short games.
func TestMemoryStaysFlat(t *testing.T) {
	games, turnLimit := 2000, 2
	if raceEnabled {
		games = 200 // the race detector makes every game ten times slower
	}
	if testing.Short() {
		games = 200
	}
	if testenv.IsLong() {
		games, turnLimit = 10000, 0
		if n, err := strconv.Atoi(os.Getenv("GROGNARD_GAMES")); err == nil && n >= 20 {
			games = n - n%2
		}
	}
	var samples []uint64
	var at []int
	step := games / 10
	cfg := Config{Ruleset: twobytwo.Rules{}, Agents: []string{"random", "random"}, GamesPerPairing: games,
		TurnLimit: turnLimit, Seed: 3, Workers: 2, Records: os.DevNull,
		Progress: func(p Progress) {
			if p.Done%step != 0 {
				return
			}
			var ms runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&ms)
			samples = append(samples, ms.HeapAlloc)
			at = append(at, p.Done)
		}}
	rep := mustRun(t, cfg)
	if rep.Played != games || len(samples) != 10 {
		t.Fatalf("played %d games, %d samples", rep.Played, len(samples))
	}
	for i := range samples {
		t.Logf("after %5d games: heap in use %.2f MiB", at[i], float64(samples[i])/(1<<20))
	}
	t.Logf("%d games in %v: %.0f games/s", games, rep.Elapsed, float64(games)/rep.Elapsed.Seconds())
	// Games still being played at a sample hold a few hundred kB each;
	// anything kept per game would grow by far more than the slack over
	// thousands of games.
	const slack = 2 << 20
	base := samples[0]
	for i, s := range samples {
		if s > base+slack {
			t.Errorf("heap grew from %.2f MiB after %d games to %.2f MiB after %d", float64(base)/(1<<20), at[0], float64(s)/(1<<20), at[i])
		}
	}
}
