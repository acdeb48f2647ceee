package drums

import (
	"math"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// Move modes of tMove.
const (
	moveAdvance int8 = iota
	moveRetire
)

// touchTol is how near a forced retire's end must come to a friend to
// touch it (ruling D-RETIRE-TOUCH): far finer than a ruler reads, far
// coarser than the sums' rounding.
const touchTol = 1e-6

// passing says how a straight move treats the friends in its way.
type passing uint8

const (
	// passFree passes through the friends the table of allowed
	// interpenetrations allows and stops short of the others.
	passFree passing = iota
	// passForced is a forced retire's: it passes through any friend, with
	// a hit to each (Forced to retire 2).
	passForced
	// passNone passes through no friend: a unit's second movement action
	// of the turn (ruling D-INTERPEN-SECOND).
	passNone
)

// tMove's y flags: a supply die's +1BW, and the unit's second movement
// action of the turn, which may not interpenetrate (ruling
// D-INTERPEN-SECOND).
const (
	mvSupply uint8 = 1 << iota
	mvSecond
)

// enemyGap is how close a move other than a charge may come to an enemy
// unit (ruling D-ENEMY-GAP: only a charge contacts the enemy; other moves
// stop 1BW short, the distance a forced retire keeps, Forced to retire).
//
// Ruling D-ENEMY-GAP (Movement; Forced to retire): a move other than a
// charge stops 1BW short of an enemy.
const enemyGap = 1.0

// moveSteps are the steps stepMove resumes at: its cases. DecodeState
// refuses a task at any other step (checkStack, stack.go): the rules never
// set one, and it may match no case and step for ever. A step added or
// renumbered below changes this set too.
var moveSteps = stepSet(0, 1, 2)

// stepMove runs an advance or a retire (Movement Action): throw the
// distance for the unit's formation and ground, add a supply die's 1BW,
// then move.
func (s *State) stepMove(t *task) {
	i := int(t.a)
	u := &s.Units[i]
	p := s.prof(i)
	switch t.step {
	case 0:
		mode := MoveNormal
		a := &s.decl[t.n&0xff]
		if s.moveInTerrain(i, a) {
			mode = MoveInTerrain
		}
		if u.Form == March && t.x == moveAdvance && a.NPath > 0 && OnRoad(u.Front, a.Path[0], s.st.sc.Terrain) {
			mode = MoveRoad // wholly on a road (ruling D-ROAD)
		}
		fixed, dice, sides, ok := MoveDistance(p.Type, u.Form, mode)
		if !ok {
			s.noteLost(i, &s.decl[t.n&0xff], lostSquare) // only a square has no move
			s.pop()
			return
		}
		t.n2(fixed)
		if dice == 0 {
			t.step = 2
			return
		}
		t.step = 1
		s.rollDice(engine.D(dice, sides).Rolled(engine.Player(u.Side)), rMove, uint8(i), 0)
	case 1:
		t.b = uint8(min(s.sumDice(), 250))
		t.step = 2
	case 2:
		dist := float64(t.b) + float64(t.fixed())
		if t.y&mvSupply != 0 {
			dist++
		}
		t := s.pop()
		how := passFree
		if t.y&mvSecond != 0 {
			how = passNone
		}
		if t.x == moveAdvance {
			if !s.advance(i, s.decl[t.n&0xff].Path[0], dist, how) {
				s.noteLost(i, &s.decl[t.n&0xff], lostNoRoomWheel)
			}
		} else {
			s.retire(i, dist, s.decl[t.n&0xff], how)
		}
	}
}

// n2 and fixed keep a move's fixed distance in the task's high bits so
// its declaration index stays in n's low byte.
func (t *task) n2(fixed int) { t.n = t.n&0xff | int16(fixed)<<8 }
func (t *task) fixed() int   { return int(t.n >> 8) }

// moveInTerrain reports whether a move uses the "In Terrain" column:
// the unit starts in terrain, or its declared end point lies in it
// (ruling D-TERRAIN-MOVE).
//
// Ruling D-TERRAIN-MOVE (Movement distances): the In Terrain column applies
// when the unit starts in terrain or its declared end point lies in it.
func (s *State) moveInTerrain(i int, a *engine.Action) bool {
	r := s.rect(i)
	if InTerrain(r, s.st.sc.Terrain) {
		return true
	}
	if a.Kind == KAdvance && a.NPath > 0 {
		u := &s.Units[i]
		p := s.prof(i)
		end := Footprint(p.Type, u.Form, s.Bases(i), a.Path[0], u.Facing)
		return InTerrain(end, s.st.sc.Terrain)
	}
	return false
}

// advance moves unit i towards point to by up to dist: a wheel of at most
// 90 degrees first, costing its outer corner's arc, then straight ahead
// (Movement notes: "Only an advance can include a single wheel up to 90
// degrees"; ruling D-WHEEL). It reports false when there is no room to
// wheel, so the advance is not carried out.
func (s *State) advance(i int, to geom.Vec, dist float64, how passing) bool {
	u := &s.Units[i]
	w, _ := Size(s.prof(i).Type, u.Form, s.Bases(i))
	ang := WheelToward(w, u.Front, u.Facing, to, 90)
	front, facing := u.Front, u.Facing
	if ang != 0 {
		f2, face2, cost := Wheel(w, u.Front, u.Facing, ang)
		if cost > dist {
			ang *= dist / cost
			f2, face2, cost = Wheel(w, u.Front, u.Facing, ang)
		}
		r := Footprint(s.prof(i).Type, u.Form, s.Bases(i), f2, face2)
		if !s.onTable(r) || s.blockedMove(i, r) || !s.wheelClear(i, ang, -1) {
			return false // no room to wheel: the advance cannot be carried out
		}
		front, facing = f2, face2
		dist -= cost
	}
	u.Front, u.Facing = front, facing
	if ang != 0 {
		u.Flags |= fMoved
	}
	dir := geom.Heading(facing)
	want := to.Sub(front).Dot(dir)
	if want <= 0 || dist <= 0 {
		return true
	}
	s.straight(i, dir, math.Min(dist, want), how)
	return true
}

// retire moves unit i straight back by dist, or to the declared point
// when one is given ("A retire must be straight back with no deviation").
func (s *State) retire(i int, dist float64, a engine.Action, how passing) {
	u := &s.Units[i]
	dir := geom.Heading(u.Facing).Scale(-1)
	if a.NPath > 0 {
		dist = math.Min(dist, math.Max(a.Path[0].Sub(u.Front).Dot(dir), 0))
	}
	s.straight(i, dir, dist, how)
}

// blockedMove reports whether footprint r of unit i would overlap another
// unit, a camp or impassable terrain, or come within enemyGap of an enemy.
func (s *State) blockedMove(i int, r geom.Rect) bool {
	side := s.Units[i].Side
	for j := range s.st.nu {
		if j == i || !s.alive(j) {
			continue
		}
		gap := 0.0
		if s.Units[j].Side != side {
			gap = enemyGap - 1e-6
		}
		o := s.rect(j)
		if geom.Overlap(r, o, geom.Eps) || gap > 0 && geom.RectDistance(r, o) < gap {
			return true
		}
	}
	return s.blocked(r, i)
}

// straight moves unit i along dir by up to dist, stopping at the table
// edge, impassable terrain and camps, enemyGap short of the enemy, and
// before a friend it may not interpenetrate or cannot clear
// (Interpenetration of Friendly units; how says which friends it may pass).
// It returns the distance moved.
//
// Ruling D-INTERPEN-SECOND (Interpenetration of Friendly units: "If a
// moving unit is going to interpenetrate another friendly unit then they
// can only do one movement action for the current turn"): the limit binds
// the move that would interpenetrate as well as those after it, so a
// unit's second movement action of the turn passes through no friend and
// stops short of the first in its way (how passNone).
func (s *State) straight(i int, dir geom.Vec, dist float64, how passing) float64 {
	forced := how == passForced
	u := &s.Units[i]
	r := s.rect(i)
	lim := s.edgeLimit(r, dir, dist)
	var en, fr [MaxUnits]geom.Rect
	var frIdx [MaxUnits]int
	ne, nf := 0, 0
	for j := range s.st.nu {
		if j == i || !s.alive(j) {
			continue
		}
		if s.Units[j].Side != u.Side {
			en[ne] = s.rect(j)
			ne++
		} else {
			fr[nf] = s.rect(j)
			frIdx[nf] = j
			nf++
		}
	}
	lim = s.roomAhead(r, dir, lim, en[:ne])
	// Friends: passable ones are passed through if the move clears them,
	// else the unit stops short of them. A friend further on that stops
	// the unit inside one it had begun to pass stops it short of the
	// first instead: no move ends on a friend's ground.
	var passed [MaxUnits]int
	np := 0
	firstD, passedMax := 0.0, 0.0
	for {
		// Ruling D-RETIRE-TOUCH (Forced to retire 2; "What happens with
		// a forced to retire contacts a friendly unit?"): a forced retire
		// whose distance ends exactly touching a friend has contacted it
		// and passes through; a voluntary move may end touching one.
		reach := lim
		if forced {
			reach = lim + touchTol
		}
		d, k := MoveLimit(r, dir, reach, fr[:nf], 0)
		if k < 0 || d >= reach {
			break
		}
		j := frIdx[k]
		clear := ClearDistance(r, dir, fr[k])
		if how != passNone && (forced || Interpenetrates(u.Form, s.Units[j].Form)) && clear <= lim && !s.overlapsAt(r.Moved(dir.Scale(clear)), fr[:nf], k) {
			if np == 0 {
				firstD = d
			}
			passed[np] = j
			np++
			passedMax = math.Max(passedMax, clear)
			fr[k] = geom.Rect{} // passed: no longer in the way
			continue
		}
		if forced && clear <= 100 && s.roomAhead(r, dir, s.edgeLimit(r, dir, clear), en[:ne]) >= clear-1e-9 {
			// A forced retire that cannot clear a friend moves the least
			// distance that passes through it (Forced to retire 2), if
			// the ground beyond is free: the table edge, an enemy or a
			// camp there stops it short of the friend instead (ruling
			// D-RETIRE-SHORT gives the hits).
			if np == 0 {
				firstD = d
			}
			passed[np] = j
			np++
			passedMax = math.Max(passedMax, clear)
			fr[k] = geom.Rect{}
			lim = math.Max(lim, s.edgeLimit(r, dir, clear))
			continue
		}
		lim = d
		break
	}
	if np > 0 && passedMax > lim+1e-9 {
		lim, np = firstD, 0
	}
	if np > 0 {
		u.Flags |= fInterpen
	}
	if forced {
		// Both units take a hit, applied at once (Forced to retire 2).
		for _, j := range passed[:np] {
			s.hit(i, 1, false)
			s.hit(j, 1, false)
		}
	}
	if !s.alive(i) {
		return 0
	}
	if lim < dist {
		// Stopped by something: stay clear of it by more than the
		// sweep's tolerance, so the next move can leave (as MoveLimit).
		lim = math.Max(lim-footprintEps, 0)
	}
	if lim > 0 {
		u.Front = u.Front.Add(dir.Scale(lim))
		u.Flags |= fMoved
	}
	return lim
}

// roomAhead caps a move of footprint r along dir at dist by the enemies
// en (enemyGap short of them), the baggage camps and, through the caller's
// dist, the table edge and impassable ground.
func (s *State) roomAhead(r geom.Rect, dir geom.Vec, dist float64, en []geom.Rect) float64 {
	lim := dist
	if d, _ := MoveLimit(r, dir, lim, en, enemyGap); d < lim {
		lim = d
	}
	for side := range 2 {
		if s.Camp[side].Placed && !s.Camp[side].Lost {
			cb := [1]geom.Rect{s.campRect(side)}
			if d, _ := MoveLimit(r, dir, lim, cb[:], 0); d < lim {
				lim = d
			}
		}
	}
	return lim
}

// retireBlocker is the enemy unit that stopped unit i's retire along dir:
// the nearest within enemyGap whose centre lies that way, or -1.
func (s *State) retireBlocker(i int, dir geom.Vec) int {
	r := s.rect(i)
	best, bd := -1, math.Inf(1)
	for j := range s.st.nu {
		if !s.alive(j) || s.Units[j].Side == s.Units[i].Side {
			continue
		}
		o := s.rect(j)
		if d := geom.RectDistance(r, o); d <= enemyGap+1e-6 && o.C.Sub(r.C).Dot(dir) > 0 && d < bd {
			best, bd = j, d
		}
	}
	return best
}

// overlapsAt reports whether r overlaps any of rects other than skip.
func (s *State) overlapsAt(r geom.Rect, rects []geom.Rect, skip int) bool {
	for k := range rects {
		if k != skip && rects[k].HW > 0 && geom.Overlap(r, rects[k], geom.Eps) {
			return true
		}
	}
	return false
}

// edgeLimit caps a move at the table edge and impassable terrain.
func (s *State) edgeLimit(r geom.Rect, dir geom.Vec, dist float64) float64 {
	lim := dist
	w, d := s.st.sc.Width, s.st.sc.Depth
	for _, c := range r.Corners() {
		if dir.X > 1e-12 {
			lim = math.Min(lim, (w-c.X)/dir.X)
		} else if dir.X < -1e-12 {
			lim = math.Min(lim, -c.X/dir.X)
		}
		if dir.Y > 1e-12 {
			lim = math.Min(lim, (d-c.Y)/dir.Y)
		} else if dir.Y < -1e-12 {
			lim = math.Min(lim, -c.Y/dir.Y)
		}
	}
	lim = math.Max(lim, 0)
	for k := range s.st.sc.Terrain {
		f := &s.st.sc.Terrain[k]
		if f.Kind == Impassable {
			lim = math.Min(lim, AreaLimit(r, dir, lim, f.Points))
		}
	}
	return lim
}

// retireSteps are the steps stepRetire resumes at: its cases. DecodeState
// refuses a task at any other step (checkStack, stack.go): the rules never
// set one, and it may match no case and step for ever. A step added or
// renumbered below changes this set too.
var retireSteps = stepSet(0, 1, 2, 3, 4)

// stepRetire runs a forced retire (Forced to retire, Unprompted): 1D6
// straight back, a supply die may add or take 1BW after the throw, friends
// in the way are interpenetrated with a hit each, an enemy stops the unit
// 1BW short with a hit for every whole BW it could not move.
func (s *State) stepRetire(t *task) {
	i := int(t.a)
	u := &s.Units[i]
	switch t.step {
	case 0:
		if !s.alive(i) {
			s.pop()
			return
		}
		fixed, dice, sides, _ := MoveDistance(s.prof(i).Type, u.Form, MoveForcedRetire)
		t.n = int16(fixed)
		t.step = 1
		s.rollDice(engine.D(dice, sides).Rolled(engine.Player(u.Side)), rRetire, uint8(i), 0)
	case 1:
		t.n += int16(s.sumDice())
		t.step = 2
		if s.supplyNear(i) {
			s.askFor(int(u.Side), askRetireAdjust)
		}
	case 2:
		dist := float64(t.n)
		switch t.y {
		case 1:
			dist++
			s.Supply[u.Side]--
		case 2:
			dist = math.Max(dist-1, 0)
			s.Supply[u.Side]--
		}
		u.Flags |= fForcedRetire
		moved := s.straight(i, geom.Heading(u.Facing).Scale(-1), dist, passForced)
		short := int(dist - moved + 1e-9)
		if !s.alive(i) || short <= 0 {
			s.pop()
			return
		}
		// What stopped the unit is resolved in step 3, after anything the
		// move's own hits set going (Risk to Generals throws).
		t.n = int16(short)
		t.y = 0
		t.step = 3
	case 3:
		t.step = 4
		// Stopped 1BW short of an enemy: the unit may turn to face it if
		// it is bigger than the unit that forced the retire (Forced to
		// retire; What happens with a forced to retire contacts an enemy
		// unit?).
		//
		// Ruling D-RETIRE-FACE (What happens with a forced to retire
		// contacts an enemy unit?): the enemy is straight behind, so the
		// turn is an about face, offered when it fits; "bigger" is more
		// bases left; a retire no unit forced (an end of turn test) turns
		// for no one.
		if !s.alive(i) {
			s.pop()
			return
		}
		back := geom.Heading(u.Facing).Scale(-1)
		if k := s.retireBlocker(i, back); k >= 0 && int(t.b) < s.st.nu && s.Bases(k) > s.Bases(int(t.b)) {
			if _, _, ok := s.turnResult(i, TurnAbout); ok {
				s.askFor(int(u.Side), askFace)
			}
		}
	case 4:
		t := s.pop()
		if t.y == 1 {
			if f, face, ok := s.turnResult(i, TurnAbout); ok {
				u.Front, u.Facing = f, face
			}
		}
		// Ruling D-RETIRE-SHORT (Forced to retire 3; What happens with a
		// forced to retire contacts an enemy unit?): the unit takes a hit
		// for every whole BW it could not move, whatever stopped it: an
		// enemy, the table edge, impassable ground or a camp.
		s.hit(i, int(t.n), false)
	}
}
