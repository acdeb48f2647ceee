package twobytwo

import (
	"errors"
	"fmt"
	"math"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// newState starts a game on sc.
func newState(sc *Scenario, opts engine.Options) (*State, error) {
	if err := sc.Validate(); err != nil {
		return nil, err
	}
	sc.prepare()
	s := &State{sc: sc, n: uint8(len(sc.Units))}
	if opts.TurnLimit < 0 || opts.TurnLimit > MaxTurnLimit || sc.TurnLimit < 0 || sc.TurnLimit > MaxTurnLimit {
		return nil, fmt.Errorf("turn limit must be between 0 (the default) and %d", MaxTurnLimit)
	}
	s.turnLimit = uint16(sc.TurnLimit)
	if opts.TurnLimit > 0 {
		s.turnLimit = uint16(opts.TurnLimit)
	}
	if s.turnLimit == 0 {
		s.turnLimit = DefaultTurnLimit
	}
	for i := range s.U[:s.n] {
		s.U[i] = Unit{Point: -1, StallOn: NoUnit, Dir: geom.Heading(facingOfSide(sc.Units[i].Side))}
	}
	s.routCur.Unit = NoUnit
	s.stallAtt, s.stallDef = NoUnit, NoUnit
	s.grandBattery = sc.GrandBattery
	for _, v := range opts.Variants {
		if v == VariantGrandBattery {
			s.grandBattery = true
		}
	}
	if sc.SetupByPlay {
		s.phase = phSetupRoll
		s.chance, s.chN = chSetup, 2
		return s, nil
	}
	// Fixed set-up: placements, points and queues as the scenario gives them.
	s.attacker = uint8(sc.Attacker)
	var queued [2][2]uint8
	for i, us := range sc.Units {
		u := &s.U[i]
		if us.Start != nil {
			u.Loc = LocTable
			u.Pos = geom.V(us.Start.X, us.Start.Y)
			u.Dir = geom.Heading(us.Start.Facing)
			continue
		}
		if us.Point < 0 || us.Point > 1 || us.Point >= len(sc.Points[us.Side]) {
			return nil, fmt.Errorf("unit %q has no start and no valid reinforcement point", us.Label)
		}
		u.Loc = LocWaiting
		u.Point = int8(us.Point)
		u.Queue = queued[us.Side][us.Point]
		queued[us.Side][us.Point]++
	}
	for side := 0; side < 2; side++ {
		for k, p := range sc.Points[side] {
			if k > 1 {
				return nil, fmt.Errorf("side %d has more than two reinforcement points", side)
			}
			s.points[side][k] = rpoint{Placed: true, Edge: p.Edge, Pos: sc.edgePoint(p.Edge, p.At)}
		}
	}
	for i := range s.U[:s.n] {
		if s.U[i].Loc == LocTable && !s.clearAt(s.rect(i), s.typ(i), i) {
			return nil, fmt.Errorf("unit %q starts overlapping another base or in impassable terrain", sc.Units[i].Label)
		}
	}
	s.startPlay()
	return s, nil
}

// DefaultTurnLimit ends a game as a draw when the scenario sets no limit.
// The document has no turn limit (ruling R-TURNLIMIT).
const DefaultTurnLimit = 40

// MaxTurnLimit is the largest turn limit a game accepts.
const MaxTurnLimit = 10000

func facingOfSide(side int) float64 {
	if side == 0 {
		return 0
	}
	return 180
}

// startPlay begins turn 1: "The defender then takes the first move." The
// turn then runs move, rally, enemy shooting, melee for each side (ruling
// R-SEQUENCE).
func (s *State) startPlay() {
	s.turn = 1
	s.phasing = 1 - s.attacker
	s.beginMove()
}

// defender is the side that moves first.
func (s *State) defender() uint8 { return 1 - s.attacker }

// Apply plays an action of the side to move.
func (s *State) Apply(a engine.Action) error {
	if s.result.Over {
		return fmt.Errorf("%w: the game is over", engine.ErrIllegal)
	}
	if s.chance != chNone {
		return fmt.Errorf("%w: a die roll is pending (%s)", engine.ErrIllegal, s.DescribeRoll())
	}
	if err := checkNumbers(a); err != nil {
		// Before the action is described: a path past MaxPath points
		// cannot even be read.
		return fmt.Errorf("%w: %v", engine.ErrIllegal, err)
	}
	if err := s.apply(a); err != nil {
		return fmt.Errorf("%w (%s): %v", engine.ErrIllegal, s.DescribeAction(a), err)
	}
	return nil
}

// checkNumbers refuses an action no order could carry, whatever its kind:
// more path points than an action holds, or a number that is not finite.
// Such an action comes only from a damaged record or a hostile program,
// and would otherwise put NaN positions into the state or panic.
func checkNumbers(a engine.Action) error {
	if a.NPath > engine.MaxPath {
		return fmt.Errorf("a path of %d points: an action carries at most %d", a.NPath, engine.MaxPath)
	}
	if math.IsNaN(a.Facing) || math.IsInf(a.Facing, 0) {
		return fmt.Errorf("facing %v is not a number of degrees", a.Facing)
	}
	for _, p := range a.Points() {
		if math.IsNaN(p.X) || math.IsInf(p.X, 0) || math.IsNaN(p.Y) || math.IsInf(p.Y, 0) {
			return fmt.Errorf("point %v,%v is not on the table", p.X, p.Y)
		}
	}
	return nil
}

func (s *State) unitArg(a engine.Action) (int, error) {
	if int(a.Unit) >= int(s.n) {
		return 0, fmt.Errorf("no unit %d", a.Unit)
	}
	return int(a.Unit), nil
}

func (s *State) apply(a engine.Action) error {
	switch s.phase {
	case phDeploy:
		return s.applyDeploy(a)
	case phPoint:
		return s.applyPoint(a)
	case phQueue:
		return s.applyQueue(a)
	case phMove:
		return s.applyMovePhase(a)
	case phStall:
		return s.applyStall(a)
	case phArrival:
		return s.applyArrival(a)
	case phShoot:
		return s.applyShoot(a)
	case phSupport:
		return s.applySupport(a)
	case phRoutDir:
		return s.applyRoutDir(a)
	case phMelee:
		return s.applyMelee(a)
	case phFollowUp:
		return s.applyFollowUp(a)
	}
	return fmt.Errorf("no decision is expected in the %s phase", phaseNames[s.phase])
}

// ApplyDice resolves the pending chance event.
func (s *State) ApplyDice(d engine.Dice) error {
	if s.chance == chNone {
		return fmt.Errorf("%w: no die roll is pending", engine.ErrIllegal)
	}
	if err := d.Check(s.PendingRoll()); err != nil {
		return fmt.Errorf("%w: %v", engine.ErrIllegal, err)
	}
	kind := s.chance
	s.chance = chNone
	switch kind {
	case chSetup:
		s.resolveSetupRoll(int(d.V[0]), int(d.V[1]))
	case chReinf:
		s.resolveReinf(int(d.V[0]))
	case chRally:
		s.resolveRally(int(d.V[0]))
	case chFire:
		s.resolveFire(int(d.V[0]))
	case chRoutTest:
		s.resolveRoutTest(int(d.V[0]))
	case chMelee:
		s.resolveMelee(int(d.V[0]), int(d.V[1]))
	case chBombard:
		s.resolveBombard(int(d.V[0]))
	}
	return nil
}

func (s *State) setChance(kind, n uint8) { s.chance, s.chN = kind, n }

// ---- Movement phase ----

// beginMove starts the phasing player's movement phase.
func (s *State) beginMove() {
	s.phase = phMove
	s.actor = s.phasing
	s.reinfDice = 0
	for i := range s.U[:s.n] {
		if s.side(i) == s.phasing {
			s.U[i].Flags &^= fMoved | fRoadColumn | fThroughTown | fSubsequent
		}
	}
}

func (s *State) applyMovePhase(a engine.Action) error {
	switch a.Kind {
	case KindEnd:
		s.beginRally()
		return nil
	case KindHold:
		i, err := s.unitArg(a)
		if err != nil {
			return err
		}
		if s.U[i].Loc != LocTable || int(s.side(i)) != int(s.phasing) || s.has(i, fMoved) {
			return fmt.Errorf("%s cannot be given an order now", s.label(i))
		}
		s.U[i].Flags |= fMoved
		return nil
	case KindMove, KindSlide:
		return s.applyMove(a)
	case KindFace:
		return s.applyFace(a)
	case KindVolRout:
		return s.applyVolRout(a)
	case KindExit:
		return s.applyExit(a)
	case KindDiceReinf:
		return s.applyDiceReinf(a)
	}
	return fmt.Errorf("not a movement-phase action")
}

func (s *State) applyMove(a engine.Action) error {
	i, err := s.unitArg(a)
	if err != nil {
		return err
	}
	if int(s.side(i)) != int(s.phasing) {
		return fmt.Errorf("%s is not yours to move", s.label(i))
	}
	if !s.canMove(i) {
		if s.U[i].Loc == LocTable && s.inContactWithEnemy(i) {
			return errors.New(refInContact.String())
		}
		return errors.New(refCannotMove.String())
	}
	res, ref := s.checkMoveMode(i, a.Points(), geom.Heading(a.Facing), a.Kind == KindSlide)
	switch {
	case ref == refTooFar:
		return fmt.Errorf("%s (it needs %.2f\", it has %.2f\")", ref, res.cost, res.allow)
	case ref != okMove:
		return errors.New(ref.String())
	}
	s.doMove(i, res)
	return nil
}

// doMove applies a checked move, and a charge's consequences.
func (s *State) doMove(i int, res moveResult) {
	u := &s.U[i]
	from := u.Pos
	u.Pos, u.Dir = res.end, res.dir
	s.bombardPassing(i, from)
	u.Flags |= fMoved
	if res.town {
		u.Flags |= fThroughTown | fRoadColumn
	}
	if (res.road && res.traveled > 0) || res.bridge {
		u.Flags |= fRoadColumn
	}
	if res.contact >= 0 {
		s.charged(i, res.contact)
	}
	if s.bombQ != 0 {
		s.resume = s.phase
		s.nextBombard()
	}
}

// charged handles a contact made in the movement phase ("Moving to
// contact"): infantry turns to face a single charger (ruling R-TURNFACE),
// then the defender may stall the charge with fire if it can shoot at the
// charger (ruling R-STALL).
func (s *State) charged(att, def int) {
	if s.typ(def).IsInfantry() && !s.engagedExcept(def, att) {
		s.turnToFace(def, att)
	}
	if s.canStall(def, att) {
		s.phase = phStall
		s.actor = s.side(def)
		s.stallAtt, s.stallDef = uint8(att), uint8(def)
	}
}

// engagedExcept reports whether unit i touches an enemy other than skip.
func (s *State) engagedExcept(i, skip int) bool {
	for j := 0; j < int(s.n); j++ {
		if j != skip && s.U[j].Loc == LocTable && s.side(j) != s.side(i) && s.touching(i, j) {
			return true
		}
	}
	return false
}

// turnToFace pivots infantry unit def to face charger att when it was
// contacted on a flank or the rear ("Infantry may turn to face when
// charged"); the charger is squared up on its new front. Nothing changes
// if there is no room.
func (s *State) turnToFace(def, att int) {
	dr, ar := s.rect(def), s.rect(att)
	if f := nearestFace(ar, dr); f == geom.FaceFront {
		return
	}
	nd := ar.C.Sub(dr.C).Norm()
	if nd.Len2() == 0 {
		return
	}
	newDef := baseAt(dr.C, nd)
	newAtt := baseAt(dr.C.Add(nd.Scale(0.5+contactTol/2)), nd.Scale(-1))
	oldDef, oldAtt := s.U[def], s.U[att]
	s.U[def].Dir = nd
	s.U[att].Pos, s.U[att].Dir = newAtt.C, newAtt.F
	if !s.clearAt(newDef, s.typ(def), def) || !s.clearAtExcept(newAtt, s.typ(att), att, def) {
		s.U[def], s.U[att] = oldDef, oldAtt
	}
}

// clearAtExcept is clearAt ignoring one more unit.
func (s *State) clearAtExcept(r geom.Rect, t UnitType, skip, skip2 int) bool {
	saved := s.U[skip2].Loc
	s.U[skip2].Loc = LocExited
	ok := s.clearAt(r, t, skip)
	s.U[skip2].Loc = saved
	return ok
}

func (s *State) applyFace(a engine.Action) error {
	i, err := s.unitArg(a)
	if err != nil {
		return err
	}
	u := &s.U[i]
	if u.Loc != LocTable || int(s.side(i)) != int(s.phasing) || u.Flags&fMoved != 0 || u.Stat == Disrupted {
		return fmt.Errorf("%s may not change facing now", s.label(i))
	}
	if s.inContactWithEnemy(i) {
		return fmt.Errorf("%s: %s", s.label(i), refInContact)
	}
	r := baseAt(u.Pos, geom.Heading(a.Facing))
	if !s.clearAt(r, s.typ(i), i) {
		return fmt.Errorf("%s has no room to turn there", s.label(i))
	}
	for j := 0; j < int(s.n); j++ {
		if s.U[j].Loc == LocTable && s.side(j) != s.side(i) && baseNear(s.U[j].Pos, u.Pos) && geom.RectDistance(r, s.rect(j)) <= contactTol {
			return fmt.Errorf("%s: %s", s.label(i), refTouchEnemy)
		}
	}
	u.Dir = r.F
	u.Flags |= fMoved
	return nil
}

func (s *State) applyStall(a engine.Action) error {
	att, def := int(s.stallAtt), int(s.stallDef)
	switch a.Kind {
	case KindConfront:
	case KindStall:
		// "the attacker is moved back 1"" straight back.
		u := &s.U[att]
		back := u.Pos.Sub(u.Dir.Scale(1))
		r := baseAt(back, u.Dir)
		if !s.clearAt(r, s.typ(att), att) {
			// Ruling R-STALLROOM: with no room to set the charger back the
			// defender cannot stall; the charge is confronted.
			return fmt.Errorf("there is no room to set %s back 1\"", s.label(att))
		}
		u.Pos = back
		u.Flags |= fStalled
		u.StallOn = uint8(def)
	default:
		return fmt.Errorf("the charged unit must confront or stall")
	}
	s.stallAtt, s.stallDef = NoUnit, NoUnit
	s.phase, s.actor = phMove, s.phasing
	return nil
}

// canStall reports whether def may stall att's charge with fire: it must be
// able to fire, be otherwise unengaged, and not have fired this turn. A
// unit may shoot only once, so it stalls one charge, or several that come
// from the same aspect ("they are considered 1 unit for target purposes";
// ruling R-STALLONE).
func (s *State) canStall(def, att int) bool {
	p := s.prof(def)
	u := &s.U[def]
	if !p.Shoots || u.Stat == Disrupted || u.Flags&fFired != 0 || s.engagedExcept(def, att) {
		return false
	}
	dr := s.rect(def)
	face := nearestFace(s.rect(att), dr)
	for j := 0; j < int(s.n); j++ {
		if s.U[j].Loc == LocTable && s.U[j].Flags&fStalled != 0 && int(s.U[j].StallOn) == def && nearestFace(s.rect(j), dr) != face {
			return false
		}
	}
	return true
}

// ---- Phase ends ----

// endHalfTurn closes the phasing player's turn: halted clears on both
// sides (ruling R-HALT), play passes to the other side, and a new game turn begins after
// both have played.
func (s *State) endHalfTurn() {
	for i := range s.U[:s.n] {
		u := &s.U[i]
		if u.Stat == Halted {
			u.Stat = Ordered
		}
		u.Flags &^= fFought | fSubsequent
	}
	if s.checkEnd() {
		return
	}
	if s.phasing != s.defender() && s.turn >= s.turnLimit {
		s.finish(engine.TurnLimit, engine.NoPlayer, "turn limit reached")
		return
	}
	s.phasing = 1 - s.phasing
	if s.phasing == s.defender() {
		s.turn++
	}
	s.beginMove()
}

func (s *State) finish(kind engine.ResultKind, w engine.Player, reason string) {
	s.result = engine.Ended(kind, w, reason)
	s.phase = phOver
	s.chance = chNone
}

// checkEnd applies the victory conditions and the draw by exiting
// ("Victory Conditions"; rulings R-VICTORY, R-DRAWEXIT); it reports whether
// the game ended.
func (s *State) checkEnd() bool {
	if s.result.Over {
		return true
	}
	var lost [2]bool
	for side := 0; side < 2; side++ {
		d, o := s.destroyed[side], s.destroyed[1-side]
		switch s.sc.Victory {
		case Fast:
			lost[side] = d >= 5
		case Decisive:
			lost[side] = d >= 5 && d >= o+2
		}
	}
	switch {
	case lost[0] && lost[1]:
		// Ruling R-BOTHLOSE: both sides reach the condition at once: draw.
		s.finish(engine.RulesDraw, engine.NoPlayer, "both sides broke at once")
		return true
	case lost[0]:
		s.finish(engine.Victory, 1, s.victoryReason())
		return true
	case lost[1]:
		s.finish(engine.Victory, 0, s.victoryReason())
		return true
	}
	for side := 0; side < 2; side++ {
		if s.allGone(side) {
			s.finish(engine.RulesDraw, engine.NoPlayer, "drawn by exiting the table")
			return true
		}
	}
	return false
}

func (s *State) victoryReason() string {
	if s.sc.Victory == Fast {
		return "fast victory: 5 units destroyed"
	}
	return "decisive victory: 5 units destroyed and 2 more than the enemy"
}

// allGone reports whether side has exited every unit it has left, with at
// least one exit (the draw by exiting).
func (s *State) allGone(side int) bool {
	exited := false
	for i := range s.U[:s.n] {
		if int(s.side(i)) != side {
			continue
		}
		switch s.U[i].Loc {
		case LocTable, LocWaiting, LocUnplaced:
			return false
		case LocExited:
			exited = true
		}
	}
	return exited
}

// destroy removes unit i and counts it towards victory; an HQ in base
// contact with it is destroyed too ("HQ's and destroyed units").
func (s *State) destroy(i int) {
	u := &s.U[i]
	wasOnTable := u.Loc == LocTable
	u.Loc = LocDestroyed
	u.Flags &^= fStalled
	s.destroyed[s.side(i)]++
	if wasOnTable && !s.typ(i).IsHQ() {
		for j := 0; j < int(s.n); j++ {
			if j != i && s.U[j].Loc == LocTable && s.typ(j).IsHQ() && s.side(j) == s.side(i) && s.touching(i, j) {
				s.destroy(j)
			}
		}
	}
}

// label is unit i's label.
func (s *State) label(i int) string {
	if i < 0 || i >= int(s.n) {
		return fmt.Sprintf("unit %d", i)
	}
	return s.sc.Units[i].Label
}
