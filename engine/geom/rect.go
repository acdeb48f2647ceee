package geom

import "math"

// Face names one side of a base. The values run clockwise from the front,
// matching the order of [Rect.Corners], so face f lies between corner f and
// corner f+1.
type Face uint8

// The four faces of a base, clockwise from the front.
const (
	FaceFront Face = iota
	FaceRight
	FaceRear
	FaceLeft
)

// String returns the lower-case name of the face, for logs and rules text.
// Values outside the four faces are reported rather than hidden, since they
// mean a bug in the caller.
func (f Face) String() string {
	switch f {
	case FaceFront:
		return "front"
	case FaceRight:
		return "right"
	case FaceRear:
		return "rear"
	case FaceLeft:
		return "left"
	}
	return "invalid face"
}

// Rect is a base: an oriented rectangle with centre C, forward unit vector
// F, half-width HW across the frontage (along Right) and half-depth HD along
// F. Half extents are stored rather than full ones because every test
// against a rectangle measures from its centre. F must be a unit vector;
// the constructors guarantee it.
type Rect struct {
	C, F   Vec
	HW, HD float64
}

// NewBase returns a standard 1" wide, 1/2" deep base centred on c and facing
// facingDeg.
func NewBase(c Vec, facingDeg float64) Rect {
	return NewRect(c, facingDeg, 1, 0.5)
}

// NewRect returns a base of the given frontage width and depth, in inches,
// centred on c and facing facingDeg. Width and depth are expected to be
// non-negative.
func NewRect(c Vec, facingDeg, width, depth float64) Rect {
	return Rect{C: c, F: Heading(facingDeg), HW: width / 2, HD: depth / 2}
}

// Right returns the unit vector along the frontage towards the base's right
// flank.
func (r Rect) Right() Vec { return r.F.Perp() }

// Facing returns the base's facing in degrees, in [0,360).
func (r Rect) Facing() float64 { return FacingOf(r.F) }

// Corners returns the corners front-left, front-right, rear-right,
// rear-left: clockwise, so consecutive corners are the ends of a face.
func (r Rect) Corners() [4]Vec {
	f := r.F.Scale(r.HD)
	s := r.Right().Scale(r.HW)
	front, rear := r.C.Add(f), r.C.Sub(f)
	return [4]Vec{front.Sub(s), front.Add(s), rear.Add(s), rear.Sub(s)}
}

// FaceCentre returns the midpoint of face f, the point from which the
// rules measure to and from that face. An invalid face gives the centre.
func (r Rect) FaceCentre(f Face) Vec {
	switch f {
	case FaceFront:
		return r.C.Add(r.F.Scale(r.HD))
	case FaceRight:
		return r.C.Add(r.Right().Scale(r.HW))
	case FaceRear:
		return r.C.Sub(r.F.Scale(r.HD))
	case FaceLeft:
		return r.C.Sub(r.Right().Scale(r.HW))
	}
	return r.C
}

// FaceEnds returns the two corners bounding face f, in clockwise order (for
// the front: front-left then front-right). An invalid face gives the centre
// twice.
func (r Rect) FaceEnds(f Face) (a, b Vec) {
	if f > FaceLeft {
		return r.C, r.C
	}
	c := r.Corners()
	return c[f], c[(f+1)&3]
}

// Local expresses p relative to the base: along is the signed distance of p
// ahead of the centre (along F) and across the signed distance to the right
// (along Right). In these coordinates the base is the axis-aligned box
// |along| <= HD, |across| <= HW, which is how most tests here work.
func (r Rect) Local(p Vec) (along, across float64) {
	d := p.Sub(r.C)
	return d.Dot(r.F), d.Dot(r.Right())
}

// Contains reports whether p is inside the base or on its boundary (within
// Eps of it).
func (r Rect) Contains(p Vec) bool {
	along, across := r.Local(p)
	return math.Abs(along) <= r.HD+Eps && math.Abs(across) <= r.HW+Eps
}

// Moved returns the base translated by d, keeping its facing.
func (r Rect) Moved(d Vec) Rect {
	r.C = r.C.Add(d)
	return r
}

// Turned returns the base pivoted about its centre to face facingDeg.
func (r Rect) Turned(facingDeg float64) Rect {
	r.F = Heading(facingDeg)
	return r
}

// localDist2 returns the squared distance from p to the base (0 inside),
// computed in the base's own frame where the base is an axis-aligned box.
func (r Rect) localDist2(p Vec) float64 {
	along, across := r.Local(p)
	da := max(math.Abs(along)-r.HD, 0)
	dc := max(math.Abs(across)-r.HW, 0)
	return da*da + dc*dc
}
