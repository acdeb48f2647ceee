package drums

import (
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// clash is a side-0 line battalion A at 24,8 facing north and a side-1
// battalion R gap BW ahead, both in command; R is unloaded unless loaded.
// Each side has a second command far off so that a break ends nothing.
func clash(gap float64, loaded bool) pos {
	return pos{
		units: []pu{
			u0("A", lineFoot(), 24, 8, Line),
			u1("R", lineFoot(), 24, 8+gap, Line),
			{side: 0, cmd: 1, label: "A9", p: lineFoot(), x: 44, y: 2, f: 0, form: Line, level: Steady},
			{side: 1, cmd: 1, label: "R9", p: lineFoot(), x: 4, y: 31, f: 180, form: Line, level: Steady},
		},
		gens:   map[string]geom.Vec{"G0.0": geom.V(24, 6), "G1.0": geom.V(24, 8+gap+3)},
		supply: [2]uint8{0, 0},
		camps:  [2]*geom.Vec{},
	}.withLoaded(loaded)
}

// withLoaded marks R loaded or not once the state is built (see start).
func (p pos) withLoaded(loaded bool) pos {
	if !loaded {
		p.unloaded = append(p.unloaded, "R")
	}
	return p
}

// charge activates A and declares a charge on target then a pass.
func charge(t *testing.T, s *State, target, arg int) int {
	t.Helper()
	i := activate(t, s, "A", 0)
	declare(t, s, act(KCharge, i, target, arg), act(KPass, i, 0, 0))
	return i
}

// Charge 1 and the Charge Distance Table: a charge may be declared only on
// a target a maximum throw would reach: foot in line 1D6, in column of
// attack 2+1D6, cavalry formed 2D6; a column of march cannot charge.
func TestRule_ChargeDeclarationReach(t *testing.T) {
	cases := []struct {
		name string
		p    Profile
		form Formation
		gap  float64
		ok   bool
	}{
		{"LineReaches6", lineFoot(), Line, 5.9, true},
		{"LineNotBeyond6", lineFoot(), Line, 6.1, false},
		{"ColumnReaches8", lineFoot(), Column, 7.9, true},
		{"ColumnNotBeyond8", lineFoot(), Column, 8.1, false},
		{"CavalryReaches12", heavyCav(), Line, 11.9, true},
		{"MarchCannotCharge", lineFoot(), March, 2, false},
		{"ArtilleryCannotCharge", battery(), Line, 2, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := clash(c.gap, false)
			p.units[0].p, p.units[0].form = c.p, c.form
			s := start(t, p)
			i := activate(t, s, "A", 0)
			if got := legal(s, act(KCharge, i, labelIdx(t, s, "R"), 0)); got != c.ok {
				t.Fatalf("charge offered %v, want %v", got, c.ok)
			}
		})
	}
}

// Charge 2-6: the chargers test (failing, the charge stops and the point
// is spent); the charged test; the charge distance is thrown and the
// chargers move the full distance towards the target; contact starts a
// melee.
func TestRule_ChargeSequence(t *testing.T) {
	cases := []struct {
		name         string
		chargerScore int
		chargedScore int
		distance     int
		contact      bool
	}{
		{"ChargersFailStandNoCharge", 6, 0, 0, false},
		{"ContactStartsMelee", 8, 8, 3, true},
		{"ShortThrowMovesFullDistance", 8, 8, 2, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := start(t, clash(3, false))
			j := labelIdx(t, s, "R")
			i := charge(t, s, j, 0)
			if TestKind(s.top().x) != TestCharge || s.top().y&tfCharger == 0 {
				t.Fatal("the chargers' test is not the first throw")
			}
			testTo(t, s, c.chargerScore)
			if c.chargerScore < 7 {
				if s.Units[i].Front.Y != 8 || s.ask != askActivate {
					t.Fatalf("a failed charge moved (%v) or did not end (%s)", s.Units[i].Front, s.waitingFor())
				}
				return
			}
			if s.top().y&tfCharged == 0 {
				t.Fatal("the charged unit's test is not next")
			}
			testTo(t, s, c.chargedScore)
			expectRoll(t, s, rChargeDistance, 1)
			roll(t, s, c.distance)
			if c.contact {
				expectRoll(t, s, rMelee, 8)
				if s.Units[i].Flags&fInMelee == 0 {
					t.Fatal("chargers not in melee")
				}
				return
			}
			if got := s.Units[i].Front.Y; !near(got, 8+float64(c.distance)) {
				t.Fatalf("chargers at y=%g, want %g", got, 8+float64(c.distance))
			}
		})
	}
}

// Charge 4: a charged unit that passes and is loaded may elect to shoot
// at the chargers before they move, as an unprompted shot.
func TestRule_ChargeResponseShot(t *testing.T) {
	t.Run("HoldsFire", func(t *testing.T) {
		s := start(t, clash(1.5, true))
		j := labelIdx(t, s, "R")
		charge(t, s, j, 0)
		testTo(t, s, 8)
		testTo(t, s, 8)
		expectAsk(t, s, 1, askReply)
		do(t, s, act(KReply, 0, 0, 0))
		expectRoll(t, s, rChargeDistance, 1)
		if s.Units[j].Flags&fLoaded == 0 {
			t.Fatal("holding fire unloaded the unit")
		}
	})
	s := start(t, clash(1.5, true))
	j := labelIdx(t, s, "R")
	i := charge(t, s, j, 0)
	testTo(t, s, 8)
	testTo(t, s, 8)
	expectAsk(t, s, 1, askReply)
	do(t, s, act(KReply, 0, 0, 1))
	expectRoll(t, s, rShoot, -1)
	if int(s.rollA) != j || int(s.rollB) != i {
		t.Fatal("the response is not the charged unit's shot at the chargers")
	}
	_, needs, _ := s.shotPlan(j, i, sfUnprompted)
	if needs != 5 {
		t.Fatalf("response needs %d+, want 5+", needs)
	}
}

// Charge 5-6: a supply die adds 1BW to the charge distance, chosen with
// the declaration (ruling D-CHARGE-SUPPLY).
func TestRule_ChargeDistanceSupplyDie(t *testing.T) {
	p := clash(3, false)
	p.supply = [2]uint8{1, 0}
	p.gens["FC0"] = geom.V(22, 6)
	s := start(t, p)
	j := labelIdx(t, s, "R")
	i := charge(t, s, j, 1)
	testTo(t, s, 8)
	testTo(t, s, 8)
	roll(t, s, 2)
	if s.Units[i].Flags&fInMelee == 0 {
		t.Fatal("2 plus the supply die's 1BW should reach 3BW")
	}
	if s.Supply[0] != 0 {
		t.Fatal("the supply die was not spent")
	}
}

// Charge 3 and the Outcomes Table's charge column: a charged unit that
// throws 2-4 is forced to retire before the chargers move.
func TestRule_ChargedForcedRetire(t *testing.T) {
	s := start(t, clash(3, false))
	j := labelIdx(t, s, "R")
	charge(t, s, j, 0)
	testTo(t, s, 8)
	testTo(t, s, 4)
	expectRoll(t, s, rRetire, 1)
	roll(t, s, 3)
	if got := s.Units[j].Front.Y; !near(got, 14) {
		t.Fatalf("charged unit front at y=%g, want 14 after a 3BW retire", got)
	}
	expectRoll(t, s, rChargeDistance, 1)
}

// Moving evading units and Evade (Unprompted): an open unit must evade in
// the open from formed chargers, may choose in terrain or when the
// chargers are open; once a turn; the evade is 1D6 away in the direction
// of the charge, after which the chargers move; the evaders take no
// charged test (ruling D-EVADE-TEST).
func TestRule_ChargeEvade(t *testing.T) {
	wood := Feature{Kind: Wood, Points: []geom.Vec{{X: 18, Y: 10}, {X: 30, Y: 10}, {X: 30, Y: 16}, {X: 18, Y: 16}}}
	cases := []struct {
		name      string
		terrain   []Feature
		chargerOp bool
		evaded    bool
		ask       bool
		evades    bool
	}{
		{"MustEvadeInOpen", nil, false, false, false, true},
		{"MayChooseInTerrain", []Feature{wood}, false, false, true, true},
		{"MayChooseWhenChargersOpen", nil, true, false, true, true},
		{"OnlyOnceATurn", nil, false, true, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := clash(3, false)
			p.terrain = c.terrain
			p.units[1].p, p.units[1].form = lightFoot(), Open
			if c.chargerOp {
				p.units[0].p, p.units[0].form = lightFoot(), Open
			}
			s := start(t, p)
			j := labelIdx(t, s, "R")
			if c.evaded {
				s.Units[j].Flags |= fEvaded
			}
			i := activate(t, s, "A", 0)
			declare(t, s, act(KCharge, i, j, 0), act(KPass, i, 0, 0))
			if c.ask {
				expectAsk(t, s, 1, askEvade)
				do(t, s, act(KEvade, 0, 0, 1))
			}
			testTo(t, s, 8) // the chargers
			if !c.evades {
				if s.top().y&tfCharged == 0 {
					t.Fatal("a unit that cannot evade takes no charged test")
				}
				return
			}
			expectRoll(t, s, rEvade, 1)
			roll(t, s, 5)
			if got := s.Units[j].Front.Y; got < 11+5-1e-6 || s.Units[j].Facing != 0 {
				t.Fatalf("evaders front at y=%g facing %g: want 5BW away facing the charge's way", got, s.Units[j].Facing)
			}
			if s.Units[j].Flags&(fEvaded|fActivated) != fEvaded|fActivated {
				t.Fatal("evading did not spend the unit's actions and mark its evade")
			}
			expectRoll(t, s, rChargeDistance, -1)
		})
	}
}

// Baggage Camp: a camp is lost when an enemy charge contacts it (after a
// passed chargers' test); its side's supply dice are gone, every friendly
// unit within 6BW takes 1 hit, later tests are at -1.
func TestRule_ChargeCampCapture(t *testing.T) {
	p := clash(20, false)
	camp := geom.V(24, 12) // the camp's front edge, facing south: 12..16
	p.camps[1] = &camp
	p.supply = [2]uint8{0, 4}
	p.units = append(p.units, u1("R2", lineFoot(), 24, 17, Line))
	s := start(t, p)
	i := activate(t, s, "A", 0)
	declare(t, s, act(KCharge, i, campTarget+1, 0), act(KPass, i, 0, 0))
	testTo(t, s, 8)
	expectRoll(t, s, rChargeDistance, 1)
	roll(t, s, 5)
	if !s.Camp[1].Lost || s.Supply[1] != 0 {
		t.Fatalf("camp lost %v, supply %d", s.Camp[1].Lost, s.Supply[1])
	}
	if s.Units[labelIdx(t, s, "R2")].Hits != 1 {
		t.Fatal("a unit within 6BW of the lost camp took no hit")
	}
	if s.Units[labelIdx(t, s, "R")].Hits != 0 {
		t.Fatal("a unit beyond 6BW of the lost camp took a hit")
	}
	sit := s.testModifier(labelIdx(t, s, "R2"), TestOther, 0xff, 0)
	s.Camp[1].Lost = false
	if sit != s.testModifier(labelIdx(t, s, "R2"), TestOther, 0xff, 0)-1 {
		t.Fatal("a lost camp does not cost 1 on tests")
	}
}

// Hold Test: a zealous foot unit within 3BW of enemy foot tests at
// activation; 7 or more must charge (only charges are offered and the
// point the test spent pays for it) and charges without the chargers'
// test, 6 or less acts freely with one point spent and a charge it then
// elects takes that test (ruling D-ZEALOUS-CHARGE).
func TestRule_HoldTestZealous(t *testing.T) {
	cases := []struct {
		name   string
		score  int
		charge bool
		points int
	}{
		{"SevenMustCharge", 7, true, 2},
		{"SixActsFreely", 6, false, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := clash(2.5, false)
			p.units[0].p = with(lineFoot(), DocZealous)
			// Supply at hand: still no die is offered for the hold test
			// (ruling D-SUPPLY-THROWS).
			p.supply = [2]uint8{2, 0}
			p.gens["FC0"] = geom.V(22, 6)
			s := start(t, p)
			i := activate(t, s, "A", 0)
			expectRoll(t, s, rHold, 2)
			sum := c.score - s.holdModifier(i)
			a := min(6, sum-1)
			roll(t, s, a, sum-a)
			if got := int(s.activationTask().n); got != c.points {
				t.Fatalf("%d points to declare, want %d", got, c.points)
			}
			acts := s.Legal(nil)
			onlyCharges := true
			for _, a := range acts {
				if a.Kind != KCharge {
					onlyCharges = false
				}
			}
			if onlyCharges != c.charge {
				t.Fatalf("only charges offered: %v, want %v (%d choices)", onlyCharges, c.charge, len(acts))
			}
			if c.charge {
				// Nor may a person type a free advance instead.
				refuse(t, s, toward(i, geom.V(24, 20), 0), "must charge")
				// Exempt from the chargers' test: the charged test is next.
				declare(t, s, act(KCharge, i, labelIdx(t, s, "R"), 0))
				for s.wait == waitDecision && s.ask == askDeclare {
					do(t, s, act(KPass, i, 0, 0))
				}
				noSupply(t, s)
				if s.top().kind != tTest || s.top().y&tfCharged == 0 {
					t.Fatalf("a held zealous unit took the chargers' test (%s)", s.waitingFor())
				}
				return
			}
			// Ruling D-ZEALOUS-CHARGE: a unit that held (6 or less) and
			// then elects to charge makes an ordinary charge, chargers'
			// test included.
			declare(t, s, act(KCharge, i, labelIdx(t, s, "R"), 0))
			noSupply(t, s)
			if s.top().kind != tTest || s.top().y&tfCharger == 0 {
				t.Fatalf("a zealous unit that held and then charged did not take the chargers' test (%s)", s.waitingFor())
			}
		})
	}
}

var _ = engine.Chance

// ruling D-CHARGED-STAND: a charged unit that Stands holds without
// shooting; only Carry On lets it shoot at the chargers.
func TestRule_ChargedStandDoesNotShoot(t *testing.T) {
	s := start(t, clash(1.5, true))
	charge(t, s, labelIdx(t, s, "R"), 0)
	testTo(t, s, 8)
	testTo(t, s, 5)
	expectRoll(t, s, rChargeDistance, 1)
}

// ruling D-OCCUPY-UNPROMPTED: a charged unit whose response shot breaks
// the chargers does not move into their space.
func TestRule_ResponseShotBreakNoOccupy(t *testing.T) {
	s := start(t, clash(1.5, true))
	i := labelIdx(t, s, "A")
	s.Units[i].Hits = 8
	charge(t, s, labelIdx(t, s, "R"), 0)
	testTo(t, s, 8)
	testTo(t, s, 8)
	do(t, s, act(KReply, 0, 0, 1))
	expectRoll(t, s, rShoot, 8)
	roll(t, s, 5, 5, 1, 1, 1, 1, 1, 1)
	if s.Units[i].Flags&fBroken == 0 {
		t.Fatal("the chargers did not break")
	}
	if s.wait == waitDecision && s.ask == askOccupy {
		t.Fatal("an unprompted shot's shooters are offered the space")
	}
}

// ruling D-CHARGE-SECOND: a charge may follow a shot but not a move in the
// same declaration.
func TestRule_ChargeAsSecondAction(t *testing.T) {
	for _, c := range []struct {
		name  string
		first func(i, j int) engine.Action
		ok    bool
	}{
		{"AfterShot", func(i, j int) engine.Action { return act(KShoot, i, j, 0) }, true},
		{"AfterAdvanceNot", func(i, j int) engine.Action { return toward(i, geom.V(24, 9), 0) }, false},
		{"AfterTurnNot", func(i, j int) engine.Action { return act(KTurn, i, 0, int(TurnAbout)) }, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := start(t, clash(3, true))
			i, j := activate(t, s, "A", 0), labelIdx(t, s, "R")
			declare(t, s, c.first(i, j))
			if got := legal(s, act(KCharge, i, j, 0)); got != c.ok {
				t.Fatalf("second charge offered %v, want %v", got, c.ok)
			}
		})
	}
}

// Charge 1 and Movement notes (ruling D-WHEELROOM): a charge that needs a
// wheel may be declared only if the wheel has room; a friend in the way of
// the swinging flank rules it out at declaration, not when it is carried
// out.
func TestRule_ChargeNeedsRoomToWheel(t *testing.T) {
	for _, c := range []struct {
		name    string
		blocker bool
		ok      bool
	}{{"RoomToWheel", false, true}, {"FriendInTheWay", true, false}} {
		t.Run(c.name, func(t *testing.T) {
			// Cavalry (x 22-26) must wheel right about (26,8) to reach R.
			p := clash(3, false)
			p.units[0].p = heavyCav()
			four := lineFoot()
			four.Bases = 4
			p.units[1] = u1("R", four, 29, 12, Line)
			if c.blocker {
				two := lineFoot()
				two.Bases = 2
				p.units = append(p.units, u0("F", two, 23.1, 9.03, Line))
			}
			s := start(t, p)
			i, j := labelIdx(t, s, "A"), labelIdx(t, s, "R")
			ang, _, _, ok := s.chargePath(i, j)
			if !ok || ang == 0 {
				t.Fatalf("the position needs a wheel to charge (wheel %g, path %v)", ang, ok)
			}
			if got := s.canCharge(i, j, false); got != c.ok {
				t.Fatalf("canCharge = %v, want %v", got, c.ok)
			}
		})
	}
}

// Ruling D-EVADE-AP (Shooting (Unprompted): "If the unit does not have
// any action points remaining, then it cannot do an unprompted shot";
// Evade: "An evading unit shoots at the chargers, if it is reloaded, at
// the start of the evade"): an evader that has had its activation this
// turn evades without shooting, as the charged unit's volley is refused
// it (ruling D-UNPROMPTED-AP); one that has not shoots, then evades.
func TestRule_EvadeShotNeedsActionPoints(t *testing.T) {
	for _, c := range []struct {
		name      string
		activated bool
	}{
		{"NotYetActivatedShoots", false},
		{"ActivatedEvadesWithoutShooting", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := clash(1.5, true)
			p.units[1].p, p.units[1].form = lightFoot(), Open
			s := start(t, p)
			j := labelIdx(t, s, "R")
			if c.activated {
				s.Units[j].Flags |= fActivated
			}
			charge(t, s, j, 0)
			testTo(t, s, 8) // the chargers pass
			if c.activated {
				expectRoll(t, s, rEvade, 1)
				return
			}
			expectRoll(t, s, rShoot, -1)
		})
	}
}
