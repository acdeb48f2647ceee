package protocol

import (
	"context"
	"errors"
	"io/fs"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/agents/protocol/wire"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/fileio"
)

// coded gives a refused request's error its code (docs/protocol.md,
// "Error codes"). An error that carries one keeps it; otherwise the code
// comes from what the error wraps (a missing capability, a bot's forfeit,
// a file, the request's context ending), and what is left is an argument
// the command could not take: most refusals without a code of their own
// are about what the request said.
func coded(ctx context.Context, err error) error {
	var (
		mc *engine.MissingCapability
		fe *agents.ForfeitError
		pe *fs.PathError
	)
	switch {
	case err == nil:
		return nil
	case ctx.Err() != nil && errors.Is(err, ctx.Err()):
		return wire.Wrap(wire.Interrupted, err)
	case wire.HasCode(err):
		return err
	case errors.As(err, &mc):
		return wire.Wrap(wire.Unsupported, err)
	case errors.As(err, &fe):
		return wire.Wrap(wire.AgentFailed, err)
	case errors.As(err, &pe), errors.Is(err, fileio.ErrTooLarge), errors.Is(err, fileio.ErrNotRegular):
		return wire.Wrap(wire.File, err)
	}
	return wire.Wrap(wire.BadArgument, err)
}
