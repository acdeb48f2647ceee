package drums

import (
	"math"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// gameSteps are the steps stepGame resumes at: its cases, and 3, the
// default's (the turns). DecodeState refuses a task at any other step
// (checkStack, stack.go): the rules never set one, and it may match no case
// and step for ever. A step added or renumbered below changes this set too.
var gameSteps = stepSet(0, 1, 2, 3)

// stepGame runs the Game Sequence: supply pool (2), scouting initiative
// (5), deployment (6), resilience levels (7), then turns (8).
func (s *State) stepGame(t *task) {
	switch t.step {
	case 0:
		for side := range 2 {
			s.Supply[side] = uint8(s.supplyPool(side))
		}
		t.step = 1
		s.push(task{kind: tScout})
	case 1:
		t.step = 2
		s.push(task{kind: tDeploy})
	case 2:
		t.step = 3
		s.push(task{kind: tLevels})
	default:
		s.push(task{kind: tTurn})
	}
}

// supplyPool is side's supply dice at the start (Quarter master, supply
// and logistics; Game Sequence 2): 2D6, +1D6 a general, and with the
// general-types variant +1 an exceptional and -1 an incompetent general
// (who is "not included in the supply calculation": ruling D-SUPPLY-INC,
// the incompetent general neither adds his die nor takes one more away).
//
// Ruling D-SUPPLY-INC (Quarter master; Staff Ability Types): an incompetent
// general adds no die and takes none away.
func (s *State) supplyPool(side int) int {
	n := 2
	for g := range s.st.ng {
		gs := &s.st.gens[g]
		if int(gs.Side) != side {
			continue
		}
		switch gs.Ability {
		case Exceptional:
			n += 2
		case Incompetent:
		default:
			n++
		}
	}
	return n
}

// generalDice counts side's dice of generals for scouting and turn
// initiative: 1D6 a general on the table, twice for an exceptional one,
// none for an incompetent one (Staff Ability Types; Turn Initiative 1-3).
func (s *State) generalDice(side int) int {
	n := 0
	for g := range s.st.ng {
		gs := &s.st.gens[g]
		if int(gs.Side) != side || !s.Gens[g].Alive {
			continue
		}
		switch gs.Ability {
		case Exceptional:
			n += 2
		case Incompetent:
		default:
			n++
		}
	}
	return n
}

// scoutDice is side's scouting pool (Scouting Initiative 1a-e): the
// generals' dice, +1D6 a cavalry unit and +1D6 an open formation unit
// (ruling D-SCOUT-OPEN: a unit that deploys in open formation, that is
// irregular foot and units with the OPEN doctrine).
//
// Ruling D-SCOUT-OPEN (Scouting Initiative 1c): an "open formation unit" is
// one that deploys in open.
func (s *State) scoutDice(side int) int {
	n := s.generalDice(side)
	for i := range s.st.nu {
		p := &s.st.units[i]
		if int(p.Side) != side {
			continue
		}
		if p.Type.IsCavalry() {
			n++
		}
		if deployFormation(&p.Profile) == Open {
			n++
		}
	}
	return max(n, 1)
}

// scoutSteps are the steps stepScout resumes at: its cases. DecodeState
// refuses a task at any other step (checkStack, stack.go): the rules never
// set one, and it may match no case and step for ever. A step added or
// renumbered below changes this set too.
var scoutSteps = stepSet(0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 15, 16)

// stepScout throws for scouting initiative: each side may add a supply
// die, both throw, the higher total is the attacker, a tie throws again
// with 1D6 each and no supply dice (Scouting Initiative 1-3).
//
// Ruling D-DEFENDER (Army Characteristics, Mapuche Indian): an army
// "automatically the defender" throws nothing; the other side attacks.
func (s *State) stepScout(t *task) {
	switch t.step {
	case 0, 1:
		side := int(t.step)
		if t.step == 0 {
			// An army that is "automatically the defender" (Mapuche)
			// throws nothing: the other side attacks (ruling D-DEFENDER).
			d0, d1 := s.st.sc.Forces[0].AlwaysDefender, s.st.sc.Forces[1].AlwaysDefender
			if d0 != d1 {
				s.Attacker = 0
				if d0 {
					s.Attacker = 1
				}
				s.pop()
				return
			}
		}
		t.step++
		if s.Supply[side] > 0 {
			t.x = int8(side)
			s.askFor(side, askSupply)
		}
	case 2, 3:
		side := int(t.step - 2)
		t.step += 10 // 12, 13: the dice arrive
		n := s.scoutDice(side)
		if t.sup&(1<<side) != 0 {
			n++
		}
		s.rollDice(engine.D(n, 6).Rolled(engine.Player(side)), rScout, uint8(side), 0)
	case 12, 13:
		side := int(t.step - 12)
		s.sc[side] = int16(s.sumDice())
		if t.sup&(1<<side) != 0 {
			s.Supply[side]--
		}
		t.step = t.step - 10 + 1 // 3, then 4
	case 4:
		if s.sc[0] == s.sc[1] {
			t.step = 5
			return
		}
		s.setAttacker(t)
	case 5, 6:
		side := int(t.step - 5)
		t.step += 10
		s.rollDice(engine.D(1, 6).Rolled(engine.Player(side)), rScoutTie, uint8(side), 0)
	case 15, 16:
		s.sc[t.step-15] = int16(s.sumDice())
		t.step = t.step - 10 + 1 // 6, then 7
	case 7:
		if s.sc[0] == s.sc[1] {
			t.step = 5
			return
		}
		s.setAttacker(t)
	}
}

func (s *State) setAttacker(t *task) {
	s.Attacker = 0
	if s.sc[1] > s.sc[0] {
		s.Attacker = 1
	}
	s.pop()
}

// sumDice is the total of the dice just thrown.
func (s *State) sumDice() int {
	n := 0
	for _, v := range s.dice.Values() {
		n += int(v)
	}
	return n
}

// Deployment slots: a command goes down in one of three frontages (left,
// centre, right) and one of three lines (front, second, rear) of its
// side's zone. A person at the table may place units anywhere in the
// zone; the slots are the orders a bot chooses from (ruling D-DEPLOY).
const (
	deployCols  = 3
	deployRows  = 3
	deploySlots = deployCols * deployRows
	// deployAt is a KDeploy's Arg for a command placed at a point a
	// person chose (Path[0]); bots use the slots.
	deployAt = deploySlots + 1
)

// DeployChoices counts a command's slot deployments: KDeploy's Arg runs
// from 0 to DeployChoices-1, the last "anywhere free", offered only when
// no slot takes the command (ruling D-DEPLOY).
const DeployChoices = deploySlots + 1

// deploySteps are the steps stepDeploy resumes at: 0 alone, as it counts the
// commands deployed in t.n and never sets a step. DecodeState refuses a task
// at any other step (checkStack, stack.go): the rules never set one, and it
// may match no case and step for ever. A step added or renumbered below
// changes this set too.
var deploySteps = stepSet(0)

// stepDeploy deploys command by command: the defender first with two
// commands, then one each in turn; the baggage camp goes down with a
// side's first command and the force commander with its last (Deploying
// forces).
func (s *State) stepDeploy(t *task) {
	def := 1 - int(s.Attacker)
	left := [2]int{}
	for side := range 2 {
		for c := range s.st.cmds[side] {
			if !s.Gens[s.st.genIndex(side, uint8(c))].Placed {
				left[side]++
			}
		}
	}
	if left[0] == 0 && left[1] == 0 {
		s.pop()
		return
	}
	// t.n counts commands deployed so far; the defender deploys the
	// first two, then the sides alternate starting with the attacker.
	side := def
	if t.n >= 2 && (t.n-2)%2 == 0 {
		side = 1 - def
	}
	if left[side] == 0 {
		side = 1 - side
	}
	t.x = int8(side)
	s.askFor(side, askDeploy)
}

// deployFormation is the formation a unit deploys in: open for irregular
// foot and OPEN units, the column of march for nothing, line otherwise
// (artillery deployed, cavalry formed). Players change formation in play.
func deployFormation(p *Profile) Formation {
	if p.Type == IrregularFoot || p.Doctrines.Has(DocOpen) {
		return Open
	}
	return Line
}

// slotPlacement lays command cmd of side out in slot: units side by side
// with 1BW gaps in lines 1BW apart, centred on the slot's frontage and
// starting at the slot's line. It writes the fronts into out (indexed by
// unit) and reports false if any unit would leave the zone or the table,
// overlap a unit or the camp already placed, or stand in impassable
// terrain.
func (s *State) slotPlacement(side int, cmd uint8, slot int, out *[MaxUnits]geom.Vec) bool {
	if slot == deploySlots {
		return s.freePlacement(side, cmd, out)
	}
	w := s.st.sc.Width
	y0, y1 := s.zone(side)
	col, row := slot%deployCols, slot/deployCols
	frontage := w / deployCols
	dir := 1.0 // from the zone's front towards its home edge
	front := y1 - 0.5
	if side == 1 {
		dir = -1
		front = y0 + 0.5
	}
	depthStep := (y1 - y0 - 1) / deployRows
	return s.placementAt(side, cmd, geom.V(frontage*(float64(col)+0.5), front-dir*depthStep*float64(row)), frontage, out)
}

// placementAt lays command cmd of side out as a slot does, its first line
// centred on at (the midpoint of the line's front edges) and at most
// frontage wide, with the same checks. A person's "deploy GENERAL at X,Y"
// uses it with the table's width (Deploying forces: units go anywhere in
// the zone).
func (s *State) placementAt(side int, cmd uint8, at geom.Vec, frontage float64, out *[MaxUnits]geom.Vec) bool {
	xc, lineY := at.X, at.Y
	face := homeFacing(side)
	dir := 1.0
	if side == 1 {
		dir = -1
	}
	// Lay the units out left to right as seen by the side, wrapping into
	// a new line when the frontage is full.
	first, last := -1, -1
	for i := range s.st.nu {
		if int(s.st.units[i].Side) == side && s.st.units[i].Cmd == cmd {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	x := 0.0
	lineDepth := 0.0
	var widths [MaxUnits]float64
	start := first
	y := lineY
	for i := first; i <= last+1; i++ {
		var wi, di float64
		if i <= last {
			p := &s.st.units[i].Profile
			wi, di = Size(p.Type, deployFormation(p), int(p.Bases))
			widths[i] = wi
		}
		if i > last || (x > 0 && x+wi > frontage-1) {
			// Place the line from start to i-1, centred on xc.
			off := xc - x/2 + 0.5
			for j := start; j < i; j++ {
				px := off + widths[j]/2
				if side == 1 {
					px = 2*xc - px
				}
				out[j] = geom.V(px, y)
				off += widths[j] + 1
			}
			if i > last {
				break
			}
			y -= dir * (lineDepth + 1)
			x, lineDepth, start = 0, 0, i
		}
		x += wi + 1
		lineDepth = max(lineDepth, di)
	}
	for i := first; i <= last; i++ {
		p := &s.st.units[i].Profile
		r := Footprint(p.Type, deployFormation(p), int(p.Bases), out[i], face)
		if !s.inZone(side, r) || s.blocked(r, -1) {
			return false
		}
		for j := first; j < i; j++ {
			q := &s.st.units[j].Profile
			if geom.Overlap(r, Footprint(q.Type, deployFormation(q), int(q.Bases), out[j], face), geom.Eps) {
				return false
			}
		}
	}
	return true
}

// freePlacement is the last slot, "anywhere free in the zone": each unit
// of the command in turn takes the first free spot, scanning the zone
// from its front line back and from the centre outwards in 0.5BW steps,
// so a command that fits no slot still deploys wherever the earlier ones
// left room (ruling D-DEPLOY: the document lets a player place units
// anywhere in the zone).
func (s *State) freePlacement(side int, cmd uint8, out *[MaxUnits]geom.Vec) bool {
	y0, y1 := s.zone(side)
	face := homeFacing(side)
	w := s.st.sc.Width
	var placed [MaxUnits]geom.Rect
	np := 0
	// What blocked would test, gathered once with boxes, and for each
	// line of spots only what reaches that line: a zone of a 200 BW table
	// is some 50,000 spots, each tested against every unit, camp and
	// impassable feature took seconds. The answers are blocked's.
	var all, line [maxObstacles]obstacle
	obs := s.obstacles(&all)
	for i := range s.st.nu {
		us := &s.st.units[i]
		if int(us.Side) != side || us.Cmd != cmd {
			continue
		}
		p := &us.Profile
		// The footprint at the origin, moved to each spot: the same
		// rect Footprint gives there, without its trigonometry per spot.
		at0 := Footprint(p.Type, deployFormation(p), int(p.Bases), geom.Vec{}, face)
		reach := at0.HW + at0.HD
		found := false
		for dy := 0.0; !found && dy <= y1-y0; dy += 0.5 {
			y := y1 - 0.25 - dy
			if side == 1 {
				y = y0 + 0.25 + dy
			}
			cy := y + at0.C.Y
			near := line[:0]
			for _, o := range obs {
				if cy+reach >= o.lo.Y-boxMargin && cy-reach <= o.hi.Y+boxMargin {
					near = append(near, o)
				}
			}
			for k := 0; !found && float64(k)*0.5 <= w; k++ {
				dx := float64((k+1)/2) * 0.5
				if k%2 == 1 {
					dx = -dx
				}
				pt := geom.V(w/2+dx, y)
				r := at0
				r.C = pt.Add(at0.C)
				if !s.inZone(side, r) || blockedBy(r, reach, near) || overlapsAny(r, placed[:np]) {
					continue
				}
				out[i], placed[np] = pt, r
				np++
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// maxObstacles bounds what can block a spot: every unit, both camps and
// every terrain feature.
const maxObstacles = MaxUnits + 2 + MaxFeatures

// obstacle is what blocked tests a rect against, with a box it lies
// within: a unit or camp (rect) or impassable terrain (poly).
type obstacle struct {
	lo, hi geom.Vec
	rect   geom.Rect
	poly   []geom.Vec
}

// obstacles gathers into buf what blocked(r, -1) tests r against: the
// placed units, the placed camps not lost and the impassable terrain.
func (s *State) obstacles(buf *[maxObstacles]obstacle) []obstacle {
	obs := buf[:0]
	for i := range s.st.nu {
		if !s.alive(i) {
			continue
		}
		u := &s.Units[i]
		w, d := Size(s.prof(i).Type, u.Form, max(s.Bases(i), 1))
		e := geom.V(w+d, w+d)
		obs = append(obs, obstacle{lo: u.Front.Sub(e), hi: u.Front.Add(e), rect: s.rect(i)})
	}
	for side := range 2 {
		if c := &s.Camp[side]; c.Placed && !c.Lost {
			e := geom.V(7, 7)
			obs = append(obs, obstacle{lo: c.Front.Sub(e), hi: c.Front.Add(e), rect: s.campRect(side)})
		}
	}
	for k := range s.st.sc.Terrain {
		if f := &s.st.sc.Terrain[k]; f.Kind == Impassable {
			obs = append(obs, obstacle{lo: s.st.boxes[k].lo, hi: s.st.boxes[k].hi, poly: f.Points})
		}
	}
	return obs
}

// blockedBy is blocked for r against obs, r lying within reach of its
// centre on each axis: obstacles whose boxes r cannot reach are passed
// over, the others tested exactly as blocked tests them.
func blockedBy(r geom.Rect, reach float64, obs []obstacle) bool {
	for k := range obs {
		o := &obs[k]
		if r.C.X+reach < o.lo.X-boxMargin || r.C.X-reach > o.hi.X+boxMargin ||
			r.C.Y+reach < o.lo.Y-boxMargin || r.C.Y-reach > o.hi.Y+boxMargin {
			continue
		}
		if o.poly != nil {
			if geom.RectPolygonOverlap(r, o.poly) {
				return true
			}
		} else if geom.Overlap(r, o.rect, geom.Eps) {
			return true
		}
	}
	return false
}

// overlapsAny reports whether r overlaps any of rects.
func overlapsAny(r geom.Rect, rects []geom.Rect) bool {
	for _, o := range rects {
		if geom.Overlap(r, o, geom.Eps) {
			return true
		}
	}
	return false
}

// inZone reports whether r lies on the table within side's zone.
func (s *State) inZone(side int, r geom.Rect) bool {
	// onTable's test and the zone's on one computation of the corners:
	// deployment asks this of every spot it scans.
	y0, y1 := s.zone(side)
	w, d := s.st.sc.Width, s.st.sc.Depth
	for _, c := range r.Corners() {
		if c.X < -geom.Eps || c.Y < -geom.Eps || c.X > w+geom.Eps || c.Y > d+geom.Eps || c.Y < y0-geom.Eps || c.Y > y1+geom.Eps {
			return false
		}
	}
	return true
}

// blocked reports whether r overlaps a placed unit other than skip, a
// placed baggage camp or impassable terrain.
//
// Units and impassable features too far from r to touch it are passed
// over before the exact tests: deployment calls this for every spot it
// scans, and on a 200 BW table with impassable terrain the exact tests
// alone made one generation of the legal deployments take seconds. The
// answer is the exact tests' in every case.
func (s *State) blocked(r geom.Rect, skip int) bool {
	// Every point of r lies within reach of its centre on each axis.
	reach := r.HW + r.HD
	for i := range s.st.nu {
		if i == skip || !s.alive(i) {
			continue
		}
		u := &s.Units[i]
		// Every point of unit i lies within its width and depth of the
		// middle of its front edge.
		w, d := Size(s.prof(i).Type, u.Form, max(s.Bases(i), 1))
		if apart(r.C, reach, u.Front, w+d) {
			continue
		}
		if geom.Overlap(r, s.rect(i), geom.Eps) {
			return true
		}
	}
	for side := range 2 {
		// A camp (campRect: 6 x 4 BW, its centre 2 BW behind its front)
		// lies within 7 BW of its front on each axis.
		if c := &s.Camp[side]; c.Placed && !c.Lost && !apart(r.C, reach, c.Front, 7) && geom.Overlap(r, s.campRect(side), geom.Eps) {
			return true
		}
	}
	for k := range s.st.sc.Terrain {
		f := &s.st.sc.Terrain[k]
		if f.Kind != Impassable {
			continue
		}
		if b := &s.st.boxes[k]; r.C.X+reach < b.lo.X-boxMargin || r.C.X-reach > b.hi.X+boxMargin ||
			r.C.Y+reach < b.lo.Y-boxMargin || r.C.Y-reach > b.hi.Y+boxMargin {
			continue
		}
		if geom.RectPolygonOverlap(r, f.Points) {
			return true
		}
	}
	return false
}

// boxMargin widens the distance tests that pass over far shapes, so
// that rounding never passes over a shape the exact test would find
// touching.
const boxMargin = 1e-6

// apart reports whether two shapes, each within its reach of a centre on
// both axes, are too far apart to touch.
func apart(a geom.Vec, ra float64, b geom.Vec, rb float64) bool {
	gap := ra + rb + boxMargin
	return math.Abs(a.X-b.X) > gap || math.Abs(a.Y-b.Y) > gap
}

// box is a feature's bounding box.
type box struct{ lo, hi geom.Vec }

// boundingBox is the smallest box holding pts.
func boundingBox(pts []geom.Vec) box {
	if len(pts) == 0 {
		return box{}
	}
	b := box{lo: pts[0], hi: pts[0]}
	for _, p := range pts[1:] {
		b.lo.X, b.lo.Y = min(b.lo.X, p.X), min(b.lo.Y, p.Y)
		b.hi.X, b.hi.Y = max(b.hi.X, p.X), max(b.hi.Y, p.Y)
	}
	return b
}

// deploy places side's command cmd in slot, with its general behind the
// centre of its first line, the baggage camp with the first command and
// the force commander with the last.
func (s *State) deploy(side int, a engine.Action) {
	cmd := a.Unit
	var pos [MaxUnits]geom.Vec
	if a.Arg == deployAt {
		s.placementAt(side, cmd, a.Path[0], s.st.sc.Width, &pos)
	} else {
		s.slotPlacement(side, cmd, int(a.Arg), &pos)
	}
	s.place(side, cmd, &pos)
}

// place puts side's command cmd down with its units' fronts at pos (as
// deploy lays them out).
func (s *State) place(side int, cmd uint8, pos *[MaxUnits]geom.Vec) {
	face := homeFacing(side)
	back := geom.Heading(face).Scale(-1)
	var sum geom.Vec
	n := 0.0
	for i := range s.st.nu {
		us := &s.st.units[i]
		if int(us.Side) != side || us.Cmd != cmd {
			continue
		}
		u := &s.Units[i]
		u.Front, u.Facing, u.Form = pos[i], face, deployFormation(&us.Profile)
		u.Placed = true
		sum = sum.Add(pos[i])
		n++
	}
	centre := sum.Scale(1 / n)
	g := s.st.genIndex(side, cmd)
	s.Gens[g].Pos, s.Gens[g].Placed = s.clampToZone(side, centre.Add(back.Scale(2))), true
	placed := 0
	for c := range s.st.cmds[side] {
		if s.Gens[s.st.genIndex(side, uint8(c))].Placed {
			placed++
		}
	}
	if placed == 1 {
		// The camp sits at the back of the zone behind the command.
		y0, y1 := s.zone(side)
		cy := y0 + 0.25
		if side == 1 {
			cy = y1 - 0.25
		}
		// The camp is checked against everything but itself (blocked
		// counts placed camps), so it is marked placed only once free.
		s.Camp[side] = Baggage{Front: geom.V(clamp(centre.X, 3.5, s.st.sc.Width-3.5), cy-back.Y*4), Facing: face}
		if s.blocked(s.campRect(side), -1) {
			s.placeCampFree(side)
		}
		s.Camp[side].Placed = true
	}
	if placed == s.st.cmds[side] {
		fc := s.st.firstGen[side]
		s.Gens[fc].Pos, s.Gens[fc].Placed = s.clampToZone(side, centre.Add(back.Scale(3))), true
	}
}

// placeCampFree finds the first free spot for side's camp in its zone
// (Deploying forces: "anywhere in the players deployment zone"), scanning
// along the back of the zone from the centre outwards, then a BW further
// forward at a time. With no free spot at all it stays where it was put.
func (s *State) placeCampFree(side int) {
	c := &s.Camp[side]
	w := s.st.sc.Width
	start := c.Front
	y0, y1 := s.zone(side)
	toward := 1.0 // from the home edge into the zone
	if side == 1 {
		toward = -1
	}
	for row := 0; float64(row)+4 <= y1-y0; row++ {
		for k := 0; k < 64; k++ {
			dx := float64((k+1)/2) * 1.5
			if k%2 == 1 {
				dx = -dx
			}
			if w/2+dx < 3.5 || w/2+dx > w-3.5 {
				continue
			}
			c.Front = geom.V(w/2+dx, start.Y+toward*float64(row))
			if s.inZone(side, s.campRect(side)) && !s.blocked(s.campRect(side), -1) {
				return
			}
		}
	}
	c.Front = start
}

// clampToZone keeps a general's point inside side's zone and the table.
func (s *State) clampToZone(side int, p geom.Vec) geom.Vec {
	y0, y1 := s.zone(side)
	return geom.V(clamp(p.X, 0.25, s.st.sc.Width-0.25), clamp(p.Y, y0+0.25, y1-0.25))
}

func clamp(v, lo, hi float64) float64 { return max(lo, min(hi, v)) }

// levelsSteps are the steps stepLevels resumes at: its cases (the 2 it sets
// after the second side's dice is popped at once, never resumed).
// DecodeState refuses a task at any other step (checkStack, stack.go): the
// rules never set one, and it may match no case and step for ever. A step
// added or renumbered below changes this set too.
var levelsSteps = stepSet(0, 1, 10, 11)

// stepLevels throws each unit's resilience level once both sides have
// deployed (Determining a unit's morale on the table; Game Sequence 7):
// each side throws 1D6 a unit, in the order of its units, against the
// army list's thresholds (ruling D-LEVEL).
//
// Ruling D-LEVEL (Determining a unit's morale on the table): the highest
// level whose threshold the 1D6 reaches; below every threshold, the lowest
// level the list offers.
func (s *State) stepLevels(t *task) {
	switch t.step {
	case 0, 1:
		side := int(t.step)
		t.step += 10
		n := s.st.sideUnits[side]
		s.rollDice(engine.D(n, 6).Rolled(engine.Player(side)), rLevels, uint8(side), 0)
	case 10, 11:
		side := int(t.step - 10)
		k := 0
		for i := range s.st.nu {
			if int(s.st.units[i].Side) != side {
				continue
			}
			lv := s.st.units[i].Thresholds.LevelFor(int(s.dice.V[k]))
			if lv == Unrolled {
				// A score below every threshold: the lowest level the
				// list offers (ruling D-LEVEL).
				for l, th := range s.st.units[i].Thresholds {
					if th != 0 {
						lv = Level(l + 1)
						break
					}
				}
			}
			s.Units[i].Level = lv
			k++
		}
		t.step = t.step - 10 + 1
		if t.step == 2 {
			s.pop()
		}
	}
}
