package toy_test

import (
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest/toy"
)

// FuzzDecodeState: any bytes decode to a state or an error, never a
// panic, and a decoded state can be described, listed and encoded.
func FuzzDecodeState(f *testing.F) {
	st, _ := toy.Rules{}.NewGame("", engine.Options{})
	b, _ := st.MarshalJSON()
	f.Add(b)
	f.Fuzz(func(t *testing.T, data []byte) {
		st, err := toy.Rules{}.DecodeState(data)
		if err != nil {
			return
		}
		_ = st.Hash()
		for side := engine.Player(0); side < 2; side++ {
			for _, a := range engine.LegalFor(st, side, nil) {
				_ = st.DescribeAction(a)
				_ = engine.Play(st.Clone(), side, a)
			}
		}
		if st.ToMove() == engine.Chance {
			_ = st.DescribeRoll()
			_ = engine.Outcomes(st, nil, 36)
		}
		_ = st.(engine.Describer).Sketch() + st.(engine.Describer).Summary()
		if _, err := st.MarshalJSON(); err != nil {
			t.Fatal(err)
		}
	})
}
