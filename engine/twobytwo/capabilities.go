package twobytwo

import (
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// The named capabilities of engine/capabilities.go that 2 by 2 offers,
// beyond those defined with the state (Phaser: PhaseName and TurnOf;
// Describer: Summary and Sketch; ScenarioNamer; Material) and in
// freetext.go (FreeForm, Corrector, LengthReader). Pictures are drawn by
// engine/twobytwo/picture, which registers itself.

// Compile-time checks that the state offers what front ends ask for.
var (
	_ engine.Phaser          = (*State)(nil)
	_ engine.SideNamer       = (*State)(nil)
	_ engine.Describer       = (*State)(nil)
	_ engine.ScenarioNamer   = (*State)(nil)
	_ engine.Table           = (*State)(nil)
	_ engine.FreeForm        = (*State)(nil)
	_ engine.Corrector       = (*State)(nil)
	_ engine.LengthReader    = (*State)(nil)
	_ engine.Material        = (*State)(nil)
	_ engine.TableInstructor = (*State)(nil)
	_ engine.Decomposer      = (*State)(nil)
)

// SideName is the scenario's name for side ("French"), or "" when it
// gives none (engine.SideNamer).
func (s *State) SideName(side engine.Player) string {
	if side != 0 && side != 1 {
		return ""
	}
	return s.sc.SideNames[side]
}

// TableSize is the table's width and depth in inches (engine.Table): 2
// by 2 tables are square.
func (s *State) TableSize() (width, depth float64) { return s.sc.Size, s.sc.Size }

// whereNames say where a unit off the table is.
var whereNames = [...]string{LocUnplaced: "not yet deployed", LocWaiting: "waiting", LocExited: "exited", LocDestroyed: "destroyed"}

// Pieces appends every unit as a person sees it (engine.Table), in unit
// order, so a piece's ID is the unit's number (#N, an action's Unit).
// A unit on the table has one base, its centre in inches from the
// south-west corner and its facing in degrees clockwise from north
// (ruling R-AXES), and its status (ordered, halted, pinned, disrupted);
// a unit off it has none, and its status says where it is.
func (s *State) Pieces(buf []engine.Piece) []engine.Piece {
	for i := 0; i < int(s.n); i++ {
		u, spec := &s.U[i], s.Spec(i)
		p := engine.Piece{ID: i, Label: spec.Label, Name: spec.Type.String(), Side: engine.Player(spec.Side)}
		if u.Loc == LocTable {
			p.Where, p.Status = "table", statusNames[u.Stat]
			p.Bases = []engine.Base{{Centre: u.Pos, Facing: geom.FacingOf(u.Dir), Width: 1, Depth: 0.5}}
		} else {
			if int(u.Loc) < len(whereNames) {
				p.Where = whereNames[u.Loc]
			}
			p.Status = p.Where
		}
		buf = append(buf, p)
	}
	return buf
}

// ScenarioTitle is a built-in scenario's full title ("The Village"), or
// "" for a name that is none.
func (Rules) ScenarioTitle(name string) string {
	if sc, err := Builtin(name); err == nil {
		return sc.Title
	}
	return ""
}
