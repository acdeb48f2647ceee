package geom

import "testing"

func TestFaceString(t *testing.T) {
	want := map[Face]string{FaceFront: "front", FaceRight: "right", FaceRear: "rear", FaceLeft: "left", 9: "invalid face"}
	for f, s := range want {
		if f.String() != s {
			t.Errorf("Face(%d).String() = %q, want %q", f, f.String(), s)
		}
	}
}

func TestNewBase(t *testing.T) {
	r := NewBase(V(3, 4), 0)
	if r.C != V(3, 4) || r.F != V(0, 1) || r.HW != 0.5 || r.HD != 0.25 {
		t.Fatalf("NewBase = %+v", r)
	}
	checkVec(t, "Right", r.Right(), V(1, 0), 0)
	r = NewRect(V(1, 1), 90, 2, 1)
	if r.F != V(1, 0) || r.HW != 1 || r.HD != 0.5 {
		t.Fatalf("NewRect = %+v", r)
	}
	checkVec(t, "Right facing east", r.Right(), V(0, -1), 0)
	for _, deg := range []float64{0, 30, 45, 90, 135, 200, 359} {
		checkNear(t, "Facing", NewBase(V(0, 0), deg).Facing(), deg, 1e-12)
	}
	checkNear(t, "Facing normalised", NewBase(V(0, 0), -90).Facing(), 270, 0)
}

func TestCornersAndFaces(t *testing.T) {
	h := sqrt2 / 2
	cases := []struct {
		name    string
		r       Rect
		corners [4]Vec // FL, FR, RR, RL
	}{
		{"north", NewBase(V(0, 0), 0), [4]Vec{V(-0.5, 0.25), V(0.5, 0.25), V(0.5, -0.25), V(-0.5, -0.25)}},
		{"east", NewBase(V(2, 2), 90), [4]Vec{V(2.25, 2.5), V(2.25, 1.5), V(1.75, 1.5), V(1.75, 2.5)}},
		{"south", NewBase(V(0, 0), 180), [4]Vec{V(0.5, -0.25), V(-0.5, -0.25), V(-0.5, 0.25), V(0.5, 0.25)}},
		{"west", NewBase(V(0, 0), 270), [4]Vec{V(-0.25, -0.5), V(-0.25, 0.5), V(0.25, 0.5), V(0.25, -0.5)}},
		// Facing 45: F=(h,h), Right=(h,-h); a 2x2 square gives corners on the axes.
		{"45 square", NewRect(V(0, 0), 45, 2, 2), [4]Vec{V(0, 2*h), V(2*h, 0), V(0, -2*h), V(-2*h, 0)}},
		// Facing 30: F=(1/2, r3/2), Right=(r3/2, -1/2).
		{"30", NewRect(V(0, 0), 30, 2, 2), [4]Vec{
			V(0.5-sqrt3/2, sqrt3/2+0.5), V(0.5+sqrt3/2, sqrt3/2-0.5),
			V(-0.5+sqrt3/2, -sqrt3/2-0.5), V(-0.5-sqrt3/2, -sqrt3/2+0.5)}},
	}
	for _, c := range cases {
		got := c.r.Corners()
		for i := range got {
			if !nearVec(got[i], c.corners[i], 1e-15) {
				t.Errorf("%s corner %d = %v, want %v", c.name, i, got[i], c.corners[i])
			}
		}
		for f := FaceFront; f <= FaceLeft; f++ {
			a, b := c.r.FaceEnds(f)
			checkVec(t, c.name+" "+f.String()+" end a", a, c.corners[f], 1e-15)
			checkVec(t, c.name+" "+f.String()+" end b", b, c.corners[(f+1)%4], 1e-15)
			checkVec(t, c.name+" "+f.String()+" centre", c.r.FaceCentre(f), a.Lerp(b, 0.5), 1e-15)
		}
	}
	r := NewBase(V(5, 5), 0)
	checkVec(t, "front centre", r.FaceCentre(FaceFront), V(5, 5.25), 0)
	checkVec(t, "rear centre", r.FaceCentre(FaceRear), V(5, 4.75), 0)
	checkVec(t, "right centre", r.FaceCentre(FaceRight), V(5.5, 5), 0)
	checkVec(t, "left centre", r.FaceCentre(FaceLeft), V(4.5, 5), 0)
	checkVec(t, "invalid face centre", r.FaceCentre(7), r.C, 0)
	if a, b := r.FaceEnds(7); a != r.C || b != r.C {
		t.Error("invalid face ends should be the centre")
	}
}

func TestLocalContains(t *testing.T) {
	r := NewBase(V(10, 10), 90) // F=(1,0), Right=(0,-1)
	along, across := r.Local(V(10.2, 9.6))
	checkNear(t, "along", along, 0.2, tol)
	checkNear(t, "across", across, 0.4, tol)

	r30 := NewBase(V(1, 1), 30)
	cases := []struct {
		name string
		r    Rect
		p    Vec
		want bool
	}{
		{"centre", r, V(10, 10), true},
		{"inside", r, V(10.2, 9.6), true},
		{"front face", r, V(10.25, 10.3), true},
		{"corner", r, V(10.25, 10.5), true},
		{"just beyond front", r, V(10.2500001, 10), false},
		{"beyond flank", r, V(10, 10.6), false},
		{"30 centre", r30, V(1, 1), true},
		{"30 front-right corner", r30, r30.Corners()[1], true},
		{"30 inside on axis", r30, V(1, 1).Add(Heading(30).Scale(0.24)), true},
		{"30 outside on axis", r30, V(1, 1).Add(Heading(30).Scale(0.26)), false},
		{"30 outside on flank", r30, V(1, 1).Add(Heading(120).Scale(0.51)), false},
	}
	for _, c := range cases {
		if got := c.r.Contains(c.p); got != c.want {
			t.Errorf("%s: Contains(%v) = %v", c.name, c.p, got)
		}
	}
	// Every corner of a rotated base is contained despite rounding.
	for deg := 0.0; deg < 360; deg += 1 {
		r := NewBase(V(7.3, 2.9), deg)
		for _, c := range r.Corners() {
			if !r.Contains(c) {
				t.Fatalf("facing %g: corner %v not contained", deg, c)
			}
		}
	}
}

func TestMovedTurned(t *testing.T) {
	r := NewBase(V(1, 2), 0)
	m := r.Moved(V(3, -1))
	if m.C != V(4, 1) || m.F != r.F || m.HW != r.HW || m.HD != r.HD {
		t.Errorf("Moved = %+v", m)
	}
	if r.C != V(1, 2) {
		t.Error("Moved changed the receiver")
	}
	tr := r.Turned(90)
	if tr.C != r.C || tr.F != V(1, 0) || tr.HW != 0.5 || tr.HD != 0.25 {
		t.Errorf("Turned = %+v", tr)
	}
	checkNear(t, "Turned facing", r.Turned(-45).Facing(), 315, 1e-12)
}
