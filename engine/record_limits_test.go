package engine

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// endless is a reader that never ends, like /dev/zero, of one byte.
type endless struct {
	b byte
	n int64
}

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = e.b
	}
	e.n += int64(len(p))
	return len(p), nil
}

// heapGrowth runs f and returns how much the heap in use grew, to show a
// refused input was never held whole.
func heapGrowth(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	if after.TotalAlloc < before.TotalAlloc {
		return 0
	}
	return after.TotalAlloc - before.TotalAlloc
}

func TestReadRecordsRefusesEndlessLine(t *testing.T) {
	z := &endless{}
	var err error
	alloc := heapGrowth(func() { _, err = ReadRecords(z) })
	if err == nil || !strings.Contains(err.Error(), "16 MiB") {
		t.Fatalf("an endless line: got %v, want an error naming the 16 MiB limit", err)
	}
	if z.n > 2*MaxRecordLine {
		t.Errorf("read %d bytes before refusing", z.n)
	}
	if alloc > 3*MaxRecordLine {
		t.Errorf("allocated %d bytes to refuse a line", alloc)
	}
}

func TestReadRecordsRefusesEndlessBlankLines(t *testing.T) {
	z := &endless{b: '\n'}
	_, err := ReadRecords(z)
	if err == nil || !strings.Contains(err.Error(), "more than 1000000 lines") {
		t.Fatalf("endless blank lines: got %v, want an error naming the line limit", err)
	}
	if z.n > 2*MaxRecordLines {
		t.Errorf("read %d bytes to refuse %d lines", z.n, MaxRecordLines)
	}
}

func TestReadRecordsRefusesTooManyBytes(t *testing.T) {
	// Lines of 1 MiB spaces: few lines, many bytes.
	line := append(bytes.Repeat([]byte(" "), 1<<20-1), '\n')
	r := io.MultiReader(&repeat{b: line, n: MaxRecordBytes/len(line) + 2})
	_, err := ReadRecords(r)
	if err == nil || !strings.Contains(err.Error(), "over 1 GiB") {
		t.Fatalf("got %v, want an error naming the 1 GiB limit", err)
	}
}

// repeat reads b n times.
type repeat struct {
	b   []byte
	n   int
	off int
}

func (r *repeat) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	k := copy(p, r.b[r.off:])
	r.off += k
	if r.off == len(r.b) {
		r.off, r.n = 0, r.n-1
	}
	return k, nil
}

func TestReadRecordsStopsWhenContextEnds(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		line := append(bytes.Repeat([]byte(" "), 1<<20-1), '\n')
		_, err := ReadRecordsContext(ctx, &repeat{b: line, n: 1 << 20})
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "deadline") {
			t.Fatalf("got %v, want the context's error", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("reading did not stop with its context")
	}
}

// TestReadRecordFileGzipBomb writes 4 GiB of zeros gzipped (4 MiB on
// disk: 4096 gzip members of 1 MiB each): it must be refused at the line
// limit without decompressing it all or holding it (the scanner it
// replaced took 20 s over 100 MB, quadratic in the length).
func TestReadRecordFileGzipBomb(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bomb.jsonl.gz")
	var member bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&member, gzip.BestCompression)
	if _, err := io.CopyN(zw, &endless{}, 1<<20); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, bytes.Repeat(member.Bytes(), 4096), 0o644); err != nil {
		t.Fatal(err)
	}
	var err error
	alloc := heapGrowth(func() { _, err = ReadRecordFile(path) })
	if err == nil || !strings.Contains(err.Error(), "longer than 16 MiB") {
		t.Fatalf("a gzip bomb: got %v, want the line limit", err)
	}
	// The line doubles to the limit: some 32 MiB allocated in all, never
	// more than 16 MiB held, against 4 GiB in the file.
	if alloc > 3*MaxRecordLine {
		t.Errorf("allocated %d bytes to refuse a gzip bomb", alloc)
	}
}

func TestReadRecordFileRefusesFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "records")
	if err := mkfifo(fifo); err != nil {
		t.Skipf("no FIFOs: %v", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := ReadRecordFile(fifo)
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "FIFO") {
			t.Fatalf("got %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("reading a FIFO blocked")
	}
}

func TestReadRecordsKeepsGoodFiles(t *testing.T) {
	in := "\n" + `{"ruleset":"twobytwo","turns":3}` + "\r\n  \n" + `{"ruleset":"twobytwo","turns":4}`
	recs, err := ReadRecords(strings.NewReader(in))
	if err != nil || len(recs) != 2 || recs[1].Turns != 4 {
		t.Fatalf("got %d records, %v", len(recs), err)
	}
}
