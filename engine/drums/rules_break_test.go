package drums

import (
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// brigade is side 0's command 0 of three battalions in a row (B1 at x=10,
// B2 at x=18, B3 at x=26, fronts on y=10), a side-0 command 1 far off and
// side 1's two commands far off.
func brigade() pos {
	return pos{units: []pu{
		u0("B1", lineFoot(), 10, 10, Line),
		u0("B2", lineFoot(), 18, 10, Line),
		u0("B3", lineFoot(), 26, 10, Line),
		{side: 0, cmd: 1, label: "A9", p: lineFoot(), x: 44, y: 2, f: 0, form: Line, level: Steady},
		{side: 1, cmd: 0, label: "R8", p: lineFoot(), x: 4, y: 31, f: 180, form: Line, level: Steady},
		{side: 1, cmd: 1, label: "R9", p: lineFoot(), x: 44, y: 31, f: 180, form: Line, level: Steady},
	}}
}

// Broken units: a unit down to a single base breaks (artillery when its
// last model is gone); every friendly unit within 6BW takes 1 hit at once,
// which may break it in turn.
func TestRule_Breaking(t *testing.T) {
	cases := []struct {
		name  string
		setup func(s *State)
		hit   string
		n     int
		check func(t *testing.T, s *State)
	}{
		{"DownToOneBaseBreaks", nil, "B1", 10, func(t *testing.T, s *State) {
			if s.Units[labelIdx(t, s, "B1")].Flags&fBroken == 0 {
				t.Fatal("a unit on one base did not break")
			}
		}},
		{"TwoBasesLeftStands", nil, "B1", 8, func(t *testing.T, s *State) {
			if s.Units[labelIdx(t, s, "B1")].Flags&fBroken != 0 {
				t.Fatal("a unit on two bases broke")
			}
		}},
		{"ShockHitsFriendsWithin6BW", nil, "B1", 10, func(t *testing.T, s *State) {
			// B2 is 2BW from B1; B3 10BW.
			if s.Units[labelIdx(t, s, "B2")].Hits != 1 || s.Units[labelIdx(t, s, "B3")].Hits != 0 {
				t.Fatal("the shock missed B2 or reached B3")
			}
			if s.Units[labelIdx(t, s, "R8")].Hits != 0 {
				t.Fatal("the shock hit an enemy")
			}
		}},
		// A unit's footprint shrinks with its bases: B1 broken stands on
		// one base (9.5..10.5), B2 on two (13..15); A9 (17..23) is beyond
		// 6BW of B1 but within it of B2.
		{"ShockCascades", func(s *State) {
			s.Units[1].Hits, s.Units[1].Front.X = 9, 14
			s.Units[2].Front.X = 40
			s.Units[3].Front = geom.V(20, 10)
		}, "B1", 10, func(t *testing.T, s *State) {
			if s.Units[labelIdx(t, s, "B2")].Flags&fBroken == 0 || s.Units[labelIdx(t, s, "A9")].Hits != 1 {
				t.Fatal("the shock did not break B2 and pass its shock on to A9")
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := setUp(t, brigade())
			if c.setup != nil {
				c.setup(s)
			}
			s.hit(labelIdx(t, s, c.hit), c.n, false)
			c.check(t, s)
		})
	}
}

// Unit Types, Artillery Batteries: a model is lost every 6 hits; the
// battery breaks when the last is gone.
func TestRule_ArtilleryBreaksWithLastModel(t *testing.T) {
	two := battery()
	two.Bases = 2
	for _, c := range []struct {
		name   string
		p      Profile
		hits   int
		broken bool
	}{{"OneModelFiveHits", battery(), 5, false}, {"OneModelSixHits", battery(), 6, true}, {"TwoModelsSixHits", two, 6, false}} {
		t.Run(c.name, func(t *testing.T) {
			p := brigade()
			p.units[0].p = c.p
			s := setUp(t, p)
			i := labelIdx(t, s, "B1")
			s.hit(i, c.hits, true)
			if got := s.Units[i].Flags&fBroken != 0; got != c.broken {
				t.Fatalf("broken %v, want %v", got, c.broken)
			}
		})
	}
}

// What happens when a command group with a sub general is down to its
// last unit, and when all its units are broken: the last unit breaks at
// once and the general is removed; a command of one unit breaks only as
// any unit does (ruling D-LAST-UNIT).
func TestRule_LastUnitOfCommand(t *testing.T) {
	p := brigade()
	p.units[2].x = 40 // B3 out of shock range
	s := setUp(t, p)
	s.hit(labelIdx(t, s, "B1"), 10, false) // B2 takes the shock
	if s.Units[labelIdx(t, s, "B3")].Flags&fBroken != 0 {
		t.Fatal("a command with two units left broke its last")
	}
	s.hit(labelIdx(t, s, "B2"), 10, false)
	if s.Units[labelIdx(t, s, "B3")].Flags&fBroken == 0 {
		t.Fatal("the command's last unit did not break")
	}
	if s.Gens[s.st.genIndex(0, 0)].Alive {
		t.Fatal("the command's general was not removed")
	}
	if s.Units[labelIdx(t, s, "A9")].Flags&fBroken != 0 {
		t.Fatal("a one-unit command broke with another command")
	}
}

// End of turn resilience tests: every unit at 50% or less of its starting
// strength tests ("all other cases"), the side without the initiative
// first, the sides alternating, each side's units in index order (ruling
// D-ENDTEST-ORDER).
func TestRule_EndOfTurnTests(t *testing.T) {
	s := setUp(t, brigade())
	b1, b2, b3, r8 := labelIdx(t, s, "B1"), labelIdx(t, s, "B2"), labelIdx(t, s, "B3"), labelIdx(t, s, "R8")
	s.Units[b1].Hits = 6 // exactly half
	s.Units[b2].Hits = 5 // more than half left: no test
	s.Units[b3].Hits = 7
	s.Units[r8].Hits = 8
	s.Initiative = 0
	s.push(task{kind: tEndTests})
	s.run()
	var order []int
	for s.ToMove() == engine.Chance && s.rollWhat == rTest {
		tk := s.top()
		if TestKind(tk.x) != TestOther {
			t.Fatalf("end of turn test of kind %s", TestKind(tk.x))
		}
		order = append(order, int(tk.a))
		testTo(t, s, 8)
	}
	want := []int{r8, b1, b3}
	if len(order) != len(want) || order[0] != want[0] || order[1] != want[1] || order[2] != want[2] {
		t.Fatalf("tested %v, want %v", order, want)
	}
}

// ruling D-VICTORY: a side loses when it has lost its scenario share of
// units or its camp (where the scenario says so); at the turn limit the
// side holding more objective areas wins, else the side that lost a
// greater share of its strength by more than 10% loses.
func TestRule_Victory(t *testing.T) {
	cases := []struct {
		name   string
		obj    Objective
		set    func(t *testing.T, s *State)
		limit  bool
		winner engine.Player
		over   bool
	}{
		{"HalfUnitsBrokenLoses", Objective{BreakShare: 0.5}, func(t *testing.T, s *State) {
			s.Units[labelIdx(t, s, "R8")].Flags = fBroken
		}, false, 0, true},
		{"LessThanShareGoesOn", Objective{BreakShare: 0.75}, func(t *testing.T, s *State) {
			s.Units[labelIdx(t, s, "R8")].Flags = fBroken
		}, false, 0, false},
		{"BaggageLostLoses", Objective{BreakShare: 1, BaggageLoses: true}, func(t *testing.T, s *State) {
			s.Camp[0] = Baggage{Placed: true, Lost: true}
		}, false, 1, true},
		{"LimitHoldMoreAreas", Objective{BreakShare: 1, Hold: []HoldArea{{Name: "hill", Centre: geom.V(18, 9), Radius: 2}}}, nil, true, 0, true},
		{"LimitStrengthShare", Objective{BreakShare: 1}, func(t *testing.T, s *State) {
			s.Units[labelIdx(t, s, "R8")].Hits = 8
		}, true, 0, true},
		{"LimitWithin10PercentDraw", Objective{BreakShare: 1}, func(t *testing.T, s *State) {
			s.Units[labelIdx(t, s, "R8")].Hits = 2
		}, true, engine.NoPlayer, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := brigade()
			p.obj = c.obj
			s := setUp(t, p)
			if c.set != nil {
				c.set(t, s)
			}
			if c.limit {
				s.endAtLimit()
			} else {
				s.checkVictory()
			}
			r := s.Result()
			if r.Over != c.over || c.over && r.Winner != c.winner {
				t.Fatalf("result %+v, want over %v winner %d", r, c.over, c.winner)
			}
		})
	}
}

// Game Sequence 8: the turns go on until the turn limit, where the
// limit's victory check decides (ruling D-VICTORY).
func TestRule_TurnLimitEndsTheBattle(t *testing.T) {
	p := brigade()
	p.obj = Objective{BreakShare: 1}
	s := setUp(t, p)
	s.TurnNo = 10
	s.push(task{kind: tTurn})
	s.run()
	if r := s.Result(); !r.Over || r.Kind != engine.TurnLimit {
		t.Fatalf("result %+v, want a turn-limit draw", r)
	}
}
