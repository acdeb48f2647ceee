package twobytwo

import (
	"testing"

	"github.com/grognard/grognard/engine/enginetest"
)

// TestRulesNotesMatchCode keeps docs/rules/twobytwo.md and the code in
// step: every ruling tag in the notes is applied somewhere in the code, and
// every tag in the code is explained in the notes.
func TestRulesNotesMatchCode(t *testing.T) {
	enginetest.CheckRulingNotes(t, enginetest.RulingNotes{
		Notes: []string{"../../docs/rules/twobytwo.md"},
		Code:  []string{".", "picture", "../../scenarios/twobytwo"},
		ID:    enginetest.RulingID("R"),
	})
}
