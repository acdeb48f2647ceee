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

	"github.com/grognard/grognard/engine"
)

// Agent chooses actions for whichever side is to move. The interface is
// deliberately small: search budgets and explanations will be added as
// optional extensions, so the simplest agent stays simple to write.
//
// An agent is used by one game at a time: it may keep buffers and random
// streams between calls, which is what lets it choose without allocating.
// Several games in parallel each need their own agent.
type Agent interface {
	// Name is the spec that rebuilds this agent with New (with the same
	// seed); records and tournament tables print it.
	Name() string
	// Choose returns a legal action for st.ToMove(). It must leave st as it
	// found it (search on a copy) and should return ctx.Err() promptly
	// when ctx is cancelled. It is only called when a side, not chance, is
	// to move.
	Choose(ctx context.Context, st engine.State) (engine.Action, error)
}

// ErrNoLegalAction is wrapped when an agent is asked to move in a state
// that offers it nothing to do: that is a bug in the ruleset or in the
// driver, never a choice the agent could make.
var ErrNoLegalAction = errors.New("no legal action")
