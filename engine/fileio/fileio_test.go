package fileio

import (
	"bytes"
	"context"
	"errors"
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

func TestLimitRefusesEndlessInput(t *testing.T) {
	z := &fileiotest.Zeros{}
	_, err := ReadAll(context.Background(), z, 1<<20)
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("endless input: got %v, want ErrTooLarge", err)
	}
	if !strings.Contains(err.Error(), "1 MiB") {
		t.Errorf("the error %q does not name the limit", err)
	}
	if z.N > 2<<20 {
		t.Errorf("read %d bytes to refuse a 1 MiB limit", z.N)
	}
}

func TestLimitTakesExactlyTheLimit(t *testing.T) {
	for _, n := range []int{0, 1, 4095, 4096, 4097} {
		b, err := ReadAll(context.Background(), bytes.NewReader(make([]byte, n)), 4096)
		if n <= 4096 && (err != nil || len(b) != n) {
			t.Errorf("%d bytes under a 4096 limit: got %d bytes, %v", n, len(b), err)
		}
		if n > 4096 && !errors.Is(err, ErrTooLarge) {
			t.Errorf("%d bytes over a 4096 limit: got %v", n, err)
		}
	}
}

func TestLimitStopsWhenContextEnds(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := ReadAll(ctx, &fileiotest.Zeros{}, 1<<40)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}

// TestInterruptibleReturnsWhileBlocked reads from a pipe nobody writes:
// the read must end when the context does.
func TestInterruptibleReturnsWhileBlocked(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := ReadAll(ctx, Interruptible(ctx, pr), 1<<20)
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("got %v, want the context's error", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the read did not end with its context")
	}
}

func TestLineReader(t *testing.T) {
	in := "short\r\n" + strings.Repeat("x", 100) + "\nlast"
	lr := NewLineReader(strings.NewReader(in), 10)
	var got []string
	for {
		l, err := lr.ReadLine()
		if errors.Is(err, io.EOF) {
			break
		}
		if errors.Is(err, ErrLineTooLong) {
			got = append(got, "TOO LONG")
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, string(l))
	}
	if want := "short|TOO LONG|last"; strings.Join(got, "|") != want {
		t.Fatalf("got %q, want %q", strings.Join(got, "|"), want)
	}
}

// TestLineReaderEndlessLine reads 64 MiB with no line end under a 1 MiB
// limit: it must be refused with small memory and in linear time (a
// bufio.Scanner growing its buffer searched it again after every read).
func TestLineReaderEndlessLine(t *testing.T) {
	r := io.LimitReader(&fileiotest.Zeros{}, 64<<20)
	lr := NewLineReader(r, 1<<20)
	_, err := lr.ReadLine()
	if !errors.Is(err, ErrLineTooLong) {
		t.Fatalf("got %v, want ErrLineTooLong", err)
	}
	if cap(lr.line) > 2<<20 {
		t.Errorf("the reader kept %d bytes for a line it refused", cap(lr.line))
	}
}

func TestOpenRefusesFIFOAndDevices(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	for _, path := range []string{fifo, "/dev/zero", dir} {
		if _, err := os.Stat(path); err != nil {
			continue
		}
		done := make(chan error, 1)
		go func() {
			_, err := ReadFile(context.Background(), path, 1<<20, "saved game")
			done <- err
		}()
		select {
		case err := <-done:
			if !errors.Is(err, ErrNotRegular) {
				t.Errorf("%s: got %v, want ErrNotRegular", path, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: the read blocked", path)
		}
	}
}

func TestReadFileNamesTheLimit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big")
	if err := os.WriteFile(path, make([]byte, 2000), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := ReadFile(context.Background(), path, 1000, "saved game")
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "saved game is at most 1000 bytes") {
		t.Fatalf("got %v", err)
	}
	b, err := ReadFile(context.Background(), path, 2000, "saved game")
	if err != nil || len(b) != 2000 {
		t.Fatalf("a file at the limit: %d bytes, %v", len(b), err)
	}
}

func TestWriteFileRegularIsReplacedAtomically(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.json")
	if err := WriteFile(path, []byte("one"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(path, []byte("two"), 0o644); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	fi, _ := os.Stat(path)
	if string(b) != "two" || fi.Mode().Perm() != 0o600 {
		t.Fatalf("got %q mode %v, want \"two\" mode 0600", b, fi.Mode().Perm())
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Fatalf("temporary files left behind: %v", ents)
	}
}

func TestWriteFileKeepsSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.json")
	link := filepath.Join(dir, "link.json")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(link, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Lstat(link)
	if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Fatalf("the symlink was replaced: %v %v", fi.Mode(), err)
	}
	if b, _ := os.ReadFile(target); string(b) != "new" {
		t.Fatalf("the target holds %q, want \"new\"", b)
	}
	dangling := filepath.Join(dir, "dangling")
	if err := os.Symlink(filepath.Join(dir, "nowhere", "x"), dangling); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(dangling, []byte("x"), 0o644); err == nil {
		t.Fatal("a dangling symlink was written")
	}
	if fi, err := os.Lstat(dangling); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Fatal("the dangling symlink was replaced")
	}
}

// TestWriteFileDevNull writes to a null device, which must stay the
// device. As root it is a node in a temporary directory (a rename onto
// the real /dev/null would replace it for the whole machine); otherwise
// /dev/null, which only root could replace.
func TestWriteFileDevNull(t *testing.T) {
	null := fileiotest.Device(t, "null")
	before, err := os.Stat(null)
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(null, []byte("nothing"), 0o644); err != nil {
		t.Fatal(err)
	}
	after, err := os.Stat(null)
	if err != nil || after.Mode()&fs.ModeCharDevice == 0 || !os.SameFile(before, after) {
		t.Fatalf("%s was replaced: %v, %v", null, after.Mode(), err)
	}
}

func TestWriteFileDevFull(t *testing.T) {
	full := fileiotest.Device(t, "full")
	err := WriteFile(full, []byte("lost"), 0o644)
	if fi, serr := os.Stat(full); serr != nil || fi.Mode()&fs.ModeCharDevice == 0 {
		t.Fatalf("%s was replaced", full)
	}
	if !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("got %v, want no space left on device", err)
	}
}

func TestWriteFileFIFOWithoutReader(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	done := make(chan error, 1)
	go func() { done <- WriteFile(fifo, []byte("x"), 0o644) }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "no program reads") {
			t.Fatalf("got %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the write blocked on a FIFO nobody reads")
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
		t.Fatal("the FIFO was replaced")
	}
}

func TestErrWriterKeepsFirstError(t *testing.T) {
	f, err := os.OpenFile(fileiotest.Device(t, "full"), os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := &ErrWriter{W: f}
	_, _ = w.Write([]byte("a"))
	_, _ = w.Write([]byte("b"))
	if !errors.Is(w.Err, syscall.ENOSPC) {
		t.Fatalf("got %v", w.Err)
	}
}

func TestOpenAppend(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "records.jsonl")
	for _, s := range []string{"a\n", "b\n"} {
		f, err := OpenAppend(path, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteString(s); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if b, _ := os.ReadFile(path); string(b) != "a\nb\n" {
		t.Fatalf("got %q", b)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenAppend(fifo, 0o644); err == nil || !strings.Contains(err.Error(), "no program reads") {
		t.Fatalf("a FIFO nobody reads: %v", err)
	}
}
