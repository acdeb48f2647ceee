package drums

import (
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// toMelee plays A's charge on R (3BW apart, both passing) into contact:
// the state waits for A's first melee dice.
func toMelee(t *testing.T, p pos) (*State, int, int) {
	t.Helper()
	s := start(t, p)
	j := labelIdx(t, s, "R")
	i := charge(t, s, j, 0)
	testTo(t, s, 8)
	testTo(t, s, 8)
	roll(t, s, 3)
	expectRoll(t, s, rMelee, -1)
	return s, i, j
}

// dice returns n dice of which hits score 4+.
func dice(n, hits int) []int {
	v := make([]int, n)
	for k := range v {
		v[k] = 1
		if k < hits {
			v[k] = 4
		}
	}
	return v
}

// Conducting a Melee 1-8: 1D6 a base (+2 in a unit's first melee of the
// game), 4+ hits, the loser takes the difference and the winner 1 hit, the
// loser tests; while in contact the melee repeats.
func TestRule_MeleeRound(t *testing.T) {
	s, i, j := toMelee(t, clash(3, false))
	expectRoll(t, s, rMelee, 8)
	roll(t, s, dice(8, 5)...)
	expectRoll(t, s, rMelee, 8)
	roll(t, s, dice(8, 2)...)
	if s.Units[j].Hits != 3 || s.Units[i].Hits != 1 {
		t.Fatalf("loser %d hits, winner %d: want 3 and 1", s.Units[j].Hits, s.Units[i].Hits)
	}
	if s.top().kind != tTest || int(s.top().a) != j || TestKind(s.top().x) != TestMelee {
		t.Fatal("the loser's melee test is not next")
	}
	testTo(t, s, 8)
	// Still in contact: round 2, no first-melee bonus now; the loser has
	// 5 bases left.
	expectRoll(t, s, rMelee, 6)
	roll(t, s, dice(6, 0)...)
	expectRoll(t, s, rMelee, 5)
}

// Conducting a Melee 9: a draw gives each side 1 hit and no test.
func TestRule_MeleeDraw(t *testing.T) {
	s, i, j := toMelee(t, clash(3, false))
	roll(t, s, dice(8, 3)...)
	roll(t, s, dice(8, 3)...)
	if s.Units[j].Hits != 1 || s.Units[i].Hits != 1 {
		t.Fatalf("draw gave %d and %d hits, want 1 each", s.Units[i].Hits, s.Units[j].Hits)
	}
	expectRoll(t, s, rMelee, 6)
}

// Conducting a Melee 3: the minimum thrown is 2D6.
func TestRule_MeleeMinimumTwoDice(t *testing.T) {
	p := clash(3, false)
	p.units[0].p.Bases = 2
	p.units[0].level = Lackluster
	s := start(t, p)
	s.Units[labelIdx(t, s, "A")].Flags |= fMeleeFought
	j := labelIdx(t, s, "R")
	charge(t, s, j, 0)
	testTo(t, s, 8)
	testTo(t, s, 8)
	roll(t, s, 3)
	expectRoll(t, s, rMelee, 2)
}

// Conducting a Melee 10-11 and Charge 7: a loser forced to retire breaks
// contact and the melee ends; both units lose their remaining points.
func TestRule_MeleeEndsOnRetire(t *testing.T) {
	s, i, j := toMelee(t, clash(3, false))
	roll(t, s, dice(8, 5)...)
	roll(t, s, dice(8, 3)...)
	testTo(t, s, 4) // melee column: Forced Retire/2 hits
	if s.Units[j].Hits != 4 {
		t.Fatalf("loser %d hits, want 2 + 2", s.Units[j].Hits)
	}
	expectRoll(t, s, rRetire, 1)
	roll(t, s, 3)
	if s.inContact(i, j) {
		t.Fatal("still in contact after the retire")
	}
	for _, k := range []int{i, j} {
		if s.Units[k].Flags&fSpent == 0 || s.Units[k].Flags&fInMelee != 0 {
			t.Fatalf("unit %d: melee over but not spent", k)
		}
	}
	if s.ask != askActivate {
		t.Fatalf("the melee did not end the activation: %s", s.waitingFor())
	}
}

// Broken units as a result of melee: the victor may move into the space
// the broken unit left.
func TestRule_MeleeBreakAndOccupy(t *testing.T) {
	for _, c := range []struct {
		name   string
		occupy int
		want   float64
	}{{"Occupies", 1, 11.5}, {"StaysPut", 0, 11}} {
		t.Run(c.name, func(t *testing.T) {
			p := clash(3, false)
			s, i, j := toMelee(t, p)
			s.Units[j].Hits = 6 // 3 bases left: losing 4 breaks it
			roll(t, s, dice(8, 8)...)
			roll(t, s, dice(5, 4)...)
			if s.Units[j].Flags&fBroken == 0 {
				t.Fatal("the loser did not break")
			}
			expectAsk(t, s, 0, askOccupy)
			do(t, s, act(KOccupy, 0, 0, c.occupy))
			if got := s.Units[i].Front.Y; !near(got, c.want) {
				t.Fatalf("victor front at y=%g, want %g", got, c.want)
			}
		})
	}
}

// ruling D-SUPPLY-MELEE: no supply die is offered for a melee round, even
// with the force commander by.
func TestRule_MeleeNoSupplyDie(t *testing.T) {
	p := clash(3, false)
	p.supply = [2]uint8{3, 3}
	p.gens["FC0"] = geom.V(26, 7)
	s := start(t, p)
	j := labelIdx(t, s, "R")
	charge(t, s, j, 0)
	testTo(t, s, 8)
	testTo(t, s, 8)
	roll(t, s, 3)
	if s.ToMove() != engine.Chance || s.rollWhat != rMelee {
		t.Fatalf("a melee round asks %s", s.waitingFor())
	}
}

// Melee Factors Tables filled from the state: a column of attack against
// a line adds a die for each rank more; open foot caught after evading
// loses 1 in 3 in the first round; cavalry against foot not in square add
// 1 in 2.
func TestRule_MeleeFactorsFromState(t *testing.T) {
	cases := []struct {
		name string
		set  func(s *State, a, b int)
		who  int // 0: the chargers' dice, 1: the defenders'
		y    uint8
		want int
	}{
		// 6 bases, 3 ranks vs 1: 6 +2 (first melee) +2 ranks.
		{"ColumnVsLinePlusRanks", func(s *State, a, b int) { s.Units[a].Form = Column }, 0, 0, 10},
		// Open foot 6, not its first melee: -2 open not in terrain, then
		// -1 in 3 for the evade (4 -> 3).
		{"OpenFootCaughtAfterEvade", func(s *State, a, b int) {
			s.Units[b].Form = Open
			s.Units[b].Flags |= fMeleeFought
		}, 1, mfEvaded, 3},
		// Cavalry 4 bases vs foot line: +2 first melee, +1 in 2 (6 -> 9),
		// heavy +2 in the first round: 11.
		{"HeavyCavalryVsFootLine", func(s *State, a, b int) {}, 0, 0, 11},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := clash(3, false)
			if c.name == "HeavyCavalryVsFootLine" {
				p.units[0].p = heavyCav()
			}
			s := setUp(t, p)
			a, b := labelIdx(t, s, "A"), labelIdx(t, s, "R")
			c.set(s, a, b)
			tk := task{kind: tMelee, a: uint8(a), b: uint8(b), y: c.y}
			var got int
			if c.who == 0 {
				got = s.meleeDice(a, b, true, &tk)
			} else {
				got = s.meleeDice(b, a, false, &tk)
			}
			if got != c.want {
				t.Fatalf("%d dice, want %d", got, c.want)
			}
		})
	}
}
