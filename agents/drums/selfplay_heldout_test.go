package drums

import (
	"context"
	"testing"

	evaldrums "github.com/grognard/grognard/evaluation/drums"
)

// TestDefaultBeatsMaterialOnFreshGames replays fresh self-play games (a
// seed the weights were not fitted on) and checks the order of the
// models: the fitted default ahead of material alone, and both ahead of
// the constant.
func TestDefaultBeatsMaterialOnFreshGames(t *testing.T) {
	n := 120
	if testing.Short() {
		n = 40
	}
	res, err := PlayAll(context.Background(), Plan(n, 99), 7, 2)
	if err != nil {
		t.Fatal(err)
	}
	var all []evaldrums.Sample
	for _, r := range res {
		all = append(all, r.Samples...)
	}
	def := evaldrums.Evaluate(evaldrums.DefaultWeights, all)
	mat := evaldrums.Evaluate(evaldrums.MaterialWeights, all)
	con := evaldrums.Evaluate([evaldrums.NumFeatures]float64{}, all)
	t.Logf("%d games: default %s; material %s; constant %s", n, def, mat, con)
	if !(def.LogLoss < mat.LogLoss && mat.LogLoss < con.LogLoss) {
		t.Errorf("log loss default %.4f, material %.4f, constant %.4f: want them in that order", def.LogLoss, mat.LogLoss, con.LogLoss)
	}
}
