package armies

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"reflect"
	"testing"
)

// TestListsYAMLIsTheLiterals: lists.yaml decodes to exactly the Go
// literals it replaced.
func TestListsYAMLIsTheLiterals(t *testing.T) {
	got := lists()
	if len(got) != len(literalLists) {
		t.Fatalf("%d lists, the literals have %d", len(got), len(literalLists))
	}
	for i := range got {
		if !reflect.DeepEqual(got[i], literalLists[i]) {
			t.Errorf("list %d:\n yaml    %+v\n literal %+v", i, got[i], literalLists[i])
		}
	}
	t.Log(listsDigest(got))
}

// listsDigest fingerprints lists, every field.
func listsDigest(ls []List) string {
	h := sha256.Sum256([]byte(fmt.Sprintf("%#v", ls)))
	return hex.EncodeToString(h[:8])
}
