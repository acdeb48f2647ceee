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
// a routing elite unit), even when the router is destroyed on the way.
// Afterwards it is disrupted.
func (s *State) routMove(i int, dir geom.Vec) {
	u := &s.U[i]
	dir = dir.Norm()
	dist := s.prof(i).Move
	from := s.rect(i)
	start := baseAt(u.Pos, dir)
	d := dir.Scale(dist)
	end := baseAt(u.Pos.Add(d), dir)
	side := s.side(i)
	t := s.typ(i)
	// "If at any point during the rout the unit touched an enemy unit, the
	// routing unit is destroyed": touching is contact as R-CONTACT has it,
	// within contactTol, so a router that slides flush along an enemy or
	// ends in contact with one is destroyed. An enemy it already touches
	// as it starts (the winner of the melee it lost, or the enemy an
	// engaged light unit breaks away from) only counts if the router runs
	// into it or ends touching it.
	hitT := 2.0
	for j := 0; j < int(s.n); j++ {
		if j == i || s.U[j].Loc != LocTable || s.side(j) == side {
			continue
		}
		if geom.BeyondSeg(s.U[j].Pos, u.Pos, end.C, baseReach) {
			continue
		}
		o := s.rect(j)
		if geom.RectDistance(from, o) <= contactTol {
			if tt, hit := geom.Sweep(start, d, o, overlapTol); hit {
				hitT = min(hitT, tt)
			} else if geom.RectDistance(end, o) <= contactTol {
				hitT = min(hitT, 1)
			}
			continue
		}
		if tt, hit := geom.Sweep(start, d, o, contactEps); hit {
			hitT = min(hitT, tt)
		}
	}
	destroyed := hitT <= 1
	// reach is the part of the rout line the unit covers: all of it, or
	// up to the enemy it touches or the ground that destroys it,
	// whichever comes first.
	reach := 1.0
	if destroyed {
		reach = hitT
	}
	if whole := (geom.Rect{C: u.Pos.Add(d.Scale(0.5)), F: dir, HW: 0.5, HD: dist/2 + 0.25}); !s.sc.onTableRect(end) ||
		s.sc.rectInArea(whole, SteepHill) || (t != LightInfantry && t != Cossacks && s.sc.rectInArea(whole, Wood)) ||
		s.sc.crossWater(u.Pos, end.C).river {
		destroyed = true
		reach = min(reach, s.routStop(t, u.Pos, d))
	}
	// Contagion: militia and Cossacks within 1" of the rout's start, path
	// or end; anyone within 1" of a routing elite unit ("Elite Infantry",
	// "Militia", "Cossacks"; ruling R-CONTAGION). A router destroyed on the
	// way has still routed past the units it came near.
	stop := u.Pos.Add(d.Scale(reach))
	swept := geom.Rect{C: u.Pos.Add(d.Scale(reach / 2)), F: dir, HW: 0.5, HD: dist*reach/2 + 0.25}
	elite := s.prof(i).Elite
	s.routed |= 1 << uint(i)
	for j := 0; j < int(s.n); j++ {
		if j == i || s.U[j].Loc != LocTable || s.side(j) != side || s.routed&(1<<uint(j)) != 0 {
			continue
		}
		if !s.typ(j).Contagious() && !elite {
			continue
		}
		if geom.BeyondSeg(s.U[j].Pos, start.C, stop, 2.2) {
			continue
		}
		if o := s.rect(j); geom.RectDistance(swept, o) <= 1+1e-9 || geom.RectDistance(from, o) <= 1+1e-9 {
			s.queueRout(j, s.U[j].Dir.Scale(-1), false)
		}
	}
	if destroyed {
		s.destroy(i)
		return
	}
	u.Pos, u.Dir = end.C, dir
	u.Stat = Disrupted
	u.Flags &^= fStalled
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

// routStop is the fraction of the rout move d from p (unit type t) at
// which the router first reaches the table edge or the woods, steep hill
// or river that destroys it, to the nearest 1/20": where a player would
// take it off the table. Routs rarely end so, so sampling is cheap enough.
func (s *State) routStop(t UnitType, p, d geom.Vec) float64 {
	l := d.Len()
	n := int(l/0.05) + 1
	dir := d.Scale(1 / l)
	for k := 1; k <= n; k++ {
		f := float64(k) / float64(n)
		c := p.Add(d.Scale(f))
		r := baseAt(c, dir)
		if !s.sc.onTableRect(r) || s.sc.rectInArea(r, SteepHill) ||
			(t != LightInfantry && t != Cossacks && s.sc.rectInArea(r, Wood)) || s.sc.crossWater(p, c).river {
			return f
		}
	}
	return 1
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
