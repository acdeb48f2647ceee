package twobytwo

import (
	"fmt"
	"regexp"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/grognard/grognard/engine/geom"
	tb "github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/scenarios/twobytwo/armies"
	"github.com/grognard/grognard/scenarios/yamlread"
)

// attackerPointGap is how far the attacker's points keep from defending
// units and points ("Force deployment"; ruling R-ATTPOINT).
const attackerPointGap = 6.0

// assemble turns the sides as read into the scenario's units and points,
// checking what needs the whole file: labels, the chain of command,
// queues, placements, reinforcement points, army lists and budgets.
// An army file has one side: sides then holds just it, and the checks that
// need a whole scenario (engine, placements, points) are skipped.
func (r *reader) assemble(sc *tb.Scenario, sides []*fileSide) {
	whole := len(sides) == 2
	byLabel := map[string]*fileUnit{}
	var labels []string
	for _, s := range sides {
		for _, u := range s.units {
			if u.spec.Label == "" {
				continue
			}
			if first, dup := byLabel[u.spec.Label]; dup {
				r.Add(u.label, "give every unit its own label", "label %q is used twice (first on line %d)", u.spec.Label, first.label.Line)
				continue
			}
			byLabel[u.spec.Label] = u
			labels = append(labels, u.spec.Label)
		}
	}
	lookup := func(n *yaml.Node, label, role string) *fileUnit {
		u, ok := byLabel[label]
		if !ok {
			fix := "use the label of a unit in the file"
			if near := yamlread.Nearest(label, labels); near != "" {
				fix = fmt.Sprintf("did you mean %q?", near)
			}
			r.Add(n, fix, "%s %q is not a unit of this scenario", role, label)
		}
		return u
	}

	// Queues fix the order of appearance, which the engine reads from the
	// order of the units: queued units go after the others, point by point.
	queues := make([][2][]*fileUnit, len(sides))
	for side, s := range sides {
		if len(s.points) > 2 {
			r.Add(s.ptsNode, "keep two: the rules give each side two reinforcement points (\"Force deployment\")", "side %q has %d reinforcement points", s.name, len(s.points))
		}
		for j, p := range s.points {
			if j > 1 {
				break
			}
			for _, qn := range p.queue {
				label, ok := r.Str(qn, "queue entry")
				if !ok {
					continue
				}
				u := lookup(qn, label, "queue entry")
				switch {
				case u == nil:
				case u.spec.Side != side:
					r.Add(qn, "queue only the side's own units", "%q belongs to the other side", label)
				case u.at != nil:
					r.Add(qn, "remove it from the queue or remove its at:", "%q is deployed at line %d and also queued here; a unit starts in one place", label, u.at.Line)
				case u.queued:
					r.Add(qn, "queue each unit once", "%q is already queued", label)
				default:
					u.queued = true
					u.spec.Point = j
					queues[side][j] = append(queues[side][j], u)
				}
			}
		}
	}
	var order []*fileUnit
	for side, s := range sides {
		for _, u := range s.units {
			if !u.queued {
				order = append(order, u)
			}
		}
		order = append(order, queues[side][0]...)
		order = append(order, queues[side][1]...)
	}
	index := map[*fileUnit]int{}
	for i, u := range order {
		index[u] = i
	}
	if len(order) > tb.MaxUnits {
		r.Add(sides[len(sides)-1].unitsKey, fmt.Sprintf("the engine holds at most %d units in a game: remove %d", tb.MaxUnits, len(order)-tb.MaxUnits), "the scenario has %d units", len(order))
	}

	// The chain of command ("Troop Descriptions: HQ").
	corps := make([][]*fileUnit, len(sides))
	for _, u := range order {
		if u.typ == nil || u.spec.Label == "" {
			continue
		}
		if u.spec.Type == tb.CorpsHQ {
			corps[u.spec.Side] = append(corps[u.spec.Side], u)
			if u.hqNode != nil {
				r.Add(u.hqNode, "remove hq: the corps HQ heads the chain of command", "corps HQ %q cannot answer to another HQ", u.spec.Label)
			}
			u.spec.HQ = -1
			continue
		}
		if u.hqNode == nil {
			r.Add(u.label, "add hq: with the label of its division or corps HQ", "unit %q has no HQ in its chain of command", u.spec.Label)
			continue
		}
		h := lookup(u.hqNode, u.hq, "hq")
		switch {
		case h == nil:
		case h.spec.Side != u.spec.Side:
			r.Add(u.hqNode, "name an HQ of its own side", "hq %q of %q is an HQ of the other side", u.hq, u.spec.Label)
		case !h.spec.Type.IsHQ():
			r.Add(u.hqNode, "name a division HQ or the corps HQ", "hq %q of %q is a %s, not an HQ", u.hq, u.spec.Label, strings.ToLower(h.spec.Type.String()))
		case u.spec.Type == tb.DivisionHQ && h.spec.Type != tb.CorpsHQ:
			r.Add(u.hqNode, "a division HQ answers to the corps HQ", "division HQ %q answers to %q, which is not the corps HQ", u.spec.Label, u.hq)
		default:
			u.spec.HQ = index[h]
		}
	}
	for side, s := range sides {
		switch {
		case len(corps[side]) == 0:
			r.Add(s.unitsKey, "add a unit with type: corps hq and point the division HQs at it", "side %q has no corps HQ", s.name)
		case len(corps[side]) > 1:
			for _, extra := range corps[side][1:] {
				r.Add(extra.typ, "make it a division hq answering to the first corps HQ", "side %q has a second corps HQ %q (the first is on line %d)", s.name, extra.spec.Label, corps[side][0].label.Line)
			}
		}
	}
	for _, u := range order {
		if u.spec.Large && u.spec.Small {
			r.Add(u.node, "keep one of large and small", "unit %q is both large and small", u.spec.Label)
		}
		if u.spec.Small && u.spec.Type == tb.Militia {
			r.Add(u.node, "remove small: (\"Unit Costs\": no militia unit may be small)", "militia unit %q is small", u.spec.Label)
		}
		if !sc.SetupByPlay && u.at == nil && !u.queued && u.spec.Label != "" {
			r.Add(u.label, "give it at: [x, y] or name it in a reinforcement point's queue", "unit %q is neither deployed nor queued", u.spec.Label)
		}
	}
	if !sc.SetupByPlay {
		r.points(sc, [2]*fileSide(sides), order)
	}
	if len(r.Problems) > 0 {
		return
	}

	sc.Units = make([]tb.UnitSpec, len(order))
	for i, u := range order {
		sc.Units[i] = u.spec
	}
	if !sc.SetupByPlay {
		for side, s := range sides {
			for j, p := range s.points {
				if j < 2 {
					sc.Points[side] = append(sc.Points[side], p.spec)
				}
			}
		}
	}
	if !whole {
		r.army(sc, sides[0], 0, order)
		return
	}
	if err := sc.Validate(); err != nil {
		// The checks above should have caught it; say so rather than hide it.
		r.Add(nil, "please report this file: the checks above missed it", "the engine refuses the scenario: %v", err)
		return
	}
	for _, p := range sc.StartProblems() {
		fix := "move it or turn it"
		if p.Other >= 0 {
			fix = "move one of them: bases may touch but not overlap"
		}
		r.Add(order[p.Unit].at, fix, "unit %q: %s", sc.Units[p.Unit].Label, p.What)
	}
	for side, s := range sides {
		r.army(sc, s, side, order)
	}
}

// points checks each reinforcement point's edge and place ("Force
// deployment"; rulings R-QUEUE, R-ATTPOINT): the defender's lie on his own
// edge; the attacker's on his own edge or either flank, not within 6" of a
// deployed defending unit or a defender's point.
func (r *reader) points(sc *tb.Scenario, sides [2]*fileSide, order []*fileUnit) {
	att := sc.Attacker
	def := 1 - att
	for side, s := range sides {
		if len(s.points) == 0 {
			continue
		}
		for j, p := range s.points {
			if j > 1 {
				break
			}
			if len(p.queue) == 0 {
				r.Add(p.node, "queue at least one unit there, or remove the point", "reinforcement point %d of %q has no queue", j+1, s.name)
			}
			if p.edge == nil {
				continue
			}
			own := tb.BaseEdge(side)
			e := p.spec.Edge
			switch {
			case side == def && e != own:
				r.Add(p.edge, fmt.Sprintf("use edge: %s, its own base edge", own), "%q defends: its reinforcement points lie on its own edge, not the %s edge", s.name, e)
			case side == att && e != own && e != tb.East && e != tb.West:
				r.Add(p.edge, fmt.Sprintf("use edge: %s, east or west", own), "%q attacks: its reinforcement points lie on its own edge or a flank, not the %s edge", s.name, e)
			}
			if p.spec.At < 0 || p.spec.At > sc.Size {
				r.Add(p.node, fmt.Sprintf("give at: between 0 and %g", sc.Size), "reinforcement point %d of %q lies off the %s edge (at %g)", j+1, s.name, e, p.spec.At)
				continue
			}
			if side != att {
				continue
			}
			pos := edgePoint(sc.Size, e, p.spec.At)
			for _, u := range order {
				if u.spec.Side != def || u.spec.Start == nil {
					continue
				}
				base := geom.NewBase(geom.V(u.spec.Start.X, u.spec.Start.Y), u.spec.Start.Facing)
				if d := geom.RectDistance(geom.Rect{C: pos, F: geom.V(0, 1)}, base); d < attackerPointGap {
					r.Add(p.node, "move it at least 6\" from defending units", "reinforcement point %d of %q is %.1f\" from defending unit %q (\"Force deployment\")", j+1, s.name, d, u.spec.Label)
				}
			}
			for k, dp := range sides[def].points {
				if k > 1 || dp.edge == nil {
					continue
				}
				if d := pos.Dist(edgePoint(sc.Size, dp.spec.Edge, dp.spec.At)); d < attackerPointGap {
					r.Add(p.node, "move it at least 6\" from the defender's points", "reinforcement point %d of %q is %.1f\" from the defender's point %d", j+1, s.name, d, k+1)
				}
			}
		}
	}
}

// army checks a side against its nation's list and its AP budget.
func (r *reader) army(sc *tb.Scenario, s *fileSide, side int, order []*fileUnit) {
	if s.apNode != nil {
		if total := armies.TotalAP(sc.Units, side); total > s.ap+1e-9 {
			r.Add(s.apNode, "remove or shrink units, or raise ap", "side %q costs %g AP, over its budget of %g", s.name, total, s.ap)
		}
	}
	if s.nation == nil {
		return
	}
	for _, p := range s.nation.Validate(sc.Units, side) {
		at := s.natNode
		if p.Unit >= 0 {
			at = order[p.Unit].label
		}
		msg, fix := p.Message, ""
		if i := strings.LastIndex(p.Message, ": "); i >= 0 {
			msg, fix = p.Message[:i], p.Message[i+2:]
		}
		// The list's messages count units in the engine's order, which
		// means nothing in a file: the line says which unit it is.
		msg = unitIndex.ReplaceAllString(msg, "unit ")
		msg = strings.TrimPrefix(msg, s.nation.Nation+": ")
		r.Add(at, fix, "%s army list: %s", s.nation.Nation, msg)
	}
}

var unitIndex = regexp.MustCompile(`^unit \d+ `)

// edgePoint is the point at coordinate at along edge e of a size table.
func edgePoint(size float64, e tb.Edge, at float64) geom.Vec {
	switch e {
	case tb.South:
		return geom.V(at, 0)
	case tb.North:
		return geom.V(at, size)
	case tb.West:
		return geom.V(0, at)
	}
	return geom.V(size, at)
}
