package twobytwo

// Advice for agents: the engine's own shooting and melee reckoning, reached
// from outside the package, so that the doctrines and the evaluation weigh
// a shot or a melee with the modifiers the rules will apply (enfilade, HQ
// contact, cover, ...) rather than with a second copy of them that drifts
// when a ruling changes.

// ShotModifier is the total modifier ("Shooting ranges" and "Modifiers")
// of a shot by unit f alone at unit t from where both stand now, as the
// shooting phase would total it, and whether f could fire at t at all
// (range, arc, line of sight, neither in contact with the enemy). stall
// asks for a shot that stalls a charge, which a unit charged in flank or
// rear fires at -2 (ruling R-OUTOFARC). The state is not changed.
func (s *State) ShotModifier(f, t int, stall bool) (m int, ok bool) {
	if f < 0 || t < 0 || f >= int(s.n) || t >= int(s.n) || s.U[f].Loc != LocTable || s.U[t].Loc != LocTable {
		return 0, false
	}
	_, ok = s.canTarget(f, t)
	c := *s
	c.firePrimary, c.fireTarget = uint8(f), uint8(t)
	c.fireMask = 1 << uint(f)
	c.fireStall = stall
	return c.fireModifier(), ok
}

// DeclaredShotModifier is the total modifier of the shot being declared
// now (the primary firer and its supporters so far), as it would be rolled;
// 0 when no shot is being declared.
func (s *State) DeclaredShotModifier() int {
	if s.phase != phSupport || s.fireMask == 0 {
		return 0
	}
	return s.fireModifier()
}

// ShotHarm is the expected harm of one d6 shot at total modifier m
// ("Resolving shooting": 8+ routs, 7 disrupts, 6 pins, 5 halts), a rout
// counted 1, a disruption 1/2 and a pin 1/4.
func ShotHarm(m int) float64 {
	atLeast := func(k int) float64 { // P(d6 + m >= k)
		return float64(min(max(7-k+m, 0), 6)) / 6
	}
	rout, dis, pin := atLeast(8), atLeast(7), atLeast(6)
	return rout + 0.5*(dis-rout) + 0.25*(pin-dis)
}

// MeleeHarm is the expected harm a side suffers in one melee when its
// modifiers exceed the other side's by margin ("Melee: Results", drawn
// dice re-rolled): losing by 1 is repulsed (0.05), by 2 recoils (0.15), by
// 3 routs (destroyed on 1-2 of the rout die, else disrupted: 1/3 + 2/3 of
// 1/2), by 4 or more is destroyed (1). multi is the harm when any lost
// melee destroys (a unit attacked on two faces): the chance of losing. Its
// destroyed part is MeleeLoss(margin).
func MeleeHarm(margin int, multi bool) float64 {
	k := min(max(margin, -meleeSpan), meleeSpan) + meleeSpan
	if multi {
		return meleeHarmMulti[k]
	}
	return meleeHarmTable[k]
}

// meleeHarmTable and meleeHarmMulti hold MeleeHarm by margin: the harm
// of a lost melee by how much it is lost, and for a multi-front melee the
// odds of losing at all.
var (
	meleeHarmTable = meleeOdds(func(d int) float64 {
		switch {
		case d <= -4:
			return 1
		case d == -3:
			return 1.0/3 + 2.0/3*0.5
		case d == -2:
			return 0.15
		case d == -1:
			return 0.05
		}
		return 0
	})
	meleeHarmMulti = meleeOdds(func(d int) float64 {
		if d < 0 {
			return 1
		}
		return 0
	})
)
