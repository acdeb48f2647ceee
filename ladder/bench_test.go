package ladder_test

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/internal/pgtest"
	"github.com/grognard/grognard/ladder"
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
