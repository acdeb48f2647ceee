package twobytwo

import (
	"fmt"
	"strings"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
	"github.com/grognard/grognard/engine/tabletop"
)

// at writes a point on the table for people, "(12.50, 8.00)": inches to
// a hundredth (tabletop.Fixed), never the notation's every digit.
func at(p geom.Vec) string { return "(" + tabletop.Fixed(p.X) + ", " + tabletop.Fixed(p.Y) + ")" }

// DescribeAction renders an action in words a person can carry out at the
// table: unit labels, distances in inches, facings in degrees (0 = north,
// 90 = east).
func (s *State) DescribeAction(a engine.Action) string {
	u, t := int(a.Unit), int(a.Target)
	switch a.Kind {
	case KindEnd:
		switch s.phase {
		case phDeploy:
			return "end deployment"
		case phQueue:
			return "finish this reinforcement queue"
		case phMove:
			return "end movement"
		case phShoot:
			return "end shooting"
		case phArrival:
			return "leave the reinforcement off table this turn"
		}
		return "end"
	case KindDeploy:
		return fmt.Sprintf("deploy %s at %s facing %.0f", s.label(u), at(a.Path[0]), a.Facing)
	case KindPoint:
		return fmt.Sprintf("reinforcement point on the %s edge at %s", Edge(a.Arg&3), at(a.Path[0]))
	case KindQueue:
		return fmt.Sprintf("queue %s at the reinforcement point", s.label(u))
	case KindMove, KindSlide:
		return s.describeMove(a)
	case KindHold:
		return fmt.Sprintf("%s holds", s.label(u))
	case KindFace:
		return fmt.Sprintf("%s turns to face %.0f", s.label(u), a.Facing)
	case KindVolRout:
		return fmt.Sprintf("%s routs voluntarily", s.label(u))
	case KindExit:
		if a.NPath == 0 || a.NPath > engine.MaxPath {
			// Not an order Legal makes, but a damaged record's or a
			// hostile bot's, described before it is refused.
			return fmt.Sprintf("%s exits by the %s edge (no path)", s.label(u), Edge(a.Arg&3))
		}
		return fmt.Sprintf("%s exits by the %s edge at %s", s.label(u), Edge(a.Arg&3), at(a.Path[a.NPath-1]))
	case KindDiceReinf:
		return fmt.Sprintf("dice for a reinforcement at point %d", a.Arg+1)
	case KindPlace:
		return fmt.Sprintf("%s arrives at %s facing %.0f", s.label(u), at(a.Path[0]), a.Facing)
	case KindExchange:
		return fmt.Sprintf("exchange arriving %s for enemy %s", s.label(u), s.label(t))
	case KindConfront:
		return fmt.Sprintf("%s confronts the charge of %s", s.label(t), s.label(u))
	case KindStall:
		return fmt.Sprintf("%s stalls the charge of %s with fire", s.label(t), s.label(u))
	case KindFire:
		return fmt.Sprintf("%s fires at %s", s.label(u), s.label(t))
	case KindSupport:
		return fmt.Sprintf("%s adds supporting fire", s.label(u))
	case KindResolve:
		return "roll the shot"
	case KindRout:
		if a.Arg == 1 {
			return fmt.Sprintf("%s routs directly away from the fire", s.label(u))
		}
		return fmt.Sprintf("%s routs to its direct rear", s.label(u))
	case KindMelee:
		return fmt.Sprintf("resolve the melee against %s", s.label(t))
	case KindBombard:
		return fmt.Sprintf("grand battery of %s bombards the area centred at %s", s.label(u), at(a.Path[0]))
	case KindFollowUp:
		if a.Arg == 1 {
			return fmt.Sprintf("%s follows up", s.label(u))
		}
		return fmt.Sprintf("%s stays", s.label(u))
	}
	return fmt.Sprintf("action kind %d", a.Kind)
}

func (s *State) describeMove(a engine.Action) string {
	u := int(a.Unit)
	var b strings.Builder
	if a.Order == OrderCharge {
		fmt.Fprintf(&b, "%s charges %s (%s face)", s.label(u), s.label(int(a.Target)), geom.Face(a.Arg))
	} else {
		fmt.Fprintf(&b, "%s", s.label(u))
		if a.Order != OrderFree {
			fmt.Fprintf(&b, " [%s", OrderName(a.Order))
			if a.Target != NoUnit && int(a.Target) < int(s.n) {
				fmt.Fprintf(&b, " %s", s.label(int(a.Target)))
			}
			b.WriteString("]")
		}
	}
	prev := geom.Vec{}
	if u < int(s.n) {
		prev = s.U[u].Pos
	}
	for k, p := range a.Points() {
		if k == 0 {
			b.WriteString(":")
		} else {
			b.WriteString(",")
		}
		if a.Kind == KindSlide {
			fmt.Fprintf(&b, " keeping its facing, %s\" to %s", tabletop.Fixed(p.Dist(prev)), at(p))
		} else {
			fmt.Fprintf(&b, " wheel to %.0f, %s\" to %s", geom.FacingOf(p.Sub(prev)), tabletop.Fixed(p.Dist(prev)), at(p))
		}
		prev = p
	}
	if a.Order != OrderCharge {
		fmt.Fprintf(&b, ", face %.0f", a.Facing)
	}
	return b.String()
}

// DescribeRoll says what the pending die roll is for, with its modifiers.
func (s *State) DescribeRoll() string {
	switch s.chance {
	case chSetup:
		return fmt.Sprintf("2d6 set-up: one die for %s, one for %s; the higher attacks, a tie adds 10 AP a side and re-rolls", s.sc.SideNames[0], s.sc.SideNames[1])
	case chReinf:
		side := int(s.phasing)
		pt := int(s.diceFor)
		i := s.nextInQueue(side, pt)
		return fmt.Sprintf("1d6 reinforcement at point %d (%s edge) for %s: %d+ needed", pt+1, s.points[side][pt].Edge, s.label(i), s.reinfNeed(side, pt))
	case chRally:
		var rows []tabletop.Adjustment
		s.rallyTerms(int(s.chUnit), tabletop.Terms{Rows: &rows})
		return fmt.Sprintf("1d6 rally: %s (%s), modifier %+d%s, 5+ rallies", s.label(int(s.chUnit)), statusNames[s.U[s.chUnit].Stat], s.chMod, rowsIf(rows, s.chMod))
	case chFire:
		var sup []string
		for k := 0; k < int(s.n); k++ {
			if k != int(s.firePrimary) && s.fireMask&(1<<uint(k)) != 0 {
				sup = append(sup, s.label(k))
			}
		}
		w := ""
		if len(sup) > 0 {
			w = " supported by " + strings.Join(sup, ", ")
		}
		var rows []tabletop.Adjustment
		s.fireTerms(tabletop.Terms{Rows: &rows})
		return fmt.Sprintf("1d6 shooting: %s at %s%s, modifier %+d%s (8+ rout, 7 disrupted, 6 pinned, 5 halted)", s.label(int(s.firePrimary)), s.label(int(s.fireTarget)), w, s.chMod, rowsIf(rows, s.chMod))
	case chRoutTest:
		return fmt.Sprintf("1d6 rout: %s is destroyed on 1 or 2", s.label(int(s.chUnit)))
	case chBombard:
		return fmt.Sprintf("1d6 bombardment of %s, modifier %+d (8+ rout, 7 disrupted, 6 pinned, 5 halted)", s.label(int(s.chUnit)), s.chMod)
	case chMelee:
		var att, def []tabletop.Adjustment
		s.meleeTerms(true, tabletop.Terms{Rows: &att})
		s.meleeTerms(false, tabletop.Terms{Rows: &def})
		return fmt.Sprintf("2d6 melee: first die %s (modifier %+d%s), second die %s (modifier %+d%s); draws re-roll", s.meleeSide(true), s.chMod, inParens(rowsIf(att, s.chMod)), s.meleeSide(false), s.chMod2, inParens(rowsIf(def, s.chMod2)))
	}
	return "no roll pending"
}

func (s *State) meleeSide(att bool) string {
	mask := s.mDefMask
	if att {
		mask = s.mAttMask
	}
	var names []string
	for k := 0; k < int(s.n); k++ {
		if mask&(1<<uint(k)) != 0 {
			names = append(names, s.label(k))
		}
	}
	return strings.Join(names, "+")
}

// Summary is a short text picture of the position for people.
func (s *State) Summary() string {
	var b strings.Builder
	switch {
	case s.result.Over:
		fmt.Fprintf(&b, "Game over on turn %d: %s", s.turn, s.result)
	case s.turn == 0:
		fmt.Fprintf(&b, "Set-up, %s", phaseNames[s.phase])
	default:
		fmt.Fprintf(&b, "Turn %d, %s to play, %s phase", s.turn, s.sc.SideNames[s.phasing], phaseNames[s.phase])
	}
	fmt.Fprintf(&b, "; destroyed %s %d, %s %d\n", s.sc.SideNames[0], s.destroyed[0], s.sc.SideNames[1], s.destroyed[1])
	for side := 0; side < 2; side++ {
		role := ""
		if s.turn > 0 || s.phase > phSetupRoll {
			role = " (defender)"
			if int(s.attacker) == side {
				role = " (attacker)"
			}
		}
		fmt.Fprintf(&b, "%s%s:\n", s.sc.SideNames[side], role)
		for i := 0; i < int(s.n); i++ {
			if int(s.side(i)) != side {
				continue
			}
			u := &s.U[i]
			switch u.Loc {
			case LocTable:
				fmt.Fprintf(&b, "  %-10s %-18s (%5s, %5s) facing %3.0f  %s\n", s.label(i), s.typ(i), tabletop.Fixed(u.Pos.X), tabletop.Fixed(u.Pos.Y), geom.FacingOf(u.Dir), statusNames[u.Stat])
			case LocWaiting:
				fmt.Fprintf(&b, "  %-10s %-18s waiting at point %d (#%d)\n", s.label(i), s.typ(i), u.Point+1, u.Queue+1)
			case LocExited:
				fmt.Fprintf(&b, "  %-10s %-18s exited\n", s.label(i), s.typ(i))
			case LocDestroyed:
				fmt.Fprintf(&b, "  %-10s %-18s destroyed\n", s.label(i), s.typ(i))
			default:
				fmt.Fprintf(&b, "  %-10s %-18s not yet deployed\n", s.label(i), s.typ(i))
			}
		}
	}
	return b.String()
}

// rowsIf lists the rows of a roll's modifier when they add up to the
// modifier the roll was set with, and says nothing otherwise: a correction
// made since the roll was set up (set) may have changed what they read.
func rowsIf(rows []tabletop.Adjustment, mod int8) string {
	sum := 0
	for _, r := range rows {
		sum += r.Value
	}
	if sum != int(mod) {
		return ""
	}
	return tabletop.Adjustments(rows)
}

// inParens is rowsIf's list inside a parenthesis already open: "modifier
// +2: unit type +1, elite +1".
func inParens(rows string) string {
	if rows == "" {
		return ""
	}
	return ": " + strings.TrimSuffix(strings.TrimPrefix(rows, " ("), ")")
}
