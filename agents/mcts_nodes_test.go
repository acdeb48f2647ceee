package agents

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/grognard/grognard/agents/agenttest"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest/toy"
)

// checkNodes fails the test when m's trees hold more nodes than its
// budget, or keep storage for more (the storage is the memory).
func checkNodes(t *testing.T, m *MCTS, budget int, where string) {
	t.Helper()
	held, storage := 0, 0
	for _, wk := range m.treeWorkers() {
		held += len(wk.nodes)
		storage += cap(wk.nodes)
	}
	if held != m.Nodes() {
		t.Errorf("%s: Nodes() = %d, the trees hold %d", where, m.Nodes(), held)
	}
	if held > budget || storage > budget {
		t.Errorf("%s: %s holds %d nodes in storage for %d, over its budget of %d", where, m.Name(), held, storage, budget)
	}
}

// TestMCTSNodeBudget: with a node budget far below its iteration budget
// a search holds at most the budget's nodes (its trees fill and stop
// growing, but the search goes on), and still chooses legally and
// sensibly: the sure win at a race's total of 4 (add 2: from 6 the other
// side cannot reach 10 first), the dominant sealed pick; on
// 2 by 2 (the set-up, whose nodes keep a memo, the opening and a crowded
// position) a legal order. Every way of growing trees is tried: one tree,
// a tree a worker (the budget split between them), one shared tree,
// chance nodes. A sealed root's tree holds the root and each side's
// choices only (the tree does not grow past a sealed point), which the
// smallest budget holds; the whole games of TestMCTSNodeBudgetWholeGames
// meet sealed points in full trees.
func TestMCTSNodeBudget(t *testing.T) {
	const generic = "prior=none,playout=random,eval=none,iters=20000,stop=false"
	add2 := func(a engine.Action) bool { return a.Unit == 2 }
	pick3 := func(a engine.Action) bool { return a.Arg == 3 }
	race := func(testing.TB) engine.State { return &toyState{rules: "toy", total: 4} }
	high := func(testing.TB) engine.State { return &highPick{} }
	setUp := func(t testing.TB) engine.State { return positionAfter(t, 1, 0) }
	opening := func(t testing.TB) engine.State { return openingPosition(t, 3) }
	crowded := func(t testing.TB) engine.State { return crowdedPosition(t) }
	for _, c := range []struct {
		spec   string
		budget int
		st     func(testing.TB) engine.State
		want   func(engine.Action) bool // nil: any legal action
		// roomy: the whole tree fits in the budget, which it cannot fill
		roomy bool
	}{
		{"mcts:nodes=16," + generic, 16, race, add2, false},
		{"mcts:nodes=32,workers=2," + generic, 32, race, add2, false},
		{"mcts:nodes=16,workers=2,parallel=tree," + generic, 16, race, add2, false},
		{"mcts:nodes=16,dice=nodes," + generic, 16, race, add2, false},
		{"mcts:nodes=8," + generic, 8, high, pick3, true},
		{"mcts:nodes=16,workers=2," + generic, 16, high, pick3, true},
		{"mcts:nodes=64,iters=600,stop=false", 64, setUp, nil, false},
		{"mcts:nodes=64,iters=3000,depth=0,stop=false", 64, opening, nil, false},
		{"mcts:nodes=64,iters=3000,depth=0,stop=false,workers=2", 64, crowded, nil, false},
		{"mcts:nodes=64,iters=3000,depth=0,stop=false,workers=2,parallel=tree,vloss=0", 64, crowded, nil, false},
		{"mcts:nodes=64,iters=3000,depth=0,stop=false,dice=nodes", 64, crowded, nil, false},
	} {
		st := c.st(t)
		t.Run(fmt.Sprintf("%s/%s", st.Ruleset(), c.spec), func(t *testing.T) {
			m := mustAgent(t, c.spec, 5).(*MCTS)
			side := engine.Deciders(st, nil)[0]
			h := st.Hash()
			a, e, err := m.ChooseExplained(context.Background(), st, side)
			if err != nil {
				t.Fatal(err)
			}
			if st.Hash() != h {
				t.Fatal("the search changed the state")
			}
			checkNodes(t, m, c.budget, "after the search")
			if !m.full() && !c.roomy {
				t.Errorf("the trees never filled (%d nodes of %d): the test does not test the bound", m.Nodes(), c.budget)
			}
			if e.Iterations < 500 {
				t.Errorf("%d iterations: the search stopped when its tree filled", e.Iterations)
			}
			if err := engine.Play(st.Clone(), side, a); err != nil {
				t.Errorf("illegal choice %s: %v", st.DescribeAction(a), err)
			}
			if c.want != nil && !c.want(a) {
				t.Errorf("chose %s:\n%s", st.DescribeAction(a), e)
			}
		})
	}
}

// nodeChecked is an MCTS agent whose node count is checked after every
// decision of a game.
type nodeChecked struct {
	*MCTS
	t      *testing.T
	budget int
	filled *int // decisions after which a tree was full
}

func (c nodeChecked) Choose(ctx context.Context, st engine.State, side engine.Player) (engine.Action, error) {
	a, err := c.MCTS.Choose(ctx, st, side)
	checkNodes(c.t, c.MCTS, c.budget, "after a decision")
	if c.MCTS.full() {
		*c.filled++
	}
	return a, err
}

// TestMCTSNodeBudgetWholeGames: whole toy games (sealed postures each
// turn, pools of dice) with a tiny node budget and trees kept from one
// decision to the next: every decision legal (playToyGame checks), the
// trees never over the budget, and full at decisions, so that the sealed
// points of a full tree are met.
func TestMCTSNodeBudgetWholeGames(t *testing.T) {
	for _, spec := range []string{
		"mcts:nodes=16,iters=400,prior=none,playout=random,eval=none",
		"mcts:nodes=16,iters=400,workers=2,prior=none,playout=random,eval=none",
		"mcts:nodes=16,iters=400,workers=2,parallel=tree,prior=none,playout=random,eval=none",
		"mcts:nodes=16,iters=400,dice=nodes,prior=none,playout=random,eval=none",
	} {
		t.Run(spec, func(t *testing.T) {
			filled := 0
			players := [2]Agent{nodeChecked{mustAgent(t, spec, 1).(*MCTS), t, 16, &filled}, nodeChecked{mustAgent(t, spec, 2).(*MCTS), t, 16, &filled}}
			if sealed := playToyGame(t, players, 3); sealed == 0 {
				t.Error("the game had no sealed choice")
			}
			if filled == 0 {
				t.Error("no tree ever filled: the test does not test the bound")
			}
		})
	}
}

// TestMCTSNodeBudgetDeterministic: a full tree is searched on the same
// way for the same seed: the same choice and the same visits, on one
// tree, a tree a worker and one shared tree.
func TestMCTSNodeBudgetDeterministic(t *testing.T) {
	st := crowdedPosition(t)
	for _, spec := range []string{
		"mcts:nodes=64,iters=1500,depth=2",
		"mcts:nodes=64,iters=1500,depth=2,workers=2",
		"mcts:nodes=64,iters=1500,depth=2,workers=2,parallel=tree",
	} {
		var runs [2]*Explanation
		for k := range runs {
			m := mustAgent(t, spec, 9).(*MCTS)
			_, e, err := m.ChooseExplained(context.Background(), st, st.ToMove())
			if err != nil {
				t.Fatal(err)
			}
			if !m.full() {
				t.Fatalf("%s: the tree did not fill", spec)
			}
			runs[k] = e
		}
		if runs[0].Chosen.Action != runs[1].Chosen.Action || !slices.EqualFunc(runs[0].Candidates, runs[1].Candidates, func(a, b Candidate) bool {
			return a.Action == b.Action && a.Visits == b.Visits && a.Score == b.Score
		}) {
			t.Errorf("%s: two searches with the same seed differ:\n%s\n%s", spec, runs[0], runs[1])
		}
	}
}

// TestMCTSNodesSpec: nodes= is a whole number; one above the hard
// maximum is taken as the maximum (so the name says what is used), and
// one too small for the trees is refused.
func TestMCTSNodesSpec(t *testing.T) {
	max := fmt.Sprint(MaxMaxNodes)
	for _, c := range []struct {
		spec, name string
		wantErr    []string
	}{
		{"mcts:nodes=5000", "mcts:nodes=5000", nil},
		{"mcts:nodes=" + fmt.Sprint(DefaultMaxNodes), "mcts", nil},
		{"mcts:nodes=99999999999999999999999", "mcts:nodes=" + max, nil},
		{"mcts:nodes=" + fmt.Sprint(MaxMaxNodes+1), "mcts:nodes=" + max, nil},
		{"mcts:nodes=16,workers=2", "mcts:workers=2,nodes=16", nil},
		{"mcts:nodes=0", "", []string{"nodes", "positive whole number"}},
		{"mcts:nodes=-3", "", []string{"nodes", "positive whole number"}},
		{"mcts:nodes=lots", "", []string{"nodes", "positive whole number"}},
		{"mcts:nodes=7", "", []string{"nodes must be at least 8"}},
		{"mcts:nodes=20,workers=4", "", []string{"at least 32 for 4 tree(s)"}},
	} {
		t.Run(c.spec, func(t *testing.T) { agenttest.CheckSpec(t, New, c.spec, c.name, c.wantErr) })
	}
}

// TestMCTSCompactKeepsTheSubtree: the subtree kept for the next decision
// is moved to the front of the storage node for node, in its order, with
// its statistics, and the rest is freed.
func TestMCTSCompactKeepsTheSubtree(t *testing.T) {
	st := openingPosition(t, 3)
	m := mustMCTS(t, "mcts:iters=400,depth=2", 2)
	if _, err := m.Choose(context.Background(), st, st.ToMove()); err != nil {
		t.Fatal(err)
	}
	w := m.workers[0]
	// The subtree of the root's second child, read in depth-first order
	// with each node's children in their order.
	r := w.nodes[w.nodes[w.root].first].sibling
	if r < 0 {
		t.Fatal("the root has one child")
	}
	type row struct {
		action          engine.Action
		visits, depth   int32
		value, sq       float64
		player          engine.Player
		rank, nchildren int32
	}
	var walk func(n, depth int32, out []row) []row
	walk = func(n, depth int32, out []row) []row {
		nd := w.nodes[n]
		kids := int32(0)
		for c := nd.first; c >= 0; c = w.nodes[c].sibling {
			kids++
		}
		out = append(out, row{nd.action, nd.visits, depth, nd.value, nd.sq, nd.player, nd.rank, kids})
		for c := nd.first; c >= 0; c = w.nodes[c].sibling {
			out = walk(c, depth+1, out)
		}
		return out
	}
	want := walk(r, 0, nil)
	if len(want) < 3 {
		t.Fatalf("a subtree of %d nodes: too small to test", len(want))
	}
	w.compact(r)
	if got := walk(0, 0, nil); !slices.Equal(got, want) {
		t.Errorf("the compacted subtree differs:\n got %v\nwant %v", got, want)
	}
	if len(w.nodes) != len(want) || w.nodes[0].sibling != -1 {
		t.Errorf("%d nodes kept of a subtree of %d; the new root's sibling %d", len(w.nodes), len(want), w.nodes[0].sibling)
	}
	for i, nd := range w.nodes {
		if nd.first >= 0 && nd.first <= int32(i) {
			t.Fatalf("node %d's first child %d is not above it", i, nd.first)
		}
	}
}

// BenchmarkMCTSTreeMemory reports the heap a search holds (held-B), its
// peak (peak-B), its nodes and the bytes a node, for the play and hint
// default on 2 by 2 at growing iteration budgets with a node budget of
// 4,096 and with the default one; and for the toy ruleset's sealed and
// dice-pool states. With the budget, held-B stays flat once the tree is
// full however the iterations grow; without it, it grew with them.
//
//	go test ./agents/ -run XXX -bench TreeMemory -benchmem
func BenchmarkMCTSTreeMemory(b *testing.B) {
	twoByTwo := crowdedPosition(b)
	rs := toy.Rules{}
	toySt, err := rs.NewGame(rs.Scenarios()[0], engine.Options{})
	if err != nil {
		b.Fatal(err)
	}
	// The first activation, past the postures: the tree grows through
	// the turn's activations and dice, up to the next turn's postures.
	dice := engine.NewRandomDice(1)
	for toySt.ToMove() == engine.Chance || toySt.ToMove() == engine.Both {
		if toySt.ToMove() == engine.Both {
			for _, p := range engine.Deciders(toySt, nil) {
				if err := engine.Play(toySt, p, engine.LegalFor(toySt, p, nil)[0]); err != nil {
					b.Fatal(err)
				}
			}
			continue
		}
		d, _ := dice.Roll(toySt.PendingRoll())
		if err := toySt.ApplyDice(d); err != nil {
			b.Fatal(err)
		}
	}
	for _, c := range []struct {
		name string
		st   engine.State
		spec string
	}{
		{"2x2/nodes=4096/iters=2000", twoByTwo, "mcts:nodes=4096,iters=2000,depth=0,stop=false"},
		{"2x2/nodes=4096/iters=8000", twoByTwo, "mcts:nodes=4096,iters=8000,depth=0,stop=false"},
		{"2x2/nodes=4096/iters=32000", twoByTwo, "mcts:nodes=4096,iters=32000,depth=0,stop=false"},
		{"2x2/nodes=4096/iters=32000/tree", twoByTwo, "mcts:nodes=4096,iters=32000,depth=0,stop=false,workers=2,parallel=tree"},
		{"2x2/nodes=default/iters=8000", twoByTwo, "mcts:iters=8000,depth=0,stop=false"},
		{"2x2/nodes=default/iters=32000", twoByTwo, "mcts:iters=32000,depth=0,stop=false"},
		{"2x2/nodes=16384/iters=32000", twoByTwo, "mcts:nodes=16384,iters=32000,depth=0,stop=false"},
		{"toy/nodes=16384/iters=32000", toySt, "mcts:nodes=16384,iters=32000,depth=0,stop=false,prior=none,playout=random,eval=none"},
	} {
		b.Run(c.name, func(b *testing.B) {
			agenttest.BenchMemory(b, func() *MCTS {
				m := mustAgent(b, c.spec, 1).(*MCTS)
				return m
			}, c.st, (*MCTS).Nodes)
		})
	}
}
