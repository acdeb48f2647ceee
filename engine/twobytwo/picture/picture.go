// Package picture draws a 2 by 2 Napoleonic position as an SVG image of the
// table, to scale, for people: the solo gamer checking the program's table
// against the real one, and the player asking for advice.
//
// The picture uses the conventions of the rules package (ruling R-AXES):
// inches from the south-west corner, north up, facings clockwise from
// north, bases 1" x 1/2" centred on the unit's position. Every unit and
// every terrain feature is one top-level <g> element with a class and an
// id, so that programs (and tests) can find them without parsing shapes.
package picture

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"html"
	"io"
	"math"
	"strings"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
	"github.com/grognard/grognard/engine/twobytwo"
)

// Options choose what the picture shows beyond the position itself.
type Options struct {
	// Scale is pixels per inch; 0 means DefaultScale.
	Scale float64
	// RangesOf is the index of a unit whose fire ranges and movement
	// allowance are drawn, or -1 for none. The zero value means unit 0, so
	// start from DefaultOptions.
	RangesOf int
	// Arrows are suggested actions drawn over the table (a hint's orders),
	// numbered by their labels.
	Arrows []Arrow
}

// Arrow is one suggested action on the picture: a path from where a unit
// stands through the points it goes to (a move or charge), a line from a
// shooter to its target, a mark where a unit is placed or a turn in place,
// with the outline of the base where the action leaves it (Ghost).
type Arrow struct {
	// Kind is "move", "charge", "fire", "place" or "face".
	Kind string
	// Points run from the start to the end (one point for a placement or
	// a turn).
	Points []geom.Vec
	// Ghost is the base where the action leaves the unit (its facing
	// included); HW is 0 when there is none to draw (fire, an exit).
	Ghost geom.Rect
	// Label is written at the end, for example "1".
	Label string
	// Title is the action in words, shown when the arrow is pointed at.
	Title string
}

// ActionArrow is the arrow that shows action a in position st, or false
// for an action with nothing to draw (ending a phase, a die).
func ActionArrow(st *twobytwo.State, a engine.Action, label string) (Arrow, bool) {
	ar := Arrow{Label: label, Title: st.DescribeAction(a)}
	u := int(a.Unit)
	onTable := u < st.NumUnits() && st.U[u].Loc == twobytwo.LocTable
	switch a.Kind {
	case twobytwo.KindMove, twobytwo.KindSlide, twobytwo.KindExit:
		if !onTable || a.NPath == 0 {
			return ar, false
		}
		ar.Kind = "move"
		if a.Order == twobytwo.OrderCharge {
			ar.Kind = "charge"
		}
		ar.Points = append([]geom.Vec{st.U[u].Pos}, a.Points()...)
		if a.Kind != twobytwo.KindExit {
			ar.Ghost = ghostBase(ar.Points[len(ar.Points)-1], a.Facing)
		}
	case twobytwo.KindFace:
		if !onTable {
			return ar, false
		}
		ar.Kind, ar.Points, ar.Ghost = "face", []geom.Vec{st.U[u].Pos}, ghostBase(st.U[u].Pos, a.Facing)
	case twobytwo.KindFire:
		t := int(a.Target)
		if !onTable || t >= st.NumUnits() {
			return ar, false
		}
		ar.Kind, ar.Points = "fire", []geom.Vec{st.U[u].Pos, st.U[t].Pos}
	case twobytwo.KindDeploy, twobytwo.KindPlace:
		if a.NPath == 0 {
			return ar, false
		}
		ar.Kind, ar.Points, ar.Ghost = "place", []geom.Vec{a.Path[0]}, ghostBase(a.Path[0], a.Facing)
	default:
		return ar, false
	}
	return ar, true
}

// ghostBase is a base (1" by 1/2", "Units") centred at p facing the
// given heading in degrees, as an action that ends there leaves it. A
// charge's ghost is where its path ends; the rules then close it to
// contact, so the ghost is where the charger heads rather than exactly
// where it stops.
func ghostBase(p geom.Vec, facing float64) geom.Rect {
	return geom.Rect{C: p, F: geom.Heading(facing), HW: 0.5, HD: 0.25}
}

// DefaultScale is the scale used when Options.Scale is 0: a 24" table is
// 720 pixels wide, large enough to read every label.
const DefaultScale = 30

// DefaultOptions draws at the default scale without ranges.
func DefaultOptions() Options { return Options{Scale: DefaultScale, RangesOf: -1} }

// SideColours are the fill colours of side 0 and side 1. White is kept for
// status marks, so neither side may use it.
var SideColours = [2]string{"#2b4c9b", "#b03a2e"}

// The look of each terrain kind: fill for areas, stroke and width (inches)
// for lines. Widths follow "Terrain Placement" where it gives one (roads
// 1/2"); the others are chosen to read clearly at the default scale.
var terrainStyle = map[twobytwo.TerrainKind]struct {
	colour string
	width  float64
}{
	twobytwo.Road:      {"#c9a96e", 0.5},
	twobytwo.Stream:    {"#5b9bd5", 0.2},
	twobytwo.River:     {"#2e75b6", 0.6},
	twobytwo.Hedge:     {"#3f6b2a", 0.15},
	twobytwo.Town:      {"#a8958a", 0},
	twobytwo.Wood:      {"#6f9a4f", 0},
	twobytwo.Hill:      {"#e3d3a0", 0},
	twobytwo.SteepHill: {"#c4a064", 0},
	twobytwo.Copse:     {"#6f9a4f", 0},
	twobytwo.Ford:      {"#a9d1ee", 0},
}

// margin is the room around the table, in pixels, for reinforcement
// queues and coordinates; it does not grow with the scale because text
// does not either.
const (
	margin   = 150.0
	fontSize = 11.0
	lineH    = 13.0
)

// drawer holds what every element needs to place itself.
type drawer struct {
	b     bytes.Buffer
	st    *twobytwo.State
	scale float64
	size  float64 // table size, inches
	ids   map[string]bool
	// queues already listed on each edge: where, and how many lines, so a
	// second point nearby lists its queue after the first one's.
	queues map[twobytwo.Edge][]queueBlock
}

type queueBlock struct {
	at    float64
	lines int
}

// x and y convert table inches to pixels, flipping y so north is up.
func (d *drawer) x(v float64) float64 { return margin + v*d.scale }
func (d *drawer) y(v float64) float64 { return margin + (d.size-v)*d.scale }

func (d *drawer) pt(p geom.Vec) string { return fmt.Sprintf("%.1f,%.1f", d.x(p.X), d.y(p.Y)) }

func (d *drawer) pts(ps []geom.Vec) string {
	s := make([]string, len(ps))
	for k, p := range ps {
		s[k] = d.pt(p)
	}
	return strings.Join(s, " ")
}

func (d *drawer) printf(format string, args ...any) { fmt.Fprintf(&d.b, format, args...) }

// text writes a text element with its content escaped.
func (d *drawer) text(x, y float64, attrs, s string) {
	d.printf(`<text x="%.1f" y="%.1f" %s>`, x, y, attrs)
	_ = xml.EscapeText(&d.b, []byte(s)) // a bytes.Buffer never fails
	d.b.WriteString("</text>\n")
}

// title writes a tooltip naming the element for people hovering over it.
func (d *drawer) title(s string) {
	d.b.WriteString("<title>")
	_ = xml.EscapeText(&d.b, []byte(s))
	d.b.WriteString("</title>")
}

// id makes a unique, XML-safe id from a prefix and a name.
func (d *drawer) id(prefix, name string) string {
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
	for k := 2; d.ids[id]; k++ {
		id = fmt.Sprintf("%s%s-%d", prefix, b.String()[len(prefix):], k)
	}
	d.ids[id] = true
	return id
}

// SVG draws st as a standalone SVG document on w.
func SVG(w io.Writer, st *twobytwo.State, opts Options) error {
	if st == nil || st.Scenario() == nil {
		return fmt.Errorf("picture: no state to draw")
	}
	sc := st.Scenario()
	d := &drawer{st: st, scale: opts.Scale, size: sc.Size, ids: map[string]bool{}}
	if d.scale == 0 {
		d.scale = DefaultScale
	}
	if d.scale < 0 || math.IsNaN(d.scale) || math.IsInf(d.scale, 0) {
		return fmt.Errorf("picture: scale %v pixels per inch is not positive", opts.Scale)
	}
	if opts.RangesOf >= st.NumUnits() || opts.RangesOf < -1 {
		return fmt.Errorf("picture: no unit %d to draw ranges for (the scenario has %d)", opts.RangesOf, st.NumUnits())
	}
	if opts.RangesOf >= 0 && st.U[opts.RangesOf].Loc != twobytwo.LocTable {
		return fmt.Errorf("picture: %s is not on the table, so it has no ranges to draw", st.Spec(opts.RangesOf).Label)
	}
	legendLines := 4
	if opts.RangesOf >= 0 {
		legendLines += 2
	}
	if len(opts.Arrows) > 0 {
		legendLines += 2
	}
	width := 2*margin + sc.Size*d.scale
	height := 2*margin + sc.Size*d.scale + float64(legendLines)*lineH + 10
	d.printf(`<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif" font-size="%.0f" data-table="%g %g %g">`+"\n",
		width, height, width, height, fontSize, d.x(0), d.y(0), d.scale)
	d.b.WriteString("<title>")
	_ = xml.EscapeText(&d.b, []byte(sc.Title))
	d.b.WriteString("</title>\n")
	d.printf(`<rect class="background" x="0" y="0" width="%.0f" height="%.0f" fill="#ffffff"/>`+"\n", width, height)
	d.table()
	d.terrain()
	if opts.RangesOf >= 0 {
		d.ranges(opts.RangesOf)
	}
	for i := 0; i < st.NumUnits(); i++ {
		if st.U[i].Loc == twobytwo.LocTable {
			d.unit(i)
		}
	}
	if opts.RangesOf >= 0 {
		d.threats(opts.RangesOf)
	}
	d.arrows(opts.Arrows)
	for side := 0; side < 2; side++ {
		for k := 0; k < 2; k++ {
			d.point(side, k)
		}
	}
	d.legend(opts.RangesOf, len(opts.Arrows) > 0)
	d.b.WriteString("</svg>\n")
	if _, err := w.Write(d.b.Bytes()); err != nil {
		return fmt.Errorf("picture: writing the SVG: %w", err)
	}
	return nil
}

// table draws the cloth, the 1" grid with coordinates every 2", and a
// north arrow, so distances can be read off the picture.
func (d *drawer) table() {
	s := d.size
	d.printf(`<g class="table"><rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#eef2e0" stroke="#333333" stroke-width="1.5"/>`+"\n",
		d.x(0), d.y(s), s*d.scale, s*d.scale)
	for v := 1.0; v < s; v++ {
		colour := "#d5dbc4"
		if int(v)%6 == 0 {
			colour = "#b5bba4"
		}
		d.printf(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="0.6"/>`, d.x(v), d.y(0), d.x(v), d.y(s), colour)
		d.printf(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="0.6"/>`+"\n", d.x(0), d.y(v), d.x(s), d.y(v), colour)
	}
	for v := 0.0; v <= s; v += 2 {
		d.text(d.x(v), d.y(0)+lineH, `text-anchor="middle" font-size="9" fill="#777777"`, fmt.Sprintf("%.0f", v))
		d.text(d.x(0)-4, d.y(v)+3, `text-anchor="end" font-size="9" fill="#777777"`, fmt.Sprintf("%.0f", v))
	}
	d.text(d.x(s)+30, d.y(s)-20, `text-anchor="middle" font-weight="bold"`, "N ↑")
	d.b.WriteString("</g>\n")
}

// terrain draws areas first, then lines over them, then copses, so a road
// through a town stays visible; ids keep the scenario's feature index.
func (d *drawer) terrain() {
	feats := d.st.Scenario().Terrain
	order := make([]int, 0, len(feats))
	for pass := 0; pass < 3; pass++ {
		for k, f := range feats {
			p := 1
			switch {
			case f.Kind.IsArea():
				p = 0
			case f.Kind.IsCircle():
				p = 2
			}
			if p == pass {
				order = append(order, k)
			}
		}
	}
	for _, k := range order {
		f := feats[k]
		style, ok := terrainStyle[f.Kind]
		if !ok {
			style.colour, style.width = "#999999", 0.2
		}
		kind := strings.ReplaceAll(f.Kind.String(), " ", "-")
		d.printf(`<g class="terrain %s" id="terrain-%d">`, kind, k)
		name := f.Kind.String()
		if f.Name != "" {
			name = f.Name + " (" + name + ")"
		}
		d.title(name)
		var at geom.Vec
		switch {
		case f.Kind.IsCircle():
			stroke := "#3f5f2a"
			if f.Kind == twobytwo.Ford {
				stroke = "#2e75b6"
			}
			d.printf(`<circle cx="%.1f" cy="%.1f" r="%.1f" fill="%s" stroke="%s" stroke-width="1"/>`, d.x(f.Centre.X), d.y(f.Centre.Y), f.Radius*d.scale, style.colour, stroke)
			at = f.Centre
		case f.Kind.IsArea():
			stroke := "#777777"
			if f.Kind == twobytwo.SteepHill {
				stroke = "#6b4f1d" // steep slopes are impassable to some arms: make them stand out
			}
			d.printf(`<polygon points="%s" fill="%s" fill-opacity="0.85" stroke="%s" stroke-width="1"/>`, d.pts(f.Points), style.colour, stroke)
			if len(f.Points) > 0 {
				at = geom.PolygonCentroid(f.Points)
			}
		default:
			dash := ""
			if f.Kind == twobytwo.Hedge {
				dash = ` stroke-dasharray="4 2"`
			}
			d.printf(`<polyline points="%s" fill="none" stroke="%s" stroke-width="%.1f" stroke-linecap="round" stroke-linejoin="round"%s/>`, d.pts(f.Points), style.colour, style.width*d.scale, dash)
			// Near the start of the line, beside it, so the name does not
			// sit on the towns that roads run through.
			if len(f.Points) > 1 {
				at = f.Points[0].Lerp(f.Points[1], 0.3).Add(geom.V(0.6, 0.3))
			} else if len(f.Points) == 1 {
				at = f.Points[0]
			}
		}
		if f.Name != "" {
			d.text(d.x(at.X), d.y(at.Y)+3, `text-anchor="middle" font-size="9" font-style="italic" fill="#333333"`, f.Name)
		}
		d.b.WriteString("</g>\n")
	}
}

var statusNames = map[uint8]string{
	twobytwo.Ordered:   "ordered",
	twobytwo.Halted:    "halted",
	twobytwo.Pinned:    "pinned",
	twobytwo.Disrupted: "disrupted",
}

// unit draws one base: the rectangle in its side's colour, a thick front
// edge, the status mark, a star for an HQ, and the label behind the base.
func (d *drawer) unit(i int) {
	st := d.st
	u := &st.U[i]
	spec := st.Spec(i)
	r := geom.Rect{C: u.Pos, F: u.Dir, HW: 0.5, HD: 0.25}
	c := r.Corners() // front-left, front-right, rear-right, rear-left
	status := statusNames[u.Stat]
	d.printf(`<g class="unit side%d %s" id="%s" data-piece="%s" data-kind="unit" data-at="%g %g">`, spec.Side, status, d.id("unit-", spec.Label), html.EscapeString(spec.Label), u.Pos.X, u.Pos.Y)
	d.title(fmt.Sprintf("%s, %s, %s at (%.2f, %.2f) facing %.0f", spec.Label, spec.Type, status, u.Pos.X, u.Pos.Y, geom.FacingOf(u.Dir)))
	d.printf(`<polygon class="base" points="%s" fill="%s" stroke="#111111" stroke-width="0.8"/>`, d.pts(c[:]), SideColours[spec.Side])
	d.printf(`<line class="front" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#111111" stroke-width="3" stroke-linecap="square"/>`,
		d.x(c[0].X), d.y(c[0].Y), d.x(c[1].X), d.y(c[1].Y))
	switch u.Stat {
	case twobytwo.Pinned:
		// Just inside the front edge so the black edge still shows the facing.
		in := r.F.Scale(-0.09)
		a, b := c[0].Add(in).Add(r.Right().Scale(0.08)), c[1].Add(in).Sub(r.Right().Scale(0.08))
		d.printf(`<line class="pinned" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#ffffff" stroke-width="2.5"/>`, d.x(a.X), d.y(a.Y), d.x(b.X), d.y(b.Y))
	case twobytwo.Disrupted:
		d.printf(`<path class="disrupted" d="M%s L%s M%s L%s" stroke="#ffffff" stroke-width="2"/>`, d.pt(c[0]), d.pt(c[2]), d.pt(c[1]), d.pt(c[3]))
	case twobytwo.Halted:
		d.printf(`<circle class="halted" cx="%.1f" cy="%.1f" r="%.1f" fill="none" stroke="#ffffff" stroke-width="1.5"/>`, d.x(u.Pos.X), d.y(u.Pos.Y), 0.12*d.scale)
	}
	if spec.Type.IsHQ() {
		rad := 0.22
		if spec.Type == twobytwo.CorpsHQ {
			rad = 0.3 // the corps HQ gets the bigger star: it commands the division HQs
		}
		d.printf(`<polygon class="hq" points="%s" fill="#f4d03f" stroke="#111111" stroke-width="0.6"/>`, d.pts(star(u.Pos, rad*0.5, rad)))
	}
	at := u.Pos.Sub(u.Dir.Scale(0.62))
	d.text(d.x(at.X), d.y(at.Y)+3, `class="label" text-anchor="middle" font-size="9" fill="#111111"`, spec.Label)
	d.b.WriteString("</g>\n")
}

// star is a five-pointed star around c with inner and outer radii, inches.
func star(c geom.Vec, inner, outer float64) []geom.Vec {
	ps := make([]geom.Vec, 10)
	for k := range ps {
		r := outer
		if k%2 == 1 {
			r = inner
		}
		ps[k] = c.Add(geom.Heading(36 * float64(k)).Scale(r))
	}
	return ps
}

// fireArea outlines the ground unit r can shoot at up to reach inches: ahead
// of its front edge, within 45 degrees outward of each front corner (ruling
// R-ARC), measured from the nearest point of the front edge.
func fireArea(r geom.Rect, reach float64) []geom.Vec {
	c := r.Corners()
	fl, fr := c[0], c[1]
	right := r.Right()
	const steps = 12
	ps := []geom.Vec{fl, fr}
	for k := steps; k >= 0; k-- {
		th := math.Pi / 4 * float64(k) / steps
		ps = append(ps, fr.Add(r.F.Scale(reach*math.Cos(th)).Add(right.Scale(reach*math.Sin(th)))))
	}
	for k := 0; k <= steps; k++ {
		th := math.Pi / 4 * float64(k) / steps
		ps = append(ps, fl.Add(r.F.Scale(reach*math.Cos(th)).Sub(right.Scale(reach*math.Sin(th)))))
	}
	return ps
}

// ranges draws unit i's movement allowance as a circle and its fire
// ranges as the field-of-fire outlines of each band, under the units.
func (d *drawer) ranges(i int) {
	st := d.st
	u := &st.U[i]
	spec := st.Spec(i)
	prof := spec.Type.Profile()
	r := geom.Rect{C: u.Pos, F: u.Dir, HW: 0.5, HD: 0.25}
	// Clipped to the table: ground off the table cannot be reached.
	d.printf(`<defs><clipPath id="table-clip"><rect x="%.1f" y="%.1f" width="%.1f" height="%.1f"/></clipPath></defs>`+"\n",
		d.x(0), d.y(d.size), d.size*d.scale, d.size*d.scale)
	d.printf(`<g class="ranges side%d" id="%s" clip-path="url(#table-clip)">`, spec.Side, d.id("ranges-", spec.Label))
	d.title(fmt.Sprintf("%s: moves %.1f\", shoots to %.1f\"", spec.Label, prof.Move, st.FireReach(i)))
	d.printf(`<circle class="move" cx="%.1f" cy="%.1f" r="%.1f" fill="none" stroke="%s" stroke-width="1.5" stroke-dasharray="6 4"/>`,
		d.x(u.Pos.X), d.y(u.Pos.Y), prof.Move*d.scale, SideColours[spec.Side])
	// Artillery has three bands (canister, normal, long); everything else
	// one reach. Draw the longest first so the shorter ones sit on top.
	bands := []struct {
		name  string
		reach float64
	}{{"fire", st.FireReach(i)}}
	if prof.Long > 0 {
		bands = []struct {
			name  string
			reach float64
		}{{"long", prof.Long}, {"normal", prof.Normal}, {"canister", prof.Canister}}
	}
	for _, band := range bands {
		if band.reach <= 0 {
			continue
		}
		d.printf(`<polygon class="fire %s" points="%s" fill="#f5b041" fill-opacity="0.18" stroke="#d68910" stroke-width="1"/>`, band.name, d.pts(fireArea(r, band.reach)))
	}
	d.b.WriteString("</g>\n")
}

// Threat is an enemy unit that could strike unit Target in its next turn.
type Threat struct {
	Enemy  int
	Charge bool // infantry or cavalry within its movement allowance of the target
	Fire   bool // the target lies in its field of fire, within its reach
}

// Threats lists the enemy units on the table that threaten unit i: those
// that could reach it in one move (infantry and cavalry, by base distance
// against their movement rate, terrain and other units ignored) and those
// with it in their field of fire and reach. It is a reading aid for
// people, not a rules check: a charge may still be blocked on the table.
func Threats(st *twobytwo.State, i int) []Threat {
	var out []Threat
	if i < 0 || i >= st.NumUnits() || st.U[i].Loc != twobytwo.LocTable {
		return nil
	}
	side := st.Spec(i).Side
	target := geom.Rect{C: st.U[i].Pos, F: st.U[i].Dir, HW: 0.5, HD: 0.25}
	for j := 0; j < st.NumUnits(); j++ {
		if st.U[j].Loc != twobytwo.LocTable || st.Spec(j).Side == side {
			continue
		}
		t := st.Spec(j).Type
		r := geom.Rect{C: st.U[j].Pos, F: st.U[j].Dir, HW: 0.5, HD: 0.25}
		th := Threat{Enemy: j}
		th.Charge = (t.IsInfantry() || t.IsCavalry()) && geom.RectDistance(r, target) <= t.Profile().Move
		if reach := st.FireReach(j); reach > 0 {
			th.Fire = geom.PointInPolygon(target.C, fireArea(r, reach+target.HD))
		}
		if th.Charge || th.Fire {
			out = append(out, th)
		}
	}
	return out
}

// threats draws a line from each enemy threatening unit i to it: solid
// for a possible charge, dashed for fire.
func (d *drawer) threats(i int) {
	st := d.st
	to := st.U[i].Pos
	d.printf(`<g class="threats" id="%s">`, d.id("threats-", st.Spec(i).Label))
	for _, th := range Threats(st, i) {
		from := st.U[th.Enemy].Pos
		kind, dash := "fire", ` stroke-dasharray="4 3"`
		if th.Charge {
			kind, dash = "charge", ""
			if th.Fire {
				kind = "charge fire"
			}
		}
		d.printf(`<line class="threat %s" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#c0392b" stroke-width="2"%s opacity="0.8">`,
			kind, d.x(from.X), d.y(from.Y), d.x(to.X), d.y(to.Y), dash)
		d.title(fmt.Sprintf("%s threatens %s (%s)", st.Spec(th.Enemy).Label, st.Spec(i).Label, kind))
		d.b.WriteString("</line>")
	}
	d.b.WriteString("</g>\n")
}

// point draws a reinforcement point on its edge with its queue listed
// beside it, outside the table, next unit first.
func (d *drawer) point(side, k int) {
	st := d.st
	pos, edge, placed := st.Point(side, k)
	if !placed {
		return
	}
	names := st.Scenario().SideNames
	d.printf(`<g class="point side%d" id="point-%d-%d">`, side, side, k+1)
	d.title(fmt.Sprintf("%s reinforcement point %d, %s edge at (%.2f, %.2f)", names[side], k+1, edge, pos.X, pos.Y))
	// A diamond straddling the edge: half on the table, half off.
	const h = 0.35
	dia := []geom.Vec{pos.Add(geom.V(0, h)), pos.Add(geom.V(h, 0)), pos.Add(geom.V(0, -h)), pos.Add(geom.V(-h, 0))}
	d.printf(`<polygon points="%s" fill="%s" stroke="#111111" stroke-width="1"/>`, d.pts(dia), SideColours[side])
	var labels []string
	for n, i := range st.Queue(side, k) {
		labels = append(labels, fmt.Sprintf("%d. %s", n+1, st.Spec(i).Label))
	}
	lines := []string{fmt.Sprintf("%s point %d", names[side], k+1)}
	per := 3
	if edge == twobytwo.East || edge == twobytwo.West {
		per = 1 // the side margins hold one label a line
	}
	if len(labels) == 0 {
		lines = append(lines, "(queue empty)")
	}
	for n := 0; n < len(labels); n += per {
		lines = append(lines, strings.Join(labels[n:min(n+per, len(labels))], "  "))
	}
	x, y := d.x(pos.X), d.y(pos.Y)
	anchor := "middle"
	step := lineH
	switch edge {
	case twobytwo.South:
		y += h*d.scale + lineH + 14 // below the edge coordinates
	case twobytwo.North:
		// List upwards so the first line stays nearest the edge.
		y -= h*d.scale + 4
		step = -lineH
	case twobytwo.East:
		x += h*d.scale + 4
		anchor = "start"
	case twobytwo.West:
		x -= h*d.scale + 12
		anchor = "end"
	}
	skip := 0
	along := pos.X
	if edge == twobytwo.East || edge == twobytwo.West {
		along = pos.Y
	}
	for _, q := range d.queues[edge] {
		if math.Abs(q.at-along) < 6 {
			skip += q.lines + 1
		}
	}
	if d.queues == nil {
		d.queues = map[twobytwo.Edge][]queueBlock{}
	}
	d.queues[edge] = append(d.queues[edge], queueBlock{along, len(lines)})
	y += float64(skip) * step
	for n, l := range lines {
		attrs := fmt.Sprintf(`class="queue" text-anchor="%s" font-size="10" fill="%s"`, anchor, SideColours[side])
		if n == 0 {
			attrs += ` font-weight="bold"`
		}
		d.text(x, y+float64(n)*step, attrs, l)
	}
	d.b.WriteString("</g>\n")
}

// legend states the position in words under the table: the game state,
// whose colour is whose, and what the marks mean.
func (d *drawer) legend(rangesOf int, arrows bool) {
	st := d.st
	sc := st.Scenario()
	summary, _, _ := strings.Cut(st.Summary(), "\n")
	y := d.y(0) + margin - 10
	d.b.WriteString(`<g class="legend" id="legend">`)
	d.text(margin, y, `font-weight="bold"`, sc.Title+": "+summary)
	y += lineH + 4
	x := margin
	for side := 0; side < 2; side++ {
		d.printf(`<rect x="%.1f" y="%.1f" width="18" height="9" fill="%s" stroke="#111111" stroke-width="0.8"/>`, x, y-8, SideColours[side])
		name := sc.SideNames[side]
		if st.Turn() > 0 {
			if st.Attacker() == side {
				name += " (attacker)"
			} else {
				name += " (defender)"
			}
		}
		d.text(x+24, y, ``, name)
		x += 200
	}
	y += lineH + 2
	d.text(margin, y, `font-size="10"`, "Thick edge: front. White line along the front: pinned. White cross: disrupted. White ring: halted. Star: HQ.")
	y += lineH
	d.text(margin, y, `font-size="10"`, `Grid 1". Diamonds: reinforcement points, queues listed beside them, next to arrive first.`)
	if rangesOf >= 0 {
		y += lineH
		spec := st.Spec(rangesOf)
		fire := "it may not shoot"
		if r := st.FireReach(rangesOf); r > 0 {
			fire = fmt.Sprintf(`shaded = field of fire to %.1f"`, r)
			if p := spec.Type.Profile(); p.Long > 0 {
				fire = fmt.Sprintf(`shaded = field of fire, canister %.1f", normal %.1f", long %.1f"`, p.Canister, p.Normal, p.Long)
			}
		}
		d.text(margin, y, `font-size="10"`, fmt.Sprintf(`Ranges of %s: dashed circle = movement %.1f"; %s`, spec.Label, spec.Type.Profile().Move, fire))
		y += lineH
		d.text(margin, y, `font-size="10"`, fmt.Sprintf(`Red lines: enemies threatening %s next turn, solid = within a move (could charge), dashed = in their field of fire.`, spec.Label))
	}
	if arrows {
		y += lineH
		d.text(margin, y, `font-size="10"`, "Suggested orders, numbered best first (p2, p3...: the plan's later orders): green arrows = moves, purple = charges, dashed orange = fire,")
		y += lineH
		d.text(margin, y, `font-size="10"`, "green rings = placements; a dashed outline is where the order leaves the base, facing as its thick edge shows (blue: a turn in place).")
	}
	d.b.WriteString("</g>\n")
}

// arrowColours are the suggestion colours by kind.
var arrowColours = map[string]string{"move": "#1e8449", "charge": "#7d3c98", "fire": "#d35400", "place": "#1e8449", "face": "#2471a3"}

// arrows draws suggested actions, the first on top.
func (d *drawer) arrows(as []Arrow) {
	if len(as) == 0 {
		return
	}
	d.b.WriteString(`<g class="suggestions" id="suggestions"><defs>`)
	for _, kind := range []string{"move", "charge", "fire"} {
		d.printf(`<marker id="head-%s" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="%s"/></marker>`, kind, arrowColours[kind])
	}
	d.b.WriteString("</defs>\n")
	for k := len(as) - 1; k >= 0; k-- {
		a := as[k]
		colour, ok := arrowColours[a.Kind]
		if !ok || len(a.Points) == 0 {
			continue
		}
		end := a.Points[len(a.Points)-1]
		d.printf(`<g class="suggestion %s">`, a.Kind)
		if a.Ghost.HW > 0 {
			c := a.Ghost.Corners()
			d.printf(`<polygon class="ghost" points="%s" fill="%s" fill-opacity="0.15" stroke="%s" stroke-width="1.5" stroke-dasharray="5 3"/>`, d.pts(c[:]), colour, colour)
			d.printf(`<line class="ghost-front" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="3"/>`, d.x(c[0].X), d.y(c[0].Y), d.x(c[1].X), d.y(c[1].Y), colour)
		}
		switch a.Kind {
		case "place":
			d.printf(`<circle cx="%.1f" cy="%.1f" r="%.1f" fill="none" stroke="%s" stroke-width="3"/>`, d.x(end.X), d.y(end.Y), 0.6*d.scale, colour)
		case "face":
			// The ghost alone shows a turn; nothing moves.
		default:
			dash := ""
			if a.Kind == "fire" {
				dash = ` stroke-dasharray="6 4"`
			}
			d.printf(`<polyline points="%s" fill="none" stroke="%s" stroke-width="3"%s marker-end="url(#head-%s)" opacity="0.9"/>`, d.pts(a.Points), colour, dash, a.Kind)
		}
		d.text(d.x(end.X)+6, d.y(end.Y)-6, fmt.Sprintf(`font-weight="bold" font-size="14" fill="%s"`, colour), a.Label)
		d.title(a.Title)
		d.b.WriteString("</g>\n")
	}
	d.b.WriteString("</g>\n")
}
