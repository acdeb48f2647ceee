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
)

// Every stack random games reach, with and without the optional rules,
// on every scenario, passes checkStack: the tables in stack.go cover the
// engine's pushes. A push site added without its table entry fails here.
// Entries no game met are logged, to keep the tables honest both ways.
func TestStackTablesCoverPlay(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 4
	}
	seen := map[[2]taskKind]bool{}
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

// A stack DecodeState cannot tell from a real one but which makes no
// progress (the levels task at a step it never sets, waiting for dice)
// ends in an error wrapping engine.ErrIllegal, not a hang, and the state
// refuses everything after it.
func TestRunStopsAStackThatMakesNoProgress(t *testing.T) {
	data := savedWithTasks(t, []taskJSON{{Kind: uint8(tGame), Step: 3}, {Kind: uint8(tLevels), Step: 2}}, waitDice, askNone)
	s, err := DecodeState(data)
	if err != nil {
		t.Fatal(err)
	}
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

// The fuzzer's hang (a resilience-levels task on a turn task, then
// "supply no" looped for ever), kept as a seed of FuzzDecodeState, is
// refused for the stack it has.
func TestDecodeStateRefusesTheFuzzedHang(t *testing.T) {
	raw, err := os.ReadFile("testdata/fuzz/FuzzDecodeState/fc7c4ccab0f15115")
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
	if want := "task 3, resilience levels, cannot follow task 2, turn"; err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("DecodeState: %v, want an error saying %q", err, want)
	}
}
