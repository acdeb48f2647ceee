package twobytwo

import (
	"math"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
	"github.com/grognard/grognard/engine/tabletop"
)

// onGrid puts a generated action's points on the hundredth of an inch and
// its facing on the tenth of a degree (ruling R-GRID), before it is
// checked: the order offered is exactly the one checked, and its notation
// is short ("12.66,4.91 335.4", not 16 digits a number). A person's move
// keeps the numbers typed.
func onGrid(a *engine.Action) {
	for k := range min(a.NPath, engine.MaxPath) {
		a.Path[k] = tabletop.SnapPoint(a.Path[k])
	}
	a.Facing = tabletop.SnapDegrees(a.Facing)
}

// gridMove puts the move a of unit i on the grid (onGrid) and checks it,
// with its facing or (squared) none, and reports the check's result and
// whether it is legal and contacts want (-1: no enemy). Each point moves
// up to 0.007" on the grid, so a computed move can come out a hair wrong:
//   - one computed to use its whole allowance can be a hair too long: it is
//     pulled back along its last leg a hundredth of an inch at a time, three
//     times at most, as a person would take the ruler back (a charge stays
//     one, as its last point aims past the contact and a hair short of it
//     still makes it, R-CONTACT);
//   - a charge's run-in can start a hair nearer its target, so that the leg
//     before it grazes the target's corner: the other grid points around
//     the run-in's start are tried.
func (s *State) gridMove(i int, a *engine.Action, facing bool, want int) (moveResult, bool) {
	orig := *a
	corners := 1
	if want >= 0 && a.NPath > 1 {
		corners = 5
	}
	for c := range corners {
		for k := range 4 {
			*a = orig
			if k > 0 && !s.pullBack(i, a, 0.01*float64(k)) {
				break
			}
			onGrid(a)
			if c > 0 {
				a.Path[a.NPath-2] = gridCorner(orig.Path[a.NPath-2], c-1)
			}
			var f geom.Vec
			if facing {
				f = geom.Heading(a.Facing)
			}
			res, ref := s.checkMove(i, a.Points(), f)
			if ref == okMove && res.contact == want {
				return res, true
			}
			if ref != refTooFar {
				break
			}
		}
	}
	*a = orig
	return moveResult{}, false
}

// pullBack shortens the last leg of unit i's move a by back, and reports
// whether the leg was longer than that.
func (s *State) pullBack(i int, a *engine.Action, back float64) bool {
	last := int(a.NPath) - 1
	from := s.U[i].Pos
	if last > 0 {
		from = a.Path[last-1]
	}
	leg := a.Path[last].Sub(from)
	l := leg.Len()
	if l <= back {
		return false
	}
	a.Path[last] = from.Add(leg.Scale((l - back) / l))
	return true
}

// gridCorner is corner c (0 to 3) of the hundredth-of-an-inch grid square
// holding p: below or above p in x (bit 0) and in y (bit 1).
func gridCorner(p geom.Vec, c int) geom.Vec {
	round := func(v float64, up bool) float64 {
		if up {
			return tabletop.Snap(math.Ceil(v*100) / 100)
		}
		return tabletop.Snap(math.Floor(v*100) / 100)
	}
	return geom.Vec{X: round(p.X, c&1 != 0), Y: round(p.Y, c&2 != 0)}
}

// orders appends the generated orders of unit i, which may move: charges,
// advances, occupying terrain, supporting friends, screening and
// threatening reinforcement points, withdrawing, exiting, and HQ moves.
// Every order is a concrete path checked by the movement rules, so it is
// exactly as legal as the same move typed by a person.
func (s *State) orders(i int, buf []engine.Action) []engine.Action {
	u := &s.U[i]
	t := s.typ(i)
	reach := s.prof(i).Move + 1.5
	side := s.side(i)
	// Charges: straight at each face of every enemy in reach, and squared
	// up on the face after a 2" straight run-in.
	if !t.IsArtillery() && !t.IsHQ() {
		for j := 0; j < int(s.n); j++ {
			if s.U[j].Loc != LocTable || s.side(j) == side || s.U[j].Pos.Dist(u.Pos) > reach+1 {
				continue
			}
			buf = s.chargeOrders(buf, i, j)
		}
	}
	// Advance on the two nearest enemies to a useful range.
	near := s.nearestK(i, 2, true)
	for _, j := range near {
		if j < 0 {
			continue
		}
		stop := 1.5
		if s.prof(i).Shoots {
			stop = s.fireReach(i) * 0.9
			if s.prof(i).Normal > 0 && t.IsArtillery() {
				stop = s.prof(i).Normal * 0.9
			}
		}
		if t.IsHQ() {
			stop = 4
		}
		buf = s.towardOrder(buf, i, s.U[j].Pos, stop+0.5, s.U[j].Pos, OrderAdvance, j)
	}
	face := s.U[i].Pos.Add(s.U[i].Dir)
	if len(near) > 0 && near[0] >= 0 {
		face = s.U[near[0]].Pos
		// Across a river, by the bridge or ford that leads to the
		// nearest enemy (R-FORD, "Bridges").
		buf = s.crossOrder(buf, i, face)
	}
	// Occupy the nearest town, hill (and wood, for light infantry).
	for _, k := range [...]TerrainKind{Town, Hill, Wood} {
		if k == Wood && t != LightInfantry {
			continue
		}
		if f := s.nearestFeature(u.Pos, k); f >= 0 {
			c := geom.PolygonCentroid(s.sc.Terrain[f].Points)
			buf = s.towardOrder(buf, i, c, 0, face, OrderOccupy, NoUnit)
		}
	}
	// Support: column behind, or beside, the nearest friends.
	if !t.IsHQ() {
		for _, j := range s.nearestK(i, 2, false) {
			if j < 0 || s.typ(j).IsHQ() {
				continue
			}
			o := &s.U[j]
			behind := o.Pos.Sub(o.Dir.Scale(0.5 + 2*overlapTol))
			buf = s.toPoseOrder(buf, i, behind, o.Dir, OrderSupport, j)
			right := o.Dir.Perp()
			buf = s.toPoseOrder(buf, i, o.Pos.Add(right.Scale(1+2*overlapTol)), o.Dir, OrderSupport, j)
			buf = s.toPoseOrder(buf, i, o.Pos.Sub(right.Scale(1+2*overlapTol)), o.Dir, OrderSupport, j)
		}
	}
	// Screen own reinforcement points that still have units to come.
	for pt := 0; pt < 2; pt++ {
		p := s.points[side][pt]
		if !p.Placed || s.nextInQueue(int(side), pt) < 0 {
			continue
		}
		dest := p.Pos.Add(inward(p.Edge).Scale(2.5))
		if dest.Dist(u.Pos) > 0.5 {
			buf = s.towardOrder(buf, i, dest, 0, face, OrderScreen, NoUnit)
		}
	}
	// Threaten enemy reinforcement points, exiting there when in reach.
	for pt := 0; pt < 2; pt++ {
		p := s.points[1-side][pt]
		if !p.Placed || s.nextInQueue(int(1-side), pt) < 0 || t.IsHQ() {
			continue
		}
		in := inward(p.Edge)
		buf = s.exitOrder(buf, i, p.Pos.Add(in.Scale(0.25)), p.Edge)
		if p.Pos.Dist(u.Pos) > 2 {
			buf = s.towardOrder(buf, i, p.Pos.Add(in.Scale(1)), 0, p.Pos.Add(in.Scale(4)), OrderThreaten, NoUnit)
		}
	}
	// Withdraw: back away keeping the front to the enemy, as far as the
	// unit can go.
	for _, frac := range [...]float64{1, 0.5} {
		a := act(KindSlide, i, NoUnit)
		a.Order = OrderWithdraw
		a.NPath, a.Path[0], a.Facing = 1, u.Pos.Sub(u.Dir.Scale(s.prof(i).Move*frac)), geom.FacingOf(u.Dir)
		onGrid(&a)
		if res, ref := s.checkMoveMode(i, a.Points(), geom.Heading(a.Facing), true); ref == okMove && res.contact < 0 {
			buf = append(buf, a)
			break
		}
	}
	// Exit by the own edge, once that is allowed (playing for the draw).
	if s.exitAllowed() {
		e := BaseEdge(int(side))
		x := math.Min(math.Max(u.Pos.X, 0.5), s.sc.Size-0.5)
		buf = s.exitOrder(buf, i, s.sc.edgePoint(e, x).Add(inward(e).Scale(0.25)), e)
	}
	// HQs: into base contact behind a unit that needs a rally, or behind the
	// nearest friends (to lead a charge or hold a critical point).
	if t.IsHQ() {
		n := 0
		for j := 0; j < int(s.n) && n < 3; j++ {
			o := &s.U[j]
			if j == i || o.Loc != LocTable || s.side(j) != side || s.typ(j).IsHQ() || o.Stat < Pinned || o.Pos.Dist(u.Pos) > reach {
				continue
			}
			buf = s.toPoseOrder(buf, i, o.Pos.Sub(o.Dir.Scale(0.5+2*overlapTol)), o.Dir, OrderHQRally, j)
			n++
		}
		for _, j := range s.nearestK(i, 2, false) {
			if j >= 0 && !s.typ(j).IsHQ() {
				o := &s.U[j]
				buf = s.toPoseOrder(buf, i, o.Pos.Sub(o.Dir.Scale(0.5+2*overlapTol)), o.Dir, OrderHQContact, j)
			}
		}
		buf = s.shelterOrders(buf, i)
	}
	if len(near) > 0 && near[0] >= 0 {
		buf = s.appendFace(buf, i, s.U[near[0]].Pos)
	}
	return buf
}

// chargeOrders appends charges of unit i on enemy j: against each face
// it can reach, straight in from where it stands, or squared up after a
// 2" run-in, or (for a unit in a line, which cannot wheel on the spot
// without its base swinging into its neighbours, R-PIVOT) either of those
// after a step straight ahead clear of them.
func (s *State) chargeOrders(buf []engine.Action, i, j int) []engine.Action {
	u := &s.U[i]
	jr := s.rect(j)
	// Above any allowance (a road adds 1") with room for a contact made
	// by a corner short of dest: a cheap bound before a full check.
	allow := s.prof(i).Move + 1.5
	a := act(KindMove, i, j)
	a.Order = OrderCharge
	for f := geom.FaceFront; f <= geom.FaceLeft; f++ {
		n := faceNormal(jr, f)
		dest := jr.FaceCentre(f).Add(n.Scale(0.25))
		w := dest.Add(n.Scale(2))
		a.Arg = uint8(f)
		if s.chargeLegal(&a, i, j, dest) || s.chargeLegal(&a, i, j, w, dest) {
			buf = append(buf, a)
			continue
		}
		// A unit that could wheel towards the target was stopped by
		// something a step ahead would not get it past.
		if s.clearAt(baseAt(u.Pos, dest.Sub(u.Pos).Norm()), s.typ(i), i) {
			continue
		}
		// Half an inch clears the neighbours for a wheel of a third of a
		// right angle or so; a longer step for a sharper one leaves less
		// of the move for the 2" straight in.
		for _, step := range [...]float64{0.5, 1, 2} {
			p := u.Pos.Add(u.Dir.Scale(step))
			if step+p.Dist(dest) <= allow && s.chargeLegal(&a, i, j, p, dest) {
				buf = append(buf, a)
				break
			}
			if step+p.Dist(w)+2 <= allow && s.chargeLegal(&a, i, j, p, w, dest) {
				buf = append(buf, a)
				break
			}
		}
	}
	return buf
}

// chargeLegal sets a's path to pts and its facing to the one the charge
// ends with, and reports whether the move is legal and charges enemy j on
// the face a names (a.Arg). The move stops at the first contact, short of
// the aim point: the path's last point becomes that stop (a hair past
// it), so that the order's path and description say what playing it
// does, and a charge aimed at one face that would meet another first is
// not this face's.
func (s *State) chargeLegal(a *engine.Action, i, j int, pts ...geom.Vec) bool {
	a.Path = [engine.MaxPath]geom.Vec{}
	a.NPath = uint8(copy(a.Path[:], pts))
	res, ref := s.checkMove(i, a.Points(), geom.Vec{})
	if ref != okMove || res.contact != j || nearestFace(baseAt(res.end, res.dir), s.rect(j)) != geom.Face(a.Arg) {
		return false
	}
	// The last point lies a hair past the stop, so that the move still
	// runs into the base it charges.
	a.Path[a.NPath-1] = res.end.Add(res.dir.Scale(contactTol))
	a.Facing = 0
	// The cut path is checked again, on the grid: a contact made on an
	// earlier leg, or a way that now grazes another base, drops the order.
	res, ok := s.gridMove(i, a, false, j)
	if !ok {
		return false
	}
	a.Facing = tabletop.SnapDegrees(geom.FacingOf(res.dir))
	return true
}

// towardOrder appends a move of unit i straight towards dest, stopping
// stop short of it, as far as the unit can legally go (trying the full
// distance, then shorter ones), ending facing faceAt.
func (s *State) towardOrder(buf []engine.Action, i int, dest geom.Vec, stop float64, faceAt geom.Vec, order uint8, target int) []engine.Action {
	u := &s.U[i]
	d := dest.Sub(u.Pos)
	l := d.Len() - stop
	if l < 0.25 {
		return buf
	}
	dir := d.Norm()
	allow := s.prof(i).Move + 1
	l = math.Min(l, allow)
	a := act(KindMove, i, target)
	a.Order = order
	for _, frac := range [...]float64{1, 0.75, 0.5, 0.25} {
		if s.towardLegal(&a, i, dir.Scale(l*frac), geom.Vec{}, faceAt) {
			return append(buf, a)
		}
	}
	// A unit in a line cannot turn on the spot: the corners of its base
	// swing into the friends beside it (R-PIVOT). It steps straight ahead
	// first, clear of them, and turns there. A unit that could turn was
	// stopped by something in its way, a friend most often in a crowd: it
	// goes round.
	if s.clearAt(baseAt(u.Pos, dir), s.typ(i), i) {
		return s.roundOrder(buf, &a, i, dir, dest, stop, faceAt)
	}
	for _, step := range [...]float64{1, 2} {
		if step > allow-0.5 {
			break
		}
		w := u.Pos.Add(u.Dir.Scale(step))
		d2 := dest.Sub(w)
		l2 := math.Min(d2.Len()-stop, allow-step)
		if l2 < 0.25 {
			continue
		}
		for _, frac := range [...]float64{1, 0.5} {
			leg := d2.Norm().Scale(l2 * frac)
			// Only a step that gets the unit nearer where it is going.
			if w.Add(leg).Dist(dest) > u.Pos.Dist(dest)-0.25 {
				continue
			}
			if s.towardLegal(&a, i, u.Dir.Scale(step), leg, faceAt) {
				return append(buf, a)
			}
		}
	}
	return buf
}

// roundOrder appends the move a of unit i towards dest (stopping stop
// short of it, ending facing faceAt) round whatever stopped it going
// straight along dir: a first leg to either side, half a right angle off
// dir or (for a friend right ahead) nearly square to it, the unit
// wheeling for free (R-PIVOT), then straight on. Only a way round that
// gains an inch on dest is offered.
func (s *State) roundOrder(buf []engine.Action, a *engine.Action, i int, dir, dest geom.Vec, stop float64, faceAt geom.Vec) []engine.Action {
	u := &s.U[i]
	move := s.prof(i).Move
	// A way round is offered only if it ends an inch nearer dest.
	within := u.Pos.Dist(dest) - 1
	for _, leg1 := range roundLegs {
		for _, sgn := range [...]float64{1, -1} {
			first := dir.Scale(leg1.X).Add(dir.Perp().Scale(sgn * leg1.Y))
			k := leg1.Len()
			w := u.Pos.Add(first)
			d2 := dest.Sub(w)
			l2 := math.Min(d2.Len()-stop, move-k)
			if l2 < 0.25 {
				continue
			}
			leg := d2.Norm().Scale(l2)
			if w.Add(leg).Dist(dest) > within {
				continue
			}
			if s.towardLegal(a, i, first, leg, faceAt) {
				return append(buf, *a)
			}
		}
	}
	return buf
}

// roundLegs are roundOrder's first legs, along and across the way ahead:
// 1.5" and 2.5" at 45 degrees, 1.5" at 80.
var roundLegs = [...]geom.Vec{{X: 1.0607, Y: 1.0607}, {X: 1.7678, Y: 1.7678}, {X: 0.2605, Y: 1.4772}}

// towardLegal sets a to the move of unit i by first, then second (if not
// zero), ending facing faceAt (or along its last leg if it ends there),
// and reports whether the move is legal and touches no enemy.
func (s *State) towardLegal(a *engine.Action, i int, first, second, faceAt geom.Vec) bool {
	u := &s.U[i]
	p := u.Pos.Add(first)
	a.Path = [engine.MaxPath]geom.Vec{}
	a.NPath, a.Path[0] = 1, p
	last := first
	if second.Len2() > 0 {
		a.Path[1] = p.Add(second)
		a.NPath, p, last = 2, a.Path[1], second
	}
	fd := faceAt.Sub(p).Norm()
	if fd.Len2() == 0 {
		fd = last.Norm()
	}
	a.Facing = geom.FacingOf(fd)
	_, ok := s.gridMove(i, a, true, -1)
	return ok
}

// shelterOrders appends HQ i's moves behind the two nearest friendly
// infantry units in reach, on their far side from the enemy nearest each,
// where no enemy cavalry could reach it next turn: "cavalry can pose a
// terrible threat to HQ units caught out in the open" ("Cavalry is best
// against disrupted units"), so an HQ may keep a battalion between it and
// the enemy rather than only back straight away (withdraw).
func (s *State) shelterOrders(buf []engine.Action, i int) []engine.Action {
	u := &s.U[i]
	side := s.side(i)
	reach := s.prof(i).Move + 1
	var near [2]int
	var nd [2]float64
	near[0], near[1] = -1, -1
	for j := 0; j < int(s.n); j++ {
		o := &s.U[j]
		if j == i || o.Loc != LocTable || s.side(j) != side || !s.typ(j).IsInfantry() {
			continue
		}
		d := o.Pos.Dist(u.Pos)
		if d > reach+1.5 {
			continue
		}
		switch {
		case near[0] < 0 || d < nd[0]:
			near[1], nd[1] = near[0], nd[0]
			near[0], nd[0] = j, d
		case near[1] < 0 || d < nd[1]:
			near[1], nd[1] = j, d
		}
	}
	for _, j := range near {
		if j < 0 {
			continue
		}
		o := &s.U[j]
		e, best := -1, math.MaxFloat64
		for k := 0; k < int(s.n); k++ {
			if s.U[k].Loc == LocTable && s.side(k) != side {
				if d := s.U[k].Pos.Dist(o.Pos); d < best {
					e, best = k, d
				}
			}
		}
		if e < 0 {
			continue
		}
		away := o.Pos.Sub(s.U[e].Pos).Norm()
		pos := o.Pos.Add(away.Scale(1.5))
		safe := true
		for k := 0; k < int(s.n) && safe; k++ {
			ok := &s.U[k]
			if ok.Loc == LocTable && s.side(k) != side && s.typ(k).IsCavalry() && ok.Stat < Pinned && ok.Pos.Dist(pos) <= s.prof(k).Move+1 {
				safe = false
			}
		}
		if !safe || pos.Dist(u.Pos) < 0.1 {
			continue
		}
		// Straight there, or from either side along the battalion's rear,
		// as it usually stands in the way.
		a := act(KindMove, i, j)
		a.Order, a.Facing = OrderHQShelter, geom.FacingOf(away.Scale(-1))
		side := away.Perp()
		for _, via := range [...]float64{0, 1.6, -1.6} {
			a.Path = [engine.MaxPath]geom.Vec{}
			if via == 0 {
				a.NPath, a.Path[0] = 1, pos
			} else {
				a.NPath, a.Path[0], a.Path[1] = 2, pos.Add(side.Scale(via)), pos
			}
			if _, ok := s.gridMove(i, &a, true, -1); ok {
				buf = append(buf, a)
				break
			}
		}
	}
	return buf
}

// toPoseOrder appends a move of unit i to exactly pos facing dir, if legal.
func (s *State) toPoseOrder(buf []engine.Action, i int, pos, dir geom.Vec, order uint8, target int) []engine.Action {
	if pos.Dist(s.U[i].Pos) > s.prof(i).Move+1 || pos.Dist(s.U[i].Pos) < 0.1 {
		return buf
	}
	a := act(KindMove, i, target)
	a.Order = order
	a.NPath, a.Path[0], a.Facing = 1, pos, geom.FacingOf(dir)
	if _, ok := s.gridMove(i, &a, true, -1); ok {
		buf = append(buf, a)
	}
	return buf
}

// exitOrder appends an exit of unit i whose base ends at centre c with its
// front on edge e, if it can reach it with 1" to spare.
func (s *State) exitOrder(buf []engine.Action, i int, c geom.Vec, e Edge) []engine.Action {
	u := &s.U[i]
	if c.Dist(u.Pos) > s.prof(i).Move {
		return buf
	}
	out := inward(e).Scale(-1)
	// The centre must sit 0.25" inside the edge for the front to line up.
	c = c.Sub(inward(e).Scale(c.Sub(s.sc.edgePoint(e, 0)).Dot(inward(e)) - 0.25))
	a := act(KindExit, i, NoUnit)
	a.Order, a.Arg = OrderExit, uint8(e)
	a.NPath, a.Path[0], a.Facing = 1, c, geom.FacingOf(out)
	onGrid(&a)
	res, ref := s.checkMove(i, a.Points(), geom.Heading(a.Facing))
	if ref != okMove || res.contact >= 0 || res.cost+1 > res.allow+1e-9 {
		return buf
	}
	side := int(s.side(i))
	if k := s.enemyPointAt(side, c.Add(out.Scale(0.25))); (k >= 0 && s.nextInQueue(1-side, k) >= 0) || (e == BaseEdge(side) && s.exitAllowed()) {
		buf = append(buf, a)
	}
	return buf
}

// nearestK returns up to k nearest units on the table to unit i: enemies
// when enemy is true, friends otherwise (-1 fills missing places).
func (s *State) nearestK(i, k int, enemy bool) [2]int {
	out := [2]int{-1, -1}
	dist := [2]float64{math.MaxFloat64, math.MaxFloat64}
	if k > 2 {
		k = 2
	}
	for j := 0; j < int(s.n); j++ {
		if j == i || s.U[j].Loc != LocTable || (s.side(j) != s.side(i)) != enemy {
			continue
		}
		d := s.U[j].Pos.Dist(s.U[i].Pos)
		for p := 0; p < k; p++ {
			if d < dist[p] {
				for q := k - 1; q > p; q-- {
					out[q], dist[q] = out[q-1], dist[q-1]
				}
				out[p], dist[p] = j, d
				break
			}
		}
	}
	return out
}

// nearestFeature is the index of the nearest terrain feature of kind k to
// p (by centroid), or -1.
func (s *State) nearestFeature(p geom.Vec, k TerrainKind) int {
	best, bd := -1, math.MaxFloat64
	for f := range s.sc.Terrain {
		ft := &s.sc.Terrain[f]
		if ft.Kind != k || len(ft.Points) < 3 {
			continue
		}
		if d := geom.PolygonCentroid(ft.Points).Dist(p); d < bd {
			best, bd = f, d
		}
	}
	return best
}
