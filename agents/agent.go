// Package agents holds the players of grognard: programs that look at a
// game state and pick the next action for the side to move.
//
// Every agent works through engine's contracts only, so one agent plays
// any ruleset. Agents are made from a short text spec ("random",
// "name:key=value,key=value") so that the command line, tournament files
// and game records all name an agent the same way; New builds one and List
// says what exists.
package agents

import (
	"context"
	"errors"
	"fmt"

	"github.com/grognard/grognard/engine"
)

// Agent chooses actions for a side. The interface is deliberately small:
// budgets come from the spec and explanations are the optional Explainer,
// so the simplest agent stays simple to write.
//
// An agent is used by one game at a time: it may keep buffers and random
// streams between calls, which is what lets it choose without allocating.
// Several games in parallel each need their own agent.
type Agent interface {
	// Name is the spec that rebuilds this agent with New (with the same
	// seed); records and tournament tables print it.
	Name() string
	// Choose returns a legal action for side in st: the side to move, or at
	// a sealed point (st.ToMove() == engine.Both) a side that owes its
	// choice. st is the state as side may see it (engine.ViewFor), so a
	// sealed choice of the other side is hidden. Choose must leave st as
	// it found it (search on a copy) and should return ctx.Err() promptly
	// when ctx is cancelled. It is only called when a side, not chance, is
	// to choose.
	Choose(ctx context.Context, st engine.State, side engine.Player) (engine.Action, error)
}

// ErrNoLegalAction is wrapped when an agent is asked to move in a state
// that offers it nothing to do: that is a bug in the ruleset or in the
// driver, never a choice the agent could make.
var ErrNoLegalAction = errors.New("no legal action")

// ErrNotToMove is wrapped when an agent is asked to choose for a side that
// has no choice to make in the state.
var ErrNotToMove = errors.New("side is not to move")

// CheckSide returns an error wrapping ErrNotToMove unless side chooses
// next in st, the check every agent makes before choosing.
func CheckSide(st engine.State, side engine.Player) error {
	var buf [2]engine.Player
	for _, p := range engine.Deciders(st, buf[:0]) {
		if p == side {
			return nil
		}
	}
	return fmt.Errorf("asked to choose for %s, but %s is to move: %w", side, st.ToMove(), ErrNotToMove)
}

// CheckAlternating is CheckSide for an agent that searches alternating
// moves only: it refuses a sealed point with a clear error rather than
// search it as if one side moved first. The caller names itself in the
// error (an agent's name may cost an allocation, which a choice must not).
func CheckAlternating(st engine.State, side engine.Player) error {
	if st.ToMove() == engine.Both {
		return fmt.Errorf("this agent does not choose sealed simultaneous choices (%s rules, %s phase): play them with random, mcts, portfolio or an external bot", st.Ruleset(), engine.PhaseName(st))
	}
	return CheckSide(st, side)
}
