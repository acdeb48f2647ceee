package engine

import "fmt"

// ResultKind says how a game ended, so that tournaments, ladders and
// adjudication decide on it rather than on a reason's wording.
type ResultKind uint8

const (
	// InProgress: the game has not ended.
	InProgress ResultKind = iota
	// Victory: a side met the rules' victory conditions.
	Victory
	// RulesDraw: the rules declare the game drawn (both sides broke at
	// once, both left the table, a draw condition of the scenario).
	RulesDraw
	// TurnLimit: the scenario's last turn was played with no victory; a
	// draw by the rules, which a tournament may adjudicate.
	TurnLimit
	// Forfeit: a side lost by failing to play (a bot that crashed, hung,
	// wrote garbage or chose an illegal action).
	Forfeit
	// Adjudicated: decided outside the rules, by a tournament's
	// adjudication of a game that reached its turn limit.
	Adjudicated
)

var resultKindNames = [...]string{"in-progress", "victory", "draw", "turn-limit", "forfeit", "adjudicated"}

// String is the kind's name as records and the protocol write it.
func (k ResultKind) String() string {
	if int(k) < len(resultKindNames) {
		return resultKindNames[k]
	}
	return fmt.Sprintf("kind-%d", k)
}

// MarshalText writes the kind's name.
func (k ResultKind) MarshalText() ([]byte, error) {
	if int(k) >= len(resultKindNames) {
		return nil, fmt.Errorf("result kind %d is unknown", k)
	}
	return []byte(k.String()), nil
}

// UnmarshalText reads a kind's name.
func (k *ResultKind) UnmarshalText(b []byte) error {
	for i, n := range resultKindNames {
		if string(b) == n {
			*k = ResultKind(i)
			return nil
		}
	}
	return fmt.Errorf("result kind %q is unknown (known: in-progress, victory, draw, turn-limit, forfeit, adjudicated)", b)
}

// Drawn reports whether the result is a finished game with no winner.
func (r Result) Drawn() bool { return r.Over && r.Winner == NoPlayer }
