package drums

import "github.com/grognard/grognard/engine/geom"

// turnResult is where unit i stands after turning (Change facing): the
// turn must fit without overlapping another unit, leaving the table or
// entering impassable terrain ("If the unit is not able to fully change
// facing or does not have enough space to do so, then it cannot").
func (s *State) turnResult(i int, turn Turn) (geom.Vec, float64, bool) {
	u := &s.Units[i]
	if turn > TurnAbout || u.Form == Square {
		return geom.Vec{}, 0, false
	}
	p := s.prof(i)
	f, face := TurnTo(p.Type, u.Form, s.Bases(i), u.Front, u.Facing, turn)
	r := Footprint(p.Type, u.Form, s.Bases(i), f, face)
	if !s.onTable(r) || s.blocked(r, i) {
		return geom.Vec{}, 0, false
	}
	return f, face, true
}

// reformResult is where unit i stands after changing to formation to,
// keeping the front-rank base a static (Change Formation), if the type
// and doctrine allow the formation and it fits.
func (s *State) reformResult(i int, to Formation, a Anchor) (geom.Vec, float64, bool) {
	u := &s.Units[i]
	p := s.prof(i)
	if to == u.Form || to == NoFormation || to >= numFormations || a > AnchorRight || !FormationAllowed(p.Type, p.Doctrines, to) {
		return geom.Vec{}, 0, false
	}
	if s.st.noSquare[u.Side] && to == Square {
		return geom.Vec{}, 0, false
	}
	f, face := Reform(p.Type, u.Form, to, s.Bases(i), u.Front, u.Facing, a)
	r := Footprint(p.Type, to, s.Bases(i), f, face)
	if !s.onTable(r) || s.blocked(r, i) {
		return geom.Vec{}, 0, false
	}
	return f, face, true
}
