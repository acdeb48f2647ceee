package armies

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// TestParseArmyRefusesControlCharacters: every label, name and free-text
// field of an army file refuses control characters (escape sequences
// that clear the screen or retitle the window, a carriage return, a C1
// escape, a direction override), naming the field.
func TestParseArmyRefusesControlCharacters(t *testing.T) {
	b, err := os.ReadFile("testdata/example-army.yaml")
	if err != nil {
		t.Fatal(err)
	}
	ex := string(b)
	for _, f := range []struct{ field, from, to, what string }{
		{"side", `side: French`, `side: "French%s"`, "side has"},
		{"commander label", `commander: {label: FC,`, `commander: {label: "FC%s",`, "label has"},
		{"commander name", `name: Soult,`, `name: "Soult%s",`, "name has"},
		{"general name", `general: {label: G1, name: Saint-Hilaire}`, `general: {label: G1, name: "Saint-Hilaire%s"}`, "name has"},
		{"general written as a name", `general: Vandamme`, `general: "Vandamme%s"`, "name has"},
		{"unit label", `label: A3}`, `label: "A3%s"}`, "label has"},
		{"unit row", `{unit: Combined Grenadiers,`, `{unit: "Combined Grenadiers%s",`, "unit has"},
		{"unit written as a row", `      - Line Artillery`, `      - "Line Artillery%s"`, "has the control"},
	} {
		for _, h := range []struct{ name, yaml, char string }{
			{"clear screen", `\e[2J`, "U+001B"}, {"window title", `\e]0;x\a`, "U+001B"},
			{"carriage return", `\r`, "U+000D"}, {"C1 escape", `\u009b`, "U+009B"},
		} {
			t.Run(f.field+"/"+h.name, func(t *testing.T) {
				if !strings.Contains(ex, f.from) {
					t.Fatalf("%q is not in the example", f.from)
				}
				_, err := ParseArmy("x.yaml", []byte(strings.Replace(ex, f.from, strings.Replace(f.to, "%s", h.yaml, 1), 1)))
				var e *Error
				if !errors.As(err, &e) {
					t.Fatalf("accepted (%v)", err)
				}
				for _, p := range e.Problems {
					if strings.Contains(p.Message, f.what) && strings.Contains(p.Message, "control character "+h.char) {
						if strings.ContainsAny(err.Error(), "\x1b\r\u009b") {
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
