package drums

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/drums"
	"github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/tournaments"
)

// newGame is a fresh game of the default scenario.
func newGame(t testing.TB) *drums.State {
	t.Helper()
	st, err := drums.NewGame("", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// advance plays st on with random choices and dice for n decisions (or
// to its end), so tests see a position in the battle.
func advance(t testing.TB, st *drums.State, n int, seed uint64) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	dice := engine.NewRandomDice(seed)
	var buf []engine.Action
	for k := 0; k < n && !st.Terminal(); {
		if st.ToMove() == engine.Chance {
			if err := st.ApplyDice(engine.RollWith(&dice.PCG, st.PendingRoll())); err != nil {
				t.Fatal(err)
			}
			continue
		}
		buf = st.Legal(buf[:0])
		if err := st.Apply(buf[rng.IntN(len(buf))]); err != nil {
			t.Fatal(err)
		}
		k++
	}
}

func TestKitRegistered(t *testing.T) {
	k := agents.KitFor(drums.Name)
	if k == nil {
		t.Fatal("no drums kit registered")
	}
	for _, tc := range []struct{ name, spec string }{
		{"assault one-move agent", "drums-assault"},
		{"line one-move agent", "drums-line"},
		{"mcts with the kit's defaults", "mcts:iters=20"},
		{"portfolio with the kit's defaults", "portfolio:iters=20"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := agents.New(tc.spec, 1)
			if err != nil {
				t.Fatal(err)
			}
			st := newGame(t)
			advance(t, st, 40, 3) // into the first turn's activations
			if st.Terminal() || st.ToMove() == engine.Chance {
				t.Fatalf("position not at a decision: %s", st.Summary())
			}
			before := st.Hash()
			act, err := a.Choose(context.Background(), st, st.ToMove())
			if err != nil {
				t.Fatal(err)
			}
			if st.Hash() != before {
				t.Error("Choose changed the state")
			}
			c := st.Clone()
			if err := c.Apply(act); err != nil {
				t.Errorf("chose an illegal action %s: %v", st.DescribeAction(act), err)
			}
		})
	}
}

func TestDoctrineAgentsRefuseOtherRulesets(t *testing.T) {
	a, err := NewAgent(Assault, 1)
	if err != nil {
		t.Fatal(err)
	}
	st, err := twobytwo.Rules{}.NewGame("", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Choose(context.Background(), st, st.ToMove()); !errors.Is(err, agents.ErrWrongRuleset) {
		t.Errorf("drums-assault on a 2 by 2 state: %v, want agents.ErrWrongRuleset", err)
	}
}

func TestUnitOf(t *testing.T) {
	for _, tc := range []struct {
		name string
		acts []engine.Action
		want int
	}{
		{"no actions", nil, -1},
		{"activation choice is the side's", []engine.Action{{Kind: drums.KActivate, Unit: 3}}, -1},
		{"declared orders are the unit's", []engine.Action{{Kind: drums.KAdvance, Unit: 5}, {Kind: drums.KPass, Unit: 5}}, 5},
		{"a square's orders start with a turn", []engine.Action{{Kind: drums.KTurn, Unit: 2}}, 2},
		{"a general's move is the side's", []engine.Action{{Kind: drums.KGeneralMove, Unit: 1}, {Kind: drums.KPass, Unit: 1, Target: 1}}, -1},
		{"a general's pass is the side's", []engine.Action{{Kind: drums.KPass, Unit: 1, Target: 1}}, -1},
		{"evade is the side's", []engine.Action{{Kind: drums.KEvade, Arg: 1}}, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := UnitOf(tc.acts); got != tc.want {
				t.Errorf("UnitOf = %d, want %d", got, tc.want)
			}
		})
	}
}

// playPair plays doctrine d against random twice on one dice seed, sides
// swapped, and returns the doctrine's score (0 to 2), its decisions and
// its thinking time.
func playPair(t testing.TB, d Doctrine, k uint64) (score float64, decisions int, think time.Duration) {
	t.Helper()
	for side := range 2 {
		a, err := NewAgent(d, 1000+k)
		if err != nil {
			t.Fatal(err)
		}
		tm := &timed{Agent: a}
		players := [2]agents.Agent{tm, agents.NewRandom(2000 + k)}
		if side == 1 {
			players[0], players[1] = players[1], players[0]
		}
		rec, err := tournaments.PlayMatch(context.Background(), drums.Rules{}, "", engine.Options{}, players, 5000+k, nil)
		if err != nil {
			t.Fatal(err)
		}
		score += rec.Result.Score(engine.Player(side))
		decisions += tm.n
		think += tm.d
	}
	return score, decisions, think
}

// timed counts an agent's decisions and time.
type timed struct {
	agents.Agent
	n int
	d time.Duration
}

func (m *timed) Choose(ctx context.Context, st engine.State, side engine.Player) (engine.Action, error) {
	start := time.Now()
	a, err := m.Agent.Choose(ctx, st, side)
	m.d += time.Since(start)
	m.n++
	return a, err
}

// TestDoctrinesBeatRandom plays each doctrine against random in paired
// games (sides swapped, the same dice) and wants it to score well over
// half.
func TestDoctrinesBeatRandom(t *testing.T) {
	pairs := uint64(10)
	if testing.Short() {
		pairs = 4
	}
	if v, err := strconv.Atoi(os.Getenv("GROGNARD_PAIRS")); err == nil && v > 0 {
		pairs = uint64(v) // GROGNARD_PAIRS=20 measures over 40 games
	}
	for d := range numDoctrines {
		t.Run(d.String(), func(t *testing.T) {
			var score float64
			var decisions int
			var think time.Duration
			for k := range pairs {
				s, n, th := playPair(t, d, k)
				score += s
				decisions += n
				think += th
			}
			rate := score / float64(2*pairs)
			t.Logf("%s vs random over %d paired games: score %.1f%%; %d decisions, %v each", d.AgentName(), 2*pairs, 100*rate, decisions, think/time.Duration(max(decisions, 1)))
			if rate < 0.7 {
				t.Errorf("%s scored %.1f%% against random, want at least 70%%", d.AgentName(), 100*rate)
			}
		})
	}
}

// TestDoctrineGameIsFast: a doctrine-vs-doctrine battle takes well under a
// second.
func TestDoctrineGameIsFast(t *testing.T) {
	a, _ := NewAgent(Assault, 1)
	l, _ := NewAgent(Line, 2)
	start := time.Now()
	rec, err := tournaments.PlayMatch(context.Background(), drums.Rules{}, "", engine.Options{}, [2]agents.Agent{a, l}, 9, nil)
	if err != nil {
		t.Fatal(err)
	}
	el := time.Since(start)
	t.Logf("assault vs line: %s, %d steps in %v", rec.Result, len(rec.Steps), el)
	if el > 500*time.Millisecond {
		t.Errorf("a doctrine game took %v, want under half a second", el)
	}
}

// TestPickAllocatesNothing checks the steady state on the positions of
// played games: once warm, a doctrine's choice allocates nothing.
func TestPickAllocatesNothing(t *testing.T) {
	for d := range numDoctrines {
		t.Run(d.String(), func(t *testing.T) {
			sc, _ := NewScript(d, 1)
			ag, _ := NewAgent(d, 1)
			ctx := context.Background()
			var buf []engine.Action
			checked := 0
			// Games until 30 positions are checked (a short battle has fewer).
			for game := uint64(0); game < 5 && checked < 30; game++ {
				st := newGame(t)
				dice := engine.NewRandomDice(4 + game)
				for step := 0; !st.Terminal() && step < 3000; step++ {
					if st.ToMove() == engine.Chance {
						if err := st.ApplyDice(engine.RollWith(&dice.PCG, st.PendingRoll())); err != nil {
							t.Fatal(err)
						}
						continue
					}
					buf = st.Legal(buf[:0])
					if step%5 == 0 && len(buf) > 1 {
						if n := testing.AllocsPerRun(3, func() { sc.Pick(st, buf) }); n != 0 {
							t.Fatalf("Pick allocated %v times at %s (%s)", n, st.PhaseName(), st.DescribeAction(buf[0]))
						}
						if n := testing.AllocsPerRun(3, func() { _, _ = ag.Choose(ctx, st, st.ToMove()) }); n != 0 {
							t.Fatalf("Choose allocated %v times at %s (%s)", n, st.PhaseName(), st.DescribeAction(buf[0]))
						}
						checked++
					}
					if err := st.Apply(buf[sc.Pick(st, buf)]); err != nil {
						t.Fatal(err)
					}
				}
			}
			if checked < 30 {
				t.Errorf("only %d positions checked", checked)
			}
		})
	}
}

// BenchmarkPick is a doctrine's choice over the positions of a game
// (every decision with a choice, cycled).
func BenchmarkPick(b *testing.B) {
	type pos struct {
		st   *drums.State
		acts []engine.Action
	}
	var ps []pos
	st := newGame(b)
	rng := rand.New(rand.NewPCG(5, 1))
	dice := engine.NewRandomDice(5)
	for !st.Terminal() {
		if st.ToMove() == engine.Chance {
			_ = st.ApplyDice(engine.RollWith(&dice.PCG, st.PendingRoll()))
			continue
		}
		acts := st.Legal(nil)
		if len(acts) > 1 {
			ps = append(ps, pos{st.Clone().(*drums.State), acts})
		}
		_ = st.Apply(acts[rng.IntN(len(acts))])
	}
	for d := range numDoctrines {
		b.Run(d.String(), func(b *testing.B) {
			sc, _ := NewScript(d, 1)
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				p := &ps[i%len(ps)]
				sc.Pick(p.st, p.acts)
			}
		})
	}
}
