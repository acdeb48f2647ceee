package drums

import (
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// cascadeRange is how far the shock of a breaking unit reaches: every
// friendly unit within 6BW takes 1 hit (Broken units and what will happen
// when they break; Baggage Camp).
const cascadeRange = 6.0

// hit applies n hits to unit i at once and resolves their outcome: a unit
// down to one base (artillery: no model) breaks (Broken units; Shooting
// Action 11: 2 hits a base, 6 an artillery model).
func (s *State) hit(i, n int, guns bool) {
	if n <= 0 || !s.alive(i) {
		return
	}
	u := &s.Units[i]
	// Hits past the unit's whole strength change nothing (it has broken
	// by then) and would put a saved state out of range.
	u.Hits = uint8(min(int(u.Hits)+n, s.prof(i).Strength()))
	u.Flags |= fHit
	if guns {
		u.Flags |= fHitByGuns
	}
	if s.shouldBreak(i) {
		s.breakUnit(i)
	}
}

// shouldBreak reports whether unit i's losses break it: down to a single
// base, except artillery, which breaks when its last model is gone.
func (s *State) shouldBreak(i int) bool {
	if s.prof(i).Type.IsArtillery() {
		return s.Bases(i) <= 0
	}
	return s.Bases(i) <= 1
}

// breakUnit breaks unit i (Broken units and what will happen when they
// break): it stops, every friendly unit within 6BW takes 1 hit, resolved
// at once, then it leaves the table. The last unit of a command breaks
// with it and the command's general is removed (What happens when a
// command group with a sub general is down to its last unit?); then the
// victory conditions are checked.
func (s *State) breakUnit(i int) {
	if !s.alive(i) {
		return
	}
	u := &s.Units[i]
	r := s.rect(i)
	u.Flags &^= fAlive
	u.Flags |= fBroken
	s.riskNear(r, int(u.Side), riskBreak)
	s.shock(int(u.Side), r, i)
	s.Units[i].Placed = false
	s.commandLoss(int(u.Side), u.Cmd)
	s.checkVictory()
}

// The two Risk to Generals throws (task.x of a tRisk).
const (
	riskBreak int8 = iota // a unit broke nearby: 5+ swept away
	riskShot              // a unit took a hit a base from shooting: 6 incapacitated
)

// riskNear queues a Risk to Generals throw (Optional Rules, Risk to
// Generals) for every general within 3BW of footprint r: of side only for
// a break, of either side for a shot (side < 0). The throws are tasks, so
// they come once the hits that caused them are resolved.
//
// Ruling D-RISK-WHO (Risk to Generals): a general is "swept away with the
// fleeing soldiers" only by his own side's broken unit; a stray round from
// shooting can strike any general within 3BW of the target.
//
// Ruling D-RISK-ONCE (Risk to Generals): a general with a throw still to
// make is not given a second for the same cascade of breaks.
func (s *State) riskNear(r geom.Rect, side int, kind int8) {
	if !s.st.v.risk {
		return
	}
	for g := range s.st.ng {
		gen := &s.Gens[g]
		if side >= 0 && int(s.st.gens[g].Side) != side || !gen.Alive || !gen.Placed || !PointWithin(gen.Pos, r, 3) {
			continue
		}
		pendingAlready := false
		for k := range s.ntasks {
			if s.tasks[k].kind == tRisk && int(s.tasks[k].a) == generalBase+g && s.tasks[k].step == 0 {
				pendingAlready = true
			}
		}
		if !pendingAlready && int(s.ntasks) < maxTasks {
			// a is generalBase+g, as an activation names a general.
			s.push(task{kind: tRisk, a: uint8(generalBase + g), x: kind})
		}
	}
}

// riskSteps are the steps stepRisk resumes at: its cases. DecodeState
// refuses a task at any other step (checkStack, stack.go): the rules never
// set one, and it may match no case and step for ever. A step added or
// renumbered below changes this set too.
var riskSteps = stepSet(0, 1, 2)

// stepRisk throws for general t.a (Risk to Generals): 1D6, 5+ after a
// break and he is swept away 3D6 straight towards his own long edge, 6
// after shooting and he is incapacitated, put at his long edge directly
// behind. Either way his units expend at most 1 action point for the rest
// of the turn and, a force commander, he issues no supply dice (Swept).
//
// Ruling D-RISK-3D6 (Risk to Generals; Moving generals): Moving generals
// says a swept-away general throws 2D6, Risk to Generals 3D6; the optional
// rule's own text is the one a player reads when applying it: 3D6.
func (s *State) stepRisk(t *task) {
	g := int(t.a) - generalBase
	gen := &s.Gens[g]
	side := int(s.st.gens[g].Side)
	edge := 0.0
	if side == 1 {
		edge = s.st.sc.Depth
	}
	switch t.step {
	case 0:
		if !gen.Alive || !gen.Placed {
			s.pop()
			return
		}
		t.step = 1
		s.rollDice(engine.D(1, 6).Rolled(engine.Player(side)), rRisk, uint8(g), uint8(t.x))
	case 1:
		need := 5
		if t.x == riskShot {
			need = 6
		}
		if s.sumDice() < need {
			s.pop()
			return
		}
		gen.Swept = true
		if t.x == riskShot {
			s.pop()
			gen.Pos.Y = edge
			return
		}
		t.step = 2
		s.rollDice(engine.D(3, 6).Rolled(engine.Player(side)), rSwept, uint8(g), 0)
	case 2:
		s.pop()
		d := float64(s.sumDice())
		if side == 0 {
			gen.Pos.Y = max(gen.Pos.Y-d, edge)
		} else {
			gen.Pos.Y = min(gen.Pos.Y+d, edge)
		}
	}
}

// shock gives 1 hit to every unit of side within cascadeRange of r (not
// unit skip).
func (s *State) shock(side int, r geom.Rect, skip int) {
	for j := range s.st.nu {
		if j != skip && int(s.Units[j].Side) == side && s.alive(j) && Within(r, s.rect(j), cascadeRange) {
			s.hit(j, 1, false)
		}
	}
}

// commandLoss applies what happens to a command as its units go: with one
// unit left that unit breaks; with none its general is removed.
//
// Ruling D-LAST-UNIT (What happens when a command group with a sub general
// is down to its last unit?): a command that started with one unit is not
// "down to its last unit".
func (s *State) commandLoss(side int, cmd uint8) {
	left, last := 0, -1
	for j := range s.st.nu {
		if int(s.Units[j].Side) == side && s.Units[j].Cmd == cmd && s.alive(j) {
			left++
			last = j
		}
	}
	// A command that started with a single unit is not "down to its last
	// unit": it breaks only as any unit does (ruling D-LAST-UNIT).
	if left == 1 && s.commandSize(side, cmd) > 1 {
		s.breakUnit(last)
		return
	}
	if left == 0 {
		g := s.st.genIndex(side, cmd)
		s.Gens[g].Alive = false
	}
}

// commandSize is how many units command cmd of side started with.
func (s *State) commandSize(side int, cmd uint8) int {
	n := 0
	for j := range s.st.nu {
		if int(s.st.units[j].Side) == side && s.st.units[j].Cmd == cmd {
			n++
		}
	}
	return n
}

// loseCamp applies the loss of side's baggage camp (Baggage Camp): its
// supply dice are gone, every later test of the side is at -1, and it
// gives 1 hit to every friendly unit within 6BW as a broken unit does.
func (s *State) loseCamp(side int) {
	c := &s.Camp[side]
	if c.Lost || !c.Placed {
		return
	}
	r := s.campRect(side)
	c.Lost = true
	s.Supply[side] = 0
	s.shock(side, r, -1)
	s.checkVictory()
}
