package twobytwo

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

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
		err := fileiotest.Within(t, "Load("+c.file+")", func() error {
			_, err := Load(c.file)
			return err
		})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Load(%s): %v, want an error saying %q", c.file, err, c.want)
		}
	}
}

// hostileUnits is a scenario whose first side lists n units, each with a
// 100-character label and an HQ no unit has: every HQ was compared with
// every label by edit distance, 0.6 s for 200 units and hours for a
// megabyte.
func hostileUnits(n int) []byte {
	var b strings.Builder
	b.WriteString("title: x\nsides:\n  - name: a\n    units:\n")
	for i := range n {
		b.WriteString("      - {label: " + strings.Repeat("L", 100) + strconv.Itoa(i) + ", type: line infantry, hq: " + strings.Repeat("H", 100) + strconv.Itoa(i) + "}\n")
	}
	b.WriteString("    points:\n      - {edge: south, at: 6, queue: [" + strings.Repeat("nobody, ", n) + "]}\n")
	b.WriteString("  - name: b\n    units: []\n")
	return []byte(b.String())
}

// TestParseBoundsItsWork: a file's units and queues are read up to what a
// game holds, its problems up to maxProblems, and text past the file size
// limit not at all; the work of reading any file is then bounded.
func TestParseBoundsItsWork(t *testing.T) {
	_, err := Parse("units.yaml", hostileUnits(3000))
	var pe *Error
	if !errors.As(err, &pe) {
		t.Fatalf("error %v", err)
	}
	if len(pe.Problems) > maxProblems+1 {
		t.Errorf("%d problems, want at most %d and a count of the rest", len(pe.Problems), maxProblems)
	}
	var keys strings.Builder
	keys.WriteString("title: x\n")
	for i := range 500 {
		keys.WriteString("key" + strconv.Itoa(i) + ": 1\n")
	}
	_, err2 := Parse("keys.yaml", []byte(keys.String()))
	var ke *Error
	if !errors.As(err2, &ke) || len(ke.Problems) != maxProblems+1 || !strings.Contains(ke.Problems[maxProblems].Message, "and 401 more problems") {
		t.Errorf("500 unknown keys: %d problems, want %d and a count of the rest", len(ke.Problems), maxProblems)
	}
	found := false
	for _, p := range pe.Problems {
		found = found || strings.Contains(p.Message, "side \"a\" has 3000 units") && strings.Contains(p.Fix, "at most 64")
	}
	if !found {
		t.Errorf("no problem about the number of units:\n%v", err)
	}
	if _, err := Parse("big.yaml", make([]byte, scenarios.MaxFileSize+1)); err == nil || !strings.Contains(err.Error(), "over the 1048576 byte limit") {
		t.Errorf("a text over the size limit: %v", err)
	}
	if _, err := ParseArmy("big.yaml", make([]byte, scenarios.MaxFileSize+1)); err == nil || !strings.Contains(err.Error(), "over the 1048576 byte limit") {
		t.Errorf("an army text over the size limit: %v", err)
	}
}

// BenchmarkParseHostileUnits reads a megabyte of units with long labels
// and unknown HQs.
func BenchmarkParseHostileUnits(b *testing.B) {
	data := hostileUnits(4000)
	for b.Loop() {
		_, _ = Parse("units.yaml", data)
	}
}
