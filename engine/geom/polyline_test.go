package geom

import (
	"math"
	"slices"
	"testing"
)

// zigzag runs east along y=0, north along x=2, then east along y=2.
var zigzag = []Vec{V(0, 0), V(2, 0), V(2, 2), V(4, 2)}

func reversed(line []Vec) []Vec {
	r := slices.Clone(line)
	slices.Reverse(r)
	return r
}

func TestPointPolylineDist(t *testing.T) {
	cases := []struct {
		name string
		p    Vec
		line []Vec
		want float64
	}{
		{"inside the bend", V(1, 1), zigzag, 1},
		{"above the top", V(3, 3), zigzag, 1},
		{"beyond the end", V(5, 2), zigzag, 1},
		{"before the start", V(-3, 4), zigzag, 5},
		{"outside the bend", V(3, -1), zigzag, sqrt2},
		{"on the line", V(2, 1.5), zigzag, 0},
		{"single point", V(3, 4), []Vec{V(0, 0)}, 5},
		{"empty", V(0, 0), nil, math.Inf(1)},
	}
	for _, c := range cases {
		checkNear(t, c.name, PointPolylineDist(c.p, c.line), c.want, 1e-15)
		checkNear(t, c.name+" reversed", PointPolylineDist(c.p, reversed(c.line)), c.want, 1e-15)
	}
}

func TestSegPolylineCrossings(t *testing.T) {
	// dip comes up from the south, runs along y=0 from x=0 to x=2, then
	// leaves to the north.
	dip := []Vec{V(0, -1), V(0, 0), V(2, 0), V(2, 1)}
	// bounce comes down to touch y=0 at x=1 and goes back up.
	bounce := []Vec{V(0, 1), V(1, 0), V(2, 1)}
	cases := []struct {
		name string
		p, q Vec
		line []Vec
		want int
	}{
		{"across the first leg", V(1, -1), V(1, 1), zigzag, 1},
		{"across the upright", V(0, 1), V(4, 1), zigzag, 1},
		{"across the last leg", V(3, 1), V(3, 3), zigzag, 1},
		{"across all three legs", V(1, -1), V(3, 3), zigzag, 3},
		{"through a vertex, crossing", V(3, -1), V(1, 1), zigzag, 1},
		{"through a vertex, touching", V(1, -1), V(3, 1), zigzag, 0},
		{"ends on the line", V(1, -1), V(1, 0), zigzag, 0},
		{"starts on the line", V(1, 0), V(1, 1), zigzag, 0},
		{"misses", V(5, 5), V(6, 6), zigzag, 0},
		{"collinear with a leg", V(-1, 0), V(3, 0), zigzag, 0},
		{"along a shared stretch, crossing", V(-1, 0), V(3, 0), dip, 1},
		{"shared stretch reaches the end", V(0, 0), V(3, 0), dip, 0},
		{"vertex touch from above", V(0, 0), V(2, 0), bounce, 0},
		{"crossing the bounce twice", V(0, 0.5), V(2, 0.5), bounce, 2},
		{"degenerate segment", V(1, 0), V(1, 0), zigzag, 0},
		{"degenerate line", V(0, -1), V(0, 1), []Vec{V(0, 0)}, 0},
	}
	for _, c := range cases {
		if got := SegPolylineCrossings(c.p, c.q, c.line); got != c.want {
			t.Errorf("%s: SegPolylineCrossings = %d, want %d", c.name, got, c.want)
		}
		if got := SegPolylineCrossings(c.q, c.p, c.line); got != c.want {
			t.Errorf("%s (segment reversed): SegPolylineCrossings = %d, want %d", c.name, got, c.want)
		}
		if got := SegPolylineCrossings(c.p, c.q, reversed(c.line)); got != c.want {
			t.Errorf("%s (line reversed): SegPolylineCrossings = %d, want %d", c.name, got, c.want)
		}
	}
}

func TestSegPolylineDist(t *testing.T) {
	cases := []struct {
		name string
		p, q Vec
		line []Vec
		want float64
	}{
		{"below the bend", V(3, -1), V(4, -1), zigzag, sqrt2},
		{"crossing", V(1, -1), V(1, 1), zigzag, 0},
		{"parallel above the start", V(0, 0.5), V(1, 0.5), zigzag, 0.5},
		{"inside the bend, corner to corner", V(1, 1), V(1.5, 1.5), zigzag, 0.5},
		{"single-point line", V(0, 0), V(2, 0), []Vec{V(1, 1)}, 1},
		{"empty line", V(0, 0), V(2, 0), nil, math.Inf(1)},
	}
	for _, c := range cases {
		checkNear(t, c.name, SegPolylineDist(c.p, c.q, c.line), c.want, 1e-15)
		checkNear(t, c.name+" reversed", SegPolylineDist(c.q, c.p, reversed(c.line)), c.want, 1e-15)
	}
}

func TestRectPolylineDist(t *testing.T) {
	cases := []struct {
		name string
		r    Rect
		line []Vec
		want float64
	}{
		// x in [2.5,3.5], y in [0.25,0.75]: the upright x=2 is 0.5 away.
		{"beside the upright", NewBase(V(3, 0.5), 0), zigzag, 0.5},
		{"straddling the first leg", NewBase(V(1, 0), 0), zigzag, 0},
		{"touching the first leg", NewBase(V(1, 0.25), 0), zigzag, 0},
		{"inside the bend", NewBase(V(1, 1), 0), zigzag, 0.5},
		{"below the bend corner", NewBase(V(3, -1), 0), zigzag, math.Hypot(0.5, 0.75)},
		// A base facing 45 at (3,-1): the bend (2,0) is level with its centre
		// (along = 0) and sqrt2 to its left, so its left face is nearest.
		{"45 below the bend", NewBase(V(3, -1), 45), zigzag, sqrt2 - 0.5},
		{"single point outside", NewBase(V(0, 0), 0), []Vec{V(0, 1)}, 0.75},
		{"single point inside", NewBase(V(0, 0), 0), []Vec{V(0.1, 0.1)}, 0},
		{"empty", NewBase(V(0, 0), 0), nil, math.Inf(1)},
	}
	for _, c := range cases {
		checkNear(t, c.name, RectPolylineDist(c.r, c.line), c.want, 1e-15)
		checkNear(t, c.name+" reversed", RectPolylineDist(c.r, reversed(c.line)), c.want, 1e-15)
	}
}

func TestSegWithinPolyline(t *testing.T) {
	road := []Vec{V(0, 0), V(4, 0)}
	bend := []Vec{V(0, 0), V(2, 0), V(2, 2)}
	cases := []struct {
		name string
		p, q Vec
		line []Vec
		hw   float64
		want bool
	}{
		{"down the middle", V(0, 0), V(4, 0), road, 0.5, true},
		{"inside the verge", V(0, 0.4), V(4, 0.4), road, 0.5, true},
		{"on the verge", V(0, 0.5), V(4, 0.5), road, 0.5, true},
		{"outside the verge", V(0, 0.6), V(1, 0.6), road, 0.5, false},
		{"off at right angles", V(1, 0), V(1, 1), road, 0.5, false},
		{"around the end cap", V(-0.3, 0), V(0, -0.3), road, 0.5, true},
		{"past the end cap", V(-0.6, 0), V(1, 0), road, 0.5, false},
		{"drifting out", V(0, 0), V(4, 0.6), road, 0.5, false},
		{"cutting the bend", V(1.2, 0), V(2, 0.8), bend, 0.5, true},
		{"cutting the bend on the verge", V(1, 0), V(2, 1), bend, 0.5, true},
		{"cutting the bend too far out", V(0.5, 0), V(2, 1.5), bend, 0.5, false},
		{"along the bend's outer verge", V(0, -0.5), V(2, -0.5), bend, 0.5, true},
		{"chord of the outside corner", V(2, -0.5), V(2.5, 0), bend, 0.5, true},
		{"past the outside corner", V(2, -0.5), V(2.5, -0.5), bend, 0.5, false},
		{"round the outside, within the cap", V(2.3, -0.3), V(2.4, 0), bend, 0.5, true},
		{"point on the road", V(1, 0.2), V(1, 0.2), road, 0.5, true},
		{"point off the road", V(1, 0.7), V(1, 0.7), road, 0.5, false},
		{"single-point line", V(0, 0.1), V(0.1, 0), []Vec{V(0, 0)}, 0.2, true},
		{"single-point line, too far", V(0, 0.3), V(0.3, 0), []Vec{V(0, 0)}, 0.2, false},
		{"zero width, on the centre line", V(1, 0), V(3, 0), road, 0, true},
		{"negative width", V(1, 0), V(3, 0), road, -1, false},
		{"empty line", V(1, 0), V(3, 0), nil, 1, false},
	}
	for _, c := range cases {
		if got := SegWithinPolyline(c.p, c.q, c.line, c.hw); got != c.want {
			t.Errorf("%s: SegWithinPolyline = %v", c.name, got)
		}
		if got := SegWithinPolyline(c.q, c.p, reversed(c.line), c.hw); got != c.want {
			t.Errorf("%s (reversed): SegWithinPolyline = %v", c.name, got)
		}
	}
}
