// Package yamlread walks YAML node trees for the scenario and army file
// readers, collecting every problem with its place so one pass reports all
// that is wrong with a file rather than the first thing. It knows no
// ruleset: the scenario packages give it their words.
package yamlread

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/grognard/grognard/engine/geom"
	"github.com/grognard/grognard/internal/termsafe"
)

// Problem is one thing wrong in a scenario or army file, at a place in it.
type Problem struct {
	Line, Column int    // 1-based; 0 when the problem concerns the whole file
	Message      string // what is wrong
	Fix          string // how to put it right
}

// String is "line L, column C: message; fix".
func (p Problem) String() string {
	var b strings.Builder
	if p.Line > 0 {
		fmt.Fprintf(&b, "line %d, column %d: ", p.Line, p.Column)
	}
	b.WriteString(p.Message)
	if p.Fix != "" {
		b.WriteString("; ")
		b.WriteString(p.Fix)
	}
	return b.String()
}

// Error lists every problem found in one file, in file order.
type Error struct {
	Source   string // the file name, or a description of the text
	Problems []Problem
}

// Error reports the problems one per line, each prefixed with the source
// and line so editors can jump to them.
func (e *Error) Error() string {
	var b strings.Builder
	n := len(e.Problems)
	fmt.Fprintf(&b, "%s: %d problem", e.Source, n)
	if n != 1 {
		b.WriteString("s")
	}
	for _, p := range e.Problems {
		b.WriteString("\n  ")
		b.WriteString(e.Source)
		if p.Line > 0 {
			fmt.Fprintf(&b, ":%d:%d", p.Line, p.Column)
		}
		b.WriteString(": ")
		b.WriteString(p.Message)
		if p.Fix != "" {
			b.WriteString("; ")
			b.WriteString(p.Fix)
		}
	}
	return b.String()
}

// Reader walks a YAML node tree and collects problems with their places,
// so that one pass reports everything wrong rather than the first thing.
// The zero Reader is ready to use.
type Reader struct {
	// Problems are those found so far, in the order found.
	Problems []Problem
	// PointFix is the fix Vec gives for a value that is not [x, y]: it
	// names the ruleset's unit and origin.
	PointFix string
}

// Add records a problem at node n (n may be nil for the whole file).
func (r *Reader) Add(n *yaml.Node, fix, format string, args ...any) {
	p := Problem{Message: fmt.Sprintf(format, args...), Fix: fix}
	if n != nil {
		p.Line, p.Column = n.Line, n.Column
	}
	r.Problems = append(r.Problems, p)
}

// Sorted returns the problems in file order; problems at one place keep
// the order they were found in.
func (r *Reader) Sorted() []Problem {
	sort.SliceStable(r.Problems, func(i, j int) bool {
		a, b := r.Problems[i], r.Problems[j]
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
	return r.Problems
}

// Mapping is a YAML mapping whose keys have been checked against the keys
// a section allows.
type Mapping struct {
	// Node is the mapping read, nil when none was given.
	Node   *yaml.Node
	values map[string]*yaml.Node
	keys   map[string]*yaml.Node
}

// Mapping reads n as a mapping with the allowed keys. Unknown keys are
// reported with the nearest allowed key as a suggestion; a node that is
// not a mapping gives an empty mapping after a problem is recorded.
func (r *Reader) Mapping(n *yaml.Node, what string, allowed ...string) Mapping {
	m := Mapping{Node: n, values: map[string]*yaml.Node{}, keys: map[string]*yaml.Node{}}
	if n == nil {
		return m
	}
	if n.Kind != yaml.MappingNode {
		r.Add(n, "write it as key: value lines", "%s must be a mapping, not %s", what, Describe(n))
		return m
	}
	for k := 0; k+1 < len(n.Content); k += 2 {
		kn, vn := n.Content[k], n.Content[k+1]
		if kn.Kind != yaml.ScalarNode {
			r.Add(kn, "use a plain word as the key", "%s has a key that is not a name", what)
			continue
		}
		key := kn.Value
		if _, dup := m.values[key]; dup {
			r.Add(kn, "remove one of them", "%s gives %q twice (first on line %d)", what, key, m.keys[key].Line)
			continue
		}
		if !Contains(allowed, key) {
			fix := "allowed keys: " + strings.Join(allowed, ", ")
			if s := Nearest(key, allowed); s != "" {
				fix = fmt.Sprintf("did you mean %q? (%s)", s, fix)
			}
			r.Add(kn, fix, "%s has an unknown key %q", what, key)
			continue
		}
		m.values[key], m.keys[key] = vn, kn
	}
	return m
}

// Get returns the value of key, or nil.
func (m Mapping) Get(key string) *yaml.Node { return m.values[key] }

// Key returns the key node of key, or nil: problems about a value's key
// (rather than its value) are reported there.
func (m Mapping) Key(key string) *yaml.Node { return m.keys[key] }

// Has reports whether key was given.
func (m Mapping) Has(key string) bool { return m.values[key] != nil }

// Require reports a missing key at the mapping and returns its value.
func (r *Reader) Require(m Mapping, what, key, fix string) *yaml.Node {
	v := m.Get(key)
	if v == nil && m.Node != nil && m.Node.Kind == yaml.MappingNode {
		r.Add(m.Node, fix, "%s has no %q", what, key)
	}
	return v
}

// Str reads a scalar as a string: labels, names and free text alike.
// Text holding a control character is refused (ControlChar), with the
// field and the character's code point but never the text itself: a
// label with an escape sequence would otherwise reach a terminal raw.
func (r *Reader) Str(n *yaml.Node, what string) (string, bool) {
	if n == nil {
		return "", false
	}
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		r.Add(n, "give it as text", "%s must be text, not %s", what, Describe(n))
		return "", false
	}
	if c, at, bad := ControlChar(n.Value); bad {
		r.Add(n, ControlFix, "%s has the control character %U at byte %d", what, c, at)
		return "", false
	}
	return n.Value, true
}

// ControlFix is how to put right text refused by ControlChar.
const ControlFix = "write plain text on one line: no escape sequences, tabs, line breaks, C1 controls or direction overrides"

// ControlChar finds the first character of s that a label, name or free
// text may not hold, and its byte offset: a C0 control (tab, line feed
// and carriage return included: a carriage return rewrites the line a
// terminal shows), DEL, a C1 control (U+0080 to U+009F, which some
// terminals read as escapes) or a bidirectional override or isolate
// (U+202A to U+202E, U+2066 to U+2069, which reorder what a line seems
// to say): termsafe.FindControl.
func ControlChar(s string) (c rune, at int, found bool) { return termsafe.FindControl(s) }

// Float reads a number, written as 12 or 12.5.
func (r *Reader) Float(n *yaml.Node, what string) (float64, bool) {
	if n == nil {
		return 0, false
	}
	if n.Kind == yaml.ScalarNode && (n.Tag == "!!int" || n.Tag == "!!float") {
		v, err := strconv.ParseFloat(strings.ReplaceAll(n.Value, "_", ""), 64)
		if err == nil && !math.IsNaN(v) && !math.IsInf(v, 0) {
			return v, true
		}
	}
	r.Add(n, "write a plain number such as 12 or 12.5", "%s must be a number, not %s", what, Describe(n))
	return 0, false
}

// Integer reads a whole number.
func (r *Reader) Integer(n *yaml.Node, what string) (int, bool) {
	if n == nil {
		return 0, false
	}
	if n.Kind == yaml.ScalarNode && n.Tag == "!!int" {
		v, err := strconv.Atoi(strings.ReplaceAll(n.Value, "_", ""))
		if err == nil {
			return v, true
		}
	}
	r.Add(n, "write a whole number such as 30", "%s must be a whole number, not %s", what, Describe(n))
	return 0, false
}

// Boolean reads true or false.
func (r *Reader) Boolean(n *yaml.Node, what string) (bool, bool) {
	if n == nil {
		return false, false
	}
	if n.Kind == yaml.ScalarNode && n.Tag == "!!bool" {
		var v bool
		if err := n.Decode(&v); err == nil {
			return v, true
		}
	}
	r.Add(n, "write true or false", "%s must be true or false, not %s", what, Describe(n))
	return false, false
}

// Vec reads a point written [x, y]; a value of another shape gets
// PointFix as its fix.
func (r *Reader) Vec(n *yaml.Node, what string) (geom.Vec, bool) {
	if n == nil {
		return geom.Vec{}, false
	}
	if n.Kind != yaml.SequenceNode || len(n.Content) != 2 {
		r.Add(n, r.PointFix, "%s must be a point [x, y], not %s", what, Describe(n))
		return geom.Vec{}, false
	}
	x, okx := r.Float(n.Content[0], what+" x")
	y, oky := r.Float(n.Content[1], what+" y")
	return geom.V(x, y), okx && oky
}

// Seq reads a sequence's items.
func (r *Reader) Seq(n *yaml.Node, what, fix string) []*yaml.Node {
	if n == nil {
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		r.Add(n, fix, "%s must be a list, not %s", what, Describe(n))
		return nil
	}
	return n.Content
}

// Describe names what a node holds, for messages.
func Describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	}
	if n.Tag == "!!null" {
		return "nothing"
	}
	v := n.Value
	if len(v) > 40 {
		v = v[:40] + "..."
	}
	return strconv.Quote(v)
}

// CheckNoAliases reports anchors, aliases and nesting deeper than 64
// levels under n, which is at depth levels: scenario files are small and
// plain, and refusing them bounds the work of reading any input.
func (r *Reader) CheckNoAliases(n *yaml.Node, depth int) bool {
	if depth > 64 {
		r.Add(n, "scenario files need only a few levels", "the file nests deeper than 64 levels")
		return false
	}
	if n.Kind == yaml.AliasNode || n.Anchor != "" {
		r.Add(n, "write the value out in full", "anchors and aliases (& and *) are not supported")
		return false
	}
	for _, c := range n.Content {
		if !r.CheckNoAliases(c, depth+1) {
			return false
		}
	}
	return true
}

// Contains reports whether s is in list.
func Contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Nearest is the candidate closest to s by edit distance, if it is close
// enough to be a likely typo.
func Nearest(s string, candidates []string) string {
	if len(s) > maxNearest {
		return "" // no name is that long; spare the edit distances
	}
	best, bestD := "", 1<<30
	ls := strings.ToLower(s)
	for _, c := range candidates {
		if len(c) > maxNearest {
			continue
		}
		if d := EditDistance(ls, strings.ToLower(c)); d < bestD {
			best, bestD = c, d
		}
	}
	if bestD <= max(2, len(s)/3) {
		return best
	}
	return ""
}

// maxNearest is the longest text Nearest compares: an edit distance
// costs the product of the lengths, and a file may repeat a long word
// wherever a name is looked up.
const maxNearest = 64

// EditDistance is the Levenshtein distance between a and b, in bytes.
func EditDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

var yamlLine = regexp.MustCompile(`line (\d+)`)

// parserProblems are the messages of yaml.v3's parser (not its scanner),
// for which it reports the 0-based line of the collection being parsed
// (decode.go's parser.fail adds one only for scanner errors): the line is
// one more than it says, and 1 when it gives none.
var parserProblems = []string{
	"did not find expected ',' or ']'", "did not find expected ',' or '}'", "did not find expected key",
	"did not find expected '-' indicator", "did not find expected node content",
	"did not find expected <document start>", "did not find expected <stream-start>",
	"found undefined tag handle", "found duplicate %YAML directive", "found incompatible YAML document",
	"found duplicate %TAG directive",
}

// SyntaxLine is the 1-based line a yaml.v3 parse error is about, corrected
// for the parser's messages that count from 0. given reports whether the
// error named a line; when it names none, line is 1 for a parser message
// and 0 (the whole file) otherwise.
func SyntaxLine(err error) (line int, given bool) {
	msg := err.Error()
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		given = true
	}
	for _, p := range parserProblems {
		if strings.HasSuffix(msg, p) {
			line++
			break
		}
	}
	return line, given
}

// Document decodes data as exactly one YAML document with no anchors or
// aliases and returns its root node, or nil after adding the problem: an
// empty file (example says where a starting point is), a syntax error at
// its line, a second document.
func (r *Reader) Document(data []byte, example string) *yaml.Node {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			r.Add(nil, "start from "+example, "the file is empty")
			return nil
		}
		p := Problem{Message: "not valid YAML: " + strings.TrimPrefix(err.Error(), "yaml: "), Fix: "check the indentation and punctuation around that line"}
		if line, given := SyntaxLine(err); given {
			p.Line, p.Column = line, 1
		}
		r.Problems = append(r.Problems, p)
		return nil
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil || !errors.Is(err, io.EOF) {
		n := &extra
		if err != nil {
			n = nil
		}
		r.Add(n, "keep one scenario per file and remove the '---' separator", "the file holds more than one YAML document")
		return nil
	}
	if len(doc.Content) == 0 {
		r.Add(nil, "start from "+example, "the file is empty")
		return nil
	}
	root := doc.Content[0]
	if !r.CheckNoAliases(root, 0) {
		return nil
	}
	return root
}
