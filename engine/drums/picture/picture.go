// Package picture draws a Drums and Muskets position as an SVG image of
// the table, to scale, for people: the player checking the program's table
// against the real one, and the player asking for advice.
//
// The picture's user units are base widths (BW), the rules' one measure
// (Game Scale), with x along the long edge from the left and y across the
// table from side 0's home edge, drawn at the bottom. Every feature, unit,
// general, camp and arrow is one top-level <g> element with a class (and
// an id where it has a name), so that programs and tests find them without
// reading shapes. It draws only from engine/drums' read-only views.
//
// The table, terrain, bases, labels, arrows and legend are the shared
// renderer's (engine/tabletop/svg); this package translates a Drums and
// Muskets state into its input and draws what only Drums and Muskets has
// in its hooks: the heading with supply dice, objectives, deployment
// zones, camps, command ranges, broken units, lost bases, pips, smoke.
package picture

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/drums"
	"github.com/grognard/grognard/engine/geom"
	"github.com/grognard/grognard/engine/tabletop/svg"
)

// Picture sizes in pixels. The picture scales as a whole (its user units
// are BW), so the width only says how large a viewer shows it; it is
// clamped so that a mistyped width neither writes a picture no viewer opens
// nor one too small to read.
const (
	DefaultWidth = 1200
	MinWidth     = 320
	MaxWidth     = 8000
)

// MMPerBW is the size of a base width on the table for 15mm figures (Game
// Scale: "For 15mm a base would be around 40mm wide"; "use 4cm as a base
// width").
const MMPerBW = 40

// Options choose how the picture is drawn.
type Options struct {
	// Width is the picture's width in pixels; 0 means DefaultWidth, and
	// others are clamped to [MinWidth, MaxWidth].
	Width float64
	// Arrows are actions drawn over the table (a hint's orders).
	Arrows []Arrow
}

// SideColours are the fill colours of side 0 and side 1. White is kept for
// marks on the bases, so neither side may use it.
var SideColours = [2]string{"#2b4c9b", "#b03a2e"}

// Margins around the table in BW: room for the title above, edge names
// and coordinates at the sides, the legend below.
const (
	marginX   = 3.0
	marginTop = 3.2
	legendH   = 8.4
	// pen is a nominal pixel in BW: a base width is about 20 pixels at
	// the default width.
	pen = 0.05
)

// halo keeps labels readable over terrain and bases.
const halo = `paint-order="stroke" stroke="#ffffff" stroke-width="0.12" stroke-linejoin="round"`

// drawer holds what the Drums and Muskets hooks need.
type drawer struct {
	st    *drums.State
	w, d  float64 // table size in BW
	views []drums.UnitView
	// bases are each unit's bases on the table, by unit index (Pieces).
	bases [][]engine.Base
}

// num writes a number briefly: two decimals are a twentieth of a
// millimetre at 40mm a BW, and trimming zeros keeps files small.
func num(v float64) string {
	v = math.Round(v*100) / 100
	if v == 0 {
		v = 0 // no "-0"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// ClampWidth is the width in pixels a picture asked to be w pixels wide
// is drawn at, or an error for a width that is not a number of pixels.
func ClampWidth(w float64) (float64, error) {
	switch {
	case math.IsNaN(w) || w < 0:
		return 0, fmt.Errorf("picture: width %v pixels is not a width: give 0 for the default (%d) or a positive number", w, DefaultWidth)
	case w == 0:
		return DefaultWidth, nil
	}
	return math.Min(math.Max(w, MinWidth), MaxWidth), nil
}

// SVG draws st as a standalone SVG document on w. The same state and
// options always give the same bytes.
func SVG(w io.Writer, st *drums.State, opts Options) error {
	p, err := build(st, opts)
	if err != nil {
		return err
	}
	return p.Render(w)
}

// build translates st into the shared renderer's picture.
func build(st *drums.State, opts Options) (*svg.Picture, error) {
	if st == nil || st.Scenario() == nil {
		return nil, fmt.Errorf("picture: no Drums and Muskets state to draw")
	}
	px, err := ClampWidth(opts.Width)
	if err != nil {
		return nil, err
	}
	tw, td := st.TableSize()
	if !(tw > 0 && td > 0) || math.IsInf(tw+td, 0) {
		return nil, fmt.Errorf("picture: the table is %v x %v BW: a scenario needs a positive width and depth", tw, td)
	}
	d := &drawer{st: st, w: tw, d: td}
	d.bases = make([][]engine.Base, st.NumUnits())
	for i := range st.NumUnits() {
		d.views = append(d.views, st.Unit(i))
	}
	for _, p := range st.Pieces(nil) {
		if p.ID >= 0 && p.ID < len(d.bases) && p.Where == "table" {
			d.bases[p.ID] = p.Bases
		}
	}
	sc := st.Scenario()
	name := sc.Title
	if name == "" {
		name = sc.Name
	}
	p := &svg.Picture{
		Frame: svg.Frame{Width: tw, Depth: td, Scale: 1, Pen: pen, Decimals: 2, PixelWidth: px,
			Left: marginX, Right: marginX, Top: marginTop, Bottom: legendH},
		Title: name,
		Halo:  halo,
		Grid:  svg.Grid{Step: 1, Heavy: 6, Every: 6, Extra: d.edges},
		AfterTable: func(c *svg.Canvas) {
			d.heading(c, name)
		},
		Terrain: d.terrain(),
		AfterTerrain: func(c *svg.Canvas) {
			d.objectives(c)
			d.zones(c) // over the terrain: translucent, and its names must show
			d.camps(c)
			d.ranges(c)
			for i := range d.views {
				if v := &d.views[i]; !v.OnTable && v.Broken {
					d.broken(c, v)
				}
			}
		},
		Pieces: append(d.units(), d.generals()...),
		Arrows: arrows(opts.Arrows),
		Legend: d.legend(len(opts.Arrows) > 0),
	}
	return p, nil
}

// heading is the title line: the battle, the turn and phase, and each
// side's supply dice (Quarter master), which a player keeps by the table.
func (d *drawer) heading(c *svg.Canvas, name string) {
	st := d.st
	sc := st.Scenario()
	summary, _, _ := strings.Cut(st.Summary(), "\n")
	c.Group("heading", "heading", "")
	c.Text(marginX, 1.0, `font-size="0.8" font-weight="bold"`, name)
	c.Text(marginX, 1.9, `class="turn" font-size="0.5"`, summary)
	var sup []string
	for side := range 2 {
		n := st.SupplyLeft(side)
		dice := "dice"
		if n == 1 {
			dice = "die"
		}
		sup = append(sup, fmt.Sprintf("%s %d %s", sc.Forces[side].Name, n, dice))
	}
	c.Text(marginX, 2.7, `class="supply" font-size="0.5"`, "Supply dice left: "+strings.Join(sup, ", ")+".")
	c.Close()
}

// edges names both home edges on the table's grid.
func (d *drawer) edges(c *svg.Canvas) {
	names := d.st.Scenario().Forces
	c.Text(c.X(d.w/2), c.Y(0)+1.1, `text-anchor="middle" font-size="0.45" fill="`+SideColours[0]+`"`, names[0].Name+" home edge")
	c.Text(c.X(d.w/2), c.Y(d.d)-0.25, `text-anchor="middle" font-size="0.45" fill="`+SideColours[1]+`"`, names[1].Name+" home edge")
}

// zones shades both deployment zones while the armies deploy (Deployment
// Zone): the full width of the long side, a quarter of the depth for the
// attacker and half for the defender, from each side's home edge.
func (d *drawer) zones(c *svg.Canvas) {
	st := d.st
	if st.PhaseName() != "deployment" || st.Attacker < 0 {
		return
	}
	for side := range 2 {
		f, role := 0.5, "defender, half the depth"
		if int(st.Attacker) == side {
			f, role = 0.25, "attacker, a quarter of the depth"
		}
		y0, y1 := 0.0, d.d*f
		if side == 1 {
			y0, y1 = d.d-d.d*f, d.d
		}
		name := st.Scenario().Forces[side].Name
		c.Group(fmt.Sprintf("zone side%d", side), fmt.Sprintf("zone-%d", side), "")
		c.Title(fmt.Sprintf("%s deployment zone (%s): y %s to %s BW", name, role, num(y0), num(y1)))
		c.Printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="%s" fill-opacity="0.08" stroke="%s" stroke-width="0.08" stroke-dasharray="0.4 0.25"/>`,
			num(c.X(0)), num(c.Y(y1)), num(d.w), num(y1-y0), SideColours[side], SideColours[side])
		ly := y1 - 0.7
		if side == 1 {
			ly = y0 + 0.3
		}
		c.TextAt(geom.V(d.w-0.3, ly), 0, 0, `text-anchor="end" font-size="0.45" fill="`+SideColours[side]+`" `+halo, fmt.Sprintf("%s deployment zone (%s)", name, role))
		c.Close()
	}
}

// terrainLook is how one terrain kind is drawn: fill for areas; for lines,
// the 1BW band the rules treat as the feature (LinearWidth) and a centre
// line whose width marks obstacles and fortifications as barriers.
type terrainLook struct {
	fill, stroke string
	centre       float64 // centre line width in BW, 0 for none
	dash         string  // in pens
}

// look is the style of kind k: a switch, not a map, so that nothing in
// the output depends on map order.
func look(k drums.TerrainKind) terrainLook {
	switch k {
	case drums.Wood:
		return terrainLook{fill: "#6f9a4f", stroke: "#3f6b2a"}
	case drums.BuiltUp:
		return terrainLook{fill: "#a8958a", stroke: "#5d4a3f"}
	case drums.Rough:
		return terrainLook{fill: "#c8b98a", stroke: "#8a7a4a", dash: "6 4"}
	case drums.Hill:
		return terrainLook{fill: "#e3d3a0", stroke: "#a08850"}
	case drums.Impassable:
		return terrainLook{fill: "#4a4a4a", stroke: "#111111"}
	case drums.Obstacle:
		return terrainLook{fill: "#8fae6f", stroke: "#3b2a17", centre: 0.25}
	case drums.Fortification:
		return terrainLook{fill: "#b9a27a", stroke: "#3b2a17", centre: 0.4}
	case drums.Stream:
		return terrainLook{fill: "#a9d1ee", stroke: "#2e75b6", centre: 0.15}
	case drums.Road:
		return terrainLook{fill: "#d9c08e", stroke: "#9c7c45"}
	}
	return terrainLook{fill: "#cccccc", stroke: "#777777"}
}

// terrain is the scenario's features as shapes: areas first (hills under
// woods and towns, in the scenario's order), then lines over them, so a
// road through a farm stays visible (Terrain & Fortifications). Ids keep
// the feature's index.
func (d *drawer) terrain() []svg.Shape {
	feats := d.st.Scenario().Terrain
	var out []svg.Shape
	for pass := range 3 {
		for k := range feats {
			f := &feats[k]
			p := 2
			switch {
			case f.Kind == drums.Hill:
				p = 0
			case f.Kind.Area():
				p = 1
			}
			if p == pass {
				out = append(out, feature(k, f))
			}
		}
	}
	return out
}

// feature is one terrain feature with its name.
func feature(k int, f *drums.Feature) svg.Shape {
	lk := look(f.Kind)
	name := f.Kind.String()
	if f.Name != "" {
		name = f.Name + " (" + name + ")"
	}
	s := svg.Shape{Class: "terrain " + f.Kind.String(), ID: fmt.Sprintf("terrain-%d", k), Title: name, Label: f.Name, Points: f.Points, Clip: true}
	if f.Kind.Area() {
		s.Kind, s.Layers = svg.Area, []svg.Layer{{Fill: lk.fill, FillOpacity: 0.85, Stroke: lk.stroke, Width: 1.6, Dash: lk.dash}}
		return s
	}
	s.Kind, s.Layers = svg.Line, []svg.Layer{{Class: "band", Stroke: lk.fill, StrokeOpacity: 0.7, TableWidth: drums.LinearWidth, Round: true}}
	if lk.centre > 0 {
		s.Layers = append(s.Layers, svg.Layer{Class: "barrier", Stroke: lk.stroke, TableWidth: lk.centre, Round: true})
	}
	return s
}

// objectives rings the scenario's hold areas (ruling D-VICTORY in the
// engine: objectives are the scenario's, Game Sequence 4).
func (d *drawer) objectives(c *svg.Canvas) {
	for k, h := range d.st.Scenario().Objective.Hold {
		c.Group("objective", c.ID("objective-", h.Name), "")
		c.Title(fmt.Sprintf("objective %s: hold it at the turn limit (a unit of yours inside, none of the enemy's); %s BW radius", h.Name, num(h.Radius)))
		c.Circle(h.Centre, h.Radius, `fill="#f1c40f" fill-opacity="0.12" stroke="#b7950b" stroke-width="0.12" stroke-dasharray="0.5 0.25"`)
		lbl := h.Name
		if lbl == "" {
			lbl = "objective " + strconv.Itoa(k+1)
		}
		c.TextAt(h.Centre.Add(geom.V(0, h.Radius+0.2)), 0, 0, `text-anchor="middle" font-size="0.42" font-weight="bold" fill="#7d6608" `+halo, "★ "+lbl)
		c.Close()
	}
}

// camps draws each side's baggage camp, 6 x 4BW (Baggage Camp), crossed
// once captured.
func (d *drawer) camps(c *svg.Canvas) {
	st := d.st
	for side := range 2 {
		r, on := st.CampOf(side)
		lost := st.Camp[side].Placed && st.Camp[side].Lost
		if !on && !lost {
			continue
		}
		class, state := "camp", "held"
		if lost {
			class, state = "camp captured", "captured"
		}
		name := st.Scenario().Forces[side].Name
		c.Group(fmt.Sprintf("%s side%d", class, side), fmt.Sprintf("camp-%d", side), "")
		c.Title(fmt.Sprintf("%s baggage camp, 6 x 4 BW, %s", name, state))
		cs := r.Corners()
		opacity := "0.35"
		if lost {
			opacity = "0.15"
		}
		c.Polygon(cs[:], fmt.Sprintf(`fill="%s" fill-opacity="%s" stroke="%s" stroke-width="0.1"`, SideColours[side], opacity, SideColours[side]))
		if lost {
			c.Line(cs[0], cs[2], `class="cross" stroke="#111111" stroke-width="0.15"`)
			c.Line(cs[1], cs[3], `class="cross" stroke="#111111" stroke-width="0.15"`)
		}
		c.TextAt(r.C.Add(geom.V(0, -0.15)), 0, 0, `text-anchor="middle" font-size="0.45" `+halo, fmt.Sprintf("%s baggage (%s)", name, state))
		c.Close()
	}
}

// ranges draws every general's command distance as a dashed circle
// (Actions: 10BW for a sub-general, 8 or 12 by staff ability; 5BW for the
// force commander). A unit is in command when any part of it lies within
// the circle: the engine measures from the general to the nearest point of
// the unit (ruling D-AP).
func (d *drawer) ranges(c *svg.Canvas) {
	st := d.st
	for g := range st.NumGenerals() {
		v := st.General(g)
		if !v.OnTable || v.Range <= 0 {
			continue
		}
		c.Group(fmt.Sprintf("command-range side%d", v.Side), c.ID("range-", v.Spec.Label), `clip-path="url(#table-clip)"`)
		c.Title(fmt.Sprintf("%s command distance %s BW", v.Spec.Label, num(v.Range)))
		width := "0.06"
		if v.Command == drums.NoCommand {
			width = "0.1"
		}
		c.Circle(v.Pos, v.Range, fmt.Sprintf(`fill="none" stroke="%s" stroke-opacity="0.6" stroke-width="%s" stroke-dasharray="0.35 0.25"`, SideColours[v.Side], width))
		c.Close()
	}
}

// levelLetter is the resilience level as the player writes it on the base
// (Resilience: Lackluster, Steady, Determined), empty before it is thrown.
func levelLetter(l drums.Level) string {
	switch l {
	case drums.Lackluster:
		return "L"
	case drums.Steady:
		return "S"
	case drums.Determined:
		return "D"
	}
	return ""
}

// hitsPerBase is 2 for foot and cavalry, 6 for an artillery model (Unit
// Types).
func hitsPerBase(v *drums.UnitView) int { return v.Profile.HitsPerBase() }

// labelSpots are where unit v's label may go, best first, as the middles
// of its baseline: behind the unit (where it hides no front), behind and
// to either side, ahead, beside it, further behind.
func labelSpots(v *drums.UnitView) []geom.Vec {
	fp := v.Footprint
	right := fp.Right()
	if right.X < 0 {
		right = right.Scale(-1)
	}
	back := fp.C.Sub(fp.F.Scale(fp.HD + 0.45))
	if fp.F.Y < -0.5 {
		back = fp.C.Sub(fp.F.Scale(fp.HD + 0.1))
	}
	ahead := fp.C.Add(fp.F.Scale(fp.HD + 0.45))
	if fp.F.Y > 0.5 {
		ahead = fp.C.Add(fp.F.Scale(fp.HD + 0.1))
	}
	w := svg.TextWidth(v.Label, 0.45, true) + 0.8
	side := math.Abs(fp.HW*right.X) + math.Abs(fp.HD*fp.F.X) + 0.2
	return []geom.Vec{
		back,
		back.Add(right.Scale(w / 2)),
		back.Sub(right.Scale(w / 2)),
		ahead,
		fp.C.Add(geom.V(side+w/2, -0.2)),
		fp.C.Add(geom.V(-side-w/2, -0.2)),
		back.Sub(fp.F.Scale(0.5)),
	}
}

// units are the units on the table as pieces: their bases as their
// formation lays them out (Pieces), each with a thick front edge; the
// label with the resilience level letter and hits after it; pips for the
// hits towards the next base lost; faded outlines of the bases already
// lost; and cotton wool in front once it has shot and not reloaded
// (Shooting Action 12).
func (d *drawer) units() []svg.Piece {
	var out []svg.Piece
	for i := range d.views {
		v := &d.views[i]
		if !v.OnTable {
			continue
		}
		class := fmt.Sprintf("unit side%d", v.Side)
		unloaded := !v.Loaded && v.Profile.Weapon != drums.NoWeapon
		if unloaded {
			class += " unloaded"
		}
		if v.Activated {
			class += " activated"
		}
		// The thick edge is the unit's front: the front rank's edges, or
		// every base's outer edge in a square, whose faces all front.
		fp := v.Footprint
		front := make([]bool, len(d.bases[i]))
		for k, b := range d.bases[i] {
			front[k] = v.Formation == drums.Square || math.Abs(b.Centre.Sub(fp.C).Dot(fp.F)-(fp.HD-b.Depth/2)) < 1e-6
		}
		var tags []svg.Tag
		if l := levelLetter(v.Level); l != "" {
			tags = append(tags, svg.Tag{Class: "level", Text: l, Attrs: `font-size="0.38" fill="#111111"`})
		}
		if v.Hits > 0 {
			tags = append(tags, svg.Tag{Class: "hits", Text: strconv.Itoa(v.Hits) + "h", Attrs: `font-size="0.38" fill="#c0392b"`})
		}
		out = append(out, svg.Piece{
			Kind: "unit", Label: v.Label, At: v.Front, Class: class, IDPrefix: "unit-",
			Title: unitWords(v), Fill: SideColours[v.Side], Bases: d.bases[i], Front: front,
			Marks: func(c *svg.Canvas) {
				lostBases(c, v)
				pips(c, v)
				if unloaded {
					smoke(c, v)
				}
			},
			Text: v.Label, TextAttrs: `font-weight="bold" fill="` + SideColours[v.Side] + `"`, Tags: tags,
			Spots: labelSpots(v),
		})
	}
	return out
}

// unitWords is the tooltip of a unit: what a player would say of it.
func unitWords(v *drums.UnitView) string {
	var b strings.Builder
	what := "bases"
	if v.Profile.Type.IsArtillery() {
		what = "models"
	}
	fmt.Fprintf(&b, "%s (%s), %s, %d of %d %s", v.Label, v.Profile.Name, v.Formation, v.Bases, v.Profile.Bases, what)
	if v.Hits > 0 {
		fmt.Fprintf(&b, ", %d hits", v.Hits)
	}
	switch v.Level {
	case drums.Lackluster:
		b.WriteString(", lackluster")
	case drums.Steady:
		b.WriteString(", steady")
	case drums.Determined:
		b.WriteString(", determined")
	}
	if !v.Loaded && v.Profile.Weapon != drums.NoWeapon {
		b.WriteString(", unloaded")
	}
	if v.Activated {
		b.WriteString(", activated this turn")
	}
	fmt.Fprintf(&b, "; front at (%s, %s) facing %s", num(v.Front.X), num(v.Front.Y), num(v.Facing))
	return b.String()
}

// lostBases draws the bases a unit has lost as faded outlines in a row
// behind it, where a player puts removed bases beside the table.
//
// Ruling D-PIC-LOST (Unit Types: a base is removed for every 2 hits, an
// artillery model for every 6): the rules take lost bases off the table,
// so they have no place in the formation; the picture shows them faded in
// a row 0.3BW behind the unit's rear edge, so the reader sees at once how
// much of the unit is gone without them being mistaken for ground held.
func lostBases(c *svg.Canvas, v *drums.UnitView) {
	lost := int(v.Profile.Bases) - v.Bases
	if lost <= 0 {
		return
	}
	fp := v.Footprint
	depth := drums.BaseDepth(v.Profile.Type)
	right := fp.F.Perp()
	row := fp.C.Sub(fp.F.Scale(fp.HD + 0.3 + depth/2))
	for k := range lost {
		p := row.Add(right.Scale((float64(k) - float64(lost-1)/2) * 1.1))
		cs := geom.NewRect(p, v.Facing, 1, depth).Corners()
		c.Polygon(cs[:], fmt.Sprintf(`class="lost" fill="%s" fill-opacity="0.15" stroke="%s" stroke-opacity="0.4" stroke-width="0.04" stroke-dasharray="0.12 0.08"`,
			SideColours[v.Side], SideColours[v.Side]))
	}
}

// pips marks the hits a unit has taken towards its next lost base with
// red dots along its rear edge (bases are lost every 2 hits, models every
// 6: Unit Types).
func pips(c *svg.Canvas, v *drums.UnitView) {
	n := v.Hits % hitsPerBase(v)
	if n == 0 {
		return
	}
	fp := v.Footprint
	right := fp.F.Perp()
	rear := fp.C.Sub(fp.F.Scale(fp.HD - 0.15))
	for k := range n {
		c.Circle(rear.Add(right.Scale((float64(k)-float64(n-1)/2)*0.25)), 0.12, `class="pip" fill="#e74c3c" stroke="#ffffff" stroke-width="0.03"`)
	}
}

// smoke is the unloaded marker: "cotton wool in front of the unit to show
// it has shot", removed when it reloads (Shooting Action 12; Reload after
// shooting).
func smoke(c *svg.Canvas, v *drums.UnitView) {
	fp := v.Footprint
	right := fp.F.Perp()
	front := v.Front.Add(fp.F.Scale(0.3))
	c.Raw(`<g class="smoke">`)
	for k := -1; k <= 1; k++ {
		c.Circle(front.Add(right.Scale(0.3*float64(k))).Add(fp.F.Scale(0.08*float64(k*k))), 0.2, `fill="#f4f4f4" stroke="#888888" stroke-width="0.03"`)
	}
	c.Raw("</g>")
}

// broken draws a broken unit's last footprint faded and crossed: it is off
// the table (Breaking), but a reader of a position wants to see where it
// went.
func (d *drawer) broken(c *svg.Canvas, v *drums.UnitView) {
	fp := v.Footprint
	if fp.HW <= 0 || fp.HD <= 0 {
		return
	}
	cs := fp.Corners()
	c.Group(fmt.Sprintf("unit broken side%d", v.Side), c.ID("unit-", v.Label), "")
	c.Title(fmt.Sprintf("%s (%s) broke and is off the table", v.Label, v.Profile.Name))
	c.Polygon(cs[:], fmt.Sprintf(`fill="none" stroke="%s" stroke-opacity="0.45" stroke-width="0.05" stroke-dasharray="0.15 0.1"`, SideColours[v.Side]))
	c.Line(cs[0], cs[2], fmt.Sprintf(`stroke="%s" stroke-opacity="0.45" stroke-width="0.05"`, SideColours[v.Side]))
	c.TextAt(fp.C, 0, 0, `class="label" text-anchor="middle" font-size="0.4" fill-opacity="0.6" fill="`+SideColours[v.Side]+`" `+halo, v.Label+" broken")
	c.Close()
}

// generals are the generals on the table as pieces: a star for the force
// commander, a circle for a sub-general (Army Structure), with his label
// under him where there is room.
func (d *drawer) generals() []svg.Piece {
	st := d.st
	var out []svg.Piece
	for g := range st.NumGenerals() {
		v := st.General(g)
		if !v.OnTable {
			continue
		}
		fc := v.Command == drums.NoCommand
		kind := "sub-general"
		if fc {
			kind = "force commander"
		}
		name := v.Spec.Label
		if v.Spec.Name != "" {
			name += " (" + v.Spec.Name + ")"
		}
		out = append(out, svg.Piece{
			Kind: "general", Label: v.Spec.Label, At: v.Pos,
			Class: fmt.Sprintf("general side%d %s", v.Side, strings.ReplaceAll(kind, " ", "-")), IDPrefix: "general-",
			Title: fmt.Sprintf("%s, %s at (%s, %s), command distance %s BW", name, kind, num(v.Pos.X), num(v.Pos.Y), num(v.Range)),
			Marks: func(c *svg.Canvas) {
				if fc {
					c.Polygon(svg.Star(v.Pos, 0.55*0.42, 0.55), fmt.Sprintf(`class="star" fill="%s" stroke="#ffffff" stroke-width="0.06"`, SideColours[v.Side]))
				} else {
					c.Circle(v.Pos, 0.32, fmt.Sprintf(`class="disc" fill="%s" stroke="#ffffff" stroke-width="0.08"`, SideColours[v.Side]))
				}
			},
			Text: v.Spec.Label, TextAttrs: `font-style="italic" fill="` + SideColours[v.Side] + `"`, FontPens: 8,
			// Under him, else over him, else beside him.
			Spots:    []geom.Vec{v.Pos.Add(geom.V(0, -1.0)), v.Pos.Add(geom.V(0, 0.6)), v.Pos.Add(geom.V(1.4, -0.15)), v.Pos.Add(geom.V(-1.4, -0.15))},
			Occupies: []geom.Rect{geom.NewRect(v.Pos, 0, 1.1, 1.1)},
		})
	}
	return out
}

// legend says under the table what the picture shows: the scale, whose
// colour is whose and what the marks mean.
func (d *drawer) legend(arrows bool) svg.Legend {
	st := d.st
	sc := st.Scenario()
	var sw []svg.Swatch
	for side := range 2 {
		name := sc.Forces[side].Name
		if st.Attacker >= 0 {
			if int(st.Attacker) == side {
				name += " (attacker)"
			} else {
				name += " (defender)"
			}
		}
		sw = append(sw, svg.Swatch{Colour: SideColours[side], Name: name})
	}
	small := `font-size="0.45"`
	rows := []svg.Row{
		{Swatches: sw, Attrs: `font-size="0.5"`},
		{Text: fmt.Sprintf("Scale: units are base widths (BW); 1 BW = %d mm for 15mm figures (Game Scale). Grid squares 1 BW, heavy lines every 6 BW. Table %s x %s BW = %s x %s mm.",
			MMPerBW, num(d.w), num(d.d), num(d.w*MMPerBW), num(d.d*MMPerBW)), Attrs: `class="scale" ` + small, GapPens: 1.0 / pen},
		{Text: "Bases as the formation lays them out, thick edge = front. Letter = resilience level (L lackluster, S steady, D determined); \"3h\" = hits; red pips = hits towards the next base lost.", Attrs: small},
		{Text: "Faded dashed bases behind a unit = bases lost; white puffs in front = shot and not reloaded; faded crossed outline = broken unit; crossed camp = captured baggage.", Attrs: small},
		{Text: "Star = force commander (dashed circle: his 5 BW); disc = sub-general (dashed circle: command distance; a unit is in command if any part of it is inside). Gold rings = objectives.", Attrs: small},
	}
	var waiting []string
	for i := range d.views {
		if v := &d.views[i]; !v.OnTable && !v.Broken {
			waiting = append(waiting, v.Label)
		}
	}
	if len(waiting) > 0 {
		rows = append(rows, svg.Row{Text: "Not yet on the table: " + strings.Join(waiting, ", ") + ".", Attrs: `class="waiting" ` + small})
	}
	if arrows {
		rows = append(rows, svg.Row{Text: "Arrows, numbered best first: green advance, grey retire, purple charge, dashed orange shot, dashed gold general's move; dashed outlines = where a turn, reform or deployment puts the unit; rings = activations.", Attrs: small})
	}
	return svg.Legend{Top: 2.0, LinePens: 0.8 / pen, Rows: rows, Extra: func(c *svg.Canvas, y float64) {
		// A 6BW scale bar, with the table's size at 40mm a BW (Game Scale).
		bx := marginX + 21
		c.Printf(`<g class="scale-bar"><rect x="%s" y="%s" width="6" height="0.25" fill="#333333"/><rect x="%s" y="%s" width="3" height="0.25" fill="#ffffff" stroke="#333333" stroke-width="0.03"/></g>`,
			num(bx), num(y-0.3), num(bx+3), num(y-0.3))
		c.Text(bx+6.4, y, `font-size="0.45"`, fmt.Sprintf("6 BW = %d mm", 6*MMPerBW))
	}}
}
