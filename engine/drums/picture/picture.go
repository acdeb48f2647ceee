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
package picture

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"html"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/drums"
	"github.com/grognard/grognard/engine/geom"
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
	fontBW    = 0.5 // ordinary text height
	smallBW   = 0.4
)

// drawer holds what every element needs to place itself.
type drawer struct {
	b     bytes.Buffer
	st    *drums.State
	w, d  float64 // table size in BW
	ids   map[string]bool
	views []drums.UnitView
	// bases are each unit's bases on the table, by unit index (Pieces).
	bases [][]engine.Base
	// labelAt is where each unit's label starts (placeLabels).
	labelAt []geom.Vec
}

// num writes a coordinate briefly: two decimals are a twentieth of a
// millimetre at 40mm a BW, and trimming zeros keeps files small.
func num(v float64) string {
	v = math.Round(v*100) / 100
	if v == 0 {
		v = 0 // no "-0"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// x and y convert table BW to picture units, y flipped so side 1's home
// edge (y = depth) is at the top.
func (d *drawer) x(v float64) float64 { return marginX + v }
func (d *drawer) y(v float64) float64 { return marginTop + d.d - v }

func (d *drawer) pt(p geom.Vec) string { return num(d.x(p.X)) + "," + num(d.y(p.Y)) }

func (d *drawer) pts(ps []geom.Vec) string {
	s := make([]string, len(ps))
	for k, p := range ps {
		s[k] = d.pt(p)
	}
	return strings.Join(s, " ")
}

func (d *drawer) printf(format string, args ...any) { fmt.Fprintf(&d.b, format, args...) }

// text writes a text element at table point p with its content escaped.
func (d *drawer) text(p geom.Vec, attrs, s string) {
	d.textAt(d.x(p.X), d.y(p.Y), attrs, s)
}

// textAt writes a text element at picture coordinates.
func (d *drawer) textAt(x, y float64, attrs, s string) {
	d.printf(`<text x="%s" y="%s" %s>`, num(x), num(y), attrs)
	_ = xml.EscapeText(&d.b, []byte(s)) // a bytes.Buffer never fails
	d.b.WriteString("</text>\n")
}

// title writes a tooltip naming the element for people hovering over it.
func (d *drawer) title(s string) {
	d.b.WriteString("<title>")
	_ = xml.EscapeText(&d.b, []byte(s))
	d.b.WriteString("</title>")
}

// halo keeps labels readable over terrain and bases.
const halo = `paint-order="stroke" stroke="#ffffff" stroke-width="0.12" stroke-linejoin="round"`

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
		id = b.String() + "-" + strconv.Itoa(k)
	}
	d.ids[id] = true
	return id
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
	if st == nil || st.Scenario() == nil {
		return fmt.Errorf("picture: no Drums and Muskets state to draw")
	}
	px, err := ClampWidth(opts.Width)
	if err != nil {
		return err
	}
	tw, td := st.TableSize()
	if !(tw > 0 && td > 0) || math.IsInf(tw+td, 0) {
		return fmt.Errorf("picture: the table is %v x %v BW: a scenario needs a positive width and depth", tw, td)
	}
	d := &drawer{st: st, w: tw, d: td, ids: map[string]bool{}}
	d.bases = make([][]engine.Base, st.NumUnits())
	for i := range st.NumUnits() {
		d.views = append(d.views, st.Unit(i))
	}
	for _, p := range st.Pieces(nil) {
		if p.ID >= 0 && p.ID < len(d.bases) && p.Where == "table" {
			d.bases[p.ID] = p.Bases
		}
	}
	vw, vh := tw+2*marginX, marginTop+td+legendH
	d.printf(`<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" font-family="sans-serif" font-size="%s" data-table="%s %s 1">`+"\n",
		num(math.Round(px)), num(math.Round(px*vh/vw)), num(vw), num(vh), num(fontBW), num(d.x(0)), num(d.y(0)))
	sc := st.Scenario()
	name := sc.Title
	if name == "" {
		name = sc.Name
	}
	d.title(name)
	d.b.WriteString("\n")
	d.printf(`<rect class="background" x="0" y="0" width="%s" height="%s" fill="#ffffff"/>`+"\n", num(vw), num(vh))
	// Command ranges and lines reach past the table's edges; clipped to
	// the table they do not cross the title and legend.
	d.printf(`<defs><clipPath id="table-clip"><rect x="%s" y="%s" width="%s" height="%s"/></clipPath></defs>`+"\n", num(d.x(0)), num(d.y(td)), num(tw), num(td))
	d.heading(name)
	d.table()
	d.terrain()
	d.objectives()
	d.zones() // over the terrain: translucent, and its names must show
	d.camps()
	d.ranges()
	d.placeLabels()
	for i := range d.views {
		d.unit(i)
	}
	d.generals()
	d.arrows(opts.Arrows)
	d.legend(len(opts.Arrows) > 0)
	d.b.WriteString("</svg>\n")
	if _, err := w.Write(d.b.Bytes()); err != nil {
		return fmt.Errorf("picture: writing the SVG: %w", err)
	}
	return nil
}

// heading is the title line: the battle, the turn and phase, and each
// side's supply dice (Quarter master), which a player keeps by the table.
func (d *drawer) heading(name string) {
	st := d.st
	sc := st.Scenario()
	summary, _, _ := strings.Cut(st.Summary(), "\n")
	d.b.WriteString(`<g class="heading" id="heading">`)
	d.textAt(marginX, 1.0, `font-size="0.8" font-weight="bold"`, name)
	d.textAt(marginX, 1.9, `class="turn"`, summary)
	var sup []string
	for side := range 2 {
		n := st.SupplyLeft(side)
		dice := "dice"
		if n == 1 {
			dice = "die"
		}
		sup = append(sup, fmt.Sprintf("%s %d %s", sc.Forces[side].Name, n, dice))
	}
	d.textAt(marginX, 2.7, `class="supply"`, "Supply dice left: "+strings.Join(sup, ", ")+".")
	d.b.WriteString("</g>\n")
}

// table draws the cloth with a 1BW grid, heavier every 6BW (a 15mm
// player's 24cm), coordinates every 6BW and the home edges named.
func (d *drawer) table() {
	w, dp := d.w, d.d
	d.printf(`<g class="table" id="table"><rect x="%s" y="%s" width="%s" height="%s" fill="#eef2e0" stroke="#333333" stroke-width="0.08"/>`+"\n",
		num(d.x(0)), num(d.y(dp)), num(w), num(dp))
	for v := 1.0; v < w; v++ {
		colour, sw := "#dde3cc", "0.03"
		if int(v)%6 == 0 {
			colour, sw = "#b5bba4", "0.05"
		}
		d.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s"/>`, num(d.x(v)), num(d.y(0)), num(d.x(v)), num(d.y(dp)), colour, sw)
	}
	d.b.WriteString("\n")
	for v := 1.0; v < dp; v++ {
		colour, sw := "#dde3cc", "0.03"
		if int(v)%6 == 0 {
			colour, sw = "#b5bba4", "0.05"
		}
		d.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s"/>`, num(d.x(0)), num(d.y(v)), num(d.x(w)), num(d.y(v)), colour, sw)
	}
	d.b.WriteString("\n")
	grey := `font-size="0.4" fill="#777777"`
	for v := 0.0; v <= w+1e-9; v += 6 {
		d.textAt(d.x(v), d.y(0)+0.55, `text-anchor="middle" `+grey, num(v))
	}
	for v := 0.0; v <= dp+1e-9; v += 6 {
		d.textAt(d.x(0)-0.2, d.y(v)+0.15, `text-anchor="end" `+grey, num(v))
	}
	names := d.st.Scenario().Forces
	d.textAt(d.x(w/2), d.y(0)+1.1, `text-anchor="middle" font-size="0.45" fill="`+SideColours[0]+`"`, names[0].Name+" home edge")
	d.textAt(d.x(w/2), d.y(dp)-0.25, `text-anchor="middle" font-size="0.45" fill="`+SideColours[1]+`"`, names[1].Name+" home edge")
	d.b.WriteString("</g>\n")
}

// zones shades both deployment zones while the armies deploy (Deployment
// Zone): the full width of the long side, a quarter of the depth for the
// attacker and half for the defender, from each side's home edge.
func (d *drawer) zones() {
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
		d.printf(`<g class="zone side%d" id="zone-%d">`, side, side)
		d.title(fmt.Sprintf("%s deployment zone (%s): y %s to %s BW", name, role, num(y0), num(y1)))
		d.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="%s" fill-opacity="0.08" stroke="%s" stroke-width="0.08" stroke-dasharray="0.4 0.25"/>`,
			num(d.x(0)), num(d.y(y1)), num(d.w), num(y1-y0), SideColours[side], SideColours[side])
		ly := y1 - 0.7
		if side == 1 {
			ly = y0 + 0.3
		}
		d.text(geom.V(d.w-0.3, ly), `text-anchor="end" font-size="0.45" fill="`+SideColours[side]+`" `+halo, fmt.Sprintf("%s deployment zone (%s)", name, role))
		d.b.WriteString("</g>\n")
	}
}

// terrainLook is how one terrain kind is drawn: fill for areas; for lines,
// the 1BW band the rules treat as the feature (LinearWidth) and a centre
// line whose width marks obstacles and fortifications as barriers.
type terrainLook struct {
	fill, stroke string
	centre       float64 // centre line width in BW, 0 for none
	dash         string
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
		return terrainLook{fill: "#c8b98a", stroke: "#8a7a4a", dash: "0.3 0.2"}
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

// terrain draws areas first (hills under woods and towns, in the
// scenario's order), then lines over them, so a road through a farm stays
// visible (Terrain & Fortifications). Ids keep the feature's index.
func (d *drawer) terrain() {
	feats := d.st.Scenario().Terrain
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
				d.feature(k, f)
			}
		}
	}
}

// feature draws one terrain feature with its name.
func (d *drawer) feature(k int, f *drums.Feature) {
	lk := look(f.Kind)
	d.printf(`<g class="terrain %s" id="terrain-%d" clip-path="url(#table-clip)">`, f.Kind, k)
	name := f.Kind.String()
	if f.Name != "" {
		name = f.Name + " (" + name + ")"
	}
	d.title(name)
	switch {
	case len(f.Points) == 0:
	case f.Kind.Area():
		dash := ""
		if lk.dash != "" {
			dash = ` stroke-dasharray="` + lk.dash + `"`
		}
		d.printf(`<polygon points="%s" fill="%s" fill-opacity="0.85" stroke="%s" stroke-width="0.08"%s/>`, d.pts(f.Points), lk.fill, lk.stroke, dash)
	default:
		d.printf(`<polyline class="band" points="%s" fill="none" stroke="%s" stroke-opacity="0.7" stroke-width="%s" stroke-linecap="round" stroke-linejoin="round"/>`,
			d.pts(f.Points), lk.fill, num(drums.LinearWidth))
		if lk.centre > 0 {
			d.printf(`<polyline class="barrier" points="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linecap="round" stroke-linejoin="round"/>`,
				d.pts(f.Points), lk.stroke, num(lk.centre))
		}
	}
	if at, ok := featureLabelAt(f); ok && f.Name != "" {
		d.text(at, `text-anchor="middle" font-size="0.42" font-style="italic" fill="#222222" `+halo, f.Name)
	}
	d.b.WriteString("</g>\n")
}

// featureLabelAt is where a terrain feature's name goes: the centre of an
// area; beside a line a quarter of the way along its first leg, so the
// name sits neither on what the line runs through nor off the table where
// a road enters.
func featureLabelAt(f *drums.Feature) (geom.Vec, bool) {
	switch {
	case len(f.Points) == 0:
		return geom.Vec{}, false
	case f.Kind.Area():
		return geom.PolygonCentroid(f.Points), true
	case len(f.Points) == 1:
		return f.Points[0], true
	}
	a, b := f.Points[0], f.Points[1]
	side := b.Sub(a).Norm().Perp()
	if side.Y < 0 || side.Y == 0 && side.X < 0 {
		side = side.Scale(-1)
	}
	return a.Lerp(b, 0.25).Add(side.Scale(0.9)), true
}

// objectives rings the scenario's hold areas (ruling D-VICTORY in the
// engine: objectives are the scenario's, Game Sequence 4).
func (d *drawer) objectives() {
	for k, h := range d.st.Scenario().Objective.Hold {
		d.printf(`<g class="objective" id="%s">`, d.id("objective-", h.Name))
		d.title(fmt.Sprintf("objective %s: hold it at the turn limit (a unit of yours inside, none of the enemy's); %s BW radius", h.Name, num(h.Radius)))
		d.printf(`<circle cx="%s" cy="%s" r="%s" fill="#f1c40f" fill-opacity="0.12" stroke="#b7950b" stroke-width="0.12" stroke-dasharray="0.5 0.25"/>`,
			num(d.x(h.Centre.X)), num(d.y(h.Centre.Y)), num(h.Radius))
		lbl := h.Name
		if lbl == "" {
			lbl = "objective " + strconv.Itoa(k+1)
		}
		d.text(h.Centre.Add(geom.V(0, h.Radius+0.2)), `text-anchor="middle" font-size="0.42" font-weight="bold" fill="#7d6608" `+halo, "★ "+lbl)
		d.b.WriteString("</g>\n")
	}
}

// camps draws each side's baggage camp, 6 x 4BW (Baggage Camp), crossed
// once captured.
func (d *drawer) camps() {
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
		d.printf(`<g class="%s side%d" id="camp-%d">`, class, side, side)
		d.title(fmt.Sprintf("%s baggage camp, 6 x 4 BW, %s", name, state))
		c := r.Corners()
		opacity := "0.35"
		if lost {
			opacity = "0.15"
		}
		d.printf(`<polygon points="%s" fill="%s" fill-opacity="%s" stroke="%s" stroke-width="0.1"/>`, d.pts(c[:]), SideColours[side], opacity, SideColours[side])
		if lost {
			d.printf(`<line class="cross" x1="%s" y1="%s" x2="%s" y2="%s" stroke="#111111" stroke-width="0.15"/>`, num(d.x(c[0].X)), num(d.y(c[0].Y)), num(d.x(c[2].X)), num(d.y(c[2].Y)))
			d.printf(`<line class="cross" x1="%s" y1="%s" x2="%s" y2="%s" stroke="#111111" stroke-width="0.15"/>`, num(d.x(c[1].X)), num(d.y(c[1].Y)), num(d.x(c[3].X)), num(d.y(c[3].Y)))
		}
		d.text(r.C.Add(geom.V(0, -0.15)), `text-anchor="middle" font-size="0.45" `+halo, fmt.Sprintf("%s baggage (%s)", name, state))
		d.b.WriteString("</g>\n")
	}
}

// ranges draws every general's command distance as a dashed circle
// (Actions: 10BW for a sub-general, 8 or 12 by staff ability; 5BW for the
// force commander). A unit is in command when any part of it lies within
// the circle: the engine measures from the general to the nearest point of
// the unit (ruling D-AP).
func (d *drawer) ranges() {
	st := d.st
	for g := range st.NumGenerals() {
		v := st.General(g)
		if !v.OnTable || v.Range <= 0 {
			continue
		}
		d.printf(`<g class="command-range side%d" id="%s" clip-path="url(#table-clip)">`, v.Side, d.id("range-", v.Spec.Label))
		d.title(fmt.Sprintf("%s command distance %s BW", v.Spec.Label, num(v.Range)))
		width := "0.06"
		if v.Command == drums.NoCommand {
			width = "0.1"
		}
		d.printf(`<circle cx="%s" cy="%s" r="%s" fill="none" stroke="%s" stroke-opacity="0.6" stroke-width="%s" stroke-dasharray="0.35 0.25"/>`,
			num(d.x(v.Pos.X)), num(d.y(v.Pos.Y)), num(v.Range), SideColours[v.Side], width)
		d.b.WriteString("</g>\n")
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

// unit draws unit i: its bases as its formation lays them out (Pieces),
// each with a thick front edge; its label, resilience level letter and
// hits; pips for the hits towards the next base lost; faded outlines of
// the bases already lost; and cotton wool in front once it has shot and
// not reloaded (Shooting Action 12). A broken unit is a faded outline
// where it broke.
func (d *drawer) unit(i int) {
	v := &d.views[i]
	if !v.OnTable {
		if v.Broken {
			d.broken(v)
		}
		return
	}
	bases := d.bases[i]
	level := levelLetter(v.Level)
	class := fmt.Sprintf("unit side%d", v.Side)
	if !v.Loaded && v.Profile.Weapon != drums.NoWeapon {
		class += " unloaded"
	}
	if v.Activated {
		class += " activated"
	}
	d.printf(`<g class="%s" id="%s" data-piece="%s" data-kind="unit" data-at="%s %s">`, class, d.id("unit-", v.Label), html.EscapeString(v.Label), num(v.Front.X), num(v.Front.Y))
	d.title(d.unitWords(v))
	fp := v.Footprint
	for _, b := range bases {
		c := geom.NewRect(b.Centre, b.Facing, b.Width, b.Depth).Corners()
		d.printf(`<polygon class="base" points="%s" fill="%s" stroke="#111111" stroke-width="0.04"/>`, d.pts(c[:]), SideColours[v.Side])
		// The thick edge is the unit's front: the front rank's edges, or
		// every base's outer edge in a square, whose faces all front.
		front := math.Abs(b.Centre.Sub(fp.C).Dot(fp.F)-(fp.HD-b.Depth/2)) < 1e-6
		if front || v.Formation == drums.Square {
			d.printf(`<line class="front" x1="%s" y1="%s" x2="%s" y2="%s" stroke="#111111" stroke-width="0.12"/>`,
				num(d.x(c[0].X)), num(d.y(c[0].Y)), num(d.x(c[1].X)), num(d.y(c[1].Y)))
		}
	}
	d.lostBases(v)
	d.pips(v)
	if strings.Contains(class, "unloaded") {
		d.smoke(v)
	}
	// The label goes where placeLabels found room, behind the unit if it
	// can, with the level letter and hits after it.
	at := d.labelAt[i]
	d.text(at, `class="label" font-size="0.45" font-weight="bold" fill="`+SideColours[v.Side]+`" `+halo, v.Label)
	var tags []string
	if level != "" {
		tags = append(tags, level)
	}
	if v.Hits > 0 {
		tags = append(tags, strconv.Itoa(v.Hits)+"h")
	}
	if len(tags) > 0 {
		// The level letter is its own element so that programs find it.
		x, y := d.x(at.X)+0.15+0.6*labelFont*float64(len([]rune(v.Label))), d.y(at.Y)
		if level != "" {
			d.textAt(x, y, `class="level" font-size="0.38" font-weight="bold" fill="#111111" `+halo, level)
			x += 0.35
		}
		if v.Hits > 0 {
			d.textAt(x, y, `class="hits" font-size="0.38" font-weight="bold" fill="#c0392b" `+halo, strconv.Itoa(v.Hits)+"h")
		}
	}
	d.b.WriteString("</g>\n")
}

// unitWords is the tooltip of a unit: what a player would say of it.
func (d *drawer) unitWords(v *drums.UnitView) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s), %s, %d of %d bases", v.Label, v.Profile.Name, v.Formation, v.Bases, v.Profile.Bases)
	if v.Profile.Type.IsArtillery() {
		b.Reset()
		fmt.Fprintf(&b, "%s (%s), %s, %d of %d models", v.Label, v.Profile.Name, v.Formation, v.Bases, v.Profile.Bases)
	}
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
func (d *drawer) lostBases(v *drums.UnitView) {
	lost := int(v.Profile.Bases) - v.Bases
	if lost <= 0 {
		return
	}
	fp := v.Footprint
	depth := drums.BaseDepth(v.Profile.Type)
	right := fp.F.Perp()
	row := fp.C.Sub(fp.F.Scale(fp.HD + 0.3 + depth/2))
	for k := range lost {
		c := row.Add(right.Scale((float64(k) - float64(lost-1)/2) * 1.1))
		cs := geom.NewRect(c, v.Facing, 1, depth).Corners()
		d.printf(`<polygon class="lost" points="%s" fill="%s" fill-opacity="0.15" stroke="%s" stroke-opacity="0.4" stroke-width="0.04" stroke-dasharray="0.12 0.08"/>`,
			d.pts(cs[:]), SideColours[v.Side], SideColours[v.Side])
	}
}

// pips marks the hits a unit has taken towards its next lost base with
// red dots along its rear edge (bases are lost every 2 hits, models every
// 6: Unit Types).
func (d *drawer) pips(v *drums.UnitView) {
	n := v.Hits % hitsPerBase(v)
	if n == 0 {
		return
	}
	fp := v.Footprint
	right := fp.F.Perp()
	rear := fp.C.Sub(fp.F.Scale(fp.HD - 0.15))
	for k := range n {
		p := rear.Add(right.Scale((float64(k) - float64(n-1)/2) * 0.25))
		d.printf(`<circle class="pip" cx="%s" cy="%s" r="0.12" fill="#e74c3c" stroke="#ffffff" stroke-width="0.03"/>`, num(d.x(p.X)), num(d.y(p.Y)))
	}
}

// smoke is the unloaded marker: "cotton wool in front of the unit to show
// it has shot", removed when it reloads (Shooting Action 12; Reload after
// shooting).
func (d *drawer) smoke(v *drums.UnitView) {
	fp := v.Footprint
	right := fp.F.Perp()
	front := v.Front.Add(fp.F.Scale(0.3))
	d.b.WriteString(`<g class="smoke">`)
	for k := -1; k <= 1; k++ {
		p := front.Add(right.Scale(0.3 * float64(k))).Add(fp.F.Scale(0.08 * float64(k*k)))
		d.printf(`<circle cx="%s" cy="%s" r="0.2" fill="#f4f4f4" stroke="#888888" stroke-width="0.03"/>`, num(d.x(p.X)), num(d.y(p.Y)))
	}
	d.b.WriteString("</g>")
}

// broken draws a broken unit's last footprint faded and crossed: it is off
// the table (Breaking), but a reader of a position wants to see where it
// went.
func (d *drawer) broken(v *drums.UnitView) {
	fp := v.Footprint
	if fp.HW <= 0 || fp.HD <= 0 {
		return
	}
	c := fp.Corners()
	d.printf(`<g class="unit broken side%d" id="%s">`, v.Side, d.id("unit-", v.Label))
	d.title(fmt.Sprintf("%s (%s) broke and is off the table", v.Label, v.Profile.Name))
	d.printf(`<polygon points="%s" fill="none" stroke="%s" stroke-opacity="0.45" stroke-width="0.05" stroke-dasharray="0.15 0.1"/>`, d.pts(c[:]), SideColours[v.Side])
	d.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-opacity="0.45" stroke-width="0.05"/>`, num(d.x(c[0].X)), num(d.y(c[0].Y)), num(d.x(c[2].X)), num(d.y(c[2].Y)), SideColours[v.Side])
	d.text(fp.C, `class="label" text-anchor="middle" font-size="0.4" fill-opacity="0.6" fill="`+SideColours[v.Side]+`" `+halo, v.Label+" broken")
	d.b.WriteString("</g>\n")
}

// generals draws each general on the table: a star for the force
// commander, a circle for a sub-general (Army Structure), with his label.
func (d *drawer) generals() {
	st := d.st
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
		d.printf(`<g class="general side%d %s" id="%s" data-piece="%s" data-kind="general" data-at="%s %s">`, v.Side, strings.ReplaceAll(kind, " ", "-"), d.id("general-", v.Spec.Label), html.EscapeString(v.Spec.Label), num(v.Pos.X), num(v.Pos.Y))
		name := v.Spec.Label
		if v.Spec.Name != "" {
			name += " (" + v.Spec.Name + ")"
		}
		d.title(fmt.Sprintf("%s, %s at (%s, %s), command distance %s BW", name, kind, num(v.Pos.X), num(v.Pos.Y), num(v.Range)))
		if fc {
			d.printf(`<polygon class="star" points="%s" fill="%s" stroke="#ffffff" stroke-width="0.06"/>`, d.pts(star(v.Pos, 0.55)), SideColours[v.Side])
		} else {
			d.printf(`<circle class="disc" cx="%s" cy="%s" r="0.32" fill="%s" stroke="#ffffff" stroke-width="0.08"/>`, num(d.x(v.Pos.X)), num(d.y(v.Pos.Y)), SideColours[v.Side])
		}
		d.text(v.Pos.Add(geom.V(0, -1.0)), `class="label" text-anchor="middle" font-size="0.4" font-style="italic" fill="`+SideColours[v.Side]+`" `+halo, v.Spec.Label)
		d.b.WriteString("</g>\n")
	}
}

// star is a five-pointed star of outer radius r centred on c, point up.
func star(c geom.Vec, r float64) []geom.Vec {
	out := make([]geom.Vec, 0, 10)
	for k := range 10 {
		rad := r
		if k%2 == 1 {
			rad = r * 0.42
		}
		out = append(out, c.Add(geom.Heading(36*float64(k)).Scale(rad)))
	}
	return out
}

// legend says under the table what the picture shows: the scale, whose
// colour is whose and what the marks mean.
func (d *drawer) legend(arrows bool) {
	st := d.st
	sc := st.Scenario()
	y := d.y(0) + 2.0
	d.b.WriteString(`<g class="legend" id="legend">`)
	x := marginX
	for side := range 2 {
		d.printf(`<rect x="%s" y="%s" width="0.9" height="0.45" fill="%s" stroke="#111111" stroke-width="0.04"/>`, num(x), num(y-0.4), SideColours[side])
		name := sc.Forces[side].Name
		if st.Attacker >= 0 {
			if int(st.Attacker) == side {
				name += " (attacker)"
			} else {
				name += " (defender)"
			}
		}
		d.textAt(x+1.2, y, ``, name)
		x += 10
	}
	// A 6BW scale bar, with the table's size at 40mm a BW (Game Scale).
	bx := marginX + 21
	d.printf(`<g class="scale-bar"><rect x="%s" y="%s" width="6" height="0.25" fill="#333333"/><rect x="%s" y="%s" width="3" height="0.25" fill="#ffffff" stroke="#333333" stroke-width="0.03"/></g>`,
		num(bx), num(y-0.3), num(bx+3), num(y-0.3))
	d.textAt(bx+6.4, y, `font-size="0.45"`, fmt.Sprintf("6 BW = %d mm", 6*MMPerBW))
	y += 1.0
	d.textAt(marginX, y, `class="scale" font-size="0.45"`, fmt.Sprintf("Scale: units are base widths (BW); 1 BW = %d mm for 15mm figures (Game Scale). Grid squares 1 BW, heavy lines every 6 BW. Table %s x %s BW = %s x %s mm.",
		MMPerBW, num(d.w), num(d.d), num(d.w*MMPerBW), num(d.d*MMPerBW)))
	y += 0.8
	d.textAt(marginX, y, `font-size="0.45"`, "Bases as the formation lays them out, thick edge = front. Letter = resilience level (L lackluster, S steady, D determined); \"3h\" = hits; red pips = hits towards the next base lost.")
	y += 0.8
	d.textAt(marginX, y, `font-size="0.45"`, "Faded dashed bases behind a unit = bases lost; white puffs in front = shot and not reloaded; faded crossed outline = broken unit; crossed camp = captured baggage.")
	y += 0.8
	d.textAt(marginX, y, `font-size="0.45"`, "Star = force commander (dashed circle: his 5 BW); disc = sub-general (dashed circle: command distance; a unit is in command if any part of it is inside). Gold rings = objectives.")
	var waiting []string
	for i := range d.views {
		if v := &d.views[i]; !v.OnTable && !v.Broken {
			waiting = append(waiting, v.Label)
		}
	}
	if len(waiting) > 0 {
		y += 0.8
		d.textAt(marginX, y, `class="waiting" font-size="0.45"`, "Not yet on the table: "+strings.Join(waiting, ", ")+".")
	}
	if arrows {
		y += 0.8
		d.textAt(marginX, y, `font-size="0.45"`, "Arrows, numbered best first: green advance, grey retire, purple charge, dashed orange shot, dashed gold general's move; dashed outlines = where a turn, reform or deployment puts the unit; rings = activations.")
	}
	d.b.WriteString("</g>\n")
}
