package evaluation

import (
	"errors"
	"fmt"
	"math"
)

// Sample is one labelled view of a position: its features for one side
// and the game's final outcome for that side. A ruleset's evaluation says
// what the features are (evaluation/twobytwo: its Features, sliced).
type Sample struct {
	F []float64
	// Outcome is 1 for a win, 0.5 for a draw, 0 for a loss.
	Outcome float64
}

// Fit fits a logistic model without bias to samples by Newton's method,
// minimising the mean log loss plus l2/2 times the squared weights, using
// only the features marked in use (len(use) features; every sample has
// at least as many); the other weights are zero. Draws (outcome 0.5) are
// soft labels. It is deterministic: the same samples in the same order
// give the same weights, bit for bit.
func Fit(samples []Sample, l2 float64, use []bool) ([]float64, error) {
	if len(samples) == 0 {
		return nil, errors.New("fit: no samples")
	}
	if l2 < 0 || math.IsNaN(l2) {
		return nil, fmt.Errorf("fit: l2 must be >= 0, got %v", l2)
	}
	var idx []int
	for k, u := range use {
		if u {
			idx = append(idx, k)
		}
	}
	p := len(idx)
	weights := make([]float64, len(use))
	if p == 0 {
		return weights, nil
	}
	for i := range samples {
		if o := samples[i].Outcome; !(o >= 0 && o <= 1) {
			return nil, fmt.Errorf("fit: sample %d has outcome %v, not in [0, 1]", i, o)
		}
	}
	n := float64(len(samples))
	w := make([]float64, p)
	objective := func(w []float64) float64 {
		loss := 0.0
		for i := range samples {
			s := &samples[i]
			z := 0.0
			for a, k := range idx {
				z += w[a] * s.F[k]
			}
			loss += logLoss(z, s.Outcome)
		}
		reg := 0.0
		for _, v := range w {
			reg += v * v
		}
		return loss/n + l2/2*reg
	}
	grad := make([]float64, p)
	hess := make([]float64, p*p)
	step := make([]float64, p)
	trial := make([]float64, p)
	cur := objective(w)
	for iter := 0; iter < 100; iter++ {
		clear(grad)
		clear(hess)
		for i := range samples {
			s := &samples[i]
			z := 0.0
			for a, k := range idx {
				z += w[a] * s.F[k]
			}
			q := Sigmoid(z)
			r := q - s.Outcome
			h := q * (1 - q)
			for a, k := range idx {
				x := s.F[k]
				grad[a] += r * x
				if h == 0 || x == 0 {
					continue
				}
				hx := h * x
				for b := 0; b <= a; b++ {
					hess[a*p+b] += hx * s.F[idx[b]]
				}
			}
		}
		for a := 0; a < p; a++ {
			grad[a] = grad[a]/n + l2*w[a]
			for b := 0; b <= a; b++ {
				hess[a*p+b] /= n
				hess[b*p+a] = hess[a*p+b]
			}
			hess[a*p+a] += l2 + 1e-12
		}
		if err := solveSPD(hess, grad, step, p); err != nil {
			return nil, fmt.Errorf("fit: iteration %d: %w", iter, err)
		}
		// Newton step with backtracking: w - t*step.
		t, next := 1.0, cur
		for tries := 0; tries < 40; tries++ {
			for a := range w {
				trial[a] = w[a] - t*step[a]
			}
			next = objective(trial)
			if next <= cur {
				break
			}
			t /= 2
		}
		if next > cur {
			break // no descent left: at the optimum up to rounding
		}
		copy(w, trial)
		dec := cur - next
		cur = next
		size := 0.0
		for _, v := range step {
			size = max(size, math.Abs(t*v))
		}
		if size < 1e-10 || dec < 1e-15 {
			break
		}
	}
	for a, k := range idx {
		weights[k] = w[a]
	}
	return weights, nil
}

// maxLogit bounds the logit of a position that is not over, so that a
// probability stays strictly inside (0, 1) and a value strictly inside
// (-1, 1).
const maxLogit = 30

// Logit is weights · f, bounded to [-30, 30].
func Logit(weights, f []float64) float64 {
	z := 0.0
	for k, w := range weights {
		z += w * f[k]
	}
	return max(-maxLogit, min(maxLogit, z))
}

// Sigmoid is 1/(1+e^-z), computed without overflow.
func Sigmoid(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
}

// logLoss is -[y log s(z) + (1-y) log(1-s(z))], computed stably.
func logLoss(z, y float64) float64 {
	// log(1+e^-z) for the win term, log(1+e^z) for the loss term.
	return y*softplus(-z) + (1-y)*softplus(z)
}

// softplus is log(1 + e^x) without overflow.
func softplus(x float64) float64 {
	if x > 30 {
		return x
	}
	return math.Log1p(math.Exp(x))
}

// solveSPD solves a x = b for a symmetric positive definite p x p matrix
// by Cholesky factorisation (a is overwritten).
func solveSPD(a, b, x []float64, p int) error {
	for j := 0; j < p; j++ {
		d := a[j*p+j]
		for k := 0; k < j; k++ {
			d -= a[j*p+k] * a[j*p+k]
		}
		if !(d > 0) {
			return fmt.Errorf("matrix not positive definite at column %d", j)
		}
		d = math.Sqrt(d)
		a[j*p+j] = d
		for i := j + 1; i < p; i++ {
			s := a[i*p+j]
			for k := 0; k < j; k++ {
				s -= a[i*p+k] * a[j*p+k]
			}
			a[i*p+j] = s / d
		}
	}
	// Forward: L y = b; back: L^T x = y.
	for i := 0; i < p; i++ {
		s := b[i]
		for k := 0; k < i; k++ {
			s -= a[i*p+k] * x[k]
		}
		x[i] = s / a[i*p+i]
	}
	for i := p - 1; i >= 0; i-- {
		s := x[i]
		for k := i + 1; k < p; k++ {
			s -= a[k*p+i] * x[k]
		}
		x[i] = s / a[i*p+i]
	}
	return nil
}

// Metrics are how well a model predicted a set of samples.
type Metrics struct {
	// N is the number of samples.
	N int `json:"n"`
	// LogLoss is the mean log loss (natural log); 0.5 everywhere scores
	// ln 2 = 0.693.
	LogLoss float64 `json:"log_loss"`
	// Brier is the mean squared error of the probability; 0.5 everywhere
	// scores 0.25 on decisive games.
	Brier float64 `json:"brier"`
	// Accuracy is the share of samples from decided games where the
	// probability was on the winner's side of 0.5 (exactly 0.5 counts
	// half); draws are left out.
	Accuracy float64 `json:"accuracy"`
}

// String prints the metrics on one line.
func (m Metrics) String() string {
	return fmt.Sprintf("log loss %.4f  Brier %.4f  accuracy %.3f  (n=%d)", m.LogLoss, m.Brier, m.Accuracy, m.N)
}

// Evaluate scores the logistic model of weights (Logit) on samples.
// Zero weights are the constant 0.5.
func Evaluate(weights []float64, samples []Sample) Metrics {
	var r Metrics
	decided, correct := 0, 0.0
	for i := range samples {
		s := &samples[i]
		z := Logit(weights, s.F)
		q := Sigmoid(z)
		r.LogLoss += logLoss(z, s.Outcome)
		r.Brier += (q - s.Outcome) * (q - s.Outcome)
		if s.Outcome != 0.5 {
			decided++
			switch {
			case q == 0.5:
				correct += 0.5
			case (q > 0.5) == (s.Outcome > 0.5):
				correct++
			}
		}
	}
	r.N = len(samples)
	if r.N > 0 {
		r.LogLoss /= float64(r.N)
		r.Brier /= float64(r.N)
	}
	if decided > 0 {
		r.Accuracy = correct / float64(decided)
	}
	return r
}
