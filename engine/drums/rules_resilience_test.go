package drums

import (
	"math"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// lone is a side-0 battalion T at 24,12 facing north with nothing near,
// plus far-off units so no break ends the game.
func lone() pos {
	return pos{units: []pu{
		u0("T", lineFoot(), 24, 12, Line),
		{side: 0, cmd: 1, label: "A9", p: lineFoot(), x: 44, y: 2, f: 0, form: Line, level: Steady},
		{side: 1, cmd: 0, label: "R8", p: lineFoot(), x: 4, y: 31, f: 180, form: Line, level: Steady},
		{side: 1, cmd: 1, label: "R9", p: lineFoot(), x: 44, y: 31, f: 180, form: Line, level: Steady},
	}}
}

// runTest pushes a resilience test of kind for unit label against other
// (-1: none) and runs to its throw.
func runTest(t *testing.T, s *State, label string, kind TestKind, other int) int {
	t.Helper()
	i := labelIdx(t, s, label)
	b := uint8(0xff)
	if other >= 0 {
		b = uint8(other)
	}
	s.push(task{kind: tTest, a: uint8(i), b: b, x: int8(kind)})
	s.run()
	return i
}

// Resilience Situation Adjustment Table: the column of the test and the
// rows the state's situation sets.
func TestRule_ResilienceModifiers(t *testing.T) {
	cases := []struct {
		name string
		kind TestKind
		set  func(s *State, i int)
		want int
	}{
		// Not zealous +1, in line +1, more friendly bases than enemy +1.
		{"ShootingSteadyLineAlone", TestShooting, nil, 3},
		// Received hits -1, and from artillery -1 more.
		{"ShootingHitByGuns", TestShooting, func(s *State, i int) { s.Units[i].Flags |= fHit | fHitByGuns }, 1},
		// Other: only the bases row; determined +1.
		{"OtherDetermined", TestOther, func(s *State, i int) { s.Units[i].Level = Determined }, 2},
		// Lost half its strength -1 (3 of 6 bases left).
		{"OtherLostHalf", TestOther, func(s *State, i int) { s.Units[i].Hits = 6 }, 0},
		// Forced to retire this turn: -2 from shooting.
		{"ShootingForcedRetired", TestShooting, func(s *State, i int) { s.Units[i].Flags |= fForcedRetire }, 1},
		// Each general of its line of command within 3BW +1.
		{"OtherTwoGeneralsNear", TestOther, func(s *State, i int) {
			s.Gens[s.st.genIndex(0, 0)].Pos = geom.V(24, 10)
			s.Gens[s.st.firstGen[0]].Pos = geom.V(26, 10)
		}, 3},
		// Column of march -2 from shooting (and no line row).
		{"ShootingColumnOfMarch", TestShooting, func(s *State, i int) { s.Units[i].Form = March }, 0},
		// Baggage camp lost -1.
		{"OtherCampLost", TestOther, func(s *State, i int) { s.Camp[0].Lost = true }, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := setUp(t, lone())
			i := labelIdx(t, s, "T")
			if c.set != nil {
				c.set(s, i)
			}
			if got := s.testModifier(i, c.kind, 0xff, 0); got != c.want {
				t.Fatalf("modifier %+d, want %+d", got, c.want)
			}
		})
	}
}

// Resilience Outcomes Table: each outcome applied to the unit at once.
func TestRule_ResilienceOutcomes(t *testing.T) {
	cases := []struct {
		name    string
		kind    TestKind
		score   int
		hits    int
		y       float64 // front after (a retire throws 3)
		broken  bool
		retires bool
		set     func(s *State, i int)
	}{
		{"Other12AdvanceTwo", TestOther, 12, 0, 14, false, false, nil},
		{"Other10AdvanceOne", TestOther, 10, 0, 13, false, false, nil},
		{"Other8CarryOn", TestOther, 8, 0, 12, false, false, nil},
		{"Other6ForcedRetire", TestOther, 6, 0, 9, false, true, nil},
		{"Other3ForcedRetireOneHit", TestOther, 3, 1, 9, false, true, nil},
		{"OtherOneOrLessBreaks", TestOther, 1, 0, 12, true, false, func(s *State, i int) { s.Units[i].Level = Lackluster; s.Units[i].Hits = 6 }},
		{"Shooting12AdvanceOne", TestShooting, 12, 0, 13, false, false, nil},
		{"Shooting6StandOneHit", TestShooting, 6, 1, 12, false, false, nil},
		{"Shooting5ForcedRetire", TestShooting, 5, 0, 9, false, true, nil},
		{"Charge5Stand", TestCharge, 5, 0, 12, false, false, nil},
		{"Melee5ForcedRetireOneHit", TestMelee, 5, 1, 9, false, true, nil},
		{"Melee3ForcedRetireTwoHits", TestMelee, 3, 2, 9, false, true, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := setUp(t, lone())
			if c.set != nil {
				c.set(s, labelIdx(t, s, "T"))
			}
			i := runTest(t, s, "T", c.kind, -1)
			testTo(t, s, c.score)
			if c.retires {
				expectRoll(t, s, rRetire, 1)
				roll(t, s, 3)
			}
			u := &s.Units[i]
			if c.broken {
				if u.Flags&fBroken == 0 {
					t.Fatal("did not break")
				}
				return
			}
			if int(u.Hits) != c.hits || !near(u.Front.Y, c.y) {
				t.Fatalf("%d hits, front y=%g: want %d hits at y=%g", u.Hits, u.Front.Y, c.hits, c.y)
			}
		})
	}
}

// Resilience Outcomes Table heading: a unit defending an obstacle turns an
// Advance into Carry On.
func TestRule_ResilienceDefendingNoAdvance(t *testing.T) {
	p := lone()
	p.terrain = []Feature{{Kind: Obstacle, Points: []geom.Vec{{X: 18, Y: 12.3}, {X: 30, Y: 12.3}}}}
	p.units[2].x, p.units[2].y = 24, 16
	s := setUp(t, p)
	i := runTest(t, s, "T", TestOther, -1)
	testTo(t, s, 12)
	if !near(s.Units[i].Front.Y, 12) {
		t.Fatalf("a defender advanced to y=%g", s.Units[i].Front.Y)
	}
}

// Forced to retire 1: a supply die may add or take 1BW after the throw.
func TestRule_ForcedRetireSupplyAdjust(t *testing.T) {
	for _, c := range []struct {
		name string
		arg  int
		want float64
	}{{"NoAdjust", 0, 9}, {"PlusOne", 1, 8}, {"MinusOne", 2, 10}} {
		t.Run(c.name, func(t *testing.T) {
			p := lone()
			p.supply = [2]uint8{2, 0}
			p.gens = map[string]geom.Vec{"FC0": geom.V(24, 11)}
			s := setUp(t, p)
			i := runTest(t, s, "T", TestOther, -1)
			testTo(t, s, 6)
			roll(t, s, 3)
			expectAsk(t, s, 0, askRetireAdjust)
			do(t, s, act(KAdjust, 0, 0, c.arg))
			if !near(s.Units[i].Front.Y, c.want) {
				t.Fatalf("front y=%g, want %g", s.Units[i].Front.Y, c.want)
			}
		})
	}
}

// Forced to retire 2 and What happens with a forced to retire contacts a
// friendly unit / an enemy unit: a friend in the way is passed through
// with a hit each (moving the least distance that clears it); an enemy
// stops the unit 1BW short with a hit for every whole BW not moved, and
// the unit may turn to face it if it is bigger than the unit that forced
// the retire (ruling D-RETIRE-FACE).
func TestRule_ForcedRetireContacts(t *testing.T) {
	small := lineFoot()
	small.Bases = 3
	cases := []struct {
		name      string
		add       pu
		forcer    Profile
		die       int
		y         float64
		hits      int
		otherHits int
		facing    float64
		// face answers the offer to turn about: -1 no offer expected.
		face int
	}{
		{"ThroughFriendHitEach", u0("F", lineFoot(), 24, 11.3, Line), lineFoot(), 4, 8, 1, 1, 0, -1},
		{"FriendNotClearedMovesThrough", u0("F", lineFoot(), 24, 11.3, Line), lineFoot(), 1, 10.8, 1, 1, 0, -1},
		{"EnemyBehindStops1BWShortHits", pu{side: 1, label: "E", p: lineFoot(), x: 24, y: 10, f: 0, form: Line, level: Steady}, lineFoot(), 4, 11.5, 3, 0, 0, -1},
		{"EnemyBiggerThanForcerTurnsToFace", pu{side: 1, label: "E", p: lineFoot(), x: 24, y: 10, f: 0, form: Line, level: Steady}, small, 4, 11, 3, 0, 180, 1},
		{"EnemyBiggerDeclineToTurn", pu{side: 1, label: "E", p: lineFoot(), x: 24, y: 10, f: 0, form: Line, level: Steady}, small, 4, 11.5, 3, 0, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := lone()
			p.units = append(p.units, c.add, pu{side: 1, cmd: 1, label: "S", p: c.forcer, x: 24, y: 20, f: 180, form: Line, level: Steady})
			s := setUp(t, p)
			i := runTest(t, s, "T", TestOther, labelIdx(t, s, "S"))
			testTo(t, s, 6)
			roll(t, s, c.die)
			if c.face >= 0 {
				expectAsk(t, s, 0, askFace)
				do(t, s, act(KFace, 0, 0, c.face))
			} else if s.wait == waitDecision && s.ask == askFace {
				t.Fatal("offered a turn to face no bigger enemy")
			}
			u := &s.Units[i]
			if !near(u.Front.Y, c.y) || int(u.Hits) != c.hits || u.Facing != c.facing {
				t.Fatalf("front y=%g, %d hits, facing %g: want y=%g, %d hits, facing %g", u.Front.Y, u.Hits, u.Facing, c.y, c.hits, c.facing)
			}
			if got := int(s.Units[labelIdx(t, s, c.add.label)].Hits); got != c.otherHits {
				t.Fatalf("the unit in the way took %d hits, want %d", got, c.otherHits)
			}
		})
	}
}

// ruling D-RETIRE-SHORT: a retire stopped by the table edge takes a hit
// for every whole BW it could not move, as one stopped by an enemy does.
func TestRule_ForcedRetireTableEdge(t *testing.T) {
	p := lone()
	p.units[0].y = 2.5 // rear edge at 2
	s := setUp(t, p)
	i := runTest(t, s, "T", TestOther, -1)
	testTo(t, s, 6)
	roll(t, s, 5)
	if u := &s.Units[i]; !near(u.Front.Y, 0.5) || u.Hits != 3 {
		t.Fatalf("front y=%g, %d hits: want 0.5 and 3", u.Front.Y, u.Hits)
	}
}

// ruling D-DEFENDER: an army that is always the defender throws no
// scouting dice; the other side attacks.
func TestRule_AlwaysDefender(t *testing.T) {
	p := lone()
	sc := p.scenario()
	sc.Forces[0].AlwaysDefender = true
	s, err := NewGameOn(sc, p.opts)
	if err != nil {
		t.Fatal(err)
	}
	if s.Attacker != 1 || s.rollWhat == rScout && s.wait == waitDice {
		t.Fatalf("attacker %d, want 1 without a throw", s.Attacker)
	}
}

// Quarter master and Conducting a resilience test: a supply die offered
// with the force commander within 3BW is added to the test's dice before
// the throw and spent; with the d12 variant a test throws 1D12.
func TestRule_ResilienceTestDice(t *testing.T) {
	t.Run("SupplyDieAddsADie", func(t *testing.T) {
		p := lone()
		p.supply = [2]uint8{2, 0}
		p.gens = map[string]geom.Vec{"FC0": geom.V(24, 11)}
		s := setUp(t, p)
		runTest(t, s, "T", TestOther, -1)
		expectAsk(t, s, 0, askSupply)
		do(t, s, act(KSupply, 0, 0, 1))
		expectRoll(t, s, rTest, 3)
		if s.Supply[0] != 1 {
			t.Fatalf("supply %d, want 1", s.Supply[0])
		}
	})
	t.Run("D12Variant", func(t *testing.T) {
		p := lone()
		p.opts.Variants = []string{VariantD12}
		s := setUp(t, p)
		runTest(t, s, "T", TestOther, -1)
		expectRoll(t, s, rTest, 1)
		if s.roll.Sides(0) != 12 {
			t.Fatalf("a d12 test throws %s", s.roll)
		}
	})
}

// Hold Test: zealous cavalry test within 6BW of any enemy not in square
// or terrain; not near a square.
func TestRule_HoldTestCavalry(t *testing.T) {
	for _, c := range []struct {
		name  string
		form  Formation
		tests bool
	}{{"NearFootLineTests", Line, true}, {"NearSquareNoTest", Square, false}} {
		t.Run(c.name, func(t *testing.T) {
			p := clash(5, false)
			p.units[0].p = with(heavyCav(), DocZealous)
			p.units[1].form = c.form
			s := start(t, p)
			activate(t, s, "A", 0)
			got := s.ToMove() == engine.Chance && s.rollWhat == rHold
			if got != c.tests {
				t.Fatalf("hold test %v, want %v", got, c.tests)
			}
		})
	}
}

// Forced to retire 2 with no room beyond the friend: an enemy right
// behind the friend stops the retire short of the friend, with a hit for
// every whole BW not moved (ruling D-RETIRE-SHORT), rather than leaving
// the unit inside the friend or on the enemy.
func TestRule_ForcedRetireNoRoomBeyondFriend(t *testing.T) {
	p := lone()
	p.units = append(p.units,
		u0("F", lineFoot(), 24, 11.3, Line),
		pu{side: 1, label: "E", p: lineFoot(), x: 24, y: 10.3, f: 0, form: Line, level: Steady})
	s := setUp(t, p)
	i := runTest(t, s, "T", TestOther, -1)
	testTo(t, s, 6)
	roll(t, s, 2)
	u := &s.Units[i]
	f := s.rect(labelIdx(t, s, "F"))
	if geom.Overlap(s.rect(i), f, 1e-6) {
		t.Fatalf("the retire ended inside the friend (front y=%g)", u.Front.Y)
	}
	if u.Hits < 1 {
		t.Fatalf("%d hits, want at least 1 for the ground not moved", u.Hits)
	}
}

// Ruling D-DEFEND-TEST (Situation Adjustment Table: "Defending a
// fortification or obstacle +2 +2 +1"): a test that names no opposing
// unit (the end of turn test) counts the testers as defending when they
// defend the feature against any enemy unit (ruling D-DEFEND), as the
// outcome's Advance does (TestRule_ResilienceDefendingNoAdvance).
func TestRule_ResilienceDefendingAtEndOfTurn(t *testing.T) {
	fence := []Feature{{Kind: Obstacle, Points: []geom.Vec{{X: 18, Y: 12.3}, {X: 30, Y: 12.3}}}}
	wall := []Feature{{Kind: Fortification, Points: []geom.Vec{{X: 18, Y: 12.3}, {X: 30, Y: 12.3}}}}
	behind := []Feature{{Kind: Obstacle, Points: []geom.Vec{{X: 18, Y: 10}, {X: 30, Y: 10}}}}
	mod := func(terrain []Feature) int {
		p := lone()
		p.terrain = terrain
		p.units[2].x, p.units[2].y = 24, 16 // R8 ahead of T, beyond the feature
		s := setUp(t, p)
		runTest(t, s, "T", TestOther, -1)
		return testMod(t, s)
	}
	open := mod(nil)
	for _, c := range []struct {
		name    string
		terrain []Feature
		want    int
	}{
		{"ObstacleAhead", fence, 1},
		{"FortificationAhead", wall, 1},
		{"ObstacleBehindDoesNotCount", behind, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := mod(c.terrain) - open; got != c.want {
				t.Fatalf("the feature adds %+d to the end of turn test, want %+d", got, c.want)
			}
		})
	}
}

// Ruling D-RETIRE-TOUCH (Forced to retire 2; "What happens with a forced
// to retire contacts a friendly unit? The unit completes enough distance
// to completely interpenetrate the friendly unit. Both units take a
// hit"): a retire whose distance ends exactly touching a friend behind has
// contacted it and passes through, with a hit each; one that ends short of
// it stops there with none.
func TestRule_ForcedRetireTouchingFriend(t *testing.T) {
	fp := lightFoot()
	fp.Bases = 2
	for _, c := range []struct {
		name   string
		friend float64 // the friend's front edge; T's rear is at 11.5
		front  float64 // T's front after a 3BW retire
		hits   uint8
	}{
		{"EndsShortNoContact", 8.4, 9, 0},
		{"EndsTouchingPassesThrough", 8.5, 8, 1}, // through F (8..8.5) to beyond it
	} {
		t.Run(c.name, func(t *testing.T) {
			p := lone()
			p.units = append(p.units, u0("F", fp, 24, c.friend, Line))
			s := setUp(t, p)
			i := runTest(t, s, "T", TestOther, -1)
			f := labelIdx(t, s, "F")
			testTo(t, s, 6) // forced to retire
			expectRoll(t, s, rRetire, 1)
			roll(t, s, 3)
			if got := s.Units[i].Front.Y; math.Abs(got-c.front) > 1e-6 {
				t.Fatalf("front at y=%g, want %g", got, c.front)
			}
			if s.Units[i].Hits != c.hits || s.Units[f].Hits != c.hits {
				t.Fatalf("hits %d and %d, want %d each", s.Units[i].Hits, s.Units[f].Hits, c.hits)
			}
		})
	}
}
