package geom

import "math"

// A polyline with a single point is treated as that point, and an empty one
// as being infinitely far from everything, so that callers holding a
// half-built road get sensible rather than panicking answers.

// PointPolylineDist returns the distance from p to the nearest point of the
// polyline line.
func PointPolylineDist(p Vec, line []Vec) float64 {
	switch len(line) {
	case 0:
		return math.Inf(1)
	case 1:
		return p.Dist(line[0])
	}
	best := math.Inf(1)
	for i := 1; i < len(line); i++ {
		best = min(best, pointSegDist2(p, line[i-1], line[i]))
	}
	return math.Sqrt(best)
}

// sideOf returns +1, -1 or 0 as w lies to the left of, to the right of, or
// on the line through direction d.
func sideOf(d, w Vec) int {
	c := d.Cross(w)
	switch {
	case c > 0:
		return 1
	case c < 0:
		return -1
	}
	return 0
}

// SegPolylineCrossings returns how many times segment p-q crosses the
// polyline line from one side to the other: how many times a move or a
// line of sight crosses a stream or a hedge. Only proper crossings count:
// the crossing point must lie strictly between p and q, and the polyline
// must pass from one side of the segment to the other there. So a segment
// that ends on the polyline, or a polyline that comes up to the segment
// and turns back, does not count, while a polyline passing through the
// segment at one of its own vertices counts once, not once per edge. A
// polyline that runs along the segment for a while and then leaves on the
// far side counts once if that shared stretch lies within the open segment.
func SegPolylineCrossings(p, q Vec, line []Vec) int {
	d := q.Sub(p)
	dd := d.Len2()
	if dd == 0 || len(line) < 2 {
		return 0
	}
	count := 0
	prevSide, prevIdx := 0, -1
	for i, v := range line {
		s := sideOf(d, v.Sub(p))
		if s == 0 {
			continue // on the segment's line: the side is decided later
		}
		if prevIdx >= 0 && s != prevSide {
			if prevIdx == i-1 {
				if crossesOpen(p, d, line[i-1], v) {
					count++
				}
			} else if onOpenSeg(p, d, dd, line[prevIdx+1:i]) {
				count++
			}
		}
		prevSide, prevIdx = s, i
	}
	return count
}

// crossesOpen reports whether edge a-b, whose ends are known to lie on
// opposite sides of the line p+t*d, meets it at some t strictly inside
// (0,1). The comparison is made on numerators to avoid dividing.
func crossesOpen(p, d, a, b Vec) bool {
	e := b.Sub(a)
	den := d.Cross(e) // non-zero: a and b are on opposite sides
	un := a.Sub(p).Cross(e)
	if den < 0 {
		den, un = -den, -un
	}
	return un > 0 && un < den
}

// onOpenSeg reports whether every point in pts, all known to lie on the
// line p+t*d, has t strictly inside (0,1). dd is |d|^2.
func onOpenSeg(p, d Vec, dd float64, pts []Vec) bool {
	for _, v := range pts {
		u := v.Sub(p).Dot(d)
		if u <= 0 || u >= dd {
			return false
		}
	}
	return true
}

// SegPolylineDist returns the shortest distance between segment p-q and
// the polyline line, 0 if they meet.
func SegPolylineDist(p, q Vec, line []Vec) float64 {
	switch len(line) {
	case 0:
		return math.Inf(1)
	case 1:
		return PointSegDist(line[0], p, q)
	}
	best := math.Inf(1)
	for i := 1; i < len(line) && best > 0; i++ {
		best = min(best, segSegDist2(p, q, line[i-1], line[i]))
	}
	return math.Sqrt(best)
}

// RectPolylineDist returns the shortest distance between base r and the
// polyline line, 0 if the polyline touches (within Eps), crosses or runs
// inside the base.
func RectPolylineDist(r Rect, line []Vec) float64 {
	switch len(line) {
	case 0:
		return math.Inf(1)
	case 1:
		if r.Contains(line[0]) {
			return 0
		}
		return math.Sqrt(r.localDist2(line[0]))
	}
	for i := 1; i < len(line); i++ {
		if SegRectIntersects(line[i-1], line[i], r) {
			return 0
		}
	}
	// Apart from each other, a segment and a base are closest at an end of
	// the segment or at a corner of the base.
	c := r.Corners()
	best := math.Inf(1)
	for i := 1; i < len(line); i++ {
		a, b := line[i-1], line[i]
		best = min(best, r.localDist2(a), r.localDist2(b))
		for _, k := range c {
			best = min(best, pointSegDist2(k, a, b))
		}
	}
	return math.Sqrt(best)
}

// SegWithinPolyline reports whether every point of segment p-q lies within
// halfWidth of the polyline line (boundary included, within Eps): whether
// a move stays on a road of that half-width.
//
// The test is exact rather than sampled. The points within halfWidth of one
// polyline edge form a capsule, which is convex, so the part of the
// segment inside it is a single interval of the segment's parameter; the
// segment is covered when the union of those intervals covers [0,1],
// checked by repeatedly extending the covered prefix from 0. Each pass
// recomputes the intervals instead of storing them, which costs O(edges)
// per pass but needs no buffer.
func SegWithinPolyline(p, q Vec, line []Vec, halfWidth float64) bool {
	if len(line) == 0 || halfWidth < 0 {
		return false
	}
	h := halfWidth + Eps
	d := q.Sub(p)
	if d.Len2() == 0 {
		return PointPolylineDist(p, line) <= h
	}
	cur := 0.0
	for {
		reach := cur
		// A 1-point line is a single degenerate edge, its capsule a disc.
		for i := range max(len(line)-1, 1) {
			a, b := line[i], line[min(i+1, len(line)-1)]
			lo, hi, ok := capsuleInterval(p, d, a, b, h)
			if ok && lo <= cur && hi > reach {
				reach = hi
			}
		}
		if reach >= 1 {
			return true
		}
		if reach <= cur {
			return false // a gap starts at cur
		}
		cur = reach
	}
}

// capsuleInterval returns the interval of t for which p+t*d lies within h
// of segment a-b. Because the capsule is convex, that is the hull of the
// intervals inside its two end discs and its rectangular body.
func capsuleInterval(p, d, a, b Vec, h float64) (lo, hi float64, ok bool) {
	lo, hi = math.Inf(1), math.Inf(-1)
	if t0, t1, in := lineDisc(p, d, a, h); in {
		lo, hi = min(lo, t0), max(hi, t1)
	}
	if t0, t1, in := lineDisc(p, d, b, h); in {
		lo, hi = min(lo, t0), max(hi, t1)
	}
	e := b.Sub(a)
	if l := e.Len(); l > 0 {
		u := e.Scale(1 / l)
		n := u.Perp()
		w := p.Sub(a)
		t0, t1, in := clipBox(w.Dot(u)-l/2, w.Dot(n), d.Dot(u), d.Dot(n), l/2, h,
			math.Inf(-1), math.Inf(1))
		if in {
			lo, hi = min(lo, t0), max(hi, t1)
		}
	}
	return lo, hi, lo <= hi
}

// lineDisc returns the interval of t for which p+t*d lies within h of c.
// d must not be zero.
func lineDisc(p, d, c Vec, h float64) (t0, t1 float64, ok bool) {
	w := p.Sub(c)
	a := d.Len2()
	b := w.Dot(d)
	disc := b*b - a*(w.Len2()-h*h)
	if disc < 0 {
		return 0, 0, false
	}
	s := math.Sqrt(disc)
	return (-b - s) / a, (-b + s) / a, true
}
