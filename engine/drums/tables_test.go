package drums

import (
	"math"
	"testing"
)

// footVsLine is 6 bases of steady line foot in line fighting a foot line
// in the second round of a melee: no row of the Foot table applies.
func footVsLine() MeleeSituation {
	return MeleeSituation{
		Type: LineFoot, Level: Steady, Formation: Line, Bases: 6, Ranks: 1, OppRanks: 1,
		OppType: LineFoot, OppFormation: Line, Round: 2,
	}
}

// cavVsCav is 4 bases of steady light cavalry in line fighting cavalry in
// line in the second round: no row of the Cavalry table applies.
func cavVsCav() MeleeSituation {
	return MeleeSituation{
		Type: LightCavalry, Level: Steady, Formation: Line, Bases: 4,
		OppType: LightCavalry, OppFormation: Line, Round: 2,
	}
}

func TestMeleeDiceFoot(t *testing.T) {
	cases := []struct {
		name string
		mod  func(m *MeleeSituation)
		want int
	}{
		{"1D6 a base, nothing applies", func(m *MeleeSituation) {}, 6},
		{"no bases in the fight, no dice", func(m *MeleeSituation) { m.Bases = 0 }, 0},
		{"1 base throws the minimum 2D6", func(m *MeleeSituation) { m.Bases = 1 }, 2},
		{"first round of melee fought in the game +2", func(m *MeleeSituation) { m.FirstMeleeOfGame = true }, 8},
		{"supply dice +1", func(m *MeleeSituation) { m.Supply = true }, 7},
		{"determined +1", func(m *MeleeSituation) { m.Level = Determined }, 7},
		{"lackluster -1", func(m *MeleeSituation) { m.Level = Lackluster }, 5},
		{"column of attack vs line: +1 a rank more (3 vs 1)", func(m *MeleeSituation) { m.Formation, m.Ranks = Column, 3 }, 8},
		{"column of attack vs line of as many ranks: nothing", func(m *MeleeSituation) { m.Formation, m.Ranks, m.OppRanks = Column, 2, 2 }, 6},
		{"ruling D-COL-VS-LINE: column vs a cavalry line counts no ranks (+2 vs cavalry only)", func(m *MeleeSituation) {
			m.Formation, m.Ranks, m.OppType = Column, 3, HeavyCavalry
		}, 8},
		{"square fighting cavalry doubles", func(m *MeleeSituation) { m.Formation, m.Bases, m.OppType = Square, 4, LightCavalry }, 8},
		{"square vs foot does not double", func(m *MeleeSituation) { m.Formation, m.Bases = Square, 4 }, 4},
		{"table order: first melee +2 before the square doubles (4 -> 6 -> 12)", func(m *MeleeSituation) {
			m.Formation, m.Bases, m.OppType, m.FirstMeleeOfGame = Square, 4, LightCavalry, true
		}, 12},
		{"column of attack vs cavalry +2", func(m *MeleeSituation) { m.Formation, m.OppType, m.OppFormation = Column, LightCavalry, Line }, 8},
		{"zealous in first melee of a charge +2", func(m *MeleeSituation) { m.Doctrine, m.Round = DocZealous, 1 }, 8},
		{"ruling D-CHARGE-ROUND: zealous charged unit also +2 in round 1", func(m *MeleeSituation) {
			m.Doctrine, m.Round, m.Charger = DocZealous, 1, false
		}, 8},
		{"zealous in later rounds +1", func(m *MeleeSituation) { m.Doctrine, m.Round = DocZealous, 3 }, 7},
		{"COA doctrine in column of attack counts zealous (column vs line of as many ranks)", func(m *MeleeSituation) {
			m.Doctrine, m.Formation, m.Round = DocColumnOfAttack, Column, 1
		}, 8},
		{"COA doctrine in line is not zealous", func(m *MeleeSituation) { m.Doctrine, m.Round = DocColumnOfAttack, 1 }, 6},
		{"any formed foot vs open +2", func(m *MeleeSituation) { m.OppFormation = Open }, 8},
		{"ruling D-FORMED: a column of march is not formed vs open", func(m *MeleeSituation) { m.Formation, m.OppFormation = March, Open }, 6},
		{"guards add 1 in 3 (6 -> 8)", func(m *MeleeSituation) { m.Doctrine = DocGuard }, 8},
		{"guards add 1 in 3 on 5 (5 -> 6)", func(m *MeleeSituation) { m.Doctrine, m.Bases = DocGuard, 5 }, 6},
		{"table order: first melee +2 then guards 1 in 3 (6 -> 8 -> 10)", func(m *MeleeSituation) {
			m.Doctrine, m.FirstMeleeOfGame = DocGuard, true
		}, 10},
		{"fighting uphill, not the chargers, +1 in 3", func(m *MeleeSituation) { m.Uphill = true }, 8},
		{"chargers uphill in the first round: nothing", func(m *MeleeSituation) { m.Uphill, m.Charger, m.Round = true, true, 1 }, 6},
		{"chargers uphill in the second round: +1 in 3", func(m *MeleeSituation) { m.Uphill, m.Charger = true, true }, 8},
		{"chargers charged down hill, first round +1 in 3", func(m *MeleeSituation) { m.Downhill, m.Charger, m.Round = true, true, 1 }, 8},
		{"down hill in the second round: nothing", func(m *MeleeSituation) { m.Downhill, m.Charger = true, true }, 6},
		{"down hill but not the chargers: nothing", func(m *MeleeSituation) { m.Downhill, m.Round = true, 1 }, 6},
		{"ruling D-IRR-TERRAIN: irregular foot in terrain +1 in 3", func(m *MeleeSituation) {
			m.Type, m.Formation, m.InTerrain = IrregularFoot, Open, true
		}, 8},
		{"ruling D-IRR-TERRAIN: irregular foot out of terrain vs foot in terrain: only open -2", func(m *MeleeSituation) {
			m.Type, m.Formation, m.OppInTerrain = IrregularFoot, Open, true
		}, 4},
		{"opponents defending an obstacle remove 1 in 3 (6 -> 4)", func(m *MeleeSituation) { m.OppObstacle = true }, 4},
		{"opponents defending fortifications remove 1 in 2 (6 -> 3)", func(m *MeleeSituation) { m.OppFortification = true }, 3},
		{"ruling D-OBSTACLE-OR: both count only the fortification", func(m *MeleeSituation) { m.OppObstacle, m.OppFortification = true, true }, 3},
		{"open foot not in terrain -2", func(m *MeleeSituation) { m.Formation = Open }, 4},
		{"open foot in terrain: no penalty", func(m *MeleeSituation) { m.Formation, m.InTerrain = Open, true }, 6},
		{"open foot who evaded, first round: -2 then remove 1 in 3 (6 -> 4 -> 3)", func(m *MeleeSituation) {
			m.Formation, m.Evaded, m.Round = Open, true, 1
		}, 3},
		{"hand to hand weapons add 1 in 3", func(m *MeleeSituation) { m.Doctrine = DocHandToHand }, 8},
		{"everything bad: lackluster, vs fortification, open: minimum 2", func(m *MeleeSituation) {
			m.Level, m.OppFortification, m.Formation = Lackluster, true, Open
		}, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := footVsLine()
			c.mod(&m)
			if got := MeleeDice(m); got != c.want {
				p := MeleePool(m)
				t.Errorf("got %d dice, want %d (rows %+v)", got, c.want, p.Applied())
			}
		})
	}
}

func TestMeleeDiceCavalry(t *testing.T) {
	cases := []struct {
		name string
		mod  func(m *MeleeSituation)
		want int
	}{
		{"1D6 a base, nothing applies", func(m *MeleeSituation) {}, 4},
		{"first round of melee in the game +2", func(m *MeleeSituation) { m.FirstMeleeOfGame = true }, 6},
		{"first round of melee in the game vs a square: no +2, remove 1 in 2", func(m *MeleeSituation) {
			m.FirstMeleeOfGame, m.OppType, m.OppFormation = true, LineFoot, Square
		}, 2},
		{"supply +1", func(m *MeleeSituation) { m.Supply = true }, 5},
		{"determined +1", func(m *MeleeSituation) { m.Level = Determined }, 5},
		{"lackluster -1", func(m *MeleeSituation) { m.Level = Lackluster }, 3},
		{"vs foot not in square, not in terrain +1 in 2", func(m *MeleeSituation) { m.OppType = LineFoot }, 6},
		{"vs foot in terrain: no bonus", func(m *MeleeSituation) { m.OppType, m.OppInTerrain = LineFoot, true }, 4},
		{"heavy cavalry first melee of a charge +2", func(m *MeleeSituation) { m.Type, m.Round = HeavyCavalry, 1 }, 6},
		{"heavy cavalry first melee vs foot line: +1 in 2 then +2 (4 -> 6 -> 8)", func(m *MeleeSituation) {
			m.Type, m.Round, m.OppType = HeavyCavalry, 1, LineFoot
		}, 8},
		{"heavy cavalry first melee vs a square: no +2, remove 1 in 2", func(m *MeleeSituation) {
			m.Type, m.Round, m.OppType, m.OppFormation = HeavyCavalry, 1, LineFoot, Square
		}, 2},
		{"formed cavalry vs open doubles, after the rows above (4 -> 6 -> 8 -> 16)", func(m *MeleeSituation) {
			m.Type, m.Round, m.OppType, m.OppFormation = HeavyCavalry, 1, LightFoot, Open
		}, 16},
		{"ruling D-FORMED: cavalry in column of march does not double vs open, and loses 2", func(m *MeleeSituation) {
			m.Formation, m.OppType, m.OppFormation = March, LightFoot, Open
		}, 4},
		{"heavy cavalry in later rounds +1", func(m *MeleeSituation) { m.Type = HeavyCavalry }, 5},
		{"lancers in first melee of a charge +2", func(m *MeleeSituation) { m.Doctrine, m.Round = DocLancer, 1 }, 6},
		{"lancers in later rounds: nothing", func(m *MeleeSituation) { m.Doctrine = DocLancer }, 4},
		{"irregular cavalry in terrain +2 (vs irregular cavalry, no penalty)", func(m *MeleeSituation) {
			m.Type, m.InTerrain, m.OppType = IrregularCavalry, true, IrregularCavalry
		}, 6},
		{"ruling D-IRR-CAV-VS: irregular cavalry vs formed cavalry remove 1 in 2", func(m *MeleeSituation) { m.Type = IrregularCavalry }, 2},
		{"ruling D-IRR-CAV-VS: irregular cavalry vs foot line: +1 in 2 then remove 1 in 2 (4 -> 6 -> 3)", func(m *MeleeSituation) {
			m.Type, m.OppType = IrregularCavalry, LineFoot
		}, 3},
		{"ruling D-IRR-CAV-VS: irregular cavalry vs open foot: no penalty", func(m *MeleeSituation) {
			m.Type, m.Formation, m.OppType, m.OppFormation = IrregularCavalry, Open, IrregularFoot, Open
		}, 6},
		{"cavalry vs foot square remove 1 in 2 (6 bases -> 3)", func(m *MeleeSituation) {
			m.Bases, m.OppType, m.OppFormation = 6, LineFoot, Square
		}, 3},
		{"zealous first melee +2", func(m *MeleeSituation) { m.Doctrine, m.Round = DocZealous, 1 }, 6},
		{"zealous later rounds +1", func(m *MeleeSituation) { m.Doctrine = DocZealous }, 5},
		{"guards add 1 in 3 (6 bases -> 8)", func(m *MeleeSituation) { m.Doctrine, m.Bases = DocGuard, 6 }, 8},
		{"fighting uphill +1 in 3", func(m *MeleeSituation) { m.Uphill, m.Bases = true, 6 }, 8},
		{"charged down hill +1 in 3", func(m *MeleeSituation) { m.Downhill, m.Charger, m.Round, m.Bases = true, true, 1, 6 }, 8},
		{"opponents defending an obstacle remove 1 in 3", func(m *MeleeSituation) { m.OppObstacle, m.Bases = true, 6 }, 4},
		{"opponents defending fortifications remove 1 in 2", func(m *MeleeSituation) { m.OppFortification, m.Bases = true, 6 }, 3},
		{"column of march in melee -2", func(m *MeleeSituation) { m.Formation, m.Bases = March, 6 }, 4},
		{"open cavalry who evaded, first round, remove 1 in 3", func(m *MeleeSituation) {
			m.Type, m.Formation, m.Evaded, m.Round, m.Bases, m.OppType = IrregularCavalry, Open, true, 1, 6, IrregularCavalry
		}, 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := cavVsCav()
			c.mod(&m)
			if got := MeleeDice(m); got != c.want {
				p := MeleePool(m)
				t.Errorf("got %d dice, want %d (rows %+v)", got, c.want, p.Applied())
			}
		})
	}
}

func TestMeleeDiceArtillery(t *testing.T) {
	base := MeleeSituation{Type: FieldArtillery, Level: Steady, Formation: Line, Bases: 2, OppType: HeavyCavalry, OppFormation: Line, Round: 1}
	cases := []struct {
		name string
		mod  func(m *MeleeSituation)
		want int
	}{
		{"1D6 a model", func(m *MeleeSituation) { m.Bases = 3 }, 3},
		{"first round of melee in the game: no advantage", func(m *MeleeSituation) { m.FirstMeleeOfGame, m.Bases = true, 3 }, 3},
		{"supply +1", func(m *MeleeSituation) { m.Supply = true }, 3},
		{"guards add 1 dice (not 1 in 3)", func(m *MeleeSituation) { m.Doctrine = DocGuard }, 3},
		{"column of march -2, minimum 2", func(m *MeleeSituation) { m.Formation, m.Bases = March, 3 }, 2},
		{"ruling D-ART-MELEE: the cavalry rows never apply (vs foot line, heavy type rows)", func(m *MeleeSituation) {
			m.OppType, m.Bases = LineFoot, 3
		}, 3},
		{"determined and lackluster are not artillery rows", func(m *MeleeSituation) { m.Level, m.Bases = Determined, 3 }, 3},
		{"a general (no type) does not fight", func(m *MeleeSituation) { m.Type = NoType }, 0},
		{"position artillery reads the same table", func(m *MeleeSituation) { m.Type, m.Supply, m.Bases = PositionArtillery, true, 3 }, 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := base
			c.mod(&m)
			if got := MeleeDice(m); got != c.want {
				p := MeleePool(m)
				t.Errorf("got %d dice, want %d (rows %+v)", got, c.want, p.Applied())
			}
		})
	}
}

func TestMeleePoolRowsInTableOrder(t *testing.T) {
	m := footVsLine()
	m.FirstMeleeOfGame, m.Supply, m.Level, m.Doctrine, m.OppObstacle = true, true, Determined, DocGuard, true
	p := MeleePool(m)
	want := []string{rowFirstMelee, rowSupply, rowDetermined, rowGuard, rowOppObstacle}
	got := p.Applied()
	if len(got) != len(want) {
		t.Fatalf("rows %+v, want %v", got, want)
	}
	for i := range want {
		if got[i].Row != want[i] {
			t.Errorf("row %d is %q, want %q", i, got[i].Row, want[i])
		}
	}
	// 6 +2 +1 +1 = 10, guards 1 in 3 -> 13, obstacle remove 1 in 3 -> 9.
	if p.Dice() != 9 {
		t.Errorf("dice %d, want 9", p.Dice())
	}
}

func TestMeleeHitsAndOutcome(t *testing.T) {
	if got := MeleeHits([]int{1, 2, 3, 4, 5, 6, 4}); got != 4 {
		t.Errorf("MeleeHits: got %d, want 4 (4+ hits)", got)
	}
	if got := MeleeHits(nil); got != 0 {
		t.Errorf("MeleeHits(nil) = %d", got)
	}
	if got := CountHits([]uint8{6, 5, 4, 3}, 5); got != 2 {
		t.Errorf("CountHits at 5+: got %d, want 2", got)
	}
	cases := []struct {
		name       string
		a, b       int
		want       MeleeResult
		wantIsDraw bool
	}{
		{"A wins 5 to 2: B takes the difference 3, A takes 1", 5, 2, MeleeResult{Winner: 0, HitsOnA: 1, HitsOnB: 3}, false},
		{"B wins 4 to 1", 1, 4, MeleeResult{Winner: 1, HitsOnA: 3, HitsOnB: 1}, false},
		{"A wins 1 to 0: each takes 1", 1, 0, MeleeResult{Winner: 0, HitsOnA: 1, HitsOnB: 1}, false},
		{"draw 3 all: 1 hit each only", 3, 3, MeleeResult{Winner: -1, HitsOnA: 1, HitsOnB: 1}, true},
		{"draw 0 all: still 1 hit each", 0, 0, MeleeResult{Winner: -1, HitsOnA: 1, HitsOnB: 1}, true},
		{"negative hits count as 0", -2, 2, MeleeResult{Winner: 1, HitsOnA: 2, HitsOnB: 1}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := MeleeOutcome(c.a, c.b)
			if got != c.want || got.Draw() != c.wantIsDraw {
				t.Errorf("MeleeOutcome(%d, %d) = %+v, want %+v", c.a, c.b, got, c.want)
			}
		})
	}
}

func TestShotNeeds(t *testing.T) {
	type res struct {
		needs            int
		ok, long, bounce bool
	}
	cases := []struct {
		name       string
		w          Weapon
		d          float64
		unprompted bool
		want       res
	}{
		{"carbine short 1BW/4+", Carbine, 1, false, res{4, true, false, false}},
		{"carbine long 3BW/6", Carbine, 2.5, false, res{6, true, true, false}},
		{"carbine past 3BW", Carbine, 3.01, false, res{}},
		{"carbine response 1BW/5+", Carbine, 0.5, true, res{5, true, false, false}},
		{"ruling D-UNPROMPTED: carbine response has no long range", Carbine, 2, true, res{}},
		{"smooth bore short 2BW/4+", SmoothBore, 2, false, res{4, true, false, false}},
		{"ruling D-RANGE: smooth bore just past short is long, 6", SmoothBore, 2.001, false, res{6, true, true, false}},
		{"ruling D-RANGE: smooth bore at exactly 6BW is long range", SmoothBore, 6, false, res{6, true, true, false}},
		{"smooth bore out of range", SmoothBore, 6.5, false, res{}},
		{"smooth bore response 2BW/5+", SmoothBore, 1, true, res{5, true, false, false}},
		{"ruling D-UNPROMPTED: smooth bore response has no long range", SmoothBore, 4, true, res{}},
		{"rifle short 2BW/3+", Rifle, 1.5, false, res{3, true, false, false}},
		{"rifle long 6BW/5+", Rifle, 5, false, res{5, true, true, false}},
		{"rifle response short 4+", Rifle, 2, true, res{4, true, false, false}},
		{"rifle response long 6", Rifle, 6, true, res{6, true, true, false}},
		{"minie short 4BW/3+", Minie, 4, false, res{3, true, false, false}},
		{"minie long 12BW/5+", Minie, 11, false, res{5, true, true, false}},
		{"minie past 12BW", Minie, 12.5, false, res{}},
		{"minie response 4BW/4+", Minie, 3, true, res{4, true, false, false}},
		{"minie response 12BW/6", Minie, 12, true, res{6, true, true, false}},
		{"field gun short 6BW/3+, no bounce", FieldGun, 6, false, res{3, true, false, false}},
		{"field gun long 24BW/5+ bounces", FieldGun, 20, false, res{5, true, true, true}},
		{"field gun past 24BW", FieldGun, 24.5, false, res{}},
		{"ruling D-UNPROMPTED: field gun responds with its ordinary scores", FieldGun, 10, true, res{5, true, true, true}},
		{"ruling D-BOUNCE: position gun long range bounces too", PositionGun, 9, false, res{5, true, true, true}},
		{"position gun short 8BW/3+", PositionGun, 7.5, false, res{3, true, false, false}},
		{"position gun long 30BW/5+ bounces", PositionGun, 30, false, res{5, true, true, true}},
		{"position gun past 30BW", PositionGun, 31, false, res{}},
		{"point blank 0BW is short range", SmoothBore, 0, false, res{4, true, false, false}},
		{"no weapon never shoots", NoWeapon, 1, false, res{}},
		{"an unknown weapon never shoots", Weapon(200), 1, false, res{}},
		{"a negative distance is refused", Rifle, -1, false, res{}},
		{"NaN is refused", Rifle, math.NaN(), false, res{}},
		{"infinity is out of range", Rifle, math.Inf(1), false, res{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var g res
			g.needs, g.ok, g.long, g.bounce = ShotNeeds(c.w, c.d, c.unprompted)
			if g != c.want {
				t.Errorf("ShotNeeds(%d, %v, %v) = %+v, want %+v", c.w, c.d, c.unprompted, g, c.want)
			}
		})
	}
}

func TestBounceHits(t *testing.T) {
	// Ruling D-BOUNCE: the unit behind takes a hit a 6 of the same throw.
	if got := BounceHits([]uint8{6, 5, 6, 1, 3}); got != 2 {
		t.Errorf("ruling D-BOUNCE: two 6s bounce %d hits, want 2", got)
	}
	if BounceRange != 3 || BounceNeeds != 6 {
		t.Errorf("bounce %vBW/%d, want 3BW/6", BounceRange, BounceNeeds)
	}
}

func TestCanShoot(t *testing.T) {
	cases := []struct {
		name string
		t    Type
		f    Formation
		w    Weapon
		want bool
	}{
		{"line foot with muskets in line", LineFoot, Line, SmoothBore, true},
		{"line foot in square", LineFoot, Square, SmoothBore, true},
		{"light foot with rifles in open", LightFoot, Open, Rifle, true},
		{"foot in column of march", LineFoot, March, SmoothBore, true},
		{"H2H foot have no weapon", IrregularFoot, Open, NoWeapon, false},
		{"carbine cavalry dismounted in open", LightCavalry, Open, Carbine, true},
		{"carbine cavalry mounted in line do not shoot", LightCavalry, Line, Carbine, false},
		{"cavalry without carbines never shoot", HeavyCavalry, Line, NoWeapon, false},
		{"cavalry with muskets (bad data) do not shoot", HeavyCavalry, Open, SmoothBore, false},
		{"foot with carbines (bad data) do not shoot", LineFoot, Line, Carbine, false},
		{"deployed field battery", FieldArtillery, Line, FieldGun, true},
		{"limbered battery does not shoot", FieldArtillery, March, FieldGun, false},
		{"position battery", PositionArtillery, Line, PositionGun, true},
		{"foot with guns (bad data)", LineFoot, Line, FieldGun, false},
		{"no formation", LineFoot, NoFormation, SmoothBore, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := CanShoot(c.t, c.f, c.w); got != c.want {
				t.Errorf("CanShoot = %v, want %v", got, c.want)
			}
		})
	}
}

func TestShootDice(t *testing.T) {
	line := ShootSituation{Type: LineFoot, Weapon: SmoothBore, Formation: Line, Bases: 6, UnitBases: 6, StartBases: 6,
		TargetType: LineFoot, TargetFormation: Line}
	open := ShootSituation{Type: LightFoot, Weapon: Rifle, Formation: Open, Bases: 6, UnitBases: 6, StartBases: 6,
		TargetType: LineFoot, TargetFormation: Line}
	march := ShootSituation{Type: LineFoot, Weapon: SmoothBore, Formation: March, Bases: 6, UnitBases: 6, StartBases: 6,
		TargetType: LineFoot, TargetFormation: Line}
	guns := ShootSituation{Type: FieldArtillery, Weapon: FieldGun, Formation: Line, Bases: 4, UnitBases: 4, StartBases: 4,
		TargetType: LineFoot, TargetFormation: Line}
	cases := []struct {
		name string
		base ShootSituation
		mod  func(s *ShootSituation)
		want int
	}{
		// Shooting Table 1 and the supply die.
		{"formed: 1D6 an eligible base", line, func(s *ShootSituation) {}, 6},
		{"only the eligible bases shoot", line, func(s *ShootSituation) { s.Bases = 3 }, 3},
		{"1 eligible base: minimum 2", line, func(s *ShootSituation) { s.Bases = 1 }, 2},
		{"no eligible base: no dice", line, func(s *ShootSituation) { s.Bases = 0 }, 0},
		{"supply before the table: 5 +1 then target moved 1 in 3 (6 -> 4)", line, func(s *ShootSituation) {
			s.Bases, s.Supply, s.TargetMoved = 5, true, true
		}, 4},
		{"cavalry without carbines: no dice", line, func(s *ShootSituation) { s.Type, s.Weapon = HeavyCavalry, NoWeapon }, 0},
		{"limbered battery: no dice", guns, func(s *ShootSituation) { s.Formation = March }, 0},
		// Table 2c: formed.
		{"2c first time shooting +2", line, func(s *ShootSituation) { s.FirstShot = true }, 8},
		{"2c target uses LCOY and shooters do not -1", line, func(s *ShootSituation) { s.TargetDoctrine = DocLightCompany }, 5},
		{"2c target and shooters both LCOY: nothing", line, func(s *ShootSituation) {
			s.TargetDoctrine, s.Doctrine = DocLightCompany, DocLightCompany
		}, 6},
		{"ruling D-SHOTS-FIRED: 2c fired 3 times before -1", line, func(s *ShootSituation) { s.ShotsFired = 3 }, 5},
		{"ruling D-SHOTS-FIRED: 2c fired twice before: nothing", line, func(s *ShootSituation) { s.ShotsFired = 2 }, 6},
		{"2c target moved remove 1 in 3", line, func(s *ShootSituation) { s.TargetMoved = true }, 4},
		{"2c target open at long range remove 1 in 2", line, func(s *ShootSituation) { s.TargetFormation, s.Long = Open, true }, 3},
		{"2c target open at short range: nothing", line, func(s *ShootSituation) { s.TargetFormation = Open }, 6},
		{"2c target in cover remove 1 in 2 (at any range)", line, func(s *ShootSituation) { s.TargetInCover = true }, 3},
		{"2c shooters moved -2", line, func(s *ShootSituation) { s.Moved = true }, 4},
		{"2c two rank doctrine at close range add 1 in 3", line, func(s *ShootSituation) { s.Doctrine = DocTwoRank }, 8},
		{"2c two rank doctrine at long range: nothing", line, func(s *ShootSituation) { s.Doctrine, s.Long = DocTwoRank, true }, 6},
		{"ruling D-LOST-BASES: 2c lost 1 of 6 bases (83%) +1, third rank steps up", line, func(s *ShootSituation) {
			s.UnitBases, s.Bases = 5, 5
		}, 6},
		{"2c lost 1 of 4 bases (exactly 75%) +1", line, func(s *ShootSituation) { s.UnitBases, s.StartBases, s.Bases = 3, 4, 3 }, 4},
		{"2c lost 2 of 6 bases (67%): nothing", line, func(s *ShootSituation) { s.UnitBases, s.Bases = 4, 4 }, 4},
		{"2c lost bases with two rank doctrine: nothing", line, func(s *ShootSituation) {
			s.UnitBases, s.Bases, s.Doctrine, s.Long = 5, 5, DocTwoRank, true
		}, 5},
		{"2c square shoots as formed", line, func(s *ShootSituation) { s.Formation, s.FirstShot = Square, true }, 8},
		{"2c table order: first +2, moved 1 in 3, cover 1 in 2, moved -2 (8 -> 6 -> 3 -> 1 -> 2)", line, func(s *ShootSituation) {
			s.FirstShot, s.TargetMoved, s.TargetInCover, s.Moved = true, true, true, true
		}, 2},
		// Table 2b: open.
		{"2b first time shooting +2", open, func(s *ShootSituation) { s.FirstShot = true }, 8},
		{"2b target uses LCOY -1 even if shooters do", open, func(s *ShootSituation) {
			s.TargetDoctrine, s.Doctrine = DocLightCompany, DocLightCompany
		}, 5},
		{"2b target moved -1", open, func(s *ShootSituation) { s.TargetMoved = true }, 5},
		{"2b target open at long range remove 1 in 3", open, func(s *ShootSituation) { s.TargetFormation, s.Long = Open, true }, 4},
		{"2b target in cover at long range remove 1 in 2", open, func(s *ShootSituation) { s.TargetInCover, s.Long = true, true }, 3},
		{"2b target in cover at short range: nothing", open, func(s *ShootSituation) { s.TargetInCover = true }, 6},
		{"2b shooters evading remove 1 in 3", open, func(s *ShootSituation) { s.Evading = true }, 4},
		{"2b shooters moved: no disadvantage", open, func(s *ShootSituation) { s.Moved = true }, 6},
		{"2b dismounted carbine cavalry shoot from table 2b", open, func(s *ShootSituation) {
			s.Type, s.Weapon, s.Bases, s.TargetMoved = LightCavalry, Carbine, 4, true
		}, 3},
		// Table 2d: column of march.
		{"2d first shot adds 0; in column of march remove 1 in 2", march, func(s *ShootSituation) { s.FirstShot = true }, 3},
		{"2d target moved remove 1 in 2 (6 -> 3 -> 2)", march, func(s *ShootSituation) { s.TargetMoved = true }, 2},
		{"2d 8 bases, target in cover (8 -> 4 -> 2)", march, func(s *ShootSituation) { s.Bases, s.TargetInCover = 8, true }, 2},
		{"2d 8 bases, open at long range (8 -> 4 -> 2)", march, func(s *ShootSituation) {
			s.Bases, s.TargetFormation, s.Long = 8, Open, true
		}, 2},
		{"2d target LCOY -1 (8 -> 4 -> 3)", march, func(s *ShootSituation) { s.Bases, s.TargetDoctrine = 8, DocLightCompany }, 3},
		// Table 2a: artillery.
		{"2a 1D6 a model", guns, func(s *ShootSituation) {}, 4},
		{"2a first time shooting +2", guns, func(s *ShootSituation) { s.FirstShot = true }, 6},
		{"2a target is foot square add 1 in 3 (6 -> 8)", guns, func(s *ShootSituation) {
			s.Bases, s.TargetFormation = 6, Square
		}, 8},
		{"ruling D-ART-HITS: 2a remove 1 die a hit on the battery", guns, func(s *ShootSituation) { s.Hits = 1 }, 3},
		{"2a hits down to the minimum", guns, func(s *ShootSituation) { s.Hits = 5 }, 2},
		{"2a target not open, moved, long range -1", guns, func(s *ShootSituation) { s.TargetMoved, s.Long = true, true }, 3},
		{"2a target not open, moved, short range: nothing", guns, func(s *ShootSituation) { s.TargetMoved = true }, 4},
		{"2a target open at long range remove 1 in 2 (and not the moved row)", guns, func(s *ShootSituation) {
			s.TargetFormation, s.TargetMoved, s.Long = Open, true, true
		}, 2},
		{"2a unlimbered this turn remove 1 in 2", guns, func(s *ShootSituation) { s.Unlimbered = true }, 2},
		{"2a man-handled remove 1 in 3 (6 -> 4)", guns, func(s *ShootSituation) { s.Bases, s.ManHandled = 6, true }, 4},
		{"2a fired at and hit this turn remove 1 in 3 (6 -> 4)", guns, func(s *ShootSituation) { s.Bases, s.ShotAtAndHit = 6, true }, 4},
		{"2a no cover row for artillery shooting", guns, func(s *ShootSituation) { s.TargetInCover = true }, 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := c.base
			c.mod(&s)
			if got := ShootDice(s); got != c.want {
				p := ShootPool(s)
				t.Errorf("got %d dice, want %d (base %d, rows %+v)", got, c.want, p.Base, p.Applied())
			}
		})
	}
}

// resDelta is the modifier in the three columns (shooting, charge or
// melee, other) for a situation.
func resDelta(r ResilienceSituation) [3]int {
	var d [3]int
	for i, k := range [3]TestKind{TestShooting, TestCharge, TestOther} {
		r.Kind = k
		d[i] = ResilienceModifier(r)
	}
	return d
}

func TestResilienceModifierRows(t *testing.T) {
	// base: a steady zealous line foot in open order facing nobody: only
	// the zealous (+1 charge) and open (+1 shooting, -2 charge) rows apply;
	// each case is measured against it.
	base := ResilienceSituation{Type: LineFoot, Level: Steady, Doctrine: DocZealous, Formation: Open}
	cases := []struct {
		name string
		mod  func(r *ResilienceSituation)
		want [3]int // change from base: shooting, charge or melee, all other
	}{
		{"determined +1 +2 +1", func(r *ResilienceSituation) { r.Level = Determined }, [3]int{1, 2, 1}},
		{"lackluster -1 -2 -1", func(r *ResilienceSituation) { r.Level = Lackluster }, [3]int{-1, -2, -1}},
		{"not zealous: loses zealous' charge +1, gains shooting +1", func(r *ResilienceSituation) { r.Doctrine = 0 }, [3]int{1, -1, 0}},
		{"COA doctrine in column counts zealous (column +1 charge too)", func(r *ResilienceSituation) {
			r.Doctrine, r.Formation = DocColumnOfAttack, Column
		}, [3]int{-1, 3, 0}},
		{"guards +1 +1 +1", func(r *ResilienceSituation) { r.Doctrine |= DocGuard }, [3]int{1, 1, 1}},
		{"ruling D-RES-LINE: formed and in line +1 shooting (open's rows go)", func(r *ResilienceSituation) { r.Formation = Line }, [3]int{0, 2, 0}},
		{"formed line charged by a column of attack -1 charge", func(r *ResilienceSituation) {
			r.Formation, r.OppType, r.OppFormation = Line, LineFoot, Column
		}, [3]int{0, 1, 0}},
		{"a line charging a column: not the charged line's row", func(r *ResilienceSituation) {
			r.Formation, r.OppType, r.OppFormation, r.Charging = Line, LineFoot, Column, true
		}, [3]int{0, 2, 0}},
		{"formed in column of attack +1 charge", func(r *ResilienceSituation) { r.Formation = Column }, [3]int{-1, 3, 0}},
		{"more friendly bases than enemy within 6BW +1 +1 +1", func(r *ResilienceSituation) { r.FriendlyBases, r.EnemyBases = 8, 6 }, [3]int{1, 1, 1}},
		{"as many friendly bases as enemy: nothing", func(r *ResilienceSituation) { r.FriendlyBases, r.EnemyBases = 6, 6 }, [3]int{0, 0, 0}},
		{"inflicted hits this turn +1 +1", func(r *ResilienceSituation) { r.InflictedHits = true }, [3]int{1, 1, 0}},
		{"received hits this turn -1 . -1", func(r *ResilienceSituation) { r.ReceivedHits = true }, [3]int{-1, 0, -1}},
		{"these hits also from artillery -1 -1 -1 more", func(r *ResilienceSituation) { r.ReceivedHits, r.ArtilleryHits = true, true }, [3]int{-2, -1, -2}},
		{"won a round of melee this charge +1 charge", func(r *ResilienceSituation) { r.WonRound = true }, [3]int{0, 1, 0}},
		{"just lost a round of melee -2 charge", func(r *ResilienceSituation) { r.LostRound = true }, [3]int{0, -2, 0}},
		{"two generals within 3BW +2 +2 +2", func(r *ResilienceSituation) { r.Generals = 2 }, [3]int{2, 2, 2}},
		{"ruling D-GENERALS-3BW: an inspired general counts twice", func(r *ResilienceSituation) { r.Generals, r.Inspired = 1, 1 }, [3]int{2, 2, 2}},
		{"ruling D-GENERALS-3BW: a hated general: +1 and -1 -2 -1", func(r *ResilienceSituation) { r.Generals, r.Hated = 1, 1 }, [3]int{0, -1, 0}},
		{"ruling D-LCOY-RES: shot by shooters without LCOY, testers with it: -1 shooting", func(r *ResilienceSituation) {
			r.Doctrine |= DocLightCompany
			r.OppType = LineFoot
		}, [3]int{-1, 0, 0}},
		{"LCOY on both sides: nothing", func(r *ResilienceSituation) {
			r.Doctrine |= DocLightCompany
			r.OppType, r.OppDoctrine = LineFoot, DocLightCompany
		}, [3]int{0, 0, 0}},
		{"ruling D-RES-COLUMNS: \"Received any hits\" -1 . -1 skips the charge column", func(r *ResilienceSituation) { r.ReceivedHits = true }, [3]int{-1, 0, -1}},
		{"ruling D-RES-COLUMNS: \"Are not classed as Zealous +1\" is the shooting column", func(r *ResilienceSituation) {
			r.Doctrine = DocGuard
		}, [3]int{2, 0, 1}},
		{"in column of march -2 -2", func(r *ResilienceSituation) { r.Formation = March }, [3]int{-3, 0, 0}},
		{"defending a fortification or obstacle +2 +2 +1", func(r *ResilienceSituation) { r.Defending = true }, [3]int{2, 2, 1}},
		{"forced to retire this turn -2 -2 -1", func(r *ResilienceSituation) { r.ForcedRetired = true }, [3]int{-2, -2, -1}},
		{"cavalry vs foot not in square +2 charge", func(r *ResilienceSituation) {
			r.Type, r.Doctrine, r.Formation, r.OppType, r.OppFormation = LightCavalry, DocZealous, Open, LineFoot, Line
		}, [3]int{0, 2, 0}},
		{"cavalry vs formed foot in square -2 charge", func(r *ResilienceSituation) {
			r.Type, r.Doctrine, r.Formation, r.OppType, r.OppFormation = LightCavalry, DocZealous, Open, LineFoot, Square
		}, [3]int{0, -2, 0}},
		{"formed foot in square vs cavalry +2 charge", func(r *ResilienceSituation) {
			r.Formation, r.OppType, r.OppFormation = Square, HeavyCavalry, Line
		}, [3]int{-1, 4, 0}},
		{"baggage camp lost -1 -1 -1", func(r *ResilienceSituation) { r.BaggageLost = true }, [3]int{-1, -1, -1}},
		{"lost at least 50% -1 -1 -1", func(r *ResilienceSituation) { r.Strength, r.StartStrength = 6, 12 }, [3]int{-1, -1, -1}},
		{"lost less than 50%: nothing", func(r *ResilienceSituation) { r.Strength, r.StartStrength = 7, 12 }, [3]int{0, 0, 0}},
		{"armed purely for hand to hand -1 +1", func(r *ResilienceSituation) { r.Doctrine |= DocHandToHand }, [3]int{-1, 1, 0}},
	}
	b := resDelta(base)
	if b != [3]int{1, -1, 0} {
		t.Fatalf("base situation gives %v, want [1 -1 0] (open +1/-2, zealous +1 charge)", b)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := base
			c.mod(&r)
			got := resDelta(r)
			for i := range got {
				got[i] -= b[i]
			}
			if got != c.want {
				t.Errorf("change from base %v, want %v", got, c.want)
			}
		})
	}
}

func TestResilienceModifierExamples(t *testing.T) {
	cases := []struct {
		name string
		r    ResilienceSituation
		want int
	}{
		{"determined guard line under artillery fire behind a wall, an inspired general near",
			ResilienceSituation{Kind: TestShooting, Type: LineFoot, Level: Determined, Doctrine: DocGuard, Formation: Line,
				ReceivedHits: true, ArtilleryHits: true, Generals: 1, Inspired: 1, Defending: true, OppType: FieldArtillery},
			// determined +1, not zealous +1, guards +1, line +1, received -1,
			// artillery -1, general +1, inspired +1, defending +2.
			6},
		{"melee uses the charge or melee column",
			ResilienceSituation{Kind: TestMelee, Type: LineFoot, Level: Lackluster, Formation: Line, LostRound: true,
				OppType: HeavyCavalry, OppFormation: Line, Charging: false},
			// lackluster -2, lost round -2.
			-4},
		{"charge test of zealous heavy cavalry at a foot line",
			ResilienceSituation{Kind: TestCharge, Type: HeavyCavalry, Level: Steady, Doctrine: DocZealous, Formation: Line,
				OppType: LineFoot, OppFormation: Line, Charging: true, FriendlyBases: 10, EnemyBases: 6},
			// zealous +1, more bases +1, cavalry vs foot not in square +2.
			4},
		{"end of turn test of a half-strength steady line",
			ResilienceSituation{Kind: TestOther, Type: LineFoot, Level: Steady, Formation: Line, Strength: 6, StartStrength: 12,
				ReceivedHits: true},
			// received -1, lost 50% -1.
			-2},
		{"no test kind: 0", ResilienceSituation{Level: Determined}, 0},
		{"an unknown test kind: 0", ResilienceSituation{Kind: TestKind(9), Level: Determined}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := ResilienceModifier(c.r); got != c.want {
				t.Errorf("got %+d, want %+d", got, c.want)
			}
		})
	}
}

func TestResilienceOutcome(t *testing.T) {
	adv := func(bw int) Outcome { return Outcome{Kind: OutcomeAdvance, Advance: bw} }
	carry := Outcome{Kind: OutcomeCarryOn}
	stand := Outcome{Kind: OutcomeStand}
	stand1 := Outcome{Kind: OutcomeStand, Hits: 1}
	fr := Outcome{Kind: OutcomeForcedRetire}
	fr1 := Outcome{Kind: OutcomeForcedRetire, Hits: 1}
	fr2 := Outcome{Kind: OutcomeForcedRetire, Hits: 2}
	brk := Outcome{Kind: OutcomeBreak}
	// One row per score, columns shooting, charge, melee, other.
	rows := []struct {
		score int
		want  [4]Outcome
	}{
		{15, [4]Outcome{adv(1), carry, carry, adv(2)}},
		{12, [4]Outcome{adv(1), carry, carry, adv(2)}},
		{11, [4]Outcome{carry, carry, carry, adv(1)}},
		{10, [4]Outcome{carry, carry, carry, adv(1)}},
		{9, [4]Outcome{carry, carry, carry, carry}},
		{8, [4]Outcome{carry, carry, carry, carry}},
		{7, [4]Outcome{carry, carry, carry, carry}},
		{6, [4]Outcome{stand1, stand, stand1, fr}},
		{5, [4]Outcome{fr, stand, fr1, fr}},
		{4, [4]Outcome{fr1, fr, fr2, fr1}},
		{3, [4]Outcome{fr1, fr, fr2, fr1}},
		{2, [4]Outcome{fr1, fr, fr2, fr1}},
		{1, [4]Outcome{brk, brk, brk, brk}}, // ruling D-BREAK-ONE, pinned by name below
		{0, [4]Outcome{brk, brk, brk, brk}},
		{-4, [4]Outcome{brk, brk, brk, brk}},
	}
	kinds := [4]TestKind{TestShooting, TestCharge, TestMelee, TestOther}
	for _, r := range rows {
		for i, k := range kinds {
			if got := ResilienceOutcome(r.score, k, false); got != r.want[i] {
				t.Errorf("score %d %s: got %+v, want %+v", r.score, k, got, r.want[i])
			}
		}
	}
	t.Run("ruling D-BREAK-ONE: a score of 1 breaks, 2 does not", func(t *testing.T) {
		for _, k := range kinds {
			if ResilienceOutcome(1, k, false).Kind != OutcomeBreak || ResilienceOutcome(2, k, false).Kind == OutcomeBreak {
				t.Errorf("%s: 1 gives %+v, 2 gives %+v", k, ResilienceOutcome(1, k, false), ResilienceOutcome(2, k, false))
			}
		}
	})
	// Defending a fortification, edge of terrain or obstacle: no advance.
	for _, k := range kinds {
		for _, s := range []int{10, 12, 14} {
			got := ResilienceOutcome(s, k, true)
			if got.Kind == OutcomeAdvance {
				t.Errorf("defending, score %d %s: %+v, want no advance", s, k, got)
			}
		}
	}
	if got := ResilienceOutcome(12, TestOther, true); got != carry {
		t.Errorf("defending, 12 other: %+v, want Carry On", got)
	}
	if got := ResilienceOutcome(3, TestMelee, true); got != fr2 {
		t.Errorf("defending changes only advances: 3 melee %+v, want %+v", got, fr2)
	}
	if got := ResilienceOutcome(9, NoTest, false); got != (Outcome{}) {
		t.Errorf("no test: %+v, want no outcome", got)
	}
	if got := ResilienceOutcome(9, TestKind(7), false); got != (Outcome{}) {
		t.Errorf("bad test kind: %+v, want no outcome", got)
	}
	if n, s := ResilienceDice(false); n != 2 || s != 6 {
		t.Errorf("default resilience dice %dd%d, want 2d6", n, s)
	}
	if n, s := ResilienceDice(true); n != 1 || s != 12 {
		t.Errorf("d12 variant %dd%d, want 1d12", n, s)
	}
}

func TestHoldTest(t *testing.T) {
	// base: steady foot in terrain, 12 of 12 hits, charged once, targets
	// as strong, as many bases as the enemy: only >=75% (+1) applies.
	base := HoldSituation{Type: LineFoot, Level: Steady, InTerrain: true, FriendlyBases: 6, EnemyBases: 6,
		Charges: 1, Strength: 12, StartStrength: 12, TargetStrength: 12}
	cases := []struct {
		name string
		mod  func(h *HoldSituation)
		want int
	}{
		{"base: >=75% in strength +1", func(h *HoldSituation) {}, 1},
		{"determined +2", func(h *HoldSituation) { h.Level = Determined }, 3},
		{"not in terrain +1", func(h *HoldSituation) { h.InTerrain = false }, 2},
		{"more friendly bases within 6BW +1", func(h *HoldSituation) { h.FriendlyBases = 7 }, 2},
		{"has not charged yet this game +1", func(h *HoldSituation) { h.Charges = 0 }, 2},
		{"ruling D-HOLD-STRENGTH: 9 of 12 hits is 75%: +1", func(h *HoldSituation) { h.Strength = 9 }, 1},
		{"8 of 12 hits: neither 75% nor 50%", func(h *HoldSituation) { h.Strength, h.TargetStrength = 8, 8 }, 0},
		{"larger than any possible target +1", func(h *HoldSituation) { h.TargetStrength = 11 }, 2},
		{"lackluster -2", func(h *HoldSituation) { h.Level = Lackluster }, -1},
		{"irregular in terrain that could end up out of it -2", func(h *HoldSituation) {
			h.Type, h.MayLeaveTerrain = IrregularFoot, true
		}, -1},
		{"regular foot that could leave terrain: nothing", func(h *HoldSituation) { h.MayLeaveTerrain = true }, 1},
		{"<=50% in strength -1", func(h *HoldSituation) { h.Strength, h.TargetStrength = 6, 12 }, -1},
		{"charged at least twice -1", func(h *HoldSituation) { h.Charges = 2 }, 0},
		{"only possible target in terrain -1", func(h *HoldSituation) { h.OnlyTargetInTerrain = true }, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := base
			c.mod(&h)
			if got := HoldModifier(h); got != c.want {
				t.Errorf("got %+d, want %+d", got, c.want)
			}
		})
	}
	for s, want := range map[int]bool{6: false, 7: true, 12: true, -1: false} {
		if HoldMustCharge(s) != want {
			t.Errorf("HoldMustCharge(%d) = %v, want %v", s, !want, want)
		}
	}
}

func TestChargeDistance(t *testing.T) {
	type res struct {
		fixed, dice int
		ok          bool
	}
	cases := []struct {
		name      string
		t         Type
		f         Formation
		irregular bool
		want      res
	}{
		{"foot open 1D6", LightFoot, Open, false, res{0, 1, true}},
		{"foot line 1D6", LineFoot, Line, false, res{0, 1, true}},
		{"foot column of attack 2+1D6", LineFoot, Column, false, res{2, 1, true}},
		{"foot column of march cannot", LineFoot, March, false, res{}},
		{"ruling D-SQUARE-MOVE: a square cannot charge", LineFoot, Square, false, res{}},
		{"cavalry open 3+2D6", LightCavalry, Open, false, res{3, 2, true}},
		{"cavalry formed 2D6", HeavyCavalry, Line, false, res{0, 2, true}},
		{"ruling D-FORMATIONS: cavalry column of attack charges as formed 2D6", HeavyCavalry, Column, false, res{0, 2, true}},
		{"cavalry column of march cannot", HeavyCavalry, March, false, res{}},
		{"artillery unlimbered cannot", FieldArtillery, Line, false, res{}},
		{"artillery limbered cannot", PositionArtillery, March, false, res{}},
		{"irregular foot open 1+1D6", IrregularFoot, Open, false, res{1, 1, true}},
		{"irregular cavalry open 1+1D6", IrregularCavalry, Open, false, res{1, 1, true}},
		{"ruling D-IRR-CHARGE: irregular cavalry in line 1+1D6", IrregularCavalry, Line, false, res{1, 1, true}},
		{"irregular column of march cannot", IrregularCavalry, March, false, res{}},
		{"the irregular flag makes any type irregular", LightFoot, Open, true, res{1, 1, true}},
		{"no type (a general) cannot", NoType, Line, false, res{}},
		{"no formation cannot", LineFoot, NoFormation, false, res{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var g res
			g.fixed, g.dice, g.ok = ChargeDistance(c.t, c.f, c.irregular)
			if g != c.want {
				t.Errorf("got %+v, want %+v", g, c.want)
			}
		})
	}
}

func TestMoveDistance(t *testing.T) {
	type res struct {
		fixed, dice, sides int
		ok                 bool
	}
	d6 := func(fixed, n int) res { return res{fixed, n, 6, true} }
	d3 := res{0, 1, 3, true}
	cases := []struct {
		name string
		t    Type
		f    Formation
		mode MoveMode
		want res
	}{
		{"foot open 2+1D6", LightFoot, Open, MoveNormal, d6(2, 1)},
		{"foot open in terrain 1D6", LightFoot, Open, MoveInTerrain, d6(0, 1)},
		{"foot open forced retire 1D6", LightFoot, Open, MoveForcedRetire, d6(0, 1)},
		{"foot open evading 1D6", IrregularFoot, Open, MoveEvade, d6(0, 1)},
		{"ruling D-EVADE-MOVE: foot open evading in terrain 1D6", IrregularFoot, Open, MoveEvade, d6(0, 1)},
		{"foot line 1D6", LineFoot, Line, MoveNormal, d6(0, 1)},
		{"foot line in terrain 1D3", LineFoot, Line, MoveInTerrain, d3},
		{"foot line forced retire 1D6", LineFoot, Line, MoveForcedRetire, d6(0, 1)},
		{"ruling D-EVADE-MOVE: a line cannot evade", LineFoot, Line, MoveEvade, res{}},
		{"foot column of attack 2+1D6", LineFoot, Column, MoveNormal, d6(2, 1)},
		{"foot column of attack in terrain 1D3", LineFoot, Column, MoveInTerrain, d3},
		{"foot column of march 2D6", LineFoot, March, MoveNormal, d6(0, 2)},
		{"foot column of march in terrain 1D3", LineFoot, March, MoveInTerrain, d3},
		{"ruling D-ROAD: foot column of march on a road 3D6", LineFoot, March, MoveRoad, d6(0, 3)},
		{"ruling D-ROAD: only a column of march has the road bonus", LineFoot, Line, MoveRoad, res{}},
		{"ruling D-SQUARE-MOVE: a square cannot move", LineFoot, Square, MoveNormal, res{}},
		{"ruling D-SQUARE-MOVE: a square forced to retire 1D6", LineFoot, Square, MoveForcedRetire, d6(0, 1)},
		{"cavalry open 2+2D6", LightCavalry, Open, MoveNormal, d6(2, 2)},
		{"cavalry open in terrain 1D6", IrregularCavalry, Open, MoveInTerrain, d6(0, 1)},
		{"cavalry open evading 1D6", IrregularCavalry, Open, MoveEvade, d6(0, 1)},
		{"cavalry formed 2D6", HeavyCavalry, Line, MoveNormal, d6(0, 2)},
		{"cavalry column of attack moves as formed 2D6", HeavyCavalry, Column, MoveNormal, d6(0, 2)},
		{"cavalry formed in terrain 1D6", HeavyCavalry, Line, MoveInTerrain, d6(0, 1)},
		{"cavalry forced retire 1D6", HeavyCavalry, Line, MoveForcedRetire, d6(0, 1)},
		{"cavalry column of march 3D6", LightCavalry, March, MoveNormal, d6(0, 3)},
		{"cavalry column of march in terrain 1D6", LightCavalry, March, MoveInTerrain, d6(0, 1)},
		{"cavalry column of march on a road 4D6", LightCavalry, March, MoveRoad, d6(0, 4)},
		{"artillery unlimbered 1D3", FieldArtillery, Line, MoveNormal, d3},
		{"artillery unlimbered in terrain 1BW", FieldArtillery, Line, MoveInTerrain, res{1, 0, 0, true}},
		{"artillery unlimbered forced retire 1D6", PositionArtillery, Line, MoveForcedRetire, d6(0, 1)},
		{"artillery limbered 2D6", FieldArtillery, March, MoveNormal, d6(0, 2)},
		{"ruling D-EVADE-MOVE: artillery never evades", FieldArtillery, Open, MoveEvade, res{}},
		{"artillery limbered in terrain 1D3", FieldArtillery, March, MoveInTerrain, d3},
		{"artillery limbered on a road 3D6", FieldArtillery, March, MoveRoad, d6(0, 3)},
		{"no type (generals move GeneralMove, not here)", NoType, Line, MoveNormal, res{}},
		{"an unknown mode", LineFoot, Line, MoveMode(42), res{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var g res
			g.fixed, g.dice, g.sides, g.ok = MoveDistance(c.t, c.f, c.mode)
			if g != c.want {
				t.Errorf("got %+v, want %+v", g, c.want)
			}
		})
	}
	if GeneralMove != 10 {
		t.Errorf("generals move %d BW, want 10", GeneralMove)
	}
}

func TestAllowedFormations(t *testing.T) {
	// Columns: open, line, column of attack, column of march, square.
	cases := []struct {
		name string
		t    Type
		d    Doctrine
		want [5]bool
	}{
		{"field artillery: line (deployed) and march (limbered)", FieldArtillery, 0, [5]bool{false, true, false, true, false}},
		{"position artillery likewise", PositionArtillery, 0, [5]bool{false, true, false, true, false}},
		{"ruling D-CAV-COLUMN: heavy cavalry line, column of attack and march", HeavyCavalry, 0, [5]bool{false, true, true, true, false}},
		{"ruling D-FORMATIONS: carbine cavalry may dismount into open", LightCavalry, DocCarbine, [5]bool{true, true, true, true, false}},
		{"irregular cavalry open, line, march", IrregularCavalry, 0, [5]bool{true, true, false, true, false}},
		{"irregular foot open, march", IrregularFoot, 0, [5]bool{true, false, false, true, false}},
		{"line foot line, column, march, square", LineFoot, 0, [5]bool{false, true, true, true, true}},
		{"line foot without COA still forms column of attack", LineFoot, DocTwoRank, [5]bool{false, true, true, true, true}},
		{"light foot all five", LightFoot, 0, [5]bool{true, true, true, true, true}},
		{"no type: nothing", NoType, 0, [5]bool{}},
	}
	forms := [5]Formation{Open, Line, Column, March, Square}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := AllowedFormations(c.t, c.d)
			if s[NoFormation] {
				t.Errorf("NoFormation allowed")
			}
			for i, f := range forms {
				if s[f] != c.want[i] || FormationAllowed(c.t, c.d, f) != c.want[i] {
					t.Errorf("%s: got %v, want %v", f, s[f], c.want[i])
				}
			}
		})
	}
	if FormationAllowed(LineFoot, 0, Formation(99)) {
		t.Errorf("an unknown formation is allowed")
	}
}

func TestInterpenetrates(t *testing.T) {
	cases := []struct {
		name            string
		moving, through Formation
		want            bool
	}{
		{"open through open", Open, Open, true},
		{"open through formed", Open, Line, true},
		{"open through any column", Open, March, true},
		{"open through column of attack", Open, Column, true},
		{"formed line through open", Line, Open, true},
		{"formed line through formed", Line, Line, true},
		{"formed line not through a column of march", Line, March, false},
		{"formed line not through a column of attack", Line, Column, false},
		{"column through open", Column, Open, true},
		{"column of march through formed", March, Line, true},
		{"column not through a column", March, Column, false},
		{"ruling D-INTERPEN: a line through a square (formed)", Line, Square, true},
		{"ruling D-INTERPEN: a square never moves", Square, Open, false},
		{"no formation", NoFormation, Open, false},
		{"through no formation", Open, NoFormation, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Interpenetrates(c.moving, c.through); got != c.want {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}

func TestDiceCounts(t *testing.T) {
	cases := []struct {
		name      string
		got, want int
	}{
		{"scouting: 3 generals, 2 cavalry, 1 open unit", ScoutingDice(3, 0, 0, 2, 1), 6},
		{"scouting: an exceptional general counts twice", ScoutingDice(3, 1, 0, 0, 0), 4},
		{"scouting: an incompetent general does not count", ScoutingDice(3, 0, 1, 0, 0), 2},
		{"scouting never below 0", ScoutingDice(0, 0, 3, 0, 0), 0},
		{"initiative: 1D6 a general", InitiativeDice(4, 0, 0), 4},
		{"initiative: exceptional +1, incompetent -1", InitiativeDice(4, 2, 1), 5},
		{"initiative never below 0", InitiativeDice(1, 0, 2), 0},
		{"supply: 2D6 basic + 1D6 a general", SupplyDice(4, 0, 0), 6},
		{"supply: exceptional +1D6, incompetent -1D6", SupplyDice(4, 1, 2), 5},
		{"supply: no generals, 2D6", SupplyDice(0, 0, 0), 2},
		{"supply: negative counts count as 0", SupplyDice(-3, -1, -1), 2},
		{"draws throw again with 1D6", TieBreakDice, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.got != c.want {
				t.Errorf("got %d, want %d", c.got, c.want)
			}
		})
	}
}

func TestNamesAndStrings(t *testing.T) {
	for k, want := range map[TestKind]string{NoTest: "no test", TestShooting: "from shooting", TestCharge: "charge", TestMelee: "melee", TestOther: "all other cases"} {
		if k.String() != want {
			t.Errorf("TestKind %d: %q, want %q", k, k.String(), want)
		}
	}
	for k, want := range map[OutcomeKind]string{NoOutcome: "no outcome", OutcomeBreak: "Break", OutcomeForcedRetire: "Forced Retire",
		OutcomeStand: "Stand", OutcomeCarryOn: "Carry On", OutcomeAdvance: "Advance"} {
		if k.String() != want {
			t.Errorf("OutcomeKind %d: %q, want %q", k, k.String(), want)
		}
	}
}

func TestTablesAllocateNothing(t *testing.T) {
	m := footVsLine()
	m.FirstMeleeOfGame, m.Doctrine, m.OppObstacle = true, DocGuard, true
	c := cavVsCav()
	c.Type, c.Round, c.OppType, c.OppFormation = HeavyCavalry, 1, LightFoot, Open
	s := ShootSituation{Type: LineFoot, Weapon: SmoothBore, Formation: Line, Bases: 6, UnitBases: 5, StartBases: 6, FirstShot: true, TargetMoved: true}
	r := ResilienceSituation{Kind: TestCharge, Type: HeavyCavalry, Level: Determined, Formation: Line, OppType: LineFoot, Generals: 1}
	h := HoldSituation{Type: LineFoot, Level: Determined, Strength: 10, StartStrength: 12}
	sink := 0
	n := testing.AllocsPerRun(200, func() {
		sink += MeleeDice(m) + MeleeDice(c)
		sink += ShootDice(s)
		needs, _, _, _ := ShotNeeds(Rifle, 4, false)
		sink += needs
		sink += ResilienceModifier(r)
		sink += ResilienceOutcome(sink&15, TestMelee, true).Hits
		sink += HoldModifier(h)
		f, d, _ := ChargeDistance(HeavyCavalry, Open, false)
		sink += f + d
		f, d, _, _ = MoveDistance(LineFoot, March, MoveRoad)
		sink += f + d
		if FormationAllowed(LightFoot, 0, Square) && Interpenetrates(Open, March) {
			sink++
		}
		sink += MeleeOutcome(3, 2).HitsOnB
	})
	if n != 0 {
		t.Errorf("the tables allocate %v times a call, want 0", n)
	}
	_ = sink
}

func BenchmarkMeleeDice(b *testing.B) {
	m := footVsLine()
	m.FirstMeleeOfGame, m.Doctrine, m.OppObstacle, m.Uphill = true, DocGuard, true, true
	b.ReportAllocs()
	s := 0
	for i := 0; b.Loop(); i++ {
		m.Bases = 1 + i&7
		s += MeleeDice(m)
	}
	_ = s
}

func BenchmarkShootDice(b *testing.B) {
	sh := ShootSituation{Type: LineFoot, Weapon: SmoothBore, Formation: Line, Bases: 6, UnitBases: 5, StartBases: 6,
		FirstShot: true, TargetMoved: true, TargetInCover: true}
	b.ReportAllocs()
	s := 0
	for i := 0; b.Loop(); i++ {
		sh.Bases = 1 + i&7
		s += ShootDice(sh)
	}
	_ = s
}

func BenchmarkResilience(b *testing.B) {
	r := ResilienceSituation{Kind: TestShooting, Type: LineFoot, Level: Determined, Doctrine: DocGuard, Formation: Line,
		ReceivedHits: true, ArtilleryHits: true, Generals: 1, Inspired: 1, Defending: true, OppType: FieldArtillery}
	b.ReportAllocs()
	s := 0
	for i := 0; b.Loop(); i++ {
		s += ResilienceOutcome(2+i%11+ResilienceModifier(r), TestShooting, r.Defending).Hits
	}
	_ = s
}
