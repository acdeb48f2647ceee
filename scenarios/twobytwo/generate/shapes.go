package generate

import (
	"math"

	"github.com/grognard/grognard/engine/geom"
	tb "github.com/grognard/grognard/engine/twobytwo"
)

// grid is the precision every generated coordinate and size is rounded to
// (ruling G-ROUND): fine enough for a table measured by hand, coarse enough
// that scenario files stay readable.
const grid = 0.05

// round puts x on the grid. The extra rounding to 1e-9 removes the binary
// noise of the division so that 12.35 prints as 12.35.
func round(x float64) float64 {
	r := math.Round(x/grid) * grid
	return math.Round(r*1e9) / 1e9
}

func roundVec(v geom.Vec) geom.Vec { return geom.V(round(v.X), round(v.Y)) }

func roundAll(pts []geom.Vec) []geom.Vec {
	for i := range pts {
		pts[i] = roundVec(pts[i])
	}
	return pts
}

// edges calls fn for every segment of a feature's outline: the closed
// boundary of an area, the segments of a line. Circles have none.
func edges(f *tb.Feature, fn func(a, b geom.Vec) bool) {
	n := len(f.Points)
	switch {
	case f.Kind.IsCircle() || n == 0:
	case f.Kind.IsArea():
		for i := range n {
			if !fn(f.Points[i], f.Points[(i+1)%n]) {
				return
			}
		}
	default:
		for i := 0; i+1 < n; i++ {
			if !fn(f.Points[i], f.Points[i+1]) {
				return
			}
		}
	}
}

// pointGap is the distance from p to feature f: 0 inside an area or a
// circle.
func pointGap(p geom.Vec, f *tb.Feature) float64 {
	if f.Kind.IsCircle() {
		return math.Max(0, p.Dist(f.Centre)-f.Radius)
	}
	if f.Kind.IsArea() && geom.PointInPolygon(p, f.Points) {
		return 0
	}
	d := math.Inf(1)
	edges(f, func(a, b geom.Vec) bool {
		d = math.Min(d, geom.PointSegDist(p, a, b))
		return true
	})
	if len(f.Points) == 1 {
		d = p.Dist(f.Points[0])
	}
	return d
}

// gap is the distance between two features, 0 when they touch or
// overlap. The clearance rulings (G-APART and the per-kind ones) are all
// stated as gaps.
func gap(f, g *tb.Feature) float64 {
	switch {
	case f.Kind.IsCircle() && g.Kind.IsCircle():
		return math.Max(0, f.Centre.Dist(g.Centre)-f.Radius-g.Radius)
	case f.Kind.IsCircle():
		return math.Max(0, pointGap(f.Centre, g)-f.Radius)
	case g.Kind.IsCircle():
		return math.Max(0, pointGap(g.Centre, f)-g.Radius)
	}
	// One outline inside an area without the outlines meeting.
	if f.Kind.IsArea() && len(g.Points) > 0 && geom.PointInPolygon(g.Points[0], f.Points) {
		return 0
	}
	if g.Kind.IsArea() && len(f.Points) > 0 && geom.PointInPolygon(f.Points[0], g.Points) {
		return 0
	}
	d := math.Inf(1)
	edges(f, func(a, b geom.Vec) bool {
		edges(g, func(c, e geom.Vec) bool {
			d = math.Min(d, geom.SegSegDist(a, b, c, e))
			return d > 0
		})
		return d > 0
	})
	return d
}

// crossings lists the points where polyline a crosses polyline b.
func crossings(a, b []geom.Vec) []geom.Vec {
	var out []geom.Vec
	for i := 0; i+1 < len(a); i++ {
		for j := 0; j+1 < len(b); j++ {
			if t, ok := geom.SegSegIntersect(a[i], a[i+1], b[j], b[j+1]); ok {
				out = append(out, a[i].Lerp(a[i+1], t))
			}
		}
	}
	return out
}

// convex reports whether polygon pts is strictly convex (either winding).
func convex(pts []geom.Vec) bool {
	n := len(pts)
	if n < 3 {
		return false
	}
	sign := 0.0
	for i := range n {
		a, b, c := pts[i], pts[(i+1)%n], pts[(i+2)%n]
		x := b.Sub(a).Cross(c.Sub(b))
		if math.Abs(x) < 1e-12 {
			return false
		}
		if sign == 0 {
			sign = x
		} else if sign*x < 0 {
			return false
		}
	}
	return true
}

// widths gives the least and greatest width of a convex polygon: the
// least is its narrowest extent (attained across an edge's normal), the
// greatest its diameter. "At least 2" to 6" across in all directions"
// (ruling G-HILLSIZE) is least >= 2 and greatest <= 6.
func widths(pts []geom.Vec) (least, greatest float64) {
	n := len(pts)
	least = math.Inf(1)
	for i := range n {
		a, b := pts[i], pts[(i+1)%n]
		d := b.Sub(a)
		l := d.Len()
		if l == 0 {
			continue
		}
		w := 0.0
		for _, p := range pts {
			w = math.Max(w, math.Abs(d.Cross(p.Sub(a)))/l)
		}
		least = math.Min(least, w)
		for _, p := range pts {
			greatest = math.Max(greatest, a.Dist(p))
		}
	}
	return least, greatest
}

// blob draws a convex, irregular, rounded outline around c whose least
// width is at least lo and whose diameter is at most hi; ok is false when
// the draws did not give one (the caller rolls again).
func blob(rng randSource, c geom.Vec, lo, hi float64) ([]geom.Vec, bool) {
	const n = 10
	// Semi-axes a little inside the limits: an inscribed polygon is
	// narrower than its ellipse.
	a := lo/2*1.08 + rng.Float64()*(hi/2*0.95-lo/2*1.08)
	b := lo/2*1.08 + rng.Float64()*(a-lo/2*1.08)
	rot := rng.Float64() * math.Pi
	pts := make([]geom.Vec, n)
	for k := range pts {
		t := 2 * math.Pi * float64(k) / n
		j := 1 + 0.06*(2*rng.Float64()-1)
		x, y := a*math.Cos(t)*j, b*math.Sin(t)*j
		pts[k] = roundVec(geom.V(c.X+x*math.Cos(rot)-y*math.Sin(rot), c.Y+x*math.Sin(rot)+y*math.Cos(rot)))
	}
	if !convex(pts) {
		return nil, false
	}
	if l, g := widths(pts); l < lo || g > hi {
		return nil, false
	}
	return pts, true
}

// randSource is the part of *rand.Rand the shape helpers use.
type randSource interface {
	Float64() float64
	IntN(n int) int
}

// onTable reports whether every point of f lies at least margin inside
// the size x size table (circles by their whole disc).
func onTable(f *tb.Feature, size, margin float64) bool {
	in := func(p geom.Vec, m float64) bool {
		return p.X >= m-1e-9 && p.Y >= m-1e-9 && p.X <= size-m+1e-9 && p.Y <= size-m+1e-9
	}
	if f.Kind.IsCircle() {
		return in(f.Centre, margin+f.Radius)
	}
	for _, p := range f.Points {
		if !in(p, margin) {
			return false
		}
	}
	return true
}

// depth is the distance of p from the nearer base edge (south or north).
func depth(p geom.Vec, size float64) float64 { return math.Min(p.Y, size-p.Y) }

// minDepth is the least depth of any point of f (circles by their disc).
func minDepth(f *tb.Feature, size float64) float64 {
	if f.Kind.IsCircle() {
		return depth(f.Centre, size) - f.Radius
	}
	d := math.Inf(1)
	for _, p := range f.Points {
		d = math.Min(d, depth(p, size))
	}
	return d
}

// onEdge reports whether p lies on an edge of the size x size table.
func onEdge(p geom.Vec, size float64) bool {
	const e = 1e-9
	return math.Abs(p.X) < e || math.Abs(p.Y) < e || math.Abs(p.X-size) < e || math.Abs(p.Y-size) < e
}
