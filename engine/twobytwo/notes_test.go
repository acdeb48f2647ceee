package twobytwo

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestRulesNotesMatchCode keeps docs/rules/twobytwo.md and the code in
// step: every ruling tag in the notes is applied somewhere in the code, and
// every tag in the code is explained in the notes.
func TestRulesNotesMatchCode(t *testing.T) {
	tag := regexp.MustCompile(`R-[A-Z]+`)
	notes, err := os.ReadFile(filepath.Join("..", "..", "docs", "rules", "twobytwo.md"))
	if err != nil {
		t.Fatal(err)
	}
	inNotes := map[string]bool{}
	for _, line := range strings.Split(string(notes), "\n") {
		if strings.HasPrefix(line, "| R-") {
			inNotes[tag.FindString(line)] = true
		}
	}
	inCode := map[string]bool{}
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range tag.FindAllString(string(b), -1) {
			inCode[m] = true
		}
	}
	var missing []string
	for k := range inNotes {
		if !inCode[k] {
			missing = append(missing, k+" (in the notes, not in the code)")
		}
	}
	for k := range inCode {
		if !inNotes[k] {
			missing = append(missing, k+" (in the code, not in the notes)")
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Fatalf("rulings out of step:\n%s", strings.Join(missing, "\n"))
	}
}
