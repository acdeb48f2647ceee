package twobytwo

import (
	"math"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
	"github.com/grognard/grognard/engine/tabletop"
)

// Legal appends the legal actions of the side to move to buf. In the
// movement phase these are the generated orders of every unit (see
// orders.go); a person may also give any free-form move that Apply accepts.
func (s *State) Legal(buf []engine.Action) []engine.Action {
	if s.result.Over || s.chance != chNone {
		return buf
	}
	switch s.phase {
	case phDeploy:
		return s.legalDeploy(buf)
	case phPoint:
		return s.legalPoint(buf)
	case phQueue:
		for i := 0; i < int(s.n); i++ {
			if s.side(i) == s.actor && s.U[i].Loc == LocUnplaced {
				buf = append(buf, act(KindQueue, i, NoUnit))
			}
		}
		if s.pointCur == 0 && s.queueLen(int(s.actor), 0) > 0 {
			buf = append(buf, act(KindEnd, NoUnit, NoUnit))
		}
	case phMove:
		buf = s.legalMove(buf)
	case phStall:
		buf = append(buf, act(KindConfront, int(s.stallAtt), int(s.stallDef)))
		u := &s.U[s.stallAtt]
		if s.clearAt(baseAt(u.Pos.Sub(u.Dir), u.Dir), s.typ(int(s.stallAtt)), int(s.stallAtt)) {
			buf = append(buf, act(KindStall, int(s.stallAtt), int(s.stallDef)))
		}
	case phArrival:
		buf = s.legalArrival(buf)
	case phShoot:
		if d, a := s.pendingStall(); d >= 0 {
			return append(buf, act(KindFire, d, a))
		}
		for f := 0; f < int(s.n); f++ {
			if !s.canShoot(f) {
				continue
			}
			if p := s.priorityTarget(f); p >= 0 {
				buf = append(buf, act(KindFire, f, p))
				continue
			}
			for t := 0; t < int(s.n); t++ {
				if s.side(t) != s.actor && s.U[t].Loc == LocTable {
					if _, ok := s.canTarget(f, t); ok {
						buf = append(buf, act(KindFire, f, t))
					}
				}
			}
		}
		if s.grandBattery {
			buf = s.legalBombard(buf)
		}
		buf = append(buf, act(KindEnd, NoUnit, NoUnit))
	case phSupport:
		for i := 0; i < int(s.n); i++ {
			if s.side(i) == s.actor && s.maySupport(i) {
				buf = append(buf, act(KindSupport, i, int(s.fireTarget)))
			}
		}
		buf = append(buf, act(KindResolve, int(s.firePrimary), int(s.fireTarget)))
	case phRoutDir:
		i := int(s.routCur.Unit)
		a := act(KindRout, i, NoUnit)
		buf = append(buf, a)
		a.Arg = 1
		buf = append(buf, a)
	case phMelee:
		for d := 0; d < int(s.n); d++ {
			if s.meleeCandidate(d) {
				buf = append(buf, act(KindMelee, NoUnit, d))
			}
		}
	case phFollowUp:
		a := act(KindFollowUp, int(s.mFollow), NoUnit)
		buf = append(buf, a)
		a.Arg = 1
		buf = append(buf, a)
	}
	return buf
}

// LegalNext appends the legal actions with the movement phase decomposed
// unit by unit: there it offers only the orders of the lowest-numbered
// unit still to move (hold, face, voluntary rout and its generated
// orders) and the reinforcement dice, then, once every unit has its
// order, the dice and ending the phase; in every other
// phase it is Legal. Every action it offers is legal, and a game played
// with it alone can reach every position the units' orders can (in a
// fixed order of units). Searches use it: a node then holds one unit's
// few orders instead of every unit's, and generating them costs a
// fraction of Legal.
func (s *State) LegalNext(buf []engine.Action) []engine.Action {
	if s.result.Over || s.chance != chNone || s.phase != phMove {
		return s.Legal(buf)
	}
	side := int(s.phasing)
	for i := 0; i < int(s.n); i++ {
		u := &s.U[i]
		if u.Loc != LocTable || int(s.side(i)) != side || u.Flags&fMoved != 0 {
			continue
		}
		n := len(buf)
		buf = s.unitMoves(buf, i)
		if len(buf) > n {
			// Ending the phase now is the same as every unit left
			// holding; leaving it out keeps a search from cutting a turn
			// short by one move it cannot undo.
			return s.appendReinfDice(buf, side)
		}
	}
	return s.appendMoveExtras(buf, side)
}

// unitMoves appends the movement-phase actions of unit i.
func (s *State) unitMoves(buf []engine.Action, i int) []engine.Action {
	u := &s.U[i]
	buf = append(buf, act(KindHold, i, NoUnit))
	if s.typ(i).MayRoutVoluntarily() && u.Stat != Disrupted {
		buf = append(buf, act(KindVolRout, i, NoUnit))
	}
	if s.canMove(i) {
		buf = s.orders(i, buf)
	} else if u.Stat == Pinned && !s.inContactWithEnemy(i) {
		if e := s.nearestEnemy(i); e >= 0 {
			buf = s.appendFace(buf, i, s.U[e].Pos)
		}
	}
	return buf
}

// appendMoveExtras appends the reinforcement dice and the end of the
// movement phase.
func (s *State) appendMoveExtras(buf []engine.Action, side int) []engine.Action {
	return append(s.appendReinfDice(buf, side), act(KindEnd, NoUnit, NoUnit))
}

// appendReinfDice appends the reinforcement dice still to throw this
// movement phase.
func (s *State) appendReinfDice(buf []engine.Action, side int) []engine.Action {
	if s.reinfDice < 2 {
		for pt := 0; pt < 2; pt++ {
			if s.points[side][pt].Placed && s.nextInQueue(side, pt) >= 0 {
				a := act(KindDiceReinf, NoUnit, NoUnit)
				a.Arg = uint8(pt)
				buf = append(buf, a)
			}
		}
	}
	return buf
}

// deploySlots are the candidate deployment positions offered to bots: a
// grid over the deployment zone.
func (s *State) legalDeploy(buf []engine.Action) []engine.Action {
	side := int(s.actor)
	face := facingOfSide(side)
	for i := 0; i < int(s.n); i++ {
		if int(s.side(i)) != side || s.U[i].Loc != LocUnplaced || float32(s.sc.Units[i].UnitCost()) > s.deployAP[side]+1e-6 {
			continue
		}
		for x := 4.0; x <= s.sc.Size-4+1e-9; x += 2 {
			for _, depth := range [...]float64{1.5, 3.25, 5} {
				y := depth
				if side == 1 {
					y = s.sc.Size - depth
				}
				a := act(KindDeploy, i, NoUnit)
				a.NPath, a.Path[0], a.Facing = 1, geom.V(x, y), face
				onGrid(&a)
				if s.checkDeploy(a) == "" {
					buf = append(buf, a)
				}
			}
		}
	}
	return append(buf, act(KindEnd, NoUnit, NoUnit))
}

func (s *State) legalPoint(buf []engine.Action) []engine.Action {
	side := int(s.actor)
	edges := [3]Edge{BaseEdge(side), West, East}
	n := 1
	if side == int(s.attacker) {
		n = 3
	}
	for _, e := range edges[:n] {
		for at := 3.0; at <= s.sc.Size-3+1e-9; at += 3 {
			a := act(KindPoint, NoUnit, NoUnit)
			a.Arg = uint8(e)
			a.NPath, a.Path[0] = 1, s.sc.edgePoint(e, at)
			onGrid(&a)
			if _, why := s.checkPoint(a); why == "" {
				buf = append(buf, a)
			}
		}
	}
	return buf
}

func (s *State) legalArrival(buf []engine.Action) []engine.Action {
	side, pt := int(s.phasing), int(s.arrivalPt)
	for off := -2.5; off <= 2.5+1e-9; off += 1.25 {
		r := s.arrivalPose(side, pt, off)
		a := act(KindPlace, s.nextInQueue(side, pt), NoUnit)
		a.NPath, a.Path[0], a.Facing = 1, r.C, geom.FacingOf(r.F)
		onGrid(&a)
		if _, _, why := s.checkPlace(a); why == "" {
			buf = append(buf, a)
		}
	}
	for j := 0; j < int(s.n); j++ {
		if s.exchangeable(j) {
			buf = append(buf, act(KindExchange, s.nextInQueue(side, pt), j))
		}
	}
	return append(buf, act(KindEnd, NoUnit, NoUnit))
}

// legalMove lists the movement-phase actions: every unit's orders, the
// reinforcement dice, and the end of the phase.
func (s *State) legalMove(buf []engine.Action) []engine.Action {
	side := int(s.phasing)
	for i := 0; i < int(s.n); i++ {
		u := &s.U[i]
		if u.Loc != LocTable || int(s.side(i)) != side || u.Flags&fMoved != 0 {
			continue
		}
		buf = s.unitMoves(buf, i)
	}
	return s.appendMoveExtras(buf, side)
}

// nearestEnemy is the enemy unit on the table nearest to unit i, or -1.
func (s *State) nearestEnemy(i int) int {
	best, bd := -1, math.MaxFloat64
	for j := 0; j < int(s.n); j++ {
		if s.U[j].Loc == LocTable && s.side(j) != s.side(i) {
			if d := s.U[j].Pos.Dist(s.U[i].Pos); d < bd {
				best, bd = j, d
			}
		}
	}
	return best
}

func (s *State) appendFace(buf []engine.Action, i int, at geom.Vec) []engine.Action {
	dir := at.Sub(s.U[i].Pos).Norm()
	if dir.Len2() == 0 || dir.Dot(s.U[i].Dir) > 0.995 {
		return buf
	}
	// Check exactly the facing the action will carry.
	dir = geom.Heading(tabletop.SnapDegrees(geom.FacingOf(dir)))
	r := baseAt(s.U[i].Pos, dir)
	if !s.clearAt(r, s.typ(i), i) || s.touchesEnemyOtherThan(r, i, -1) {
		return buf
	}
	a := act(KindFace, i, NoUnit)
	a.Facing = tabletop.SnapDegrees(geom.FacingOf(dir))
	a.Order = OrderFace
	return append(buf, a)
}
