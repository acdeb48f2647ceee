package twobytwo

import (
	"fmt"

	"github.com/grognard/grognard/scenarios"
	"github.com/grognard/grognard/scenarios/yamlread"
)

// Problem is one thing wrong in a scenario or army file, at a place in it.
type Problem = yamlread.Problem

// Error lists every problem found in one file, in file order.
type Error = yamlread.Error

// mapping is a YAML mapping whose keys were checked against those a
// section allows.
type mapping = yamlread.Mapping

// pointFix is the fix for a point that is not [x, y].
const pointFix = "write it as [x, y] in inches from the south-west corner"

// reader walks a YAML node tree and collects problems with their places.
type reader struct {
	yamlread.Reader
}

// newReader is a reader whose points are in this ruleset's units.
func newReader() *reader {
	return &reader{Reader: yamlread.Reader{PointFix: pointFix}}
}

// maxProblems bounds the problems one file reports, so a hostile file
// cannot make a huge message.
const maxProblems = 100

// errorFor is the problems found in file order as an *Error: at most
// maxProblems of them and a last one saying how many more there were.
func (r *reader) errorFor(source string) *Error {
	ps := r.Sorted()
	if len(ps) > maxProblems {
		more := len(ps) - maxProblems
		ps = append(ps[:maxProblems:maxProblems], Problem{Message: fmt.Sprintf("and %d more problems", more), Fix: "fix these first"})
	}
	return &Error{Source: source, Problems: ps}
}

// tooLarge reports data over scenarios.MaxFileSize, which Load and
// LoadArmy refuse to read: text given directly is bounded the same.
func (r *reader) tooLarge(data []byte, what string) bool {
	if len(data) <= scenarios.MaxFileSize {
		return false
	}
	r.Add(nil, "a "+what+" is a few kilobytes", "the text is %d bytes, over the %d byte limit", len(data), scenarios.MaxFileSize)
	return true
}
