package twobytwo

import "github.com/grognard/grognard/scenarios/yamlread"

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
