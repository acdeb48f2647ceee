package geom

import (
	"slices"
	"testing"
)

// lShape is a concave L: a 4x1 foot along the south edge and a 1x3 upright
// on its west end, wound counter-clockwise. The notch is the open square
// (1,4)x(1,4).
var lShape = []Vec{V(0, 0), V(4, 0), V(4, 1), V(1, 1), V(1, 4), V(0, 4)}

// square2 is the square [0,2]x[0,2].
var square2 = []Vec{V(0, 0), V(2, 0), V(2, 2), V(0, 2)}

// bothWindings returns poly and its reverse, since no answer may depend on
// the direction a polygon is wound.
func bothWindings(poly []Vec) [][]Vec {
	r := slices.Clone(poly)
	slices.Reverse(r)
	return [][]Vec{poly, r}
}

func TestPointInPolygon(t *testing.T) {
	cases := []struct {
		name string
		p    Vec
		poly []Vec
		want bool
	}{
		{"foot", V(3, 0.5), lShape, true},
		{"corner of L", V(0.5, 0.5), lShape, true},
		{"upright", V(0.5, 3), lShape, true},
		{"notch", V(2, 2), lShape, false},
		{"notch near inner corner", V(1.01, 1.01), lShape, false},
		{"outside west", V(-1, 2), lShape, false},
		{"outside east, ray through vertices", V(-1, 1), lShape, false},
		{"inside, ray through reflex vertex", V(0.5, 1), lShape, true},
		{"inner edge", V(1, 2), lShape, true},
		{"east edge", V(4, 0.5), lShape, true},
		{"reflex vertex", V(1, 1), lShape, true},
		{"outer vertex", V(4, 0), lShape, true},
		{"top vertex", V(0, 4), lShape, true},
		{"just outside east", V(4.000001, 0.5), lShape, false},
		{"just inside notch", V(1.000001, 2), lShape, false},
		{"triangle inside", V(1, 0.5), []Vec{V(0, 0), V(2, 0), V(1, 2)}, true},
		{"triangle outside", V(1.6, 1), []Vec{V(0, 0), V(2, 0), V(1, 2)}, false},
		{"degenerate polygon", V(0, 0), []Vec{V(0, 0), V(1, 1)}, false},
		{"empty polygon", V(0, 0), nil, false},
	}
	for _, c := range cases {
		for _, poly := range bothWindings(c.poly) {
			if got := PointInPolygon(c.p, poly); got != c.want {
				t.Errorf("%s: PointInPolygon(%v) = %v", c.name, c.p, got)
			}
		}
	}
}

func TestSegInPolygonLength(t *testing.T) {
	cases := []struct {
		name string
		p, q Vec
		poly []Vec
		want float64
	}{
		{"through foot and upright", V(0.5, -1), V(0.5, 5), lShape, 4},
		{"along foot", V(-1, 0.5), V(5, 0.5), lShape, 4},
		{"across upright only", V(-1, 2), V(5, 2), lShape, 1},
		{"diagonal into notch", V(0, 0), V(4, 4), lShape, sqrt2},
		{"across the notch", V(0.5, 3), V(3, 0.5), lShape, sqrt2},
		{"wholly inside", V(0.2, 0.2), V(0.2, 3.8), lShape, 3.6},
		{"wholly in notch", V(2, 2), V(3, 3), lShape, 0},
		{"outside", V(5, 0), V(5, 5), lShape, 0},
		{"along inner edge", V(1, 1), V(1, 4), lShape, 3},
		{"along inner edge overshooting", V(1, 0), V(1, 5), lShape, 4},
		{"along foot top edge", V(4, 1), V(1, 1), lShape, 3},
		{"partly along foot top edge", V(2, 1), V(5, 1), lShape, 2},
		{"along south edge", V(-1, 0), V(5, 0), lShape, 4},
		{"in through a vertex", V(-1, 5), V(1, 3), lShape, sqrt2},
		{"touching a vertex from outside", V(-1, 3), V(1, 5), lShape, 0},
		{"degenerate segment", V(0.5, 0.5), V(0.5, 0.5), lShape, 0},
		{"degenerate polygon", V(0, 0), V(1, 1), lShape[:2], 0},
		{"square diagonal", V(-1, -1), V(3, 3), square2, 2 * sqrt2},
		{"rotated square", V(-5, 0), V(5, 0), []Vec{V(1, 0), V(0, 1), V(-1, 0), V(0, -1)}, 2},
	}
	for _, c := range cases {
		for _, poly := range bothWindings(c.poly) {
			checkNear(t, c.name, SegInPolygonLength(c.p, c.q, poly), c.want, 1e-12)
			checkNear(t, c.name+" reversed", SegInPolygonLength(c.q, c.p, poly), c.want, 1e-12)
		}
	}
}

// comb returns a polygon with n teeth: a base [0,n]x[0,1] with teeth
// [i,i+0.5]x[1,2] on top. A line across the teeth meets 2n edges.
func comb(n int) []Vec {
	poly := []Vec{V(0, 0), V(float64(n), 0)}
	for i := n - 1; i >= 0; i-- {
		x := float64(i)
		poly = append(poly, V(x+1, 1), V(x+0.5, 1), V(x+0.5, 2), V(x, 2))
	}
	return poly
}

func TestSegInPolygonLengthManyCrossings(t *testing.T) {
	// Make sure the larger combs really overflow the stack buffer, so that
	// the fallback path is what the buffered result is checked against.
	if splits := countSplits(V(-1, 1.5), V(201, 1.5), comb(200)); splits <= maxSplits {
		t.Fatalf("comb(200) gives only %d splits; the fallback is not exercised", splits)
	}
	for _, n := range []int{10, 31, 32, 33, 50, 200} {
		poly := comb(n)
		fn := float64(n)
		cases := []struct {
			name string
			p, q Vec
			want float64
		}{
			{"through teeth", V(-1, 1.5), V(fn+1, 1.5), fn / 2},
			{"through base", V(-1, 0.5), V(fn+1, 0.5), fn},
			{"along tooth roots", V(-1, 1), V(fn+1, 1), fn},
			// Stays within the teeth band; half of every unit of x in [0,n] is inside.
			{"slanted through teeth", V(-1, 1.25), V(fn+1, 1.75), fn / 2 / (fn + 2) * V(fn+2, 0.5).Len()},
		}
		for _, c := range cases {
			got := SegInPolygonLength(c.p, c.q, poly)
			scan := segInPolygonScan(c.p, c.q, poly) * c.q.Sub(c.p).Len()
			checkNear(t, c.name+": buffered", got, c.want, 1e-9)
			checkNear(t, c.name+": scan", scan, c.want, 1e-9)
		}
	}
}

func TestSegPolygonIntersects(t *testing.T) {
	cases := []struct {
		name string
		p, q Vec
		poly []Vec
		want bool
	}{
		{"through", V(-1, 0.5), V(5, 0.5), lShape, true},
		{"wholly inside", V(0.2, 0.2), V(0.3, 3), lShape, true},
		{"wholly in notch", V(2, 2), V(3, 3), lShape, false},
		{"along inner edge", V(1, 2), V(1, 3), lShape, true},
		{"touches reflex vertex from notch", V(2, 2), V(1, 1), lShape, true},
		{"touches outer vertex", V(5, -1), V(4, 0), lShape, true},
		{"passes a vertex by", V(5, -0.9), V(4.1, 0), lShape, false},
		{"crosses the notch without entering", V(1.5, 3.9), V(3.9, 1.5), lShape, false},
		{"outside", V(-1, -1), V(-1, 5), lShape, false},
		{"point inside", V(0.5, 0.5), V(0.5, 0.5), lShape, true},
		{"degenerate polygon", V(0, 0), V(1, 1), lShape[:2], false},
	}
	for _, c := range cases {
		for _, poly := range bothWindings(c.poly) {
			if got := SegPolygonIntersects(c.p, c.q, poly); got != c.want {
				t.Errorf("%s: SegPolygonIntersects = %v", c.name, got)
			}
			if got := SegPolygonIntersects(c.q, c.p, poly); got != c.want {
				t.Errorf("%s (reversed): SegPolygonIntersects = %v", c.name, got)
			}
		}
	}
}

func TestRectPolygon(t *testing.T) {
	// A long thin base on the diagonal x+y=3: its corners lie in the foot and
	// the upright of the L, but its middle crosses the notch.
	acrossNotch := NewRect(V(1.5, 1.5), 45, 2*1.2*sqrt2, 0.2)
	cases := []struct {
		name            string
		r               Rect
		poly            []Vec
		overlap, inside bool
	}{
		{"in the foot", NewBase(V(2.5, 0.5), 0), lShape, true, true},
		{"flush with foot edges", NewRect(V(2.5, 0.5), 0, 1, 1), lShape, true, true},
		{"in the notch", NewBase(V(2.5, 2.5), 0), lShape, false, false},
		{"in the notch, touching both inner edges", NewRect(V(1.5, 1.5), 0, 1, 1), lShape, false, false},
		{"outside touching the east edge", NewRect(V(4.5, 0.5), 0, 1, 1), lShape, false, false},
		{"straddling the east edge", NewBase(V(4, 0.5), 0), lShape, true, false},
		{"straddling the inner corner", NewBase(V(1, 1), 0), lShape, true, false},
		{"corners inside, middle in notch", acrossNotch, lShape, true, false},
		{"same as polygon", NewRect(V(1, 1), 0, 2, 2), square2, true, true},
		{"same as polygon, rotated 90", NewRect(V(1, 1), 90, 2, 2), square2, true, true},
		{"containing polygon", NewRect(V(1, 1), 30, 5, 5), square2, true, false},
		{"crossing polygon like a plus", NewRect(V(1, 1), 0, 4, 0.5), square2, true, false},
		{"45 inside square", NewRect(V(1, 1), 45, sqrt2, sqrt2), square2, true, true},
		{"45 corner on square edge from outside", NewRect(V(3, 1), 45, sqrt2, sqrt2), square2, false, false},
		{"45 corner through square edge", NewRect(V(2.9, 1), 45, sqrt2, sqrt2), square2, true, false},
		{"far away", NewBase(V(10, 10), 0), square2, false, false},
		{"degenerate polygon", NewBase(V(0, 0), 0), square2[:2], false, false},
	}
	for _, c := range cases {
		for _, poly := range bothWindings(c.poly) {
			if got := RectPolygonOverlap(c.r, poly); got != c.overlap {
				t.Errorf("%s: RectPolygonOverlap = %v", c.name, got)
			}
			if got := RectInsidePolygon(c.r, poly); got != c.inside {
				t.Errorf("%s: RectInsidePolygon = %v", c.name, got)
			}
		}
	}
	// The base across the notch has every corner in the L; only the edge
	// check keeps RectInsidePolygon honest.
	for _, k := range acrossNotch.Corners() {
		if !PointInPolygon(k, lShape) {
			t.Fatalf("test setup: corner %v of acrossNotch not in the L", k)
		}
	}
}

func TestPolygonCentroid(t *testing.T) {
	cases := []struct {
		name string
		poly []Vec
		want Vec
	}{
		{"square", square2, V(1, 1)},
		{"L", lShape, V(9.5/7, 9.5/7)},
		{"triangle", []Vec{V(0, 0), V(3, 0), V(0, 3)}, V(1, 1)},
		{"offset square", []Vec{V(10, 20), V(12, 20), V(12, 21), V(10, 21)}, V(11, 20.5)},
		{"collinear", []Vec{V(0, 0), V(1, 1), V(2, 2)}, V(1, 1)},
		{"two points", []Vec{V(0, 0), V(2, 4)}, V(1, 2)},
		{"one point", []Vec{V(3, 4)}, V(3, 4)},
		{"empty", nil, V(0, 0)},
	}
	for _, c := range cases {
		for _, poly := range bothWindings(c.poly) {
			checkVec(t, c.name, PolygonCentroid(poly), c.want, 1e-12)
		}
	}
}

func countSplits(p, q Vec, poly []Vec) int {
	n := 0
	a := poly[len(poly)-1]
	for _, b := range poly {
		t0, t1, k := splitParams(p, q.Sub(p), a, b)
		if k >= 1 && t0 > 0 && t0 < 1 {
			n++
		}
		if k == 2 && t1 > 0 && t1 < 1 {
			n++
		}
		a = b
	}
	return n
}
