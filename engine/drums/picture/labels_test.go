package picture

import (
	"testing"

	"github.com/grognard/grognard/engine/drums"
	"github.com/grognard/grognard/engine/geom"
)

// Unit labels do not overlap each other or the table's edge in mid-game
// positions of several games, where the first choice (behind each unit)
// often would.
func TestLabelsDoNotOverlap(t *testing.T) {
	moved := 0
	for seed := uint64(1); seed <= 8; seed++ {
		st := play(t, seed, func(s *drums.State) bool { return s.Turn() >= 4 }, nil)
		p, err := build(st, Options{})
		if err != nil {
			t.Fatal(err)
		}
		w, d := st.TableSize()
		table := geom.NewRect(geom.V(w/2, d/2), 0, w, d)
		placed := p.Labels()
		var boxes []geom.Rect
		for k, pc := range p.Pieces {
			if pc.Kind != "unit" {
				continue
			}
			b := placed[k].Box
			for n, o := range boxes {
				if geom.Overlap(b, o, 0) {
					t.Errorf("seed %d: %s's label overlaps label %d", seed, pc.Label, n)
				}
			}
			if !inside(b, table) {
				t.Errorf("seed %d: %s's label leaves the table", seed, pc.Label)
			}
			if !placed[k].First {
				moved++
			}
			boxes = append(boxes, b)
		}
	}
	if moved == 0 {
		t.Fatal("no label ever left its first spot: the positions do not test the placing")
	}
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
