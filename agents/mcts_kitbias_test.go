package agents

import (
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest"
	"github.com/grognard/grognard/engine/twobytwo"
)

// TestMCTSKitBiasPricesTheAttackersPin: the 2 by 2 kit's action bias
// (agents/twobytwo.PinBias) at its default weight: "if you are on the
// attack then you should avoid firing as your attack will stall". In the
// attacker's shooting phase, the attacking battalion's volley and the end
// of shooting have the same statistics in the tree (the volley first, so a
// tie would go to it); the search selects the end, the volley paying the
// pin. At weight 0 (kitbias=0, or pin=0, its deprecated name) the same
// tree selects the volley; at a weight too small to bridge the gap the
// test opens between the two children, the end still wins by the bias.
func TestMCTSKitBiasPricesTheAttackersPin(t *testing.T) {
	for _, tc := range []struct {
		spec string
		fire bool // the volley is selected, else the end
	}{
		{"mcts:iters=10", false},
		{"mcts:iters=10,kitbias=0", true},
		{"mcts:iters=10,pin=0", true},
		{"mcts:iters=10,pin=0.03", false},
		{"mcts:iters=10,kitbias=1e-9", false},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			w, root, fire, end := pinTree(t, tc.spec)
			want := end
			if tc.fire {
				want = fire
			}
			if got := w.selectChild(root); w.nodes[got].action != want {
				t.Errorf("selected %s, want %s", w.scratch.DescribeAction(w.nodes[got].action), w.scratch.DescribeAction(want))
			}
			// The hook is called in the tree's inner loop: a selection
			// with it allocates nothing (the race detector's do not count).
			if !enginetest.RaceEnabled {
				if n := testing.AllocsPerRun(100, func() { w.selectChild(root) }); n != 0 {
					t.Errorf("selectChild allocates %v times a call", n)
				}
			}
		})
	}
}

// pinTree is a worker of the agent spec builds, bound to 2 by 2, whose
// tree is a root with two children of the same statistics in the
// attacker's shooting phase: the attacking battalion's volley (first, so
// a tie goes to it) and the end of shooting.
func pinTree(tb testing.TB, spec string) (w *mctsWorker, root int32, fire, end engine.Action) {
	units := []twobytwo.UnitSpec{
		hUnit(0, "S-CHQ", twobytwo.CorpsHQ, -1, 4, 2, 0),
		hUnit(0, "Conscripts", twobytwo.LineInfantry, 0, 12, 12, 0),
		hUnit(1, "N-CHQ", twobytwo.CorpsHQ, -1, 20, 22, 180),
		hUnit(1, "Grenadiers", twobytwo.LineInfantry, 2, 12, 13.25, 180),
	}
	st := hPosition(tb, units, [2][]twobytwo.PointSpec{})
	us := hLabel(tb, st, "Grenadiers")
	if err := st.Apply(engine.Action{Kind: twobytwo.KindEnd}); err != nil {
		tb.Fatal(err)
	}
	dice := engine.NewRandomDice(3)
	for st.ToMove() == engine.Chance {
		d, _ := dice.Roll(st.PendingRoll())
		if err := st.ApplyDice(d); err != nil {
			tb.Fatal(err)
		}
	}
	if st.PhaseName() != "shooting" || st.ToMove() != 1 {
		tb.Fatalf("not at the attacker's shooting: %s, %v to move", st.PhaseName(), st.ToMove())
	}
	legal := st.Legal(nil)
	for _, a := range legal {
		switch {
		case a.Kind == twobytwo.KindFire && int(a.Unit) == us:
			fire = a
		case a.Kind == twobytwo.KindEnd:
			end = a
		}
	}
	if fire.Kind != twobytwo.KindFire || end.Kind != twobytwo.KindEnd {
		tb.Fatalf("the position offers no volley and end: %v", legal)
	}
	a, err := New(spec, 1)
	if err != nil {
		tb.Fatal(err)
	}
	m := a.(*MCTS)
	if err := m.bind(st); err != nil {
		tb.Fatal(err)
	}
	w = m.workers[0]
	w.scratch = st.Clone()
	w.buf = append(w.buf[:0], legal...)
	w.nodes = w.nodes[:0]
	root = w.newNode(engine.Action{}, engine.Chance)
	e := w.newNode(end, 1)
	f := w.newNode(fire, 1)
	w.nodes[root].first, w.nodes[f].sibling, w.nodes[e].sibling = f, e, -1
	w.nodes[root].visits = 20
	for _, k := range []int32{e, f} {
		w.nodes[k].visits, w.nodes[k].value, w.nodes[k].rank = 10, 1, 0
	}
	return w, root, fire, end
}

// TestMCTSKitBiasSpec: kitbias and its deprecated name pin are read alike,
// refused together or out of [0, 1], and an agent's name rebuilds it.
func TestMCTSKitBiasSpec(t *testing.T) {
	for _, tc := range []struct {
		spec, name, err string
	}{
		{spec: "mcts", name: "mcts"},
		{spec: "mcts:kitbias=0", name: "mcts:kitbias=0"},
		{spec: "mcts:pin=0", name: "mcts:kitbias=0"},
		{spec: "mcts:pin=0.03", name: "mcts:kitbias=0.03"},
		{spec: "mcts:kitbias=0.5", name: "mcts:kitbias=0.5"},
		{spec: "mcts:kitbias=0.1,pin=0.1", err: "deprecated name of kitbias"},
		{spec: "mcts:kitbias=2", err: "kitbias must be between 0 and 1"},
		{spec: "mcts:pin=-1", err: "kitbias must be between 0 and 1"},
		{spec: "mcts:kitbias=NaN", err: "kitbias must be between 0 and 1"},
		{spec: "mcts:kitbias=x", err: "not a number"},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			a, err := New(tc.spec, 1)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one saying %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if a.Name() != tc.name {
				t.Errorf("name %q, want %q", a.Name(), tc.name)
			}
			b, err := New(a.Name(), 1)
			if err != nil || b.Name() != a.Name() {
				t.Errorf("the name %q rebuilds %v, %v", a.Name(), b, err)
			}
		})
	}
}

// TestMCTSKitBiasBinding: bind takes the weight from the spec, else the
// kit's default, and leaves none where the kit has no hook.
func TestMCTSKitBiasBinding(t *testing.T) {
	st := hPosition(t, []twobytwo.UnitSpec{
		hUnit(0, "S-CHQ", twobytwo.CorpsHQ, -1, 4, 2, 0),
		hUnit(1, "N-CHQ", twobytwo.CorpsHQ, -1, 20, 22, 180),
	}, [2][]twobytwo.PointSpec{})
	for _, tc := range []struct {
		spec string
		want float64
	}{{"mcts", KitFor(twobytwo.Name).MCTS.KitBias}, {"mcts:kitbias=0.25", 0.25}, {"mcts:pin=0", 0}} {
		a, err := New(tc.spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		m := a.(*MCTS)
		if err := m.bind(st); err != nil {
			t.Fatal(err)
		}
		if m.kitBias != tc.want || m.actionBias == nil {
			t.Errorf("%s: weight %v (hook %v), want %v with the kit's hook", tc.spec, m.kitBias, m.actionBias != nil, tc.want)
		}
	}
	if w := KitFor(twobytwo.Name).MCTS.KitBias; w != 0.03 {
		t.Errorf("the 2 by 2 kit's default weight is %v, want 0.03 (what pin defaulted to)", w)
	}
}

// BenchmarkMCTSSelectKitBias times one selection between a volley that
// pins the attacker and the end of shooting, with the 2 by 2 kit's bias
// on (the default) and off: the price of the hook in the inner loop.
func BenchmarkMCTSSelectKitBias(b *testing.B) {
	for _, spec := range []string{"mcts:iters=10", "mcts:iters=10,kitbias=0"} {
		b.Run(spec, func(b *testing.B) {
			w, root, _, _ := pinTree(b, spec)
			b.ReportAllocs()
			for b.Loop() {
				w.selectChild(root)
			}
		})
	}
}
