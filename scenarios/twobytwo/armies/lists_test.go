package armies

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"
)

// listsDigest is the fingerprint of the Go literals lists.yaml replaced
// (commit 87832f9 checked the data decodes to exactly them): a change to
// the data shows here, and must be a ruling, not an accident.
const listsDigest = "5bb2e5bccd66705a"

// TestListsYAMLIsTheLiterals: lists.yaml decodes to the lists the Go
// literals held, every field (nil rows of an arm not fielded included).
func TestListsYAMLIsTheLiterals(t *testing.T) {
	h := sha256.Sum256([]byte(fmt.Sprintf("%#v", lists())))
	if got := hex.EncodeToString(h[:8]); got != listsDigest {
		t.Errorf("the army lists' digest is %s, want %s: lists.yaml changed", got, listsDigest)
	}
}

// TestParseListsRefuses: what the armies code relies on is checked as the
// data is read, each problem named with the list and row.
func TestParseListsRefuses(t *testing.T) {
	const arms = "\n  foot: {min: 0, max: 100, types: [{name: Line, min: 0, max: 100, units: [LI]}]}\n  artillery: {}\n"
	for _, c := range []struct{ what, data, want string }{
		{"a good list", `- nation: X
  mounted: {}` + arms, ""},
		{"unknown key", `- nation: X
  cavalry: {}` + arms, "field cavalry not found"},
		{"no lists", `[]`, "no army lists"},
		{"twice", "- nation: X" + arms + "- nation: x" + arms, `nation "x" is empty or given twice`},
		{"empty nation", "- nation: ''" + arms, "is empty or given twice"},
		{"unknown code", `- nation: X
  mounted: {min: 0, max: 10, types: [{name: Odd, min: 0, max: 100, units: [ZZ]}]}` + arms, `X mounted: row "Odd": "ZZ" is not a mounted unit type's code`},
		{"a type of another arm", `- nation: X
  mounted: {min: 0, max: 10, types: [{name: Odd, min: 0, max: 100, units: [LI]}]}` + arms, `"LI" is not a mounted unit type's code`},
		{"an HQ", `- nation: X
  mounted: {min: 0, max: 10, types: [{name: Odd, min: 0, max: 100, units: [DHQ]}]}` + arms, `"DHQ" is not`},
		{"no units", `- nation: X
  mounted: {min: 0, max: 10, types: [{name: Odd, min: 0, max: 100}]}` + arms, "row 1 needs a name and units"},
		{"share over 100", `- nation: X
  mounted: {min: 0, max: 110, types: [{name: C, min: 0, max: 100, units: [LC]}]}` + arms, "share 0-110% is not within"},
		{"min over max", `- nation: X
  mounted: {min: 0, max: 10, types: [{name: C, min: 60, max: 50, units: [LC]}]}` + arms, `row "C": share 60-50%`},
		{"a share without rows", `- nation: X
  mounted: {min: 0, max: 10}` + arms, "no type rows"},
		{"alias", `- nation: &n X` + arms, "anchors and aliases"},
		{"too large", strings.Repeat("#", 1<<20+1), "over the 1048576 byte limit"},
		{"not YAML", `- nation: [`, "lists.yaml:"},
	} {
		_, err := parseLists("lists.yaml", []byte(c.data))
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.what, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: got %v, want an error with %q", c.what, err, c.want)
		}
	}
}
