package grand

import "github.com/grognard/grognard/scenarios/yamlread"

// Problem is one thing wrong in a scenario file, at a place in it.
type Problem = yamlread.Problem

// Error lists every problem found in one file, in file order.
type Error = yamlread.Error

// mapping is a YAML mapping whose keys were checked against those a
// section allows.
type mapping = yamlread.Mapping

// reader walks a YAML node tree and collects problems with their places.
type reader struct {
	yamlread.Reader
}

// newReader is a reader for grand scenario files (which have no points).
func newReader() *reader { return &reader{} }
