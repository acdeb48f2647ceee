package drums

import (
	"math"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/drums"
	"github.com/grognard/grognard/evaluation"
)

// Model is a logistic model of the outcome: the probability that a side
// wins (a draw counting half) is sigmoid(Weights · Features), with no
// bias, so the sides' values are exact negations.
type Model struct {
	// Name says which model this is ("default", "material").
	Name string
	// Weights multiply the features, in their order.
	Weights [NumFeatures]float64
}

// Default is the model fitted on self-play (see DefaultWeights).
var Default = &Model{Name: "default", Weights: DefaultWeights}

// Material is the model of strength alone, fitted on the same games.
var Material = &Model{Name: "material", Weights: MaterialWeights}

// Logit is w · f, bounded (evaluation.Logit).
func (m *Model) Logit(f *Features) float64 { return evaluation.Logit(m.Weights[:], f[:]) }

// Prob is the probability of a win (a draw counting half) of the side
// whose features f are.
func (m *Model) Prob(f *Features) float64 { return evaluation.Sigmoid(m.Logit(f)) }

// ValueOf is tanh(z/2) = 2*sigmoid(z)-1 of the logit z, computed on |z|
// so that negated features give an exactly negated value.
func (m *Model) ValueOf(f *Features) float64 {
	z := m.Logit(f)
	v := math.Tanh(math.Abs(z) / 2)
	if z < 0 {
		return -v
	}
	return v
}

// Value is st's value in [-1, 1] for side: a finished battle its result,
// else ValueOf its features. It allocates nothing.
func (m *Model) Value(st *drums.State, side int) float64 {
	if st.Terminal() {
		return 2*st.Result().Score(engine.Player(side)) - 1
	}
	var f Features
	Extract(st, side, &f)
	return m.ValueOf(&f)
}

// Evaluator is m as an evaluation.Evaluator (side 0's value). A state of
// another ruleset scores its result if over, else 0.
func Evaluator(m *Model) evaluation.Evaluator {
	return func(st engine.State) float64 {
		s, ok := st.(*drums.State)
		if !ok {
			v, _ := evaluation.Outcome(st)
			return v
		}
		return m.Value(s, 0)
	}
}

// Sample is one labelled view of a position: one side's features and the
// game's outcome for that side (1 win, 0.5 draw, 0 loss).
type Sample struct {
	F       Features
	Outcome float64
}

// Fit fits weights to samples by evaluation.Fit with the features in use
// (all when use is nil).
func Fit(samples []Sample, l2 float64, use []bool) ([NumFeatures]float64, error) {
	if use == nil {
		use = make([]bool, NumFeatures)
		for k := range use {
			use[k] = true
		}
	}
	var out [NumFeatures]float64
	w, err := evaluation.Fit(Generic(samples), l2, use)
	if err != nil {
		return out, err
	}
	copy(out[:], w)
	return out, nil
}

// Evaluate scores weights on samples (evaluation.Evaluate).
func Evaluate(w [NumFeatures]float64, samples []Sample) evaluation.Metrics {
	return evaluation.Evaluate(w[:], Generic(samples))
}

// Generic views samples as the generic fit's, sharing their features.
func Generic(samples []Sample) []evaluation.Sample {
	gs := make([]evaluation.Sample, len(samples))
	for i := range samples {
		gs[i] = evaluation.Sample{F: samples[i].F[:], Outcome: samples[i].Outcome}
	}
	return gs
}
