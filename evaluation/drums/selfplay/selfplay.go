// Package selfplay plays the seeded self-play games the Drums and Muskets
// evaluation is fitted and tested on: the kit's doctrines (drums-assault,
// drums-line) mixed with random moves, and random play, with positions
// sampled along each game and labelled with its final outcome.
//
// Everything is a function of a seed and a game's index, so the same plan
// gives the same games and samples, bit for bit, on any number of
// workers; results come back in game order.
package selfplay

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/sourcegraph/conc/pool"

	"github.com/grognard/grognard/agents"
	kit "github.com/grognard/grognard/agents/drums"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/drums"
	evaldrums "github.com/grognard/grognard/evaluation/drums"
	"github.com/grognard/grognard/tournaments"
)

// Game is one planned game.
type Game struct {
	Index int
	// Doctrine[s] is side s's doctrine; Eps[s] the chance it plays a
	// uniformly random legal action instead (1: random play).
	Doctrine   [2]kit.Doctrine
	Eps        [2]float64
	AgentSeeds [2]uint64
	DiceSeed   uint64
}

// Name describes side s's player.
func (g *Game) Name(s int) string {
	switch g.Eps[s] {
	case 0:
		return g.Doctrine[s].AgentName()
	case 1:
		return "random"
	}
	return fmt.Sprintf("%s+random(%g)", g.Doctrine[s].AgentName(), g.Eps[s])
}

// epsilons and their weights: mostly doctrine play, some noisy, some
// random.
var epsilons = []struct{ eps, weight float64 }{{0, 0.35}, {0.1, 0.25}, {0.3, 0.20}, {1, 0.20}}

// Plan draws n games from seed: game i depends only on seed and i.
func Plan(n int, seed uint64) []Game {
	games := make([]Game, n)
	for i := range games {
		r := rand.New(rand.NewPCG(seed, uint64(i)*0x9e3779b97f4a7c15+1))
		g := Game{Index: i}
		for s := range 2 {
			g.Doctrine[s] = kit.Doctrine(r.IntN(2))
			x := r.Float64()
			for _, e := range epsilons {
				if x < e.weight {
					g.Eps[s] = e.eps
					break
				}
				x -= e.weight
			}
			g.AgentSeeds[s] = r.Uint64()
		}
		g.DiceSeed = r.Uint64()
		games[i] = g
	}
	return games
}

// Result is a played game and the samples taken from it.
type Result struct {
	Game    Game
	Outcome engine.Result
	Steps   int
	// Samples are both sides' views of every sampled position, side 0's
	// first.
	Samples []evaldrums.Sample
}

// Play plays g on the default scenario, sampling the position before
// every step whose number is a multiple of every (a game in progress).
func Play(ctx context.Context, g Game, every int) (Result, error) {
	var players [2]agents.Agent
	for s := range 2 {
		d, err := kit.NewAgent(g.Doctrine[s], g.AgentSeeds[s])
		if err != nil {
			return Result{}, err
		}
		players[s] = &mixed{name: g.Name(s), eps: g.Eps[s], doctrine: d,
			random: agents.NewRandom(g.AgentSeeds[s] ^ 0x5eed), rng: rand.New(rand.NewPCG(g.AgentSeeds[s], 77))}
	}
	var views [][2]evaldrums.Features
	obs := func(e tournaments.Event) error {
		if e.Final || e.N%every != 0 {
			return nil
		}
		st, ok := e.State.(*drums.State)
		if !ok || st.Terminal() || st.Turn() == 0 {
			return nil
		}
		var v [2]evaldrums.Features
		evaldrums.Extract(st, 0, &v[0])
		evaldrums.Extract(st, 1, &v[1])
		views = append(views, v)
		return nil
	}
	rec, err := tournaments.PlayMatch(ctx, drums.Rules{}, "", engine.Options{}, players, g.DiceSeed, obs)
	if err != nil {
		return Result{}, fmt.Errorf("game %d (%s vs %s): %w", g.Index, g.Name(0), g.Name(1), err)
	}
	res := Result{Game: g, Outcome: rec.Result, Steps: len(rec.Steps)}
	res.Samples = make([]evaldrums.Sample, 0, 2*len(views))
	for _, v := range views {
		for s := range 2 {
			res.Samples = append(res.Samples, evaldrums.Sample{F: v[s], Outcome: rec.Result.Score(engine.Player(s))})
		}
	}
	return res, nil
}

// PlayAll plays games on workers goroutines (at least 1) and returns
// their results in the order of games, whatever the number of workers.
func PlayAll(ctx context.Context, games []Game, every, workers int) ([]Result, error) {
	out := make([]Result, len(games))
	p := pool.New().WithErrors().WithContext(ctx).WithCancelOnError().WithFirstError().WithMaxGoroutines(max(workers, 1))
	for i := range games {
		p.Go(func(ctx context.Context) error {
			r, err := Play(ctx, games[i], every)
			out[i] = r
			return err
		})
	}
	if err := p.Wait(); err != nil {
		return nil, err
	}
	return out, nil
}

// Split pools the samples of results: every fifth game (index 4, 9, ...)
// held out, the rest to fit on.
func Split(results []Result) (train, held []evaldrums.Sample) {
	for _, r := range results {
		if r.Game.Index%5 == 4 {
			held = append(held, r.Samples...)
		} else {
			train = append(train, r.Samples...)
		}
	}
	return train, held
}

// mixed plays a random legal action with probability eps, the doctrine's
// otherwise.
type mixed struct {
	name     string
	eps      float64
	doctrine agents.Agent
	random   agents.Agent
	rng      *rand.Rand
}

func (m *mixed) Name() string { return m.name }

func (m *mixed) Choose(ctx context.Context, st engine.State, side engine.Player) (engine.Action, error) {
	if m.eps > 0 && m.rng.Float64() < m.eps {
		return m.random.Choose(ctx, st, side)
	}
	return m.doctrine.Choose(ctx, st, side)
}
