package tournaments

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/twobytwo"
	_ "github.com/grognard/grognard/scenarios/twobytwo" // the built-in scenarios
)

// updateGolden rewrites testdata/golden-twobytwo.txt from the current code:
// go test ./tournaments/ -run TestGoldenGames -update-golden
var updateGolden = flag.Bool("update-golden", false, "rewrite the pinned golden games from the current code")

// goldenGames are seeded 2 by 2 games between the built-in agents, pinned
// so that a change of play (a rule, a doctrine, the search, the dice) shows
// up in review as a changed line of testdata/golden-twobytwo.txt. They were
// pinned before the ruleset-independence refactor of issue 54, which must
// leave every one of them unchanged.
var goldenGames = []struct {
	scenario string
	agents   [2]string
	dice     uint64
}{
	{"standard", [2]string{"random", "random"}, 1},
	{"village", [2]string{"random", "random"}, 2},
	{"standard", [2]string{"heuristic:doctrine=assault", "heuristic:doctrine=fireline"}, 3},
	{"meeting", [2]string{"heuristic:doctrine=reserve", "greedy"}, 4},
	{"river-line", [2]string{"heuristic:doctrine=fireline", "heuristic:doctrine=assault"}, 5},
	{"village", [2]string{"greedy:aggression=0.8", "heuristic:doctrine=reserve"}, 6},
	{"two-divisions", [2]string{"heuristic:doctrine=assault", "greedy"}, 7},
	{"standard", [2]string{"mcts:iters=12,workers=1", "heuristic:doctrine=assault"}, 8},
	{"meeting", [2]string{"heuristic:doctrine=fireline", "mcts:iters=12,workers=1,reuse=false,dice=nodes"}, 9},
	{"standard", [2]string{"portfolio:iters=24,playouts=1,horizon=10", "greedy"}, 10},
	{"village", [2]string{"heuristic:doctrine=assault", "mcts:iters=40"}, 11},
}

// goldenLine plays one golden game and describes it: the steps, the turn
// reached, the result and an FNV-1a chain of the state's hash after every
// step (what the game was, independent of how records are written).
func goldenLine(t *testing.T, i int) string {
	g := goldenGames[i]
	var rs engine.Ruleset = twobytwo.Rules{}
	var players [2]agents.Agent
	for s, spec := range g.agents {
		a, err := agents.New(spec, engine.SplitMixNth(g.dice, uint64(s)+1))
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		players[s] = a
	}
	chain := fnv.New64a()
	var buf [8]byte
	rec, err := PlayMatch(context.Background(), rs, g.scenario, engine.Options{}, players, g.dice, nil)
	if err != nil {
		t.Fatalf("game %d: %v", i, err)
	}
	// Replay to chain the state hashes: the record is the game.
	st, err := rs.NewGame(g.scenario, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for n, step := range rec.Steps {
		if step.Dice != nil {
			err = st.ApplyDice(*step.Dice)
		} else {
			err = st.Apply(*step.Action)
		}
		if err != nil {
			t.Fatalf("game %d: replaying step %d: %v", i, n+1, err)
		}
		h := st.Hash()
		for k := range buf {
			buf[k] = byte(h >> (8 * k))
		}
		chain.Write(buf[:])
	}
	return fmt.Sprintf("%d %s %s %s dice=%d steps=%d turns=%d winner=%d reason=%q chain=%016x",
		i, g.scenario, g.agents[0], g.agents[1], g.dice, len(rec.Steps), rec.Turns, rec.Result.Winner, rec.Result.Reason, chain.Sum64())
}

// TestGoldenGames: the seeded golden games play exactly as pinned.
func TestGoldenGames(t *testing.T) {
	if testing.Short() && !*updateGolden {
		t.Skip("plays ten whole games; skipped with -short")
	}
	path := filepath.Join("testdata", "golden-twobytwo.txt")
	got := make([]string, len(goldenGames))
	// Under the race detector the games are as without it, ten times
	// slower: two of them show that the race-built binary plays alike.
	n := len(goldenGames)
	if raceEnabled && !*updateGolden {
		n = 2
	}
	// The games are independent (each agent and the dice are seeded by
	// the game alone), so they are played on all cores; the group waits
	// for its parallel subtests before the lines are compared.
	t.Run("play", func(t *testing.T) {
		for i := range n {
			t.Run(fmt.Sprint(i), func(t *testing.T) {
				t.Parallel()
				got[i] = goldenLine(t, i)
			})
		}
	})
	if t.Failed() {
		return
	}
	if *updateGolden {
		text := "# Golden 2 by 2 games (tournaments/golden_test.go); rewrite with -update-golden\n" + strings.Join(got, "\n") + "\n"
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var want []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			want = append(want, line)
		}
	}
	if len(want) != len(got) {
		t.Fatalf("%s pins %d games, the test plays %d", path, len(want), len(got))
	}
	for i := range n {
		if got[i] != want[i] {
			t.Errorf("golden game %d changed:\n got  %s\n want %s", i, got[i], want[i])
		}
	}
}
