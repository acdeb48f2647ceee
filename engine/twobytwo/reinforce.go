package twobytwo

import (
	"errors"
	"fmt"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// reinfNeed is the score a reinforcement die needs: "Reinforcement from
// rear 3+ required; from flank 4+ required" (ruling R-REINFDICE).
func (s *State) reinfNeed(side, pt int) int {
	if s.points[side][pt].Edge == BaseEdge(side) {
		return 3
	}
	return 4
}

func (s *State) applyDiceReinf(a engine.Action) error {
	side := int(s.phasing)
	pt := int(a.Arg)
	if pt > 1 || !s.points[side][pt].Placed {
		return fmt.Errorf("you have no reinforcement point %d", pt+1)
	}
	if s.reinfDice >= 2 {
		return fmt.Errorf("the two reinforcement dice of this movement phase are used")
	}
	if s.nextInQueue(side, pt) < 0 {
		return fmt.Errorf("no reinforcement waits at point %d", pt+1)
	}
	s.reinfDice++
	s.diceFor = int8(pt)
	s.setChance(chReinf, 1)
	return nil
}

func (s *State) resolveReinf(d int) {
	side, pt := int(s.phasing), int(s.diceFor)
	if d < s.reinfNeed(side, pt) {
		return
	}
	s.phase = phArrival
	s.arrivalPt = s.diceFor
}

// arrivalPose is the base of an arriving unit at offset off along the edge
// from the point: rear on the edge, facing into the table (ruling R-ARRIVE).
func (s *State) arrivalPose(side, pt int, off float64) geom.Rect {
	p := s.points[side][pt]
	in := inward(p.Edge)
	c := p.Pos.Add(along(p.Edge).Scale(off)).Add(in.Scale(0.25 + 1e-6))
	return baseAt(c, in)
}

// checkPlace validates an arrival: "placed at any point on the board edge
// within 3" of the reinforcement point", not on top of another unit.
func (s *State) checkPlace(a engine.Action) (int, geom.Rect, string) {
	side, pt := int(s.phasing), int(s.arrivalPt)
	i := s.nextInQueue(side, pt)
	if a.NPath < 1 {
		return i, geom.Rect{}, "no position given"
	}
	p := s.points[side][pt]
	in := inward(p.Edge)
	r := baseAt(a.Path[0], geom.Heading(a.Facing))
	// The rear face must lie on the edge.
	rc := r.FaceCentre(geom.FaceRear)
	if d := rc.Sub(p.Pos).Dot(in); d < -1e-6 || d > 0.01 || r.F.Dot(in) < 0.999 {
		return i, r, "arrivals are placed with the rear of the base on the table edge, facing in"
	}
	if rc.Dist(p.Pos) > 3+1e-9 {
		return i, r, "arrivals are placed within 3\" of the reinforcement point"
	}
	if !s.clearAt(r, s.typ(i), i) {
		return i, r, "that place is blocked"
	}
	for j := range s.U[:s.n] {
		if s.U[j].Loc == LocTable && s.side(j) != uint8(side) && baseNear(s.U[j].Pos, r.C) && geom.RectDistance(r, s.rect(j)) <= contactTol {
			return i, r, "a reinforcement may not be placed touching the enemy"
		}
	}
	return i, r, ""
}

// exchangeable reports whether enemy unit j is within 3" of the arriving
// point (the exchange rule of "Reinforcements"; ruling R-EXCHANGE).
func (s *State) exchangeable(j int) bool {
	side, pt := int(s.phasing), int(s.arrivalPt)
	if s.U[j].Loc != LocTable || int(s.side(j)) == side {
		return false
	}
	return pointRectDist(s.points[side][pt].Pos, s.rect(j)) <= 3+1e-9 && s.points[side][pt].Pos.Dist(s.measurePoint(j, s.points[side][pt].Pos)) <= 3+1e-9
}

// measurePoint is the centre of unit j's face nearest p.
func (s *State) measurePoint(j int, p geom.Vec) geom.Vec {
	r := s.rect(j)
	best, bd := r.C, 1e18
	for f := geom.FaceFront; f <= geom.FaceLeft; f++ {
		c := r.FaceCentre(f)
		if d := c.Dist(p); d < bd {
			best, bd = c, d
		}
	}
	return best
}

func (s *State) applyArrival(a engine.Action) error {
	side, pt := int(s.phasing), int(s.arrivalPt)
	switch a.Kind {
	case KindPlace:
		i, r, why := s.checkPlace(a)
		if why != "" {
			return errors.New(why)
		}
		u := &s.U[i]
		u.Loc, u.Pos, u.Dir = LocTable, r.C, r.F
		u.Point = -1
	case KindExchange:
		j := int(a.Target)
		if j >= int(s.n) || !s.exchangeable(j) {
			return fmt.Errorf("only an enemy unit within 3\" of the reinforcement point can be exchanged")
		}
		i := s.nextInQueue(side, pt)
		s.U[i].Point = -1
		s.destroy(i)
		s.destroy(j)
		if s.checkEnd() {
			return nil
		}
	case KindEnd:
		// Declined, or no room: "it may not enter that turn".
	default:
		return fmt.Errorf("place the arriving unit, exchange it, or leave it off table")
	}
	s.phase, s.actor = phMove, s.phasing
	return nil
}

// exitAllowed reports whether side may exit units by its own edge: only
// once either side has no reinforcements left ("Victory Conditions";
// ruling R-EXIT).
func (s *State) exitAllowed() bool {
	for side := 0; side < 2; side++ {
		if s.countLoc(side, LocWaiting) == 0 && s.countLoc(side, LocUnplaced) == 0 {
			return true
		}
	}
	return false
}

// enemyPointAt returns the enemy reinforcement point within 3" of p, or -1.
func (s *State) enemyPointAt(side int, p geom.Vec) int {
	for k, q := range s.points[1-side] {
		if q.Placed && q.Pos.Dist(p) <= 3+1e-9 {
			return k
		}
	}
	return -1
}

// applyExit: "It costs 1" worth of movement, front base fully lined up with
// the board's edge, to exit the board." By the own edge once exiting is
// allowed (draw play); at an enemy reinforcement point the unit and the
// next enemy reinforcement there are both destroyed.
func (s *State) applyExit(a engine.Action) error {
	i, err := s.unitArg(a)
	if err != nil {
		return err
	}
	if !s.canMove(i) {
		return fmt.Errorf("%s: %s", s.label(i), refCannotMove)
	}
	side := int(s.side(i))
	e := Edge(a.Arg & 3)
	if a.NPath < 1 {
		return fmt.Errorf("no path to the edge given")
	}
	// The last point is where the front face lines up with the edge.
	res, ref := s.checkMove(i, a.Points(), inward(e).Scale(-1))
	if ref != okMove && ref != refTooFar {
		return fmt.Errorf("%s: %s", s.label(i), ref)
	}
	if res.contact >= 0 {
		return fmt.Errorf("%s would contact the enemy on the way out", s.label(i))
	}
	front := baseAt(res.end, res.dir).FaceCentre(geom.FaceFront)
	edgeP := s.sc.edgePoint(e, front.X)
	if e == East || e == West {
		edgeP = s.sc.edgePoint(e, front.Y)
	}
	if front.Dist(edgeP) > 0.01 || res.dir.Dot(inward(e)) > -0.999 {
		return fmt.Errorf("to exit, the front of the base must be lined up with the table edge")
	}
	if res.cost+1 > res.allow+1e-9 {
		return fmt.Errorf("%s needs %.2f\" to reach the edge and 1\" to exit; it has %.2f\"", s.label(i), res.cost, res.allow)
	}
	k := s.enemyPointAt(side, edgeP)
	switch {
	case k >= 0 && s.nextInQueue(1-side, k) >= 0:
		j := s.nextInQueue(1-side, k)
		s.U[i].Pos, s.U[i].Dir = res.end, res.dir
		s.destroy(i)
		s.U[j].Point = -1
		s.destroy(j)
	case e == BaseEdge(side) && s.exitAllowed():
		s.U[i].Pos, s.U[i].Dir = res.end, res.dir
		s.U[i].Loc = LocExited
	default:
		return fmt.Errorf("units may exit only by their own edge once either side has no reinforcements left, or at an enemy reinforcement point with units waiting")
	}
	s.checkEnd()
	return nil
}
