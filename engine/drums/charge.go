package drums

import (
	"math"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// Charge flags (task.y of a tCharge).
const (
	cfSupply  uint8 = 1 << iota // a supply die adds 1BW to the distance
	cfExempt                    // zealous unit that must charge: no chargers' test
	cfEvade                     // the target evades
	cfCaught                    // the evader was caught
	cfChoose                    // the target may choose to evade or stand
	cfEvaders                   // evade shot already taken
	cfReply                     // the charged unit chose to shoot
)

// chargeWheel is the most a charge may wheel ("A charge can include a
// single wheel up to 45 degrees").
const chargeWheel = 45.0

// isCamp reports whether a charge target is a baggage camp, and whose.
func isCamp(target int) (int, bool) {
	if target == campTarget || target == campTarget+1 {
		return target - campTarget, true
	}
	return 0, false
}

// targetRect is the footprint of a charge target: a unit or a camp.
func (s *State) targetRect(target int) geom.Rect {
	if side, ok := isCamp(target); ok {
		return s.campRect(side)
	}
	return s.rect(target)
}

// chargePath is the wheel and straight distance that would bring unit i
// into contact with target: the wheel (at most 45 degrees) that faces the
// target's nearest point, then straight ahead to contact. ok is false if
// no such path meets the target.
func (s *State) chargePath(i, target int) (ang, wheelCost, dist float64, ok bool) {
	u := &s.Units[i]
	p := s.prof(i)
	tr := s.targetRect(target)
	w, _ := Size(p.Type, u.Form, s.Bases(i))
	aim := nearestPoint(tr, u.Front)
	ang = WheelToward(w, u.Front, u.Facing, aim, chargeWheel)
	front, facing := u.Front, u.Facing
	if ang != 0 {
		// A wheel that would swing the unit into the target stops at
		// the touch: the contact comes in the wheel itself.
		_, dp := Size(p.Type, u.Form, s.Bases(i))
		into := func(a float64) bool {
			f2, face2, _ := Wheel(w, u.Front, u.Facing, a)
			return geom.Overlap(Footprint(p.Type, u.Form, s.Bases(i), f2, face2), tr, geom.Eps)
		}
		// The swing meets the target first at fraction at of the wheel;
		// every wheel at least that far is blocked, so one scan of the
		// whole wheel serves the search below.
		tb := [1]geom.Rect{tr}
		k, at := WheelBlockedAt(w, dp, u.Front, u.Facing, ang, tb[:])
		if k < 0 {
			at = 2
		}
		if into(ang) || at <= 1 {
			lo, hi := 0.0, 1.0
			for range 24 {
				m := (lo + hi) / 2
				if into(ang*m) || m >= at {
					hi = m
				} else {
					lo = m
				}
			}
			ang *= lo
		}
		front, facing, wheelCost = Wheel(w, u.Front, u.Facing, ang)
	}
	r := Footprint(p.Type, u.Form, s.Bases(i), front, facing)
	dir := geom.Heading(facing)
	cb := [1]geom.Rect{tr}
	d, k := MoveLimit(r, dir, 200, cb[:], 0)
	if k != 0 {
		return 0, 0, 0, false
	}
	return ang, wheelCost, d, true
}

// nearestPoint is the point of r nearest to p.
func nearestPoint(r geom.Rect, p geom.Vec) geom.Vec {
	along, across := r.Local(p)
	along = math.Max(-r.HD, math.Min(r.HD, along))
	across = math.Max(-r.HW, math.Min(r.HW, across))
	return r.C.Add(r.F.Scale(along)).Add(r.Right().Scale(across))
}

// canCharge reports whether unit i may declare a charge on target (Charge
// 1): its formation can charge, the target is an enemy unit or camp, and
// a maximum throw of the charge dice would reach it, with room for the
// charge's wheel if it needs one (ruling D-CHARGE-WHEEL).
func (s *State) canCharge(i, target int, supply bool) bool {
	if !s.alive(i) || s.Units[i].Flags&(fInMelee|fInterpen) != 0 {
		return false
	}
	u := &s.Units[i]
	if side, ok := isCamp(target); ok {
		p := s.prof(i)
		if int(u.Side) == side || !s.Camp[side].Placed || s.Camp[side].Lost || p.Type.IsArtillery() {
			return false
		}
	} else if target < 0 || target >= s.st.nu || !s.alive(target) || s.Units[target].Side == u.Side {
		return false
	}
	p := s.prof(i)
	fixed, dice, ok := ChargeDistance(p.Type, u.Form, p.Type.IsIrregular())
	if !ok {
		return false
	}
	reach := float64(fixed + 6*dice)
	if supply {
		reach++
	}
	// No point of the chargers travels further than the wheel's cost
	// plus the straight distance, so a target further off than the reach
	// cannot be met: it is ruled out before the path is worked out.
	if geom.RectDistance(s.rect(i), s.targetRect(target)) > reach+1e-9 {
		return false
	}
	ang, cost, d, ok := s.chargePath(i, target)
	return ok && cost+d <= reach+1e-9 && (ang == 0 || s.chargeWheelFits(i, ang, target))
}

// chargeWheelFits reports whether unit i has room to make a charge's
// wheel of ang degrees towards target: the wheeled footprint is on the
// table and clear of everyone but the target, and nothing is in the way
// of the swing (ruling D-WHEELROOM). A charge without that room cannot be
// declared (ruling D-CHARGE-WHEEL).
func (s *State) chargeWheelFits(i int, ang float64, target int) bool {
	u := &s.Units[i]
	p := s.prof(i)
	w, _ := Size(p.Type, u.Form, s.Bases(i))
	f2, face2, _ := Wheel(w, u.Front, u.Facing, ang)
	r := Footprint(p.Type, u.Form, s.Bases(i), f2, face2)
	return s.onTable(r) && !s.overlapsOther(i, r, target) && s.wheelClear(i, ang, target)
}

// anyCharge reports whether unit i has a target it may charge.
func (s *State) anyCharge(i int) bool {
	for j := range s.st.nu {
		if s.canCharge(i, j, false) {
			return true
		}
	}
	for side := range 2 {
		if s.canCharge(i, campTarget+side, false) {
			return true
		}
	}
	return false
}

// mustEvade and mayEvade say how an open unit answers a charge (Moving
// evading units; Evade 1): it must evade unless it is in terrain or the
// chargers are open themselves, when it may choose; once a turn.
func (s *State) evadeChoice(j, charger int) (must, may bool) {
	u := &s.Units[j]
	if u.Form != Open || u.Flags&fEvaded != 0 {
		return false, false
	}
	if InTerrain(s.rect(j), s.st.sc.Terrain) || s.Units[charger].Form == Open {
		return false, true
	}
	return true, true
}

// chargeSteps are the steps stepCharge resumes at: its cases. DecodeState
// refuses a task at any other step (checkStack, stack.go): the rules never
// set one, and it may match no case and step for ever. A step added or
// renumbered below changes this set too.
var chargeSteps = stepSet(0, 1, 2, 3, 4, 5, 6, 7, 15, 16)

// stepCharge runs a charge (Charge, Prompted 1-7) of unit t.a on t.b.
func (s *State) stepCharge(t *task) {
	i, j := int(t.a), int(t.b)
	_, camp := isCamp(j)
	switch t.step {
	case 0:
		s.Units[i].Charges = min(s.Units[i].Charges+1, 250)
		t.step = 1
		if !camp {
			// The target declares evade or stand before any dice (Evade 1).
			if must, may := s.evadeChoice(j, i); must {
				t.y |= cfEvade
			} else if may {
				t.y |= cfChoose
				s.askFor(int(s.Units[j].Side), askEvade)
			}
		}
	case 1:
		t.step = 2
		if t.y&cfExempt == 0 {
			s.push(task{kind: tTest, a: uint8(i), b: uint8(min(j, 0xfe)), x: int8(TestCharge), y: tfCharger})
		} else {
			s.out = outcome{pass: true}
		}
	case 2:
		if !s.out.pass || !s.alive(i) {
			s.pop() // the charge does not go in; the action point is spent
			return
		}
		t.step = 3
		// Ruling D-EVADE-TEST (Charge 3; Evade 1): a unit that declared
		// it evades takes no charged test: it is not standing to receive
		// the charge that the test is about.
		if !camp && t.y&cfEvade == 0 && s.alive(j) {
			s.push(task{kind: tTest, a: uint8(j), b: uint8(i), x: int8(TestCharge), y: tfCharged})
		} else {
			s.out = outcome{}
		}
	case 3:
		t.step = 4
		if !camp && t.y&cfEvade == 0 && s.out.pass && s.alive(j) && s.Units[j].Flags&fActivated == 0 && s.canShoot(j, i, true) {
			// A charged unit that passed and is loaded may shoot at the
			// chargers before they move (Charge 4), spending its actions.
			// "Passes" is Carry On: a charged unit that Stands holds its
			// ground without shooting (ruling D-CHARGED-STAND).
			t.step = 16
			s.askFor(int(s.Units[j].Side), askReply)
		}
	case 16:
		t.step = 4
		if t.y&cfReply != 0 && s.alive(j) && s.canShoot(j, i, true) {
			s.Units[j].Flags |= fActivated
			s.push(task{kind: tShoot, a: uint8(j), b: uint8(i), y: sfUnprompted})
		}
	case 4:
		t.step = 6
		if t.y&cfEvade != 0 && s.alive(j) {
			// The evader shoots if loaded, then moves (Evade 2-5).
			//
			// Ruling D-EVADE-AP (Shooting (Unprompted): "If the unit does
			// not have any action points remaining, then it cannot do an
			// unprompted shot"): the evade's shot is unprompted, so a
			// unit that has had its activation this turn evades without
			// shooting, as the charged unit's volley (ruling
			// D-UNPROMPTED-AP); it evades all the same ("A unit can evade
			// in response to a charge, even it has no action points").
			u := &s.Units[j]
			spent := u.Flags&fActivated != 0
			u.Flags |= fEvaded | fActivated
			t.step = 5
			if !spent && s.canShoot(j, i, true) {
				s.push(task{kind: tShoot, a: uint8(j), b: uint8(i), y: sfUnprompted | sfEvading})
			}
		}
	case 5:
		t.step = 6
		if s.alive(j) && s.alive(i) {
			fixed, dice, sides, _ := MoveDistance(s.prof(j).Type, Open, MoveEvade)
			t.n = int16(fixed)
			t.step = 15
			s.rollDice(engine.D(dice, sides).Rolled(engine.Player(s.Units[j].Side)), rEvade, uint8(j), uint8(i))
		}
	case 15:
		s.evadeMove(i, j, float64(int(t.n)+s.sumDice()))
		t.step = 6
	case 6:
		if !s.alive(i) || (!camp && !s.alive(j)) {
			s.pop()
			return
		}
		p := s.prof(i)
		fixed, dice, _ := ChargeDistance(p.Type, s.Units[i].Form, p.Type.IsIrregular())
		t.n = int16(fixed)
		if t.y&cfSupply != 0 && s.supplyNear(i) {
			s.Supply[s.Units[i].Side]--
			t.n++
		}
		t.step = 7
		s.rollDice(engine.D(dice, 6).Rolled(engine.Player(s.Units[i].Side)), rChargeDistance, uint8(i), uint8(min(j, 0xff)))
	case 7:
		t := s.pop()
		dist := float64(int(t.n) + s.sumDice())
		if s.chargeMove(i, j, dist) {
			if side, ok := isCamp(j); ok {
				s.loseCamp(side)
				return
			}
			s.Units[i].Flags |= fInMelee
			s.Units[j].Flags |= fInMelee
			var y uint8
			if t.y&cfEvade != 0 {
				y = mfEvaded
			}
			s.push(task{kind: tMelee, a: uint8(i), b: uint8(j), y: y})
		}
	}
}

// chargeMove moves the chargers the full distance possible towards the
// target (Charge 6): the wheel, then straight ahead until contact. It
// reports whether they contacted the target.
func (s *State) chargeMove(i, target int, dist float64) bool {
	u := &s.Units[i]
	p := s.prof(i)
	ang, cost, need, ok := s.chargePath(i, target)
	if !ok {
		return false
	}
	w, _ := Size(p.Type, u.Form, s.Bases(i))
	if cost > dist {
		ang *= dist / cost
		cost = dist
	}
	if ang != 0 {
		if !s.chargeWheelFits(i, ang, target) {
			return false
		}
		u.Front, u.Facing, _ = Wheel(w, u.Front, u.Facing, ang)
		u.Flags |= fMoved
	}
	dir := geom.Heading(u.Facing)
	left := dist - cost
	r := s.rect(i)
	lim := s.edgeLimit(r, dir, left)
	var bl [MaxUnits + 2]geom.Rect
	n := 0
	for k := range s.st.nu {
		if k != i && k != target && s.alive(k) {
			bl[n] = s.rect(k)
			n++
		}
	}
	for side := range 2 {
		if s.Camp[side].Placed && !s.Camp[side].Lost && campTarget+side != target {
			bl[n] = s.campRect(side)
			n++
		}
	}
	if d, _ := MoveLimit(r, dir, lim, bl[:n], 0); d < lim {
		lim = d
	}
	contact := need <= lim+1e-9
	if contact {
		lim = need
	}
	if lim > 0 {
		u.Front = u.Front.Add(dir.Scale(lim))
		u.Flags |= fMoved
	}
	return contact
}

// wheelClear reports whether unit i can wheel by ang degrees without
// running into a unit or camp other than skip on the way (ruling
// D-WHEELROOM: brushing is allowed).
func (s *State) wheelClear(i int, ang float64, skip int) bool {
	u := &s.Units[i]
	w, d := Size(s.prof(i).Type, u.Form, s.Bases(i))
	var bl [MaxUnits + 2]geom.Rect
	n := 0
	for k := range s.st.nu {
		if k != i && k != skip && s.alive(k) {
			bl[n] = s.rect(k)
			n++
		}
	}
	for side := range 2 {
		if s.Camp[side].Placed && !s.Camp[side].Lost && campTarget+side != skip {
			bl[n] = s.campRect(side)
			n++
		}
	}
	return WheelBlocked(w, d, u.Front, u.Facing, ang, bl[:n]) < 0
}

// overlapsOther reports whether r (unit i's footprint) overlaps any unit
// or camp but unit i and the charge target.
func (s *State) overlapsOther(i int, r geom.Rect, target int) bool {
	for k := range s.st.nu {
		if k != i && k != target && s.alive(k) && geom.Overlap(r, s.rect(k), geom.Eps) {
			return true
		}
	}
	return false
}

// evadeMove moves evader j away from charger i (Evade 3-5): it turns to
// face the direction of the charge and moves the distance thrown, without
// changing its footprint, stopping at the table edge and short of units.
func (s *State) evadeMove(i, j int, dist float64) {
	u := &s.Units[j]
	dir := s.rect(j).C.Sub(s.Units[i].Front).Norm()
	if dir.Len2() == 0 {
		dir = geom.Heading(s.Units[i].Facing)
	}
	face := geom.FacingOf(dir)
	// Turn about the centre of the footprint to face the charge direction.
	c := s.rect(j).C
	_, depth := Size(s.prof(j).Type, u.Form, s.Bases(j))
	nf := c.Add(geom.Heading(face).Scale(depth / 2))
	r := Footprint(s.prof(j).Type, u.Form, s.Bases(j), nf, face)
	if s.onTable(r) && !s.blocked(r, j) {
		u.Front, u.Facing = nf, face
	}
	s.straight(j, geom.Heading(u.Facing), dist, passFree)
}
