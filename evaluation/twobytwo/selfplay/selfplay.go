// Package selfplay plays the seeded self-play games that evaluation's
// models are fitted and tested on: built-in agents (greedy at several
// aggressions, mixed with random moves) on the built-in scenarios and on
// generated battlefields, with positions sampled along each game and
// labelled with its final outcome.
//
// Everything is a function of a seed and a game's index, so the same
// plan gives the same games and samples, bit for bit, on any number of
// workers; results come back in game order.
package selfplay

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/sourcegraph/conc/pool"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/twobytwo"
	evaltwo "github.com/grognard/grognard/evaluation/twobytwo"
	"github.com/grognard/grognard/tournaments"

	_ "github.com/grognard/grognard/agents/twobytwo"    // the greedy agents the games are played by
	_ "github.com/grognard/grognard/scenarios/twobytwo" // built-in scenario files and gen:<seed>
)

// Scenarios are the named scenarios games are drawn from; a share of the
// games (GeneratedShare) is played on generated battlefields instead.
var Scenarios = []string{"standard", "village", "river-line", "meeting"}

// GeneratedShare is the fraction of games on a generated battlefield
// "gen:<k>".
const GeneratedShare = 0.4

// Game is one planned game.
type Game struct {
	Index    int
	Scenario string
	// Agents are greedy specs; Eps[s] is the chance that side s plays a
	// uniformly random legal action instead of the greedy one.
	Agents     [2]string
	Eps        [2]float64
	AgentSeeds [2]uint64
	DiceSeed   uint64
}

// Name describes side s's player.
func (g *Game) Name(s int) string {
	switch g.Eps[s] {
	case 0:
		return g.Agents[s]
	case 1:
		return "random"
	}
	return fmt.Sprintf("%s+random(%g)", g.Agents[s], g.Eps[s])
}

var greedySpecs = []string{"greedy", "greedy:aggression=0.2", "greedy:aggression=0.8"}

// epsilons and their weights: mostly greedy play, some noisy, some random.
var epsilons = []struct{ eps, weight float64 }{{0, 0.40}, {0.1, 0.25}, {0.3, 0.20}, {1, 0.15}}

// Plan draws n games from seed: game i depends only on seed and i.
func Plan(n int, seed uint64) []Game {
	games := make([]Game, n)
	for i := range games {
		r := rand.New(rand.NewPCG(seed, uint64(i)*0x9e3779b97f4a7c15+1))
		g := Game{Index: i}
		if r.Float64() < GeneratedShare {
			g.Scenario = fmt.Sprintf("gen:%d", 1+r.IntN(1_000_000))
		} else {
			g.Scenario = Scenarios[r.IntN(len(Scenarios))]
		}
		for s := 0; s < 2; s++ {
			g.Agents[s] = greedySpecs[r.IntN(len(greedySpecs))]
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
	Turns   int
	Steps   int
	// Samples are both sides' views of every sampled position, side 0's
	// first.
	Samples []evaltwo.Sample
}

// Play plays g, sampling the position before every step whose number is
// a multiple of every (a game in progress only).
func Play(ctx context.Context, g Game, every int) (Result, error) {
	var players [2]agents.Agent
	for s := 0; s < 2; s++ {
		gr, err := agents.New(g.Agents[s], g.AgentSeeds[s])
		if err != nil {
			return Result{}, err
		}
		players[s] = &mixed{name: g.Name(s), eps: g.Eps[s], greedy: gr,
			random: agents.NewRandom(g.AgentSeeds[s] ^ 0x5eed), rng: rand.New(rand.NewPCG(g.AgentSeeds[s], 77))}
	}
	type view struct{ f [2]evaltwo.Features }
	var views []view
	obs := func(e tournaments.Event) error {
		if e.Final || e.N%every != 0 {
			return nil
		}
		st, ok := e.State.(*twobytwo.State)
		if !ok || st.Terminal() {
			return nil
		}
		var v view
		evaltwo.Extract(st, 0, &v.f[0])
		evaltwo.Extract(st, 1, &v.f[1])
		views = append(views, v)
		return nil
	}
	rec, err := tournaments.PlayMatch(ctx, twobytwo.Rules{}, g.Scenario, engine.Options{}, players, g.DiceSeed, obs)
	if err != nil {
		return Result{}, fmt.Errorf("game %d (%s, %s vs %s): %w", g.Index, g.Scenario, g.Name(0), g.Name(1), err)
	}
	res := Result{Game: g, Outcome: rec.Result, Turns: rec.Turns, Steps: len(rec.Steps)}
	res.Samples = make([]evaltwo.Sample, 0, 2*len(views))
	for _, v := range views {
		for s := 0; s < 2; s++ {
			res.Samples = append(res.Samples, evaltwo.Sample{F: v.f[s], Outcome: rec.Result.Score(engine.Player(s))})
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

// mixed plays a random legal action with probability eps, the greedy
// agent's otherwise.
type mixed struct {
	name   string
	eps    float64
	greedy agents.Agent
	random agents.Agent
	rng    *rand.Rand
}

func (m *mixed) Name() string { return m.name }

func (m *mixed) Choose(ctx context.Context, st engine.State, side engine.Player) (engine.Action, error) {
	if m.eps > 0 && m.rng.Float64() < m.eps {
		return m.random.Choose(ctx, st, side)
	}
	return m.greedy.Choose(ctx, st, side)
}
