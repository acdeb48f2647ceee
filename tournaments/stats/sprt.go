package stats

import (
	"errors"
	"fmt"
	"math"
)

// SPRT is a sequential probability ratio test of H0: the Elo difference is
// Elo0, against H1: it is Elo1, with false positive rate Alpha (accepting
// H1 when H0 holds) and false negative rate Beta, in logistic Elo. It is
// the generalised SPRT of fishtest, with the log-likelihood ratio in
// Michel Van den Bergh's normal approximation (LLRTrinomial,
// LLRPentanomial) and Wald's bounds (Bounds).
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

// regularisation is what fishtest's LLRcalc.regularize puts in place of an
// empty outcome, so that the empirical variance is never zero.
const regularisation = 1e-3

// llr is fishtest's LLRcalc.LLR_alt2 on the outcome values values[k] seen
// counts[k] times, after regularize and results_to_pdf:
//
//	N = sum of the counts, an empty outcome counting 1e-3
//	mean, var: mean and variance (divided by N) of that distribution
//	LLR = N * (s1 - s0) * (2*mean - s0 - s1) / (2*var)
//
// with s0, s1 = ScoreFromElo(Elo0), ScoreFromElo(Elo1).
func (s SPRT) llr(values []float64, counts []int) float64 {
	if s.Validate() != nil {
		return math.NaN()
	}
	total := 0
	for _, c := range counts {
		if c < 0 {
			return math.NaN()
		}
		total += c
	}
	if total == 0 {
		return 0
	}
	w := make([]float64, len(counts))
	n := 0.0
	for k, c := range counts {
		w[k] = float64(c)
		if c == 0 {
			w[k] = regularisation
		}
		n += w[k]
	}
	mean := 0.0
	for k := range w {
		mean += w[k] * values[k]
	}
	mean /= n
	v := 0.0
	for k := range w {
		d := values[k] - mean
		v += w[k] * d * d
	}
	v /= n
	s0, s1 := ScoreFromElo(s.Elo0), ScoreFromElo(s.Elo1)
	return n * (s1 - s0) * (2*mean - s0 - s1) / (2 * v)
}

// LLRTrinomial is the log-likelihood ratio of H1 against H0 after the games
// in r, counted as single games, in the normal approximation to the
// generalised SPRT that fishtest's LLRcalc.LLR_alt2 implements (Michel Van
// den Bergh, "A simple approximation of the GSPRT"):
//
//	LLR = N * (s1 - s0) * (2*m - s0 - s1) / (2*var)
//
// where s0 = ScoreFromElo(Elo0), s1 = ScoreFromElo(Elo1), and N, m and var
// are the count, mean and variance (divided by N) of the game scores
// 0, 1/2, 1 weighted L, D, W — except that, as fishtest's regularize does,
// an outcome that has not occurred is counted as 1e-3 games (N included),
// which keeps var above zero.
//
// It returns 0 for no games (the test continues), and NaN for negative
// counts or an invalid test (see Validate), which Decide treats as
// Continue.
//
// The approximation is meant for the thousands of games fishtest plays
// between looks. On a handful of games with a single outcome it is far from
// the exact GSPRT: two straight wins give an LLR near 11.5 for Elo0 = 0,
// Elo1 = 5 (the exact GSPRT gives 0.03), past the bound of a 0.05/0.05 test.
// A runner should not act on a decision before some minimum number of
// games (or should have seen every outcome).
func (s SPRT) LLRTrinomial(r WDL) float64 {
	return s.llr([]float64{0, 0.5, 1}, []int{r.L, r.D, r.W})
}

// LLRPentanomial is the log-likelihood ratio of H1 against H0 after the
// pairs in p, in the same approximation as LLRTrinomial applied per pair,
// as fishtest does for its pentanomial results: each pair is one
// observation of the pair score halved, x in {0, 1/4, 1/2, 3/4, 1} (so its
// mean is the per-game score and s0, s1 are the same per-game expected
// scores), and
//
//	LLR = N * (s1 - s0) * (2*m - s0 - s1) / (2*var)
//
// with N the number of pairs and m, var the mean and variance (divided by N)
// of x; an empty pentanomial cell counts as 1e-3 pairs (fishtest's
// regularize). var here is a quarter of the pair-score variance of
// Penta.Estimate.
//
// It returns 0 for no pairs and NaN for negative counts or an invalid test.
// The small-sample caveat of LLRTrinomial applies.
func (s SPRT) LLRPentanomial(p Penta) float64 {
	return s.llr([]float64{0, 0.25, 0.5, 0.75, 1}, p[:])
}
