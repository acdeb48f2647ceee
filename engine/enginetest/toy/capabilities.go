package toy

import (
	"fmt"
	"strings"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// The named capabilities of engine/capabilities.go the toy offers: what
// a ruleset adds so front ends and tournaments can show and judge it.

var sideNames = [2]string{"Blue", "Red"}

// SideName is "Blue" for side 0 and "Red" for side 1 (engine.SideNamer).
func (s *State) SideName(side engine.Player) string {
	if side == 0 || side == 1 {
		return sideNames[side]
	}
	return side.String()
}

// PhaseName is "posture", "activation" or "over" (engine.Phaser).
func (s *State) PhaseName() string { return phaseNames[s.phase] }

// TurnOf is the side activating a unit, or during the postures the side
// that acted first last turn (engine.Phaser).
func (s *State) TurnOf() engine.Player {
	if s.phase == phActivate {
		return engine.Player(s.active)
	}
	return engine.Player(s.first)
}

// ScenarioName is the scenario the game was started from
// (engine.ScenarioNamer).
func (s *State) ScenarioName() string { return s.sc.name }

// MaterialDestroyed is the strength each side took from the other, side
// 0's tally first (engine.Material).
func (s *State) MaterialDestroyed() [2]float64 {
	return [2]float64{float64(s.lost[1]), float64(s.lost[0])}
}

// TableSize is the track: TrackLen squares of 1 by 1 (engine.Table).
func (s *State) TableSize() (width, depth float64) { return TrackLen, 1 }

// Lengths is the toy's one unit of length, the square of its track
// (engine.Measurer): positions are whole squares, so there is nothing to
// convert.
func (s *State) Lengths() []engine.Length {
	return []engine.Length{{Name: "sq", Aliases: []string{"square", "squares"}, Words: "squares", PerOwn: 1}}
}

// status is unit i's state in words.
func (s *State) status(i int) string {
	u := s.u[i]
	if u.Str <= 0 {
		return "destroyed"
	}
	st := fmt.Sprintf("strength %d", u.Str)
	if u.Flags&fShaken != 0 {
		st += ", shaken"
	}
	return st
}

// Pieces appends every unit, each one base in the middle of its square
// facing the enemy (engine.Table).
func (s *State) Pieces(buf []engine.Piece) []engine.Piece {
	for i, spec := range s.sc.units {
		p := engine.Piece{ID: i, Label: spec.Label, Name: typeNames[spec.Type], Side: engine.Player(spec.Side), Status: s.status(i), Where: "table"}
		if s.u[i].Str <= 0 {
			p.Where = "destroyed"
		} else {
			p.Bases = []engine.Base{{Centre: geom.Vec{X: float64(s.u[i].Pos) + 0.5, Y: 0.5}, Facing: float64(180 * spec.Side), Width: 1, Depth: 0.5}}
		}
		buf = append(buf, p)
	}
	return buf
}

// Summary says where the game stands in a line (engine.Describer).
func (s *State) Summary() string {
	what := s.result.String()
	if !s.result.Over {
		what = fmt.Sprintf("%s phase, %s to choose", s.PhaseName(), s.ToMove())
	}
	return fmt.Sprintf("turn %d of %d, %s; strength Blue %d, Red %d", s.turn, s.limit, what, s.standing(0), s.standing(1))
}

// Sketch draws the track: a square per column, each unit by the first
// letter of its type, upper case for Blue and lower case for Red, with
// a * when shaken (engine.Describer).
func (s *State) Sketch() string {
	var row [TrackLen]string
	for k := range row {
		row[k] = " ."
	}
	for i, spec := range s.sc.units {
		// A unit off the track is not drawn: play from a saved game whose
		// sides have crossed can charge one off an end (found by
		// FuzzDecodeState).
		if s.u[i].Str <= 0 || s.u[i].Pos < 0 || s.u[i].Pos >= TrackLen {
			continue
		}
		c := typeNames[spec.Type][:1]
		if spec.Side == 1 {
			c = strings.ToLower(c)
		}
		if s.u[i].Flags&fShaken != 0 {
			c = "*" + c
		} else {
			c = " " + c
		}
		row[s.u[i].Pos] = c
	}
	return strings.Join(row[:], "") + "\n"
}

// What the toy offers, checked by the compiler.
var (
	_ engine.State          = (*State)(nil)
	_ engine.Sealed         = (*State)(nil)
	_ engine.ChanceOutcomes = (*State)(nil)
	_ engine.Phaser         = (*State)(nil)
	_ engine.SideNamer      = (*State)(nil)
	_ engine.ScenarioNamer  = (*State)(nil)
	_ engine.Material       = (*State)(nil)
	_ engine.Table          = (*State)(nil)
	_ engine.Measurer       = (*State)(nil)
	_ engine.Describer      = (*State)(nil)
	_ engine.Ruleset        = Rules{}
)
