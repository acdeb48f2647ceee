package twobytwo_test

import (
	"context"
	"testing"

	sp "github.com/grognard/grognard/agents/twobytwo"
	"github.com/grognard/grognard/engine/enginetest"
	evaltwo "github.com/grognard/grognard/evaluation/twobytwo"
)

// HeldOutSeed plans the games of TestDefaultBeatsMaterialHeldOut. It must
// differ from the seed 'grognard evalfit' fitted the embedded weights on
// (evaluation.Fitted.Seed), so these games are new to both models.
const HeldOutSeed = 20260501

// TestDefaultBeatsMaterialHeldOut is the test that matters: on fresh
// self-play games, the embedded Default model predicts the outcomes
// better (lower log loss) than the material-only model, and both beat the
// constant 0.5.
func TestDefaultBeatsMaterialHeldOut(t *testing.T) {
	if evaltwo.Fitted.Seed == HeldOutSeed {
		t.Fatal("the held-out games use the seed the weights were fitted on")
	}
	if enginetest.RaceEnabled {
		// It checks the model, not concurrency (TestWorkersDoNotChangeResults
		// does), and the race detector slows play some ten times: the
		// plain go test run keeps it, as it did in evaluation/twobytwo.
		t.Skip("the held-out games are played without -race")
	}
	games := 150
	if testing.Short() {
		games = 60
	}
	results, err := sp.PlayAll(context.Background(), sp.Plan(games, HeldOutSeed), 10, 2)
	if err != nil {
		t.Fatal(err)
	}
	var samples []evaltwo.Sample
	for _, r := range results {
		samples = append(samples, r.Samples...)
	}
	def := evaltwo.Evaluate(evaltwo.Default, samples)
	mat := evaltwo.Evaluate(evaltwo.Material, samples)
	con := evaltwo.Evaluate(&evaltwo.Model{}, samples)
	t.Logf("%d held-out games, %d positions (both views):", games, len(samples))
	t.Logf("  default  %v", def)
	t.Logf("  material %v", mat)
	t.Logf("  constant %v", con)
	if !(def.LogLoss < mat.LogLoss) {
		t.Errorf("default log loss %.4f is not below material's %.4f", def.LogLoss, mat.LogLoss)
	}
	if !(mat.LogLoss < con.LogLoss) {
		t.Errorf("material log loss %.4f is not below the constant's %.4f", mat.LogLoss, con.LogLoss)
	}
	if !(def.Brier < mat.Brier) {
		t.Errorf("default Brier %.4f is not below material's %.4f", def.Brier, mat.Brier)
	}
}

// TestFittedFigures checks the figures 'grognard evalfit' recorded with the
// embedded weights.
func TestFittedFigures(t *testing.T) {
	f := evaltwo.Fitted
	if len(f.Features) != evaltwo.NumFeatures || f.HeldOutSamples == 0 || len(f.Models) != 2 {
		t.Fatalf("weights.json is incomplete: %d features, %d held-out samples, %d models", len(f.Features), f.HeldOutSamples, len(f.Models))
	}
	def, mat := f.Models[0].HeldOut, f.Models[1].HeldOut
	t.Logf("fitted with %q: held out default %v, material %v, constant %v", f.Command, def, mat, f.Baseline)
	if !(def.LogLoss < mat.LogLoss && mat.LogLoss < f.Baseline.LogLoss) {
		t.Errorf("recorded log losses: default %v, material %v, constant %v", def.LogLoss, mat.LogLoss, f.Baseline.LogLoss)
	}
}
