// Package selfplay is the ruleset-independent driver of the seeded
// self-play games that a ruleset's evaluation is fitted and tested on:
// agents named by spec (a kit's doctrines, say), each mixed with uniformly
// random moves at a rate of its own, play a game of a ruleset on seeded
// dice, and a ruleset's sampler reads the positions along the way. A
// ruleset's own plan (which scenarios, agents and rates; which features)
// lives beside its kit, in agents/<ruleset>/selfplay.
//
// It sits in the agents layer, below tournaments: it plays a game with
// nothing but agents and engine (no records, no forfeits, no observers),
// so the packages that fit evaluations need nothing from above.
//
// Everything is a function of a game's seeds, so the same plan gives the
// same games and samples, bit for bit, on any number of workers; PlayAll
// returns results in game order. The loop is the one tournaments.PlayMatch
// runs (the same dice stream, views and sealed choices), so a game played
// here is the game a match with the same seeds plays.
package selfplay

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/sourcegraph/conc/pool"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
)

// MaxSteps bounds one game, as tournaments.MaxSteps bounds a match: a
// ruleset or agent that never ends a game is an error, not a hang.
const MaxSteps = 1_000_000

// Game is one planned game.
type Game struct {
	Index int
	// Scenario is the scenario played ("" the ruleset's default).
	Scenario string
	// Agents are the sides' agent specs (agents.New); Eps[s] is the
	// chance that side s plays a uniformly random legal action instead
	// (1: random play).
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

// Noise is one rate of uniformly random moves a planned side may play
// with (Game.Eps) and its share of the sides drawn.
type Noise struct{ Eps, Weight float64 }

// PlanRNG is game i's random stream in a plan drawn from seed: game i
// depends only on seed and i, so a plan's games are the same whatever n.
func PlanRNG(seed uint64, i int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, uint64(i)*0x9e3779b97f4a7c15+1))
}

// PickNoise draws one rate from levels by their weights (which sum to 1),
// taking one number of r.
func PickNoise(r *rand.Rand, levels []Noise) float64 {
	x := r.Float64()
	for _, l := range levels {
		if x < l.Weight {
			return l.Eps
		}
		x -= l.Weight
	}
	return 0
}

// Outcome is how a played game ended.
type Outcome struct {
	Result engine.Result
	// Turns is the game's last turn; Steps the steps played, dice rolls
	// included.
	Turns, Steps int
}

// Sampler reads the position st before step n (from 1, dice rolls
// counted) of a game in progress; Play calls it before every step whose
// number is a multiple of its every. st is the whole state, not a side's
// view, and is the game's own: a sampler copies what it keeps.
type Sampler func(n int, st engine.State)

// Play plays g on rs, calling sample (nil: none) before every step whose
// number is a multiple of every.
func Play(ctx context.Context, rs engine.Ruleset, g Game, every int, sample Sampler) (Outcome, error) {
	if every < 1 {
		return Outcome{}, fmt.Errorf("game %d: sample every %d steps: want 1 or more", g.Index, every)
	}
	var players [2]agents.Agent
	for s := range 2 {
		a, err := agents.New(g.Agents[s], g.AgentSeeds[s])
		if err != nil {
			return Outcome{}, fmt.Errorf("game %d: %w", g.Index, err)
		}
		players[s] = &mixed{name: g.Name(s), eps: g.Eps[s], agent: a,
			random: agents.NewRandom(g.AgentSeeds[s] ^ 0x5eed), rng: rand.New(rand.NewPCG(g.AgentSeeds[s], 77))}
	}
	out, err := playGame(ctx, rs, g.Scenario, players, g.DiceSeed, every, sample)
	if err != nil {
		return out, fmt.Errorf("game %d (%s, %s vs %s): %w", g.Index, scenarioName(g.Scenario), g.Name(0), g.Name(1), err)
	}
	return out, nil
}

func scenarioName(s string) string {
	if s == "" {
		return "default scenario"
	}
	return s
}

// playGame plays one game between players, the dice drawn from diceSeed.
func playGame(ctx context.Context, rs engine.Ruleset, scenario string, players [2]agents.Agent, diceSeed uint64, every int, sample Sampler) (Outcome, error) {
	st, err := rs.NewGame(scenario, engine.Options{})
	if err != nil {
		return Outcome{}, fmt.Errorf("new %s game: %w", rs.Name(), err)
	}
	dice := engine.NewRandomDice(diceSeed)
	var deciders []engine.Player
	n := 1
	finish := func() Outcome { return Outcome{Result: st.Result(), Turns: st.Turn(), Steps: n - 1} }
	for ; !st.Terminal(); n++ {
		if err := ctx.Err(); err != nil {
			return finish(), fmt.Errorf("stopped at step %d, turn %d: %w", n, st.Turn(), err)
		}
		if n > MaxSteps {
			return finish(), fmt.Errorf("the game did not end after %d steps (turn %d): a ruleset or agent is looping", MaxSteps, st.Turn())
		}
		p := st.ToMove()
		if p == engine.Both {
			// A sealed choice: the sides that owe one choose in turn, each
			// from its own view.
			if deciders = engine.Deciders(st, deciders[:0]); len(deciders) == 0 {
				return finish(), fmt.Errorf("step %d: both sides are to choose but neither owes a choice", n)
			}
			p = deciders[0]
		}
		if sample != nil && n%every == 0 {
			sample(n, st)
		}
		switch p {
		case engine.Chance:
			roll := st.PendingRoll()
			d, err := dice.Roll(roll)
			if err != nil {
				return finish(), fmt.Errorf("step %d: rolling %s: %w", n, roll, err)
			}
			if err := st.ApplyDice(d); err != nil {
				return finish(), fmt.Errorf("step %d: dice %v refused: %w", n, d.Values(), err)
			}
		case 0, 1:
			a, err := players[p].Choose(ctx, engine.ViewFor(st, p), p)
			if err != nil {
				return finish(), fmt.Errorf("step %d, turn %d: agent %s (%s): %w", n, st.Turn(), players[p].Name(), p, err)
			}
			if err := engine.Play(st, p, a); err != nil {
				return finish(), fmt.Errorf("step %d: agent %s (%s) chose a refused action: %w", n, players[p].Name(), p, err)
			}
		default:
			return finish(), fmt.Errorf("step %d: the game is not over but %s is to move", n, p)
		}
	}
	return finish(), nil
}

// PlayAll runs play for the games 0 to n-1 on workers goroutines (at
// least 1) and returns their results in game order, whatever the number
// of workers; the first error stops the rest.
func PlayAll[R any](ctx context.Context, n, workers int, play func(ctx context.Context, i int) (R, error)) ([]R, error) {
	out := make([]R, n)
	p := pool.New().WithErrors().WithContext(ctx).WithCancelOnError().WithFirstError().WithMaxGoroutines(max(workers, 1))
	for i := range n {
		p.Go(func(ctx context.Context) error {
			r, err := play(ctx, i)
			out[i] = r
			return err
		})
	}
	if err := p.Wait(); err != nil {
		return nil, err
	}
	return out, nil
}

// mixed plays a random legal action with probability eps, its agent's
// otherwise.
type mixed struct {
	name   string
	eps    float64
	agent  agents.Agent
	random agents.Agent
	rng    *rand.Rand
}

func (m *mixed) Name() string { return m.name }

func (m *mixed) Choose(ctx context.Context, st engine.State, side engine.Player) (engine.Action, error) {
	if m.eps > 0 && m.rng.Float64() < m.eps {
		return m.random.Choose(ctx, st, side)
	}
	return m.agent.Choose(ctx, st, side)
}
