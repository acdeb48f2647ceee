package geom

import (
	"math"
	"testing"
)

func TestVecOps(t *testing.T) {
	a, b := V(3, 4), V(-1, 2)
	checkVec(t, "Add", a.Add(b), V(2, 6), 0)
	checkVec(t, "Sub", a.Sub(b), V(4, 2), 0)
	checkVec(t, "Scale", a.Scale(-0.5), V(-1.5, -2), 0)
	checkNear(t, "Dot", a.Dot(b), 5, 0)
	checkNear(t, "Cross", a.Cross(b), 3*2-4*(-1), 0)
	checkNear(t, "Cross anticommutes", b.Cross(a), -10, 0)
	checkNear(t, "Len", a.Len(), 5, 0)
	checkNear(t, "Len2", a.Len2(), 25, 0)
	checkVec(t, "Norm", a.Norm(), V(0.6, 0.8), tol)
	checkVec(t, "Norm zero", Vec{}.Norm(), Vec{}, 0)
	checkNear(t, "Dist", a.Dist(V(0, 0)), 5, 0)
	checkVec(t, "Perp", V(0, 1).Perp(), V(1, 0), 0)
	checkVec(t, "Perp", a.Perp(), V(4, -3), 0)
	checkVec(t, "Lerp 0", a.Lerp(b, 0), a, 0)
	checkVec(t, "Lerp 1", a.Lerp(b, 1), b, 0)
	checkVec(t, "Lerp half", a.Lerp(b, 0.5), V(1, 3), 0)
	checkVec(t, "Lerp extrapolates", a.Lerp(b, 2), V(-5, 0), tol)
	if V(1, 2) != (Vec{1, 2}) {
		t.Error("V does not build the vector")
	}
}

func TestNormDeg(t *testing.T) {
	cases := []struct{ in, want float64 }{
		{0, 0}, {90, 90}, {359.5, 359.5}, {360, 0}, {720.5, 0.5},
		{-90, 270}, {-360, 0}, {-450, 270}, {-1e-20, 0}, {math.Copysign(0, -1), 0},
	}
	for _, c := range cases {
		got := NormDeg(c.in)
		if got != c.want || math.Signbit(got) {
			t.Errorf("NormDeg(%g) = %g, want %g", c.in, got, c.want)
		}
	}
	if !math.IsNaN(NormDeg(math.Inf(1))) {
		t.Error("NormDeg(+Inf) should be NaN")
	}
}

func TestAngleDiff(t *testing.T) {
	cases := []struct{ a, b, want float64 }{
		{0, 0, 0}, {350, 10, 20}, {10, 350, 20}, {0, 180, 180}, {90, -270, 0},
		{45, 315, 90}, {30, 200, 170}, {-30, 30, 60}, {720, 90, 90},
	}
	for _, c := range cases {
		checkNear(t, "AngleDiff", AngleDiff(c.a, c.b), c.want, tol)
	}
}

func TestHeading(t *testing.T) {
	h := sqrt2 / 2
	cases := []struct {
		deg  float64
		want Vec
	}{
		{0, V(0, 1)}, {90, V(1, 0)}, {180, V(0, -1)}, {270, V(-1, 0)},
		{360, V(0, 1)}, {-90, V(-1, 0)}, {450, V(1, 0)},
		{45, V(h, h)}, {135, V(h, -h)}, {225, V(-h, -h)}, {315, V(-h, h)},
		{30, V(0.5, sqrt3/2)}, {60, V(sqrt3/2, 0.5)}, {-30, V(-0.5, sqrt3/2)},
		{210, V(-0.5, -sqrt3/2)},
	}
	for _, c := range cases {
		got := Heading(c.deg)
		if !nearVec(got, c.want, 1e-15) {
			t.Errorf("Heading(%g) = %v, want %v", c.deg, got, c.want)
		}
		checkNear(t, "|Heading|", got.Len(), 1, 1e-15)
	}
	// Cardinals must be exact, with no negative zeros.
	for _, deg := range []float64{0, 90, 180, 270} {
		v := Heading(deg)
		if v.X != math.Round(v.X) || v.Y != math.Round(v.Y) ||
			(v.X == 0 && math.Signbit(v.X)) || (v.Y == 0 && math.Signbit(v.Y)) {
			t.Errorf("Heading(%g) = %#v is not an exact unit axis", deg, v)
		}
	}
}

func TestFacingOf(t *testing.T) {
	cases := []struct {
		v    Vec
		want float64
	}{
		{V(0, 0), 0}, {V(0, 2), 0}, {V(3, 0), 90}, {V(0, -1), 180}, {V(-5, 0), 270},
		{V(1, 1), 45}, {V(1, -1), 135}, {V(-1, -1), 225}, {V(-1, 1), 315},
		{V(1, sqrt3), 30}, {V(-1, sqrt3), 330},
	}
	for _, c := range cases {
		checkNear(t, "FacingOf", FacingOf(c.v), c.want, 1e-12)
	}
	for _, deg := range []float64{0, 90, 180, 270} {
		if got := FacingOf(Heading(deg)); got != deg {
			t.Errorf("FacingOf(Heading(%g)) = %g, not exact", deg, got)
		}
	}
	for deg := -720.0; deg < 720; deg += 7.25 {
		got := FacingOf(Heading(deg))
		if AngleDiff(got, deg) > 1e-12 || got < 0 || got >= 360 {
			t.Errorf("FacingOf(Heading(%g)) = %g", deg, got)
		}
	}
}
