package twobytwo

import (
	"errors"
	"strings"
	"testing"
)

// hostileText are control characters a label, name or free text must not
// carry to a terminal, as YAML's double-quoted escapes write them, with
// the code point the refusal names.
var hostileText = []struct{ name, yaml, char string }{
	{"clear screen", `\e[2J`, "U+001B"},
	{"window title", `\e]0;x\a`, "U+001B"},
	{"carriage return", `\r`, "U+000D"},
	{"C1 escape", `\u009b`, "U+009B"},
	{"bidi override", `\u202e`, "U+202E"},
}

// refusedNaming checks err is an *Error with a problem naming the field
// (what) and the character, and that no message carries it.
func refusedNaming(t *testing.T, err error, what, char string) {
	t.Helper()
	var pe *Error
	if !errors.As(err, &pe) {
		t.Fatalf("accepted (%v)", err)
	}
	if strings.ContainsAny(err.Error(), "\x1b\r\u009b\u202e") {
		t.Fatalf("the error carries the character: %q", err)
	}
	for _, p := range pe.Problems {
		if strings.Contains(p.Message, what) && strings.Contains(p.Message, "control character "+char) {
			return
		}
	}
	t.Fatalf("no problem naming the field (%q) and %s:\n%v", what, char, err)
}

// TestParseRefusesControlCharacters: every label, name and free-text
// field of a scenario file refuses control characters, naming the field.
func TestParseRefusesControlCharacters(t *testing.T) {
	ex := readTestdata(t, "valid-fixed.yaml")
	for _, f := range []struct{ field, from, to, what string }{
		{"name", `name: test-fixed`, `name: "test-fixed%s"`, "name has"},
		{"title", `title: A test of the loader`, `title: "A test%s"`, "title has"},
		{"description", `description: Two small corps astride a river with a ford.`, `description: "Two small corps%s astride a river with a ford."`, "description has"},
		{"terrain name", `name: the road,`, `name: "the road%s",`, "name has"},
		{"side name", `  - name: French`, `  - name: "French%s"`, "name has"},
		{"unit label", `{label: F1 Line,`, `{label: "F1 Line%s",`, "label has"},
		{"unit's HQ", `hq: F-DHQ1, at: [9, 5]`, `hq: "F-DHQ1%s", at: [9, 5]`, "hq has"},
		{"queue entry", `queue: [F-LC1]`, `queue: ["F-LC1%s"]`, "queue entry has"},
		{"attacker", `attacker: Austrians`, `attacker: "Austrians%s"`, "attacker has"},
	} {
		for _, h := range hostileText {
			t.Run(f.field+"/"+h.name, func(t *testing.T) {
				if !strings.Contains(ex, f.from) {
					t.Fatalf("%q is not in the example", f.from)
				}
				_, err := Parse("x.yaml", []byte(strings.Replace(ex, f.from, strings.Replace(f.to, "%s", h.yaml, 1), 1)))
				refusedNaming(t, err, f.what, h.char)
			})
		}
	}
}

// TestParseArmyRefusesControlCharacters: the same for an army file.
func TestParseArmyRefusesControlCharacters(t *testing.T) {
	base := "name: Left wing\nnation: France\nap: 20\nunits:\n  - {label: F-CHQ, type: corps hq}\n  - {label: F1, type: line infantry, hq: F-CHQ}\n"
	if _, err := ParseArmy("left.yaml", []byte(base)); err != nil {
		t.Fatalf("the base army: %v", err)
	}
	for _, f := range []struct{ field, from, to, what string }{
		{"name", `name: Left wing`, `name: "Left wing%s"`, "name has"},
		{"nation", `nation: France`, `nation: "France%s"`, "nation has"},
		{"label", `{label: F1,`, `{label: "F1%s",`, "label has"},
	} {
		for _, h := range hostileText {
			t.Run(f.field+"/"+h.name, func(t *testing.T) {
				_, err := ParseArmy("left.yaml", []byte(strings.Replace(base, f.from, strings.Replace(f.to, "%s", h.yaml, 1), 1)))
				refusedNaming(t, err, f.what, h.char)
			})
		}
	}
}
