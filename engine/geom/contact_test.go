package geom

import "testing"

func TestContactLength(t *testing.T) {
	front := NewRect(V(0, 0), 0, 4, 1) // facing +Y: front edge y=0.5
	cases := []struct {
		name   string
		b      Rect
		lo, hi float64
	}{
		{"FlushFrontToFront", NewRect(V(0, 1), 180, 4, 1), 3.99, 4.2},
		{"HalfOverlapFront", NewRect(V(2, 1), 180, 4, 1), 1.99, 2.2},
		{"CornerToCorner", NewRect(V(4, 1), 180, 4, 1), 0, 0.15},
		{"Apart", NewRect(V(0, 2), 180, 4, 1), 0, 0},
		{"AngledCornerOnEdge", NewRect(V(0, 0.5+0.70710678), 45, 1, 1), 0, 0.25},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := ContactLength(front, c.b, 0.05)
			if got < c.lo || got > c.hi {
				t.Fatalf("contact %g, want %g..%g", got, c.lo, c.hi)
			}
			if back := ContactLength(c.b, front, 0.05); back != got {
				t.Fatalf("not symmetric: %g and %g", got, back)
			}
		})
	}
}
