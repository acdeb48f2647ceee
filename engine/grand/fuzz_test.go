package grand_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/grand"
)

// fuzzScenarios are the battles the fuzz seeds come from: every option,
// terrain and phase the built-in and test battles reach.
var fuzzScenarios = []string{grand.DefaultScenario, "test-guard", "test-trivial", "test-marsh"}

// randomStep plays one step of s with uniformly random postures and dice,
// reporting any refusal of a legal choice or a valid roll.
func randomStep(s *grand.State, rng *rand.Rand, buf []engine.Action) ([]engine.Action, error) {
	if s.ToMove() == engine.Chance {
		return buf, s.ApplyDice(engine.RollWith(rng, s.PendingRoll()))
	}
	for side := engine.Player(0); side < 2; side++ {
		if !s.Owes(side) {
			continue
		}
		buf = s.LegalFor(side, buf[:0])
		if len(buf) == 0 {
			return buf, errors.New("a side owes a posture but has none")
		}
		if err := s.Commit(side, buf[rng.IntN(len(buf))]); err != nil {
			return buf, err
		}
	}
	return buf, nil
}

// positions are the JSON of every position of seeded random battles.
func positions(tb testing.TB, games int) [][]byte {
	var out [][]byte
	var buf []engine.Action
	for _, name := range fuzzScenarios {
		for seed := range uint64(games) {
			st, err := grand.Rules{}.NewGame(name, engine.Options{})
			if err != nil {
				tb.Fatal(err)
			}
			s := st.(*grand.State)
			rng := rand.New(rand.NewPCG(seed, 17))
			for step := 0; ; step++ {
				b, err := s.MarshalJSON()
				if err != nil {
					tb.Fatal(err)
				}
				out = append(out, b)
				if s.Terminal() || step > 200 {
					break
				}
				if buf, err = randomStep(s, rng, buf); err != nil {
					tb.Fatalf("%s seed %d: %v", name, seed, err)
				}
			}
		}
	}
	return out
}

// FuzzParseAction: any text is refused with engine.ErrNotation or read as
// a posture that formats back to text reading the same; nothing panics.
func FuzzParseAction(f *testing.F) {
	st, err := grand.Rules{}.NewGame("test-guard", engine.Options{})
	if err != nil {
		f.Fatal(err)
	}
	s := st.(*grand.State)
	for side := range 2 {
		for p := uint8(1); int(p) <= grand.NumPostures(side); p++ {
			for shift := uint8(0); shift <= 2; shift++ {
				f.Add(s.FormatAction(grand.PostureAction(side, p, shift)))
			}
		}
	}
	for _, text := range []string{"", "outflank", "attacker", "defender", "cordon guard 2", "attacker defender cordon", "attacker assault guard 3", "unknown 1 0 0 0"} {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		a, err := s.ParseAction(text)
		if err != nil {
			if !errors.Is(err, engine.ErrNotation) {
				t.Fatalf("ParseAction(%q): %v does not wrap ErrNotation", text, err)
			}
			return
		}
		side := int(a.Unit)
		if a.Kind != grand.KindPosture || side > 1 || a.Arg < 1 || int(a.Arg) > grand.NumPostures(side) || a.Target > 2 {
			t.Fatalf("ParseAction(%q) = %+v: not a posture", text, a)
		}
		back := s.FormatAction(a)
		if b, err := s.ParseAction(back); err != nil || b != a {
			t.Fatalf("ParseAction(%q) = %+v formats as %q, which parses to %+v, %v", text, a, back, b, err)
		}
		_ = s.DescribeAction(a)
	})
}

// FuzzDecodeState: any input is refused or decoded to a state that
// re-marshals to JSON decoding to an equal hash, whose every method works
// and from which random play goes on to the end without a refusal,
// through positions that all decode.
func FuzzDecodeState(f *testing.F) {
	for _, b := range positions(f, 3) {
		f.Add(b)
	}
	f.Add([]byte(`{}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, data []byte) {
		st, err := grand.Rules{}.DecodeState(data)
		if err != nil {
			return
		}
		b, err := st.MarshalJSON()
		if err != nil {
			t.Fatalf("a decoded state does not marshal: %v", err)
		}
		st2, err := grand.Rules{}.DecodeState(b)
		if err != nil {
			t.Fatalf("a decoded state's JSON does not decode: %v\n%s", err, b)
		}
		if st.Hash() != st2.Hash() {
			t.Fatalf("hash %x after a round trip, %x before", st2.Hash(), st.Hash())
		}
		if b2, err := st2.MarshalJSON(); err != nil || !bytes.Equal(b, b2) {
			t.Fatalf("the JSON changes on a second round trip: %v\n%s\n%s", err, b, b2)
		}
		exercise(t, st.(*grand.State))
	})
}

// exercise calls what front ends and searches call on s, then plays it
// out at random.
func exercise(t *testing.T, s *grand.State) {
	t.Helper()
	rng := rand.New(rand.NewPCG(5, 5))
	var buf []engine.Action
	var outs []engine.Outcome
	for step := 0; step < 100; step++ {
		_ = s.Hash()
		_ = s.Summary()
		_ = s.Sketch()
		_ = s.DescribeRoll()
		_ = s.PhaseName()
		_, _ = s.Decided()
		_ = s.Clone()
		for side := engine.Player(0); side < 2; side++ {
			v := s.View(side)
			_ = v.Hash()
			for _, a := range s.LegalFor(side, nil) {
				_ = s.DescribeAction(a)
				if got, err := s.ParseAction(s.FormatAction(a)); err != nil || got != a {
					t.Fatalf("legal %+v formats as %q: %+v, %v", a, s.FormatAction(a), got, err)
				}
			}
		}
		outs = s.Outcomes(outs[:0])
		if s.Terminal() {
			if s.ToMove() != engine.NoPlayer || !s.Result().Over {
				t.Fatalf("a terminal state: %s to move, result %+v", s.ToMove(), s.Result())
			}
			return
		}
		if s.ToMove() == engine.Both && !s.Owes(0) && !s.Owes(1) {
			t.Fatalf("both sides are to choose but neither owes a posture: stuck\n%s", s.Summary())
		}
		var err error
		if buf, err = randomStep(s, rng, buf); err != nil {
			t.Fatalf("step %d (%s): %v", step, s.PhaseName(), err)
		}
		// Play from a decoded state stays within what decodes.
		b, err := s.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := (grand.Rules{}).DecodeState(b); err != nil {
			t.Fatalf("step %d (%s) reached a position that does not decode: %v\n%s", step, s.PhaseName(), err, b)
		}
	}
}

// TestRandomBattles plays many random battles on every scenario through
// exercise, and checks the factors never rise nor go below zero.
func TestRandomBattles(t *testing.T) {
	var buf []engine.Action
	for _, name := range fuzzScenarios {
		for seed := range uint64(300) {
			st, err := grand.Rules{}.NewGame(name, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*grand.State)
			rng := rand.New(rand.NewPCG(seed, 99))
			prev := [2]grand.Army{s.Army(0), s.Army(1)}
			for steps := 0; !s.Terminal(); steps++ {
				if steps > 200 {
					t.Fatalf("%s seed %d: no end after %d steps", name, seed, steps)
				}
				if buf, err = randomStep(s, rng, buf); err != nil {
					t.Fatalf("%s seed %d: %v", name, seed, err)
				}
				for side := range 2 {
					a := s.Army(side)
					total := int16(0)
					for k, v := range a.Factors {
						if v < 0 || v > prev[side].Factors[k] {
							t.Fatalf("%s seed %d: %s factors %v after %v", name, seed, grand.Kind(k), a.Factors, prev[side].Factors)
						}
						total += v
					}
					if a.Lost < prev[side].Lost || a.Morale > prev[side].Morale {
						t.Fatalf("%s seed %d: morale rose", name, seed)
					}
					prev[side] = a
				}
			}
			if s.CombatRound() > s.DayRounds() {
				t.Fatalf("%s seed %d: round %d of a %d-round day", name, seed, s.CombatRound(), s.DayRounds())
			}
		}
	}
}

// TestDecodeRefusesUnreachable: hand-damaged positions are refused, and
// real positions all decode to their own hash.
func TestDecodeRefusesUnreachable(t *testing.T) {
	for _, b := range positions(t, 2) {
		st, err := grand.Rules{}.DecodeState(b)
		if err != nil {
			t.Fatalf("a real position is refused: %v\n%s", err, b)
		}
		b2, _ := st.MarshalJSON()
		if !bytes.Equal(b, b2) {
			t.Fatalf("a real position re-marshals differently:\n%s\n%s", b, b2)
		}
	}
	st, err := grand.Rules{}.NewGame(grand.DefaultScenario, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	good, _ := st.MarshalJSON()
	for name, edit := range map[string][2]string{
		"phase":          {`"phase":0`, `"phase":9`},
		"round":          {`"round":1`, `"round":0`},
		"round past day": {`"round":1`, `"round":5`},
		"victor":         {`"victor":0`, `"victor":3`},
		"end":            {`"end_how":0`, `"end_how":9`},
		"posture":        {`"posture":0`, `"posture":7`},
		"out":            {`"out":0`, `"out":3`},
		"factors":        {`"armies":[{"factors":[14,`, `"armies":[{"factors":[15,`},
		"negative":       {`"armies":[{"factors":[14,`, `"armies":[{"factors":[-1,`},
		"arrival":        {`"phase":0`, `"phase":2`},
		"no scenario":    {`"scenario":{`, `"scenery":{`},
		"stuck postures": {`"posture":0,"guard":0}`, `"posture":1,"guard":0}`},
	} {
		n := 1
		if name == "stuck postures" {
			n = -1 // both sides' postures in, unrevealed: nobody could move
		}
		bad := bytes.Replace(good, []byte(edit[0]), []byte(edit[1]), n)
		if bytes.Equal(bad, good) {
			t.Fatalf("%s: %s is not in %s", name, edit[0], good)
		}
		if _, err := (grand.Rules{}).DecodeState(bad); err == nil {
			t.Errorf("%s: %s decoded", name, bad)
		}
	}
}
