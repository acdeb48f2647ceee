package drums

import (
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// Movement notes ("no concept of shifting across"), Charge and Forced to
// retire: no move of any kind leaves two units on the same ground or a
// unit off the table, over whole random games.
func TestRule_NoUnitsOverlapInPlay(t *testing.T) {
	n := 40
	if m := testSeeds(); m > 0 {
		n = m
	}
	if testing.Short() {
		n = 10
	}
	for seed := range uint64(n) {
		opts := engine.Options{}
		if seed%2 == 1 {
			opts.Variants = Variants
		}
		s, err := NewGame(DefaultScenario, opts)
		if err != nil {
			t.Fatal(err)
		}
		rng := newRng(seed)
		for step := 0; !s.Terminal(); step++ {
			last := ""
			if s.ToMove() == engine.Chance {
				last = s.DescribeRoll()
				if err := s.ApplyDice(engine.RollWith(rng, s.PendingRoll())); err != nil {
					t.Fatal(err)
				}
			} else {
				acts := s.Legal(nil)
				a := acts[rng.IntN(len(acts))]
				last = s.DescribeAction(a)
				if err := s.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			if s.TurnNo == 0 {
				continue
			}
			for g := range s.st.ng {
				if p := s.Gens[g].Pos; s.Gens[g].Alive && (p.X < 0 || p.Y < 0 || p.X > s.st.sc.Width || p.Y > s.st.sc.Depth) {
					t.Fatalf("seed %d step %d: general %s off the table after %s", seed, step, s.st.gens[g].Label, last)
				}
			}
			for i := range s.st.nu {
				if !s.alive(i) {
					continue
				}
				if !s.onTable(s.rect(i)) {
					t.Fatalf("seed %d step %d: %s off the table after %s", seed, step, s.st.units[i].Label, last)
				}
				for side := range 2 {
					if c := s.Camp[side]; c.Placed && !c.Lost && geom.Overlap(s.rect(i), s.campRect(side), 1e-6) {
						t.Fatalf("seed %d step %d: %s stands on a camp after %s", seed, step, s.st.units[i].Label, last)
					}
				}
				for j := i + 1; j < s.st.nu; j++ {
					if s.alive(j) && geom.Overlap(s.rect(i), s.rect(j), 1e-6) {
						t.Fatalf("seed %d step %d: %s and %s overlap after %s", seed, step, s.st.units[i].Label, s.st.units[j].Label, last)
					}
				}
			}
		}
	}
}

// ruling D-GAP: a unit touching an enemy may not move into it (the
// distance cannot fall below 0, so the test is the overlap), only along
// or away.
func TestRule_MoveLimitTouchingEnemy(t *testing.T) {
	a := geom.Rect{C: geom.V(0, 0), F: geom.V(0, 1), HW: 1, HD: 0.5}
	b := geom.Rect{C: geom.V(0, -1.5), F: geom.V(0, 1), HW: 1, HD: 1}
	for _, c := range []struct {
		name string
		dir  geom.Vec
		want float64
	}{{"IntoIt", geom.V(0, -1), 0}, {"Away", geom.V(0, 1), 1}, {"Along", geom.V(1, 0), 1}} {
		t.Run(c.name, func(t *testing.T) {
			if d, _ := MoveLimit(a, c.dir, 1, []geom.Rect{b}, enemyGap); !near(d, c.want) {
				t.Fatalf("moves %g, want %g", d, c.want)
			}
		})
	}
}
