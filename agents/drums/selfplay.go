// The self-play games: this file plays the seeded self-play games the Drums and Muskets
// evaluation (evaluation/drums) is fitted and tested on: the kit's
// doctrines (drums-assault, drums-line) mixed with random moves, and
// random play, with positions sampled along each game and labelled with
// its final outcome.
//
// The games are played by the generic driver, agents/selfplay; this
// file is Drums and Muskets' plan and features. Everything is a
// function of a seed and a game's index, so the same plan gives the same
// games and samples, bit for bit, on any number of workers; results come
// back in game order.

package drums

import (
	"context"

	"github.com/grognard/grognard/agents/selfplay"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/drums"
	evaldrums "github.com/grognard/grognard/evaluation/drums"
)

// Game is one planned game, on the default scenario: its agents are the
// kit's doctrines by their agent names (Doctrine.AgentName).
type Game = selfplay.Game

// epsilons and their weights: mostly doctrine play, some noisy, some
// random.
var epsilons = []selfplay.Noise{{Eps: 0, Weight: 0.35}, {Eps: 0.1, Weight: 0.25}, {Eps: 0.3, Weight: 0.20}, {Eps: 1, Weight: 0.20}}

// Plan draws n games from seed: game i depends only on seed and i.
func Plan(n int, seed uint64) []Game {
	games := make([]Game, n)
	for i := range games {
		r := selfplay.PlanRNG(seed, i)
		g := Game{Index: i}
		for s := range 2 {
			g.Agents[s] = Doctrine(r.IntN(2)).AgentName()
			g.Eps[s] = selfplay.PickNoise(r, epsilons)
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
// every step whose number is a multiple of every (a game in progress,
// past the deployment).
func Play(ctx context.Context, g Game, every int) (Result, error) {
	var views [][2]evaldrums.Features
	sample := func(_ int, e engine.State) {
		st, ok := e.(*drums.State)
		if !ok || st.Terminal() || st.Turn() == 0 {
			return
		}
		var v [2]evaldrums.Features
		evaldrums.Extract(st, 0, &v[0])
		evaldrums.Extract(st, 1, &v[1])
		views = append(views, v)
	}
	out, err := selfplay.Play(ctx, drums.Rules{}, g, every, sample)
	if err != nil {
		return Result{}, err
	}
	res := Result{Game: g, Outcome: out.Result, Steps: out.Steps}
	res.Samples = make([]evaldrums.Sample, 0, 2*len(views))
	for _, v := range views {
		for s := range 2 {
			res.Samples = append(res.Samples, evaldrums.Sample{F: v[s], Outcome: out.Result.Score(engine.Player(s))})
		}
	}
	return res, nil
}

// PlayAll plays games on workers goroutines (at least 1) and returns
// their results in the order of games, whatever the number of workers.
func PlayAll(ctx context.Context, games []Game, every, workers int) ([]Result, error) {
	return selfplay.PlayAll(ctx, len(games), workers, func(ctx context.Context, i int) (Result, error) {
		return Play(ctx, games[i], every)
	})
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
