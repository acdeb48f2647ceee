package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/grognard/grognard/agents/bottest"
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

// markerBot writes a bot program that creates the file marker when it is
// started (and then exits), and returns its spec and the marker's name.
func markerBot(t *testing.T) (spec, marker string) {
	t.Helper()
	dir := t.TempDir()
	script, marker := filepath.Join(dir, "marker.sh"), filepath.Join(dir, "started")
	if err := os.WriteFile(script, []byte("#!/bin/sh\ntouch \"$1\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return "external:cmd=/bin/sh " + script + " " + marker, marker
}

// notStarted fails the test if the marker bot was started.
func notStarted(t *testing.T, marker, what string) {
	t.Helper()
	if _, err := os.Stat(marker); err == nil {
		t.Fatalf("%s started the program the file names", what)
	}
}

// TestLoadNeverStartsPrograms: a saved game whose side to move is an
// external program is refused by the protocol's load and by play --load,
// each saying what to give; given a side's agent it plays with that
// agent; hint --game advises from it; and the program is started by none
// of them. Records naming the program start nothing either, in replay or
// tournament --resume. The program does start when the person names it,
// so the marker would show a start.
func TestLoadNeverStartsPrograms(t *testing.T) {
	spec, marker := markerBot(t)
	var doc map[string]any
	b, err := os.ReadFile(filepath.Join("..", "..", "examples", "games", "turn3.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	doc["sides"] = []string{spec, "human"} // French, to move, is the program
	doc["record"].(map[string]any)["agents"] = []string{spec, "human"}
	b, _ = json.Marshal(doc)
	saved := filepath.Join(t.TempDir(), "game.json")
	if err := os.WriteFile(saved, b, 0o644); err != nil {
		t.Fatal(err)
	}

	protocolSession := func(lines ...string) string {
		t.Helper()
		var out, errOut bytes.Buffer
		in := strings.NewReader(strings.Join(lines, "\n") + "\n")
		if code := runWithInput(context.Background(), []string{"grognard", "protocol"}, in, &out, &errOut); code != 0 {
			t.Fatalf("protocol: exit %d: %s", code, errOut.String())
		}
		return out.String()
	}
	out := protocolSession("load "+saved, "advance max=1", "load "+saved+" side0=heuristic", "advance max=1", "load "+saved+" bot=greedy", "quit")
	for _, w := range []string{
		`? load ` + saved + `: side 0 (French) is the external program "` + spec + `" in the file, and a loaded game never starts a program a file names: give the side yourself, e.g. load ` + saved + ` side0=human`,
		"? no game",
		"= loaded: twobytwo on standard, seed 5; French: heuristic, Austrians: human",
		"= French: ",
		"= loaded: twobytwo on standard, seed 5; French: greedy, Austrians: human",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("the protocol's replies lack %q:\n%s", w, out)
		}
	}
	notStarted(t, marker, "the protocol's load")

	var po, pe bytes.Buffer
	code := runWithInput(context.Background(), []string{"grognard", "play", "--load", saved}, strings.NewReader("quit\n"), &po, &pe)
	if code != exitUsage || !strings.Contains(pe.String(), "side 0 (French) is the external program") || !strings.Contains(pe.String(), "--bot") {
		t.Errorf("play --load of a file naming a program: exit %d\n%s%s", code, po.String(), pe.String())
	}
	notStarted(t, marker, "play --load")
	po.Reset()
	pe.Reset()
	code = runWithInput(context.Background(), []string{"grognard", "play", "--load", saved, "--bot", "heuristic"}, strings.NewReader("quit\n"), &po, &pe)
	if code != 0 || !strings.Contains(po.String(), "French: heuristic, Austrians: human") || !strings.Contains(po.String(), "French (bot): ") {
		t.Errorf("play --load --bot heuristic: exit %d\n%s%s", code, po.String(), pe.String())
	}
	notStarted(t, marker, "play --load --bot")

	runCase(t, []string{"hint", "--game", saved, "--agent", "heuristic", "--playouts", "0", "--n", "1"}, 0, []string{"hints for French"}, nil, false)
	notStarted(t, marker, "hint --game")

	// Records: replay plays the steps, tournament --resume takes its
	// agents from --agents; neither builds the recorded agents.
	records := filepath.Join(t.TempDir(), "t.jsonl")
	runCase(t, []string{"tournament", "--agents", "random,random", "--games", "2", "--turn-limit", "1", "--records", records, "--workers", "1"}, 0, nil, nil, false)
	data, err := os.ReadFile(records)
	if err != nil {
		t.Fatal(err)
	}
	quoted, _ := json.Marshal(spec)
	data = bytes.ReplaceAll(data, []byte(`"random"`), quoted)
	if !bytes.Contains(data, quoted) || os.WriteFile(records, data, 0o644) != nil {
		t.Fatal("cannot name the program in the records")
	}
	runCase(t, []string{"replay", records}, 0, []string{"game 2: ok"}, nil, false)
	runCase(t, []string{"tournament", "--agents", "random,random", "--games", "2", "--turn-limit", "1", "--records", records, "--resume"}, 0, nil, nil, false)
	notStarted(t, marker, "replay or tournament --resume")

	// The person may name the program: then it starts.
	protocolSession(`load `+saved+` side0="`+spec+`"`, "advance max=1", "quit")
	if _, err := os.Stat(marker); err != nil {
		t.Errorf("the program did not start when the person named it, so the marker shows nothing: %v", err)
	}
}

// forkerCmd is the command line of agents/testdata/bots/forker.sh in
// mode, which appends every pid it starts to pidfile.
func forkerCmd(mode, pidfile string) []string {
	return []string{"/bin/sh", filepath.Join("..", "..", "agents", "testdata", "bots", "forker.sh"), mode, pidfile}
}

// TestBotCheckChildren: bot check of a bot that exits leaving a child
// holding its output, and of one that hangs with two, fails each game
// with the reason within the time limit, and leaves no process behind.
func TestBotCheckChildren(t *testing.T) {
	for _, c := range []struct{ mode, want string }{
		{"exit", "crashed: its output ended while protocol_version was asked (exit status 1)"},
		{"hang", "timed out: no reply to genmove within 500ms"},
	} {
		t.Run(c.mode, func(t *testing.T) {
			pidfile := filepath.Join(t.TempDir(), "pids")
			start := time.Now()
			code, out, errOut := grognard(t, append([]string{"bot", "check", "--time", "500ms", "--"}, forkerCmd(c.mode, pidfile)...)...)
			if code != exitFailure || strings.Count(out, "FAIL game as side") != 2 || !strings.Contains(out, c.want) {
				t.Errorf("exit %d, want 1 and two games failed saying %q\n%s%s", code, c.want, out, errOut)
			}
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("bot check took %v with a time limit of 500ms", d)
			}
			bottest.AllGone(t, bottest.Pids(t, pidfile))
		})
	}
}

// TestInterruptStopsHangingBot: SIGINT (Ctrl-C) or SIGTERM to grognard
// while a bot with an hour's time limit hangs, holding two children,
// ends bot check and tournament within moments with the interrupt's exit
// code, and none of the bot's processes is left.
func TestInterruptStopsHangingBot(t *testing.T) {
	bin := buildGrognard(t)
	for _, c := range []struct {
		name string
		sig  syscall.Signal
		args func(pidfile string) []string
	}{
		{"bot check on SIGINT", syscall.SIGINT, func(pidfile string) []string {
			return append([]string{"bot", "check", "--time", "1h", "--"}, forkerCmd("hang", pidfile)...)
		}},
		{"tournament on SIGTERM", syscall.SIGTERM, func(pidfile string) []string {
			records := filepath.Join(filepath.Dir(pidfile), "t.jsonl")
			return []string{"tournament", "--agents", "random,external:cmd=" + strings.Join(forkerCmd("hang", pidfile), " ") + ",time=1h",
				"--games", "2", "--turn-limit", "2", "--records", records}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			pidfile := filepath.Join(t.TempDir(), "pids")
			cmd := exec.Command(bin, c.args(pidfile)...)
			var out, errOut bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errOut
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan struct{})
			go func() { _ = cmd.Wait(); close(done) }()
			defer func() {
				_ = cmd.Process.Kill() // when the test failed before it stopped
				<-done
			}()
			pids := bottest.WaitPids(t, pidfile, 3, 20*time.Second, func() string { return out.String() + errOut.String() }) // the bot hangs with its two children
			sent := time.Now()
			if err := cmd.Process.Signal(c.sig); err != nil {
				t.Fatal(err)
			}
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatalf("grognard did not stop within 10s of %v\n%s%s", c.sig, out.String(), errOut.String())
			}
			t.Logf("stopped %v after the signal", time.Since(sent).Round(time.Millisecond))
			if code := cmd.ProcessState.ExitCode(); code != exitInterrupt || !strings.Contains(errOut.String(), "interrupted") {
				t.Errorf("exit %d, want %d and a word that it was interrupted\n%s%s", code, exitInterrupt, out.String(), errOut.String())
			}
			bottest.AllGone(t, append(pids, bottest.Pids(t, pidfile)...)) // and any started since
		})
	}
}
