package twobytwo

import (
	"fmt"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// queueRout adds unit i to the routs waiting to be resolved.
func (s *State) queueRout(i int, away geom.Vec, shooting bool) {
	// A unit routs at most once in a chain of routs (ruling R-CONTAGION).
	if s.routed&(1<<uint(i)) != 0 {
		return
	}
	for k := 0; k < int(s.routN); k++ {
		if int(s.routs[k].Unit) == i {
			return
		}
	}
	if int(s.routCur.Unit) == i || int(s.routN) >= routCap {
		return
	}
	if away.Len2() < 1e-12 {
		away = s.U[i].Dir.Scale(-1)
	}
	s.routs[s.routN] = routReq{Unit: uint8(i), Shooting: shooting, Away: away}
	s.routN++
}

// runRouts resolves waiting routs one by one; when none is left play
// resumes in s.resume.
func (s *State) runRouts() {
	for s.routN > 0 {
		s.routCur = s.routs[0]
		copy(s.routs[:], s.routs[1:s.routN])
		s.routN--
		s.routs[s.routN] = routReq{} // keep equal positions equal
		if s.U[s.routCur.Unit].Loc != LocTable {
			continue
		}
		// "Every time a unit routs ... the owner must roll a D6."
		s.chUnit = s.routCur.Unit
		s.setChance(chRoutTest, 1)
		return
	}
	s.routCur.Unit = NoUnit
	s.routed = 0
	s.resumePlay()
}

// resumePlay continues the phase that a rout interrupted.
func (s *State) resumePlay() {
	if s.checkEnd() {
		return
	}
	switch s.resume {
	case phMove:
		s.phase, s.actor = phMove, s.phasing
	case phStall:
		s.phase, s.actor = phStall, s.side(int(s.stallDef))
		if s.U[s.stallAtt].Loc != LocTable || s.U[s.stallDef].Loc != LocTable {
			s.stallAtt, s.stallDef = NoUnit, NoUnit
			s.phase, s.actor = phMove, s.phasing
		}
	case phShoot:
		s.phase, s.actor = phShoot, 1-s.phasing
	case phMelee:
		s.afterMeleeResult()
	}
}

// resolveRoutTest: "On a 1 or 2 the unit is destroyed. If not, the unit
// moves its maximum move either to its direct rear or directly away from
// the source of the shooting."
func (s *State) resolveRoutTest(d int) {
	i := int(s.routCur.Unit)
	if d <= 2 {
		s.destroy(i)
		s.runRouts()
		return
	}
	rear := s.U[i].Dir.Scale(-1)
	// The owner chooses rear or away from the firer (ruling R-ROUTSOURCE).
	if s.routCur.Shooting && s.routCur.Away.Dot(rear) < 0.9999 {
		s.phase = phRoutDir
		s.actor = s.side(i)
		return
	}
	s.routMove(i, s.routCur.Away)
	s.runRouts()
}

func (s *State) applyRoutDir(a engine.Action) error {
	if a.Kind != KindRout || a.Arg > 1 {
		return fmt.Errorf("choose the rout direction: rear or away")
	}
	i := int(s.routCur.Unit)
	dir := s.U[i].Dir.Scale(-1)
	if a.Arg == 1 {
		dir = s.routCur.Away
	}
	s.routMove(i, dir)
	s.runRouts()
	return nil
}

// routMove moves routing unit i its full movement rate along dir ("Routs";
// ruling R-ROUTDIST):
// destroyed on touching an enemy, on being forced off the table or into
// woods, a steep hill or a river (ruling R-ROUTTERRAIN); it passes through
// friends, and a friend it ends on is pushed back and pinned; friends it
// passes within 1" of may rout too (militia, Cossacks, and anyone passed by
// a routing elite unit). Afterwards it is disrupted.
func (s *State) routMove(i int, dir geom.Vec) {
	u := &s.U[i]
	dir = dir.Norm()
	dist := s.prof(i).Move
	start := baseAt(u.Pos, dir)
	d := dir.Scale(dist)
	end := baseAt(u.Pos.Add(d), dir)
	side := s.side(i)
	t := s.typ(i)
	swept := geom.Rect{C: u.Pos.Add(d.Scale(0.5)), F: dir, HW: 0.5, HD: dist/2 + 0.25}
	for j := 0; j < int(s.n); j++ {
		if j == i || s.U[j].Loc != LocTable || s.side(j) == side {
			continue
		}
		if geom.BeyondSeg(s.U[j].Pos, u.Pos, end.C, baseReach) {
			continue
		}
		if _, hit := geom.Sweep(start, d, s.rect(j), overlapTol); hit {
			s.destroy(i)
			return
		}
	}
	if !s.sc.onTableRect(end) || s.sc.rectInArea(swept, SteepHill) ||
		(t != LightInfantry && t != Cossacks && s.sc.rectInArea(swept, Wood)) ||
		s.sc.crossWater(u.Pos, end.C).river {
		s.destroy(i)
		return
	}
	u.Pos, u.Dir = end.C, dir
	u.Stat = Disrupted
	s.routed |= 1 << uint(i)
	u.Flags &^= fStalled
	// Contagion: militia and Cossacks within 1" of the rout; anyone within
	// 1" of a routing elite unit ("Elite Infantry", "Militia", "Cossacks";
	// ruling R-CONTAGION).
	elite := s.prof(i).Elite
	for j := 0; j < int(s.n); j++ {
		if j == i || s.U[j].Loc != LocTable || s.side(j) != side || s.routed&(1<<uint(j)) != 0 {
			continue
		}
		if geom.BeyondSeg(s.U[j].Pos, start.C, end.C, 2.2) {
			continue
		}
		if geom.RectDistance(swept, s.rect(j)) > 1+1e-9 {
			continue
		}
		if s.typ(j).Contagious() || elite {
			s.queueRout(j, s.U[j].Dir.Scale(-1), false)
		}
	}
	// A friend it ends on is moved back to make room and pinned.
	for j := 0; j < int(s.n); j++ {
		if j == i || s.U[j].Loc != LocTable || !baseNear(s.U[j].Pos, end.C) {
			continue
		}
		if geom.Overlap(end, s.rect(j), overlapTol) {
			s.pushBack(j, i, dir)
		}
	}
}

// pushBack moves friend j along dir until it clears router r, then pins
// it. If no room is found within 2" the friend stays and the router stops
// short of it; if even that finds no room the router is destroyed (ruling
// R-PUSH).
func (s *State) pushBack(j, r int, dir geom.Vec) {
	u := &s.U[j]
	for step := 1; step <= 20; step++ {
		p := u.Pos.Add(dir.Scale(0.1 * float64(step)))
		cand := baseAt(p, u.Dir)
		if s.clearAt(cand, s.typ(j), j) {
			u.Pos = p
			if u.Stat < Pinned {
				u.Stat = Pinned
			}
			return
		}
	}
	ru := &s.U[r]
	for step := 1; step <= 60; step++ {
		p := ru.Pos.Sub(dir.Scale(0.1 * float64(step)))
		if s.clearAt(baseAt(p, ru.Dir), s.typ(r), r) {
			ru.Pos = p
			return
		}
	}
	s.destroy(r)
}

// applyVolRout: light infantry and light cavalry "may during its movement
// phase voluntarily ROUT"; the rout is resolved like any other (destroyed on
// 1 or 2) and goes to the unit's direct rear.
func (s *State) applyVolRout(a engine.Action) error {
	i, err := s.unitArg(a)
	if err != nil {
		return err
	}
	u := &s.U[i]
	if u.Loc != LocTable || s.side(i) != s.phasing || u.Flags&fMoved != 0 || !s.typ(i).MayRoutVoluntarily() || u.Stat == Disrupted {
		return fmt.Errorf("%s may not rout voluntarily now", s.label(i))
	}
	u.Flags |= fMoved
	s.queueRout(i, u.Dir.Scale(-1), false)
	s.resume = phMove
	s.runRouts()
	return nil
}
