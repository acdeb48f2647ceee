package toy

import (
	"fmt"
	"strings"

	"github.com/grognard/grognard/engine"
)

// The toy's action notation: a posture is "posture attack" (defend,
// maneuver); an order is the unit's label, the order and, for fire and
// charge, the target's label: "B-Line hold", "B-Line advance", "B-Guns
// fire R-Line", "B-Skirm charge R-Skirm". Labels are the scenario's, so
// the text depends on nothing that changes during a game.

// errNotation is wrapped by ParseAction's errors.
var errNotation = engine.ErrNotation

// orderWords are the orders' words, by kind.
var orderWords = [...]string{KindHold: "hold", KindAdvance: "advance", KindFire: "fire", KindCharge: "charge"}

// FormatAction writes a in the toy's notation (see above). An action no
// rule generates is written with its fields, which ParseAction refuses.
func (s *State) FormatAction(a engine.Action) string {
	switch {
	case a.Kind == KindPosture && a == postureAction(a.Arg) && a.Arg >= Attack && a.Arg <= Maneuver:
		return "posture " + postureNames[a.Arg]
	case a.Kind == KindHold || a.Kind == KindAdvance:
		if int(a.Unit) < int(s.n) && a == (engine.Action{Kind: a.Kind, Unit: a.Unit}) {
			return s.sc.units[a.Unit].Label + " " + orderWords[a.Kind]
		}
	case a.Kind == KindFire || a.Kind == KindCharge:
		if int(a.Unit) < int(s.n) && int(a.Target) < int(s.n) && a == (engine.Action{Kind: a.Kind, Unit: a.Unit, Target: a.Target}) {
			return s.sc.units[a.Unit].Label + " " + orderWords[a.Kind] + " " + s.sc.units[a.Target].Label
		}
	}
	return fmt.Sprintf("invalid kind=%d unit=%d target=%d arg=%d", a.Kind, a.Unit, a.Target, a.Arg)
}

// unitNamed is the index of the unit labelled label.
func (s *State) unitNamed(label string) (uint8, error) {
	for i, u := range s.sc.units {
		if strings.EqualFold(u.Label, label) {
			return uint8(i), nil
		}
	}
	return 0, fmt.Errorf("%w: no unit is labelled %q in the %s scenario", errNotation, label, s.sc.name)
}

// ParseAction reads an action in the toy's notation. It does not check
// that the action is legal now (Apply does).
func (s *State) ParseAction(text string) (engine.Action, error) {
	f := strings.Fields(text)
	if len(f) == 2 && f[0] == "posture" {
		for p := Attack; p <= Maneuver; p++ {
			if f[1] == postureNames[p] {
				return postureAction(p), nil
			}
		}
		return engine.Action{}, fmt.Errorf("%w: posture %q: write attack, defend or maneuver", errNotation, f[1])
	}
	if len(f) < 2 || len(f) > 3 {
		return engine.Action{}, fmt.Errorf("%w: %q: write \"posture P\", \"UNIT hold\", \"UNIT advance\", \"UNIT fire TARGET\" or \"UNIT charge TARGET\"", errNotation, text)
	}
	u, err := s.unitNamed(f[0])
	if err != nil {
		return engine.Action{}, err
	}
	for kind, word := range orderWords {
		if word == "" || word != f[1] {
			continue
		}
		a := engine.Action{Kind: uint8(kind), Unit: u}
		kind := uint8(kind)
		targeted := kind == KindFire || kind == KindCharge
		switch {
		case targeted && len(f) != 3:
			return engine.Action{}, fmt.Errorf("%w: %q: %s needs a target unit", errNotation, text, word)
		case !targeted && len(f) != 2:
			return engine.Action{}, fmt.Errorf("%w: %q: %s takes no target", errNotation, text, word)
		case targeted:
			if a.Target, err = s.unitNamed(f[2]); err != nil {
				return engine.Action{}, err
			}
		}
		return a, nil
	}
	return engine.Action{}, fmt.Errorf("%w: order %q: write hold, advance, fire or charge", errNotation, f[1])
}
