package drums

import (
	"testing"

	"github.com/grognard/grognard/engine/geom"
)

// twoSides is a quiet position: two side-0 battalions in command 0, one in
// command 1, two side-1 battalions, far apart.
func twoSides() pos {
	return pos{units: []pu{
		u0("A1", lineFoot(), 10, 6, Line),
		u0("A2", lineFoot(), 20, 6, Line),
		{side: 0, cmd: 1, label: "A3", p: lineFoot(), x: 34, y: 6, f: 0, form: Line, level: Steady},
		u1("R1", lineFoot(), 10, 26, Line),
		u1("R2", lineFoot(), 20, 26, Line),
	}, gens: map[string]geom.Vec{
		"G0.0": geom.V(15, 4), "G0.1": geom.V(34, 4), "G1.0": geom.V(15, 28),
	}}
}

// Actions: a sub-general gives 2 points within 10BW, the force commander
// 1 point within 5BW, and a supply die one more point up to 2 (when the
// force commander is within 3BW: rulings D-SUPPLY-3 and D-SUPPLY-AP);
// distances are measured when the unit is activated (ruling D-AP).
func TestRule_ActionPoints(t *testing.T) {
	cases := []struct {
		name       string
		g, fc      geom.Vec
		supply     uint8
		withSupply bool
		want       int
		offered    bool // the supply-die activation is listed
	}{
		{"SubGeneralWithin10BW", geom.V(15, 0.5), geom.V(40, 0.5), 0, false, 2, false},
		{"SubGeneralExactly10BW", geom.V(23, 5.75), geom.V(40, 0.5), 1, false, 2, false},
		{"OutOfCommandNoPoints", geom.V(40, 20), geom.V(40, 0.5), 0, false, 0, false},
		{"ForceCommander5BWOnePoint", geom.V(40, 20), geom.V(10, 1), 0, false, 1, false},
		{"ForceCommanderBeyond5BW", geom.V(40, 20), geom.V(10, 0), 3, false, 0, false},
		{"SupplyDieAddsOnePoint", geom.V(40, 20), geom.V(10, 3), 2, true, 2, true},
		{"SupplyDieNotAt2Points", geom.V(15, 0.5), geom.V(10, 3), 2, false, 2, false},
		{"SupplyDieNeedsCommander3BW", geom.V(40, 20), geom.V(10, 1.3), 2, false, 1, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := twoSides()
			p.gens["G0.0"], p.gens["FC0"] = c.g, c.fc
			p.supply = [2]uint8{c.supply, 0}
			s := start(t, p)
			i := labelIdx(t, s, "A1")
			if got := legal(s, act(KActivate, i, 0, 1)); got != c.offered {
				t.Fatalf("supply-die activation listed %v, want %v", got, c.offered)
			}
			arg := 0
			if c.withSupply {
				arg = 1
			}
			activate(t, s, "A1", arg)
			if c.want == 0 {
				// No point: the activation ends at once.
				if s.ask != askActivate {
					t.Fatalf("a unit without points declares (%s)", s.waitingFor())
				}
				return
			}
			if got := int(s.activationTask().n); got != c.want {
				t.Fatalf("%d action points, want %d", got, c.want)
			}
			if c.withSupply && s.Supply[0] != c.supply-1 {
				t.Fatalf("supply %d, want %d", s.Supply[0], c.supply-1)
			}
		})
	}
}

// Game Sequence 8b-e and Actions: the first side activates two units, then
// one each; a command is finished (its general too) before another starts.
func TestRule_ActivationOrder(t *testing.T) {
	s := start(t, twoSides())
	pass := func(label string) {
		t.Helper()
		i := activate(t, s, label, 0)
		declare(t, s, act(KPass, i, 0, 0))
	}
	pass("A1")
	// Command 0 is part way through: A3 (command 1) may not act.
	if legal(s, act(KActivate, labelIdx(t, s, "A3"), 0, 0)) {
		t.Fatal("a unit of another command is offered before command 0 is finished")
	}
	if !legal(s, act(KActivateGeneral, genIdx(t, s, "G0.0"), 0, 0)) {
		t.Fatal("the command's general is not offered")
	}
	pass("A2")
	// Two done: side 1 acts with one unit.
	expectAsk(t, s, 1, askActivate)
	pass("R1")
	expectAsk(t, s, 0, askActivate)
	if legal(s, act(KActivate, labelIdx(t, s, "A3"), 0, 0)) {
		t.Fatal("command 0's general has not acted yet: A3 may not")
	}
	do(t, s, act(KActivateGeneral, genIdx(t, s, "G0.0"), 0, 0))
	declare(t, s, act(KPass, genIdx(t, s, "G0.0"), 1, 0))
	expectAsk(t, s, 1, askActivate)
	pass("R2")
	expectAsk(t, s, 0, askActivate)
	if !legal(s, act(KActivate, labelIdx(t, s, "A3"), 0, 0)) {
		t.Fatal("command 0 is done: A3 must be offered")
	}
}

// Turn Initiative 7: the initiative side may give the other side the first
// two activations.
func TestRule_InitiativeGiveFirstGo(t *testing.T) {
	for _, c := range []struct {
		name  string
		arg   int
		first int
	}{{"GoFirst", 0, 0}, {"GiveFirstGo", 1, 1}} {
		t.Run(c.name, func(t *testing.T) {
			s := setUp(t, twoSides())
			s.push(task{kind: tTurn, step: 1})
			s.run()
			expectAsk(t, s, 0, askFirst)
			do(t, s, act(KFirst, 0, 0, c.arg))
			expectAsk(t, s, c.first, askActivate)
			if s.Run != 2 {
				t.Fatalf("run %d, want 2", s.Run)
			}
		})
	}
}

// Actions: "No unit can expend more than 2 action points in a turn": a
// unit that has had its activation is not offered again, nor can a unit
// that spent its points on an unprompted shot be activated.
func TestRule_ActionPointsAtMostTwoATurn(t *testing.T) {
	s := start(t, twoSides())
	i := activate(t, s, "A1", 0)
	declare(t, s, act(KStand, i, 0, 0), act(KStand, i, 0, 0))
	if legal(s, act(KActivate, i, 0, 0)) || legal(s, act(KActivate, i, 0, 1)) {
		t.Fatal("a unit that expended 2 points is offered another activation")
	}
	// A declaration list never holds a third action.
	if len(s.decl) != 2 {
		t.Fatal("more than two declared actions possible")
	}
}

// Moving generals: up to 10BW, never within 2BW of an enemy unless a
// friendly unit is between; a general's activation is one move (ruling
// D-GENERAL-AP).
func TestRule_GeneralMove(t *testing.T) {
	cases := []struct {
		name string
		to   geom.Vec
		ok   bool
		why  string
	}{
		{"Within10BW", geom.V(15, 13), true, ""},
		{"Beyond10BW", geom.V(15, 14.2), false, "Moving generals"},
		{"Within2BWOfEnemy", geom.V(10, 9), false, "Moving generals"},
		{"ScreenedByFriend", geom.V(20, 9), true, ""},
		{"OffTable", geom.V(-1, 4), false, "off the table"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := twoSides()
			// An enemy at 10,11 (front edge, facing south: it stands on
			// 10.5..11); a friend screens the path to 20,9 from R3.
			p.units = append(p.units, u1("R3", lineFoot(), 10, 10.5, Line), u1("R4", lineFoot(), 20, 11, Line), u0("A4", lineFoot(), 20, 10, Line))
			s := start(t, p)
			g := genIdx(t, s, "G0.0")
			do(t, s, act(KActivateGeneral, g, 0, 0))
			a := act(KGeneralMove, g, 0, 0)
			a.NPath, a.Path[0] = 1, c.to
			if c.ok {
				do(t, s, a)
				if s.Gens[g].Pos != c.to {
					t.Fatalf("general at %v, want %v", s.Gens[g].Pos, c.to)
				}
				if s.ask != askActivate {
					t.Fatalf("a general's activation is one move (%s)", s.waitingFor())
				}
			} else {
				refuse(t, s, a, c.why)
			}
		})
	}
}

// Actions: a command whose last units were spent outside their own
// activations (an evade, an unprompted shot) is finished: the side goes
// on with another command instead of losing the rest of its turn.
func TestRule_CommandFinishedOutsideItsActivations(t *testing.T) {
	s := setUp(t, twoSides())
	a1, a2 := labelIdx(t, s, "A1"), labelIdx(t, s, "A2")
	s.Units[a1].Flags |= fActivated
	s.Units[a2].Flags |= fActivated // spent by an evade, say
	s.Gens[s.st.genIndex(0, 0)].Alive = false
	s.CurCmd[0] = 0
	s.push(task{kind: tTurn, step: 3})
	s.run()
	expectAsk(t, s, 0, askActivate)
	if !legal(s, act(KActivate, labelIdx(t, s, "A3"), 0, 0)) {
		t.Fatal("the other command is not offered")
	}
}
