package drums

import "github.com/grognard/grognard/engine/geom"

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
	s.shock(int(u.Side), r, i)
	s.Units[i].Placed = false
	s.commandLoss(int(u.Side), u.Cmd)
	s.checkVictory()
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
