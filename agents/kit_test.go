package agents

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
)

// toyState is a ruleset with no kit: a race to 10, the sides taking turns
// to add 1, 2 or 3 to a running total, the one who reaches 10 winning.
// The ruleset's name is rules, so one test can give it a kit of its own.
type toyState struct {
	rules string
	total int
	turn  int
	side  engine.Player
}

func (s *toyState) Ruleset() string { return s.rules }
func (s *toyState) ToMove() engine.Player {
	if s.Terminal() {
		return engine.NoPlayer
	}
	return s.side
}
func (s *toyState) Terminal() bool { return s.total >= 10 }
func (s *toyState) Result() engine.Result {
	if !s.Terminal() {
		return engine.Result{}
	}
	return engine.Ended(engine.Victory, s.side, "reached 10") // the side that moved last
}
func (s *toyState) Legal(buf []engine.Action) []engine.Action {
	if s.Terminal() {
		return buf
	}
	for n := 1; n <= 3; n++ {
		buf = append(buf, engine.Action{Kind: 1, Unit: uint8(n)})
	}
	return buf
}
func (s *toyState) Apply(a engine.Action) error {
	if s.Terminal() || a.Kind != 1 || a.Unit < 1 || a.Unit > 3 {
		return fmt.Errorf("toy: %v is not legal", a)
	}
	s.total += int(a.Unit)
	s.turn++
	if !s.Terminal() {
		s.side = 1 - s.side
	}
	return nil
}
func (s *toyState) PendingRoll() engine.Roll              { return engine.Roll{} }
func (s *toyState) ApplyDice(engine.Dice) error           { return errors.New("toy: no dice") }
func (s *toyState) DescribeRoll() string                  { return "" }
func (s *toyState) DescribeAction(a engine.Action) string { return fmt.Sprintf("add %d", a.Unit) }
func (s *toyState) FormatAction(a engine.Action) string   { return fmt.Sprintf("add %d", a.Unit) }
func (s *toyState) ParseAction(text string) (engine.Action, error) {
	var n uint8
	if _, err := fmt.Sscanf(text, "add %d", &n); err != nil {
		return engine.Action{}, fmt.Errorf("%w: %q", engine.ErrNotation, text)
	}
	return engine.Action{Kind: 1, Unit: n}, nil
}
func (s *toyState) Turn() int                    { return s.turn/2 + 1 }
func (s *toyState) Hash() uint64                 { return uint64(s.total)<<8 | uint64(s.side) }
func (s *toyState) CopyFrom(src engine.State)    { *s = *src.(*toyState) }
func (s *toyState) Clone() engine.State          { c := *s; return &c }
func (s *toyState) MarshalJSON() ([]byte, error) { return []byte("{}"), nil }

// playToy plays a whole toy game between two agents of spec, failing the
// test on an error or an illegal choice.
func playToy(t *testing.T, rules, spec string) engine.Result {
	t.Helper()
	players := [2]Agent{mustAgent(t, spec, 1), mustAgent(t, spec, 2)}
	st := &toyState{rules: rules}
	for !st.Terminal() {
		a, err := players[st.ToMove()].Choose(context.Background(), st, st.ToMove())
		if err != nil {
			t.Fatalf("%s, total %d: %v", spec, st.total, err)
		}
		if err := st.Apply(a); err != nil {
			t.Fatalf("%s chose an illegal action: %v", spec, err)
		}
	}
	return st.Result()
}

// TestNoKitGenericAgentsPlay: on a ruleset with no kit, random and the
// generic searches with the generic pieces (prior=none, playout=random,
// eval=none; scripts=random) play whole games.
func TestNoKitGenericAgentsPlay(t *testing.T) {
	if KitFor("toy") != nil {
		t.Fatal("the toy ruleset has a kit")
	}
	for _, spec := range []string{
		"random",
		"mcts:prior=none,playout=random,eval=none,iters=50",
		"mcts:prior=random,playout=random,eval=none,iters=50,parallel=tree,workers=2",
		"mcts:prior=none,playout=random,eval=none,iters=50,dice=nodes,propose=true",
		"portfolio:scripts=random,enemy=random,eval=none,iters=8",
	} {
		t.Run(spec, func(t *testing.T) {
			if r := playToy(t, "toy", spec); !r.Over {
				t.Errorf("the game did not end: %v", r)
			}
		})
	}
}

// TestNoKitSearchFindsTheWin: MCTS with random playouts and no
// evaluation still searches: at a total of 7 the move to 10 wins at
// once, and 100 iterations find it every time.
func TestNoKitSearchFindsTheWin(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		m := mustAgent(t, "mcts:prior=none,playout=random,eval=none,iters=100", seed)
		a, err := m.Choose(context.Background(), &toyState{rules: "toy", total: 7}, 0)
		if err != nil {
			t.Fatal(err)
		}
		if a.Unit != 3 {
			t.Errorf("seed %d: chose add %d at 7, want add 3 (the win)", seed, a.Unit)
		}
	}
}

// TestNoKitFailsClearly: a generic agent that needs a kit's piece, asked
// to play a ruleset without a kit, fails with an error naming the
// ruleset, what is missing and how to play on, never at random.
func TestNoKitFailsClearly(t *testing.T) {
	for _, tc := range []struct {
		spec  string
		piece string
		want  []string
	}{
		{"mcts", "kit", []string{`ruleset "toy" has no agent kit`, "prior=none,playout=random,eval=none"}},
		{"mcts:prior=none,playout=random", "kit", []string{`ruleset "toy" has no agent kit`}},
		{"mcts:prior=none,eval=none", "kit", []string{`ruleset "toy" has no agent kit`}},
		{"mcts:prior=assault,playout=random,eval=none", "kit", []string{`script "assault" comes from a ruleset's kit`}},
		{"mcts:prior=none,playout=random,eval=default", "kit", []string{`evaluation "default" comes from a ruleset's kit`, "eval=none"}},
		{"portfolio", "kit", []string{`ruleset "toy" has no agent kit`, "scripts=random,enemy=random,eval=none"}},
		{"portfolio:scripts=greedy,enemy=random,eval=none", "kit", []string{`script "greedy"`}},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			a := mustAgent(t, tc.spec, 1)
			_, err := a.Choose(context.Background(), &toyState{rules: "toy"}, 0)
			var mk *MissingKit
			if !errors.As(err, &mk) || mk.Ruleset != "toy" || mk.Piece != tc.piece {
				t.Fatalf("error %v, want a MissingKit of toy's %s", err, tc.piece)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
			if ex, ok := a.(Explainer); ok {
				if _, _, err := ex.ChooseExplained(context.Background(), &toyState{rules: "toy"}, 0); !errors.As(err, &mk) {
					t.Errorf("explained: error %v, want a MissingKit", err)
				}
			}
		})
	}
}

// TestKitWithoutAPiece: a kit that lacks what a search needs (here a
// default evaluation, and a script it does not have) fails naming the
// kit and the piece, and what the kit has.
func TestKitWithoutAPiece(t *testing.T) {
	if KitFor("toy-partial") == nil { // registered once per test binary (-count)
		RegisterKit(Kit{
			Ruleset: "toy-partial",
			Scripts: []ScriptKind{{Name: "first", Doc: "the first legal action", New: func(uint64) (Script, error) { return firstScript{}, nil }}},
			MCTS:    MCTSDefaults{Prior: "first", Playout: "first"},
		})
	}
	for _, tc := range []struct {
		spec, piece string
	}{
		{"mcts", "default eval"},
		{"mcts:eval=none,playout=assault", `script "assault"`},
		{"portfolio", "default portfolio scripts"},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			_, err := mustAgent(t, tc.spec, 1).Choose(context.Background(), &toyState{rules: "toy-partial"}, 0)
			var mk *MissingKit
			if !errors.As(err, &mk) || mk.Ruleset != "toy-partial" || mk.Piece != tc.piece || !strings.Contains(err.Error(), "the toy-partial kit has no") {
				t.Fatalf("error %v, want a MissingKit of toy-partial's %s", err, tc.piece)
			}
		})
	}
	// With the piece named, the kit's own script plays.
	if r := playToy(t, "toy-partial", "mcts:eval=none,iters=20"); !r.Over {
		t.Errorf("the game did not end: %v", r)
	}
}

// TestSpecRefusesUnknownScripts: a script or evaluation no linked kit
// knows is refused when the agent is built, listing those that exist.
func TestSpecRefusesUnknownScripts(t *testing.T) {
	for _, spec := range []string{"mcts:prior=asault", "mcts:playout=none", "mcts:eval=fitted", "portfolio:scripts=greedy+", "portfolio:enemy=nobody"} {
		if _, err := New(spec, 1); err == nil || !strings.Contains(err.Error(), "unknown") && !strings.Contains(err.Error(), "empty script") {
			t.Errorf("New(%q) = %v, want it refused", spec, err)
		}
	}
}

// TestRegisterKitRefusesInconsistentKits: RegisterKit panics on a kit
// that names what it does not have, or a second kit for a ruleset.
func TestRegisterKitRefusesInconsistentKits(t *testing.T) {
	first := ScriptKind{Name: "first", New: func(uint64) (Script, error) { return firstScript{}, nil }}
	for _, k := range []Kit{
		{},
		{Ruleset: "bad-default", Scripts: []ScriptKind{first}, MCTS: MCTSDefaults{Prior: "second"}},
		{Ruleset: "bad-eval", MCTS: MCTSDefaults{Eval: "fitted"}},
		{Ruleset: "bad-agent", Agents: []AgentKind{{Info: Info{Name: "random"}, Make: func(map[string]string, uint64) (Agent, error) { return nil, nil }}}},
		{Ruleset: "bad-kitbias", MCTS: MCTSDefaults{KitBias: 1.5}},
		{Ruleset: "nan-kitbias", MCTS: MCTSDefaults{KitBias: math.NaN()}},
		{Ruleset: "twobytwo"}, // registered by the linked 2 by 2 kit
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("RegisterKit(%+v) did not panic", k)
				}
			}()
			RegisterKit(k)
		}()
	}
}

// firstScript picks the first action.
type firstScript struct{}

func (firstScript) Name() string                           { return "first" }
func (firstScript) Pick(engine.State, []engine.Action) int { return 0 }
func (firstScript) Reseed(uint64)                          {}
