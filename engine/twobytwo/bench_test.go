package twobytwo

import (
	"math"
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

// BenchmarkLegalNextMovement is LegalNext in the same position: one
// unit's orders instead of every unit's.
func BenchmarkLegalNextMovement(b *testing.B) {
	s := midMovement(b)
	buf := make([]engine.Action, 0, 1024)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		buf = s.LegalNext(buf[:0])
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

// reusedPlayer plays whole random games into one reused state, buffer
// and pair of generators: the steady state of a search's playouts.
type reusedPlayer struct {
	start, s State
	rng      *rand.Rand
	dice     engine.RandomDice
	buf      []engine.Action
}

func newReusedPlayer(tb testing.TB, seed uint64) *reusedPlayer {
	start, err := NewGame(DefaultScenario, engine.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	p := &reusedPlayer{start: *start, rng: rand.New(rand.NewPCG(seed, seed+1)), buf: make([]engine.Action, 0, 4096)}
	p.dice.PCG.Seed(seed+2, seed+3)
	return p
}

// play plays one game from the start and returns its number of steps.
func (p *reusedPlayer) play() (steps int, err error) {
	p.s.CopyFrom(&p.start)
	for !p.s.Terminal() {
		steps++
		if p.s.ToMove() == engine.Chance {
			if err := p.s.ApplyDice(engine.RollWith(&p.dice.PCG, p.s.PendingRoll())); err != nil {
				return steps, err
			}
			continue
		}
		p.buf = p.s.Legal(p.buf[:0])
		if err := p.s.Apply(p.buf[p.rng.IntN(len(p.buf))]); err != nil {
			return steps, err
		}
	}
	return steps, nil
}

// BenchmarkRandomGame plays whole random games on the standard scenario,
// set-up included, into a reused state: games per second for random play.
func BenchmarkRandomGame(b *testing.B) {
	p := newReusedPlayer(b, 1)
	steps := 0
	b.ReportAllocs()
	for b.Loop() {
		n, err := p.play()
		if err != nil {
			b.Fatal(err)
		}
		steps += n
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(steps)/float64(b.N), "steps/game")
}

// TestRandomGameAllocatesNothing proves the hot paths (copy, legal-action
// generation, apply, dice) allocate nothing in a whole game once the action
// buffer has grown.
func TestRandomGameAllocatesNothing(t *testing.T) {
	p := newReusedPlayer(t, 5)
	var err error
	// AllocsPerRun counts the whole process's allocations, so a goroutine
	// left by an earlier test (a fuzz watchdog's timer) can add one. An
	// allocating hot path allocates in every game: the best of three
	// measurements still catches it.
	best := math.Inf(1)
	for range 3 {
		best = min(best, testing.AllocsPerRun(5, func() { _, err = p.play() }))
	}
	if best != 0 {
		t.Fatalf("a random game allocated %.1f times; want 0", best)
	}
	if err != nil {
		t.Fatal(err)
	}
}
