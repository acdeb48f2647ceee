package agents

import (
	"context"
	"fmt"
	"testing"

	"github.com/grognard/grognard/agents/agenttest"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest"
)

// TestMCTSSetUpMemoSearchesAlike: replaying a set-up node's memorised
// scoring (restrictSetUp) must give the very search that scoring every
// descent afresh gives: the same choice, and the same visits and values
// for every root candidate, over consecutive deployment decisions (the
// tree, and its memos, kept from one to the next), with one worker and
// with the shared tree play and hint use.
func TestMCTSSetUpMemoSearchesAlike(t *testing.T) {
	specs, seeds := []string{"mcts:iters=300", "mcts:iters=300,workers=2,parallel=tree,vloss=0"}, uint64(2)
	if enginetest.RaceEnabled {
		// Ten times slower under the race detector: the search with two
		// workers, on one seed, is what it has to watch.
		specs, seeds = specs[1:], 1
	}
	for _, spec := range specs {
		for seed := uint64(1); seed <= seeds; seed++ {
			t.Run(fmt.Sprintf("%s/seed%d", spec, seed), func(t *testing.T) {
				fast, slow := mustMCTS(t, spec, seed), mustMCTS(t, spec, seed)
				slow.cfg.noSetUpMemo = true
				st := positionAfter(t, seed, 0)
				if !st.SettingUp() {
					t.Fatal("the position is not in the set-up")
				}
				memos := 0
				for d := 0; d < 3 && st.SettingUp(); d++ {
					if st.ToMove() == engine.Chance {
						dice, _ := engine.NewRandomDice(seed).Roll(st.PendingRoll())
						if err := st.ApplyDice(dice); err != nil {
							t.Fatal(err)
						}
						continue
					}
					a, ea, err := fast.ChooseExplained(context.Background(), st.Clone(), st.ToMove())
					if err != nil {
						t.Fatal(err)
					}
					b, eb, err := slow.ChooseExplained(context.Background(), st.Clone(), st.ToMove())
					if err != nil {
						t.Fatal(err)
					}
					if a != b {
						t.Fatalf("decision %d: with the memo %s, without %s", d, st.DescribeAction(a), st.DescribeAction(b))
					}
					if len(ea.Candidates) != len(eb.Candidates) {
						t.Fatalf("decision %d: %d candidates with the memo, %d without", d, len(ea.Candidates), len(eb.Candidates))
					}
					for k := range ea.Candidates {
						ca, cb := ea.Candidates[k], eb.Candidates[k]
						if ca.Action != cb.Action || ca.Visits != cb.Visits || ca.Score != cb.Score {
							t.Fatalf("decision %d, candidate %d: %s %d visits %v with the memo, %s %d visits %v without",
								d, k, ca.Text, ca.Visits, ca.Score, cb.Text, cb.Visits, cb.Score)
						}
					}
					memos += len(fast.workers[0].setUps)
					if len(slow.workers[0].setUps) != 0 {
						t.Fatal("the search without the memo memorised")
					}
					if err := st.Apply(a); err != nil {
						t.Fatal(err)
					}
				}
				if memos == 0 {
					t.Error("no set-up node was memorised: the test compared nothing")
				}
			})
		}
	}
}

// BenchmarkMCTSSetUp times the play and hint default's first deployment
// decision on the standard scenario (the tree afresh each time), where
// every descent passes set-up nodes.
func BenchmarkMCTSSetUp(b *testing.B) {
	st := positionAfter(b, 1, 0)
	for _, memo := range []bool{true, false} {
		b.Run(fmt.Sprintf("memo=%v", memo), func(b *testing.B) {
			m := mustMCTS(b, "mcts:reuse=false,stop=false,iters=1600,workers=2,parallel=tree,vloss=0", 1)
			m.cfg.noSetUpMemo = !memo
			agenttest.BenchDecisions(b, m, st)
		})
	}
}
