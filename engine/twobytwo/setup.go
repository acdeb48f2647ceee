package twobytwo

import (
	"errors"
	"fmt"
	"math"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// resolveSetupRoll (ruling R-SETUPROLL): "Each player rolls 1 D6. If the dice are tied then each
// player may place an extra 10AP ... Players then re-roll." The higher
// score attacks.
func (s *State) resolveSetupRoll(d0, d1 int) {
	if d0 == d1 {
		s.ties++
		s.setChance(chSetup, 2)
		return
	}
	s.attacker = 0
	if d1 > d0 {
		s.attacker = 1
	}
	ap := float32(s.sc.DeployAP) + 10*float32(s.ties)
	s.deployAP = [2]float32{ap, ap}
	s.phase = phDeploy
	s.actor = s.defender()
}

// deployZoneOK: "within 6" of his base edge but no closer than 3" to the
// side of the board" (ruling R-DEPLOY: the whole base).
func (s *State) deployZoneOK(side int, r geom.Rect) bool {
	for _, c := range r.Corners() {
		if c.X < 3-1e-9 || c.X > s.sc.Size-3+1e-9 {
			return false
		}
		dy := c.Y
		if side == 1 {
			dy = s.sc.Size - c.Y
		}
		if dy < -1e-9 || dy > 6+1e-9 {
			return false
		}
	}
	return true
}

// checkDeploy validates a deployment; it returns "" when legal, else a
// constant reason (no allocation: Legal calls it for every candidate).
func (s *State) checkDeploy(a engine.Action) string {
	i := int(a.Unit)
	if i >= int(s.n) {
		return "no such unit"
	}
	side := int(s.actor)
	if int(s.side(i)) != side || s.U[i].Loc != LocUnplaced {
		return "that is not an undeployed unit of yours"
	}
	if cost := s.sc.Units[i].UnitCost(); float32(cost) > s.deployAP[side]+1e-6 {
		return "the unit costs more AP than are left to deploy"
	}
	if a.NPath < 1 {
		return "no position given"
	}
	r := baseAt(a.Path[0], geom.Heading(a.Facing))
	if !s.deployZoneOK(side, r) {
		return "units deploy within 6\" of their own edge and no closer than 3\" to a side edge"
	}
	if !s.clearAt(r, s.typ(i), i) {
		return "that place overlaps another base or impassable terrain"
	}
	return ""
}

func (s *State) applyDeploy(a engine.Action) error {
	switch a.Kind {
	case KindDeploy:
		if why := s.checkDeploy(a); why != "" {
			return fmt.Errorf("%s (%.1f AP left to deploy)", why, s.deployAP[s.actor])
		}
		i := int(a.Unit)
		u := &s.U[i]
		u.Loc, u.Pos, u.Dir = LocTable, a.Path[0], geom.Heading(a.Facing)
		s.deployAP[s.actor] -= float32(s.sc.Units[i].UnitCost())
		return nil
	case KindEnd:
		if s.actor == s.defender() {
			s.actor = s.attacker
			return nil
		}
		s.setupStep = 0
		s.nextPointStep()
		return nil
	}
	return fmt.Errorf("deploy a unit or end deployment")
}

// The reinforcement point steps: defender's first, attacker's first,
// defender's second, attacker's second ("Force deployment").
func (s *State) pointStepSide(step uint8) uint8 {
	if step%2 == 0 {
		return s.defender()
	}
	return s.attacker
}

// nextPointStep moves to the next point placement that has units to queue,
// or starts the battle.
func (s *State) nextPointStep() {
	for s.setupStep < 4 {
		side := s.pointStepSide(s.setupStep)
		if s.countLoc(int(side), LocUnplaced) > 0 {
			s.phase, s.actor = phPoint, side
			s.pointCur = int8(s.setupStep / 2)
			return
		}
		s.setupStep++
	}
	s.startPlay()
}

func (s *State) countLoc(side int, loc uint8) int {
	n := 0
	for i := range s.U[:s.n] {
		if int(s.side(i)) == side && s.U[i].Loc == loc {
			n++
		}
	}
	return n
}

// checkPoint validates a reinforcement point (ruling R-ATTPOINT): the defender on his own edge;
// the attacker on his own edge or a flank, not within 6" of a defending unit
// or reinforcement point.
func (s *State) checkPoint(a engine.Action) (rpoint, string) {
	e := Edge(a.Arg & 3)
	side := int(s.actor)
	if a.NPath < 1 {
		return rpoint{}, "no position given"
	}
	var at float64
	if e == South || e == North {
		at = a.Path[0].X
	} else {
		at = a.Path[0].Y
	}
	if at < 0 || at > s.sc.Size {
		return rpoint{}, "the point must lie on the table edge"
	}
	p := rpoint{Placed: true, Edge: e, Pos: s.sc.edgePoint(e, at)}
	if side == int(s.defender()) {
		if e != BaseEdge(side) {
			return p, "the defender's reinforcement points are on his own edge"
		}
		return p, ""
	}
	if e == BaseEdge(1-side) {
		return p, "the attacker's points are on his own edge or a flank, not the enemy's edge"
	}
	def := int(s.defender())
	for i := range s.U[:s.n] {
		// "not within 6"": exactly 6" is within, as every "within X" is.
		if int(s.side(i)) == def && s.U[i].Loc == LocTable && pointRectDist(p.Pos, s.rect(i)) <= 6+1e-9 {
			return p, "the point is within 6\" of a defending unit"
		}
	}
	for _, q := range s.points[def] {
		if q.Placed && q.Pos.Dist(p.Pos) <= 6+1e-9 {
			return p, "the point is within 6\" of a defending reinforcement point"
		}
	}
	return p, ""
}

func (s *State) applyPoint(a engine.Action) error {
	if a.Kind != KindPoint {
		return fmt.Errorf("place a reinforcement point")
	}
	p, why := s.checkPoint(a)
	if why != "" {
		return errors.New(why)
	}
	s.points[s.actor][s.pointCur] = p
	s.phase = phQueue
	return nil
}

// applyQueue: units join the point's queue in order of appearance. The
// second point takes every unit still undeployed (ruling R-QUEUE).
func (s *State) applyQueue(a engine.Action) error {
	side := int(s.actor)
	switch a.Kind {
	case KindQueue:
		i, err := s.unitArg(a)
		if err != nil {
			return err
		}
		if int(s.side(i)) != side || s.U[i].Loc != LocUnplaced {
			return fmt.Errorf("%s is not an unassigned unit of yours", s.label(i))
		}
		n := 0
		for j := range s.U[:s.n] {
			if s.U[j].Loc == LocWaiting && int(s.side(j)) == side && s.U[j].Point == s.pointCur {
				n++
			}
		}
		u := &s.U[i]
		u.Loc, u.Point, u.Queue = LocWaiting, s.pointCur, uint8(n)
		if s.countLoc(side, LocUnplaced) == 0 {
			s.setupStep++
			s.nextPointStep()
		}
		return nil
	case KindEnd:
		if s.pointCur == 1 {
			return fmt.Errorf("every remaining unit must queue at the second point")
		}
		if s.queueLen(side, int(s.pointCur)) == 0 {
			return fmt.Errorf("queue at least one unit at this point")
		}
		s.setupStep++
		s.nextPointStep()
		return nil
	}
	return fmt.Errorf("queue a unit or finish the queue")
}

func (s *State) queueLen(side, pt int) int {
	n := 0
	for i := range s.U[:s.n] {
		if int(s.side(i)) == side && s.U[i].Loc == LocWaiting && int(s.U[i].Point) == pt {
			n++
		}
	}
	return n
}

// nextInQueue is the next unit to arrive at side's point pt, or -1.
func (s *State) nextInQueue(side, pt int) int {
	best, bq := -1, math.MaxInt
	for i := range s.U[:s.n] {
		u := &s.U[i]
		if int(s.side(i)) == side && u.Loc == LocWaiting && int(u.Point) == pt && int(u.Queue) < bq {
			best, bq = i, int(u.Queue)
		}
	}
	return best
}
