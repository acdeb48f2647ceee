package drums

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/grognard/grognard/engine"
)

// midGame plays a seeded random game to its first activation decision of
// turn 3, the kind of position a search spends its time in.
func midGame(b testing.TB) *State {
	s, err := NewGame(DefaultScenario, engine.Options{})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	var buf []engine.Action
	for !s.Terminal() {
		if s.ToMove() == engine.Chance {
			if err := s.ApplyDice(engine.RollWith(rng, s.PendingRoll())); err != nil {
				b.Fatal(err)
			}
			continue
		}
		if s.TurnNo >= 3 && s.ask == askDeclare {
			return s
		}
		buf = s.Legal(buf[:0])
		if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
			b.Fatal(err)
		}
	}
	b.Fatal("the game ended before turn 3")
	return nil
}

// BenchmarkCopy is CopyFrom of a mid-game state; BenchmarkByteCopy copies
// the same number of bytes, the target it is measured against (within
// 1.5x, 0 allocs).
func BenchmarkCopy(b *testing.B) {
	s := midGame(b)
	var d State
	b.ReportAllocs()
	b.SetBytes(int64(unsafe.Sizeof(d)))
	for b.Loop() {
		d.CopyFrom(s)
	}
}

func BenchmarkByteCopy(b *testing.B) {
	src := make([]byte, unsafe.Sizeof(State{}))
	dst := make([]byte, len(src))
	b.ReportAllocs()
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		copy(dst, src)
	}
}

// BenchmarkLegal lists a mid-game unit's declarations into a reused buffer.
func BenchmarkLegal(b *testing.B) {
	s := midGame(b)
	buf := make([]engine.Action, 0, 256)
	b.ReportAllocs()
	for b.Loop() {
		buf = s.Legal(buf[:0])
	}
	b.ReportMetric(float64(len(buf)), "actions")
}

// BenchmarkApply applies each legal declaration to a copy in turn.
func BenchmarkApply(b *testing.B) {
	s := midGame(b)
	acts := s.Legal(nil)
	var c State
	b.ReportAllocs()
	k := 0
	for b.Loop() {
		c.CopyFrom(s)
		if err := c.Apply(acts[k%len(acts)]); err != nil {
			b.Fatal(err)
		}
		k++
	}
}

// BenchmarkRandomGame plays whole random games on the default scenario,
// reusing one state and buffer: games per second and allocations per game.
func BenchmarkRandomGame(b *testing.B) {
	start, err := NewGame(DefaultScenario, engine.Options{})
	if err != nil {
		b.Fatal(err)
	}
	var s State
	buf := make([]engine.Action, 0, 512)
	rng := rand.New(rand.NewPCG(1, 2))
	steps := 0
	b.ReportAllocs()
	for b.Loop() {
		s.CopyFrom(start)
		for !s.Terminal() {
			steps++
			if s.ToMove() == engine.Chance {
				_ = s.ApplyDice(engine.RollWith(rng, s.PendingRoll()))
				continue
			}
			buf = s.Legal(buf[:0])
			_ = s.Apply(buf[rng.IntN(len(buf))])
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(steps)/float64(b.N), "steps/game")
}
