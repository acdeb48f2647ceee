// Package armylist reads army lists kept as YAML data files compiled into
// the binary (go:embed), for every ruleset's armies package: the data is
// parsed once, on first use, within one size bound, and a simple list
// format can be decoded strictly (one plain document, no unknown fields)
// straight into Go values. It knows no ruleset; each armies package gives
// it its data and its own parser when it reports problems its own way
// (Drums and Muskets' lists do, with a kind and a fix for each).
package armylist

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"

	"github.com/grognard/grognard/scenarios/yamlread"
)

// MaxFileSize bounds a list file: lists are tens of kilobytes.
const MaxFileSize = 1 << 20

// Decode reads data, a list file named source in messages, into v: at
// most MaxFileSize bytes of exactly one YAML document, with no anchors or
// aliases (reading any input is bounded work) and no key that v's fields
// do not name (a misspelt key is an error, not a silently missing value).
// Problems come back as a *yamlread.Error, each with its line.
func Decode(source string, data []byte, v any) error {
	r := yamlread.Reader{}
	if len(data) > MaxFileSize {
		r.Add(nil, "keep list files under 1 MiB", "the file is %d bytes, over the %d byte limit", len(data), MaxFileSize)
		return &yamlread.Error{Source: source, Problems: r.Problems}
	}
	if r.Document(data, "the built-in list file") == nil {
		return &yamlread.Error{Source: source, Problems: r.Sorted()}
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		return &yamlread.Error{Source: source, Problems: decodeProblems(err)}
	}
	return nil
}

// lineMessage is a decoder message "line N: what".
var lineMessage = regexp.MustCompile(`^line (\d+): (.*)$`)

// decodeProblems are a decoding error's problems: one for each value of
// the wrong shape or unknown key, at its line.
func decodeProblems(err error) []yamlread.Problem {
	const fix = "use the keys and shapes of the built-in lists"
	var te *yaml.TypeError
	if !errors.As(err, &te) {
		p := yamlread.Problem{Message: strings.TrimPrefix(err.Error(), "yaml: "), Fix: fix}
		if line, given := yamlread.SyntaxLine(err); given {
			p.Line, p.Column = line, 1
		}
		return []yamlread.Problem{p}
	}
	ps := make([]yamlread.Problem, 0, len(te.Errors))
	for _, msg := range te.Errors {
		p := yamlread.Problem{Message: msg, Fix: fix}
		if m := lineMessage.FindStringSubmatch(msg); m != nil {
			p.Line, _ = strconv.Atoi(m[1])
			p.Column, p.Message = 1, m[2]
		}
		ps = append(ps, p)
	}
	return ps
}

// Embedded is list data compiled into the binary, parsed once on first
// use and then shared: callers copy what they hand out.
type Embedded[T any] struct {
	source string
	data   []byte
	parse  func(source string, data []byte) (T, error)

	once sync.Once
	v    T
	err  error
}

// NewEmbedded is the embedded data named source (its file name, for
// messages) read by parse.
func NewEmbedded[T any](source string, data []byte, parse func(source string, data []byte) (T, error)) *Embedded[T] {
	return &Embedded[T]{source: source, data: data, parse: parse}
}

// Get is the parsed data, parsed on the first call.
func (e *Embedded[T]) Get() (T, error) {
	e.once.Do(func() { e.v, e.err = e.parse(e.source, e.data) })
	return e.v, e.err
}

// Must is Get for data the package's tests check: should it ever fail to
// parse, Must panics with the problems, as regexp.MustCompile does for a
// bad constant.
func (e *Embedded[T]) Must() T {
	v, err := e.Get()
	if err != nil {
		panic(fmt.Sprintf("the embedded army lists do not parse: %v", err))
	}
	return v
}
