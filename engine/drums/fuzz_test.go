package drums

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/grognard/grognard/engine"
)

// seedStates are saved states from a seeded random game, at every kind
// of pending decision and roll it meets.
func seedStates(f *testing.F) [][]byte {
	s, err := NewGame(DefaultScenario, engine.Options{})
	if err != nil {
		f.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 3))
	var out [][]byte
	var buf []engine.Action
	for step := 0; !s.Terminal() && step < 400; step++ {
		if step%17 == 0 {
			b, err := s.MarshalJSON()
			if err != nil {
				f.Fatal(err)
			}
			out = append(out, b)
		}
		if s.ToMove() == engine.Chance {
			_ = s.ApplyDice(engine.RollWith(rng, s.PendingRoll()))
			continue
		}
		buf = s.Legal(buf[:0])
		_ = s.Apply(buf[rng.IntN(len(buf))])
	}
	return out
}

// FuzzDecodeState: a saved state, however damaged, is refused with an
// error or restored to a state that writes back to JSON decoding to the
// same, and whose every method works without panic as it plays on.
func FuzzDecodeState(f *testing.F) {
	for _, b := range seedStates(f) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := DecodeState(data)
		if err != nil {
			return
		}
		b, err := s.MarshalJSON()
		if err != nil {
			t.Fatalf("a decoded state does not write: %v", err)
		}
		s2, err := DecodeState(b)
		if err != nil {
			t.Fatalf("a decoded state's JSON does not decode: %v\n%s", err, b)
		}
		if b2, err := s2.MarshalJSON(); err != nil || !bytes.Equal(b, b2) || s2.Hash() != s.Hash() {
			t.Fatalf("the JSON changes on a second round trip: %v\n%s\n%s", err, b, b2)
		}
		exercise(t, s)
	})
}

// exercise calls what front ends and searches call on a state, and plays
// a few random steps from it.
func exercise(t *testing.T, s *State) {
	_ = s.Hash()
	_ = s.Summary()
	_ = s.Sketch()
	_ = s.Pieces(nil)
	_, _ = s.MarshalJSON()
	rng := rand.New(rand.NewPCG(1, 1))
	for range 20 {
		if s.Terminal() {
			return
		}
		_ = s.DescribeRoll()
		if s.ToMove() == engine.Chance {
			if err := s.roll.Valid(); err != nil {
				return
			}
			_ = s.ApplyDice(engine.RollWith(rng, s.PendingRoll()))
			continue
		}
		acts := s.Legal(nil)
		if len(acts) == 0 {
			return
		}
		a := acts[rng.IntN(len(acts))]
		_ = s.DescribeAction(a)
		_ = s.FormatAction(a)
		_ = s.Apply(a)
	}
}

// FuzzParseAction: any text is an action that formats back to itself, or
// an error; never a panic.
func FuzzParseAction(f *testing.F) {
	for _, t := range []string{"F1 advance 12.5,8", "activate F1 +ap", "deploy F-G1 4", "F1 charge camp1 supply", "F1 form column left", "F-G1 move 20,6", "adjust +1", "B3 shoot F2"} {
		f.Add(t)
	}
	s, err := NewGame(DefaultScenario, engine.Options{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text string) {
		a, err := s.ParseAction(text)
		if err != nil {
			return
		}
		_ = s.DescribeAction(a)
		if b, err := s.ParseAction(s.FormatAction(a)); err == nil && b != a {
			t.Fatalf("%q: parsed %+v, formatted %q, read back %+v", text, a, s.FormatAction(a), b)
		}
	})
}
