package stats

import (
	"errors"
	"fmt"
	"math"
)

// nEloPerT is the normalized Elo of a t-value of 1 per game, 800/ln 10 =
// 347.4355855: fishtest's nelo_divided_by_nt and fastchess's 800/log(10).
// It is chosen so that with no draws and a small difference, where the
// per-game standard deviation is about 1/2, normalized and logistic Elo
// agree: logistic Elo is about (m - 1/2)*1600/ln 10 near m = 1/2.
const nEloPerT = 800 / math.Ln10

// normalizedEstimate fills in the normalized Elo of a mean per-game score
// 1/2 + d with per-game standard deviation sd over games games, keeping
// Score, LOS and N of e (the logistic estimate of the same counts).
//
// The interval is the score's normal interval 1/2 + d ± Z95*sd/sqrt(games)
// mapped through the same linear map as the point, (s - 1/2)/sd*nEloPerT,
// with sd held fixed, as fastchess computes its error: the sd cancels and
// the half-width is Z95*nEloPerT/sqrt(games) whatever the counts. Writing it
// that way rather than mapping the two ends keeps it defined when sd is 0
// (it is the limit as sd falls to 0) and gives ±Inf with no games.
func normalizedEstimate(d, sd float64, games int, e Estimate) Estimate {
	var elo float64
	switch {
	case d == 0:
		elo = 0 // even score: 0 even when sd is 0 (all draws), not 0/0
	case sd > 0:
		elo = d / sd * nEloPerT
	case d > 0:
		elo = math.Inf(1) // zero variance above an even score: all wins, say
	default:
		elo = math.Inf(-1)
	}
	half := Z95 * nEloPerT / math.Sqrt(float64(games)) // +Inf when games == 0
	e.Elo, e.Lo, e.Hi = elo, elo-half, elo+half
	return e
}

// NormalizedElo is the normalized Elo of the games in r, counted as single
// games, with its 95% interval, as fastchess reports it ("nElo") and
// fishtest defines it (LLRcalc.nelo_divided_by_nt):
//
//	nElo = (m - 1/2)/sd * 800/ln 10
//
// with m = (W + D/2)/N the mean score and sd the standard deviation of a
// single game's score (the W/D/L variance of Estimate, divided by N). It is
// the t-value of the score per game, scaled to resemble logistic Elo: with
// no draws and a small difference (sd near 1/2) the two agree, and in
// general nElo is about Elo/(2*sd). Unlike Elo it measures how easily a
// difference is detected: the games needed to detect it at a given
// significance are proportional to 1/nElo², whatever the draw rate.
//
// The interval is nElo ± 1.959964*(800/ln 10)/sqrt(N): the score's interval
// m ± 1.959964*sd/sqrt(N) mapped through the same formula with sd held
// fixed, as fastchess computes its "+/-". (fishtest's raw statistics page
// also allows for the error in sd, by the delta method: t ± 1.96*sqrt((1 -
// t*skewness + t²*(excess kurtosis + 2)/4)/N) with t = nElo/(800/ln 10); the
// two agree closely at the small |nElo| of engine tests.) The counts are
// used as they are, as fastchess and Estimate use them; fishtest's pages
// first count an empty outcome as 1e-3 games, which changes only small
// samples.
//
// Score, LOS and N are those of r.Estimate(): the logistic score, the same
// likelihood of superiority, and the number of games.
//
// At the edges the normalized Elo and its bounds are never NaN for valid
// counts: no games gives Elo 0 and the interval (-Inf, +Inf), with Score
// NaN and LOS 0.5 as in Estimate; all draws (sd = 0 at an even score) gives
// Elo 0 and the interval 0 ± 1.959964*(800/ln 10)/sqrt(N); all wins gives
// Elo, Lo and Hi +Inf, and all losses -Inf (zero variance away from an even
// score). A single game is one of these. Negative counts give NaN
// throughout, as Estimate does. nElo is exactly antisymmetric under Swap,
// and never falls when a win is added.
func (r WDL) NormalizedElo() Estimate {
	e := r.Estimate()
	if !r.valid() {
		return e
	}
	n := r.N()
	if n == 0 {
		return normalizedEstimate(0, 0, 0, e)
	}
	// Work with the scores centred on 1/2, z = 1/2, 0, -1/2 for W, D, L, and
	// sum the W and L terms first, so that Swap negates d and leaves the
	// variance unchanged bit for bit.
	fn := float64(n)
	d := float64(r.W-r.L) / (2 * fn)
	w, l := 0.5-d, 0.5+d
	v := (float64(r.W)*w*w + float64(r.L)*l*l + float64(r.D)*d*d) / fn
	return normalizedEstimate(d, math.Sqrt(v), n, e)
}

// NormalizedElo is the normalized Elo of the paired games in p with its 95%
// interval, as fastchess and fishtest compute it for pentanomial results.
// Each pair is one observation of the pair score halved, x in {0, 1/4, 1/2,
// 3/4, 1}, with mean m (the mean score per game) and variance var per pair;
// a pair counts as two games, so the per-game standard deviation is
// sqrt(2*var) and
//
//	nElo = (m - 1/2)/sqrt(2*var) * 800/ln 10
//
// (fishtest's sigma_pg = (2*var)^(1/2) and fastchess's
// scoreToNeloDiff(score, variance) for pairs). Because a pair shares its
// scenario and dice, sqrt(2*var) is usually below the trinomial per-game
// sd and the pentanomial nElo larger in size than the trinomial one of the
// same games.
//
// The interval is nElo ± 1.959964*(800/ln 10)/sqrt(2*Pairs), the score's
// interval m ± 1.959964*sqrt(var/Pairs) mapped through the same formula
// with the sd held fixed, as in WDL.NormalizedElo. Score, LOS and N (twice
// the pairs) are those of p.Estimate().
//
// At the edges: no pairs gives Elo 0 and the interval (-Inf, +Inf), with
// Score NaN and LOS 0.5; every pair scoring 1 (draws, or a win and a loss)
// gives Elo 0 and a finite interval; every pair scoring the same other
// value (all 1.5, say, or all 2) gives ±Inf and Lo = Hi = ±Inf. Negative
// counts give NaN throughout. Mirroring the counts (p[k] and p[4-k]
// exchanged) negates nElo exactly. Unlike the trinomial nElo this one can
// fall when a pair won twice is added, if it raises the variance more than
// the mean (for Penta{0, 0, 20, 17, 0} it goes from 226.50 to 223.29): it is
// a signal-to-noise ratio, not a score.
func (p Penta) NormalizedElo() Estimate {
	e := p.Estimate()
	if !p.valid() {
		return e
	}
	pairs := p.Pairs()
	if pairs == 0 {
		return normalizedEstimate(0, 0, 0, e)
	}
	// The halved pair score centred on 1/2 is z_k = k/4 - 1/2; pairing the
	// terms of k and 4-k makes mirroring exact, as in WDL.NormalizedElo.
	fp := float64(pairs)
	d := (float64(p[4]-p[0])/2 + float64(p[3]-p[1])/4) / fp
	z0, z4, z1, z3 := -0.5-d, 0.5-d, -0.25-d, 0.25-d
	v := ((float64(p[0])*z0*z0 + float64(p[4])*z4*z4) + (float64(p[1])*z1*z1 + float64(p[3])*z3*z3) + float64(p[2])*d*d) / fp
	return normalizedEstimate(d, math.Sqrt(2*v), 2*pairs, e)
}

// Model is the Elo scale in which an SPRT's hypotheses are stated.
type Model int

const (
	// Logistic states the hypotheses in logistic Elo, as SPRT does: they fix
	// the mean score, ScoreFromElo(Elo0) or ScoreFromElo(Elo1), and leave the
	// draw rate free. It is the zero value.
	Logistic Model = iota
	// Normalized states them in normalized Elo (see WDL.NormalizedElo): they
	// fix the t-value (m - 1/2)/sd, and leave the draw rate (and with it sd)
	// free. It is fishtest's default since 2021 and fastchess's
	// "--sprt model=normalized"; its bounds mean the same difficulty of
	// detection whatever the draw rate.
	Normalized
)

// String is "logistic" or "normalized", and "Model(n)" for any other value.
func (m Model) String() string {
	switch m {
	case Logistic:
		return "logistic"
	case Normalized:
		return "normalized"
	}
	return fmt.Sprintf("Model(%d)", int(m))
}

// ModelSPRT is an SPRT whose Elo0 and Elo1 are in the Elo scale Model:
// logistic (the zero value, the same test as SPRT) or normalized. Bounds
// and Decide are SPRT's (Wald's bounds do not depend on the model);
// Validate, LLRTrinomial and LLRPentanomial follow the model.
//
// It is a separate type, rather than a field of SPRT, so that SPRT literals
// written without field names keep compiling.
type ModelSPRT struct {
	SPRT
	Model Model
}

// Validate reports whether the test is well defined: Model is Logistic or
// Normalized and the SPRT is valid (see SPRT.Validate; the same conditions
// hold for normalized bounds).
func (s ModelSPRT) Validate() error {
	err := s.SPRT.Validate()
	if s.Model == Logistic || s.Model == Normalized {
		return err
	}
	merr := fmt.Errorf("stats: invalid SPRT: unknown Elo model %v", s.Model)
	if err == nil {
		return merr
	}
	return errors.Join(merr, err)
}

// LLRTrinomial is the log-likelihood ratio after the games in r, counted
// as single games, in the test's model: SPRT.LLRTrinomial for Logistic,
// SPRT.LLRTrinomialNormalized for Normalized, and NaN for any other model
// (which Decide treats as Continue).
func (s ModelSPRT) LLRTrinomial(r WDL) float64 {
	switch s.Model {
	case Logistic:
		return s.SPRT.LLRTrinomial(r)
	case Normalized:
		return s.LLRTrinomialNormalized(r)
	}
	return math.NaN()
}

// LLRPentanomial is the log-likelihood ratio after the pairs in p in the
// test's model: SPRT.LLRPentanomial for Logistic,
// SPRT.LLRPentanomialNormalized for Normalized, and NaN for any other
// model.
func (s ModelSPRT) LLRPentanomial(p Penta) float64 {
	switch s.Model {
	case Logistic:
		return s.SPRT.LLRPentanomial(p)
	case Normalized:
		return s.LLRPentanomialNormalized(p)
	}
	return math.NaN()
}

// LLRTrinomialNormalized is the log-likelihood ratio of H1 against H0 after
// the games in r, counted as single games, with Elo0 and Elo1 read as
// normalized Elo: the exact generalised SPRT of fishtest's
// LLRcalc.LLR_normalized (and fastchess's model=normalized).
//
// As in LLRTrinomial the games are N draws from an unknown distribution p
// over the scores a = 0, 1/2, 1, and each hypothesis takes the p of
// greatest likelihood sum_i n_i*log p_i among those it allows; but here a
// hypothesis fixes the t-value (mu - 1/2)/sigma of p (mu and sigma its mean
// and standard deviation) at t0 = Elo0/(800/ln 10) or t1 = Elo1/(800/ln 10),
// not the mean. Then
//
//	LLR = sum_i n_i*log(p1_i/p0_i).
//
// The constraint is not linear in p, so Proposition 1.1 of Van den Bergh's
// note does not apply directly. Fishtest (MLE_t_value, after section 4.1 of
// his normalized_elo_practical.pdf) and fastchess solve its stationarity
// conditions by a fixed-point iteration from the uniform distribution; that
// iteration fails at its first step whenever |nElo| is above about 340 for
// games (230 for pairs), where its secular equation has no root, and need
// not converge below that, so this function maximises the same likelihood
// another way. For a given sigma the allowed p have mean mu = 1/2 +
// t*sigma and variance sigma², two linear conditions, under which the
// maximum is
//
//	p_i = p̂_i/(1 + λ·g_i),    g_i = (a_i - mu, (a_i - mu)² - sigma²),
//
// with λ in R² maximising the concave h(λ) = sum_i p̂_i*log(1 + λ·g_i)
// (found by a damped Newton iteration), and log-likelihood N*(sum_i
// p̂_i*log p̂_i - h(λ)). The constrained maximum is the best of these over
// sigma: the minimum of max_λ h over the sigma for which such a p exists,
// found by a grid and, in each valley the grid shows, a bisection on the
// derivative -t*λ_1 - 2*sigma*λ_2. Where fishtest's iteration converges the
// two agree to about 1e-12.
//
// Regularisation is fishtest's: an outcome that has not occurred counts as
// 1e-3 games (see regularisation). It returns 0 for no games and NaN for
// negative counts, an invalid test (see Validate) or a fit that fails in
// floating point (as for bounds of 1e12, a t-value past 1e9: the tests see
// finite values up to 1e9), which Decide treats as Continue.
func (s SPRT) LLRTrinomialNormalized(r WDL) float64 {
	return s.llrNormalized([]float64{0, 0.5, 1}, []int{r.L, r.D, r.W}, 1)
}

// LLRPentanomialNormalized is the log-likelihood ratio of H1 against H0
// after the pairs in p, with Elo0 and Elo1 read as normalized Elo, by the
// method of LLRTrinomialNormalized applied per pair, as fishtest does: each
// pair is one observation of the pair score halved, a in {0, 1/4, 1/2,
// 3/4, 1}, and since a pair counts as two games its t-value is sqrt(2)
// times the per-game one: the hypotheses fix (mu - 1/2)/sigma of the pair
// distribution at t = sqrt(2)*Elo/(800/ln 10). An empty cell counts as 1e-3
// pairs. It returns 0 for no pairs and NaN for negative counts, an invalid
// test or a failed fit, as LLRTrinomialNormalized does.
func (s SPRT) LLRPentanomialNormalized(p Penta) float64 {
	return s.llrNormalized([]float64{0, 0.25, 0.5, 0.75, 1}, p[:], math.Sqrt2)
}

// llrNormalized is the normalized-Elo LLR on the outcome values values[k]
// (strictly increasing, symmetric about 1/2) seen counts[k] times; perGame
// is the ratio of an observation's t-value to a game's (1 for games,
// sqrt 2 for pairs).
func (s SPRT) llrNormalized(values []float64, counts []int, perGame float64) float64 {
	if s.Validate() != nil {
		return math.NaN()
	}
	w, freq, llr, done := observed(counts)
	if done {
		return llr
	}
	z := make([]float64, len(w))
	for k := range w {
		z[k] = values[k] - 0.5
	}
	u0, ok0 := tValueFit(z, freq, s.Elo0/nEloPerT*perGame)
	u1, ok1 := tValueFit(z, freq, s.Elo1/nEloPerT*perGame)
	if !ok0 || !ok1 {
		return math.NaN()
	}
	// log(p1_k/p0_k) = log(p̂_k/p0_k) - log(p̂_k/p1_k) = u0_k - u1_k.
	for k := range w {
		llr += w[k] * (u0[k] - u1[k])
	}
	if math.IsNaN(llr) || math.IsInf(llr, 0) {
		return math.NaN()
	}
	return llr
}

// tValueFit is the maximum likelihood distribution p with t-value
// (sum p*z)/sd(p) = t on the centred outcomes z (strictly increasing,
// z[0] < 0 < z[last]), given the observed frequencies freq (all > 0): it
// returns u_k = log(freq[k]/p_k) and whether the fit succeeded. See
// LLRTrinomialNormalized for the method.
func tValueFit(z, freq []float64, t float64) ([]float64, bool) {
	var best []float64
	bestH := math.Inf(1)
	for _, c := range sigmaIntervals(z, t) {
		if u, h := profileMin(z, freq, t, c[0], c[1]); h < bestH {
			best, bestH = u, h
		}
	}
	return best, best != nil
}

// chordGap is m2 - chord(m1) for the moments m1 = t*sigma, m2 =
// (1+t²)*sigma² of a distribution on the z with mean t*sigma and standard
// deviation sigma, and the chord of z² through (lo, lo²) and (hi, hi²):
// (1+t²)σ² - t(lo+hi)σ + lo*hi. Such a distribution with every z possible
// exists exactly when (m1, m2) is strictly inside the convex hull of the
// points (z_k, z_k²): below the chord of the two extreme z and above the
// chord of the two z on either side of m1.
func chordGap(t, sigma, lo, hi float64) float64 {
	return (1+t*t)*sigma*sigma - t*(lo+hi)*sigma + lo*hi
}

// sigmaFeasible reports whether some distribution with every z possible has
// mean t*sigma and standard deviation sigma (see chordGap).
func sigmaFeasible(z []float64, t, sigma float64) bool {
	last := len(z) - 1
	m1 := t * sigma
	if !(sigma > 0 && m1 > z[0] && m1 < z[last]) || !(chordGap(t, sigma, z[0], z[last]) < 0) {
		return false
	}
	for j := range last {
		if m1 <= z[j+1] {
			return chordGap(t, sigma, z[j], z[j+1]) > 0
		}
	}
	return false
}

// sigmaIntervals are the open intervals of sigma > 0 for which
// sigmaFeasible holds, in increasing order. Feasibility can change only
// where one of the chord gaps is 0 or where t*sigma crosses a z, so those
// points cut (0, sigmaMax) into pieces, each tested at its midpoint;
// adjacent feasible pieces are joined. On the three trinomial outcomes
// there is always a single interval; on the five pentanomial ones too for
// |t| below 2√2 (nElo 695), beyond which the hull's corner at z = ±1/4 can
// split it in two.
func sigmaIntervals(z []float64, t float64) [][2]float64 {
	last := len(z) - 1
	// The largest root of the outer chord gap (lo*hi < 0, so one root is
	// positive) bounds every feasible sigma.
	a, b, c := 1+t*t, -t*(z[0]+z[last]), z[0]*z[last]
	sigmaMax := (-b + math.Sqrt(b*b-4*a*c)) / (2 * a)
	if !(sigmaMax > 0) || math.IsInf(sigmaMax, 0) {
		return nil
	}
	cuts := []float64{0, sigmaMax}
	add := func(x float64) {
		if x > 0 && x < sigmaMax {
			cuts = append(cuts, x)
		}
	}
	for j := range last {
		if t != 0 {
			add(z[j] / t)
		}
		b := -t * (z[j] + z[j+1])
		c := z[j] * z[j+1]
		if disc := b*b - 4*a*c; disc >= 0 {
			add((-b + math.Sqrt(disc)) / (2 * a))
			add((-b - math.Sqrt(disc)) / (2 * a))
		}
	}
	sortFloats(cuts)
	var out [][2]float64
	for i := 0; i+1 < len(cuts); i++ {
		lo, hi := cuts[i], cuts[i+1]
		if !(hi > lo) || !sigmaFeasible(z, t, lo+(hi-lo)/2) {
			continue
		}
		if n := len(out); n > 0 && out[n-1][1] == lo && sigmaFeasible(z, t, lo) {
			out[n-1][1] = hi
			continue
		}
		out = append(out, [2]float64{lo, hi})
	}
	return out
}

// sortFloats sorts a short slice in increasing order (insertion sort: a
// dozen cut points at most).
func sortFloats(x []float64) {
	for i := 1; i < len(x); i++ {
		for j := i; j > 0 && x[j] < x[j-1]; j-- {
			x[j], x[j-1] = x[j-1], x[j]
		}
	}
}

// profileMin minimises over sigma in (lo, hi) the dual value H(sigma) =
// max_λ h(λ) of momentFit, and returns u_k = log(freq[k]/p_k) at the best
// sigma found and H there (+Inf if no sigma could be fitted). H is +Inf at
// both ends, where some p_k falls to 0, but it need not have a single
// valley: on the pentanomial outcomes with |t| above about 1 (nElo 250) it
// can have two. So a grid of gridPoints evaluations brackets every valley
// it sees, and a bisection on the sign of dH/dsigma between the neighbours
// of each grid point lower than both refines that valley to rounding. The
// value returned is the smallest H evaluated, an upper bound on the
// minimum that an error in the sign of a near-zero derivative cannot
// spoil.
func profileMin(z, freq []float64, t, lo, hi float64) ([]float64, float64) {
	const gridPoints = 64
	bestH := math.Inf(1)
	var bestU []float64
	try := func(sigma float64) (h, dh float64, ok bool) {
		if !sigmaFeasible(z, t, sigma) {
			return math.Inf(1), 0, false
		}
		u, h, dh, ok := momentFit(z, freq, t, sigma)
		if !ok {
			return math.Inf(1), 0, false
		}
		if h < bestH {
			bestH, bestU = h, u
		}
		return h, dh, true
	}
	step := (hi - lo) / gridPoints
	at := func(i int) float64 {
		if i == gridPoints {
			return hi // not lo + step*gridPoints, which may round past hi
		}
		return lo + step*float64(i)
	}
	var grid [gridPoints + 1]float64
	grid[0], grid[gridPoints] = math.Inf(1), math.Inf(1)
	for i := 1; i < gridPoints; i++ {
		grid[i], _, _ = try(at(i))
	}
	for i := 1; i < gridPoints; i++ {
		if math.IsInf(grid[i], 1) || grid[i] > grid[i-1] || grid[i] > grid[i+1] {
			continue
		}
		a, b := at(i-1), at(i+1)
		for range 200 {
			mid := a + (b-a)/2
			if !(mid > a && mid < b) {
				break
			}
			_, dh, ok := try(mid)
			if !ok {
				break
			}
			if dh < 0 {
				a = mid
			} else {
				b = mid
			}
		}
	}
	return bestU, bestH
}

// momentFit is the maximum likelihood distribution with mean t*sigma and
// standard deviation sigma on the centred outcomes z, given the observed
// frequencies freq: p_k = freq[k]/(1 + λ·g_k) with g_k = (z_k - t*sigma,
// (z_k - t*sigma)² - sigma²) and λ maximising the concave
//
//	h(λ) = sum_k freq[k]*log(1 + λ·g_k)
//
// on the region where every 1 + λ·g_k > 0 (the dual of the likelihood; the
// maximum exists because sigma is feasible, see sigmaFeasible). It returns
// u_k = log(1 + λ·g_k) = log(freq[k]/p_k), h at the maximum, dh/dsigma
// there (the envelope theorem: the partial derivative in sigma, -t*λ_1*S0 -
// 2*λ_2*(t*S1 + sigma*S0) with S0 = sum p_k, 1 at the maximum, and S1 =
// sum p_k*g_k1, 0 at the maximum), and whether the iteration converged.
//
// The iteration is Newton's method from λ = 0 with a backtracking line
// search that keeps λ inside the region and h rising (the Armijo rule),
// taking full steps once the Newton decrement is small; it stops when the
// decrement, about twice the remaining gap in h, is down to rounding, and
// fails if it never gets below 1e-12. The 2×2 Newton system is solved in a form
// that stays accurate next to a pole, where a cell seen 1e-3 times is
// fitted a large probability (as when the hypothesis is far from the data:
// ten million straight wins still agree with a 60-digit computation to
// 1e-14).
func momentFit(z, freq []float64, t, sigma float64) (u []float64, h, dh float64, ok bool) {
	n := len(z)
	g1 := make([]float64, n)
	g2 := make([]float64, n)
	for k := range z {
		g1[k] = z[k] - t*sigma
		g2[k] = g1[k]*g1[k] - sigma*sigma
	}
	value := func(l1, l2 float64) (float64, bool) {
		v := 0.0
		for k := range z {
			x := l1*g1[k] + l2*g2[k]
			if !(x > -1) {
				return 0, false
			}
			v += freq[k] * math.Log1p(x)
		}
		return v, true
	}
	var l1, l2 float64
	h = 0 // h(0)
	dec := math.Inf(1)
	r := make([]float64, n) // freq/u, the fitted p
	q := make([]float64, n) // freq/u², the weights of the Hessian
	for range 100 {
		var G1, G2 float64
		for k := range z {
			r[k] = freq[k] / (1 + l1*g1[k] + l2*g2[k])
			q[k] = r[k] / (1 + l1*g1[k] + l2*g2[k])
			G1 += r[k] * g1[k]
			G2 += r[k] * g2[k]
		}
		// Newton step d = M⁻¹G for M = -Hessian = sum_k q_k g_k g_kᵀ. Near a
		// pole one cell dominates M and makes it nearly singular, and
		// det M = AC - B² would cancel to noise; the Cauchy-Binet forms
		// below drop each cell's product with itself, which is exactly 0:
		//
		//	det M       = sum_{j<k} q_j q_k c_jk²,    c_jk = g1_j g2_k - g1_k g2_j,
		//	C*G1 - B*G2 = sum_{j,k} q_k r_j g2_k c_jk,
		//	A*G2 - B*G1 = -sum_{j,k} q_k r_j g1_k c_jk.
		var det, num1, num2 float64
		for j := range z {
			for k := range z {
				if j == k {
					continue
				}
				c := g1[j]*g2[k] - g1[k]*g2[j]
				if j < k {
					det += q[j] * q[k] * c * c
				}
				num1 += q[k] * r[j] * g2[k] * c
				num2 -= q[k] * r[j] * g1[k] * c
			}
		}
		if !(det > 0) || math.IsInf(det, 0) {
			break
		}
		d1, d2 := num1/det, num2/det
		dec = G1*d1 + G2*d2
		if !(dec > 0) {
			break
		}
		alpha := 1.0
		moved := false
		for range 80 {
			n1, n2 := l1+alpha*d1, l2+alpha*d2
			if v, in := value(n1, n2); in && (v >= h+1e-4*alpha*dec || (dec < 1e-8 && v >= h-1e-15*(1+math.Abs(h)))) {
				moved = n1 != l1 || n2 != l2
				l1, l2, h = n1, n2, v
				break
			}
			alpha /= 2
		}
		if !moved || dec <= 1e-20 {
			// Converged once h is within dec/2 of its maximum, below
			// rounding; the step just taken is kept all the same, since
			// next to a pole the fitted p (sum 1 - λ·G) still gain from it
			// when h no longer does.
			break
		}
	}
	if !(dec < 1e-12) {
		return nil, 0, 0, false
	}
	u = make([]float64, n)
	h = 0
	var s0, s1 float64
	for k := range z {
		x := l1*g1[k] + l2*g2[k]
		u[k] = math.Log1p(x)
		h += freq[k] * u[k]
		p := freq[k] / (1 + x)
		s0 += p
		s1 += p * g1[k]
	}
	dh = -t*l1*s0 - 2*l2*(t*s1+sigma*s0)
	if math.IsNaN(h) || math.IsNaN(dh) {
		return nil, 0, 0, false
	}
	return u, h, dh, true
}
