package tournaments

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/twobytwo"
)

// TestBrokenBotsForfeit enters deliberately broken external bots (crash,
// hang, garbage, illegal move, wrong reply id, wrong protocol version), a
// bot that names its actions by text, and the example bot in a gauntlet
// against random: every broken bot loses each of its games by forfeit with
// the right reason, every other game is played out, and every record
// replays.
func TestBrokenBotsForfeit(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed (CI installs it): the bots are Python scripts")
	}
	broken := func(mode string) string {
		return "external:cmd=python3 ../agents/testdata/bots/broken.py " + mode
	}
	cfg := Config{
		Ruleset: twobytwo.Rules{},
		Format:  Gauntlet,
		Agents: []string{"random", broken("crash 3"), broken("hang 3") + ",time=300ms", broken("garbage 3"), broken("illegal 3"),
			broken("wrongid 2"), broken("version"), broken("bytext"), "external:cmd=python3 ../examples/bots/random_bot.py"},
		GamesPerPairing: 2,
		TurnLimit:       3,
		Seed:            5,
		Workers:         2,
		Records:         filepath.Join(t.TempDir(), "games.jsonl"),
	}
	rep := mustRun(t, cfg)
	if rep.Played != 16 {
		t.Fatalf("played %d games, want 16", rep.Played)
	}
	want := map[string]string{
		"crash":   "crashed: its output ended while genmove was asked (exit status 3); it said: broken.py: crashing on purpose",
		"hang":    "timed out: no reply to genmove within 300ms",
		"garbage": "garbage: the reply to genmove is not a reply object: I am not JSON",
		"illegal": "illegal action: id 1000000 is not one of",
		"wrongid": "carries id 424242",
		"version": `handshake: protocol_version answered "2"`,
	}
	f, err := os.Open(cfg.Records)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := engine.ReadRecords(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 16 {
		t.Fatalf("%d records, want 16", len(recs))
	}
	seen := map[string]int{}
	for _, rec := range recs {
		var mode string
		badSide := -1
		for side, a := range rec.Agents {
			for m := range want {
				if strings.Contains(a, "broken.py "+m) {
					mode, badSide = m, side
				}
			}
		}
		if _, err := engine.Replay(twobytwo.Rules{}, rec); err != nil {
			t.Errorf("%v: does not replay: %v", rec.Agents, err)
		}
		if mode == "" {
			if engine.IsForfeit(rec.Result) {
				t.Errorf("%v: forfeit without a broken bot: %s", rec.Agents, rec.Result.Reason)
			}
			continue
		}
		seen[mode]++
		if !engine.IsForfeit(rec.Result) || int(rec.Result.Winner) != 1-badSide || !strings.Contains(rec.Result.Reason, want[mode]) {
			t.Errorf("%s bot on side %d: result %+v, want a forfeit saying %q", mode, badSide, rec.Result, want[mode])
		}
	}
	for m := range want {
		if seen[m] != 2 {
			t.Errorf("%s bot played %d games, want 2", m, seen[m])
		}
	}
}

// TestForfeitNotOnCancel: a run cancelled while a bot is thinking abandons
// the game; it is not recorded as the bot's forfeit.
func TestForfeitNotOnCancel(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	cfg := small(filepath.Join(t.TempDir(), "g.jsonl"))
	cfg.Agents = []string{"random", "external:cmd=python3 ../agents/testdata/bots/broken.py hang 0,time=1h"}
	cfg.GamesPerPairing = 2
	ctx, cancel := context.WithCancel(context.Background())
	tr := mustNew(t, cfg)
	done := make(chan error, 1)
	go func() { _, err := tr.Run(ctx); done <- err }()
	time.AfterFunc(700*time.Millisecond, cancel)
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the run did not stop after it was cancelled")
	}
	data, _ := os.ReadFile(cfg.Records)
	if strings.Contains(string(data), "forfeit") {
		t.Errorf("a cancelled game was recorded as a forfeit: %s", data)
	}
}
