package main

import (
	"database/sql"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
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

// TestLadderReadsNeedALadder: a command that reads a ladder, or runs one,
// given a path with none (a typo) says so and how to make one, exits 2
// and makes no file; 'ladder board --db typo.db' made an empty ladder and
// showed it.
func TestLadderReadsNeedALadder(t *testing.T) {
	dir := t.TempDir()
	typo := filepath.Join(dir, "typo.db")
	for _, args := range [][]string{
		{"board"}, {"history", "x"}, {"h2h"}, {"games"}, {"export", "1"}, {"entrants"}, {"pool"},
		{"queue"}, {"refused"}, {"run", "--games", "1"}, {"retire", "x"}, {"grant-worker", "x"},
	} {
		t.Run(args[0], func(t *testing.T) {
			full := append([]string{"ladder", args[0], "--db", typo}, args[1:]...)
			runCase(t, full, exitUsage, nil, []string{typo + " does not exist", "ladder pool --db " + typo, "ladder add --db " + typo}, true)
		})
	}
	t.Run("worker", func(t *testing.T) {
		runCase(t, []string{"worker", "--db", typo}, exitUsage, nil, []string{"SQLite file"}, true)
	})
	if _, err := os.Stat(typo); !os.IsNotExist(err) {
		t.Fatalf("a command that reads made %s: %v", typo, err)
	}
}

// TestElo: a rating's interval open at one end (a clean sweep) reads
// -inf or +inf there; '-2000 [inf, 291]' lost the minus sign.
func TestElo(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{
		{math.Inf(-1), "-inf"}, {math.Inf(1), "+inf"}, {-2000, "-2000"}, {291.4, "291"}, {-0.4, "-0"}, {0, "0"}, {math.NaN(), "-"},
	} {
		if got := elo(tc.v); got != tc.want {
			t.Errorf("elo(%v) = %q, want %q", tc.v, got, tc.want)
		}
	}
}

// TestGrandLadderWithACrashingEntrant: a grand ladder with an entrant
// whose program crashes at once (it owes a sealed posture when it does)
// stores every game as that entrant's forfeit, shows the open end of its
// interval as -inf, and its export replays.
func TestGrandLadderWithACrashingEntrant(t *testing.T) {
	dir := t.TempDir()
	crashingLadder(t, filepath.Join(dir, "l.db"), filepath.Join(dir, "games.jsonl"))
}

// crashingLadder makes a grand ladder of a random agent and a crashing
// external program at db, runs 6 games and checks them, exporting them to
// out.
func crashingLadder(t *testing.T, db, out string) {
	t.Helper()
	for _, step := range [][]string{
		{"ladder", "pool", "--db", db, "grand", "open-field"},
		{"ladder", "add", "--db", db, "rnd", "random"},
		{"ladder", "add", "--db", db, "crash", "external:cmd=/bin/false"},
	} {
		runCase(t, step, 0, nil, nil, false)
	}
	runCase(t, []string{"ladder", "run", "--db", db, "--games", "6", "--workers", "2"}, 0, []string{"6 games played"}, []string{"forfeit by side 0 (external:cmd=/bin/false) at step 1"}, false)
	runCase(t, []string{"ladder", "board", "--db", db}, 0, []string{"crash", "[-inf, "}, nil, false)
	runCase(t, []string{"ladder", "export", "--db", db, "--out", out, "1", "2", "3", "4", "5", "6"}, 0, nil, nil, false)
	runCase(t, []string{"replay", out}, 0, []string{"game 1: ok", "game 2: ok", "game 6: ok", "(forfeit by side 1 (external:cmd=/bin/false) at step 2"}, nil, false)
}

// TestLadderShowsOthersTextSafely: text others wrote reaches the
// operator's terminal escaped: an author or version with control
// characters is refused when added, and one written into the file anyway
// (an edit, an older grognard) is shown escaped, each row on its line,
// the JSON still JSON and the CSV still CSV.
func TestLadderShowsOthersTextSafely(t *testing.T) {
	db := filepath.Join(t.TempDir(), "l.db")
	hostile := []string{"\x1b]0;pwned\x07", "a\rb", "two\nlines", "csi\u009b2J", "tab\there", "rtl\u202eevil"}
	runCase(t, []string{"ladder", "add", "--db", db, "ok", "random"}, 0, nil, nil, false)
	for _, h := range hostile {
		runCase(t, []string{"ladder", "add", "--db", db, "--author", h, "bad", "random"}, exitUsage, nil, []string{"control characters"}, true)
		runCase(t, []string{"ladder", "add", "--db", db, "--version", h, "bad", "random"}, exitUsage, nil, []string{"control characters"}, true)
	}
	conn, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for i, h := range hostile {
		if _, err := conn.Exec(`INSERT INTO entrants (name, spec, author, version, added) VALUES (?, 'random', ?, ?, 0)`, fmt.Sprintf("e%d%s", i, h), h, h); err != nil {
			t.Fatal(err)
		}
	}
	conn.Close()
	raw := func(s string) bool { return strings.ContainsAny(s, "\x1b\r\u009b\u202e\x07") }
	code, out, errOut := grognard(t, "ladder", "entrants", "--db", db)
	if code != 0 || raw(out) || strings.Count(out, "\n") != len(hostile)+2 || !strings.Contains(out, `\u001b]0;pwned\u0007`) || !strings.Contains(out, `two\nlines`) {
		t.Fatalf("entrants: %d\n%q\n%s", code, out, errOut)
	}
	// The columns stay aligned: every row's "added" column (a date)
	// starts where the header's does.
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	col := strings.Index(lines[0], "added")
	for _, l := range lines[1:] {
		if len(l) <= col || l[col] < '0' || l[col] > '9' {
			t.Fatalf("a row out of its columns:\n%s", out)
		}
	}
	code, out, _ = grognard(t, "ladder", "entrants", "--db", db, "--json")
	var es []struct{ Name, Author string }
	if code != 0 || raw(out) || json.Unmarshal([]byte(out), &es) != nil || len(es) != len(hostile)+1 || es[1].Author != hostile[0] || es[4].Author != hostile[3] {
		t.Fatalf("entrants --json: %d %q", code, out)
	}
	code, out, _ = grognard(t, "ladder", "entrants", "--db", db, "--csv")
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if code != 0 || err != nil || len(rows) != len(hostile)+2 || strings.ContainsAny(out, "\x1b\u009b\u202e\x07") {
		t.Fatalf("entrants --csv: %d %v %q", code, err, out)
	}
}
