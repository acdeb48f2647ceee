package enginetest

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/grognard/grognard/engine"
)

// PickState is a minimal engine.State for agent tests: side 0 is always to
// move and has N actions, which change nothing, so a test of an agent
// measures the agent and not a ruleset's own work or allocations. Its
// ruleset is "pick", which no kit serves. Action i has notation "pick i";
// PickIndex reads i back from the action.
type PickState struct {
	// N is how many legal actions side 0 has, at most 1<<16.
	N int
}

// PickIndex is the position of a PickState action in its legal list.
func PickIndex(a engine.Action) int { return int(a.Unit) | int(a.Target)<<8 }

// pickAction is the action at position i of a PickState's legal list.
func pickAction(i int) engine.Action {
	return engine.Action{Kind: 1, Unit: uint8(i), Target: uint8(i >> 8)}
}

// Ruleset is "pick".
func (s *PickState) Ruleset() string { return "pick" }

// ToMove is always side 0.
func (s *PickState) ToMove() engine.Player { return 0 }

// Terminal is always false: the game never ends.
func (s *PickState) Terminal() bool { return false }

// Result is the zero result, of a game in progress.
func (s *PickState) Result() engine.Result { return engine.Result{} }

// Legal appends the N actions to buf.
func (s *PickState) Legal(buf []engine.Action) []engine.Action {
	for i := 0; i < s.N; i++ {
		buf = append(buf, pickAction(i))
	}
	return buf
}

// Apply accepts any action and changes nothing.
func (s *PickState) Apply(engine.Action) error { return nil }

// PendingRoll is the zero roll: chance never moves.
func (s *PickState) PendingRoll() engine.Roll { return engine.Roll{} }

// ApplyDice accepts any dice and changes nothing.
func (s *PickState) ApplyDice(engine.Dice) error { return nil }

// DescribeRoll is empty: there is never a roll.
func (s *PickState) DescribeRoll() string { return "" }

// DescribeAction is empty.
func (s *PickState) DescribeAction(engine.Action) string { return "" }

// FormatAction is "pick i" for the action at position i.
func (s *PickState) FormatAction(a engine.Action) string {
	return "pick " + strconv.Itoa(PickIndex(a))
}

// ParseAction reads "pick i" back to the action at position i, and wraps
// engine.ErrNotation for any other text.
func (s *PickState) ParseAction(text string) (engine.Action, error) {
	n, err := strconv.Atoi(strings.TrimPrefix(text, "pick "))
	if err != nil || n < 0 || n >= 1<<16 {
		return engine.Action{}, fmt.Errorf("%w: %q is not pick N", engine.ErrNotation, text)
	}
	return pickAction(n), nil
}

// Turn is always 1.
func (s *PickState) Turn() int { return 1 }

// Hash is N: the state has nothing else.
func (s *PickState) Hash() uint64 { return uint64(s.N) }

// CopyFrom makes s a copy of src, which must be a *PickState.
func (s *PickState) CopyFrom(src engine.State) { *s = *src.(*PickState) }

// Clone is a copy of s.
func (s *PickState) Clone() engine.State { c := *s; return &c }

// MarshalJSON is an empty object.
func (s *PickState) MarshalJSON() ([]byte, error) { return []byte("{}"), nil }

// PickState is a whole engine.State.
var _ engine.State = (*PickState)(nil)
