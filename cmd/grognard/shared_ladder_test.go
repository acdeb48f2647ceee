package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/internal/pgtest"
	"github.com/grognard/grognard/tournaments/ladder"
)

func TestMain(m *testing.M) {
	code := pgtest.Main(m)
	removeBuilt()
	os.Exit(code)
}

// TestSharedLadderCommands: a ladder on a real PostgreSQL made from the
// command line, its games played by a 'grognard worker' while 'ladder
// run --workers 0' coordinates, then read; and what the worker refuses.
func TestSharedLadderCommands(t *testing.T) {
	url := pgtest.URL(t)
	for _, s := range []struct {
		name   string
		args   []string
		code   int
		stdout []string
		stderr []string
	}{
		{"pool", []string{"ladder", "pool", "--db", url, "grand", "open-field"}, 0, []string{"pool 1: grand open-field"}, nil},
		{"add", []string{"ladder", "add", "--db", url, "rnd", "random"}, 0, []string{"entrant 1"}, nil},
		{"add fixed", []string{"ladder", "add", "--db", url, "fixed", "fixed-posture"}, 0, []string{"entrant 2"}, nil},
		// The coordinator sets the lease, within bounds; a worker has none
		// to set.
		{"a worker's lease", []string{"worker", "--db", url, "--lease", "1000000h"}, exitUsage, nil, []string{"not defined: -lease"}},
		{"a worker's heartbeat", []string{"worker", "--db", url, "--heartbeat", "1s"}, exitUsage, nil, []string{"not defined: -heartbeat"}},
		{"long lease", []string{"ladder", "run", "--db", url, "--lease", "1000000h"}, exitUsage, nil, []string{"--lease", "1s to 1h0m0s"}},
		{"short lease", []string{"ladder", "run", "--db", url, "--lease", "10ms"}, exitUsage, nil, []string{"1s to 1h0m0s"}},
		{"a worker's name with escapes", []string{"worker", "--db", url, "--name", "evil\x1b]0;pwned\x07"}, exitUsage, nil, []string{"control characters", `evil\u001b]0;pwned\u0007`}},
		{"a worker's name with a C1 control", []string{"worker", "--db", url, "--name", "evil\u009b2J"}, exitUsage, nil, []string{"control characters"}},
		{"a worker's long name", []string{"worker", "--db", url, "--name", strings.Repeat("w", 65)}, exitUsage, nil, []string{"at most 64 characters"}},
		{"bad threads", []string{"worker", "--db", url, "--threads", "0"}, exitUsage, nil, []string{"1 to 64"}},
		{"arguments", []string{"worker", "--db", url, "extra"}, exitUsage, nil, []string{"no arguments"}},
	} {
		t.Run(s.name, func(t *testing.T) { runCase(t, s.args, s.code, s.stdout, s.stderr, false) })
	}
	// The worker from the command line, the coordinator from the library
	// beside it (urfave/cli's commands share state: two cannot run at
	// once in one process).
	l, err := ladder.Open(context.Background(), url, ladder.DefaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	stored := make(chan error, 1)
	go func() {
		n, err := l.Run(context.Background(), ladder.RunOptions{Games: 8, Poll: 10 * time.Millisecond})
		if err == nil && n != 8 {
			err = fmt.Errorf("%d games stored", n)
		}
		stored <- err
	}()
	code, out, errOut := grognard(t, "worker", "--db", url, "--name", "cli-worker", "--games", "8", "--poll", "20ms", "--threads", "2")
	if code != 0 || !strings.Contains(out, "8 games reported") || !strings.Contains(errOut, "pair 1, seat 1 reported") {
		t.Fatalf("worker: %d\n%s\n%s", code, out, errOut)
	}
	if err := <-stored; err != nil {
		t.Fatalf("coordinator: %v", err)
	}
	// The coordinator from the command line, with workers of its own.
	code, out, errOut = grognard(t, "ladder", "run", "--db", url, "--workers", "2", "--games", "4")
	if code != 0 || !strings.Contains(out, "4 games played") || !strings.Contains(errOut, "(pair 5, seat 0)") {
		t.Fatalf("ladder run: %d\n%s\n%s", code, out, errOut)
	}
	for _, s := range []struct {
		name   string
		args   []string
		stdout []string
	}{
		{"board", []string{"ladder", "board", "--db", url}, []string{"rnd", "fixed"}},
		{"games", []string{"ladder", "games", "--db", url, "--csv"}, []string{"pair"}},
		{"refused", []string{"ladder", "refused", "--db", url}, []string{"report", "reason"}},
		{"history", []string{"ladder", "history", "--db", url, "rnd"}, []string{"against", "fixed"}},
		{"h2h", []string{"ladder", "h2h", "--db", url, "--json"}, []string{"rnd"}},
		{"entrants", []string{"ladder", "entrants", "--db", url, "--csv"}, []string{"fixed,fixed-posture"}},
		{"pools", []string{"ladder", "pool", "--db", url}, []string{"open-field"}},
		{"queue", []string{"ladder", "queue", "--db", url}, []string{"pair", "attempts"}},
		{"grant", []string{"ladder", "grant-worker", "--db", url, "postgres"}, []string{"role postgres may work on this ladder"}},
		{"export", []string{"ladder", "export", "--db", url, "1"}, []string{`"ruleset":"grand"`}},
	} {
		t.Run(s.name, func(t *testing.T) { runCase(t, s.args, 0, s.stdout, nil, false) })
	}
	runCase(t, []string{"ladder", "grant-worker", "--db", url, "no_such_role"}, exitUsage, nil, []string{"CREATE ROLE"}, false)
	// A worker pointed at a file makes none.
	dir := t.TempDir()
	runCase(t, []string{"worker", "--db", filepath.Join(dir, "new.db")}, exitUsage, nil, []string{"SQLite file"}, false)
	if _, err := os.Stat(filepath.Join(dir, "new.db")); !os.IsNotExist(err) {
		t.Fatalf("a worker made an SQLite file: %v", err)
	}
}

// TestSharedGrandLadderWithACrashingEntrant: on PostgreSQL too, a grand
// ladder with an entrant whose program crashes at once stores its games
// (its forfeits at a sealed posture replay: before, 75 reports were
// refused in 20 s and none stored), refuses none, and its export
// replays.
func TestSharedGrandLadderWithACrashingEntrant(t *testing.T) {
	url := pgtest.URL(t)
	crashingLadder(t, url, filepath.Join(t.TempDir(), "games.jsonl"))
	code, out, errOut := grognard(t, "ladder", "refused", "--db", url, "--json")
	if code != 0 || strings.TrimSpace(out) != "null" {
		t.Fatalf("refused: %d %q %s", code, out, errOut)
	}
}

// TestLadderQueueShowsRowsInAnyState: 'ladder queue' and 'ladder refused'
// print rows the owner (or an older grognard) left in any state — a
// lease until infinity ('cannot convert infinity to bigint' before), a
// worker's name of escape sequences and newlines, a huge refusal reason —
// each row on its line, escaped, bounded.
func TestLadderQueueShowsRowsInAnyState(t *testing.T) {
	url := pgtest.URL(t)
	for _, step := range [][]string{
		{"ladder", "pool", "--db", url, "grand", "open-field"},
		{"ladder", "add", "--db", url, "a", "random"},
		{"ladder", "add", "--db", url, "b", "random"},
	} {
		runCase(t, step, 0, nil, nil, false)
	}
	db, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	evil := "evil\x1b]0;pwned\x07\r\n\u009b2J\ttab"
	for _, q := range []string{
		`INSERT INTO pairs (pool, a, b, created) VALUES (1, 1, 2, 0)`,
		`INSERT INTO tasks (pair, seat, worker, lease, until) VALUES (1, 0, $1, 5, 'infinity')`,
		`INSERT INTO tasks (pair, seat, worker, lease, until, reported) VALUES (1, 1, 'ghost', 6, '-infinity', TRUE)`,
		`INSERT INTO reports (pair, seat, lease, worker, record, status, reason) VALUES (1, 1, 6, $1, '', 'refused', repeat($1, 10000))`,
	} {
		var args []any
		if strings.Contains(q, "$1") {
			args = []any{evil}
		}
		if _, err := db.Exec(q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	raw := func(s string) bool { return strings.ContainsAny(s, "\x1b\r\u009b\x07") }
	code, out, errOut := grognard(t, "ladder", "queue", "--db", url)
	if code != 0 || raw(out) || strings.Count(out, "\n") != 3 || !strings.Contains(out, "9999-12-31") || !strings.Contains(out, `evil\u001b]0;pwned\u0007\u000d\n\u009b2J\ttab`) {
		t.Fatalf("queue: %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut = grognard(t, "ladder", "refused", "--db", url)
	if code != 0 || raw(out) || strings.Count(out, "\n") != 2 || len(out) > 2000 {
		t.Fatalf("refused: %d\n%s\n%s", code, out, errOut)
	}
	code, out, _ = grognard(t, "ladder", "queue", "--db", url, "--json")
	var seats []ladder.Seat
	if code != 0 || raw(out) || json.Unmarshal([]byte(out), &seats) != nil || len(seats) != 2 || seats[0].Until != 253402300799 {
		t.Fatalf("queue --json: %d %s", code, out)
	}
}
