package grand_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/grand"
)

// randomBattle is a battle of small random forces (so armies break, are
// wiped out and both break in one round), any nations, terrain and
// options.
func randomBattle(rng *rand.Rand) *grand.Scenario {
	sc := &grand.Scenario{Name: "random", Terrain: grand.Terrain(rng.IntN(5)), River: rng.IntN(2) == 0,
		Rounds: rng.IntN(grand.MaxRounds + 1), Trivial: rng.IntN(5) == 0,
		CavalrySuperiority: rng.IntN(2) == 0, GuardCommitment: rng.IntN(2) == 0}
	for side := range 2 {
		f := &sc.Forces[side]
		f.Name = fmt.Sprintf("side%d", side)
		f.Nation = grand.Nation(rng.IntN(8))
		f.Commander = grand.Commander{Nation: grand.Nation(rng.IntN(8)), Strategic: rng.IntN(7), Tactical: rng.IntN(6), CavalryLeader: rng.IntN(2) == 0}
		scale := []int{1, 3, 10, 40}[rng.IntN(4)]
		for k := range f.Factors {
			if rng.IntN(3) == 0 {
				f.Factors[k] = rng.IntN(scale + 1)
			}
		}
		if f.Total() == 0 {
			f.Factors[rng.IntN(len(f.Factors))] = 1
		}
	}
	return sc
}

// TestDecodeEveryPosition: every position of random play on random
// battles decodes to itself, the ends of battles where both sides broke
// or were wiped out included.
func TestDecodeEveryPosition(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	var buf []engine.Action
	positions, bothGone := 0, 0
	for game := range 3000 {
		sc := randomBattle(rng)
		s, err := grand.NewState(sc)
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; ; step++ {
			b, err := s.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			d, err := grand.Rules{}.DecodeState(b)
			if err != nil {
				t.Fatalf("game %d step %d: a position of play is refused: %v\n%s", game, step, err, b)
			}
			if b2, _ := d.MarshalJSON(); !bytes.Equal(b, b2) {
				t.Fatalf("game %d step %d: written back differently", game, step)
			}
			positions++
			if s.Terminal() || step > 300 {
				break
			}
			if buf, err = randomStep(s, rng, buf); err != nil {
				t.Fatalf("game %d: %v", game, err)
			}
		}
		if s.Army(0).Factors == ([grand.NumKinds]int16{}) && s.Army(1).Factors == ([grand.NumKinds]int16{}) {
			bothGone++
		}
	}
	t.Logf("%d positions, %d battles ending with no factor on either side", positions, bothGone)
}

// TestDecodeRefusesHostileEdits: an edited save that the rules and
// NewState could not give is refused, naming the field and its range.
func TestDecodeRefusesHostileEdits(t *testing.T) {
	st, err := grand.Rules{}.NewGame("test-guard", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	good, err := st.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	army := func(m map[string]any, side int) map[string]any {
		return m["armies"].([]any)[side].(map[string]any)
	}
	force := func(m map[string]any, side int) map[string]any {
		return m["scenario"].(map[string]any)["forces"].([]any)[side].(map[string]any)
	}
	zero := []any{0, 0, 0, 0, 0, 0, 0}
	for _, c := range []struct {
		name string
		edit func(m map[string]any)
		want string
	}{
		{"negative morale", func(m map[string]any) { army(m, 0)["morale"] = -5 }, "morale"},
		{"negative morale, its loss to match", func(m map[string]any) {
			a := army(m, 0)
			a["lost"] = a["morale"].(float64) + 5
			a["morale"] = -5
		}, "broken"},
		{"morale above the start", func(m map[string]any) { army(m, 1)["morale"] = 90 }, "morale"},
		{"negative morale lost", func(m map[string]any) { army(m, 1)["lost"] = -3 }, "lost"},
		{"no factors on both sides", func(m map[string]any) {
			for side := range 2 {
				army(m, side)["factors"] = zero
				army(m, side)["factors_lost"] = grandTotal(force(m, side))
			}
		}, "factors"},
		{"no factors on one side, the battle going on", func(m map[string]any) {
			army(m, 1)["factors"] = zero
			army(m, 1)["factors_lost"] = grandTotal(force(m, 1))
		}, "broken"},
		{"factors lost that were not", func(m map[string]any) { army(m, 0)["factors_lost"] = 3 }, "factors_lost"},
		{"negative factors lost", func(m map[string]any) { army(m, 0)["factors_lost"] = -1 }, "factors_lost"},
		{"a guard shift past the nation's", func(m map[string]any) {
			army(m, 0)["posture"], army(m, 0)["guard"] = 1, 3
		}, "guard"},
		{"a guard shift without a posture", func(m map[string]any) { army(m, 0)["guard"] = 1 }, "guard"},
		{"rounds out with no force out", func(m map[string]any) { army(m, 0)["out_rounds"] = 1 }, "outflanking"},
		{"rounds out past the rounds fought", func(m map[string]any) {
			army(m, 0)["out"], army(m, 0)["out_rounds"] = 1, 2
		}, "outflanking"},
		{"both sides' forces out", func(m map[string]any) { army(m, 0)["out"], army(m, 1)["out"] = 1, 1 }, "both sides"},
		{"combat dice with no postures", func(m map[string]any) { m["phase"] = 1 }, "posture"},
		{"a victor mid-battle", func(m map[string]any) { m["victor"] = 1 }, "victor"},
		{"a broken loser mid-battle", func(m map[string]any) { m["loser_broke"] = true }, "victor"},
		{"last round's levels off the chart", func(m map[string]any) {
			m["last"].(map[string]any)["levels"] = []any{map[string]any{"C": 6, "M": 1}, map[string]any{"C": 0, "M": 0}}
		}, "levels"},
		{"last round's die off the chart", func(m map[string]any) { m["last"].(map[string]any)["die"] = []any{9, 0} }, "die"},
		{"last round's negative losses", func(m map[string]any) { m["last"].(map[string]any)["losses"] = []any{-2, 0} }, "losses"},
		{"last round's morale loss off the chart", func(m map[string]any) { m["last"].(map[string]any)["morale"] = []any{0, 90} }, "morale loss"},
		{"an escape sequence in a force's name", func(m map[string]any) { force(m, 0)["name"] = "\x1b[2J" }, "name"},
		{"a bidi override in the title", func(m map[string]any) { m["scenario"].(map[string]any)["title"] = "a\u202eb" }, "title"},
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
			_, err = grand.Rules{}.DecodeState(bad)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one about %q\n%s", err, c.want, bad)
			}
		})
	}
}

// grandTotal is a force's factors in all, from its JSON.
func grandTotal(f map[string]any) float64 {
	n := 0.0
	for _, v := range f["factors"].([]any) {
		n += v.(float64)
	}
	return n
}
