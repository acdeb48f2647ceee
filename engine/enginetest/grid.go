package enginetest

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/tabletop"
)

// OnGrid checks a generated action against the grid of generated orders
// (tabletop.Snap): its points on the hundredth of the ruleset's unit, its
// facing on the tenth of a degree, and text, its notation, with no number
// of more than two decimals. A ruleset's tests call it on every action its
// Legal offers in random games.
func OnGrid(a engine.Action, text string) error {
	for _, p := range a.Points() {
		if tabletop.SnapPoint(p) != p {
			return fmt.Errorf("%s: point %v,%v is off the grid", text, p.X, p.Y)
		}
	}
	if tabletop.SnapDegrees(a.Facing) != a.Facing {
		return fmt.Errorf("%s: facing %v is off the grid", text, a.Facing)
	}
	for _, tok := range strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == '=' }) {
		if _, err := strconv.ParseFloat(tok, 64); err != nil {
			continue
		}
		if strings.ContainsAny(tok, "eE") {
			return fmt.Errorf("%s: %s is written with an exponent", text, tok)
		}
		if dot := strings.IndexByte(tok, '.'); dot >= 0 && len(tok)-dot-1 > 2 {
			return fmt.Errorf("%s: %s has more than two decimals", text, tok)
		}
	}
	return nil
}
