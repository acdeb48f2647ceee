package drums

import "github.com/grognard/grognard/engine/geom"

// Respect is a general's respect type (Optional Rules, Types of Generals).
// Without the general-types variant every general is Accepted.
type Respect uint8

// The respect types; Accepted is the default.
const (
	Accepted Respect = iota
	Hated
	Inspired
)

// Ability is a general's staff ability (Optional Rules, Staff Ability
// Types). Without the general-types variant every general is Competent.
type Ability uint8

// The staff abilities; Competent is the default.
const (
	Competent Ability = iota
	Incompetent
	Exceptional
)

// GeneralSpec is one general of a force as a scenario or army gives it.
type GeneralSpec struct {
	// Label is the short name a player writes on the base ("A-FC", "A-G1").
	Label   string  `json:"label" yaml:"label"`
	Name    string  `json:"name,omitempty" yaml:"name,omitempty"`
	Respect Respect `json:"respect,omitempty" yaml:"respect,omitempty"`
	Ability Ability `json:"ability,omitempty" yaml:"ability,omitempty"`
}

// UnitSpec is one unit of a command: its army-list profile and label.
type UnitSpec struct {
	// Label is the short name a player writes on the base ("A1 Line").
	Label   string  `json:"label" yaml:"label"`
	Profile Profile `json:"profile" yaml:"profile"`
}

// CommandSpec is a sub-general and the units under his command (Army
// Structure: the rules recognise the force commander and one level below).
type CommandSpec struct {
	General GeneralSpec `json:"general" yaml:"general"`
	Units   []UnitSpec  `json:"units" yaml:"units"`
}

// ForceSpec is one side's army: a force commander and his commands.
type ForceSpec struct {
	// Name is the side's name for people ("French", "Allied").
	Name string `json:"name" yaml:"name"`
	// List names the army list the force was drawn from ("French Imperial
	// (1803-1812)"), empty for a force checked against none.
	List      string        `json:"list,omitempty" yaml:"list,omitempty"`
	Commander GeneralSpec   `json:"commander" yaml:"commander"`
	Commands  []CommandSpec `json:"commands" yaml:"commands"`
	// NoSquare and AlwaysDefender carry army-list notes (Mapuche Indian:
	// "Cannot use foot square and automatically the defender").
	NoSquare       bool `json:"no_square,omitempty" yaml:"no_square,omitempty"`
	AlwaysDefender bool `json:"always_defender,omitempty" yaml:"always_defender,omitempty"`
}

// Objective is what a scenario says wins the battle (ruling D-VICTORY: the
// document leaves objectives to the players, Game Sequence 4).
type Objective struct {
	// BreakShare is the share of a side's units (by count, at the start)
	// whose loss makes it lose: 0.5 means a side that has lost half its
	// units has lost the battle.
	BreakShare float64 `json:"break_share" yaml:"break_share"`
	// BaggageLoses makes the loss of a side's baggage camp lose the battle.
	BaggageLoses bool `json:"baggage_loses,omitempty" yaml:"baggage_loses,omitempty"`
	// Hold are areas of ground: at the turn limit, a side holding more of
	// them (a unit of its own inside, none of the enemy's) wins.
	Hold []HoldArea `json:"hold,omitempty" yaml:"hold,omitempty"`
}

// HoldArea is an objective area: a circle on the table.
type HoldArea struct {
	Name   string   `json:"name" yaml:"name"`
	Centre geom.Vec `json:"centre" yaml:"centre"`
	Radius float64  `json:"radius" yaml:"radius"`
}

// Scenario is a battle: the table, its terrain, both forces, the turn
// limit and the objectives. Positions are not part of it: the forces
// deploy as the rules say (Deployment Zone, Deploying forces).
type Scenario struct {
	Name  string `json:"name" yaml:"name"`
	Title string `json:"title,omitempty" yaml:"title,omitempty"`
	// Width is the long edge (x) and Depth the short one (y), in BW.
	Width   float64      `json:"width" yaml:"width"`
	Depth   float64      `json:"depth" yaml:"depth"`
	Terrain []Feature    `json:"terrain,omitempty" yaml:"terrain,omitempty"`
	Forces  [2]ForceSpec `json:"forces" yaml:"forces"`
	// TurnLimit ends the battle after this many turns.
	TurnLimit int       `json:"turn_limit" yaml:"turn_limit"`
	Objective Objective `json:"objective" yaml:"objective"`
	// BaseMM is the width of a base on the players' table in mm, how a
	// BW converts for people ("For 15mm a base would be around 40mm wide
	// and in 25/28mm a base width would be around 60mm wide", Game
	// Scale); 0 means DefaultBaseMM.
	BaseMM float64 `json:"base_mm,omitempty" yaml:"base_mm,omitempty"`
}

// DefaultBaseMM is the base width of 15mm figures (Game Scale).
const DefaultBaseMM = 40.0
