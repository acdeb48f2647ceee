package twobytwo

import "fmt"

// UnitType is one of the troop types of the 2 by 2 document ("Troop
// Descriptions" and "Movement rates").
type UnitType uint8

// The troop types. The order is part of the record format: append only.
const (
	CorpsHQ UnitType = iota
	DivisionHQ
	EliteInfantry
	LineInfantry
	LightInfantry
	Militia
	EliteCavalry
	HeavyCavalry
	MediumCavalry
	LightCavalry
	Lancers
	Cossacks
	EliteArtillery
	FootArtillery
	HorseArtillery
	SiegeArtillery
	IrregularShooters
	IrregularWarband
	numUnitTypes
)

// Arm is the broad class of a troop type, used by many modifiers.
type Arm uint8

// The arms.
const (
	ArmHQ Arm = iota
	ArmInfantry
	ArmCavalry
	ArmArtillery
)

// Profile is the static data of a troop type. Distances are inches: a
// bracketed [X] of the document is X inches, 300 paces (ruling R-SCALE).
type Profile struct {
	Name  string
	Code  string // short code used in labels and on the command line
	Arm   Arm
	Move  float64 // movement rate in inches ("Movement rates")
	Cost  float64 // AP cost ("Unit Costs")
	Elite bool    // +1 melee, +1 rally, may rally with an enemy within 2"
	Light bool    // +1 rally
	// Range bands in inches for canister, normal and long range; zero means
	// the band does not exist. Firearms have only a "normal" band (1", 2"
	// when screened: see fireRange).
	Canister, Normal, Long float64
	Shoots                 bool
	MeleeMod               int // the type's own melee modifier ("Melee: Modifiers"), elite +1 apart
}

// The profiles, from "Movement rates", "Shooting ranges", "Unit Costs" and
// the melee modifiers of the 2 by 2 document.
var profiles = [numUnitTypes]Profile{
	// HQ 3000 paces [10]; corps HQ 4 AP, division HQ 2 AP; HQs may not shoot;
	// HQ in melee -3.
	CorpsHQ:    {Name: "Corps HQ", Code: "CHQ", Arm: ArmHQ, Move: 10, Cost: 4, MeleeMod: -3},
	DivisionHQ: {Name: "Division HQ", Code: "DHQ", Arm: ArmHQ, Move: 10, Cost: 2, MeleeMod: -3},
	// Elite infantry 1500 paces [5], 3 AP, elite +1 melee.
	EliteInfantry: {Name: "Elite Infantry", Code: "EI", Arm: ArmInfantry, Move: 5, Cost: 3, Elite: true, Normal: 1, Shoots: true},
	// Line infantry 1200 paces [4], 2 AP.
	LineInfantry: {Name: "Line Infantry", Code: "LI", Arm: ArmInfantry, Move: 4, Cost: 2, Normal: 1, Shoots: true},
	// Light infantry 1800 paces [6], 3 AP, -3 in melee.
	LightInfantry: {Name: "Light Infantry", Code: "LtI", Arm: ArmInfantry, Move: 6, Cost: 3, Light: true, Normal: 1, Shoots: true, MeleeMod: -3},
	// Militia 1200 paces [4], 1 AP.
	Militia: {Name: "Militia", Code: "Mil", Arm: ArmInfantry, Move: 4, Cost: 1, Normal: 1, Shoots: true},
	// Elite cavalry: 4 AP; the movement table has no line for it. Ruling
	// R-ELITECAV: it moves as medium cavalry [7] and has only the elite +1.
	EliteCavalry: {Name: "Elite Cavalry", Code: "EC", Arm: ArmCavalry, Move: 7, Cost: 4, Elite: true},
	// Heavy cavalry 1800 paces [6], 4 AP, +2 melee.
	HeavyCavalry: {Name: "Heavy Cavalry", Code: "HC", Arm: ArmCavalry, Move: 6, Cost: 4, MeleeMod: 2},
	// Medium cavalry 2100 paces [7], 3.5 AP, +1 melee.
	MediumCavalry: {Name: "Medium Cavalry", Code: "MC", Arm: ArmCavalry, Move: 7, Cost: 3.5, MeleeMod: 1},
	// Light cavalry 2400 paces [8], 3 AP, -1 melee.
	LightCavalry: {Name: "Light Cavalry", Code: "LC", Arm: ArmCavalry, Move: 8, Cost: 3, Light: true, MeleeMod: -1},
	// Lancers 2400 paces [8], 3 AP; light cavalry (-1) with the lance
	// modifiers applied in meleeModifiers.
	Lancers: {Name: "Lancers", Code: "Lan", Arm: ArmCavalry, Move: 8, Cost: 3, Light: true, MeleeMod: -1},
	// Cossacks 3000 paces [10], 2 AP; disorderly light cavalry.
	Cossacks: {Name: "Cossacks", Code: "Cos", Arm: ArmCavalry, Move: 10, Cost: 2, Light: true, MeleeMod: -1},
	// Elite artillery 1050 paces [3.5], 4 AP, ranges 1.75/4.5/8.5.
	EliteArtillery: {Name: "Elite Artillery", Code: "EA", Arm: ArmArtillery, Move: 3.5, Cost: 4, Elite: true, Canister: 1.75, Normal: 4.5, Long: 8.5, Shoots: true, MeleeMod: -3},
	// Foot artillery 1200 paces [4], 3 AP, ranges 1.5/4/8.
	FootArtillery: {Name: "Foot Artillery", Code: "FA", Arm: ArmArtillery, Move: 4, Cost: 3, Canister: 1.5, Normal: 4, Long: 8, Shoots: true, MeleeMod: -3},
	// Horse artillery 1800 paces [6], 3.5 AP, ranges 1.5/3/6.
	HorseArtillery: {Name: "Horse Artillery", Code: "HA", Arm: ArmArtillery, Move: 6, Cost: 3.5, Canister: 1.5, Normal: 3, Long: 6, Shoots: true, MeleeMod: -3},
	// Siege artillery 900 paces [3], 4.5 AP, ranges 2/5/9.
	SiegeArtillery: {Name: "Siege Artillery", Code: "SA", Arm: ArmArtillery, Move: 3, Cost: 4.5, Canister: 2, Normal: 5, Long: 9, Shoots: true, MeleeMod: -3},
	// Irregular shooters 1800 paces [6], 1.5 AP, -1 when shooting.
	IrregularShooters: {Name: "Irregular Shooters", Code: "IS", Arm: ArmInfantry, Move: 6, Cost: 1.5, Normal: 1, Shoots: true},
	// Irregular warband 1800 paces [6], 2 AP, +1 melee, may not shoot.
	IrregularWarband: {Name: "Irregular Warband", Code: "IW", Arm: ArmInfantry, Move: 6, Cost: 2, MeleeMod: 1},
}

// Profile returns the static data of the type.
func (t UnitType) Profile() *Profile { return &profiles[t] }

// String is the type's name.
func (t UnitType) String() string {
	if t >= numUnitTypes {
		return fmt.Sprintf("UnitType(%d)", uint8(t))
	}
	return profiles[t].Name
}

// IsHQ reports whether the type is a corps or division HQ.
func (t UnitType) IsHQ() bool { return t == CorpsHQ || t == DivisionHQ }

// IsCavalry reports whether the type is any cavalry.
func (t UnitType) IsCavalry() bool { return profiles[t].Arm == ArmCavalry }

// IsInfantry reports whether the type is any foot (including irregulars).
func (t UnitType) IsInfantry() bool { return profiles[t].Arm == ArmInfantry }

// IsArtillery reports whether the type is any artillery.
func (t UnitType) IsArtillery() bool { return profiles[t].Arm == ArmArtillery }

// Contagious reports whether the type routs when another unit routs within
// 1" of it ("Militia", "Cossacks").
func (t UnitType) Contagious() bool { return t == Militia || t == Cossacks }

// MayRoutVoluntarily reports whether the type may choose to rout in its
// movement phase ("Light Infantry", "Light Cavalry"; ruling R-VOLROUT
// extends it to lancers and Cossacks, which the text calls light cavalry).
func (t UnitType) MayRoutVoluntarily() bool {
	return t == LightInfantry || t == LightCavalry || t == Lancers || t == Cossacks
}

// UnitTypeByCode finds a type by its short code or full name (case-insensitive).
func UnitTypeByCode(s string) (UnitType, bool) {
	for i := range profiles {
		p := &profiles[i]
		if equalFold(p.Code, s) || equalFold(p.Name, s) {
			return UnitType(i), true
		}
	}
	return 0, false
}

func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// UnitTypes lists every unit type in order.
func UnitTypes() []UnitType {
	ts := make([]UnitType, numUnitTypes)
	for i := range ts {
		ts[i] = UnitType(i)
	}
	return ts
}
