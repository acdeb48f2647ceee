package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grognard/grognard/internal/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

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
		{"bad heartbeat", []string{"worker", "--db", url, "--lease", "1m", "--heartbeat", "40s"}, exitUsage, nil, []string{"twice a lease"}},
		{"short lease", []string{"worker", "--db", url, "--lease", "10ms"}, exitUsage, nil, []string{"at least 1s"}},
		{"bad threads", []string{"worker", "--db", url, "--threads", "0"}, exitUsage, nil, []string{"1 to 64"}},
		{"arguments", []string{"worker", "--db", url, "extra"}, exitUsage, nil, []string{"no arguments"}},
	} {
		t.Run(s.name, func(t *testing.T) { runCase(t, s.args, s.code, s.stdout, s.stderr, false) })
	}
	type result struct {
		code        int
		out, stderr string
	}
	worker := make(chan result, 1)
	go func() {
		code, out, errOut := grognard(t, "worker", "--db", url, "--name", "cli-worker", "--games", "8", "--poll", "20ms", "--threads", "2")
		worker <- result{code, out, errOut}
	}()
	code, out, errOut := grognard(t, "ladder", "run", "--db", url, "--workers", "0", "--games", "8")
	if code != 0 || !strings.Contains(out, "8 games played") || !strings.Contains(errOut, "(pair 1, seat 0)") {
		t.Fatalf("ladder run: %d\n%s\n%s", code, out, errOut)
	}
	w := <-worker
	if w.code != 0 || !strings.Contains(w.out, "8 games reported") || !strings.Contains(w.stderr, "pair 1, seat 1 reported") {
		t.Fatalf("worker: %d\n%s\n%s", w.code, w.out, w.stderr)
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
		{"export", []string{"ladder", "export", "--db", url, "1"}, []string{`"ruleset":"grand"`}},
	} {
		t.Run(s.name, func(t *testing.T) { runCase(t, s.args, 0, s.stdout, nil, false) })
	}
	// A worker pointed at a file makes none.
	dir := t.TempDir()
	runCase(t, []string{"worker", "--db", filepath.Join(dir, "new.db")}, exitUsage, nil, []string{"SQLite file"}, false)
	if _, err := os.Stat(filepath.Join(dir, "new.db")); !os.IsNotExist(err) {
		t.Fatalf("a worker made an SQLite file: %v", err)
	}
}
