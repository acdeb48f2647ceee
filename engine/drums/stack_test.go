package drums

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/internal/testenv"
)

// Every stack random games reach, with and without the optional rules,
// on every scenario, passes checkStack: the tables in stack.go cover the
// engine's pushes. A push site added without its table entry fails here.
// The same holds every task's step to the steps its step function resumes
// at (taskSteps): a set that forgets a step the engine sets fails here.
// Entries no game met are logged, to keep the tables honest both ways.
// 40 games a scenario and variant set by default, 400 in CI's long checks.
func TestStackTablesCoverPlay(t *testing.T) {
	games := testenv.Pick(t, 40, 400)
	if testing.Short() {
		games = 4
	}
	seen := map[[2]taskKind]bool{}
	var seenSteps [lastTask + 1]uint32
	for _, name := range (Rules{}).Scenarios() {
		for _, variants := range [][]string{nil, Variants} {
			for seed := range uint64(games) {
				s, err := NewGame(name, engine.Options{Variants: variants})
				if err != nil {
					t.Fatal(err)
				}
				rng := rand.New(rand.NewPCG(seed, 68))
				var buf []engine.Action
				for steps := 0; !s.Terminal() && steps < 20000; steps++ {
					if err := checkStack(s.tasks[:s.ntasks], s.wait, s.ask); err != nil {
						t.Fatalf("%s %v seed %d step %d: the engine built a stack the tables refuse: %v", name, variants, seed, steps, err)
					}
					for k := 1; k < int(s.ntasks); k++ {
						seen[[2]taskKind{s.tasks[k-1].kind, s.tasks[k].kind}] = true
					}
					for _, tk := range s.tasks[:s.ntasks] {
						seenSteps[tk.kind] |= stepSet(tk.step)
					}
					if s.ToMove() == engine.Chance {
						err = s.ApplyDice(engine.RollWith(rng, s.PendingRoll()))
					} else {
						buf = s.Legal(buf[:0])
						if len(buf) == 0 {
							t.Fatalf("%s seed %d: no legal action", name, seed)
						}
						err = s.Apply(buf[rng.IntN(len(buf))])
					}
					if err != nil {
						t.Fatalf("%s %v seed %d step %d: %v", name, variants, seed, steps, err)
					}
				}
			}
		}
	}
	for child := tGame; child <= lastTask; child++ {
		for parent := tGame; parent <= lastTask; parent++ {
			if taskParents[child]&taskBit(parent) != 0 && !seen[[2]taskKind{parent, child}] {
				t.Logf("allowed but not met in these games: %s on %s", taskNames[child], taskNames[parent])
			}
		}
		// Many are met only in passing: a task pushed at step 0 runs at
		// once, and some steps lead straight to the next.
		var unmet []uint8
		for step := range uint8(32) {
			if taskSteps[child]&stepSet(step) != 0 && seenSteps[child]&stepSet(step) == 0 {
				unmet = append(unmet, step)
			}
		}
		if len(unmet) > 0 {
			t.Logf("allowed but not met waiting in these games: the %s task's steps %v", taskNames[child], unmet)
		}
	}
}

// Every kind of task has its steps, step 0 among them: every push site
// pushes a task at step 0 (a kind added without its set, or a set that
// forgets 0, would refuse every game that reaches it).
func TestTaskStepsCoverEveryKind(t *testing.T) {
	for kind := tGame; kind <= lastTask; kind++ {
		if taskSteps[kind]&stepSet(0) == 0 {
			t.Errorf("the %s task's steps %b lack step 0, where every push starts it", taskNames[kind], taskSteps[kind])
		}
	}
	if taskSteps[tNone] != 0 {
		t.Errorf("no task has steps %b", taskSteps[tNone])
	}
}

// savedWithTasks is a saved state of a new game on the default scenario
// (at its first roll, the scouting dice) with its stack, wait and ask replaced.
func savedWithTasks(t *testing.T, tasks []taskJSON, wait waitKind, ask askKind) []byte {
	t.Helper()
	s, err := NewGame(DefaultScenario, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for s.ToMove() != engine.Chance {
		if err := s.Apply(s.Legal(nil)[0]); err != nil {
			t.Fatal(err)
		}
	}
	b, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	m["tasks"], m["wait"], m["ask"], m["wait_by"] = tasks, wait, ask, 0
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// DecodeState refuses stacks the rules could never build, saying which
// task cannot follow which, and accepts the ones they build.
func TestDecodeStateRefusesUnbuildableStacks(t *testing.T) {
	k := func(kind taskKind, step uint8) taskJSON { return taskJSON{Kind: uint8(kind), Step: step} }
	unit := func(kind taskKind, step uint8) taskJSON {
		return taskJSON{Kind: uint8(kind), Step: step, A: 0, B: 7}
	}
	risk := func(g uint8) taskJSON { return taskJSON{Kind: uint8(tRisk), A: generalBase + g} }
	cases := []struct {
		name  string
		tasks []taskJSON
		wait  waitKind
		ask   askKind
		want  string // "" accepts
	}{
		{"scouting on the game", []taskJSON{k(tGame, 1), k(tScout, 0)}, waitDice, askNone, ""},
		{"a charge's test on a risk throw on a melee", []taskJSON{k(tGame, 3), k(tTurn, 3), k(tActivation, 4), unit(tMelee, 0), risk(0), unit(tTest, 1)}, waitDecision, askSupply, ""},
		// The fuzzer's hang: levels on a turn, answered "supply no".
		{"levels on a turn", []taskJSON{k(tGame, 3), k(tTurn, 3), k(tLevels, 2)}, waitDice, askNone, "task 3, resilience levels, cannot follow task 2, turn"},
		{"the bottom is not the game", []taskJSON{k(tTurn, 3)}, waitDecision, askActivate, "starts with a turn task"},
		{"two games", []taskJSON{k(tGame, 3), k(tGame, 3)}, waitDice, askNone, "task 2, game, cannot follow task 1, game"},
		{"a charge on a turn", []taskJSON{k(tGame, 3), k(tTurn, 3), unit(tCharge, 6)}, waitDice, askNone, "charge, cannot follow task 2, turn"},
		{"a melee on a charge", []taskJSON{k(tGame, 3), k(tTurn, 3), k(tActivation, 4), unit(tCharge, 7), unit(tMelee, 0)}, waitDice, askNone, "melee, cannot follow task 4, charge"},
		{"a turn on an activation", []taskJSON{k(tGame, 3), k(tTurn, 3), k(tActivation, 4), k(tTurn, 0)}, waitDice, askNone, "turn, cannot follow task 3, activation"},
		{"a test on a test", []taskJSON{k(tGame, 3), k(tTurn, 5), k(tEndTests, 1), unit(tTest, 1), unit(tTest, 1)}, waitDice, askNone, "resilience test, cannot follow task 4, resilience test"},
		{"two throws for one general", []taskJSON{k(tGame, 3), k(tTurn, 3), k(tActivation, 4), risk(1), risk(1)}, waitDice, askNone, "both risk throws of general 2"},
		{"levels asked for supply", []taskJSON{k(tGame, 3), k(tLevels, 11)}, waitDecision, askSupply, "which a resilience levels task never asks"},
		{"a turn asked to declare", []taskJSON{k(tGame, 3), k(tTurn, 3)}, waitDecision, askDeclare, "which a turn task never asks"},
		// Steps: the highest each step function resumes at is accepted,
		// the ones no case handles are refused, naming task and step.
		{"scouting's tie dice", []taskJSON{k(tGame, 1), k(tScout, 16)}, waitDice, askNone, ""},
		{"a charge's evader's shot done", []taskJSON{k(tGame, 3), k(tTurn, 3), k(tActivation, 4), unit(tCharge, 16)}, waitDice, askNone, ""},
		{"levels at the step they pop at", []taskJSON{k(tGame, 3), k(tLevels, 2)}, waitDice, askNone, "task 2, resilience levels, is at step 2, which the rules never resume"},
		{"scouting between its throws", []taskJSON{k(tGame, 1), k(tScout, 8)}, waitDice, askNone, "task 2, scouting, is at step 8"},
		{"the game past the turns", []taskJSON{k(tGame, 4), k(tTurn, 3)}, waitDecision, askActivate, "task 1, game, is at step 4"},
		{"a turn past its victory check", []taskJSON{k(tGame, 3), k(tTurn, 6)}, waitDecision, askActivate, "task 2, turn, is at step 6"},
		{"a deployment at a step", []taskJSON{k(tGame, 2), k(tDeploy, 1)}, waitDecision, askDeploy, "task 2, deployment, is at step 1"},
		{"a charge between its steps", []taskJSON{k(tGame, 3), k(tTurn, 3), k(tActivation, 4), unit(tCharge, 8)}, waitDice, askNone, "task 4, charge, is at step 8"},
		{"a melee past its last step", []taskJSON{k(tGame, 3), k(tTurn, 3), k(tActivation, 4), unit(tMelee, msApply+1)}, waitDice, askNone, "task 4, melee, is at step 7"},
		{"end of turn tests at step 2", []taskJSON{k(tGame, 3), k(tTurn, 5), k(tEndTests, 2)}, waitDice, askNone, "task 3, end of turn tests, is at step 2"},
		{"a risk throw at step 20", []taskJSON{k(tGame, 3), k(tTurn, 3), k(tActivation, 4), {Kind: uint8(tRisk), A: generalBase, Step: 20}}, waitDice, askNone, "task 4, risk to generals, is at step 20"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := DecodeState(savedWithTasks(t, c.tasks, c.wait, c.ask))
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("refused a stack the rules build: %v", err)
			case c.want != "" && err == nil:
				t.Fatalf("accepted a stack the rules never build")
			case c.want != "" && !strings.Contains(err.Error(), c.want):
				t.Fatalf("error %q does not say %q", err, c.want)
			}
		})
	}
}

// A stack that makes no progress (the levels task at a step it never
// resumes at, waiting for dice) ends in an error wrapping
// engine.ErrIllegal, not a hang, and the state refuses everything after
// it. DecodeState refuses this one for its step, so it is built in memory:
// run's bound is for whatever stack the checks cannot tell from a real one.
func TestRunStopsAStackThatMakesNoProgress(t *testing.T) {
	data := savedWithTasks(t, []taskJSON{{Kind: uint8(tGame), Step: 3}, {Kind: uint8(tLevels), Step: 2}}, waitDice, askNone)
	if _, err := DecodeState(data); err == nil {
		t.Fatal("DecodeState accepted a levels task at step 2")
	}
	s, err := DecodeState(savedWithTasks(t, []taskJSON{{Kind: uint8(tGame), Step: 3}, {Kind: uint8(tLevels), Step: 1}}, waitDice, askNone))
	if err != nil {
		t.Fatal(err)
	}
	s.tasks[1].step = 2
	done := make(chan error, 1)
	go func() { done <- s.ApplyDice(engine.RollWith(rand.New(rand.NewPCG(1, 1)), s.PendingRoll())) }()
	select {
	case err = <-done:
	case <-time.After(10 * time.Second):
		panic("ApplyDice hangs on a stack that makes no progress")
	}
	if !errors.Is(err, engine.ErrIllegal) || !errors.Is(err, errStuck) {
		t.Fatalf("ApplyDice: %v, want errStuck wrapping engine.ErrIllegal", err)
	}
	if err := s.ApplyDice(engine.RollWith(rand.New(rand.NewPCG(1, 1)), s.PendingRoll())); !errors.Is(err, engine.ErrIllegal) {
		t.Fatalf("a stuck state took dice: %v", err)
	}
	if len(s.Legal(nil)) != 0 {
		t.Fatal("a stuck state offers decisions")
	}
}

// Seeds of FuzzDecodeState kept for what they broke or probe are refused
// for the reason they were kept: the fuzzer's hang (a resilience-levels
// task on a turn task, then "supply no" looped for ever) for its stack,
// and a charge at a step its step function has no case for, which would
// loop as well, for its step.
func TestDecodeStateRefusesTheFuzzSeeds(t *testing.T) {
	for _, c := range []struct{ file, want string }{
		{"fc7c4ccab0f15115", "task 3, resilience levels, cannot follow task 2, turn"},
		{"step-charge-8", "task 4, charge, is at step 8"},
	} {
		t.Run(c.file, func(t *testing.T) {
			raw, err := os.ReadFile("testdata/fuzz/FuzzDecodeState/" + c.file)
			if err != nil {
				t.Fatal(err)
			}
			lit, ok := strings.CutPrefix(strings.TrimSpace(string(raw)), "go test fuzz v1\n[]byte(")
			lit, ok2 := strings.CutSuffix(lit, ")")
			if !ok || !ok2 {
				t.Fatal("the seed is not one []byte of a Go fuzz corpus file")
			}
			data, err := strconv.Unquote(lit)
			if err != nil {
				t.Fatal(err)
			}
			_, err = DecodeState([]byte(data))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("DecodeState: %v, want an error saying %q", err, c.want)
			}
		})
	}
}
