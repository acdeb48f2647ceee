package wire

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// TestReader: lines come without their ends, a line over the bound is
// refused with code too-long and skipped, the lines after it still come,
// and a last line without an end is read before io.EOF.
func TestReader(t *testing.T) {
	in := "a\r\n" + strings.Repeat("x", 100) + "\nb\n\nlast"
	r := NewReader(strings.NewReader(in), 10, "request")
	var got []string
	for {
		line, err := r.ReadLine()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			if CodeOf(err) != TooLong || err.Error() != "the request line is longer than 10 bytes" {
				t.Fatalf("over-long line: %v (code %q)", err, CodeOf(err))
			}
			got = append(got, "TOO LONG")
			continue
		}
		got = append(got, string(line))
	}
	if want := []string{"a", "TOO LONG", "b", "", "last"}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("read %q, want %q", got, want)
	}
}

// endless is an input that never ends and never has a line end.
type endless struct{ n int }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	e.n += len(p)
	return len(p), nil
}

// TestReaderEndless: a line without an end is refused once it passes the
// bound, having read little more than the bound.
func TestReaderEndless(t *testing.T) {
	src := &endless{}
	_, err := NewReader(src, MaxReply, "reply").ReadLine()
	if CodeOf(err) != TooLong {
		t.Fatalf("endless line: %v", err)
	}
	if src.n > 2*MaxReply {
		t.Errorf("read %d bytes to refuse a line over %d", src.n, MaxReply)
	}
}
