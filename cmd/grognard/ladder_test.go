package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLadderCommands: a ladder made, run and read from the command line,
// its games exported and replayed, and the refusals.
func TestLadderCommands(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "l.db")
	out := filepath.Join(dir, "games.jsonl")
	chart := filepath.Join(dir, "board.svg")
	steps := []struct {
		name   string
		args   []string
		code   int
		stdout []string
		stderr []string
	}{
		{"pool", []string{"ladder", "pool", "--db", db, "grand", "open-field"}, 0, []string{"pool 1: grand open-field"}, nil},
		{"second pool", []string{"ladder", "pool", "--db", db, "grand", "river-crossing"}, 0, []string{"pool 2"}, nil},
		{"pool twice", []string{"ladder", "pool", "--db", db, "grand", "open-field"}, exitUsage, nil, []string{"already"}},
		{"pool unknown", []string{"ladder", "pool", "--db", db, "chess"}, exitUsage, nil, []string{"chess"}},
		{"add", []string{"ladder", "add", "--db", db, "--author", "me", "rnd", "random"}, 0, []string{"entrant 1: rnd (random)"}, nil},
		{"add doctrine", []string{"ladder", "add", "--db", db, "doc", "chart-doctrine"}, 0, []string{"entrant 2"}, nil},
		{"add fixed", []string{"ladder", "add", "--db", db, "fixed", "fixed-posture"}, 0, []string{"entrant 3"}, nil},
		{"add twice", []string{"ladder", "add", "--db", db, "rnd", "random"}, exitUsage, nil, []string{"already"}},
		{"add bad spec", []string{"ladder", "add", "--db", db, "ai", "alphazero"}, exitUsage, nil, []string{"alphazero"}},
		{"add no spec", []string{"ladder", "add", "--db", db, "ai"}, exitUsage, nil, []string{"NAME and a SPEC"}},
		{"run", []string{"ladder", "run", "--db", db, "--games", "12"}, 0, []string{"12 games played"}, []string{"(pair 1, seat 0)", "(pair 1, seat 1)"}},
		{"board", []string{"ladder", "board", "--db", db, "--chart", chart}, 0, []string{"rank", "rnd", "doc", "fixed", "[", "8"}, nil},
		{"h2h", []string{"ladder", "h2h", "--db", db, "--csv"}, 0, []string{",rnd,doc,fixed"}, nil},
		{"history", []string{"ladder", "history", "--db", db, "doc"}, 0, []string{"game", "against"}, nil},
		{"history unknown", []string{"ladder", "history", "--db", db, "nobody"}, exitUsage, nil, []string{"no entrant nobody"}},
		{"games", []string{"ladder", "games", "--db", db}, 0, []string{"pair", "side 0"}, nil},
		{"retire", []string{"ladder", "retire", "--db", db, "fixed"}, 0, []string{"retired fixed"}, nil},
		{"entrants", []string{"ladder", "entrants", "--db", db}, 0, []string{"retired", "playing", "me"}, nil},
		{"export", []string{"ladder", "export", "--db", db, "--out", out, "1", "2", "3"}, 0, nil, nil},
		{"export unknown", []string{"ladder", "export", "--db", db, "999"}, exitUsage, nil, []string{"no game 999"}},
		{"replay the export", []string{"replay", out}, 0, []string{"game 1: ok", "game 3: ok"}, nil},
		{"json and csv", []string{"ladder", "board", "--db", db, "--json", "--csv"}, exitUsage, nil, []string{"choose one"}},
		{"postgres not there", []string{"ladder", "board", "--db", "postgres://u:secret@127.0.0.1:1/x"}, exitFailure, nil, []string{"cannot reach the ladder's PostgreSQL server postgres://u:xxxxx@127.0.0.1:1/x"}},
		{"worker on a file", []string{"worker", "--db", db}, exitUsage, nil, []string{"SQLite file", "postgres://"}},
		{"refused on a file", []string{"ladder", "refused", "--db", db}, exitUsage, nil, []string{"PostgreSQL"}},
		{"no local workers on a file", []string{"ladder", "run", "--db", db, "--workers", "0"}, exitUsage, nil, []string{"give 1 to 64"}},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) { runCase(t, s.args, s.code, s.stdout, s.stderr, false) })
	}
	code, text, _ := grognard(t, "ladder", "board", "--db", db, "--json")
	var board []struct {
		Entrant struct{ Name string } `json:"entrant"`
		Record  struct{ W, D, L int } `json:"record"`
	}
	if code != 0 || json.Unmarshal([]byte(text), &board) != nil || len(board) != 3 {
		t.Fatalf("board --json: %d %s", code, text)
	}
	total := 0
	for _, s := range board {
		total += s.Record.W + s.Record.D + s.Record.L
	}
	if total != 24 {
		t.Fatalf("the board counts %d results of 12 games", total)
	}
	if svg, err := os.ReadFile(chart); err != nil || !strings.Contains(string(svg), "<svg") {
		t.Fatalf("chart: %v", err)
	}
}
