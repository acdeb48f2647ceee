package geom

import (
	"math"
	"testing"
)

func TestClosestOnSegAndPointSegDist(t *testing.T) {
	cases := []struct {
		name    string
		p, a, b Vec
		closest Vec
		dist    float64
	}{
		{"above middle", V(0, 1), V(-1, 0), V(1, 0), V(0, 0), 1},
		{"beyond b", V(3, 4), V(0, 0), V(1, 0), V(1, 0), math.Sqrt(20)},
		{"collinear before a", V(-2, 0), V(-1, 0), V(1, 0), V(-1, 0), 1},
		{"on segment", V(0.25, 0), V(-1, 0), V(1, 0), V(0.25, 0), 0},
		{"degenerate segment", V(4, 5), V(1, 1), V(1, 1), V(1, 1), 5},
		{"diagonal", V(2, 0), V(0, 0), V(2, 2), V(1, 1), sqrt2},
		{"30 degrees", V(0, 1), V(0, 0), Heading(60).Scale(4), Heading(60).Scale(0.5), sqrt3 / 2},
	}
	for _, c := range cases {
		checkVec(t, c.name+": ClosestOnSeg", ClosestOnSeg(c.p, c.a, c.b), c.closest, 1e-15)
		checkNear(t, c.name+": PointSegDist", PointSegDist(c.p, c.a, c.b), c.dist, 1e-15)
		checkNear(t, c.name+": PointSegDist reversed", PointSegDist(c.p, c.b, c.a), c.dist, 1e-15)
	}
}

func TestSegSegIntersect(t *testing.T) {
	cases := []struct {
		name           string
		p1, p2, q1, q2 Vec
		ok             bool
		t              float64
	}{
		{"cross", V(0, 0), V(2, 2), V(0, 2), V(2, 0), true, 0.5},
		{"cross reversed", V(2, 2), V(0, 0), V(0, 2), V(2, 0), true, 0.5},
		{"T-junction", V(0, 0), V(2, 0), V(1, 0), V(1, 1), true, 0.5},
		{"T-junction other way", V(1, 0), V(1, 1), V(0, 0), V(2, 0), true, 0},
		{"end to end", V(0, 0), V(1, 0), V(1, 0), V(2, 5), true, 1},
		{"miss", V(0, 0), V(1, 0), V(2, -1), V(2, 1), false, 0},
		{"near miss", V(0, 0), V(1, 0), V(1.0000001, -1), V(1.0000001, 1), false, 0},
		{"parallel apart", V(0, 0), V(1, 0), V(0, 1), V(1, 1), false, 0},
		{"collinear overlap", V(0, 0), V(4, 0), V(3, 0), V(1, 0), true, 0.25},
		{"collinear overlap reversed", V(4, 0), V(0, 0), V(1, 0), V(3, 0), true, 0.25},
		{"collinear inside other", V(1, 0), V(2, 0), V(0, 0), V(5, 0), true, 0},
		{"collinear apart", V(0, 0), V(1, 0), V(2, 0), V(3, 0), false, 0},
		{"collinear end to end", V(0, 0), V(1, 0), V(1, 0), V(3, 0), true, 1},
		{"collinear diagonal", V(0, 0), V(2, 2), V(1, 1), V(3, 3), true, 0.5},
		{"point on segment", V(1, 0), V(1, 0), V(0, 0), V(2, 0), true, 0},
		{"point off segment", V(1, 1), V(1, 1), V(0, 0), V(2, 0), false, 0},
		{"point beyond segment", V(3, 0), V(3, 0), V(0, 0), V(2, 0), false, 0},
		{"segment through point", V(0, 0), V(2, 0), V(0.5, 0), V(0.5, 0), true, 0.25},
		{"equal points", V(1, 1), V(1, 1), V(1, 1), V(1, 1), true, 0},
		{"different points", V(1, 1), V(1, 1), V(1, 2), V(1, 2), false, 0},
		{"30 degrees", V(0, 0), Heading(30).Scale(2), V(-5, sqrt3/2*0.5*2), V(5, sqrt3/2*0.5*2), true, 0.5},
	}
	for _, c := range cases {
		got, ok := SegSegIntersect(c.p1, c.p2, c.q1, c.q2)
		if ok != c.ok || (ok && !near(got, c.t, 1e-15)) {
			t.Errorf("%s: SegSegIntersect = (%g, %v), want (%g, %v)", c.name, got, ok, c.t, c.ok)
		}
	}
}

func TestSegSegDist(t *testing.T) {
	cases := []struct {
		name           string
		p1, p2, q1, q2 Vec
		want           float64
	}{
		{"cross", V(0, 0), V(2, 2), V(0, 2), V(2, 0), 0},
		{"parallel", V(0, 0), V(1, 0), V(0, 1), V(1, 1), 1},
		{"skew", V(0, 0), V(1, 0), V(2, 1), V(3, 2), sqrt2},
		{"T short", V(0, 0), V(2, 0), V(1, 0.5), V(1, 3), 0.5},
		{"collinear gap", V(0, 0), V(1, 0), V(2.5, 0), V(3, 0), 1.5},
		{"point to segment", V(1, 1), V(1, 1), V(0, 0), V(2, 0), 1},
	}
	for _, c := range cases {
		checkNear(t, c.name, SegSegDist(c.p1, c.p2, c.q1, c.q2), c.want, 1e-15)
		checkNear(t, c.name+" swapped", SegSegDist(c.q1, c.q2, c.p1, c.p2), c.want, 1e-15)
	}
}

func TestSegRectIntersects(t *testing.T) {
	h := sqrt2 / 2
	north := NewBase(V(0, 0), 0) // x in [-0.5,0.5], y in [-0.25,0.25]
	at45 := NewBase(V(0, 0), 45) // highest corner (front-left) at y = 0.75h
	at30 := NewBase(V(1, 1), 30)
	cases := []struct {
		name string
		p, q Vec
		r    Rect
		want bool
	}{
		{"through", V(-1, 0), V(1, 0), north, true},
		{"wholly inside", V(-0.1, 0), V(0.1, 0.1), north, true},
		{"one end inside", V(0, 0), V(5, 5), north, true},
		{"touching corner", V(0.5, 0.25), V(1, 1), north, true},
		{"along front face", V(-1, 0.25), V(1, 0.25), north, true},
		{"just above front face", V(-1, 0.26), V(1, 0.26), north, false},
		{"clips corner", V(1, -0.3), V(-0.3, 1), north, true},
		{"misses corner", V(1, -0.2), V(-0.2, 1), north, false},
		{"ends short", V(-2, 0), V(-0.6, 0), north, false},
		{"far away", V(5, 5), V(6, 7), north, false},
		{"point inside", V(0.1, 0.1), V(0.1, 0.1), north, true},
		{"point outside", V(1, 1), V(1, 1), north, false},
		{"45 grazes top", V(-1, 0.53), V(1, 0.53), at45, true},
		{"45 passes over top", V(-1, 0.531), V(1, 0.531), at45, false},
		{"45 through top corner exactly", V(-1, 0.75*h), V(1, 0.75*h), at45, true},
		{"30 along axis", V(1, 1), V(1, 1).Add(Heading(30).Scale(3)), at30, true},
		{"30 parallel to front just outside", at30.FaceCentre(FaceFront).Add(Heading(30).Scale(0.01)).Sub(at30.Right().Scale(2)),
			at30.FaceCentre(FaceFront).Add(Heading(30).Scale(0.01)).Add(at30.Right().Scale(2)), at30, false},
		{"30 along front face", at30.FaceCentre(FaceFront).Sub(at30.Right().Scale(2)),
			at30.FaceCentre(FaceFront).Add(at30.Right().Scale(2)), at30, true},
	}
	for _, c := range cases {
		if got := SegRectIntersects(c.p, c.q, c.r); got != c.want {
			t.Errorf("%s: SegRectIntersects = %v", c.name, got)
		}
		if got := SegRectIntersects(c.q, c.p, c.r); got != c.want {
			t.Errorf("%s (reversed): SegRectIntersects = %v", c.name, got)
		}
	}
}

func TestSegCircleIntersects(t *testing.T) {
	c := V(0, 0)
	cases := []struct {
		name   string
		p, q   Vec
		radius float64
		want   bool
	}{
		{"tangent", V(-2, 1), V(2, 1), 1, true},
		{"just past tangent", V(-2, 1.01), V(2, 1.01), 1, false},
		{"inside", V(-0.1, 0), V(0.1, 0), 1, true},
		{"through", V(-3, 0.5), V(3, 0.5), 1, true},
		{"outside along axis", V(2, 0), V(3, 0), 1, false},
		{"end on circle", V(1, 0), V(3, 0), 1, true},
		{"diagonal near", V(1, 0), V(0, 1), sqrt2 / 2, true},
		{"diagonal short", V(1, 0), V(0, 1), sqrt2/2 - 0.001, false},
		{"negative radius", V(0, 0), V(1, 0), -1, false},
	}
	for _, cc := range cases {
		if got := SegCircleIntersects(cc.p, cc.q, c, cc.radius); got != cc.want {
			t.Errorf("%s: SegCircleIntersects = %v", cc.name, got)
		}
	}
}

func TestRectCircleOverlap(t *testing.T) {
	north := NewBase(V(0, 0), 0)
	at30 := NewBase(V(0, 0), 30)
	cases := []struct {
		name   string
		r      Rect
		c      Vec
		radius float64
		want   bool
	}{
		{"touching flank", north, V(1, 0), 0.5, false},
		{"into flank", north, V(1, 0), 0.6, true},
		{"touching corner", north, V(0.8, 0.65), 0.5, false},
		{"into corner", north, V(0.8, 0.65), 0.51, true},
		{"centre inside, tiny", north, V(0.1, 0.1), 0.01, true},
		{"zero radius inside", north, V(0.1, 0.1), 0, false},
		{"far", north, V(5, 5), 1, false},
		{"30 touching front", at30, Heading(30).Scale(0.75), 0.5, false},
		{"30 into front", at30, Heading(30).Scale(0.75), 0.55, true},
	}
	for _, c := range cases {
		if got := RectCircleOverlap(c.r, c.c, c.radius); got != c.want {
			t.Errorf("%s: RectCircleOverlap = %v", c.name, got)
		}
	}
}
