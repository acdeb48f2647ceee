package main

import (
	"bytes"
	"context"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/grognard/grognard/engine/fileio/fileiotest"
)

// grognardIn runs the program with stdin and a deadline: a command that
// blocks fails the test instead of hanging it.
func grognardIn(t *testing.T, stdin io.Reader, stdout io.Writer, args ...string) (int, string) {
	t.Helper()
	var errOut bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- runWithInput(context.Background(), append([]string{"grognard"}, args...), stdin, stdout, &errOut)
	}()
	select {
	case code := <-done:
		return code, errOut.String()
	case <-time.After(60 * time.Second):
		t.Fatalf("grognard %s did not return", strings.Join(args, " "))
		return 0, ""
	}
}

// TestHostileInputs: FIFOs, endless devices and endless standard input
// are refused promptly, each with a one-line error naming what was wrong.
func TestHostileInputs(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.yaml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args  []string
		stdin io.Reader
		code  int
		want  string
	}{
		{[]string{"hint", "--game", "/dev/zero"}, nil, 2, "not a regular file (it is a character device)"},
		{[]string{"hint", "--game", fifo}, nil, 2, "(it is a FIFO)"},
		{[]string{"play", "--load", "/dev/zero"}, nil, 2, "not a regular file"},
		{[]string{"scenario", "show", "--state", "/dev/zero", "--svg", filepath.Join(dir, "x.svg")}, nil, 1, "not a regular file"},
		{[]string{"scenario", "validate", fifo}, nil, 1, "(it is a FIFO)"},
		{[]string{"match", "--scenario", fifo}, nil, 2, "(it is a FIFO)"},
		{[]string{"replay", "/dev/zero"}, nil, 1, "not a regular file"},
		{[]string{"replay", fifo}, nil, 1, "(it is a FIFO)"},
		{[]string{"replay", "-"}, &fileiotest.Zeros{}, 1, "longer than 16 MiB"},
	} {
		stdin := c.stdin
		if stdin == nil {
			stdin = strings.NewReader("")
		}
		var out bytes.Buffer
		code, errOut := grognardIn(t, stdin, &out, c.args...)
		// validate lists each file's problems on stdout.
		if code != c.code || !strings.Contains(errOut+out.String(), c.want) {
			t.Errorf("grognard %s: exit %d, stderr %q; want exit %d and %q", strings.Join(c.args, " "), code, errOut, c.code, c.want)
		}
	}
}

// TestReplayStdinInterrupted: Ctrl-C stops replay - reading a standard
// input that never writes.
func TestReplayStdinInterrupted(t *testing.T) {
	r, w := io.Pipe()
	defer w.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	done := make(chan int, 1)
	go func() {
		done <- runWithInput(ctx, []string{"grognard", "replay", "-"}, r, io.Discard, io.Discard)
	}()
	select {
	case code := <-done:
		if code == 0 {
			t.Fatal("an interrupted replay exited 0")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("replay - kept waiting after Ctrl-C")
	}
}

// TestFullDiskExitsNonZero: output lost to a full disk exits 1 with a
// message, whether it went to standard output or to a file.
func TestFullDiskExitsNonZero(t *testing.T) {
	fullPath := fileiotest.Device(t, "full")
	full, err := os.OpenFile(fullPath, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer full.Close()
	for _, args := range [][]string{
		{"scenario", "list"},
		{"scenario", "generate", "--seed", "2"},
		{"scenario", "generate", "--seed", "2", "--out", fullPath},
		{"scenario", "show", "--svg", fullPath, "standard"},
		{"rules"},
	} {
		code, errOut := grognardIn(t, strings.NewReader("quit\n"), full, args...)
		if code != 1 || !strings.Contains(errOut, "no space left on device") {
			t.Errorf("grognard %s to a full disk: exit %d, stderr %q", strings.Join(args, " "), code, errOut)
		}
	}
}

// TestPlaySaveToFullDisk: play --save onto a full disk says so at the
// prompt and exits 1, though the screen itself is fine.
func TestPlaySaveToFullDisk(t *testing.T) {
	full := fileiotest.Device(t, "full")
	var out bytes.Buffer
	code, errOut := grognardIn(t, strings.NewReader("quit\n"), &out, "play", "--save", full, "--bot", "random")
	if code != 1 || !strings.Contains(errOut, "could not be saved") || !strings.Contains(out.String(), "? could not save") {
		t.Fatalf("play --save %s: exit %d, stderr %q", full, code, errOut)
	}
}

// TestSaveKeepsSymlinksAndDevices: play --save and replay --save onto a
// symlink write the file it points to and keep the link; play --save
// onto a null device leaves the device in place (as root a rename
// replaced /dev/null; here, as root, the device is a node in a temporary
// directory so a broken save cannot replace the machine's own).
func TestSaveKeepsSymlinksAndDevices(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "game.json")
	if err := os.WriteFile(target, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	isLink := func() bool {
		fi, err := os.Lstat(link)
		return err == nil && fi.Mode()&fs.ModeSymlink != 0
	}
	code, errOut := grognardIn(t, strings.NewReader("quit\n"), io.Discard, "play", "--save", link, "--bot", "random")
	if code != 0 || !isLink() {
		t.Fatalf("play --save onto a symlink: exit %d (%s), link kept %v", code, errOut, isLink())
	}
	if b, _ := os.ReadFile(target); !bytes.Contains(b, []byte(`"format":"grognard-game"`)) {
		t.Fatalf("the symlink's target holds %q, not the saved game", b)
	}

	records := filepath.Join(dir, "games.jsonl")
	if code, errOut := grognardIn(t, nil, io.Discard, "match", "--quiet", "--turn-limit", "1", "--record", records); code != 0 {
		t.Fatalf("match: %s", errOut)
	}
	if code, errOut := grognardIn(t, nil, io.Discard, "replay", "--save", link, "--step", "5", records); code != 0 || !isLink() {
		t.Fatalf("replay --save onto a symlink: exit %d (%s), link kept %v", code, errOut, isLink())
	}

	null := fileiotest.Device(t, "null")
	before, err := os.Stat(null)
	if err != nil {
		t.Fatal(err)
	}
	if code, errOut := grognardIn(t, strings.NewReader("quit\n"), io.Discard, "play", "--save", null, "--bot", "random"); code != 0 {
		t.Fatalf("play --save %s: exit %d: %s", null, code, errOut)
	}
	after, err := os.Stat(null)
	if err != nil || after.Mode()&fs.ModeCharDevice == 0 || !os.SameFile(before, after) {
		t.Fatalf("play --save replaced %s: %v %v", null, after.Mode(), err)
	}
}

// TestHintRefusesImpossibleSavedGame: hint --game on a saved game edited
// into a phase whose unit is missing exits 2 with the reason (it was
// "internal error ... index out of range [255]").
func TestHintRefusesImpossibleSavedGame(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "game.json")
	if code, errOut := grognardIn(t, strings.NewReader("quit\n"), io.Discard, "play", "--save", file, "--bot", "random"); code != 0 {
		t.Fatalf("play --save: %s", errOut)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	// Corrected by hand (so loaded from its state) into the rout
	// direction phase with no rout in hand.
	b = bytes.Replace(b, []byte(`"edited":false`), []byte(`"edited":true`), 1)
	b = bytes.Replace(b, []byte(`"phase":1,`), []byte(`"phase":10,`), 1)
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
	code, errOut := grognardIn(t, nil, io.Discard, "hint", "--game", file)
	if code != 2 || !strings.Contains(errOut, "decode state: turn 0 in the rout direction phase") || strings.Contains(errOut, "internal error") {
		t.Fatalf("hint --game on an impossible state: exit %d, %q", code, errOut)
	}
}
