package twobytwo

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/grognard/grognard/engine"
)

// midGame returns the position after steps random steps of a seeded game.
func midGame(tb testing.TB, seed uint64, steps int) *State {
	s, err := NewGame(DefaultScenario, engine.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 3))
	dice := engine.NewRandomDice(seed)
	var buf []engine.Action
	for k := 0; k < steps && !s.Terminal(); k++ {
		if s.ToMove() == engine.Chance {
			d, _ := dice.Roll(s.PendingRoll())
			_ = s.ApplyDice(d)
			continue
		}
		buf = s.Legal(buf[:0])
		_ = s.Apply(buf[rng.IntN(len(buf))])
	}
	return s
}

// midMovement advances a seeded game to the start of a movement phase of
// turn 5 or later with at least 60 orders to choose from, where generating
// orders is most expensive.
func midMovement(tb testing.TB) *State {
	for seed := uint64(1); ; seed++ {
		for steps := 150; steps < 400; steps++ {
			s := midGame(tb, seed, steps)
			if s.phase == phMove && s.turn >= 5 && s.chance == chNone && !s.Terminal() && len(s.Legal(nil)) >= 60 {
				return s
			}
		}
	}
}

// BenchmarkStateCopy compares copying a whole state with copying a byte
// slice of the same size: the state must copy as fast as plain memory.
func BenchmarkStateCopy(b *testing.B) {
	src := midGame(b, 1, 200)
	size := int(unsafe.Sizeof(*src))
	b.Run("State.CopyFrom", func(b *testing.B) {
		var dst State
		b.SetBytes(int64(size))
		b.ReportAllocs()
		for b.Loop() {
			dst.CopyFrom(src)
		}
	})
	b.Run("bytes.copy", func(b *testing.B) {
		from, to := make([]byte, size), make([]byte, size)
		b.SetBytes(int64(size))
		b.ReportAllocs()
		for b.Loop() {
			copy(to, from)
		}
	})
}

func BenchmarkLegalMovement(b *testing.B) {
	s := midMovement(b)
	buf := make([]engine.Action, 0, 1024)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		buf = s.Legal(buf[:0])
		n = len(buf)
	}
	b.ReportMetric(float64(n), "actions")
}

func BenchmarkLegalShooting(b *testing.B) {
	var s *State
	for seed := uint64(1); s == nil; seed++ {
		for steps := 150; steps < 400; steps++ {
			c := midGame(b, seed, steps)
			if c.phase == phShoot && c.chance == chNone && !c.Terminal() {
				s = c
				break
			}
		}
	}
	buf := make([]engine.Action, 0, 1024)
	b.ReportAllocs()
	for b.Loop() {
		buf = s.Legal(buf[:0])
	}
}

// BenchmarkApplyMove applies every generated movement order in turn to a
// copy of a mid-game position (the copy is included; see BenchmarkStateCopy).
func BenchmarkApplyMove(b *testing.B) {
	s := midMovement(b)
	acts := s.Legal(nil)
	var c State
	b.ReportAllocs()
	k := 0
	for b.Loop() {
		c.CopyFrom(s)
		if err := c.Apply(acts[k]); err != nil {
			b.Fatal(err)
		}
		k++
		if k == len(acts) {
			k = 0
		}
	}
}

// BenchmarkRandomGame plays whole random games on the standard scenario,
// set-up included, into a reused state: games per second for random play.
func BenchmarkRandomGame(b *testing.B) {
	start, err := NewGame(DefaultScenario, engine.Options{})
	if err != nil {
		b.Fatal(err)
	}
	var s State
	rng := rand.New(rand.NewPCG(1, 2))
	var dice engine.RandomDice
	dice.PCG.Seed(3, 4)
	buf := make([]engine.Action, 0, 2048)
	steps := 0
	b.ReportAllocs()
	for b.Loop() {
		s.CopyFrom(start)
		for !s.Terminal() {
			steps++
			if s.ToMove() == engine.Chance {
				_ = s.ApplyDice(engine.RollWith(&dice.PCG, s.PendingRoll()))
				continue
			}
			buf = s.Legal(buf[:0])
			if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(steps)/float64(b.N), "steps/game")
}

// TestRandomGameAllocatesNothing proves the hot paths (copy, legal-action
// generation, apply, dice) allocate nothing in a whole game once the action
// buffer has grown.
func TestRandomGameAllocatesNothing(t *testing.T) {
	start, err := NewGame(DefaultScenario, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var s State
	rng := rand.New(rand.NewPCG(5, 6))
	var dice engine.RandomDice
	dice.PCG.Seed(7, 8)
	buf := make([]engine.Action, 0, 4096)
	play := func() {
		s.CopyFrom(start)
		for !s.Terminal() {
			if s.ToMove() == engine.Chance {
				_ = s.ApplyDice(engine.RollWith(&dice.PCG, s.PendingRoll()))
				continue
			}
			buf = s.Legal(buf[:0])
			_ = s.Apply(buf[rng.IntN(len(buf))])
		}
	}
	if n := testing.AllocsPerRun(5, play); n != 0 {
		t.Fatalf("a random game allocated %.1f times; want 0", n)
	}
}
