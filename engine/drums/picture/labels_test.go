package picture

import (
	"testing"

	"github.com/grognard/grognard/engine/drums"
	"github.com/grognard/grognard/engine/geom"
)

// Unit labels do not overlap each other, terrain names or the table's
// edge in mid-game positions of several games, where the first choice
// (behind each unit) often would.
func TestLabelsDoNotOverlap(t *testing.T) {
	moved := 0
	for seed := uint64(1); seed <= 8; seed++ {
		st := play(t, seed, func(s *drums.State) bool { return s.Turn() >= 4 }, nil)
		d := &drawer{st: st}
		d.w, d.d = st.TableSize()
		for i := range st.NumUnits() {
			d.views = append(d.views, st.Unit(i))
		}
		d.placeLabels()
		table := geom.NewRect(geom.V(d.w/2, d.d/2), 0, d.w, d.d)
		var boxes []geom.Rect
		for i := range d.views {
			v := &d.views[i]
			if !v.OnTable {
				continue
			}
			w, h := labelSize(v)
			b := labelBox(d.labelAt[i].X, d.labelAt[i].Y, w, h)
			for k, o := range boxes {
				if geom.Overlap(b, o, 0) {
					t.Errorf("seed %d: %s's label overlaps label %d", seed, v.Label, k)
				}
			}
			if !insideRect(b, table) {
				t.Errorf("seed %d: %s's label leaves the table", seed, v.Label)
			}
			fp := v.Footprint
			if behind := fp.C.Sub(fp.F.Scale(fp.HD + 0.45)); d.labelAt[i].Add(geom.V(w/2, 0)).Dist(behind) > 1e-9 {
				moved++
			}
			boxes = append(boxes, b)
		}
	}
	if moved == 0 {
		t.Fatal("no label ever left its first spot: the positions do not test the placing")
	}
}
