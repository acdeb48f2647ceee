// Package fileio reads and writes the files a user or a bot hands
// grognard (saved games, records, scenarios, pictures) as if each were
// hostile: every read has a size limit and stops when its context ends,
// only regular files are read by name (a FIFO or a device would block or
// never end), and a write never replaces a symlink or a device.
//
// Writes to a regular file (or a new one) go through a temporary file in
// the same directory and a rename, so a crash leaves the old file or the
// new one, never half of one. A symlink is followed and its target
// written the same way; the link stays. A device or a FIFO (/dev/null,
// /dev/stdout) is written through and never replaced.
package fileio

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// ErrTooLarge is wrapped by every error that refuses an input over its
// limit.
var ErrTooLarge = errors.New("over the size limit")

// ErrNotRegular is wrapped when a named input is not a regular file.
var ErrNotRegular = errors.New("not a regular file")

// Open opens the file at path for reading, refusing at once anything that
// is not a regular file: a FIFO (whose open or read could block for ever),
// a device such as /dev/zero (which never ends), a socket or a directory.
// The open itself never blocks (O_NONBLOCK), and the check is made on the
// opened file, so the file cannot be swapped between check and read.
func Open(path string) (*os.File, error) {
	return regularOnly(os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0))
}

// OpenIn opens the file name inside root for reading as Open does: the
// open never blocks (O_NONBLOCK: a FIFO's open would wait for a writer,
// holding a thread and a descriptor for as long), and anything that is
// not a regular file is refused, checked on the opened file. root
// confines name as os.Root does (no "..", absolute path or symlink
// leaves it).
func OpenIn(root *os.Root, name string) (*os.File, error) {
	return regularOnly(root.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0))
}

// regularOnly is f, just opened, when it is a regular file; anything else
// is closed and refused, naming what it is.
func regularOnly(f *os.File, err error) (*os.File, error) {
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, &fs.PathError{Op: "read", Path: f.Name(), Err: fmt.Errorf("%w (it is %s): give the name of a file", ErrNotRegular, kind(fi.Mode()))}
	}
	return f, nil
}

// CountingReader counts the bytes read through it, in N.
type CountingReader struct {
	R io.Reader
	N int64
}

// Read reads from R and counts what it read.
func (c *CountingReader) Read(p []byte) (int, error) {
	n, err := c.R.Read(p)
	c.N += int64(n)
	return n, err
}

// kind names a file mode for a message.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeSymlink != 0:
		return "a symlink"
	}
	return "not a regular file"
}

// ReadFile reads the regular file at path, refusing one over limit bytes
// (the error names the limit and wraps ErrTooLarge) and stopping when ctx
// ends. what names the file's kind in messages ("saved game").
func ReadFile(ctx context.Context, path string, limit int64, what string) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := ReadAll(ctx, f, limit)
	if errors.Is(err, ErrTooLarge) {
		return nil, fmt.Errorf("%s: a %s is at most %s: %w", path, what, Size(limit), ErrTooLarge)
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return b, nil
}

// ReadAll reads r to its end, at most limit bytes: one byte more is an
// error wrapping ErrTooLarge. It checks ctx between reads.
func ReadAll(ctx context.Context, r io.Reader, limit int64) ([]byte, error) {
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(Limit(ctx, r, limit)); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Limit returns a reader of r that fails with an error wrapping
// ErrTooLarge once more than limit bytes were read (a decompressed stream
// that would not stop, an endless device), and with ctx's error once ctx
// ends, checked before every read.
func Limit(ctx context.Context, r io.Reader, limit int64) io.Reader {
	return &limitReader{ctx: ctx, r: r, left: limit, limit: limit}
}

type limitReader struct {
	ctx   context.Context
	r     io.Reader
	left  int64
	limit int64
}

func (l *limitReader) Read(p []byte) (int, error) {
	if err := l.ctx.Err(); err != nil {
		return 0, fmt.Errorf("reading stopped: %w", err)
	}
	if l.left < 0 {
		return 0, fmt.Errorf("the input is longer than %s: %w", Size(l.limit), ErrTooLarge)
	}
	// Read one byte past the limit to tell "exactly limit" from "more".
	if int64(len(p)) > l.left+1 {
		p = p[:l.left+1]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	if l.left < 0 {
		return n + int(l.left), fmt.Errorf("the input is longer than %s: %w", Size(l.limit), ErrTooLarge)
	}
	return n, err
}

// Interruptible returns a reader of r whose Read returns as soon as ctx
// ends, even while r blocks (standard input from a terminal or a pipe that
// never writes). Each read goes through a goroutine and a buffer of its
// own, so an abandoned read never writes into the caller's memory; after
// ctx ends the reader is done.
func Interruptible(ctx context.Context, r io.Reader) io.Reader {
	return &interruptible{ctx: ctx, r: r}
}

type interruptible struct {
	ctx  context.Context
	r    io.Reader
	buf  []byte
	done chan readResult
}

type readResult struct {
	n   int
	err error
}

func (ir *interruptible) Read(p []byte) (int, error) {
	if err := ir.ctx.Err(); err != nil {
		return 0, fmt.Errorf("reading stopped: %w", err)
	}
	if ir.done == nil {
		ir.done = make(chan readResult, 1)
	}
	if cap(ir.buf) < len(p) {
		ir.buf = make([]byte, len(p))
	}
	buf := ir.buf[:len(p)]
	go func() {
		n, err := ir.r.Read(buf)
		ir.done <- readResult{n, err}
	}()
	select {
	case res := <-ir.done:
		copy(p, buf[:res.n])
		return res.n, res.err
	case <-ir.ctx.Done():
		// The goroutine owns buf now: never reuse it.
		ir.buf = nil
		return 0, fmt.Errorf("reading stopped: %w", ir.ctx.Err())
	}
}

// Size writes a byte count for a message: 16 MiB, 1 GiB, 512 bytes.
func Size(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// ErrLineTooLong is wrapped by LineReader when a line is over its limit.
var ErrLineTooLong = errors.New("line over the length limit")

// LineReader reads lines of at most a given length in time linear in the
// input, however long a line without an end is (bufio.Scanner searches
// its whole buffer again after every read, which is quadratic).
type LineReader struct {
	rd   *bufio.Reader
	max  int
	line []byte
	// skip is set after a line over the limit: the next read first
	// drops the rest of it.
	skip bool
}

// NewLineReader reads lines of at most max bytes (without the line end)
// from r.
func NewLineReader(r io.Reader, max int) *LineReader {
	return &LineReader{rd: bufio.NewReaderSize(r, 64<<10), max: max}
}

// ReadLine returns the next line without its end ("\n" or "\r\n"). The
// slice is valid until the next call. A line over the limit is reported
// as soon as the limit is passed, with an error wrapping ErrLineTooLong,
// and the next call drops the rest of it first, so reading may go on. At
// the end of the input it returns io.EOF (a last line without an end is
// returned first, with a nil error).
func (l *LineReader) ReadLine() ([]byte, error) {
	for l.skip {
		_, isPrefix, err := l.rd.ReadLine()
		if err != nil {
			return nil, err
		}
		l.skip = isPrefix
	}
	l.line = l.line[:0]
	for {
		chunk, isPrefix, err := l.rd.ReadLine()
		if len(l.line)+len(chunk) > l.max {
			l.line = l.line[:0]
			l.skip = isPrefix
			return nil, fmt.Errorf("a line is longer than %s: %w", Size(int64(l.max)), ErrLineTooLong)
		}
		if need := len(l.line) + len(chunk); need > cap(l.line) {
			// Double, up to the limit: append grows a large slice by a
			// quarter at a time, leaving four times the line in garbage.
			grown := make([]byte, len(l.line), min(max(2*cap(l.line), need), l.max))
			copy(grown, l.line)
			l.line = grown
		}
		l.line = append(l.line, chunk...)
		if err != nil {
			if errors.Is(err, io.EOF) && len(l.line) > 0 {
				return l.line, nil
			}
			return nil, err
		}
		if !isPrefix {
			return l.line, nil
		}
	}
}

// WriteFile writes data to the file at path without ever replacing what
// is not a regular file:
//   - a new name or a regular file: a temporary file in the same
//     directory, synced, then renamed onto path (the old file's
//     permissions are kept; a new one gets perm);
//   - a symlink: the same for the file it points to, which must exist;
//     the link stays;
//   - a device or a FIFO (/dev/null, /dev/stdout): written through, never
//     replaced; a FIFO that nothing reads is refused rather than waited on;
//   - a directory or a socket: refused.
//
// Every write, sync and close error is returned: a full disk is an error,
// never a file silently lost.
func WriteFile(path string, data []byte, perm fs.FileMode) error {
	if path == "" {
		return errors.New("no file name given")
	}
	target := path
	fi, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return writeAtomic(path, data, perm)
	case err != nil:
		return err
	case fi.Mode()&fs.ModeSymlink != 0:
		target, err = filepath.EvalSymlinks(path)
		if err != nil {
			return fmt.Errorf("%s is a symlink to a file that cannot be found (%v): give the file itself", path, err)
		}
		if fi, err = os.Stat(target); err != nil {
			return err
		}
	}
	m := fi.Mode()
	switch {
	case m.IsRegular():
		return writeAtomic(target, data, m.Perm())
	case m.IsDir():
		return fmt.Errorf("%s is a directory: give a file name", path)
	case m&(fs.ModeDevice|fs.ModeCharDevice|fs.ModeNamedPipe) != 0:
		return writeThrough(target, data)
	}
	return fmt.Errorf("%s is %s: give the name of a file", path, kind(m))
}

// writeAtomic writes through a temporary file and a rename onto path.
func writeAtomic(path string, data []byte, perm fs.FileMode) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, werr := f.Write(data)
	serr := f.Sync()
	cerr := f.Close()
	if err := errors.Join(werr, serr, cerr); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Chmod(tmp, perm); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// writeThrough writes into an existing device or FIFO without creating,
// truncating or replacing it.
func writeThrough(path string, data []byte) error {
	f, err := openWrite(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	cerr := f.Close()
	return errors.Join(werr, cerr)
}

// ErrWriter passes writes to W and keeps the first error, so a program
// that prints with fmt.Fprint and ignores each result can still tell at
// the end that its output was lost (a full disk, a closed pipe).
type ErrWriter struct {
	W   io.Writer
	Err error
}

// Write writes p to W, or fails at once after an earlier error.
func (e *ErrWriter) Write(p []byte) (int, error) {
	if e.Err != nil {
		return 0, e.Err
	}
	n, err := e.W.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	if err != nil {
		e.Err = err
	}
	return n, err
}

// OpenAppend opens the file at path to append to, creating it with perm:
// a FIFO that no program reads is refused instead of waited on, and a
// directory or a socket is refused.
func OpenAppend(path string, perm fs.FileMode) (*os.File, error) {
	return openWrite(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, perm)
}

// openWrite opens path for writing with flag without ever blocking: a
// FIFO that no program reads is refused (its open would wait for a reader
// for ever) instead of waited on.
func openWrite(path string, flag int, perm fs.FileMode) (*os.File, error) {
	f, err := os.OpenFile(path, flag|syscall.O_NONBLOCK, perm)
	if errors.Is(err, syscall.ENXIO) {
		return nil, fmt.Errorf("%s is a FIFO that no program reads: start the reader first, or give a file", path)
	}
	return f, err
}

// CheckWritable reports why path could not be written, without changing
// it or waiting: an existing file is opened for writing without being
// truncated (a FIFO that nobody reads is refused, as WriteFile refuses
// it), and a new one is created and removed again. Commands call it
// before long work, so that an output that cannot be written is found at
// once rather than after the game or search.
func CheckWritable(path string) error {
	fi, err := os.Stat(path)
	switch {
	case err == nil && fi.IsDir():
		return errors.New("it is a directory")
	case err == nil:
		f, err := openWrite(path, os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		return f.Close()
	case !errors.Is(err, fs.ErrNotExist):
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Remove(path)
}
