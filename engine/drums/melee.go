package drums

import (
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// Melee flags (task.y of a tMelee).
const (
	mfEvaded uint8 = 1 << iota // the defender evaded and was caught
	mfAWon                     // the chargers have won a round
	mfBWon                     // the defenders have won a round
)

// maxMeleeRounds bounds a melee; every round costs someone a hit, so a
// melee between the largest units ends long before it.
const maxMeleeRounds = 40

// stepMelee fights a melee to its conclusion (Conducting a Melee 1-11)
// between chargers t.a and defenders t.b; t.n counts the rounds.
func (s *State) stepMelee(t *task) {
	a, b := int(t.a), int(t.b)
	switch t.step {
	case 0:
		if !s.alive(a) || !s.alive(b) || t.n >= maxMeleeRounds || !s.inContact(a, b) {
			s.endMelee(t)
			return
		}
		n := s.meleeDice(a, b, true, t)
		t.step = 1
		s.rollDice(engine.D(n, 6).Rolled(engine.Player(s.Units[a].Side)), rMelee, uint8(a), uint8(b))
	case 1:
		s.sc[2] = int16(s.countHits(4))
		n := s.meleeDice(b, a, false, t)
		t.step = 2
		s.rollDice(engine.D(n, 6).Rolled(engine.Player(s.Units[b].Side)), rMelee, uint8(b), uint8(a))
	case 2:
		ha, hb := int(s.sc[2]), s.countHits(4)
		s.Units[a].Flags |= fMeleeFought
		s.Units[b].Flags |= fMeleeFought
		t.n++
		t.step = 3
		switch {
		case ha > hb:
			t.y |= mfAWon
			s.meleeLoss(t, b, a, ha-hb, tfLostRound|wonFlag(t.y&mfBWon != 0))
		case hb > ha:
			t.y |= mfBWon
			s.meleeLoss(t, a, b, hb-ha, tfLostRound|wonFlag(t.y&mfAWon != 0))
		default:
			// A draw: both take 1 hit (Conducting a Melee 9).
			s.hit(a, 1, false)
			s.hit(b, 1, false)
		}
	case 3:
		t.step = 0
	}
}

// wonFlag is tfWonRound when won is true.
func wonFlag(won bool) uint8 {
	if won {
		return tfWonRound
	}
	return 0
}

// meleeLoss applies a round's result (Conducting a Melee 4-8): the loser
// takes the difference, the winner 1 hit, the loser's outcomes first; a
// loser still standing then takes a resilience test.
func (s *State) meleeLoss(t *task, loser, winner, diff int, flags uint8) {
	s.Units[winner].Flags |= fInflicted
	s.hit(loser, diff, false)
	s.hit(winner, 1, false)
	if s.alive(loser) {
		s.push(task{kind: tTest, a: uint8(loser), b: uint8(winner), x: int8(TestMelee), y: flags})
	}
}

// countHits is how many of the dice just thrown score need or more.
func (s *State) countHits(need int) int {
	n := 0
	for _, v := range s.dice.Values() {
		if int(v) >= need {
			n++
		}
	}
	return n
}

// inContact reports whether units a and b touch.
func (s *State) inContact(a, b int) bool {
	return geom.Touching(s.rect(a), s.rect(b), 0.05)
}

// endMelee ends a melee: both units have lost their remaining action
// points this turn (Charge 7), and a victor may occupy the space of a unit
// it broke (Broken units as a result of melee).
func (s *State) endMelee(t *task) {
	a, b := int(t.a), int(t.b)
	s.pop()
	for _, k := range [2]int{a, b} {
		s.Units[k].Flags &^= fInMelee
		s.Units[k].Flags |= fSpent | fActivated
	}
	switch {
	case s.alive(a) && !s.alive(b) && s.Units[b].Flags&fBroken != 0:
		s.push(task{kind: tOccupy, a: uint8(a), b: uint8(b)})
	case s.alive(b) && !s.alive(a) && s.Units[a].Flags&fBroken != 0:
		s.push(task{kind: tOccupy, a: uint8(b), b: uint8(a)})
	}
}

// stepOccupy offers victor t.a the space of broken unit t.b (Broken units
// as a result of melee / of shooting): after a melee it moves straight
// into the space; after shooting it moves 1D6 towards it, no further than
// needed. The move is free. t.x is 1 after shooting.
func (s *State) stepOccupy(t *task) {
	i := int(t.a)
	switch t.step {
	case 0:
		if !s.alive(i) || s.Units[i].Form == Square || s.Units[i].Form == March && s.prof(i).Type.IsArtillery() {
			s.pop()
			return
		}
		t.step = 1
		s.askFor(int(s.Units[i].Side), askOccupy)
	case 1:
		if t.y == 0 {
			s.pop()
			return
		}
		need := s.occupyDistance(i, int(t.b))
		if t.x == 0 {
			s.pop()
			s.straight(i, geom.Heading(s.Units[i].Facing), need, false)
			return
		}
		t.step = 2
		s.rollDice(engine.D(1, 6).Rolled(engine.Player(s.Units[i].Side)), rOccupy, uint8(i), t.b)
	case 2:
		t := s.pop()
		d := min(float64(s.sumDice()), s.occupyDistance(i, int(t.b)))
		s.straight(i, geom.Heading(s.Units[i].Facing), d, false)
	}
}

// occupyDistance is how far unit i must move straight ahead to stand in
// the space broken unit j left: until its front reaches the far side of
// j's footprint (ruling D-OCCUPY), 0 if that space is not ahead.
//
// Ruling D-OCCUPY (Broken units as a result of melee / of shooting): the
// space is reached when the victor's front is at the far side of the broken
// unit's footprint, straight ahead.
func (s *State) occupyDistance(i, j int) float64 {
	u := &s.Units[i]
	jr := Footprint(s.prof(j).Type, s.Units[j].Form, max(s.Bases(j), 1), s.Units[j].Front, s.Units[j].Facing)
	dir := geom.Heading(u.Facing)
	far := 0.0
	for _, c := range jr.Corners() {
		far = max(far, c.Sub(u.Front).Dot(dir))
	}
	return far
}
