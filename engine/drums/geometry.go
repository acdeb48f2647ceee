package drums

import (
	"math"

	"github.com/grognard/grognard/engine/geom"
)

// This file is the table geometry of a unit: the footprint of each
// formation, how a unit reforms, turns and wheels, and how far it may move
// before it meets other units or impassable ground. Every function is pure,
// deterministic and allocation free, because the engine calls them for
// every candidate action of every playout.
//
// A unit is placed by its front-centre point (the midpoint of its front
// edge) and its facing; its footprint is the rectangle behind that edge.

// footprintEps is the overlap, in BW, below which two footprints count as in
// contact rather than overlapping; it absorbs the rounding of rotated rects.
const footprintEps = 1e-9

// BaseDepth is the depth of one base of type t in BW.
//
// Ruling D-BASES (Game Scale; Unit Types): the document gives only base
// widths (1BW, "around 40mm" in 15mm). A foot base is read as 40mm x 20mm
// (0.5BW deep) and a cavalry base or artillery model as 40mm x 40mm (1BW),
// the usual 15mm basings.
func BaseDepth(t Type) float64 {
	if t.IsFoot() {
		return 0.5
	}
	return 1
}

// ceilHalf is ceil(n/2), the ranks of a two-wide block or column.
func ceilHalf(n int) int { return (n + 1) / 2 }

// squareFaceBases is ceil(n/4), the bases on each face of a square.
func squareFaceBases(n int) int { return (n + 3) / 4 }

// Size is the width and depth in BW of a unit of type t in formation f
// with the given number of bases (Formations; Unit Types, Artillery
// Batteries). Size does not check that the type may take the formation:
// that table is the caller's, and an impossible pairing still gets a
// sensible shape. No bases, or NoFormation, give a zero size.
//
//   - Line: foot bases side by side; cavalry "a block of bases", 2 wide and
//     ceil(n/2) deep; artillery n models side by side with the caissons
//     behind, 2BW deep in all ("the total base footprint for the whole
//     battery should be square" for the usual 2 models).
//   - Column (of attack): 2 wide, ceil(n/2) deep.
//   - March: "a single wide column of bases", 1 wide, n deep.
//   - Square: every face ceil(n/4) bases, set pinwheel fashion so each
//     face is ceil(n/4) BW plus one base depth long.
//   - Open: the bases spaced one base width apart, 2n-1 wide, 1 base deep.
func Size(t Type, f Formation, bases int) (width, depth float64) {
	if bases <= 0 {
		return 0, 0
	}
	n := float64(bases)
	d := BaseDepth(t)
	switch f {
	case Line:
		switch {
		case t.IsArtillery():
			return n, 2 * d
		case t.IsCavalry():
			return math.Min(n, 2), float64(ceilHalf(bases)) * d
		}
		return n, d
	case Column:
		return math.Min(n, 2), float64(ceilHalf(bases)) * d
	case March:
		if t.IsArtillery() {
			// Ruling D-LIMBER (Formations, Column of March): a limbered
			// battery is its models in file with the caisson base behind,
			// one model depth more than the file, as the deployed battery
			// is its models plus the caissons.
			return 1, n*d + d
		}
		return 1, n * d
	case Square:
		s := float64(squareFaceBases(bases)) + d
		return s, s
	case Open:
		return 2*n - 1, d
	}
	return 0, 0
}

// Footprint is the rectangle a unit covers: Size behind the front edge
// whose midpoint is front, facing facing.
func Footprint(t Type, f Formation, bases int, front geom.Vec, facing float64) geom.Rect {
	w, d := Size(t, f, bases)
	return rectBehind(w, d, front, facing)
}

// rectBehind is the w x d rect whose front edge is centred on front.
func rectBehind(w, d float64, front geom.Vec, facing float64) geom.Rect {
	fw := geom.Heading(facing)
	return geom.Rect{C: front.Sub(fw.Scale(d / 2)), F: fw, HW: w / 2, HD: d / 2}
}

// Ranks is the number of ranks of the formation, the count behind "1 dice
// per extra rank than the line" (Foot Melee Factors Table). A line, an
// open line and a deployed battery have one rank; a column or cavalry block
// ceil(n/2); a column of march n.
//
// Ruling D-RANKS (Formations, Infantry Square): a square's faces are each
// one rank deep, so a square has 1 rank.
func Ranks(t Type, f Formation, bases int) int {
	if bases <= 0 {
		return 0
	}
	switch f {
	case Line:
		if t.IsCavalry() {
			return ceilHalf(bases)
		}
		return 1
	case Column:
		return ceilHalf(bases)
	case March:
		return bases
	case Square, Open:
		return 1
	}
	return 0
}

// FrontBases is the number of bases in the front rank, the bases that
// shoot (Shooting Action 6: "bases eligible to shoot"). A square has
// ceil(n/4) on each face and may shoot from any face.
func FrontBases(t Type, f Formation, bases int) int {
	if bases <= 0 {
		return 0
	}
	switch f {
	case Line:
		if t.IsCavalry() {
			return min(bases, 2)
		}
		return bases
	case Column:
		return min(bases, 2)
	case March:
		return 1
	case Square:
		return squareFaceBases(bases)
	case Open:
		return bases
	}
	return 0
}

// frontBaseOffset is how far right of the front-centre point the centre
// of front-rank base i (0 = leftmost) lies. Open bases are two BW apart
// (a spacer between each pair); a square's front face runs from its front
// left corner, the right face's first base filling the front right corner
// (the pinwheel of Size).
func frontBaseOffset(t Type, f Formation, bases, i int) float64 {
	w, _ := Size(t, f, bases)
	pitch := 1.0
	if f == Open {
		pitch = 2
	}
	return -w/2 + 0.5 + pitch*float64(i)
}

// Anchor names the front-rank base that stays static when a unit changes
// formation (Change Formation: "the player declares a front-rank base that
// will remain static").
type Anchor uint8

// The anchors: the centre base, or the base at the left or right end of
// the front rank.
const (
	AnchorCentre Anchor = iota
	AnchorLeft
	AnchorRight
)

// anchorIndex is the front-rank index of the anchored base among k.
//
// Ruling D-ANCHOR (Change Formation): the centre base of an even front
// rank is the one left of centre.
func anchorIndex(a Anchor, k int) int {
	switch a {
	case AnchorLeft:
		return 0
	case AnchorRight:
		return k - 1
	}
	return (k - 1) / 2
}

// Reform returns the front point and facing of the unit after it changes
// from formation from to formation to (Change Formation). The anchored
// front-rank base stays where it is and stays in the front rank; the
// other bases form up behind and beside it, so the front edge stays on
// the same line.
//
// Ruling D-REFORM (Change Formation): the document lets a unit change
// facing when forming or leaving square, mounting or dismounting and
// limbering or unlimbering, but does not say how; Reform keeps the facing
// in every case, and a facing change is a separate Change Facing.
func Reform(t Type, from, to Formation, bases int, front geom.Vec, facing float64, a Anchor) (geom.Vec, float64) {
	facing = geom.NormDeg(facing)
	kf, kt := FrontBases(t, from, bases), FrontBases(t, to, bases)
	if kf == 0 || kt == 0 {
		return front, facing
	}
	old := frontBaseOffset(t, from, bases, anchorIndex(a, kf))
	nu := frontBaseOffset(t, to, bases, anchorIndex(a, kt))
	right := geom.Heading(facing).Perp()
	return front.Add(right.Scale(old - nu)), facing
}

// Turn is a change of facing (Change facing; Turning to face).
type Turn uint8

// The turns: a quarter turn to the left or right, or about face.
const (
	TurnLeft Turn = iota
	TurnRight
	TurnAbout
)

// TurnTo returns the front point and facing after a change of facing
// (Movement, Turning to face; Change facing). A 90-degree turn pivots the
// unit, unchanged in frontage, about the front corner on the side it turns
// to, so that corner stays put and the unit swings forward into the space
// ahead of that flank. A 180-degree turn puts the front rank where the
// rear rank was, facing back, so the footprint is unchanged. Whether the
// unit has room to turn is the caller's: WheelBlocked with ±90 checks the
// ground a quarter turn sweeps (Change facing: "must not interpenetrate
// another unit"; "if the unit ... does not have enough space to do so,
// then it cannot change facing").
//
// Ruling D-TURN (Movement, Turning to face): "a front corner to be the
// point of pivot" is read as a true pivot, a rigid quarter turn about the
// corner on the side turned to (the same motion as a 90-degree Wheel), so
// that corner stays the new front's corner and the unit ends up ahead of
// where its front was, not back over its old ground.
func TurnTo(t Type, f Formation, bases int, front geom.Vec, facing float64, turn Turn) (geom.Vec, float64) {
	w, d := Size(t, f, bases)
	fw := geom.Heading(facing)
	right := fw.Perp()
	switch turn {
	case TurnLeft:
		// The front-left corner is front - right*w/2; after a quarter turn
		// anticlockwise about it, the old right vector points along the old
		// forward, so the new front edge runs forward from that corner.
		corner := front.Sub(right.Scale(w / 2))
		return corner.Add(fw.Scale(w / 2)), geom.NormDeg(facing - 90)
	case TurnRight:
		corner := front.Add(right.Scale(w / 2))
		return corner.Add(fw.Scale(w / 2)), geom.NormDeg(facing + 90)
	case TurnAbout:
		return front.Sub(fw.Scale(d)), geom.NormDeg(facing + 180)
	}
	return front, geom.NormDeg(facing)
}

// rotateCW turns v clockwise by the angle whose heading is h (h = Heading(a)
// is (sin a, cos a)), so cardinal angles rotate exactly.
func rotateCW(v, h geom.Vec) geom.Vec {
	s, c := h.X, h.Y
	return geom.Vec{X: v.X*c + v.Y*s, Y: -v.X*s + v.Y*c}
}

// Wheel pivots a unit of the given frontage about its inner front corner
// by angle degrees: a positive angle wheels clockwise (to the right) on
// the right front corner, a negative one anticlockwise on the left
// (Movement notes: "an advance can include a single wheel up to 90
// degrees"). It returns the new front point, the new facing and the
// distance the outer front corner travelled.
//
// Ruling D-WHEEL (Movement notes): the document gives no cost for a wheel;
// a wheel costs the arc the outer front corner travels, width x angle in
// radians, taken from the move's distance.
func Wheel(width float64, front geom.Vec, facing, angle float64) (geom.Vec, float64, float64) {
	right := geom.Heading(facing).Perp()
	pivot := front.Sub(right.Scale(width / 2))
	if angle > 0 {
		pivot = front.Add(right.Scale(width / 2))
	}
	nf := pivot.Add(rotateCW(front.Sub(pivot), geom.Heading(angle)))
	return nf, geom.NormDeg(facing + angle), width * math.Abs(angle) * (math.Pi / 180)
}

// WheelToward is the wheel angle, clamped to [-maxDeg, maxDeg], after
// which the unit's front centre looks straight at p (the wheel of a charge
// or an advance at a target). It wheels to the side p lies on, on that
// side's front corner, and takes the pivot's offset into account, so the
// answer is exact rather than the bearing from the front centre. A point
// straight ahead gives 0; a point no wheel of up to 180 degrees can face
// (within half the frontage of the pivot) gives the full clamp toward its
// side.
func WheelToward(width float64, front geom.Vec, facing float64, p geom.Vec, maxDeg float64) float64 {
	maxDeg = math.Abs(maxDeg)
	fw := geom.Heading(facing)
	right := fw.Perp()
	across := p.Sub(front).Dot(right)
	if math.Abs(across) <= 1e-12 && p.Sub(front).Dot(fw) >= 0 {
		return 0
	}
	sign := 1.0
	if across < 0 {
		sign = -1
	}
	pivot := front.Add(right.Scale(sign * width / 2))
	v := p.Sub(pivot)
	l := v.Len()
	// After a wheel of theta the new right vector R' has heading
	// facing+theta+90, and p is straight ahead of the new front centre
	// when v.R' = -sign*w/2, i.e. cos(facing+theta+90-bearing) =
	// -sign*w/(2l), with p ahead taking the root in (0, 180).
	c := -sign * width / (2 * l)
	if l == 0 || c < -1 || c > 1 {
		return sign * maxDeg
	}
	alpha := math.Acos(c) * (180 / math.Pi)
	theta := math.Remainder(geom.FacingOf(v)-facing-90+alpha, 360)
	if theta*sign < 0 {
		if math.Abs(theta) < 1e-9 {
			return 0
		}
		// A wheel of more than 180 degrees toward that side: as far as allowed.
		return sign * maxDeg
	}
	return math.Max(-maxDeg, math.Min(maxDeg, theta))
}

// WheelBlocked is the index of the first of blockers that a unit w wide
// and d deep runs into during a wheel of angle degrees from front and
// facing (Wheel's pivot and sign), the lowest index if two are met at
// once, -1 if the wheel is clear; blockers with HW == 0 are skipped. A 90-degree wheel is the
// quarter turn of TurnTo, so this is also Change facing's room to turn.
// The wheel is checked at steps small enough that no point of the unit
// moves more than 0.05BW between them, so a blocker can be missed only by
// a sliver far thinner than wheelSlack.
//
// Ruling D-WHEELROOM (Movement notes; Change facing): early in a wheel the
// rear outer corner swings out by up to depth x sin(angle) before the
// advancing flank carries it clear, so a unit flush in a line would brush
// its outer neighbour. A player wheeling out of a line lets it brush, so
// overlaps of up to wheelSlack (0.1BW) during the wheel are ignored; the
// final position is MoveLimit's and the caller's to check exactly.
func WheelBlocked(w, d float64, front geom.Vec, facing, angle float64, blockers []geom.Rect) int {
	i, _ := wheelScan(w, d, front, facing, angle, blockers)
	return i
}

// WheelBlockedAt is WheelBlocked that also says how far into the wheel
// the blocker is met: the fraction of angle at the first step that
// overlaps it (1 if the wheel is clear).
func WheelBlockedAt(w, d float64, front geom.Vec, facing, angle float64, blockers []geom.Rect) (int, float64) {
	return wheelScan(w, d, front, facing, angle, blockers)
}

// wheelScan steps the wheel for WheelBlocked and WheelBlockedAt.
func wheelScan(w, d float64, front geom.Vec, facing, angle float64, blockers []geom.Rect) (int, float64) {
	right := geom.Heading(facing).Perp()
	pivot := front.Sub(right.Scale(w / 2))
	if angle > 0 {
		pivot = front.Add(right.Scale(w / 2))
	}
	// The far rear corner moves furthest: its arc bounds every point's.
	reach := math.Hypot(w, d)
	// Only blockers within the swept disc can be met; they are picked out
	// once rather than at every step. The candidates keep the blockers'
	// order, so the first blocker met is the same either way.
	var near [MaxUnits + 2]int16
	n := 0
	for i := range blockers {
		b := &blockers[i]
		if b.HW == 0 || pivot.Dist(b.C) > reach+math.Hypot(b.HW, b.HD)+footprintEps {
			continue
		}
		if n == len(near) {
			// More blockers than a battle holds: check them all.
			n = -1
			break
		}
		near[n] = int16(i)
		n++
	}
	if n == 0 {
		return -1, 1
	}
	steps := max(1, int(math.Ceil(math.Abs(angle)*(math.Pi/180)*reach/wheelStep)))
	for k := 0; k <= steps; k++ {
		a := angle * float64(k) / float64(steps)
		at := rectBehind(w, d, pivot.Add(rotateCW(front.Sub(pivot), geom.Heading(a))), facing+a)
		if n < 0 {
			for i := range blockers {
				if blockers[i].HW != 0 && geom.Overlap(at, blockers[i], wheelSlack) {
					return i, float64(k) / float64(steps)
				}
			}
			continue
		}
		gap := math.Inf(1)
		for _, i := range near[:n] {
			if geom.Overlap(at, blockers[i], wheelSlack) {
				return int(i), float64(k) / float64(steps)
			}
			gap = min(gap, geom.RectDistance(at, blockers[i]))
		}
		// No point moves more than wheelStep a step, so the steps that
		// cannot close the gap to the nearest candidate are skipped; the
		// last step is always checked.
		if skip := int(gap / wheelStep); skip > 0 && k < steps-1 {
			k = min(k+skip, steps-1)
		}
	}
	return -1, 1
}

// wheelStep is the most any point of a wheeling unit moves between the
// steps WheelBlocked checks.
const wheelStep = 0.05

// wheelSlack is the overlap, in BW, that WheelBlocked lets a wheeling unit
// brush through (ruling D-WHEELROOM).
const wheelSlack = 0.1

// grownBy returns r with each side pushed out by g.
func grownBy(r geom.Rect, g float64) geom.Rect {
	r.HW += g
	r.HD += g
	return r
}

// MoveLimit is how far rect r may move along the unit vector dir, up to
// dist, before it would overlap any of blockers or come closer than gap to
// one (gap 0: it may end in contact), and the index of the first blocker
// met, -1 if none (Movement; Interpenetration; a charge that meets a
// friendly unit stops at contact). Blockers with HW == 0 are empty slots
// and skipped. The first blocker met wins; on a tie, the lowest index.
//
// With gap 0 the answer is geom.Sweep's exact contact time. With a gap it
// is exact too: a blocker grown by gap has rounded corners, not the square
// corners a plain grown rect would have, so a unit passing a corner
// diagonally may come closer along the diagonal than a grown rect allows.
//
// Ruling D-GAP (Movement): a unit already closer than gap to a blocker
// (but not overlapping it) may move provided it does not close the
// distance, so a unit can always back away from an enemy it is too near.
func MoveLimit(r geom.Rect, dir geom.Vec, dist float64, blockers []geom.Rect, gap float64) (float64, int) {
	if dist <= 0 || !(dir.Len2() > 0) {
		return 0, -1
	}
	dir = dir.Norm()
	d := dir.Scale(dist)
	best, hit := dist, -1
	rr := math.Hypot(r.HW, r.HD) + math.Max(gap, 0)
	end := r.C.Add(d)
	for i := range blockers {
		b := blockers[i]
		if b.HW == 0 {
			continue
		}
		// Broad phase: a blocker whose bounding circle stays clear of the
		// path of r's bounding circle cannot be met.
		if geom.BeyondSeg(b.C, r.C, end, rr+math.Hypot(b.HW, b.HD)) {
			continue
		}
		var s float64
		var ok bool
		if gap <= 0 {
			var t float64
			t, ok = geom.Sweep(r, d, b, footprintEps)
			// Sweep's contact is where the overlap first exceeds eps;
			// stopping there leaves the two overlapping by eps, which a
			// later Sweep may read as overlapping from the start and so
			// refuse every move, away too (a melee loser could not
			// retire). Stop eps short of it instead.
			s = math.Max(t*dist-footprintEps, 0)
		} else {
			s, ok = gapMoveLimit(r, dir, dist, d, b, gap)
		}
		if ok && s < best {
			best, hit = s, i
		}
	}
	return best, hit
}

// gapMoveLimit is the distance r moves along dir (d = dir*dist) before it
// comes closer than gap to b, and whether it does within dist.
//
// The ground within gap of b is b grown by a disc of radius gap: the union
// of b widened by gap, b deepened by gap and discs of radius gap on b's
// corners. r meets the two grown rects at times geom.Sweep gives exactly,
// and comes within gap of a corner of b when that corner, moving the other
// way, enters the ground within gap of r, itself two rects and four discs,
// each met in closed form. The least of these times is exact.
func gapMoveLimit(r geom.Rect, dir geom.Vec, dist float64, d geom.Vec, b geom.Rect, gap float64) (float64, bool) {
	if geom.Overlap(r, b, footprintEps) {
		return 0, true
	}
	// Every point within gap of b lies inside b grown by gap all round, so
	// no sweep hit there means no approach within gap at all.
	if _, ok := geom.Sweep(r, d, grownBy(b, gap), footprintEps); !ok {
		return 0, false
	}
	if f0 := geom.RectDistance(r, b); f0 < gap-1e-12 {
		// Already within gap: blocked only if the move closes the
		// distance. The distance is convex along a straight move, so the
		// first step decides.
		// Touching, the distance is 0 and cannot fall: a move into b
		// shows as overlap instead (a melee loser retiring into the
		// chargers behind it).
		moved := r.Moved(dir.Scale(math.Min(dist, 1e-6)))
		if geom.Overlap(moved, b, footprintEps) || geom.RectDistance(moved, b) < f0-1e-13 {
			return 0, true
		}
		return 0, false
	}
	best := math.Inf(1)
	wide, deep := b, b
	wide.HW += gap
	deep.HD += gap
	if t, ok := geom.Sweep(r, d, wide, footprintEps); ok {
		best = t
	}
	if t, ok := geom.Sweep(r, d, deep, footprintEps); ok {
		best = math.Min(best, t)
	}
	neg := d.Scale(-1)
	for _, k := range b.Corners() {
		best = math.Min(best, pointEntry(k, neg, r, gap-geom.Eps))
	}
	if best > 1 {
		return 0, false
	}
	return best * dist, true
}

// pointEntry is the least t >= 0 at which p+t*v comes strictly closer
// than g to rect r, +Inf if never: the entry time into r widened by g, r
// deepened by g, or a disc of radius g on one of r's corners.
func pointEntry(p, v geom.Vec, r geom.Rect, g float64) float64 {
	a0, c0 := r.Local(p)
	va, vc := v.Dot(r.F), v.Dot(r.Right())
	best := math.Inf(1)
	best = math.Min(best, boxEntry(a0, c0, va, vc, r.HD, r.HW+g))
	best = math.Min(best, boxEntry(a0, c0, va, vc, r.HD+g, r.HW))
	for _, sa := range [2]float64{-r.HD, r.HD} {
		for _, sc := range [2]float64{-r.HW, r.HW} {
			best = math.Min(best, discEntry(a0-sa, c0-sc, va, vc, g))
		}
	}
	return best
}

// boxEntry is the least t >= 0 at which (a, c) + t*(va, vc) is strictly
// inside the box |a| < ha, |c| < hc, +Inf if never.
func boxEntry(a, c, va, vc, ha, hc float64) float64 {
	lo, hi := math.Inf(-1), math.Inf(1)
	lo, hi = openSlab(lo, hi, a, va, ha)
	lo, hi = openSlab(lo, hi, c, vc, hc)
	if lo >= hi || hi <= 0 {
		return math.Inf(1)
	}
	return math.Max(lo, 0)
}

// openSlab narrows (lo, hi) to the times at which |o + t*v| < h.
func openSlab(lo, hi, o, v, h float64) (float64, float64) {
	if v == 0 {
		if math.Abs(o) < h {
			return lo, hi
		}
		return math.Inf(1), math.Inf(-1)
	}
	t1, t2 := (-h-o)/v, (h-o)/v
	if t1 > t2 {
		t1, t2 = t2, t1
	}
	return math.Max(lo, t1), math.Min(hi, t2)
}

// discEntry is the least t >= 0 at which (a, c) + t*(va, vc) is strictly
// within g of the origin, +Inf if never.
func discEntry(a, c, va, vc, g float64) float64 {
	qa := va*va + vc*vc
	if qa == 0 || g <= 0 {
		return math.Inf(1)
	}
	qb := a*va + c*vc
	disc := qb*qb - qa*(a*a+c*c-g*g)
	if disc <= 0 {
		return math.Inf(1)
	}
	s := math.Sqrt(disc)
	t1, t2 := (-qb-s)/qa, (-qb+s)/qa
	if t2 <= 0 {
		return math.Inf(1)
	}
	return math.Max(t1, 0)
}

// AreaLimit is how far r may move along the unit vector dir, up to dist,
// before its interior would overlap polygon poly (impassable terrain), 0
// if it already does (Terrain & Fortifications; "impassable"). The answer
// is exact: overlap can only begin where a corner of r crosses an edge of
// poly or a vertex of poly crosses an edge of r, so AreaLimit tries those
// contact times in order and takes the first after which the two overlap
// (a corner grazing past a vertex touches but does not enter).
func AreaLimit(r geom.Rect, dir geom.Vec, dist float64, poly []geom.Vec) float64 {
	if dist <= 0 || !(dir.Len2() > 0) || len(poly) < 3 {
		return math.Max(dist, 0)
	}
	if geom.RectPolygonOverlap(r, poly) {
		return 0
	}
	dir = dir.Norm()
	d := dir.Scale(dist)
	// A probe past each contact decides whether it enters; 1e-7BW is far
	// below what a rule measures and far above rounding.
	probe := 1e-7
	cur := -1.0
	for range 8*len(poly) + 8 {
		next := nextAreaContact(r, d, poly, cur)
		if next > 1 {
			return dist
		}
		s := next * dist
		if geom.RectPolygonOverlap(r.Moved(dir.Scale(s+probe)), poly) {
			return s
		}
		cur = next
	}
	return dist
}

// nextAreaContact is the least contact time t in (after, 1] (as a fraction of
// the move d) at which a corner of r meets an edge of poly or a vertex of
// poly meets an edge of r, or 2 if there is none.
func nextAreaContact(r geom.Rect, d geom.Vec, poly []geom.Vec, after float64) float64 {
	best := 2.0
	consider := func(t float64) {
		if t > after+1e-12 && t <= 1 && t < best {
			best = t
		}
	}
	c := r.Corners()
	a := poly[len(poly)-1]
	for _, b := range poly {
		for _, k := range c {
			if t, ok := rayCrossesSeg(k, d, a, b); ok {
				consider(t)
			}
		}
		a = b
	}
	neg := d.Scale(-1)
	for _, v := range poly {
		for i := range 4 {
			if t, ok := rayCrossesSeg(v, neg, c[i], c[(i+1)&3]); ok {
				consider(t)
			}
		}
	}
	return best
}

// rayCrossesSeg is the parameter t in [0,1] at which p+t*d crosses segment a-b
// transversally; parallel motion never starts an overlap, so it is skipped.
func rayCrossesSeg(p, d, a, b geom.Vec) (float64, bool) {
	e := b.Sub(a)
	den := d.Cross(e)
	if den == 0 {
		return 0, false
	}
	w := a.Sub(p)
	t := w.Cross(e) / den
	u := w.Cross(d) / den
	if t < 0 || t > 1 || u < -1e-12 || u > 1+1e-12 {
		return 0, false
	}
	return t, true
}

// ClearDistance is the least distance r must move along the unit vector
// dir to clear other completely, ending no more than in contact with it,
// or +Inf if moving along dir never meets it (Interpenetration; Forced to
// retire 2: "moved the minimum distance for it to pass through the
// friendly unit"). A unit already past other also gets +Inf.
func ClearDistance(r geom.Rect, dir geom.Vec, other geom.Rect) float64 {
	if !(dir.Len2() > 0) {
		return math.Inf(1)
	}
	dir = dir.Norm()
	// Far enough that the swept rect is past other at the far end.
	l := r.C.Dist(other.C) + r.HW + r.HD + other.HW + other.HD + 1
	d := dir.Scale(l)
	if _, ok := geom.Sweep(r, d, other, footprintEps); !ok {
		return math.Inf(1)
	}
	// Sweeping back from the far end finds where the overlap ends.
	t, _ := geom.Sweep(r.Moved(d), d.Scale(-1), other, footprintEps)
	return l * (1 - t)
}
