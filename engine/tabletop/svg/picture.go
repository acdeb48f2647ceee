package svg

import (
	"fmt"
	"io"
	"math"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// Picture is everything a table picture shows, in generic terms. Render
// draws it in layers, bottom to top: background, the table (Grid), the
// AfterTable hook, terrain, AfterTerrain, pieces, AfterPieces, arrows,
// AfterArrows, legend.
type Picture struct {
	Frame Frame
	// Title names the picture (the root's <title>).
	Title string
	Grid  Grid
	// Terrain is drawn in the order given: a ruleset puts areas first.
	Terrain []Shape
	// Pieces are drawn in the order given, each with its label where
	// PlaceLabels finds room.
	Pieces []Piece
	// LabelObstacles are table rectangles labels keep off besides bases,
	// terrain names and each other (a general's star, a camp).
	LabelObstacles []geom.Rect
	Arrows         Arrows
	Legend         Legend
	// Halo is the attributes that keep a label readable over terrain
	// and bases (a white outline); written in every label the renderer
	// draws. Empty for none.
	Halo string
	// Hooks draw what only the ruleset knows, between the layers.
	AfterTable, AfterTerrain, AfterPieces, AfterArrows func(c *Canvas)
}

// Grid is the table cloth: a line every Step table units, heavier every
// Heavy steps, coordinates every Every units along the bottom and left.
type Grid struct {
	Step, Every float64
	Heavy       int
	// Extra draws inside the table group after the grid (edge names, a
	// north arrow).
	Extra func(c *Canvas)
}

// The kinds of Shape.
const (
	Area   = "area"   // a filled polygon
	Line   = "line"   // a polyline
	Circle = "circle" // a circle of Radius round Centre
)

// Shape is a terrain feature: one top-level group with its class, id and
// tooltip, one element per Layer, and its name as a label.
type Shape struct {
	Kind      string // Area, Line or Circle
	Class, ID string
	Title     string
	Points    []geom.Vec
	Centre    geom.Vec
	Radius    float64
	// Layers are drawn in order with the same geometry: a road's band,
	// then an obstacle's centre line.
	Layers []Layer
	// Clip keeps the shape inside the table.
	Clip bool
	// Label is the shape's name, written in italics at LabelAt, or where
	// the renderer puts it when LabelAt is nil (labelAt).
	Label   string
	LabelAt *geom.Vec
}

// Layer is the look of one element of a Shape. Widths are pens, except
// TableWidth, a width in table units (a road's 1/2").
type Layer struct {
	Class                      string
	Fill, Stroke               string
	FillOpacity, StrokeOpacity float64 // 0 means opaque
	Width, TableWidth          float64
	Dash                       string // in pens
	Round                      bool   // round caps and joins
}

// Piece is one piece on the table: a group with data-piece, data-kind and
// data-at when Kind is set (a piece a person may move), its bases in the
// side's colour with thick front edges, the ruleset's Marks, and its
// label.
type Piece struct {
	// Kind is data-kind ("unit", "general"); empty for a piece that is
	// shown but not moved (a broken unit's outline).
	Kind string
	// Label is data-piece, the name moves and corrections use.
	Label string
	// At is data-at: the point moves and corrections place.
	At geom.Vec
	// Class and IDPrefix make the group's class and unique id.
	Class, IDPrefix string
	Title           string
	Fill            string
	Bases           []engine.Base
	// Front says which bases draw their front edge thick; nil means all.
	Front []bool
	// Marks draws the ruleset's marks over the bases (status, pips).
	Marks func(c *Canvas)
	// Text is the label drawn, usually Label; empty for none.
	Text string
	// TextAttrs are the label's attributes besides position, class and
	// anchor (font, colour).
	TextAttrs string
	// FontPens is the label's font size in pens (0: 9).
	FontPens float64
	// Tags follow the label in the same text element (a level letter,
	// hits), each a tspan with its class.
	Tags []Tag
	// Spots are where the label may go, best first: the table point at
	// the middle of its baseline.
	Spots []geom.Vec
	// Fixed keeps the label at its first spot (a general's name under
	// his star); the others keep off it.
	Fixed bool
	// Occupies are table rectangles the piece covers besides its bases
	// (a general's star), kept clear of labels.
	Occupies []geom.Rect
}

// Tag is a short text after a piece's label.
type Tag struct {
	Class, Text, Attrs string
}

// Legend is written under the table: rows from Top picture units below
// the table's bottom edge, each LinePens apart unless it says otherwise.
type Legend struct {
	Top      float64
	LinePens float64
	Rows     []Row
	// Extra draws in the legend group after the rows; y is the first
	// row's baseline.
	Extra func(c *Canvas, y float64)
}

// Row is one line of the legend: Text, or a row of Swatches.
type Row struct {
	Text, Attrs string
	Swatches    []Swatch
	// GapPens is the space above the row in pens (0: the legend's line).
	GapPens float64
}

// Swatch is a colour with its name: whose colour is whose.
type Swatch struct {
	Colour, Name string
}

// Render draws p as a standalone SVG document on w. The same picture
// always gives the same bytes.
func (p *Picture) Render(w io.Writer) error {
	c, err := p.Draw()
	if err != nil {
		return err
	}
	if _, err := w.Write(c.Bytes()); err != nil {
		return fmt.Errorf("picture: writing the SVG: %w", err)
	}
	return nil
}

// Draw draws p on a new canvas and returns it.
func (p *Picture) Draw() (*Canvas, error) {
	if err := p.Frame.check(); err != nil {
		return nil, err
	}
	c := NewCanvas(p.Frame)
	f := c.f
	vw, vh := f.viewBox()
	pw := f.PixelWidth
	if pw == 0 {
		pw = vw
	}
	c.Printf(`<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" font-family="sans-serif" font-size="%s" data-table="%s %s %s">`+"\n",
		c.Num(math.Round(pw)), c.Num(math.Round(pw*vh/vw)), c.Num(vw), c.Num(vh), c.PenNum(11), Exact(c.X(0)), Exact(c.Y(0)), Exact(f.Scale))
	c.Title(p.Title)
	c.Raw("\n")
	c.Printf(`<rect class="background" x="0" y="0" width="%s" height="%s" fill="#ffffff"/>`+"\n", c.Num(vw), c.Num(vh))
	// Ranges and lines reach past the table's edges; clipped to the
	// table they do not cross the title and legend.
	c.Printf(`<defs><clipPath id="table-clip"><rect x="%s" y="%s" width="%s" height="%s"/></clipPath></defs>`+"\n",
		c.Num(c.X(0)), c.Num(c.Y(f.Depth)), c.Num(c.L(f.Width)), c.Num(c.L(f.Depth)))
	c.ids["table-clip"] = true
	p.table(c)
	hook(p.AfterTable, c)
	spots := PlaceLabels(p.labelRequests(c), p.obstacles(), geom.NewRect(geom.V(f.Width/2, f.Depth/2), 0, f.Width, f.Depth))
	for k := range p.Terrain {
		p.shape(c, &p.Terrain[k], spots[k])
	}
	hook(p.AfterTerrain, c)
	for k := range p.Pieces {
		p.piece(c, &p.Pieces[k], spots[len(p.Terrain)+k])
	}
	hook(p.AfterPieces, c)
	p.arrows(c)
	hook(p.AfterArrows, c)
	p.legend(c)
	c.Raw("</svg>\n")
	return c, nil
}

func hook(h func(*Canvas), c *Canvas) {
	if h != nil {
		h(c)
	}
}

// table draws the cloth, the grid and the coordinates.
func (p *Picture) table(c *Canvas) {
	f := c.f
	c.Printf(`<g class="table" id="table"><rect x="%s" y="%s" width="%s" height="%s" fill="#eef2e0" stroke="#333333" stroke-width="%s"/>`+"\n",
		c.Num(c.X(0)), c.Num(c.Y(f.Depth)), c.Num(c.L(f.Width)), c.Num(c.L(f.Depth)), c.PenNum(1.5))
	g := p.Grid
	if g.Step > 0 {
		line := func(k int, a, b geom.Vec) {
			colour, pens := "#dde3cc", 0.6
			if g.Heavy > 0 && k%g.Heavy == 0 {
				colour, pens = "#b5bba4", 1
			}
			c.Line(a, b, fmt.Sprintf(`stroke="%s" stroke-width="%s"`, colour, c.PenNum(pens)))
		}
		for k := 1; float64(k)*g.Step < f.Width-1e-9; k++ {
			v := float64(k) * g.Step
			line(k, geom.V(v, 0), geom.V(v, f.Depth))
		}
		c.Raw("\n")
		for k := 1; float64(k)*g.Step < f.Depth-1e-9; k++ {
			v := float64(k) * g.Step
			line(k, geom.V(0, v), geom.V(f.Width, v))
		}
		c.Raw("\n")
	}
	if g.Every > 0 {
		grey := fmt.Sprintf(`font-size="%s" fill="#777777"`, c.PenNum(9))
		for k := 0; float64(k)*g.Every <= f.Width+1e-9; k++ {
			v := float64(k) * g.Every
			c.Text(c.X(v), c.Y(0)+c.Pen(12), `text-anchor="middle" `+grey, c.Num(v))
		}
		for k := 0; float64(k)*g.Every <= f.Depth+1e-9; k++ {
			v := float64(k) * g.Every
			c.Text(c.X(0)-c.Pen(4), c.Y(v)+c.Pen(3), `text-anchor="end" `+grey, c.Num(v))
		}
	}
	if g.Extra != nil {
		g.Extra(c)
	}
	c.Close()
}

// shape draws one terrain feature.
func (p *Picture) shape(c *Canvas, s *Shape, at geom.Vec) {
	clip := ""
	if s.Clip {
		clip = `clip-path="url(#table-clip)"`
	}
	c.Group(s.Class, s.ID, clip)
	c.Title(s.Title)
	for _, l := range s.Layers {
		attrs := ""
		if l.Class != "" {
			attrs = fmt.Sprintf(`class="%s" `, Escape(l.Class))
		}
		fill := l.Fill
		if s.Kind == Line || fill == "" {
			fill = "none"
		}
		attrs += fmt.Sprintf(`fill="%s"`, fill)
		if l.FillOpacity > 0 && fill != "none" {
			attrs += fmt.Sprintf(` fill-opacity="%s"`, c.Num(l.FillOpacity))
		}
		if l.Stroke != "" {
			width := c.Pen(l.Width) + c.L(l.TableWidth)
			attrs += fmt.Sprintf(` stroke="%s" stroke-width="%s"`, l.Stroke, c.Num(width))
			if l.StrokeOpacity > 0 {
				attrs += fmt.Sprintf(` stroke-opacity="%s"`, c.Num(l.StrokeOpacity))
			}
			if l.Dash != "" {
				attrs += fmt.Sprintf(` stroke-dasharray="%s"`, c.Dash(l.Dash))
			}
			if l.Round {
				attrs += ` stroke-linecap="round" stroke-linejoin="round"`
			}
		}
		switch s.Kind {
		case Circle:
			c.Circle(s.Centre, s.Radius, attrs)
		case Line:
			if len(s.Points) > 0 {
				c.Printf(`<polyline points="%s" %s/>`, c.Pts(s.Points), attrs)
			}
		default:
			if len(s.Points) > 0 {
				c.Polygon(s.Points, attrs)
			}
		}
	}
	if _, ok := p.labelAt(c, s); ok && s.Label != "" {
		c.TextAt(at, 0, 0, p.attrs(fmt.Sprintf(`class="name" text-anchor="middle" font-size="%s" font-style="italic" fill="#222222"`, c.PenNum(9))), s.Label)
	}
	c.Close()
}

// attrs adds the halo to a label's attributes.
func (p *Picture) attrs(a string) string {
	if p.Halo == "" {
		return a
	}
	return a + " " + p.Halo
}

// labelAt is where a shape's name goes: LabelAt when given; the centre of
// a circle or area; beside a line a quarter of the way along its first
// leg, on its upper side, so the name sits neither on what the line runs
// through nor off the table where a road enters.
func (p *Picture) labelAt(c *Canvas, s *Shape) (geom.Vec, bool) {
	switch {
	case s.LabelAt != nil:
		return *s.LabelAt, true
	case s.Kind == Circle:
		return s.Centre, true
	case len(s.Points) == 0:
		return geom.Vec{}, false
	case s.Kind != Line:
		return geom.PolygonCentroid(s.Points), true
	case len(s.Points) == 1:
		return s.Points[0], true
	}
	a, b := s.Points[0], s.Points[1]
	side := b.Sub(a).Norm().Perp()
	if side.Y < 0 || side.Y == 0 && side.X < 0 {
		side = side.Scale(-1)
	}
	return a.Lerp(b, 0.25).Add(side.Scale(c.Pen(16) / c.f.Scale)), true
}

// piece draws one piece: its group, bases, marks and label.
func (p *Picture) piece(c *Canvas, pc *Piece, at geom.Vec) {
	prefix := pc.IDPrefix
	if prefix == "" {
		prefix = "piece-"
	}
	c.Printf(`<g class="%s" id="%s"`, Escape(pc.Class), c.ID(prefix, pc.Label))
	if pc.Kind != "" {
		c.Printf(` data-piece="%s" data-kind="%s" data-at="%s %s"`, Escape(pc.Label), Escape(pc.Kind), Exact(pc.At.X), Exact(pc.At.Y))
	}
	c.Raw(">")
	c.Title(pc.Title)
	for k, b := range pc.Bases {
		cs := geom.NewRect(b.Centre, b.Facing, b.Width, b.Depth).Corners()
		// Class first: front ends find a piece's base by this prefix.
		c.Printf(`<polygon class="base" points="%s" fill="%s" stroke="#111111" stroke-width="%s"/>`, c.Pts(cs[:]), pc.Fill, c.PenNum(0.8))
		if pc.Front == nil || k < len(pc.Front) && pc.Front[k] {
			c.Line(cs[0], cs[1], fmt.Sprintf(`class="front" stroke="#111111" stroke-width="%s" stroke-linecap="square"`, c.PenNum(3)))
		}
	}
	if pc.Marks != nil {
		pc.Marks(c)
	}
	if pc.Text != "" && len(pc.Spots) > 0 {
		c.Printf(`<text class="label" x="%s" y="%s" text-anchor="middle" font-size="%s"`, c.Num(c.X(at.X)), c.Num(c.Y(at.Y)), c.PenNum(pc.font()))
		if a := p.attrs(pc.TextAttrs); a != "" {
			c.Raw(" " + a)
		}
		c.Raw(">")
		c.Raw(Escape(pc.Text))
		for _, t := range pc.Tags {
			c.Printf(`<tspan class="%s" dx="%s"`, Escape(t.Class), c.PenNum(3))
			if t.Attrs != "" {
				c.Raw(" " + t.Attrs)
			}
			c.Printf(">%s</tspan>", Escape(t.Text))
		}
		c.Raw("</text>\n")
	}
	c.Close()
}

// font is the label's font size in pens.
func (pc *Piece) font() float64 {
	if pc.FontPens > 0 {
		return pc.FontPens
	}
	return 9
}

// legend draws the rows under the table.
func (p *Picture) legend(c *Canvas) {
	l := p.Legend
	if len(l.Rows) == 0 && l.Extra == nil {
		return
	}
	line := c.Pen(l.LinePens)
	if line == 0 {
		line = c.Pen(13)
	}
	y0 := c.Y(0) + l.Top
	y := y0
	c.Raw(`<g class="legend" id="legend">`)
	for k, r := range l.Rows {
		if k > 0 {
			if r.GapPens > 0 {
				y += c.Pen(r.GapPens)
			} else {
				y += line
			}
		}
		if len(r.Swatches) > 0 {
			x := c.f.Left
			for _, s := range r.Swatches {
				c.Printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="%s" stroke="#111111" stroke-width="%s"/>`,
					c.Num(x), c.Num(y-c.Pen(8)), c.PenNum(18), c.PenNum(9), s.Colour, c.PenNum(0.8))
				c.Text(x+c.Pen(24), y, r.Attrs, s.Name)
				x += c.Pen(200)
			}
			continue
		}
		c.Text(c.f.Left, y, r.Attrs, r.Text)
	}
	if l.Extra != nil {
		l.Extra(c, y0)
	}
	c.Close()
}
