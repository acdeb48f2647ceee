package picture

import (
	"math"
	"strconv"

	"github.com/grognard/grognard/engine/drums"
	"github.com/grognard/grognard/engine/geom"
)

// Unit labels are placed before any unit is drawn, greedily in unit
// order: each takes the first of a few spots around its unit (behind it
// first, where it hides no front) that overlaps nothing already there:
// units, generals, terrain and objective names, labels placed before it,
// the table's edge. Where every spot overlaps something, the one that
// overlaps least wins.

// labelFont is a unit label's font size in BW; tagFont its tags'.
const (
	labelFont = 0.45
	tagFont   = 0.38
)

// labelSize is the width and height in BW of unit v's label with its
// level and hits tags, estimated from character counts (a bold sans-serif
// character is about 0.6 of the font size wide).
func labelSize(v *drums.UnitView) (w, h float64) {
	w = 0.6 * labelFont * float64(len([]rune(v.Label)))
	if levelLetter(v.Level) != "" {
		w += 0.35
	}
	if v.Hits > 0 {
		w += 0.1 + 0.6*tagFont*float64(len(strconv.Itoa(v.Hits))+1)
	}
	return w + 0.15, labelFont
}

// labelBox is the box of a label whose text starts at baseline point
// (x0, y) and is w x h: text rises above the baseline, which is up the
// table (the picture's y is flipped).
func labelBox(x0, y, w, h float64) geom.Rect {
	return geom.NewRect(geom.V(x0+w/2, y+h/2-0.08), 0, w, h)
}

// placeLabels picks each unit's label spot: d.labelAt[i] is the point on
// the baseline where unit i's label starts (its left end).
func (d *drawer) placeLabels() {
	d.labelAt = make([]geom.Vec, len(d.views))
	var taken []geom.Rect
	for i := range d.views {
		if d.views[i].OnTable {
			taken = append(taken, d.views[i].Footprint)
		}
	}
	for g := range d.st.NumGenerals() {
		if v := d.st.General(g); v.OnTable {
			taken = append(taken, geom.NewRect(v.Pos.Add(geom.V(0, -0.35)), 0, 1.4, 1.4))
		}
	}
	for k := range d.st.Scenario().Terrain {
		if f := &d.st.Scenario().Terrain[k]; f.Name != "" {
			if at, ok := featureLabelAt(f); ok {
				w := 0.55 * 0.42 * float64(len([]rune(f.Name)))
				taken = append(taken, labelBox(at.X-w/2, at.Y, w, 0.42))
			}
		}
	}
	table := geom.NewRect(geom.V(d.w/2, d.d/2), 0, d.w, d.d)
	for i := range d.views {
		v := &d.views[i]
		if !v.OnTable {
			continue
		}
		w, h := labelSize(v)
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
		side := math.Abs(fp.HW*right.X) + math.Abs(fp.HD*fp.F.X) + 0.2
		// Candidate baseline centres, best first.
		cands := [...]geom.Vec{
			back,
			back.Add(right.Scale(w / 2)),
			back.Sub(right.Scale(w / 2)),
			ahead,
			fp.C.Add(geom.V(side+w/2, -h/2)),
			fp.C.Add(geom.V(-side-w/2, -h/2)),
			back.Sub(fp.F.Scale(0.5)),
		}
		best, bestCost := cands[0], math.Inf(1)
		for _, c := range cands {
			box := labelBox(c.X-w/2, c.Y, w, h)
			cost := 0.0
			for _, r := range taken {
				if geom.Overlap(box, r, 0) {
					cost++
				}
			}
			if !insideRect(box, table) {
				cost += 2
			}
			if cost < bestCost {
				best, bestCost = c, cost
			}
			if cost == 0 {
				break
			}
		}
		d.labelAt[i] = geom.V(best.X-w/2, best.Y)
		taken = append(taken, labelBox(best.X-w/2, best.Y, w, h))
	}
}

// insideRect reports whether every corner of r is inside outer.
func insideRect(r, outer geom.Rect) bool {
	for _, c := range r.Corners() {
		if !outer.Contains(c) {
			return false
		}
	}
	return true
}
