package grand_test

import (
	"testing"

	"github.com/grognard/grognard/engine/enginetest"
)

// TestRulesNotesMatchCode keeps docs/rules/grand.md and the code in step:
// every gap-fill in the notes is applied somewhere in the code, and every
// one the code cites is explained in the notes.
func TestRulesNotesMatchCode(t *testing.T) {
	enginetest.CheckRulingNotes(t, enginetest.RulingNotes{
		Notes: []string{"../../docs/rules/grand.md"},
		Code:  []string{".", "../../scenarios/grand"},
		ID:    enginetest.RulingID("G"),
	})
}
