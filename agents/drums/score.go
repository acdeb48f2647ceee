package drums

import (
	"math"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/drums"
	"github.com/grognard/grognard/engine/geom"
)

// score is the doctrine's score of action a (higher is better). Every
// decision kind the rules ask for is scored here; an unknown kind scores
// 0, so a new kind is still played (at random among equals).
func (s *Script) score(a *engine.Action) float64 {
	c := &s.c
	switch a.Kind {
	case drums.KDeploy:
		return s.scoreDeploy(a)
	case drums.KSupply:
		return s.scoreSupply(a)
	case drums.KFirst:
		// The assault takes the first two activations to close; the line
		// gives them so the enemy comes to it.
		if (a.Arg == 0) == (s.doc == Assault) {
			return 1
		}
		return 0
	case drums.KActivate:
		return s.scoreActivate(a)
	case drums.KActivateGeneral:
		return s.scoreActivateGeneral(int(a.Unit))
	case drums.KEvade:
		// [Evade]: the line steps back from a charge; the assault stands.
		if (a.Arg == 1) == (s.doc == Line) {
			return 1
		}
		return 0
	case drums.KOccupy:
		// The assault follows up into the broken unit's space; the line
		// keeps its ground.
		if (a.Arg == 1) == (s.doc == Assault) {
			return 1
		}
		return 0
	case drums.KReply:
		// [Charge 4]: a loaded unit shoots at the chargers: the volley
		// costs it nothing it would keep once in melee.
		if a.Arg == 1 {
			return 1
		}
		return 0
	case drums.KFace:
		// Facing the bigger enemy behind keeps the unit's front to it.
		if a.Arg == 1 {
			return 1
		}
		return 0
	case drums.KAdjust:
		// A forced retire is not worth a supply die.
		if a.Arg == 0 {
			return 1
		}
		return 0
	case drums.KGeneralMove:
		return s.scoreGeneral(int(a.Unit), a.Path[0])
	}
	if c.me < 0 {
		if a.Kind == drums.KPass && int(c.s.CurUnit) >= 100 {
			g := int(c.s.CurUnit) - 100
			if g < c.ng {
				return s.scoreGeneral(g, c.g[g].Pos)
			}
		}
		return 0
	}
	me := &c.u[c.me]
	t := me.Profile.Type
	switch {
	case t.IsArtillery():
		return s.scoreGuns(a)
	case t.IsCavalry():
		return s.scoreCavalry(a)
	}
	return s.scoreFoot(a)
}

// scoreDeploy places commands: the assault puts foot commands in the
// front row, the centre first, and cavalry on the front flanks; the line
// puts foot in the front row nearest the objectives and cavalry in the
// second row as the reserve.
func (s *Script) scoreDeploy(a *engine.Action) float64 {
	c := &s.c
	cmd := int(a.Unit)
	foot, cav := 0, 0
	for i := range c.n {
		v := &c.u[i]
		if v.Side == c.side && v.Command == cmd {
			switch {
			case v.Profile.Type.IsFoot():
				foot++
			case v.Profile.Type.IsCavalry():
				cav++
			}
		}
	}
	col, row := int(a.Arg)%3, int(a.Arg)/3
	sc := 0.0
	cavCmd := cav > foot
	switch {
	case s.doc == Assault && cavCmd:
		sc = -3 * float64(row)
		if col != 1 {
			sc += 2
		}
	case s.doc == Assault:
		sc = -3 * float64(row)
		if col == 1 {
			sc += 2
		}
	case cavCmd: // the line's cavalry reserve
		sc = -3 * math.Abs(float64(row-1))
		if col == 1 {
			sc++
		}
	default:
		sc = -3 * float64(row)
		// Nearest the first objective, by the column's centre.
		if len(c.hold) > 0 {
			w, _ := c.s.TableSize()
			x := w / 3 * (float64(col) + 0.5)
			sc -= math.Abs(x-c.hold[0].Centre.X) / w * 4
		} else if col == 1 {
			sc += 2
		}
	}
	return sc
}

// scoreSupply decides whether a supply die goes into a throw. The dice
// are few and never come back ("cannot be resupplied"), so they go into
// the tests that keep units in the fight, not into scouting or
// initiative; the assault also spends one to win the scouting.
func (s *Script) scoreSupply(a *engine.Action) float64 {
	c := &s.c
	left := c.s.SupplyLeft(c.side)
	want := false
	switch c.s.PhaseName() {
	case "scouting":
		want = s.doc == Assault && left >= 4
	case "initiative", "resilience levels":
		want = false
	default:
		want = left >= 1
	}
	if (a.Arg == 1) == want {
		return 1
	}
	return 0
}

// scoreActivate orders a side's activations: the units nearest the enemy
// first (their charges and shots decide the turn), and a supply die for
// an extra action point only when the assault is close.
func (s *Script) scoreActivate(a *engine.Action) float64 {
	c := &s.c
	i := int(a.Unit)
	d := c.nearestEnemy(i)
	sc := 50 - math.Min(d, 40)
	if a.Arg == 1 {
		if s.doc == Assault && d < 8 && c.s.SupplyLeft(c.side) >= 3 {
			sc += 3
		} else {
			sc -= 3
		}
	}
	return sc
}

// scoreActivateGeneral moves a general before his units when some of
// them, not yet activated, stand out of his command distance ([Command]);
// otherwise after them.
func (s *Script) scoreActivateGeneral(g int) float64 {
	c := &s.c
	gv := &c.g[g]
	out := 0
	for i := range c.n {
		v := &c.u[i]
		if !v.OnTable || v.Side != gv.Side || v.Activated {
			continue
		}
		if gv.Command != drums.NoCommand && v.Command != gv.Command {
			continue
		}
		if !drums.PointWithin(gv.Pos, v.Footprint, gv.Range) {
			out++
		}
	}
	if out > 0 {
		return 60 + 5*float64(out)
	}
	return -10
}

// scoreGeneral scores a general standing at p: his command's units in
// command distance ([Command]; for the force commander the 5BW of his
// single action point and the 3BW of his supply dice), away from enemy
// units (Risk to Generals), and a short walk.
func (s *Script) scoreGeneral(g int, p geom.Vec) float64 {
	c := &s.c
	gv := &c.g[g]
	sc := 0.0
	for i := range c.n {
		v := &c.u[i]
		if !v.OnTable {
			continue
		}
		if v.Side != gv.Side {
			if drums.PointWithin(p, v.Footprint, 3) {
				sc -= 15
			}
			continue
		}
		if gv.Command == drums.NoCommand {
			if drums.PointWithin(p, v.Footprint, 3) {
				sc += 2
			}
			if drums.PointWithin(p, v.Footprint, 5) {
				sc += 1
			}
			continue
		}
		if v.Command == gv.Command {
			if drums.PointWithin(p, v.Footprint, gv.Range) {
				sc += 10
				// The line keeps its objective holders in command: a
				// holder without action points cannot contest the ground
				// it was sent to hold (ruling D-VICTORY's objectives).
				if s.doc == Line && c.isHolder(i) {
					sc += 25
				}
			}
			sc -= 0.05 * rectPointDist(v.Footprint, p)
		}
	}
	return sc - 0.05*p.Dist(gv.Pos)
}

// nearestEnemy is the distance from unit i to the nearest enemy unit.
func (c *view) nearestEnemy(i int) float64 {
	me := &c.u[i]
	d := math.Inf(1)
	for j := range c.n {
		v := &c.u[j]
		if v.OnTable && v.Side != me.Side {
			d = math.Min(d, geom.RectDistance(me.Footprint, v.Footprint))
		}
	}
	return d
}

// rectPointDist is the distance from p to the nearest point of r.
func rectPointDist(r geom.Rect, p geom.Vec) float64 {
	along, across := r.Local(p)
	da := math.Max(0, math.Abs(along)-r.HD)
	dc := math.Max(0, math.Abs(across)-r.HW)
	return math.Hypot(da, dc)
}

// goalDist is how far p is from what an advancing unit makes for: the
// nearest enemy foot (foot: [COA]), or the nearest enemy not in square
// nor terrain (cavalry: [CavOpen]), the enemy baggage camp ([Baggage])
// and the objectives.
func (c *view) goalDist(p geom.Vec, cavalry bool) float64 {
	d := math.Inf(1)
	me := &c.u[c.me]
	for j := range c.n {
		v := &c.u[j]
		if !v.OnTable || v.Side == me.Side {
			continue
		}
		if cavalry {
			if v.Formation == drums.Square || drums.InTerrain(v.Footprint, c.terrain) {
				continue
			}
		} else if !v.Profile.Type.IsFoot() && !math.IsInf(c.dFoot, 1) {
			continue
		}
		d = math.Min(d, rectPointDist(v.Footprint, p))
	}
	if r, on := c.s.CampOf(1 - me.Side); on {
		d = math.Min(d, rectPointDist(r, p))
	}
	for _, h := range c.hold {
		d = math.Min(d, math.Max(0, p.Dist(h.Centre)-h.Radius)+2)
	}
	return d
}

// inRange reports whether weapon w reaches distance d (Shooting Table 1).
func inRange(w drums.Weapon, d float64) bool {
	if w == drums.NoWeapon {
		return false
	}
	_, ok, _, _ := drums.ShotNeeds(w, math.Max(d, 0.01), false)
	return ok
}

// targetValue is what breaking target j is worth: more for a unit
// already hit (a weakened unit breaks sooner) and for guns.
func (c *view) targetValue(j int) float64 {
	v := &c.u[j]
	st := float64(v.Profile.Strength())
	sc := 10 * float64(v.Hits) / math.Max(st, 1)
	if v.Profile.Type.IsArtillery() {
		sc += 5
	}
	return sc
}

// brokenDown reports whether enemy j has lost half its strength: the
// only target the line charges.
func (c *view) brokenDown(j int) bool {
	v := &c.u[j]
	return 2*v.Hits >= v.Profile.Strength()
}

// isHolder reports whether unit i is sent to hold an objective.
func (c *view) isHolder(i int) bool {
	for _, h := range c.holder {
		if h == i {
			return true
		}
	}
	return false
}

// lateContest reports whether enemy j stands on an objective in the last
// three turns of the battle.
func (c *view) lateContest(j int) bool {
	if c.s.Turn() < c.s.TurnLimit()-2 {
		return false
	}
	v := &c.u[j]
	for _, h := range c.hold {
		if geom.RectCircleOverlap(v.Footprint, h.Centre, h.Radius) {
			return true
		}
	}
	return false
}

// turnScore scores a turn: worth making only when the nearest enemy is
// behind the unit's flank.
func (c *view) turnScore() float64 {
	if c.aimAngle > 100 && c.dEnemy < 12 {
		return 25
	}
	return -20
}

// scoreFoot scores a foot unit's declared action.
func (s *Script) scoreFoot(a *engine.Action) float64 {
	c := &s.c
	me := &c.u[c.me]
	threat := c.cavThreat() && c.canSquare()
	switch a.Kind {
	case drums.KReform:
		f := drums.Formation(a.Arg)
		switch {
		case f == drums.Square:
			if threat {
				return 150 // [Square]
			}
			return -50
		case threat:
			return -30
		case s.doc == Assault && f == drums.Column:
			if me.Profile.Doctrines.Has(drums.DocColumnOfAttack) {
				return 70 // [COA]: zealous in column of attack
			}
			return 55
		case s.doc == Line && f == drums.Line:
			return 60
		case me.Formation == drums.Square:
			return 20 // out of a square that no longer needs to be one
		}
		return -30
	case drums.KCharge:
		if a.Target >= 200 {
			return 200 // [Baggage]
		}
		j := int(a.Target)
		sup := supplyCost(a, c)
		if s.doc == Line || c.inHold {
			// The line, and a unit holding an objective, charge only
			// broken-down enemies: a charge leaves the ground it holds.
			// Late in the battle an enemy standing on an objective is
			// charged whatever its state: at the turn limit the side
			// holding more objectives wins (ruling D-VICTORY), so a
			// defence that only shoots loses the battle it has held.
			if c.brokenDown(j) || c.lateContest(j) {
				return 120 + c.targetValue(j) + sup
			}
			return -100
		}
		sc := 100 + c.targetValue(j) + sup
		if c.u[j].Profile.Type.IsCavalry() {
			sc -= 30
		}
		return sc
	case drums.KShoot:
		j := int(a.Target)
		// [COA]: zealous troops "would charge over standing and
		// shooting": the assault shoots only when it cannot close.
		sc := 15.0
		if s.doc == Line {
			sc = 100 // [Cover]: the line holds and shoots
		}
		if c.u[j].Profile.Type.IsCavalry() {
			sc += 10
		}
		return sc + c.targetValue(j) + supplyCost(a, c)
	case drums.KReload:
		if s.doc == Line {
			return 90 // [Reload]
		}
		return 20
	case drums.KAdvance:
		if threat {
			return -40
		}
		return s.advanceScore(a.Path[0], false)
	case drums.KRetire:
		if s.doc == Line && c.cavThreat() && !c.canSquare() {
			return 50 // a charge it cannot meet
		}
		if s.doc == Line && c.dFoot < 3 && !me.Loaded {
			return 30
		}
		return -20
	case drums.KTurn:
		return c.turnScore()
	case drums.KStand:
		return 0
	}
	return -1
}

// supplyCost prices a supply die spent on an action: worth it only with
// dice to spare.
func supplyCost(a *engine.Action, c *view) float64 {
	if a.Arg != 1 {
		return 0
	}
	if c.s.SupplyLeft(c.side) >= 4 {
		return 2
	}
	return -2
}

// advanceScore is a move's gain towards the doctrine's goal from the
// unit's front to p, 5 a BW.
func (s *Script) advanceScore(p geom.Vec, cavalry bool) float64 {
	c := &s.c
	me := &c.u[c.me]
	from := me.Front
	// The foot nearest each objective makes for it and holds it: at the
	// turn limit the objectives decide the battle (ruling D-VICTORY).
	if k := c.holding; k >= 0 {
		h := c.hold[k]
		return 5*(holdDist(from, h)-holdDist(p, h)) - 1
	}
	if s.doc == Assault {
		return 5*(c.goalDist(from, cavalry)-c.goalDist(p, cavalry)) - 1
	}
	// The line closes to its weapon's range and then holds the ground.
	w := me.Profile.Weapon
	// [Cover]: ground that gives cover, or an obstacle to defend (+2 on
	// the tests), is worth reaching and worth keeping.
	cover := 0.0
	if c.coverAt(p) {
		cover += 10
	}
	if c.coverAt(from) {
		cover -= 10
	}
	if inRange(w, c.dEnemy) {
		return -30 + cover
	}
	r := 0.0
	for d := 1.0; d < 30 && inRange(w, d+1); d++ {
		r = d
	}
	gain := math.Max(0, c.enemyDistFrom(from)-r) - math.Max(0, c.enemyDistFrom(p)-r)
	return 5*gain - 1 + cover
}

// coverAt reports whether a unit whose front reaches p stands in cover
// terrain or at an obstacle or fortification (within 1BW of it).
func (c *view) coverAt(p geom.Vec) bool {
	for k := range c.terrain {
		f := &c.terrain[k]
		switch {
		case f.Kind == drums.Obstacle || f.Kind == drums.Fortification:
			if geom.PointPolylineDist(p, f.Points) <= 1 {
				return true
			}
		case f.Kind.Area() && f.Kind.Cover():
			if geom.PointInPolygon(p, f.Points) {
				return true
			}
		}
	}
	return false
}

// holdDist is how far p is inside-out of hold area h (0 well inside).
func holdDist(p geom.Vec, h drums.HoldArea) float64 {
	return math.Max(0, p.Dist(h.Centre)-h.Radius/2)
}

// enemyDistFrom is the distance from p to the nearest enemy unit.
func (c *view) enemyDistFrom(p geom.Vec) float64 {
	me := &c.u[c.me]
	d := math.Inf(1)
	for j := range c.n {
		v := &c.u[j]
		if v.OnTable && v.Side != me.Side {
			d = math.Min(d, rectPointDist(v.Footprint, p))
		}
	}
	return d
}

// scoreCavalry scores a cavalry unit's declared action.
func (s *Script) scoreCavalry(a *engine.Action) float64 {
	c := &s.c
	me := &c.u[c.me]
	switch a.Kind {
	case drums.KCharge:
		if a.Target >= 200 {
			return 200 // [Baggage]
		}
		j := int(a.Target)
		v := &c.u[j]
		if v.Formation == drums.Square {
			return -60 // [Square]
		}
		if drums.InTerrain(v.Footprint, c.terrain) {
			return -40
		}
		sc := 120 + c.targetValue(j) + supplyCost(a, c)
		if v.Profile.Type.IsArtillery() || v.Formation == drums.Open || v.Formation == drums.March {
			sc += 20 // [CavOpen]
		}
		if s.doc == Line {
			// The reserve counter-charges cavalry and finishes broken-down
			// units; it does not throw itself at formed foot.
			switch {
			case v.Profile.Type.IsCavalry():
				sc += 10
			case c.brokenDown(j) || v.Profile.Type.IsArtillery():
			default:
				return -50
			}
		}
		return sc
	case drums.KReform:
		if drums.Formation(a.Arg) == drums.Line && me.Formation != drums.Line {
			return 50
		}
		return -30
	case drums.KAdvance:
		if s.doc == Line {
			// The reserve keeps its distance until there is enemy cavalry to
			// meet within reach of a charge next turn.
			if c.dCav < 14 && c.dCav > 6 {
				return s.advanceScoreCav(a.Path[0])
			}
			return -5
		}
		return s.advanceScoreCav(a.Path[0])
	case drums.KShoot:
		return 10 + supplyCost(a, c)
	case drums.KReload:
		return 5
	case drums.KTurn:
		return c.turnScore()
	case drums.KRetire:
		return -20
	case drums.KStand:
		return 0
	}
	return -1
}

// advanceScoreCav is the assault's move gain for cavalry.
func (s *Script) advanceScoreCav(p geom.Vec) float64 {
	c := &s.c
	from := c.u[c.me].Front
	return 5*(c.goalDist(from, true)-c.goalDist(p, true)) - 1
}

// scoreGuns scores a battery's declared action: shoot, reload, unlimber
// with a target in range, limber and close when there is none (the
// assault only: the line's guns keep their ground).
func (s *Script) scoreGuns(a *engine.Action) float64 {
	c := &s.c
	me := &c.u[c.me]
	w := me.Profile.Weapon
	// A target in range that the battery cannot shoot (out of arc or
	// sight) is no target: turn or move to find one.
	// A limbered battery cannot shoot, so for it a target in range is one.
	in := inRange(w, c.dEnemy) && (c.canShoot || me.Formation == drums.March)
	switch a.Kind {
	case drums.KShoot:
		return 100 + c.targetValue(int(a.Target)) + supplyCost(a, c)
	case drums.KReload:
		return 80
	case drums.KReform:
		f := drums.Formation(a.Arg)
		switch {
		case f == drums.Line && me.Formation != drums.Line && in:
			return 90
		case f == drums.March && me.Formation == drums.Line && !in && s.doc == Assault && !inRange(w, c.dEnemy-4):
			return 30
		}
		return -30
	case drums.KAdvance:
		if in {
			return -20
		}
		gain := c.enemyDistFrom(me.Front) - c.enemyDistFrom(a.Path[0])
		return 5*gain - 1
	case drums.KTurn:
		return c.turnScore()
	case drums.KRetire:
		return -20
	case drums.KStand:
		return 0
	}
	return -1
}
