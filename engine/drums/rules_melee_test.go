package drums

import (
	"testing"

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

// Melee Factors Tables, "Supply dice from Force Commander: add 1 dice"
// (ruling D-SUPPLY-MELEE): before each round's throws, a side whose force
// commander is within 3BW of its unit in the first fight may add a die.
func TestRule_MeleeSupplyDie(t *testing.T) {
	for _, c := range []struct {
		name string
		arg  int
		dice int
		left uint8
	}{{"Added", 1, 9, 2}, {"Declined", 0, 8, 3}} {
		t.Run(c.name, func(t *testing.T) {
			p := clash(3, false)
			p.supply = [2]uint8{3, 3}
			p.gens["FC0"] = geom.V(24, 9)
			s := start(t, p)
			j := labelIdx(t, s, "R")
			charge(t, s, j, 0)
			testTo(t, s, 8)
			testTo(t, s, 8)
			noSupply(t, s) // the charge distance's die
			roll(t, s, 3)
			expectAsk(t, s, 0, askSupply)
			do(t, s, act(KSupply, 0, 0, c.arg))
			// Red's force commander is far off: no question for Red.
			expectRoll(t, s, rMelee, c.dice)
			if s.Supply[0] != c.left {
				t.Fatalf("%d supply dice left, want %d", s.Supply[0], c.left)
			}
		})
	}
}

// twoFronts is A (6 bases, x 21-27) 3BW south of two 4-base Red lines
// side by side, R (x 20-24) and R2 (x 24-28): A's charge on R meets both.
// r2x moves R2.
func twoFronts(r2x float64) pos {
	p := clash(3, false)
	four := lineFoot()
	four.Bases = 4
	p.units[1] = u1("R", four, 22, 11, Line)
	p.units = append(p.units, u1("R2", four, r2x, 11, Line))
	p.unloaded = append(p.unloaded, "R2")
	return p
}

// Conducting a Melee 1 and 10-11 (ruling D-MELEE-MANY): chargers that
// meet two enemy units fight both, their bases split by the length of
// contact; each fight has its own winner and loser; a unit in edge contact
// joins, one touching only corner to corner does not; the melee goes on
// while any of its units are in contact.
func TestRule_MeleeManyUnits(t *testing.T) {
	t.Run("SplitBetweenTwo", func(t *testing.T) {
		s, i, j := toMelee(t, twoFronts(26))
		j2 := labelIdx(t, s, "R2")
		// A puts 3 bases against each (+2 first melee); each Red line 4.
		expectRoll(t, s, rMelee, 5)
		roll(t, s, dice(5, 5)...)
		expectRoll(t, s, rMelee, 6)
		if s.rollA != uint8(j) {
			t.Fatal("the first fight is not the chargers' with their target")
		}
		roll(t, s, dice(6, 1)...)
		expectRoll(t, s, rMelee, 5)
		roll(t, s, dice(5, 0)...)
		expectRoll(t, s, rMelee, 6)
		if s.rollA != uint8(j2) {
			t.Fatal("the second fight is not against R2")
		}
		roll(t, s, dice(6, 3)...)
		// First fight: R lost by 4, A takes 1; R tests first.
		if s.Units[j].Hits != 4 || s.Units[i].Hits != 1 {
			t.Fatalf("after fight 1: R %d hits, A %d; want 4 and 1", s.Units[j].Hits, s.Units[i].Hits)
		}
		if s.top().kind != tTest || int(s.top().a) != j {
			t.Fatal("R's test is not next")
		}
		testTo(t, s, 8)
		// Second fight: A lost by 3, R2 takes 1; A tests.
		if s.Units[i].Hits != 4 || s.Units[j2].Hits != 1 {
			t.Fatalf("after fight 2: A %d hits, R2 %d; want 4 and 1", s.Units[i].Hits, s.Units[j2].Hits)
		}
		if s.top().kind != tTest || int(s.top().a) != i {
			t.Fatal("A's test is not next")
		}
		testTo(t, s, 8)
		// Round 2: both fights again, A with 4 bases left split 2/2.
		expectRoll(t, s, rMelee, 2)
	})
	t.Run("CornerToCornerDoesNotJoin", func(t *testing.T) {
		s, i, _ := toMelee(t, twoFronts(29))
		expectRoll(t, s, rMelee, 8) // all 6 of A's bases against R
		roll(t, s, dice(8, 0)...)
		roll(t, s, dice(6, 0)...)
		if j2 := labelIdx(t, s, "R2"); s.Units[j2].Flags&fInMelee != 0 || s.Units[i].Hits != 1 {
			t.Fatal("R2, corner to corner, joined the melee")
		}
	})
	t.Run("GoesOnWithoutTheTarget", func(t *testing.T) {
		s, i, j := toMelee(t, twoFronts(26))
		j2 := labelIdx(t, s, "R2")
		roll(t, s, dice(5, 3)...)
		roll(t, s, dice(6, 0)...)
		roll(t, s, dice(5, 0)...)
		roll(t, s, dice(6, 0)...)
		// R lost by 3: melee column, Forced Retire and 2 hits.
		testTo(t, s, 4)
		roll(t, s, 3)
		if s.inContact(i, j) {
			t.Fatal("R still in contact after its retire")
		}
		// A 0-0 R2 was a draw: 1 hit each, no test. Round 2 is A against
		// R2 alone, with all of A's bases (2 hits: 5 left).
		expectRoll(t, s, rMelee, 5)
		if s.rollB != uint8(j2) {
			t.Fatal("round 2 is not against R2")
		}
	})
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
				got = s.meleeDice(a, b, s.Bases(a), &tk)
			} else {
				got = s.meleeDice(b, a, s.Bases(b), &tk)
			}
			if got != c.want {
				t.Fatalf("%d dice, want %d", got, c.want)
			}
		})
	}
}
