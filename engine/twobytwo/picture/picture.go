// Package picture draws a 2 by 2 Napoleonic position as an SVG image of the
// table, to scale, for people: the solo gamer checking the program's table
// against the real one, and the player asking for advice.
//
// The picture uses the conventions of the rules package (ruling R-AXES):
// inches from the south-west corner, north up, facings clockwise from
// north, bases 1" x 1/2" centred on the unit's position. Every unit and
// every terrain feature is one top-level <g> element with a class and an
// id, so that programs (and tests) can find them without parsing shapes.
//
// The table, terrain, bases, labels, arrows and legend are the shared
// renderer's (engine/tabletop/svg); this package translates a 2 by 2
// state into its input and draws what only 2 by 2 has in its hooks:
// status marks and HQ stars, ranges and threats, reinforcement points.
package picture

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
	"github.com/grognard/grognard/engine/tabletop/svg"
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

// terrainLook is the look of a terrain kind: fill for areas, stroke and
// width (inches) for lines. Widths follow "Terrain Placement" where it
// gives one (roads 1/2"); the others are chosen to read clearly at the
// default scale. A switch, not a map: nothing may depend on map order.
func terrainLook(k twobytwo.TerrainKind) (colour string, width float64) {
	switch k {
	case twobytwo.Road:
		return "#c9a96e", 0.5
	case twobytwo.Stream:
		return "#5b9bd5", 0.2
	case twobytwo.River:
		return "#2e75b6", 0.6
	case twobytwo.Hedge:
		return "#3f6b2a", 0.15
	case twobytwo.Town:
		return "#a8958a", 0
	case twobytwo.Wood, twobytwo.Copse:
		return "#6f9a4f", 0
	case twobytwo.Hill:
		return "#e3d3a0", 0
	case twobytwo.SteepHill:
		return "#c4a064", 0
	case twobytwo.Ford:
		return "#a9d1ee", 0
	}
	return "#999999", 0.2
}

// margin is the room around the table, in pixels, for reinforcement
// queues and coordinates; it does not grow with the scale because text
// does not either.
const (
	margin = 150.0
	lineH  = 13.0
)

// drawer holds what the 2 by 2 hooks need.
type drawer struct {
	st    *twobytwo.State
	scale float64
	size  float64 // table size, inches
	// queues already listed on each edge: where, and how many lines, so a
	// second point nearby lists its queue after the first one's.
	queues map[twobytwo.Edge][]queueBlock
}

type queueBlock struct {
	at    float64
	lines int
}

// SVG draws st as a standalone SVG document on w.
func SVG(w io.Writer, st *twobytwo.State, opts Options) error {
	if st == nil || st.Scenario() == nil {
		return fmt.Errorf("picture: no state to draw")
	}
	sc := st.Scenario()
	d := &drawer{st: st, scale: opts.Scale, size: sc.Size}
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
	p := &svg.Picture{
		Frame: svg.Frame{Width: sc.Size, Depth: sc.Size, Scale: d.scale, Pen: 1, Decimals: 1,
			Left: margin, Top: margin, Right: margin, Bottom: margin + float64(legendLines)*lineH + 10},
		Title: sc.Title,
		Grid: svg.Grid{Step: 1, Heavy: 6, Every: 2, Extra: func(c *svg.Canvas) {
			c.Text(c.X(sc.Size)+30, c.Y(sc.Size)-20, `text-anchor="middle" font-weight="bold"`, "N ↑")
		}},
		Terrain: d.terrain(),
		Pieces:  d.pieces(),
		Arrows:  d.arrows(opts.Arrows),
		Legend:  d.legend(opts.RangesOf, len(opts.Arrows) > 0),
		AfterArrows: func(c *svg.Canvas) {
			for side := 0; side < 2; side++ {
				for k := 0; k < 2; k++ {
					d.point(c, side, k)
				}
			}
		},
	}
	if opts.RangesOf >= 0 {
		p.AfterTerrain = func(c *svg.Canvas) { d.ranges(c, opts.RangesOf) }
		p.AfterPieces = func(c *svg.Canvas) { d.threats(c, opts.RangesOf) }
	}
	return p.Render(w)
}

// terrain is the scenario's features as shapes: areas first, then lines
// over them, then copses, so a road through a town stays visible; ids
// keep the scenario's feature index.
func (d *drawer) terrain() []svg.Shape {
	feats := d.st.Scenario().Terrain
	var out []svg.Shape
	for pass := 0; pass < 3; pass++ {
		for k, f := range feats {
			p := 1
			switch {
			case f.Kind.IsArea():
				p = 0
			case f.Kind.IsCircle():
				p = 2
			}
			if p != pass {
				continue
			}
			colour, width := terrainLook(f.Kind)
			name := f.Kind.String()
			if f.Name != "" {
				name = f.Name + " (" + name + ")"
			}
			s := svg.Shape{Class: "terrain " + strings.ReplaceAll(f.Kind.String(), " ", "-"), ID: fmt.Sprintf("terrain-%d", k),
				Title: name, Label: f.Name, Points: f.Points, Centre: f.Centre, Radius: f.Radius}
			switch {
			case f.Kind.IsCircle():
				stroke := "#3f5f2a"
				if f.Kind == twobytwo.Ford {
					stroke = "#2e75b6"
				}
				s.Kind, s.Layers = svg.Circle, []svg.Layer{{Fill: colour, Stroke: stroke, Width: 1}}
			case f.Kind.IsArea():
				stroke := "#777777"
				if f.Kind == twobytwo.SteepHill {
					stroke = "#6b4f1d" // steep slopes are impassable to some arms: make them stand out
				}
				s.Kind, s.Layers = svg.Area, []svg.Layer{{Fill: colour, FillOpacity: 0.85, Stroke: stroke, Width: 1}}
			default:
				l := svg.Layer{Stroke: colour, TableWidth: width, Round: true}
				if f.Kind == twobytwo.Hedge {
					l.Dash = "4 2"
				}
				s.Kind, s.Layers = svg.Line, []svg.Layer{l}
				if len(f.Points) > 1 {
					// Near the start of the line, beside it, so the name
					// does not sit on the towns that roads run through.
					at := f.Points[0].Lerp(f.Points[1], 0.3).Add(geom.V(0.6, 0.3))
					s.LabelAt = &at
				}
			}
			out = append(out, s)
		}
	}
	return out
}

var statusNames = map[uint8]string{
	twobytwo.Ordered:   "ordered",
	twobytwo.Halted:    "halted",
	twobytwo.Pinned:    "pinned",
	twobytwo.Disrupted: "disrupted",
}

// pieces are the units on the table: a base in the side's colour with a
// thick front edge, the status mark, a star for an HQ, and the label
// behind the base where there is room.
func (d *drawer) pieces() []svg.Piece {
	st := d.st
	var out []svg.Piece
	for _, pc := range st.Pieces(nil) {
		if pc.Where != "table" || len(pc.Bases) == 0 {
			continue
		}
		i := pc.ID
		u, spec := &st.U[i], st.Spec(i)
		status := statusNames[u.Stat]
		// Label spots: behind the base (where it hides no front), ahead,
		// right, left; the baseline sits 3 pixels below the point.
		down := geom.V(0, -3/d.scale)
		right := u.Dir.Perp()
		if right.X < 0 {
			right = right.Scale(-1)
		}
		out = append(out, svg.Piece{
			Kind: "unit", Label: spec.Label, At: u.Pos,
			Class: fmt.Sprintf("unit side%d %s", spec.Side, status), IDPrefix: "unit-",
			Title: fmt.Sprintf("%s, %s, %s at (%.2f, %.2f) facing %.0f", spec.Label, spec.Type, status, u.Pos.X, u.Pos.Y, geom.FacingOf(u.Dir)),
			Fill:  SideColours[spec.Side], Bases: pc.Bases,
			Marks: func(c *svg.Canvas) { d.marks(c, i) },
			Text:  spec.Label, TextAttrs: `fill="#111111"`,
			Spots: []geom.Vec{
				u.Pos.Sub(u.Dir.Scale(0.62)).Add(down),
				u.Pos.Add(u.Dir.Scale(0.62)).Add(down),
				u.Pos.Add(right.Scale(0.6 + 0.3*float64(len(spec.Label)))).Add(down),
				u.Pos.Sub(right.Scale(0.6 + 0.3*float64(len(spec.Label)))).Add(down),
			},
		})
	}
	return out
}

// marks draws unit i's status mark and its HQ star over its base.
func (d *drawer) marks(c *svg.Canvas, i int) {
	u, spec := &d.st.U[i], d.st.Spec(i)
	r := geom.Rect{C: u.Pos, F: u.Dir, HW: 0.5, HD: 0.25}
	cs := r.Corners() // front-left, front-right, rear-right, rear-left
	switch u.Stat {
	case twobytwo.Pinned:
		// Just inside the front edge so the black edge still shows the facing.
		in := r.F.Scale(-0.09)
		a, b := cs[0].Add(in).Add(r.Right().Scale(0.08)), cs[1].Add(in).Sub(r.Right().Scale(0.08))
		c.Line(a, b, `class="pinned" stroke="#ffffff" stroke-width="2.5"`)
	case twobytwo.Disrupted:
		c.Printf(`<path class="disrupted" d="M%s L%s M%s L%s" stroke="#ffffff" stroke-width="2"/>`, c.Pt(cs[0]), c.Pt(cs[2]), c.Pt(cs[1]), c.Pt(cs[3]))
	case twobytwo.Halted:
		c.Circle(u.Pos, 0.12, `class="halted" fill="none" stroke="#ffffff" stroke-width="1.5"`)
	}
	if spec.Type.IsHQ() {
		rad := 0.22
		if spec.Type == twobytwo.CorpsHQ {
			rad = 0.3 // the corps HQ gets the bigger star: it commands the division HQs
		}
		c.Polygon(svg.Star(u.Pos, rad*0.5, rad), `class="hq" fill="#f4d03f" stroke="#111111" stroke-width="0.6"`)
	}
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
// ranges as the field-of-fire outlines of each band, under the units,
// clipped to the table: ground off the table cannot be reached.
func (d *drawer) ranges(c *svg.Canvas, i int) {
	st := d.st
	u := &st.U[i]
	spec := st.Spec(i)
	prof := spec.Type.Profile()
	r := geom.Rect{C: u.Pos, F: u.Dir, HW: 0.5, HD: 0.25}
	c.Group(fmt.Sprintf("ranges side%d", spec.Side), c.ID("ranges-", spec.Label), `clip-path="url(#table-clip)"`)
	c.Title(fmt.Sprintf("%s: moves %.1f\", shoots to %.1f\"", spec.Label, prof.Move, st.FireReach(i)))
	c.Circle(u.Pos, prof.Move, fmt.Sprintf(`class="move" fill="none" stroke="%s" stroke-width="1.5" stroke-dasharray="6 4"`, SideColours[spec.Side]))
	// Artillery has three bands (canister, normal, long); everything else
	// one reach. Draw the longest first so the shorter ones sit on top.
	type band struct {
		name  string
		reach float64
	}
	bands := []band{{"fire", st.FireReach(i)}}
	if prof.Long > 0 {
		bands = []band{{"long", prof.Long}, {"normal", prof.Normal}, {"canister", prof.Canister}}
	}
	for _, b := range bands {
		if b.reach > 0 {
			c.Polygon(fireArea(r, b.reach), fmt.Sprintf(`class="fire %s" fill="#f5b041" fill-opacity="0.18" stroke="#d68910" stroke-width="1"`, b.name))
		}
	}
	c.Close()
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
func (d *drawer) threats(c *svg.Canvas, i int) {
	st := d.st
	to := st.U[i].Pos
	c.Group("threats", c.ID("threats-", st.Spec(i).Label), "")
	for _, th := range Threats(st, i) {
		from := st.U[th.Enemy].Pos
		kind, dash := "fire", ` stroke-dasharray="4 3"`
		if th.Charge {
			kind, dash = "charge", ""
			if th.Fire {
				kind = "charge fire"
			}
		}
		c.Printf(`<line class="threat %s" x1="%s" y1="%s" x2="%s" y2="%s" stroke="#c0392b" stroke-width="2"%s opacity="0.8">`,
			kind, c.Num(c.X(from.X)), c.Num(c.Y(from.Y)), c.Num(c.X(to.X)), c.Num(c.Y(to.Y)), dash)
		c.Title(fmt.Sprintf("%s threatens %s (%s)", st.Spec(th.Enemy).Label, st.Spec(i).Label, kind))
		c.Raw("</line>")
	}
	c.Close()
}

// point draws a reinforcement point on its edge with its queue listed
// beside it, outside the table, next unit first.
func (d *drawer) point(c *svg.Canvas, side, k int) {
	st := d.st
	pos, edge, placed := st.Point(side, k)
	if !placed {
		return
	}
	names := st.Scenario().SideNames
	c.Group(fmt.Sprintf("point side%d", side), fmt.Sprintf("point-%d-%d", side, k+1), "")
	c.Title(fmt.Sprintf("%s reinforcement point %d, %s edge at (%.2f, %.2f)", names[side], k+1, edge, pos.X, pos.Y))
	// A diamond straddling the edge: half on the table, half off.
	const h = 0.35
	dia := []geom.Vec{pos.Add(geom.V(0, h)), pos.Add(geom.V(h, 0)), pos.Add(geom.V(0, -h)), pos.Add(geom.V(-h, 0))}
	c.Polygon(dia, fmt.Sprintf(`fill="%s" stroke="#111111" stroke-width="1"`, SideColours[side]))
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
	x, y := c.X(pos.X), c.Y(pos.Y)
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
		c.Text(x, y+float64(n)*step, attrs, l)
	}
	c.Close()
}

// legend states the position in words under the table: the game state,
// whose colour is whose, and what the marks mean.
func (d *drawer) legend(rangesOf int, arrows bool) svg.Legend {
	st := d.st
	sc := st.Scenario()
	summary, _, _ := strings.Cut(st.Summary(), "\n")
	var sw []svg.Swatch
	for side := 0; side < 2; side++ {
		name := sc.SideNames[side]
		if st.Turn() > 0 {
			if st.Attacker() == side {
				name += " (attacker)"
			} else {
				name += " (defender)"
			}
		}
		sw = append(sw, svg.Swatch{Colour: SideColours[side], Name: name})
	}
	small := `font-size="10"`
	rows := []svg.Row{
		{Text: sc.Title + ": " + summary, Attrs: `font-weight="bold"`},
		{Swatches: sw, GapPens: lineH + 4},
		{Text: "Thick edge: front. White line along the front: pinned. White cross: disrupted. White ring: halted. Star: HQ.", Attrs: small, GapPens: lineH + 2},
		{Text: `Grid 1". Diamonds: reinforcement points, queues listed beside them, next to arrive first.`, Attrs: small},
	}
	if rangesOf >= 0 {
		spec := st.Spec(rangesOf)
		fire := "it may not shoot"
		if r := st.FireReach(rangesOf); r > 0 {
			fire = fmt.Sprintf(`shaded = field of fire to %.1f"`, r)
			if p := spec.Type.Profile(); p.Long > 0 {
				fire = fmt.Sprintf(`shaded = field of fire, canister %.1f", normal %.1f", long %.1f"`, p.Canister, p.Normal, p.Long)
			}
		}
		rows = append(rows,
			svg.Row{Text: fmt.Sprintf(`Ranges of %s: dashed circle = movement %.1f"; %s`, spec.Label, spec.Type.Profile().Move, fire), Attrs: small},
			svg.Row{Text: fmt.Sprintf(`Red lines: enemies threatening %s next turn, solid = within a move (could charge), dashed = in their field of fire.`, spec.Label), Attrs: small})
	}
	if arrows {
		rows = append(rows,
			svg.Row{Text: "Suggested orders, numbered best first (p2, p3...: the plan's later orders): green arrows = moves, purple = charges, dashed orange = fire,", Attrs: small},
			svg.Row{Text: "green rings = placements; a dashed outline is where the order leaves the base, facing as its thick edge shows (blue: a turn in place).", Attrs: small})
	}
	return svg.Legend{Top: margin - 10, LinePens: lineH, Rows: rows}
}

// arrowKinds are the suggestions' looks by kind.
var arrowKinds = []svg.ArrowKind{
	{Name: "move", Colour: "#1e8449"},
	{Name: "charge", Colour: "#7d3c98"},
	{Name: "fire", Colour: "#d35400", Dash: "6 4"},
	{Name: "place", Colour: "#1e8449"},
	{Name: "face", Colour: "#2471a3"},
}

// arrows are the suggested actions in the shared renderer's terms: a
// placement is a ring, a turn its ghost alone.
func (d *drawer) arrows(as []Arrow) svg.Arrows {
	out := svg.Arrows{Class: "suggestions", ID: "suggestions", ItemClass: "suggestion", Kinds: arrowKinds, HeadPens: 5}
	for _, a := range as {
		s := svg.Arrow{Kind: a.Kind, Points: a.Points, Label: a.Label, Title: a.Title}
		if a.Ghost.HW > 0 {
			s.Ghosts = []geom.Rect{a.Ghost}
		}
		if a.Kind == "place" {
			s.Radius = 0.6
		}
		out.Items = append(out.Items, s)
	}
	return out
}
