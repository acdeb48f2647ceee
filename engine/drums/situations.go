package drums

import "github.com/grognard/grognard/engine/geom"

// This file fills the tables' situation structs from the state: what is
// on the table around a unit, what it has done this turn and in the game.

// basesNear counts the bases of unit i's side (its own included) and of
// the enemy within 6BW of it (Resilience Situation: "more friendly bases
// than enemy bases within 6BW").
func (s *State) basesNear(i int) (friends, enemies int) {
	r := s.rect(i)
	side := s.Units[i].Side
	for j := range s.st.nu {
		if !s.alive(j) || !Within(r, s.rect(j), 6) {
			continue
		}
		if s.Units[j].Side == side {
			friends += s.Bases(j)
		} else {
			enemies += s.Bases(j)
		}
	}
	return friends, enemies
}

// generalsNear counts the generals of unit i's line of command (its
// sub-general and its force commander) within 3BW, and among them the
// inspired and the hated (Resilience Situation Adjustment Table).
func (s *State) generalsNear(i int) (n, inspired, hated int) {
	u := &s.Units[i]
	r := s.rect(i)
	for _, g := range [2]int{s.st.genIndex(int(u.Side), u.Cmd), s.st.firstGen[u.Side]} {
		if !s.Gens[g].Alive || !PointWithin(s.Gens[g].Pos, r, 3) {
			continue
		}
		n++
		switch s.st.gens[g].Respect {
		case Inspired:
			inspired++
		case Hated:
			hated++
		}
	}
	return n, inspired, hated
}

// mustTestHold reports whether zealous unit i must take a hold test
// (Hold Test): foot within 3BW of enemy foot, or cavalry within 6BW of
// any enemy not in square or terrain.
func (s *State) mustTestHold(i int) bool {
	p := s.prof(i)
	u := &s.Units[i]
	if !zealous(p.Type, p.Doctrines, u.Form) {
		return false
	}
	r := s.rect(i)
	for j := range s.st.nu {
		if !s.alive(j) || s.Units[j].Side == u.Side {
			continue
		}
		q := s.prof(j)
		jr := s.rect(j)
		switch {
		case p.Type.IsFoot() && q.Type.IsFoot() && Within(r, jr, 3):
			return true
		case p.Type.IsCavalry() && s.Units[j].Form != Square && !InTerrain(jr, s.st.sc.Terrain) && Within(r, jr, 6):
			return true
		}
	}
	return false
}

// holdModifier is the Hold Test adjustments for unit i.
func (s *State) holdModifier(i int) int { return HoldModifier(s.holdSituation(i)) }

// holdSituation is what the Hold Test table reads of unit i.
func (s *State) holdSituation(i int) HoldSituation {
	u := &s.Units[i]
	p := s.prof(i)
	r := s.rect(i)
	inT := InTerrain(r, s.st.sc.Terrain)
	h := HoldSituation{
		Type: p.Type, Level: u.Level, InTerrain: inT,
		Charges:  int(u.Charges),
		Strength: s.strengthLeft(i), StartStrength: p.Strength(),
	}
	h.FriendlyBases, h.EnemyBases = s.basesNear(i)
	targets, inTerrain, outside := 0, 0, 0
	for j := range s.st.nu {
		if !s.canCharge(i, j, false) {
			continue
		}
		targets++
		h.TargetStrength = max(h.TargetStrength, s.strengthLeft(j))
		if InTerrain(s.rect(j), s.st.sc.Terrain) {
			inTerrain++
		} else {
			outside++
		}
	}
	h.OnlyTargetInTerrain = targets == 1 && inTerrain == 1
	h.MayLeaveTerrain = inT && outside > 0
	return h
}

// meleeDice is fighter x's dice against opp this round with bases in the
// fight (Melee Factors Tables), before any supply die (stepMelee adds it).
func (s *State) meleeDice(x, opp, bases int, t *task) int {
	p := s.meleePool(x, opp, bases, t)
	return p.Dice()
}

// meleePool is meleeDice's pool with the rows that made it.
func (s *State) meleePool(x, opp, bases int, t *task) Pool {
	charger := x == int(t.a) && opp == int(t.b)
	u, o := &s.Units[x], &s.Units[opp]
	p, q := s.prof(x), s.prof(opp)
	xr, or := s.rect(x), s.rect(opp)
	ter := s.st.sc.Terrain
	def := Defending(or, u.Front, ter)
	m := MeleeSituation{
		Type: p.Type, Doctrine: p.Doctrines, Level: u.Level, Formation: u.Form,
		Bases: bases, Ranks: Ranks(p.Type, u.Form, s.Bases(x)), OppRanks: Ranks(q.Type, o.Form, s.Bases(opp)),
		InTerrain: InTerrain(xr, ter),
		OppType:   q.Type, OppFormation: o.Form, OppInTerrain: InTerrain(or, ter),
		OppObstacle: def == Obstacle || def == Stream, OppFortification: def == Fortification,
		FirstMeleeOfGame: u.Flags&fMeleeFought == 0,
		Round:            int(t.n) + 1,
		Charger:          charger,
		Uphill:           OnHill(xr, ter) && !OnHill(or, ter),
		Downhill:         charger && OnHill(xr, ter) && !OnHill(or, ter),
		Evaded:           x == int(t.b) && t.y&mfEvaded != 0,
	}
	return MeleePool(m)
}

// shotPlan is unit i's pool, score to hit and range band shooting at j.
//
// Ruling D-MANHANDLE (Shooting Table 2a, "Man-handled gun this turn"): an
// unlimbered battery that moved this turn was man-handled.
func (s *State) shotPlan(i, j int, flags uint8) (dice, needs int, long bool) {
	pool, needs, long := s.shotPool(i, j, flags)
	return pool.Dice(), needs, long
}

// shotPool is shotPlan's pool with the rows that made it; a shot out of
// range has a pool of 2 dice and no rows, and needs 7.
func (s *State) shotPool(i, j int, flags uint8) (pool Pool, needs int, long bool) {
	u, o := &s.Units[i], &s.Units[j]
	p, q := s.prof(i), s.prof(j)
	sr, tr := s.rect(i), s.rect(j)
	w := s.weaponOf(i)
	rng := Range(sr, tr)
	needs, ok, long, _ := ShotNeeds(w, rng, flags&sfUnprompted != 0)
	if !ok {
		return Pool{Base: 2}, 7, long
	}
	hits := 0
	if p.Type.IsArtillery() {
		hits = int(u.Hits) % 6
	}
	sit := ShootSituation{
		Type: p.Type, Doctrine: p.Doctrines, Weapon: w, Formation: u.Form,
		Bases:     EligibleBases(p.Type, u.Form, s.Bases(i), u.Front, u.Facing, tr, maxRange(w)),
		UnitBases: s.Bases(i), StartBases: int(p.Bases),
		Supply:     flags&sfSupply != 0,
		FirstShot:  u.Flags&fFirstShot == 0,
		Long:       long,
		ShotsFired: int(u.Shots),
		Moved:      u.Flags&fMoved != 0 || s.willMove(i),
		Evading:    flags&sfEvading != 0,
		Hits:       hits,
		Unlimbered: u.Flags&fReformed != 0 || s.willReform(i),
		// Man-handling is not modelled: a battery moves only limbered
		// or by its 1D3 unlimbered advance (ruling D-MANHANDLE).
		ManHandled:      p.Type.IsArtillery() && u.Form == Line && u.Flags&fMoved != 0,
		ShotAtAndHit:    u.Flags&fShotAtHit != 0,
		TargetType:      q.Type,
		TargetFormation: o.Form,
		TargetDoctrine:  q.Doctrines,
		TargetMoved:     o.Flags&fMoved != 0,
		TargetInCover:   !q.Type.IsArtillery() && InCover(tr, sr.FaceCentre(geom.FaceFront), s.st.sc.Terrain),
	}
	return ShootPool(sit), needs, long
}

// willMove reports whether unit i's running activation has a move still
// to come ("have moved or will move this turn").
func (s *State) willMove(i int) bool {
	if s.CurUnit != uint8(i) {
		return false
	}
	for k := range int(s.ndecl) {
		if k := s.decl[k].Kind; k == KAdvance || k == KRetire {
			return true
		}
	}
	return false
}

// willReform reports whether unit i's running activation has a formation
// change still to come: for a battery, limbering ("will limber this turn",
// Shooting Table 2a).
func (s *State) willReform(i int) bool {
	if s.CurUnit != uint8(i) {
		return false
	}
	for k := range int(s.ndecl) {
		if s.decl[k].Kind == KReform {
			return true
		}
	}
	return false
}

// testModifier is the Resilience Situation Adjustment for unit i's test
// of kind against unit other (0xff or a camp: none).
func (s *State) testModifier(i int, kind TestKind, other int, flags uint8) int {
	return ResilienceModifier(s.testSituation(i, kind, other, flags))
}

// testSituation is what the Resilience Situation Adjustment Table reads of
// unit i's test of kind against unit other.
func (s *State) testSituation(i int, kind TestKind, other int, flags uint8) ResilienceSituation {
	u := &s.Units[i]
	p := s.prof(i)
	r := s.rect(i)
	ter := s.st.sc.Terrain
	sit := ResilienceSituation{
		Kind: kind, Type: p.Type, Doctrine: p.Doctrines, Level: u.Level, Formation: u.Form,
		Charging:      flags&tfCharger != 0,
		InflictedHits: u.Flags&fInflicted != 0,
		ReceivedHits:  u.Flags&fHit != 0,
		ArtilleryHits: u.Flags&fHitByGuns != 0,
		WonRound:      flags&tfWonRound != 0,
		LostRound:     flags&tfLostRound != 0,
		ForcedRetired: u.Flags&fForcedRetire != 0,
		BaggageLost:   s.Camp[u.Side].Lost,
		Strength:      s.strengthLeft(i), StartStrength: p.Strength(),
	}
	sit.FriendlyBases, sit.EnemyBases = s.basesNear(i)
	sit.Generals, sit.Inspired, sit.Hated = s.generalsNear(i)
	if other >= 0 && other < s.st.nu {
		q := s.prof(other)
		sit.OppType, sit.OppFormation, sit.OppDoctrine = q.Type, s.Units[other].Form, q.Doctrines
		sit.Defending = Defending(r, s.Units[other].Front, ter) != NoTerrain
	} else {
		// Ruling D-DEFEND-TEST (Situation Adjustment Table: "Defending a
		// fortification or obstacle +2 +2 +1"): a test that names no
		// opposing unit (the end of turn test) counts the testers as
		// defending when they defend the feature against any enemy unit
		// (ruling D-DEFEND), as the outcome's Advance reads it.
		sit.Defending = s.defendingAny(i)
	}
	return sit
}

// defendingAny reports whether unit i defends an obstacle or fortification
// against any enemy unit on the table (ruling D-DEFEND).
func (s *State) defendingAny(i int) bool {
	r := s.rect(i)
	for j := range s.st.nu {
		if s.alive(j) && s.Units[j].Side != s.Units[i].Side && Defending(r, s.Units[j].Front, s.st.sc.Terrain) != NoTerrain {
			return true
		}
	}
	return false
}

// outcomeFor reads the Resilience Outcomes Table for unit i. A unit
// defending an obstacle or fortification, or at the edge of terrain (in
// terrain), turns an Advance into Carry On.
func (s *State) outcomeFor(i, score int, kind TestKind, flags uint8) outcome {
	defending := InTerrain(s.rect(i), s.st.sc.Terrain) || s.defendingAny(i)
	o := ResilienceOutcome(score, kind, defending)
	out := outcome{hits: o.Hits}
	switch o.Kind {
	case OutcomeBreak:
		out.brk = true
	case OutcomeForcedRetire:
		out.retire = true
	case OutcomeStand:
		out.stand = true
	case OutcomeCarryOn:
		out.pass = true
	case OutcomeAdvance:
		out.pass, out.advance = true, o.Advance
	}
	return out
}
