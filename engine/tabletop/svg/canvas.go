// Package svg draws a table of pieces as an SVG picture, to scale, for
// every ruleset: the table and its grid, terrain shapes, pieces on their
// bases with labels that do not overlap, arrows with ghost bases, a
// legend. A ruleset's picture package decorates it rather than rewriting
// it: it translates its state into a Picture (generic shapes, pieces and
// arrows) and draws what only it knows (status marks, ranges, camps) in
// hooks, with the same Canvas.
//
// The picture keeps the contract of engine.Picturer: the root element's
// data-table="X0 Y0 S" maps the picture's point (u, v) to the table's
// ((u-X0)/S, (Y0-v)/S), and every piece a person may move is a group with
// data-piece, data-kind and data-at. Every text comes from scenario files
// or players, so every text and attribute value is escaped as XML (control
// characters, which XML 1.0 cannot carry, become U+FFFD).
//
// It imports no ruleset: only engine (for engine.Base) and engine/geom.
package svg

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/grognard/grognard/engine/geom"
)

// Frame says how the table maps to the picture. Picture units are the
// view box's; the table's are the ruleset's (inches, base widths...).
type Frame struct {
	// Width and Depth are the table's size in table units: x runs along
	// Width from the left, y along Depth from the bottom edge.
	Width, Depth float64
	// Scale is picture units per table unit.
	Scale float64
	// Left, Top, Right and Bottom are the margins round the table in
	// picture units: room for coordinates, titles, queues and the legend.
	Left, Top, Right, Bottom float64
	// PixelWidth is the width attribute in pixels; the height keeps the
	// view box's proportions. 0 means the view box's width.
	PixelWidth float64
	// Pen is picture units per nominal pixel: every line width, dash and
	// font size of the shared elements is given in pens, so one look
	// serves a picture drawn in pixels (Pen 1) and one drawn in table
	// units (Pen 0.05 when a base width is about 20 pixels).
	Pen float64
	// Decimals is how many decimals coordinates keep (0 means 2): one is
	// plenty in pixels, two in base widths.
	Decimals int
}

// viewBox is the picture's size in picture units.
func (f Frame) viewBox() (w, h float64) {
	return f.Left + f.Width*f.Scale + f.Right, f.Top + f.Depth*f.Scale + f.Bottom
}

// check refuses a frame no picture can be drawn in.
func (f Frame) check() error {
	ok := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
	switch {
	case !(f.Width > 0 && f.Depth > 0) || !ok(f.Width+f.Depth):
		return fmt.Errorf("svg: the table is %v x %v: a picture needs a positive width and depth", f.Width, f.Depth)
	case !(f.Scale > 0) || !ok(f.Scale):
		return fmt.Errorf("svg: scale %v is not positive", f.Scale)
	case !(f.Pen > 0) || !ok(f.Pen):
		return fmt.Errorf("svg: pen %v is not positive", f.Pen)
	case !ok(f.Left+f.Top+f.Right+f.Bottom+f.PixelWidth) || f.PixelWidth < 0:
		return fmt.Errorf("svg: margins %v %v %v %v or width %v are not sizes", f.Left, f.Top, f.Right, f.Bottom, f.PixelWidth)
	}
	return nil
}

// Canvas is the picture being written: a ruleset's hooks draw on it with
// the same transforms, number format and escaping as the shared parts.
type Canvas struct {
	b     bytes.Buffer
	f     Frame
	scale float64 // 10^decimals, for rounding
	ids   map[string]bool
}

// NewCanvas is an empty canvas for frame f (Render makes one; tests and
// hooks drawn apart use this).
func NewCanvas(f Frame) *Canvas {
	if f.Decimals <= 0 {
		f.Decimals = 2
	}
	return &Canvas{f: f, scale: math.Pow(10, float64(f.Decimals)), ids: map[string]bool{}}
}

// Frame is the canvas's frame.
func (c *Canvas) Frame() Frame { return c.f }

// Bytes is what has been written so far.
func (c *Canvas) Bytes() []byte { return c.b.Bytes() }

// X is the picture's x of table x.
func (c *Canvas) X(v float64) float64 { return c.f.Left + v*c.f.Scale }

// Y is the picture's y of table y, flipped so the table's y = 0 edge is
// at the bottom.
func (c *Canvas) Y(v float64) float64 { return c.f.Top + (c.f.Depth-v)*c.f.Scale }

// P is the picture's point of table point p.
func (c *Canvas) P(p geom.Vec) (x, y float64) { return c.X(p.X), c.Y(p.Y) }

// L is a table length in picture units.
func (c *Canvas) L(v float64) float64 { return v * c.f.Scale }

// Pen is n pens in picture units.
func (c *Canvas) Pen(n float64) float64 { return n * c.f.Pen }

// Num writes a picture coordinate briefly: rounded to the frame's
// decimals, trailing zeros and "-0" dropped.
func (c *Canvas) Num(v float64) string {
	v = math.Round(v*c.scale) / c.scale
	if v == 0 {
		v = 0 // no "-0"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// PenNum is n pens written as a picture length.
func (c *Canvas) PenNum(n float64) string { return c.Num(n * c.f.Pen) }

// Dash is a dash pattern given in pens ("5 3") in picture units.
func (c *Canvas) Dash(pens string) string {
	f := strings.Fields(pens)
	for k, s := range f {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return ""
		}
		f[k] = c.PenNum(v)
	}
	return strings.Join(f, " ")
}

// Exact writes a value a program reads back (data-table, data-at) in
// full: rounding it would move a dragged piece.
func Exact(v float64) string {
	if v == 0 {
		v = 0
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// Pt is table point p as "x,y" in picture units.
func (c *Canvas) Pt(p geom.Vec) string { return c.Num(c.X(p.X)) + "," + c.Num(c.Y(p.Y)) }

// Pts is a list of table points as an SVG points attribute.
func (c *Canvas) Pts(ps []geom.Vec) string {
	s := make([]string, len(ps))
	for k, p := range ps {
		s[k] = c.Pt(p)
	}
	return strings.Join(s, " ")
}

// Printf writes formatted SVG as it is: the caller escapes any text in
// it (Escape, Text, Title).
func (c *Canvas) Printf(format string, args ...any) { fmt.Fprintf(&c.b, format, args...) }

// Raw writes s as it is.
func (c *Canvas) Raw(s string) { c.b.WriteString(s) }

// Escape is s escaped for XML text or a quoted attribute value: <, >, &,
// both quotes, tabs and line breaks as references, and characters XML
// cannot carry (control characters, invalid UTF-8) as U+FFFD.
func Escape(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s)) // a strings.Builder never fails
	return b.String()
}

// Text writes a text element at picture point (x, y) with s escaped;
// attrs are written as they are.
func (c *Canvas) Text(x, y float64, attrs, s string) {
	c.Printf(`<text x="%s" y="%s"`, c.Num(x), c.Num(y))
	if attrs != "" {
		c.b.WriteByte(' ')
		c.b.WriteString(attrs)
	}
	c.b.WriteByte('>')
	_ = xml.EscapeText(&c.b, []byte(s)) // a bytes.Buffer never fails
	c.b.WriteString("</text>\n")
}

// TextAt writes a text element at table point p moved (dx, dy) picture
// units.
func (c *Canvas) TextAt(p geom.Vec, dx, dy float64, attrs, s string) {
	c.Text(c.X(p.X)+dx, c.Y(p.Y)+dy, attrs, s)
}

// Title writes a tooltip naming the element for people hovering over it.
func (c *Canvas) Title(s string) {
	c.b.WriteString("<title>")
	_ = xml.EscapeText(&c.b, []byte(s))
	c.b.WriteString("</title>")
}

// ID makes a unique, XML-safe id from a prefix and a name: characters
// other than ASCII letters, digits, '-' and '_' become '_', and a name met
// again gets "-2", "-3"...
func (c *Canvas) ID(prefix, name string) string {
	var b strings.Builder
	b.WriteString(prefix)
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	id := b.String()
	for k := 2; c.ids[id]; k++ {
		id = b.String() + "-" + strconv.Itoa(k)
	}
	c.ids[id] = true
	return id
}

// Group opens a <g> with class, id when not empty, and attrs as they
// are; Close ends it.
func (c *Canvas) Group(class, id, attrs string) {
	c.Printf(`<g class="%s"`, Escape(class))
	if id != "" {
		c.Printf(` id="%s"`, Escape(id))
	}
	if attrs != "" {
		c.b.WriteByte(' ')
		c.b.WriteString(attrs)
	}
	c.b.WriteByte('>')
}

// Close ends a group opened with Group.
func (c *Canvas) Close() { c.b.WriteString("</g>\n") }

// Line writes a line between table points a and b with extra attributes.
func (c *Canvas) Line(a, b geom.Vec, attrs string) {
	c.Printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" %s/>`, c.Num(c.X(a.X)), c.Num(c.Y(a.Y)), c.Num(c.X(b.X)), c.Num(c.Y(b.Y)), attrs)
}

// Circle writes a circle round table point p of table radius r.
func (c *Canvas) Circle(p geom.Vec, r float64, attrs string) {
	c.Printf(`<circle cx="%s" cy="%s" r="%s" %s/>`, c.Num(c.X(p.X)), c.Num(c.Y(p.Y)), c.Num(c.L(r)), attrs)
}

// Polygon writes a polygon through table points.
func (c *Canvas) Polygon(ps []geom.Vec, attrs string) {
	c.Printf(`<polygon points="%s" %s/>`, c.Pts(ps), attrs)
}

// Star is a five-pointed star round table point p, point up, of outer
// radius outer and inner radius inner (table units).
func Star(p geom.Vec, inner, outer float64) []geom.Vec {
	out := make([]geom.Vec, 10)
	for k := range out {
		r := outer
		if k%2 == 1 {
			r = inner
		}
		out[k] = p.Add(geom.Heading(36 * float64(k)).Scale(r))
	}
	return out
}
