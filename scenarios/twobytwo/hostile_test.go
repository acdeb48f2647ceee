package twobytwo

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/grognard/grognard/engine/fileio/fileiotest"
	"github.com/grognard/grognard/scenarios"
)

// TestLoadRefusesFIFOAndDevices: a scenario named as a FIFO blocked for
// ever in open; it and an endless device are now refused at once.
func TestLoadRefusesFIFOAndDevices(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "battle.yaml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(t.TempDir(), "big.yaml")
	if err := os.WriteFile(big, make([]byte, scenarios.MaxFileSize+1), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ file, want string }{{fifo, "a FIFO"}, {"/dev/zero", "a character device"}, {big, "over 1048576 bytes"}} {
		err := fileiotest.Within(t, 5*time.Second, "Load("+c.file+")", func() error {
			_, err := Load(c.file)
			return err
		})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Load(%s): %v, want an error saying %q", c.file, err, c.want)
		}
	}
}
