package geom

import "math"

// Vec is a point on the table or a displacement between points, in inches.
// It is a small value type so that expressions like a.Add(b).Scale(k) stay
// on the stack.
type Vec struct{ X, Y float64 }

// V is shorthand for Vec{x, y}, for readability in tables of coordinates.
func V(x, y float64) Vec { return Vec{x, y} }

// Add returns a+b.
func (a Vec) Add(b Vec) Vec { return Vec{a.X + b.X, a.Y + b.Y} }

// Sub returns a-b, the displacement from b to a.
func (a Vec) Sub(b Vec) Vec { return Vec{a.X - b.X, a.Y - b.Y} }

// Scale returns a multiplied by k.
func (a Vec) Scale(k float64) Vec { return Vec{a.X * k, a.Y * k} }

// Dot returns the dot product a.b; with a unit vector it is the signed
// length of a's projection on that direction.
func (a Vec) Dot(b Vec) float64 { return a.X*b.X + a.Y*b.Y }

// Cross returns the z component of the 3-D cross product, a.X*b.Y-a.Y*b.X.
// It is positive when b lies counter-clockwise (to the left) of a, which
// makes it the side-of-line test used throughout the package.
func (a Vec) Cross(b Vec) float64 { return a.X*b.Y - a.Y*b.X }

// Len returns the Euclidean length of a.
func (a Vec) Len() float64 { return math.Sqrt(a.X*a.X + a.Y*a.Y) }

// Len2 returns the squared length of a; comparing squared lengths avoids a
// square root when only the order of distances matters.
func (a Vec) Len2() float64 { return a.X*a.X + a.Y*a.Y }

// Norm returns a scaled to unit length. The zero vector has no direction,
// so it is returned unchanged instead of becoming NaN and poisoning every
// later computation.
func (a Vec) Norm() Vec {
	l := a.Len()
	if l == 0 {
		return Vec{}
	}
	return Vec{a.X / l, a.Y / l}
}

// Dist returns the distance between points a and b.
func (a Vec) Dist(b Vec) float64 { return a.Sub(b).Len() }

// Perp returns a turned a quarter turn clockwise, (Y, -X). Applied to a
// base's forward vector it gives the base's Right vector, which is why the
// clockwise turn was chosen.
func (a Vec) Perp() Vec { return Vec{a.Y, -a.X} }

// Lerp interpolates from a (t=0) to b (t=1). It is written as a weighted
// sum rather than a+(b-a)*t so that both ends are reproduced exactly.
func (a Vec) Lerp(b Vec, t float64) Vec {
	return Vec{a.X*(1-t) + b.X*t, a.Y*(1-t) + b.Y*t}
}

// NormDeg brings an angle in degrees into [0,360). NaN and infinities have
// no normal form and come back as NaN.
func NormDeg(d float64) float64 {
	d = math.Mod(d, 360)
	if d < 0 {
		d += 360
		// A tiny negative angle rounds up to 360, which is outside the range.
		if d >= 360 {
			return 0
		}
	}
	if d == 0 {
		return 0 // fold -0 into +0 so that callers never print "-0"
	}
	return d
}

// AngleDiff returns the smallest absolute difference between facings a and
// b, in [0,180]; it is how far a base must wheel to turn from one to the
// other by the short way.
func AngleDiff(a, b float64) float64 {
	d := NormDeg(a - b)
	if d > 180 {
		d = 360 - d
	}
	return d
}

// Heading returns the unit vector of a facing (degrees clockwise from
// north). The angle is reduced to within 45 degrees of the nearest cardinal
// before taking sine and cosine, so cardinal facings give exact unit axes
// and facings symmetric about an axis give exactly mirrored vectors.
func Heading(deg float64) Vec {
	d := NormDeg(deg)
	k := math.Round(d / 90)
	s, c := math.Sincos((d - 90*k) * (math.Pi / 180))
	switch int(k) & 3 {
	case 0:
		return Vec{s, c}
	case 1:
		return Vec{c, neg(s)}
	case 2:
		return Vec{neg(s), neg(c)}
	default:
		return Vec{neg(c), s}
	}
}

// neg negates x without producing -0, so that Heading(90) is (1,0) and
// not (1,-0).
func neg(x float64) float64 { return 0 - x }

// FacingOf returns the facing, in [0,360), of the direction v points in;
// it inverts Heading. The zero vector has no direction and gives 0. Vectors
// along the axes are answered without trigonometry so that they give exact
// cardinal facings.
func FacingOf(v Vec) float64 {
	switch {
	case v.X == 0 && v.Y == 0:
		return 0
	case v.X == 0:
		if v.Y > 0 {
			return 0
		}
		return 180
	case v.Y == 0:
		if v.X > 0 {
			return 90
		}
		return 270
	}
	// Atan2(x, y) rather than Atan2(y, x) measures from north clockwise.
	return NormDeg(math.Atan2(v.X, v.Y) * (180 / math.Pi))
}
