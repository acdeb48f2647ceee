// Package bottest holds what the tests of external bots share: reading the
// pids that agents/testdata/bots/forker.sh writes, and checking that none
// of them outlives its bot. It is for tests only.
package bottest

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Pids reads the pids in a forker's pidfile (none when it is not there
// yet).
func Pids(t testing.TB, pidfile string) []int {
	t.Helper()
	b, _ := os.ReadFile(pidfile)
	var pids []int
	for _, f := range strings.Fields(string(b)) {
		p, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("%s: %q is not a pid", pidfile, f)
		}
		if p <= 1 {
			// A pid in the bot's own PID namespace (Linux), where it is
			// 1: here it names another process, which AllGone would
			// take for the bot's and kill.
			t.Fatalf("%s: pid %d is not one of grognard's namespace: a bot must write the pids /proc/self/stat gives (see forker.sh)", pidfile, p)
		}
		pids = append(pids, p)
	}
	return pids
}

// WaitPids waits up to wait for a forker to have written n pids; said, if
// not nil, is what the program under test printed, for the failure.
func WaitPids(t testing.TB, pidfile string, n int, wait time.Duration, said func() string) []int {
	t.Helper()
	deadline := time.Now().Add(wait)
	for {
		if pids := Pids(t, pidfile); len(pids) >= n {
			return pids
		}
		if time.Now().After(deadline) {
			msg := ""
			if said != nil {
				msg = "; it said:\n" + said()
			}
			t.Fatalf("the bot wrote %d pids to %s, want %d%s", len(Pids(t, pidfile)), pidfile, n, msg)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Running reports whether process pid still runs. A zombie does not: it
// is dead, waiting only for its new parent (init, which in a container
// may never reap it) to collect its exit status.
func Running(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		if _, statErr := os.Stat("/proc/self/stat"); statErr != nil {
			return syscall.Kill(pid, 0) == nil // no /proc: ask the kernel
		}
		return false
	}
	i := bytes.LastIndexByte(b, ')')
	return i >= 0 && i+2 < len(b) && b[i+2] != 'Z' && b[i+2] != 'X'
}

// AllGone fails the test for every pid still running 2 s after the bot
// was stopped, and kills those (they are the test's own).
func AllGone(t testing.TB, pids []int) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for {
		var left []int
		for _, p := range pids {
			if Running(p) {
				left = append(left, p)
			}
		}
		if len(left) == 0 {
			return
		}
		if time.Now().After(deadline) {
			for _, p := range left {
				_ = syscall.Kill(p, syscall.SIGKILL)
			}
			t.Fatalf("processes %v of the bot (all %v) still run after it was stopped", left, pids)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
