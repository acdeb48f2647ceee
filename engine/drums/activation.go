package drums

import (
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// Action kinds. Every decision of the game is one engine.Action whose Kind
// is one of these; Unit, Target, Arg and Path carry its choice as each
// kind's comment says.
const (
	// KDeploy puts a command on the table: Unit is the command, Arg the
	// slot (0-8: column left/centre/right plus 3 x line front/second/rear).
	KDeploy uint8 = iota + 1
	// KSupply answers whether to add a supply die to the throw being
	// prepared: Arg 1 yes, 0 no.
	KSupply
	// KFirst: the initiative side goes first (Arg 0) or gives the other
	// side the first two activations (Arg 1).
	KFirst
	// KActivate starts unit Unit's activation; Arg 1 spends a supply die
	// for an extra action point (Actions, first bullet).
	KActivate
	// KActivateGeneral starts general Unit's activation.
	KActivateGeneral
	// KAdvance moves towards the point Path[0], wheeling up to 90 degrees
	// first; Arg 1 adds a supply die's +1BW (Movement Action).
	KAdvance
	// KRetire moves straight back; Arg 1 adds a supply die's +1BW.
	KRetire
	// KTurn changes facing: Arg is a Turn (left, right, about).
	KTurn
	// KReform changes formation: Arg is the formation, Target the
	// Anchor (the front-rank base that stays static).
	KReform
	// KCharge charges unit Target (Target 200+side: that side's baggage
	// camp); Arg 1 adds a supply die's +1BW to the charge distance.
	KCharge
	// KShoot shoots at unit Target; Arg 1 adds a supply die to the pool.
	KShoot
	// KReload reloads after shooting.
	KReload
	// KStand stands and redresses ranks.
	KStand
	// KPass passes: declares no more actions for the unit, or, with
	// Target 1, general Unit stays where he is.
	KPass
	// KGeneralMove moves general Unit to Path[0], up to 10BW.
	KGeneralMove
	// KEvade answers a charge on an open unit: Arg 1 evade, 0 stand.
	KEvade
	// KOccupy answers whether the victor moves into the space of a unit
	// it broke: Arg 1 yes, 0 no.
	KOccupy
	// KAdjust adjusts a forced retire by a supply die: Arg 0 no, 1 +1BW,
	// 2 -1BW (Forced to retire 1).
	KAdjust
	// KReply answers whether a loaded charged unit that passed its test
	// shoots at the chargers (Charge 4, "may elect to shoot"): Arg 1 yes.
	KReply
	// KFace answers whether a forced retire stopped by a bigger enemy
	// turns to face it ("may elect to turn the unit"): Arg 1 yes.
	KFace
	numKinds
)

// campTarget is the Target of a charge on side's baggage camp.
const campTarget = 200

// generalBase is CurUnit's value for general g's activation.
const generalBase = 100

// activationSteps are the steps stepActivation resumes at: its cases.
// DecodeState refuses a task at any other step (checkStack, stack.go): the
// rules never set one, and it may match no case and step for ever. A step
// added or renumbered below changes this set too.
var activationSteps = stepSet(0, 1, 2, 3, 4)

// stepActivation runs one unit's or general's activation: its action
// points, a hold test for a zealous unit near the enemy, the declaration
// of every action, then each action in turn (Actions).
//
// Ruling D-GENERAL-AP (Moving generals; Actions): a general's activation is
// one prompted move of up to 10BW, or a pass.
// Ruling D-SUPPLY-AP (Actions): the supply die's extra point is offered only
// to a unit with fewer than 2 points, so no unit expends more than 2.
func (s *State) stepActivation(t *task) {
	i := int(t.a)
	gen := i >= generalBase
	switch t.step {
	case 0:
		s.ndecl = 0
		s.decl = [2]engine.Action{}
		if gen {
			t.n = 1 // a general's activation is one move (ruling D-GENERAL-AP)
			t.step = 2
			return
		}
		ap := s.actionPoints(i)
		if t.y&1 != 0 && ap < 2 {
			// A supply die for the extra action point; the 2-action
			// limit still holds (ruling D-SUPPLY-AP).
			ap++
			s.Supply[s.Units[i].Side]--
		}
		t.n = int16(ap)
		if ap > 0 && s.mustTestHold(i) {
			t.step = 1
			s.rollDice(s.testRoll(int(s.Units[i].Side), false), rHold, uint8(i), 0)
			return
		}
		t.step = 2
	case 1:
		// Hold Test: 7+ must charge; the test spends an action point
		// either way ("Remember 1 action point has now been spent").
		score := s.sumDice() + s.holdModifier(i)
		t.n--
		if HoldMustCharge(score) && s.anyCharge(i) {
			s.Units[i].Flags |= fHeld
			t.n++ // the charge is paid for by the point the test spent
		}
		t.step = 2
	case 2:
		if int(s.ndecl) < int(t.n) && int(s.ndecl) < len(s.decl) {
			if s.ndecl > 0 && s.decl[s.ndecl-1].Kind == KPass {
				t.step = 3
				return
			}
			s.askFor(s.sideOfActivation(i), askDeclare)
			return
		}
		t.step = 3
	case 3:
		t.step = 4
		t.x = 0
	case 4:
		k := int(t.x)
		if k < int(s.ndecl) && (gen || s.alive(i)) {
			t.x++
			if !gen && s.Units[i].Flags&(fInMelee|fSpent) != 0 {
				// Units in melee lose their remaining action points, and
				// the step says so (ruling D-LOST-ACTION).
				if s.decl[k].Kind != KPass && s.decl[k].Kind != KStand {
					s.noteLost(i, &s.decl[k], lostMelee)
				}
				return
			}
			s.push(task{kind: tAction, a: uint8(i), x: int8(k)})
			return
		}
		if !gen {
			// A unit that left the table loses what it had still to do
			// (ruling D-LOST-ACTION).
			for ; k < int(s.ndecl); k++ {
				if s.decl[k].Kind != KPass && s.decl[k].Kind != KStand {
					s.noteLost(i, &s.decl[k], lostBroken)
				}
			}
		}
		s.finishActivation(i)
		s.pop()
	}
}

// sideOfActivation is the side of a unit or general.
func (s *State) sideOfActivation(i int) int {
	if i >= generalBase {
		return int(s.st.gens[i-generalBase].Side)
	}
	return int(s.Units[i].Side)
}

// finishActivation marks the activation done and passes play on.
func (s *State) finishActivation(i int) {
	side := s.sideOfActivation(i)
	var cmd uint8
	if i >= generalBase {
		s.Gens[i-generalBase].Activated = true
		cmd = s.st.gens[i-generalBase].Cmd
	} else {
		s.Units[i].Flags |= fActivated
		s.Units[i].Flags &^= fHeld
		cmd = s.Units[i].Cmd
	}
	if cmd == NoCommand || s.commandDone(side, cmd) {
		s.CurCmd[side] = noCmd
	} else {
		s.CurCmd[side] = cmd
	}
	s.afterActivation()
}

// actionPoints is what unit i may expend this activation (Actions): 2
// within its sub-general's command distance, else 1 within 5BW of the
// force commander, else none; 1 at most when a general of its line of
// command was swept away this turn (Risk to Generals). Command distance
// is measured when the unit is activated (ruling D-AP).
//
// Ruling D-RISK-UNITS (Risk to Generals): "Any units from this point
// onwards ... can only expend 1 action point" is read as the units of the
// general's line of command: a sub-general's command, or every unit of
// the side for its force commander.
//
// Ruling D-AP (Actions): command distance is measured when the unit is
// activated, from the general to the nearest point of its footprint.
func (s *State) actionPoints(i int) int {
	u := &s.Units[i]
	side := int(u.Side)
	r := s.rect(i)
	g := s.st.genIndex(side, u.Cmd)
	fc := s.st.firstGen[side]
	ap := 0
	if s.Gens[g].Alive && PointWithin(s.Gens[g].Pos, r, s.commandDistance(g)) {
		ap = 2
	} else if s.Gens[fc].Alive && PointWithin(s.Gens[fc].Pos, r, 5) {
		ap = 1
	}
	if (s.Gens[g].Swept || s.Gens[fc].Swept) && ap > 1 {
		ap = 1
	}
	return ap
}

// commandDistance is general g's command distance: 10BW, 8BW incompetent,
// 12BW exceptional (Staff Ability Types).
func (s *State) commandDistance(g int) float64 {
	switch s.st.gens[g].Ability {
	case Incompetent:
		return 8
	case Exceptional:
		return 12
	}
	return 10
}

// supplyNear reports whether unit i may add a supply die to a throw: its
// side has one left and its force commander is within 3BW ("when the force
// commander is within 3MU": ruling D-SUPPLY-3, MU read as BW).
//
// Ruling D-SUPPLY-3 (Quarter master, supply and logistics): "within 3MU" is
// read as 3BW, MU being defined nowhere else.
//
// Ruling D-SUPPLY-THROWS (Quarter master, supply and logistics): "any
// throw" is the throws a player makes for his own purpose and the rules
// name a die for: scouting and initiative, action points, moves, charges,
// shots, melee rounds (ruling D-SUPPLY-MELEE), resilience tests and the
// forced retire's adjustment. Hold tests (a die only makes the charge
// likelier), evades, occupation moves, levels and risk throws take none.
func (s *State) supplyNear(i int) bool {
	side := int(s.Units[i].Side)
	fc := s.st.firstGen[side]
	// A force commander swept away or incapacitated this turn issues no
	// supply dice for the rest of it (Risk to Generals).
	return s.Supply[side] > 0 && !s.Camp[side].Lost && s.Gens[fc].Alive && !s.Gens[fc].Swept && PointWithin(s.Gens[fc].Pos, s.rect(i), 3)
}

// actionSteps are the steps stepAction resumes at: 0 alone, as it pops
// itself at once and never sets a step. DecodeState refuses a task at any
// other step (checkStack, stack.go): the rules never set one, and it may
// match no case and step for ever. A step added or renumbered below changes
// this set too.
var actionSteps = stepSet(0)

// stepAction carries out declared action t.x of unit t.a, if it is still
// legal ("The actions declared must be completed if it is legal to do so").
func (s *State) stepAction(t *task) {
	a := s.decl[t.x]
	i := int(t.a)
	slot := t.x
	s.pop()
	// An action that cannot be carried out when its turn comes is lost,
	// and noteLost says which and why (ruling D-LOST-ACTION).
	if i >= generalBase {
		if a.Kind == KGeneralMove {
			if s.generalMoveOK(i-generalBase, a.Path[0]) {
				s.Gens[i-generalBase].Pos = a.Path[0]
			} else {
				s.noteLost(i, &a, lostGeneralMove)
			}
		}
		return
	}
	if !s.alive(i) {
		if a.Kind != KPass && a.Kind != KStand {
			s.noteLost(i, &a, lostBroken)
		}
		return
	}
	u := &s.Units[i]
	useSupply := a.Arg == 1 && s.supplyNear(i)
	switch a.Kind {
	case KAdvance, KRetire:
		if u.Form == Square {
			s.noteLost(i, &a, lostSquare) // foot in square cannot move
			return
		}
		if u.Flags&fInterpen != 0 {
			// A unit that interpenetrated a friend makes only one
			// movement action this turn (Interpenetration of Friendly
			// units); its second declared move is not carried out.
			s.noteLost(i, &a, lostInterpen)
			return
		}
		s.spendSupply(i, useSupply)
		var y uint8
		if useSupply {
			y |= mvSupply
		}
		if slot > 0 && (s.decl[0].Kind == KAdvance || s.decl[0].Kind == KRetire) {
			y |= mvSecond // passes through no friend (ruling D-INTERPEN-SECOND)
		}
		mode := int8(moveAdvance)
		if a.Kind == KRetire {
			mode = moveRetire
		}
		s.push(task{kind: tMove, a: uint8(i), x: mode, y: y, n: int16(slot)})
	case KTurn:
		if f, face, ok := s.turnResult(i, Turn(a.Arg)); ok {
			u.Front, u.Facing = f, face
		} else {
			s.noteLost(i, &a, lostNoRoomTurn)
		}
	case KReform:
		if f, face, ok := s.reformResult(i, Formation(a.Arg), Anchor(a.Target)); ok {
			if s.prof(i).Type.IsArtillery() {
				u.Flags |= fReformed
			}
			u.Front, u.Facing, u.Form = f, face, Formation(a.Arg)
		} else {
			s.noteLost(i, &a, lostNoRoomReform)
		}
	case KShoot:
		if why := s.shootLost(i, int(a.Target), false); why == lostNone {
			var y uint8
			if useSupply {
				y = 1
				s.spendSupply(i, true)
			}
			s.push(task{kind: tShoot, a: uint8(i), b: a.Target, y: y})
		} else {
			s.noteLost(i, &a, why)
		}
	case KCharge:
		ok := u.Flags&fInterpen == 0 && s.canCharge(i, int(a.Target), useSupply)
		switch {
		case ok:
		case u.Flags&fInterpen != 0:
			s.noteLost(i, &a, lostChargeInterpen)
		case int(a.Target) < s.st.nu && !s.alive(int(a.Target)):
			s.noteLost(i, &a, lostTargetGone)
		default:
			s.noteLost(i, &a, lostNoReach)
		}
		if ok {
			var y uint8
			if useSupply {
				// Ruling D-CHARGE-SUPPLY (Charge 5): the die "before the
				// charge distance dice are thrown" is chosen with the
				// charge's declaration, as a move's die is; it is spent
				// only if the charge gets as far as the distance throw.
				y = 1
			}
			if u.Flags&fHeld != 0 {
				// Exempt from the chargers' test (Charge 2, ruling
				// D-ZEALOUS-CHARGE): forced to charge by its hold test.
				y |= 2
			}
			s.push(task{kind: tCharge, a: uint8(i), b: a.Target, y: y})
		}
	case KReload:
		if u.Flags&fNoReload == 0 {
			u.Flags |= fLoaded
		} else {
			s.noteLost(i, &a, lostNoReload)
		}
	case KStand, KPass:
	}
}

// spendSupply takes one of unit i's side's supply dice when used.
func (s *State) spendSupply(i int, used bool) {
	if used {
		s.Supply[s.Units[i].Side]--
	}
}

// generalMoveOK checks a general's move (Moving generals): up to 10BW, on
// the table, outside impassable terrain, never within 2BW of an enemy
// unit unless a friendly unit is between.
func (s *State) generalMoveOK(g int, to geom.Vec) bool {
	gen := &s.Gens[g]
	if !finite(to.X) || !finite(to.Y) || to.X < 0 || to.Y < 0 || to.X > s.st.sc.Width || to.Y > s.st.sc.Depth {
		return false
	}
	if gen.Pos.Dist(to) > 10+1e-9 {
		return false
	}
	for k := range s.st.sc.Terrain {
		f := &s.st.sc.Terrain[k]
		if f.Kind == Impassable && geom.PointInPolygon(to, f.Points) {
			return false
		}
	}
	var en, fr [MaxUnits]geom.Rect
	ne, nf := 0, 0
	side := s.st.gens[g].Side
	for i := range s.st.nu {
		if !s.alive(i) {
			continue
		}
		if s.Units[i].Side == side {
			fr[nf] = s.rect(i)
			nf++
		} else {
			en[ne] = s.rect(i)
			ne++
		}
	}
	return PathClearOfEnemy(gen.Pos, to, en[:ne], fr[:nf])
}
