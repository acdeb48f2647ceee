package geom

import "math"

// ContactLength measures how much of a and b's boundaries are in contact:
// the longest stretch of either rectangle's edges that lies within tol of
// the other rectangle's box. Two bases flush edge to edge give the shared
// length; bases meeting only corner to corner give about tol, which lets a
// caller tell "corner to corner" contact from edge contact.
func ContactLength(a, b Rect, tol float64) float64 {
	return max(edgesWithin(a, b, tol), edgesWithin(b, a, tol))
}

// edgesWithin sums the lengths of a's four edges that lie inside b grown
// by tol on every side (a box, so corners reach a little further than tol,
// which only matters for the corner-to-corner case it is meant to spot).
func edgesWithin(a, b Rect, tol float64) float64 {
	c := a.Corners()
	total := 0.0
	for k := range 4 {
		total += segInBox(c[k], c[(k+1)&3], b, tol)
	}
	return total
}

// segInBox is the length of segment pq inside box r grown by tol
// (Liang-Barsky clipping in r's own frame).
func segInBox(p, q Vec, r Rect, tol float64) float64 {
	pa, pc := r.Local(p)
	qa, qc := r.Local(q)
	lo, hi := 0.0, 1.0
	clip := func(x0, x1, lim float64) bool {
		d := x1 - x0
		if math.Abs(d) < 1e-12 {
			return math.Abs(x0) <= lim
		}
		t0, t1 := (-lim-x0)/d, (lim-x0)/d
		if t0 > t1 {
			t0, t1 = t1, t0
		}
		lo, hi = max(lo, t0), min(hi, t1)
		return lo <= hi
	}
	if !clip(pa, qa, r.HD+tol) || !clip(pc, qc, r.HW+tol) {
		return 0
	}
	return (hi - lo) * q.Sub(p).Len()
}
