package drums

import (
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// Test flags (task.y of a tTest).
const (
	tfCharger   uint8 = 1 << iota // the tester is the charger
	tfCharged                     // the tester is being charged
	tfWonRound                    // has won a round of the current melee
	tfLostRound                   // has just lost a round of melee
)

// outcome is what a resilience test makes a unit do (Resilience Outcomes
// Table).
type outcome struct {
	advance int  // advance this many BW
	pass    bool // "Carry On" or an advance: the unit goes on
	stand   bool // "Stand": holds, but a charger does not charge
	retire  bool // forced retire
	hits    int  // hits taken
	brk     bool // breaks
}

// testRoll is a resilience or hold test's throw: 2D6, or 1D12 with the
// d12 variant, plus a supply die if one is added ("The dice must be added
// to the number of dice being thrown before that set of dice are thrown").
func (s *State) testRoll(side int, supply bool) engine.Roll {
	r := engine.D(2, 6)
	if s.st.v.d12 {
		r = engine.D(1, 12)
	}
	if supply {
		r = r.Plus(1, 6)
	}
	return r.Rolled(engine.Player(side))
}

// testSteps are the steps stepTest resumes at: its cases. DecodeState
// refuses a task at any other step (checkStack, stack.go): the rules never
// set one, and it may match no case and step for ever. A step added or
// renumbered below changes this set too.
var testSteps = stepSet(0, 1, 2)

// stepTest runs a resilience test (Conducting a resilience test) of unit
// t.a in situation t.x against unit t.b (0xff none), and applies its
// outcome at once. The outcome stays in s.out for the task that asked.
func (s *State) stepTest(t *task) {
	i := int(t.a)
	switch t.step {
	case 0:
		s.out = outcome{}
		if !s.alive(i) {
			s.out = outcome{brk: true}
			s.pop()
			return
		}
		t.step = 1
		if s.supplyNear(i) {
			s.askFor(int(s.Units[i].Side), askSupply)
		}
	case 1:
		side := int(s.Units[i].Side)
		sup := t.sup&(1<<side) != 0
		if sup {
			s.Supply[side]--
		}
		t.step = 2
		s.rollDice(s.testRoll(side, sup), rTest, uint8(i), t.b)
	case 2:
		t := s.pop()
		kind := TestKind(t.x)
		score := s.sumDice() + s.testModifier(i, kind, int(t.b), t.y)
		s.out = s.outcomeFor(i, score, kind, t.y)
		s.applyOutcome(i, kind, &t)
	}
}

// applyOutcome carries out a test's outcome on unit i: hits, a forced
// retire (pushed as a task, so it runs next), an advance, or the break.
func (s *State) applyOutcome(i int, kind TestKind, t *task) {
	o := s.out
	if o.brk {
		s.breakUnit(i)
		return
	}
	if o.hits > 0 {
		s.hit(i, o.hits, false)
		if !s.alive(i) {
			s.out.brk = true
			return
		}
	}
	if o.retire {
		// b is the unit that forced the retire (Forced to retire: "if it
		// is bigger than the unit that forced it to retire").
		s.push(task{kind: tRetire, a: uint8(i), b: t.b})
		return
	}
	if o.advance > 0 && kind != TestCharge && kind != TestMelee {
		// Advance results move the unit straight ahead, stopping short
		// of the enemy as any move other than a charge does.
		u := &s.Units[i]
		if u.Form != Square {
			s.straight(i, geom.Heading(u.Facing), float64(o.advance), passFree)
		}
	}
}
