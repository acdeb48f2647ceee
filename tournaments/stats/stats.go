package stats

import (
	"fmt"
	"math"
)

// Z95 is the standard normal quantile for a two-sided 95% interval,
// Phi^-1(0.975) = 1.959964 (to 7 significant figures; the constant carries
// all the digits of a float64).
const Z95 = 1.959963984540054

// Phi is the standard normal cumulative distribution function,
// Phi(x) = (1 + erf(x/sqrt 2))/2, computed as erfc(-x/sqrt 2)/2 so that the
// far lower tail keeps its precision. Phi(+Inf) = 1, Phi(-Inf) = 0.
func Phi(x float64) float64 {
	return 0.5 * math.Erfc(-x/math.Sqrt2)
}

// EloFromScore is the Elo difference whose expected score in the logistic
// model is p: elo = -400*log10(1/p - 1), the formula cutechess, fishtest and
// the chess rating lists use. It returns +Inf at p = 1, -Inf at p = 0, 0 at
// p = 0.5 (+0, never the -0 that -400*log10(1) is, which would print as
// "-0"), and NaN for a NaN p or one outside [0, 1].
func EloFromScore(p float64) float64 {
	switch {
	case math.IsNaN(p) || p < 0 || p > 1:
		return math.NaN()
	case p == 0:
		return math.Inf(-1)
	case p == 1:
		return math.Inf(1)
	}
	if e := -400 * math.Log10(1/p-1); e != 0 {
		return e
	}
	return 0
}

// ScoreFromElo is the expected score of a player elo points stronger than
// its opponent in the logistic model: 1/(1 + 10^(-elo/400)), the inverse of
// EloFromScore. It returns 1 at +Inf, 0 at -Inf and NaN for NaN.
func ScoreFromElo(elo float64) float64 {
	if math.IsNaN(elo) {
		return math.NaN()
	}
	return 1 / (1 + math.Pow(10, -elo/400))
}

// WDL counts wins, draws and losses of one player against another. Counts
// are never negative; every method that computes a statistic returns NaN
// (and an Estimate full of NaN) for a WDL with a negative count.
type WDL struct{ W, D, L int }

// N is the number of games, W + D + L.
func (r WDL) N() int { return r.W + r.D + r.L }

// Score is the mean score per game, (W + D/2)/N. It is NaN when N == 0 or a
// count is negative.
func (r WDL) Score() float64 {
	n := r.N()
	if n <= 0 || !r.valid() {
		return math.NaN()
	}
	return (float64(r.W) + float64(r.D)/2) / float64(n)
}

// Add is the sum of two sets of results, count by count.
func (r WDL) Add(o WDL) WDL { return WDL{r.W + o.W, r.D + o.D, r.L + o.L} }

// Swap is the same results from the opponent's point of view: wins and
// losses exchanged.
func (r WDL) Swap() WDL { return WDL{W: r.L, D: r.D, L: r.W} }

// AddGame counts one more game that scored score (1, 0.5 or 0) from this
// player's point of view; any other score is an error.
func (r WDL) AddGame(score float64) (WDL, error) {
	switch score {
	case 1:
		r.W++
	case 0.5:
		r.D++
	case 0:
		r.L++
	default:
		return r, fmt.Errorf("stats: game score %v is not 1, 0.5 or 0", score)
	}
	return r, nil
}

func (r WDL) valid() bool { return r.W >= 0 && r.D >= 0 && r.L >= 0 }

// Penta counts paired results by the pair's score from one player's point
// of view: [0] pairs scoring 0 (two losses), [1] scoring 0.5, [2] scoring 1
// (a win and a loss, or two draws), [3] scoring 1.5 and [4] scoring 2 (two
// wins). This is fishtest's pentanomial order LL, LD+DL, LW+DD+WL, DW+WD,
// WW. Counts are never negative; statistics of a Penta with a negative
// count are NaN.
type Penta [5]int

// Pairs is the number of pairs, the sum of the counts. Games = 2*Pairs.
func (p Penta) Pairs() int {
	n := 0
	for _, c := range p {
		n += c
	}
	return n
}

// Score is the mean score per game, the mean pair score halved:
// sum_k p[k]*(k/2) / (2*Pairs). It is NaN when there are no pairs or a
// count is negative.
func (p Penta) Score() float64 {
	n := p.Pairs()
	if n <= 0 || !p.valid() {
		return math.NaN()
	}
	s := 0.0
	for k, c := range p {
		s += float64(c) * float64(k) / 2
	}
	return s / float64(n) / 2
}

// Add is the sum of two sets of paired results, count by count.
func (p Penta) Add(o Penta) Penta {
	for k := range p {
		p[k] += o[k]
	}
	return p
}

// AddPair counts one more pair whose two games scored first and second
// (each 1, 0.5 or 0) from this player's point of view; any other score is
// an error.
func (p Penta) AddPair(first, second float64) (Penta, error) {
	for _, s := range [2]float64{first, second} {
		if s != 0 && s != 0.5 && s != 1 {
			return p, fmt.Errorf("stats: game score %v is not 1, 0.5 or 0", s)
		}
	}
	p[int(2*(first+second))]++
	return p, nil
}

func (p Penta) valid() bool {
	for _, c := range p {
		if c < 0 {
			return false
		}
	}
	return true
}

// Estimate is a head-to-head strength estimate of one player against
// another, as WDL.Estimate and Penta.Estimate compute it.
type Estimate struct {
	Elo   float64 // point estimate, EloFromScore(Score); ±Inf when the score is 1 or 0, NaN with no games
	Lo    float64 // lower end of the 95% interval in Elo; -Inf when the interval reaches score 0
	Hi    float64 // upper end of the 95% interval in Elo; +Inf when the interval reaches score 1
	Score float64 // mean score per game
	LOS   float64 // likelihood of superiority in [0, 1]: the probability that the player is the stronger
	N     int     // games (twice the pairs for a pentanomial estimate)
}

// nanEstimate is the estimate for no games (LOS 0.5) or for invalid counts
// (LOS NaN).
func nanEstimate(n int, los float64) Estimate {
	nan := math.NaN()
	return Estimate{Elo: nan, Lo: nan, Hi: nan, Score: nan, LOS: los, N: n}
}

// scoreInterval maps the normal interval mean ± Z95*se on the score scale to
// Elo, clamping the score bounds into [0, 1] first: a bound at or past a
// score of 1 (0) is an Elo of +Inf (-Inf), so the interval is open there.
func scoreInterval(mean, se float64) (lo, hi float64) {
	clamp := func(x float64) float64 { return math.Min(1, math.Max(0, x)) }
	return EloFromScore(clamp(mean - Z95*se)), EloFromScore(clamp(mean + Z95*se))
}

// Estimate is the trinomial estimate from single games, as cutechess and
// fastchess print it.
//
// With N = W+D+L and mean score m = (W + D/2)/N, the per-game variance is
// the variance of the empirical W/D/L distribution (the maximum likelihood
// estimate, divided by N, not N-1):
//
//	var = (W*(1-m)^2 + D*(1/2-m)^2 + L*(0-m)^2) / N
//
// and the 95% interval is EloFromScore(m ± 1.959964*sqrt(var/N)), each end
// clamped into [0, 1] on the score scale first (the normal approximation
// cutechess uses for its error margin), so an end that reaches a score of 1
// or 0 is +Inf or -Inf.
//
// LOS is the normal approximation of the mean score against 1/2 (equal
// strength) with the same W/D/L variance, as fastchess and fishtest compute
// it: Phi((m - 1/2)/sqrt(var/N)). Draws enter it through m and var. (The
// older Phi((W-L)/sqrt(W+L)) of cutechess and the Chess Programming Wiki
// leaves the draws out, and so counts a drawish match as fewer games than it
// is.) With zero variance it is 1 when m > 1/2, 0 when m < 1/2 and 1/2 when
// m == 1/2, as for Penta.Estimate.
//
// At the edges: no games gives NaN Elo, Lo, Hi and Score, LOS 0.5, N 0. All
// draws gives Elo 0, Lo = Hi = 0 (zero variance) and LOS 0.5. All wins gives
// Elo +Inf and, since the variance is 0, Lo = Hi = +Inf and LOS 1, a single
// win included. All losses mirror all wins. A single game is one of these
// three. The zero-variance intervals (and the LOS of 1 or 0 beside them) say
// nothing about the uncertainty: a runner should show them as "not enough
// games". Negative counts give NaN throughout, LOS included.
func (r WDL) Estimate() Estimate {
	n := r.N()
	if !r.valid() {
		return nanEstimate(n, math.NaN())
	}
	if n == 0 {
		return nanEstimate(0, 0.5)
	}
	fn := float64(n)
	m := r.Score()
	v := (float64(r.W)*(1-m)*(1-m) + float64(r.D)*(0.5-m)*(0.5-m) + float64(r.L)*m*m) / fn
	se := math.Sqrt(v / fn)
	lo, hi := scoreInterval(m, se)
	return Estimate{Elo: EloFromScore(m), Lo: lo, Hi: hi, Score: m, LOS: losOf(m-0.5, se), N: n}
}

// losOf is the likelihood of superiority Phi(d/se) of a mean that is d
// above the mean of equal strength, with standard error se; with se == 0
// it is 1, 0 or 1/2 by the sign of d, the limit of Phi(d/se) as se falls
// to 0.
func losOf(d, se float64) float64 {
	switch {
	case se > 0:
		return Phi(d / se)
	case d > 0:
		return 1
	case d < 0:
		return 0
	}
	return 0.5
}

// pairMoments is the mean and the (maximum likelihood, divided by Pairs)
// variance of the pair score, which takes the values 0, 0.5, 1, 1.5, 2.
func (p Penta) pairMoments() (mean, variance float64) {
	n := float64(p.Pairs())
	for k, c := range p {
		mean += float64(c) * float64(k) / 2
	}
	mean /= n
	for k, c := range p {
		d := float64(k)/2 - mean
		variance += float64(c) * d * d
	}
	return mean, variance / n
}

// Estimate is the pentanomial estimate from paired games, as fishtest and
// fastchess compute it. Each pair is one observation of the pair score
// x in {0, 0.5, 1, 1.5, 2}; with P pairs,
//
//	mean = sum_k p[k]*(k/2) / P
//	var  = sum_k p[k]*(k/2 - mean)^2 / P    (variance of the pair score, per pair)
//
// The per-game score is mean/2 and its standard error is sqrt(var/P)/2, so
// the 95% interval is EloFromScore(mean/2 ± 1.959964*sqrt(var/P)/2), each
// end clamped into [0, 1] on the score scale as in WDL.Estimate. (fishtest
// writes the same thing with the pair score halved: values 0, 1/4, ..., 1
// with variance var/4.) Because a pair shares its scenario and dice, this
// variance is usually smaller than twice the per-game trinomial variance,
// and the interval narrower.
//
// LOS is the normal approximation of the mean pair score against 1 (equal
// strength): Phi((mean - 1)/sqrt(var/P)), which is fastchess's and
// fishtest's Phi((mean/2 - 1/2)/(sqrt(var/P)/2)) on the halved pair score;
// with zero variance it is 1 when mean > 1, 0 when mean < 1 and 0.5 when
// mean == 1.
//
// At the edges: no pairs gives NaN Elo, Lo, Hi and Score, LOS 0.5, N 0.
// Every pair scoring 1 (all draws, or each pair split) gives Elo 0, a
// zero-width interval at 0 and LOS 0.5. Every pair won twice gives Elo +Inf,
// Lo = Hi = +Inf and LOS 1 (a single pair included); every pair lost twice
// mirrors it. N is the number of games, 2*Pairs. Negative counts give NaN
// throughout, LOS included.
func (p Penta) Estimate() Estimate {
	pairs := p.Pairs()
	if !p.valid() {
		return nanEstimate(2*pairs, math.NaN())
	}
	if pairs == 0 {
		return nanEstimate(0, 0.5)
	}
	mean, v := p.pairMoments()
	sePair := math.Sqrt(v / float64(pairs))
	lo, hi := scoreInterval(mean/2, sePair/2)
	return Estimate{Elo: EloFromScore(mean / 2), Lo: lo, Hi: hi, Score: mean / 2, LOS: losOf(mean-1, sePair), N: 2 * pairs}
}
