package drums

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// Optional Rules, Risk to Generals: a general within 3BW of a unit of his
// that breaks throws 1D6, on 5+ he is swept away 3D6 towards his own long
// edge (ruling D-RISK-3D6); his units expend 1 action point for the rest
// of the turn (ruling D-RISK-UNITS).
func TestRule_RiskToGeneralsSweptAway(t *testing.T) {
	cases := []struct {
		name    string
		variant bool
		die     int
		swept   bool
	}{
		{"FiveSweptAway", true, 5, true},
		{"FourStays", true, 4, false},
		{"WithoutVariantNoThrow", false, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := brigade()
			p.gens = map[string]geom.Vec{"G0.0": geom.V(10, 8)}
			if c.variant {
				p.opts.Variants = []string{VariantRisk}
			}
			s := setUp(t, p)
			g := s.st.genIndex(0, 0)
			s.hit(labelIdx(t, s, "B1"), 10, false)
			s.run()
			if !c.variant {
				if s.ToMove() == engine.Chance {
					t.Fatal("a throw without the variant")
				}
				return
			}
			expectRoll(t, s, rRisk, 1)
			// A saved state in the middle of the throw loads again.
			b, err := s.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			var j stateJSON
			if err := json.Unmarshal(b, &j); err != nil {
				t.Fatal(err)
			}
			// The test pushed the throw on an empty stack; in play it
			// sits on the task that dealt the hits (stack.go), here a
			// unit's activation within a turn.
			j.Tasks = append([]taskJSON{{Kind: uint8(tGame), Step: 3}, {Kind: uint8(tTurn), Step: 3}, {Kind: uint8(tActivation), Step: 4}}, j.Tasks...)
			if err := (&State{st: s.st}).fill(&j); err != nil {
				t.Fatalf("a state waiting for a risk throw does not load: %v", err)
			}
			roll(t, s, c.die)
			if !c.swept {
				if s.Gens[g].Swept || s.ToMove() == engine.Chance {
					t.Fatal("swept on a 4")
				}
				return
			}
			expectRoll(t, s, rSwept, 3)
			roll(t, s, 2, 2, 1)
			if !s.Gens[g].Swept || !near(s.Gens[g].Pos.Y, 3) || s.Gens[g].Pos.X != 10 {
				t.Fatalf("general at %v swept %v: want 5BW straight back to y=3", s.Gens[g].Pos, s.Gens[g].Swept)
			}
			// His units now have 1 point: B2 next to him would have 2.
			s.Gens[g].Pos = geom.V(18, 8)
			if ap := s.actionPoints(labelIdx(t, s, "B2")); ap != 1 {
				t.Fatalf("%d points after the general was swept, want 1", ap)
			}
		})
	}
}

// Risk to Generals: a general within 3BW of a unit that takes a hit a
// base from one shot throws 1D6, on a 6 he is incapacitated and put on his
// long edge directly behind; a force commander so struck issues no supply
// dice this turn. "A hit a base" is one shot's hits at least the target's
// bases (ruling D-RISK-SHOT).
func TestRule_RiskToGeneralsIncapacitated(t *testing.T) {
	for _, c := range []struct {
		name string
		die  int
		hit  bool
	}{{"SixIncapacitated", 6, true}, {"FiveUnharmed", 5, false}} {
		t.Run(c.name, func(t *testing.T) {
			p := duel(12.5, true)
			p.opts.Variants = []string{VariantRisk}
			p.units[1].p.Bases = 3
			p.units = append(p.units, pu{side: 1, cmd: 1, label: "R2", p: lineFoot(), x: 4, y: 30, f: 180, form: Line, level: Steady})
			p.gens["FC1"] = geom.V(24, 14)
			p.supply = [2]uint8{0, 3}
			s := start(t, p)
			shootAt(t, s)
			roll(t, s, 6, 6, 6, 1, 1, 1, 1, 1)
			testTo(t, s, 8) // the target's test comes first
			fc := s.st.firstGen[1]
			// R's sub-general (at 24,15.5) and the force commander are
			// both within 3BW: each throws.
			for s.ToMove() == engine.Chance && s.rollWhat == rRisk {
				roll(t, s, c.die)
			}
			if s.Gens[fc].Swept != c.hit {
				t.Fatalf("force commander struck %v, want %v", s.Gens[fc].Swept, c.hit)
			}
			if !c.hit {
				return
			}
			if s.Gens[fc].Pos != geom.V(24, 32) {
				t.Fatalf("incapacitated general at %v, want his edge at 24,32", s.Gens[fc].Pos)
			}
			s.Gens[fc].Pos = geom.V(24, 14)
			if s.supplyNear(labelIdx(t, s, "R")) {
				t.Fatal("a struck force commander still issues supply dice")
			}
		})
	}
}

// Random games with every optional rule end without a broken invariant:
// the Risk to Generals throws nest in the rules' stack.
func TestRule_RandomGamesWithVariantsEnd(t *testing.T) {
	n := 30
	if testing.Short() {
		n = 8
	}
	for seed := range uint64(n) {
		s, err := NewGame(DefaultScenario, engine.Options{Variants: Variants})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 7))
		var buf []engine.Action
		for steps := 0; !s.Terminal(); steps++ {
			if steps > 20000 {
				t.Fatalf("seed %d: no result after %d steps", seed, steps)
			}
			if s.ToMove() == engine.Chance {
				if err := s.ApplyDice(engine.RollWith(rng, s.PendingRoll())); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				continue
			}
			buf = s.Legal(buf[:0])
			if len(buf) == 0 {
				t.Fatalf("seed %d: no legal action: %s", seed, s.waitingFor())
			}
			if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if steps%50 == 0 {
				b, err := s.MarshalJSON()
				if err != nil {
					t.Fatal(err)
				}
				if _, err := DecodeState(b); err != nil {
					t.Fatalf("seed %d step %d: %v", seed, steps, err)
				}
			}
		}
	}
}

// rulings D-RISK-WHO and D-RISK-ONCE: a break near an enemy general
// throws nothing for him, and a general with a throw pending gets no
// second for the same cascade.
func TestRule_RiskToGeneralsWhoThrows(t *testing.T) {
	p := brigade()
	p.opts.Variants = []string{VariantRisk}
	// B1 and B2 both break (B2 takes B1's shock); G0.0 stands between
	// them, the enemy's sub-general G1.0 beside B1.
	p.gens = map[string]geom.Vec{"G0.0": geom.V(14, 9), "G1.0": geom.V(10, 11.5)}
	s := setUp(t, p)
	s.Units[1].Hits, s.Units[1].Front.X = 9, 16
	s.Units[2].Front.X = 40
	s.hit(labelIdx(t, s, "B1"), 10, false)
	throws := 0
	for k := range s.ntasks {
		if s.tasks[k].kind == tRisk {
			throws++
			if int(s.tasks[k].a) != generalBase+s.st.genIndex(0, 0) {
				t.Fatal("a general of the other side throws for a break")
			}
		}
	}
	if throws != 1 {
		t.Fatalf("%d throws pending, want 1", throws)
	}
}
