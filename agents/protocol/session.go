package protocol

import (
	"context"

	"github.com/grognard/grognard/agents/protocol/wire"
	"github.com/grognard/grognard/engine"
)

// Version is the protocol's version; docs/protocol.md specifies it.
const Version = "1"

// Config is what a session knows of the program serving it.
type Config struct {
	// Name and Version identify the program (the name and version
	// commands).
	Name, Version string
	// Ruleset is what new_game and list_scenarios play when the request
	// names none; empty: the first registered.
	Ruleset string
	// NoScenarioFiles refuses every scenario named by a file's path
	// (scenarios.KindOf is File), in new_game and in the record of a
	// loaded game, and admits only the ruleset's built-in scenarios and
	// generated battlefields. A server sets it for a client that is not
	// the machine's own user: a scenario file's source reads any path the
	// process can, and its errors quote what it read. The zero value
	// keeps files, for a person at the terminal (grognard protocol, play).
	NoScenarioFiles bool
	// Limits bounds the work one request may ask for (zero fields: no
	// bound), for a server shared by clients it does not trust.
	Limits Limits
	// Searching, when set, is called before each search a request makes
	// (a bot's move in genmove or advance, a hint with its playouts), and
	// the function it returns once the search is over: a server shares
	// its CPUs out among its clients with it, while the rest of a request
	// (dice, a person's move) waits for nothing. Its error refuses the
	// request, wrapped so that errors.Is finds it.
	Searching func(ctx context.Context) (done func(), err error)
}

// Session is one protocol conversation: at most one game at a time, with
// its history for undo. A Session is not safe for concurrent use; the
// server feeds it one request at a time.
type Session struct {
	cfg  Config
	mode Mode
	// unit is the Name of the unit of length bare numbers are read in
	// (units), "" for the ruleset's own.
	unit string
	g    *game
	quit bool
	// running is set while a request runs (guarded), so that the typed
	// methods it calls do not guard the game again.
	running bool
	// games counts the games started or loaded, for Revision.
	games uint64
}

// NewSession starts a conversation in text mode with no game.
func NewSession(cfg Config) *Session {
	if cfg.Name == "" {
		cfg.Name = "grognard"
	}
	if cfg.Version == "" {
		cfg.Version = "dev"
	}
	return &Session{cfg: cfg}
}

// Mode is the session's current framing.
func (s *Session) Mode() Mode { return s.mode }

// Done reports whether the client asked to quit.
func (s *Session) Done() bool { return s.quit }

// State is the current game's state (nil before new_game). It is the
// session's own: it changes as the game goes on, and callers must not
// change it themselves.
func (s *Session) State() engine.State {
	if s.g == nil {
		return nil
	}
	return s.g.st
}

// Close ends the processes of the game's external bots. A front end
// calls it when it stops serving the session, whether by quit, the end of
// its input or Ctrl-C, so that no bot outlives it.
func (s *Session) Close() {
	if s.g != nil {
		s.g.close()
	}
}

// replaceGame makes g the session's game, ending the old one's bots. The
// unit of length chosen with units is kept when g's ruleset reads it, and
// is otherwise back to g's own.
func (s *Session) replaceGame(g *game) {
	if s.g != nil {
		s.g.close()
	}
	s.g = g
	s.games++
	if s.unit != "" {
		if ls, err := lengthsOf(g.st); err != nil || !hasLength(ls, s.unit) {
			s.unit = ""
		}
	}
}

// Revision changes whenever the game does (a step, a correction, an undo,
// a new or loaded game), so a front end saves or redraws only then.
func (s *Session) Revision() uint64 {
	if s.g == nil {
		return 0
	}
	return s.games<<40 | s.g.rev
}

// Execute runs one request of the text or JSON protocol: it reads the
// request's words into the arguments of one of the session's typed
// methods (NewGame, Play, Hint ...) and returns that method's reply. An
// error is the reply for a request that was malformed, unknown or
// illegal; the game is then exactly as before the request.
func (s *Session) Execute(ctx context.Context, r Request) (rep Reply, err error) {
	for _, c := range commands() {
		if c.name == r.Cmd {
			return s.guarded(ctx, r.Cmd, func() (Reply, error) { return c.run(s, ctx, r.Args) })
		}
	}
	return Reply{}, wire.Errorf(wire.UnknownCommand, "unknown command %q (help lists the commands)", r.Cmd)
}

// guarded runs one request (named cmd, for the report of a bug) so that a
// refused one leaves the game as it was: the game is snapshotted before,
// and put back when run fails or panics. Every typed method that changes
// the game runs through it, so a front end calling them directly gets the
// same guarantee as a protocol client.
func (s *Session) guarded(ctx context.Context, cmd string, run func() (Reply, error)) (rep Reply, err error) {
	if s.running {
		// A typed method called by another (the protocol's parser calls
		// them): the outer call guards the game.
		rep, err = run()
		return rep, err
	}
	s.running = true
	defer func() {
		s.running = false
		// A bug must not end a person's game: report it as an error and
		// keep the session (the game is restored by the handler's own
		// checks, and at worst the request had no effect on it).
		if p := recover(); p != nil {
			rep, err = Reply{}, wire.Errorf(wire.Internal, "internal error in %s: %v (please report it; the game is unchanged)", cmd, p)
			if s.g != nil && s.g.guard != nil {
				s.g.rollBack()
			}
			if s.g != nil {
				s.g.guard = nil
			}
		}
	}()
	if s.g != nil {
		s.g.guard = s.g.snapshot()
	}
	rep, err = run()
	if err != nil && s.g != nil && s.g.guard != nil {
		s.g.rollBack()
	}
	if s.g != nil {
		s.g.guard = nil
	}
	return rep, coded(ctx, err)
}
