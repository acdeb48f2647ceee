package picture

import (
	"bytes"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/twobytwo"
)

// TestDrawer: the drawer the ruleset's bundle registers draws what SVG
// draws: arrows from the pictured
// position, or from the one an arrow is given in, and the width asked.
func TestDrawer(t *testing.T) {
	var p engine.Picturer = Drawer{}
	st := opening(t, 3)
	legal := st.Legal(nil)
	var move engine.Action
	for _, a := range legal {
		if a.Kind == twobytwo.KindMove {
			move = a
			break
		}
	}
	if move.Kind != twobytwo.KindMove {
		t.Fatalf("no move among %d legal actions", len(legal))
	}
	draw := func(opts engine.PictureOptions) string {
		t.Helper()
		var b bytes.Buffer
		if err := p.Picture(&b, st, opts); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	svg := func(opts Options) string {
		t.Helper()
		var b bytes.Buffer
		if err := SVG(&b, st, opts); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	if draw(engine.PictureOptions{}) != svg(DefaultOptions()) {
		t.Errorf("the default picture differs from SVG's")
	}
	ar, _ := ActionArrow(st, move, "1")
	want := DefaultOptions()
	want.Arrows = []Arrow{ar}
	if draw(engine.PictureOptions{Arrows: []engine.Arrow{{Action: move, Label: "1"}}}) != svg(want) {
		t.Errorf("the arrow is not drawn as SVG draws it")
	}
	// From another position the same order starts where the unit stands
	// there.
	moved := st.Clone().(*twobytwo.State)
	if err := moved.Apply(move); err != nil {
		t.Fatal(err)
	}
	later, _ := ActionArrow(moved, move, "p1")
	want.Arrows = []Arrow{later}
	if draw(engine.PictureOptions{Arrows: []engine.Arrow{{Action: move, Label: "p1", From: moved}}}) != svg(want) {
		t.Errorf("the arrow from a later position is not drawn from it")
	}
	if !strings.Contains(draw(engine.PictureOptions{Width: 1020}), `width="1020"`) {
		t.Errorf("a picture 1020 pixels wide is not")
	}
	var b bytes.Buffer
	if err := p.Picture(&b, st, engine.PictureOptions{Width: 100}); err == nil || !strings.Contains(err.Error(), "too narrow") {
		t.Errorf("100 pixels: %v", err)
	}
}
