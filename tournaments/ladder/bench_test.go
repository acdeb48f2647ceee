package ladder_test

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest/toy"
	"github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/internal/pgtest"
	"github.com/grognard/grognard/tournaments/ladder"
)

// benchLadder is a ladder at db of four random entrants on the default
// 2 by 2 scenario: the games of the figures.
func benchLadder(b *testing.B, db string) *ladder.Ladder {
	b.Helper()
	engine.Register(twobytwo.Rules{}) // again is harmless: the same rules
	ctx := context.Background()
	l, err := ladder.Open(ctx, db, 1)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { l.Close() })
	if _, err := l.AddPool(ctx, twobytwo.Rules{}.Name(), ""); err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{"a", "b", "c", "d"} {
		if _, err := l.AddEntrant(ctx, ladder.Entrant{Name: name, Spec: "random"}); err != nil {
			b.Fatal(err)
		}
	}
	return l
}

// runBench plays b.N games and reports games a second and the store's
// size per 1000 games (size gives it in bytes).
func runBench(b *testing.B, l *ladder.Ladder, opts ladder.RunOptions, size func() int64) {
	b.Helper()
	opts.Games = b.N
	start := time.Now()
	b.ResetTimer()
	n, err := l.Run(context.Background(), opts)
	b.StopTimer()
	if err != nil || n != b.N {
		b.Fatalf("%d games of %d: %v", n, b.N, err)
	}
	b.ReportMetric(float64(n)/time.Since(start).Seconds(), "games/s")
	b.ReportMetric(float64(size())/float64(n)*1000/1e6, "MB/1000games")
}

// BenchmarkLadderSQLite is a local ladder's speed with two workers, and
// its file's size:
//
//	go test ./ladder/ -run '^$' -bench LadderSQLite -benchtime 1000x
func BenchmarkLadderSQLite(b *testing.B) {
	path := filepath.Join(b.TempDir(), "bench.db")
	l := benchLadder(b, path)
	runBench(b, l, ladder.RunOptions{Workers: 2}, func() int64 {
		var total int64
		for _, f := range []string{path, path + "-wal"} {
			if fi, err := os.Stat(f); err == nil {
				total += fi.Size()
			}
		}
		return total
	})
}

// BenchmarkLadderPostgreSQL is a shared ladder's speed with 1, 2 and 4
// workers (in the coordinator's process, through the same queue, reports
// and replays as worker processes), and the games table's size. The test
// server runs with fsync off; the figures in the note were taken
// with worker processes on a server with fsync on.
//
//	go test ./ladder/ -run '^$' -bench LadderPostgreSQL -benchtime 1000x
func BenchmarkLadderPostgreSQL(b *testing.B) {
	for _, workers := range []int{1, 2, 4} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			url := pgtest.URL(b)
			l := benchLadder(b, url)
			db, err := sql.Open("pgx", url)
			if err != nil {
				b.Fatal(err)
			}
			defer db.Close()
			runBench(b, l, ladder.RunOptions{Workers: workers, Poll: 10 * time.Millisecond,
				Work: ladder.WorkOptions{Poll: 10 * time.Millisecond}}, func() int64 {
				var size int64
				if err := db.QueryRow(`SELECT pg_total_relation_size('games')`).Scan(&size); err != nil {
					b.Fatal(err)
				}
				return size
			})
		})
	}
}

// bigLadder is an SQLite ladder of 16 entrants and games stored directly
// (pairs of random entrants, random results), in one transaction: the
// size of a ladder that has run for months, made in seconds.
func bigLadder(b *testing.B, games int) string {
	b.Helper()
	ctx := context.Background()
	path := filepath.Join(b.TempDir(), "big.db")
	l, err := ladder.Open(ctx, path, 1)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := l.AddPool(ctx, toy.Name, "duel"); err != nil {
		b.Fatal(err)
	}
	const entrants = 16
	for k := range entrants {
		if _, err := l.AddEntrant(ctx, ladder.Entrant{Name: fmt.Sprintf("e%d", k), Spec: "random"}); err != nil {
			b.Fatal(err)
		}
	}
	l.Close()
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=journal_mode(WAL)&_pragma=synchronous(OFF)")
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	tx, err := db.Begin()
	if err != nil {
		b.Fatal(err)
	}
	pair, err := tx.Prepare(`INSERT INTO pairs (id, pool, a, b, created) VALUES (?, 1, ?, ?, 0)`)
	if err != nil {
		b.Fatal(err)
	}
	game, err := tx.Prepare(`INSERT INTO games (pair, seat, side0, side1, winner, kind, reason, steps, record, played) VALUES (?, ?, ?, ?, ?, ?, 'stored directly', 40, x'00', 0)`)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 9))
	for p := 1; p <= games/2; p++ {
		a := 1 + rng.Int64N(entrants)
		o := 1 + (a+rng.Int64N(entrants-1))%entrants // another entrant
		if _, err := pair.Exec(p, a, o); err != nil {
			b.Fatal(err)
		}
		for seat, sides := range [2][2]int64{{a, o}, {o, a}} {
			winner, kind := int(engine.NoPlayer), "draw"
			if r := rng.IntN(10); r < 9 {
				winner, kind = r%2, "victory"
			}
			if _, err := game.Exec(p, seat, sides[0], sides[1], winner, kind); err != nil {
				b.Fatal(err)
			}
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	return path
}

// BenchmarkLeaderboard is the leaderboard of a ladder of 200,000 games,
// as /api/ladder asks for it: "first" on a ladder just opened (every
// game read, the fit done), "repeated" once nothing has changed since
// the last call (the fit kept):
//
//	go test ./ladder/ -run '^$' -bench Leaderboard -benchmem
func BenchmarkLeaderboard(b *testing.B) {
	path := bigLadder(b, 200_000)
	ctx := context.Background()
	b.Run("first", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			l, err := ladder.OpenExisting(ctx, path)
			if err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			if _, err := l.Leaderboard(ctx); err != nil {
				b.Fatal(err)
			}
			b.StopTimer()
			l.Close()
			b.StartTimer()
		}
	})
	b.Run("repeated", func(b *testing.B) {
		l, err := ladder.OpenExisting(ctx, path)
		if err != nil {
			b.Fatal(err)
		}
		defer l.Close()
		if _, err := l.Leaderboard(ctx); err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			if _, err := l.Leaderboard(ctx); err != nil {
				b.Fatal(err)
			}
		}
	})
}
