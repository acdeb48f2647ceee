package svg_test

import (
	"bytes"
	"encoding/xml"
	"os"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest/toy"
	"github.com/grognard/grognard/engine/tabletop/svg"
)

// TestTablePicturer: any state with pieces on a table is drawn, every
// piece on the table with its label, as well-formed SVG with the
// data-table contract; a state without a table is refused by name.
func TestTablePicturer(t *testing.T) {
	st, err := toy.Rules{}.NewGame("skirmish", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := (svg.TablePicturer{}).Picture(&buf, st, engine.PictureOptions{}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if path := os.Getenv("GROGNARD_TABLE_SVG"); path != "" {
		_ = os.WriteFile(path, buf.Bytes(), 0o644)
	}
	for _, want := range []string{"data-table=", "B-Guns", "R-Skirm", "Blue", "Red"} {
		if !strings.Contains(out, want) {
			t.Errorf("the picture lacks %q", want)
		}
	}
	d := xml.NewDecoder(strings.NewReader(out))
	for {
		if _, err := d.Token(); err != nil {
			if err.Error() != "EOF" {
				t.Fatalf("not well-formed: %v", err)
			}
			break
		}
	}
	if err := (svg.TablePicturer{}).Picture(&buf, noTable{st}, engine.PictureOptions{}); err == nil || !strings.Contains(err.Error(), "a table of pieces") {
		t.Fatalf("a state without a table: %v", err)
	}
}

// noTable hides a state's table.
type noTable struct{ engine.State }
