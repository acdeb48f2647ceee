package agents

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestPortfolioLegalDeterministicExplained: on varied positions the choice
// is legal and the same for the same seed and iteration budget, the
// budget is kept, and the explanation names the scripts.
func TestPortfolioLegalDeterministicExplained(t *testing.T) {
	for _, spec := range []string{"portfolio:iters=12", "portfolio:calls=2000,horizon=20"} {
		for k, st := range searchPositions(t) {
			a1, e1 := chooseTwice(t, spec, k, st)
			playouts := DefaultPortfolioConfig().Playouts
			if strings.Contains(spec, "iters=12") && e1.Iterations > 12+playouts {
				t.Errorf("%s: %d playouts, budget 12 (one assignment's %d playouts may finish)", spec, e1.Iterations, playouts)
			}
			if strings.Contains(spec, "calls=") && e1.Calls > 2000+int64(playouts)*20*2 {
				t.Errorf("%s: %d calls", spec, e1.Calls)
			}
			if e1.Chosen.Action != a1 || len(e1.Candidates) != 3 || !strings.Contains(e1.Note, "assault, fireline, reserve against assault") {
				t.Errorf("%s position %d: explanation %s", spec, k, e1)
			}
			if _, err := json.Marshal(e1); err != nil {
				t.Errorf("explanation JSON: %v", err)
			}
		}
	}
}

// TestPortfolioPlaysWholeGames: whole games end with legal choices, the
// same seeds giving the same game.
func TestPortfolioPlaysWholeGames(t *testing.T) {
	if raceEnabled {
		t.Skip("slow under -race")
	}
	g1 := playGame(t, [2]Agent{mustAgent(t, "portfolio:iters=6,horizon=10", 4), mustGreedy(t, "greedy", 5)}, 6)
	g2 := playGame(t, [2]Agent{mustAgent(t, "portfolio:iters=6,horizon=10", 4), mustGreedy(t, "greedy", 5)}, 6)
	if g1.result != g2.result {
		t.Errorf("same seeds, different games: %v and %v", g1.result, g2.result)
	}
}

func mustAgent(t testing.TB, spec string, seed uint64) Agent {
	t.Helper()
	a, err := New(spec, seed)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
