package geom

import "math"

// ClosestOnSeg returns the point of segment a-b nearest to p. A degenerate
// segment (a == b) is the point a.
func ClosestOnSeg(p, a, b Vec) Vec {
	ab := b.Sub(a)
	l2 := ab.Len2()
	if l2 == 0 {
		return a
	}
	t := p.Sub(a).Dot(ab) / l2
	// Returning the end points themselves, rather than a+ab*t, keeps
	// distances to corners exact.
	switch {
	case t <= 0:
		return a
	case t >= 1:
		return b
	}
	return a.Add(ab.Scale(t))
}

// PointSegDist returns the distance from p to segment a-b.
func PointSegDist(p, a, b Vec) float64 {
	return math.Sqrt(pointSegDist2(p, a, b))
}

// BeyondSeg reports whether p is more than r from segment a-b, as
// PointSegDist(p, a, b) > r does, but first compares coordinates alone: a
// point outside the segment's bounding box grown by r (plus a margin far
// above rounding error) is beyond it without a distance computed. Broad
// phases that skip most units call it.
func BeyondSeg(p, a, b Vec, r float64) bool {
	m := r + 1e-9
	if p.X < min(a.X, b.X)-m || p.X > max(a.X, b.X)+m || p.Y < min(a.Y, b.Y)-m || p.Y > max(a.Y, b.Y)+m {
		return true
	}
	return PointSegDist(p, a, b) > r
}

func pointSegDist2(p, a, b Vec) float64 {
	return p.Sub(ClosestOnSeg(p, a, b)).Len2()
}

// SegSegIntersect reports whether segments p1-p2 and q1-q2 share at least
// one point, counting crossings, T-junctions and end-to-end contact, and
// returns the parameter t in [0,1] along p1->p2 of the shared point. When
// the segments are collinear and overlap, t is that of the shared point
// nearest p1. The test compares the numerators of the intersection
// parameters against their common denominator instead of dividing first,
// so an end point lying exactly on the other segment is not lost to
// rounding.
func SegSegIntersect(p1, p2, q1, q2 Vec) (t float64, ok bool) {
	r := p2.Sub(p1)
	s := q2.Sub(q1)
	w := q1.Sub(p1)
	if den := r.Cross(s); den != 0 {
		tn, un := w.Cross(s), w.Cross(r)
		if den < 0 {
			den, tn, un = -den, -tn, -un
		}
		if tn < 0 || tn > den || un < 0 || un > den {
			return 0, false
		}
		return tn / den, true
	}
	rr := r.Len2()
	if rr == 0 {
		// p is a single point: it meets q only by lying on it.
		ss := s.Len2()
		if ss == 0 {
			return 0, p1 == q1
		}
		if w.Cross(s) != 0 {
			return 0, false
		}
		u := -w.Dot(s)
		return 0, u >= 0 && u <= ss
	}
	if w.Cross(r) != 0 {
		return 0, false // parallel but on different lines
	}
	// Collinear: the overlap is the intersection of [0,1] with the span of
	// q's end points projected onto p.
	t0 := w.Dot(r) / rr
	t1 := q2.Sub(p1).Dot(r) / rr
	if t0 > t1 {
		t0, t1 = t1, t0
	}
	if t1 < 0 || t0 > 1 {
		return 0, false
	}
	return max(t0, 0), true
}

// SegSegDist returns the shortest distance between segments p1-p2 and
// q1-q2, 0 if they meet.
func SegSegDist(p1, p2, q1, q2 Vec) float64 {
	return math.Sqrt(segSegDist2(p1, p2, q1, q2))
}

func segSegDist2(p1, p2, q1, q2 Vec) float64 {
	if _, ok := SegSegIntersect(p1, p2, q1, q2); ok {
		return 0
	}
	// Segments that do not meet are closest at an end point of one of them.
	return min(pointSegDist2(p1, q1, q2), pointSegDist2(p2, q1, q2),
		pointSegDist2(q1, p1, p2), pointSegDist2(q2, p1, p2))
}

// clipSlab narrows the parameter range [t0,t1] of the moving coordinate
// o+t*d to the times at which it lies within [-h, h]. ok is false if
// nothing is left.
func clipSlab(o, d, h, t0, t1 float64) (float64, float64, bool) {
	if d == 0 {
		return t0, t1, o >= -h && o <= h
	}
	a, b := (-h-o)/d, (h-o)/d
	if a > b {
		a, b = b, a
	}
	t0, t1 = max(t0, a), min(t1, b)
	return t0, t1, t0 <= t1
}

// clipBox clips the parametric segment (ox,oy)+t*(dx,dy), t in [t0,t1], to
// the centred box |x| <= hx, |y| <= hy (Liang-Barsky clipping).
func clipBox(ox, oy, dx, dy, hx, hy, t0, t1 float64) (float64, float64, bool) {
	t0, t1, ok := clipSlab(ox, dx, hx, t0, t1)
	if !ok {
		return t0, t1, false
	}
	return clipSlab(oy, dy, hy, t0, t1)
}

// SegRectIntersects reports whether segment p-q touches or crosses the
// base r, or lies inside it. This is the test for a line of sight or a
// move path meeting a base. The segment is clipped to the base in the
// base's own frame, where the base is an axis-aligned box.
func SegRectIntersects(p, q Vec, r Rect) bool {
	pa, pc := r.Local(p)
	qa, qc := r.Local(q)
	_, _, ok := clipBox(pa, pc, qa-pa, qc-pc, r.HD+Eps, r.HW+Eps, 0, 1)
	return ok
}

// SegCircleIntersects reports whether segment p-q comes within radius of
// c: it touches, crosses or lies inside the circle.
func SegCircleIntersects(p, q, c Vec, radius float64) bool {
	if radius < 0 {
		return false
	}
	lim := radius + Eps
	return pointSegDist2(c, p, q) <= lim*lim
}

// RectCircleOverlap reports whether the interiors of base r and the circle
// of the given radius about c intersect; a circle that only touches the
// base does not overlap it, in line with Overlap for two bases.
func RectCircleOverlap(r Rect, c Vec, radius float64) bool {
	lim := radius - Eps
	if lim <= 0 {
		return false
	}
	return r.localDist2(c) < lim*lim
}
