package tournaments

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/agents/bottest"
	"github.com/grognard/grognard/engine"
)

// forker is the spec of agents/testdata/bots/forker.sh in mode, which
// appends every pid it starts to pidfile.
func forker(mode, pidfile, limit string) string {
	return "external:cmd=/bin/sh ../agents/testdata/bots/forker.sh " + mode + " " + pidfile + ",time=" + limit
}

// TestBotChildrenDie: in a tournament, a bot that exits leaving a child
// that holds its output, and one that hangs with two such children, each
// forfeit every game within its time limit, the tournament finishes, and
// no process either bot started is left.
func TestBotChildrenDie(t *testing.T) {
	dir := t.TempDir()
	exitPids, hangPids := filepath.Join(dir, "exit.pids"), filepath.Join(dir, "hang.pids")
	cfg := small(filepath.Join(dir, "g.jsonl"))
	cfg.Format = Gauntlet
	cfg.Agents = []string{"random", forker("exit", exitPids, "500ms"), forker("hang", hangPids, "500ms")}
	cfg.GamesPerPairing = 2
	cfg.Workers = 2
	start := time.Now()
	rep := mustRun(t, cfg)
	elapsed := time.Since(start)
	if rep.Played != 4 {
		t.Fatalf("played %d games, want 4", rep.Played)
	}
	// Four games: the two hanging ones wait 500ms each, two at a time.
	if elapsed > 10*time.Second {
		t.Errorf("the tournament took %v", elapsed)
	}
	recs, err := engine.ReadRecordFile(cfg.Records)
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range recs {
		want := "timed out: no reply to genmove within 500ms"
		if strings.Contains(rec.Agents[0]+rec.Agents[1], "forker.sh exit") {
			want = "crashed: its output ended while protocol_version was asked (exit status 1)"
		}
		if !engine.IsForfeit(rec.Result) || !strings.Contains(rec.Result.Reason, want) {
			t.Errorf("%v: %s, want a forfeit saying %q", rec.Agents, rec.Result, want)
		}
	}
	exit, hang := bottest.Pids(t, exitPids), bottest.Pids(t, hangPids)
	if len(exit) != 4 || len(hang) != 6 {
		t.Fatalf("the bots wrote %d and %d pids, want 4 (2 games of a bot and a child) and 6 (2 of a bot and two children)", len(exit), len(hang))
	}
	bottest.AllGone(t, append(exit, hang...))
}

// TestBotChildrenDieOnCancel: cancelling a tournament (Ctrl-C) while a
// bot with an hour's time limit hangs with two children stops it within
// moments, records no forfeit, and leaves none of its processes.
func TestBotChildrenDieOnCancel(t *testing.T) {
	dir := t.TempDir()
	pidfile := filepath.Join(dir, "hang.pids")
	cfg := small(filepath.Join(dir, "g.jsonl"))
	cfg.Agents = []string{"random", forker("hang", pidfile, "1h")}
	cfg.GamesPerPairing = 2
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { _, err := mustNew(t, cfg).Run(ctx); done <- err }()
	deadline := time.Now().Add(20 * time.Second)
	for len(bottest.Pids(t, pidfile)) < 3 { // the bot hangs with its two children
		if time.Now().After(deadline) {
			t.Fatal("the bot never came to hang")
		}
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "context canceled") {
			t.Errorf("the cancelled run: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the run did not stop within 5s of the cancel")
	}
	bottest.AllGone(t, bottest.Pids(t, pidfile))
	if data, _ := os.ReadFile(cfg.Records); bytes.Contains(data, []byte("forfeit")) {
		t.Errorf("a cancelled game was recorded as a forfeit: %s", data)
	}
}
