package engine

import (
	"errors"
	"fmt"

	"github.com/grognard/grognard/engine/geom"
)

// Player is a side of the game (0 or 1), or Chance when dice are pending.
type Player int8

const (
	// Chance is the pseudo-player that acts when a die roll is pending.
	Chance Player = -1
	// NoPlayer marks the absence of a side, for example the winner of a draw.
	NoPlayer Player = -2
)

// Other returns the opposing side of p; Chance and NoPlayer have none.
func (p Player) Other() Player {
	if p != 0 && p != 1 {
		return NoPlayer
	}
	return 1 - p
}

// String names the player for logs and records.
func (p Player) String() string {
	switch p {
	case Chance:
		return "chance"
	case NoPlayer:
		return "none"
	case Both:
		return "both sides"
	default:
		return fmt.Sprintf("side %d", int(p))
	}
}

// MaxPath is the number of points an action can carry: up to two waypoints
// and a destination. Free pivots happen at every point.
const MaxPath = 3

// Action is one decision by a side. It is a small fixed-size value so that
// legal actions fill a caller's slice without allocation. Its fields are
// interpreted by the ruleset that produced it: Kind says what it is, Unit and
// Target name units by index, Arg carries a small choice (a face, a point, a
// yes/no), Order records which generated order it came from (0 for a
// free-form move typed by a person) and Path and Facing describe a move.
type Action struct {
	Kind   uint8             `json:"kind"`
	Unit   uint8             `json:"unit"`
	Target uint8             `json:"target"`
	Arg    uint8             `json:"arg"`
	Order  uint8             `json:"order"`
	NPath  uint8             `json:"npath"`
	Path   [MaxPath]geom.Vec `json:"path"`
	Facing float64           `json:"facing"`
}

// Points returns the used part of the action's path.
func (a *Action) Points() []geom.Vec { return a.Path[:a.NPath] }

// Result is the outcome of a finished game. Code compares Kind and
// Winner; Reason is for people only.
type Result struct {
	// Over is true once the game has ended.
	Over bool `json:"over"`
	// Winner is the winning side, or NoPlayer for a draw.
	Winner Player `json:"winner"`
	// Kind says how the game ended.
	Kind ResultKind `json:"kind,omitempty"`
	// Reason says in words how the result was reached, for example
	// "fast victory: 5 units destroyed".
	Reason string `json:"reason"`
}

// Ended builds the result of a game that ended by the rules.
func Ended(kind ResultKind, winner Player, reason string) Result {
	return Result{Over: true, Winner: winner, Kind: kind, Reason: reason}
}

// Score is the result from p's point of view: 1 for a win, 0.5 a draw, 0 a loss.
func (r Result) Score(p Player) float64 {
	switch r.Winner {
	case p:
		return 1
	case NoPlayer:
		return 0.5
	default:
		return 0
	}
}

// String describes the result for people.
func (r Result) String() string {
	switch {
	case !r.Over:
		return "in progress"
	case r.Winner == NoPlayer:
		return "draw (" + r.Reason + ")"
	default:
		return fmt.Sprintf("%s wins (%s)", r.Winner, r.Reason)
	}
}

// ErrIllegal is wrapped by every error Apply returns for an action the rules
// refuse, so callers can tell a refused move from a broken program.
var ErrIllegal = errors.New("illegal action")

// ErrNotation is wrapped by every error ParseAction returns for a text
// that is not an action in the ruleset's notation.
var ErrNotation = errors.New("not an action in the notation")

// State is a game position of some ruleset. Implementations are plain values
// (fixed arrays, no maps, no pointers into the state apart from read-only
// static data) so CopyFrom is a single assignment and allocates nothing.
type State interface {
	// Ruleset names the rules this state is played under.
	Ruleset() string
	// ToMove is the side to act, or Chance when dice are pending.
	ToMove() Player
	// Terminal reports whether the game is over.
	Terminal() bool
	// Result is the outcome; meaningful once Terminal is true.
	Result() Result
	// Legal appends the legal actions of the side to move to buf and returns
	// it. It appends nothing when dice are pending or the game is over.
	Legal(buf []Action) []Action
	// Apply plays an action of the side to move. An action the rules refuse
	// leaves the state unchanged and returns an error wrapping ErrIllegal
	// that says why.
	Apply(a Action) error
	// PendingRoll is what the pending chance event rolls (valid when
	// ToMove() == Chance).
	PendingRoll() Roll
	// ApplyDice resolves the pending chance event with the given dice.
	ApplyDice(d Dice) error
	// DescribeRoll says what is being rolled and why, with its modifiers.
	DescribeRoll() string
	// DescribeAction renders an action in words a person can carry out.
	DescribeAction(a Action) string
	// FormatAction writes a in the ruleset's action notation: a short,
	// stable line of space-separated tokens (no newline) that ParseAction
	// reads back to exactly a, floats included, for every action the
	// state generates. Records, the protocol and logs carry actions so
	// (see "Action notation" in the package doc).
	FormatAction(a Action) string
	// ParseAction reads an action written in the ruleset's notation. It
	// depends on nothing that changes during the game (unit labels and
	// ids may be used), does not check legality (Apply does), and refuses
	// any other text with an error wrapping ErrNotation that says what is
	// wrong; it never panics.
	ParseAction(text string) (Action, error)
	// Turn is the current game turn (0 during set-up).
	Turn() int
	// Hash is a 64-bit hash of the whole position.
	Hash() uint64
	// CopyFrom overwrites the receiver with src, which must be of the same
	// concrete type. It allocates nothing.
	CopyFrom(src State)
	// Clone returns a new copy of the state.
	Clone() State
	// MarshalJSON encodes the whole state, including a pending die.
	MarshalJSON() ([]byte, error)
}

// Options are ruleset-independent settings for a new game.
type Options struct {
	// TurnLimit ends the game as a draw after this many game turns (0: the
	// ruleset's default).
	TurnLimit int `json:"turn_limit,omitempty"`
	// Variants switches on optional rules by name (for example
	// "grand-battery").
	Variants []string `json:"variants,omitempty"`
}

// Ruleset creates and decodes states of one set of rules.
type Ruleset interface {
	// Name is the short name used on the command line, for example "twobytwo".
	Name() string
	// Version identifies the rules implementation; records carry it.
	Version() string
	// Title is the full name of the rules.
	Title() string
	// Scenarios lists the built-in scenarios, the default first.
	Scenarios() []string
	// NewGame starts a game on a named built-in scenario.
	NewGame(scenario string, opts Options) (State, error)
	// ScenarioHash identifies the exact scenario and options a game starts from.
	ScenarioHash(scenario string, opts Options) (string, error)
	// DecodeState restores a state written by State.MarshalJSON.
	DecodeState(data []byte) (State, error)
}
