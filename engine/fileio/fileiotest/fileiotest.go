// Package fileiotest gives tests device files they may safely try to
// replace (a test that checks a write never replaces a device must not,
// when it fails as root, replace the machine's own /dev/null), and a
// deadline for reads of hostile input that must not block.
package fileiotest

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// Zeros is an endless input, like /dev/zero; N counts the bytes read.
type Zeros struct{ N int64 }

// Read fills p with zeros.
func (z *Zeros) Read(p []byte) (int, error) {
	clear(p)
	z.N += int64(len(p))
	return len(p), nil
}

// HangBound is how long Within waits. A read of a FIFO or an endless
// input that is not refused never returns, so any bound catches it; the
// bound is long so that a refusal that reads up to a size limit (16 MiB)
// returns in time under -race on a machine busy with other tests, where a
// 10 s bound once failed a correct refusal.
const HangBound = 2 * time.Minute

// Within runs f and returns its error, failing the test if f has not
// returned within HangBound: a read of a FIFO or an endless input must be
// refused, not waited on. f goes on in the background after a failure.
func Within(t testing.TB, what string, f func() error) error {
	d := HangBound
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-time.After(d):
		t.Fatalf("%s did not return within %v", what, d)
		return nil
	}
}

// The Linux character devices the tests use, by name: major 1, minor.
var minors = map[string]int{"null": 3, "full": 7}

// Device returns the path of a character device like /dev/NAME ("null" or
// "full"). As root it is a new device node in t.TempDir(), so a broken
// writer that renames onto it replaces nothing that matters; otherwise it
// is /dev/NAME itself, which a user other than root cannot replace. The
// test is skipped when neither works here.
func Device(t testing.TB, name string) string {
	t.Helper()
	minor, ok := minors[name]
	if !ok {
		t.Fatalf("fileiotest: no device %q", name)
	}
	if os.Geteuid() != 0 {
		path := "/dev/" + name
		if fi, err := os.Stat(path); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
			t.Skipf("no %s device here", path)
		}
		return path
	}
	path := filepath.Join(t.TempDir(), name)
	if err := syscall.Mknod(path, syscall.S_IFCHR|0o666, 1<<8|minor); err != nil {
		t.Skipf("cannot make a %s device node: %v", name, err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("device nodes do not open in %s: %v", filepath.Dir(path), err)
	}
	f.Close()
	return path
}
