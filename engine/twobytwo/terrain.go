package twobytwo

import (
	"math"

	"github.com/grognard/grognard/engine/geom"
)

// Tolerances of the continuous table, in inches.
const (
	// contactTol: bases closer than this are in contact ("base to base";
	// ruling R-CONTACT).
	contactTol = 0.02
	// overlapTol: bases may touch; they overlap when they interpenetrate by more than this.
	overlapTol = 0.005
	// roadHalf is half the width of a road (1/2" wide, "Terrain Placement"),
	// plus a small allowance for placing a base by hand.
	roadHalf = 0.3
	// bridgeReach: a stream crossing this close to a road is a bridge.
	bridgeReach = 0.35
	// baseReach: two bases whose centres are farther apart than this
	// cannot touch or overlap (half-diagonals of 0.56" each, with room to
	// spare), so the exact tests can skip them.
	baseReach = 1.2
)

// pointRectDist is the distance from p to rectangle r (0 inside).
func pointRectDist(p geom.Vec, r geom.Rect) float64 {
	along, across := r.Local(p)
	dx := math.Max(math.Abs(across)-r.HW, 0)
	dy := math.Max(math.Abs(along)-r.HD, 0)
	return math.Hypot(dx, dy)
}

// measure is the distance the rules measure from base a to base b: to the
// centre of b's face nearest a ("Measuring ranges"; ruling R-MEASURE).
func measure(a, b geom.Rect) float64 {
	best := math.MaxFloat64
	for f := geom.FaceFront; f <= geom.FaceLeft; f++ {
		if d := pointRectDist(b.FaceCentre(f), a); d < best {
			best = d
		}
	}
	return best
}

// nearestFace is the face of b whose centre is nearest to base a.
func nearestFace(a, b geom.Rect) geom.Face {
	best, bf := math.MaxFloat64, geom.FaceFront
	for f := geom.FaceFront; f <= geom.FaceLeft; f++ {
		if d := pointRectDist(b.FaceCentre(f), a); d < best {
			best, bf = d, f
		}
	}
	return bf
}

// faceNormal is the outward normal of face f of r.
func faceNormal(r geom.Rect, f geom.Face) geom.Vec {
	switch f {
	case geom.FaceFront:
		return r.F
	case geom.FaceRear:
		return r.F.Scale(-1)
	case geom.FaceRight:
		return r.Right()
	default:
		return r.Right().Scale(-1)
	}
}

// inArea reports whether point p lies in any feature of kind k.
func (sc *Scenario) inArea(p geom.Vec, k TerrainKind) bool {
	pb := bbox{p.X, p.Y, p.X, p.Y}
	for i := range sc.Terrain {
		f := &sc.Terrain[i]
		if f.Kind == k && sc.box(i).hits(pb) && geom.PointInPolygon(p, f.Points) {
			return true
		}
	}
	return false
}

// rectInArea reports whether base r overlaps any feature of kind k.
func (sc *Scenario) rectInArea(r geom.Rect, k TerrainKind) bool {
	rb := rectBox(r)
	for i := range sc.Terrain {
		f := &sc.Terrain[i]
		if f.Kind == k && sc.box(i).hits(rb) && geom.RectPolygonOverlap(r, f.Points) {
			return true
		}
	}
	return false
}

// atEdgeOf reports whether base r overlaps or touches a feature of kind k
// (a unit "at the edge of woods or town"; ruling R-COVER).
func (sc *Scenario) atEdgeOf(r geom.Rect, k TerrainKind) bool {
	r.HW += contactTol
	r.HD += contactTol
	return sc.rectInArea(r, k)
}

// coverModifier is the cover an infantry target with base r gets against
// shooting ("Modifiers"; ruling R-COVER): -1 "in cover, i.e.: in town,
// behind wall or hedge" when its centre is in a town or hedge is true (the
// line of fire crosses a hedge or wall close to it), and -1 "at edge of
// woods or town" when its base overlaps or touches a wood, or a town it is
// not in. A town is the document's example of cover, so a unit in a town
// takes that row and not the edge row as well: -1, not -2.
func (sc *Scenario) coverModifier(r geom.Rect, hedge bool) int {
	m := 0
	inTown := sc.inArea(r.C, Town)
	if inTown || hedge {
		m--
	}
	if sc.atEdgeOf(r, Wood) || !inTown && sc.atEdgeOf(r, Town) {
		m--
	}
	return m
}

// onRoad reports whether p is on a road.
func (sc *Scenario) onRoad(p geom.Vec) bool {
	pb := bbox{p.X, p.Y, p.X, p.Y}
	for i := range sc.Terrain {
		f := &sc.Terrain[i]
		if f.Kind == Road && sc.box(i).hits(pb) && geom.PointPolylineDist(p, f.Points) <= roadHalf {
			return true
		}
	}
	return false
}

// segOnRoad reports whether the whole segment a-b runs on one road
// (ruling R-ROAD: a leg follows one road; a move may change roads at a
// waypoint).
func (sc *Scenario) segOnRoad(a, b geom.Vec) bool {
	sb := segBox(a, b)
	for i := range sc.Terrain {
		f := &sc.Terrain[i]
		if f.Kind == Road && sc.box(i).hits(sb) && geom.SegWithinPolyline(a, b, f.Points, roadHalf) {
			return true
		}
	}
	return false
}

// onHill reports whether the centre of r is on a hill ("Higher than
// opponent"; ruling R-HILL: hills have one level).
func (sc *Scenario) onHill(r geom.Rect) bool {
	return sc.inArea(r.C, Hill) || sc.inArea(r.C, SteepHill)
}

// waterCrossing scans the crossings of segment a-b with streams and rivers.
type waterCrossing struct {
	streams int  // stream crossings away from bridges (+1" each)
	bridge  bool // crossed water by a bridge
	river   bool // crossed a river away from a bridge (impassable)
}

func (sc *Scenario) crossWater(a, b geom.Vec) waterCrossing {
	var w waterCrossing
	sb := segBox(a, b)
	for i := range sc.Terrain {
		f := &sc.Terrain[i]
		if f.Kind != Stream && f.Kind != River || !sc.box(i).hits(sb) {
			continue
		}
		for j := 0; j+1 < len(f.Points); j++ {
			t, ok := geom.SegSegIntersect(a, b, f.Points[j], f.Points[j+1])
			if !ok {
				continue
			}
			x := a.Lerp(b, t)
			switch {
			case sc.onRoad(x) || sc.nearRoad(x, bridgeReach):
				w.bridge = true
			case f.Kind == River && !sc.atFord(x):
				w.river = true
			default:
				w.streams++
			}
		}
	}
	return w
}

// atFord reports whether p lies within a ford (ruling R-FORD: a river is
// crossed there as a stream is, for +1").
func (sc *Scenario) atFord(p geom.Vec) bool {
	for i := range sc.Terrain {
		f := &sc.Terrain[i]
		if f.Kind == Ford && p.Dist(f.Centre) <= f.Radius {
			return true
		}
	}
	return false
}

func (sc *Scenario) nearRoad(p geom.Vec, d float64) bool {
	for i := range sc.Terrain {
		f := &sc.Terrain[i]
		if f.Kind == Road && geom.PointPolylineDist(p, f.Points) <= d {
			return true
		}
	}
	return false
}

// blocksSight reports whether terrain blocks the line a-b between bases
// from and to ("All terrain ... block the line of sight"; ruling R-LOS:
// woods, towns, copses and hills block, except a wood, town or hill that
// the firer or target itself stands in; streams, roads and hedges do not).
func (sc *Scenario) blocksSight(a, b geom.Vec, from, to geom.Rect) bool {
	sb := segBox(a, b)
	for i := range sc.Terrain {
		f := &sc.Terrain[i]
		if !sc.box(i).hits(sb) {
			continue
		}
		switch f.Kind {
		case Copse:
			if geom.SegCircleIntersects(a, b, f.Centre, f.Radius) {
				return true
			}
		case Wood, Town, Hill, SteepHill:
			if !geom.SegPolygonIntersects(a, b, f.Points) {
				continue
			}
			if f.Kind == Hill || f.Kind == SteepHill {
				if geom.PointInPolygon(from.C, f.Points) || geom.PointInPolygon(to.C, f.Points) {
					continue
				}
			} else if geom.RectPolygonOverlap(from, f.Points) || geom.RectPolygonOverlap(to, f.Points) {
				// Ruling R-LOS: a unit at the edge of or in a wood or town
				// sees and is seen through that feature's boundary, but not
				// across it: the part of the line inside must be short.
				if geom.SegInPolygonLength(a, b, f.Points) <= 1.0 {
					continue
				}
			}
			return true
		}
	}
	return false
}

// behindHedge reports whether the line of fire a-b crosses a hedge or wall
// within 1" of the target's measuring point b (cover, "Modifiers").
func (sc *Scenario) behindHedge(a, b geom.Vec) bool {
	for i := range sc.Terrain {
		f := &sc.Terrain[i]
		if f.Kind != Hedge {
			continue
		}
		if geom.SegPolylineCrossings(a, b, f.Points) > 0 && geom.PointPolylineDist(b, f.Points) <= 1.0 {
			return true
		}
	}
	return false
}

// onTableRect reports whether base r lies wholly on the table.
func (sc *Scenario) onTableRect(r geom.Rect) bool {
	// No corner lies farther than HW+HD from the centre along either axis:
	// a base that far inside every edge needs no corners worked out.
	if m := r.HW + r.HD; r.C.X >= m && r.C.Y >= m && r.C.X <= sc.Size-m && r.C.Y <= sc.Size-m {
		return true
	}
	for _, c := range r.Corners() {
		if c.X < -1e-9 || c.Y < -1e-9 || c.X > sc.Size+1e-9 || c.Y > sc.Size+1e-9 {
			return false
		}
	}
	return true
}

// edgePoint is the point at coordinate at along edge e.
func (sc *Scenario) edgePoint(e Edge, at float64) geom.Vec {
	switch e {
	case South:
		return geom.V(at, 0)
	case North:
		return geom.V(at, sc.Size)
	case West:
		return geom.V(0, at)
	default:
		return geom.V(sc.Size, at)
	}
}

// inward is the unit vector pointing into the table from edge e.
func inward(e Edge) geom.Vec {
	switch e {
	case South:
		return geom.V(0, 1)
	case North:
		return geom.V(0, -1)
	case West:
		return geom.V(1, 0)
	default:
		return geom.V(-1, 0)
	}
}

// along is the unit vector running along edge e.
func along(e Edge) geom.Vec {
	if e == South || e == North {
		return geom.V(1, 0)
	}
	return geom.V(0, 1)
}
