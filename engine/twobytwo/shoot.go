package twobytwo

import (
	"fmt"
	"math"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
	"github.com/grognard/grognard/engine/tabletop"
)

// beginShoot starts the shooting phase of the non-phasing player ("Sequence
// of play": player 2 shoots in player 1's turn).
func (s *State) beginShoot() {
	s.phase = phShoot
	s.actor = 1 - s.phasing
	if s.bomb.Active && s.bomb.Side == s.actor {
		s.bomb = bombArea{} // the area lasts until its side shoots again
	}
	for i := range s.U[:s.n] {
		if s.side(i) == s.actor {
			s.U[i].Flags &^= fFired
		}
	}
}

// pendingStall returns a stalled charge whose defender must still fire, as
// (defender, attacker), or (-1, -1).
func (s *State) pendingStall() (int, int) {
	for a := 0; a < int(s.n); a++ {
		u := &s.U[a]
		if u.Loc != LocTable || u.Flags&fStalled == 0 || u.Flags&fStallHit != 0 {
			continue
		}
		d := int(u.StallOn)
		if d != NoUnit && s.U[d].Loc == LocTable && s.U[d].Flags&fFired == 0 && s.canShoot(d) {
			return d, a
		}
	}
	return -1, -1
}

// canShoot reports whether unit i may fire now: a shooting type, not
// disrupted, not yet fired this turn, not in contact with the enemy
// (ruling R-CONTACTFIRE).
func (s *State) canShoot(i int) bool {
	u := &s.U[i]
	return u.Loc == LocTable && s.side(i) == s.actor && s.prof(i).Shoots && u.Stat != Disrupted &&
		u.Flags&fFired == 0 && !s.inContactWithEnemy(i)
}

// fireReach is the longest range of unit i ("Shooting ranges": firearms 1",
// 2" with a skirmish screen; bows 1/2"; artillery its long range; ruling
// R-RANGE).
func (s *State) fireReach(i int) float64 {
	p := s.prof(i)
	us := &s.sc.Units[i]
	switch {
	case p.Long > 0:
		return p.Long
	case us.Bows:
		return 0.5
	case us.Screened:
		return 2
	default:
		return p.Normal
	}
}

// rangeBand is +1 at canister range, 0 at normal, -1 at long ("damage
// modifier"); firearms have a single band (0).
func (s *State) rangeBand(i int, d float64) int {
	p := s.prof(i)
	switch {
	case p.Long == 0:
		return 0
	case d <= p.Canister+1e-9:
		return 1
	case d <= p.Normal+1e-9:
		return 0
	default:
		return -1
	}
}

// shot describes a possible shot of firer f at target t.
type shot struct {
	dist   float64
	ahead  bool // target overlaps the strip straight ahead of the firer
	inArc  bool // measuring point inside the firer's front field of fire
	aimAt  geom.Vec
	origin geom.Vec
}

// sight measures a shot from f to t: range to the centre of t's nearest
// face, from the nearest point of f's front edge; field of fire (ruling
// R-ARC: ahead of the front edge, within 45 degrees outward of each front
// corner); line of sight clear of every other base and blocking terrain.
func (s *State) sight(f, t int) (shot, bool) {
	var sh shot
	fr, tr := s.rect(f), s.rect(t)
	aim := s.measurePoint(t, fr.FaceCentre(geom.FaceFront))
	fa, fb := fr.FaceEnds(geom.FaceFront)
	orig := geom.ClosestOnSeg(aim, fa, fb)
	sh.aimAt, sh.origin = aim, orig
	sh.dist = orig.Dist(aim)
	along, across := fr.Local(aim)
	fwd := along - fr.HD
	sh.inArc = fwd > -1e-9 && math.Abs(across) <= fr.HW+fwd+1e-9
	// Straight ahead: some part of the target lies in front of the frontage.
	for _, c := range tr.Corners() {
		a, x := fr.Local(c)
		if a > fr.HD && math.Abs(x) < fr.HW {
			sh.ahead = true
		}
	}
	if !sh.ahead {
		a, x := fr.Local(tr.C)
		sh.ahead = a > fr.HD && math.Abs(x) < fr.HW+tr.HW
	}
	// Line of sight.
	for j := 0; j < int(s.n); j++ {
		if j == f || j == t || s.U[j].Loc != LocTable {
			continue
		}
		if geom.BeyondSeg(s.U[j].Pos, orig, aim, 0.6) {
			continue
		}
		if geom.SegRectIntersects(orig, aim, s.rect(j)) {
			return sh, false
		}
	}
	if s.sc.blocksSight(orig, aim, fr, tr) {
		return sh, false
	}
	return sh, true
}

// canTarget reports whether f may fire at t ignoring the priority rule.
func (s *State) canTarget(f, t int) (shot, bool) {
	// The range first: it rules out most targets, and the contact test
	// looks at every base.
	if s.U[t].Loc != LocTable || s.side(t) == s.side(f) || s.U[t].Pos.Dist(s.U[f].Pos) > s.fireReach(f)+1.5 || s.inContactWithEnemy(t) {
		return shot{}, false
	}
	sh, ok := s.sight(f, t)
	if !ok || !sh.inArc || sh.dist > s.fireReach(f)+1e-9 {
		return sh, false
	}
	return sh, true
}

// priorityTarget is the target f must fire at if it fires at all: the
// nearest enemy "immediately to its front" (ruling R-PRIORITY), or -1 when
// f may choose freely.
func (s *State) priorityTarget(f int) int {
	best, bd := -1, math.MaxFloat64
	for t := 0; t < int(s.n); t++ {
		if sh, ok := s.canTarget(f, t); ok && sh.ahead && sh.dist < bd {
			best, bd = t, sh.dist
		}
	}
	return best
}

// mayFireAt reports whether f may fire at t in the shooting phase.
func (s *State) mayFireAt(f, t int) bool {
	if !s.canShoot(f) {
		return false
	}
	if _, ok := s.canTarget(f, t); !ok {
		return false
	}
	p := s.priorityTarget(f)
	return p < 0 || p == t
}

func (s *State) applyShoot(a engine.Action) error {
	d, att := s.pendingStall()
	switch a.Kind {
	case KindFire:
		f, t := int(a.Unit), int(a.Target)
		if f >= int(s.n) || t >= int(s.n) {
			return fmt.Errorf("no such unit")
		}
		if d >= 0 {
			if f != d || t != att {
				return fmt.Errorf("%s must first fire at %s, whose charge it stalled", s.label(d), s.label(att))
			}
			s.declareFire(f, t, true)
			return nil
		}
		if !s.mayFireAt(f, t) {
			return fmt.Errorf("%s may not fire at %s (out of range, arc or sight, in contact, already fired, or another enemy is immediately to its front)", s.label(f), s.label(t))
		}
		s.declareFire(f, t, false)
		return nil
	case KindBombard:
		if d >= 0 {
			return fmt.Errorf("%s must first fire at %s, whose charge it stalled", s.label(d), s.label(att))
		}
		return s.applyBombard(a)
	case KindEnd:
		if d >= 0 {
			return fmt.Errorf("%s must first fire at %s, whose charge it stalled", s.label(d), s.label(att))
		}
		s.endShoot()
		return nil
	}
	return fmt.Errorf("fire a unit or end shooting")
}

func (s *State) declareFire(f, t int, stall bool) {
	s.firePrimary, s.fireTarget = uint8(f), uint8(t)
	s.fireMask = 1 << uint(f)
	s.fireStall = stall
	s.phase = phSupport
}

// maySupport (ruling R-SUPPORT): "To be able to be selected as a support, the unit must be
// able to target the enemy unit itself that is to its front and within range."
func (s *State) maySupport(i int) bool {
	if s.fireMask&(1<<uint(i)) != 0 {
		return false
	}
	return s.mayFireAt(i, int(s.fireTarget))
}

func (s *State) applySupport(a engine.Action) error {
	switch a.Kind {
	case KindSupport:
		i := int(a.Unit)
		if i >= int(s.n) || !s.maySupport(i) {
			return fmt.Errorf("%s cannot support this shot", s.label(i))
		}
		s.fireMask |= 1 << uint(i)
		return nil
	case KindResolve:
		s.chMod = int8(s.fireModifier())
		s.setChance(chFire, 1)
		return nil
	}
	return fmt.Errorf("add supporting fire or resolve the shot")
}

// fireModifier totals the shooting modifiers of the declared shot
// ("Shooting ranges" damage modifier and "Modifiers").
func (s *State) fireModifier() int { return s.fireTerms(tabletop.Terms{}) }

// fireTerms is fireModifier, noting each modifier in t.
func (s *State) fireTerms(t tabletop.Terms) int {
	f, tg := int(s.firePrimary), int(s.fireTarget)
	sh, _ := s.sight(f, tg)
	m := t.Add(s.rangeBand(f, sh.dist), "range")
	fs, ts := &s.sc.Units[f], &s.sc.Units[tg]
	fp := s.prof(f)
	tt := s.typ(tg)
	fr, tr := s.rect(f), s.rect(tg)
	// Enfilade +2 / flank +1 (ruling R-FLANK).
	if face := nearestFace(fr, tr); face != geom.FaceFront {
		behind := true
		for _, c := range fr.Corners() {
			if a, _ := tr.Local(c); a > tr.HD-1e-9 {
				behind = false
			}
		}
		if behind {
			m += t.Add(2, "enfilade")
		} else {
			m += t.Add(1, "flank")
		}
	}
	if tt.IsCavalry() {
		m += t.Add(2, "target cavalry")
	}
	if fs.Large {
		m += t.Add(1, "large unit")
	}
	if fs.Screened && !ts.Screened {
		m += t.Add(1, "screened against unscreened")
	}
	if s.hqInContact(f) {
		m += t.Add(1, "HQ in contact")
	}
	if fp.Arm == ArmInfantry && !fs.Bows && s.U[f].Stat != Pinned {
		m += t.Add(1, "first volley") // ruling R-VOLLEY
	}
	support := 0
	for k := 0; k < int(s.n); k++ {
		if k != f && s.fireMask&(1<<uint(k)) != 0 {
			support++ // supporting fire, per extra unit
		}
	}
	m += t.Add(support, "supporting fire")
	if s.U[tg].Stat == Disrupted {
		m += t.Add(1, "target disrupted")
	}
	if s.sc.onHill(fr) && !s.sc.onHill(tr) {
		m += t.Add(1, "target downhill") // ruling R-DOWNHILL
	}
	if fs.Small {
		m += t.Add(-1, "small unit")
	}
	if s.typ(f) == IrregularShooters {
		m += t.Add(-1, "irregular shooters")
	}
	if tt.IsInfantry() {
		m += t.Add(s.sc.coverModifier(tr, s.sc.behindHedge(sh.origin, sh.aimAt)), "target in cover")
	}
	if tt == LightInfantry {
		m += t.Add(-1, "target light infantry")
	}
	if s.fireStall && !sh.inArc {
		m += t.Add(-2, "shooting out of flank or rear") // ruling R-OUTOFARC
	}
	return m
}

// resolveFire applies "Resolving shooting": 8+ rout, 7 disrupted, 6 pinned,
// 5 halted. Light infantry treats any result as pinned. A shot that stalls
// a charge hits every charger stalled on the firer from that aspect.
func (s *State) resolveFire(d int) {
	f, t := int(s.firePrimary), int(s.fireTarget)
	total := d + int(s.chMod)
	for k := 0; k < int(s.n); k++ {
		if s.fireMask&(1<<uint(k)) == 0 {
			continue
		}
		s.U[k].Flags |= fFired
		if s.prof(k).Arm == ArmInfantry && s.U[k].Stat < Pinned {
			s.U[k].Stat = Pinned // "Any Infantry unit that shoots is automatically pinned"
		}
	}
	s.fireMask = 0
	s.phase = phShoot
	s.resume = phShoot
	if !s.fireStall {
		s.shotResult(t, f, total)
	} else {
		for k := 0; k < int(s.n); k++ {
			u := &s.U[k]
			if u.Loc == LocTable && u.Flags&fStalled != 0 && int(u.StallOn) == f {
				if total >= 5 {
					u.Flags |= fStallHit
				}
				s.shotResult(k, f, total)
			}
		}
	}
	if s.routN > 0 {
		s.runRouts()
	}
}

// shotResult applies a shooting total to target t fired on by f.
func (s *State) shotResult(t, f, total int) {
	res := Ordered
	switch {
	case total >= 8:
		res = 4 // rout
	case total == 7:
		res = Disrupted
	case total == 6:
		res = Pinned
	case total == 5:
		res = Halted
	default:
		return
	}
	if s.typ(t) == LightInfantry {
		res = Pinned // ruling R-LIGHTSHOT
	}
	if res == 4 {
		s.queueRout(t, s.U[t].Pos.Sub(s.U[f].Pos).Norm(), true)
		return
	}
	if s.U[t].Stat < res {
		s.U[t].Stat = res
	}
}

// endShoot closes the shooting phase: a stalled charger whose stalling fire
// had no effect closes to contact ("may only close at the end of the
// shooting phase if the shooting fails to stop him").
func (s *State) endShoot() {
	for a := 0; a < int(s.n); a++ {
		u := &s.U[a]
		if u.Flags&fStalled == 0 {
			continue
		}
		hit := u.Flags&fStallHit != 0
		u.Flags &^= fStalled | fStallHit
		d := int(u.StallOn)
		u.StallOn = NoUnit
		if hit || u.Loc != LocTable || d == NoUnit || s.U[d].Loc != LocTable {
			continue
		}
		// Close straight ahead until contact, up to the 1" it was set back
		// (plus a little for a defender that was pushed).
		dv := u.Dir.Scale(1.5)
		bestT, bestJ := s.firstHit(a, dv)
		if bestJ == d {
			u.Pos = u.Pos.Add(dv.Scale(bestT))
		}
	}
	s.beginMelee()
}
