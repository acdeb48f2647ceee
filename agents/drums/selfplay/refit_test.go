package selfplay

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"

	evaldrums "github.com/grognard/grognard/evaluation/drums"
)

// TestRefit plays the self-play games and prints the fitted weights as
// the constants of evaluation/drums/weights.go, with held-out metrics.
// It runs only with GROGNARD_REFIT=1 (GROGNARD_REFIT_GAMES sets the
// number of games, 600 by default):
//
//	GROGNARD_REFIT=1 go test ./agents/drums/selfplay -run TestRefit -v -timeout 60m
func TestRefit(t *testing.T) {
	if os.Getenv("GROGNARD_REFIT") != "1" {
		t.Skip("set GROGNARD_REFIT=1 to play the self-play games and refit")
	}
	n := 600
	if v, err := strconv.Atoi(os.Getenv("GROGNARD_REFIT_GAMES")); err == nil && v > 0 {
		n = v
	}
	res, err := PlayAll(context.Background(), Plan(n, 1), 7, 2)
	if err != nil {
		t.Fatal(err)
	}
	train, held := Split(res)
	w, err := evaldrums.Fit(train, 1e-4, nil)
	if err != nil {
		t.Fatal(err)
	}
	use := make([]bool, evaldrums.NumFeatures)
	use[evaldrums.FStrength] = true
	mat, err := evaldrums.Fit(train, 1e-4, use)
	if err != nil {
		t.Fatal(err)
	}
	decided := 0
	for _, r := range res {
		if r.Outcome.Winner == 0 || r.Outcome.Winner == 1 {
			decided++
		}
	}
	fmt.Printf("games %d (%d decided), train samples %d, held-out samples %d\n", n, decided, len(train), len(held))
	fmt.Printf("held out: fitted   %s\n", evaldrums.Evaluate(w, held))
	fmt.Printf("held out: material %s\n", evaldrums.Evaluate(mat, held))
	fmt.Printf("held out: constant %s\n", evaldrums.Evaluate([evaldrums.NumFeatures]float64{}, held))
	fmt.Printf("var DefaultWeights = [NumFeatures]float64{%s}\n", list(w[:]))
	fmt.Printf("var MaterialWeights = [NumFeatures]float64{FStrength: %.6g}\n", mat[evaldrums.FStrength])
}

func list(w []float64) string {
	s := ""
	for k, v := range w {
		if k > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%.6g", v)
	}
	return s
}
