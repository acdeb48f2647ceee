package drums

import (
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// Shoot flags (task.y of a tShoot).
const (
	sfSupply     uint8 = 1 << iota // a supply die is added to the pool
	sfUnprompted                   // an unprompted shot (Shooting, Unprompted)
	sfEvading                      // the shooters are evading (Evade 2)
)

// weaponOf is the weapon unit i shoots with in its formation: cavalry
// shoot carbines only dismounted (Formations, Open: "Cavalry armed with
// Carbines can dismount into Open formation"), artillery only unlimbered.
func (s *State) weaponOf(i int) Weapon {
	p := s.prof(i)
	f := s.Units[i].Form
	switch {
	case p.Type.IsArtillery():
		if f != Line {
			return NoWeapon
		}
	case p.Type.IsCavalry():
		if f != Open || p.Weapon != Carbine {
			return NoWeapon
		}
	}
	return p.Weapon
}

// canShoot reports whether unit i may shoot at unit j now (Shooting
// Action 1-6): loaded, armed in its formation, neither in melee, j an
// enemy it can see, in its arc and in range of eligible bases.
func (s *State) canShoot(i, j int, unprompted bool) bool {
	if j < 0 || j >= s.st.nu || !s.alive(i) || !s.alive(j) || s.Units[i].Side == s.Units[j].Side {
		return false
	}
	u := &s.Units[i]
	if u.Flags&fLoaded == 0 || u.Flags&fInMelee != 0 || s.Units[j].Flags&fInMelee != 0 {
		return false
	}
	w := s.weaponOf(i)
	if w == NoWeapon {
		return false
	}
	sr, tr := s.rect(i), s.rect(j)
	long := maxRange(w)
	if Range(sr, tr) > long+1e-9 {
		return false
	}
	if _, ok, _, _ := ShotNeeds(w, Range(sr, tr), unprompted); !ok {
		// A response has its own row of Shooting Table 1: "If the
		// original shooters are out of range, then the opportunity is
		// lost" (Shooting (Unprompted) 2).
		return false
	}
	if u.Form != Square && !InArc(sr, tr) {
		return false
	}
	if EligibleBases(s.prof(i).Type, u.Form, s.Bases(i), u.Front, u.Facing, tr, long) == 0 {
		return false
	}
	return s.visible(i, j)
}

// maxRange is a weapon's long range in BW, read from Shooting Table 1
// (0 for no weapon).
func maxRange(w Weapon) float64 {
	if w >= numWeapons {
		return 0
	}
	return shootTable[w].long
}

// visible reports whether units i and j see each other past the other
// units on the table and sight-blocking terrain.
func (s *State) visible(i, j int) bool {
	var bl [MaxUnits]geom.Rect
	n := 0
	for k := range s.st.nu {
		if k != i && k != j && s.alive(k) {
			bl[n] = s.rect(k)
			n++
		}
	}
	return Visible(s.rect(i), s.rect(j), bl[:n], s.st.sc.Terrain)
}

// shootSteps are the steps stepShoot resumes at: its cases. DecodeState
// refuses a task at any other step (checkStack, stack.go): the rules never
// set one, and it may match no case and step for ever. A step added or
// renumbered below changes this set too.
var shootSteps = stepSet(0, 1, 2)

// stepShoot runs a shooting action (Shooting Action 6-11) of unit t.a at
// unit t.b: the pool from Table 1 and 2a-2d, the throw, the hits, the
// target's resilience test, then an unprompted reply by a target out of
// command, or the shooters' move into the space of a target they broke.
//
// Ruling D-UNPROMPTED-AP (Shooting (Unprompted)): the reply spends the
// target's activation for the turn; a unit that has had its activation has
// no points left to reply with.
func (s *State) stepShoot(t *task) {
	i, j := int(t.a), int(t.b)
	switch t.step {
	case 0:
		if !s.canShoot(i, j, t.y&sfUnprompted != 0) {
			s.pop()
			return
		}
		n, _, _ := s.shotPlan(i, j, t.y)
		t.step = 1
		s.rollDice(engine.D(n, 6).Rolled(engine.Player(s.Units[i].Side)), rShoot, uint8(i), uint8(j))
	case 1:
		_, needs, long := s.shotPlan(i, j, t.y)
		hits, sixes := 0, 0
		for _, v := range s.dice.Values() {
			if int(v) >= needs {
				hits++
			}
			if v == 6 {
				sixes++
			}
		}
		u := &s.Units[i]
		u.Flags &^= fLoaded
		u.Flags |= fShot | fFirstShot
		if t.y&sfEvading != 0 {
			u.Flags |= fNoReload
		}
		u.Shots = min(u.Shots+1, 250)
		guns := s.prof(i).Type.IsArtillery()
		if hits > 0 {
			u.Flags |= fInflicted
			s.Units[j].Flags |= fShotAtHit
		}
		if guns && long && sixes > 0 {
			if k := s.bounceTarget(i, j); k >= 0 {
				s.hit(k, sixes, true)
			}
		}
		before, jr := s.Bases(j), s.rect(j)
		s.hit(j, hits, guns)
		if hits > 0 && hits >= before {
			// Ruling D-RISK-SHOT (Risk to Generals): "receives 1 hit per
			// base from shooting" is one shot's hits at least the bases
			// the target had when it was shot.
			s.riskNear(jr, -1, riskShot)
		}
		t.step = 2
		// Ruling D-SHOT-TEST (Shooting Action 11: "Apply the hits and
		// resolve any outcomes ... check Resilience Test conditions"): a
		// shot that hits its target at least once makes it take a From
		// shooting test; the bounce's hits on a unit beyond (ruling
		// D-BOUNCE) make that unit take none.
		if hits > 0 && s.alive(j) {
			s.push(task{kind: tTest, a: uint8(j), b: uint8(i), x: int8(TestShooting)})
		}
	case 2:
		t := s.pop()
		// Ruling D-OCCUPY-UNPROMPTED (Broken units as a result of
		// shooting): only a prompted shot's shooters may move into the
		// space; a response to a charge or a shot is part of the other
		// side's action, and the move would happen in the middle of it.
		if !s.alive(j) && s.Units[j].Flags&fBroken != 0 && s.alive(i) && t.y&sfUnprompted == 0 {
			s.push(task{kind: tOccupy, a: uint8(i), b: uint8(j), x: 1})
			return
		}
		if t.y&sfUnprompted == 0 && s.alive(j) && s.alive(i) && s.Units[j].Flags&fActivated == 0 && !s.inAnyCommand(j) && s.canShoot(j, i, true) {
			// Shot at when out of command distance: the target must
			// fire back at once at the shooters, using all its action
			// points (Shooting (Unprompted) 2; ruling D-UNPROMPTED-AP).
			s.Units[j].Flags |= fActivated
			s.push(task{kind: tShoot, a: uint8(j), b: uint8(i), y: sfUnprompted})
		}
	}
}

// inAnyCommand reports whether unit i is within command distance of a
// general in its line of command: its sub-general, or its force commander
// at 5BW.
func (s *State) inAnyCommand(i int) bool {
	return s.actionPoints(i) > 0
}

// bounceTarget is the unit an artillery ball bounces into at long range:
// the nearest other unit within 3BW behind the target, seen from the guns
// (ruling D-BOUNCE), or -1.
func (s *State) bounceTarget(i, j int) int {
	from := s.Units[i].Front
	tr := s.rect(j)
	dir := tr.C.Sub(from).Norm()
	best, bd := -1, 1e9
	for k := range s.st.nu {
		if k == i || k == j || !s.alive(k) {
			continue
		}
		kr := s.rect(k)
		if kr.C.Sub(tr.C).Dot(dir) <= 0 {
			continue
		}
		if d := geom.RectDistance(tr, kr); d <= 3 && d < bd && geom.SegRectIntersects(tr.C, tr.C.Add(dir.Scale(3+tr.HD+kr.HD)), kr) {
			best, bd = k, d
		}
	}
	return best
}
