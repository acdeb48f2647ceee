package grand_test

import (
	"math/rand/v2"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/grand"
)

// benchStart is a fresh battle on a scenario (test-guard: both options,
// a river, both guards, so every posture has its guard shifts).
func benchStart(b *testing.B, name string) *grand.State {
	b.Helper()
	st, err := grand.Rules{}.NewGame(name, engine.Options{})
	if err != nil {
		b.Fatal(err)
	}
	return st.(*grand.State)
}

// midBattle is a seeded random battle on name played to the postures of
// its second round.
func midBattle(b *testing.B, name string) *grand.State {
	b.Helper()
	for seed := uint64(1); seed < 100; seed++ {
		s := benchStart(b, name)
		rng := rand.New(rand.NewPCG(seed, 3))
		var buf []engine.Action
		var err error
		for !s.Terminal() && !(s.CombatRound() == 2 && s.ToMove() == engine.Both) {
			if buf, err = randomStep(s, rng, buf); err != nil {
				b.Fatal(err)
			}
		}
		if !s.Terminal() {
			return s
		}
	}
	b.Fatal("no battle reached its second round")
	return nil
}

// BenchmarkCopy is CopyFrom of a mid-battle state into a reused one.
func BenchmarkCopy(b *testing.B) {
	src := midBattle(b, grand.DefaultScenario)
	var dst grand.State
	b.ReportAllocs()
	for b.Loop() {
		dst.CopyFrom(src)
	}
	if dst.Hash() != src.Hash() {
		b.Fatal("the copy differs")
	}
}

// BenchmarkLegalFor lists both sides' postures (with guard shifts) into a
// reused buffer.
func BenchmarkLegalFor(b *testing.B) {
	s := midBattle(b, "test-guard")
	buf := make([]engine.Action, 0, 64)
	n := 0
	b.ReportAllocs()
	for b.Loop() {
		buf = s.LegalFor(0, buf[:0])
		n = len(buf)
		buf = s.LegalFor(1, buf)
	}
	if n == 0 || len(buf) == n {
		b.Fatalf("%d and %d choices", n, len(buf)-n)
	}
	b.ReportMetric(float64(len(buf)), "actions")
}

// BenchmarkCommitAndDice plays a round's two commits and its combat dice
// on a reused state, cycling through every pair of postures that fights
// a round.
func BenchmarkCommitAndDice(b *testing.B) {
	start := benchStart(b, grand.DefaultScenario)
	type pair struct{ att, def engine.Action }
	var pairs []pair
	for att := uint8(1); int(att) <= grand.NumPostures(0); att++ {
		for def := uint8(1); int(def) <= grand.NumPostures(1); def++ {
			if att == grand.AttProbe && def == grand.DefWithdraw {
				continue // no round is fought
			}
			pairs = append(pairs, pair{grand.PostureAction(0, att, 0), grand.PostureAction(1, def, 0)})
		}
	}
	dice := [...]engine.Dice{engine.NewDice(1, 6), engine.NewDice(4, 3), engine.NewDice(6, 6), engine.NewDice(2, 5)}
	var s grand.State
	k := 0
	b.ReportAllocs()
	for b.Loop() {
		s.CopyFrom(start)
		p := pairs[k%len(pairs)]
		if err := s.Commit(0, p.att); err != nil {
			b.Fatal(err)
		}
		if err := s.Commit(1, p.def); err != nil {
			b.Fatal(err)
		}
		if err := s.ApplyDice(dice[k%len(dice)]); err != nil {
			b.Fatal(err)
		}
		k++
	}
}

// BenchmarkRandomBattle plays whole battles with uniformly random
// postures and random dice, reusing one state and buffer.
func BenchmarkRandomBattle(b *testing.B) {
	for _, name := range []string{grand.DefaultScenario, "test-guard", "test-bombard"} {
		b.Run(name, func(b *testing.B) {
			start := benchStart(b, name)
			var s grand.State
			buf := make([]engine.Action, 0, 64)
			pcg := rand.NewPCG(1, 2)
			rng := rand.New(pcg)
			steps := 0
			b.ReportAllocs()
			for b.Loop() {
				s.CopyFrom(start)
				for !s.Terminal() {
					steps++
					if s.ToMove() == engine.Chance {
						if err := s.ApplyDice(engine.RollWith(pcg, s.PendingRoll())); err != nil {
							b.Fatal(err)
						}
						continue
					}
					for side := engine.Player(0); side < 2; side++ {
						if !s.Owes(side) {
							continue
						}
						buf = s.LegalFor(side, buf[:0])
						if err := s.Commit(side, buf[rng.IntN(len(buf))]); err != nil {
							b.Fatal(err)
						}
					}
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "battles/s")
			b.ReportMetric(float64(steps)/float64(b.N), "steps/battle")
		})
	}
}

// TestHotPathAllocs: what the benchmarks time allocates nothing, checked
// in the ordinary test run: CopyFrom, LegalFor, a round's commits and
// dice, and whole random battles on every scenario.
func TestHotPathAllocs(t *testing.T) {
	for _, name := range fuzzScenarios {
		st, err := grand.Rules{}.NewGame(name, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		start := st.(*grand.State)
		var s grand.State
		buf := make([]engine.Action, 0, 64)
		if n := testing.AllocsPerRun(100, func() { s.CopyFrom(start) }); n != 0 {
			t.Errorf("%s: CopyFrom allocates %.1f times", name, n)
		}
		if n := testing.AllocsPerRun(100, func() { buf = s.LegalFor(1, s.LegalFor(0, buf[:0])) }); n != 0 {
			t.Errorf("%s: LegalFor allocates %.1f times", name, n)
		}
		pcg := rand.NewPCG(7, 7)
		rng := rand.New(pcg)
		battle := func() {
			s.CopyFrom(start)
			for !s.Terminal() {
				if s.ToMove() == engine.Chance {
					if err := s.ApplyDice(engine.RollWith(pcg, s.PendingRoll())); err != nil {
						t.Fatal(err)
					}
					continue
				}
				for side := engine.Player(0); side < 2; side++ {
					if s.Owes(side) {
						buf = s.LegalFor(side, buf[:0])
						if err := s.Commit(side, buf[rng.IntN(len(buf))]); err != nil {
							t.Fatal(err)
						}
					}
				}
			}
		}
		if n := testing.AllocsPerRun(500, battle); n != 0 {
			t.Errorf("%s: a random battle allocates %.2f times", name, n)
		}
	}
}
