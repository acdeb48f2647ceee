package scenarios

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestLoadRefusesFIFOAndDevices: a scenario named as a FIFO blocked for
// ever in open; it and an endless device are now refused at once.
func TestLoadRefusesFIFOAndDevices(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "battle.yaml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(t.TempDir(), "big.yaml")
	if err := os.WriteFile(big, make([]byte, MaxFileSize+1), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ file, want string }{{fifo, "a FIFO"}, {"/dev/zero", "a character device"}, {big, "over 1048576 bytes"}} {
		done := make(chan error, 1)
		go func() {
			_, err := Load(c.file)
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Load(%s): %v, want an error saying %q", c.file, err, c.want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("Load(%s) blocked", c.file)
		}
	}
}
