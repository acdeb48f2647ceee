package twobytwo

import (
	"fmt"
	"strings"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// UnitByLabel finds a unit by its label, ignoring case ("F3 Line",
// "a-chq").
func (s *State) UnitByLabel(label string) (int, error) {
	for i := 0; i < int(s.n); i++ {
		if strings.EqualFold(s.sc.Units[i].Label, strings.TrimSpace(label)) {
			return i, nil
		}
	}
	return -1, fmt.Errorf("no unit is labelled %q", label)
}

// FreeMove builds a person's free-form move of unit through up to
// engine.MaxPath points (waypoints then destination, inches), ending facing
// facing (degrees, 0 = north). With slide the unit keeps its facing on the
// way (sideways at double cost, straight back at no extra cost). Apply
// validates it with exactly the rules that check generated orders, and
// refuses it with the reason if the table would not allow it.
func FreeMove(unit int, facing float64, slide bool, pts ...geom.Vec) (engine.Action, error) {
	if len(pts) == 0 || len(pts) > engine.MaxPath {
		return engine.Action{}, fmt.Errorf("a move needs 1 to %d points, got %d", engine.MaxPath, len(pts))
	}
	kind := KindMove
	if slide {
		kind = KindSlide
	}
	a := act(kind, unit, NoUnit)
	a.Order = OrderFree
	a.NPath = uint8(copy(a.Path[:], pts))
	a.Facing = geom.NormDeg(facing)
	return a, nil
}
