package geom

import "testing"

// TestNoAllocations proves the package's promise that nothing allocates.
// Inputs are chosen to drive each function down its longest path (overlap
// rather than early rejection, many crossings, the fallback scan).
func TestNoAllocations(t *testing.T) {
	a, b := NewBase(V(1, 1), 30), NewBase(V(1.8, 1.3), 75)
	far := NewBase(V(9, 9), 10)
	big := comb(100) // more crossings than the stack buffer holds
	p, q := V(-1, 0.5), V(5, 3.5)
	var (
		sf float64
		sb bool
		si int
		sv Vec
		ss string
	)
	cases := []struct {
		name string
		f    func()
	}{
		{"Vec ops", func() {
			sv = p.Add(q).Sub(p).Scale(2).Perp().Norm().Lerp(q, 0.3)
			sf = p.Dot(q) + p.Cross(q) + p.Len() + p.Len2() + p.Dist(q)
		}},
		{"angles", func() { sf = NormDeg(-30) + AngleDiff(10, 350) + FacingOf(Heading(33)) }},
		{"Face.String", func() { ss = FaceRear.String() }},
		{"Rect", func() {
			r := NewRect(V(2, 2), 45, 2, 1).Moved(V(1, 0)).Turned(10)
			c := r.Corners()
			x, y := r.FaceEnds(FaceLeft)
			al, ac := r.Local(p)
			sv = c[2].Add(x).Add(y).Add(r.FaceCentre(FaceRight)).Add(r.Right())
			sf = al + ac + r.Facing()
			sb = r.Contains(p) || NewBase(p, 0).Contains(q)
		}},
		{"Overlap", func() { sb = Overlap(a, b, 1e-9) }},
		{"Penetration", func() { sf = Penetration(a, b) }},
		{"RectDistance", func() { sf = RectDistance(a, far) }},
		{"Touching", func() { sb = Touching(a, far, 1e-9) }},
		{"Sweep", func() { sf, sb = Sweep(a, V(10, 10), far, 1e-9) }},
		{"segments", func() {
			sf = PointSegDist(p, a.C, b.C) + SegSegDist(p, q, a.C, far.C)
			sv = ClosestOnSeg(p, a.C, b.C)
			sf, sb = SegSegIntersect(p, q, a.C, far.C)
		}},
		{"SegRectIntersects", func() { sb = SegRectIntersects(p, q, a) }},
		{"circles", func() { sb = SegCircleIntersects(p, q, a.C, 0.5) || RectCircleOverlap(a, q, 1) }},
		{"PointInPolygon", func() { sb = PointInPolygon(V(0.7, 3), lShape) }},
		{"SegInPolygonLength", func() { sf = SegInPolygonLength(V(0.5, 3), V(3, 0.5), lShape) }},
		{"SegInPolygonLength fallback", func() { sf = SegInPolygonLength(V(-1, 1.5), V(101, 1.5), big) }},
		{"SegPolygonIntersects", func() { sb = SegPolygonIntersects(V(1.5, 3.9), V(3.9, 1.5), lShape) }},
		{"RectPolygonOverlap", func() { sb = RectPolygonOverlap(NewBase(V(2.5, 2.5), 20), lShape) }},
		{"RectInsidePolygon", func() { sb = RectInsidePolygon(NewBase(V(2.5, 0.5), 0), lShape) }},
		{"PolygonCentroid", func() { sv = PolygonCentroid(lShape) }},
		{"PointPolylineDist", func() { sf = PointPolylineDist(p, zigzag) }},
		{"SegPolylineCrossings", func() { si = SegPolylineCrossings(V(1, -1), V(3, 3), zigzag) }},
		{"SegPolylineDist", func() { sf = SegPolylineDist(V(3, -1), V(4, -1), zigzag) }},
		{"RectPolylineDist", func() { sf = RectPolylineDist(NewBase(V(3, -1), 45), zigzag) }},
		{"SegWithinPolyline", func() { sb = SegWithinPolyline(V(1.2, 0), V(2, 0.8), zigzag, 0.5) }},
	}
	for _, c := range cases {
		if n := testing.AllocsPerRun(100, c.f); n != 0 {
			t.Errorf("%s: %g allocations per run", c.name, n)
		}
	}
	_, _, _, _, _ = sf, sb, si, sv, ss
}
