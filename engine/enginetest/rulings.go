package enginetest

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// RulingNotes says where a ruleset's rulings are written down and where
// the code applies them, for CheckRulingNotes. A ruling is the reading
// the code makes where its seed is ambiguous, garbled or silent; it has
// an id (for 2 by 2 R-ROAD, for Drums and Muskets D-WHEELROOM) which the
// notes explain and a comment cites where the code applies it.
type RulingNotes struct {
	// Notes are the files that explain the rulings: the ruleset's notes
	// under docs/rules, and package docs that hold a package's own
	// rulings. An id anywhere in them counts as written down.
	Notes []string
	// Code are the directories whose Go files, tests and Notes aside,
	// apply the rulings; an id anywhere in them counts as applied.
	Code []string
	// ID is the regular expression of a ruling id; RulingID makes the
	// usual one.
	ID string
}

// RulingID is the regular expression of ruling ids with the given
// prefix: prefix, a hyphen and words of capitals and digits joined by
// hyphens (D-RISK-3D6), standing alone.
func RulingID(prefix string) string {
	return `\b` + regexp.QuoteMeta(prefix) + `-[A-Z0-9]+(?:-[A-Z0-9]+)*\b`
}

// CheckRulingNotes keeps a ruleset's rulings notes and code in step:
// every ruling id in the notes is cited somewhere in the code, and every
// id cited in the code is in the notes. It fails t with every id out of
// step, each saying on which side it is missing.
func CheckRulingNotes(t testing.TB, rn RulingNotes) {
	t.Helper()
	drift, err := rulingDrift(rn)
	if err != nil {
		t.Fatal(err)
	}
	if len(drift) > 0 {
		t.Fatalf("rulings out of step (notes %s, code %s):\n%s", strings.Join(rn.Notes, ", "), strings.Join(rn.Code, ", "), strings.Join(drift, "\n"))
	}
}

// rulingDrift lists the ids of rn in its notes or its code only, sorted.
func rulingDrift(rn RulingNotes) ([]string, error) {
	id, err := regexp.Compile(rn.ID)
	if err != nil {
		return nil, fmt.Errorf("enginetest: ruling id %q: %w", rn.ID, err)
	}
	if len(rn.Notes) == 0 || len(rn.Code) == 0 {
		return nil, fmt.Errorf("enginetest: rulings need notes and code to check (notes %v, code %v)", rn.Notes, rn.Code)
	}
	isNotes := map[string]bool{}
	inNotes := map[string]bool{}
	for _, path := range rn.Notes {
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("enginetest: rulings notes: %w", err)
		}
		isNotes[filepath.Clean(path)] = true
		for _, m := range rulingIDs(id, string(b)) {
			inNotes[m] = true
		}
	}
	inCode := map[string]bool{}
	for _, dir := range rn.Code {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			return nil, fmt.Errorf("enginetest: rulings code in %s: %w", dir, err)
		}
		if len(files) == 0 {
			return nil, fmt.Errorf("enginetest: rulings code: no Go files in %s", dir)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") || isNotes[filepath.Clean(f)] {
				continue
			}
			b, err := os.ReadFile(f)
			if err != nil {
				return nil, fmt.Errorf("enginetest: rulings code: %w", err)
			}
			for _, m := range rulingIDs(id, string(b)) {
				inCode[m] = true
			}
		}
	}
	if len(inNotes) == 0 {
		return nil, fmt.Errorf("enginetest: no ruling id %s in the notes %v", rn.ID, rn.Notes)
	}
	var drift []string
	for k := range inNotes {
		if !inCode[k] {
			drift = append(drift, k+" (in the notes, not in the code)")
		}
	}
	for k := range inCode {
		if !inNotes[k] {
			drift = append(drift, k+" (in the code, not in the notes)")
		}
	}
	sort.Strings(drift)
	return drift, nil
}

// rulingIDs are the ids id finds in text, but for a family's prefix
// followed by "-*" ("rulings D-ARMY-*"), which names no one ruling.
func rulingIDs(id *regexp.Regexp, text string) []string {
	var out []string
	for _, m := range id.FindAllStringIndex(text, -1) {
		if !strings.HasPrefix(text[m[1]:], "-*") {
			out = append(out, text[m[0]:m[1]])
		}
	}
	return out
}
