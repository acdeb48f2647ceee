package twobytwo

import (
	"math"

	"github.com/grognard/grognard/engine/geom"
	rules "github.com/grognard/grognard/engine/twobytwo"
)

// --- Movement ---------------------------------------------------------

// ground is the value of the terrain at p for unit i [Terrain]: towns,
// woods' edges, hedges and hills for infantry, hills for guns.
func (h *Heuristic) ground(s *rules.State, i int, p geom.Vec) float64 {
	t := s.Spec(i).Type
	if t.IsCavalry() || t.IsHQ() {
		return 0
	}
	v := 0.0
	sc := s.Scenario()
	for f := range sc.Terrain {
		ft := &sc.Terrain[f]
		switch ft.Kind {
		case rules.Town:
			if t.IsInfantry() && len(ft.Points) >= 3 {
				if geom.PointInPolygon(p, ft.Points) {
					v += 25
				} else if geom.RectPolygonOverlap(baseOf(p, geom.V(0, 1)), ft.Points) {
					v += 12
				}
			}
		case rules.Hill:
			if len(ft.Points) >= 3 && geom.PointInPolygon(p, ft.Points) {
				v += 12
			}
		case rules.Wood:
			if t.IsInfantry() && len(ft.Points) >= 3 {
				if t == rules.LightInfantry && geom.PointInPolygon(p, ft.Points) {
					v += 20
				} else if geom.RectPolygonOverlap(geom.Rect{C: p, F: geom.V(0, 1), HW: 0.75, HD: 0.5}, ft.Points) {
					v += 8
				}
			}
		case rules.Hedge:
			if t.IsInfantry() && geom.PointPolylineDist(p, ft.Points) < 0.8 {
				v += 10
			}
		}
	}
	return v
}

// onHill reports whether p stands on a hill (ruling R-HILL).
func onHill(s *rules.State, p geom.Vec) bool {
	sc := s.Scenario()
	for f := range sc.Terrain {
		ft := &sc.Terrain[f]
		if ft.Kind == rules.Hill && len(ft.Points) >= 3 && geom.PointInPolygon(p, ft.Points) {
			return true
		}
	}
	return false
}

// nearestFoe is the distance from p to the nearest enemy of side on the
// table, and that enemy (-1 when there is none: the distance is then to
// the enemy's centre).
func (h *Heuristic) nearestFoe(s *rules.State, side int, p geom.Vec, skipHQ bool) (float64, int) {
	best, bj := math.MaxFloat64, -1
	for j := 0; j < s.NumUnits(); j++ {
		u := &s.U[j]
		sp := s.Spec(j)
		if u.Loc != rules.LocTable || sp.Side == side || (skipHQ && sp.Type.IsHQ()) {
			continue
		}
		if d := u.Pos.Dist(p); d < best {
			best, bj = d, j
		}
	}
	if bj < 0 {
		return h.c.front.Dist(p), -1
	}
	return best, bj
}

// doctrineRisk is how much the doctrine fears losses where a unit of arm
// ends, in score per unit of risk and per unit value.
var doctrineRisk = [numDoctrines][4]float64{
	DoctrineAssault:  {200, 80, 150, 150},
	DoctrineFireline: {200, 80, 150, 150},
	DoctrineReserve:  {200, 90, 150, 150},
}

// value is the positional value of unit i standing at p facing dir by the
// doctrine: the danger there, where the doctrine wants the arm, the
// ground, the screen of own points, the threat to enemy points, the HQs'
// rally reach, and the own edge when playing for the draw.
func (h *Heuristic) value(s *rules.State, i int, p, dir geom.Vec) float64 {
	c := &h.c
	sp := s.Spec(i)
	t := sp.Type
	arm := armIndex(t)
	size := s.Scenario().Size
	doc := c.eff
	val := unitValue(sp)
	if c.draw {
		// [Draw]: every unit makes for the own edge; the cavalry covers
		// the retreat and goes last.
		w := 12.0
		if t.IsCavalry() && c.nonCav > 0 {
			w = 2
		}
		// Within 2" of the edge every unit can exit in one move: closer
		// only crowds the edge, and a blocked unit cannot get out.
		return -w*math.Max(0, depthOf(size, sp.Side, p)-2) - 100*risk(s, i, p)*val
	}
	v := -doctrineRisk[doc][arm] * val * c.um * risk(s, i, p)
	dE, e := h.nearestFoe(s, sp.Side, p, !t.IsCavalry())
	switch arm {
	case 0: // HQs [FoB-HQ]
		v += h.hqValue(s, i, p)
		switch doc {
		case DoctrineAssault:
			v -= 1.5 * math.Abs(dE-4)
		default:
			v -= 1.0 * p.Dist(c.centroid)
		}
	case 1: // infantry
		switch doc {
		case DoctrineAssault:
			v -= 8 * h.targetDist(s, i, p)
			v += h.columnBonus(s, i, p, dir)
		case DoctrineFireline:
			reach := math.Max(s.FireReach(i), 0.5)
			v -= 4 * math.Max(0, dE-reach-0.25)
			v += h.ground(s, i, p) + h.arcBonus(s, i, p, dir, e)
		default:
			v -= 4 * math.Max(0, depthOf(size, sp.Side, p)-7)
			v += h.ground(s, i, p) + h.arcBonus(s, i, p, dir, e)
		}
	case 2: // cavalry [FoB-cav]
		want := 5.0
		if doc != DoctrineAssault {
			want = 6
		}
		v -= 4 * math.Abs(h.cavTargetDist(s, i, p)-want)
		if t.MayRoutVoluntarily() {
			// Light cavalry rushes at the enemy's points [Reinf].
			w := 2.0
			switch {
			case h.doc == DoctrineReserve:
				w = 3
			case h.doc == DoctrineFireline:
				w = 0.5
			}
			if d := h.foePointDist(s, p); d < math.MaxFloat64 {
				v -= w * d
			}
		}
	case 3: // artillery
		pr := t.Profile()
		want := 0.9 * pr.Normal
		if doc != DoctrineAssault {
			want = 0.9 * pr.Long
		}
		if doc == DoctrineReserve {
			v -= 4 * math.Max(0, depthOf(size, sp.Side, p)-7)
		}
		v -= 6 * math.Abs(dE-want)
		v += h.ground(s, i, p) + 2*h.arcBonus(s, i, p, dir, e)
	}
	if arm != 0 {
		v -= packPenalty * float64(h.packedFriends(s, i, p))
		v -= contagionPenalty * float64(contagionPairs(s, i, p, dir))
	}
	v += h.screenValue(s, i, p, t)
	if arm != 0 && (c.foeLost >= 4 || (c.late && c.uf >= c.um)) {
		// Late and not behind, or one unit from victory: trade at the
		// enemy's points [Reinf].
		if d := h.foePointDist(s, p); d < math.MaxFloat64 {
			w := 3.0
			if c.foeLost >= 4 {
				w = 6
			}
			v -= w * d
		}
	}
	return v
}

// packedFriends counts the own units on the table other than i and HQs
// standing within packSpacing of p.
func (h *Heuristic) packedFriends(s *rules.State, i int, p geom.Vec) int {
	n := 0
	for _, j := range h.c.field[:h.c.nField] {
		if int(j) != i && s.U[j].Pos.Sub(p).Len2() < packSpacing*packSpacing {
			n++
		}
	}
	return n
}

// targetDist is how far infantry unit i at p is from the enemy it would
// best attack: the nearest, but a unit in a town or wood counts 5"
// farther (it is cover, and a unit that moved through a town is caught
// in road column in the enemy's turn) and
// cavalry in the open 6" farther (infantry may not charge it).
func (h *Heuristic) targetDist(s *rules.State, i int, p geom.Vec) float64 {
	return h.bestTargetDist(s, i, p, false)
}

// cavTargetDist is how far cavalry unit i at p is from the enemy it would
// best charge [FoB-cav]: disrupted units, HQs, guns and cavalry as they
// are, formed infantry and anything in a town 5" farther.
func (h *Heuristic) cavTargetDist(s *rules.State, i int, p geom.Vec) float64 {
	return h.bestTargetDist(s, i, p, true)
}

// bestTargetDist is the least distance from p to an enemy of unit i on
// the table, each enemy's distance lengthened as targetDist (infantry)
// or cavTargetDist (cav) says; the enemy's front when there is none. An
// enemy across a river is as far as the way round (groundDist).
func (h *Heuristic) bestTargetDist(s *rules.State, i int, p geom.Vec, cav bool) float64 {
	side := s.Spec(i).Side
	best := math.MaxFloat64
	for j := 0; j < s.NumUnits(); j++ {
		u := &s.U[j]
		sp := s.Spec(j)
		if u.Loc != rules.LocTable || sp.Side == side {
			continue
		}
		d := u.Pos.Dist(p)
		if d >= best {
			continue // the penalties and the way round only lengthen it
		}
		d = h.groundDist(s, i, p, u.Pos)
		if cav {
			if sp.Type.IsInfantry() && u.Stat != rules.Disrupted {
				d += 5
			}
			if inCover(s.Scenario(), u.Pos, false) {
				d += 5
			}
		} else {
			cover := inCover(s.Scenario(), u.Pos, true)
			if cover {
				d += 5
			}
			if sp.Type.IsCavalry() && !cover {
				d += 6
			}
		}
		best = math.Min(best, d)
	}
	if best == math.MaxFloat64 {
		return h.c.front.Dist(p)
	}
	return best
}

// groundDist is how far q is from p for unit i (-1: any unit) of the side
// to move: the straight distance, or across a river [Streams] the way
// through the crossing that is shortest once crowding (crowdCost; unit i
// does not crowd itself) and bridges the enemy holds (heldBridgeCost) are
// counted: straight at the bank is no nearer a charge. With no crossing it
// is the straight distance plus the table's size: far, but finite.
func (h *Heuristic) groundDist(s *rules.State, i int, p, q geom.Vec) float64 {
	sc := s.Scenario()
	if !sc.RiverBetween(p, q) && !h.overHeldBridge(sc, p, q) {
		return p.Dist(q)
	}
	best := math.Inf(1)
	for k, x := range sc.Crossings() {
		l := p.Dist(x.At) + x.At.Dist(q)
		if k < len(h.c.crowd) {
			n := h.c.crowd[k]
			if i >= 0 && s.U[i].Pos.Dist(x.At) <= crowdRange {
				n--
			}
			l += crowdCost * float64(max(n, 0))
			if h.c.held[k][1-x.Bank(p)] > 0 {
				l += heldBridgeCost
			}
		}
		best = math.Min(best, l)
	}
	if math.IsInf(best, 1) {
		return p.Dist(q) + sc.Size
	}
	return best
}

// overHeldBridge reports whether the straight way from p to q crosses a
// river by a bridge that an enemy holds at its far end (heldBridgeCost):
// RiverBetween counts a way over a bridge as open. The way goes over the
// bridge when going by it lengthens the way by less than half an inch.
func (h *Heuristic) overHeldBridge(sc *rules.Scenario, p, q geom.Vec) bool {
	for k, x := range sc.Crossings() {
		if k >= len(h.c.held) {
			break
		}
		b := x.Bank(p)
		if h.c.held[k][1-b] > 0 && x.Bank(q) != b && p.Dist(x.At)+x.At.Dist(q) < p.Dist(q)+0.5 {
			return true
		}
	}
	return false
}

// inCover reports whether p lies in a town (or, with woods, a wood).
func inCover(sc *rules.Scenario, p geom.Vec, woods bool) bool {
	for f := range sc.Terrain {
		ft := &sc.Terrain[f]
		if (ft.Kind == rules.Town || woods && ft.Kind == rules.Wood) && len(ft.Points) >= 3 && geom.PointInPolygon(p, ft.Points) {
			return true
		}
	}
	return false
}

// foePointDist is the distance from p to the nearest enemy reinforcement
// point with units waiting, round rivers (see groundDist).
func (h *Heuristic) foePointDist(s *rules.State, p geom.Vec) float64 {
	best := math.MaxFloat64
	for k := 0; k < 2; k++ {
		if h.c.fptLive[k] {
			best = math.Min(best, h.groundDist(s, -1, p, h.c.fpt[k]))
		}
	}
	return best
}

// screenWeight is the value of screening a threatened own point [Reinf].
var screenWeight = [numDoctrines]float64{DoctrineAssault: 60, DoctrineFireline: 60, DoctrineReserve: 80}

// screenValue rewards unit i for standing by an own reinforcement point
// that has units waiting and an enemy in reach, when no other friend
// already screens it.
func (h *Heuristic) screenValue(s *rules.State, i int, p geom.Vec, t rules.UnitType) float64 {
	if t.IsHQ() {
		return 0
	}
	c := &h.c
	v := 0.0
	for k := 0; k < 2; k++ {
		if !c.ptLive[k] || !c.ptThreat[k] {
			continue
		}
		others := c.ptNear[k]
		if s.U[i].Loc == rules.LocTable && s.U[i].Pos.Dist(c.pt[k]) <= screenRange {
			others--
		}
		if others > 0 {
			continue
		}
		d := p.Dist(c.pt[k])
		v += screenWeight[h.doc] * math.Max(0, math.Min(1, 1-(d-2.5)/7))
	}
	return v
}

// columnBonus rewards an infantry unit standing as a column of attack
// directly behind a friend of the same type facing the same way, when
// that friend is touching the enemy ("Column of attack": +1).
func (h *Heuristic) columnBonus(s *rules.State, i int, p, dir geom.Vec) float64 {
	t := s.Spec(i).Type
	for j := 0; j < s.NumUnits(); j++ {
		u := &s.U[j]
		if j == i || u.Loc != rules.LocTable || s.Spec(j).Side != s.Spec(i).Side || s.Spec(j).Type != t {
			continue
		}
		behind := u.Pos.Sub(u.Dir.Scale(0.5))
		if behind.Dist(p) < 0.1 && dir.Dot(u.Dir) > 0.99 && touchingEnemy(s, j) {
			return 30
		}
	}
	return 0
}

// touchingEnemy reports whether unit j touches an enemy base.
func touchingEnemy(s *rules.State, j int) bool { return touchingEnemyBut(s, j, -1) }

// touchingEnemyBut reports whether unit j touches an enemy base other
// than unit but's.
func touchingEnemyBut(s *rules.State, j, but int) bool {
	u := &s.U[j]
	side := s.Spec(j).Side
	r := baseOf(u.Pos, u.Dir)
	for k := 0; k < s.NumUnits(); k++ {
		o := &s.U[k]
		if k == but || o.Loc != rules.LocTable || s.Spec(k).Side == side || o.Pos.Dist(u.Pos) > 1.3 {
			continue
		}
		if geom.RectDistance(r, baseOf(o.Pos, o.Dir)) <= 0.02 {
			return true
		}
	}
	return false
}

// arcBonus rewards a shooter for having enemy e in its arc and reach.
func (h *Heuristic) arcBonus(s *rules.State, i int, p, dir geom.Vec, e int) float64 {
	if e < 0 || !s.Spec(i).Type.Profile().Shoots {
		return 0
	}
	front := p.Add(dir.Scale(0.25))
	v := s.U[e].Pos.Sub(front)
	along := v.Dot(dir)
	if along <= 0 || math.Abs(v.Dot(dir.Perp())) > 1+along {
		return 0
	}
	if v.Len()-0.25 > s.FireReach(i)+0.5 {
		return 2
	}
	return 6
}

// hqValue is the rally reach of HQ i at p [FoB-HQ]: units of its command
// within reach (6" corps, 3" division), above all pinned and disrupted
// ones, and base contact with a stricken unit an enemy stands within 2" of
// (the only way it can rally).
func (h *Heuristic) hqValue(s *rules.State, i int, p geom.Vec) float64 {
	sp := s.Spec(i)
	reach := 6.0
	if sp.Type == rules.DivisionHQ {
		reach = 3
	}
	v := 0.0
	for j := 0; j < s.NumUnits(); j++ {
		u := &s.U[j]
		js := s.Spec(j)
		if j == i || u.Loc != rules.LocTable || js.Side != sp.Side || js.Type.IsHQ() {
			continue
		}
		if sp.Type == rules.DivisionHQ && js.HQ != i {
			continue
		}
		need := 0.15
		if u.Stat >= rules.Pinned {
			need = 1
		}
		d := u.Pos.Dist(p) - 0.25
		if d <= reach {
			v += 20 * need
		} else {
			v -= 2 * need * math.Min(d-reach, 10)
		}
		if u.Stat >= rules.Pinned && !js.Type.Profile().Elite {
			if behind := u.Pos.Sub(u.Dir.Scale(0.5)); behind.Dist(p) < 0.15 {
				if fd, _ := h.nearestFoe(s, sp.Side, u.Pos, false); fd < 2.5 {
					v += 25
				}
			}
		}
	}
	return v + h.shelterBonus(s, i, p)
}

// shelterBonus: an HQ with a friendly battalion within 2" between it and
// the nearest enemy is not "caught out in the open" [FoB-cav]; the
// hq-shelter order takes it there.
func (h *Heuristic) shelterBonus(s *rules.State, i int, p geom.Vec) float64 {
	side := s.Spec(i).Side
	fd, e := h.nearestFoe(s, side, p, true)
	if e < 0 || fd > 12 {
		return 0
	}
	ep := s.U[e].Pos
	for j := 0; j < s.NumUnits(); j++ {
		u := &s.U[j]
		if j == i || u.Loc != rules.LocTable || s.Spec(j).Side != side || !s.Spec(j).Type.IsInfantry() || u.Stat == rules.Disrupted {
			continue
		}
		if u.Pos.Dist(p) <= 2 && u.Pos.Dist(ep) < fd-0.5 {
			return 15
		}
	}
	return 0
}

// contagionPenalty is what the doctrines pay for each militia unit (or
// Cossacks) standing where an elite friend would rout over it.
const contagionPenalty = 25

// contagionPairs counts the militia and Cossack units (Contagious) that
// would stand within 1" of the rout of an elite friend if unit i stood at
// p facing dir: a routing elite unit routs every friend within 1" of its
// path, and any router routs militia and Cossacks ("Elite Infantry",
// "Militia"; ruling R-CONTAGION), so militia in an elite unit's way is a
// chain waiting to break. The rout is reckoned to the direct rear, a full
// move. A militia unit at p counts each elite friend whose path it is on;
// an elite unit at p counts each militia friend on its own path.
func contagionPairs(s *rules.State, i int, p, dir geom.Vec) int {
	me := s.Spec(i)
	mil, elite := me.Type.Contagious(), me.Type.Profile().Elite && !me.Type.IsHQ()
	if !mil && !elite {
		return 0
	}
	n := 0
	for j := 0; j < s.NumUnits(); j++ {
		u := &s.U[j]
		js := s.Spec(j)
		if j == i || u.Loc != rules.LocTable || js.Side != me.Side || js.Type.IsHQ() {
			continue
		}
		switch {
		case mil && js.Type.Profile().Elite:
			back := u.Pos.Sub(u.Dir.Scale(js.Type.Profile().Move))
			if geom.PointSegDist(p, u.Pos, back) < 1.75 {
				n++
			}
		case elite && js.Type.Contagious():
			back := p.Sub(dir.Scale(me.Type.Profile().Move))
			if geom.PointSegDist(u.Pos, p, back) < 1.75 {
				n++
			}
		}
	}
	return n
}
