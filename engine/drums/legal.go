package drums

import (
	"fmt"
	"math"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
	"github.com/grognard/grognard/engine/tabletop"
)

// Legal appends the side to move's choices to buf.
func (s *State) Legal(buf []engine.Action) []engine.Action {
	if s.wait != waitDecision || s.result.Over {
		return buf
	}
	side := int(s.waitBy)
	switch s.ask {
	case askDeploy:
		for c := range s.st.cmds[side] {
			if s.Gens[s.st.genIndex(side, uint8(c))].Placed {
				continue
			}
			var pos [MaxUnits]geom.Vec
			n := len(buf)
			for slot := range deploySlots {
				if s.slotPlacement(side, uint8(c), slot, &pos) {
					buf = append(buf, engine.Action{Kind: KDeploy, Unit: uint8(c), Arg: uint8(slot)})
				}
			}
			// A command no slot takes goes anywhere free, so deployment
			// never stalls (ruling D-DEPLOY).
			if len(buf) == n && s.slotPlacement(side, uint8(c), deploySlots, &pos) {
				buf = append(buf, engine.Action{Kind: KDeploy, Unit: uint8(c), Arg: deploySlots})
			}
		}
	case askSupply:
		buf = append(buf, engine.Action{Kind: KSupply, Arg: 0}, engine.Action{Kind: KSupply, Arg: 1})
	case askFirst:
		buf = append(buf, engine.Action{Kind: KFirst, Arg: 0}, engine.Action{Kind: KFirst, Arg: 1})
	case askEvade:
		buf = append(buf, engine.Action{Kind: KEvade, Arg: 1}, engine.Action{Kind: KEvade, Arg: 0})
	case askOccupy:
		buf = append(buf, engine.Action{Kind: KOccupy, Arg: 1}, engine.Action{Kind: KOccupy, Arg: 0})
	case askRetireAdjust:
		buf = append(buf, engine.Action{Kind: KAdjust, Arg: 0}, engine.Action{Kind: KAdjust, Arg: 1}, engine.Action{Kind: KAdjust, Arg: 2})
	case askReply:
		buf = append(buf, engine.Action{Kind: KReply, Arg: 1}, engine.Action{Kind: KReply, Arg: 0})
	case askFace:
		buf = append(buf, engine.Action{Kind: KFace, Arg: 1}, engine.Action{Kind: KFace, Arg: 0})
	case askActivate:
		for i := range s.st.nu {
			if s.activatable(side, i) {
				buf = append(buf, engine.Action{Kind: KActivate, Unit: uint8(i)})
				if s.actionPoints(i) < 2 && s.supplyNear(i) {
					buf = append(buf, engine.Action{Kind: KActivate, Unit: uint8(i), Arg: 1})
				}
			}
		}
		for g := range s.st.ng {
			if s.genActivatable(side, g) {
				buf = append(buf, engine.Action{Kind: KActivateGeneral, Unit: uint8(g)})
			}
		}
	case askDeclare:
		buf = s.declarations(buf)
	}
	return buf
}

// declarations lists the orders for the running activation's next
// declared action: for a unit, moves towards the enemy, its objectives and
// its general, retiring, turns, formation changes, charges, shots,
// reloading, standing and passing; for a general, moves that keep his
// units in command.
func (s *State) declarations(buf []engine.Action) []engine.Action {
	t := s.activationTask()
	i := int(t.a)
	if i >= generalBase {
		return s.generalOrders(buf, i-generalBase)
	}
	u := &s.Units[i]
	first := s.ndecl == 0
	var prev *engine.Action
	if !first {
		prev = &s.decl[s.ndecl-1]
	}
	if u.Flags&fHeld != 0 && first {
		// Must charge after a failed hold test (Hold Test).
		for j := range s.st.nu {
			if s.canCharge(i, j, false) {
				buf = append(buf, engine.Action{Kind: KCharge, Unit: uint8(i), Target: uint8(j)})
			}
		}
		for side := range 2 {
			if s.canCharge(i, campTarget+side, false) {
				buf = append(buf, engine.Action{Kind: KCharge, Unit: uint8(i), Target: uint8(campTarget + side)})
			}
		}
		return buf
	}
	form := u.Form
	if prev != nil && prev.Kind == KReform {
		form = Formation(prev.Arg)
	}
	moved := prev != nil && (prev.Kind == KAdvance || prev.Kind == KRetire || prev.Kind == KTurn || prev.Kind == KReform)
	canMove := form != Square && u.Flags&fInterpen == 0
	if canMove && !(prev != nil && prev.Kind == KRetire) {
		buf = s.advanceOrders(buf, i, prev)
	}
	if canMove && !(prev != nil && prev.Kind == KAdvance) {
		buf = append(buf, engine.Action{Kind: KRetire, Unit: uint8(i)})
	}
	if first {
		for turn := TurnLeft; turn <= TurnAbout; turn++ {
			if _, _, ok := s.turnResult(i, turn); ok {
				buf = append(buf, engine.Action{Kind: KTurn, Unit: uint8(i), Arg: uint8(turn)})
			}
		}
		for f := Open; f < numFormations; f++ {
			for an := AnchorCentre; an <= AnchorRight; an++ {
				// Each static base that gives a position of its own
				// (ruling D-ANCHOR).
				if !s.anchorOffered(i, form, f, an) {
					continue
				}
				if _, _, ok := s.reformResult(i, f, an); ok {
					buf = append(buf, engine.Action{Kind: KReform, Unit: uint8(i), Arg: uint8(f), Target: uint8(an)})
				}
			}
		}
	} else {
		// A second turn or formation change ("advance, then form
		// square") is declared before the first action moves the unit,
		// so it is listed whenever the type allows it and checked for
		// room when carried out ("The actions declared must be completed
		// if it is legal to do so").
		if form != Square {
			for turn := TurnLeft; turn <= TurnAbout; turn++ {
				buf = append(buf, engine.Action{Kind: KTurn, Unit: uint8(i), Arg: uint8(turn)})
			}
		}
		for f := Open; f < numFormations; f++ {
			if !s.secondReformOK(i, form, f) {
				continue
			}
			for an := AnchorCentre; an <= AnchorRight; an++ {
				if s.anchorOffered(i, form, f, an) {
					buf = append(buf, engine.Action{Kind: KReform, Unit: uint8(i), Arg: uint8(f), Target: uint8(an)})
				}
			}
		}
	}
	sup := s.supplyNear(i)
	// Ruling D-CHARGE-SECOND (Actions; Charge 1): every action is declared
	// before the first is carried out, and a charge may be declared only
	// on a target a maximum throw reaches, judged where the unit stands;
	// so a charge is the second action only after one that leaves the
	// unit where it is (a shot, a reload, a stand).
	for j := range s.st.nu {
		if !s.alive(j) || s.Units[j].Side == u.Side {
			continue
		}
		if first && s.canCharge(i, j, false) || !first && !moved && prev.Kind != KCharge && s.canCharge(i, j, false) {
			buf = append(buf, engine.Action{Kind: KCharge, Unit: uint8(i), Target: uint8(j)})
			if sup {
				buf = append(buf, engine.Action{Kind: KCharge, Unit: uint8(i), Target: uint8(j), Arg: 1})
			}
		}
		shootable := first && s.canShoot(i, j, false) ||
			!first && s.mayShootLater(i, j, prev)
		if shootable {
			buf = append(buf, engine.Action{Kind: KShoot, Unit: uint8(i), Target: uint8(j)})
			if sup && first {
				buf = append(buf, engine.Action{Kind: KShoot, Unit: uint8(i), Target: uint8(j), Arg: 1})
			}
		}
	}
	for side := range 2 {
		if first && s.canCharge(i, campTarget+side, false) {
			buf = append(buf, engine.Action{Kind: KCharge, Unit: uint8(i), Target: uint8(campTarget + side)})
		}
	}
	if s.weaponOf(i) != NoWeapon && (u.Flags&fLoaded == 0 || prev != nil && prev.Kind == KShoot) && u.Flags&fNoReload == 0 {
		buf = append(buf, engine.Action{Kind: KReload, Unit: uint8(i)})
	}
	buf = append(buf, engine.Action{Kind: KStand, Unit: uint8(i)}, engine.Action{Kind: KPass, Unit: uint8(i)})
	return buf
}

// secondReformOK reports whether unit i, in formation form once its first
// action is done, may declare a change to f as its second action.
func (s *State) secondReformOK(i int, form, f Formation) bool {
	p := s.prof(i)
	return f != form && f > NoFormation && f < numFormations && FormationAllowed(p.Type, p.Doctrines, f) && !(s.st.noSquare[s.Units[i].Side] && f == Square)
}

// mayShootLater reports whether a second declared action may shoot at j:
// after a reload, at a target the unit could shoot if loaded; after a
// move, at a target within its long range plus the move's reach; and a
// second shot at the same target as the first.
func (s *State) mayShootLater(i, j int, prev *engine.Action) bool {
	u := &s.Units[i]
	w := s.weaponOf(i)
	if prev.Kind == KReform {
		if f := Formation(prev.Arg); f != u.Form {
			w = s.weaponIn(i, f)
		}
	}
	if w == NoWeapon {
		return false
	}
	switch prev.Kind {
	case KReload:
		saved := u.Flags
		u.Flags |= fLoaded
		ok := s.canShoot(i, j, false)
		u.Flags = saved
		return ok
	case KShoot:
		return false // must reload first
	case KAdvance, KRetire, KTurn, KReform:
		if u.Flags&fLoaded == 0 {
			return false
		}
		return Range(s.rect(i), s.rect(j)) <= maxRange(w)+reachOf(s.prof(i).Type, u.Form)
	}
	return false
}

// weaponIn is unit i's weapon were it in formation f.
func (s *State) weaponIn(i int, f Formation) Weapon {
	u := &s.Units[i]
	saved := u.Form
	u.Form = f
	w := s.weaponOf(i)
	u.Form = saved
	return w
}

// reachOf is the most a unit may move in one advance in open ground.
func reachOf(t Type, f Formation) float64 {
	fixed, dice, sides, _ := MoveDistance(t, f, MoveNormal)
	return float64(fixed + dice*sides + 1)
}

// advanceOrders lists advances: towards each enemy unit, stopping at the
// unit's short range or in contact range; towards the enemy camp and each
// objective; towards its own general when out of command; and straight
// ahead. A second advance after a first goes on to the same point
// ("I am going to use both action points to advance, until I reach...").
func (s *State) advanceOrders(buf []engine.Action, i int, prev *engine.Action) []engine.Action {
	u := &s.Units[i]
	if prev != nil && prev.Kind == KAdvance {
		return append(buf, *prev)
	}
	add := func(p geom.Vec) {
		p.X = clamp(p.X, 0.5, s.st.sc.Width-0.5)
		p.Y = clamp(p.Y, 0.5, s.st.sc.Depth-0.5)
		p = tabletop.SnapPoint(p) // on the grid (D-GRID), still on the table
		if p.Dist(u.Front) < 0.5 {
			return
		}
		buf = append(buf, engine.Action{Kind: KAdvance, Unit: uint8(i), NPath: 1, Path: [engine.MaxPath]geom.Vec{p}})
	}
	// The three nearest enemies.
	var near [3]int
	var nd [3]float64
	for k := range near {
		near[k], nd[k] = -1, math.Inf(1)
	}
	for j := range s.st.nu {
		if !s.alive(j) || s.Units[j].Side == u.Side {
			continue
		}
		d := s.Units[j].Front.Dist(u.Front)
		for k := range near {
			if d < nd[k] {
				copy(near[k+1:], near[k:len(near)-1])
				copy(nd[k+1:], nd[k:len(nd)-1])
				near[k], nd[k] = j, d
				break
			}
		}
	}
	short := shortRange(s.weaponOf(i))
	for _, j := range near {
		if j < 0 {
			continue
		}
		tr := s.rect(j)
		aim := nearestPoint(tr, u.Front)
		dir := aim.Sub(u.Front)
		dist := dir.Len()
		if dist < 1e-9 {
			continue
		}
		dir = dir.Scale(1 / dist)
		if short > 0 && dist > short {
			add(u.Front.Add(dir.Scale(dist - short + 0.1)))
		}
		if dist > enemyGap+0.2 {
			add(u.Front.Add(dir.Scale(dist - enemyGap - 0.1)))
		}
	}
	enemy := 1 - int(u.Side)
	if s.Camp[enemy].Placed && !s.Camp[enemy].Lost {
		add(s.campRect(enemy).C)
	}
	for _, h := range s.st.sc.Objective.Hold {
		add(h.Centre)
	}
	if g := s.st.genIndex(int(u.Side), u.Cmd); s.Gens[g].Alive && s.actionPoints(i) < 2 {
		add(s.Gens[g].Pos)
	}
	add(u.Front.Add(geom.Heading(u.Facing).Scale(6)))
	return buf
}

// shortRange is a weapon's short range (Shooting Table 1), 0 for none.
func shortRange(w Weapon) float64 {
	if w >= numWeapons {
		return 0
	}
	return shootTable[w].short
}

// generalOrders lists a general's moves: to the centre of his command's
// units, to the unit of it farthest from him, to the force commander's
// units' centre for the force commander; and passing.
func (s *State) generalOrders(buf []engine.Action, g int) []engine.Action {
	gs := &s.st.gens[g]
	pos := s.Gens[g].Pos
	var sum geom.Vec
	n := 0.0
	far, fd := -1, 0.0
	for i := range s.st.nu {
		if !s.alive(i) || s.Units[i].Side != gs.Side || (gs.Cmd != NoCommand && s.Units[i].Cmd != gs.Cmd) {
			continue
		}
		c := s.rect(i).C
		sum = sum.Add(c)
		n++
		if d := c.Dist(pos); d > fd {
			far, fd = i, d
		}
	}
	add := func(p geom.Vec) {
		// Up to 10BW towards p, backed off until the move is allowed. On
		// the grid (D-GRID) a point moves up to 0.007BW: the longest move
		// aims 9.99BW, so that its point stays within the 10.
		d := p.Sub(pos)
		if l := d.Len(); l > 9.99 {
			d = d.Scale(9.99 / l)
		}
		for range 4 {
			to := tabletop.SnapPoint(pos.Add(d))
			if d.Len() < 0.25 {
				return
			}
			if s.generalMoveOK(g, to) {
				buf = append(buf, engine.Action{Kind: KGeneralMove, Unit: uint8(g), NPath: 1, Path: [engine.MaxPath]geom.Vec{to}})
				return
			}
			d = d.Scale(0.5)
		}
	}
	if n > 0 {
		// Stand 2BW behind the centre of his units.
		back := geom.Heading(homeFacing(int(gs.Side))).Scale(-2)
		add(sum.Scale(1 / n).Add(back))
		if far >= 0 {
			add(s.rect(far).C.Add(back))
		}
	}
	return append(buf, engine.Action{Kind: KPass, Unit: uint8(g), Target: 1})
}

// activationTask is the running activation's task.
func (s *State) activationTask() *task {
	for k := int(s.ntasks) - 1; k >= 0; k-- {
		if s.tasks[k].kind == tActivation {
			return &s.tasks[k]
		}
	}
	return &s.tasks[0]
}

// Apply plays one decision of the side to move.
func (s *State) Apply(a engine.Action) error {
	if s.ask == askDeploy && s.wait == waitDecision && !s.result.Over && a.Kind == KDeploy && a.Arg < deployAt &&
		a == (engine.Action{Kind: a.Kind, Unit: a.Unit, Target: a.Target, Arg: a.Arg}) {
		// A slot deployment is laid out once, to check it and to put
		// it down: on a large table crowded with impassable ground a
		// command's layout can scan its whole zone.
		side := int(s.waitBy)
		var pos [MaxUnits]geom.Vec
		if !s.deployOK(side, a, &pos) {
			return fmt.Errorf("%w: %s is not one of the choices now (%s)", engine.ErrIllegal, s.DescribeAction(a), s.waitingFor())
		}
		s.wait = waitNothing
		s.nlost = 0
		s.top().n++
		s.place(side, a.Unit, &pos)
		return s.run()
	}
	if err := s.check(a); err != nil {
		return fmt.Errorf("%w: %s", engine.ErrIllegal, err)
	}
	s.nlost = 0 // the report is of this step alone
	s.apply(a)
	return s.run()
}

// check refuses an action that is not the side to move's to make now.
func (s *State) check(a engine.Action) error {
	if s.result.Over {
		return fmt.Errorf("the battle is over")
	}
	if s.wait != waitDecision {
		return fmt.Errorf("no decision is due: %s", s.waitingFor())
	}
	if s.ask == askDeploy && a.Kind == KDeploy && a.Arg == deployAt {
		return s.checkDeployAt(a)
	}
	if s.ask == askDeclare && (a.Kind == KAdvance || a.Kind == KGeneralMove) {
		// Every listed move is also a free move the table allows, so
		// the free-move check alone decides.
		return s.checkFreeMove(a)
	}
	if ok, decided := s.quickCheck(a); decided {
		if ok {
			return nil
		}
		return fmt.Errorf("%s is not one of the choices now (%s)", s.DescribeAction(a), s.waitingFor())
	}
	var buf [512]engine.Action
	for _, b := range s.Legal(buf[:0]) {
		if b == a {
			return nil
		}
	}
	return fmt.Errorf("%s is not one of the choices now (%s)", s.DescribeAction(a), s.waitingFor())
}

// checkDeployAt checks a person's "deploy GENERAL at X,Y": a command of
// the side to deploy, not yet placed, laid out at the point within the
// zone, clear of what is already there.
func (s *State) checkDeployAt(a engine.Action) error {
	side := int(s.waitBy)
	p := a.Path[0]
	if a.NPath != 1 || a.Target != 0 || !finite(p.X) || !finite(p.Y) || a.Facing != 0 || a.Path[1] != (geom.Vec{}) || a.Path[2] != (geom.Vec{}) {
		return fmt.Errorf("a deployment at a point names one point")
	}
	if int(a.Unit) >= int(s.st.cmds[side]) || s.Gens[s.st.genIndex(side, a.Unit)].Placed {
		return fmt.Errorf("that command is not one %s has still to deploy", s.sideName(side))
	}
	var pos [MaxUnits]geom.Vec
	if !s.placementAt(side, a.Unit, a.Path[0], s.st.sc.Width, &pos) {
		y0, y1 := s.zone(side)
		return fmt.Errorf("the command does not fit with its first line's front centred at %s: every unit must be inside %s's deployment zone (y %s to %s), off impassable ground, clear of units and camps already placed", fpoint(p), s.sideName(side), fnum(y0), fnum(y1))
	}
	return nil
}

// quickCheck decides an action for the decisions whose choices are cheap
// to test directly, with the answer Legal would give: everything but a
// deployment and a declaration, which fall back to the listed choices
// (decided false). Apply is on every playout's path, and listing every
// activation to accept one costs a pass over the units per candidate.
func (s *State) quickCheck(a engine.Action) (ok, decided bool) {
	plain := engine.Action{Kind: a.Kind, Unit: a.Unit, Target: a.Target, Arg: a.Arg}
	if a != plain {
		// Only moves carry a path, and they are checked before this.
		return false, s.ask != askDeploy
	}
	side := int(s.waitBy)
	two := a.Unit == 0 && a.Target == 0 && a.Arg <= 1
	switch s.ask {
	case askDeploy:
		var pos [MaxUnits]geom.Vec
		return s.deployOK(side, a, &pos), true
	case askDeclare:
		return s.declOK(a)
	case askSupply:
		return a.Kind == KSupply && two, true
	case askFirst:
		return a.Kind == KFirst && two, true
	case askEvade:
		return a.Kind == KEvade && two, true
	case askOccupy:
		return a.Kind == KOccupy && two, true
	case askRetireAdjust:
		return a.Kind == KAdjust && a.Unit == 0 && a.Target == 0 && a.Arg <= 2, true
	case askReply:
		return a.Kind == KReply && two, true
	case askFace:
		return a.Kind == KFace && two, true
	case askActivate:
		if a.Target != 0 {
			return false, true
		}
		switch a.Kind {
		case KActivate:
			i := int(a.Unit)
			if i >= s.st.nu || !s.activatable(side, i) {
				return false, true
			}
			return a.Arg == 0 || a.Arg == 1 && s.actionPoints(i) < 2 && s.supplyNear(i), true
		case KActivateGeneral:
			return a.Arg == 0 && int(a.Unit) < s.st.ng && s.genActivatable(side, int(a.Unit)), true
		}
		return false, true
	}
	return false, false
}

// deployOK decides a slot deployment exactly as Legal lists them,
// laying out only the command named rather than every command left
// (Apply checks each deployment, and on a large table crowded with
// impassable ground one command's layouts can take milliseconds). The
// layout is left in pos.
func (s *State) deployOK(side int, a engine.Action, pos *[MaxUnits]geom.Vec) bool {
	c := a.Unit
	if a.Kind != KDeploy || a.Target != 0 || int(c) >= s.st.cmds[side] || a.Arg > deploySlots || s.Gens[s.st.genIndex(side, c)].Placed {
		return false
	}
	if a.Arg < deploySlots {
		return s.slotPlacement(side, c, int(a.Arg), pos)
	}
	// Anywhere free is offered only to a command no slot takes.
	for slot := range deploySlots {
		if s.slotPlacement(side, c, slot, pos) {
			return false
		}
	}
	return s.slotPlacement(side, c, deploySlots, pos)
}

// declOK decides a declaration other than a move exactly as declarations
// lists them (decided false for a general's orders, which fall back).
func (s *State) declOK(a engine.Action) (ok, decided bool) {
	t := s.activationTask()
	i := int(t.a)
	if i >= generalBase {
		return false, false
	}
	if int(a.Unit) != i {
		return false, true
	}
	u := &s.Units[i]
	first := s.ndecl == 0
	var prev *engine.Action
	if !first {
		prev = &s.decl[s.ndecl-1]
	}
	if u.Flags&fHeld != 0 && first {
		return a.Kind == KCharge && a.Arg == 0 && s.canCharge(i, int(a.Target), false), true
	}
	form := u.Form
	if prev != nil && prev.Kind == KReform {
		form = Formation(prev.Arg)
	}
	moved := prev != nil && (prev.Kind == KAdvance || prev.Kind == KRetire || prev.Kind == KTurn || prev.Kind == KReform)
	canMove := form != Square && u.Flags&fInterpen == 0
	enemy := func(j int) bool { return j < s.st.nu && s.alive(j) && s.Units[j].Side != u.Side }
	switch a.Kind {
	case KRetire:
		return a.Target == 0 && a.Arg == 0 && canMove && !(prev != nil && prev.Kind == KAdvance), true
	case KTurn:
		if a.Target != 0 {
			return false, true
		}
		if !first {
			return form != Square && Turn(a.Arg) <= TurnAbout, true
		}
		_, _, ok := s.turnResult(i, Turn(a.Arg))
		return ok, true
	case KReform:
		if a.Arg < uint8(Open) || a.Arg >= uint8(numFormations) || !s.anchorOffered(i, form, Formation(a.Arg), Anchor(a.Target)) {
			return false, true
		}
		if !first {
			return s.secondReformOK(i, form, Formation(a.Arg)), true
		}
		_, _, ok := s.reformResult(i, Formation(a.Arg), Anchor(a.Target))
		return ok, true
	case KCharge:
		if a.Arg > 1 || a.Arg == 1 && !s.supplyNear(i) {
			return false, true
		}
		j := int(a.Target)
		if _, camp := isCamp(j); camp {
			return a.Arg == 0 && first && s.canCharge(i, j, false), true
		}
		if !enemy(j) {
			return false, true
		}
		return (first || !moved && prev.Kind != KCharge) && s.canCharge(i, j, false), true
	case KShoot:
		if a.Arg > 1 || a.Arg == 1 && !(first && s.supplyNear(i)) {
			return false, true
		}
		j := int(a.Target)
		if !enemy(j) {
			return false, true
		}
		return first && s.canShoot(i, j, false) || !first && s.mayShootLater(i, j, prev), true
	case KReload:
		return a.Target == 0 && a.Arg == 0 && s.weaponOf(i) != NoWeapon && (u.Flags&fLoaded == 0 || prev != nil && prev.Kind == KShoot) && u.Flags&fNoReload == 0, true
	case KStand, KPass:
		return a.Target == 0 && a.Arg == 0, true
	}
	return false, true
}

// checkFreeMove validates a move a person typed: an advance towards any
// point on the table, a general's move anywhere he may go.
func (s *State) checkFreeMove(a engine.Action) error {
	t := s.activationTask()
	i := int(t.a)
	if a.NPath != 1 || !finite(a.Path[0].X) || !finite(a.Path[0].Y) || a.Facing != 0 || a.Target != 0 || a.Order != 0 {
		return fmt.Errorf("a move names one point and nothing else")
	}
	p := a.Path[0]
	if p.X < 0 || p.Y < 0 || p.X > s.st.sc.Width || p.Y > s.st.sc.Depth {
		return fmt.Errorf("%.1f,%.1f is off the table (%gx%g BW)", p.X, p.Y, s.st.sc.Width, s.st.sc.Depth)
	}
	if a.Kind == KGeneralMove {
		if a.Arg != 0 {
			return fmt.Errorf("a general's move takes no supply die")
		}
		if i < generalBase || int(a.Unit) != i-generalBase {
			return fmt.Errorf("only the activated general may move")
		}
		if !s.generalMoveOK(i-generalBase, p) {
			return fmt.Errorf("a general moves up to 10BW and never within 2BW of the enemy unless screened (Moving generals)")
		}
		return nil
	}
	if i >= generalBase || int(a.Unit) != i {
		return fmt.Errorf("only the activated unit may move")
	}
	u := &s.Units[i]
	form := u.Form
	if s.ndecl > 0 && s.decl[s.ndecl-1].Kind == KReform {
		form = Formation(s.decl[s.ndecl-1].Arg) // the formation declared first
	}
	if form == Square || u.Flags&fInterpen != 0 || a.Arg > 1 || a.Arg == 1 && !s.supplyNear(i) {
		return fmt.Errorf("%s cannot advance now", s.st.units[i].Label)
	}
	if u.Flags&fHeld != 0 && s.ndecl == 0 {
		return fmt.Errorf("%s failed its hold test and must charge (Hold Test)", s.st.units[i].Label)
	}
	if s.ndecl > 0 && s.decl[s.ndecl-1].Kind == KRetire {
		return fmt.Errorf("a unit cannot advance after retiring in the same activation")
	}
	return nil
}

// apply records a checked decision and resumes the rules.
func (s *State) apply(a engine.Action) {
	s.wait = waitNothing
	t := s.top()
	switch a.Kind {
	case KDeploy:
		t.n++
		s.deploy(int(s.waitBy), a)
	case KSupply:
		if a.Arg == 1 {
			t.sup |= 1 << uint(s.waitBy)
		}
	case KFirst:
		s.Active = s.Initiative
		if a.Arg == 1 {
			s.Active = 1 - s.Initiative
		}
	case KActivate:
		s.CurUnit = a.Unit
		s.push(task{kind: tActivation, a: a.Unit, y: a.Arg})
		s.Units[a.Unit].Flags |= fActivated
	case KActivateGeneral:
		s.CurUnit = generalBase + a.Unit
		s.push(task{kind: tActivation, a: generalBase + a.Unit})
	case KEvade:
		if a.Arg == 1 {
			t.y |= cfEvade
		}
	case KReply:
		if a.Arg == 1 {
			t.y |= cfReply
		}
	case KOccupy, KAdjust, KFace:
		t.y = a.Arg
	default:
		s.decl[s.ndecl] = a
		s.ndecl++
	}
}

// waitingFor says what the state waits for, for error messages.
func (s *State) waitingFor() string {
	switch {
	case s.result.Over:
		return "the battle is over"
	case s.wait == waitDice:
		return "waiting for dice: " + s.DescribeRoll()
	case s.wait == waitDecision:
		return fmt.Sprintf("%s to %s", s.sideName(int(s.waitBy)), askNames[s.ask])
	}
	return "nothing"
}

var askNames = [...]string{
	askNone:         "do nothing",
	askDeploy:       "deploy a command",
	askSupply:       "decide whether to add a supply die",
	askFirst:        "decide who activates first",
	askActivate:     "choose a unit or general to activate",
	askDeclare:      "declare the activation's next action",
	askEvade:        "decide whether the charged unit evades",
	askOccupy:       "decide whether to occupy the broken unit's space",
	askRetireAdjust: "decide whether a supply die adjusts the forced retire",
	askReply:        "decide whether the charged unit shoots at the chargers",
	askFace:         "decide whether the retiring unit turns to face the enemy behind it",
}

// ApplyDice resolves the pending roll.
func (s *State) ApplyDice(d engine.Dice) error {
	if s.wait != waitDice || s.result.Over {
		return fmt.Errorf("%w: no dice are due (%s)", engine.ErrIllegal, s.waitingFor())
	}
	if err := d.Check(s.roll); err != nil {
		return fmt.Errorf("%w: %s: %v", engine.ErrIllegal, s.DescribeRoll(), err)
	}
	s.dice = d
	s.wait = waitNothing
	s.nlost = 0 // the report is of this step alone
	return s.run()
}
