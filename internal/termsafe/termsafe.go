// Package termsafe makes text from others safe to show on a terminal.
//
// Names, reasons and messages that reach grognard from outside (a
// ladder's worker names and refusal reasons, an external bot's output,
// an entrant's author, a scenario file's labels) may carry control
// characters: an escape sequence that clears the screen, retitles the
// window, rewrites what was printed before or, on some terminals, writes
// to the clipboard. Shown raw they act on the operator's terminal. Here
// every such character is written as a visible escape instead (ESC as
// \u001b, as JSON writes it), so the text reads as what it is and does
// nothing. A byte that is not UTF-8 is written \xNN.
//
// Kept as they are: printable text in any script, newline and tab.
// Escaped: the other C0 controls (carriage return included: it lets a
// line overwrite what was printed before it), DEL, the C1 controls
// (U+0080 to U+009F, which some terminals take as escape sequences), the
// bidirectional overrides and isolates (which reorder what a line seems
// to say) and bytes that are not UTF-8.
package termsafe

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"unicode/utf8"
)

// unsafe reports whether r must not reach a terminal as it is.
func unsafe(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return false
	case r < 0x20 || r == 0x7f:
		return true
	case r >= 0x80 && r <= 0x9f:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// escape writes r as a visible escape. It is written \uXXXX, as JSON
// writes a character: JSON output that carries a character the encoder
// leaves raw (DEL, the C1 controls, the bidirectional controls) stays
// valid JSON, with the same meaning, once escaped.
func escape(b *strings.Builder, r rune) { fmt.Fprintf(b, `\u%04x`, r) }

// String is s with every character unsafe on a terminal escaped, and
// every byte that is not UTF-8 written as \xNN. It returns s itself when
// there is nothing to escape.
func String(s string) string {
	clean := true
	for _, r := range s {
		if r == utf8.RuneError || unsafe(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unsafe(r):
			escape(&b, r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// Line is String with newlines escaped too: for a value shown inside one
// line (a name in a table, a reason after a colon), where a newline would
// start a line that seems to be the program's own.
func Line(s string) string {
	s = String(s)
	if !strings.Contains(s, "\n") {
		return s
	}
	return strings.ReplaceAll(s, "\n", `\n`)
}

// Writer passes what is written to W with every character unsafe on a
// terminal escaped, as String does. A UTF-8 sequence split between two
// writes is held until its end comes (or Flush), so it is judged whole.
// It is safe for concurrent use: each write reaches W whole.
type Writer struct {
	W  io.Writer
	mu sync.Mutex
	// held is the start of a UTF-8 sequence cut by the end of a write.
	held []byte
	buf  []byte
}

// NewWriter is a Writer to w.
func NewWriter(w io.Writer) *Writer { return &Writer{W: w} }

// Write escapes p and writes it to W. It reports len(p) on success, as
// the escaped text may be longer than p.
func (w *Writer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	data := p
	if len(w.held) > 0 {
		data = append(append([]byte(nil), w.held...), p...)
		w.held = w.held[:0]
	}
	// A sequence cut at the end is held for the next write.
	cut := len(data)
	for k := len(data) - 1; k >= 0 && k >= len(data)-utf8.UTFMax; k-- {
		if utf8.RuneStart(data[k]) {
			if !utf8.FullRune(data[k:]) {
				cut = k
			}
			break
		}
	}
	out := w.buf[:0]
	start := 0
	flush := func(end int) { out = append(out, data[start:end]...) }
	for i := 0; i < cut; {
		c := data[i]
		if c >= 0x20 && c < 0x7f || c == '\n' || c == '\t' {
			i++
			continue
		}
		r, n := utf8.DecodeRune(data[i:cut])
		if r == utf8.RuneError && n <= 1 {
			flush(i)
			out = fmt.Appendf(out, `\x%02x`, c)
			i++
			start = i
			continue
		}
		if unsafe(r) {
			flush(i)
			out = fmt.Appendf(out, `\u%04x`, r)
			start = i + n
		}
		i += n
	}
	flush(cut)
	w.held = append(w.held, data[cut:]...)
	w.buf = out
	if _, err := w.W.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes what is held of a cut UTF-8 sequence, escaped as bytes
// that are not UTF-8: the output ended inside it.
func (w *Writer) Flush() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.held) == 0 {
		return nil
	}
	var b strings.Builder
	for _, c := range w.held {
		fmt.Fprintf(&b, `\x%02x`, c)
	}
	w.held = w.held[:0]
	_, err := io.WriteString(w.W, b.String())
	return err
}

// FindControl finds the first character of s that one line of text
// given by someone (a label, a name, a field of a file) may not hold, and
// its byte offset: every character String escapes, and newline and tab
// besides, which would break the line or a table's columns.
func FindControl(s string) (r rune, at int, found bool) {
	for i, r := range s {
		if r == '\n' || r == '\t' || unsafe(r) {
			return r, i, true
		}
	}
	return 0, 0, false
}

// Clip is Line(s) cut to at most n bytes, on a character's boundary,
// with "…" ending it when it was cut: a value from others shown on one
// line, whose length they must not choose (a name in a table, a reason
// in a log). The input is cut before it is escaped too, so a huge value
// costs no more than n.
func Clip(s string, n int) string {
	if len(s) > 4*n {
		// An escape is at most six bytes for a character of at least
		// two, or four for a byte: what lies past 4n is cut anyway.
		s = s[:4*n]
	}
	s = Line(s)
	if len(s) <= n {
		return s
	}
	const more = "…"
	cut := max(n-len(more), 0)
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + more
}
