package grand_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/agents/agenttest"
	ag "github.com/grognard/grognard/agents/grand"
	"github.com/grognard/grognard/engine"
)

// TestSearchMemoryIsBounded: on the posture points of grand battles, a
// search's memory does not grow with its budget. MCTS's tree at a sealed
// root is the root and each side's postures, however many iterations
// (the tree does not grow past a sealed point), and it chooses a legal
// posture with a node budget too small for them all; the portfolio holds
// nothing that grows with its playouts, so a large budget allocates no
// more than a small one; the equilibrium agent takes no budget (its
// look-ahead is at most MaxDepth rounds, each with its fixed scratch
// states, its matrices at most matrixgame.MaxDim a side) and, once its
// buffers have grown, chooses without allocating. (Depth 2 keeps the
// same buffers a level deeper; a choice there takes seconds, too long
// for a unit test.)
func TestSearchMemoryIsBounded(t *testing.T) {
	ctx := context.Background()
	sts := positions(t, 1)
	for _, c := range []struct {
		spec   string
		budget int
	}{{"mcts:nodes=8,iters=3000,stop=false", 8}, {"mcts:iters=3000,stop=false,workers=2,parallel=tree", agents.DefaultMaxNodes}} {
		t.Run(c.spec, func(t *testing.T) {
			filled := false
			for k, st := range sts {
				m := agenttest.MustAgent(t, agents.New, c.spec, uint64(k)).(*agents.MCTS)
				for _, side := range engine.Deciders(st, nil) {
					a, err := m.Choose(ctx, st.View(side), side)
					if err != nil {
						t.Fatal(err)
					}
					if err := engine.Play(st.Clone(), side, a); err != nil {
						t.Errorf("position %d: illegal posture %v: %v", k, a, err)
					}
					most := min(c.budget, 1+len(st.LegalFor(0, nil))+len(st.LegalFor(1, nil)))
					if n := m.Nodes(); n > most {
						t.Errorf("position %d: %d nodes, want at most %d", k, n, most)
					}
					// The sides' children are added in pairs: a tree one
					// short of its budget is as full as it gets.
					filled = filled || m.Nodes() >= c.budget-1
				}
			}
			if c.budget == 8 && !filled {
				t.Error("no tree filled: the test does not test the bound")
			}
		})
	}
	t.Run("portfolio", func(t *testing.T) {
		st := sts[0]
		var bytes [2]uint64
		for k, iters := range []int{40, 4000} {
			p := agenttest.MustAgent(t, agents.New, fmt.Sprintf("portfolio:iters=%d", iters), 1)
			if _, err := p.Choose(ctx, st.View(0), 0); err != nil { // buffers grown
				t.Fatal(err)
			}
			bytes[k] = agenttest.LeastAllocBytes(3, func() {
				if _, err := p.Choose(ctx, st.View(0), 0); err != nil {
					t.Fatal(err)
				}
			})
		}
		if bytes[1] > bytes[0]+4096 {
			t.Errorf("a portfolio choice with 4,000 playouts allocates %d bytes, with 40 %d: its memory grows with its budget", bytes[1], bytes[0])
		}
	})
	t.Run("equilibrium", func(t *testing.T) {
		e, err := ag.NewEquilibrium(1, 1)
		if err != nil {
			t.Fatal(err)
		}
		var views []engine.State
		for _, st := range sts {
			views = append(views, st.View(0))
			if _, err := e.Choose(ctx, views[len(views)-1], 0); err != nil {
				t.Fatal(err)
			}
		}
		if n := testing.AllocsPerRun(1, func() {
			for _, v := range views {
				if _, err := e.Choose(ctx, v, 0); err != nil {
					t.Fatal(err)
				}
			}
		}); n > 0 {
			t.Errorf("choices on %d positions allocate %v times", len(views), n)
		}
	})
}

// BenchmarkSearchMemory reports the memory MCTS and the portfolio hold
// after a decision at a grand posture point (held-B, peak-B, nodes,
// B/node: agenttest.BenchMemory) as the iterations grow: flat, a sealed
// root's tree being the root and the two sides' postures.
//
//	go test ./agents/grand/ -run XXX -bench SearchMemory
func BenchmarkSearchMemory(b *testing.B) {
	st := positions(b, 1)[0]
	for _, spec := range []string{"mcts:iters=1000,stop=false", "mcts:iters=16000,stop=false", "portfolio:iters=100", "portfolio:iters=1600"} {
		b.Run(spec, func(b *testing.B) {
			var nodes func(agents.Agent) int
			if spec[:4] == "mcts" {
				nodes = func(a agents.Agent) int { return a.(*agents.MCTS).Nodes() }
			}
			agenttest.BenchMemory(b, func() agents.Agent { return agenttest.MustAgent(b, agents.New, spec, 1) }, st, nodes)
		})
	}
}
