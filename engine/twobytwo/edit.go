package twobytwo

import (
	"fmt"
	"math"
	"strings"

	"github.com/grognard/grognard/engine/geom"
)

// Corrections to match a real table (ruling R-TABLEEDIT). When a person
// plays with miniatures, the table is the truth: a base nudged by a
// sleeve, a status marker forgotten, a die read differently. These edits
// let the program follow the table. They are not moves: nothing about them
// is checked against movement rates, only that the result is a position
// the rules could hold.

// UnitEdit is a correction to one unit. Nil fields are left as they are.
type UnitEdit struct {
	// Pos is the new centre of the base, inches.
	Pos *geom.Vec
	// Facing is the new facing, degrees clockwise from north.
	Facing *float64
	// Status is "ordered", "halted", "pinned", "disrupted", "destroyed"
	// (removed from the table and counted towards victory) or "table"
	// (back on the table, with Pos, after being destroyed by mistake).
	Status string
}

// StatusNames lists the statuses UnitEdit accepts.
func StatusNames() []string {
	return append(append([]string(nil), statusNames[:]...), "destroyed", "table")
}

// SetUnit applies a correction to unit i, or refuses it with the reason
// and leaves the state unchanged. A unit marked destroyed counts towards
// victory at once, as it would have when it fell.
func (s *State) SetUnit(i int, e UnitEdit) error {
	if i < 0 || i >= int(s.n) {
		return fmt.Errorf("no unit %d", i)
	}
	if s.result.Over {
		return fmt.Errorf("the game is over")
	}
	if s.SettingUp() {
		return fmt.Errorf("units cannot be corrected during set-up: deploy them with orders")
	}
	if s.chance != chNone {
		return fmt.Errorf("a die roll is pending (%s): give or roll it first", s.DescribeRoll())
	}
	next := s.U[i]
	status := strings.ToLower(strings.TrimSpace(e.Status))
	wasGone := next.Loc == LocDestroyed
	switch status {
	case "":
	case "destroyed":
		if next.Loc == LocDestroyed {
			return fmt.Errorf("%s is already destroyed", s.label(i))
		}
	case "table":
		if next.Loc != LocDestroyed && next.Loc != LocExited {
			return fmt.Errorf("%s is not off the table", s.label(i))
		}
		if e.Pos == nil {
			return fmt.Errorf("put %s back on the table at a position (at X Y)", s.label(i))
		}
		next.Loc, next.Stat = LocTable, Ordered
		if e.Facing == nil {
			next.Dir = geom.Heading(facingOfSide(int(s.side(i))))
		}
	default:
		k := -1
		for j, n := range statusNames {
			if n == status {
				k = j
			}
		}
		if k < 0 {
			return fmt.Errorf("unknown status %q (known: %s)", e.Status, strings.Join(StatusNames(), ", "))
		}
		next.Stat = uint8(k)
	}
	if status != "destroyed" && next.Loc != LocTable && (e.Pos != nil || e.Facing != nil || status != "") {
		return fmt.Errorf("%s is not on the table (%s)", s.label(i), locWords(next.Loc))
	}
	if e.Pos != nil {
		if !finiteVec(*e.Pos) {
			return fmt.Errorf("position (%v, %v) is not a number", e.Pos.X, e.Pos.Y)
		}
		next.Pos = *e.Pos
	}
	if e.Facing != nil {
		if math.IsNaN(*e.Facing) || math.IsInf(*e.Facing, 0) {
			return fmt.Errorf("facing %v is not a number", *e.Facing)
		}
		next.Dir = geom.Heading(geom.NormDeg(*e.Facing))
	}
	if status == "destroyed" {
		s.destroy(i)
		s.checkEnd()
		return nil
	}
	if next.Loc == LocTable {
		r := geom.Rect{C: next.Pos, F: next.Dir, HW: 0.5, HD: 0.25}
		if !s.sc.onTableRect(r) {
			return fmt.Errorf("%s at (%.2f, %.2f) would be off the %g\" table", s.label(i), next.Pos.X, next.Pos.Y, s.sc.Size)
		}
		if !s.clearAt(r, s.typ(i), i) { // the unit's own old place does not count
			return fmt.Errorf("%s at (%.2f, %.2f) facing %.0f would overlap another base or stand where its type may not (steep hill, wood)",
				s.label(i), next.Pos.X, next.Pos.Y, geom.FacingOf(next.Dir))
		}
	}
	if wasGone && next.Loc == LocTable && s.destroyed[s.side(i)] > 0 {
		s.destroyed[s.side(i)]--
	}
	s.U[i] = next
	return nil
}

// SetTurn moves play to the start of side's movement phase on turn turn
// (ruling R-TABLEEDIT): per-turn marks are cleared, as at the start of any
// movement phase. Pending melees, routs and shots are dropped, so it is
// refused while a die roll or a decision other than movement is pending.
func (s *State) SetTurn(turn, side int) error {
	if s.result.Over {
		return fmt.Errorf("the game is over")
	}
	if s.SettingUp() {
		return fmt.Errorf("the turn cannot be set during set-up")
	}
	if s.chance != chNone || s.phase != phMove {
		return fmt.Errorf("the turn can be set only in a movement phase with no die pending (now: %s phase)", phaseNames[s.phase])
	}
	if turn < 1 || turn > int(s.turnLimit) {
		return fmt.Errorf("turn %d is outside 1 to %d (the turn limit)", turn, s.turnLimit)
	}
	if side != 0 && side != 1 {
		return fmt.Errorf("side %d is not 0 or 1", side)
	}
	s.turn = uint16(turn)
	s.phasing = uint8(side)
	for i := range s.U[:s.n] {
		s.U[i].Flags &^= fMoved | fFired | fFought | fStalled | fStallHit | fSubsequent
	}
	s.beginMove()
	return nil
}

func finiteVec(v geom.Vec) bool {
	return !math.IsNaN(v.X) && !math.IsNaN(v.Y) && !math.IsInf(v.X, 0) && !math.IsInf(v.Y, 0)
}

func locWords(loc uint8) string {
	switch loc {
	case LocWaiting:
		return "waiting at a reinforcement point"
	case LocExited:
		return "exited"
	case LocDestroyed:
		return "destroyed"
	case LocUnplaced:
		return "not yet deployed"
	}
	return "on the table"
}
