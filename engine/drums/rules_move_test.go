package drums

import (
	"math"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// mover is one side-0 unit at 24,8 facing north with its sub-general by
// it (2 points) and the force commander within 3BW (supply dice), and a
// side-1 unit far off.
func mover(p Profile, form Formation) pos {
	return pos{
		units:  []pu{u0("M", p, 24, 8, form), u1("R", lineFoot(), 24, 31, Line)},
		gens:   map[string]geom.Vec{"G0.0": geom.V(24, 6), "FC0": geom.V(26, 7)},
		supply: [2]uint8{2, 2},
	}
}

var woodAhead = Feature{Kind: Wood, Points: []geom.Vec{{X: 10, Y: 10}, {X: 38, Y: 10}, {X: 38, Y: 30}, {X: 10, Y: 30}}}

// Movement distances table and Moving along a road: the dice each
// formation throws in the open, in terrain (a move ending in it counts:
// ruling D-TERRAIN-MOVE) and on a road, and a supply die's +1BW.
func TestRule_MovementDistances(t *testing.T) {
	road := Feature{Kind: Road, Points: []geom.Vec{{X: 24, Y: 0}, {X: 24, Y: 32}}}
	cases := []struct {
		name    string
		p       Profile
		form    Formation
		terrain []Feature
		supply  int
		dice    []int
		want    float64 // BW moved ahead
	}{
		{"FootLine1D6", lineFoot(), Line, nil, 0, []int{4}, 4},
		{"FootColumnOfAttack2Plus1D6", lineFoot(), Column, nil, 0, []int{3}, 5},
		{"FootOpen2Plus1D6", lightFoot(), Open, nil, 0, []int{1}, 3},
		{"FootMarch2D6", lineFoot(), March, nil, 0, []int{3, 4}, 7},
		{"FootLineInTerrain1D3", lineFoot(), Line, []Feature{woodAhead}, 0, []int{2}, 2},
		{"FootOpenInTerrain1D6", lightFoot(), Open, []Feature{woodAhead}, 0, []int{5}, 5},
		{"CavalryFormed2D6", heavyCav(), Line, nil, 0, []int{5, 6}, 11},
		{"CavalryMarch3D6", heavyCav(), March, nil, 0, []int{1, 1, 1}, 3},
		{"CavalryInTerrain1D6", heavyCav(), Line, []Feature{woodAhead}, 0, []int{6}, 6},
		{"ArtilleryUnlimbered1D3", battery(), Line, nil, 0, []int{3}, 3},
		{"ArtilleryLimbered2D6", battery(), March, nil, 0, []int{2, 2}, 4},
		{"ArtilleryUnlimberedInTerrainFixed1BW", battery(), Line, []Feature{woodAhead}, 0, nil, 1},
		{"MarchOnRoadAdds1D6", lineFoot(), March, []Feature{road}, 0, []int{1, 1, 1}, 3},
		{"SupplyDieAdds1BW", lineFoot(), Line, nil, 1, []int{4}, 5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mover(c.p, c.form)
			p.terrain = c.terrain
			s := start(t, p)
			i := activate(t, s, "M", 0)
			declare(t, s, toward(i, geom.V(24, 30), c.supply), act(KPass, i, 0, 0))
			if c.dice != nil {
				expectRoll(t, s, rMove, len(c.dice))
				roll(t, s, c.dice...)
			}
			got := s.Units[i].Front.Y - 8
			if !near(got, c.want) {
				t.Fatalf("moved %.3f BW, want %g", got, c.want)
			}
			if c.supply == 1 && s.Supply[0] != 1 {
				t.Fatalf("supply die not spent: %d left", s.Supply[0])
			}
		})
	}
}

// Movement notes: "Foot in square cannot move"; a retire is straight back.
func TestRule_SquareCannotMove(t *testing.T) {
	s := start(t, mover(lineFoot(), Square))
	i := activate(t, s, "M", 0)
	if legalKinds(s, KAdvance) != 0 || legalKinds(s, KRetire) != 0 || legalKinds(s, KTurn) != 0 {
		t.Fatal("a square is offered a move or turn")
	}
	refuse(t, s, toward(i, geom.V(24, 20), 0), "cannot advance")
}

// Movement notes: "A retire must be straight back with no deviation"; a
// unit that retired does not advance in the same activation.
func TestRule_RetireStraightBack(t *testing.T) {
	p := mover(lineFoot(), Line)
	p.units[0].y, p.units[0].f = 14, 30
	s := start(t, p)
	i := activate(t, s, "M", 0)
	declare(t, s, act(KRetire, i, 0, 0))
	if legalKinds(s, KAdvance) != 0 {
		t.Fatal("an advance is offered after a retire")
	}
	declare(t, s, act(KPass, i, 0, 0))
	roll(t, s, 4)
	u := &s.Units[i]
	want := geom.V(24, 14).Add(geom.Heading(30).Scale(-4))
	if u.Front.Dist(want) > 1e-9 || u.Facing != 30 {
		t.Fatalf("retired to %v facing %g, want %v facing 30", u.Front, u.Facing, want)
	}
}

// Movement notes: "Only an advance can include a single wheel up to 90
// degrees"; the wheel costs the outer corner's arc (ruling D-WHEEL), so a
// short throw wheels only part of the way.
func TestRule_AdvanceWheelCost(t *testing.T) {
	s := start(t, mover(lineFoot(), Line))
	i := activate(t, s, "M", 0)
	declare(t, s, toward(i, geom.V(40, 5), 0), act(KPass, i, 0, 0))
	roll(t, s, 3)
	u := &s.Units[i]
	// A 6BW-wide line wheels 3BW of arc: 0.5 rad, about its right corner.
	want := 0.5 * 180 / math.Pi
	if math.Abs(u.Facing-want) > 1e-6 {
		t.Fatalf("facing %.4f after a 3BW wheel, want %.4f", u.Facing, want)
	}
	pivot := geom.V(27, 8)
	right := u.Front.Add(geom.Heading(u.Facing + 90).Scale(3))
	if right.Dist(pivot) > 1e-6 {
		t.Fatalf("the wheel did not pivot on the inner front corner: %v", right)
	}
}

// Change facing: 90 degrees about a front corner or 180 in place; refused
// when the turned unit would overlap another.
func TestRule_ChangeFacing(t *testing.T) {
	cases := []struct {
		name    string
		turn    Turn
		blocker bool
		ok      bool
		face    float64
	}{
		{"TurnRight", TurnRight, false, true, 90},
		{"TurnLeft", TurnLeft, false, true, 270},
		{"TurnAbout", TurnAbout, false, true, 180},
		{"TurnBlockedByFriend", TurnRight, true, false, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mover(lineFoot(), Line)
			if c.blocker {
				p.units = append(p.units, u0("F", lineFoot(), 28, 11, Line))
			}
			s := start(t, p)
			i := activate(t, s, "M", 0)
			a := act(KTurn, i, 0, int(c.turn))
			if !c.ok {
				if legal(s, a) {
					t.Fatal("a blocked turn is offered")
				}
				return
			}
			declare(t, s, a, act(KPass, i, 0, 0))
			if s.Units[i].Facing != c.face {
				t.Fatalf("facing %g, want %g", s.Units[i].Facing, c.face)
			}
		})
	}
}

// Change Formation: a front-rank base stays static, the facing does not
// change; the formations table limits what each type may take.
func TestRule_ChangeFormation(t *testing.T) {
	s := start(t, mover(lineFoot(), Line))
	i := activate(t, s, "M", 0)
	if legal(s, act(KReform, i, int(AnchorCentre), int(Open))) {
		t.Fatal("line foot offered open formation")
	}
	declare(t, s, act(KReform, i, int(AnchorCentre), int(Column)), act(KPass, i, 0, 0))
	u := &s.Units[i]
	if u.Form != Column || u.Facing != 0 {
		t.Fatalf("formation %s facing %g", u.Form, u.Facing)
	}
	// The centre base of the front rank (base 3 of 6, left of centre)
	// stays in the front rank: the column's front edge holds it.
	if u.Front.Y != 8 || math.Abs(u.Front.X-24) > 1 {
		t.Fatalf("column front at %v, want the front rank on y=8 about x=24", u.Front)
	}
	cav := start(t, mover(heavyCav(), Line))
	j := activate(t, cav, "M", 0)
	if legal(cav, act(KReform, j, int(AnchorCentre), int(Square))) {
		t.Fatal("cavalry offered square")
	}
}

// Interpenetration of Friendly units: a line passes through a friendly
// line but not through a column, and a unit that interpenetrated makes no
// further movement action and cannot charge this turn.
func TestRule_Interpenetration(t *testing.T) {
	cases := []struct {
		name    string
		through Formation
		passes  bool
	}{
		{"LineThroughLine", Line, true},
		{"LineThroughOpen", Open, true},
		{"LineThroughColumnStops", Column, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mover(lineFoot(), Line)
			fp := lightFoot()
			fp.Bases = 2
			p.units = append(p.units, u0("F", fp, 24, 10, c.through))
			s := start(t, p)
			i := activate(t, s, "M", 0)
			declare(t, s, toward(i, geom.V(24, 20), 0), act(KPass, i, 0, 0))
			roll(t, s, 6)
			u := &s.Units[i]
			if c.passes {
				if !near(u.Front.Y, 14) || u.Flags&fInterpen == 0 {
					t.Fatalf("front at %v, interpenetrated %v: want through to y=14", u.Front, u.Flags&fInterpen != 0)
				}
				if s.canCharge(i, labelIdx(t, s, "R"), true) {
					t.Fatal("a unit that interpenetrated may charge")
				}
			} else if u.Front.Y > 10-s.rect(labelIdx(t, s, "F")).HD*2+1e-9 || u.Flags&fInterpen != 0 {
				t.Fatalf("front at %v: want stopped short of the column", u.Front)
			}
		})
	}
}

// ruling D-ENEMY-GAP: a move other than a charge stops 1BW short of an
// enemy.
func TestRule_MoveStopsShortOfEnemy(t *testing.T) {
	p := mover(lineFoot(), Line)
	p.units[1].y = 12.5 // its front edge; it stands on 12.5..13
	s := start(t, p)
	i := activate(t, s, "M", 0)
	declare(t, s, toward(i, geom.V(24, 20), 0), act(KPass, i, 0, 0))
	roll(t, s, 6)
	if got := s.Units[i].Front.Y; !near(got, 11.5) {
		t.Fatalf("front at y=%g, want 11.5 (1BW short)", got)
	}
}

// Interpenetration of Friendly units: a unit that passed through a
// friend makes only one movement action this turn: its second declared
// advance is not carried out.
func TestRule_InterpenetrationOneMoveOnly(t *testing.T) {
	p := mover(lineFoot(), Line)
	fp := lightFoot()
	fp.Bases = 2
	p.units = append(p.units, u0("F", fp, 24, 10, Line))
	s := start(t, p)
	i := activate(t, s, "M", 0)
	a := toward(i, geom.V(24, 25), 0)
	declare(t, s, a, a)
	roll(t, s, 6)
	if s.ToMove() == engine.Chance {
		t.Fatalf("a second move after interpenetrating: %s", s.waitingFor())
	}
	if !near(s.Units[i].Front.Y, 14) {
		t.Fatalf("front at y=%g, want 14", s.Units[i].Front.Y)
	}
}

// Change Formation and Change facing as a second action: declared before
// the first is carried out ("advance, then form square"), done if there
// is room when its turn comes, skipped if not.
func TestRule_SecondActionFormationChange(t *testing.T) {
	t.Run("AdvanceThenSquare", func(t *testing.T) {
		s := start(t, mover(lineFoot(), Line))
		i := activate(t, s, "M", 0)
		declare(t, s, toward(i, geom.V(24, 30), 0), act(KReform, i, int(AnchorCentre), int(Square)))
		roll(t, s, 3)
		if u := &s.Units[i]; u.Form != Square || u.Front.Y < 11-1e-9 {
			t.Fatalf("formation %s front %v: want a square after a 3BW advance", u.Form, u.Front)
		}
	})
	t.Run("TurnWithoutRoomSkipped", func(t *testing.T) {
		p := mover(lineFoot(), Line)
		p.units = append(p.units, u0("F", lineFoot(), 28, 15, Line))
		s := start(t, p)
		i := activate(t, s, "M", 0)
		declare(t, s, toward(i, geom.V(24, 30), 0), act(KTurn, i, 0, int(TurnRight)))
		roll(t, s, 3)
		if u := &s.Units[i]; u.Facing != 0 {
			t.Fatalf("a turn with no room was made: facing %g", u.Facing)
		}
	})
	t.Run("BatteryShootsThenLimbers", func(t *testing.T) {
		two := battery()
		two.Bases = 2
		p := duel(18, true)
		p.units[0].p = two
		s := start(t, p)
		i, j := activate(t, s, "A", 0), labelIdx(t, s, "R")
		declare(t, s, act(KShoot, i, j, 0), act(KReform, i, int(AnchorCentre), int(March)))
		// 2 models +2 first shot, -1 in 2 for "will limber this turn".
		expectRoll(t, s, rShoot, 2)
	})
}

// Ruling D-INTERPEN-SECOND (Interpenetration of Friendly units: "If a
// moving unit is going to interpenetrate another friendly unit then they
// can only do one movement action for the current turn"): a unit's second
// movement action of the turn may not pass through a friend; it stops
// short of it. A first move may pass, and then no second follows (above).
func TestRule_InterpenetrationSecondMoveStopsShort(t *testing.T) {
	p := mover(lineFoot(), Line)
	fp := lightFoot()
	fp.Bases = 2
	p.units = append(p.units, u0("F", fp, 24, 10, Line)) // stands on y 9.5..10
	s := start(t, p)
	i := activate(t, s, "M", 0)
	a := toward(i, geom.V(24, 25), 0)
	declare(t, s, a, a)
	roll(t, s, 1) // the first advance: 1BW, to y=9, short of F
	if !near(s.Units[i].Front.Y, 9) {
		t.Fatalf("front at y=%g after the first advance, want 9", s.Units[i].Front.Y)
	}
	roll(t, s, 6) // the second would pass through F
	u := &s.Units[i]
	if u.Flags&fInterpen != 0 || u.Front.Y > 9.5+1e-6 {
		t.Fatalf("front at y=%g, interpenetrated %v: the second move must stop short of F (y 9.5)", u.Front.Y, u.Flags&fInterpen != 0)
	}
}

// Ruling D-CAV-COLUMN (Table summarising the formations allowed: "All
// Cavalry except Irregular  X X X", line, column of attack and column of
// march): heavy and light cavalry may form column of attack, by the
// notation as by the listed choices; irregular cavalry may not.
func TestRule_CavalryColumnOfAttack(t *testing.T) {
	for _, c := range []struct {
		name string
		p    Profile
		may  bool
	}{
		{"HeavyCavalry", heavyCav(), true},
		{"LightCavalry", Profile{Name: "Hussars", Type: LightCavalry, Thresholds: Thresholds{1, 3, 5}, Bases: 4}, true},
		{"IrregularCavalryMayNot", Profile{Name: "Cossacks", Type: IrregularCavalry, Thresholds: Thresholds{1, 3, 5}, Bases: 4}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := start(t, mover(c.p, Line))
			i := activate(t, s, "M", 0)
			a := act(KReform, i, int(AnchorCentre), int(Column))
			if legal(s, a) != c.may {
				t.Fatalf("column of attack listed %v, want %v", !c.may, c.may)
			}
			parsed, err := s.ParseAction("M form column")
			if err != nil || parsed != a {
				t.Fatalf("M form column reads %+v, %v", parsed, err)
			}
			if !c.may {
				refuse(t, s, a, "not one of the choices")
				return
			}
			declare(t, s, a, act(KPass, i, 0, 0))
			if u := &s.Units[i]; u.Form != Column || u.Facing != 0 {
				t.Fatalf("formation %s facing %g, want column of attack facing 0", u.Form, u.Facing)
			}
			// The formed block is both the cavalry's line and its column
			// of attack: the table's "Formed" rows.
			if f, d, ok := ChargeDistance(c.p.Type, Column, false); !ok || f != 0 || d != 2 {
				t.Fatalf("charge distance %d+%dD6 %v, want the Formed row 2D6", f, d, ok)
			}
		})
	}
}

// Ruling D-ANCHOR (Change Formation: "the player declares a front-rank
// base that will remain static"): the left, centre or right base of the
// front rank stays put, each reachable in the notation and listed when it
// gives another position than the centre; an anchor that gives the same
// position as the centre reads as the centre.
func TestRule_ChangeFormationStaticBase(t *testing.T) {
	for _, c := range []struct {
		text   string
		anchor Anchor
		x      float64 // the column's front centre
	}{
		// A 6-base line on x 21..27; the column is 2 bases wide.
		{"M form column", AnchorCentre, 23 + 1},      // base 3 (x 23..24) stays, the column's left file
		{"M form column left", AnchorLeft, 21 + 1},   // base 1 (x 21..22) stays
		{"M form column right", AnchorRight, 27 - 1}, // base 6 (x 26..27) stays
	} {
		t.Run(c.text, func(t *testing.T) {
			s := start(t, mover(lineFoot(), Line))
			i := activate(t, s, "M", 0)
			a, err := s.ParseAction(c.text)
			if err != nil {
				t.Fatal(err)
			}
			want := act(KReform, i, int(c.anchor), int(Column))
			if a != want {
				t.Fatalf("%q reads %+v, want %+v", c.text, a, want)
			}
			if !legal(s, a) {
				t.Fatalf("%q is not listed", c.text)
			}
			if got := s.FormatAction(a); got != c.text {
				t.Fatalf("writes %q, want %q", got, c.text)
			}
			declare(t, s, a, act(KPass, i, 0, 0))
			if u := &s.Units[i]; u.Form != Column || !near(u.Front.X, c.x) || !near(u.Front.Y, 8) {
				t.Fatalf("column front at %v, want x=%g y=8", u.Front, c.x)
			}
		})
	}
	t.Run("SecondAction", func(t *testing.T) {
		s := start(t, mover(lineFoot(), Line))
		i := activate(t, s, "M", 0)
		declare(t, s, act(KStand, i, 0, 0))
		a := act(KReform, i, int(AnchorRight), int(Column))
		if !legal(s, a) {
			t.Fatal("a second action's right static base is not listed")
		}
		declare(t, s, a)
		if u := &s.Units[i]; u.Form != Column || !near(u.Front.X, 26) {
			t.Fatalf("column front at %v, want x=26", u.Front)
		}
	})
	t.Run("SameAsCentreReadsAsCentre", func(t *testing.T) {
		// A 4-base cavalry block (2 bases a rank): its centre base is
		// its left (ruling D-ANCHOR's left of centre), and into column
		// of attack, the same block, every base keeps its place.
		s := start(t, mover(heavyCav(), Line))
		i := activate(t, s, "M", 0)
		for _, c := range []struct {
			text string
			want engine.Action
		}{
			{"M form march left", act(KReform, i, int(AnchorCentre), int(March))},
			{"M form march right", act(KReform, i, int(AnchorRight), int(March))},
			{"M form column right", act(KReform, i, int(AnchorCentre), int(Column))},
		} {
			a, err := s.ParseAction(c.text)
			if err != nil {
				t.Fatal(err)
			}
			if a != c.want || !legal(s, a) {
				t.Fatalf("%q reads %+v (listed %v), want %+v", c.text, a, legal(s, a), c.want)
			}
		}
		if n := legalKinds(s, KReform); n != 3 {
			t.Fatalf("%d formation changes listed, want 3 (column; march centre and right)", n)
		}
	})
}
