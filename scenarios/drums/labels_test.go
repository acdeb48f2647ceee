package drums

import (
	"errors"
	"strings"
	"testing"
)

// hostileText are the control characters a label, name or free text
// must not carry to a terminal, as YAML's double-quoted escapes write
// them, with the code point the refusal names: clearing the screen,
// retitling the window, rewriting the line and a C1 escape.
var hostileText = []struct{ name, yaml, char string }{
	{"clear screen", `\e[2J`, "U+001B"},
	{"window title", `\e]0;x\a`, "U+001B"},
	{"carriage return", `\r`, "U+000D"},
	{"C1 escape", `\u009b`, "U+009B"},
	{"bidi override", `\u202e`, "U+202E"},
}

// TestParseRefusesControlCharacters: every label, name and free-text
// field of a scenario file refuses control characters, naming the field.
func TestParseRefusesControlCharacters(t *testing.T) {
	ex := readTestdata(t, "example.yaml")
	for _, f := range []struct{ field, from, to, what string }{
		{"title", `title: "The crossroads: a brigade a side"`, `title: "The crossroads%s"`, "title has"},
		{"name", `name: the-crossroads`, `name: "the-crossroads%s"`, "name has"},
		{"hold area name", `{name: the inn, centre`, `{name: "the inn%s", centre`, "hold area 1 name has"},
		{"terrain name", `{kind: wood, name: the spinney`, `{kind: wood, name: "the spinney%s"`, "name has"},
		{"force name", `  - name: French`, `  - name: "French%s"`, "force 1 name has"},
		{"commander label", `commander: {label: F-FC,`, `commander: {label: "F-FC%s",`, "label has"},
		{"commander name", `name: General of Brigade}`, `name: "General of Brigade%s"}`, "name has"},
		{"general name", `name: Colonel Marbot,`, `name: "Colonel Marbot%s",`, "name has"},
		{"unit label", `label: F1}`, `label: "F1%s"}`, "label has"},
		{"army-list row", `{row: Line Artillery, label: F3}`, `{row: "Line Artillery%s", label: F3}`, "row has"},
	} {
		for _, h := range hostileText {
			t.Run(f.field+"/"+h.name, func(t *testing.T) {
				if !strings.Contains(ex, f.from) {
					t.Fatalf("%q is not in the example", f.from)
				}
				text := strings.Replace(ex, f.from, strings.Replace(f.to, "%s", h.yaml, 1), 1)
				_, err := Parse("x.yaml", []byte(text))
				var pe *Error
				if !errors.As(err, &pe) {
					t.Fatalf("accepted (%v)", err)
				}
				for _, p := range pe.Problems {
					if strings.Contains(p.Message, f.what) && strings.Contains(p.Message, "control character "+h.char) {
						if strings.ContainsAny(err.Error(), "\x1b\r\u009b\u202e") {
							t.Fatalf("the error carries the character: %q", err)
						}
						return
					}
				}
				t.Fatalf("no problem naming the field (%q) and %s:\n%v", f.what, h.char, err)
			})
		}
	}
}
