package drums

import (
	"fmt"
	"strings"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
	"github.com/grognard/grognard/engine/tabletop"
)

// sideName is side's name in the scenario.
func (s *State) sideName(side int) string {
	if side == 0 || side == 1 {
		return s.st.sc.Forces[side].Name
	}
	return "nobody"
}

// SideName names side for people (engine.SideNamer).
func (s *State) SideName(side engine.Player) string { return s.sideName(int(side)) }

// unitWords is unit i's label and army-list name, "F1 (Regular French Line)".
func (s *State) unitWords(i int) string {
	if i < 0 || i >= s.st.nu {
		return s.unitLabel(i)
	}
	return s.st.units[i].Label + " (" + s.st.units[i].Name + ")"
}

// targetWords names a target in words.
func (s *State) targetWords(t int) string {
	if side, ok := isCamp(t); ok {
		return "the " + s.sideName(side) + " baggage camp"
	}
	return s.unitWords(t)
}

// DescribeAction renders an action in words a person can carry out.
func (s *State) DescribeAction(a engine.Action) string {
	sup := ""
	if a.Arg == 1 {
		sup = ", adding a supply die"
	}
	u := s.unitWords(int(a.Unit))
	switch a.Kind {
	case KDeploy:
		side := s.waitSide()
		if a.Arg == deployAt {
			return fmt.Sprintf("deploy %s's command with its first line's front centred at %s%s", s.genLabel(s.st.firstGen[side]+1+int(a.Unit)), tabletop.Point(a.Path[0]), s.deployedWords(side, a))
		}
		return fmt.Sprintf("deploy %s's command in slot %d (%s)%s", s.genLabel(s.st.firstGen[side]+1+int(a.Unit)), a.Arg, slotWords(int(a.Arg)), s.deployedWords(side, a))
	case KSupply:
		if a.Arg == 1 {
			return "add a supply die to the throw"
		}
		return "throw without a supply die"
	case KFirst:
		if a.Arg == 1 {
			return "give the other side the first two activations"
		}
		return "take the first two activations"
	case KActivate:
		if a.Arg == 1 {
			return "activate " + u + ", spending a supply die for an extra action point"
		}
		return "activate " + u
	case KActivateGeneral:
		return "activate general " + s.genLabel(int(a.Unit))
	case KAdvance:
		return fmt.Sprintf("%s advances towards %s (wheeling up to 90 degrees first)%s", u, tabletop.Point(a.Path[0]), sup)
	case KRetire:
		if a.NPath == 1 {
			return fmt.Sprintf("%s retires straight back, no further than %s%s", u, tabletop.Point(a.Path[0]), sup)
		}
		return u + " retires straight back" + sup
	case KTurn:
		if int(a.Arg) < len(turnWords) {
			return u + " turns " + turnWords[a.Arg]
		}
	case KReform:
		if int(a.Arg) < len(formWords) && int(a.Target) < len(anchorWords) {
			return fmt.Sprintf("%s forms %s, the %s front-rank base static", u, Formation(a.Arg), anchorWords[a.Target])
		}
	case KCharge:
		return u + " charges " + s.targetWords(int(a.Target)) + sup
	case KShoot:
		return u + " shoots at " + s.targetWords(int(a.Target)) + sup
	case KReload:
		return u + " reloads"
	case KStand:
		return u + " stands and redresses ranks"
	case KPass:
		if s.passIsGeneral(a) {
			return "general " + s.genLabel(int(a.Unit)) + " stays where he is"
		}
		return u + " does nothing more this turn"
	case KGeneralMove:
		return fmt.Sprintf("general %s moves to %s", s.genLabel(int(a.Unit)), tabletop.Point(a.Path[0]))
	case KEvade:
		if a.Arg == 1 {
			return "the charged unit evades"
		}
		return "the charged unit stands"
	case KOccupy:
		if a.Arg == 1 {
			return "move into the space the broken unit left"
		}
		return "stay in place"
	case KReply:
		if a.Arg == 1 {
			return "the charged unit shoots at the chargers"
		}
		return "the charged unit holds its fire"
	case KFace:
		if a.Arg == 1 {
			return "the retiring unit turns about to face the enemy behind it"
		}
		return "the retiring unit keeps its facing"
	case KAdjust:
		return [...]string{"keep the forced retire's distance", "a supply die adds 1BW to the retire", "a supply die takes 1BW off the retire"}[min(int(a.Arg), 2)]
	}
	return fmt.Sprintf("an action no rule makes (kind %d)", a.Kind)
}

// slotWords names a deployment slot.
// deployedWords says where a deployment puts each unit of the command, as
// its front centre and facing, for a person placing the bases ("": the
// command does not fit there now, or a is not a deployment of side's).
func (s *State) deployedWords(side int, a engine.Action) string {
	if int(a.Unit) >= int(s.st.cmds[side]) {
		return ""
	}
	var pos [MaxUnits]geom.Vec
	var ok bool
	if a.Arg == deployAt {
		ok = s.placementAt(side, a.Unit, a.Path[0], s.st.sc.Width, &pos)
	} else {
		ok = s.slotPlacement(side, a.Unit, int(a.Arg), &pos)
	}
	if !ok {
		return ""
	}
	var b strings.Builder
	b.WriteString(": ")
	n := 0
	for i := range s.st.nu {
		if int(s.st.units[i].Side) != side || s.st.units[i].Cmd != a.Unit {
			continue
		}
		if n > 0 {
			b.WriteString(", ")
		}
		n++
		fmt.Fprintf(&b, "%s front centre at (%s)", s.st.units[i].Label, tabletop.Point(pos[i]))
	}
	fmt.Fprintf(&b, ", facing %s", tabletop.Num(homeFacing(side)))
	return b.String()
}

// meleeRollWords is how unit x's pending melee dice were counted: its
// pool's rows and the supply die ("" when no fight of the melee is x's).
func (s *State) meleeRollWords(x int) string {
	if s.ntasks == 0 {
		return ""
	}
	t := s.top()
	if t.kind != tMelee || int(t.x) >= int(s.nfights) {
		return ""
	}
	f := &s.fights[t.x]
	opp, bases, sup := int(f.B), int(f.BasesA), f.SupA
	switch x {
	case int(f.A):
	case int(f.B):
		opp, bases, sup = int(f.A), int(f.BasesB), f.SupB
	default:
		return ""
	}
	p := s.meleePool(x, opp, min(bases, s.Bases(x)), t)
	w := "; " + poolWords(&p)
	if sup {
		w += ", and a supply die"
	}
	return w
}

// poolWords says how a dice pool was built, row by row: "6 dice from the
// bases; first shot: add 2; target moved: remove 1 in 3: 6 dice".
func poolWords(p *Pool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d dice from the bases", max(p.Base, 0))
	for _, st := range p.Applied() {
		b.WriteString("; ")
		b.WriteString(st.Row)
		switch st.Op {
		case PoolAdd:
			fmt.Fprintf(&b, ": add %d", st.N)
		case PoolRemove:
			fmt.Fprintf(&b, ": remove %d", st.N)
		case PoolAddOneIn:
			fmt.Fprintf(&b, ": add 1 in %d", st.N)
		case PoolRemoveOneIn:
			fmt.Fprintf(&b, ": remove 1 in %d", st.N)
		case PoolDouble:
			b.WriteString(": double")
		default:
			b.WriteString(": no change")
		}
	}
	fmt.Fprintf(&b, ": %d dice (at least %d)", p.Dice(), MinPool)
	return b.String()
}

func slotWords(slot int) string {
	if slot >= deploySlots {
		return "anywhere free in the zone"
	}
	return [...]string{"left", "centre", "right"}[slot%deployCols] + ", " + [...]string{"front line", "second line", "rear line"}[slot/deployCols]
}

// DescribeRoll says what the pending roll is for, with its modifiers.
func (s *State) DescribeRoll() string {
	if s.wait != waitDice {
		return "no roll is pending"
	}
	a, b := int(s.rollA), int(s.rollB)
	r := s.roll.String()
	switch s.rollWhat {
	case rScout:
		return fmt.Sprintf("%s scouting initiative: %s for the %s (highest total attacks)", r, s.sideName(a), s.sideName(a))
	case rScoutTie:
		return fmt.Sprintf("%s scouting initiative tie-break for the %s", r, s.sideName(a))
	case rLevels:
		return fmt.Sprintf("%s resilience levels of the %s units, one die a unit in order: %s", r, s.sideName(a), s.unitOrder(a))
	case rInitiative:
		return fmt.Sprintf("%s turn %d initiative for the %s", r, s.TurnNo, s.sideName(a))
	case rInitiativeTie:
		return fmt.Sprintf("%s initiative tie-break for the %s", r, s.sideName(a))
	case rHold:
		h := s.holdSituation(a)
		return fmt.Sprintf("%s hold test for %s, modifier %+d%s: 7 or more must charge", r, s.unitWords(a), HoldModifier(h), tabletop.Adjustments(HoldRows(h)))
	case rTest:
		t := s.top()
		sit := s.testSituation(a, TestKind(t.x), int(t.b), t.y)
		return fmt.Sprintf("%s resilience test (%s) for %s, modifier %+d%s", r, TestKind(t.x), s.unitWords(a), ResilienceModifier(sit), tabletop.Adjustments(ResilienceRows(sit)))
	case rMove:
		return fmt.Sprintf("%s movement distance in BW for %s", r, s.unitWords(a))
	case rShoot:
		t := s.top()
		pool, needs, long := s.shotPool(a, b, t.y)
		band := "short"
		if long {
			band = "long"
		}
		return fmt.Sprintf("%s shooting: %s at %s, %s range, %d+ hits; %s", r, s.unitWords(a), s.unitWords(b), band, needs, poolWords(&pool))
	case rChargeDistance:
		return fmt.Sprintf("%s charge distance in BW for %s at %s, plus %d", r, s.unitWords(a), s.targetWords(b), s.top().n)
	case rMelee:
		return fmt.Sprintf("%s melee: %s fighting %s, 4+ hits%s", r, s.unitWords(a), s.unitWords(b), s.meleeRollWords(a))
	case rRetire:
		return fmt.Sprintf("%s forced retire distance in BW for %s", r, s.unitWords(a))
	case rEvade:
		return fmt.Sprintf("%s evade distance in BW for %s", r, s.unitWords(a))
	case rRisk:
		if b == int(riskShot) {
			return fmt.Sprintf("%s risk to general %s from a stray round: 6 incapacitates him", r, s.genLabel(a))
		}
		return fmt.Sprintf("%s risk to general %s near a breaking unit: 5+ sweeps him away", r, s.genLabel(a))
	case rSwept:
		return fmt.Sprintf("%s distance in BW general %s is swept towards his own edge", r, s.genLabel(a))
	case rOccupy:
		return fmt.Sprintf("%s distance in BW for %s to occupy the space of %s", r, s.unitWords(a), s.unitWords(b))
	}
	return r
}

// unitOrder lists side's unit labels in index order.
func (s *State) unitOrder(side int) string {
	var b strings.Builder
	for i := range s.st.nu {
		if int(s.st.units[i].Side) == side {
			if b.Len() > 0 {
				b.WriteString(", ")
			}
			b.WriteString(s.st.units[i].Label)
		}
	}
	return b.String()
}
