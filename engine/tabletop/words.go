// Package tabletop reads and writes what a person at a real table types
// and reads: words with quoted labels, lengths in the units a ruleset
// declares (engine.Measurer), points, facings and labels, and numbers
// rounded to what a ruler measures. The rulesets' free-text parsers
// (engine.FreeForm, engine.Corrector, engine.LengthReader) are built on
// it, so every ruleset splits, quotes, converts and matches the same
// way. It imports no ruleset.
package tabletop

import (
	"fmt"
	"unicode/utf8"
)

// Word is one word of a person's text: its text without the quotes, and
// whether it was quoted (a quoted word is a label, never a keyword).
type Word struct {
	Text   string
	Quoted bool
}

// sep reports whether c separates words: white space and commas, so
// "12.5,8" and "12.5 8" read alike.
func sep(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',' }

// Split splits a person's text into words at spaces and commas. A word
// that starts with a double or single quote runs to the next like quote
// that ends a word (followed by a separator or the end), so "F3 Line" and
// 'F3 Line' are one word each, "" an empty one, while an inch mark (3")
// or an apostrophe inside a word (King's) stays as it is. A quote left
// open is an error saying where it opened.
func Split(text string) ([]Word, error) {
	var words []Word
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case sep(c):
			i++
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(text) && !(text[j] == c && (j+1 == len(text) || sep(text[j+1]))) {
				j++
			}
			if j == len(text) {
				name := "double"
				if c == '\'' {
					name = "single"
				}
				return nil, fmt.Errorf("the %s quote at character %d is not closed: write the label as %c%s%c", name, utf8.RuneCountInString(text[:i])+1, c, clip(text[i+1:]), c)
			}
			words = append(words, Word{Text: text[i+1 : j], Quoted: true})
			i = j + 1
		default:
			j := i
			for j < len(text) && !sep(text[j]) {
				j++
			}
			words = append(words, Word{Text: text[i:j]})
			i = j
		}
	}
	return words, nil
}

// Words is Split's words without the quoting.
func Words(text string) ([]string, error) {
	ws, err := Split(text)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(ws))
	for k, w := range ws {
		out[k] = w.Text
	}
	return out, nil
}

// Texts is the text of each word.
func Texts(ws []Word) []string {
	out := make([]string, len(ws))
	for k, w := range ws {
		out[k] = w.Text
	}
	return out
}

// clip shortens a quoted fragment for an error message, keeping whole
// runes.
func clip(s string) string {
	const most = 24
	if utf8.RuneCountInString(s) <= most {
		return s
	}
	n := 0
	for k := range s {
		if n == most {
			return s[:k] + "..."
		}
		n++
	}
	return s
}
