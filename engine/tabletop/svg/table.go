package svg

import (
	"fmt"
	"io"
	"math"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// TablePicturer draws any state with pieces on a table (engine.Table) as
// the shared renderer's plainest picture: the table with a grid, every
// piece on the table on its bases in its side's colour with its label and
// status, and a legend of the sides. A ruleset with nothing to add uses it
// as its engine.Picturer; one that has terrain, ranges or arrows to show
// builds its own Picture instead. It draws no arrows (it cannot know where
// a ruleset's actions go) and marks no piece movable (data-kind), since
// it cannot know what the ruleset's free-form moves place.
type TablePicturer struct{}

// tableColours are side 0's and side 1's fills.
var tableColours = [2]string{"#3060c0", "#c03030"}

// Picture draws st (engine.Picturer).
func (TablePicturer) Picture(w io.Writer, st engine.State, opts engine.PictureOptions) error {
	tb, err := engine.Capability[engine.Table](st, "a table of pieces")
	if err != nil {
		return err
	}
	width, depth := tb.TableSize()
	if !(width > 0 && depth > 0) || math.IsInf(width+depth, 0) {
		return fmt.Errorf("svg: the %s table is %v x %v", st.Ruleset(), width, depth)
	}
	px := float64(opts.Width)
	if px <= 0 {
		px = 720
	}
	scale := (px - 60) / width
	p := Picture{
		Frame: Frame{Width: width, Depth: depth, Scale: scale, Left: 30, Top: 30, Right: 30, Bottom: 60, PixelWidth: px, Pen: 1, Decimals: 1},
		Title: fmt.Sprintf("%s, turn %d", st.Ruleset(), st.Turn()),
		Grid:  Grid{Step: 1, Every: max(1, math.Round(width/12)), Heavy: 6},
		Halo:  `paint-order="stroke" stroke="white" stroke-width="2"`,
	}
	for _, pc := range tb.Pieces(nil) {
		if pc.Where != "table" || len(pc.Bases) == 0 {
			continue
		}
		b := pc.Bases[0]
		p.Pieces = append(p.Pieces, Piece{
			Label: pc.Label, At: b.Centre, Class: "piece", IDPrefix: "piece",
			Title: pc.Label + ": " + pc.Name + ", " + pc.Status,
			Fill:  tableColours[pc.Side&1], Bases: pc.Bases, Text: pc.Label,
			Spots: []geom.Vec{{X: b.Centre.X, Y: b.Centre.Y + b.Depth/2 + 0.2}},
		})
	}
	p.Legend = Legend{Top: 20, LinePens: 14, Rows: []Row{{Swatches: []Swatch{
		{Colour: tableColours[0], Name: engine.SideName(st, 0)},
		{Colour: tableColours[1], Name: engine.SideName(st, 1)},
	}}}}
	return p.Render(w)
}

var _ engine.Picturer = TablePicturer{}
