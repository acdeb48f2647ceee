package protocol

import (
	"context"
	"fmt"
	"strconv"

	"github.com/grognard/grognard/engine"
)

// ---- dice ----

// Pending is the pending roll as pending reports it.
type Pending struct {
	// Pending is false when no roll is waiting.
	Pending bool   `json:"pending"`
	Roll    string `json:"roll,omitempty"`
	Dice    int    `json:"dice,omitempty"`
	// Sides is the dice's sides when the pool has one kind; Groups lists
	// every kind in the order the values are typed (2d6+1d12: two d6, a d12).
	Sides  int                `json:"sides,omitempty"`
	Groups []engine.DiceGroup `json:"groups,omitempty"`
	// By is the side whose player rolls, when the rules name one.
	By     string `json:"by,omitempty"`
	Why    string `json:"why,omitempty"`
	ToMove string `json:"to_move"`
	// Owes names the sides that still owe a sealed choice.
	Owes []string `json:"owes,omitempty"`
}

// Pending answers pending: the roll waiting to be made, or none and who
// is to move (Data: Pending).
func (s *Session) Pending() (Reply, error) {
	return s.guarded(background, "pending", s.pending)
}

func (s *Session) pending() (Reply, error) {
	g, err := s.needGame()
	if err != nil {
		return Reply{}, err
	}
	if g.st.Terminal() || g.st.ToMove() != engine.Chance {
		info := Pending{ToMove: g.toMoveName(), Owes: g.owingNames()}
		if info.Owes != nil {
			return Reply{Text: "none; " + info.ToMove, Data: info}, nil
		}
		return Reply{Text: "none; " + info.ToMove + " to move", Data: info}, nil
	}
	r := g.st.PendingRoll()
	info := Pending{Pending: true, Roll: r.String(), Dice: r.Count(), Groups: r.Groups[:min(int(r.NGroups), engine.MaxDiceKinds)], Why: g.st.DescribeRoll(), ToMove: "chance"}
	if r.NGroups == 1 {
		info.Sides = int(r.Groups[0].Sides)
	}
	if r.By == 0 || r.By == 1 {
		info.By = g.sideName(int(r.By))
	}
	return Reply{Text: info.Why, Data: info}, nil
}

func (s *Session) cmdPending(_ context.Context, args []string) (Reply, error) {
	if _, err := s.gameFor(args, true); err != nil {
		return Reply{}, err
	}
	return s.pending()
}

// Dice answers dice: the values of the pending roll, from real dice, in
// the order Pending names them. Data: the Step with what comes next.
func (s *Session) Dice(values ...int) (Reply, error) {
	return s.guarded(background, "dice", func() (Reply, error) {
		words := make([]string, len(values))
		for k, v := range values {
			words[k] = strconv.Itoa(v)
		}
		return s.dice(words)
	})
}

// dice checks and resolves the pending roll's values as given, which its
// refusal quotes.
func (s *Session) dice(words []string) (Reply, error) {
	g, err := s.gameFor(nil, false, (*game).needRoll)
	if err != nil {
		return Reply{}, err
	}
	r := g.st.PendingRoll()
	if len(words) != r.Count() {
		return Reply{}, fmt.Errorf("%s needs %d values, got %d (%s)", r, r.Count(), len(words), g.st.DescribeRoll())
	}
	vals := make([]int, len(words))
	for k, a := range words {
		v, err := strconv.Atoi(a)
		if err != nil || v < 1 || v > r.Sides(k) {
			return Reply{}, fmt.Errorf("die %d is %q: it is a d%d, a whole number from 1 to %d", k+1, a, r.Sides(k), r.Sides(k))
		}
		vals[k] = v
	}
	step, err := g.applyDice(engine.NewDice(vals...))
	if err != nil {
		return Reply{}, err
	}
	return g.stepReply(step), nil
}

func (s *Session) cmdDice(_ context.Context, args []string) (Reply, error) {
	return s.dice(args)
}

// Roll answers roll: the program rolls the pending dice with the game's
// seeded dice. Data: the Step with what comes next.
func (s *Session) Roll() (Reply, error) {
	return s.guarded(background, "roll", s.roll)
}

func (s *Session) roll() (Reply, error) {
	g, err := s.gameFor(nil, false, (*game).needRoll)
	if err != nil {
		return Reply{}, err
	}
	step, err := g.applyDice(g.roll())
	if err != nil {
		return Reply{}, err
	}
	return g.stepReply(step), nil
}

func (s *Session) cmdRoll(_ context.Context, args []string) (Reply, error) {
	if _, err := s.gameFor(args, true); err != nil {
		return Reply{}, err
	}
	return s.roll()
}
