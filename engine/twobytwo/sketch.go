package twobytwo

import (
	"fmt"
	"strings"

	"github.com/grognard/grognard/engine/geom"
)

// Sketch characters for terrain, lowest priority first: a later kind
// drawn on a cell replaces an earlier one.
var sketchTerrain = []struct {
	kind TerrainKind
	ch   byte
}{
	{Hill, '^'}, {SteepHill, '%'}, {Wood, '*'}, {Copse, '*'}, {Town, '#'},
	{Hedge, '+'}, {Road, '='}, {Stream, '~'}, {River, '~'}, {Ford, '_'},
}

// SketchKey explains the sketch's terrain characters.
const SketchKey = `. open  ^ hill  % steep hill  * wood or copse  # town  + hedge  = road  ~ stream or river  _ ford`

// Sketch draws the table in plain text, north at the top: two characters
// an inch across and one a row, terrain as in SketchKey, each unit on the
// table as a letter (upper case for side 0, lower case for side 1) at the
// centre of its base, then a key giving each letter's unit, position,
// facing and status. It is for a terminal or a protocol reply; the SVG
// picture is the exact one.
func (s *State) Sketch() string {
	size := s.sc.Size
	if size <= 0 {
		size = 24
	}
	cols, rows := int(size*2+0.5), int(size+0.5)
	grid := make([][]byte, rows)
	for r := range grid {
		grid[r] = []byte(strings.Repeat(".", cols))
	}
	for _, t := range sketchTerrain {
		for fi := range s.sc.Terrain {
			f := &s.sc.Terrain[fi]
			if f.Kind != t.kind {
				continue
			}
			for r := 0; r < rows; r++ {
				for c := 0; c < cols; c++ {
					if sketchCovers(f, cellCentre(r, c, rows)) {
						grid[r][c] = t.ch
					}
				}
			}
		}
	}
	var key strings.Builder
	letters := [2]byte{'A', 'a'}
	for i := 0; i < int(s.n); i++ {
		u := &s.U[i]
		side := s.side(i)
		ch := letters[side]
		if ch != '?' {
			if letters[side] == 'Z' || letters[side] == 'z' {
				letters[side] = '?'
			} else {
				letters[side]++
			}
		}
		if u.Loc != LocTable {
			continue
		}
		c, r := int(u.Pos.X*2), rows-1-int(u.Pos.Y)
		if r >= 0 && r < rows && c >= 0 && c < cols {
			grid[r][c] = ch
		}
		fmt.Fprintf(&key, "  %c %-10s (%5.2f, %5.2f) facing %3.0f  %s\n", ch, s.label(i), u.Pos.X, u.Pos.Y, geom.FacingOf(u.Dir), statusNames[u.Stat])
	}
	var b strings.Builder
	fmt.Fprintf(&b, "     %s (north)\n", s.sc.SideNames[1])
	for r := 0; r < rows; r++ {
		y := rows - 1 - r
		if y%4 == 0 {
			fmt.Fprintf(&b, "%3d  %s\n", y, grid[r])
		} else {
			fmt.Fprintf(&b, "     %s\n", grid[r])
		}
	}
	b.WriteString("     ")
	for c := 0; c < cols; c += 8 {
		fmt.Fprintf(&b, "%-8d", c/2)
	}
	fmt.Fprintf(&b, "\n     %s (south); x and y in inches from the south-west corner\n", s.sc.SideNames[0])
	b.WriteString("     " + SketchKey + "\n")
	b.WriteString(key.String())
	return b.String()
}

// cellCentre is the table point at the centre of a sketch cell.
func cellCentre(r, c, rows int) geom.Vec {
	return geom.Vec{X: float64(c)/2 + 0.25, Y: float64(rows-1-r) + 0.5}
}

// sketchCovers reports whether feature f shows in the cell centred on p.
func sketchCovers(f *Feature, p geom.Vec) bool {
	switch {
	case f.Kind.IsCircle():
		return p.Dist(f.Centre) <= f.Radius+0.25
	case f.Kind.IsArea():
		return len(f.Points) >= 3 && geom.PointInPolygon(p, f.Points)
	default:
		return len(f.Points) >= 2 && geom.PointPolylineDist(p, f.Points) <= 0.3
	}
}
