package twobytwo_test

import (
	"math"
	"math/rand/v2"
	"testing"

	evaltwo "github.com/grognard/grognard/evaluation/twobytwo"
)

// synthetic draws n samples with standard normal features and outcomes
// from a logistic model with weights w: hard 0/1 labels when hard, the
// exact probability (a soft label) otherwise.
func synthetic(n int, w [evaltwo.NumFeatures]float64, hard bool, seed uint64) []evaltwo.Sample {
	r := rand.New(rand.NewPCG(seed, 1))
	out := make([]evaltwo.Sample, n)
	for i := range out {
		z := 0.0
		for k := range out[i].F {
			out[i].F[k] = r.NormFloat64()
			z += w[k] * out[i].F[k]
		}
		p := 1 / (1 + math.Exp(-z))
		if hard {
			if r.Float64() < p {
				out[i].Outcome = 1
			}
		} else {
			out[i].Outcome = p
		}
	}
	return out
}

func trueWeights() (w [evaltwo.NumFeatures]float64) {
	for k := range w {
		w[k] = 0.8*math.Sin(float64(k)+1) + 0.1
	}
	return w
}

func TestFitRecoversSoftLabels(t *testing.T) {
	w := trueWeights()
	m, err := evaltwo.Fit(synthetic(2000, w, false, 1), 0)
	if err != nil {
		t.Fatal(err)
	}
	for k := range w {
		if math.Abs(m.Weights[k]-w[k]) > 1e-6 {
			t.Errorf("%s: fitted %v, true %v", evaltwo.FeatureNames[k], m.Weights[k], w[k])
		}
	}
}

func TestFitRecoversSampledLabels(t *testing.T) {
	w := trueWeights()
	m, err := evaltwo.Fit(synthetic(40000, w, true, 2), 1e-6)
	if err != nil {
		t.Fatal(err)
	}
	for k := range w {
		if math.Abs(m.Weights[k]-w[k]) > 0.06 {
			t.Errorf("%s: fitted %v, true %v", evaltwo.FeatureNames[k], m.Weights[k], w[k])
		}
	}
	// The fitted model predicts fresh data about as well as the truth.
	fresh := synthetic(20000, w, true, 3)
	truth := &evaltwo.Model{Weights: w}
	got, best := evaltwo.Evaluate(m, fresh), evaltwo.Evaluate(truth, fresh)
	if got.LogLoss > best.LogLoss+0.005 {
		t.Errorf("fitted model log loss %v, true model %v", got.LogLoss, best.LogLoss)
	}
	if c := evaltwo.Evaluate(&evaltwo.Model{}, fresh); math.Abs(c.LogLoss-math.Ln2) > 1e-12 || c.Accuracy != 0.5 {
		t.Errorf("constant model: %v", c)
	}
}

func TestFitDeterministic(t *testing.T) {
	s := synthetic(5000, trueWeights(), true, 4)
	a, err := evaltwo.Fit(s, 1e-3)
	if err != nil {
		t.Fatal(err)
	}
	b, err := evaltwo.Fit(s, 1e-3)
	if err != nil {
		t.Fatal(err)
	}
	if a.Weights != b.Weights {
		t.Errorf("two fits differ:\n%v\n%v", a.Weights, b.Weights)
	}
}

func TestFitRegularises(t *testing.T) {
	s := synthetic(3000, trueWeights(), true, 5)
	norm := func(m *evaltwo.Model) float64 {
		x := 0.0
		for _, w := range m.Weights {
			x += w * w
		}
		return x
	}
	loose, _ := evaltwo.Fit(s, 1e-6)
	tight, _ := evaltwo.Fit(s, 1)
	if !(norm(tight) < norm(loose)/4) {
		t.Errorf("l2=1 gives |w|^2 %v, l2=1e-6 %v", norm(tight), norm(loose))
	}
}

func TestFitFeaturesLeavesOthersZero(t *testing.T) {
	s := synthetic(3000, trueWeights(), true, 6)
	m, err := evaltwo.FitFeatures(s, 1e-4, evaltwo.MaterialFeatures)
	if err != nil {
		t.Fatal(err)
	}
	for k, w := range m.Weights {
		if evaltwo.MaterialFeatures[k] == (w == 0) {
			t.Errorf("%s: weight %v (used %v)", evaltwo.FeatureNames[k], w, evaltwo.MaterialFeatures[k])
		}
	}
}

func TestFitErrors(t *testing.T) {
	if _, err := evaltwo.Fit(nil, 0); err == nil {
		t.Error("no samples: no error")
	}
	if _, err := evaltwo.Fit([]evaltwo.Sample{{Outcome: 2}}, 0); err == nil {
		t.Error("outcome 2: no error")
	}
	if _, err := evaltwo.Fit([]evaltwo.Sample{{Outcome: 1}}, -1); err == nil {
		t.Error("negative l2: no error")
	}
}

func TestModelFileRoundTrip(t *testing.T) {
	fm := evaltwo.Default.ToFile()
	m, err := evaltwo.ModelFromFile(fm)
	if err != nil {
		t.Fatal(err)
	}
	if m.Weights != evaltwo.Default.Weights || m.Name != "default" {
		t.Error("round trip changed the model")
	}
	delete(fm.Weights, evaltwo.FeatureNames[0])
	if _, err := evaltwo.ModelFromFile(fm); err == nil {
		t.Error("a missing feature was accepted")
	}
	fm.Weights["no_such_feature"] = 1
	if _, err := evaltwo.ModelFromFile(fm); err == nil {
		t.Error("an unknown feature was accepted")
	}
}
