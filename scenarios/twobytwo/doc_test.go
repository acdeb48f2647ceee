package twobytwo

import (
	"os"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	tb "github.com/grognard/grognard/engine/twobytwo"
)

// yamlBlocks are the ```yaml blocks of a markdown text.
func yamlBlocks(t *testing.T, text string) []string {
	t.Helper()
	var out []string
	for _, part := range strings.Split(text, "```yaml\n")[1:] {
		end := strings.Index(part, "```")
		if end < 0 {
			t.Fatal("unclosed yaml block")
		}
		out = append(out, part[:end])
	}
	return out
}

// TestDocExamples: the complete scenario and the army file in
// docs/scenarios.md load without problems and the scenario plays.
func TestDocExamples(t *testing.T) {
	b, err := os.ReadFile("../../docs/scenarios.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := yamlBlocks(t, string(b))
	if len(blocks) != 2 {
		t.Fatalf("%d yaml blocks in docs/scenarios.md, want the scenario and the army file", len(blocks))
	}
	sc, err := Parse("docs/scenarios.md example", []byte(blocks[0]))
	if err != nil {
		t.Fatal(err)
	}
	if sc.Name != "wertingen" || len(sc.Terrain) != 10 || sc.Nations != [2]string{"France", "Austria"} {
		t.Fatalf("example read wrong: %s %d %v", sc.Name, len(sc.Terrain), sc.Nations)
	}
	if _, err := tb.NewGameOn(sc, engine.Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := ParseArmy("docs/scenarios.md army", []byte(blocks[1])); err != nil {
		t.Fatal(err)
	}
}
