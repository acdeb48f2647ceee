package tournaments

import (
	"bufio"
	"context"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/fileio"
	"github.com/grognard/grognard/engine/fileio/fileiotest"
)

// TestResumeRefusesFIFO: --records naming a FIFO is refused at once,
// not waited on for a writer that never comes.
func TestResumeRefusesFIFO(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.jsonl")
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	cfg := small(path)
	cfg.Resume = true
	tm := mustNew(t, cfg)
	err := fileiotest.Within(t, "resume from a FIFO", func() error {
		_, err := tm.Run(context.Background())
		return err
	})
	if !errors.Is(err, fileio.ErrNotRegular) {
		t.Fatalf("resume from a FIFO: %v, want a refusal naming a regular file", err)
	}
}

// TestReadGameRecordsBounded: a line with no end is refused once it passes
// the record line limit, having read little more than the limit.
func TestReadGameRecordsBounded(t *testing.T) {
	src := &fileiotest.Zeros{} // one line that never ends
	_, err := ReadGameRecords(src)
	if !errors.Is(err, fileio.ErrTooLarge) {
		t.Fatalf("an endless line: %v, want a refusal over the limit", err)
	}
	if src.N > engine.MaxRecordLine+1<<20 {
		t.Errorf("read %d bytes of an endless line, want about the %d-byte limit", src.N, engine.MaxRecordLine)
	}
}

// TestReadRecordLine: lines come back whole with their ends, across the
// reader's buffer, and a torn last line comes with io.EOF.
func TestReadRecordLine(t *testing.T) {
	long := strings.Repeat("y", 3*4096+17)
	rd := bufio.NewReaderSize(strings.NewReader("a\n"+long+"\ntorn"), 4096)
	var buf []byte
	var got []string
	for {
		line, grown, err := readRecordLine(rd, buf)
		buf = grown
		got = append(got, string(line))
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	want := []string{"a\n", long + "\n", "torn"}
	if len(got) != len(want) {
		t.Fatalf("got %d lines, want %d", len(got), len(want))
	}
	for k := range want {
		if got[k] != want[k] {
			t.Errorf("line %d: got %d bytes, want %d", k, len(got[k]), len(want[k]))
		}
	}
}
