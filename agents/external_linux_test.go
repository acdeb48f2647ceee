//go:build linux

package agents

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/grognard/grognard/agents/bottest"
)

// TestExternalNamespaceFallback: where the system refuses PID namespaces
// the bot runs in its process group alone, and a warning says so once,
// naming what is lost; a program that cannot start is not taken for a
// refusal (no fallback, no warning). The refusal is played by a way of
// starting that the kernel refuses as it refuses namespaces (EINVAL).
func TestExternalNamespaceFallback(t *testing.T) {
	ways, way, warned := namespaceWays, botWay.Load(), botWarned.Load()
	var logged bytes.Buffer
	SetLogger(zerolog.New(&logged))
	t.Cleanup(func() {
		namespaceWays = ways
		botWay.Store(way)
		botWarned.Store(warned)
		agentLog.Store(nil)
	})
	namespaceWays = func() []*syscall.SysProcAttr {
		bad := groupAttr()
		// A user namespace sharing grognard's filesystem information:
		// EINVAL, as a kernel without namespaces answers.
		bad.Cloneflags = syscall.CLONE_NEWUSER | syscall.CLONE_NEWPID | syscall.CLONE_FS
		return []*syscall.SysProcAttr{bad}
	}
	botWay.Store(0)
	botWarned.Store(false)

	missing, err := New("external:cmd=/no/such/bot", 1)
	if err != nil {
		t.Fatal(err)
	}
	st := decision(t)
	var f *ForfeitError
	if _, err := missing.Choose(context.Background(), st, st.ToMove()); !errors.As(err, &f) || !strings.Contains(f.Reason, "cannot start") {
		t.Fatalf("a missing program: %v, want a forfeit that it cannot start", err)
	}
	if botWay.Load() != 0 || logged.Len() > 0 {
		t.Fatalf("a missing program was taken for a refused namespace: way %d, log %q", botWay.Load(), logged.String())
	}

	for game := range 2 {
		pidfile := filepath.Join(t.TempDir(), "pids")
		a, err := New(forkerSpec("hang", pidfile, "300ms"), 1)
		if err != nil {
			t.Fatal(err)
		}
		// It answers the handshake, starts two children and hangs at
		// genmove: it ran, in its group, which the kill ends.
		if _, err := a.Choose(context.Background(), st, st.ToMove()); !errors.As(err, &f) || !strings.Contains(f.Reason, "no reply to genmove") {
			t.Fatalf("game %d: %v, want the forfeit of a bot that ran and hung", game, err)
		}
		_ = Close(a)
		bottest.AllGone(t, bottest.WaitPids(t, pidfile, 3, 10*time.Second, nil))
	}
	t.Logf("logged: %s", logged.String())
	lines := strings.Split(strings.TrimSpace(logged.String()), "\n")
	if len(lines) != 1 || !strings.Contains(lines[0], `"level":"warn"`) || !strings.Contains(lines[0], "process group") ||
		!strings.Contains(lines[0], "outlive the game") || !strings.Contains(lines[0], "invalid argument") {
		t.Errorf("want one warning naming the fallback, its cause and what it costs; logged:\n%s", logged.String())
	}
}
