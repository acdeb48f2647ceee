package drums

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
)

// TestDecodeStateRoundTrip: every position of random games on every
// built-in battle, with every variant, decodes and writes back the same.
func TestDecodeStateRoundTrip(t *testing.T) {
	var buf []engine.Action
	for _, name := range (Rules{}).Scenarios() {
		for seed := range uint64(3) {
			s, err := NewGame(name, engine.Options{Variants: Variants})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(seed, 41))
			for step := 0; !s.Terminal() && step < 1500; step++ {
				b, err := s.MarshalJSON()
				if err != nil {
					t.Fatal(err)
				}
				d, err := DecodeState(b)
				if err != nil {
					t.Fatalf("%s seed %d step %d: a position of play is refused: %v", name, seed, step, err)
				}
				if b2, _ := d.MarshalJSON(); !bytes.Equal(b, b2) {
					t.Fatalf("%s seed %d step %d: written back differently", name, seed, step)
				}
				if s.ToMove() == engine.Chance {
					_ = s.ApplyDice(engine.RollWith(rng, s.PendingRoll()))
					continue
				}
				buf = s.Legal(buf[:0])
				if len(buf) == 0 {
					break
				}
				_ = s.Apply(buf[rng.IntN(len(buf))])
			}
		}
	}
}

// hostileSave is a saved position at a pending roll, for editing.
func hostileSave(t *testing.T) []byte {
	t.Helper()
	s, err := NewGame(DefaultScenario, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var buf []engine.Action
	for step := 0; step < 3000 && !s.Terminal(); step++ {
		if s.ToMove() == engine.Chance {
			if step > 150 && s.rollWhat == rShoot {
				break
			}
			_ = s.ApplyDice(engine.RollWith(rng, s.PendingRoll()))
			continue
		}
		buf = s.Legal(buf[:0])
		_ = s.Apply(buf[rng.IntN(len(buf))])
	}
	if s.rollWhat != rShoot || s.wait != waitDice {
		t.Fatalf("no shot pending: %s", s.DescribeRoll())
	}
	b, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestDecodeStateRefusesHostileEdits: a saved game edited out of what
// the rules and NewGame give is refused, naming what is wrong.
func TestDecodeStateRefusesHostileEdits(t *testing.T) {
	good := hostileSave(t)
	if _, err := DecodeState(good); err != nil {
		t.Fatalf("the unedited save: %v", err)
	}
	for _, c := range []struct {
		name string
		edit func(m map[string]any)
		want string
	}{
		{"supply past any pool", func(m map[string]any) { m["supply"] = []any{41, 0} }, "supply dice"},
		{"supply with the camp lost", func(m map[string]any) {
			camp := m["camp"].([]any)[0].(map[string]any)
			camp["Placed"], camp["Lost"] = true, true
			m["supply"] = []any{1, 0}
		}, "supply dice"},
		{"a camp lost unplaced", func(m map[string]any) {
			camp := m["camp"].([]any)[0].(map[string]any)
			camp["Placed"], camp["Lost"] = false, true
		}, "never placed"},
		{"unknown unit flags", func(m map[string]any) { unit0(m)["Flags"] = float64(1 << 30) }, "flags"},
		{"shots past the count", func(m map[string]any) { unit0(m)["Shots"] = 251 }, "fired"},
		{"charges past the count", func(m map[string]any) { unit0(m)["Charges"] = 255 }, "charged"},
		{"the activated unit", func(m map[string]any) { m["cur_unit"] = 99 }, "unit activated"},
		{"the activated general", func(m map[string]any) { m["cur_unit"] = generalBase + MaxGenerals }, "unit activated"},
		{"a negative scratch total", func(m map[string]any) { m["scratch"] = []any{-1, 0, 0, 0} }, "scratch"},
		{"a huge scratch total", func(m map[string]any) { m["scratch"] = []any{0, maxTotal + 1, 0, 0} }, "scratch"},
		{"a shot at no unit", func(m map[string]any) { m["roll_b"] = 200 }, "roll's references"},
		{"a shot by no unit", func(m map[string]any) { m["roll_a"] = 60 }, "roll's references"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var m map[string]any
			if err := json.Unmarshal(good, &m); err != nil {
				t.Fatal(err)
			}
			c.edit(m)
			bad, err := json.Marshal(m)
			if err != nil {
				t.Fatal(err)
			}
			_, err = DecodeState(bad)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one about %q", err, c.want)
			}
		})
	}
}

func unit0(m map[string]any) map[string]any { return m["units"].([]any)[0].(map[string]any) }
