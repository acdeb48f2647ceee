package drums

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/grognard/grognard/engine/geom"
)

// Problem is one thing wrong in a scenario file, at a place in it.
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

// reader walks a YAML node tree and collects problems with their places,
// so that one pass reports everything wrong rather than the first thing.
type reader struct {
	problems []Problem
}

// add records a problem at node n (n may be nil for the whole file).
func (r *reader) add(n *yaml.Node, fix, format string, args ...any) {
	p := Problem{Message: fmt.Sprintf(format, args...), Fix: fix}
	if n != nil {
		p.Line, p.Column = n.Line, n.Column
	}
	r.problems = append(r.problems, p)
}

// sorted returns the problems in file order; problems at one place keep
// the order they were found in.
func (r *reader) sorted() []Problem {
	sort.SliceStable(r.problems, func(i, j int) bool {
		a, b := r.problems[i], r.problems[j]
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
	return r.problems
}

// mapping is a YAML mapping whose keys have been checked against the keys
// a section allows.
type mapping struct {
	node   *yaml.Node
	values map[string]*yaml.Node
	keys   map[string]*yaml.Node
}

// mapping reads n as a mapping with the allowed keys. Unknown keys are
// reported with the nearest allowed key as a suggestion; a node that is
// not a mapping gives an empty mapping after a problem is recorded.
func (r *reader) mapping(n *yaml.Node, what string, allowed ...string) mapping {
	m := mapping{node: n, values: map[string]*yaml.Node{}, keys: map[string]*yaml.Node{}}
	if n == nil {
		return m
	}
	if n.Kind != yaml.MappingNode {
		r.add(n, "write it as key: value lines", "%s must be a mapping, not %s", what, describe(n))
		return m
	}
	for k := 0; k+1 < len(n.Content); k += 2 {
		kn, vn := n.Content[k], n.Content[k+1]
		if kn.Kind != yaml.ScalarNode {
			r.add(kn, "use a plain word as the key", "%s has a key that is not a name", what)
			continue
		}
		key := kn.Value
		if _, dup := m.values[key]; dup {
			r.add(kn, "remove one of them", "%s gives %q twice (first on line %d)", what, key, m.keys[key].Line)
			continue
		}
		if !contains(allowed, key) {
			fix := "allowed keys: " + strings.Join(allowed, ", ")
			if s := nearest(key, allowed); s != "" {
				fix = fmt.Sprintf("did you mean %q? (%s)", s, fix)
			}
			r.add(kn, fix, "%s has an unknown key %q", what, key)
			continue
		}
		m.values[key], m.keys[key] = vn, kn
	}
	return m
}

// get returns the value of key, or nil.
func (m mapping) get(key string) *yaml.Node { return m.values[key] }

// require reports a missing key at the mapping and returns its value.
func (r *reader) require(m mapping, what, key, fix string) *yaml.Node {
	v := m.get(key)
	if v == nil && m.node != nil && m.node.Kind == yaml.MappingNode {
		r.add(m.node, fix, "%s has no %q", what, key)
	}
	return v
}

// str reads a scalar as a string.
func (r *reader) str(n *yaml.Node, what string) (string, bool) {
	if n == nil {
		return "", false
	}
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		r.add(n, "give it as text", "%s must be text, not %s", what, describe(n))
		return "", false
	}
	return n.Value, true
}

// float reads a number; distances may be written as 12 or 12.5 BW.
func (r *reader) float(n *yaml.Node, what string) (float64, bool) {
	if n == nil {
		return 0, false
	}
	if n.Kind == yaml.ScalarNode && (n.Tag == "!!int" || n.Tag == "!!float") {
		v, err := strconv.ParseFloat(strings.ReplaceAll(n.Value, "_", ""), 64)
		if err == nil && !math.IsNaN(v) && !math.IsInf(v, 0) {
			return v, true
		}
	}
	r.add(n, "write a plain number such as 12 or 12.5", "%s must be a number, not %s", what, describe(n))
	return 0, false
}

// integer reads a whole number.
func (r *reader) integer(n *yaml.Node, what string) (int, bool) {
	if n == nil {
		return 0, false
	}
	if n.Kind == yaml.ScalarNode && n.Tag == "!!int" {
		v, err := strconv.Atoi(strings.ReplaceAll(n.Value, "_", ""))
		if err == nil {
			return v, true
		}
	}
	r.add(n, "write a whole number such as 30", "%s must be a whole number, not %s", what, describe(n))
	return 0, false
}

// boolean reads true or false.
func (r *reader) boolean(n *yaml.Node, what string) (bool, bool) {
	if n == nil {
		return false, false
	}
	if n.Kind == yaml.ScalarNode && n.Tag == "!!bool" {
		var v bool
		if err := n.Decode(&v); err == nil {
			return v, true
		}
	}
	r.add(n, "write true or false", "%s must be true or false, not %s", what, describe(n))
	return false, false
}

// vec reads a point written [x, y].
func (r *reader) vec(n *yaml.Node, what string) (geom.Vec, bool) {
	if n == nil {
		return geom.Vec{}, false
	}
	if n.Kind != yaml.SequenceNode || len(n.Content) != 2 {
		r.add(n, "write it as [x, y] in BW from the corner where x and y are 0", "%s must be a point [x, y], not %s", what, describe(n))
		return geom.Vec{}, false
	}
	x, okx := r.float(n.Content[0], what+" x")
	y, oky := r.float(n.Content[1], what+" y")
	return geom.V(x, y), okx && oky
}

// seq reads a sequence's items.
func (r *reader) seq(n *yaml.Node, what, fix string) []*yaml.Node {
	if n == nil {
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		r.add(n, fix, "%s must be a list, not %s", what, describe(n))
		return nil
	}
	return n.Content
}

// describe names what a node holds, for messages.
func describe(n *yaml.Node) string {
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

// checkNoAliases reports anchors and aliases: scenario files are small
// and plain, and refusing them bounds the work of reading any input.
func (r *reader) checkNoAliases(n *yaml.Node, depth int) bool {
	if depth > 64 {
		r.add(n, "scenario files need only a few levels", "the file nests deeper than 64 levels")
		return false
	}
	if n.Kind == yaml.AliasNode || n.Anchor != "" {
		r.add(n, "write the value out in full", "anchors and aliases (& and *) are not supported")
		return false
	}
	for _, c := range n.Content {
		if !r.checkNoAliases(c, depth+1) {
			return false
		}
	}
	return true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// nearest is the candidate closest to s by edit distance, if it is close
// enough to be a likely typo.
func nearest(s string, candidates []string) string {
	best, bestD := "", 1<<30
	ls := strings.ToLower(s)
	for _, c := range candidates {
		if d := editDistance(ls, strings.ToLower(c)); d < bestD {
			best, bestD = c, d
		}
	}
	if bestD <= max(2, len(s)/3) {
		return best
	}
	return ""
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
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
