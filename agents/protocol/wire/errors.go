package wire

import (
	"errors"
	"fmt"
)

// Code is an error reply's machine-readable reason: one of a small fixed
// set of stable words (docs/protocol.md, "Error codes"), so that a
// program can tell a refused move from a missing game without reading the
// message, which is for people and may change.
type Code string

// The error codes. A reply never carries a code outside this list;
// a later protocol version may add codes, never change one's meaning.
const (
	// BadRequest: the line is not a request (not UTF-8, a double quote
	// not closed, not a JSON request object, no command, a bad id).
	BadRequest Code = "bad-request"
	// TooLong: the line is longer than MaxRequest; it was not read.
	TooLong Code = "too-long"
	// UnknownCommand: no command has that name (help lists them).
	UnknownCommand Code = "unknown-command"
	// BadArgument: an argument is missing, unknown, repeated or not
	// what the command takes (a key, a number, a side, a unit, an agent
	// spec, the words of a move, a file that is not a saved game).
	BadArgument Code = "bad-argument"
	// NoGame: the command needs a game and none is started (new_game
	// or load first).
	NoGame Code = "no-game"
	// GameOver: the command needs a decision or a roll and the game is
	// over.
	GameOver Code = "game-over"
	// NeedsDice: the command needs a side to move, but a die roll is
	// pending (give it with dice, or roll).
	NeedsDice Code = "needs-dice"
	// NoRoll: dice or roll, but no die roll is pending (a side is to
	// move).
	NoRoll Code = "no-roll"
	// NotYourTurn: the side named is not the side to move.
	NotYourTurn Code = "not-your-turn"
	// IllegalAction: no legal action has that number or text, or the
	// rules refuse the move or placement.
	IllegalAction Code = "illegal-action"
	// AgentFailed: a bot could not choose (an external bot forfeited,
	// for instance) or chose an action the rules refuse.
	AgentFailed Code = "agent-failed"
	// Unsupported: the game's ruleset does not offer what the command
	// needs (a sketch, free-form moves, corrections).
	Unsupported Code = "unsupported"
	// File: a file could not be opened, read or written, or is not a
	// regular file.
	File Code = "file"
	// Interrupted: the request was stopped before it finished (the
	// program is being interrupted); the game is as it was.
	Interrupted Code = "interrupted"
	// Internal: a bug in the program; the game is as it was.
	Internal Code = "internal"
)

// Codes lists every code, in the order docs/protocol.md gives them.
func Codes() []Code {
	return []Code{BadRequest, TooLong, UnknownCommand, BadArgument, NoGame, GameOver, NeedsDice, NoRoll,
		NotYourTurn, IllegalAction, AgentFailed, Unsupported, File, Interrupted, Internal}
}

// Known reports whether c is one of Codes.
func (c Code) Known() bool {
	for _, k := range Codes() {
		if c == k {
			return true
		}
	}
	return false
}

// Error is an error with its code: what a request was refused for. Its
// Error is the message alone; the formatters add the code (FormatText as
// a suffix, FormatJSON as the reply's "code"). errors.As finds it through
// any wrapping with %w, and the outermost Error's code is the reply's.
type Error struct {
	Code Code
	Msg  string
	// err is the error it wraps, if any, for errors.Is and errors.As.
	err error
}

// Error is the message, for people.
func (e *Error) Error() string { return e.Msg }

// Unwrap is the error Errorf's %w or Wrap wrapped, if any.
func (e *Error) Unwrap() error { return e.err }

// Errorf is an *Error with code and the message fmt.Errorf would give;
// what %w wraps stays reachable by errors.Is and errors.As.
func Errorf(code Code, format string, args ...any) error {
	err := fmt.Errorf(format, args...)
	e := &Error{Code: code, Msg: err.Error()}
	switch u := err.(type) {
	case interface{ Unwrap() error }:
		e.err = u.Unwrap()
	case interface{ Unwrap() []error }:
		e.err = err // several %w: keep them all
	}
	return e
}

// Wrap gives err the code, keeping its message and what it wraps; nil
// stays nil. The code replaces any err carries already.
func Wrap(code Code, err error) error {
	if err == nil {
		return nil
	}
	return &Error{Code: code, Msg: err.Error(), err: err}
}

// CodeOf is err's code: the outermost *Error's in its chain, Internal for
// an error that carries none (the program that returned it failed to say
// why), "" for nil.
func CodeOf(err error) Code {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) && e.Code != "" {
		return e.Code
	}
	return Internal
}

// HasCode reports whether err carries a code (an *Error in its chain).
func HasCode(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Code != ""
}
