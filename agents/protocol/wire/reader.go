package wire

import (
	"errors"
	"io"

	"github.com/grognard/grognard/engine/fileio"
)

// The bounds on a line. A longer line is refused as soon as it passes the
// bound, never read into memory whole.
const (
	// MaxRequest bounds a request line a session reads: 1 MiB.
	MaxRequest = 1 << 20
	// MaxReply bounds a reply line read from an external bot: 4 MiB (a
	// reply may hold a position).
	MaxReply = 4 << 20
)

// Reader reads the protocol's lines, requests or replies, each of at most
// a given length, in time linear in the input.
type Reader struct {
	lr   *fileio.LineReader
	max  int
	what string
}

// NewReader reads lines of at most max bytes from r; what names them in
// the error for a longer one ("request", "reply").
func NewReader(r io.Reader, max int, what string) *Reader {
	return &Reader{lr: fileio.NewLineReader(r, max), max: max, what: what}
}

// ReadLine returns the next line without its end ("\n" or "\r\n"); the
// slice is valid until the next call. A line longer than the bound is an
// *Error with code TooLong ("the request line is longer than 1048576
// bytes"), given as soon as the bound is passed; the next call drops the
// rest of that line first, so reading may go on. At the end of the input
// it returns io.EOF (a last line without an end is returned first, with a
// nil error).
func (r *Reader) ReadLine() ([]byte, error) {
	line, err := r.lr.ReadLine()
	if errors.Is(err, fileio.ErrLineTooLong) {
		return nil, Errorf(TooLong, "the %s line is longer than %d bytes", r.what, r.max)
	}
	return line, err
}
