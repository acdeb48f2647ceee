package engine

import "fmt"

// Both is what ToMove returns while both sides owe a sealed choice: a
// simultaneous decision (each side picks a posture unseen) that neither
// side may see the other's part of before both are in.
const Both Player = -3

// Sealed is the contract of a state with simultaneous sealed choices. While
// ToMove() == Both, each side that Owes a choice commits one with Commit;
// the state keeps it sealed, and once the last side commits, the choices
// are revealed together and play goes on. Legal and Apply are not used at
// such a point: LegalFor and Commit take the side.
//
// A side's sealed choice is private until revealed, so a Sealed state is
// also a Viewer: View hides a committed choice from the other side, and
// every agent, bot and front end is handed the view of the side it plays.
// A search treats the point as a simultaneous-move node (each side's
// choice made without the other's), not as two alternating moves.
type Sealed interface {
	Viewer
	// Owes reports whether side has yet to commit at this point.
	Owes(side Player) bool
	// LegalFor appends side's legal sealed choices to buf.
	LegalFor(side Player, buf []Action) []Action
	// Commit seals side's choice, or refuses it (ErrIllegal) and changes
	// nothing.
	Commit(side Player, a Action) error
}

// Viewer is a state holding what one side may not see (a sealed choice
// not yet revealed). View returns a copy of the state as side may see it:
// the other side's hidden information removed, so that whatever is
// searched or shown from it could not depend on it. A view of a sealed
// point where the other side has committed looks as if it had not.
type Viewer interface {
	View(side Player) State
}

// ViewFor is st as side may see it: its View when it hides anything, else
// st itself (not a copy).
func ViewFor(st State, side Player) State {
	if v, ok := st.(Viewer); ok {
		return v.View(side)
	}
	return st
}

// LegalFor appends the actions side may take in st to buf: its sealed
// choices at a sealed point, else st's legal actions when side is to move,
// else nothing.
func LegalFor(st State, side Player, buf []Action) []Action {
	switch to := st.ToMove(); {
	case to == Both:
		if s, ok := st.(Sealed); ok && s.Owes(side) {
			return s.LegalFor(side, buf)
		}
		return buf
	case to == side:
		return st.Legal(buf)
	default:
		return buf
	}
}

// Play applies side's action to st: Commit at a sealed point, else Apply
// when side is to move. It refuses a side that is not to move.
func Play(st State, side Player, a Action) error {
	switch to := st.ToMove(); {
	case to == Both:
		s, ok := st.(Sealed)
		if !ok {
			return fmt.Errorf("%s state says both sides choose but has no sealed choices", st.Ruleset())
		}
		if !s.Owes(side) {
			return fmt.Errorf("%w: %s has already committed its sealed choice", ErrIllegal, side)
		}
		return s.Commit(side, a)
	case to == side:
		return st.Apply(a)
	default:
		return fmt.Errorf("%w: %s is not to move (%s is)", ErrIllegal, side, to)
	}
}

// Deciders are the sides that choose next in st, in the order a driver
// asks them: the side to move, or at a sealed point each side that still
// owes a choice, side 0 first. It appends to buf.
func Deciders(st State, buf []Player) []Player {
	switch to := st.ToMove(); to {
	case 0, 1:
		return append(buf, to)
	case Both:
		s, ok := st.(Sealed)
		if !ok {
			return buf
		}
		for p := Player(0); p < 2; p++ {
			if s.Owes(p) {
				buf = append(buf, p)
			}
		}
	}
	return buf
}
