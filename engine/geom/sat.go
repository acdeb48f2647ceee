package geom

import "math"

// Two convex shapes are disjoint exactly when some axis separates their
// projections, and for two rectangles the only axes that need testing are
// their four edge normals: each base's F and Right. Everything in this file
// is built on that (the separating axis theorem).

// axisCos returns the two numbers that describe how b is turned relative
// to a: c1 = a.F.b.F and c2 = a.F x b.F. Because Right is F turned a
// quarter, every other product of the four axes is exactly one of these or
// its negation (a.Right.b.Right == c1, a.F.b.Right == c2 and
// a.Right.b.F == -c2, with identical rounding), so two products replace
// eight. Both are returned as absolute values, which is all the projections
// need, and both are unchanged when a and b are swapped.
func axisCos(a, b Rect) (c1, c2 float64) {
	return math.Abs(a.F.Dot(b.F)), math.Abs(a.F.Cross(b.F))
}

// axisPen returns the overlap of two projections on one axis: own is the
// half-length of the axis's owner, hw and hd the other base's half extents,
// k1 and k2 the cosines weighting them, and off the centre offset along the
// axis. Keeping one helper for all four axes guarantees that swapping the
// bases swaps the terms but not the rounding.
func axisPen(own, hw, hd, k1, k2, off float64) float64 {
	return own + hw*k1 + hd*k2 - math.Abs(off)
}

// Penetration returns the minimum overlap of the projections of a and b
// over the four separating axes. A positive value is how far the bases
// would have to be pushed apart to separate them; zero means they touch;
// a negative value is minus the gap along the axis that separates them
// best. It is exactly symmetric in a and b.
func Penetration(a, b Rect) float64 {
	c1, c2 := axisCos(a, b)
	d := b.C.Sub(a.C)
	// On its own axes a base's half-length is exactly HD or HW, so those
	// are used directly instead of being recomputed with rounding.
	return min(
		axisPen(a.HD, b.HW, b.HD, c2, c1, d.Dot(a.F)),
		axisPen(a.HW, b.HW, b.HD, c1, c2, d.Dot(a.Right())),
		axisPen(b.HD, a.HW, a.HD, c2, c1, d.Dot(b.F)),
		axisPen(b.HW, a.HW, a.HD, c1, c2, d.Dot(b.Right())),
	)
}

// Overlap reports whether the interiors of a and b intersect by more than
// eps, measured as Penetration > eps. Bases in contact face to face, edge
// to corner or corner to corner do not overlap, which is what lets the
// rules place bases in base-to-base contact. An eps of about 1e-9 absorbs
// the rounding of rotated bases.
func Overlap(a, b Rect, eps float64) bool {
	return Penetration(a, b) > eps
}

// RectDistance returns the shortest distance between any point of a and
// any point of b, or 0 when they touch or overlap. It is symmetric in a and
// b, and positive exactly when Penetration(a, b) < 0.
func RectDistance(a, b Rect) float64 {
	pen := Penetration(a, b)
	if pen >= 0 {
		return 0
	}
	// For disjoint convex polygons the closest pair of points always has a
	// corner of one polygon at one end, so the distances from each base's
	// corners to the other base suffice. Each is measured in the other
	// base's frame, where it is a distance to an axis-aligned box.
	best := min(cornersDist2(a.Corners(), b), cornersDist2(b.Corners(), a))
	// The gap on a separating axis is a lower bound of the true distance;
	// taking the maximum keeps the result positive whenever pen says the
	// bases are apart, even if rounding drives the corner distances to 0.
	return max(math.Sqrt(best), -pen)
}

// Touching reports whether a and b are in contact: no more than tol apart
// and not overlapping by more than tol. tol plays the part of a player's
// judgement of "in contact" on the table.
func Touching(a, b Rect, tol float64) bool {
	return RectDistance(a, b) <= tol && !Overlap(a, b, tol)
}

// Sweep moves base a along d (a's centre goes from a.C to a.C+d, facing
// unchanged) past the stationary base b and returns the fraction t in [0,1]
// of the move at which the two would begin to overlap by more than eps,
// that is the infimum of the t with Penetration > eps. hit is false when
// that never happens within the move; in particular a move that ends in
// exact contact does not hit. Bases that already overlap give (0, true),
// whichever way a is moving, so that a move can never be used to escape
// an illegal position unnoticed.
//
// The answer is exact: on each axis the overlap is a tent-shaped function
// of t, so the times at which it exceeds eps form an open interval found in
// closed form, and the bases overlap during the intersection of the four
// intervals.
func Sweep(a Rect, d Vec, b Rect, eps float64) (t float64, hit bool) {
	if Overlap(a, b, eps) {
		return 0, true
	}
	lo, hi := sweepInterval(a, d, b, eps)
	lo, hi = max(lo, 0), min(hi, 1)
	if lo < hi {
		return lo, true
	}
	return 0, false
}

// sweepInterval returns the open interval of t, over the whole real line,
// during which a moved by t*d overlaps b by more than eps. The interval is
// empty when lo >= hi.
func sweepInterval(a Rect, d Vec, b Rect, eps float64) (lo, hi float64) {
	lo, hi = math.Inf(-1), math.Inf(1)
	c1, c2 := axisCos(a, b)
	rel := a.C.Sub(b.C) // a's centre relative to b's at t=0; at t it is rel+t*d
	af, ar := a.F, a.Right()
	bf, br := b.F, b.Right()
	// w is each axis's overlap at zero offset, less eps, computed exactly as
	// Penetration does so the two agree on where contact starts.
	lo, hi = narrowSweep(lo, hi, rel.Dot(af), d.Dot(af), axisPen(a.HD, b.HW, b.HD, c2, c1, 0)-eps)
	lo, hi = narrowSweep(lo, hi, rel.Dot(ar), d.Dot(ar), axisPen(a.HW, b.HW, b.HD, c1, c2, 0)-eps)
	lo, hi = narrowSweep(lo, hi, rel.Dot(bf), d.Dot(bf), axisPen(b.HD, a.HW, a.HD, c2, c1, 0)-eps)
	lo, hi = narrowSweep(lo, hi, rel.Dot(br), d.Dot(br), axisPen(b.HW, a.HW, a.HD, c1, c2, 0)-eps)
	return lo, hi
}

// narrowSweep intersects (lo, hi) with the times at which |s + t*v| < w,
// i.e. at which the projections on one axis overlap by more than eps
// (s is the centre offset at t=0, v its rate of change, w the sum of the
// half-lengths less eps).
func narrowSweep(lo, hi, s, v, w float64) (float64, float64) {
	if w <= 0 {
		return math.Inf(1), math.Inf(-1)
	}
	if v == 0 {
		if math.Abs(s) < w {
			return lo, hi
		}
		return math.Inf(1), math.Inf(-1)
	}
	t1, t2 := (-w-s)/v, (w-s)/v
	if t1 > t2 {
		t1, t2 = t2, t1
	}
	return max(lo, t1), min(hi, t2)
}

// cornersDist2 returns the least squared distance from any of pts to r,
// working in r's frame with r's axes hoisted out of the loop.
func cornersDist2(pts [4]Vec, r Rect) float64 {
	f, rt := r.F, r.Right()
	best := math.Inf(1)
	for _, p := range pts {
		d := p.Sub(r.C)
		da := max(math.Abs(d.Dot(f))-r.HD, 0)
		dc := max(math.Abs(d.Dot(rt))-r.HW, 0)
		best = min(best, da*da+dc*dc)
	}
	return best
}
