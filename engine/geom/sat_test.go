package geom

import "testing"

const contactTol = 1e-9

func TestOverlapPenetrationDistance(t *testing.T) {
	h := sqrt2 / 2
	north := NewBase(V(0, 0), 0)
	at45 := NewBase(V(2, 2), 45)
	east := NewBase(V(0, 0), 90)
	at30 := NewBase(V(0, 0), 30)
	// x of the front-right corner of a base facing 30 at the origin.
	fr30 := 0.125 + sqrt3/4
	diamond := NewRect(V(0, 0), 45, 1, 1)

	cases := []struct {
		name     string
		a, b     Rect
		pen      float64 // expected Penetration
		dist     float64 // expected RectDistance
		overlap  bool    // Overlap(a, b, 1e-9)
		touching bool    // Touching(a, b, 1e-9)
		tol      float64
	}{
		{"side by side 1in apart", north, NewBase(V(1, 0), 0), 0, 0, false, true, 0},
		{"side by side 0.9in", north, NewBase(V(0.9, 0), 0), 0.1, 0, true, false, tol},
		{"side by side 1.2in", north, NewBase(V(1.2, 0), 0), -0.2, 0.2, false, false, tol},
		{"front to rear", north, NewBase(V(0, 0.5), 0), 0, 0, false, true, 0},
		{"front to front", north, NewBase(V(0, 0.5), 180), 0, 0, false, true, 0},
		{"same place", north, north, 0.5, 0, true, false, 0},
		{"corner to corner", north, NewBase(V(1, 0.5), 0), 0, 0, false, true, 0},
		{"diagonal apart", north, NewBase(V(1.3, 0.9), 0), -0.4, 0.5, false, false, tol},
		{"45 side by side", at45, at45.Moved(at45.Right()), 0, 0, false, true, 1e-15},
		{"45 overlapping", at45, at45.Moved(at45.Right().Scale(0.9)), 0.1, 0, true, false, 1e-15},
		{"45 apart front", at45, at45.Moved(at45.F.Scale(0.75)), -0.25, 0.25, false, false, 1e-15},
		{"90 front to rear", east, NewBase(V(0.5, 0), 90), 0, 0, false, true, 0},
		{"90 overlapping", east, NewBase(V(0.4, 0), 90), 0.1, 0, true, false, tol},
		{"90 side by side", east, NewBase(V(0, 1), 90), 0, 0, false, true, 0},
		{"90 against 0, flank contact", east, NewBase(V(0.75, 0), 0), 0, 0, false, true, 0},
		{"30 apart from 0", at30, NewBase(V(2, 0), 0), -(1.375 - sqrt3/4), 1.375 - sqrt3/4, false, false, 1e-15},
		{"30 corner on 0 flank", at30, NewBase(V(fr30+0.5, 0), 0), 0, 0, false, true, 1e-15},
		{"30 corner into 0 flank", at30, NewBase(V(fr30+0.4, 0), 0), 0.1, 0, true, false, 1e-15},
		{"diamond tip on rear face", diamond, NewBase(V(0, h+0.25), 0), 0, 0, false, true, 1e-15},
		{"diamond tip through rear face", diamond, NewBase(V(0, h+0.15), 0), 0.1, 0, true, false, 1e-15},
		// The base's rear-left corner (1.5, h+1) is nearest the diamond's
		// upper-right face x+y=h, at distance (1.5+h+1-h)/sqrt2; that face's
		// normal is also the best separating axis.
		{"diamond face to corner", diamond, NewBase(V(2, h+1.25), 0), -2.5 / sqrt2, 2.5 / sqrt2, false, false, 1e-15},
	}
	for _, c := range cases {
		for _, swap := range []bool{false, true} {
			a, b := c.a, c.b
			if swap {
				a, b = b, a
			}
			name := c.name
			if swap {
				name += " (swapped)"
			}
			checkNear(t, name+": Penetration", Penetration(a, b), c.pen, c.tol)
			checkNear(t, name+": RectDistance", RectDistance(a, b), c.dist, c.tol)
			if got := Overlap(a, b, contactTol); got != c.overlap {
				t.Errorf("%s: Overlap = %v, want %v", name, got, c.overlap)
			}
			if got := Touching(a, b, contactTol); got != c.touching {
				t.Errorf("%s: Touching = %v, want %v", name, got, c.touching)
			}
		}
	}
}

func TestOverlapEps(t *testing.T) {
	a := NewBase(V(0, 0), 0)
	b := NewBase(V(0.99, 0), 0) // penetration 0.01
	if !Overlap(a, b, 0.005) || Overlap(a, b, 0.02) {
		t.Error("eps does not set the overlap threshold")
	}
	// Exact contact never overlaps, even with eps = 0.
	if Overlap(a, NewBase(V(1, 0), 0), 0) {
		t.Error("exact contact overlaps with eps 0")
	}
	// A generous tolerance makes a small gap count as contact.
	if !Touching(a, NewBase(V(1.1, 0), 0), 0.2) {
		t.Error("gap of 0.1 is not touching at tol 0.2")
	}
	if Touching(a, NewBase(V(0.9, 0), 0), 0.05) {
		t.Error("overlap of 0.1 is touching at tol 0.05")
	}
}

func TestSweep(t *testing.T) {
	h := sqrt2 / 2
	origin := NewBase(V(0, 0), 0)
	diamond := NewRect(V(0, 0), 45, 1, 1)
	cases := []struct {
		name  string
		a     Rect
		d     Vec
		b     Rect
		eps   float64
		hit   bool
		t     float64
		tTol  float64
		noSym bool
	}{
		{"head-on", origin, V(0, 4), NewBase(V(0, 3), 180), 0, true, 0.625, 0, false},
		{"head-on with eps", origin, V(0, 4), NewBase(V(0, 3), 180), 1e-9, true, 0.625 + 1e-9/4, 1e-15, false},
		{"move into exact contact", origin, V(0, 2.5), NewBase(V(0, 3), 180), 0, false, 0, 0, false},
		{"move into contact with eps", origin, V(0, 2.5), NewBase(V(0, 3), 180), 1e-9, false, 0, 0, false},
		{"parallel miss", origin, V(0, 4), NewBase(V(1.5, 2), 0), 1e-9, false, 0, 0, false},
		{"slide past in contact", origin, V(0, 4), NewBase(V(1, 2), 0), 1e-9, false, 0, 0, false},
		{"already overlapping", origin, V(0, 4), NewBase(V(0.3, 0), 0), 1e-9, true, 0, 0, false},
		{"already overlapping, moving away", origin, V(-4, 0), NewBase(V(0.3, 0), 0), 1e-9, true, 0, 0, false},
		{"moving away", origin, V(0, -2), NewBase(V(0, 1), 0), 1e-9, false, 0, 0, false},
		{"falls short", origin, V(0, 1), NewBase(V(0, 3), 0), 1e-9, false, 0, 0, false},
		{"passes through", origin, V(0, 10), NewBase(V(0, 3), 0), 0, true, 2.5 / 10, 1e-15, false},
		{"glancing corner", diamond, V(4, 0), NewRect(V(3, 0.9), 0, 1, 1), 0, true, (2.9 - h) / 4, 1e-15, false},
		{"glancing miss", diamond, V(4, 0), NewRect(V(3, 1.25), 0, 1, 1), 1e-9, false, 0, 0, false},
		{"corner to corner diagonal", origin, V(3, 1.5), NewBase(V(3, 1.5), 0), 0, true, 2.0 / 3, 1e-15, false},
		{"corner grazes corner", origin, V(3, 1), NewBase(V(3, 1.5), 0), 1e-9, false, 0, 0, false},
		{"rotated 30 into flank", NewBase(V(0, 0), 30), V(4, 0), NewBase(V(3, 0), 0), 0, true, (2.375 - sqrt3/4) / 4, 1e-15, false},
		{"rotated 90 head-on", NewBase(V(0, 0), 90), V(2, 0), NewBase(V(1.5, 0), 270), 0, true, 1.0 / 2, 0, false},
		{"45 column closes up", NewBase(V(2, 2), 45), Heading(45).Scale(2), NewBase(V(2, 2).Add(Heading(45).Scale(1.5)), 45), 0, true, 0.5, 1e-15, false},
		{"zero move apart", origin, V(0, 0), NewBase(V(2, 0), 0), 0, false, 0, 0, false},
		{"zero move touching", origin, V(0, 0), NewBase(V(1, 0), 0), 0, false, 0, 0, false},
		{"eps larger than any overlap", origin, V(0, 4), NewBase(V(0, 3), 0), 1, false, 0, 0, false},
	}
	for _, c := range cases {
		got, hit := Sweep(c.a, c.d, c.b, c.eps)
		if hit != c.hit || (hit && !near(got, c.t, c.tTol)) {
			t.Errorf("%s: Sweep = (%.17g, %v), want (%.17g, %v)", c.name, got, hit, c.t, c.hit)
			continue
		}
		if hit && got > 0 {
			// Just before the reported time the bases are clear, just after they overlap.
			before := c.a.Moved(c.d.Scale(got - 1e-7))
			after := c.a.Moved(c.d.Scale(got + 1e-7))
			if Overlap(before, c.b, c.eps) || !Overlap(after, c.b, c.eps) {
				t.Errorf("%s: Sweep time %g is not the moment of first overlap", c.name, got)
			}
		}
		// Moving b by -d against a stationary a is the same relative motion.
		if !c.noSym {
			got2, hit2 := Sweep(c.b, c.d.Scale(-1), c.a, c.eps)
			if hit2 != hit || !near(got2, got, 1e-12) {
				t.Errorf("%s: reversed Sweep = (%g, %v), forward (%g, %v)", c.name, got2, hit2, got, hit)
			}
		}
	}
}
