package drums

// Type is a unit's type (Unit Types; army list key HCAV, LCAV, LIGHT,
// LINE, IRREGULAR, ART(F), ART(P)).
type Type uint8

// The unit types of the document. Guard and lancer are doctrines, not
// types: a guard line battalion is LineFoot with DocGuard.
const (
	NoType Type = iota
	FieldArtillery
	PositionArtillery
	HeavyCavalry
	LightCavalry
	IrregularCavalry
	LightFoot
	LineFoot
	IrregularFoot
	numTypes
)

// IsArtillery, IsCavalry, IsFoot and IsIrregular group the types as the
// tables do.
func (t Type) IsArtillery() bool { return t == FieldArtillery || t == PositionArtillery }

// IsCavalry reports whether t is any cavalry.
func (t Type) IsCavalry() bool {
	return t == HeavyCavalry || t == LightCavalry || t == IrregularCavalry
}

// IsFoot reports whether t is any foot.
func (t Type) IsFoot() bool { return t == LightFoot || t == LineFoot || t == IrregularFoot }

// IsIrregular reports whether t is irregular foot or cavalry.
func (t Type) IsIrregular() bool { return t == IrregularFoot || t == IrregularCavalry }

// Doctrine is a set of the army list's doctrine flags.
type Doctrine uint16

// The doctrines of the army list key (Army Characteristics, Key).
const (
	DocLightCompany   Doctrine = 1 << iota // LCOY
	DocTwoRank                             // 2RK
	DocColumnOfAttack                      // COA
	DocZealous                             // ZEALOUS
	DocCarbine                             // CARBINE: cavalry that can dismount to shoot
	DocHandToHand                          // H2H: armed purely for hand to hand
	DocGuard                               // GUARD
	DocLancer                              // LANCER / LANCERS
	DocOpen                                // OPEN: deploys in open formation (ruling D-OPEN)
)

// Has reports whether every flag of f is in d.
func (d Doctrine) Has(f Doctrine) bool { return d&f == f }

// Weapon is a unit's one weapon type (Shooting Table 1).
type Weapon uint8

// The weapons of Shooting Table 1.
const (
	NoWeapon Weapon = iota // cavalry without carbines, H2H foot
	Carbine
	SmoothBore
	Rifle
	Minie
	FieldGun
	PositionGun
	numWeapons
)

// Level is a unit's resilience level (Resilience).
type Level uint8

// The three resilience levels; Unrolled is a unit whose level has not yet
// been thrown (Determining a unit's morale on the table).
const (
	Unrolled Level = iota
	Lackluster
	Steady
	Determined
)

// Thresholds are the army list's Lackluster/Steady/Determined columns: the
// lowest 1D6 score that gives each level, 0 where the column is blank.
// {1, 2, 4} reads "1+ 2+ 4+".
type Thresholds [3]uint8

// LevelFor is the level a 1D6 score gives: the highest level whose
// threshold the score reaches (ruling D-LEVEL).
func (t Thresholds) LevelFor(score int) Level {
	lv := Unrolled
	for i, th := range t {
		if th != 0 && score >= int(th) {
			lv = Level(i + 1)
		}
	}
	return lv
}

// Profile is what an army list says of one unit: everything about it that
// does not change during a game.
type Profile struct {
	// Name is the army list's name for the unit ("Line Cuirassiers").
	Name string `json:"name" yaml:"name"`
	// Type and Doctrines come from the Doctrine/Type column.
	Type      Type     `json:"type" yaml:"type"`
	Doctrines Doctrine `json:"doctrines" yaml:"doctrines"`
	// Weapon is the unit's shooting weapon.
	Weapon Weapon `json:"weapon" yaml:"weapon"`
	// Thresholds are the resilience columns.
	Thresholds Thresholds `json:"thresholds" yaml:"thresholds"`
	// Bases is the number of bases (artillery: models) the unit starts with.
	Bases uint8 `json:"bases" yaml:"bases"`
}

// HitsPerBase is 2 for foot and cavalry and 6 for an artillery model
// (Unit Types, Artillery Batteries; Shooting Action 11).
func (p *Profile) HitsPerBase() int {
	if p.Type.IsArtillery() {
		return 6
	}
	return 2
}

// Strength is the unit's starting strength in hits.
func (p *Profile) Strength() int { return int(p.Bases) * p.HitsPerBase() }
