package drums

import (
	"math"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// Melee flags (task.y of a tMelee).
const (
	mfEvaded uint8 = 1 << iota // the defender evaded and was caught
)

// maxMeleeRounds bounds a melee; every round costs someone a hit, so a
// melee between the largest units ends long before it.
const maxMeleeRounds = 40

// maxFights bounds the fights of one melee round. A unit touches few
// enemies at once; fights past the bound are not fought that round.
const maxFights = 8

// joinContact is how much edge contact makes a unit part of a melee: more
// than corner to corner (Conducting a Melee 10, "Corner to Corner edge
// contact").
const joinContact = 0.25

// fight is one fight of a melee round: unit A of the chargers' side against
// unit B of the other, the bases each puts into it, whether a supply die
// is added to each side's dice, and the hits each scored (-1 before the
// throw).
type fight struct {
	A, B           uint8
	BasesA, BasesB uint8
	SupA, SupB     bool
	HitsA, HitsB   int8
	// contact is the length of the pair's contact, which shares out the
	// bases of a unit in several fights.
	contact float32
}

// Melee task steps.
const (
	msRound   = iota // a new round: who fights whom
	msSupplyA        // the chargers' side may add a supply die
	msSupplyB        // the other side may
	msThrowA         // fight t.x: the chargers' side throws
	msThrowB         // fight t.x: the other side throws
	msThrown         // fight t.x's second throw has come
	msApply          // fight t.x's result is applied
)

// meleeSteps are the steps stepMelee resumes at: its cases. DecodeState
// refuses a task at any other step (checkStack, stack.go): the rules never
// set one, and it may match no case and step for ever. A step added or
// renumbered below changes this set too.
var meleeSteps = stepSet(msRound, msSupplyA, msSupplyB, msThrowA, msThrowB, msThrown, msApply)

// stepMelee fights a melee to its conclusion (Conducting a Melee 1-11)
// begun by chargers t.a against defenders t.b; t.n counts the rounds and
// t.x is the fight in hand.
//
// Ruling D-MELEE-MANY (Conducting a Melee 1, 10 and 11): a melee is every
// unit in edge contact with an enemy unit of the melee (corner to corner
// does not count), gathered afresh each round, so a neighbour the chargers
// touched joins and a unit forced out of contact leaves. Each pair of
// enemies in contact is a fight of its own: a unit touching two enemies
// splits its bases between them by the length of contact ("group the
// bases by the different units in contact"), each fight has its winner and
// loser (steps 4-9), and a unit tests for each fight it loses. The fights
// are thrown together and applied one after another, the first fight
// first. The melee ends when no two of its units are in contact.
//
// Ruling D-FEED (Conducting a Melee 10; Stand/Redress Ranks): a unit's
// bases stay in formation as it loses them, so every base fights and no
// base is ever detached: there is nothing to feed in or redress.
func (s *State) stepMelee(t *task) {
	switch t.step {
	case msRound:
		if t.n >= maxMeleeRounds || !s.gatherFights(t) {
			s.endMelee(t)
			return
		}
		t.sup = 0
		t.step = msSupplyA
		if s.supplyNear(int(s.fights[0].A)) {
			s.askFor(int(s.Units[s.fights[0].A].Side), askSupply)
		}
	case msSupplyA:
		t.step = msSupplyB
		if s.supplyNear(int(s.fights[0].B)) {
			s.askFor(int(s.Units[s.fights[0].B].Side), askSupply)
		}
	case msSupplyB:
		// Ruling D-SUPPLY-MELEE (Melee Factors Tables, "Supply dice from
		// Force Commander"): each side may add one die a round, to its
		// unit in the round's first fight, chosen before the throws.
		f := &s.fights[0]
		for side := range 2 {
			if t.sup&(1<<side) == 0 {
				continue
			}
			s.Supply[side]--
			if int(s.Units[f.A].Side) == side {
				f.SupA = true
			} else {
				f.SupB = true
			}
		}
		t.x = 0
		t.step = msThrowA
	case msThrowA:
		f := &s.fights[t.x]
		t.step = msThrowB
		s.rollDice(engine.D(s.fightDice(t, f, true), 6).Rolled(engine.Player(s.Units[f.A].Side)), rMelee, f.A, f.B)
	case msThrowB:
		f := &s.fights[t.x]
		f.HitsA = int8(s.countHits(4))
		t.step = msThrown
		s.rollDice(engine.D(s.fightDice(t, f, false), 6).Rolled(engine.Player(s.Units[f.B].Side)), rMelee, f.B, f.A)
	case msThrown:
		s.fights[t.x].HitsB = int8(s.countHits(4))
		t.x++
		t.step = msThrowA
		if int(t.x) == int(s.nfights) {
			t.x = 0
			t.step = msApply
		}
	case msApply:
		if int(t.x) == int(s.nfights) {
			for k := range s.nfights {
				s.Units[s.fights[k].A].Flags |= fMeleeFought
				s.Units[s.fights[k].B].Flags |= fMeleeFought
			}
			t.n++
			t.step = msRound
			return
		}
		f := s.fights[t.x]
		t.x++
		s.applyFight(int(f.A), int(f.B), int(f.HitsA), int(f.HitsB))
	}
}

// fightDice is how many dice a unit throws in fight f: side A's when a is
// true. The chargers count as chargers only in their own fight with the
// unit they charged (Melee Factors, "first melee of a charge").
func (s *State) fightDice(t *task, f *fight, a bool) int {
	x, opp, bases, sup := int(f.A), int(f.B), int(f.BasesA), f.SupA
	if !a {
		x, opp, bases, sup = int(f.B), int(f.A), int(f.BasesB), f.SupB
	}
	n := s.meleeDice(x, opp, min(bases, s.Bases(x)), t)
	if sup {
		n++
	}
	return n
}

// applyFight applies one fight's result (Conducting a Melee 4-9): the
// loser takes the difference, the winner 1 hit, the loser's outcomes
// first; a loser still standing then takes a resilience test. A draw
// gives each 1 hit and no test. A fight one of whose units has already
// left the table this round is not applied.
func (s *State) applyFight(a, b, ha, hb int) {
	if !s.alive(a) || !s.alive(b) {
		return
	}
	switch {
	case ha > hb:
		s.meleeLoss(b, a, ha-hb)
	case hb > ha:
		s.meleeLoss(a, b, hb-ha)
	default:
		s.hit(a, 1, false)
		s.hit(b, 1, false)
	}
}

// meleeLoss applies a fight's result to its loser and winner and pushes
// the loser's test.
func (s *State) meleeLoss(loser, winner, diff int) {
	flags := tfLostRound | wonFlag(s.Units[loser].Flags&fWonFight != 0)
	s.Units[winner].Flags |= fInflicted | fWonFight
	s.hit(loser, diff, false)
	s.hit(winner, 1, false)
	if s.alive(loser) {
		s.push(task{kind: tTest, a: uint8(loser), b: uint8(winner), x: int8(TestMelee), y: flags})
	}
}

// wonFlag is tfWonRound when won is true.
func wonFlag(won bool) uint8 {
	if won {
		return tfWonRound
	}
	return 0
}

// gatherFights finds the round's fights (ruling D-MELEE-MANY): the units
// already in the melee and every unit in edge contact with an enemy among
// them, then each pair of enemies in contact, with the bases each puts in.
// It reports whether there is any fight.
func (s *State) gatherFights(t *task) bool {
	a, b := int(t.a), int(t.b)
	var rs [MaxUnits]geom.Rect
	var reach [MaxUnits]float64
	for k := range s.st.nu {
		if s.alive(k) {
			rs[k] = s.rect(k)
			reach[k] = math.Hypot(rs[k].HW, rs[k].HD) + 0.05
		}
	}
	contact := func(k, m int) float64 {
		if rs[k].C.Dist(rs[m].C) > reach[k]+reach[m] || !geom.Touching(rs[k], rs[m], 0.05) {
			return 0
		}
		c := geom.ContactLength(rs[k], rs[m], 0.05)
		if k == a && m == b || k == b && m == a {
			// The chargers and the unit they charged fight while they
			// touch at all, since a charge ends in contact however it
			// meets.
			return max(c, joinContact)
		}
		if c < joinContact {
			return 0
		}
		return c
	}
	in := func(k int) bool { return s.alive(k) && s.Units[k].Flags&fInMelee != 0 }
	// Gather: a unit joins when it is in edge contact with an enemy that
	// is in the melee; repeat until nobody more joins.
	for changed := true; changed; {
		changed = false
		for k := range s.st.nu {
			if !s.alive(k) || in(k) {
				continue
			}
			for m := range s.st.nu {
				if in(m) && s.Units[m].Side != s.Units[k].Side && contact(k, m) > 0 {
					s.Units[k].Flags |= fInMelee
					changed = true
					break
				}
			}
		}
	}
	// Pair: the chargers' fight with their target first, then the others
	// in unit order.
	s.nfights = 0
	side := s.Units[a].Side
	if in(a) && in(b) {
		s.addFight(a, b, contact(a, b))
	}
	for k := range s.st.nu {
		if !in(k) || s.Units[k].Side != side {
			continue
		}
		for m := range s.st.nu {
			if (k != a || m != b) && in(m) && s.Units[m].Side != side {
				s.addFight(k, m, contact(k, m))
			}
		}
	}
	if s.nfights == 0 {
		return false
	}
	// Bases: a unit in one fight puts all its bases in; a unit in several
	// splits them by the length of contact.
	for k := range s.nfights {
		f := &s.fights[k]
		f.BasesA = uint8(s.fightBases(int(f.A), int(k)))
		f.BasesB = uint8(s.fightBases(int(f.B), int(k)))
	}
	return true
}

// addFight adds the fight of a (the chargers' side) against b in contact
// of length c, if they are in contact and there is room.
func (s *State) addFight(a, b int, c float64) {
	if c <= 0 || int(s.nfights) == maxFights {
		return
	}
	s.fights[s.nfights] = fight{A: uint8(a), B: uint8(b), contact: float32(c), HitsA: -1, HitsB: -1}
	s.nfights++
}

// fightBases is how many of unit k's bases go into fight number n: all of
// them if it is k's only fight this round, else a share by the length of
// contact, rounded to nearest and at least one.
func (s *State) fightBases(k, n int) int {
	total := 0.0
	for i := range s.nfights {
		if f := &s.fights[i]; int(f.A) == k || int(f.B) == k {
			total += float64(f.contact)
		}
	}
	bases, mine := s.Bases(k), float64(s.fights[n].contact)
	if mine >= total {
		return bases
	}
	return max(1, min(bases, int(float64(bases)*mine/total+0.5)))
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

// endMelee ends a melee: every unit in it has lost its remaining action
// points this turn (Charge 7), and a victor may occupy the space of a unit
// it broke (Broken units as a result of melee).
//
// Ruling D-MELEE-OCCUPY (Broken units as a result of melee, "more than
// one victor"): the space a broken charged unit or charger leaves goes to
// its opponent in the charge, if that unit stands; the space of any other
// unit broken in the melee is not occupied.
func (s *State) endMelee(t *task) {
	a, b := int(t.a), int(t.b)
	s.pop()
	for k := range s.st.nu {
		if s.Units[k].Flags&fInMelee != 0 || k == a || k == b {
			s.Units[k].Flags &^= fInMelee | fWonFight
			s.Units[k].Flags |= fSpent | fActivated
		}
	}
	s.nfights = 0
	s.fights = [maxFights]fight{}
	switch {
	case s.alive(a) && !s.alive(b) && s.Units[b].Flags&fBroken != 0:
		s.push(task{kind: tOccupy, a: uint8(a), b: uint8(b)})
	case s.alive(b) && !s.alive(a) && s.Units[a].Flags&fBroken != 0:
		s.push(task{kind: tOccupy, a: uint8(b), b: uint8(a)})
	}
}

// occupySteps are the steps stepOccupy resumes at: its cases. DecodeState
// refuses a task at any other step (checkStack, stack.go): the rules never
// set one, and it may match no case and step for ever. A step added or
// renumbered below changes this set too.
var occupySteps = stepSet(0, 1, 2)

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
			s.straight(i, geom.Heading(s.Units[i].Facing), need, passFree)
			return
		}
		t.step = 2
		s.rollDice(engine.D(1, 6).Rolled(engine.Player(s.Units[i].Side)), rOccupy, uint8(i), t.b)
	case 2:
		t := s.pop()
		d := min(float64(s.sumDice()), s.occupyDistance(i, int(t.b)))
		s.straight(i, geom.Heading(s.Units[i].Facing), d, passFree)
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
