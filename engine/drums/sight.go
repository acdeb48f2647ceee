package drums

import (
	"math"

	"github.com/grognard/grognard/engine/geom"
)

// This file is what a unit can see and shoot at, and where terrain helps
// or hinders it: arcs, ranges, lines of sight, cover, defended obstacles,
// hills, roads, and the paths of generals. Like geometry.go it is pure and
// allocation free.

// arcReach is how far, in BW, the shooting arc is followed; it is far
// beyond any range in Shooting Table 1 (30BW) yet small enough to keep the
// arc's far corners accurate.
const arcReach = 1000.0

// sightInset shrinks a unit's rect before a sight line is tested against
// it, so that a line that only touches a neighbour's corner or runs along
// its edge (as lines from the end of a front rank beside a friendly unit
// do) is not blocked by it.
const sightInset = 1e-6

// frontEdgeRect is the front edge of r as a rect of no depth, so the geom
// distance functions measure from the edge alone.
func frontEdgeRect(r geom.Rect) geom.Rect {
	return geom.Rect{C: r.FaceCentre(geom.FaceFront), F: r.F, HW: r.HW, HD: 0}
}

// segmentRect is the segment a-b as a rect of no depth.
func segmentRect(a, b geom.Vec) geom.Rect {
	u := b.Sub(a)
	l := u.Len()
	if l == 0 {
		return geom.Rect{C: a, F: geom.Vec{Y: 1}}
	}
	u = u.Scale(1 / l)
	// Right = F.Perp() must run along the segment, so F is u turned a
	// quarter anticlockwise.
	return geom.Rect{C: a.Lerp(b, 0.5), F: geom.Vec{X: -u.Y, Y: u.X}, HW: l / 2}
}

// projectQuad is the interval of pts projected on axis.
func projectQuad(pts *[4]geom.Vec, axis geom.Vec) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, p := range pts {
		x := p.Dot(axis)
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	return lo, hi
}

// quadsSeparated reports whether axis separates the convex quads a and b by
// more than geom.Eps.
func quadsSeparated(a, b *[4]geom.Vec, axis geom.Vec) bool {
	alo, ahi := projectQuad(a, axis)
	blo, bhi := projectQuad(b, axis)
	tol := geom.Eps * (1 + math.Abs(alo) + math.Abs(ahi))
	return alo > bhi+tol || blo > ahi+tol
}

// InArc reports whether any part of target lies in shooter's shooting arc
// (Shooting Action 4: "a base has a shooting arch of 45 degrees from its
// front base edge"). Touching the arc's boundary counts.
//
// Ruling D-ARC (Shooting Action 4): the arc is the ground ahead of the
// front edge between lines drawn from its two ends at 45 degrees out from
// straight ahead, so it is as wide as the front edge at the edge and
// widens by 1BW each side per BW ahead.
func InArc(shooter, target geom.Rect) bool {
	f, rt := shooter.F, shooter.Right()
	fl, fr := shooter.FaceEnds(geom.FaceFront)
	// The arc cut off at arcReach: a convex quad, front-left first.
	arc := [4]geom.Vec{
		fl, fr,
		fr.Add(f.Add(rt).Scale(arcReach)),
		fl.Add(f.Sub(rt).Scale(arcReach)),
	}
	tc := target.Corners()
	// The separating axes: the target's two, the arc's front normal and
	// its two side normals.
	axes := [5]geom.Vec{target.F, target.Right(), f, f.Add(rt), f.Sub(rt)}
	for _, ax := range axes {
		if quadsSeparated(&arc, &tc, ax) {
			return false
		}
	}
	return true
}

// Range is the distance from shooter's front edge to the nearest point of
// target (Shooting Action 5: "measure the distance"), 0 in contact.
func Range(shooter, target geom.Rect) float64 {
	return geom.RectDistance(frontEdgeRect(shooter), target)
}

// EligibleBases is how many of the shooter's front-rank bases have target
// in their own arc within maxRange (Shooting Action 4 and 6). The front
// rank is FrontBases bases laid along the front edge as Size lays them
// (Open: with 1BW gaps); each base is judged from its own front edge.
//
// Ruling D-SQUARE-FIRE (Formations, Infantry Square; Shooting Action 1):
// a square has ceil(n/4) bases on each face and shoots from one face at a
// time, so it counts the face that has the most bases eligible.
func EligibleBases(t Type, f Formation, bases int, front geom.Vec, facing float64, target geom.Rect, maxRange float64) int {
	k := FrontBases(t, f, bases)
	if k == 0 {
		return 0
	}
	d := BaseDepth(t)
	if f != Square {
		return eligibleOnFace(t, f, bases, k, d, front, facing, target, maxRange)
	}
	w, _ := Size(t, f, bases)
	centre := front.Sub(geom.Heading(facing).Scale(w / 2))
	best := 0
	for face := range 4 {
		ff := facing + 90*float64(face)
		fc := centre.Add(geom.Heading(ff).Scale(w / 2))
		best = max(best, eligibleOnFace(t, f, bases, k, d, fc, ff, target, maxRange))
	}
	return best
}

// eligibleOnFace counts the k bases of the face whose front point is
// front that see target in arc and within maxRange.
func eligibleOnFace(t Type, f Formation, bases, k int, d float64, front geom.Vec, facing float64, target geom.Rect, maxRange float64) int {
	fw := geom.Heading(facing)
	rt := fw.Perp()
	n := 0
	for i := range k {
		bf := front.Add(rt.Scale(frontBaseOffset(t, f, bases, i)))
		b := rectBehind(1, d, bf, facing)
		if Range(b, target) <= maxRange+1e-9 && InArc(b, target) {
			n++
		}
	}
	return n
}

// nearestFaceTo is the face of target whose centre is nearest p.
func nearestFaceTo(target geom.Rect, p geom.Vec) geom.Face {
	best, bd := geom.FaceFront, math.Inf(1)
	for f := geom.FaceFront; f <= geom.FaceLeft; f++ {
		if d := target.FaceCentre(f).Dist(p); d < bd {
			best, bd = f, d
		}
	}
	return best
}

// Visible reports whether shooter and target can see each other (Shooting
// Action 3). Nine sight lines are tried, from the ends and middle of the
// shooter's front edge to the ends and middle of the target's face
// nearest the shooter; one clear line is enough. A line is blocked by a
// rect of blockers (other units; the caller leaves out the two units)
// whose interior it passes through, and by a feature whose kind blocks
// sight that it passes through further than 1BW from both of its ends.
//
// A square shoots from any face: its footprint turned by a multiple of 90
// degrees about its centre is the same square, so pass it turned to put
// the shooting face at the front.
//
// Ruling D-LOS (Terrain & Fortifications: the players agree what is sight
// blocking): woods and built-up areas block sight, but the first and last
// 1BW of a line may run inside them, so a unit at the edge of a wood sees
// out and is seen, and two units within 2BW see each other in a wood.
func Visible(shooter, target geom.Rect, blockers []geom.Rect, terrain []Feature) bool {
	sl, sr := shooter.FaceEnds(geom.FaceFront)
	from := [3]geom.Vec{sl, sl.Lerp(sr, 0.5), sr}
	face := nearestFaceTo(target, from[1])
	tl, tr := target.FaceEnds(face)
	to := [3]geom.Vec{tl, tl.Lerp(tr, 0.5), tr}
	for _, p := range from {
		for _, q := range to {
			if sightLineClear(p, q, blockers, terrain) {
				return true
			}
		}
	}
	return false
}

// sightLineClear reports whether the sight line p-q is blocked by neither a
// unit nor sight-blocking terrain.
func sightLineClear(p, q geom.Vec, blockers []geom.Rect, terrain []Feature) bool {
	for i := range blockers {
		b := blockers[i]
		if b.HW <= sightInset || b.HD <= sightInset {
			continue
		}
		b.HW -= sightInset
		b.HD -= sightInset
		if geom.SegRectIntersects(p, q, b) {
			return false
		}
	}
	l := p.Dist(q)
	if l <= 2 {
		return true
	}
	// Only the middle of the line, more than 1BW from either end, may not
	// run through sight-blocking terrain.
	a, b := p.Lerp(q, 1/l), p.Lerp(q, 1-1/l)
	for i := range terrain {
		ft := &terrain[i]
		if !ft.Kind.BlocksSight() || len(ft.Points) < 3 {
			continue
		}
		if geom.SegInPolygonLength(a, b, ft.Points) > 1e-9 {
			return false
		}
	}
	return true
}

// areaCountsAsTerrain reports whether an area of kind k puts a unit "in
// terrain" for movement and the tables (Terrain & Fortifications, Cover
// Terrain).
func areaCountsAsTerrain(k TerrainKind) bool { return k == Wood || k == BuiltUp || k == Rough }

// InTerrain reports whether any part of r is inside a wood, built-up area
// or rough ground, or r overlaps a stream's LinearWidth-wide strip (Cover
// Terrain; Movement: the "In Terrain" column).
func InTerrain(r geom.Rect, terrain []Feature) bool {
	for i := range terrain {
		ft := &terrain[i]
		switch {
		case areaCountsAsTerrain(ft.Kind):
			if geom.RectPolygonOverlap(r, ft.Points) {
				return true
			}
		case ft.Kind == Stream:
			if len(ft.Points) > 0 && geom.RectPolylineDist(r, ft.Points) < LinearWidth/2-geom.Eps {
				return true
			}
		}
	}
	return false
}

// InCover reports whether target is in cover from a shooter at from
// (Cover Terrain: "all terrain provides cover"; Shooting Tables 2b-2d,
// "target is in cover"): it is InTerrain, or an obstacle, fortification
// or stream lies between them within 1BW of the target. Artillery's
// exception ("except to any artillery") is the caller's.
//
// Ruling D-COVER (Cover Terrain): a line lies between them when it crosses
// the line from the shooter to the target's centre at a point within 1BW
// of the target.
func InCover(target geom.Rect, from geom.Vec, terrain []Feature) bool {
	if InTerrain(target, terrain) {
		return true
	}
	for i := range terrain {
		ft := &terrain[i]
		if ft.Kind != Obstacle && ft.Kind != Fortification && ft.Kind != Stream {
			continue
		}
		if lineCrossesNear(from, target.C, ft.Points, target, 1) {
			return true
		}
	}
	return false
}

// lineCrossesNear reports whether segment p-q meets polyline line at a point
// within reach of rect r.
func lineCrossesNear(p, q geom.Vec, line []geom.Vec, r geom.Rect, reach float64) bool {
	for j := 1; j < len(line); j++ {
		t, ok := geom.SegSegIntersect(p, q, line[j-1], line[j])
		if ok && PointWithin(p.Lerp(q, t), r, reach) {
			return true
		}
	}
	return false
}

// Defending is the kind of linear feature r defends against an enemy at
// point enemy: Fortification or Obstacle, NoTerrain if neither (Melee
// Factors: "opponents are defending an obstacle / fortifications"). The
// feature must lie between r and the enemy and within 0.5BW of r's front
// edge; a fortification outranks an obstacle.
//
// Ruling D-DEFEND (Terrain & Fortifications): the feature lies between
// them when it crosses the line from r's centre to the enemy at a point
// within 0.5BW of r's front edge, so a fence along the front defends
// against an enemy ahead but not one on the flank.
func Defending(r geom.Rect, enemy geom.Vec, terrain []Feature) TerrainKind {
	fl, fr := r.FaceEnds(geom.FaceFront)
	kind := NoTerrain
	for i := range terrain {
		ft := &terrain[i]
		if ft.Kind != Obstacle && ft.Kind != Fortification {
			continue
		}
		if kind == Fortification {
			break
		}
		line := ft.Points
		for j := 1; j < len(line); j++ {
			t, ok := geom.SegSegIntersect(r.C, enemy, line[j-1], line[j])
			if ok && geom.PointSegDist(r.C.Lerp(enemy, t), fl, fr) <= 0.5+1e-9 {
				kind = ft.Kind
				break
			}
		}
	}
	return kind
}

// OnHill reports whether r's centre is on a hill (Melee Factors:
// "fighting uphill"; uphill is one unit on a hill and the other not).
func OnHill(r geom.Rect, terrain []Feature) bool {
	for i := range terrain {
		if terrain[i].Kind == Hill && geom.PointInPolygon(r.C, terrain[i].Points) {
			return true
		}
	}
	return false
}

// OnRoad reports whether the whole of segment a-b lies within
// LinearWidth/2 of one road (Movement, Moving along a road: "the whole
// movement is on a road").
func OnRoad(a, b geom.Vec, terrain []Feature) bool {
	for i := range terrain {
		if terrain[i].Kind == Road && geom.SegWithinPolyline(a, b, terrain[i].Points, LinearWidth/2) {
			return true
		}
	}
	return false
}

// closestOnRect is the point of r nearest p (p itself inside r).
func closestOnRect(p geom.Vec, r geom.Rect) geom.Vec {
	along, across := r.Local(p)
	along = math.Max(-r.HD, math.Min(r.HD, along))
	across = math.Max(-r.HW, math.Min(r.HW, across))
	return r.C.Add(r.F.Scale(along)).Add(r.Right().Scale(across))
}

// segRectClosestPair is the nearest pair of points of segment a-b and rect r,
// the first on the segment. Apart, the pair has a segment end or a corner
// of r at one end; crossing, it is a shared point.
func segRectClosestPair(a, b geom.Vec, r geom.Rect) (geom.Vec, geom.Vec) {
	if geom.SegRectIntersects(a, b, r) {
		// A shared point: the segment end inside, or its meeting with an edge.
		if r.Contains(a) {
			return a, a
		}
		best := 2.0
		c := r.Corners()
		for i := range 4 {
			if t, ok := geom.SegSegIntersect(a, b, c[i], c[(i+1)&3]); ok && t < best {
				best = t
			}
		}
		p := a.Lerp(b, math.Min(best, 1))
		return p, p
	}
	pa, qa := a, closestOnRect(a, r)
	bd := pa.Dist(qa)
	if q := closestOnRect(b, r); b.Dist(q) < bd {
		pa, qa, bd = b, q, b.Dist(q)
	}
	for _, k := range r.Corners() {
		if p := geom.ClosestOnSeg(k, a, b); p.Dist(k) < bd {
			pa, qa, bd = p, k, p.Dist(k)
		}
	}
	return pa, qa
}

// PathClearOfEnemy reports whether a general may move along a-b (Moving
// generals: "cannot pass within 2BW of an enemy unit, unless there is an
// intervening friendly unit between the general's path of movement and
// the enemy unit"). Exactly 2BW away is allowed.
//
// Ruling D-GENPATH (Moving generals): a friendly unit intervenes when its
// rect meets the line from the path's nearest point to the enemy to the
// enemy's nearest point; a path that touches the enemy is never screened.
func PathClearOfEnemy(a, b geom.Vec, enemies, friends []geom.Rect) bool {
	path := segmentRect(a, b)
	for i := range enemies {
		e := enemies[i]
		if e.HW == 0 || geom.RectDistance(path, e) >= 2-1e-9 {
			continue
		}
		p, q := segRectClosestPair(a, b, e)
		if p == q {
			return false
		}
		screened := false
		for j := range friends {
			if friends[j].HW != 0 && geom.SegRectIntersects(p, q, friends[j]) {
				screened = true
				break
			}
		}
		if !screened {
			return false
		}
	}
	return true
}

// Within reports whether rects a and b are no more than d apart.
func Within(a, b geom.Rect, d float64) bool { return geom.RectDistance(a, b) <= d+1e-9 }

// PointWithin reports whether point p (a general) is no more than d from
// rect r.
func PointWithin(p geom.Vec, r geom.Rect, d float64) bool {
	return p.Dist(closestOnRect(p, r)) <= d+1e-9
}
