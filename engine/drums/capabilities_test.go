package drums

import (
	"testing"

	"github.com/grognard/grognard/engine/geom"
)

// The bases a picture or a protocol client is given lie inside the unit's
// footprint and do not overlap, in every formation and for every number
// of bases (a square with bases not a multiple of 4 included).
func TestBaseLayoutInsideFootprint(t *testing.T) {
	profiles := []Profile{lineFoot(), heavyCav(), battery()}
	for _, p := range profiles {
		for _, form := range []Formation{Line, Column, March, Square, Open} {
			if !FormationAllowed(p.Type, p.Doctrines|DocOpen, form) && !(form == Open && p.Type == LineFoot) {
				continue
			}
			for n := 1; n <= 8; n++ {
				v := UnitView{Profile: p, Formation: form, Bases: n, Front: geom.V(20, 20), Facing: 30}
				fp := Footprint(p.Type, form, n, v.Front, v.Facing)
				var s State
				bases := s.baseLayout(&v)
				if len(bases) != n {
					t.Fatalf("%s %v %d bases: laid out %d", p.Name, form, n, len(bases))
				}
				grown := grownBy(fp, 1e-6)
				var rs []geom.Rect
				for _, b := range bases {
					r := geom.NewRect(b.Centre, b.Facing, b.Width, b.Depth)
					for _, c := range r.Corners() {
						if !grown.Contains(c) {
							t.Fatalf("%s %v %d bases: a base sticks out of the footprint", p.Name, form, n)
						}
					}
					for _, q := range rs {
						if geom.Overlap(r, q, 1e-6) {
							t.Fatalf("%s %v %d bases: two bases overlap", p.Name, form, n)
						}
					}
					rs = append(rs, r)
				}
			}
		}
	}
}
