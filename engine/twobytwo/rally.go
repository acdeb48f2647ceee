package twobytwo

import "github.com/grognard/grognard/engine/tabletop"

// beginRally starts the phasing player's rally phase: every pinned or
// disrupted unit that may attempt a rally does so, in unit order (ruling
// R-RALLYALL: attempting never hurts, so it is not a choice).
func (s *State) beginRally() {
	s.phase = phRally
	s.chUnit = NoUnit
	s.nextRally()
}

// nextRally sets up the next rally die, or moves on to shooting.
func (s *State) nextRally() {
	start := 0
	if s.chUnit != NoUnit {
		start = int(s.chUnit) + 1
	}
	for i := start; i < int(s.n); i++ {
		if mod, ok := s.rallyModifier(i); ok {
			s.chUnit = uint8(i)
			s.chMod = int8(mod)
			s.setChance(chRally, 1)
			return
		}
	}
	s.beginShoot()
}

// resolveRally: "Unit Rallies on a modified score is 5+"; a rally removes
// the pinned or disrupted effect.
func (s *State) resolveRally(d int) {
	i := int(s.chUnit)
	if d+int(s.chMod) >= 5 {
		s.U[i].Stat = Ordered
	}
	s.nextRally()
}

// hqInContact reports whether a friendly HQ is in base contact with unit i
// (ruling R-HQCONTACT).
func (s *State) hqInContact(i int) bool {
	for j := 0; j < int(s.n); j++ {
		if j != i && s.U[j].Loc == LocTable && s.typ(j).IsHQ() && s.side(j) == s.side(i) && s.touching(i, j) {
			return true
		}
	}
	return false
}

// enemyWithin reports whether an enemy on the table is within d of unit i.
func (s *State) enemyWithin(i int, d float64) bool {
	r := s.rect(i)
	for j := 0; j < int(s.n); j++ {
		if s.U[j].Loc != LocTable || s.side(j) == s.side(i) || s.U[j].Pos.Dist(r.C) > d+1.2 {
			continue
		}
		if measure(s.rect(j), r) <= d+1e-9 {
			return true
		}
	}
	return false
}

// inRallyRange: "within 6" of a Corps HQ unit or 3" of a Division HQ unit in
// its chain of command" (ruling R-RALLYRANGE).
func (s *State) inRallyRange(i int) bool {
	r := s.rect(i)
	for hq := s.sc.Units[i].HQ; hq >= 0; hq = s.sc.Units[hq].HQ {
		if s.U[hq].Loc != LocTable {
			continue
		}
		reach := 3.0
		if s.typ(hq) == CorpsHQ {
			reach = 6
		}
		if measure(s.rect(hq), r) <= reach+1e-9 {
			return true
		}
	}
	return false
}

// rallyModifier says whether unit i attempts a rally this phase and with
// what modifier (the rally table of "Rallying").
func (s *State) rallyModifier(i int) (int, bool) { return s.rallyTerms(i, tabletop.Terms{}) }

// rallyTerms is rallyModifier, noting each modifier in t.
func (s *State) rallyTerms(i int, tm tabletop.Terms) (int, bool) {
	u := &s.U[i]
	if u.Loc != LocTable || s.side(i) != s.phasing || (u.Stat != Pinned && u.Stat != Disrupted) {
		return 0, false
	}
	// "Enemy in contact: NP".
	if s.inContactWithEnemy(i) {
		return 0, false
	}
	t := s.typ(i)
	p := s.prof(i)
	self := t.IsHQ()
	hqContact := s.hqInContact(i)
	if !self && !s.inRallyRange(i) {
		return 0, false
	}
	mod := 0
	if s.enemyWithin(i, 2) {
		// "impossible ... if an enemy is within 2" ... Exceptions being Elite
		// units and units whom the HQ is in base to base contact"; an HQ
		// rallying itself may always try (ruling R-HQRALLY).
		if !p.Elite && !hqContact && !self {
			return 0, false
		}
		mod += tm.Add(-2, "enemy within 2\"")
	}
	if t == Militia || s.sc.Units[i].Small {
		mod += tm.Add(-1, "militia or small")
	}
	if u.Stat == Disrupted {
		mod += tm.Add(-1, "disrupted")
	}
	if p.Elite || p.Light {
		mod += tm.Add(1, "elite or light")
	}
	if hqContact {
		mod += tm.Add(1, "HQ in contact")
	}
	if self {
		mod += tm.Add(2, "HQ rallying itself")
	}
	return mod, true
}
