package twobytwo

import (
	"math"

	"github.com/grognard/grognard/engine/geom"
)

// refusal says why a move is refused, without allocating; Apply turns it
// into an error message for people.
type refusal uint8

const (
	okMove refusal = iota
	refNotOnTable
	refCannotMove
	refInContact
	refOffTable
	refWoods
	refSteepHill
	refRiver
	refThroughFriend
	refContactNotAhead
	refTooFar
	refOverlap
	refTouchEnemy
	refNoCharge
	refInfantryVsCavalry
	refCavalryTown
	refNotFront
	refEmptyPath
	refSlideContact
	refBridgeCharge
	refBridgeTown
)

var refusalText = [...]string{
	okMove:               "ok",
	refNotOnTable:        "the unit is not on the table",
	refCannotMove:        "the unit may not move (pinned, disrupted, engaged or already moved this phase)",
	refInContact:         "the unit is in contact with the enemy and may not move away",
	refOffTable:          "the move would leave the table",
	refWoods:             "woods are impassable to all but light infantry (and Cossacks)",
	refSteepHill:         "steep hills are impassable",
	refRiver:             "rivers may only be crossed at a bridge",
	refThroughFriend:     "units may not move through other units",
	refContactNotAhead:   "a unit may only contact the enemy if the last 2\" of its move (or all of it, if shorter) is straight ahead",
	refTooFar:            "the move is longer than the unit's movement allowance",
	refOverlap:           "the unit would end overlapping another base",
	refTouchEnemy:        "the unit would end touching an enemy without charging it straight ahead",
	refNoCharge:          "this unit may not move to contact (artillery and HQs never voluntarily melee)",
	refInfantryVsCavalry: "infantry may not voluntarily attack cavalry in open terrain",
	refCavalryTown:       "cavalry may not move to contact on a turn it moves through a town",
	refNotFront:          "contact must be made with the front of the moving base",
	refEmptyPath:         "the move has no path",
	refSlideContact:      "units may not move to contact sideways or backwards",
	refBridgeCharge:      "the enemy holds the far end: a unit may not charge across a bridge",
	refBridgeTown:        "a unit that moves through a town must stop before crossing a bridge",
}

func (r refusal) String() string { return refusalText[r] }

// moveResult is the outcome of checking a move.
type moveResult struct {
	end      geom.Vec // final centre
	dir      geom.Vec // final facing
	cost     float64
	allow    float64
	contact  int // enemy contacted (charge) or -1
	town     bool
	road     bool // whole move on road
	bridge   bool
	traveled float64
}

// allowance is the unit's movement rate for a move ("Movement rates",
// "Modifiers": road +1" when the whole move is on road and not through a
// town; bridges at half rate unless in road column all move).
func (s *State) allowance(i int, road, town, bridge bool) float64 {
	a := s.prof(i).Move
	if road && !town {
		a++
	}
	if bridge && !road {
		a /= 2
	}
	return a
}

// segCost is the cost of moving unit i's centre along a-b: the distance,
// doubled inside towns ("Towns - All units move at 1/2 rate"; ruling
// R-TOWN), doubled in woods for Cossacks (R-WOODS), +1" per stream crossed
// away from a bridge (R-BRIDGE). Hedges, walls and copses cost nothing
// (R-HEDGE).
func (s *State) segCost(i int, a, b geom.Vec, w *waterCrossing, town *bool) float64 {
	c := a.Dist(b)
	sc := s.sc
	sb := segBox(a, b)
	for k := range sc.Terrain {
		f := &sc.Terrain[k]
		if !sc.box(k).hits(sb) {
			continue
		}
		switch f.Kind {
		case Town:
			if l := geom.SegInPolygonLength(a, b, f.Points); l > 0 {
				c += l
				*town = true
			} else if geom.PointInPolygon(a, f.Points) {
				*town = true
			}
		case Wood:
			if s.typ(i) == Cossacks {
				c += geom.SegInPolygonLength(a, b, f.Points)
			}
		}
	}
	wc := sc.crossWater(a, b)
	c += float64(wc.streams)
	w.streams += wc.streams
	w.bridge = w.bridge || wc.bridge
	w.river = w.river || wc.river
	return c
}

// slideStraight is the cosine of 10 degrees, less rounding: a slide leg
// within 10 degrees of straight back (or ahead) is not sideways (ruling
// R-SLIDE), 10 itself included.
var slideStraight = math.Cos(10*math.Pi/180) - 1e-9

// baseAt is the base at p facing dir.
func baseAt(p, dir geom.Vec) geom.Rect { return geom.Rect{C: p, F: dir, HW: 0.5, HD: 0.25} }

// checkMove validates a forward move of unit i through pts ending facing
// dir, as the movement rules require, and says where it ends. The unit
// wheels for free to face each leg (ruling R-PIVOT). A contact with an
// enemy on the last leg is a charge and ends the move there.
func (s *State) checkMove(i int, pts []geom.Vec, facing geom.Vec) (moveResult, refusal) {
	return s.checkMoveMode(i, pts, facing, false)
}

// checkMoveMode is checkMove; with slide (ruling R-SLIDE) the unit keeps its facing on every
// leg: straight back costs nothing extra, any other direction but straight
// ahead is sideways at double distance, and no contact is allowed
// ("Units may move sideways at a cost of x2 distance but units may not move
// to contact in this manner. Units may move directly to their rear at no
// additional cost.").
func (s *State) checkMoveMode(i int, pts []geom.Vec, facing geom.Vec, slide bool) (moveResult, refusal) {
	var res moveResult
	res.contact = -1
	if len(pts) == 0 {
		return res, refEmptyPath
	}
	u := &s.U[i]
	side := s.side(i)
	t := s.typ(i)
	cur := u.Pos
	curDir := u.Dir
	var water waterCrossing
	// Whether the move starts on a road is asked only of a move that gets
	// past the bases in its way, which most refused orders do not.
	road, roadKnown := false, false
	total := 0.0
	for k, p := range pts {
		d := p.Sub(cur)
		l := d.Len()
		if l < 1e-9 {
			continue
		}
		dir := d.Scale(1 / l)
		last := k == len(pts)-1
		baseDir := dir
		mult := 1.0
		if slide {
			baseDir = u.Dir
			if c := dir.Dot(u.Dir); c > -slideStraight && c < slideStraight {
				mult = 2
			}
		}
		start := baseAt(cur, baseDir)
		// Other bases in the way, before the ground: a crowd refuses most
		// generated orders here, and this test is the cheaper. The
		// earliest enemy touched on the last leg is the charge target.
		hitT, hitJ := 2.0, -1
		// Broad phase: no base within reach of the leg, its bounding box
		// first (most bases are far off), then the distance.
		reach := segBox(cur, p).grow(baseReach)
		for j := 0; j < int(s.n); j++ {
			o := &s.U[j]
			if j == i || o.Loc != LocTable || !reach.holds(o.Pos) || geom.PointSegDist(o.Pos, cur, p) > baseReach {
				continue
			}
			other := s.rect(j)
			if s.side(j) == side {
				// No moving through friends (ruling R-THROUGH).
				if _, hit := geom.Sweep(start, d, other, overlapTol); hit {
					return res, refThroughFriend
				}
				continue
			}
			// Contact: the leg comes within the tolerance of the enemy,
			// and the base stops where contactStop puts it.
			if _, hit := geom.Sweep(start, d, other, contactEps); hit {
				if f, ok := contactStop(start, d, other); ok && f < hitT {
					hitT, hitJ = f, j
				}
			}
		}
		// Impassable terrain along the swept base, over the whole leg as
		// given, even where a charge stops short of its end.
		if r := s.sweptTerrain(t, cur, p, baseDir, slide); r != okMove {
			return res, r
		}
		if !s.sc.onTableRect(baseAt(p, baseDir)) {
			return res, refOffTable
		}
		if hitJ >= 0 {
			if slide {
				return res, refSlideContact
			}
			if !last {
				return res, refContactNotAhead
			}
			if hitT < 1e-6 && geom.RectDistance(baseAt(cur, curDir), s.rect(hitJ)) <= contactTol {
				return res, refInContact
			}
			p = cur.Add(d.Scale(hitT))
			l *= hitT
		}
		// The move is paid to where it stops, but not for the little way
		// a path ending within the contact tolerance is carried on into
		// contact (contactStop): it was in contact where the path ended.
		paid, paidL := p, l
		if hitJ >= 0 && hitT > 1 {
			paid, paidL = cur.Add(d), l/hitT
		}
		if !roadKnown {
			road, roadKnown = s.sc.onRoad(u.Pos), true
		}
		if road && !s.sc.segOnRoad(cur, p) {
			road = false
		}
		res.cost += s.segCost(i, cur, paid, &water, &res.town) + (mult-1)*paidL
		total += l
		if hitJ >= 0 {
			// "the last 2" of the unit's move OR its entire move (if less than
			// 2") must be STRAIGHT AHEAD" (ruling R-CHARGE). The charger
			// stops half the contact tolerance short of the enemy, but on
			// the table it ran on until the bases met: the run is measured
			// to that point, so a last leg of exactly 2" is enough.
			run := l + closeIn(baseAt(p, baseDir), dir, s.rect(hitJ))
			if run+1e-9 < math.Min(2, total-l+run) {
				return res, refContactNotAhead
			}
			res.contact = hitJ
			facing = dir
		}
		cur, curDir = p, baseDir
	}
	if water.river {
		return res, refRiver
	}
	// "If there is a bridge on the edge of town the unit must stop before
	// crossing the bridge ... the enemy unit will prevent them from
	// crossing" (ruling R-BRIDGEMOVE).
	if water.bridge && res.town {
		return res, refBridgeTown
	}
	if water.bridge && res.contact >= 0 {
		return res, refBridgeCharge
	}
	res.road, res.bridge, res.traveled = road, water.bridge, total
	res.allow = s.allowance(i, road, res.town, water.bridge)
	if res.cost > res.allow+1e-9 {
		return res, refTooFar
	}
	if facing.Len2() < 0.5 {
		facing = curDir
	}
	res.end, res.dir = cur, facing
	end := baseAt(cur, facing)
	if !s.sc.onTableRect(end) {
		return res, refOffTable
	}
	if t != LightInfantry && t != Cossacks && s.sc.rectInArea(end, Wood) {
		return res, refWoods
	}
	for j := 0; j < int(s.n); j++ {
		if j == i || s.U[j].Loc != LocTable || !baseNear(s.U[j].Pos, cur) {
			continue
		}
		other := s.rect(j)
		if geom.Overlap(end, other, overlapTol) {
			return res, refOverlap
		}
		if j != res.contact && s.side(j) != side && geom.RectDistance(end, other) <= contactTol {
			if res.contact < 0 {
				return res, refTouchEnemy
			}
		}
	}
	if res.contact >= 0 {
		if r := s.chargeAllowed(i, res.contact, end, res.town); r != okMove {
			return res, r
		}
	}
	return res, okMove
}

// contactEps is the sweep margin that finds contact: a penetration above
// it is a gap below contactTol (ruling R-CONTACT), and the 1e-9 takes in a
// gap of exactly the tolerance.
const contactEps = -contactTol - 1e-9

// contactStop is where base r, moving by d into contact with base o, is
// put: the fraction of d at which the two stand contactTol/2 apart, well
// inside the tolerance. A move that ends in contact but farther apart than
// that is carried on the little way: up to contactTol/2 further along d
// straight in, more along a slanting d (contactTol/2 over the cosine of
// the slant; closeInReach at most). ok is false when r never closes on o
// that far (it slides past, or ends alongside, at the edge of the
// tolerance): that is no contact made by moving into the enemy.
func contactStop(r geom.Rect, d geom.Vec, o geom.Rect) (float64, bool) {
	ext := 1 + closeInReach/d.Len()
	if t, hit := geom.Sweep(r, d.Scale(ext), o, -contactTol/2); hit {
		return t * ext, true
	}
	return 0, false
}

// closeInReach bounds the run closeIn credits. The charger stops
// contactTol/2 from the enemy across the gap, which along a slanting run
// is contactTol/2 over the cosine of the slant: more than contactTol
// beyond 60 degrees, and still under a quarter inch at 87.
const closeInReach = 0.25

// closeIn is how far base r, stopped short of base o on contact, would
// still travel along dir before the two meet: the gap the contact
// tolerance leaves (ruling R-CONTACT), longer along dir when the charge
// comes in at a slant. A base that would not meet o within closeInReach
// (one grazing past it) is credited nothing.
func closeIn(r geom.Rect, dir geom.Vec, o geom.Rect) float64 {
	if t, hit := geom.Sweep(r, dir.Scale(closeInReach), o, 0); hit {
		return t * closeInReach
	}
	return 0
}

// sweptTerrain checks the ground a base crosses on one leg for woods (all
// but light infantry and Cossacks; ruling R-WOODS) and steep hills, both
// impassable (R-STEEP).
func (s *State) sweptTerrain(t UnitType, a, b, baseDir geom.Vec, slide bool) refusal {
	check := func(r geom.Rect) refusal {
		if t != LightInfantry && t != Cossacks && s.sc.rectInArea(r, Wood) {
			return refWoods
		}
		if s.sc.rectInArea(r, SteepHill) {
			return refSteepHill
		}
		return okMove
	}
	l := a.Dist(b)
	if !slide {
		return check(geom.Rect{C: a.Add(b).Scale(0.5), F: baseDir, HW: 0.5, HD: l/2 + 0.25})
	}
	// A sideways base sweeps a hexagon; sampling its positions every 1/4"
	// is exact enough for features at least 1" across.
	n := int(l/0.25) + 1
	for k := 0; k <= n; k++ {
		if r := check(baseAt(a.Lerp(b, float64(k)/float64(n)), baseDir)); r != okMove {
			return r
		}
	}
	return okMove
}

// chargeAllowed applies the restrictions on moving to contact ("Moving to
// contact", "Melee"; ruling R-NOCHARGE).
func (s *State) chargeAllowed(i, target int, end geom.Rect, town bool) refusal {
	t := s.typ(i)
	if t.IsArtillery() || t.IsHQ() {
		return refNoCharge
	}
	tt := s.typ(target)
	if t.IsInfantry() && tt.IsCavalry() && !s.inCover(target) {
		return refInfantryVsCavalry
	}
	if t.IsCavalry() && (town || s.has(i, fThroughTown)) {
		return refCavalryTown
	}
	// "the front part of the movers base contacts any part of an enemy base".
	fa, fb := end.FaceEnds(geom.FaceFront)
	if pointRectDistSeg(fa, fb, s.rect(target)) > contactTol {
		return refNotFront
	}
	return okMove
}

// firstHit is the first base unit i's base meets moving straight by d:
// the fraction of d travelled (1 if none) and the unit (-1 if none). An
// enemy is met on contact (within contactTol, ruling R-CONTACT; the
// fraction is then where the unit stops, contactTol/2 from it, which may
// be a hair beyond 1), a friend only on overlap.
func (s *State) firstHit(i int, d geom.Vec) (float64, int) {
	u := &s.U[i]
	start := s.rect(i)
	to := u.Pos.Add(d)
	// A contact's stop may lie a hair beyond 1, so the search starts
	// above it.
	bestT, bestJ := 2.0, -1
	for j := 0; j < int(s.n); j++ {
		if j == i || s.U[j].Loc != LocTable || geom.BeyondSeg(s.U[j].Pos, u.Pos, to, baseReach) {
			continue
		}
		o := s.rect(j)
		if s.side(j) != s.side(i) && geom.RectDistance(start, o) > contactTol {
			// An enemy is met on coming within the contact tolerance, and
			// the unit stops where a move into contact stops; one it
			// touches already (on a flank, say) only on running into it.
			if _, hit := geom.Sweep(start, d, o, contactEps); hit {
				if f, ok := contactStop(start, d, o); ok && f < bestT {
					bestT, bestJ = f, j
				}
			}
			continue
		}
		if t, hit := geom.Sweep(start, d, o, overlapTol); hit && t < bestT {
			bestT, bestJ = t, j
		}
	}
	if bestJ < 0 {
		return 1, -1
	}
	return bestT, bestJ
}

// pointRectDistSeg is the distance between segment a-b and rectangle r.
func pointRectDistSeg(a, b geom.Vec, r geom.Rect) float64 {
	if geom.SegRectIntersects(a, b, r) {
		return 0
	}
	best := math.Min(pointRectDist(a, r), pointRectDist(b, r))
	cs := r.Corners()
	for k := 0; k < 4; k++ {
		if d := geom.PointSegDist(cs[k], a, b); d < best {
			best = d
		}
	}
	return best
}

// inCover reports whether unit i stands in a town or a wood (not "open
// terrain" for the infantry-against-cavalry rule; ruling R-OPEN).
func (s *State) inCover(i int) bool {
	r := s.rect(i)
	return s.sc.inArea(r.C, Town) || s.sc.inArea(r.C, Wood)
}

// inContactWithEnemy reports whether unit i touches any enemy base.
func (s *State) inContactWithEnemy(i int) bool {
	r := s.rect(i)
	side := s.side(i)
	for j := 0; j < int(s.n); j++ {
		if s.U[j].Loc != LocTable || s.side(j) == side || !baseNear(s.U[j].Pos, s.U[i].Pos) {
			continue
		}
		if geom.RectDistance(r, s.rect(j)) <= contactTol {
			return true
		}
	}
	return false
}

// touching reports whether units i and j are in base contact.
func (s *State) touching(i, j int) bool {
	if !baseNear(s.U[i].Pos, s.U[j].Pos) {
		return false
	}
	return geom.RectDistance(s.rect(i), s.rect(j)) <= contactTol
}

// canMove reports whether unit i may make a normal move this phase; a unit
// touching an enemy may not (ruling R-ENGAGED).
func (s *State) canMove(i int) bool {
	u := &s.U[i]
	return u.Loc == LocTable && int(s.side(i)) == int(s.phasing) && u.Flags&fMoved == 0 &&
		(u.Stat == Ordered || u.Stat == Halted) && !s.inContactWithEnemy(i)
}

// clearAt reports whether base r can stand at its place: on the table, out
// of woods (unless light infantry) and steep hills, overlapping no base but skip.
func (s *State) clearAt(r geom.Rect, t UnitType, skip int) bool {
	if !s.sc.onTableRect(r) || s.sc.rectInArea(r, SteepHill) {
		return false
	}
	if t != LightInfantry && t != Cossacks && s.sc.rectInArea(r, Wood) {
		return false
	}
	for j := 0; j < int(s.n); j++ {
		if j == skip || s.U[j].Loc != LocTable || !baseNear(s.U[j].Pos, r.C) {
			continue
		}
		if geom.Overlap(r, s.rect(j), overlapTol) {
			return false
		}
	}
	return true
}
