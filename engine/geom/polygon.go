package geom

import "math"

// maxSplits is the number of split points SegInPolygonLength sorts on the
// stack. Even a very ragged wood rarely crosses one line of sight more than
// a dozen times, so 64 leaves a wide margin while keeping the frame small.
const maxSplits = 64

// PointInPolygon reports whether p lies inside the simple polygon poly or
// on its boundary (within Eps). The boundary counts as inside so that a
// base drawn flush with a terrain edge is in the terrain. Fewer than three
// vertices enclose nothing and give false. Apart from the boundary check it
// is the even-odd ray-crossing rule, with a ray running east from p.
func PointInPolygon(p Vec, poly []Vec) bool {
	n := len(poly)
	if n < 3 {
		return false
	}
	in := false
	a := poly[n-1]
	for _, b := range poly {
		if nearSeg(p, a, b) {
			return true
		}
		// The half-open comparison counts a vertex exactly at p.Y on one
		// edge only, so the ray passing through a vertex is not counted twice.
		if (a.Y > p.Y) != (b.Y > p.Y) {
			x := a.X + (p.Y-a.Y)*(b.X-a.X)/(b.Y-a.Y)
			if p.X < x {
				in = !in
			}
		}
		a = b
	}
	return in
}

// nearSeg reports whether p is within Eps of segment a-b. The bounding-box
// check is a cheap rejection for the common case of a far-away edge.
func nearSeg(p, a, b Vec) bool {
	if p.X < min(a.X, b.X)-Eps || p.X > max(a.X, b.X)+Eps ||
		p.Y < min(a.Y, b.Y)-Eps || p.Y > max(a.Y, b.Y)+Eps {
		return false
	}
	return pointSegDist2(p, a, b) <= Eps*Eps
}

// splitParams returns the parameters along p->p+r at which the edge a-b
// meets that segment: one for a crossing or touch, two (the projections of
// a and b, possibly outside [0,1]) when the edge is collinear with it.
// r must not be zero.
func splitParams(p, r, a, b Vec) (t0, t1 float64, n int) {
	s := b.Sub(a)
	w := a.Sub(p)
	if den := r.Cross(s); den != 0 {
		tn, un := w.Cross(s), w.Cross(r)
		if den < 0 {
			den, tn, un = -den, -tn, -un
		}
		if tn < 0 || tn > den || un < 0 || un > den {
			return 0, 0, 0
		}
		return tn / den, 0, 1
	}
	if w.Cross(r) != 0 {
		return 0, 0, 0
	}
	rr := r.Len2()
	return w.Dot(r) / rr, b.Sub(p).Dot(r) / rr, 2
}

// insertSplit adds t to the sorted buffer buf[:n] if it lies strictly
// inside (0,1), and returns the new count. ok is false when the buffer is
// already full and t could not be stored.
func insertSplit(buf []float64, n int, t float64) (int, bool) {
	if !(t > 0 && t < 1) {
		return n, true // ends are implicit; NaN is dropped too
	}
	if n == len(buf) {
		return n, false
	}
	i := n
	for i > 0 && buf[i-1] > t {
		buf[i] = buf[i-1]
		i--
	}
	buf[i] = t
	return n + 1, true
}

// SegInPolygonLength returns the length of segment p-q that lies inside the
// polygon poly, boundary included (so a segment running along an edge
// counts in full). This is how far a line of sight or a move passes through
// area terrain.
//
// The segment is split at every point where it meets an edge, and each
// piece is wholly inside or wholly outside, decided at its midpoint. Up to
// 64 split points are sorted in a stack buffer; a segment meeting the
// boundary more often than that is handled by repeatedly scanning the
// edges for the next split point instead, which gives the same answer
// more slowly and still without allocating.
func SegInPolygonLength(p, q Vec, poly []Vec) float64 {
	if len(poly) < 3 {
		return 0
	}
	r := q.Sub(p)
	length := r.Len()
	if length == 0 {
		return 0
	}
	var buf [maxSplits]float64
	n := 0
	ok := true
	a := poly[len(poly)-1]
	for _, b := range poly {
		t0, t1, k := splitParams(p, r, a, b)
		if k >= 1 {
			n, ok = insertSplit(buf[:], n, t0)
		}
		if ok && k == 2 {
			n, ok = insertSplit(buf[:], n, t1)
		}
		if !ok {
			return segInPolygonScan(p, q, poly) * length
		}
		a = b
	}
	frac, prev := 0.0, 0.0
	for i := 0; i <= n; i++ {
		t := 1.0
		if i < n {
			t = buf[i]
		}
		if t > prev && PointInPolygon(p.Lerp(q, (prev+t)/2), poly) {
			frac += t - prev
		}
		prev = t
	}
	return frac * length
}

// segInPolygonScan is the unbounded fallback of SegInPolygonLength: it finds
// each next split point by a fresh pass over the edges, so it needs no
// storage at the cost of O(edges x splits) time. It returns the inside
// fraction of the segment.
func segInPolygonScan(p, q Vec, poly []Vec) float64 {
	r := q.Sub(p)
	frac, cur := 0.0, 0.0
	for cur < 1 {
		next := 1.0
		a := poly[len(poly)-1]
		for _, b := range poly {
			t0, t1, k := splitParams(p, r, a, b)
			if k >= 1 && t0 > cur && t0 < next {
				next = t0
			}
			if k == 2 && t1 > cur && t1 < next {
				next = t1
			}
			a = b
		}
		if PointInPolygon(p.Lerp(q, (cur+next)/2), poly) {
			frac += next - cur
		}
		cur = next
	}
	return frac
}

// SegPolygonIntersects reports whether any part of segment p-q lies inside
// poly or on its boundary (within Eps): the test for whether a line of
// sight or move touches a piece of terrain at all.
func SegPolygonIntersects(p, q Vec, poly []Vec) bool {
	if len(poly) < 3 {
		return false
	}
	// A segment with neither end inside can only enter by meeting an edge.
	if PointInPolygon(p, poly) || PointInPolygon(q, poly) {
		return true
	}
	a := poly[len(poly)-1]
	for _, b := range poly {
		if segSegDist2(p, q, a, b) <= Eps*Eps {
			return true
		}
		a = b
	}
	return false
}

// edgeEntersRect reports whether some edge of poly passes through the
// interior of r, deeper than Eps. Each edge is clipped to the base; a
// chord of a convex shape has its midpoint in the interior unless the
// chord runs along the boundary, so the midpoint decides.
func edgeEntersRect(r Rect, poly []Vec) bool {
	a := poly[len(poly)-1]
	aa, ac := r.Local(a)
	for _, b := range poly {
		ba, bc := r.Local(b)
		da, dc := ba-aa, bc-ac
		t0, t1, ok := clipBox(aa, ac, da, dc, r.HD, r.HW, 0, 1)
		if ok && t1 > t0 {
			tm := (t0 + t1) / 2
			if math.Abs(aa+da*tm) < r.HD-Eps && math.Abs(ac+dc*tm) < r.HW-Eps {
				return true
			}
		}
		aa, ac = ba, bc
	}
	return false
}

// RectPolygonOverlap reports whether the interiors of base r and polygon
// poly intersect; a base that only touches the terrain's edge from outside
// does not overlap it.
//
// Either the polygon's boundary passes through the base's interior, or it
// does not, in which case the base's interior is wholly inside or wholly
// outside the polygon and its centre says which. That also covers a polygon
// edge crossing a base edge and a corner of either shape inside the other.
func RectPolygonOverlap(r Rect, poly []Vec) bool {
	if len(poly) < 3 {
		return false
	}
	return edgeEntersRect(r, poly) || PointInPolygon(r.C, poly)
}

// RectInsidePolygon reports whether the whole base r lies within poly,
// boundary included. All four corners must be inside and, because a
// concave polygon can reach in between corners that are inside it, no
// polygon edge may pass through the base's interior.
func RectInsidePolygon(r Rect, poly []Vec) bool {
	if len(poly) < 3 {
		return false
	}
	for _, c := range r.Corners() {
		if !PointInPolygon(c, poly) {
			return false
		}
	}
	return !edgeEntersRect(r, poly)
}

// PolygonCentroid returns the centre of area of poly, whichever way it is
// wound. Coordinates are taken relative to the first vertex to keep the
// products small and accurate. A polygon with no area (fewer than three
// vertices, or all collinear) gives the mean of its vertices, and an empty
// one the origin.
func PolygonCentroid(poly []Vec) Vec {
	n := len(poly)
	if n == 0 {
		return Vec{}
	}
	o := poly[0]
	var a2, cx, cy float64
	prev := poly[n-1].Sub(o)
	for _, v := range poly {
		cur := v.Sub(o)
		c := prev.Cross(cur)
		a2 += c
		cx += (prev.X + cur.X) * c
		cy += (prev.Y + cur.Y) * c
		prev = cur
	}
	if a2 == 0 {
		var s Vec
		for _, v := range poly {
			s = s.Add(v.Sub(o))
		}
		return o.Add(s.Scale(1 / float64(n)))
	}
	return o.Add(Vec{cx / (3 * a2), cy / (3 * a2)})
}
