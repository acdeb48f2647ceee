package drums

import (
	"testing"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/agents/agenttest"
)

// BenchmarkMCTSTreeMemory reports the memory an MCTS search holds after
// a decision on a Drums battle (held-B, peak-B, nodes and B/node:
// agenttest.BenchMemory) as the iterations grow past a node budget of
// 4,096: flat once the tree is full; and the bytes a node of a larger
// tree, whose fixed costs (the scratch states, the scripts) weigh less.
//
//	go test ./agents/drums/ -run XXX -bench TreeMemory
func BenchmarkMCTSTreeMemory(b *testing.B) {
	st := newGame(b)
	advance(b, st, 40, 3)
	for _, spec := range []string{
		"mcts:nodes=4096,iters=2000,depth=0,stop=false",
		"mcts:nodes=4096,iters=8000,depth=0,stop=false",
		"mcts:nodes=4096,iters=32000,depth=0,stop=false",
		"mcts:nodes=16384,iters=32000,depth=0,stop=false",
	} {
		b.Run(spec, func(b *testing.B) {
			agenttest.BenchMemory(b, func() *agents.MCTS { return agenttest.MustAgent(b, agents.New, spec, 1).(*agents.MCTS) }, st, (*agents.MCTS).Nodes)
		})
	}
}
