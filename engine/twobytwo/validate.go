package twobytwo

import (
	"fmt"
	"math"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// knownFlags are the per-unit flags the rules set; any other bit is not a
// state the engine made.
const knownFlags = fMoved | fFired | fRoadColumn | fThroughTown | fFought | fStalled | fStallHit | fSubsequent

// chanceDice is how many dice each kind of chance event rolls.
var chanceDice = [...]uint8{chNone: 0, chSetup: 2, chReinf: 1, chRally: 1, chFire: 1, chRoutTest: 1, chMelee: 2, chBombard: 1}

// Validate checks every field of the state against its range and against
// the scenario, so that a saved state edited by hand or by a fuzzer is
// refused with the reason instead of making the engine fail: the phase,
// the sides, the turn against the turn limit, the pending die roll against
// the phase it belongs to, every unit reference and set of units, each
// unit's place, status and flags, every base on the table within it and
// overlapping no other (ruling R-CONTACT: bases may touch, never overlap),
// the destroyed counts (no fewer than the units destroyed, no more than
// the side has), the waiting routs, the reinforcement points, and the
// result (the game-over phase needs one). Every state
// the rules reach, and every correction SetUnit and SetTurn accept,
// passes.
func (s *State) Validate() error {
	sc := s.sc
	if sc == nil {
		return fmt.Errorf("the state has no scenario")
	}
	n := int(s.n)
	if n != len(sc.Units) || n > MaxUnits {
		return fmt.Errorf("%d units, scenario %q has %d", n, sc.Name, len(sc.Units))
	}
	if err := s.validateFlow(); err != nil {
		return err
	}
	if err := s.validateUnits(); err != nil {
		return err
	}
	return s.validatePending()
}

// validateFlow checks the phase, sides, turn, chance and result.
func (s *State) validateFlow() error {
	if s.phase > phOver {
		return fmt.Errorf("phase %d does not exist (phases are 0 to %d)", s.phase, phOver)
	}
	ph := phaseNames[s.phase]
	if s.phasing > 1 || s.actor > 1 || s.attacker > 1 {
		return fmt.Errorf("sides are 0 or 1: phasing %d, actor %d, attacker %d", s.phasing, s.actor, s.attacker)
	}
	if s.turnLimit < 1 || s.turnLimit > MaxTurnLimit {
		return fmt.Errorf("turn limit %d is outside 1 to %d", s.turnLimit, MaxTurnLimit)
	}
	if s.turn > s.turnLimit+1 {
		return fmt.Errorf("turn %d is past the turn limit %d", s.turn, s.turnLimit)
	}
	switch {
	case s.phase == phOver:
	case s.SettingUp() && s.turn != 0:
		return fmt.Errorf("turn %d in the %s phase: the set-up is turn 0", s.turn, ph)
	case !s.SettingUp() && s.turn == 0:
		return fmt.Errorf("turn 0 in the %s phase: play starts on turn 1", ph)
	}
	// A result may be set on a position in progress (the game stops
	// there: tests and adjudication do it); the game-over phase needs one.
	if s.phase == phOver && !s.result.Over {
		return fmt.Errorf("the game is in its %s phase but has no result", ph)
	}
	if s.result.Over {
		if w := s.result.Winner; w != 0 && w != 1 && w != engine.NoPlayer {
			return fmt.Errorf("winner %d is neither side nor a draw", w)
		}
	}
	if s.chance > chBombard {
		return fmt.Errorf("chance event %d does not exist", s.chance)
	}
	if s.chance != chNone && s.chN != chanceDice[s.chance] {
		return fmt.Errorf("the pending roll has %d dice, this kind of roll has %d", s.chN, chanceDice[s.chance])
	}
	if s.chN > engine.MaxDice {
		return fmt.Errorf("%d dice pending, at most %d", s.chN, engine.MaxDice)
	}
	// The phases made of dice alone always have their roll pending, and
	// each kind of roll belongs to its phases.
	if (s.phase == phSetupRoll && s.chance != chSetup) || (s.phase == phRally && s.chance != chRally) {
		return fmt.Errorf("the %s phase is a die roll, but none of its kind is pending", ph)
	}
	switch s.chance {
	case chSetup:
		if s.phase != phSetupRoll {
			return fmt.Errorf("a set-up roll is pending in the %s phase", ph)
		}
	case chRally:
		if s.phase != phRally {
			return fmt.Errorf("a rally roll is pending in the %s phase", ph)
		}
	case chReinf:
		if s.phase != phMove {
			return fmt.Errorf("a reinforcement roll is pending in the %s phase", ph)
		}
	}
	if s.chance == chNone && s.phase != phOver {
		if want, ok := s.actorOf(); ok && s.actor != want {
			return fmt.Errorf("side %d decides in the %s phase, which is side %d's", s.actor, ph, want)
		}
	}
	switch s.resume {
	case phSetupRoll, phMove, phStall, phShoot, phMelee:
	default:
		return fmt.Errorf("play resumes after routs in phase %d, which routs never interrupt", s.resume)
	}
	if s.setupStep > 4 || s.pointCur < 0 || s.pointCur > 1 || s.reinfDice > 2 {
		return fmt.Errorf("set-up step %d, point %d or reinforcement dice %d out of range", s.setupStep, s.pointCur, s.reinfDice)
	}
	if s.diceFor < -1 || s.diceFor > 1 || s.arrivalPt < -1 || s.arrivalPt > 1 {
		return fmt.Errorf("reinforcement point %d or %d does not exist", s.diceFor, s.arrivalPt)
	}
	if s.chMod < -20 || s.chMod > 20 || s.chMod2 < -20 || s.chMod2 > 20 {
		return fmt.Errorf("die modifiers %+d and %+d are beyond any the rules give", s.chMod, s.chMod2)
	}
	// R-SETUPROLL: each tie of the set-up roll adds 10 AP to deploy; a
	// count that would give more than the 1000 AP a state may hold
	// (below) is no game's.
	if ap := s.sc.DeployAP + 10*float64(s.ties); ap > maxDeployAP {
		return fmt.Errorf("%d ties of the set-up roll would give %g AP to deploy: at most %d ties here (%g AP)", s.ties, ap, int((maxDeployAP-s.sc.DeployAP)/10), float64(maxDeployAP))
	}
	for side, a := range s.deployAP {
		if a != a || a < 0 || a > maxDeployAP {
			return fmt.Errorf("side %d has %v AP left to deploy: 0 to %g", side, a, float64(maxDeployAP))
		}
	}
	return nil
}

// actorOf is the side that must decide in the present phase, where the
// rules fix it.
func (s *State) actorOf() (uint8, bool) {
	switch s.phase {
	case phMove, phArrival, phMelee:
		return s.phasing, true
	case phShoot, phSupport:
		return 1 - s.phasing, true
	case phStall:
		if int(s.stallDef) < int(s.n) {
			return s.side(int(s.stallDef)), true
		}
	case phRoutDir:
		if int(s.routCur.Unit) < int(s.n) {
			return s.side(int(s.routCur.Unit)), true
		}
	}
	return 0, false
}

// validateUnits checks each unit and the bases on the table.
func (s *State) validateUnits() error {
	n := int(s.n)
	var dead, units [2]int
	for i := 0; i < n; i++ {
		u := &s.U[i]
		label := s.sc.Units[i].Label
		units[s.side(i)]++
		if u.Loc > LocDestroyed {
			return fmt.Errorf("unit %d (%s) has location %d, which does not exist", i, label, u.Loc)
		}
		if u.Stat > Disrupted {
			return fmt.Errorf("unit %d (%s) has status %d, which does not exist", i, label, u.Stat)
		}
		if u.Flags&^knownFlags != 0 {
			return fmt.Errorf("unit %d (%s) has unknown flags %#x", i, label, u.Flags&^knownFlags)
		}
		if u.Point < -1 || u.Point > 1 || int(u.Queue) >= MaxUnits {
			return fmt.Errorf("unit %d (%s) has reinforcement point %d, place %d", i, label, u.Point, u.Queue)
		}
		if u.StallOn != NoUnit && int(u.StallOn) >= n {
			return fmt.Errorf("unit %d (%s) was stalled against unit %d, which does not exist", i, label, u.StallOn)
		}
		if !finiteVec(u.Pos) || !finiteVec(u.Dir) {
			return fmt.Errorf("unit %d (%s) has a position or facing that is not a number", i, label)
		}
		switch u.Loc {
		case LocDestroyed:
			dead[s.side(i)]++
		case LocUnplaced:
			if !s.SettingUp() && s.phase != phOver && s.sc.SetupByPlay {
				return fmt.Errorf("unit %d (%s) is still undeployed after the set-up", i, label)
			}
		case LocWaiting:
			if u.Point < 0 {
				return fmt.Errorf("unit %d (%s) waits at no reinforcement point", i, label)
			}
		case LocTable:
			if math.Abs(u.Dir.Len()-1) > 1e-6 {
				return fmt.Errorf("unit %d (%s) has a facing that is not a unit vector", i, label)
			}
			r := s.rect(i)
			if !s.sc.onTableRect(r) {
				return fmt.Errorf("unit %d (%s) at (%.2f, %.2f) is off the %g\" table", i, label, u.Pos.X, u.Pos.Y, s.sc.Size)
			}
			for j := 0; j < i; j++ {
				if s.U[j].Loc == LocTable && geom.Overlap(r, s.rect(j), 2*overlapTol) {
					return fmt.Errorf("unit %d (%s) at (%.2f, %.2f) overlaps unit %d (%s) at (%.2f, %.2f): bases may touch, never overlap (R-CONTACT)",
						i, label, u.Pos.X, u.Pos.Y, j, s.sc.Units[j].Label, s.U[j].Pos.X, s.U[j].Pos.Y)
				}
			}
		}
	}
	// The rules count each unit as it is destroyed, so the count is the
	// number of units marked destroyed; a count set higher on a position
	// (as tests of the victory conditions do) is within range, one below
	// the units destroyed or above the side's units is not.
	for side := 0; side < 2; side++ {
		if int(s.destroyed[side]) < dead[side] || int(s.destroyed[side]) > units[side] {
			return fmt.Errorf("side %d has %d units destroyed of %d, the state counts %d", side, dead[side], units[side], s.destroyed[side])
		}
	}
	for side := range s.points {
		for k, p := range s.points[side] {
			if p.Edge > West {
				return fmt.Errorf("side %d's reinforcement point %d is on edge %d, which does not exist", side, k+1, p.Edge)
			}
			if p.Placed && (!finiteVec(p.Pos) || p.Pos.X < -1 || p.Pos.Y < -1 || p.Pos.X > s.sc.Size+1 || p.Pos.Y > s.sc.Size+1) {
				return fmt.Errorf("side %d's reinforcement point %d is off the table", side, k+1)
			}
		}
	}
	return nil
}

// validatePending checks the references of the decision or roll in hand:
// units named, sets of units, waiting routs, the bombarded area.
func (s *State) validatePending() error {
	n := int(s.n)
	ref := func(u uint8) bool { return u == NoUnit || int(u) < n }
	unit := func(u uint8) bool { return int(u) < n }
	for _, u := range []uint8{s.stallAtt, s.stallDef, s.chUnit, s.fireTarget, s.firePrimary, s.mAttPrimary, s.mDefPrimary, s.mFollow, s.routCur.Unit, s.bomb.Lead} {
		if !ref(u) {
			return fmt.Errorf("a reference to unit %d, which does not exist", u)
		}
	}
	all := uint64(1)<<uint(n) - 1
	if n == 64 {
		all = ^uint64(0)
	}
	for _, m := range []uint64{s.fireMask, s.mAttMask, s.mDefMask, s.bombQ, s.routed} {
		if m&^all != 0 {
			return fmt.Errorf("a set of units names units that do not exist")
		}
	}
	if int(s.routN) > routCap {
		return fmt.Errorf("%d routs waiting, at most %d", s.routN, routCap)
	}
	for k := 0; k < int(s.routN); k++ {
		r := s.routs[k]
		if !unit(r.Unit) || !finiteVec(r.Away) || r.Away.Len() > 1+1e-6 {
			return fmt.Errorf("waiting rout %d is of no unit or has no direction", k+1)
		}
	}
	if !finiteVec(s.routCur.Away) || s.routCur.Away.Len() > 1+1e-6 {
		return fmt.Errorf("the rout in hand has no direction")
	}
	ph := phaseNames[s.phase]
	switch {
	case s.chance == chRoutTest || s.phase == phRoutDir:
		if !unit(s.routCur.Unit) {
			return fmt.Errorf("a rout is in hand in the %s phase, of no unit", ph)
		}
		// Routs interrupt movement, stalls, shooting and melee; with
		// nothing to resume play would stay in the rout's phase with no
		// unit routing (found by FuzzDecodeState).
		if s.resume == phSetupRoll {
			return fmt.Errorf("a rout is in hand in the %s phase, but play resumes in no phase after it", ph)
		}
	case s.chance == chRally:
		if !unit(s.chUnit) {
			return fmt.Errorf("a rally roll is pending for no unit")
		}
	}
	if s.resume == phStall && (!unit(s.stallAtt) || !unit(s.stallDef)) {
		return fmt.Errorf("play resumes after routs with a charge response to no charge")
	}
	// A rout test is thrown by the testing unit's side (PendingRoll, ruling
	// R-ROLLER), so it names that unit too (found by FuzzDecodeState).
	if s.chance == chRoutTest && !unit(s.chUnit) {
		return fmt.Errorf("a rout test is pending for no unit")
	}
	if s.chance == chMelee && (!unit(s.mAttPrimary) || !unit(s.mDefPrimary)) {
		return fmt.Errorf("a melee roll is pending with no attacker or defender")
	}
	if s.chance == chFire && (!unit(s.firePrimary) || !unit(s.fireTarget)) {
		return fmt.Errorf("a shooting roll is pending with no firer or target")
	}
	if s.chance == chBombard && (!unit(s.chUnit) || !unit(s.bomb.Lead)) {
		return fmt.Errorf("a bombardment roll is pending with no battery or target")
	}
	if b := s.bomb; b.Active {
		if !finiteVec(b.C) || !finiteVec(b.F) || math.Abs(b.F.Len()-1) > 1e-6 || !(b.HW >= 0 && b.HW <= 32) || b.Side > 1 {
			return fmt.Errorf("an invalid bombarded area")
		}
	}
	if s.chance == chReinf && (s.diceFor < 0 || !s.points[s.phasing][s.diceFor].Placed || s.nextInQueue(int(s.phasing), int(s.diceFor)) < 0) {
		return fmt.Errorf("a reinforcement roll is pending for a point that is not placed or where no unit waits")
	}
	if s.chance != chNone {
		return nil // the decisions below are in hand only with no roll pending
	}
	if s.phase == phArrival && (s.arrivalPt < 0 || !s.points[s.phasing][s.arrivalPt].Placed || s.nextInQueue(int(s.phasing), int(s.arrivalPt)) < 0) {
		return fmt.Errorf("a reinforcement arrives at a point that is not placed or where no unit waits")
	}
	if s.phase == phStall && (!unit(s.stallAtt) || !unit(s.stallDef)) {
		return fmt.Errorf("a charge response is asked of no charge")
	}
	if s.phase == phSupport && (!unit(s.firePrimary) || !unit(s.fireTarget) || s.fireMask&(1<<s.firePrimary) == 0) {
		return fmt.Errorf("a shot is in hand with no firer or target")
	}
	if s.phase == phFollowUp && !unit(s.mFollow) {
		return fmt.Errorf("a follow-up is offered to no unit")
	}
	return nil
}

// maxDeployAP bounds the AP a side may have to deploy: the scenario's
// (10 by the rules) and 10 a tie of the set-up roll.
const maxDeployAP = 1000
