package drums

import (
	"os"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	dm "github.com/grognard/grognard/engine/drums"
)

// TestDocExample: the Drums and Muskets section of docs/scenarios.md
// shows the example file as it is, and it loads and plays. The section's
// block is fenced ```yml so the 2 by 2 section's count of ```yaml blocks
// is left alone.
func TestDocExample(t *testing.T) {
	b, err := os.ReadFile("../../docs/scenarios.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "\n## Drums and Muskets\n")
	if !ok {
		t.Fatal("docs/scenarios.md has no Drums and Muskets section")
	}
	_, block, ok := strings.Cut(section, "```yml\n")
	if !ok {
		t.Fatal("the section has no ```yml block")
	}
	block, _, ok = strings.Cut(block, "```")
	if !ok {
		t.Fatal("unclosed block")
	}
	if block != readTestdata(t, "example.yaml") {
		t.Error("the documented example differs from testdata/example.yaml")
	}
	sc, err := Parse("docs/scenarios.md example", []byte(block))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := dm.NewGameOn(sc, engine.Options{}); err != nil {
		t.Fatal(err)
	}
	for _, name := range Names() {
		if name != dm.DefaultScenario && !strings.Contains(section, "`"+name+"`") {
			t.Errorf("the section does not mention built-in %s", name)
		}
	}
}
