package drums

import (
	"testing"

	"github.com/grognard/grognard/engine/enginetest"
)

// TestRulesNotesMatchCode keeps Drums and Muskets' rulings and the code in
// step: every ruling in the notes (the engine's in docs/rules/drums.md,
// the scenario files' and army lists' in their package docs) is applied
// somewhere in the code, and every ruling the code cites is explained.
func TestRulesNotesMatchCode(t *testing.T) {
	enginetest.CheckRulingNotes(t, enginetest.RulingNotes{
		Notes: []string{"../../docs/rules/drums.md", "../../scenarios/drums/doc.go", "../../scenarios/drums/armies/doc.go"},
		Code:  []string{".", "picture", "../../scenarios/drums", "../../scenarios/drums/armies"},
		ID:    enginetest.RulingID("D"),
	})
}
