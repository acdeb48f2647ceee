package selfplay_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/grognard/grognard/agents/selfplay"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest/toy"
)

// toyGame is a game of the toy ruleset (sealed postures, dice) between
// random players, one of them mixed.
func toyGame(i int, dice uint64) selfplay.Game {
	return selfplay.Game{Index: i, Agents: [2]string{"random", "random"}, Eps: [2]float64{0, 0.5},
		AgentSeeds: [2]uint64{uint64(i) + 1, uint64(i) + 2}, DiceSeed: dice}
}

// TestPlaySamplesAndRepeats: a game is a function of its seeds; the
// sampler sees the position before exactly the steps whose number is a
// multiple of every, never a finished game, and Steps counts the steps
// played (dice rolls and sealed choices included).
func TestPlaySamplesAndRepeats(t *testing.T) {
	type seen struct {
		n    int
		hash uint64
	}
	play := func(g selfplay.Game, every int) (selfplay.Outcome, []seen) {
		var got []seen
		out, err := selfplay.Play(context.Background(), toy.Rules{}, g, every, func(n int, st engine.State) {
			if st.Terminal() {
				t.Errorf("step %d: sampled a finished game", n)
			}
			got = append(got, seen{n, st.Hash()})
		})
		if err != nil {
			t.Fatal(err)
		}
		return out, got
	}
	for _, every := range []int{1, 3, 7} {
		out, got := play(toyGame(0, 11), every)
		if !out.Result.Over || out.Steps == 0 || out.Turns == 0 {
			t.Fatalf("every %d: %+v", every, out)
		}
		if len(got) != out.Steps/every {
			t.Errorf("every %d: %d samples over %d steps, want %d", every, len(got), out.Steps, out.Steps/every)
		}
		for k, s := range got {
			if s.n != (k+1)*every {
				t.Errorf("every %d: sample %d before step %d, want %d", every, k, s.n, (k+1)*every)
			}
		}
		again, got2 := play(toyGame(0, 11), every)
		if again != out || !reflect.DeepEqual(got, got2) {
			t.Errorf("every %d: the same game played twice differs: %+v, %+v", every, out, again)
		}
	}
	// Other dice, another game (the seeds matter).
	a, ga := play(toyGame(0, 11), 1)
	b, gb := play(toyGame(0, 12), 1)
	if a == b && reflect.DeepEqual(ga, gb) {
		t.Error("two dice seeds played the same game")
	}
}

// TestPlayRefuses: a bad agent, a bad scenario or a bad sampling rate
// is an error naming the game.
func TestPlayRefuses(t *testing.T) {
	for _, tc := range []struct {
		g     selfplay.Game
		every int
		want  string
	}{
		{selfplay.Game{Index: 4, Agents: [2]string{"random", "nobody"}}, 1, "game 4"},
		{selfplay.Game{Index: 5, Scenario: "no-such", Agents: [2]string{"random", "random"}}, 1, "no-such"},
		{toyGame(6, 1), 0, "every 0"},
	} {
		if _, err := selfplay.Play(context.Background(), toy.Rules{}, tc.g, tc.every, nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v every %d: error %v, want one saying %q", tc.g, tc.every, err, tc.want)
		}
	}
}

// TestPlayAllOrder: results come back in game order and alike on one
// worker or three; an error stops the run.
func TestPlayAllOrder(t *testing.T) {
	play := func(ctx context.Context, i int) (selfplay.Outcome, error) {
		return selfplay.Play(ctx, toy.Rules{}, toyGame(i, uint64(100+i)), 1, nil)
	}
	one, err := selfplay.PlayAll(context.Background(), 8, 1, play)
	if err != nil {
		t.Fatal(err)
	}
	three, err := selfplay.PlayAll(context.Background(), 8, 3, play)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(one, three) {
		t.Error("results depend on the number of workers")
	}
	for i, o := range one {
		if want, _ := play(context.Background(), i); o != want {
			t.Errorf("game %d out of order: %+v, want %+v", i, o, want)
		}
	}
	if _, err := selfplay.PlayAll(context.Background(), 3, 2, func(ctx context.Context, i int) (int, error) {
		if i == 1 {
			return 0, context.Canceled
		}
		return i, nil
	}); err == nil {
		t.Error("an error was lost")
	}
}

// TestGameName: a side's name says how it plays.
func TestGameName(t *testing.T) {
	g := selfplay.Game{Agents: [2]string{"greedy", "drums-line"}, Eps: [2]float64{0.1, 1}}
	if a, b := g.Name(0), g.Name(1); a != "greedy+random(0.1)" || b != "random" {
		t.Errorf("names %q, %q", a, b)
	}
	g.Eps[0] = 0
	if g.Name(0) != "greedy" {
		t.Errorf("name %q", g.Name(0))
	}
}

// TestPickNoise: rates come in their weights' shares, one number drawn a
// pick, and a plan's stream depends on the seed and the game alone.
func TestPickNoise(t *testing.T) {
	levels := []selfplay.Noise{{Eps: 0, Weight: 0.5}, {Eps: 0.3, Weight: 0.25}, {Eps: 1, Weight: 0.25}}
	counts := map[float64]int{}
	r := selfplay.PlanRNG(7, 3)
	for range 40000 {
		counts[selfplay.PickNoise(r, levels)]++
	}
	for _, l := range levels {
		if got := float64(counts[l.Eps]) / 40000; got < l.Weight-0.02 || got > l.Weight+0.02 {
			t.Errorf("rate %g drawn %.3f of the time, want %.2f", l.Eps, got, l.Weight)
		}
	}
	if selfplay.PlanRNG(7, 3).Uint64() != selfplay.PlanRNG(7, 3).Uint64() || selfplay.PlanRNG(7, 3).Uint64() == selfplay.PlanRNG(7, 4).Uint64() {
		t.Error("a plan's stream is not a function of its seed and game")
	}
}
