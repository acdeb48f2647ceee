package grand_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest"
	"github.com/grognard/grognard/engine/grand"
)

// fuzzScenarios are the battles the fuzz seeds come from: every option,
// terrain and phase the built-in and test battles reach.
var fuzzScenarios = []string{grand.DefaultScenario, "test-guard", "test-trivial", "test-marsh", "test-bombard"}

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

// fuzzConfig seeds the shared harnesses from every position of seeded
// random battles on every fuzz scenario, and every posture's notation.
// Grand Tactical's DecodeState refuses what play cannot reach, so it is
// fuzzed strictly: from any state it decodes, random play goes on to the
// end without a refusal, through positions that all decode. It is a
// function, not a variable, because the test battles are registered by
// this package's init, which runs after variables are initialised.
func fuzzConfig(tb testing.TB) enginetest.Fuzz {
	return enginetest.Fuzz{
		Ruleset: grand.Rules{},
		// The guard's battle first: its postures are the ones the texts are
		// read in.
		Scenarios: []string{"test-guard", grand.DefaultScenario, "test-trivial", "test-marsh", "test-bombard"},
		Games:     3,
		MaxSteps:  200,
		Every:     1,
		Texts:     fuzzTexts(tb),
		Steps:     100,
		Strict:    true,
		CheckState: func(t *testing.T, st engine.State) {
			s := st.(*grand.State)
			_, _ = s.Decided()
			if s.Terminal() && s.ToMove() != engine.NoPlayer {
				t.Fatalf("a terminal state: %s to move, result %+v", s.ToMove(), s.Result())
			}
		},
		CheckAction: func(t *testing.T, _ engine.State, text string, a engine.Action) {
			side := int(a.Unit)
			if a.Kind != grand.KindPosture || side > 1 || a.Arg < 1 || int(a.Arg) > grand.NumPostures(side) || a.Target > 2 {
				t.Fatalf("ParseAction(%q) = %+v: not a posture", text, a)
			}
		},
	}
}

// fuzzTexts are the notation of every posture of each side with every
// shift, and texts next to it.
func fuzzTexts(tb testing.TB) []string {
	var out []string
	st, err := grand.Rules{}.NewGame("test-guard", engine.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	for side := range 2 {
		for p := uint8(1); int(p) <= grand.NumPostures(side); p++ {
			for shift := uint8(0); shift <= 2; shift++ {
				out = append(out, st.FormatAction(grand.PostureAction(side, p, shift)))
			}
		}
	}
	return append(out, "", "outflank", "attacker", "defender", "cordon guard 2", "attacker defender cordon", "attacker assault guard 3", "unknown 1 0 0 0")
}

// FuzzParseAction: see enginetest.FuzzParseAction; what parses is a
// posture.
func FuzzParseAction(f *testing.F) { enginetest.FuzzParseAction(f, fuzzConfig(f)) }

// FuzzDecodeState: see enginetest.FuzzDecodeState; a terminal state has
// nobody to move.
func FuzzDecodeState(f *testing.F) { enginetest.FuzzDecodeState(f, fuzzConfig(f)) }

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
