package twobytwo

import "github.com/grognard/grognard/evaluation"

// Sample is one labelled view of a position: its features for one side
// and the game's final outcome for that side.
type Sample struct {
	F Features
	// Outcome is 1 for a win, 0.5 for a draw, 0 for a loss.
	Outcome float64
}

// Metrics are how well a model predicted a set of samples
// (evaluation.Metrics).
type Metrics = evaluation.Metrics

// Fit fits the model to samples by evaluation.Fit, every feature in use:
// the mean log loss plus l2/2 times the squared weights, deterministic
// bit for bit.
func Fit(samples []Sample, l2 float64) (*Model, error) {
	var all [NumFeatures]bool
	for k := range all {
		all[k] = true
	}
	return FitFeatures(samples, l2, all)
}

// FitFeatures is Fit using only the features marked in use; the other
// weights are zero.
func FitFeatures(samples []Sample, l2 float64, use [NumFeatures]bool) (*Model, error) {
	w, err := evaluation.Fit(generic(samples), l2, use[:])
	if err != nil {
		return nil, err
	}
	m := &Model{}
	copy(m.Weights[:], w)
	return m, nil
}

// Evaluate scores m on samples. The zero Model is the constant 0.5.
func Evaluate(m *Model, samples []Sample) Metrics {
	return evaluation.Evaluate(m.Weights[:], generic(samples))
}

// generic views samples as the generic fit's, sharing their features.
func generic(samples []Sample) []evaluation.Sample {
	gs := make([]evaluation.Sample, len(samples))
	for i := range samples {
		gs[i] = evaluation.Sample{F: samples[i].F[:], Outcome: samples[i].Outcome}
	}
	return gs
}
