package enginetest

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestRulingDrift: ids in the notes only and in the code only are both
// found, test files and the notes themselves are not code, and a family
// reference ("D-ARMY-*") names no ruling.
func TestRulingDrift(t *testing.T) {
	for _, c := range []struct {
		name        string
		notes, code string
		test, doc   string // a _test.go file and a package doc listed as notes
		want        []string
	}{
		{name: "in step", notes: "| D-ONE | x |\n- D-TWO-3D6: y", code: "// ruling D-ONE\n// D-TWO-3D6", want: nil},
		{name: "notes only", notes: "D-ONE D-GONE", code: "// D-ONE", want: []string{"D-GONE (in the notes, not in the code)"}},
		{name: "code only", notes: "D-ONE", code: "// D-ONE, D-NEW", want: []string{"D-NEW (in the code, not in the notes)"}},
		{name: "both", notes: "D-A D-B", code: "// D-B D-C", want: []string{"D-A (in the notes, not in the code)", "D-C (in the code, not in the notes)"}},
		{name: "tests are not code", notes: "D-ONE D-TESTED", code: "// D-ONE", test: "// D-TESTED", want: []string{"D-TESTED (in the notes, not in the code)"}},
		{name: "a package doc is notes", notes: "D-ONE", code: "// D-ONE D-PKG", doc: "// D-PKG explained", want: nil},
		{name: "family reference", notes: "D-ONE", code: "// D-ONE; rulings D-ARMY-*", want: nil},
		{name: "not an id", notes: "D-ONE", code: "// D-ONE 3D-6 ID-X D-lower", want: nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			write := func(name, text string) string {
				path := filepath.Join(dir, name)
				if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
				return path
			}
			rn := RulingNotes{Notes: []string{write("notes.md", c.notes)}, Code: []string{dir}, ID: RulingID("D")}
			write("rules.go", "package p\n"+c.code+"\n")
			if c.test != "" {
				write("rules_test.go", "package p\n"+c.test+"\n")
			}
			if c.doc != "" {
				rn.Notes = append(rn.Notes, write("doc.go", "package p\n"+c.doc+"\n"))
			}
			got, err := rulingDrift(rn)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("drift %q, want %q", got, c.want)
			}
		})
	}
	for name, rn := range map[string]RulingNotes{
		"bad pattern":   {Notes: []string{"x"}, Code: []string{"."}, ID: "("},
		"no notes":      {Code: []string{"."}, ID: RulingID("D")},
		"missing notes": {Notes: []string{"no/such/file.md"}, Code: []string{"."}, ID: RulingID("D")},
		"no Go files":   {Notes: []string{"doc.go"}, Code: []string{"testdata/none"}, ID: RulingID("D")},
		"no id":         {Notes: []string{"doc.go"}, Code: []string{"."}, ID: RulingID("NOSUCH")},
	} {
		if _, err := rulingDrift(rn); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
