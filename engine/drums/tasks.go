package drums

import (
	"fmt"

	"github.com/grognard/grognard/engine"
)

// The rules run as a stack of tasks, each a small resumable procedure: a
// charge pushes the chargers' test, the test pushes a forced retire, and
// each task resumes at its step when the dice or decision it waits for
// arrive. The stack is a fixed array in the state, so a position can be
// copied, saved and searched in the middle of a melee.

// taskKind names a procedure of the rules.
type taskKind uint8

const (
	tNone taskKind = iota
	tGame
	tScout
	tDeploy
	tLevels
	tTurn
	tInitiative
	tActivation
	tAction
	tMove
	tShoot
	tTest
	tRetire
	tCharge
	tMelee
	tEndTests
	tOccupy
	tRisk
	// lastTask is the highest task kind (DecodeState's check).
	lastTask = tRisk
)

// task is one frame of the work stack. a and b are units, x a small
// argument (a test kind, a slot of the declarations), y flags.
type task struct {
	kind taskKind
	step uint8
	a, b uint8
	x    int8
	y    uint8
	// sup has bit side set once that side chose to add a supply die to
	// the throw the task prepares.
	sup uint8
	n   int16
}

// waitKind is what the state waits for.
type waitKind uint8

const (
	waitNothing waitKind = iota
	waitDice
	waitDecision
)

// askKind is the decision a side is asked for.
type askKind uint8

const (
	askNone askKind = iota
	askDeploy
	askSupply
	askFirst
	askActivate
	askDeclare
	askEvade
	askOccupy
	askRetireAdjust
	askReply
	askFace
	lastAsk = askFace
)

// rollKind says what a pending roll is for (DescribeRoll).
type rollKind uint8

const (
	rNone rollKind = iota
	rScout
	rScoutTie
	rLevels
	rInitiative
	rInitiativeTie
	rHold
	rTest
	rMove
	rShoot
	rChargeDistance
	rMelee
	rRetire
	rEvade
	rOccupy
	rRisk
	rSwept
	// lastRoll is the highest roll kind (DecodeState's check).
	lastRoll = rSwept
)

// push adds a task on top of the stack.
func (s *State) push(t task) {
	if int(s.ntasks) >= maxTasks {
		// The rules never nest this deep; a broken invariant must not
		// corrupt the state silently.
		panic("drums: task stack overflow")
	}
	s.tasks[s.ntasks] = t
	s.ntasks++
}

// top is the running task.
func (s *State) top() *task { return &s.tasks[s.ntasks-1] }

// pop ends the running task and returns a copy of it: the slot is
// cleared (so equal positions compare equal) and the next push reuses it,
// so a step that reads its task after popping must read the copy.
func (s *State) pop() task {
	s.ntasks--
	t := s.tasks[s.ntasks]
	s.tasks[s.ntasks] = task{}
	return t
}

// rollDice makes the state wait for r, for the reason what.
func (s *State) rollDice(r engine.Roll, what rollKind, a, b uint8) {
	s.roll, s.rollWhat, s.rollA, s.rollB = r, what, a, b
	s.wait = waitDice
}

// askFor makes the state wait for side's decision.
func (s *State) askFor(side int, what askKind) {
	s.ask = what
	s.waitBy = int8(side)
	s.wait = waitDecision
}

// maxRunSteps bounds the steps one run takes. A run ends when a task
// waits for dice or a decision or the game ends, and the rules reach one
// of those within a few dozen steps: the longest runs pop a chain of
// finished tasks, apply a melee round's fights one a step (maxFights) and
// drop the Risk to Generals throws of generals already gone (one each).
// A stack the rules could never build (DecodeState refuses those it can
// tell) may instead step for ever without waiting; the bound turns that
// into errStuck, far above any real run and far below a noticeable
// delay.
const maxRunSteps = 1 << 12

// errStuck is run's error: made once, so that the hot path allocates
// nothing (the counter is all it adds).
var errStuck = fmt.Errorf("%w: the rules ran %d steps without waiting for dice or a decision: the position is not one the rules can reach", engine.ErrIllegal, maxRunSteps)

// run steps tasks until one waits for dice or a decision, or the game
// ends. After maxRunSteps steps without either it gives up with errStuck
// and leaves the state waiting for nothing, so every later Apply and
// ApplyDice refuses it too.
func (s *State) run() error {
	for n := 0; s.wait == waitNothing && !s.result.Over && s.ntasks > 0; n++ {
		if n == maxRunSteps {
			return errStuck
		}
		t := s.top()
		switch t.kind {
		case tGame:
			s.stepGame(t)
		case tScout:
			s.stepScout(t)
		case tDeploy:
			s.stepDeploy(t)
		case tLevels:
			s.stepLevels(t)
		case tTurn:
			s.stepTurn(t)
		case tInitiative:
			s.stepInitiative(t)
		case tActivation:
			s.stepActivation(t)
		case tAction:
			s.stepAction(t)
		case tMove:
			s.stepMove(t)
		case tShoot:
			s.stepShoot(t)
		case tTest:
			s.stepTest(t)
		case tRetire:
			s.stepRetire(t)
		case tCharge:
			s.stepCharge(t)
		case tMelee:
			s.stepMelee(t)
		case tEndTests:
			s.stepEndTests(t)
		case tOccupy:
			s.stepOccupy(t)
		case tRisk:
			s.stepRisk(t)
		default:
			panic("drums: unknown task")
		}
	}
	return nil
}
