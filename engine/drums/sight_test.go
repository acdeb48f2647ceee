package drums

import (
	"testing"

	"github.com/grognard/grognard/engine/geom"
)

// geoPoly is the axis-aligned rectangle x0..x1, y0..y1 as a polygon.
func geoPoly(x0, y0, x1, y1 float64) []geom.Vec {
	return []geom.Vec{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}
}

func geoArea(k TerrainKind, x0, y0, x1, y1 float64) Feature {
	return Feature{Kind: k, Points: geoPoly(x0, y0, x1, y1)}
}

func geoLine(k TerrainKind, pts ...geom.Vec) Feature { return Feature{Kind: k, Points: pts} }

func TestInArc(t *testing.T) {
	base := rectBehind(1, 0.5, geom.V(0, 0), 0) // front edge (-0.5,0)-(0.5,0)
	east := rectBehind(1, 0.5, geom.V(0, 0), 90)
	cases := []struct {
		name    string
		shooter geom.Rect
		target  geom.Rect
		want    bool
	}{
		{"target straight ahead is in arc", base, geoBox(-0.5, 5, 0.5, 5.5), true},
		{"target on the 45-degree line from the front corner is in arc (D-ARC)", base, geoBox(3.5, 2, 4.5, 3), true},
		{"target just beyond 45 degrees is out of arc (D-ARC)", base, geoBox(3.51, 2, 4.51, 3), false},
		{"target beyond 45 degrees on the left is out of arc", base, geoBox(-4.51, 2, -3.51, 3), false},
		{"target behind the front edge is out of arc", base, geoBox(-0.5, -3, 0.5, -2.5), false},
		{"target level with the flank is out of arc", base, geoBox(2, -0.5, 3, 0), false},
		{"target in contact with the front is in arc", base, geoBox(-0.5, 0, 0.5, 0.5), true},
		{"target far ahead and wide of the edge is in arc", base, geoBox(10, 20, 11, 20.5), true},
		{"shooter facing east sees a target east", east, geoBox(5, -0.5, 6, 0.5), true},
		{"shooter facing east does not see a target north", east, geoBox(-0.5, 5, 0.5, 5.5), false},
		{"oblique target straddling the arc's edge is in arc", base, geom.NewRect(geom.V(3.6, 3), 45, 1, 0.5), true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := InArc(c.shooter, c.target); got != c.want {
				t.Errorf("InArc = %v, want %v", got, c.want)
			}
		})
	}
}

func TestRange(t *testing.T) {
	base := rectBehind(1, 0.5, geom.V(0, 0), 0)
	cases := []struct {
		name   string
		target geom.Rect
		want   float64
	}{
		{"range from the front edge to the nearest point", geoBox(-1, 3, 1, 3.5), 3},
		{"range to a corner off the diagonal", geoBox(3.5, 4, 4.5, 5), 5},
		{"contact is range 0", geoBox(-0.5, 0, 0.5, 0.5), 0},
		{"range is from the front edge, not the rear", geoBox(-0.5, -2, 0.5, -1.5), 1.5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Range(base, c.target); !geoNear(got, c.want) {
				t.Errorf("Range = %v, want %v", got, c.want)
			}
		})
	}
}

func TestEligibleBases(t *testing.T) {
	o := geom.V(0, 0)
	wide := geoBox(-3, 4, 3, 4.5)
	cases := []struct {
		name   string
		t      Type
		f      Formation
		n      int
		facing float64
		target geom.Rect
		rng    float64
		want   int
	}{
		{"line of 6 all shoot at a wide target ahead", LineFoot, Line, 6, 0, wide, 6, 6},
		{"line of 6 out of range shoots with none", LineFoot, Line, 6, 0, wide, 2, 0},
		{"target off to the right is in arc of the right bases only", LineFoot, Line, 6, 0, geoBox(5, 3, 6, 3.5), 10, 2},
		{"column of attack shoots with its 2 front bases", LineFoot, Column, 6, 0, wide, 6, 2},
		{"column of march shoots with one base", LineFoot, March, 6, 0, wide, 6, 1},
		{"open bases with gaps reach further round", LightFoot, Open, 3, 0, geoBox(4, 1, 5, 1.5), 10, 1},
		{"a line of 3 does not reach that far round", LightFoot, Line, 3, 0, geoBox(4, 1, 5, 1.5), 10, 0},
		{"square of 8 shoots from its right face (D-SQUARE-FIRE)", LineFoot, Square, 8, 0, geoBox(5, -1.5, 6, -1), 10, 2},
		{"square of 8 shoots from its front face", LineFoot, Square, 8, 0, geoBox(-2, 5, 2, 5.5), 10, 2},
		{"square of 4 shoots with one base a face", LineFoot, Square, 4, 0, geoBox(-2, -8, 2, -7.5), 10, 1},
		{"battery of 2 models shoots with both", FieldArtillery, Line, 2, 0, wide, 24, 2},
		{"target exactly at range is in range", LineFoot, Line, 1, 0, geoBox(-0.5, 2, 0.5, 2.5), 2, 1},
		{"target behind shoots with none", LineFoot, Line, 6, 0, geoBox(-3, -4, 3, -3.5), 10, 0},
		{"line facing south shoots south", LineFoot, Line, 4, 180, geoBox(-2, -4.5, 2, -4), 6, 4},
		{"no bases shoot with none", LineFoot, Line, 0, 0, wide, 6, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := EligibleBases(c.t, c.f, c.n, o, c.facing, c.target, c.rng); got != c.want {
				t.Errorf("EligibleBases = %d, want %d", got, c.want)
			}
		})
	}
}

func TestVisible(t *testing.T) {
	shooter := Footprint(LineFoot, Line, 4, geom.V(0, 0), 0)   // y -0.5..0
	target := Footprint(LineFoot, Line, 4, geom.V(0, 10), 180) // y 10..10.5
	near := Footprint(LineFoot, Line, 4, geom.V(0, 1.8), 180)
	cases := []struct {
		name     string
		target   geom.Rect
		blockers []geom.Rect
		terrain  []Feature
		want     bool
	}{
		{"open ground is visible", target, nil, nil, true},
		{"wood blocks sight", target, nil, []Feature{geoArea(Wood, -5, 3, 5, 7)}, false},
		{"built-up area blocks sight", target, nil, []Feature{geoArea(BuiltUp, -5, 3, 5, 7)}, false},
		{"rough ground does not block sight", target, nil, []Feature{geoArea(Rough, -5, 3, 5, 7)}, true},
		{"hill does not block sight", target, nil, []Feature{geoArea(Hill, -5, 3, 5, 7)}, true},
		{"wood over part of the line leaves the other lines clear", target, nil, []Feature{geoArea(Wood, -1.5, 3, 5, 7)}, true},
		{"unit at wood edge sees out (D-LOS)", target, nil, []Feature{geoArea(Wood, -5, -3, 5, 0.7)}, true},
		{"unit deep in a wood does not see out (D-LOS)", target, nil, []Feature{geoArea(Wood, -5, -3, 5, 2.5)}, false},
		{"unit at wood edge is seen (D-LOS)", target, nil, []Feature{geoArea(Wood, -5, 9.5, 5, 13)}, true},
		{"units within 2BW in one wood see each other (D-LOS)", near, nil, []Feature{geoArea(Wood, -5, -3, 5, 5)}, true},
		{"a unit between blocks sight", target, []geom.Rect{geoBox(-5, 4, 5, 4.5)}, nil, false},
		{"a small unit between leaves the outer lines clear", target, []geom.Rect{geoBox(-0.5, 4, 0.5, 4.5)}, nil, true},
		{"neighbours touching the flanks do not block the corner lines", target,
			[]geom.Rect{geoBox(-6, -0.5, -2, 0), geoBox(2, -0.5, 6, 0), geoBox(-1, 4, 1, 4.5)}, nil, true},
		{"empty slots are no blockers", target, []geom.Rect{{C: geom.V(0, 5)}}, nil, true},
	}
	// A square turned to face the target sees it past a unit beside it.
	sq := Footprint(LineFoot, Square, 8, geom.V(0, 0), 0)
	sqEast := geom.Rect{C: sq.C, F: geom.Heading(90), HW: sq.HW, HD: sq.HD}
	east := Footprint(LineFoot, Line, 4, geom.V(10, -1.25), 270)
	if !Visible(sqEast, east, []geom.Rect{geoBox(-1, 3, 1, 3.5)}, nil) {
		t.Errorf("a square turned to its right face does not see a unit to its right")
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Visible(shooter, c.target, c.blockers, c.terrain); got != c.want {
				t.Errorf("Visible = %v, want %v", got, c.want)
			}
			if got := Visible(c.target, shooter, c.blockers, c.terrain); got != c.want {
				t.Errorf("Visible the other way = %v, want %v", got, c.want)
			}
		})
	}
}

func TestInTerrain(t *testing.T) {
	r := geoBox(0, 0, 2, 1)
	cases := []struct {
		name    string
		terrain []Feature
		want    bool
	}{
		{"overlapping a wood is in terrain", []Feature{geoArea(Wood, 1, 0, 5, 5)}, true},
		{"touching a wood's edge from outside is not", []Feature{geoArea(Wood, 2, 0, 5, 5)}, false},
		{"rough ground is terrain", []Feature{geoArea(Rough, -1, -1, 3, 3)}, true},
		{"built-up area is terrain", []Feature{geoArea(BuiltUp, 1.5, 0.5, 3, 3)}, true},
		{"a hill is not terrain", []Feature{geoArea(Hill, -1, -1, 3, 3)}, false},
		{"impassable ground is not terrain", []Feature{geoArea(Impassable, -1, -1, 3, 3)}, false},
		{"a stream through the unit is terrain", []Feature{geoLine(Stream, geom.V(-5, 0.5), geom.V(5, 0.5))}, true},
		{"the edge of a stream's strip is terrain", []Feature{geoLine(Stream, geom.V(-5, 1.4), geom.V(5, 1.4))}, true},
		{"a stream beyond its strip is not", []Feature{geoLine(Stream, geom.V(-5, 1.6), geom.V(5, 1.6))}, false},
		{"a hedge through the unit is not terrain", []Feature{geoLine(Obstacle, geom.V(-5, 0.5), geom.V(5, 0.5))}, false},
		{"no terrain", nil, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := InTerrain(r, c.terrain); got != c.want {
				t.Errorf("InTerrain = %v, want %v", got, c.want)
			}
		})
	}
}

func TestInCover(t *testing.T) {
	target := Footprint(LineFoot, Line, 4, geom.V(0, 10), 180) // y 10..10.5
	from := geom.V(0, 0)
	cases := []struct {
		name    string
		terrain []Feature
		want    bool
	}{
		{"behind a hedge within 1BW is in cover", []Feature{geoLine(Obstacle, geom.V(-3, 9.5), geom.V(3, 9.5))}, true},
		{"a hedge 3BW in front is too far for cover (D-COVER)", []Feature{geoLine(Obstacle, geom.V(-3, 7), geom.V(3, 7))}, false},
		{"a hedge behind the target gives no cover", []Feature{geoLine(Obstacle, geom.V(-3, 11), geom.V(3, 11))}, false},
		{"a hedge off to the side gives no cover (D-COVER)", []Feature{geoLine(Obstacle, geom.V(5, 9.5), geom.V(8, 9.5))}, false},
		{"a breastwork gives cover", []Feature{geoLine(Fortification, geom.V(-3, 9.9), geom.V(3, 9.9))}, true},
		{"a stream in front gives cover", []Feature{geoLine(Stream, geom.V(-3, 9.2), geom.V(3, 9.2))}, true},
		{"a road gives no cover", []Feature{geoLine(Road, geom.V(-3, 9.5), geom.V(3, 9.5))}, false},
		{"in a wood is in cover", []Feature{geoArea(Wood, -5, 9, 5, 15)}, true},
		{"a wood elsewhere gives no cover", []Feature{geoArea(Wood, -5, 2, 5, 5)}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := InCover(target, from, c.terrain); got != c.want {
				t.Errorf("InCover = %v, want %v", got, c.want)
			}
		})
	}
}

func TestDefending(t *testing.T) {
	r := Footprint(LineFoot, Line, 4, geom.V(0, 0), 0) // y -0.5..0
	fence := geoLine(Obstacle, geom.V(-3, 0.3), geom.V(3, 0.3))
	cases := []struct {
		name    string
		enemy   geom.Vec
		terrain []Feature
		want    TerrainKind
	}{
		{"fence along the front defends against an enemy ahead", geom.V(0, 5), []Feature{fence}, Obstacle},
		{"breastwork along the front is a fortification", geom.V(1, 5), []Feature{geoLine(Fortification, geom.V(-3, 0), geom.V(3, 0))}, Fortification},
		{"enemy on the flank gets no defence (D-DEFEND)", geom.V(8, -0.25), []Feature{fence}, NoTerrain},
		{"fence 1BW ahead is too far to defend", geom.V(0, 5), []Feature{geoLine(Obstacle, geom.V(-3, 1), geom.V(3, 1))}, NoTerrain},
		{"fence behind the unit is not defended", geom.V(0, 5), []Feature{geoLine(Obstacle, geom.V(-3, -1), geom.V(3, -1))}, NoTerrain},
		{"fortification outranks obstacle", geom.V(0, 5), []Feature{fence, geoLine(Fortification, geom.V(-3, 0.1), geom.V(3, 0.1))}, Fortification},
		{"a stream is not defended", geom.V(0, 5), []Feature{geoLine(Stream, geom.V(-3, 0.3), geom.V(3, 0.3))}, NoTerrain},
		{"a wood is not defended", geom.V(0, 5), []Feature{geoArea(Wood, -5, 0, 5, 3)}, NoTerrain},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Defending(r, c.enemy, c.terrain); got != c.want {
				t.Errorf("Defending = %v, want %v", got, c.want)
			}
		})
	}
}

func TestOnHill(t *testing.T) {
	cases := []struct {
		name    string
		r       geom.Rect
		terrain []Feature
		want    bool
	}{
		{"centre on the hill is on the hill", geoBox(0, 0, 2, 1), []Feature{geoArea(Hill, 0.5, 0, 5, 5)}, true},
		{"only an edge on the hill is not", geoBox(0, 0, 2, 1), []Feature{geoArea(Hill, 1.5, 0, 5, 5)}, false},
		{"a wood is not a hill", geoBox(0, 0, 2, 1), []Feature{geoArea(Wood, -1, -1, 5, 5)}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := OnHill(c.r, c.terrain); got != c.want {
				t.Errorf("OnHill = %v, want %v", got, c.want)
			}
		})
	}
}

func TestOnRoad(t *testing.T) {
	road := []Feature{geoLine(Road, geom.V(0, 0), geom.V(10, 0), geom.V(10, 10))}
	cases := []struct {
		name    string
		a, b    geom.Vec
		terrain []Feature
		want    bool
	}{
		{"a move along the road is on it", geom.V(1, 0), geom.V(9, 0.3), road, true},
		{"a move leaving the road is not", geom.V(1, 0), geom.V(9, 2), road, false},
		{"a move cutting the bend inside the road's width is on it", geom.V(9.6, 0), geom.V(10, 0.4), road, true},
		{"a move along a stream is not on a road", geom.V(1, 0), geom.V(9, 0), []Feature{geoLine(Stream, geom.V(0, 0), geom.V(10, 0))}, false},
		{"no road", geom.V(1, 0), geom.V(9, 0), nil, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := OnRoad(c.a, c.b, c.terrain); got != c.want {
				t.Errorf("OnRoad = %v, want %v", got, c.want)
			}
		})
	}
}

func TestPathClearOfEnemy(t *testing.T) {
	enemy := []geom.Rect{geoBox(-2, 5, 2, 5.5)}
	cases := []struct {
		name    string
		a, b    geom.Vec
		friends []geom.Rect
		want    bool
	}{
		{"a path far from the enemy is clear", geom.V(-10, 0), geom.V(10, 0), nil, true},
		{"a path within 2BW of the enemy is not", geom.V(-10, 3.5), geom.V(10, 3.5), nil, false},
		{"a path exactly 2BW away is clear", geom.V(-10, 3), geom.V(10, 3), nil, true},
		{"a friendly unit between screens the path (D-GENPATH)", geom.V(-10, 3.5), geom.V(10, 3.5), []geom.Rect{geoBox(-3, 4, 3, 4.5)}, true},
		{"a friendly unit off to the side does not screen (D-GENPATH)", geom.V(-10, 3.5), geom.V(10, 3.5), []geom.Rect{geoBox(8, 4, 9, 4.5)}, false},
		{"a path through the enemy is never clear", geom.V(-10, 5.2), geom.V(10, 5.2), []geom.Rect{geoBox(-3, 4, 3, 4.5)}, false},
		{"a path ending short of the enemy's corner is clear", geom.V(-10, 3.5), geom.V(-5, 3.5), nil, true},
		{"a path ending near the enemy's corner is not", geom.V(-10, 4), geom.V(-3, 4), nil, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := PathClearOfEnemy(c.a, c.b, enemy, c.friends); got != c.want {
				t.Errorf("PathClearOfEnemy = %v, want %v", got, c.want)
			}
		})
	}
}

func TestWithin(t *testing.T) {
	a, b := geoBox(0, 0, 1, 1), geoBox(3, 0, 4, 1)
	cases := []struct {
		name string
		got  bool
		want bool
	}{
		{"rects 2BW apart are within 2", Within(a, b, 2), true},
		{"rects 2BW apart are not within 1.9", Within(a, b, 1.9), false},
		{"touching rects are within 0", Within(a, geoBox(1, 0, 2, 1), 0), true},
		{"a general 2BW from a unit is within 2", PointWithin(geom.V(3, 0.5), a, 2), true},
		{"a general 2BW from a unit is not within 1.9", PointWithin(geom.V(3, 0.5), a, 1.9), false},
		{"a general on a unit is within 0", PointWithin(geom.V(0.5, 0.5), a, 0), true},
		{"a general off a corner measures to the corner", PointWithin(geom.V(4, 5), a, 5), true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.got != c.want {
				t.Errorf("got %v, want %v", c.got, c.want)
			}
		})
	}
}

// TestGeometryNoAllocations proves that every function of geometry.go and
// sight.go allocates nothing, each driven down its longest path.
func TestGeometryNoAllocations(t *testing.T) {
	line := Footprint(LineFoot, Line, 6, geom.V(0, 0), 10)
	target := Footprint(LineFoot, Line, 4, geom.V(1, 10), 190)
	blockers := []geom.Rect{geoBox(-0.3, 4, 0.3, 4.5), geoBox(4, 5, 5, 5.5), geoBox(-1, 3, 3, 3.5)}
	terrain := []Feature{
		geoArea(Wood, -5, -3, 5, 0.7), geoArea(Hill, -5, 8, 5, 14),
		geoLine(Obstacle, geom.V(-3, 9.5), geom.V(3, 9.5)), geoLine(Stream, geom.V(-9, 2), geom.V(9, 2.5)),
		geoLine(Road, geom.V(0, 0), geom.V(10, 0), geom.V(10, 10)),
	}
	diamond := []geom.Vec{{X: 0, Y: 5}, {X: 1, Y: 6}, {X: 0, Y: 7}, {X: -1, Y: 6}}
	cases := []struct {
		name string
		f    func()
	}{
		{"BaseDepth Size Footprint Ranks FrontBases", func() {
			w, d := Size(LineFoot, Square, 8)
			geoSinkF = w + d + BaseDepth(HeavyCavalry)
			geoSinkV = Footprint(LineFoot, Column, 6, geom.V(1, 1), 30).C
			geoSinkI = Ranks(LineFoot, Column, 6) + FrontBases(LineFoot, Open, 4)
		}},
		{"Reform", func() { geoSinkV, geoSinkF = Reform(LineFoot, Line, Square, 6, geom.V(1, 1), 30, AnchorRight) }},
		{"TurnTo", func() { geoSinkV, geoSinkF = TurnTo(LineFoot, Line, 6, geom.V(1, 1), 30, TurnLeft) }},
		{"WheelBlocked", func() { geoSinkI = WheelBlocked(6, 0.5, geom.V(0, 0), 10, -90, blockers) }},
		{"Wheel", func() { geoSinkV, geoSinkF, geoSinkF = Wheel(6, geom.V(1, 1), 30, -40) }},
		{"WheelToward", func() { geoSinkF = WheelToward(6, geom.V(1, 1), 30, geom.V(9, 4), 90) }},
		{"MoveLimit", func() { geoSinkF, geoSinkI = MoveLimit(line, geom.V(0, 1), 10, blockers, 0) }},
		{"MoveLimit with gap", func() { geoSinkF, geoSinkI = MoveLimit(line, geom.V(0, 1), 10, blockers, 1) }},
		{"AreaLimit", func() { geoSinkF = AreaLimit(line, geom.V(0, 1), 10, diamond) }},
		{"ClearDistance", func() { geoSinkF = ClearDistance(line, geom.V(0, 1), blockers[2]) }},
		{"InArc Range", func() { geoSinkB = InArc(line, target); geoSinkF = Range(line, target) }},
		{"EligibleBases", func() { geoSinkI = EligibleBases(LineFoot, Line, 6, geom.V(0, 0), 10, target, 6) }},
		{"EligibleBases square", func() { geoSinkI = EligibleBases(LineFoot, Square, 8, geom.V(0, 0), 10, target, 6) }},
		{"Visible", func() { geoSinkB = Visible(line, target, blockers, terrain) }},
		{"InTerrain InCover", func() { geoSinkB = InTerrain(target, terrain) || InCover(target, geom.V(0, 0), terrain) }},
		{"Defending", func() { geoSinkK = Defending(target, geom.V(0, 0), terrain) }},
		{"OnHill OnRoad", func() { geoSinkB = OnHill(target, terrain) || OnRoad(geom.V(1, 0), geom.V(10, 3), terrain) }},
		{"PathClearOfEnemy", func() { geoSinkB = PathClearOfEnemy(geom.V(-10, 3.5), geom.V(10, 3.5), blockers, blockers) }},
		{"Within PointWithin", func() { geoSinkB = Within(line, target, 3) || PointWithin(geom.V(3, 3), target, 1) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if n := testing.AllocsPerRun(100, c.f); n != 0 {
				t.Errorf("%s allocates %v times per call", c.name, n)
			}
		})
	}
}

// BenchmarkVisible traces a line of sight across a field of 20 units and 6
// terrain features, a busy table's worst case.
func BenchmarkVisible(b *testing.B) {
	b.ReportAllocs()
	shooter := Footprint(LineFoot, Line, 6, geom.V(20, 2), 0)
	target := Footprint(LineFoot, Line, 4, geom.V(22, 30), 180)
	blockers := make([]geom.Rect, 20)
	for i := range blockers {
		x, y := float64(i%5)*9+1, float64(i/5)*6+6
		blockers[i] = Footprint(LineFoot, Line, 4, geom.V(x, y), 0)
	}
	terrain := []Feature{
		geoArea(Wood, 30, 10, 36, 16), geoArea(BuiltUp, 5, 20, 9, 24), geoArea(Hill, 15, 12, 25, 18),
		geoArea(Rough, 24, 24, 28, 27), geoLine(Obstacle, geom.V(10, 28), geom.V(30, 28)),
		geoLine(Road, geom.V(0, 15), geom.V(40, 15)),
	}
	for b.Loop() {
		geoSinkB = Visible(shooter, target, blockers, terrain)
	}
}

// BenchmarkEligibleBases counts a line of 6's bases on a target off its
// right front.
func BenchmarkEligibleBases(b *testing.B) {
	b.ReportAllocs()
	target := Footprint(LineFoot, Line, 4, geom.V(6, 5), 200)
	for b.Loop() {
		geoSinkI = EligibleBases(LineFoot, Line, 6, geom.V(0, 0), 10, target, 6)
	}
}
