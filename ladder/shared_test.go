package ladder_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest/toy"
	"github.com/grognard/grognard/internal/pgtest"
	"github.com/grognard/grognard/ladder"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// slowMove is how long the toy kit's slow agent thinks: long enough for
// a game to be killed in the middle, short enough for a test.
const slowMove = 15 * time.Millisecond

func init() {
	// The toy ruleset's kit, for these tests alone: "toy-slow" plays as
	// the random agent with its seed, after a pause, so that the same
	// seeds give the same game and a worker can be caught mid-game.
	agents.RegisterKit(agents.Kit{Ruleset: toy.Name, Agents: []agents.AgentKind{{
		Info: agents.Info{Name: "toy-slow", Description: "the random agent, thinking 15 ms a move"},
		Make: func(_ map[string]string, seed uint64) (agents.Agent, error) {
			return slowAgent{agents.NewRandom(seed)}, nil
		},
	}}})
}

// slowAgent is a random agent that takes its time.
type slowAgent struct{ r *agents.Random }

func (a slowAgent) Name() string { return "toy-slow" }

func (a slowAgent) Choose(ctx context.Context, st engine.State, side engine.Player) (engine.Action, error) {
	select {
	case <-ctx.Done():
		return engine.Action{}, ctx.Err()
	case <-time.After(slowMove):
	}
	return a.r.Choose(ctx, st, side)
}

// openAt is a ladder at db with a toy pool and the given entrants (name
// and spec, alternately).
func openAt(t *testing.T, db string, entrants ...string) *ladder.Ladder {
	t.Helper()
	ctx := context.Background()
	l, err := ladder.Open(ctx, db, 7)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.AddPool(ctx, toy.Name, "duel"); err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(entrants); i += 2 {
		if _, err := l.AddEntrant(ctx, ladder.Entrant{Name: entrants[i], Spec: entrants[i+1], Author: "tests"}); err != nil {
			t.Fatal(err)
		}
	}
	return l
}

// sameGames fails unless two ladders stored the same games (pair, seat,
// sides, result, steps) and the same leaderboard.
func sameGames(t *testing.T, want, got *ladder.Ladder) {
	t.Helper()
	ctx := context.Background()
	key := func(l *ladder.Ladder) (map[[2]int64]ladder.Game, string) {
		games, err := l.Games(ctx)
		if err != nil {
			t.Fatal(err)
		}
		m := map[[2]int64]ladder.Game{}
		for _, g := range games {
			g.ID, g.Played = 0, 0
			m[[2]int64{g.Pair, int64(g.Seat)}] = g
		}
		board, err := l.Leaderboard(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, s := range board {
			s.Entrant.Added = 0
			fmt.Fprintf(&b, "%+v %+v %+v\n", s.Entrant, s.Rating, s.Record)
		}
		return m, b.String()
	}
	wg, wb := key(want)
	gg, gb := key(got)
	if len(wg) != len(gg) {
		t.Fatalf("%d games stored, the local run stored %d", len(gg), len(wg))
	}
	for k, w := range wg {
		if g, ok := gg[k]; !ok || g != w {
			t.Fatalf("pair %d seat %d: %+v, the local run's %+v", k[0], k[1], g, w)
		}
	}
	if wb != gb {
		t.Fatalf("leaderboard\n%s\nthe local run's\n%s", gb, wb)
	}
}

// TestSharedLadderPlaysAsALocalOne: a ladder on PostgreSQL, its games
// played by workers in the coordinator's process, stores the games and
// the table a local SQLite run of as many games does.
func TestSharedLadderPlaysAsALocalOne(t *testing.T) {
	entrants := []string{"a", "random", "b", "random", "c", "random", "d", "random"}
	local := openAt(t, filepath.Join(t.TempDir(), "l.db"), entrants...)
	defer local.Close()
	ctx := context.Background()
	if _, err := local.Run(ctx, ladder.RunOptions{Games: 24}); err != nil {
		t.Fatal(err)
	}
	shared := openAt(t, pgtest.URL(t), entrants...)
	defer shared.Close()
	if !shared.Shared() {
		t.Fatal("a ladder on PostgreSQL is not shared")
	}
	n, err := shared.Run(ctx, ladder.RunOptions{Games: 24, Workers: 3, Queue: 6, Poll: 10 * time.Millisecond,
		Work: ladder.WorkOptions{Name: "here", Poll: 10 * time.Millisecond}})
	if err != nil || n != 24 {
		t.Fatalf("shared run: %d games, %v", n, err)
	}
	checkGames(t, shared)
	sameGames(t, local, shared)
}
