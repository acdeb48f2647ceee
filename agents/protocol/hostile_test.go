package protocol

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSaveNeverReplacesLinksOrDevices: save onto a symlink writes the
// file it points to and keeps the link; onto /dev/null writes through and
// keeps the device (as root a rename would replace it); onto /dev/full
// fails.
func TestSaveNeverReplacesLinksOrDevices(t *testing.T) {
	dir := t.TempDir()
	s := NewSession(Config{})
	must(t, s, "new_game seed=3")
	target := filepath.Join(dir, "real.json")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	must(t, s, "save "+link)
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Fatalf("save replaced the symlink: %v", err)
	}
	must(t, NewSession(Config{}), "load "+target)

	if fi, err := os.Stat("/dev/null"); err == nil && fi.Mode()&fs.ModeCharDevice != 0 {
		if os.Geteuid() != 0 {
			t.Log("not root: a rename could not replace /dev/null anyway")
		}
		must(t, s, "save /dev/null")
		after, err := os.Stat("/dev/null")
		if err != nil || after.Mode()&fs.ModeCharDevice == 0 || !os.SameFile(fi, after) {
			t.Fatalf("save replaced /dev/null: %v", err)
		}
	}
	if _, err := os.Stat("/dev/full"); err == nil {
		if _, err := do(t, s, "save /dev/full"); err == nil || !strings.Contains(err.Error(), "no space") {
			t.Fatalf("save to a full device: %v", err)
		}
	}
}

// TestLoadRefusesHostileFiles: a FIFO (which would block) and a device
// (which never ends) are refused at once, and a file over the size limit
// is refused naming the limit.
func TestLoadRefusesHostileFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.json")
	if err := os.WriteFile(big, make([]byte, MaxSavedGame+1), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ file, want string }{
		{fifo, "a FIFO"},
		{"/dev/zero", "a character device"},
		{dir, "a directory"},
		{big, "at most 16 MiB"},
	} {
		done := make(chan error, 1)
		go func() {
			_, err := do(t, NewSession(Config{}), "load "+c.file)
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("load %s: %v, want an error saying %q", c.file, err, c.want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("load %s did not return", c.file)
		}
	}
}
