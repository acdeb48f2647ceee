package grand

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/tabletop"
)

// TestDescribeRollNamesTheRows: a pending combat roll names what moved
// each side's levels and die off the chart, and those rows add up to the
// die modifier the round uses (issue 69: what a real table needs, for every
// ruleset).
func TestDescribeRollNamesTheRows(t *testing.T) {
	rows := 0
	for _, opts := range []engine.Options{{}, {Variants: []string{VariantCavalrySuperiority, VariantGuardCommitment}}} {
		for _, name := range (Rules{}).Scenarios() {
			for seed := range uint64(8) {
				st, err := Rules{}.NewGame(name, opts)
				if err != nil {
					t.Fatal(err)
				}
				s := st.(*State)
				rng := rand.New(rand.NewPCG(seed, 7))
				for steps := 0; !s.Terminal() && steps < 1000; steps++ {
					if s.ToMove() == engine.Chance {
						if s.phase == phCombat {
							rows += checkCombatRows(t, s)
						}
						if err := s.ApplyDice(engine.RollWith(rng, s.PendingRoll())); err != nil {
							t.Fatal(err)
						}
						continue
					}
					var a engine.Action
					if s.ToMove() == engine.Both {
						for p := engine.Player(0); p < 2; p++ {
							if legal := s.LegalFor(p, nil); len(legal) > 0 && s.Owes(p) {
								if err := s.Commit(p, legal[rng.IntN(len(legal))]); err != nil {
									t.Fatal(err)
								}
							}
						}
						continue
					}
					legal := s.Legal(nil)
					a = legal[rng.IntN(len(legal))]
					if err := s.Apply(a); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
	if rows == 0 {
		t.Fatal("no combat roll had a row off the chart: the test checks nothing")
	}
}

// checkCombatRows checks the pending combat roll's description against
// the rows and returns how many rows it found.
func checkCombatRows(t *testing.T, s *State) int {
	t.Helper()
	text := s.DescribeRoll()
	c := s.cell()
	n := 0
	for side := range 2 {
		var cs, ms, ds []tabletop.Adjustment
		if l := s.levelTerms(c, side, tabletop.Terms{Rows: &cs}, tabletop.Terms{Rows: &ms}); l != s.levels(c, side) {
			t.Fatalf("levelTerms %+v, levels %+v", l, s.levels(c, side))
		}
		if l := s.levels(c, side); l == (Levels{}) {
			continue
		}
		die := s.dieTerms(c, side, tabletop.Terms{Rows: &ds})
		sum := 0
		for _, r := range ds {
			sum += r.Value
		}
		if die != s.dieModifier(c, side) || sum != die {
			t.Fatalf("%q: die rows add up to %d, the modifier is %d", text, sum, s.dieModifier(c, side))
		}
		for _, r := range append(append(cs, ms...), ds...) {
			n++
			if want := fmt.Sprintf("%s %+d", r.Row, r.Value); !strings.Contains(text, want) {
				t.Fatalf("%q does not list %q", text, want)
			}
		}
	}
	return n
}
