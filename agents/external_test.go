package agents

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/agents/bottest"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/twobytwo"
)

// forkerSpec is the spec of testdata/bots/forker.sh in mode, its pids
// written to pidfile.
func forkerSpec(mode, pidfile, limit string) string {
	return "external:cmd=/bin/sh testdata/bots/forker.sh " + mode + " " + pidfile + ",time=" + limit
}

// decision is the standard scenario at its first decision by a side.
func decision(t *testing.T) engine.State {
	t.Helper()
	st, err := twobytwo.NewGame(twobytwo.DefaultScenario, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dice := engine.NewRandomDice(1)
	for st.ToMove() == engine.Chance {
		d, _ := dice.Roll(st.PendingRoll())
		if err := st.ApplyDice(d); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

// TestExternalLeavesNothing: a bot that exits leaving a child holding its
// output, one that hangs with two such children, and one that will not
// exit at quit: each forfeits (or is killed at Close) within its time
// limit and a second or so, and every process it started is gone.
func TestExternalLeavesNothing(t *testing.T) {
	cases := []struct {
		mode    string
		limit   string // the bot's time a move: only hang is meant to run out of it
		pids    int    // the pids the bot writes before it misbehaves
		forfeit string // the forfeit Choose returns, "" for none
		close   string // Close's error, "" for none
	}{
		{"exit", "5s", 2, "crashed: its output ended while protocol_version was asked (exit status 1)", ""},
		{"hang", "500ms", 3, "timed out: no reply to genmove within 500ms", ""},
		// A shell script that starts sed for every line can take more
		// than half a second a reply on a busy machine.
		{"quit", "5s", 1, "", "did not exit within 1s of quit and was killed"},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			pidfile := filepath.Join(t.TempDir(), "pids")
			a, err := New(forkerSpec(c.mode, pidfile, c.limit), 1)
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			_, err = a.Choose(context.Background(), decision(t), decision(t).ToMove())
			var f *ForfeitError
			switch {
			case c.forfeit == "" && err != nil:
				t.Fatalf("the bot forfeits: %v", err)
			case c.forfeit != "" && (!errors.As(err, &f) || !strings.Contains(f.Reason, c.forfeit)):
				t.Fatalf("Choose: %v, want the forfeit %q", err, c.forfeit)
			}
			if d := time.Since(start); d > 3*time.Second {
				t.Errorf("Choose took %v with a time limit of %s", d, c.limit)
			}
			closed := time.Now()
			err = Close(a)
			if (c.close == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.close)) {
				t.Errorf("Close: %v, want %q", err, c.close)
			}
			if d := time.Since(closed); d > 3*time.Second {
				t.Errorf("Close took %v", d)
			}
			pids := bottest.WaitPids(t, pidfile, c.pids, 10*time.Second, nil)
			if c.mode == "quit" {
				pids = bottest.WaitPids(t, pidfile, 2, 10*time.Second, nil) // the child it started at quit
			}
			bottest.AllGone(t, pids)
		})
	}
}

// TestExternalEndsWhatLeftItsGroup: a bot whose grandchild leaves its
// process group and session (setsid, the way a daemon detaches) does not
// leave it running once the game is over: not when the bot quits at
// Close, not when it is killed for hanging. A process group cannot hold
// such a grandchild; the bot's PID namespace (Linux) does.
func TestExternalEndsWhatLeftItsGroup(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("only Linux has PID namespaces: elsewhere a process that leaves the bot's group can outlive it")
	}
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("no setsid program (util-linux) to detach the grandchild with")
	}
	for _, c := range []struct {
		mode, limit, forfeit string // forfeit: Choose's, "" for none
	}{
		{"setsid", "5s", ""},
		{"setsidhang", "500ms", "timed out: no reply to genmove within 500ms"},
	} {
		t.Run(c.mode, func(t *testing.T) {
			pidfile := filepath.Join(t.TempDir(), "pids")
			a, err := New(forkerSpec(c.mode, pidfile, c.limit), 1)
			if err != nil {
				t.Fatal(err)
			}
			st := decision(t)
			_, err = a.Choose(context.Background(), st, st.ToMove())
			var f *ForfeitError
			if c.forfeit == "" && err != nil || c.forfeit != "" && (!errors.As(err, &f) || !strings.Contains(f.Reason, c.forfeit)) {
				t.Fatalf("Choose: %v, want the forfeit %q", err, c.forfeit)
			}
			pids := bottest.WaitPids(t, pidfile, 2, 10*time.Second, nil) // the bot and its grandchild
			if err := Close(a); err != nil {
				t.Errorf("Close: %v", err)
			}
			bottest.AllGone(t, pids)
		})
	}
}

// TestExternalCancel: cancelling the context while a bot hangs (Ctrl-C)
// returns at once with the context's error, not a forfeit, and kills the
// bot and its children before Choose returns, however long its time
// limit.
func TestExternalCancel(t *testing.T) {
	pidfile := filepath.Join(t.TempDir(), "pids")
	a, err := New(forkerSpec("hang", pidfile, "1h"), 1)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st := decision(t)
	done := make(chan error, 1)
	go func() {
		_, err := a.Choose(ctx, st, st.ToMove())
		done <- err
	}()
	pids := bottest.WaitPids(t, pidfile, 3, 10*time.Second, nil) // the bot and the children it hangs with
	cancel()
	select {
	case err = <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Choose did not return within 5s of the cancel")
	}
	var f *ForfeitError
	if !errors.Is(err, context.Canceled) || errors.As(err, &f) {
		t.Errorf("Choose after a cancel: %v, want context.Canceled and no forfeit", err)
	}
	bottest.AllGone(t, pids)
	closed := time.Now()
	if err := Close(a); err != nil {
		t.Errorf("Close after a cancel: %v", err)
	}
	if d := time.Since(closed); d > time.Second {
		t.Errorf("Close after a cancel took %v", d)
	}
}

// TestWriteLineBounded: a write to a program that has stopped reading
// gives up at the time limit, or at once when the context ends, instead
// of blocking for good on a full pipe.
func TestWriteLineBounded(t *testing.T) {
	big := bytes.Repeat([]byte("x"), 4<<20) // far more than a pipe holds
	for _, c := range []struct {
		name   string
		limit  time.Duration
		cancel time.Duration // 0: never
		want   error
	}{
		{"time limit", 200 * time.Millisecond, 0, os.ErrDeadlineExceeded},
		{"cancelled", time.Hour, 200 * time.Millisecond, os.ErrDeadlineExceeded},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			defer w.Close()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if c.cancel > 0 {
				time.AfterFunc(c.cancel, cancel)
			}
			start := time.Now()
			err = writeLine(ctx, w, big, c.limit)
			if !errors.Is(err, c.want) {
				t.Errorf("writeLine: %v, want %v", err, c.want)
			}
			if d := time.Since(start); d > 3*time.Second {
				t.Errorf("writeLine took %v", d)
			}
		})
	}
}

// TestExternalReplies: a bot's error reply is a forfeit that gives its
// message and, when the reply has one, its code, read by the same wire
// package the session writes replies with; a reply line over the bound
// is a forfeit at once, not read to its end.
func TestExternalReplies(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed (CI installs it): the bot is a Python script")
	}
	for _, c := range []struct{ mode, want string }{
		{"refuse", "refused genmove: no move today [internal]"},
		{"refusebare", "refused genmove: no move today"},
		{"huge", "crashed: the reply line is longer than 4194304 bytes while genmove was asked"},
	} {
		t.Run(c.mode, func(t *testing.T) {
			a, err := New("external:cmd=python3 testdata/bots/broken.py "+c.mode, 1)
			if err != nil {
				t.Fatal(err)
			}
			defer Close(a)
			st := decision(t)
			_, err = a.Choose(context.Background(), st, st.ToMove())
			var f *ForfeitError
			if !errors.As(err, &f) || f.Reason != c.want && !(c.mode == "huge" && strings.HasPrefix(f.Reason, c.want)) {
				t.Fatalf("Choose: %v, want the forfeit %q", err, c.want)
			}
		})
	}
}

// TestExternalEscapesItsOutput: what a hostile bot writes (an escape
// sequence that retitles the window and one that clears the screen) is
// quoted in its forfeit reasons as visible text, never as the control
// characters a terminal would act on, whether it came on stderr, in a
// reply that is not JSON, in an error reply's message, or as an action's
// text; the name it gives in the handshake is escaped too and
// cut to maxBotName bytes, though it sent a thousand.
func TestExternalEscapesItsOutput(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed (CI installs it): the bot is a Python script")
	}
	const shown = `\u001b]0;pwned\u0007\u001b[2J` // what the reason must say, as text
	for _, c := range []struct{ mode, want string }{
		{"evil", "crashed: its output ended while genmove was asked (exit status 3); it said: " + shown + " crashing"},
		{"evilreply", "garbage: the reply to genmove is not a reply object: " + shown + " not JSON"},
		{"evilcode", "refused genmove: " + shown + " no move"}, // a code not the protocol's is dropped
		{"eviltext", `illegal action: "` + shown + `" is not one of the`},
	} {
		t.Run(c.mode, func(t *testing.T) {
			a, err := New("external:cmd=python3 testdata/bots/broken.py "+c.mode, 1)
			if err != nil {
				t.Fatal(err)
			}
			defer Close(a)
			st := decision(t)
			_, err = a.Choose(context.Background(), st, st.ToMove())
			var f *ForfeitError
			if !errors.As(err, &f) {
				t.Fatalf("Choose: %v, want a forfeit", err)
			}
			if strings.ContainsFunc(f.Reason, isControl) || !strings.Contains(f.Reason, c.want) {
				t.Errorf("the forfeit reason %q, want it to hold %q and no control character", f.Reason, c.want)
			}
			name := a.(*External).BotName()
			if strings.ContainsFunc(name, isControl) || len(name) > maxBotName+len("...") {
				t.Errorf("the bot's name %q (%d bytes): want no control character and at most %d bytes", name, len(name), maxBotName)
			}
			if c.mode == "evil" && !strings.HasPrefix(name, shown+"nnn") {
				t.Errorf("the bot's name %q, want it shown escaped", name)
			}
		})
	}
}

// isControl reports whether r is a character a terminal acts on: a C0
// or C1 control or DEL (tab and newline are not in a reason either).
func isControl(r rune) bool { return r < 0x20 || r >= 0x7f && r <= 0x9f }
