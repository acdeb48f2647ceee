package twobytwo_test

import (
	"context"
	"reflect"
	"testing"

	sp "github.com/grognard/grognard/agents/twobytwo"
)

func TestPlanDeterministic(t *testing.T) {
	a, b := sp.Plan(50, 9), sp.Plan(60, 9)
	if !reflect.DeepEqual(a, b[:50]) {
		t.Error("a game's plan depends on the number of games")
	}
	if reflect.DeepEqual(a, sp.Plan(50, 10)[:50]) {
		t.Error("different seeds give the same plan")
	}
	scen := map[string]bool{}
	for _, g := range a {
		scen[g.Scenario[:min(4, len(g.Scenario))]] = true
	}
	if !scen["gen:"] || !scen["stan"] {
		t.Errorf("plan lacks generated or standard battles: %v", scen)
	}
}

func TestWorkersDoNotChangeResults(t *testing.T) {
	games := sp.Plan(6, 3)
	one, err := sp.PlayAll(context.Background(), games, 10, 1)
	if err != nil {
		t.Fatal(err)
	}
	two, err := sp.PlayAll(context.Background(), games, 10, 2)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(one, two) {
		t.Error("results depend on the number of workers")
	}
	for i, r := range one {
		if r.Game.Index != i || !r.Outcome.Over || len(r.Samples) == 0 || len(r.Samples)%2 != 0 {
			t.Errorf("game %d: index %d, over %v, %d samples", i, r.Game.Index, r.Outcome.Over, len(r.Samples))
		}
		for k := 0; k+1 < len(r.Samples); k += 2 {
			if r.Samples[k].Outcome+r.Samples[k+1].Outcome != 1 {
				t.Fatalf("game %d: the two views' outcomes do not sum to 1", i)
			}
		}
	}
}
