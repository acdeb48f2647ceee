package stats

import (
	"errors"
	"fmt"
	"math"
)

// SPRT is a sequential probability ratio test of H0: the Elo difference is
// Elo0, against H1: it is Elo1, with false positive rate Alpha (accepting
// H1 when H0 holds) and false negative rate Beta, in logistic Elo. It is
// the generalised SPRT of fishtest, with the exact log-likelihood ratio
// of fishtest's LLRcalc for logistic Elo (LLRTrinomial, LLRPentanomial)
// and Wald's bounds (Bounds).
type SPRT struct{ Elo0, Elo1, Alpha, Beta float64 }

// Decision is the outcome of one look at an SPRT.
type Decision int

const (
	// Continue means the log-likelihood ratio is strictly between the
	// bounds (or NaN): play more games.
	Continue Decision = iota
	// AcceptH0 means the log-likelihood ratio reached the lower bound: the
	// difference is Elo0 (or less) rather than Elo1.
	AcceptH0
	// AcceptH1 means the log-likelihood ratio reached the upper bound: the
	// difference is Elo1 (or more) rather than Elo0.
	AcceptH1
)

// String is "continue", "accept H0" or "accept H1", and "Decision(n)" for
// any other value.
func (d Decision) String() string {
	switch d {
	case Continue:
		return "continue"
	case AcceptH0:
		return "accept H0"
	case AcceptH1:
		return "accept H1"
	}
	return fmt.Sprintf("Decision(%d)", int(d))
}

// Validate reports whether the test is well defined: Alpha and Beta in
// (0, 0.5), Elo0 and Elo1 finite and Elo0 < Elo1.
func (s SPRT) Validate() error {
	var errs []error
	if !(s.Alpha > 0 && s.Alpha < 0.5) {
		errs = append(errs, fmt.Errorf("alpha %v is not in (0, 0.5)", s.Alpha))
	}
	if !(s.Beta > 0 && s.Beta < 0.5) {
		errs = append(errs, fmt.Errorf("beta %v is not in (0, 0.5)", s.Beta))
	}
	switch {
	case math.IsNaN(s.Elo0) || math.IsInf(s.Elo0, 0) || math.IsNaN(s.Elo1) || math.IsInf(s.Elo1, 0):
		errs = append(errs, fmt.Errorf("elo0 %v and elo1 %v must be finite", s.Elo0, s.Elo1))
	case !(s.Elo0 < s.Elo1):
		errs = append(errs, fmt.Errorf("elo0 %v is not below elo1 %v", s.Elo0, s.Elo1))
	}
	if len(errs) > 0 {
		return fmt.Errorf("stats: invalid SPRT: %w", errors.Join(errs...))
	}
	return nil
}

// Bounds are Wald's stopping bounds on the log-likelihood ratio:
// lower = ln(beta/(1-alpha)), upper = ln((1-beta)/alpha). For
// alpha = beta = 0.05 they are ∓ln 19 = ∓2.944. They are meaningful only
// for a valid test (see Validate).
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// Decide compares llr with the bounds: AcceptH1 when llr >= upper,
// AcceptH0 when llr <= lower, Continue otherwise (a NaN llr included).
func (s SPRT) Decide(llr float64) Decision {
	lower, upper := s.Bounds()
	switch {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Continue
}

// regularisation is the count that fishtest's LLRcalc.regularize puts in
// place of an outcome that has not occurred (1e-3 games, or pairs).
//
// Without it the constrained maximum likelihood below does not exist when
// the hypothesis's mean score is outside the range of the scores seen (two
// straight wins cannot have a mean of s0 = 1/2 without some losses). With
// it an unseen outcome costs the likelihood almost nothing, so each
// hypothesis can move mass onto it: after two straight wins the H0 fit at
// s0 = 1/2 is about half wins and half losses, and the LLR stays small.
// The regularised count enters the weights n_i, their sum N and so the
// observed frequencies alike, exactly as in fishtest.
const regularisation = 1e-3

// llr is the exact generalised log-likelihood ratio on the outcome values
// values[k] (strictly increasing, from 0 to 1) seen counts[k] times; see
// LLRTrinomial for the method.
func (s SPRT) llr(values []float64, counts []int) float64 {
	if s.Validate() != nil {
		return math.NaN()
	}
	w, freq, llr, done := observed(counts)
	if done {
		return llr
	}
	s0, s1 := ScoreFromElo(s.Elo0), ScoreFromElo(s.Elo1)
	if !(s0 > 0 && s1 < 1) {
		// An expected score rounded to 0 or 1 (Elo1 above about 6380) leaves
		// no distribution with every outcome possible.
		return math.NaN()
	}
	l0 := mleLambda(values, freq, s0)
	l1 := mleLambda(values, freq, s1)
	// log(p1_k/p0_k) = log(1 + l0*(a_k - s0)) - log(1 + l1*(a_k - s1)): the
	// observed frequencies cancel.
	for k, a := range values {
		llr += w[k] * (math.Log1p(l0*(a-s0)) - math.Log1p(l1*(a-s1)))
	}
	return llr
}

// observed are an LLR's weights (the counts, an empty outcome counted as
// regularisation) and frequencies; done is set, with the LLR to return,
// when the counts decide it alone: NaN for a negative count, 0 for none.
func observed(counts []int) (w, freq []float64, llr float64, done bool) {
	total := 0
	for _, c := range counts {
		if c < 0 {
			return nil, nil, math.NaN(), true
		}
		total += c
	}
	if total == 0 {
		return nil, nil, 0, true
	}
	w = make([]float64, len(counts))
	n := 0.0
	for k, c := range counts {
		w[k] = float64(c)
		if c == 0 {
			w[k] = regularisation
		}
		n += w[k]
	}
	freq = make([]float64, len(w))
	for k := range w {
		freq[k] = w[k] / n
	}
	return w, freq, 0, false
}

// mleLambda is the λ of the maximum likelihood distribution
// p_k = freq[k]/(1 + λ*(values[k] - s)) with mean s: the root of
//
//	f(λ) = sum_k freq[k]*d_k/(1 + λ*d_k),    d_k = values[k] - s,
//
// on the interval (-1/max d, -1/min d) where every denominator is positive.
// It needs every freq[k] > 0 and min values < s < max values. There f
// decreases strictly (f' = -sum freq*d²/(1+λd)² < 0) from +Inf to -Inf, so
// the root is unique. It is found by Newton's method from λ = 0, kept
// inside a bracket that every evaluation of f narrows, with a bisection of
// the bracket whenever a Newton step would leave it or is more than half
// the step before (as rtsafe in Numerical Recipes does), until the Newton
// step is down to rounding error or the bracket to adjacent floats. An
// error δ in λ moves the LLR only by O(N*δ²), since λ maximises the
// concave h(λ) = sum_k freq[k]*log(1 + λ*d_k), whose derivative is f.
func mleLambda(values, freq []float64, s float64) float64 {
	const epsilon = 0x1p-52 // float64 machine epsilon
	dmin, dmax := math.Inf(1), math.Inf(-1)
	for _, a := range values {
		dmin, dmax = min(dmin, a-s), max(dmax, a-s)
	}
	lo, hi := -1/dmax, -1/dmin // f(lo+) = +Inf, f(hi-) = -Inf
	x, prev := 0.0, math.Inf(1)
	for range 200 {
		f, df, sum := 0.0, 0.0, 0.0
		for k, a := range values {
			u := 1 + x*(a-s)
			t := (a - s) / u
			f += freq[k] * t
			df -= freq[k] * t * t
			sum += freq[k] / u
		}
		if f == 0 {
			return x
		}
		step := f / df
		// Converged when the Newton step is down to rounding (near a pole
		// the step is of order u/|d| and u has an error of about 2ε, so
		// some ε|λ|), unless x is merely very close to a pole, where the
		// step is tiny too but the fitted p (summing to 1 at the root)
		// are far too large.
		if math.Abs(step) <= 8*epsilon*(1+math.Abs(x)) && sum < 2 {
			return x
		}
		if f > 0 {
			lo = x
		} else {
			hi = x
		}
		next := x - step
		// Bisect when Newton would leave the bracket or is not at least
		// halving its steps (as it crawls away from a pole).
		if !(next > lo && next < hi) || math.Abs(step) > prev/2 {
			next = lo + (hi-lo)/2
			if !(next > lo && next < hi) {
				return x // the bracket is down to adjacent floats
			}
		}
		if next == x {
			return x
		}
		prev = math.Abs(next - x)
		x = next
	}
	return x
}

// LLRTrinomial is the log-likelihood ratio of H1 against H0 after the games
// in r, counted as single games: the exact generalised SPRT for logistic
// Elo of fishtest's LLRcalc.LLR_logistic (Michel Van den Bergh; the
// maximum likelihood step is Proposition 1.1 of his note
// support_MLE_multinomial.pdf).
//
// The games are N draws from an unknown distribution p over the scores
// a = 0, 1/2, 1 (L, D, W), seen n_L, n_D, n_W times. The hypotheses fix only
// the mean score: sum_i p_i*a_i = s with s0 = ScoreFromElo(Elo0) under H0
// and s1 = ScoreFromElo(Elo1) under H1; the draw rate is a nuisance
// parameter, so each hypothesis takes the p that maximises the likelihood
// sum_i n_i*log p_i subject to sum_i p_i = 1 and sum_i p_i*(a_i - s) = 0.
// Setting the gradient of the Lagrangian to zero gives n_i/p_i = μ + ν(a_i -
// s); multiplying by p_i and summing gives μ = N, so with p̂_i = n_i/N and
// λ = ν/N
//
//	p_i = p̂_i / (1 + λ(a_i - s)),    where sum_i p̂_i*(a_i - s)/(1 + λ(a_i - s)) = 0,
//
// and sum_i p_i = 1 - λ*(that sum) = 1 follows. λ is the unique root on the
// interval where every 1 + λ(a_i - s) > 0 (see mleLambda); the likelihood is
// concave, so this is its maximum. Then
//
//	LLR = sum_i n_i*log(p1_i/p0_i) = sum_i n_i*[log(1 + λ0(a_i - s0)) - log(1 + λ1(a_i - s1))].
//
// Regularisation: as in fishtest, an outcome that has not occurred counts
// as 1e-3 games, in n_i, N and p̂ alike (see regularisation); without it
// the maximum would not exist when s lies outside the range of the scores
// seen (two straight wins cannot average 1/2). So one win against a 0..5
// test gives 0.0143 and two 0.0286, not the 2.87 and 11.45 of fishtest's
// older normal approximation (LLR_alt2, N*(s1-s0)*(2m-s0-s1)/(2var), m and
// var the mean and variance of the scores). The two agree to well under 1%
// on thousands of games scoring near s0 and s1, where a test is decided;
// far from them the exact LLR is smaller in size (W 600 D 200 L 200 on
// 0..5: 7.07 against 8.83), past the bounds either way. A run of straight
// wins gains about ln(2*s1) = 0.0143 a game on 0..5: 207 straight wins are
// needed to accept H1 (and 204 straight losses to accept H0).
//
// It returns 0 for no games (the test continues), and NaN for negative
// counts, an invalid test (see Validate) or one whose expected scores round
// to 0 or 1 in floating point (Elo1 above about 6380), which Decide treats
// as Continue.
func (s SPRT) LLRTrinomial(r WDL) float64 {
	return s.llr([]float64{0, 0.5, 1}, []int{r.L, r.D, r.W})
}

// LLRPentanomial is the log-likelihood ratio of H1 against H0 after the
// pairs in p, by the same exact generalised SPRT as LLRTrinomial applied
// per pair, as fishtest does for its pentanomial results: each pair is one
// observation of the pair score halved, a in {0, 1/4, 1/2, 3/4, 1} (so its
// mean is the per-game score and s0, s1 are the same per-game expected
// scores), and for each hypothesis s the maximum likelihood distribution
// over the five outcomes with mean s is
//
//	p_i = p̂_i / (1 + λ(a_i - s)),    sum_i p̂_i*(a_i - s)/(1 + λ(a_i - s)) = 0,
//
// p̂_i = n_i/N the observed frequencies of the pentanomial cells, N the
// number of pairs; LLR = sum_i n_i*log(p1_i/p0_i). An empty cell counts as
// 1e-3 pairs (fishtest's regularize, see regularisation).
//
// It returns 0 for no pairs and NaN for negative counts or an invalid test,
// as LLRTrinomial does.
func (s SPRT) LLRPentanomial(p Penta) float64 {
	return s.llr([]float64{0, 0.25, 0.5, 0.75, 1}, p[:])
}
