package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
)

// needPython skips a test whose bot is a Python script when python3 is
// missing (CI installs it).
func needPython(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed (CI installs it): the bot is a Python script")
	}
}

// readOneRecord reads the single record of a file.
func readOneRecord(t *testing.T, file string) *engine.Record {
	t.Helper()
	recs, err := engine.ReadRecordFile(file)
	if err != nil || len(recs) != 1 {
		t.Fatalf("%s: %d records, %v", file, len(recs), err)
	}
	return recs[0]
}

// writeRecord writes rec alone to a new file and returns its name.
func writeRecord(t *testing.T, rec *engine.Record) string {
	t.Helper()
	var buf bytes.Buffer
	if err := rec.Write(&buf); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "doctored.jsonl")
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// TestReplayForfeit: a real forfeit record (a bot that crashes at its
// fourth decision) replays ok, its result the recorded forfeit; the same
// record doctored in any way a replay can see is refused, and so is a
// game finished on the table that claims a forfeit.
func TestReplayForfeit(t *testing.T) {
	needPython(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "forfeit.jsonl")
	runCase(t, []string{"match", "--quiet", "--turn-limit", "3", "-b", "external:cmd=python3 ../../agents/testdata/bots/broken.py crash 3", "--record", file},
		0, []string{"forfeit by side 1"}, nil, false)
	runCase(t, []string{"replay", file}, 0, []string{"game 1: ok, French (side 0) won (forfeit by side 1 (external:cmd=python3", "crashing on purpose"}, nil, false)
	rec := readOneRecord(t, file)
	if !engine.IsForfeit(rec.Result) || rec.Result.Winner != 0 || len(rec.Steps) == 0 {
		t.Fatalf("the broken bot's game is not its forfeit: %+v after %d steps", rec.Result, len(rec.Steps))
	}

	finished := filepath.Join(dir, "finished.jsonl")
	runCase(t, []string{"match", "--quiet", "--turn-limit", "1", "--record", finished}, 0, nil, nil, false)
	over := readOneRecord(t, finished)
	if !over.Result.Over || engine.IsForfeit(over.Result) {
		t.Fatalf("random against random after a turn: %+v", over.Result)
	}

	at := func(r *engine.Record) string { return " at step " + strconv.Itoa(len(r.Steps)+1) + ": " }
	cases := []struct {
		name string
		base *engine.Record
		edit func(r *engine.Record)
		want string
	}{
		{"the other side wins", rec, func(r *engine.Record) { r.Result.Winner = 1 }, "a forfeit makes side 0 the winner"},
		{"another step", rec, func(r *engine.Record) {
			r.Result.Reason = strings.Replace(r.Result.Reason, at(r), " at step 3: ", 1)
		}, "must begin"},
		{"the other side forfeits", rec, func(r *engine.Record) {
			r.Result.Reason = strings.Replace(r.Result.Reason, "forfeit by side 1", "forfeit by side 0", 1)
			r.Result.Winner = 1
		}, "side 1 is to move"},
		{"another agent", rec, func(r *engine.Record) {
			r.Result.Reason = strings.Replace(r.Result.Reason, "(external:cmd=", "(random:cmd=", 1)
		}, "must begin"},
		{"a step cut off", rec, func(r *engine.Record) { r.Steps = r.Steps[:len(r.Steps)-1] }, "MISMATCH"},
		{"a step added", rec, func(r *engine.Record) {
			r.Steps = append(r.Steps, r.Steps[len(r.Steps)-1])
		}, "MISMATCH"},
		{"a game over on the table", over, func(r *engine.Record) {
			r.Result = engine.ForfeitResult(1, r.Agents[1], len(r.Steps)+1, "crashed")
		}, "end the game on the table"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := *c.base
			r.Steps = append([]engine.Step(nil), c.base.Steps...)
			c.edit(&r)
			runCase(t, []string{"replay", writeRecord(t, &r)}, exitFailure, []string{"game 1: MISMATCH", c.want}, []string{"1 of 1 games"}, false)
		})
	}
}
