package engine

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// DiceSource resolves pending chance events.
type DiceSource interface {
	// Roll returns dice for r.
	Roll(r Roll) (Dice, error)
}

// RandomDice rolls with a seeded PCG generator. Copying a RandomDice by value
// forks its stream deterministically.
type RandomDice struct {
	PCG rand.PCG
}

// NewRandomDice returns a dice source seeded with seed.
func NewRandomDice(seed uint64) *RandomDice {
	d := &RandomDice{}
	d.PCG.Seed(seed, seed^0x9e3779b97f4a7c15)
	return d
}

// Roll draws r.N uniform dice of r.Sides sides.
func (d *RandomDice) Roll(r Roll) (Dice, error) {
	return RollWith(&d.PCG, r), nil
}

// RollWith draws the dice of r from any rand source without allocating.
// The dice are drawn one at a time in the pool's order, so a pool of one
// kind draws exactly what it did when pools had one kind. An invalid roll
// (see Roll.Valid) gives no dice, which every roll refuses.
func RollWith(src rand.Source, r Roll) Dice {
	var out Dice
	if r.NGroups > MaxDiceKinds || r.Count() > MaxDice {
		return out
	}
	for _, g := range r.Groups[:r.NGroups] {
		if g.Sides == 0 {
			continue
		}
		for range g.N {
			// Lemire's bounded draw would be marginally fairer; a 64-bit modulo
			// over a six-sided die has a bias below 1e-18, far below any test.
			out.V[out.N] = uint8(src.Uint64()%uint64(g.Sides)) + 1
			out.N++
		}
	}
	return out
}

// ErrScriptExhausted is returned by ScriptedDice when it has no values left.
var ErrScriptExhausted = errors.New("dice script exhausted")

// ScriptedDice hands out a fixed list of die values in order: for tests
// with known dice and for replays.
type ScriptedDice struct {
	Values []int
	Next   int
}

// NewScriptedDice returns a source that yields values in order.
func NewScriptedDice(values ...int) *ScriptedDice { return &ScriptedDice{Values: values} }

// Roll takes the next r.Count() values from the script, whatever the size
// of the pool (up to MaxDice).
func (s *ScriptedDice) Roll(r Roll) (Dice, error) {
	var d Dice
	if err := r.Valid(); err != nil {
		return d, err
	}
	for range r.Count() {
		if s.Next >= len(s.Values) {
			return d, fmt.Errorf("%w after %d values (wanted %s)", ErrScriptExhausted, s.Next, r)
		}
		v := s.Values[s.Next]
		if v < 0 || v > 255 {
			return d, fmt.Errorf("scripted die %d is %d, not a die's value", s.Next+1, v)
		}
		d.V[d.N] = uint8(v)
		d.N++
		s.Next++
	}
	return d, d.Check(r)
}

// Remaining is the number of unused values.
func (s *ScriptedDice) Remaining() int { return len(s.Values) - s.Next }

// goldenGamma is splitmix64's increment, 2^64 divided by the golden ratio.
const goldenGamma = 0x9e3779b97f4a7c15

// Mix64 is splitmix64's finaliser: it scrambles x so that nearby inputs
// (seeds 1, 2, 3...) give unrelated outputs.
func Mix64(x uint64) uint64 {
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// SplitMix64 is the splitmix64 output for state x: the seed derivation
// every package uses, so that seeds derived from one master seed are
// independent streams. The n-th output of the sequence started at s is
// SplitMix64(s + n*goldenGamma); SplitMixNth computes it.
func SplitMix64(x uint64) uint64 { return Mix64(x + goldenGamma) }

// SplitMixNth is output n (from 0) of the splitmix64 sequence started at
// state s: any output is reached directly, without the ones before it.
func SplitMixNth(s, n uint64) uint64 { return SplitMix64(s + n*goldenGamma) }
