package tournaments

import (
	"context"
	"errors"
	"fmt"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
)

// MaxSteps bounds one game. A ruleset or agent bug that never ends a game
// then shows up as an error naming the turn, instead of a hung tournament.
// The standard 2 by 2 battle takes a few thousand steps.
const MaxSteps = 1_000_000

// Event is one step of a match as an observer sees it.
type Event struct {
	// N counts steps from 1; on the final event it is the total.
	N int
	// State is the position before the step is played, or the finished
	// position on the final event. It is the match's own state: read it
	// during the call, never keep or change it.
	State engine.State
	// Step is what is about to be played, with its text. It is the zero
	// Step on the final event.
	Step engine.Step
	// Final is set on the one event sent after the game has ended.
	Final bool
	// Result is the game's result on the final event: the position's, or
	// a forfeit (which the position does not show).
	Result engine.Result
}

// Observer watches a match step by step, for example to print the battle
// as it is fought. Returning an error stops the match with that error, so
// a failed write (a closed pipe) ends the game instead of going on blind.
type Observer func(Event) error

// PlayMatch plays one game of scenario under rs between players[0] (side
// 0) and players[1] (side 1), with dice drawn from a generator seeded with
// diceSeed, and returns its record. The record names the agents, the dice
// seed, the result and the turns reached; AgentSeeds is left to the caller,
// who built the agents. obs may be nil.
//
// An agent that fails with an *agents.ForfeitError (an external bot that
// crashed, hung, timed out, wrote garbage or chose an illegal action)
// loses the game: the record ends there with the other side the winner and
// the reason, and no error. On cancellation, any other agent error, an
// illegal action or more than MaxSteps steps, PlayMatch returns the record
// so far together with the error, so the caller can see where the game
// stopped.
func PlayMatch(ctx context.Context, rs engine.Ruleset, scenario string, opts engine.Options, players [2]agents.Agent, diceSeed uint64, obs Observer) (*engine.Record, error) {
	return playMatch(ctx, rs, scenario, opts, players, diceSeed, obs, MaxSteps)
}

// playMatch is PlayMatch with the step cap as a parameter, so tests can
// reach it without playing a million steps.
func playMatch(ctx context.Context, rs engine.Ruleset, scenario string, opts engine.Options, players [2]agents.Agent, diceSeed uint64, obs Observer, maxSteps int) (*engine.Record, error) {
	for i, p := range players {
		if p == nil {
			return nil, fmt.Errorf("play match: no agent for side %d", i)
		}
	}
	st, err := rs.NewGame(scenario, opts)
	if err != nil {
		return nil, fmt.Errorf("play match: new %s game: %w", rs.Name(), err)
	}
	rec, err := engine.NewRecord(rs, scenario, opts)
	if err != nil {
		return nil, fmt.Errorf("play match: %w", err)
	}
	rec.DiceSeed = diceSeed
	rec.Agents = [2]string{players[0].Name(), players[1].Name()}
	dice := engine.NewRandomDice(diceSeed)
	var deciders []engine.Player

	for n := 1; !st.Terminal(); n++ {
		if err := ctx.Err(); err != nil {
			return finish(rec, st), fmt.Errorf("match stopped at step %d, turn %d: %w", n, st.Turn(), err)
		}
		if n > maxSteps {
			return finish(rec, st), fmt.Errorf("match did not end after %d steps (turn %d): a ruleset or agent is looping", maxSteps, st.Turn())
		}
		p := st.ToMove()
		if p == engine.Both {
			// A sealed choice: the sides that owe one choose in turn, each
			// from its own view, which hides what the other committed.
			if deciders = engine.Deciders(st, deciders[:0]); len(deciders) == 0 {
				return finish(rec, st), fmt.Errorf("step %d: both sides are to choose but neither owes a choice", n)
			}
			p = deciders[0]
		}
		var step engine.Step
		switch p {
		case engine.Chance:
			roll := st.PendingRoll()
			d, err := dice.Roll(roll)
			if err != nil {
				return finish(rec, st), fmt.Errorf("step %d: rolling %s: %w", n, roll, err)
			}
			step = engine.Step{Player: engine.Chance, Dice: &d}
		case 0, 1:
			a, err := players[p].Choose(ctx, engine.ViewFor(st, p), p)
			var lost *agents.ForfeitError
			if errors.As(err, &lost) && ctx.Err() == nil {
				// The agent loses the game; the tournament goes on.
				finish(rec, st)
				rec.Result = engine.ForfeitResult(p, rec.Agents[p], n, lost.Reason)
				if obs != nil {
					if err := obs(Event{N: len(rec.Steps), State: st, Final: true, Result: rec.Result}); err != nil {
						return rec, fmt.Errorf("final step: observer: %w", err)
					}
				}
				return rec, nil
			}
			if err != nil {
				return finish(rec, st), fmt.Errorf("step %d, turn %d: agent %s (%s): %w", n, st.Turn(), players[p].Name(), p, err)
			}
			step = engine.Step{Player: p, Action: &a}
		default:
			return finish(rec, st), fmt.Errorf("step %d: the game is not over but %s is to move", n, p)
		}
		if obs != nil {
			// Only an observer reads the step's description: records keep
			// none.
			if step.Dice != nil {
				step.Text = st.DescribeRoll()
			} else {
				step.Text = st.DescribeAction(*step.Action)
			}
			if err := obs(Event{N: n, State: st, Step: step}); err != nil {
				return finish(rec, st), fmt.Errorf("step %d: observer: %w", n, err)
			}
		}
		if step.Dice != nil {
			rec.AddDice(st, *step.Dice)
			if err := st.ApplyDice(*step.Dice); err != nil {
				rec.Steps = rec.Steps[:len(rec.Steps)-1]
				return finish(rec, st), fmt.Errorf("step %d: dice %v refused: %w", n, step.Dice.Values(), err)
			}
		} else {
			rec.AddAction(st, p, *step.Action)
			if err := engine.Play(st, p, *step.Action); err != nil {
				rec.Steps = rec.Steps[:len(rec.Steps)-1]
				return finish(rec, st), fmt.Errorf("step %d: agent %s (%s) chose a refused action: %w", n, players[p].Name(), p, err)
			}
		}
	}
	finish(rec, st)
	if obs != nil {
		if err := obs(Event{N: len(rec.Steps), State: st, Final: true, Result: rec.Result}); err != nil {
			return rec, fmt.Errorf("final step: observer: %w", err)
		}
	}
	return rec, nil
}

// finish copies the outcome of st into rec.
func finish(rec *engine.Record, st engine.State) *engine.Record {
	rec.Result = st.Result()
	rec.Turns = st.Turn()
	return rec
}
