package armies

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/grognard/grognard/scenarios/armylist"
	"github.com/grognard/grognard/scenarios/yamlread"
)

// MaxFileSize bounds list and army files: they are a few kilobytes (the
// bound every ruleset's list files share).
const MaxFileSize = armylist.MaxFileSize

// ProblemKind classifies a Problem.
type ProblemKind uint8

// The kinds of problem ParseLists, ParseArmy and Validate report.
const (
	// KindSyntax: the text is not YAML, or not shaped as the format says.
	KindSyntax ProblemKind = iota
	// KindTooLarge: the input is over a size bound.
	KindTooLarge
	// KindBadList: a list of a list file is wrong.
	KindBadList
	// KindBadRow: a row of a list file is wrong.
	KindBadRow
	// KindUnknownList: an army names no known list, or Validate was given
	// a force drawn from another list.
	KindUnknownList
	// KindUnknownUnit: a unit names no row of its list.
	KindUnknownUnit
	// KindBadBases: a unit's bases are out of range for its type.
	KindBadBases
	// KindNoCommands: a force has no commands.
	KindNoCommands
	// KindTooManyCommands: a force has more than MaxCommands commands.
	KindTooManyCommands
	// KindEmptyCommand: a command has no units.
	KindEmptyCommand
	// KindTooManyUnits: a command has more than MaxUnitsPerCommand units.
	KindTooManyUnits
	// KindEmptyLabel: a general or unit has an empty label.
	KindEmptyLabel
	// KindRepeatedLabel: two generals or units share a label.
	KindRepeatedLabel
	// KindProfileMismatch: a unit's profile is not its row's.
	KindProfileMismatch
	// KindNoSide: an army has no side name.
	KindNoSide
)

var kindNames = [...]string{"syntax", "too large", "bad list", "bad row", "unknown list", "unknown unit",
	"bad bases", "no commands", "too many commands", "empty command", "too many units", "empty label",
	"repeated label", "profile mismatch", "no side"}

// String names the kind.
func (k ProblemKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("problem(%d)", uint8(k))
}

// Problem is one thing wrong with a list file, an army file or a force.
type Problem struct {
	Kind ProblemKind
	// Line and Column place the problem in its file (1-based); 0 when it
	// concerns a force checked by Validate or the whole file.
	Line, Column int
	// Command and Unit index the force's command and the unit within it;
	// -1 when the problem is not about one.
	Command, Unit int
	// Message says what is wrong and Fix how to put it right.
	Message, Fix string
}

// String is the message and fix, without the place.
func (p Problem) String() string {
	if p.Fix == "" {
		return p.Message
	}
	return p.Message + ": " + p.Fix
}

// Error is every problem found in one file or force, in file order.
type Error struct {
	// Source names the file ("armies.yaml") or force.
	Source   string
	Problems []Problem
}

// Error writes one problem a line, each as "source:line: message: fix" so
// editors can jump to it.
func (e *Error) Error() string {
	var b strings.Builder
	for i, p := range e.Problems {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Source)
		if p.Line > 0 {
			b.WriteString(":" + strconv.Itoa(p.Line))
		}
		b.WriteString(": ")
		b.WriteString(p.String())
	}
	return b.String()
}

// Has reports whether some problem is of kind k.
func (e *Error) Has(k ProblemKind) bool {
	return slices.ContainsFunc(e.Problems, func(p Problem) bool { return p.Kind == k })
}

// reader walks a YAML node tree collecting problems with their places, so
// one pass reports everything wrong.
type reader struct {
	source   string
	problems []Problem
	dropped  int // problems past maxProblems
}

// maxProblems bounds the problems one file reports, so that a hostile
// file cannot make a huge message: the first hundred say enough.
const maxProblems = 100

// add records a problem at n (nil: the whole file).
func (r *reader) add(n *yaml.Node, k ProblemKind, fix, format string, args ...any) {
	if len(r.problems) >= maxProblems {
		r.dropped++
		return
	}
	p := Problem{Kind: k, Command: -1, Unit: -1, Message: fmt.Sprintf(format, args...), Fix: fix}
	if n != nil {
		p.Line, p.Column = n.Line, n.Column
	}
	r.problems = append(r.problems, p)
}

// err is the problems sorted into file order as an *Error, or nil.
func (r *reader) err() error {
	if len(r.problems) == 0 {
		return nil
	}
	slices.SortStableFunc(r.problems, func(a, b Problem) int {
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return a.Column - b.Column
	})
	if r.dropped > 0 {
		r.problems = append(r.problems, Problem{Kind: KindTooLarge, Command: -1, Unit: -1,
			Message: fmt.Sprintf("and %d more problems", r.dropped), Fix: "fix these first"})
	}
	return &Error{Source: r.source, Problems: r.problems}
}

var yamlLine = regexp.MustCompile(`^yaml: line (\d+): `)

// syntaxProblem turns a yaml error into a problem at its 1-based line
// (yamlread.SyntaxLine corrects the parser's 0-based lines).
func syntaxProblem(err error) Problem {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
		msg = strings.TrimPrefix(err.Error(), m[0])
	}
	line, _ := yamlread.SyntaxLine(err)
	return Problem{Kind: KindSyntax, Line: line, Command: -1, Unit: -1, Message: msg,
		Fix: "check the indentation, brackets and quoting from that line on"}
}

// document parses data into its root node, refusing anchors, aliases and
// deep nesting so that reading any input is bounded work.
func (r *reader) document(data []byte) *yaml.Node {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		r.problems = append(r.problems, syntaxProblem(err))
		return nil
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		r.add(nil, KindSyntax, "write the file's contents", "the file is empty")
		return nil
	}
	if !r.plain(doc.Content[0], 0) {
		return nil
	}
	return doc.Content[0]
}

// plain refuses anchors, aliases and nesting deeper than 16 levels.
func (r *reader) plain(n *yaml.Node, depth int) bool {
	if depth > 16 {
		r.add(n, KindSyntax, "these files need only a few levels", "the file nests deeper than 16 levels")
		return false
	}
	if n.Kind == yaml.AliasNode || n.Anchor != "" {
		r.add(n, KindSyntax, "write the value out in full", "anchors and aliases (& and *) are not supported")
		return false
	}
	for _, c := range n.Content {
		if !r.plain(c, depth+1) {
			return false
		}
	}
	return true
}

// mapping is a YAML mapping whose keys were checked against those allowed.
type mapping struct {
	node   *yaml.Node
	values map[string]*yaml.Node
}

// get is the value of key, or nil.
func (m mapping) get(key string) *yaml.Node { return m.values[key] }

// mapping reads n as a mapping with the allowed keys; unknown and repeated
// keys are reported. A node that is not a mapping gives an empty mapping
// with a nil node.
func (r *reader) mapping(n *yaml.Node, what string, allowed ...string) mapping {
	m := mapping{values: map[string]*yaml.Node{}}
	if n == nil {
		return m
	}
	if n.Kind != yaml.MappingNode {
		r.add(n, KindSyntax, "write it as key: value lines", "%s must be a mapping, not %s", what, yamlread.Describe(n))
		return m
	}
	m.node = n
	for k := 0; k+1 < len(n.Content); k += 2 {
		kn, vn := n.Content[k], n.Content[k+1]
		key := kn.Value
		if _, dup := m.values[key]; dup {
			r.add(kn, KindSyntax, "remove one of them", "%s gives %q twice", what, key)
			continue
		}
		if kn.Kind != yaml.ScalarNode || !slices.Contains(allowed, key) {
			fix := "allowed keys: " + strings.Join(allowed, ", ")
			if c := closest(key, allowed); len(c) > 0 {
				fix = "did you mean " + c[0] + "? (" + fix + ")"
			}
			r.add(kn, KindSyntax, fix, "%s has an unknown key %s", what, yamlread.Describe(kn))
			continue
		}
		m.values[key] = vn
	}
	return m
}

// require reports a missing key and returns its value.
func (r *reader) require(m mapping, what, key, fix string) *yaml.Node {
	v := m.get(key)
	if v == nil && m.node != nil {
		r.add(m.node, KindSyntax, fix, "%s has no %q", what, key)
	}
	return v
}

// take records the problems a yamlread.Reader found, as syntax problems,
// so the shared value readers give this package's problems.
func (r *reader) take(y *yamlread.Reader) {
	for _, p := range y.Problems {
		if len(r.problems) >= maxProblems {
			r.dropped++
			continue
		}
		r.problems = append(r.problems, Problem{Kind: KindSyntax, Line: p.Line, Column: p.Column,
			Command: -1, Unit: -1, Message: p.Message, Fix: p.Fix})
	}
}

// str reads a scalar as text.
func (r *reader) str(n *yaml.Node, what string) (string, bool) {
	var y yamlread.Reader
	v, ok := y.Str(n, what)
	r.take(&y)
	return v, ok
}

// integer reads a whole number.
func (r *reader) integer(n *yaml.Node, what string) (int, bool) {
	if n == nil {
		return 0, false
	}
	if n.Kind == yaml.ScalarNode && n.Tag == "!!int" {
		if v, err := strconv.Atoi(n.Value); err == nil {
			return v, true
		}
	}
	r.add(n, KindSyntax, "write a whole number such as 6", "%s must be a whole number, not %s", what, yamlread.Describe(n))
	return 0, false
}

// boolean reads true or false.
func (r *reader) boolean(n *yaml.Node, what string) (bool, bool) {
	var y yamlread.Reader
	v, ok := y.Boolean(n, what)
	r.take(&y)
	return v, ok
}

// seq reads a sequence's items.
func (r *reader) seq(n *yaml.Node, what, fix string) []*yaml.Node {
	var y yamlread.Reader
	items := y.Seq(n, what, fix)
	r.take(&y)
	return items
}
