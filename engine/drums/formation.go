package drums

import (
	"math"

	"github.com/grognard/grognard/engine/geom"
)

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

// canonicalAnchor is the first of the anchors (centre, left, right) that
// puts a unit of type t with bases, changing from formation from to to,
// where anchor a puts it: the anchors that differ are the declarations
// that differ.
//
// Ruling D-ANCHOR (Change Formation: "the player declares a front-rank
// base that will remain static"): any base of the front rank may be the
// static one; the engine offers the left end, the centre (left of centre
// in an even rank) and the right end, each where it gives a position of
// its own, and reads an anchor that gives the centre's (or the left's)
// position as that one.
func canonicalAnchor(t Type, from, to Formation, bases int, a Anchor) Anchor {
	kf, kt := FrontBases(t, from, bases), FrontBases(t, to, bases)
	if a > AnchorRight || kf == 0 || kt == 0 {
		return AnchorCentre
	}
	shift := func(b Anchor) float64 {
		return frontBaseOffset(t, from, bases, anchorIndex(b, kf)) - frontBaseOffset(t, to, bases, anchorIndex(b, kt))
	}
	sa := shift(a)
	for b := AnchorCentre; b < a; b++ {
		if math.Abs(shift(b)-sa) < 1e-9 {
			return b
		}
	}
	return a
}

// anchorOffered reports whether unit i, in formation from, declares a
// change to formation to with static base a as its own choice, not as
// another anchor's (ruling D-ANCHOR).
func (s *State) anchorOffered(i int, from, to Formation, a Anchor) bool {
	return a <= AnchorRight && canonicalAnchor(s.prof(i).Type, from, to, s.Bases(i), a) == a
}

// declaredForm is the formation unit i will be in when its next declared
// action is carried out: the one its first declared action changes to, if
// it is the activated unit and that action is a formation change.
func (s *State) declaredForm(i int) Formation {
	form := s.Units[i].Form
	if s.wait == waitDecision && s.ask == askDeclare && s.ndecl > 0 && int(s.activationTask().a) == i && s.decl[s.ndecl-1].Kind == KReform {
		form = Formation(s.decl[s.ndecl-1].Arg)
	}
	return form
}
