// The self-play games: this file plays the seeded self-play games that 2 by 2's
// evaluation (evaluation/twobytwo) is fitted and tested on: built-in
// agents (greedy at several aggressions, mixed with random moves) on the
// built-in scenarios and on generated battlefields, with positions
// sampled along each game and labelled with its final outcome.
//
// The games are played by the generic driver, agents/selfplay; this
// file is 2 by 2's plan and features. Everything is a function of a
// seed and a game's index, so the same plan gives the same games and
// samples, bit for bit, on any number of workers; results come back in
// game order.

package twobytwo

import (
	"context"
	"fmt"

	"github.com/grognard/grognard/agents/selfplay"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/twobytwo"
	evaltwo "github.com/grognard/grognard/evaluation/twobytwo"

	_ "github.com/grognard/grognard/scenarios/twobytwo" // built-in scenario files and gen:<seed>
)

// Scenarios are the named scenarios games are drawn from; a share of the
// games (GeneratedShare) is played on generated battlefields instead.
var Scenarios = []string{"standard", "village", "river-line", "meeting"}

// GeneratedShare is the fraction of games on a generated battlefield
// "gen:<k>".
const GeneratedShare = 0.4

// Game is one planned game: its agents are greedy specs.
type Game = selfplay.Game

var greedySpecs = []string{"greedy", "greedy:aggression=0.2", "greedy:aggression=0.8"}

// epsilons and their weights: mostly greedy play, some noisy, some random.
var epsilons = []selfplay.Noise{{Eps: 0, Weight: 0.40}, {Eps: 0.1, Weight: 0.25}, {Eps: 0.3, Weight: 0.20}, {Eps: 1, Weight: 0.15}}

// Plan draws n games from seed: game i depends only on seed and i.
func Plan(n int, seed uint64) []Game {
	games := make([]Game, n)
	for i := range games {
		r := selfplay.PlanRNG(seed, i)
		g := Game{Index: i}
		if r.Float64() < GeneratedShare {
			g.Scenario = fmt.Sprintf("gen:%d", 1+r.IntN(1_000_000))
		} else {
			g.Scenario = Scenarios[r.IntN(len(Scenarios))]
		}
		for s := 0; s < 2; s++ {
			g.Agents[s] = greedySpecs[r.IntN(len(greedySpecs))]
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
	Turns   int
	Steps   int
	// Samples are both sides' views of every sampled position, side 0's
	// first.
	Samples []evaltwo.Sample
}

// Play plays g, sampling the position before every step whose number is
// a multiple of every (a game in progress only).
func Play(ctx context.Context, g Game, every int) (Result, error) {
	var views [][2]evaltwo.Features
	sample := func(_ int, e engine.State) {
		st, ok := e.(*twobytwo.State)
		if !ok || st.Terminal() {
			return
		}
		var v [2]evaltwo.Features
		evaltwo.Extract(st, 0, &v[0])
		evaltwo.Extract(st, 1, &v[1])
		views = append(views, v)
	}
	out, err := selfplay.Play(ctx, twobytwo.Rules{}, g, every, sample)
	if err != nil {
		return Result{}, err
	}
	res := Result{Game: g, Outcome: out.Result, Turns: out.Turns, Steps: out.Steps}
	res.Samples = make([]evaltwo.Sample, 0, 2*len(views))
	for _, v := range views {
		for s := 0; s < 2; s++ {
			res.Samples = append(res.Samples, evaltwo.Sample{F: v[s], Outcome: out.Result.Score(engine.Player(s))})
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
