package agents

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest"
	"github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/internal/testenv"
)

// smallBudget makes a searching agent's spec cheap enough to call on
// thousands of states.
var smallBudget = map[string]string{"mcts": "mcts:iters=8,depth=8", "portfolio": "portfolio:iters=4,horizon=8"}

// TestEveryAgentOnRandomGameStates: every agent, shown states reached in
// random games (every 25th decision, set-up included), returns a legal
// action without error or panic and leaves the state as it found it. 50
// games by default; the 1,000 with
//
//	GROGNARD_LONG=1 go test -run TestEveryAgentOnRandomGameStates -v ./agents/
func TestEveryAgentOnRandomGameStates(t *testing.T) {
	// The 1,000 games are a measurement run by hand (docs/agents.md, long
	// checks), not a sweep CI plays in full: IsLong, not testenv.Pick, which
	// .ci/long-tests would find and run.
	games := 50
	if testenv.IsLong() {
		games = 1000
	}
	t.Logf("%d games; %s plays 1000", games, testenv.Command(t))
	if enginetest.RaceEnabled || testing.Short() {
		games = 5
	}
	var players []Agent
	for _, name := range Names() {
		if name == "external" {
			// An external bot plays one side of one game (its process is
			// told which); tournaments/external_test.go plays it.
			continue
		}
		spec := name
		if s, ok := smallBudget[name]; ok {
			spec = s
		}
		a, err := New(spec, 3)
		if err != nil {
			t.Fatal(err)
		}
		players = append(players, a)
	}
	ctx := context.Background()
	var buf []engine.Action
	checked := 0
	for g := range uint64(games) {
		st, err := twobytwo.NewGame(twobytwo.DefaultScenario, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(g, 21))
		dice := engine.NewRandomDice(g)
		for k := 0; !st.Terminal(); {
			if st.ToMove() == engine.Chance {
				d, _ := dice.Roll(st.PendingRoll())
				if err := st.ApplyDice(d); err != nil {
					t.Fatal(err)
				}
				continue
			}
			buf = st.Legal(buf[:0])
			if k%25 == 0 {
				for _, p := range players {
					checkChoice(t, p, ctx, st, buf, fmt.Sprintf("game %d decision %d", g, k))
				}
				checked++
			}
			k++
			if err := st.Apply(buf[rng.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d agents on %d states from %d random games", len(players), checked, games)
}

// checkChoice fails the test unless p chooses one of legal in st without
// changing st.
func checkChoice(t *testing.T, p Agent, ctx context.Context, st *twobytwo.State, legal []engine.Action, where string) {
	t.Helper()
	h := st.Hash()
	a, err := p.Choose(ctx, st, st.ToMove())
	if err != nil {
		t.Fatalf("%s: %s: %v", where, p.Name(), err)
	}
	if st.Hash() != h {
		t.Fatalf("%s: %s changed the state", where, p.Name())
	}
	for _, b := range legal {
		if a == b {
			return
		}
	}
	// A free-form move is legal too when Apply accepts it.
	if err := st.Clone().Apply(a); err != nil {
		t.Fatalf("%s: %s chose an illegal %s: %v", where, p.Name(), st.DescribeAction(a), err)
	}
}
