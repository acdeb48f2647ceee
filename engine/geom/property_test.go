package geom

import (
	"math"
	"math/rand/v2"
	"testing"
)

const propertyPairs = 10000

func randRect(rng *rand.Rand) Rect {
	c := V(rng.Float64()*6, rng.Float64()*6)
	return NewRect(c, rng.Float64()*360, 0.1+rng.Float64()*2.9, 0.1+rng.Float64()*1.9)
}

// clipArea returns the area common to a and b, found by clipping a's
// outline against each edge of b in turn (Sutherland-Hodgman). It is an
// independent, brute-force route to the overlap question.
func clipArea(a, b Rect) float64 {
	poly := a.Corners()
	cur := poly[:]
	bc := b.Corners()
	for i := range 4 {
		s, e := bc[i], bc[(i+1)%4]
		// Corners run clockwise, so inside is to the right of each edge.
		inside := func(p Vec) bool { return e.Sub(s).Cross(p.Sub(s)) <= 0 }
		var next []Vec
		for j := range cur {
			p, q := cur[j], cur[(j+1)%len(cur)]
			pin, qin := inside(p), inside(q)
			if pin {
				next = append(next, p)
			}
			if pin != qin {
				// Where p-q crosses the line s-e.
				dp, dq := e.Sub(s).Cross(p.Sub(s)), e.Sub(s).Cross(q.Sub(s))
				next = append(next, p.Lerp(q, dp/(dp-dq)))
			}
		}
		cur = next
		if len(cur) < 3 {
			return 0
		}
	}
	area := 0.0
	for j := range cur {
		area += cur[j].Cross(cur[(j+1)%len(cur)])
	}
	return math.Abs(area) / 2
}

// edgeDist is the brute-force distance between two rectangles: the least
// distance between any edge of one and any edge of the other.
func edgeDist(a, b Rect) float64 {
	best := math.Inf(1)
	for f := FaceFront; f <= FaceLeft; f++ {
		p1, p2 := a.FaceEnds(f)
		for g := FaceFront; g <= FaceLeft; g++ {
			q1, q2 := b.FaceEnds(g)
			best = min(best, SegSegDist(p1, p2, q1, q2))
		}
	}
	return best
}

func TestPropertyOverlapAndDistance(t *testing.T) {
	rng := rand.New(rand.NewPCG(1815, 618))
	ambiguous, overlaps := 0, 0
	for i := range propertyPairs {
		a, b := randRect(rng), randRect(rng)
		area := clipArea(a, b)
		ov := Overlap(a, b, 1e-9)
		if ov {
			overlaps++
		}
		switch {
		case area > 1e-9:
			if !ov {
				t.Fatalf("pair %d: common area %g but Overlap false\na=%+v\nb=%+v", i, area, a, b)
			}
		case area == 0:
			if ov {
				t.Fatalf("pair %d: no common area but Overlap true (pen %g)\na=%+v\nb=%+v", i, Penetration(a, b), a, b)
			}
		default:
			ambiguous++ // too thin a sliver to call either way
		}
		if ov != Overlap(b, a, 1e-9) {
			t.Fatalf("pair %d: Overlap not symmetric", i)
		}

		dab, dba := RectDistance(a, b), RectDistance(b, a)
		if dab != dba {
			t.Fatalf("pair %d: RectDistance not symmetric: %g vs %g", i, dab, dba)
		}
		separated := Penetration(a, b) < 0
		if (dab == 0) == separated {
			t.Fatalf("pair %d: RectDistance %g but Penetration %g", i, dab, Penetration(a, b))
		}
		if area > 0 && dab != 0 {
			t.Fatalf("pair %d: common area %g but RectDistance %g", i, area, dab)
		}
		if separated && math.Abs(dab-edgeDist(a, b)) > 1e-12 {
			t.Fatalf("pair %d: RectDistance %g, brute force %g", i, dab, edgeDist(a, b))
		}
	}
	if ambiguous > propertyPairs/100 {
		t.Errorf("%d of %d pairs were too close to call", ambiguous, propertyPairs)
	}
	if overlaps < propertyPairs/10 || overlaps > propertyPairs*9/10 {
		t.Errorf("%d of %d pairs overlap; the sample does not exercise both answers", overlaps, propertyPairs)
	}
	t.Logf("%d overlapping pairs, %d too close to call", overlaps, ambiguous)
}

// touchingPair returns a random base a and a random base b placed so that
// b's lowest corner in the direction of one of a's faces sits on that face:
// the two are in contact, at an arbitrary angle, with no overlap.
func touchingPair(rng *rand.Rand) (a, b Rect) {
	a, b = randRect(rng), randRect(rng)
	f := Face(rng.IntN(4))
	e1, e2 := a.FaceEnds(f)
	target := e1.Lerp(e2, rng.Float64())
	n := a.FaceCentre(f).Sub(a.C).Norm() // outward normal of the face
	lowest := b.Corners()[0]
	for _, k := range b.Corners() {
		if k.Dot(n) < lowest.Dot(n) {
			lowest = k
		}
	}
	return a, b.Moved(target.Sub(lowest))
}

func TestPropertyTouching(t *testing.T) {
	rng := rand.New(rand.NewPCG(1806, 1807))
	for i := range propertyPairs {
		a, b := touchingPair(rng)
		if Overlap(a, b, 1e-9) || Overlap(b, a, 1e-9) {
			t.Fatalf("pair %d: touching bases overlap (pen %g)\na=%+v\nb=%+v", i, Penetration(a, b), a, b)
		}
		if !Touching(a, b, 1e-9) || !Touching(b, a, 1e-9) {
			t.Fatalf("pair %d: touching bases not Touching (dist %g, pen %g)", i, RectDistance(a, b), Penetration(a, b))
		}
		// Nudged together by a hundredth of an inch they must overlap.
		n := b.C.Sub(a.C)
		if _, hit := Sweep(b, n.Norm().Scale(-0.01), a, 1e-9); !hit {
			// Moving centre to centre always closes the contact.
			t.Fatalf("pair %d: pushing touching bases together does not hit", i)
		}
	}
}

func TestPropertySweep(t *testing.T) {
	rng := rand.New(rand.NewPCG(1812, 1813))
	const step = 1e-4
	const steps = 10000
	const eps = 1e-9
	hits, shortMisses := 0, 0
	for i := range propertyPairs {
		a, b := randRect(rng), randRect(rng)
		var d Vec
		if rng.IntN(2) == 0 {
			// Aimed roughly at b, so that many moves collide.
			d = b.C.Sub(a.C).Scale(2 * rng.Float64()).Add(V(rng.Float64()*2-1, rng.Float64()*2-1))
		} else {
			d = Heading(rng.Float64() * 360).Scale(rng.Float64() * 8)
		}
		ts, hit := Sweep(a, d, b, eps)

		// Bases whose circumscribed circles are apart cannot overlap; testing
		// that first keeps ten thousand steps per move affordable.
		reach := math.Hypot(a.HW, a.HD) + math.Hypot(b.HW, b.HD)
		stepT, stepHit := 0.0, false
		for k := 0; k <= steps; k++ {
			tk := float64(k) * step
			if a.C.Add(d.Scale(tk)).Sub(b.C).Len2() > reach*reach {
				continue
			}
			if Overlap(a.Moved(d.Scale(tk)), b, eps) {
				stepT, stepHit = tk, true
				break
			}
		}
		switch {
		case hit && stepHit:
			hits++
			if stepT < ts-1e-9 || stepT-ts > 1e-3 {
				t.Fatalf("pair %d: Sweep t=%g, stepping t=%g", i, ts, stepT)
			}
		case stepHit:
			t.Fatalf("pair %d: stepping hits at %g, Sweep misses\na=%+v\nd=%v\nb=%+v", i, stepT, a, d, b)
		case hit:
			// The overlap may be too brief for the steps to land in it.
			lo, hi := sweepInterval(a, d, b, eps)
			lo, hi = max(lo, 0), min(hi, 1)
			if hi-lo > 2*step {
				t.Fatalf("pair %d: Sweep hits on (%g,%g), stepping misses", i, lo, hi)
			}
			shortMisses++
		}
	}
	if hits < propertyPairs/5 {
		t.Errorf("only %d of %d moves collided; the test is too easy", hits, propertyPairs)
	}
	t.Logf("%d hits, %d overlaps too brief for stepping", hits, shortMisses)
}

// star returns a random star-shaped, generally concave, polygon of n
// vertices about c.
func star(rng *rand.Rand, c Vec, n int) []Vec {
	poly := make([]Vec, n)
	for i := range poly {
		ang := (float64(i) + 0.8*rng.Float64()) * 360 / float64(n)
		poly[i] = c.Add(Heading(ang).Scale(0.5 + 2.5*rng.Float64()))
	}
	return poly
}

func TestPropertySegInPolygonLength(t *testing.T) {
	rng := rand.New(rand.NewPCG(1798, 1799))
	const samples = 4000
	for i := range 500 {
		poly := star(rng, V(3, 3), 3+rng.IntN(15))
		p, q := V(rng.Float64()*6, rng.Float64()*6), V(rng.Float64()*6, rng.Float64()*6)
		got := SegInPolygonLength(p, q, poly)
		// Midpoint-rule estimate: each sample stands for 1/samples of the length.
		in := 0
		for k := range samples {
			if PointInPolygon(p.Lerp(q, (float64(k)+0.5)/samples), poly) {
				in++
			}
		}
		l := p.Dist(q)
		est := float64(in) / samples * l
		// Each boundary crossing can misplace at most one sample.
		if math.Abs(got-est) > float64(2*len(poly)+2)*l/samples {
			t.Fatalf("case %d: SegInPolygonLength %g, sampled %g\np=%v q=%v poly=%v", i, got, est, p, q, poly)
		}
		if (got > 0) && !SegPolygonIntersects(p, q, poly) {
			t.Fatalf("case %d: length %g inside but SegPolygonIntersects false", i, got)
		}
	}
}

func TestPropertySegWithinPolyline(t *testing.T) {
	rng := rand.New(rand.NewPCG(1809, 1810))
	const samples = 2000
	agreeTrue := 0
	for i := range 1000 {
		line := make([]Vec, 2+rng.IntN(5))
		pos := V(rng.Float64()*2, rng.Float64()*2)
		for k := range line {
			line[k] = pos
			pos = pos.Add(Heading(rng.Float64() * 360).Scale(0.3 + rng.Float64()))
		}
		hw := 0.1 + rng.Float64()*0.5
		// Start on the road so that a fair share of the cases are true.
		seg := rng.IntN(len(line) - 1)
		p := line[seg].Lerp(line[seg+1], rng.Float64())
		q := p.Add(Heading(rng.Float64() * 360).Scale(rng.Float64() * 1.5))
		got := SegWithinPolyline(p, q, line, hw)
		worst := 0.0
		for k := 0; k <= samples; k++ {
			worst = max(worst, PointPolylineDist(p.Lerp(q, float64(k)/samples), line))
		}
		switch {
		case got && worst > hw+1e-9:
			t.Fatalf("case %d: SegWithinPolyline true but a sample is %g from the road (hw %g)", i, worst, hw)
		case !got && worst <= hw:
			// Only a departure too brief for the samples to see is allowed:
			// between samples the distance can rise by at most the step.
			step := p.Dist(q) / samples
			if worst < hw-step {
				t.Fatalf("case %d: SegWithinPolyline false but every sample is within %g of the road (hw %g)", i, worst, hw)
			}
		case got:
			agreeTrue++
		}
	}
	if agreeTrue < 100 {
		t.Errorf("only %d cases were on the road; the test is too easy", agreeTrue)
	}
}

func TestPropertyRectPolygon(t *testing.T) {
	rng := rand.New(rand.NewPCG(1805, 1806))
	const grid = 30
	overlaps, insides := 0, 0
	for i := range 1000 {
		poly := star(rng, V(3, 3), 3+rng.IntN(12))
		r := NewRect(V(rng.Float64()*6, rng.Float64()*6), rng.Float64()*360, 0.2+rng.Float64()*2, 0.2+rng.Float64())
		ov, inside := RectPolygonOverlap(r, poly), RectInsidePolygon(r, poly)
		anyIn, allIn := false, true
		for u := range grid {
			for v := range grid {
				// Points strictly inside the base, away from its boundary.
				along := (2*(float64(u)+0.5)/grid - 1) * r.HD
				across := (2*(float64(v)+0.5)/grid - 1) * r.HW
				in := PointInPolygon(r.C.Add(r.F.Scale(along)).Add(r.Right().Scale(across)), poly)
				anyIn = anyIn || in
				allIn = allIn && in
			}
		}
		if anyIn && !ov {
			t.Fatalf("case %d: a sample of the base is in the polygon but RectPolygonOverlap is false", i)
		}
		if inside && !allIn {
			t.Fatalf("case %d: RectInsidePolygon true but a sample of the base is outside", i)
		}
		if inside && !ov {
			t.Fatalf("case %d: inside but not overlapping", i)
		}
		if ov {
			overlaps++
		}
		if inside {
			insides++
		}
	}
	if overlaps < 100 || insides < 20 {
		t.Errorf("only %d overlapping and %d inside cases; the test is too easy", overlaps, insides)
	}
	t.Logf("%d overlapping, %d inside", overlaps, insides)
}

// TestBeyondSegAgreesWithPointSegDist checks the broad-phase shortcut
// against the distance it stands for, on random points and on points set
// exactly at the reach along an axis or off a segment's end, where the
// bounding-box test must leave the answer to the distance.
func TestBeyondSegAgreesWithPointSegDist(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	check := func(p, a, b Vec, r float64) {
		t.Helper()
		if got, want := BeyondSeg(p, a, b, r), PointSegDist(p, a, b) > r; got != want {
			t.Fatalf("BeyondSeg(%v, %v, %v, %v) = %v; PointSegDist %v", p, a, b, r, got, PointSegDist(p, a, b))
		}
	}
	for range propertyPairs {
		a := V(rng.Float64()*12, rng.Float64()*12)
		b := a
		if rng.IntN(4) > 0 {
			b = V(rng.Float64()*12, rng.Float64()*12)
		}
		r := []float64{0.6, 1.2, 2.2}[rng.IntN(3)]
		check(V(rng.Float64()*12, rng.Float64()*12), a, b, r)
		check(a.Add(V(r, 0)), a, b, r)
		check(b.Sub(V(0, r)), a, b, r)
		check(a.Add(V(r, r).Scale(0.7)), a, b, r)
		check(b.Add(V(-r-1e-12, 0)), a, b, r)
	}
}
