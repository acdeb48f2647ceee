package geom

import "testing"

// Sinks keep the compiler from discarding the benchmarked calls.
var (
	sinkBool  bool
	sinkFloat float64
	sinkInt   int
)

func BenchmarkOverlap(b *testing.B) {
	b.ReportAllocs()
	x, y := NewBase(V(1, 1), 30), NewBase(V(1.8, 1.3), 75)
	for b.Loop() {
		sinkBool = Overlap(x, y, 1e-9)
	}
}

func BenchmarkSweep(b *testing.B) {
	b.ReportAllocs()
	x, y := NewBase(V(0, 0), 30), NewBase(V(3, 2), 75)
	d := V(6, 4)
	for b.Loop() {
		sinkFloat, sinkBool = Sweep(x, d, y, 1e-9)
	}
}

func BenchmarkRectDistance(b *testing.B) {
	b.ReportAllocs()
	x, y := NewBase(V(1, 1), 30), NewBase(V(4, 3), 75) // apart: the full corner-edge search
	for b.Loop() {
		sinkFloat = RectDistance(x, y)
	}
}

func BenchmarkSegRectIntersects(b *testing.B) {
	b.ReportAllocs()
	r := NewBase(V(3, 3), 30)
	p, q := V(0, 0), V(6, 5.5)
	for b.Loop() {
		sinkBool = SegRectIntersects(p, q, r)
	}
}

func BenchmarkSegInPolygonLength(b *testing.B) {
	b.ReportAllocs()
	p, q := V(0.5, 3), V(3, 0.5)
	for b.Loop() {
		sinkFloat = SegInPolygonLength(p, q, lShape)
	}
}

func BenchmarkSegInPolygonLengthFallback(b *testing.B) {
	b.ReportAllocs()
	poly := comb(40) // 80 crossings: beyond the stack buffer
	p, q := V(-1, 1.5), V(41, 1.5)
	for b.Loop() {
		sinkFloat = SegInPolygonLength(p, q, poly)
	}
}

func BenchmarkPenetration(b *testing.B) {
	b.ReportAllocs()
	x, y := NewBase(V(1, 1), 30), NewBase(V(1.8, 1.3), 75)
	for b.Loop() {
		sinkFloat = Penetration(x, y)
	}
}

func BenchmarkRectPolygonOverlap(b *testing.B) {
	b.ReportAllocs()
	r := NewBase(V(2.5, 2.5), 20) // in the notch: every edge is examined
	for b.Loop() {
		sinkBool = RectPolygonOverlap(r, lShape)
	}
}

func BenchmarkSegPolylineCrossings(b *testing.B) {
	b.ReportAllocs()
	p, q := V(1, -1), V(3, 3)
	for b.Loop() {
		sinkInt = SegPolylineCrossings(p, q, zigzag)
	}
}

func BenchmarkSegWithinPolyline(b *testing.B) {
	b.ReportAllocs()
	p, q := V(1.2, 0), V(2, 0.8)
	for b.Loop() {
		sinkBool = SegWithinPolyline(p, q, zigzag, 0.5)
	}
}

func BenchmarkPointInPolygon(b *testing.B) {
	b.ReportAllocs()
	p := V(0.7, 3)
	for b.Loop() {
		sinkBool = PointInPolygon(p, lShape)
	}
}
