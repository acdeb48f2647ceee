package agents

import (
	"context"
	"errors"
	"os/exec"
	"sync"
	"testing"

	"github.com/grognard/grognard/agents/agenttest"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest"
	"github.com/grognard/grognard/engine/twobytwo"
)

func TestNew(t *testing.T) {
	tests := []struct {
		spec    string
		name    string   // Name() of the agent built
		wantErr []string // substrings of the error; nil means success
	}{
		{spec: "random", name: "random"},
		{spec: "  random  ", name: "random"},
		{spec: "random:", wantErr: []string{`"" is not key=value`}},
		{spec: "random:depth=3", wantErr: []string{`"random" takes no parameters`, `"depth"`}},
		{spec: "random:depth", wantErr: []string{`"depth" is not key=value`}},
		{spec: "random:=3", wantErr: []string{`"=3" is not key=value`}},
		{spec: "random:a=1,a=2", wantErr: []string{`key "a" is given twice`}},
		{spec: "alphazero", wantErr: []string{`unknown agent "alphazero"`, "known agents: ", "random"}},
		{spec: "", wantErr: []string{"no agent name", "known agents: ", "random"}},
		{spec: "mcts", name: "mcts"},
		{spec: "mcts:iters=50,workers=2,depth=10", name: "mcts:iters=50,workers=2,depth=10"},
		{spec: "mcts:time=1s,reuse=false", name: "mcts:time=1s,reuse=false"},
		{spec: "mcts:iters=0", wantErr: []string{`iters "0" is not a positive whole number`}},
		{spec: "mcts:time=soon", wantErr: []string{`time "soon" is not a positive duration`}},
		{spec: "mcts:workers=0", wantErr: []string{"workers must be between 1 and 256"}},
		{spec: "mcts:depth=x", wantErr: []string{`depth "x"`}},
		{spec: "mcts:iters=50,propose=true,parallel=tree,workers=2,dice=nodes", name: "mcts:iters=50,workers=2,propose=true,parallel=tree,dice=nodes"},
		{spec: "mcts:parallel=leaf", wantErr: []string{`parallel "leaf" is not root or tree`}},
		{spec: "mcts:dice=closed", wantErr: []string{`dice "closed" is not open or nodes`}},
		{spec: "mcts:propose=maybe", wantErr: []string{`propose "maybe" is not true or false`}},
		{spec: "mcts:workers=2,parallel=tree,vloss=0.25", name: "mcts:workers=2,parallel=tree,vloss=0.25"},
		{spec: "mcts:vloss=1", name: "mcts"},
		{spec: "mcts:vloss=2", wantErr: []string{"vloss must be between 0 and 1, got 2"}},
		{spec: "mcts:vloss=-0.5", wantErr: []string{"vloss must be between 0 and 1"}},
		{spec: "mcts:vloss=NaN", wantErr: []string{"vloss must be between 0 and 1"}},
		{spec: "mcts:vloss=lots", wantErr: []string{`vloss "lots" is not a number`}},
		{spec: "mcts:pwk=1,pwalpha=0.25", name: "mcts:pwk=1,pwalpha=0.25"},
		{spec: "mcts:c=0.3,pwalpha=0.5,depth=10", name: "mcts:c=0.3,pwalpha=0.5,depth=10"},
		{spec: "mcts:pwk=2,pwalpha=0.4", name: "mcts"},
		{spec: "mcts:pwk=0", wantErr: []string{"pwk must be above 0, got 0"}},
		{spec: "mcts:pwalpha=1.5", wantErr: []string{"pwalpha must be between 0 and 1, got 1.5"}},
		{spec: "mcts:pwalpha=wide", wantErr: []string{`pwalpha "wide" is not a number between 0 and 1`}},
		{spec: "mcts:c=-1", wantErr: []string{"c must be 0 or more, got -1"}},
		{spec: "mcts:bias=NaN", wantErr: []string{"bias must be 0 or more, got NaN"}},
		{spec: "mcts:depth=-2", wantErr: []string{"depth must be 0 or more, got -2"}},
		{spec: "mcts:choose=lcb,iters=100", name: "mcts:iters=100,choose=lcb"},
		{spec: "mcts:choose=visits", name: "mcts"},
		{spec: "mcts:choose=best", wantErr: []string{`choose "best" is not visits or lcb`}},
		{spec: ":x=1", wantErr: []string{"no agent name"}},
	}
	for _, tc := range tests {
		t.Run(tc.spec, func(t *testing.T) { agenttest.CheckSpec(t, New, tc.spec, tc.name, tc.wantErr) })
	}
}

func TestParseSpec(t *testing.T) {
	tests := []struct {
		spec   string
		name   string
		params map[string]string
	}{
		{"random", "random", map[string]string{}},
		{"mcts:iters=100", "mcts", map[string]string{"iters": "100"}},
		{"mcts: iters = 100 , c=1.4", "mcts", map[string]string{"iters": "100", "c": "1.4"}},
		{"x:path=a=b", "x", map[string]string{"path": "a=b"}},
	}
	for _, tc := range tests {
		t.Run(tc.spec, func(t *testing.T) {
			name, params, err := ParseSpec(tc.spec)
			if err != nil {
				t.Fatal(err)
			}
			if name != tc.name || len(params) != len(tc.params) {
				t.Fatalf("ParseSpec(%q) = %q %v, want %q %v", tc.spec, name, params, tc.name, tc.params)
			}
			for k, v := range tc.params {
				if params[k] != v {
					t.Errorf("param %q = %q, want %q", k, params[k], v)
				}
			}
		})
	}
}

func TestListDescribesEveryAgent(t *testing.T) {
	list := List()
	if len(list) == 0 {
		t.Fatal("no agents listed")
	}
	for i, in := range list {
		if in.Name == "" || in.Description == "" {
			t.Errorf("agent %d has no name or description: %+v", i, in)
		}
		if i > 0 && list[i-1].Name >= in.Name {
			t.Errorf("List not sorted: %q before %q", list[i-1].Name, in.Name)
		}
		spec := in.Name
		if s, ok := requiredParams[in.Name]; ok {
			if _, err := New(spec, 1); err == nil {
				t.Errorf("agent %q is built without its required parameters", in.Name)
			}
			spec = s
		}
		if _, err := New(spec, 1); err != nil {
			t.Errorf("listed agent %q cannot be built with defaults: %v", in.Name, err)
		}
	}
}

func TestRandomDeterministicAndSpread(t *testing.T) {
	tests := []struct {
		name    string
		n       int
		samples int
	}{
		{"one choice", 1, 10},
		{"six choices", 6, 6000},
		{"many choices", 300, 30000},
	}
	ctx := context.Background()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := &enginetest.PickState{N: tc.n}
			a, b := NewRandom(7), NewRandom(7)
			counts := make([]int, tc.n)
			for i := 0; i < tc.samples; i++ {
				x, err := a.Choose(ctx, st, st.ToMove())
				if err != nil {
					t.Fatal(err)
				}
				y, _ := b.Choose(ctx, st, st.ToMove())
				if x != y {
					t.Fatalf("draw %d: same seed chose %v and %v", i, x, y)
				}
				counts[enginetest.PickIndex(x)]++
			}
			// Every action must be reachable, and none wildly favoured:
			// expected count each is samples/n; allow a factor of two.
			exp := tc.samples / tc.n
			for u, c := range counts {
				if c == 0 || (tc.n > 1 && (c < exp/2 || c > exp*2)) {
					t.Errorf("action %d chosen %d times of %d (expected about %d)", u, c, tc.samples, exp)
				}
			}
		})
	}
}

func TestRandomSeedsDiffer(t *testing.T) {
	st := &enginetest.PickState{N: 1000}
	a, b := NewRandom(1), NewRandom(2)
	same := 0
	for i := 0; i < 50; i++ {
		x, _ := a.Choose(context.Background(), st, st.ToMove())
		y, _ := b.Choose(context.Background(), st, st.ToMove())
		if x == y {
			same++
		}
	}
	if same > 5 {
		t.Errorf("seeds 1 and 2 agreed on %d of 50 draws among 1000 actions", same)
	}
}

// requiredParams are the specs that build agents which cannot be built
// from their name alone.
var requiredParams = map[string]string{"external": "external:cmd=python3 ../examples/bots/random_bot.py"}

// genericSpecs are the generic searches with the generic pieces only
// (no kit), for a ruleset such as PickState's.
var genericSpecs = map[string]string{
	"mcts":      "mcts:prior=none,playout=random,eval=none",
	"portfolio": "portfolio:scripts=random,enemy=random,eval=none",
}

// TestChooseErrors checks every generic agent reports a state with no
// legal action and a cancelled context as such (a kit's own agents refuse
// PickState's ruleset: TestKitAgentsRefuseOtherRulesets).
func TestChooseErrors(t *testing.T) {
	for _, in := range List() {
		if in.Ruleset != "" {
			continue
		}
		name := in.Name
		t.Run(name, func(t *testing.T) {
			spec := name
			if s, ok := genericSpecs[name]; ok {
				spec = s
			}
			if s, ok := requiredParams[name]; ok {
				if _, err := exec.LookPath("python3"); err != nil {
					t.Skip("python3 is not installed: the example bot is a Python script")
				}
				spec = s
			}
			a, err := New(spec, 1)
			if err != nil {
				t.Fatal(err)
			}
			defer Close(a)
			if _, err := a.Choose(context.Background(), &enginetest.PickState{N: 0}, 0); !errors.Is(err, ErrNoLegalAction) {
				t.Errorf("no legal action: got %v, want ErrNoLegalAction", err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			if _, err := a.Choose(ctx, &enginetest.PickState{N: 3}, 0); !errors.Is(err, context.Canceled) {
				t.Errorf("cancelled context: got %v, want context.Canceled", err)
			}
		})
	}
}

func TestRandomChooseAllocatesNothing(t *testing.T) {
	a := NewRandom(1)
	st := &enginetest.PickState{N: 1000} // more than the initial buffer: it must grow once, then stay
	ctx := context.Background()
	if _, err := a.Choose(ctx, st, st.ToMove()); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(200, func() { _, _ = a.Choose(ctx, st, st.ToMove()) }); n != 0 {
		t.Errorf("Choose allocates %.1f times per call in steady state, want 0", n)
	}
}

// TestRandomPlaysTwoByTwo checks the agent against a real ruleset: every
// action it picks is accepted.
func TestRandomPlaysTwoByTwo(t *testing.T) {
	st, err := twobytwo.Rules{}.NewGame("", engine.Options{TurnLimit: 3})
	if err != nil {
		t.Fatal(err)
	}
	ag := [2]Agent{NewRandom(1), NewRandom(2)}
	dice := engine.NewRandomDice(3)
	for steps := 0; !st.Terminal(); steps++ {
		if steps > 100000 {
			t.Fatal("game did not end")
		}
		if st.ToMove() == engine.Chance {
			d, _ := dice.Roll(st.PendingRoll())
			if err := st.ApplyDice(d); err != nil {
				t.Fatal(err)
			}
			continue
		}
		a, err := ag[st.ToMove()].Choose(context.Background(), st, st.ToMove())
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Apply(a); err != nil {
			t.Fatalf("random agent chose a refused action: %v", err)
		}
	}
}

// TestNewConcurrent builds agents from many goroutines, for the race
// detector: tournaments create agents in parallel.
func TestNewConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(seed uint64) {
			defer wg.Done()
			a, err := New("random", seed)
			if err != nil {
				t.Error(err)
				return
			}
			for k := 0; k < 100; k++ {
				if _, err := a.Choose(context.Background(), &enginetest.PickState{N: 10}, 0); err != nil {
					t.Error(err)
					return
				}
			}
		}(uint64(i))
	}
	wg.Wait()
}

func BenchmarkRandomChoose(b *testing.B) {
	agenttest.BenchDecisions(b, NewRandom(1), &enginetest.PickState{N: 200})
}
