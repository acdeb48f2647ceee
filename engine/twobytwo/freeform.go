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

// FreePlacement builds a person's placing of a unit at pos facing facing:
// a deployment during set-up, or the arrival of the unit at the head of
// its reinforcement queue in an arrival decision (the rules then check
// the place: deployment zone, or rear on the edge within reach of the
// point). Apply refuses it with the reason if the table would not allow
// it.
func (s *State) FreePlacement(unit int, pos geom.Vec, facing float64) (engine.Action, error) {
	kind := KindDeploy
	switch s.phase {
	case phDeploy:
	case phArrival:
		kind = KindPlace
		if i := s.nextInQueue(int(s.phasing), int(s.arrivalPt)); i != unit {
			return engine.Action{}, fmt.Errorf("%s is arriving, not %s", s.label(i), s.label(unit))
		}
	default:
		return engine.Action{}, fmt.Errorf("units are placed only during deployment or when a reinforcement arrives (now: %s phase); move them with move", phaseNames[s.phase])
	}
	a := act(kind, unit, NoUnit)
	a.Order = OrderFree
	a.NPath = 1
	a.Path[0] = pos
	a.Facing = geom.NormDeg(facing)
	return a, nil
}

// FacingOfSide is the facing side's units start with: towards the enemy.
func FacingOfSide(side int) float64 { return facingOfSide(side) }
