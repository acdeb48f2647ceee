package protocol

import "testing"

func TestScaledBudget(t *testing.T) {
	cases := []struct {
		spec, want string
		bad        bool
	}{
		{spec: DefaultBot, want: "mcts:iters=400,parallel=tree,vloss=0,workers=2"},
		{spec: "mcts:time=1s", want: "mcts:time=250ms"},
		{spec: "mcts:time=2ms", want: "mcts:time=1ms"},
		{spec: "mcts:iters=3,calls=4000", want: "mcts:calls=1000,iters=1"},
		{spec: "heuristic:doctrine=assault", want: "heuristic:doctrine=assault"},
		{spec: "random", want: "random"},
		{spec: "mcts:time=soon", bad: true},
		{spec: "mcts:iters=many", bad: true},
	}
	for _, c := range cases {
		got, err := scaledBudget(c.spec, planBudgetShare)
		if c.bad {
			if err == nil {
				t.Errorf("scaledBudget(%q) = %q, want an error", c.spec, got)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("scaledBudget(%q) = %q, %v; want %q", c.spec, got, err, c.want)
		}
	}
}
