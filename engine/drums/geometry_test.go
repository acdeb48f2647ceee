package drums

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/grognard/grognard/engine/geom"
)

// geoTol is the tolerance of the geometry tests: far below anything a rule
// measures, far above rounding.
const geoTol = 1e-7

func geoNear(a, b float64) bool {
	if math.IsInf(a, 0) || math.IsInf(b, 0) {
		return a == b
	}
	return math.Abs(a-b) <= geoTol
}

func geoNearV(a, b geom.Vec) bool { return geoNear(a.X, b.X) && geoNear(a.Y, b.Y) }

// geoBox is an axis-aligned rect facing north from its corners.
func geoBox(x0, y0, x1, y1 float64) geom.Rect {
	return geom.NewRect(geom.V((x0+x1)/2, (y0+y1)/2), 0, x1-x0, y1-y0)
}

func TestBaseDepth(t *testing.T) {
	cases := []struct {
		name string
		t    Type
		want float64
	}{
		{"foot base is half a BW deep (D-BASES)", LineFoot, 0.5},
		{"light foot base is half a BW deep", LightFoot, 0.5},
		{"irregular foot base is half a BW deep", IrregularFoot, 0.5},
		{"cavalry base is 1BW deep (D-BASES)", HeavyCavalry, 1},
		{"irregular cavalry base is 1BW deep", IrregularCavalry, 1},
		{"artillery model is 1BW deep (D-BASES)", FieldArtillery, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := BaseDepth(c.t); got != c.want {
				t.Errorf("BaseDepth(%v) = %v, want %v", c.t, got, c.want)
			}
		})
	}
}

func TestSize(t *testing.T) {
	cases := []struct {
		name  string
		t     Type
		f     Formation
		n     int
		w, d  float64
		ranks int
		front int
	}{
		{"line of 6 is 6BW wide", LineFoot, Line, 6, 6, 0.5, 1, 6},
		{"line of 4 is 4BW wide and one rank", LineFoot, Line, 4, 4, 0.5, 1, 4},
		{"column of attack of 6 has 3 ranks", LineFoot, Column, 6, 2, 1.5, 3, 2},
		{"column of attack of 5 has 3 ranks", LightFoot, Column, 5, 2, 1.5, 3, 2},
		{"column of march of 6 is 1 wide and 6 deep", LineFoot, March, 6, 1, 3, 6, 1},
		{"square of 8 has 2 bases a face", LineFoot, Square, 8, 2.5, 2.5, 1, 2},
		{"square of 6 has 2 bases a face", LineFoot, Square, 6, 2.5, 2.5, 1, 2},
		{"square of 4 has 1 base a face and 1 rank (D-RANKS)", LineFoot, Square, 4, 1.5, 1.5, 1, 1},
		{"open line of 4 has 1BW gaps", LightFoot, Open, 4, 7, 0.5, 1, 4},
		{"cavalry line of 4 is a block 2 wide", HeavyCavalry, Line, 4, 2, 2, 2, 2},
		{"cavalry line of 3 is a block 2 wide 2 deep", LightCavalry, Line, 3, 2, 2, 2, 2},
		{"cavalry column of 6 is 2 wide 3 deep", HeavyCavalry, Column, 6, 2, 3, 3, 2},
		{"cavalry in column of march of 4", LightCavalry, March, 4, 1, 4, 4, 1},
		{"dismounted cavalry open of 4", LightCavalry, Open, 4, 7, 1, 1, 4},
		{"battery of 2 models deployed is square", FieldArtillery, Line, 2, 2, 2, 1, 2},
		{"battery of 1 model deployed", PositionArtillery, Line, 1, 1, 2, 1, 1},
		{"limbered battery of 2 has its caisson behind (D-LIMBER)", FieldArtillery, March, 2, 1, 3, 2, 1},
		{"single base in line", LineFoot, Line, 1, 1, 0.5, 1, 1},
		{"no bases has no size", LineFoot, Line, 0, 0, 0, 0, 0},
		{"no formation has no size", LineFoot, NoFormation, 4, 0, 0, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w, d := Size(c.t, c.f, c.n)
			if !geoNear(w, c.w) || !geoNear(d, c.d) {
				t.Errorf("Size = %v x %v, want %v x %v", w, d, c.w, c.d)
			}
			if got := Ranks(c.t, c.f, c.n); got != c.ranks {
				t.Errorf("Ranks = %d, want %d", got, c.ranks)
			}
			if got := FrontBases(c.t, c.f, c.n); got != c.front {
				t.Errorf("FrontBases = %d, want %d", got, c.front)
			}
		})
	}
}

func TestFootprint(t *testing.T) {
	cases := []struct {
		name   string
		t      Type
		f      Formation
		n      int
		front  geom.Vec
		facing float64
		centre geom.Vec
	}{
		{"line facing north lies south of its front", LineFoot, Line, 6, geom.V(10, 5), 0, geom.V(10, 4.75)},
		{"column facing east lies west of its front", LineFoot, Column, 6, geom.V(10, 5), 90, geom.V(9.25, 5)},
		{"side 1 facing south lies north of its front", HeavyCavalry, Line, 4, geom.V(3, 20), 180, geom.V(3, 21)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := Footprint(c.t, c.f, c.n, c.front, c.facing)
			w, d := Size(c.t, c.f, c.n)
			if !geoNearV(r.C, c.centre) {
				t.Errorf("centre %v, want %v", r.C, c.centre)
			}
			if !geoNearV(r.FaceCentre(geom.FaceFront), c.front) {
				t.Errorf("front centre %v, want %v", r.FaceCentre(geom.FaceFront), c.front)
			}
			if !geoNear(r.HW, w/2) || !geoNear(r.HD, d/2) || !geoNear(geom.AngleDiff(r.Facing(), c.facing), 0) {
				t.Errorf("rect %+v, want %vx%v facing %v", r, w, d, c.facing)
			}
		})
	}
}

func TestReform(t *testing.T) {
	cases := []struct {
		name       string
		t          Type
		from, to   Formation
		n          int
		front      geom.Vec
		facing     float64
		a          Anchor
		wantFront  geom.Vec
		wantFacing float64
	}{
		{"reform line to column keeping left base", LineFoot, Line, Column, 6, geom.V(0, 0), 0, AnchorLeft, geom.V(-2, 0), 0},
		{"reform line to column keeping right base", LineFoot, Line, Column, 6, geom.V(0, 0), 0, AnchorRight, geom.V(2, 0), 0},
		{"reform line of 6 to column on the centre base stays centred", LineFoot, Line, Column, 6, geom.V(0, 0), 0, AnchorCentre, geom.V(0, 0), 0},
		{"reform line of 5 to column on the centre base shifts half a base (D-ANCHOR)", LineFoot, Line, Column, 5, geom.V(0, 0), 0, AnchorCentre, geom.V(0.5, 0), 0},
		{"reform column to line keeping left base", LineFoot, Column, Line, 6, geom.V(-2, 0), 0, AnchorLeft, geom.V(0, 0), 0},
		{"reform facing east keeping left base moves north", LineFoot, Line, Column, 6, geom.V(0, 0), 90, AnchorLeft, geom.V(0, 2), 90},
		{"reform line to march keeping left base", LineFoot, Line, March, 4, geom.V(0, 0), 0, AnchorLeft, geom.V(-1.5, 0), 0},
		{"reform line to open keeping left base", LightFoot, Line, Open, 4, geom.V(0, 0), 0, AnchorLeft, geom.V(1.5, 0), 0},
		{"form square keeps facing (D-REFORM)", LineFoot, Line, Square, 4, geom.V(0, 0), 30, AnchorLeft, geom.Vec{}, 30},
		{"dismount keeps facing (D-REFORM)", LightCavalry, Line, Open, 4, geom.V(5, 5), 200, AnchorCentre, geom.Vec{}, 200},
		{"limber keeps facing (D-REFORM)", FieldArtillery, Line, March, 2, geom.V(5, 5), 180, AnchorCentre, geom.Vec{}, 180},
		{"same formation is no change", LineFoot, Line, Line, 6, geom.V(3, 4), 45, AnchorRight, geom.V(3, 4), 45},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			front, facing := Reform(c.t, c.from, c.to, c.n, c.front, c.facing, c.a)
			if !geoNear(facing, c.wantFacing) {
				t.Errorf("facing %v, want %v", facing, c.wantFacing)
			}
			if c.wantFront != (geom.Vec{}) && !geoNearV(front, c.wantFront) {
				t.Errorf("front %v, want %v", front, c.wantFront)
			}
			// The anchored base's own front edge is where it was.
			kf, kt := FrontBases(c.t, c.from, c.n), FrontBases(c.t, c.to, c.n)
			rt := geom.Heading(c.facing).Perp()
			was := c.front.Add(rt.Scale(frontBaseOffset(c.t, c.from, c.n, anchorIndex(c.a, kf))))
			is := front.Add(rt.Scale(frontBaseOffset(c.t, c.to, c.n, anchorIndex(c.a, kt))))
			if !geoNearV(was, is) {
				t.Errorf("anchored base moved from %v to %v", was, is)
			}
		})
	}
}

func TestTurnTo(t *testing.T) {
	cases := []struct {
		name       string
		t          Type
		f          Formation
		n          int
		front      geom.Vec
		facing     float64
		turn       Turn
		wantFront  geom.Vec
		wantFacing float64
		// pivot is the corner that must stay put (corner index of the new
		// footprint, -1 for about face).
		pivot     geom.Vec
		pivotNew  int
		sameSpace bool
	}{
		{"turn 90 left pivots on front-left corner (D-TURN)", LineFoot, Line, 4, geom.V(0, 0), 0, TurnLeft, geom.V(-2, 2), 270, geom.V(-2, 0), 0, false},
		{"turn 90 right pivots on front-right corner", LineFoot, Line, 4, geom.V(0, 0), 0, TurnRight, geom.V(2, 2), 90, geom.V(2, 0), 1, false},
		{"turn 90 left facing east pivots on the north corner", LineFoot, Line, 4, geom.V(0, 0), 90, TurnLeft, geom.V(2, 2), 0, geom.V(0, 2), 0, false},
		{"turn about puts the front rank where the rear rank was", LineFoot, Line, 4, geom.V(0, 0), 0, TurnAbout, geom.V(0, -0.5), 180, geom.Vec{}, -1, true},
		{"column turns about on its own ground", LineFoot, Column, 6, geom.V(1, 1), 0, TurnAbout, geom.V(1, -0.5), 180, geom.Vec{}, -1, true},
		{"cavalry block turns right on its corner", HeavyCavalry, Line, 4, geom.V(0, 0), 180, TurnRight, geom.V(-1, -1), 270, geom.V(-1, 0), 1, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			front, facing := TurnTo(c.t, c.f, c.n, c.front, c.facing, c.turn)
			if !geoNearV(front, c.wantFront) || !geoNear(facing, c.wantFacing) {
				t.Fatalf("got %v facing %v, want %v facing %v", front, facing, c.wantFront, c.wantFacing)
			}
			after := Footprint(c.t, c.f, c.n, front, facing)
			before := Footprint(c.t, c.f, c.n, c.front, c.facing)
			if !geoNear(after.HW, before.HW) {
				t.Errorf("frontage changed from %v to %v", 2*before.HW, 2*after.HW)
			}
			if c.pivotNew >= 0 && !geoNearV(after.Corners()[c.pivotNew], c.pivot) {
				t.Errorf("pivot corner at %v, want %v", after.Corners()[c.pivotNew], c.pivot)
			}
			if c.sameSpace && !geoNearV(after.C, before.C) {
				t.Errorf("about face moved the unit from %v to %v", before.C, after.C)
			}
		})
	}
}

func TestWheel(t *testing.T) {
	cases := []struct {
		name       string
		width      float64
		front      geom.Vec
		facing     float64
		angle      float64
		wantFront  geom.Vec
		wantFacing float64
		wantCost   float64
		pivot      geom.Vec
	}{
		{"wheel 90 costs the outer arc (D-WHEEL)", 4, geom.V(0, 0), 0, 90, geom.V(2, 2), 90, 2 * math.Pi, geom.V(2, 0)},
		{"wheel left 45 pivots on the left corner", 4, geom.V(0, 0), 0, -45, geom.V(-2+2*math.Sqrt2/2, 2*math.Sqrt2/2), 315, math.Pi, geom.V(-2, 0)},
		{"wheel 30 right facing south", 2, geom.V(0, 0), 180, 30, geom.V(-1+math.Cos(math.Pi/6), -math.Sin(math.Pi/6)), 210, math.Pi / 3, geom.V(-1, 0)},
		{"no wheel costs nothing", 6, geom.V(3, 3), 10, 0, geom.V(3, 3), 10, 0, geom.Vec{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			front, facing, cost := Wheel(c.width, c.front, c.facing, c.angle)
			if !geoNearV(front, c.wantFront) || !geoNear(facing, c.wantFacing) || !geoNear(cost, c.wantCost) {
				t.Fatalf("got %v facing %v cost %v, want %v facing %v cost %v", front, facing, cost, c.wantFront, c.wantFacing, c.wantCost)
			}
			if c.angle == 0 {
				return
			}
			r := rectBehind(c.width, 1, front, facing)
			k := r.Corners()
			if !geoNearV(k[0], c.pivot) && !geoNearV(k[1], c.pivot) {
				t.Errorf("pivot %v is no longer a front corner: %v %v", c.pivot, k[0], k[1])
			}
		})
	}
}

func TestWheelToward(t *testing.T) {
	cases := []struct {
		name   string
		width  float64
		front  geom.Vec
		facing float64
		p      geom.Vec
		max    float64
		want   float64 // NaN: check that the unit then faces p
	}{
		{"point straight ahead needs no wheel", 4, geom.V(0, 0), 0, geom.V(0, 10), 90, 0},
		{"point ahead-right wheels right to face it", 4, geom.V(0, 0), 0, geom.V(5, 6), 90, math.NaN()},
		{"point ahead-left wheels left to face it", 4, geom.V(0, 0), 0, geom.V(-3, 8), 90, math.NaN()},
		{"point off a rotated unit", 6, geom.V(10, 10), 135, geom.V(20, 2), 90, math.NaN()},
		{"point straight ahead of the right corner needs a small wheel", 2, geom.V(0, 0), 0, geom.V(1, 10), 90, math.NaN()},
		{"charge wheel is clamped to 45", 4, geom.V(0, 0), 0, geom.V(10, 1), 45, 45},
		{"point behind left clamps left", 4, geom.V(0, 0), 0, geom.V(-5, -5), 90, -90},
		{"point straight behind clamps", 4, geom.V(0, 0), 0, geom.V(0, -5), 90, 90},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := WheelToward(c.width, c.front, c.facing, c.p, c.max)
			if !math.IsNaN(c.want) {
				if !geoNear(a, c.want) {
					t.Errorf("angle %v, want %v", a, c.want)
				}
				return
			}
			if math.Abs(a) > c.max {
				t.Fatalf("angle %v beyond clamp %v", a, c.max)
			}
			front, facing, _ := Wheel(c.width, c.front, c.facing, a)
			v := c.p.Sub(front)
			h := geom.Heading(facing)
			if math.Abs(h.Cross(v)) > 1e-6 || h.Dot(v) <= 0 {
				t.Errorf("after wheeling %v the unit at %v facing %v does not face %v", a, front, facing, c.p)
			}
		})
	}
}

func TestWheelBlocked(t *testing.T) {
	cases := []struct {
		name     string
		angle    float64
		blockers []geom.Rect
		want     int
	}{
		{"wheel left into a unit ahead is blocked", -90, []geom.Rect{geoBox(-1, 3, 1, 3.5)}, 0},
		{"wheel right into a unit ahead is blocked", 90, []geom.Rect{geoBox(5, 5, 6, 5.5), geoBox(-1, 3, 1, 3.5)}, 1},
		{"the unit met first in the wheel is reported", -90, []geom.Rect{geoBox(-3, 2, -1, 2.5), geoBox(0.5, 3, 1.5, 3.5)}, 1},
		{"wheel clear of a unit behind", -90, []geom.Rect{geoBox(-3, -3, 3, -2.5)}, -1},
		{"wheel short of a unit it would reach further on", -30, []geom.Rect{geoBox(0.5, 3, 1.5, 3.5)}, -1},
		{"the same unit blocks a longer wheel", -60, []geom.Rect{geoBox(0.5, 3, 1.5, 3.5)}, 0},
		{"turn 90 left has no room with a unit ahead of the left flank", -90, []geom.Rect{geoBox(-3, 2, -1, 2.5)}, 0},
		{"the neighbour on the pivot's flank does not block", -90, []geom.Rect{geoBox(-6, -0.5, -2, 0)}, -1},
		{"the rear corner may brush a flush outer neighbour (D-WHEELROOM)", -45, []geom.Rect{geoBox(2, -0.5, 6, 0)}, -1},
		{"a neighbour overlapping the outer flank's path blocks (D-WHEELROOM)", -45, []geom.Rect{geoBox(1.5, 0.5, 5, 1)}, 0},
		{"empty slots are skipped", -90, []geom.Rect{{C: geom.V(0, 2)}}, -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// A line of 4 foot: x -2..2, y -0.5..0, facing north.
			if got := WheelBlocked(4, 0.5, geom.V(0, 0), 0, c.angle, c.blockers); got != c.want {
				t.Errorf("WheelBlocked = %d, want %d", got, c.want)
			}
		})
	}
}

// TestWheelTowardFaces checks on random units and points ahead that the
// wheel WheelToward picks leaves the unit facing the point.
func TestWheelTowardFaces(t *testing.T) {
	rng := rand.New(rand.NewPCG(55, 3))
	for i := range 2000 {
		w := 1 + rng.Float64()*6
		facing := rng.Float64() * 360
		front := geom.V(rng.Float64()*20, rng.Float64()*20)
		h := geom.Heading(facing)
		p := front.Add(h.Scale(w + 0.5 + rng.Float64()*10)).Add(h.Perp().Scale(rng.Float64()*16 - 8))
		a := WheelToward(w, front, facing, p, 180)
		nf, nfacing, _ := Wheel(w, front, facing, a)
		v := p.Sub(nf)
		nh := geom.Heading(nfacing)
		if math.Abs(nh.Cross(v)) > 1e-6*v.Len() || nh.Dot(v) <= 0 {
			t.Fatalf("case %d: wheel %v leaves the unit at %v facing %v, not toward %v", i, a, nf, nfacing, p)
		}
	}
}

func TestMoveLimit(t *testing.T) {
	line := Footprint(LineFoot, Line, 4, geom.V(0, 0), 0) // x -2..2, y -0.5..0
	unit := geoBox(-0.5, -0.5, 0.5, 0.5)
	north := geom.V(0, 1)
	cases := []struct {
		name     string
		r        geom.Rect
		dir      geom.Vec
		dist     float64
		blockers []geom.Rect
		gap      float64
		want     float64
		idx      int
	}{
		{"charge blocked by a friendly unit stops at contact", line, north, 10, []geom.Rect{geoBox(-1, 3, 3, 3.5)}, 0, 3, 0},
		{"clear path moves the full distance", line, north, 10, []geom.Rect{geoBox(5, 3, 9, 3.5)}, 0, 10, -1},
		{"empty slot is skipped", line, north, 10, []geom.Rect{{C: geom.V(0, 2)}}, 0, 10, -1},
		{"first blocker met of several", line, north, 10, []geom.Rect{geoBox(-1, 5, 3, 5.5), geoBox(-3, 3, -1, 3.5)}, 0, 3, 1},
		{"tie goes to the lower index", line, north, 10, []geom.Rect{geoBox(-1, 3, 3, 3.5), geoBox(-3, 3, -1, 3.5)}, 0, 3, 0},
		{"move shorter than the gap to a blocker", line, north, 2, []geom.Rect{geoBox(-1, 3, 3, 3.5)}, 0, 2, -1},
		{"touching side by side may advance", line, north, 5, []geom.Rect{geoBox(2, -0.5, 6, 0)}, 0, 5, -1},
		{"already overlapping cannot move", line, north, 5, []geom.Rect{geoBox(1, -0.3, 5, 0.2)}, 0, 0, 0},
		{"gap 1 stops 1BW short", line, north, 10, []geom.Rect{geoBox(-1, 3, 3, 3.5)}, 1, 2, 0},
		{"gap at a corner is exact, not square", unit, north, 10, []geom.Rect{geoBox(1.1, 4.5, 2.1, 5.5)}, 1, 3.2, 0},
		{"passing beside further than the gap is free", unit, north, 10, []geom.Rect{geoBox(1.7, 4.5, 2.7, 5.5)}, 1, 10, -1},
		{"already within the gap may back away (D-GAP)", unit, geom.V(0, -1), 3, []geom.Rect{geoBox(-0.5, 1, 0.5, 1.5)}, 1, 3, -1},
		{"already within the gap may not close it (D-GAP)", unit, north, 3, []geom.Rect{geoBox(-0.5, 1, 0.5, 1.5)}, 1, 0, 0},
		{"diagonal move meets a blocker", unit, geom.V(1, 1).Norm(), 10, []geom.Rect{geoBox(3.5, 3.5, 4.5, 4.5)}, 0, 3 * math.Sqrt2, 0},
		{"no distance", line, north, 0, []geom.Rect{geoBox(-1, 3, 3, 3.5)}, 0, 0, -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, idx := MoveLimit(c.r, c.dir, c.dist, c.blockers, c.gap)
			if !geoNear(got, c.want) || idx != c.idx {
				t.Errorf("MoveLimit = %v, %d; want %v, %d", got, idx, c.want, c.idx)
			}
		})
	}
}

func TestAreaLimit(t *testing.T) {
	line := Footprint(LineFoot, Line, 4, geom.V(0, 0), 0) // x -2..2, y -0.5..0
	north := geom.V(0, 1)
	cases := []struct {
		name string
		r    geom.Rect
		dir  geom.Vec
		dist float64
		poly []geom.Vec
		want float64
	}{
		{"impassable ground ahead stops the move at its edge", line, north, 10,
			[]geom.Vec{{X: -1, Y: 4}, {X: 1, Y: 4}, {X: 1, Y: 8}, {X: -1, Y: 8}}, 4},
		{"already in impassable ground cannot move", line, north, 10,
			[]geom.Vec{{X: -1, Y: -1}, {X: 1, Y: -1}, {X: 1, Y: 8}, {X: -1, Y: 8}}, 0},
		{"a diamond's point meets the front edge", line, north, 10,
			[]geom.Vec{{X: 0, Y: 5}, {X: 1, Y: 6}, {X: 0, Y: 7}, {X: -1, Y: 6}}, 5},
		{"a corner meets a slanting edge", line, north, 10,
			[]geom.Vec{{X: 1, Y: 6}, {X: 4, Y: 3}, {X: 4, Y: 8}}, 5},
		{"grazing past a vertex is not blocked", line, north, 10,
			[]geom.Vec{{X: 2, Y: 5}, {X: 4, Y: 4}, {X: 4, Y: 6}}, 10},
		{"sliding along an edge is not blocked", line, north, 10,
			[]geom.Vec{{X: 2, Y: -3}, {X: 5, Y: -3}, {X: 5, Y: 9}, {X: 2, Y: 9}}, 10},
		{"ground out of the way", line, north, 10,
			[]geom.Vec{{X: 3, Y: 4}, {X: 5, Y: 4}, {X: 5, Y: 8}}, 10},
		{"move stops short of the ground", line, north, 2,
			[]geom.Vec{{X: -1, Y: 4}, {X: 1, Y: 4}, {X: 1, Y: 8}, {X: -1, Y: 8}}, 2},
		{"degenerate polygon is nothing", line, north, 10, []geom.Vec{{X: 0, Y: 3}, {X: 1, Y: 3}}, 10},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := AreaLimit(c.r, c.dir, c.dist, c.poly); !geoNear(got, c.want) {
				t.Errorf("AreaLimit = %v, want %v", got, c.want)
			}
		})
	}
}

func TestClearDistance(t *testing.T) {
	line := Footprint(LineFoot, Line, 4, geom.V(0, 0), 0) // x -2..2, y -0.5..0
	south := geom.V(0, -1)
	cases := []struct {
		name  string
		r     geom.Rect
		dir   geom.Vec
		other geom.Rect
		want  float64
	}{
		{"retiring through a friendly line clears it", line, south, geoBox(-3, -3, 3, -2.5), 3},
		{"retiring through a deep column clears its rear", line, south, geoBox(-1, -4, 1, -1), 4},
		{"already overlapping clears at the far side", line, south, geoBox(-1, -1, 1, -0.25), 1},
		{"a unit off to the side is never met", line, south, geoBox(5, -3, 7, -2.5), math.Inf(1)},
		{"a unit ahead is never met when retiring", line, south, geoBox(-1, 1, 1, 1.5), math.Inf(1)},
		{"a unit merely touching the rear is passed at once", line, south, geoBox(-2, -1, 2, -0.5), 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := ClearDistance(c.r, c.dir, c.other); !geoNear(got, c.want) {
				t.Errorf("ClearDistance = %v, want %v", got, c.want)
			}
		})
	}
}

// TestMoveLimitAgainstSampling checks MoveLimit on random rotated rects
// against the distance sampled along the move: never closer than gap
// before the limit, and closer just after it when something was met.
func TestMoveLimitAgainstSampling(t *testing.T) {
	rng := rand.New(rand.NewPCG(55, 1))
	met := 0
	defer func() {
		if met < 300 {
			t.Errorf("only %d of the random moves met the blocker", met)
		}
	}()
	for i := range 2000 {
		r := geom.NewRect(geom.V(0, 0), rng.Float64()*360, 0.5+rng.Float64()*5, 0.5+rng.Float64()*2)
		b := geom.NewRect(geom.V(rng.Float64()*16-8, 4+rng.Float64()*8), rng.Float64()*360, 0.5+rng.Float64()*4, 0.5+rng.Float64()*2)
		dir := geom.Heading(rng.Float64()*90 - 45)
		gap := []float64{0, 0.5, 1, 2}[i%4]
		if geom.RectDistance(r, b) < gap {
			continue
		}
		s, idx := MoveLimit(r, dir, 15, []geom.Rect{b}, gap)
		for k := 0; k <= 300; k++ {
			x := s * float64(k) / 300
			if d := geom.RectDistance(r.Moved(dir.Scale(x)), b); d < gap-1e-6 {
				t.Fatalf("case %d: at %v of limit %v the distance is %v < gap %v", i, x, s, d, gap)
			}
		}
		if idx == 0 {
			met++
			after := r.Moved(dir.Scale(s + 1e-4))
			if gap == 0 && !geom.Overlap(after, b, 0) || gap > 0 && geom.RectDistance(after, b) >= gap {
				t.Fatalf("case %d: limit %v with gap %v is short of the real contact", i, s, gap)
			}
		} else if s != 15 {
			t.Fatalf("case %d: nothing met but limit %v", i, s)
		}
	}
}

// TestAreaLimitAgainstSampling checks AreaLimit against overlap sampled
// along the move, for random rects and a concave polygon.
func TestAreaLimitAgainstSampling(t *testing.T) {
	poly := []geom.Vec{{X: -3, Y: 6}, {X: 0, Y: 4}, {X: 3, Y: 6}, {X: 4, Y: 10}, {X: 0, Y: 8}, {X: -4, Y: 10}}
	rng := rand.New(rand.NewPCG(55, 2))
	met := 0
	defer func() {
		if met < 300 {
			t.Errorf("only %d of the random moves met the polygon", met)
		}
	}()
	for i := range 2000 {
		r := geom.NewRect(geom.V(rng.Float64()*12-6, rng.Float64()*2-1), rng.Float64()*360, 0.5+rng.Float64()*4, 0.5+rng.Float64()*2)
		if geom.RectPolygonOverlap(r, poly) {
			continue
		}
		dir := geom.Heading(rng.Float64()*120 - 60)
		s := AreaLimit(r, dir, 14, poly)
		for k := 0; k < 300; k++ {
			x := s * float64(k) / 300
			if geom.RectPolygonOverlap(r.Moved(dir.Scale(x)), poly) {
				t.Fatalf("case %d: overlap at %v before limit %v", i, x, s)
			}
		}
		if s < 14 {
			met++
		}
		if s < 14 && !geom.RectPolygonOverlap(r.Moved(dir.Scale(s+1e-4)), poly) {
			t.Fatalf("case %d: limit %v but no overlap just after", i, s)
		}
	}
}

// BenchmarkMoveLimit moves a line through a field of 30 units, some of them
// near enough to need the gap's corner discs.
func BenchmarkMoveLimit(b *testing.B) {
	r := Footprint(LineFoot, Line, 6, geom.V(20, 5), 10)
	blockers := make([]geom.Rect, 30)
	for i := range blockers {
		x, y := float64(i%6)*7+2, float64(i/6)*6+9
		blockers[i] = Footprint(LineFoot, Line, 4, geom.V(x, y), float64(i*37%360))
	}
	dir := geom.Heading(10)
	for _, c := range []struct {
		name string
		gap  float64
	}{{"contact", 0}, {"gap1", 1}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				geoSinkF, geoSinkI = MoveLimit(r, dir, 12, blockers, c.gap)
			}
		})
	}
}

var (
	geoSinkF float64
	geoSinkI int
	geoSinkB bool
	geoSinkV geom.Vec
	geoSinkK TerrainKind
)

// The wheel scan skips steps that cannot close the gap to a blocker; it
// must find the same first blocker at the same step as checking every
// step does.
func TestWheelScanSkipsOnlyClearSteps(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	naive := func(w, d float64, front geom.Vec, facing, angle float64, bl []geom.Rect) (int, float64) {
		right := geom.Heading(facing).Perp()
		pivot := front.Sub(right.Scale(w / 2))
		if angle > 0 {
			pivot = front.Add(right.Scale(w / 2))
		}
		reach := math.Hypot(w, d)
		steps := max(1, int(math.Ceil(math.Abs(angle)*(math.Pi/180)*reach/wheelStep)))
		for k := 0; k <= steps; k++ {
			a := angle * float64(k) / float64(steps)
			at := rectBehind(w, d, pivot.Add(rotateCW(front.Sub(pivot), geom.Heading(a))), facing+a)
			for i := range bl {
				if bl[i].HW != 0 && geom.Overlap(at, bl[i], wheelSlack) {
					return i, float64(k) / float64(steps)
				}
			}
		}
		return -1, 1
	}
	met := 0
	for range 3000 {
		w, d := 1+rng.Float64()*7, 0.5+rng.Float64()*3
		front := geom.V(20, 20)
		facing := rng.Float64() * 360
		angle := (rng.Float64()*2 - 1) * 90
		bl := make([]geom.Rect, 1+rng.IntN(4))
		for k := range bl {
			c := front.Add(geom.V(rng.Float64()*20-10, rng.Float64()*20-10))
			bl[k] = geom.NewRect(c, rng.Float64()*360, 0.5+rng.Float64()*6, 0.5+rng.Float64()*2)
		}
		gi, gf := WheelBlockedAt(w, d, front, facing, angle, bl)
		wi, wf := naive(w, d, front, facing, angle, bl)
		if gi != wi || gf != wf {
			t.Fatalf("w %g d %g facing %g angle %g: scan (%d, %g), every step (%d, %g)", w, d, facing, angle, gi, gf, wi, wf)
		}
		if gi >= 0 {
			met++
		}
	}
	if met < 300 {
		t.Fatalf("only %d of 3000 wheels met a blocker: the test does not exercise the skip", met)
	}
}
