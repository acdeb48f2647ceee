package drums

import "github.com/grognard/grognard/engine/geom"

// Formation is how a unit's bases are arranged (Formations; the table of
// formations allowed to each unit type).
type Formation uint8

// The formations. Line is the formed formation of every type: a foot
// line, a cavalry block, a deployed battery. Column is the column of
// attack, March the column of march (a limbered battery), Square the
// infantry square.
const (
	NoFormation Formation = iota
	Open
	Line
	Column
	March
	Square
	numFormations
)

// String names the formation as the rules do.
func (f Formation) String() string {
	switch f {
	case Open:
		return "open"
	case Line:
		return "line"
	case Column:
		return "column of attack"
	case March:
		return "column of march"
	case Square:
		return "square"
	}
	return "no formation"
}

// Formed reports whether the formation counts as formed (everything but
// open; a column of march is formed but never counts as line).
func (f Formation) Formed() bool { return f != Open && f != NoFormation }

// TerrainKind is what a terrain feature is (Terrain & Fortifications).
type TerrainKind uint8

// The terrain kinds a scenario may place. Wood, BuiltUp and Rough are area
// cover terrain ("in terrain" for movement and the tables); Hill is open
// ground that gives the uphill factors; Obstacle and Fortification are
// linear (a fence, wall or hedge; a breastwork); Stream is a linear
// obstacle that is also "in terrain" to cross; Road a polyline that speeds
// columns of march; Impassable an area no unit may enter.
const (
	NoTerrain TerrainKind = iota
	Wood
	BuiltUp
	Rough
	Hill
	Obstacle
	Fortification
	Stream
	Road
	Impassable
	numTerrainKinds
)

// String names the terrain kind as scenario files write it.
func (k TerrainKind) String() string {
	switch k {
	case Wood:
		return "wood"
	case BuiltUp:
		return "builtup"
	case Rough:
		return "rough"
	case Hill:
		return "hill"
	case Obstacle:
		return "obstacle"
	case Fortification:
		return "fortification"
	case Stream:
		return "stream"
	case Road:
		return "road"
	case Impassable:
		return "impassable"
	}
	return "none"
}

// Linear reports whether the kind is a line on the table rather than an area.
func (k TerrainKind) Linear() bool {
	return k == Obstacle || k == Fortification || k == Stream || k == Road
}

// Area reports whether the kind is a closed polygon.
func (k TerrainKind) Area() bool { return !k.Linear() && k != NoTerrain }

// Cover reports whether the kind gives cover to a unit in or behind it
// ("All terrain provides cover except to any artillery").
func (k TerrainKind) Cover() bool {
	return k == Wood || k == BuiltUp || k == Rough || k == Obstacle || k == Fortification || k == Stream
}

// BlocksSight reports whether the kind blocks line of sight through it
// (ruling D-LOS: woods and built-up areas do; a unit inside one sees and
// is seen within 1BW of its edge).
func (k TerrainKind) BlocksSight() bool { return k == Wood || k == BuiltUp }

// Feature is one piece of terrain. Area features are closed polygons
// (Points in order, not repeated); linear features are polylines whose
// width is LinearWidth.
type Feature struct {
	Kind   TerrainKind `json:"kind"`
	Name   string      `json:"name,omitempty"`
	Points []geom.Vec  `json:"points"`
}

// LinearWidth is the width of a linear feature in BW, the suggested 4BW x
// 1BW of Cover Terrain read as a 1BW-wide strip.
const LinearWidth = 1.0
