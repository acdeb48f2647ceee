package drums

import "fmt"

// Only the engine's own pushes build the rules' work stack, so a saved
// stack the pushes could never have built is hostile or damaged, and
// running it may loop for ever (a resilience-levels task left on a turn
// task did, and so does a task at a step its switch has no case for).
// DecodeState checks every saved stack against the tables below, derived
// from the push sites, and every task's step against the steps its step
// function resumes at; a test plays random games with every variant and
// holds every stack they reach to the same check, so a new push site or
// step that the tables miss fails it.

// taskBit is kind k's bit in a set of task kinds.
func taskBit(k taskKind) uint32 { return 1 << k }

// taskParents is, for each kind of task, the kinds it may sit on: the
// task on top of which its push sites put it. A push that follows a pop
// (stepAction, stepCharge case 7, stepShoot case 2, endMelee,
// stepTest's forced retire) puts the new task on the popped task's
// parent. A Risk to Generals throw (riskNear) is pushed by whatever task
// deals the hits or breaks the unit, and the tasks that task pushes in
// the same step then sit on the throws (ruling D-RISK-ONCE: they resolve
// once the hits are).
var taskParents = [lastTask + 1]uint32{
	// The game is the bottom of every stack (newState).
	tGame: 0,
	// The Game Sequence's phases (stepGame).
	tScout:  taskBit(tGame),
	tDeploy: taskBit(tGame),
	tLevels: taskBit(tGame),
	tTurn:   taskBit(tGame),
	// A turn's initiative and end of turn tests (stepTurn), and each
	// activation, pushed when a side chooses it (apply, KActivate and
	// KActivateGeneral, answering stepTurn's askActivate).
	tInitiative: taskBit(tTurn),
	tEndTests:   taskBit(tTurn),
	tActivation: taskBit(tTurn),
	// The activation's declared actions (stepActivation); each pops
	// itself before pushing what it carries out (stepAction).
	tAction: taskBit(tActivation),
	tMove:   taskBit(tActivation),
	tCharge: taskBit(tActivation),
	// A prompted shot and the unprompted reply to it (stepAction,
	// stepShoot case 2); a charged unit's reply and an evader's shot
	// (stepCharge).
	tShoot: taskBit(tActivation) | taskBit(tCharge),
	// The melee replaces the charge that made contact (stepCharge case
	// 7); the occupation replaces the melee or the prompted shot that
	// broke the enemy (endMelee, stepShoot case 2).
	tMelee:  taskBit(tActivation),
	tOccupy: taskBit(tActivation),
	// Resilience tests: a charge's two, a shot's target, a melee's loser
	// (after the hits, so on their Risk throws too), an end of turn test.
	tTest: taskBit(tCharge) | taskBit(tShoot) | taskBit(tMelee) | taskBit(tEndTests) | taskBit(tRisk),
	// A forced retire replaces the test that forced it (applyOutcome).
	tRetire: taskBit(tCharge) | taskBit(tShoot) | taskBit(tMelee) | taskBit(tEndTests) | taskBit(tRisk),
	// Risk throws come from hits and breaks: a shot's, a melee round's, a
	// test's outcome (on the test's parent), a forced retire's
	// interpenetrations (on it) and its short move (on its parent), a
	// voluntary retire or a lost camp (on the activation), and from one
	// another.
	tRisk: taskBit(tActivation) | taskBit(tCharge) | taskBit(tShoot) | taskBit(tMelee) | taskBit(tTest) |
		taskBit(tEndTests) | taskBit(tRetire) | taskBit(tRisk),
}

// taskAsks is, for each decision the state may wait for, the kinds of
// task whose step asks it (askFor's callers): apply resumes the top task
// with the answer, so a decision no such task waits for would be read by
// a task that never asked.
var taskAsks = [lastAsk + 1]uint32{
	askDeploy:       taskBit(tDeploy),
	askSupply:       taskBit(tScout) | taskBit(tInitiative) | taskBit(tTest) | taskBit(tMelee),
	askFirst:        taskBit(tTurn),
	askActivate:     taskBit(tTurn),
	askDeclare:      taskBit(tActivation),
	askEvade:        taskBit(tCharge),
	askOccupy:       taskBit(tOccupy),
	askRetireAdjust: taskBit(tRetire),
	askReply:        taskBit(tCharge),
	askFace:         taskBit(tRetire),
}

// stepSet is the set of steps given, a bit each (steps are below 32:
// DecodeState refuses a step above 20 before it looks at the sets).
func stepSet(steps ...uint8) uint32 {
	var set uint32
	for _, st := range steps {
		set |= 1 << st
	}
	return set
}

// taskSteps is, for each kind of task, the steps its step function resumes
// at. The sets sit beside the step functions whose switch cases they
// mirror (gameSteps above stepGame, and so on), so that a step added or
// renumbered there is added here in the same edit; a test plays random
// games and holds every task they reach to them.
var taskSteps = [lastTask + 1]uint32{
	tGame:       gameSteps,
	tScout:      scoutSteps,
	tDeploy:     deploySteps,
	tLevels:     levelsSteps,
	tTurn:       turnSteps,
	tInitiative: initiativeSteps,
	tActivation: activationSteps,
	tAction:     actionSteps,
	tMove:       moveSteps,
	tShoot:      shootSteps,
	tTest:       testSteps,
	tRetire:     retireSteps,
	tCharge:     chargeSteps,
	tMelee:      meleeSteps,
	tEndTests:   endTestsSteps,
	tOccupy:     occupySteps,
	tRisk:       riskSteps,
}

// taskNames name the kinds of task in DecodeState's errors.
var taskNames = [lastTask + 1]string{
	tNone: "no task", tGame: "game", tScout: "scouting", tDeploy: "deployment", tLevels: "resilience levels",
	tTurn: "turn", tInitiative: "initiative", tActivation: "activation", tAction: "action", tMove: "move",
	tShoot: "shooting", tTest: "resilience test", tRetire: "forced retire", tCharge: "charge", tMelee: "melee",
	tEndTests: "end of turn tests", tOccupy: "occupation", tRisk: "risk to generals",
}

// checkStack refuses a work stack (kinds known, bottom first) that the
// rules' pushes could never build, a task at a step its step function
// never resumes at, and a decision asked of a task that never asks it.
func checkStack(tasks []task, wait waitKind, ask askKind) error {
	if len(tasks) == 0 {
		return nil
	}
	if tasks[0].kind != tGame {
		return fmt.Errorf("the rules' stack starts with a %s task: every stack starts with the game", taskNames[tasks[0].kind])
	}
	for k := 1; k < len(tasks); k++ {
		parent, child := tasks[k-1].kind, tasks[k].kind
		if taskParents[child]&taskBit(parent) == 0 {
			return fmt.Errorf("task %d, %s, cannot follow task %d, %s: the rules never push one on the other", k+1, taskNames[child], k, taskNames[parent])
		}
	}
	// A step no case of the task's step function handles would step for
	// ever (run's errStuck) or do what no game does.
	for k, t := range tasks {
		if t.step >= 32 || taskSteps[t.kind]&(1<<t.step) == 0 {
			return fmt.Errorf("task %d, %s, is at step %d, which the rules never resume a %s task at", k+1, taskNames[t.kind], t.step, taskNames[t.kind])
		}
	}
	// Risk to Generals: one throw pending for each general at most
	// (ruling D-RISK-ONCE), which also bounds the stack's depth.
	for k := range tasks {
		for m := k + 1; m < len(tasks); m++ {
			if tasks[k].kind == tRisk && tasks[m].kind == tRisk && tasks[k].a == tasks[m].a {
				return fmt.Errorf("tasks %d and %d are both risk throws of general %d: one is pending at most", k+1, m+1, int(tasks[k].a)-generalBase+1)
			}
		}
	}
	if top := tasks[len(tasks)-1].kind; wait == waitDecision && taskAsks[ask]&taskBit(top) == 0 {
		return fmt.Errorf("the state waits for a side to %s, which a %s task never asks", askNames[ask], taskNames[top])
	}
	return nil
}
