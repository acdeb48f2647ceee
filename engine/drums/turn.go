package drums

import (
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// noCmd marks a side that is not part way through a command.
const noCmd = 0xfe

// turnSteps are the steps stepTurn resumes at: its cases, and 5, the
// default's (the victory check). DecodeState refuses a task at any other
// step (checkStack, stack.go): the rules never set one, and it may match no
// case and step for ever. A step added or renumbered below changes this set
// too.
var turnSteps = stepSet(0, 1, 2, 3, 4, 5)

// stepTurn runs one turn (Game Sequence 8): initiative, the activations,
// the end of turn tests, the victory check.
func (s *State) stepTurn(t *task) {
	switch t.step {
	case 0:
		if int(s.TurnNo) >= s.st.turnLimit {
			s.endAtLimit()
			return
		}
		s.TurnNo++
		for i := range s.st.nu {
			s.Units[i].Flags &^= turnFlags
			s.Units[i].AP = 0
		}
		for g := range s.st.ng {
			s.Gens[g].Activated, s.Gens[g].Swept = false, false
		}
		s.CurCmd = [2]uint8{noCmd, noCmd}
		t.step = 1
		s.push(task{kind: tInitiative})
	case 1:
		// The initiative side decides who activates two units first.
		t.step = 2
		s.askFor(int(s.Initiative), askFirst)
	case 2:
		s.Run = 2
		t.step = 3
	case 3:
		// A command can be finished outside its own activations: its
		// last units spent by evading or an unprompted shot, or broken.
		// The side is then free to start another (Actions).
		for side := range 2 {
			if c := s.CurCmd[side]; c != noCmd && s.commandDone(side, c) {
				s.CurCmd[side] = noCmd
			}
		}
		side := int(s.Active)
		if !s.canActivate(side) {
			if !s.canActivate(1 - side) {
				t.step = 4
				return
			}
			s.Active = int8(1 - side)
			s.Run = 1
		}
		s.askFor(int(s.Active), askActivate)
	case 4:
		t.step = 5
		s.push(task{kind: tEndTests})
	default:
		t.step = 0
		s.checkVictory()
	}
}

// afterActivation passes play on once an activation is done: the first
// side acts with two units, then the sides alternate one each (Game
// Sequence 8b-e).
func (s *State) afterActivation() {
	if s.Run > 0 {
		s.Run--
	}
	if s.Run == 0 {
		s.Active = int8(1 - s.Active)
		s.Run = 1
	}
}

// canActivate reports whether side has a unit or general still to act.
func (s *State) canActivate(side int) bool {
	for i := range s.st.nu {
		if s.activatable(side, i) {
			return true
		}
	}
	for g := range s.st.ng {
		if s.genActivatable(side, g) {
			return true
		}
	}
	return false
}

// activatable reports whether unit i can be the side's next activation:
// alive, not yet activated, and in the command the side is part way
// through, if any (Actions: "A player must complete all action points on
// all units, including the general for any command with a sub general,
// before they can expend action points on a unit in another command").
func (s *State) activatable(side, i int) bool {
	u := &s.Units[i]
	if int(u.Side) != side || !s.alive(i) || u.Flags&fActivated != 0 {
		return false
	}
	c := s.CurCmd[side]
	return c == noCmd || c == u.Cmd
}

// genActivatable is activatable for general g.
func (s *State) genActivatable(side, g int) bool {
	gs := &s.st.gens[g]
	gen := &s.Gens[g]
	if int(gs.Side) != side || !gen.Alive || !gen.Placed || gen.Activated {
		return false
	}
	c := s.CurCmd[side]
	return c == noCmd || c == gs.Cmd
}

// commandDone reports whether every unit and the general of side's command
// c have acted this turn.
func (s *State) commandDone(side int, c uint8) bool {
	for i := range s.st.nu {
		u := &s.Units[i]
		if int(u.Side) == side && u.Cmd == c && s.alive(i) && u.Flags&fActivated == 0 {
			return false
		}
	}
	g := s.st.genIndex(side, c)
	return !s.Gens[g].Alive || s.Gens[g].Activated
}

// initiativeSteps are the steps stepInitiative resumes at: its cases.
// DecodeState refuses a task at any other step (checkStack, stack.go): the
// rules never set one, and it may match no case and step for ever. A step
// added or renumbered below changes this set too.
var initiativeSteps = stepSet(0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 15, 16)

// stepInitiative throws for the turn's initiative: 1D6 a general on the
// table (twice an exceptional one, none an incompetent one), a supply die
// if the side adds one, the higher wins; a tie throws 1D6 each, no supply
// dice, until one side wins (Turn Initiative 1-6).
func (s *State) stepInitiative(t *task) {
	switch t.step {
	case 0, 1:
		side := int(t.step)
		t.step++
		if s.Supply[side] > 0 && !s.Camp[side].Lost {
			t.x = int8(side)
			s.askFor(side, askSupply)
		}
	case 2, 3:
		side := int(t.step - 2)
		t.step += 10
		n := s.generalDice(side)
		if t.sup&(1<<side) != 0 {
			n++
		}
		if n == 0 {
			// No general who counts: the side throws nothing and scores 0.
			s.sc[side] = 0
			t.step = t.step - 10 + 1
			return
		}
		s.rollDice(engine.D(n, 6).Rolled(engine.Player(side)), rInitiative, uint8(side), 0)
	case 12, 13:
		side := int(t.step - 12)
		s.sc[side] = int16(s.sumDice())
		if t.sup&(1<<side) != 0 {
			s.Supply[side]--
		}
		t.step = t.step - 10 + 1
	case 4, 7:
		if s.sc[0] == s.sc[1] {
			t.step = 5
			return
		}
		s.Initiative = 0
		if s.sc[1] > s.sc[0] {
			s.Initiative = 1
		}
		s.pop()
	case 5, 6:
		side := int(t.step - 5)
		t.step += 10
		s.rollDice(engine.D(1, 6).Rolled(engine.Player(side)), rInitiativeTie, uint8(side), 0)
	case 15, 16:
		s.sc[t.step-15] = int16(s.sumDice())
		t.step = t.step - 10 + 1
	}
}

// endTestsSteps are the steps stepEndTests resumes at: 0 before the first
// test, 1 after. DecodeState refuses a task at any other step (checkStack,
// stack.go): the rules never set one, and it may match no case and step for
// ever. A step added or renumbered below changes this set too.
var endTestsSteps = stepSet(0, 1)

// stepEndTests runs the end of turn resilience tests: every unit at 50%
// or less of its starting strength tests ("all other cases"), the sides
// alternating, the side without initiative first (End of turn resilience
// tests). t.x is the side to test next; the units test in index order
// (ruling D-ENDTEST-ORDER: the order within a side changes nothing a bot
// could exploit, so it is fixed).
//
// Ruling D-ENDTEST-ORDER (End of turn resilience tests): "in any order the
// player prefers" is fixed as index order.
func (s *State) stepEndTests(t *task) {
	if t.step == 0 {
		t.step = 1
		t.x = int8(1 - s.Initiative)
		for i := range s.st.nu {
			s.Units[i].Flags &^= fActivated // reused below as "tested"
		}
	}
	for range 2 {
		side := int(t.x)
		for i := range s.st.nu {
			u := &s.Units[i]
			if int(u.Side) == side && s.alive(i) && u.Flags&fActivated == 0 && 2*s.strengthLeft(i) <= s.prof(i).Strength() {
				u.Flags |= fActivated
				t.x = int8(1 - side)
				s.push(task{kind: tTest, a: uint8(i), x: int8(TestOther), b: 0xff})
				return
			}
		}
		t.x = int8(1 - side)
	}
	s.pop()
}

// checkVictory ends the game when a side has lost (ruling D-VICTORY): it
// has lost its scenario share of units (half by default), or its baggage
// camp where the scenario says so, or every unit.
//
// Ruling D-VICTORY (Game Sequence 4 and 8g): the objectives come from the
// scenario; see Objective.
func (s *State) checkVictory() {
	if s.result.Over {
		return
	}
	var lost [2]bool
	for side := range 2 {
		broken, total := 0, s.st.sideUnits[side]
		for i := range s.st.nu {
			if int(s.st.units[i].Side) == side && s.Units[i].Flags&fBroken != 0 {
				broken++
			}
		}
		share := s.st.sc.Objective.BreakShare
		if share == 0 {
			share = DefaultBreakShare
		}
		switch {
		case broken == total:
			lost[side] = true
		case float64(broken) >= share*float64(total)-1e-9:
			lost[side] = true
		case s.st.sc.Objective.BaggageLoses && s.Camp[side].Lost:
			lost[side] = true
		}
	}
	switch {
	case lost[0] && lost[1]:
		s.result = engine.Ended(engine.RulesDraw, engine.NoPlayer, "both armies broke")
	case lost[0] || lost[1]:
		w := 0
		if lost[0] {
			w = 1
		}
		s.result = engine.Ended(engine.Victory, engine.Player(w), s.st.reasons[1-w].broke)
	}
	if s.result.Over {
		s.wait = waitNothing
	}
}

// reasons are a side's result texts, made once so that ending a game in
// a playout allocates nothing.
type reasons struct {
	broke, holds, bled string
}

func makeReasons(sc *Scenario, side int) reasons {
	me, them := sc.Forces[side].Name, sc.Forces[1-side].Name
	return reasons{
		broke: me + " broke",
		holds: "turn limit: " + me + " hold more of the objectives than " + them,
		bled:  "turn limit: " + me + " lost a greater share of their strength than " + them + " (by more than 10%)",
	}
}

// DefaultBreakShare is the share of its units a side may lose before it
// has lost the battle, where a scenario gives none (ruling D-VICTORY).
const DefaultBreakShare = 0.5

// endAtLimit ends the battle at the turn limit: the side holding more
// objective areas wins; failing that, the side that broke the greater
// share of the enemy's strength; otherwise a draw (ruling D-VICTORY).
func (s *State) endAtLimit() {
	var held [2]int
	for _, h := range s.st.sc.Objective.Hold {
		var in [2]bool
		for i := range s.st.nu {
			if s.alive(i) && geom.RectCircleOverlap(s.rect(i), h.Centre, h.Radius) {
				in[s.Units[i].Side] = true
			}
		}
		if in[0] != in[1] {
			if in[0] {
				held[0]++
			} else {
				held[1]++
			}
		}
	}
	if held[0] != held[1] {
		w := 0
		if held[1] > held[0] {
			w = 1
		}
		s.result = engine.Ended(engine.Victory, engine.Player(w), s.st.reasons[w].holds)
		return
	}
	var lost [2]float64
	for side := range 2 {
		tot, gone := 0, 0
		for i := range s.st.nu {
			if int(s.st.units[i].Side) != side {
				continue
			}
			tot += s.prof(i).Strength()
			if s.Units[i].Flags&fBroken != 0 {
				gone += s.prof(i).Strength()
			} else {
				gone += int(s.Units[i].Hits)
			}
		}
		lost[side] = float64(gone) / float64(max(tot, 1))
	}
	const margin = 0.1
	switch {
	case lost[1] > lost[0]+margin:
		s.result = engine.Ended(engine.Victory, 0, s.st.reasons[1].bled)
	case lost[0] > lost[1]+margin:
		s.result = engine.Ended(engine.Victory, 1, s.st.reasons[0].bled)
	default:
		s.result = engine.Ended(engine.TurnLimit, engine.NoPlayer, "turn limit: neither army broke")
	}
}
