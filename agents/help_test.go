package agents

import (
	"context"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
)

// toyBiasKit is a kit whose only piece is an action bias: on the toy race
// (toyState), adding 3 is favoured. It shows the hook is the kit's, not 2
// by 2's: MCTS weighs it, and the help writes its weight and its words.
func toyBiasKit() {
	if KitFor("toy-bias") != nil { // registered once per test binary (-count)
		return
	}
	RegisterKit(Kit{
		Ruleset:   "toy-bias",
		MCTS:      MCTSDefaults{Prior: NoPrior, Playout: RandomScript, Eval: NoEvaluation, KitBias: 0.5},
		Portfolio: PortfolioDefaults{Scripts: []string{RandomScript}, Enemy: RandomScript, Eval: NoEvaluation},
		ActionBias: func(_ engine.State, a *engine.Action) float64 {
			if a.Unit == 3 {
				return 1
			}
			return 0
		},
		ActionBiasDoc: "adding 3 is favoured",
	})
}

// TestKitActionBiasIsGeneric: a toy kit's action bias steers the
// selection between two children with the same statistics, at its
// default weight and at a spec's; at weight 0 the tie goes to the first
// child. A whole game with the hook plays.
func TestKitActionBiasIsGeneric(t *testing.T) {
	toyBiasKit()
	st := &toyState{rules: "toy-bias"}
	one, three := engine.Action{Kind: 1, Unit: 1}, engine.Action{Kind: 1, Unit: 3}
	for _, tc := range []struct {
		spec string
		want engine.Action
	}{
		{"mcts:iters=10", three},
		{"mcts:iters=10,kitbias=0.01", three},
		{"mcts:iters=10,kitbias=0", one},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			m := mustAgent(t, tc.spec, 1).(*MCTS)
			if err := m.bind(st); err != nil {
				t.Fatal(err)
			}
			w := m.workers[0]
			w.scratch = st.Clone()
			w.buf = st.Legal(w.buf[:0])
			w.nodes = w.nodes[:0]
			root := w.newNode(engine.Action{}, engine.Chance)
			a := w.newNode(one, 0)
			b := w.newNode(three, 0)
			w.nodes[root].first, w.nodes[a].sibling, w.nodes[b].sibling = a, b, -1
			w.nodes[root].visits = 20
			for _, k := range []int32{a, b} {
				w.nodes[k].visits, w.nodes[k].value = 10, 1
			}
			if got := w.selectChild(root); w.nodes[got].action != tc.want {
				t.Errorf("selected %s, want %s", st.DescribeAction(w.nodes[got].action), st.DescribeAction(tc.want))
			}
		})
	}
	if r := playToy(t, "toy-bias", "mcts:iters=30"); !r.Over {
		t.Errorf("the game did not end: %v", r)
	}
}

// TestListForWritesTheKitsDefaults: the help of mcts and portfolio on a
// ruleset quotes that ruleset's kit (its scripts, evaluations, defaults
// and action bias), never another's; a ruleset without a kit gets the
// generic pieces and is told to name them. List quotes no kit.
func TestListForWritesTheKitsDefaults(t *testing.T) {
	toyBiasKit()
	if KitFor("toy-partial") == nil {
		RegisterKit(Kit{
			Ruleset: "toy-partial",
			Scripts: []ScriptKind{{Name: "first", Doc: "the first legal action", New: func(uint64) (Script, error) { return firstScript{}, nil }}},
			MCTS:    MCTSDefaults{Prior: "first", Playout: "first"},
		})
	}
	type want struct {
		kind, param, def string
		doc              []string // the doc holds each
		notDoc           []string // and none of these
	}
	for _, tc := range []struct {
		ruleset string
		wants   []want
		kinds   []string // kinds listed
		absent  []string // kinds not listed
	}{
		{ruleset: "twobytwo", kinds: []string{"greedy", "heuristic", "mcts", "portfolio", "random", "external"}, wants: []want{
			{kind: "mcts", param: "playout", def: "greedy", doc: []string{"assault", "fireline", "reserve"}},
			{kind: "mcts", param: "prior", def: "assault", doc: []string{"none"}},
			{kind: "mcts", param: "eval", def: "default", doc: []string{"material"}},
			{kind: "mcts", param: "kitbias", def: "0.03", doc: []string{"pin"}},
			{kind: "mcts", param: "pin", def: "0.03", doc: []string{"deprecated", "kitbias"}},
			{kind: "mcts", param: "propose", def: "false", doc: []string{"assault, fireline, reserve, greedy"}},
			{kind: "portfolio", param: "scripts", def: "assault+fireline+reserve+greedy"},
			{kind: "portfolio", param: "enemy", def: "assault"},
		}},
		{ruleset: "toy-bias", kinds: []string{"mcts"}, absent: []string{"greedy", "heuristic"}, wants: []want{
			{kind: "mcts", param: "playout", def: "random", notDoc: []string{"greedy", "fireline"}},
			{kind: "mcts", param: "prior", def: "none"},
			{kind: "mcts", param: "kitbias", def: "0.5", doc: []string{"adding 3 is favoured"}, notDoc: []string{"pin it costs"}},
		}},
		{ruleset: "toy-partial", wants: []want{
			{kind: "mcts", param: "playout", def: "first", doc: []string{"random, first"}},
			{kind: "mcts", param: "eval", def: "none", doc: []string{"no default: name one"}},
			{kind: "mcts", param: "kitbias", def: "0", doc: []string{"no action bias"}},
			{kind: "portfolio", param: "scripts", def: "none", doc: []string{"no default"}},
		}},
		{ruleset: "no-kit-here", kinds: []string{"mcts", "portfolio", "random", "external"}, absent: []string{"greedy", "heuristic"}, wants: []want{
			{kind: "mcts", param: "playout", def: "none", doc: []string{"scripts: random)", "name one"}, notDoc: []string{"greedy", "assault"}},
			{kind: "mcts", param: "eval", def: "none", notDoc: []string{"material", "fitted"}},
			{kind: "mcts", param: "pin", def: "0", doc: []string{"deprecated"}},
			{kind: "portfolio", param: "enemy", def: "none", notDoc: []string{"assault"}},
		}},
	} {
		t.Run(tc.ruleset, func(t *testing.T) {
			for _, k := range tc.kinds {
				if _, ok := InfoFor(k, tc.ruleset); !ok {
					t.Errorf("%s is not listed", k)
				}
			}
			for _, k := range tc.absent {
				if _, ok := InfoFor(k, tc.ruleset); ok {
					t.Errorf("%s is listed", k)
				}
			}
			for _, w := range tc.wants {
				in, ok := InfoFor(w.kind, tc.ruleset)
				if !ok {
					t.Fatalf("%s is not listed", w.kind)
				}
				var p *Param
				for i := range in.Params {
					if in.Params[i].Name == w.param {
						p = &in.Params[i]
					}
				}
				if p == nil {
					t.Fatalf("%s has no %s", w.kind, w.param)
				}
				if p.Default != w.def {
					t.Errorf("%s %s: default %q, want %q", w.kind, w.param, p.Default, w.def)
				}
				for _, s := range w.doc {
					if !strings.Contains(p.Doc, s) {
						t.Errorf("%s %s: %q does not say %q", w.kind, w.param, p.Doc, s)
					}
				}
				for _, s := range w.notDoc {
					if strings.Contains(p.Doc, s) {
						t.Errorf("%s %s: %q says %q", w.kind, w.param, p.Doc, s)
					}
				}
			}
		})
	}
	// The generic list quotes no ruleset's kit, and ListFor did not
	// change it (the kinds' tables are shared).
	for _, in := range List() {
		if in.Ruleset != "" {
			continue
		}
		for _, p := range in.Params {
			for _, s := range []string{"2 by 2", "greedy", "fireline", "0.03"} {
				if strings.Contains(p.Doc, s) || strings.Contains(p.Default, s) {
					t.Errorf("List: %s %s (default %q): %q quotes a kit (%q)", in.Name, p.Name, p.Default, p.Doc, s)
				}
			}
		}
	}
}

// TestListForAgentsPlay: every kind ListFor offers a ruleset with a kit
// builds from its name alone and plays a decision of it.
func TestListForAgentsPlay(t *testing.T) {
	toyBiasKit()
	for _, in := range ListFor("toy-bias") {
		if in.Name == "external" {
			continue // needs a program
		}
		spec := in.Name
		if in.Name != "random" {
			spec += ":iters=10"
		}
		if _, err := mustAgent(t, spec, 1).Choose(context.Background(), &toyState{rules: "toy-bias"}, 0); err != nil {
			t.Errorf("%s: %v", spec, err)
		}
	}
}
