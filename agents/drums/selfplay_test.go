package drums

import (
	"context"
	"reflect"
	"testing"

	evaldrums "github.com/grognard/grognard/evaluation/drums"
)

// TestPlayAllDeterministic: the same plan gives the same games and
// samples on one worker or two.
func TestPlayAllDeterministic(t *testing.T) {
	plan := Plan(4, 7)
	if !reflect.DeepEqual(plan, Plan(4, 7)) {
		t.Fatal("Plan is not a function of its seed")
	}
	a, err := PlayAll(context.Background(), plan, 11, 1)
	if err != nil {
		t.Fatal(err)
	}
	b, err := PlayAll(context.Background(), plan, 11, 2)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Fatal("results differ between 1 and 2 workers")
	}
	for _, r := range a {
		if !r.Outcome.Over || len(r.Samples) == 0 || len(r.Samples)%2 != 0 {
			t.Errorf("game %d (%s vs %s): over %v, %d samples", r.Game.Index, r.Game.Name(0), r.Game.Name(1), r.Outcome.Over, len(r.Samples))
		}
	}
}

// TestSplitHoldsOutEveryFifthGame: held-out games are never fitted on.
func TestSplitHoldsOutEveryFifthGame(t *testing.T) {
	res := make([]Result, 10)
	for i := range res {
		res[i].Game.Index = i
		res[i].Samples = make([]evaldrums.Sample, 1)
	}
	train, held := Split(res)
	if len(train) != 8 || len(held) != 2 {
		t.Errorf("split %d/%d, want 8/2", len(train), len(held))
	}
}
