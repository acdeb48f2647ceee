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

// FuzzParseAction: any text parses to an action or an error, never a
// panic, and what parses is written back to text that parses the same.
func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"posture attack", "B-Line hold", "B-Guns fire R-Line", "R-Skirm charge B-Skirm", "B-Line  advance "} {
		f.Add(s)
	}
	st, _ := toy.Rules{}.NewGame("", engine.Options{})
	nt := st.(interface {
		FormatAction(engine.Action) string
		ParseAction(string) (engine.Action, error)
	})
	f.Fuzz(func(t *testing.T, text string) {
		a, err := nt.ParseAction(text)
		if err != nil {
			return
		}
		if b, err := nt.ParseAction(nt.FormatAction(a)); err != nil || b != a {
			t.Fatalf("%q parses as %+v, written %q, read back %+v, %v", text, a, nt.FormatAction(a), b, err)
		}
	})
}
