package drums

import (
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// duel is a side-0 line battalion at 24,8 facing north, in command, and a
// side-1 battalion facing it with its front edge at y (out of command
// unless inCmd).
func duel(y float64, inCmd bool) pos {
	p := pos{
		units: []pu{u0("A", lineFoot(), 24, 8, Line), u1("R", lineFoot(), 24, y, Line)},
		gens:  map[string]geom.Vec{"G0.0": geom.V(24, 6)},
	}
	if inCmd {
		p.gens["G1.0"] = geom.V(24, y+3)
	}
	return p
}

// shootAt activates A and declares a shot at R then a pass, returning the
// units' indices.
func shootAt(t *testing.T, s *State) (int, int) {
	t.Helper()
	i, j := activate(t, s, "A", 0), labelIdx(t, s, "R")
	declare(t, s, act(KShoot, i, j, 0), act(KPass, i, 0, 0))
	return i, j
}

// Shooting Action and Tables 1, 2c: one die a base in range and arc, +2
// the first time the unit shoots in the game, the range column's score to
// hit, a minimum of 2D6; the target tests when hit.
func TestRule_ShootingPoolAndHits(t *testing.T) {
	cases := []struct {
		name     string
		y        float64
		bases    uint8
		setup    func(s *State, i int)
		dice     int
		values   []int
		hits     int
		testsToo bool
	}{
		{"LongRangeSixesFirstShotBonus", 12.5, 6, nil, 8, []int{6, 6, 6, 5, 5, 1, 1, 1}, 3, true},
		{"FirstShotBonusOnlyOnce", 12.5, 6, func(s *State, i int) { s.Units[i].Flags |= fFirstShot }, 6, []int{6, 5, 5, 5, 5, 5}, 1, true},
		{"ShortRangeFourPlus", 9.5, 6, func(s *State, i int) { s.Units[i].Flags |= fFirstShot }, 6, []int{4, 4, 3, 3, 3, 3}, 2, true},
		{"MinimumTwoDice", 12.5, 2, func(s *State, i int) { s.Units[i].Flags |= fFirstShot | fMoved }, 2, []int{1, 1}, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := duel(c.y, true)
			p.units[0].p.Bases = c.bases
			s := start(t, p)
			if c.setup != nil {
				c.setup(s, labelIdx(t, s, "A"))
			}
			i, j := shootAt(t, s)
			expectRoll(t, s, rShoot, c.dice)
			roll(t, s, c.values...)
			if got := int(s.Units[j].Hits); got != c.hits {
				t.Fatalf("%d hits, want %d", got, c.hits)
			}
			if c.testsToo {
				expectRoll(t, s, rTest, 2)
				if TestKind(s.top().x) != TestShooting {
					t.Fatalf("the target's test is %s", TestKind(s.top().x))
				}
				testTo(t, s, 8)
			}
			if s.Units[i].Flags&fLoaded != 0 {
				t.Fatal("the shooters are still loaded")
			}
		})
	}
}

// Shooting Action 2: a unit must reload before it shoots again; a reload
// then a shot is one activation's two actions.
func TestRule_ShootMustReload(t *testing.T) {
	s := start(t, duel(12.5, true))
	i, j := labelIdx(t, s, "A"), labelIdx(t, s, "R")
	s.Units[i].Flags &^= fLoaded
	activate(t, s, "A", 0)
	if legal(s, act(KShoot, i, j, 0)) {
		t.Fatal("an unloaded unit is offered a shot")
	}
	declare(t, s, act(KReload, i, 0, 0))
	if !legal(s, act(KShoot, i, j, 0)) {
		t.Fatal("a shot after a reload is not offered")
	}
	declare(t, s, act(KShoot, i, j, 0))
	expectRoll(t, s, rShoot, 8)
}

// Shooting Action 3-4: the target must be in the 45 degree arc of the
// front and in sight; a unit between blocks it.
func TestRule_ShootArcAndSight(t *testing.T) {
	t.Run("OutOfArc", func(t *testing.T) {
		p := duel(12.5, true)
		p.units[1].x, p.units[1].y, p.units[1].f = 36, 7, 270
		s := start(t, p)
		i, j := activate(t, s, "A", 0), labelIdx(t, s, "R")
		if legal(s, act(KShoot, i, j, 0)) {
			t.Fatal("a target beside the unit is offered")
		}
	})
	t.Run("SightBlockedByUnit", func(t *testing.T) {
		p := duel(12.5, true)
		wide := lineFoot()
		wide.Bases = 8
		p.units = append(p.units, u0("B", wide, 24, 10.5, Line))
		s := start(t, p)
		i, j := activate(t, s, "A", 0), labelIdx(t, s, "R")
		if legal(s, act(KShoot, i, j, 0)) {
			t.Fatal("a target behind a friend is offered")
		}
	})
}

// Shooting (Unprompted) 2: a unit shot at when out of command distance
// fires back at once at the shooters if they are in its response range,
// spending its actions (ruling D-UNPROMPTED-AP); in command, or out of
// response range, it does not.
func TestRule_UnpromptedShotOutOfCommand(t *testing.T) {
	cases := []struct {
		name    string
		y       float64
		inCmd   bool
		replies bool
	}{
		{"OutOfCommandReplies", 9.5, false, true},
		{"InCommandNoReply", 9.5, true, false},
		{"BeyondResponseRangeNoReply", 12.5, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := start(t, duel(c.y, c.inCmd))
			_, j := shootAt(t, s)
			roll(t, s, 6, 1, 1, 1, 1, 1, 1, 1)
			testTo(t, s, 8)
			if !c.replies {
				if s.ToMove() == engine.Chance && s.rollWhat == rShoot {
					t.Fatal("the target replied")
				}
				return
			}
			expectRoll(t, s, rShoot, -1)
			if int(s.rollA) != j {
				t.Fatal("the reply is not the target's")
			}
			// The response row: smooth bore 2BW/5+.
			_, needs, _ := s.shotPlan(j, int(s.rollB), sfUnprompted)
			if needs != 5 {
				t.Fatalf("the reply needs %d+, want 5+", needs)
			}
			if s.Units[j].Flags&fActivated == 0 {
				t.Fatal("the reply did not spend the target's actions")
			}
		})
	}
}

// Shooting Table 1 (ruling D-BOUNCE): a battery at long range bounces
// every 6 into a unit within 3BW behind the target on the line of fire.
func TestRule_ArtilleryBounce(t *testing.T) {
	p := pos{
		units: []pu{
			u0("G", battery(), 24, 8, Line),
			u1("R", lineFoot(), 24, 18.5, Line),
			u1("S", lineFoot(), 24, 21, Line),
		},
		gens: map[string]geom.Vec{"G0.0": geom.V(24, 5), "G1.0": geom.V(24, 24)},
	}
	s := start(t, p)
	i, j, k := activate(t, s, "G", 0), labelIdx(t, s, "R"), labelIdx(t, s, "S")
	declare(t, s, act(KShoot, i, j, 0), act(KPass, i, 0, 0))
	// One model: 1D6, +2 the first shot.
	expectRoll(t, s, rShoot, 3)
	roll(t, s, 6, 6, 5)
	if s.Units[j].Hits != 3 || s.Units[k].Hits != 2 {
		t.Fatalf("target %d hits, behind %d hits: want 3 and 2", s.Units[j].Hits, s.Units[k].Hits)
	}
	if s.Units[j].Flags&fHitByGuns == 0 {
		t.Fatal("artillery hits not marked")
	}
}

// Broken units as a result of shooting: the shooters may move 1D6 into
// the space, no further than needed.
func TestRule_OccupyAfterShooting(t *testing.T) {
	cases := []struct {
		name string
		die  int
		want float64
	}{
		{"ShortThrowMovesItAll", 2, 10},
		{"NoFurtherThanNeeded", 6, 13},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := duel(12.5, true)
			p.units = append(p.units, pu{side: 1, cmd: 1, label: "R2", p: lineFoot(), x: 4, y: 30, f: 180, form: Line, level: Steady})
			s := start(t, p)
			i, j := labelIdx(t, s, "A"), labelIdx(t, s, "R")
			s.Units[j].Hits = 8 // two bases left: one more base lost breaks it
			shootAt(t, s)
			roll(t, s, 6, 6, 1, 1, 1, 1, 1, 1)
			if s.Units[j].Flags&fBroken == 0 {
				t.Fatal("the target did not break")
			}
			expectAsk(t, s, 0, askOccupy)
			do(t, s, act(KOccupy, 0, 0, 1))
			expectRoll(t, s, rOccupy, 1)
			roll(t, s, c.die)
			if got := s.Units[i].Front.Y; !near(got, c.want) {
				t.Fatalf("front at y=%g, want %g", got, c.want)
			}
		})
	}
}

// Shooting Tables 2a-2d filled from the state: the rows the shooters' and
// target's flags set (ruling D-MANHANDLE: an unlimbered battery that moved
// was man-handled).
func TestRule_ShootingTablesFromState(t *testing.T) {
	two := battery()
	two.Bases = 2
	cases := []struct {
		name string
		p    Profile
		form Formation
		y    float64
		set  func(s *State, i, j int)
		want int
	}{
		{"ArtilleryFirstShot", two, Line, 18, nil, 4},
		{"ArtilleryHitsOnShooters", two, Line, 18, func(s *State, i, j int) { s.Units[i].Hits = 2 }, 2},
		{"ArtilleryManHandled", two, Line, 18, func(s *State, i, j int) { s.Units[i].Flags |= fMoved }, 3},
		{"FormedTargetMovedOneIn3", lineFoot(), Line, 12.5, func(s *State, i, j int) { s.Units[i].Flags |= fFirstShot; s.Units[j].Flags |= fMoved }, 4},
		{"FormedShootersMovedMinus2", lineFoot(), Line, 12.5, func(s *State, i, j int) { s.Units[i].Flags |= fFirstShot | fMoved }, 4},
		{"MarchShootersOneIn2", lineFoot(), March, 12.5, func(s *State, i, j int) { s.Units[i].Flags |= fFirstShot }, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := duel(c.y, true)
			p.units[0].p, p.units[0].form = c.p, c.form
			s := setUp(t, p)
			i, j := labelIdx(t, s, "A"), labelIdx(t, s, "R")
			if c.set != nil {
				c.set(s, i, j)
			}
			if got, _, _ := s.shotPlan(i, j, 0); got != c.want {
				t.Fatalf("%d dice, want %d", got, c.want)
			}
		})
	}
}

// Shooting Table 2b from the state: open shooters lose a die when the
// target moved this turn, and 1 in 3 when evading.
func TestRule_ShootingOpenShooters(t *testing.T) {
	for _, c := range []struct {
		name  string
		flags uint8
		moved bool
		minus func(n int) int
	}{
		{"TargetMovedMinusOne", 0, true, func(n int) int { return n - 1 }},
		{"EvadingMinusOneIn3", sfEvading, false, func(n int) int { return n - n/3 }},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := duel(12.5, true)
			p.units[0].p, p.units[0].form = lightFoot(), Open
			s := setUp(t, p)
			i, j := labelIdx(t, s, "A"), labelIdx(t, s, "R")
			s.Units[i].Flags |= fFirstShot
			if c.moved {
				s.Units[j].Flags |= fMoved
			}
			u := &s.Units[i]
			n := EligibleBases(LightFoot, Open, 6, u.Front, u.Facing, s.rect(j), maxRange(SmoothBore))
			if got, _, _ := s.shotPlan(i, j, c.flags); got != max(c.minus(n), MinPool) {
				t.Fatalf("%d dice from %d eligible bases, want %d", got, n, max(c.minus(n), MinPool))
			}
		})
	}
}

// Ruling D-SHOT-TEST (Shooting Action 11: "Apply the hits and resolve any
// outcomes ... check Resilience Test conditions"; Situation Adjustment
// Table, "From shooting"): a shot that hits its target at least once
// makes the target take a From shooting test; a shot with no hits makes
// none.
func TestRule_ShootingHitMakesTargetTest(t *testing.T) {
	for _, c := range []struct {
		name string
		six  bool
		test bool
	}{
		{"NoHitNoTest", false, false},
		{"OneHitTests", true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := start(t, duel(12, true)) // 4BW: long range, 6 to hit
			shootAt(t, s)
			vals := make([]int, pending(t, s))
			for k := range vals {
				vals[k] = 1
			}
			if c.six {
				vals[0] = 6
			}
			roll(t, s, vals...)
			tested := s.ToMove() == engine.Chance && s.rollWhat == rTest || s.wait == waitDecision && s.ask == askSupply
			if tested != c.test {
				t.Fatalf("the target tests %v, want %v (%s)", tested, c.test, s.waitingFor())
			}
		})
	}
}
