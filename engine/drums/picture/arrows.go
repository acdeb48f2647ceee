package picture

import (
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/drums"
	"github.com/grognard/grognard/engine/geom"
	"github.com/grognard/grognard/engine/tabletop/svg"
)

// The kinds of Arrow, one for each way an action shows on the table.
const (
	ArrowAdvance  = "advance"  // a movement action to its point
	ArrowRetire   = "retire"   // straight back
	ArrowCharge   = "charge"   // to the charged unit or camp
	ArrowShoot    = "shoot"    // to the target
	ArrowGeneral  = "general"  // a general's move
	ArrowTurn     = "turn"     // a change of facing, with the new footprint
	ArrowReform   = "reform"   // a change of formation, with the new footprint
	ArrowDeploy   = "deploy"   // a command's deployment, with its footprints
	ArrowActivate = "activate" // a ring round the unit or general activated
	ArrowMark     = "mark"     // a word by the unit: reload, stand, pass
)

// arrowKinds lists the kinds in the order their arrowheads are defined.
var arrowKinds = [...]string{ArrowAdvance, ArrowRetire, ArrowCharge, ArrowShoot, ArrowGeneral, ArrowTurn, ArrowReform, ArrowDeploy, ArrowActivate, ArrowMark}

// arrowColour is the colour of a kind of arrow.
func arrowColour(kind string) string {
	switch kind {
	case ArrowAdvance, ArrowDeploy, ArrowActivate:
		return "#1e8449"
	case ArrowRetire:
		return "#5d6d7e"
	case ArrowCharge:
		return "#7d3c98"
	case ArrowShoot:
		return "#d35400"
	case ArrowGeneral:
		return "#b7950b"
	case ArrowTurn, ArrowReform:
		return "#2471a3"
	}
	return "#111111"
}

// Arrow is one action drawn on the picture: the shared renderer's arrow
// (a line through Points, Ghosts where it puts units, a ring of Radius
// round Points[0] for an activation, or a Word by Points[0] for reload,
// stand and pass), its Kind one of the Arrow* kinds.
type Arrow = svg.Arrow

// ActionArrow is the arrow that shows action a, played in position st, or
// false for an action with nothing to draw on the table (a supply die, who
// goes first, an evade or occupy answer, a retire adjustment) or one that
// names no piece on the table.
func ActionArrow(st *drums.State, a engine.Action, label string) (Arrow, bool) {
	if st == nil || st.Scenario() == nil {
		return Arrow{}, false
	}
	ar := Arrow{Label: label, Title: st.DescribeAction(a)}
	u := int(a.Unit)
	var v drums.UnitView
	unitOn := false
	if u < st.NumUnits() {
		v = st.Unit(u)
		unitOn = v.OnTable
	}
	fp := v.Footprint
	switch a.Kind {
	case drums.KDeploy:
		return deployArrow(st, a, ar)
	case drums.KActivate:
		if !unitOn {
			return ar, false
		}
		ar.Kind, ar.Points, ar.Radius = ArrowActivate, []geom.Vec{fp.C}, max(fp.HW, fp.HD)+0.5
	case drums.KActivateGeneral:
		g, ok := generalOn(st, u)
		if !ok {
			return ar, false
		}
		ar.Kind, ar.Points, ar.Radius = ArrowActivate, []geom.Vec{g.Pos}, 0.8
	case drums.KAdvance:
		if !unitOn || a.NPath == 0 {
			return ar, false
		}
		ar.Kind, ar.Points = ArrowAdvance, []geom.Vec{v.Front, a.Path[0]}
	case drums.KRetire:
		if !unitOn {
			return ar, false
		}
		ar.Kind, ar.Points = ArrowRetire, retirePath(st, &v, a)
	case drums.KTurn:
		if !unitOn || a.Arg > uint8(drums.TurnAbout) {
			return ar, false
		}
		front, facing := drums.TurnTo(v.Profile.Type, v.Formation, max(v.Bases, 1), v.Front, v.Facing, drums.Turn(a.Arg))
		g := drums.Footprint(v.Profile.Type, v.Formation, max(v.Bases, 1), front, facing)
		ar.Kind, ar.Ghosts = ArrowTurn, []geom.Rect{g}
		ar.Points = []geom.Vec{fp.C, front.Add(geom.Heading(facing).Scale(0.8))}
	case drums.KReform:
		to := drums.Formation(a.Arg)
		if !unitOn || to == drums.NoFormation || to > drums.Square || a.Target > uint8(drums.AnchorRight) {
			return ar, false
		}
		front, facing := drums.Reform(v.Profile.Type, v.Formation, to, max(v.Bases, 1), v.Front, v.Facing, drums.Anchor(a.Target))
		ar.Kind, ar.Ghosts = ArrowReform, []geom.Rect{drums.Footprint(v.Profile.Type, to, max(v.Bases, 1), front, facing)}
		ar.Points, ar.Word = []geom.Vec{fp.C}, to.String()
	case drums.KCharge, drums.KShoot:
		if !unitOn {
			return ar, false
		}
		to, ok := targetRect(st, int(a.Target))
		if !ok {
			return ar, false
		}
		ar.Kind = ArrowShoot
		from := fp.C
		if a.Kind == drums.KCharge {
			ar.Kind, from = ArrowCharge, v.Front
		}
		ar.Points = []geom.Vec{from, nearestOn(to, from)}
	case drums.KGeneralMove:
		g, ok := generalOn(st, u)
		if !ok || a.NPath == 0 {
			return ar, false
		}
		ar.Kind, ar.Points = ArrowGeneral, []geom.Vec{g.Pos, a.Path[0]}
	case drums.KPass:
		// A general's pass names the general in Unit and sets Target 1
		// (as the engine's notation reads it); a unit's names the unit.
		if a.Target == 1 {
			g, ok := generalOn(st, u)
			if !ok {
				return ar, false
			}
			ar.Kind, ar.Points, ar.Word = ArrowMark, []geom.Vec{g.Pos.Add(geom.V(0.6, 0))}, "stays"
			return ar, true
		}
		fallthrough
	case drums.KReload, drums.KStand:
		if !unitOn {
			return ar, false
		}
		word := map[uint8]string{drums.KPass: "pass", drums.KReload: "reload", drums.KStand: "stand"}[a.Kind]
		ar.Kind, ar.Points, ar.Word = ArrowMark, []geom.Vec{fp.C.Add(fp.F.Perp().Scale(fp.HW + 0.3))}, word
	default:
		return ar, false
	}
	if a.Arg == 1 && (a.Kind == drums.KActivate || a.Kind == drums.KAdvance || a.Kind == drums.KRetire || a.Kind == drums.KCharge || a.Kind == drums.KShoot) {
		// Arg 1 spends a supply die on these (Actions; Movement Action;
		// Charge 5; Shooting): the player must know to take one.
		ar.Word = "+supply die"
	}
	return ar, true
}

// generalOn is general g's view when he is on the table.
func generalOn(st *drums.State, g int) (drums.GeneralView, bool) {
	if g >= st.NumGenerals() {
		return drums.GeneralView{}, false
	}
	v := st.General(g)
	return v, v.OnTable
}

// targetRect is what a charge or shot is aimed at: a unit on the table,
// or (200 + side) that side's baggage camp (KCharge).
func targetRect(st *drums.State, t int) (geom.Rect, bool) {
	if t >= 200 && t <= 201 {
		return st.CampOf(t - 200)
	}
	if t >= st.NumUnits() {
		return geom.Rect{}, false
	}
	v := st.Unit(t)
	return v.Footprint, v.OnTable
}

// nearestOn is the point of r nearest p: where a charge makes contact or
// a shot is measured to (Shooting: range to the nearest part of the target).
func nearestOn(r geom.Rect, p geom.Vec) geom.Vec {
	if r.Contains(p) {
		return r.C
	}
	c := r.Corners()
	best, bd := c[0], -1.0
	for k := range 4 {
		q := geom.ClosestOnSeg(p, c[k], c[(k+1)%4])
		if d := q.Dist(p); bd < 0 || d < bd {
			best, bd = q, d
		}
	}
	return best
}

// retirePath runs from the middle of the unit's rear edge straight back.
//
// Ruling D-PIC-RETIRE (Movement Action: "A retire must be straight back
// with no deviation"; Movement table): the distance is thrown only when the
// retire is carried out, so the arrow shows the furthest it can go, the
// table's fixed part plus every die at its highest (the in-terrain column
// when the unit stands in terrain) plus a declared supply die's 1BW, and no
// further than a declared stopping point.
func retirePath(st *drums.State, v *drums.UnitView, a engine.Action) []geom.Vec {
	fp := v.Footprint
	back := fp.F.Scale(-1)
	mode := drums.MoveNormal
	if drums.InTerrain(fp, st.Scenario().Terrain) {
		mode = drums.MoveInTerrain
	}
	fixed, dice, sides, ok := drums.MoveDistance(v.Profile.Type, v.Formation, mode)
	dist := 0.0
	if ok {
		dist = float64(fixed + dice*sides)
	}
	if a.Arg == 1 {
		dist += drums.SupplyMoveBW
	}
	if a.NPath > 0 {
		dist = min(dist, max(a.Path[0].Sub(v.Front).Dot(back), 0))
	}
	rear := fp.C.Add(back.Scale(fp.HD))
	return []geom.Vec{rear, rear.Add(back.Scale(max(dist, 0.3)))}
}

// deployArrow shows a command's deployment by where its units would
// stand: the slot is the engine's to lay out (ruling D-DEPLOY), so the
// action is played on a copy of the position and the command's footprints
// read back from it.
func deployArrow(st *drums.State, a engine.Action, ar Arrow) (Arrow, bool) {
	side := int(st.ToMove())
	if side != 0 && side != 1 {
		return ar, false
	}
	cp, ok := st.Clone().(*drums.State)
	if !ok || cp.Apply(a) != nil {
		return ar, false
	}
	var sum geom.Vec
	for i := range cp.NumUnits() {
		if was := st.Unit(i); was.OnTable {
			continue
		}
		v := cp.Unit(i)
		if v.Side == side && v.Command == int(a.Unit) && v.OnTable {
			ar.Ghosts = append(ar.Ghosts, v.Footprint)
			sum = sum.Add(v.Footprint.C)
		}
	}
	if len(ar.Ghosts) == 0 {
		return ar, false
	}
	ar.Kind, ar.Points = ArrowDeploy, []geom.Vec{sum.Scale(1 / float64(len(ar.Ghosts)))}
	return ar, true
}

// arrows are the arrows in the shared renderer's terms, each kind with
// its colour, width and dash (in pens: a shot dashed, a general's move
// thin and dashed, a charge thick).
func arrows(as []Arrow) svg.Arrows {
	out := svg.Arrows{Class: "arrows", ID: "arrows", ItemClass: "arrow", HeadPens: 4}
	for _, kind := range arrowKinds {
		k := svg.ArrowKind{Name: kind, Colour: arrowColour(kind)}
		switch kind {
		case ArrowShoot:
			k.Dash = "8 5"
		case ArrowGeneral:
			k.Width, k.Dash = 2, "6 4"
		case ArrowCharge:
			k.Width = 4.4
		}
		out.Kinds = append(out.Kinds, k)
	}
	out.Items = as
	return out
}
