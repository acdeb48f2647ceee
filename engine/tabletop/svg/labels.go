package svg

import (
	"math"
	"strings"
	"unicode/utf8"

	"github.com/grognard/grognard/engine/geom"
)

// Labels are placed before anything is drawn, deterministically: fixed
// labels first, then terrain names and pieces' labels in order, each
// taking the first of its spots that overlaps nothing already there
// (bases, Occupies, labels placed before it, the table's edge).
// Where every spot overlaps something, each is nudged across the table a
// label's height at a time, up to three heights either way; where even
// that fails, the least crowded place wins.

// LabelRequest is one label to place: its size and where it may go, in
// table units; Spots are the middles of its baseline, best first.
type LabelRequest struct {
	W, H  float64
	Spots []geom.Vec
	// Fixed labels take their first spot whatever it overlaps, and are
	// placed first so that the others keep off them.
	Fixed bool
}

// LabelBox is the table rectangle of a label w x h whose baseline's
// middle is at: text rises above its baseline (up the table, since the
// picture's y is flipped) and descends a little below it.
func LabelBox(at geom.Vec, w, h float64) geom.Rect {
	return geom.NewRect(geom.V(at.X, at.Y+h*0.32), 0, w, h)
}

// TextWidth estimates the width of s at font size font: a sans-serif
// character is about 0.52 of the font size wide, 0.6 in bold.
func TextWidth(s string, font float64, bold bool) float64 {
	f := 0.52
	if bold {
		f = 0.6
	}
	return f * font * float64(utf8.RuneCountInString(s))
}

// PlaceLabels chooses each request's spot (the middle of its baseline);
// a request without spots keeps the zero point. taken are rectangles
// labels keep off; table is the table's rectangle, which labels stay in.
func PlaceLabels(reqs []LabelRequest, taken []geom.Rect, table geom.Rect) []geom.Vec {
	out := make([]geom.Vec, len(reqs))
	taken = append([]geom.Rect(nil), taken...)
	cost := func(b geom.Rect) float64 {
		n := 0.0
		for _, r := range taken {
			if geom.Overlap(b, r, 0) {
				n++
			}
		}
		if !inside(b, table) {
			n += 2
		}
		return n
	}
	place := func(k int) {
		r := reqs[k]
		best, bestCost := r.Spots[0], math.Inf(1)
	search:
		for _, nudge := range [...]float64{0, 1, -1, 2, -2, 3, -3} {
			for _, s := range r.Spots {
				at := s.Add(geom.V(0, nudge*r.H*1.1))
				c := cost(LabelBox(at, r.W, r.H))
				if nudge != 0 {
					c += 0.5 // a nudged label is worse than one in its spot
				}
				if c < bestCost {
					best, bestCost = at, c
				}
				if c == 0 {
					break search
				}
			}
			if r.Fixed {
				break // a fixed label stays where it is
			}
		}
		out[k] = best
		taken = append(taken, LabelBox(best, r.W, r.H))
	}
	for pass := range 2 {
		for k, r := range reqs {
			if len(r.Spots) == 0 || r.Fixed != (pass == 0) {
				continue
			}
			place(k)
		}
	}
	return out
}

// inside reports whether every corner of r is inside outer.
func inside(r, outer geom.Rect) bool {
	for _, c := range r.Corners() {
		if !outer.Contains(c) {
			return false
		}
	}
	return true
}

// labelRequests are the terrain names' labels, then the pieces', in
// table units: the spots are the middles of their baselines.
func (p *Picture) labelRequests(c *Canvas) []LabelRequest {
	reqs := make([]LabelRequest, len(p.Terrain)+len(p.Pieces))
	font := c.Pen(9) / c.f.Scale
	for k := range p.Terrain {
		s := &p.Terrain[k]
		if at, ok := p.labelAt(c, s); ok && s.Label != "" {
			// The name hangs below its point, centred on it.
			at = at.Sub(geom.V(0, 0.3*font))
			reqs[k] = LabelRequest{W: TextWidth(s.Label, font, false), H: font, Spots: []geom.Vec{at}}
		}
	}
	for k := range p.Pieces {
		pc := &p.Pieces[k]
		if pc.Text == "" {
			continue
		}
		font := c.Pen(pc.font()) / c.f.Scale
		bold := strings.Contains(pc.TextAttrs, `font-weight="bold"`)
		w := TextWidth(pc.Text, font, bold)
		for _, t := range pc.Tags {
			w += c.Pen(3)/c.f.Scale + TextWidth(t.Text, font, true)
		}
		reqs[len(p.Terrain)+k] = LabelRequest{W: w + font/6, H: font, Spots: pc.Spots, Fixed: pc.Fixed}
	}
	return reqs
}

// obstacles are what labels keep off besides each other: every base,
// what pieces occupy and the picture's own obstacles.
func (p *Picture) obstacles() []geom.Rect {
	out := append([]geom.Rect(nil), p.LabelObstacles...)
	for k := range p.Pieces {
		for _, b := range p.Pieces[k].Bases {
			out = append(out, geom.NewRect(b.Centre, b.Facing, b.Width, b.Depth))
		}
		out = append(out, p.Pieces[k].Occupies...)
	}
	return out
}

// Placed is where a piece's label went: the middle of its baseline, its
// box (table units) and whether it is at its first spot.
type Placed struct {
	At    geom.Vec
	Box   geom.Rect
	First bool
}

// Labels places the pieces' labels as Render does and says where each
// went, by piece index (the zero Placed for a piece without a label).
func (p *Picture) Labels() []Placed {
	c := NewCanvas(p.Frame)
	reqs := p.labelRequests(c)
	f := p.Frame
	spots := PlaceLabels(reqs, p.obstacles(), geom.NewRect(geom.V(f.Width/2, f.Depth/2), 0, f.Width, f.Depth))
	out := make([]Placed, len(p.Pieces))
	for k := range p.Pieces {
		r := reqs[len(p.Terrain)+k]
		if len(r.Spots) == 0 {
			continue
		}
		at := spots[len(p.Terrain)+k]
		out[k] = Placed{At: at, Box: LabelBox(at, r.W, r.H), First: at == r.Spots[0]}
	}
	return out
}
