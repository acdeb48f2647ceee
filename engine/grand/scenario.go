package grand

import (
	"errors"
	"fmt"
	"strings"

	"github.com/grognard/grognard/internal/termsafe"
)

// Nation is a force's nation, which sets its factors' morale values
// (Morale Values Chart) and its leader's bonuses (Operational
// Possibilities Chart notes c, e and l).
type Nation uint8

// The nations: the seven major powers of the charts, and Minor for any
// other (a minor country's corps).
const (
	Austria Nation = iota
	France
	GreatBritain
	Prussia
	Russia
	Spain
	Turkey
	Minor
	numNations
)

var nationNames = [numNations]string{"austria", "france", "great-britain", "prussia", "russia", "spain", "turkey", "minor"}

// String is the nation's name as scenario files write it.
func (n Nation) String() string {
	if n < numNations {
		return nationNames[n]
	}
	return fmt.Sprintf("nation(%d)", uint8(n))
}

// NationNames lists the nations as scenario files write them.
func NationNames() []string { return append([]string(nil), nationNames[:]...) }

// ParseNation reads a nation's name (any case, "_" or " " for "-").
func ParseNation(s string) (Nation, error) {
	n, err := lookup("nation", s, nationNames[:])
	return Nation(n), err
}

// lookup is the index of the name s (any case, "_" or " " for "-") among
// names, or an error listing them.
func lookup(what, s string, names []string) (int, error) {
	v := strings.NewReplacer("_", "-", " ", "-").Replace(strings.ToLower(strings.TrimSpace(s)))
	for k, name := range names {
		if v == name {
			return k, nil
		}
	}
	return 0, fmt.Errorf("unknown %s %q (known: %s)", what, s, strings.Join(names, ", "))
}

// Kind is a kind of army factor (Purchase/Cost Chart, Morale Values Chart).
type Kind uint8

// The kinds of factor. Irregulars are the chart's "Cossack, Freikorps,
// Guerilla" (morale 1), counted as cavalry where the rules say cavalry
// (note f, pursuit); Feudal is "Turkish feudal (cav. & inf.)" (morale 2).
const (
	Infantry Kind = iota
	Cavalry
	Artillery
	Guard
	Militia
	Irregular
	Feudal
	NumKinds
)

var kindNames = [NumKinds]string{"infantry", "cavalry", "artillery", "guard", "militia", "irregular", "feudal"}

// String is the kind's name as scenario files write it.
func (k Kind) String() string {
	if k < NumKinds {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// KindNames lists the kinds of factor as scenario files write them.
func KindNames() []string { return append([]string(nil), kindNames[:]...) }

// Terrain is the area a battle is fought in (Operational Possibilities
// Chart, terrain lines; Pursuit After Combat modifiers).
type Terrain uint8

// The terrains.
const (
	Clear Terrain = iota
	Forest
	Mountain
	Marsh
	Desert
	numTerrains
)

var terrainNames = [numTerrains]string{"clear", "forest", "mountain", "marsh", "desert"}

// String is the terrain's name as scenario files write it.
func (t Terrain) String() string {
	if t < numTerrains {
		return terrainNames[t]
	}
	return fmt.Sprintf("terrain(%d)", uint8(t))
}

// TerrainNames lists the terrains as scenario files write them.
func TerrainNames() []string { return append([]string(nil), terrainNames[:]...) }

// ParseTerrain reads a terrain's name (any case).
func ParseTerrain(s string) (Terrain, error) {
	t, err := lookup("terrain", s, terrainNames[:])
	return Terrain(t), err
}

// Commander is a force's leader (Commander Chart; Operational
// Possibilities Chart notes b, h, i, j: the strategic rating).
type Commander struct {
	Name string `json:"name"`
	// Nation is the leader's nationality, for the notes that reward one
	// (c Turkish, e Austrian, l Russian); it is the force's unless given.
	Nation Nation `json:"nation"`
	// Strategic is rolled against for an outflanking force's arrival and
	// a withdrawal, 0 to 6; Tactical (0 to 5) reads the Commander Chart.
	Strategic int `json:"strategic"`
	Tactical  int `json:"tactical"`
	// CavalryLeader gives +1 to the pursuit die when this force pursues
	// (Pursuit After Combat modifiers).
	CavalryLeader bool `json:"cavalry_leader,omitempty"`
}

// Force is one side's army in a field battle.
type Force struct {
	Name   string `json:"name"`
	Nation Nation `json:"nation"`
	// Factors are the force's factors by Kind.
	Factors   [NumKinds]int `json:"factors"`
	Commander Commander     `json:"commander"`
}

// Total is the force's factors of every kind.
func (f *Force) Total() int {
	n := 0
	for _, v := range f.Factors {
		n += v
	}
	return n
}

// Scenario is a field battle: the attacker (side 0) and the defender
// (side 1), where they fight and the options in play. It is read only
// once a game starts.
type Scenario struct {
	Name  string `json:"name"`
	Title string `json:"title,omitempty"`
	// Forces are the attacker's and the defender's.
	Forces  [2]Force `json:"forces"`
	Terrain Terrain  `json:"terrain"`
	// River is an attack across a river (note d: the Cordon row's lower
	// table).
	River bool `json:"river,omitempty"`
	// Rounds is the combat rounds of the battle's day (ruling G-DAY); 0
	// means DefaultRounds.
	Rounds int `json:"rounds,omitempty"`
	// Trivial is a trivial combat: no postures, both sides on table 5-2
	// (Combat Resolution Chart, Trivial Combats).
	Trivial bool `json:"trivial,omitempty"`
	// CavalrySuperiority is option 12.3.3.1: +1 to the combat die of a
	// side with at least twice the enemy's cavalry.
	CavalrySuperiority bool `json:"cavalry_superiority,omitempty"`
	// GuardCommitment is option 12.3.4: a side may commit its guard with
	// its posture for a morale level shift (Guard Commitment Table).
	GuardCommitment bool `json:"guard_commitment,omitempty"`
	// AllCavalryWithdrawal is option 12.3.3.2: note f's +1 to the
	// strategic rating of a withdrawing defender that is all cavalry,
	// cossacks and freikorps (ruling G-F).
	AllCavalryWithdrawal bool `json:"all_cavalry_withdrawal,omitempty"`
	// Bombardment is option 12.3.5: each side's artillery bombards on
	// table 5-5 before the first combat round (rulings G-BOMB).
	Bombardment bool `json:"bombardment,omitempty"`
}

// The bounds a scenario is checked against.
const (
	// DefaultRounds is a day of battle's combat rounds (ruling G-DAY).
	DefaultRounds = 4
	// MaxRounds bounds Scenario.Rounds.
	MaxRounds = 12
	// MaxFactors bounds a force's factors of one kind, and MaxTotal its
	// whole size: the largest corps of the Corps Capacity Chart hold 25
	// factors, and an army of a dozen corps is the most a field battle
	// of the charts gathers.
	MaxFactors = 400
	MaxTotal   = 600
	// MaxStrategic and MaxTactical bound a commander's ratings (the
	// Commander Chart's rows and columns run 0 to 5; a strategic rating
	// above 6 would always pass a six-sided roll).
	MaxStrategic = 6
	MaxTactical  = 5
	// maxName bounds names and titles.
	maxName = 200
)

// Check reports what is wrong with a scenario, every problem at once.
func (sc *Scenario) Check() error {
	var errs []error
	add := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if sc.Name == "" || len(sc.Name) > maxName {
		add("a scenario needs a name of 1 to %d characters", maxName)
	}
	if len(sc.Title) > maxName {
		add("the title is longer than %d characters", maxName)
	}
	// Names and the title reach terminals and pages: a saved game
	// carries its scenario, so they are checked here as well as in
	// scenario files.
	for _, t := range []struct{ what, v string }{{"the scenario's name", sc.Name}, {"the title", sc.Title},
		{"the attacker's name", sc.Forces[0].Name}, {"the defender's name", sc.Forces[1].Name},
		{"the attacker's commander's name", sc.Forces[0].Commander.Name}, {"the defender's commander's name", sc.Forces[1].Commander.Name}} {
		if r, _, ok := termsafe.FindControl(t.v); ok {
			add("%s has the control character %U: write plain text, without escape sequences, line breaks, tabs or direction overrides", t.what, r)
		}
	}
	if sc.Terrain >= numTerrains {
		add("terrain %d is not one of %s", sc.Terrain, strings.Join(terrainNames[:], ", "))
	}
	if sc.Rounds < 0 || sc.Rounds > MaxRounds {
		add("rounds %d: give 1 to %d, or 0 for %d", sc.Rounds, MaxRounds, DefaultRounds)
	}
	for side, f := range sc.Forces {
		who := [2]string{"the attacker", "the defender"}[side]
		if f.Name == "" || len(f.Name) > maxName {
			add("%s needs a name of 1 to %d characters", who, maxName)
		}
		if f.Nation >= numNations {
			add("%s's nation %d is not one of %s", who, f.Nation, strings.Join(nationNames[:], ", "))
		}
		if f.Commander.Nation >= numNations {
			add("%s's commander's nation %d is not one of %s", who, f.Commander.Nation, strings.Join(nationNames[:], ", "))
		}
		for k, v := range f.Factors {
			if v < 0 || v > MaxFactors {
				add("%s has %d %s factors: give 0 to %d", who, v, Kind(k), MaxFactors)
			}
		}
		if t := f.Total(); t < 1 || t > MaxTotal {
			add("%s has %d factors in all: give 1 to %d", who, t, MaxTotal)
		}
		if c := f.Commander; c.Strategic < 0 || c.Strategic > MaxStrategic || c.Tactical < 0 || c.Tactical > MaxTactical {
			add("%s's commander is rated %d strategic, %d tactical: give 0 to %d and 0 to %d", who, c.Strategic, c.Tactical, MaxStrategic, MaxTactical)
		}
	}
	return errors.Join(errs...)
}

// rounds is the battle's day in combat rounds.
func (sc *Scenario) rounds() int {
	if sc.Rounds == 0 {
		return DefaultRounds
	}
	return sc.Rounds
}
