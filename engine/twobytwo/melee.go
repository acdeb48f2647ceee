package twobytwo

import (
	"fmt"
	"math/bits"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
	"github.com/grognard/grognard/engine/tabletop"
)

// beginMelee starts the phasing player's melee phase ("Player 1 Resolves Melees").
func (s *State) beginMelee() {
	s.phase = phMelee
	s.actor = s.phasing
	for i := range s.U[:s.n] {
		s.U[i].Flags &^= fFought
	}
	s.afterMelee()
}

// afterMelee returns to choosing the next melee, or ends the turn when none
// is left.
func (s *State) afterMelee() {
	s.phase, s.actor = phMelee, s.phasing
	for d := 0; d < int(s.n); d++ {
		if s.meleeCandidate(d) {
			return
		}
	}
	s.endHalfTurn()
}

// meleeCandidate (ruling R-MELEEGROUP) reports whether non-phasing unit d is in contact with a
// phasing unit and has not fought this phase.
func (s *State) meleeCandidate(d int) bool {
	u := &s.U[d]
	if u.Loc != LocTable || s.side(d) == s.phasing || u.Flags&fFought != 0 {
		return false
	}
	for a := 0; a < int(s.n); a++ {
		if s.U[a].Loc == LocTable && s.side(a) == s.phasing && s.U[a].Flags&fFought == 0 && s.touching(a, d) {
			return true
		}
	}
	return false
}

func (s *State) applyMelee(a engine.Action) error {
	if a.Kind != KindMelee {
		return fmt.Errorf("choose the next melee to resolve")
	}
	d := int(a.Target)
	if d >= int(s.n) || !s.meleeCandidate(d) {
		return fmt.Errorf("%s is not in a melee waiting to be resolved", s.label(d))
	}
	var att uint64
	for k := 0; k < int(s.n); k++ {
		if s.U[k].Loc == LocTable && s.side(k) == s.phasing && s.U[k].Flags&fFought == 0 && s.touching(k, d) {
			att |= 1 << uint(k)
		}
	}
	s.setupMelee(att, d)
	return nil
}

// setupMelee groups a melee: attackers att (mask, same side) against
// defender d, with column-of-attack supports, and asks for the dice.
func (s *State) setupMelee(att uint64, d int) {
	s.mAttMask, s.mDefMask = att, 1<<uint(d)
	s.mDefPrimary = uint8(d)
	dr := s.rect(d)
	// Primary attacker: the one at the defender's front, else the lowest.
	s.mAttPrimary = uint8(bits.TrailingZeros64(att))
	faces := 0
	for k := 0; k < int(s.n); k++ {
		if att&(1<<uint(k)) == 0 {
			continue
		}
		f := nearestFace(s.rect(k), dr)
		faces |= 1 << uint(f)
		if f == geom.FaceFront {
			s.mAttPrimary = uint8(k)
		}
	}
	// "A unit that is attacked on more than one front is destroyed if it
	// loses a frontal melee."
	s.mMultiFront = bits.OnesCount(uint(faces)) > 1 // ruling R-MULTIFRONT
	if c := s.columnSupport(int(s.mAttPrimary)); c >= 0 {
		s.mAttMask |= 1 << uint(c)
	}
	if c := s.columnSupport(d); c >= 0 {
		s.mDefMask |= 1 << uint(c)
	}
	for k := 0; k < int(s.n); k++ {
		if (s.mAttMask|s.mDefMask)&(1<<uint(k)) != 0 {
			s.U[k].Flags |= fFought
		}
	}
	s.chMod = int8(s.meleeModifier(true))
	s.chMod2 = int8(s.meleeModifier(false))
	s.setChance(chMelee, 2)
}

// columnSupport finds the unit giving "Column of attack" support to
// infantry unit i: directly to its rear in full base contact, of identical
// type, facing the same way, and not itself engaged. The option is always
// taken (ruling R-COLUMN).
func (s *State) columnSupport(i int) int {
	t := s.typ(i)
	if !t.IsInfantry() {
		return -1
	}
	u := &s.U[i]
	want := u.Pos.Sub(u.Dir.Scale(0.5))
	for j := 0; j < int(s.n); j++ {
		o := &s.U[j]
		if j == i || o.Loc != LocTable || s.typ(j) != t || s.side(j) != s.side(i) {
			continue
		}
		if o.Pos.Dist(want) <= 0.05 && o.Dir.Dot(u.Dir) > 0.996 && !s.inContactWithEnemy(j) {
			return j
		}
	}
	return -1
}

// meleeModifier totals the melee modifiers of one side of the current
// melee ("Melee: Modifiers"); it is computed on that side's primary unit
// (ruling R-MELEEPRIMARY).
func (s *State) meleeModifier(attacker bool) int { return s.meleeTerms(attacker, tabletop.Terms{}) }

// meleeTerms is meleeModifier, noting each modifier in tm.
func (s *State) meleeTerms(attacker bool, tm tabletop.Terms) int {
	me, foe := int(s.mAttPrimary), int(s.mDefPrimary)
	myMask := s.mAttMask
	if !attacker {
		me, foe = foe, me
		myMask = s.mDefMask
	}
	t, ft := s.typ(me), s.typ(foe)
	p := s.prof(me)
	us := &s.sc.Units[me]
	m := tm.Add(int(p.MeleeMod), "unit type") // heavy +2, medium +1, warband +1, light cavalry -1, artillery/HQ/light infantry -3
	if p.Elite {
		m += tm.Add(1, "elite")
	}
	foeDisrupted := s.U[foe].Stat == Disrupted
	if foeDisrupted {
		m += tm.Add(2, "enemy disrupted")
	}
	if t == Lancers { // ruling R-LANCER
		if foeDisrupted {
			m += tm.Add(2, "lancers against disrupted")
		}
		if ft.IsCavalry() {
			m += tm.Add(-1, "lancers against cavalry")
		}
	}
	if s.sc.onHill(s.rect(me)) && !s.sc.onHill(s.rect(foe)) {
		m += tm.Add(1, "uphill")
	}
	if s.hqInContact(me) {
		m += tm.Add(1, "HQ in contact")
	}
	// Overlap support: +1 per extra attacker; column support: +1.
	m += tm.Add(bits.OnesCount64(myMask)-1, "support")
	if us.Large {
		m += tm.Add(1, "large unit")
	}
	if us.Small {
		m += tm.Add(-1, "small unit")
	}
	if attacker && s.has(me, fSubsequent) {
		m += tm.Add(-1, "subsequent round")
	}
	if t.IsCavalry() && ft.IsInfantry() && s.U[foe].Stat != Disrupted {
		m += tm.Add(-1, "cavalry against ordered infantry") // ruling R-ORDERED
	}
	if s.has(me, fRoadColumn) && s.side(me) != s.phasing {
		// Road column: "just prior to being contacted" (ruling
		// R-ROADCOLUMN): the unit caught on the road, in the enemy's
		// turn after its own move, not a charger coming down the road.
		m += tm.Add(-2, "caught in road column")
	}
	if t.IsCavalry() && s.sc.inArea(s.U[me].Pos, Town) {
		m += tm.Add(-2, "cavalry in a town")
	}
	return m
}

// resolveMelee: each side rolls 1D6; draws re-roll; the difference decides.
func (s *State) resolveMelee(da, dd int) {
	ta, td := da+int(s.chMod), dd+int(s.chMod2)
	if ta == td {
		s.setChance(chMelee, 2) // "Totals are drawn: Re-roll!"
		return
	}
	diff := ta - td
	loseMask := s.mDefMask
	winner, loser := int(s.mAttPrimary), int(s.mDefPrimary)
	defenderLost := true
	if diff < 0 {
		diff = -diff
		loseMask = s.mAttMask
		winner, loser = loser, winner
		defenderLost = false
	}
	res := diff
	if defenderLost && s.mMultiFront && res < 4 {
		res = 4 // attacked on more than one front: destroyed
	}
	// Alignment before a rout: the loser squares up face to face with the
	// winner, then routs directly away.
	// Every unit on the losing side suffers the result (ruling R-SUPPORTLOSS).
	away := s.U[loser].Dir.Scale(-1)
	if res == 3 {
		away = s.alignTo(loser, winner)
	}
	// Losers farthest from the winner go first, so a column supporter
	// makes room for the unit it backs (ruling R-WITHDRAW).
	for rest := loseMask; rest != 0; {
		k, far := -1, -1.0
		for m := rest; m != 0; m &= m - 1 {
			j := bits.TrailingZeros64(m)
			if d := s.U[j].Pos.Dist(s.U[winner].Pos); d > far {
				k, far = j, d
			}
		}
		rest &^= 1 << uint(k)
		if s.U[k].Loc != LocTable {
			continue
		}
		switch {
		case res == 1:
			s.withdraw(k, winner, 2, false)
		case res == 2:
			s.withdraw(k, winner, s.prof(k).Move, true)
		case res == 3:
			// Every loser touching the winner routs directly away from
			// the face it touches: a flank attacker away from the flank,
			// not along it where the primary loser goes (R-ALIGN). A
			// column supporter behind the loser routs with it.
			dir := away
			if k != loser && s.touching(k, winner) {
				wr := s.rect(winner)
				dir = faceNormal(wr, nearestFace(s.rect(k), wr))
			}
			s.queueRout(k, dir, false)
		default:
			s.destroy(k)
		}
	}
	s.mFollow = NoUnit
	s.mMandatory = false
	if res >= 3 && s.U[winner].Loc == LocTable && s.U[winner].Stat == Ordered {
		s.mFollow = uint8(winner)
		s.mMandatory = res >= 6 && !s.sc.inArea(s.U[winner].Pos, Town)
	}
	s.resume = phMelee
	if s.routN > 0 {
		s.runRouts()
		return
	}
	s.afterMeleeResult()
}

// afterMeleeResult offers the follow-up, if any, once routs are resolved.
func (s *State) afterMeleeResult() {
	if s.checkEnd() {
		return
	}
	w := int(s.mFollow)
	if w == NoUnit || s.U[w].Loc != LocTable {
		s.afterMelee()
		return
	}
	if s.mMandatory {
		s.followUp(w)
		return
	}
	s.phase = phFollowUp
	s.actor = s.side(w)
}

func (s *State) applyFollowUp(a engine.Action) error {
	if a.Kind != KindFollowUp || a.Arg > 1 {
		return fmt.Errorf("choose whether to follow up")
	}
	w := int(s.mFollow)
	s.mFollow = NoUnit
	if a.Arg == 0 {
		s.afterMelee()
		return nil
	}
	s.followUp(w)
	return nil
}

// followUp: "the winner has the option of immediately moving by follow up
// up to a full move directly ahead ... If this follow up move contacts
// another enemy unit then another melee is performed." Ruling R-FOLLOWUP:
// the move goes the full distance straight ahead and stops at the first
// base or impassable ground in the way.
func (s *State) followUp(w int) {
	s.mFollow = NoUnit
	u := &s.U[w]
	d := u.Dir.Scale(s.prof(w).Move)
	bestT, bestJ := s.firstHit(w, d)
	// Stop short of the table edge and impassable terrain (sampled).
	t := s.typ(w)
	lo := 0.0
	for k := 1; k <= 20; k++ {
		// The last sample is bestT itself: bestT*20/20 may round off it,
		// and the move must end exactly where the contact stops it.
		f := bestT
		if k < 20 {
			f = bestT * float64(k) / 20
		}
		r := baseAt(u.Pos.Add(d.Scale(f)), u.Dir)
		if !s.sc.onTableRect(r) || s.sc.rectInArea(r, SteepHill) || (t != LightInfantry && t != Cossacks && s.sc.rectInArea(r, Wood)) {
			bestJ = -1
			break
		}
		lo = f
	}
	u.Pos = u.Pos.Add(d.Scale(lo))
	// bestJ is still set only if every sample up to the contact was clear.
	if bestJ >= 0 && s.side(bestJ) != s.side(w) {
		u.Flags |= fSubsequent
		s.setupMelee(1<<uint(w), bestJ)
		return
	}
	s.afterMelee()
}

// alignTo squares unit i up face to face with unit w's nearest face
// ("the defender aligned himself in front base to base contact with the
// attacker first and THEN routs directly away") and returns the direction
// of the rout. Ruling R-ALIGN: if the squared-up place is taken, the unit
// stays where it is and routs directly away from the face of w it touches,
// as it would have squared up (away from w's centre if it touches none).
func (s *State) alignTo(i, w int) geom.Vec {
	wr := s.rect(w)
	f := nearestFace(s.rect(i), wr)
	n := faceNormal(wr, f)
	u := &s.U[i]
	r := baseAt(wr.FaceCentre(f).Add(n.Scale(0.25+contactTol/2)), n.Scale(-1))
	if s.clearAt(r, s.typ(i), i) {
		u.Pos, u.Dir = r.C, r.F
		return n
	}
	if s.touching(i, w) {
		return n
	}
	away := u.Pos.Sub(wr.C).Norm()
	if away.Len2() == 0 {
		away = u.Dir.Scale(-1)
	}
	return away
}

// withdraw moves loser k away from the winner by dist, facing it
// ("Repulsed", "Recoils"); a unit in a town or wood stays in possession
// (and is disrupted on a recoil). Blocked withdrawals stop short (ruling
// R-WITHDRAW).
func (s *State) withdraw(k, winner int, dist float64, recoil bool) {
	u := &s.U[k]
	if s.sc.inArea(u.Pos, Town) || s.sc.inArea(u.Pos, Wood) {
		if recoil {
			u.Stat = Disrupted
		}
		return
	}
	away := u.Pos.Sub(s.U[winner].Pos).Norm()
	if away.Len2() == 0 {
		away = u.Dir.Scale(-1)
	}
	face := away.Scale(-1)
	if !s.clearAt(baseAt(u.Pos, face), s.typ(k), k) {
		face = u.Dir // no room to turn: it backs away as it stands
	}
	best, moved := u.Pos, false
	for step := 1; step <= 40; step++ {
		p := u.Pos.Add(away.Scale(dist * float64(step) / 40))
		if !s.clearAt(baseAt(p, face), s.typ(k), k) {
			break
		}
		best, moved = p, true
	}
	if moved || face != u.Dir && s.clearAt(baseAt(u.Pos, face), s.typ(k), k) {
		u.Pos, u.Dir = best, face
	}
}

// touchesEnemyOtherThan reports whether base r of unit k touches an enemy.
func (s *State) touchesEnemyOtherThan(r geom.Rect, k, skip int) bool {
	for j := 0; j < int(s.n); j++ {
		if j == skip || s.U[j].Loc != LocTable || s.side(j) == s.side(k) || !baseNear(s.U[j].Pos, r.C) {
			continue
		}
		if geom.RectDistance(r, s.rect(j)) <= contactTol {
			return true
		}
	}
	return false
}

// meleeSpan bounds the margins meleeLossTable holds; beyond it the odds
// no longer change.
const meleeSpan = 12

// meleeOdds tabulates, for each margin mm within meleeSpan, the mean of
// weight(d) over the decided outcomes of the two melee dice, d being the
// margin of the roll (a - b + mm; drawn rolls re-roll, so they are left
// out). MeleeLoss and MeleeHarm are its tables.
func meleeOdds(weight func(d int) float64) (t [2*meleeSpan + 1]float64) {
	for mm := -meleeSpan; mm <= meleeSpan; mm++ {
		sum, decided := 0.0, 0.0
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				d := a - b + mm
				if d == 0 {
					continue
				}
				decided++
				sum += weight(d)
			}
		}
		t[mm+meleeSpan] = sum / decided
	}
	return t
}

// meleeLossTable[mm+meleeSpan] is MeleeLoss(mm): losing by 4 or more
// destroys, by 3 routs, destroyed on 1-2 of the rout die.
var meleeLossTable = meleeOdds(func(d int) float64 {
	switch {
	case d <= -4:
		return 1
	case d == -3:
		return 1.0 / 3
	}
	return 0
})

// MeleeLoss is the expected number of units a side loses in one melee
// when its modifiers exceed the other side's by margin ("Melee": drawn
// dice re-roll; losing by 3 routs the loser, destroyed on 1-2 of the rout
// die; losing by 4 or more destroys it). Agents and the evaluation weigh
// charges with it.
func MeleeLoss(margin int) float64 {
	return meleeLossTable[min(max(margin, -meleeSpan), meleeSpan)+meleeSpan]
}

// UnitMeleeMargin is the difference between the melee modifiers unit i
// and unit j bring from themselves alone ("Melee: Modifiers": type,
// elite, a disrupted enemy, lancers, cavalry against ordered infantry,
// large and small units, a unit caught in road column, cavalry in the town
// it stands in), for agents and evaluations that weigh a charge before it
// is made; hills, HQs and supports are left out.
func (s *State) UnitMeleeMargin(i, j int) int {
	return s.unitMeleeMod(i, j) - s.unitMeleeMod(j, i)
}

// unitMeleeMod is unit me's own melee modifier against foe.
func (s *State) unitMeleeMod(me, foe int) int {
	us, fs := s.Spec(me), s.Spec(foe)
	p := us.Type.Profile()
	m := p.MeleeMod
	if p.Elite {
		m++
	}
	foeDisrupted := s.U[foe].Stat == Disrupted
	if foeDisrupted {
		m += 2
	}
	if us.Type == Lancers {
		if foeDisrupted {
			m += 2
		}
		if fs.Type.IsCavalry() {
			m--
		}
	}
	if us.Large {
		m++
	}
	if us.Small {
		m--
	}
	if us.Type.IsCavalry() && fs.Type.IsInfantry() && !foeDisrupted {
		m--
	}
	return m
}
