package drums

import (
	"math"

	"github.com/grognard/grognard/engine/tabletop"
)

// This file holds the document's tables as pure functions over small
// situation structs: the game state fills a struct with the facts of one
// fight, shot or test and calls the table. Each situation struct holds
// facts (types, formations, flags of what happened this turn), not table
// rows; the functions decide which rows apply, in the order of the table,
// so the rulings about what a row means live here, beside the row, with a
// test pinning each. Nothing here allocates (they run in playouts) but the
// Rows functions, which list the rows that applied for a person to read.

// tableFormed reports whether a formation counts as "formed" in the
// melee, shooting and resilience tables.
//
// Ruling D-FORMED (Formations; Shooting Tables 2c and 2d): the tables'
// "formed" is a line (a foot line, a cavalry block, a deployed battery),
// a column of attack or a square. A column of march is not "formed" there:
// Shooting Table 2c (Shooters are Formed) and 2d (Shooters are Column of
// March) are separate tables, and a column of march has rows of its own
// in every table. (Formation.Formed, the movement sense, still counts it.)
func tableFormed(f Formation) bool { return f == Line || f == Column || f == Square }

// zealous reports whether a unit counts as zealous: the ZEALOUS doctrine,
// or a COLUMN OF ATTACK unit in column of attack ("Units count as zealous
// when in column of attack", Column of Attack Doctrine). Artillery never
// is ("Artillery cannot be Zealous at any point", Resilience: Zealous).
func zealous(t Type, d Doctrine, f Formation) bool {
	if t.IsArtillery() {
		return false
	}
	return d.Has(DocZealous) || (d.Has(DocColumnOfAttack) && f == Column)
}

// footSquare reports whether a unit is foot in square.
func footSquare(t Type, f Formation) bool { return t.IsFoot() && f == Square }

// ---------------------------------------------------------------------
// Melee (Conducting a Melee; Artillery, Foot and Cavalry Melee Factors
// Tables).

// MeleeSituation is one unit's side of one round of melee: its bases in
// the fight against one opponent (Conducting a Melee 1: a unit fighting
// several units groups its bases by the unit they touch, one situation a
// group).
type MeleeSituation struct {
	// Type, Doctrine, Level and Formation are the fighter's.
	Type      Type
	Doctrine  Doctrine
	Level     Level
	Formation Formation
	// Bases is the fighter's bases in this fight: 1D6 each (Conducting a
	// Melee 1). 0 means the unit does not fight: no dice.
	Bases int
	// Ranks and OppRanks are the ranks of the fighter and its opponent
	// (geometry's Ranks), for "Formed foot in column of attack vs line:
	// add 1 dice per extra rank than the line".
	Ranks, OppRanks int
	// InTerrain: the fighter is in (area) terrain.
	InTerrain bool

	// OppType and OppFormation are the opponent's.
	OppType      Type
	OppFormation Formation
	// OppInTerrain: the opponent is in terrain.
	OppInTerrain bool
	// OppObstacle and OppFortification: the opponents are defending an
	// obstacle, or fortifications.
	OppObstacle, OppFortification bool

	// FirstMeleeOfGame: this is the first round of melee the fighter has
	// fought in the game ("Consider spent for the specific unit": the
	// state marks it spent after the round).
	FirstMeleeOfGame bool
	// Supply: the force commander adds a supply die.
	Supply bool
	// Round is the round of this melee, 1 for the first.
	//
	// Ruling D-CHARGE-ROUND (Charge; Melee Factors Tables): every melee
	// begins with a charge (units only come into contact by charging), so
	// "first melee of a charge" is round 1 and "second or more rounds melee
	// from a charge" round 2 and on, and those rows apply to both sides of
	// the fight; only rows that name the chargers ("and not chargers in
	// first round", "chargers, charged down hill") look at Charger.
	Round int
	// Charger: the fighter is the charging unit.
	Charger bool
	// Uphill: the fighter is fighting uphill from its opponents.
	Uphill bool
	// Downhill: the fighter charged down hill (used by the chargers' row).
	Downhill bool
	// Evaded: the fighter evaded this charge and was caught.
	Evaded bool
}

// The rows of the Melee Factors Tables, as the seed writes them.
const (
	rowFirstMelee       = "First round of melee fought in the game"
	rowFirstMeleeArt    = "First round of melee fought in the game. No advantage"
	rowSupply           = "Supply dice from Force Commander"
	rowDetermined       = "If classed as Determined"
	rowLackluster       = "If classed as Lackluster"
	rowColumnVsLine     = "Formed foot in column of attack vs line"
	rowSquareVsCav      = "Formed foot in square fighting Cavalry"
	rowColumnVsCav      = "Formed foot in column of attack vs Cavalry"
	rowZealousFirst     = "Zealous in first melee of a charge"
	rowFootFormedVsOpen = "Any formed foot vs Open"
	rowZealousLater     = "Zealous in second or more rounds melee from a charge"
	rowGuard            = "Classed as Guards"
	rowUphill           = "Fighting uphill from opponents and not chargers in first round"
	rowDownhill         = "First round of a charge and chargers, charged down hill"
	rowIrrFootTerrain   = "Irregular foot fighting any in terrain"
	rowOppObstacle      = "Opponents are defending an obstacle"
	rowOppFort          = "Or, opponents are defending fortifications"
	rowOpenFoot         = "Open foot not in terrain"
	rowFootEvaded       = "Open foot who evaded and this is the first round of a charge"
	rowH2H              = "Armed purely with hand to hand weapons or similar"
	rowCavVsFoot        = "Cavalry vs foot not in square and not in terrain"
	rowHeavyFirst       = "Heavy Cavalry in first melee of a charge except vs foot in square"
	rowCavFormedVsOpen  = "Any formed cavalry vs Open"
	rowHeavyLater       = "Heavy Cavalry in second or more rounds melee from a charge"
	rowLancers          = "Lancers in first melee of a charge"
	rowIrrCavTerrain    = "Irregular Cavalry in terrain"
	rowIrrCavNotVs      = "Irregular Cavalry not vs Open foot or not vs another irregular cavalry"
	rowCavVsSquare      = "Cavalry vs foot square"
	rowMarchMelee       = "Column of March in melee"
	rowCavEvaded        = "Open cavalry who evaded and this is the first round of a charge"
)

// MeleePool is the fighter's dice pool: 1D6 a base, then its type's Melee
// Factors Table row by row in the table's order ("Dice must be adjusted in
// order of the table below"). Artillery uses the Artillery table, cavalry
// the Cavalry table, foot the Foot table; no type (a general) gets no
// dice.
func MeleePool(m MeleeSituation) Pool {
	if m.Type == NoType || m.Type >= numTypes {
		return Pool{} // generals and unknown types do not fight
	}
	p := Pool{Base: max(m.Bases, 0)}
	switch {
	case m.Type.IsArtillery():
		artilleryMelee(&p, &m)
	case m.Type.IsCavalry():
		cavalryMelee(&p, &m)
	default:
		footMelee(&p, &m)
	}
	return p
}

// MeleeDice is the number of dice the fighter throws: MeleePool's dice, at
// least 2 (0 when it has no bases in the fight).
func MeleeDice(m MeleeSituation) int {
	p := MeleePool(m)
	return p.Dice()
}

// footMelee is the Foot Melee Factors Table, in its order.
func footMelee(p *Pool, m *MeleeSituation) {
	z := zealous(m.Type, m.Doctrine, m.Formation)
	oppCav := m.OppType.IsCavalry()
	if m.FirstMeleeOfGame {
		p.Add(PoolAdd, 2, rowFirstMelee)
	}
	if m.Supply {
		p.Add(PoolAdd, 1, rowSupply)
	}
	if m.Level == Determined {
		p.Add(PoolAdd, 1, rowDetermined)
	}
	// Ruling D-COL-VS-LINE (Foot Melee Factors Table): "vs line" is an
	// opponent foot in line (cavalry has its own row below); the column
	// adds 1 die for each rank it has more than the line, none if it has no
	// more.
	if m.Type.IsFoot() && m.Formation == Column && m.OppType.IsFoot() && m.OppFormation == Line && m.Ranks > m.OppRanks {
		p.Add(PoolAdd, m.Ranks-m.OppRanks, rowColumnVsLine)
	}
	if m.Level == Lackluster {
		p.Add(PoolRemove, 1, rowLackluster)
	}
	if footSquare(m.Type, m.Formation) && oppCav {
		p.Add(PoolDouble, 0, rowSquareVsCav)
	}
	if m.Type.IsFoot() && m.Formation == Column && oppCav {
		p.Add(PoolAdd, 2, rowColumnVsCav)
	}
	if z && m.Round == 1 {
		p.Add(PoolAdd, 2, rowZealousFirst)
	}
	if tableFormed(m.Formation) && m.OppFormation == Open {
		p.Add(PoolAdd, 2, rowFootFormedVsOpen)
	}
	if z && m.Round >= 2 {
		p.Add(PoolAdd, 1, rowZealousLater)
	}
	if m.Doctrine.Has(DocGuard) {
		p.Add(PoolAddOneIn, 3, rowGuard)
	}
	hillRows(p, m)
	// Ruling D-IRR-TERRAIN (Foot Melee Factors Table): "Irregular foot
	// fighting any in terrain" is irregular foot that is itself in
	// terrain, fighting any enemy: the Cavalry table's twin row reads
	// "Irregular Cavalry in terrain", and irregulars are the troops that
	// hold woods and villages.
	if m.Type == IrregularFoot && m.InTerrain {
		p.Add(PoolAddOneIn, 3, rowIrrFootTerrain)
	}
	defenceRows(p, m)
	if m.Formation == Open && !m.InTerrain {
		p.Add(PoolRemove, 2, rowOpenFoot)
	}
	if m.Formation == Open && m.Evaded && m.Round == 1 {
		p.Add(PoolRemoveOneIn, 3, rowFootEvaded)
	}
	if m.Doctrine.Has(DocHandToHand) {
		p.Add(PoolAddOneIn, 3, rowH2H)
	}
}

// hillRows are the two hill rows both the Foot and Cavalry tables give.
func hillRows(p *Pool, m *MeleeSituation) {
	// The uphill side has the advantage except when it charged (up the
	// hill) and this is the first round.
	if m.Uphill && !(m.Charger && m.Round == 1) {
		p.Add(PoolAddOneIn, 3, rowUphill)
	}
	if m.Charger && m.Round == 1 && m.Downhill {
		p.Add(PoolAddOneIn, 3, rowDownhill)
	}
}

// defenceRows are the obstacle and fortification rows.
//
// Ruling D-OBSTACLE-OR (Melee Factors Tables): "Or, opponents are
// defending fortifications" replaces the obstacle row rather than adding
// to it: opponents defending both count only the fortification's remove
// 1 in 2.
func defenceRows(p *Pool, m *MeleeSituation) {
	switch {
	case m.OppFortification:
		p.Add(PoolRemoveOneIn, 2, rowOppFort)
	case m.OppObstacle:
		p.Add(PoolRemoveOneIn, 3, rowOppObstacle)
	}
}

// cavalryMelee is the Cavalry Melee Factors Table, in its order.
func cavalryMelee(p *Pool, m *MeleeSituation) {
	z := zealous(m.Type, m.Doctrine, m.Formation)
	vsSquare := footSquare(m.OppType, m.OppFormation)
	if m.FirstMeleeOfGame && !vsSquare {
		p.Add(PoolAdd, 2, rowFirstMelee)
	}
	if m.Supply {
		p.Add(PoolAdd, 1, rowSupply)
	}
	if m.Level == Determined {
		p.Add(PoolAdd, 1, rowDetermined)
	}
	if m.Level == Lackluster {
		p.Add(PoolRemove, 1, rowLackluster)
	}
	if m.OppType.IsFoot() && m.OppFormation != Square && !m.OppInTerrain {
		p.Add(PoolAddOneIn, 2, rowCavVsFoot)
	}
	if m.Type == HeavyCavalry && m.Round == 1 && !vsSquare {
		p.Add(PoolAdd, 2, rowHeavyFirst)
	}
	if tableFormed(m.Formation) && m.OppFormation == Open {
		p.Add(PoolDouble, 0, rowCavFormedVsOpen)
	}
	if m.Type == HeavyCavalry && m.Round >= 2 {
		p.Add(PoolAdd, 1, rowHeavyLater)
	}
	if m.Doctrine.Has(DocLancer) && m.Round == 1 {
		p.Add(PoolAdd, 2, rowLancers)
	}
	if m.Type == IrregularCavalry && m.InTerrain {
		p.Add(PoolAdd, 2, rowIrrCavTerrain)
	}
	// Ruling D-IRR-CAV-VS (Cavalry Melee Factors Table): "not vs Open foot
	// or not vs another irregular cavalry" means neither: irregular cavalry
	// lose 1 in 2 unless they fight open foot or other irregular cavalry,
	// the only enemies they are keen to attack (Irregular Cavalry).
	if m.Type == IrregularCavalry && !(m.OppType.IsFoot() && m.OppFormation == Open) && m.OppType != IrregularCavalry {
		p.Add(PoolRemoveOneIn, 2, rowIrrCavNotVs)
	}
	if vsSquare {
		p.Add(PoolRemoveOneIn, 2, rowCavVsSquare)
	}
	if z && m.Round == 1 {
		p.Add(PoolAdd, 2, rowZealousFirst)
	}
	if z && m.Round >= 2 {
		p.Add(PoolAdd, 1, rowZealousLater)
	}
	if m.Doctrine.Has(DocGuard) {
		p.Add(PoolAddOneIn, 3, rowGuard)
	}
	hillRows(p, m)
	defenceRows(p, m)
	if m.Formation == March {
		p.Add(PoolRemove, 2, rowMarchMelee)
	}
	if m.Formation == Open && m.Evaded && m.Round == 1 {
		p.Add(PoolRemoveOneIn, 3, rowCavEvaded)
	}
}

// artilleryMelee is the Artillery Melee Factors Table.
//
// Ruling D-ART-MELEE (Artillery Melee Factors Table): the printed table
// carries three cavalry rows ("Cavalry vs foot not in square...", "Heavy
// Cavalry in first melee...", "Heavy Cavalry in second or more
// rounds...") copied from the Cavalry table; their conditions name the
// fighter's type, which a battery never is, so they never apply. The rows
// that do: first round of melee in the game (no advantage), supply die,
// guards add 1 die (the artillery table's "Add 1 dice", not the foot and
// cavalry tables' 1 in 3), column of march (limbered) remove 2.
func artilleryMelee(p *Pool, m *MeleeSituation) {
	if m.FirstMeleeOfGame {
		p.Add(PoolNone, 0, rowFirstMeleeArt)
	}
	if m.Supply {
		p.Add(PoolAdd, 1, rowSupply)
	}
	if m.Doctrine.Has(DocGuard) {
		p.Add(PoolAdd, 1, rowGuard)
	}
	if m.Formation == March {
		p.Add(PoolRemove, 2, rowMarchMelee)
	}
}

// MeleeHitOn is the score a melee die needs to hit (Conducting a Melee 3:
// "Any 4+ thrown is a hit").
const MeleeHitOn = 4

// MeleeHits counts the dice that hit in melee: each 4 or more.
func MeleeHits(dice []int) int {
	n := 0
	for _, d := range dice {
		if d >= MeleeHitOn {
			n++
		}
	}
	return n
}

// CountHits counts the dice (as engine.Dice values) scoring needs or more:
// melee hits (needs MeleeHitOn) and shooting hits (ShotNeeds).
func CountHits(dice []uint8, needs int) int {
	n := 0
	for _, d := range dice {
		if int(d) >= needs {
			n++
		}
	}
	return n
}

// MeleeResult is the outcome of one round of melee between A and B.
type MeleeResult struct {
	// Winner is 0 when A inflicted more hits, 1 when B did, -1 for a draw.
	Winner int
	// HitsOnA and HitsOnB are the hits each side now takes.
	HitsOnA, HitsOnB int
}

// Draw reports whether the round was drawn.
func (r MeleeResult) Draw() bool { return r.Winner < 0 }

// MeleeOutcome resolves a round of melee from the hits each side scored
// (Conducting a Melee 4-9): the side inflicting more hits wins; the loser
// takes the difference and the winner 1 hit regardless; a draw (0 to 0
// included) costs each side 1 hit only. The loser, if it has not broken,
// then takes a Melee resilience test (the state's part).
func MeleeOutcome(hitsA, hitsB int) MeleeResult {
	hitsA, hitsB = max(hitsA, 0), max(hitsB, 0)
	switch {
	case hitsA > hitsB:
		return MeleeResult{Winner: 0, HitsOnA: 1, HitsOnB: hitsA - hitsB}
	case hitsB > hitsA:
		return MeleeResult{Winner: 1, HitsOnA: hitsB - hitsA, HitsOnB: 1}
	}
	return MeleeResult{Winner: -1, HitsOnA: 1, HitsOnB: 1}
}

// ---------------------------------------------------------------------
// Shooting (Shooting Action; Shooting Tables 1, 2a, 2b, 2c, 2d).

// CanShoot reports whether a unit of type t in formation f armed with w
// may shoot at all (Shooting Table 1): it needs a weapon; cavalry shoot
// only with carbines, dismounted, that is in open ("Carbines (dismounted
// cavalry)"); artillery only unlimbered (a limbered battery is its column
// of march), and only guns shoot as artillery.
func CanShoot(t Type, f Formation, w Weapon) bool {
	switch {
	case w == NoWeapon || w >= numWeapons || f == NoFormation || f >= numFormations:
		return false
	case t.IsCavalry() || w == Carbine:
		return t.IsCavalry() && w == Carbine && f == Open
	case t.IsArtillery():
		return f == Line && (w == FieldGun || w == PositionGun)
	}
	return w != FieldGun && w != PositionGun
}

// rangeBand is one weapon's row of Shooting Table 1: short and long range
// in BW and the score to hit at each, for a prompted shot and as an
// unprompted response (0: no shot at that range).
type rangeBand struct {
	short, long           float64
	shortNeeds, longNeeds int
	respShort, respLong   int
}

// Shooting Table 1, one row a weapon.
//
// Ruling D-UNPROMPTED (Shooting Table 1): the unprompted-response row is
// the prompted row one score worse; where the prompted long range needs
// 6 (carbines, smooth bore muskets) the response row's long cell is blank:
// a response cannot hit at long range. Artillery has no response row: a
// battery shooting unprompted uses its ordinary scores.
var shootTable = [numWeapons]rangeBand{
	Carbine:     {short: 1, long: 3, shortNeeds: 4, longNeeds: 6, respShort: 5},
	SmoothBore:  {short: 2, long: 6, shortNeeds: 4, longNeeds: 6, respShort: 5},
	Rifle:       {short: 2, long: 6, shortNeeds: 3, longNeeds: 5, respShort: 4, respLong: 6},
	Minie:       {short: 4, long: 12, shortNeeds: 3, longNeeds: 5, respShort: 4, respLong: 6},
	FieldGun:    {short: 6, long: 24, shortNeeds: 3, longNeeds: 5, respShort: 3, respLong: 5},
	PositionGun: {short: 8, long: 30, shortNeeds: 3, longNeeds: 5, respShort: 3, respLong: 5},
}

// BounceRange and BounceNeeds are artillery's bounce (Shooting Table 1:
// "Long range only: 3BW/6").
//
// Ruling D-BOUNCE (Shooting Table 1): a battery's shot at long range
// bounces on: a unit (friend or foe) within BounceRange BW beyond the
// target, on the line of fire from the battery through the target, also
// takes one hit for every die of the same throw that scored a 6. The
// target takes its hits as usual; the bounce adds no dice. At short range
// there is no bounce.
const (
	BounceRange = 3.0
	BounceNeeds = 6
)

// BounceHits is the hits a bounce inflicts on the unit behind the target:
// the dice of the same throw that scored BounceNeeds (ruling D-BOUNCE).
func BounceHits(dice []uint8) int { return CountHits(dice, BounceNeeds) }

// ShotNeeds reads Shooting Table 1 for a shot with weapon w at a target
// distance BW away: the score a die needs to hit, whether the shot is
// possible at all (in range, and a weapon that shoots), whether it is at
// long range, and whether it bounces (artillery at long range). unprompted
// is a shot in response (being charged, or shot at out of command).
//
// Ruling D-RANGE (Shooting Table 1): the ranges are maxima: a target at
// exactly the short range is at short range, one at exactly the long
// range still in range.
func ShotNeeds(w Weapon, distance float64, unprompted bool) (needs int, ok bool, long bool, bounce bool) {
	if w == NoWeapon || w >= numWeapons || math.IsNaN(distance) || distance < 0 {
		return 0, false, false, false
	}
	b := &shootTable[w]
	art := w == FieldGun || w == PositionGun
	sn, ln := b.shortNeeds, b.longNeeds
	if unprompted {
		sn, ln = b.respShort, b.respLong
	}
	switch {
	case distance <= b.short:
		return sn, sn != 0, false, false
	case distance <= b.long && ln != 0:
		return ln, true, true, art
	}
	return 0, false, false, false
}

// ShootSituation is one shooting action: the shooters, the target and
// what has happened to both this turn and in the game (Shooting Action;
// Shooting Tables 1 and 2a-2d).
type ShootSituation struct {
	// Type, Doctrine, Weapon and Formation are the shooters'.
	Type      Type
	Doctrine  Doctrine
	Weapon    Weapon
	Formation Formation
	// Bases is the shooters' bases (artillery: models) eligible to shoot:
	// in arc and in sight of the target (Shooting Action 6); 1D6 each.
	Bases int
	// UnitBases and StartBases are the shooters' bases now and at the
	// start of the game, for Table 2c's "lost bases in the game but are
	// still >=75%".
	//
	// Ruling D-LOST-BASES (Shooting Table 2c): the 75% is counted in bases,
	// as the row says, not hits: 5 of 6 bases qualify, 4 of 6 do not.
	UnitBases, StartBases int
	// Supply: the force commander adds a supply die (Shooting Action 7).
	Supply bool
	// FirstShot: the unit has not shot before in the game.
	FirstShot bool
	// Long: the target is at long range (ShotNeeds).
	Long bool
	// ShotsFired is how many times the unit has fired before in the game.
	//
	// Ruling D-SHOTS-FIRED (Shooting Table 2c): "Shooters have fired in game
	// 3+ times" counts earlier shots, so the fourth shot of the game is the
	// first to lose the die.
	ShotsFired int
	// Moved: the shooters have moved or will move this turn (2b, 2c).
	Moved bool
	// Evading: the shooters shoot at the start of an evade (2b).
	Evading bool
	// Hits is the hits the battery carries (2a "For each hit on the
	// shooters").
	//
	// Ruling D-ART-HITS (Shooting Table 2a): the hits marked on the
	// battery's models still in play, not only this turn's: each hit
	// silences a die. A model removed after its sixth hit takes its hits
	// with it. This turn's fire is the separate last row (ShotAtAndHit).
	Hits int
	// Unlimbered: the battery unlimbered this turn or will limber (2a).
	Unlimbered bool
	// ManHandled: the battery man-handled its guns this turn (2a).
	ManHandled bool
	// ShotAtAndHit: the shooters were fired at this turn and received at
	// least 1 hit (2a).
	ShotAtAndHit bool

	// TargetType, TargetFormation and TargetDoctrine are the target's.
	TargetType      Type
	TargetFormation Formation
	TargetDoctrine  Doctrine
	// TargetMoved: the target moved this turn.
	TargetMoved bool
	// TargetInCover: the target is in or behind cover (Terrain: all
	// terrain gives cover except to artillery; the state decides).
	TargetInCover bool
}

// The rows of Shooting Tables 2a-2d.
const (
	rowFirstShot       = "First time unit is shooting in the game"
	rowFirstShotMarch  = "First time unit is shooting in the game (advantage lost for the game)"
	rowShootSupply     = "Supply dice from the force commander"
	rowTargetSquare    = "Target is foot square"
	rowHitOnShooters   = "For each hit on the shooters"
	rowNotOpenMovedLR  = "Target is not open and moved this turn and is at long range"
	rowOpenLong        = "Target is in Open formation at long range"
	rowUnlimbered      = "Unlimbered this turn or will limber this turn"
	rowManHandled      = "Man-handled gun this turn"
	rowShotAtAndHit    = "Shooters fired at this turn and received atleast 1 hit."
	rowTargetLCOY      = "Target uses light company doctrine"
	rowTargetMoved     = "Target moved this turn"
	rowCoverLong       = "Target is in cover and at long range"
	rowShootersEvading = "Shooters are evading"
	rowOpenMoved       = "Shooters have moved or will move this turn (except for an evade). No disadvantage"
	rowTargetLCOYNot   = "Target uses light company doctrine and shooters do not."
	rowFired3          = "Shooters have fired in game 3+ times at any point."
	rowTargetCover     = "Target is in cover"
	rowFormedMoved     = "Shooters have moved or will move this turn"
	rowTwoRank         = "Shooters use 2 ranks firing doctrine and target is at close range"
	rowThirdRank       = "Shooters have lost bases in the game but are still >=75% and do not use 2 ranks firing doctrine"
	rowInMarch         = "Shooters in Column of March"
)

// ShootPool is the shooters' dice pool: 1D6 an eligible base or model
// (Shooting Table 1), a supply die (Shooting Action 7), then the table of
// the shooters' formation, row by row in its order (Shooting Action 8a):
// 2a for artillery, 2b for open, 2d for column of march, 2c for the other
// (formed) formations. A unit that cannot shoot (CanShoot) has no base
// dice.
func ShootPool(s ShootSituation) Pool {
	if !CanShoot(s.Type, s.Formation, s.Weapon) {
		return Pool{}
	}
	p := Pool{Base: max(s.Bases, 0)}
	if s.Supply {
		p.Add(PoolAdd, 1, rowShootSupply)
	}
	switch {
	case s.Type.IsArtillery():
		shootArtillery(&p, &s)
	case s.Formation == Open:
		shootOpen(&p, &s)
	case s.Formation == March:
		shootMarch(&p, &s)
	default:
		shootFormed(&p, &s)
	}
	return p
}

// ShootDice is the number of dice the shooters throw: ShootPool's dice,
// at least 2 (0 for a unit that cannot shoot or has no base in arc).
func ShootDice(s ShootSituation) int {
	p := ShootPool(s)
	return p.Dice()
}

// shootArtillery is Shooting Table 2a (Shooters are artillery).
func shootArtillery(p *Pool, s *ShootSituation) {
	if s.FirstShot {
		p.Add(PoolAdd, 2, rowFirstShot)
	}
	if footSquare(s.TargetType, s.TargetFormation) {
		p.Add(PoolAddOneIn, 3, rowTargetSquare)
	}
	if s.Hits > 0 {
		p.Add(PoolRemove, s.Hits, rowHitOnShooters)
	}
	if s.TargetFormation != Open && s.TargetMoved && s.Long {
		p.Add(PoolRemove, 1, rowNotOpenMovedLR)
	}
	if s.TargetFormation == Open && s.Long {
		p.Add(PoolRemoveOneIn, 2, rowOpenLong)
	}
	if s.Unlimbered {
		p.Add(PoolRemoveOneIn, 2, rowUnlimbered)
	}
	if s.ManHandled {
		p.Add(PoolRemoveOneIn, 3, rowManHandled)
	}
	if s.ShotAtAndHit {
		p.Add(PoolRemoveOneIn, 3, rowShotAtAndHit)
	}
}

// shootOpen is Shooting Table 2b (Shooters are Open formation).
func shootOpen(p *Pool, s *ShootSituation) {
	if s.FirstShot {
		p.Add(PoolAdd, 2, rowFirstShot)
	}
	if s.TargetDoctrine.Has(DocLightCompany) {
		p.Add(PoolRemove, 1, rowTargetLCOY)
	}
	if s.TargetMoved {
		p.Add(PoolRemove, 1, rowTargetMoved)
	}
	if s.TargetFormation == Open && s.Long {
		p.Add(PoolRemoveOneIn, 3, rowOpenLong)
	}
	if s.TargetInCover && s.Long {
		p.Add(PoolRemoveOneIn, 2, rowCoverLong)
	}
	if s.Evading {
		p.Add(PoolRemoveOneIn, 3, rowShootersEvading)
	}
	if s.Moved && !s.Evading {
		p.Add(PoolNone, 0, rowOpenMoved)
	}
}

// shootFormed is Shooting Table 2c (Shooters are Formed).
func shootFormed(p *Pool, s *ShootSituation) {
	if s.FirstShot {
		p.Add(PoolAdd, 2, rowFirstShot)
	}
	if s.TargetDoctrine.Has(DocLightCompany) && !s.Doctrine.Has(DocLightCompany) {
		p.Add(PoolRemove, 1, rowTargetLCOYNot)
	}
	if s.ShotsFired >= 3 {
		p.Add(PoolRemove, 1, rowFired3)
	}
	if s.TargetMoved {
		p.Add(PoolRemoveOneIn, 3, rowTargetMoved)
	}
	if s.TargetFormation == Open && s.Long {
		p.Add(PoolRemoveOneIn, 2, rowOpenLong)
	}
	if s.TargetInCover {
		p.Add(PoolRemoveOneIn, 2, rowTargetCover)
	}
	if s.Moved {
		p.Add(PoolRemove, 2, rowFormedMoved)
	}
	twoRank := s.Doctrine.Has(DocTwoRank)
	if twoRank && !s.Long {
		p.Add(PoolAddOneIn, 3, rowTwoRank)
	}
	if !twoRank && s.StartBases > 0 && s.UnitBases < s.StartBases && 4*s.UnitBases >= 3*s.StartBases {
		p.Add(PoolAdd, 1, rowThirdRank)
	}
}

// shootMarch is Shooting Table 2d (Shooters are Column of March).
func shootMarch(p *Pool, s *ShootSituation) {
	if s.FirstShot {
		p.Add(PoolAdd, 0, rowFirstShotMarch)
	}
	p.Add(PoolRemoveOneIn, 2, rowInMarch)
	if s.TargetMoved {
		p.Add(PoolRemoveOneIn, 2, rowTargetMoved)
	}
	if s.TargetFormation == Open && s.Long {
		p.Add(PoolRemoveOneIn, 2, rowOpenLong)
	}
	if s.TargetInCover {
		p.Add(PoolRemoveOneIn, 2, rowTargetCover)
	}
	if s.TargetDoctrine.Has(DocLightCompany) {
		p.Add(PoolRemove, 1, rowTargetLCOY)
	}
}

// ---------------------------------------------------------------------
// Resilience (Conducting a resilience test; Resilience Situation
// Adjustment Table; Resilience Outcomes Table).

// TestKind is why a resilience test is taken: the column of the tables.
type TestKind uint8

// The tests. The Situation Adjustment Table has one "Charge or melee"
// column that serves both TestCharge and TestMelee; the Outcomes Table
// has a column for each.
const (
	NoTest TestKind = iota
	// TestShooting: the unit was shot at ("From shooting").
	TestShooting
	// TestCharge: the unit charges or is charged (Charge 2 and 3).
	TestCharge
	// TestMelee: the unit lost a round of melee (Conducting a Melee 8).
	TestMelee
	// TestOther: every other test ("All other cases": end of turn tests,
	// hits from a friend breaking nearby).
	TestOther
)

// String names the test as the tables' columns do.
func (k TestKind) String() string {
	switch k {
	case TestShooting:
		return "from shooting"
	case TestCharge:
		return "charge"
	case TestMelee:
		return "melee"
	case TestOther:
		return "all other cases"
	}
	return "no test"
}

// ResilienceDice is what a resilience test or a hold test throws: 2D6 by
// default, 1D12 with the d12 variant ("Throw 1D12 or 2D6 and sum the
// score", Conducting a resilience test; How to conduct a Hold Test 1).
func ResilienceDice(d12 bool) (n, sides int) {
	if d12 {
		return 1, 12
	}
	return 2, 6
}

// ResilienceSituation is the facts of one resilience test, seen from the
// testers (the Situation Adjustment Table's "Situation (Testers)").
type ResilienceSituation struct {
	// Kind picks the column.
	Kind TestKind
	// Type, Doctrine, Level and Formation are the testers'.
	Type      Type
	Doctrine  Doctrine
	Level     Level
	Formation Formation
	// OppType, OppFormation and OppDoctrine are the enemy the test is
	// about: the shooters, the chargers or the unit charged, the melee
	// opponent; zero in all other cases.
	OppType      Type
	OppFormation Formation
	OppDoctrine  Doctrine
	// Charging: the testers are the chargers (for "Are Formed Line and
	// chargers being Column of Attack", which is the charged line's row).
	Charging bool
	// FriendlyBases and EnemyBases are the bases within 6BW of the testers
	// (the testers' own bases among the friends).
	FriendlyBases, EnemyBases int
	// InflictedHits: the testers have inflicted hits this turn.
	InflictedHits bool
	// ReceivedHits: the testers received hits this turn; ArtilleryHits:
	// some of them from artillery ("These hits also from artillery").
	ReceivedHits, ArtilleryHits bool
	// WonRound: the testers have won a round of melee during the current
	// charge sequence; LostRound: they have just lost a round.
	WonRound, LostRound bool
	// Generals, Inspired and Hated count the generals in the testers' line
	// of command within 3BW, and among them the inspired and the hated.
	//
	// Ruling D-GENERALS-3BW (Resilience Situation Adjustment Table; Types
	// of Generals): an inspired or hated general is still a general: he
	// counts in the "each general" row and in his own, so an inspired
	// general within 3BW gives +2, a hated one 0 (charge or melee -1).
	Generals, Inspired, Hated int
	// Defending: the testers are defending a fortification or obstacle.
	Defending bool
	// ForcedRetired: the testers were forced to retire this turn.
	ForcedRetired bool
	// BaggageLost: the testers' baggage camp has been lost.
	BaggageLost bool
	// Strength and StartStrength are the testers' hits left and at the
	// start, for "Testers have lost atleast 50%".
	Strength, StartStrength int
}

// resCol is one row of the Situation Adjustment Table: the modifier in
// each of its three columns.
// resCol is a row of the Resilience Situation Adjustment Table: its words
// (as the seed prints them, for a person reading which rows applied) and
// its adjustment in each test's column.
type resCol struct {
	name string
	v    [3]int8
}

// column is the Situation Adjustment Table's column for a test kind.
func (k TestKind) column() int {
	switch k {
	case TestShooting:
		return 0
	case TestCharge, TestMelee:
		return 1
	}
	return 2
}

// The Situation Adjustment Table, a row each, read as "From shooting,
// Charge or melee, All other cases". The PDF lost the blank cells; each
// printed cell is followed by one space, a blank cell is a lone space.
//
// Ruling D-RES-COLUMNS (Resilience Situation Adjustment Table): read with
// cat -A on the seed, "+1   " is the first column only, " +1  " the second
// only and "-1  -1 " the first and third; every row below follows that.
var (
	resDetermined     = resCol{"Are classed as Determined", [3]int8{1, 2, 1}}
	resLackluster     = resCol{"Are classed as Lackluster", [3]int8{-1, -2, -1}}
	resZealous        = resCol{"Are classed as Zealous", [3]int8{0, 1, 0}}
	resNotZealous     = resCol{"Are not classed as Zealous", [3]int8{1, 0, 0}}
	resGuards         = resCol{"Classed as Guards", [3]int8{1, 1, 1}}
	resLine           = resCol{"Are Formed and in Line", [3]int8{1, 0, 0}}
	resLineVsColumn   = resCol{"Are Formed Line and chargers being Column of Attack", [3]int8{0, -1, 0}}
	resColumn         = resCol{"Are Formed and in Column of Attack", [3]int8{0, 1, 0}}
	resOpen           = resCol{"Are in Open formation", [3]int8{1, -2, 0}}
	resMoreBases      = resCol{"Have more friendly bases than enemy bases within 6BW", [3]int8{1, 1, 1}}
	resInflicted      = resCol{"Have inflicted hits this turn", [3]int8{1, 1, 0}}
	resReceived       = resCol{"Received any hits this turn", [3]int8{-1, 0, -1}}
	resArtillery      = resCol{"These hits also from artillery", [3]int8{-1, -1, -1}}
	resWonRound       = resCol{"Have won a round of melee during the current charge sequence", [3]int8{0, 1, 0}}
	resLostRound      = resCol{"Have just lost charge/melee round of hand to hand combat", [3]int8{0, -2, 0}}
	resGeneral        = resCol{"For each general in line of command within 3BW", [3]int8{1, 1, 1}}
	resInspired       = resCol{"For each inspiring general in line of command within 3BW", [3]int8{1, 1, 1}}
	resHated          = resCol{"For each hated general in line of command within 3BW", [3]int8{-1, -2, -1}}
	resLCOY           = resCol{"Shooters do not use light company doctrine and the target does", [3]int8{-1, 0, 0}}
	resMarch          = resCol{"Are in column of march", [3]int8{-2, -2, 0}}
	resDefending      = resCol{"Defending a fortification or obstacle", [3]int8{2, 2, 1}}
	resForcedRetire   = resCol{"Where forced to retire this turn", [3]int8{-2, -2, -1}}
	resCavVsFoot      = resCol{"Cavalry vs foot not in square", [3]int8{0, 2, 0}}
	resCavVsSquare    = resCol{"Cavalry vs formed foot in Square", [3]int8{0, -2, 0}}
	resSquareVsCav    = resCol{"Formed foot in square vs Cavalry", [3]int8{0, 2, 0}}
	resBaggage        = resCol{"Baggage camp has been lost", [3]int8{-1, -1, -1}}
	resLostHalf       = resCol{"Testers have lost at least 50%", [3]int8{-1, -1, -1}}
	resHandToHandRows = resCol{"Armed purely for hand to hand", [3]int8{-1, 1, 0}}
)

// ResilienceModifier is the sum of the Situation Adjustment Table's rows
// that apply to the testers, in the test's column; add it to the 2D6 (or
// 1D12) score and read ResilienceOutcome. A situation with no test kind
// gets 0.
func ResilienceModifier(r ResilienceSituation) int { return resilienceRows(r, nil) }

// Adjustment is one row of a table that applies, with what it adds.
type Adjustment = tabletop.Adjustment

// ResilienceRows are the rows of the Situation Adjustment Table that
// apply to the testers and add something in the test's column, in the
// table's order: what ResilienceModifier sums, for a person to read.
func ResilienceRows(r ResilienceSituation) []Adjustment {
	var out []Adjustment
	resilienceRows(r, &out)
	return out
}

// resilienceRows sums the rows that apply and, when out is not nil,
// appends each that adds something (the sum alone allocates nothing: it is
// on every test's path).
func resilienceRows(r ResilienceSituation, out *[]Adjustment) int {
	if r.Kind == NoTest || r.Kind > TestOther {
		return 0
	}
	c := r.Kind.column()
	m := 0
	add := func(row resCol, times int) {
		v := int(row.v[c]) * times
		m += v
		if out != nil && v != 0 {
			*out = append(*out, Adjustment{Row: row.name, Value: v})
		}
	}
	one := func(row resCol, cond bool) {
		if cond {
			add(row, 1)
		}
	}
	z := zealous(r.Type, r.Doctrine, r.Formation)
	one(resDetermined, r.Level == Determined)
	one(resLackluster, r.Level == Lackluster)
	one(resZealous, z)
	one(resNotZealous, !z)
	one(resGuards, r.Doctrine.Has(DocGuard))
	// Ruling D-RES-LINE (Resilience Situation Adjustment Table): "Formed
	// and in Line" is any unit in its line formation: a foot line, a
	// cavalry block, a deployed battery.
	one(resLine, r.Formation == Line)
	one(resLineVsColumn, r.Formation == Line && !r.Charging && r.OppFormation == Column)
	one(resColumn, r.Formation == Column)
	one(resOpen, r.Formation == Open)
	one(resMoreBases, r.FriendlyBases > r.EnemyBases)
	one(resInflicted, r.InflictedHits)
	one(resReceived, r.ReceivedHits)
	one(resArtillery, r.ArtilleryHits)
	one(resWonRound, r.WonRound)
	one(resLostRound, r.LostRound)
	add(resGeneral, max(r.Generals, 0))
	add(resInspired, max(r.Inspired, 0))
	add(resHated, max(r.Hated, 0))
	// Ruling D-LCOY-RES (Resilience Situation Adjustment Table): the row
	// "Shooters do not use light company doctrine and the target does: -1
	// from shooting" is applied as printed, to testers who were shot at,
	// use the doctrine and whose shooters do not. (The Light Company
	// Doctrine text hints that the unit without the doctrine should
	// suffer; the table says otherwise, and the table is what players
	// read at the table.)
	one(resLCOY, r.Doctrine.Has(DocLightCompany) && !r.OppDoctrine.Has(DocLightCompany) && r.OppType != NoType)
	one(resMarch, r.Formation == March)
	one(resDefending, r.Defending)
	one(resForcedRetire, r.ForcedRetired)
	one(resCavVsFoot, r.Type.IsCavalry() && r.OppType.IsFoot() && r.OppFormation != Square)
	one(resCavVsSquare, r.Type.IsCavalry() && footSquare(r.OppType, r.OppFormation))
	one(resSquareVsCav, footSquare(r.Type, r.Formation) && r.OppType.IsCavalry())
	one(resBaggage, r.BaggageLost)
	one(resLostHalf, r.StartStrength > 0 && 2*r.Strength <= r.StartStrength)
	one(resHandToHandRows, r.Doctrine.Has(DocHandToHand))
	return m
}

// OutcomeKind is what a resilience test tells the unit to do.
type OutcomeKind uint8

// The results of the Resilience Outcomes Table, worst first.
const (
	NoOutcome OutcomeKind = iota
	// OutcomeBreak: the unit breaks (Broken units).
	OutcomeBreak
	// OutcomeForcedRetire: the unit is forced to retire (Forced to retire).
	OutcomeForcedRetire
	// OutcomeStand: the unit stands: a charger does not charge, a charged
	// unit holds its place.
	OutcomeStand
	// OutcomeCarryOn: the unit carries on as it was.
	OutcomeCarryOn
	// OutcomeAdvance: the unit advances Outcome.Advance BW.
	OutcomeAdvance
)

// String names the result as the table does.
func (k OutcomeKind) String() string {
	switch k {
	case OutcomeBreak:
		return "Break"
	case OutcomeForcedRetire:
		return "Forced Retire"
	case OutcomeStand:
		return "Stand"
	case OutcomeCarryOn:
		return "Carry On"
	case OutcomeAdvance:
		return "Advance"
	}
	return "no outcome"
}

// Outcome is one cell of the Resilience Outcomes Table: what the unit does,
// the hits it takes with it ("Stand/Take 1 hit", "Forced Retire/2 hits"),
// and how far an Advance goes.
type Outcome struct {
	Kind    OutcomeKind
	Hits    int
	Advance int
}

// outcomes is the Resilience Outcomes Table: a row a score band (12+,
// 10-11, 8-9, 7, 6, 5, 4-2, 1 or less), a column a test kind (shooting,
// charge, melee, other).
var outcomes = [8][4]Outcome{
	{{OutcomeAdvance, 0, 1}, {OutcomeCarryOn, 0, 0}, {OutcomeCarryOn, 0, 0}, {OutcomeAdvance, 0, 2}},
	{{OutcomeCarryOn, 0, 0}, {OutcomeCarryOn, 0, 0}, {OutcomeCarryOn, 0, 0}, {OutcomeAdvance, 0, 1}},
	{{OutcomeCarryOn, 0, 0}, {OutcomeCarryOn, 0, 0}, {OutcomeCarryOn, 0, 0}, {OutcomeCarryOn, 0, 0}},
	{{OutcomeCarryOn, 0, 0}, {OutcomeCarryOn, 0, 0}, {OutcomeCarryOn, 0, 0}, {OutcomeCarryOn, 0, 0}},
	{{OutcomeStand, 1, 0}, {OutcomeStand, 0, 0}, {OutcomeStand, 1, 0}, {OutcomeForcedRetire, 0, 0}},
	{{OutcomeForcedRetire, 0, 0}, {OutcomeStand, 0, 0}, {OutcomeForcedRetire, 1, 0}, {OutcomeForcedRetire, 0, 0}},
	{{OutcomeForcedRetire, 1, 0}, {OutcomeForcedRetire, 0, 0}, {OutcomeForcedRetire, 2, 0}, {OutcomeForcedRetire, 1, 0}},
	{{OutcomeBreak, 0, 0}, {OutcomeBreak, 0, 0}, {OutcomeBreak, 0, 0}, {OutcomeBreak, 0, 0}},
}

// outcomeRow is the Outcomes Table's row for a final score.
//
// Ruling D-BREAK-ONE (Broken units; Resilience Outcomes Table): the text
// says a unit breaks "when it scores less than 1", the table "1 or less";
// the table's next row is "4-2", so a score of 1 has no other row: 1 or
// less breaks.
func outcomeRow(score int) int {
	switch {
	case score >= 12:
		return 0
	case score >= 10:
		return 1
	case score >= 8:
		return 2
	case score == 7:
		return 3
	case score == 6:
		return 4
	case score == 5:
		return 5
	case score >= 2:
		return 6
	}
	return 7
}

// ResilienceOutcome reads the Resilience Outcomes Table for a final score
// (dice plus ResilienceModifier) and a test kind. defending is a unit
// defending a fortification, the edge of terrain or an obstacle: it turns
// every Advance into Carry On (the table's heading). A test of no kind has
// no outcome.
func ResilienceOutcome(score int, kind TestKind, defending bool) Outcome {
	if kind == NoTest || kind > TestOther {
		return Outcome{}
	}
	o := outcomes[outcomeRow(score)][kind-TestShooting]
	if defending && o.Kind == OutcomeAdvance {
		o = Outcome{Kind: OutcomeCarryOn}
	}
	return o
}

// ---------------------------------------------------------------------
// Hold test (Hold Test; How to conduct a Hold Test).

// HoldSituation is the facts of a zealous unit's hold test.
type HoldSituation struct {
	Type  Type
	Level Level
	// InTerrain: the testers are in terrain.
	InTerrain bool
	// FriendlyBases and EnemyBases are the bases within 6BW.
	FriendlyBases, EnemyBases int
	// Charges is how many charges the unit has made this game.
	Charges int
	// Strength and StartStrength are the unit's hits left and at the start.
	//
	// Ruling D-HOLD-STRENGTH (Hold Test adjustments): "strength" is hits,
	// as a unit's strength is everywhere in the rules (2 a base, 6 a
	// model), so ">=75% in strength" is 4*Strength >= 3*StartStrength.
	Strength, StartStrength int
	// TargetStrength is the largest strength among the possible targets:
	// the unit is "larger in strength than any possible target" when its
	// Strength is above it.
	TargetStrength int
	// MayLeaveTerrain: a charge could take the unit out of terrain (the
	// irregulars' row).
	MayLeaveTerrain bool
	// OnlyTargetInTerrain: the only possible target is in terrain.
	OnlyTargetInTerrain bool
}

// HoldModifier is the sum of the Hold Test adjustments that apply, in the
// table's order; add it to the 2D6 (or 1D12) and ask HoldMustCharge.
func HoldModifier(h HoldSituation) int { return holdRows(h, nil) }

// HoldRows are the Hold Test adjustments that apply, in the table's order:
// what HoldModifier sums, for a person to read.
func HoldRows(h HoldSituation) []Adjustment {
	var out []Adjustment
	holdRows(h, &out)
	return out
}

// holdRows sums the Hold Test adjustments that apply and, when out is not
// nil, appends each.
func holdRows(h HoldSituation, out *[]Adjustment) int {
	m := 0
	row := func(cond bool, v int, name string) {
		if !cond {
			return
		}
		m += v
		if out != nil {
			*out = append(*out, Adjustment{Row: name, Value: v})
		}
	}
	row(h.Level == Determined, 2, "Are classed as Determined")
	row(!h.InTerrain, 1, "Testers are not in terrain")
	row(h.FriendlyBases > h.EnemyBases, 1, "Has more friendly bases within 6BW than enemy")
	row(h.Charges <= 0, 1, "Has not charged yet this game")
	row(h.StartStrength > 0 && 4*h.Strength >= 3*h.StartStrength, 1, "Is >=75% in strength")
	row(h.Strength > h.TargetStrength, 1, "Is larger in strength than any possible target")
	row(h.Level == Lackluster, -2, "Are classed as Lackluster")
	row(h.Type.IsIrregular() && h.InTerrain && h.MayLeaveTerrain, -2, "Irregular in terrain that could end up out of terrain if charge")
	row(h.StartStrength > 0 && 2*h.Strength <= h.StartStrength, -1, "Is <=50% in strength")
	row(h.Charges >= 2, -1, "Has charged at least twice this game")
	row(h.OnlyTargetInTerrain, -1, "Only possible target is in terrain")
	return m
}

// HoldMustCharge reports whether a hold test's final score makes the unit
// charge: 7 or more must charge, 6 or less is free to act (How to conduct
// a Hold Test 2 and 3).
func HoldMustCharge(score int) bool { return score >= 7 }

// ---------------------------------------------------------------------
// Charge and movement distances (Charge Distance Table; Movement
// distances).

// ChargeDistance reads the Charge Distance Table: the distance is fixed BW
// plus dice D6; ok is false for a unit that cannot charge (column of
// march, artillery, generals, a square, no type). irregular marks an
// irregular unit; an irregular Type counts whatever irregular says.
//
// Ruling D-IRR-CHARGE (Charge Distance Table): "All Irregular troops: Open
// 1+1D6" governs irregulars in every formation that may charge, so
// irregular cavalry in line charge 1+1D6 too (the table lists the only
// formations irregular foot have).
//
// Ruling D-SQUARE-MOVE (Movement notes: "Foot in square cannot move"): a
// square cannot charge.
//
// Cavalry in column of attack (ruling D-FORMATIONS) charge as formed
// cavalry. Carbine cavalry dismounted in open charge as the table's
// "Cavalry Open" row, 3+2D6: the table has no dismounted row.
func ChargeDistance(t Type, f Formation, irregular bool) (fixed, dice int, ok bool) {
	if f == March || f == NoFormation || f >= numFormations || f == Square || t.IsArtillery() || t == NoType || t >= numTypes {
		return 0, 0, false
	}
	if irregular || t.IsIrregular() {
		return 1, 1, true
	}
	if t.IsCavalry() {
		if f == Open {
			return 3, 2, true
		}
		return 0, 2, true
	}
	if f == Column {
		return 2, 1, true
	}
	return 0, 1, true
}

// MoveMode is which column of the movement table a move reads.
type MoveMode uint8

// The movement modes.
const (
	// MoveNormal: an advance, fall back or wheel out of terrain.
	MoveNormal MoveMode = iota
	// MoveInTerrain: a move in (area) terrain.
	MoveInTerrain
	// MoveForcedRetire: a forced retire (Forced to retire 1: 1D6).
	MoveForcedRetire
	// MoveEvade: an open unit evading a charge ("Open (Evading)": 1D6 in
	// or out of terrain).
	MoveEvade
	// MoveRoad: a column of march moving wholly on a road (Moving along a
	// road).
	MoveRoad
)

// SupplyMoveBW is what a supply die adds to a charge or a move, or adds to
// or takes from a forced retire, in BW (Charge 5; Movement notes; Forced
// to retire 1). The die is spent, not thrown.
const SupplyMoveBW = 1

// GeneralMove is how far a general moves, in BW, in or out of terrain
// (Movement table: General 10BW; Moving generals).
const GeneralMove = 10

// MoveDistance reads the movement table: a move of fixed BW plus dice
// dice of sides sides each ("1D3" is one die of 3 sides; artillery
// unlimbered in terrain moves a fixed 1BW). ok is false for a move the
// unit cannot make: a square moving, an evade by a unit not in open, a
// road move by a unit not in column of march, no type (generals move
// GeneralMove BW, outside this table).
//
// Ruling D-ROAD (Moving along a road): a column of march whose whole move
// is on a road moves as in the open, terrain ignored along the road, plus
// 1D6: foot 3D6, cavalry 4D6, a limbered battery 3D6. The bonus is for
// movement actions only, not a forced retire or an evade.
//
// Ruling D-SQUARE-MOVE (Movement notes; Forced to retire): a square forced
// to retire retires 1D6 like all foot; it makes no other move.
//
// Ruling D-EVADE-MOVE (Moving evading units): only open foot and cavalry
// evade; the table's "Open (Evading)" is 1D6 in both columns.
func MoveDistance(t Type, f Formation, mode MoveMode) (fixed, dice, sides int, ok bool) {
	if t == NoType || t >= numTypes || f == NoFormation || f >= numFormations {
		return 0, 0, 0, false
	}
	switch mode {
	case MoveForcedRetire:
		return 0, 1, 6, true
	case MoveEvade:
		if f != Open || t.IsArtillery() {
			return 0, 0, 0, false
		}
		return 0, 1, 6, true
	case MoveRoad:
		if f != March {
			return 0, 0, 0, false
		}
		fx, d, s, ok := MoveDistance(t, f, MoveNormal)
		return fx, d + 1, s, ok
	case MoveNormal, MoveInTerrain:
	default:
		return 0, 0, 0, false
	}
	terrain := mode == MoveInTerrain
	switch {
	case t.IsArtillery():
		switch {
		case f == March && terrain:
			return 0, 1, 3, true
		case f == March:
			return 0, 2, 6, true
		case terrain:
			return 1, 0, 0, true
		}
		return 0, 1, 3, true
	case t.IsCavalry():
		switch {
		case terrain:
			return 0, 1, 6, true
		case f == Open:
			return 2, 2, 6, true
		case f == March:
			return 0, 3, 6, true
		}
		return 0, 2, 6, true
	}
	switch f {
	case Square:
		return 0, 0, 0, false
	case Open:
		if terrain {
			return 0, 1, 6, true
		}
		return 2, 1, 6, true
	case Line:
		if terrain {
			return 0, 1, 3, true
		}
		return 0, 1, 6, true
	case Column:
		if terrain {
			return 0, 1, 3, true
		}
		return 2, 1, 6, true
	}
	// Column of march.
	if terrain {
		return 0, 1, 3, true
	}
	return 0, 2, 6, true
}

// ---------------------------------------------------------------------
// Formations and interpenetration (Table summarising the formations
// allowed to different units; Table of allowed interpenetrations).

// FormationSet is, for each Formation, whether it is allowed.
type FormationSet [numFormations]bool

// AllowedFormations is the formations a unit of type t with doctrines d
// may use.
//
// Ruling D-FORMATIONS (Table summarising the formations allowed): the PDF
// lost the table's blank cells, but each printed cell is followed by one
// space and a blank cell is a lone space (cat -A on the seed), which reads
// the rows exactly: artillery line (deployed) and column of march
// (limbered); cavalry but irregular line, column of attack and column of
// march (ruling D-CAV-COLUMN); irregular cavalry open, line and column of march; irregular foot
// open and column of march; line foot line, column of attack and column of
// march; light foot all four. Added from the text: CARBINE cavalry may
// dismount into open (Formations: Open); line and light foot may form
// square (Infantry Square: "formed foot"; irregular foot are never
// formed). Column of attack is open to all line and light foot: the COA
// doctrine's benefit is counting as zealous in it.
func AllowedFormations(t Type, d Doctrine) FormationSet {
	var s FormationSet
	switch t {
	case FieldArtillery, PositionArtillery:
		s[Line], s[March] = true, true
	case HeavyCavalry, LightCavalry:
		// Ruling D-CAV-COLUMN (Table summarising the formations allowed:
		// "All Cavalry except Irregular  X X X", line, column of attack
		// and column of march): cavalry but irregular may form column of
		// attack, as the table says. The document draws formed cavalry
		// and a foot attack column alike ("How to represent a formed
		// cavalry or formed foot in attack column") and its cavalry
		// tables have one "Formed" row, so the column is the same block
		// as the line and moves, charges and fights as formed cavalry;
		// only the rows that name a column of attack (Column of Attack
		// doctrine, the resilience rows, interpenetration) tell them
		// apart.
		s[Line], s[Column], s[March] = true, true, true
		s[Open] = d.Has(DocCarbine)
	case IrregularCavalry:
		s[Open], s[Line], s[March] = true, true, true
	case IrregularFoot:
		s[Open], s[March] = true, true
	case LineFoot:
		s[Line], s[Column], s[March], s[Square] = true, true, true, true
	case LightFoot:
		s[Open], s[Line], s[Column], s[March], s[Square] = true, true, true, true, true
	}
	return s
}

// FormationAllowed reports whether a unit of type t with doctrines d may
// use formation f.
func FormationAllowed(t Type, d Doctrine, f Formation) bool {
	if f >= numFormations {
		return false
	}
	s := AllowedFormations(t, d)
	return s[f]
}

// interpenClass is a formation's column in the interpenetration table.
func interpenClass(f Formation) int {
	switch f {
	case Open:
		return 0
	case Line, Square:
		return 1
	case Column, March:
		return 2
	}
	return -1
}

// Interpenetrates reports whether a friendly unit moving in formation
// moving may pass through one in formation through (Table of allowed
// interpenetrations): open units pass through anything; formed lines and
// columns pass through open and formed units but not through any column.
// A charging unit never interpenetrates (Interpenetration), which is the
// caller's to check.
//
// Ruling D-INTERPEN (Table of allowed interpenetrations): a square counts as
// formed when passed through; a
// square never moves, so it interpenetrates nothing.
func Interpenetrates(moving, through Formation) bool {
	m, t := interpenClass(moving), interpenClass(through)
	if m < 0 || t < 0 || moving == Square {
		return false
	}
	return m == 0 || t < 2
}

// ---------------------------------------------------------------------
// Dice counts for scouting, initiative and supply (Scouting Initiative;
// Turn Initiative; Quartermaster, supply and logistics; Game Sequence 2).

// TieBreakDice is what each side throws after a drawn scouting or turn
// initiative: 1D6, no supply die (Scouting Initiative 3; Turn Initiative
// 6).
const TieBreakDice = 1

// ScoutingDice is a side's scouting initiative dice (Scouting Initiative
// 1a-e): 1D6 a general, +1D6 a cavalry unit, +1D6 an open formation unit,
// +1D6 an exceptional general, -1D6 an incompetent one; never below 0.
// The optional supply die (1f) is the caller's. generals counts every
// general, the force commander included; exceptional and incompetent are
// among them.
func ScoutingDice(generals, exceptional, incompetent, cavalry, open int) int {
	return max(0, max(generals, 0)+max(cavalry, 0)+max(open, 0)+max(exceptional, 0)-max(incompetent, 0))
}

// InitiativeDice is a side's turn initiative dice (Turn Initiative 1-3):
// 1D6 a general remaining on the board, +1D6 an exceptional one, -1D6 an
// incompetent one (who is "not counted for the initiative roll", Staff
// Ability Types); never below 0. The optional supply die (4) is the
// caller's.
func InitiativeDice(generals, exceptional, incompetent int) int {
	return max(0, max(generals, 0)+max(exceptional, 0)-max(incompetent, 0))
}

// SupplyDice is a side's pool of supply dice at the start of the game
// (Quartermaster, supply and logistics; Game Sequence 2): 2D6, +1D6 a
// general in the force (the force commander included), +1D6 an exceptional
// general, -1D6 an incompetent one (optional rules: without the
// general-types variant pass 0 for both); never below 0.
func SupplyDice(generals, exceptional, incompetent int) int {
	return max(0, 2+max(generals, 0)+max(exceptional, 0)-max(incompetent, 0))
}
