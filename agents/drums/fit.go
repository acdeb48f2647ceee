package drums

// The fit plan of the Drums and Muskets evaluation (agents.FitPlan): the
// self-play games of Plan, the fitted and the material-only models scored
// on the held-out games, printed as the constants of
// evaluation/drums/weights.go (the weights are code, not a file).

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/grognard/grognard/agents"
	evaldrums "github.com/grognard/grognard/evaluation/drums"
)

// fitPlan is the kit's agents.FitPlan.
var fitPlan = &agents.FitPlan{
	Games: 600, Every: 7,
	Doc: "the assault and line doctrines against each other on the built-in and generated battles; printed as the constants of evaluation/drums/weights.go",
	Fit: fit,
}

// fit plays the games, fits both models, scores them and prints the
// weights as Go constants to paste into evaluation/drums/weights.go.
func fit(ctx context.Context, cfg agents.FitConfig, w io.Writer) ([]byte, error) {
	if len(cfg.Records) > 0 {
		return nil, fmt.Errorf("the drums evaluation is fitted on self-play only")
	}
	start := time.Now()
	res, err := PlayAll(ctx, Plan(cfg.Games, cfg.Seed), cfg.Every, cfg.Workers)
	if err != nil {
		return nil, err
	}
	train, held := Split(res)
	def, err := evaldrums.Fit(train, cfg.L2, nil)
	if err != nil {
		return nil, err
	}
	use := make([]bool, evaldrums.NumFeatures)
	use[evaldrums.FStrength] = true
	mat, err := evaldrums.Fit(train, cfg.L2, use)
	if err != nil {
		return nil, err
	}
	decided := 0
	for _, r := range res {
		if r.Outcome.Winner == 0 || r.Outcome.Winner == 1 {
			decided++
		}
	}
	fmt.Fprintf(w, "played %d games (%d decided) in %v; samples: %d training, %d held out (every %d steps)\n",
		len(res), decided, time.Since(start).Round(time.Millisecond), len(train), len(held), cfg.Every)
	fmt.Fprintf(w, "held-out games:\n  fitted    %s\n  material  %s\n  constant  %s\n  shipped   %s\n",
		evaldrums.Evaluate(def, held), evaldrums.Evaluate(mat, held),
		evaldrums.Evaluate([evaldrums.NumFeatures]float64{}, held), evaldrums.Evaluate(evaldrums.DefaultWeights, held))
	nums := make([]string, len(def))
	for k, v := range def {
		nums[k] = fmt.Sprintf("%.6g", v)
	}
	fmt.Fprintf(w, "the constants of evaluation/drums/weights.go (%s):\n", cfg.Command)
	fmt.Fprintf(w, "var DefaultWeights = [NumFeatures]float64{%s}\n", strings.Join(nums, ", "))
	fmt.Fprintf(w, "var MaterialWeights = [NumFeatures]float64{FStrength: %.6g}\n", mat[evaldrums.FStrength])
	return nil, nil
}
