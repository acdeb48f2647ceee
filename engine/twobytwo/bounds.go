package twobytwo

import (
	"math"

	"github.com/grognard/grognard/engine/geom"
)

// bbox is an axis-aligned bounding box, used to skip terrain features far
// from a base before the exact (and dearer) polygon tests.
type bbox struct{ minX, minY, maxX, maxY float64 }

func (b bbox) hits(o bbox) bool {
	return b.minX <= o.maxX && o.minX <= b.maxX && b.minY <= o.maxY && o.minY <= b.maxY
}

func (b bbox) grow(d float64) bbox { return bbox{b.minX - d, b.minY - d, b.maxX + d, b.maxY + d} }

func (b bbox) holds(p geom.Vec) bool {
	return b.minX <= p.X && p.X <= b.maxX && b.minY <= p.Y && p.Y <= b.maxY
}

// baseNear reports whether bases centred at a and b may touch or overlap
// (within baseReach of each other): the cheap test before the exact one.
// It compares squares, the square root being the dearer part of a
// distance.
func baseNear(a, b geom.Vec) bool {
	d := a.Sub(b)
	return d.X*d.X+d.Y*d.Y <= baseReach*baseReach
}

func pointsBox(pts []geom.Vec) bbox {
	b := bbox{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, p := range pts {
		b.minX, b.maxX = math.Min(b.minX, p.X), math.Max(b.maxX, p.X)
		b.minY, b.maxY = math.Min(b.minY, p.Y), math.Max(b.maxY, p.Y)
	}
	return b
}

// rectBox bounds an oriented rectangle from its half-extents along the axes.
func rectBox(r geom.Rect) bbox {
	fx, fy := math.Abs(r.F.X), math.Abs(r.F.Y)
	ex := fx*r.HD + fy*r.HW
	ey := fy*r.HD + fx*r.HW
	return bbox{r.C.X - ex, r.C.Y - ey, r.C.X + ex, r.C.Y + ey}
}

func segBox(a, b geom.Vec) bbox {
	bb := bbox{a.X, a.Y, b.X, b.Y}
	if b.X < a.X {
		bb.minX, bb.maxX = b.X, a.X
	}
	if b.Y < a.Y {
		bb.minY, bb.maxY = b.Y, a.Y
	}
	return bb
}

// prepare computes the features' bounding boxes and the river crossings
// once; states share them.
func (sc *Scenario) prepare() {
	sc.once.Do(func() {
		sc.boxes = make([]bbox, len(sc.Terrain))
		for i := range sc.Terrain {
			f := &sc.Terrain[i]
			if f.Kind.IsCircle() {
				sc.boxes[i] = bbox{f.Centre.X - f.Radius, f.Centre.Y - f.Radius, f.Centre.X + f.Radius, f.Centre.Y + f.Radius}
			} else {
				sc.boxes[i] = pointsBox(f.Points)
			}
		}
		sc.crossings = sc.findCrossings()
		for i := range sc.Terrain {
			sc.hasRiver = sc.hasRiver || sc.Terrain[i].Kind == River
		}
	})
}

// box is feature i's bounding box, grown by the road half-width so roads
// and streams count their width.
func (sc *Scenario) box(i int) bbox { return sc.boxes[i].grow(roadHalf + bridgeReach) }
