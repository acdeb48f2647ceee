package protocol

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/grognard/grognard/agents/protocol/wire"
)

// Serve runs the protocol: one request per line from in, one reply per
// request to out, until quit, the end of in, or ctx ends. A malformed,
// unknown or illegal request gets an error reply and the session goes on;
// only a failure to read in or write out ends Serve with an error.
func Serve(ctx context.Context, sess *Session, in io.Reader, out io.Writer) error {
	rd := wire.NewReader(in, wire.MaxRequest, "request")
	w := bufio.NewWriter(out)
	// Lines are read in their own goroutine so that cancelling ctx
	// (Ctrl-C) ends a session waiting for input at once; the reader ends
	// with the input, or with the program. It reads the next line only
	// when asked, so the line it gave is not overwritten while in use.
	type read struct {
		line []byte
		err  error
	}
	lines := make(chan read)
	next := make(chan struct{}, 1)
	done := make(chan struct{})
	go func() {
		for range next {
			line, err := rd.ReadLine()
			select {
			case lines <- read{line, err}:
			case <-done:
				return
			}
			if err != nil && wire.CodeOf(err) != wire.TooLong {
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
		mode := sess.Mode()
		var req Request
		var perr error
		switch {
		case r.err == nil && mode == JSON:
			req, perr = wire.ParseJSON(r.line)
		case r.err == nil:
			req, perr = wire.ParseText(string(r.line))
		case wire.CodeOf(r.err) == wire.TooLong:
			perr = r.err // refused unread; the session goes on
		case errors.Is(r.err, io.EOF):
			return w.Flush()
		default:
			return fmt.Errorf("read request: %w", r.err)
		}
		if errors.Is(perr, wire.ErrEmpty) {
			continue
		}
		var rep Reply
		if perr == nil {
			rep, perr = sess.Execute(ctx, req)
		}
		var s string
		if mode == JSON {
			s = wire.FormatJSON(req.ID, rep, perr)
		} else {
			s = wire.FormatText(req.ID, rep, perr)
		}
		if _, werr := w.WriteString(s); werr != nil {
			return fmt.Errorf("write reply: %w", werr)
		}
		if werr := w.Flush(); werr != nil {
			return fmt.Errorf("write reply: %w", werr)
		}
	}
	return w.Flush()
}
