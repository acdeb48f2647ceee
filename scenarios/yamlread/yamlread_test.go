package yamlread

import (
	"errors"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// root parses text into its root node.
func root(t *testing.T, text string) *yaml.Node {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil {
		t.Fatalf("parse %q: %v", text, err)
	}
	return doc.Content[0]
}

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		name, a, b string
		want       int
	}{
		{"equal", "width", "width", 0},
		{"empty to word", "", "depth", 5},
		{"one substitution", "widht", "width", 2},
		{"one insertion", "widt", "width", 1},
		{"one deletion", "widthh", "width", 1},
		{"unrelated", "abc", "xyz", 3},
	} {
		if got := EditDistance(c.a, c.b); got != c.want {
			t.Errorf("%s: EditDistance(%q, %q) = %d, want %d", c.name, c.a, c.b, got, c.want)
		}
	}
}

func TestNearest(t *testing.T) {
	keys := []string{"name", "width", "depth", "features"}
	for _, c := range []struct{ name, s, want string }{
		{"typo is suggested", "widht", "width"},
		{"case is ignored", "DEPTH", "depth"},
		{"far word gets nothing", "zzzzzzzz", ""},
		{"long word allows a third of its length", "featurexx", "features"},
	} {
		if got := Nearest(c.s, keys); got != c.want {
			t.Errorf("%s: Nearest(%q) = %q, want %q", c.name, c.s, got, c.want)
		}
	}
}

func TestContains(t *testing.T) {
	for _, c := range []struct {
		name string
		list []string
		s    string
		want bool
	}{
		{"present", []string{"a", "b"}, "b", true},
		{"absent", []string{"a", "b"}, "c", false},
		{"empty list", nil, "a", false},
	} {
		if got := Contains(c.list, c.s); got != c.want {
			t.Errorf("%s: got %v", c.name, got)
		}
	}
}

func TestDescribe(t *testing.T) {
	long := strings.Repeat("x", 50)
	for _, c := range []struct{ name, text, want string }{
		{"mapping", "{a: 1}", "a mapping"},
		{"list", "[1, 2]", "a list"},
		{"null", "~", "nothing"},
		{"scalar is quoted", "hello", `"hello"`},
		{"long scalar is cut at 40", long, `"` + long[:40] + `..."`},
	} {
		if got := Describe(root(t, c.text)); got != c.want {
			t.Errorf("%s: Describe = %q, want %q", c.name, got, c.want)
		}
	}
}

// TestReaderValues pins each reader's messages: the scenario packages'
// tests and documentation quote them.
func TestReaderValues(t *testing.T) {
	for _, c := range []struct {
		name, text, want string
		read             func(r *Reader, n *yaml.Node) bool
	}{
		{"str reads text", "abc", "", func(r *Reader, n *yaml.Node) bool { v, ok := r.Str(n, "x"); return ok && v == "abc" }},
		{"str refuses a list", "[1]", "x must be text, not a list; give it as text", func(r *Reader, n *yaml.Node) bool { _, ok := r.Str(n, "x"); return !ok }},
		{"float reads 12.5", "12.5", "", func(r *Reader, n *yaml.Node) bool { v, ok := r.Float(n, "x"); return ok && v == 12.5 }},
		{"float reads underscores", "1_000", "", func(r *Reader, n *yaml.Node) bool { v, ok := r.Float(n, "x"); return ok && v == 1000 }},
		{"float refuses infinity", ".inf", `x must be a number, not ".inf"; write a plain number such as 12 or 12.5`, func(r *Reader, n *yaml.Node) bool { _, ok := r.Float(n, "x"); return !ok }},
		{"integer reads 30", "30", "", func(r *Reader, n *yaml.Node) bool { v, ok := r.Integer(n, "x"); return ok && v == 30 }},
		{"integer refuses 1.5", "1.5", `x must be a whole number, not "1.5"; write a whole number such as 30`, func(r *Reader, n *yaml.Node) bool { _, ok := r.Integer(n, "x"); return !ok }},
		{"boolean reads true", "true", "", func(r *Reader, n *yaml.Node) bool { v, ok := r.Boolean(n, "x"); return ok && v }},
		{"boolean refuses yes-ish text", "maybe", `x must be true or false, not "maybe"; write true or false`, func(r *Reader, n *yaml.Node) bool { _, ok := r.Boolean(n, "x"); return !ok }},
		{"vec reads [x, y]", "[1, 2]", "", func(r *Reader, n *yaml.Node) bool { v, ok := r.Vec(n, "p"); return ok && v.X == 1 && v.Y == 2 }},
		{"vec gives the point fix", "[1]", "p must be a point [x, y], not a list; PF", func(r *Reader, n *yaml.Node) bool { _, ok := r.Vec(n, "p"); return !ok }},
		{"seq reads items", "[1, 2]", "", func(r *Reader, n *yaml.Node) bool { return len(r.Seq(n, "x", "F")) == 2 }},
		{"seq refuses a scalar", "1", `x must be a list, not "1"; F`, func(r *Reader, n *yaml.Node) bool { return r.Seq(n, "x", "F") == nil }},
		{"nil is absent, not wrong", "", "", func(r *Reader, _ *yaml.Node) bool { _, ok := r.Str(nil, "x"); return !ok }},
	} {
		r := &Reader{PointFix: "PF"}
		var n *yaml.Node
		if c.text != "" {
			n = root(t, c.text)
		}
		if !c.read(r, n) {
			t.Errorf("%s: wrong value or ok", c.name)
		}
		got := ""
		if len(r.Problems) > 0 {
			got = r.Problems[0].String()
			if i := strings.Index(got, ": "); strings.HasPrefix(got, "line ") && i >= 0 {
				got = got[strings.Index(got, ": ")+2:]
			}
		}
		if got != c.want {
			t.Errorf("%s: problem %q, want %q", c.name, got, c.want)
		}
	}
}

func TestMapping(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       []string
	}{
		{"allowed keys", "name: 1\nb: 2", nil},
		{"unknown key suggests the nearest", "name: 1\nnmae: 1", []string{`line 2, column 1: s has an unknown key "nmae"; did you mean "name"? (allowed keys: name, b)`}},
		{"repeated key names the first line", "name: 1\nb: 1\nb: 2", []string{`line 3, column 1: s gives "b" twice (first on line 2); remove one of them`}},
		{"not a mapping", "[1]", []string{"line 1, column 1: s must be a mapping, not a list; write it as key: value lines"}},
		{"missing required key", "b: 1", []string{`line 1, column 1: s has no "name"; add it`}},
	} {
		r := &Reader{}
		m := r.Mapping(root(t, c.text), "s", "name", "b")
		r.Require(m, "s", "name", "add it")
		var got []string
		for _, p := range r.Sorted() {
			got = append(got, p.String())
		}
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
	r := &Reader{}
	m := r.Mapping(root(t, "a: 1"), "s", "a")
	if !m.Has("a") || m.Has("b") || m.Get("a").Value != "1" || m.Key("a").Value != "a" || m.Key("b") != nil {
		t.Errorf("Get/Has/Key disagree with the mapping a: 1")
	}
}

func TestCheckNoAliases(t *testing.T) {
	deep := strings.Repeat("[", 70) + strings.Repeat("]", 70)
	for _, c := range []struct {
		name, text, want string
	}{
		{"plain file", "a: [1, 2]", ""},
		{"anchor refused", "a: &x 1\nb: *x", "anchors and aliases (& and *) are not supported"},
		{"deep nesting refused", deep, "the file nests deeper than 64 levels"},
	} {
		r := &Reader{}
		ok := r.CheckNoAliases(root(t, c.text), 0)
		got := ""
		if len(r.Problems) > 0 {
			got = r.Problems[0].Message
		}
		if ok != (c.want == "") || got != c.want {
			t.Errorf("%s: ok %v, problem %q, want %q", c.name, ok, got, c.want)
		}
	}
}

func TestSorted(t *testing.T) {
	r := &Reader{}
	r.Add(&yaml.Node{Line: 3, Column: 1}, "", "c")
	r.Add(nil, "", "file")
	r.Add(&yaml.Node{Line: 1, Column: 5}, "", "b")
	r.Add(&yaml.Node{Line: 1, Column: 2}, "", "a")
	r.Add(&yaml.Node{Line: 1, Column: 2}, "", "a2")
	var got []string
	for _, p := range r.Sorted() {
		got = append(got, p.Message)
	}
	if strings.Join(got, ",") != "file,a,a2,b,c" {
		t.Errorf("order %v, want file first, then by line and column, ties as found", got)
	}
}

func TestError(t *testing.T) {
	for _, c := range []struct {
		name string
		e    Error
		want string
	}{
		{"one problem", Error{Source: "f.yaml", Problems: []Problem{{Line: 2, Column: 3, Message: "m", Fix: "f"}}}, "f.yaml: 1 problem\n  f.yaml:2:3: m; f"},
		{"whole-file problems", Error{Source: "s", Problems: []Problem{{Message: "a"}, {Message: "b"}}}, "s: 2 problems\n  s: a\n  s: b"},
	} {
		if got := c.e.Error(); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

func TestSyntaxLine(t *testing.T) {
	for _, c := range []struct {
		name, text string
		line       int
		given      bool
	}{
		{"scanner error keeps its line", "a: 1\nb: c: d\n", 2, true},
		{"parser error counts from 0, so one is added", "a: [1, 2\nb: 3\n", 2, true},
	} {
		var n yaml.Node
		err := yaml.Unmarshal([]byte(c.text), &n)
		if err == nil {
			t.Fatalf("%s: no error", c.name)
		}
		line, given := SyntaxLine(err)
		if line != c.line || given != c.given {
			t.Errorf("%s (%v): line %d given %v, want %d %v", c.name, err, line, given, c.line, c.given)
		}
	}
	if line, given := SyntaxLine(errors.New("yaml: did not find expected node content")); line != 1 || given {
		t.Errorf("a parser error without a line is about line 1, got %d %v", line, given)
	}
}

// TestControlChar: the characters refused in labels, names and free text
// are the C0 controls (tab and line breaks included), DEL, the C1
// controls and the bidirectional overrides and isolates; printable text
// in any script is not.
func TestControlChar(t *testing.T) {
	for _, c := range []struct {
		s    string
		want rune
		at   int
	}{
		{"\x1b[2J", 0x1b, 0}, {"x\x1b]0;x\x07", 0x1b, 1}, {"F1\r", '\r', 2}, {"a\u009bb", 0x9b, 1},
		{"\t", '\t', 0}, {"two\nlines", '\n', 3}, {"del\x7f", 0x7f, 3}, {"\u0085", 0x85, 0},
		{"ab\u202ecd", 0x202e, 2}, {"\u2066x", 0x2066, 0}, {"\x00", 0, 0},
	} {
		if r, at, bad := ControlChar(c.s); !bad || r != c.want || at != c.at {
			t.Errorf("ControlChar(%q) = %U at %d, %v; want %U at %d", c.s, r, at, bad, c.want, c.at)
		}
	}
	for _, s := range []string{"", "F-G1", "Jäger zu Pferd", "Maipú, 1818", "Бородино", "\u200d", "a\u00a0b", "\u2067"[:0]} {
		if r, _, bad := ControlChar(s); bad {
			t.Errorf("ControlChar(%q) refuses %U", s, r)
		}
	}
}

// TestNearestBoundsItsWork: text longer than any name is not compared, so
// a file repeating a long word costs no edit distances.
func TestNearestBoundsItsWork(t *testing.T) {
	long := strings.Repeat("x", maxNearest+1)
	if got := Nearest(long, []string{long, "x"}); got != "" {
		t.Errorf("Nearest of a long word = %q", got)
	}
	if got := Nearest("wod", []string{long, "wood"}); got != "wood" {
		t.Errorf("Nearest(wod) = %q", got)
	}
}
