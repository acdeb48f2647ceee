package protocol

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
)

// Serve runs the protocol: one request per line from in, one reply per
// request to out, until quit, the end of in, or ctx ends. A malformed,
// unknown or illegal request gets an error reply and the session goes on;
// only a failure to read in or write out ends Serve with an error.
func Serve(ctx context.Context, sess *Session, in io.Reader, out io.Writer) error {
	rd := bufio.NewReaderSize(in, 64<<10)
	w := bufio.NewWriter(out)
	// Lines are read in their own goroutine so that cancelling ctx
	// (Ctrl-C) ends a session waiting for input at once; the reader ends
	// with the input, or with the program.
	type read struct {
		line    []byte
		tooLong bool
		err     error
	}
	lines := make(chan read)
	next := make(chan struct{}, 1)
	done := make(chan struct{})
	go func() {
		for range next {
			line, tooLong, err := readLine(rd)
			select {
			case lines <- read{line, tooLong, err}:
			case <-done:
				return
			}
			if err != nil {
				return
			}
		}
	}()
	defer close(next)
	defer close(done)
	for !sess.Done() {
		next <- struct{}{}
		var r read
		select {
		case <-ctx.Done():
			return w.Flush()
		case r = <-lines:
		}
		line, tooLong, err := r.line, r.tooLong, r.err
		if err != nil && len(line) == 0 && !tooLong {
			if errors.Is(err, io.EOF) {
				return w.Flush()
			}
			return fmt.Errorf("read request: %w", err)
		}
		mode := sess.Mode()
		var req Request
		var perr error
		if tooLong {
			perr = fmt.Errorf("the request line is longer than %d bytes", maxLine)
		} else if mode == JSON {
			req, perr = ParseJSON(line)
		} else {
			req, perr = ParseText(string(line))
		}
		if errors.Is(perr, errEmpty) {
			if err != nil {
				return w.Flush()
			}
			continue
		}
		var rep Reply
		if perr == nil {
			rep, perr = sess.Execute(ctx, req)
		}
		var s string
		if mode == JSON {
			s = FormatJSON(req.ID, rep, perr)
		} else {
			s = FormatText(req.ID, rep, perr)
		}
		if _, werr := w.WriteString(s); werr != nil {
			return fmt.Errorf("write reply: %w", werr)
		}
		if werr := w.Flush(); werr != nil {
			return fmt.Errorf("write reply: %w", werr)
		}
		if err != nil {
			return nil // the last line had no newline: it was served, now stop
		}
	}
	return w.Flush()
}

// readLine reads one line without its end, dropping the rest of a line
// longer than maxLine (reported by tooLong) so that one bad request
// cannot exhaust memory.
func readLine(rd *bufio.Reader) (line []byte, tooLong bool, err error) {
	for {
		chunk, isPrefix, err := rd.ReadLine()
		if len(line)+len(chunk) > maxLine {
			tooLong = true
		} else {
			line = append(line, chunk...)
		}
		if err != nil {
			return line, tooLong, err
		}
		if !isPrefix {
			if tooLong {
				line = nil
			}
			return line, tooLong, nil
		}
	}
}
