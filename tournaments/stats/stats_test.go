package stats

import (
	"math"
	"strconv"
	"testing"
)

// Expected values in these tests were worked out by hand and checked with
// Python's math and statistics.NormalDist (not with this package); the
// arithmetic is in the comment next to each value.

// near reports whether got is within tol of want, treating NaN as equal to
// NaN and an infinity as equal only to the same infinity.
func near(got, want, tol float64) bool {
	switch {
	case math.IsNaN(want):
		return math.IsNaN(got)
	case math.IsInf(want, 0):
		return got == want
	}
	return math.Abs(got-want) <= tol
}

func checkNear(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if !near(got, want, tol) {
		t.Errorf("%s = %.9g, want %.9g (±%g)", what, got, want, tol)
	}
}

func TestPhi(t *testing.T) {
	tests := []struct{ x, want float64 }{
		{0, 0.5},
		{1, 0.8413447460685429},                // table value of the standard normal
		{-1, 0.15865525393145707},              // 1 - Phi(1)
		{1.959963984540054, 0.975},             // the 97.5% quantile
		{4.47213595499958, 0.9999961278917845}, // sqrt(20) = 40/sqrt(80), NormalDist().cdf
		{math.Inf(1), 1},
		{math.Inf(-1), 0},
	}
	for _, tt := range tests {
		checkNear(t, "Phi", Phi(tt.x), tt.want, 1e-12)
	}
}

func TestEloScore(t *testing.T) {
	inf := math.Inf(1)
	tests := []struct{ p, elo float64 }{
		{0.5, 0},
		{0.7, 147.19071411783776},  // -400*log10(1/0.7 - 1) = -400*log10(0.428571) = 400*0.367977
		{0.75, 190.84850188786497}, // 400*log10(3)
		{0.25, -190.84850188786497},
		{0.9, 381.69700377572985}, // 400*log10(9)
		{1, inf},
		{0, -inf},
	}
	for _, tt := range tests {
		checkNear(t, "EloFromScore", EloFromScore(tt.p), tt.elo, 1e-9)
		checkNear(t, "ScoreFromElo", ScoreFromElo(tt.elo), tt.p, 1e-12)
	}
	for _, p := range []float64{-0.1, 1.1, math.NaN()} {
		if !math.IsNaN(EloFromScore(p)) {
			t.Errorf("EloFromScore(%v) = %v, want NaN", p, EloFromScore(p))
		}
	}
	if !math.IsNaN(ScoreFromElo(math.NaN())) {
		t.Error("ScoreFromElo(NaN) is not NaN")
	}
	// s1 of a 0..10 SPRT: 1/(1+10^(-0.025)) = 1/(1+0.9440609) = 0.5143872
	checkNear(t, "ScoreFromElo(10)", ScoreFromElo(10), 0.5143871841659987, 1e-12)
}

// TestEvenScoreIsPlusZero: -400*log10(1) is -0, which prints as "-0";
// an even score must give +0 wherever it comes out.
func TestEvenScoreIsPlusZero(t *testing.T) {
	even := WDL{W: 1, L: 1}.Estimate()
	drawn := WDL{D: 3}.Estimate()
	split := Penta{0, 0, 4, 0, 0}.Estimate()
	for _, c := range []struct {
		what string
		v    float64
	}{
		{"EloFromScore(0.5)", EloFromScore(0.5)},
		{"Elo of 1-0-1", even.Elo},
		{"Elo of 0-3-0", drawn.Elo}, {"Lo of 0-3-0", drawn.Lo}, {"Hi of 0-3-0", drawn.Hi},
		{"Elo of split pairs", split.Elo}, {"Lo of split pairs", split.Lo}, {"Hi of split pairs", split.Hi},
	} {
		if c.v != 0 || math.Signbit(c.v) {
			t.Errorf("%s = %v (%s), want +0", c.what, c.v, strconv.FormatFloat(c.v, 'g', -1, 64))
		}
	}
}

func TestWDLBasics(t *testing.T) {
	r := WDL{W: 60, D: 20, L: 20}
	if r.N() != 100 {
		t.Errorf("N = %d", r.N())
	}
	checkNear(t, "Score", r.Score(), 0.7, 1e-15) // (60 + 20/2)/100
	if got := r.Swap(); got != (WDL{W: 20, D: 20, L: 60}) {
		t.Errorf("Swap = %+v", got)
	}
	checkNear(t, "Swap score", r.Swap().Score(), 0.3, 1e-15)
	if got := r.Add(WDL{1, 2, 3}); got != (WDL{61, 22, 23}) {
		t.Errorf("Add = %+v", got)
	}
	if !math.IsNaN(WDL{}.Score()) {
		t.Error("Score of no games is not NaN")
	}
	if !math.IsNaN(WDL{W: 1, L: -1}.Score()) {
		t.Error("Score with a negative count is not NaN")
	}
	var acc WDL
	for _, s := range []float64{1, 1, 0.5, 0} {
		var err error
		if acc, err = acc.AddGame(s); err != nil {
			t.Fatal(err)
		}
	}
	if acc != (WDL{W: 2, D: 1, L: 1}) {
		t.Errorf("AddGame gave %+v", acc)
	}
	if _, err := acc.AddGame(0.7); err == nil {
		t.Error("AddGame(0.7) did not fail")
	}
}

func TestPentaBasics(t *testing.T) {
	p := Penta{2, 8, 20, 14, 6}
	if p.Pairs() != 50 {
		t.Errorf("Pairs = %d", p.Pairs())
	}
	// pair scores: 0*2 + 0.5*8 + 1*20 + 1.5*14 + 2*6 = 57 over 50 pairs = 1.14, per game 0.57
	checkNear(t, "Score", p.Score(), 0.57, 1e-15)
	if got := p.Add(Penta{1, 0, 0, 0, 1}); got != (Penta{3, 8, 20, 14, 7}) {
		t.Errorf("Add = %v", got)
	}
	if !math.IsNaN(Penta{}.Score()) {
		t.Error("Score of no pairs is not NaN")
	}
	var acc Penta
	for _, pr := range [][2]float64{{1, 1}, {1, 0}, {0.5, 0.5}, {0.5, 1}, {0, 0.5}, {0, 0}} {
		var err error
		if acc, err = acc.AddPair(pr[0], pr[1]); err != nil {
			t.Fatal(err)
		}
	}
	// 2 → [4]; 1 → [2] twice; 1.5 → [3]; 0.5 → [1]; 0 → [0]
	if acc != (Penta{1, 1, 2, 1, 1}) {
		t.Errorf("AddPair gave %v", acc)
	}
	if _, err := acc.AddPair(1, 2); err == nil {
		t.Error("AddPair(1, 2) did not fail")
	}
}

func checkEstimate(t *testing.T, name string, got, want Estimate) {
	t.Helper()
	const tol = 1e-6
	checkNear(t, name+" Elo", got.Elo, want.Elo, tol)
	checkNear(t, name+" Lo", got.Lo, want.Lo, tol)
	checkNear(t, name+" Hi", got.Hi, want.Hi, tol)
	checkNear(t, name+" Score", got.Score, want.Score, 1e-12)
	checkNear(t, name+" LOS", got.LOS, want.LOS, 1e-9)
	if got.N != want.N {
		t.Errorf("%s N = %d, want %d", name, got.N, want.N)
	}
}

func TestWDLEstimate(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	tests := []struct {
		name string
		r    WDL
		want Estimate
	}{
		{
			// m = 0.7, Elo = 147.1907.
			// var = 0.6*(1-0.7)^2 + 0.2*(0.5-0.7)^2 + 0.2*(0-0.7)^2
			//     = 0.054 + 0.008 + 0.098 = 0.16, sd 0.4, se = 0.4/sqrt(100) = 0.04
			// score interval 0.7 ± 1.959964*0.04 = [0.6216014, 0.7783986]
			// Lo = -400*log10(1/0.6216014 - 1) = 86.2250
			// Hi = -400*log10(1/0.7783986 - 1) = 218.2518
			// LOS = Phi((0.7 - 0.5)/0.04) = Phi(5) = 0.99999971 (NormalDist().cdf(5));
			// the draw-blind Phi((60-20)/sqrt(80)) = Phi(4.4721) would be 0.99999613
			"60-20-20", WDL{W: 60, D: 20, L: 20},
			Estimate{Elo: 147.19071411783776, Lo: 86.22501520030423, Hi: 218.2517776410748, Score: 0.7, LOS: 0.9999997133484282, N: 100},
		},
		{
			// the mirror image: Elo, Lo, Hi negated and swapped, LOS = 1 - LOS
			// = Phi(-5) = 2.8665157e-07
			"20-20-60", WDL{W: 20, D: 20, L: 60},
			Estimate{Elo: -147.19071411783776, Lo: -218.2517776410748, Hi: -86.22501520030423, Score: 0.3, LOS: 2.8665157186802404e-07, N: 100},
		},
		{
			// m = (3 + 1/2)/5 = 0.7, Elo 147.1907 as above.
			// var = (3*0.3^2 + 1*0.2^2 + 1*0.7^2)/5 = (0.27 + 0.04 + 0.49)/5 = 0.16
			// se = sqrt(0.16/5) = 0.1788854; interval 0.7 ± 0.3506071 = [0.3493910, 1.05]:
			// Lo = -400*log10(1/0.3493910 - 1) = -108.0034, Hi clamps to +Inf.
			// LOS = Phi(0.2/0.1788854) = Phi(1.1180340) = 0.86822376; the draw-blind
			// Phi((3-1)/sqrt(4)) = Phi(1) would be 0.84134475.
			"3-1-1", WDL{W: 3, D: 1, L: 1},
			Estimate{Elo: 147.19071411783776, Lo: -108.00335356909008, Hi: inf, Score: 0.7, LOS: 0.8682237613585135, N: 5},
		},
		{
			// a drawish match: m = (30 + 40/2)/90 = 5/9 = 0.5555556,
			// Elo = -400*log10(0.8) = 38.7640.
			// var = (30*(4/9)^2 + 40*(1/18)^2 + 20*(5/9)^2)/90
			//     = (5.9259259 + 0.1234568 + 6.1728395)/90 = 12.2222222/90 = 0.1358025
			// se = sqrt(0.1358025/90) = 0.0388448; interval 5/9 ± 0.0761343
			// = [0.4794212, 0.6316899]: Lo = -14.3077, Hi = 93.7161.
			// LOS = Phi((5/9 - 1/2)/0.0388448) = Phi(1.4301939) = 0.92366931; the
			// draw-blind Phi(10/sqrt(50)) = Phi(1.4142136) would be 0.92135040.
			"30-40-20", WDL{W: 30, D: 40, L: 20},
			Estimate{Elo: 38.76400520322261, Lo: -14.307696542161489, Hi: 93.71612928096245, Score: 5.0 / 9, LOS: 0.9236693098237849, N: 90},
		},
		{
			// m = 0.5, var = 0.25 (1 win, 1 loss), se = 0.5/sqrt(2) = 0.353553
			// interval 0.5 ± 0.692952 clamps to [0, 1]: (-Inf, +Inf). LOS Phi(0) = 0.5
			"1-0-1", WDL{W: 1, L: 1},
			Estimate{Elo: 0, Lo: -inf, Hi: inf, Score: 0.5, LOS: 0.5, N: 2},
		},
		{
			"no games", WDL{},
			Estimate{Elo: nan, Lo: nan, Hi: nan, Score: nan, LOS: 0.5, N: 0},
		},
		{
			// variance 0: the interval is the point, and LOS the limit of
			// Phi((1 - 0.5)/se) as se falls to 0
			"all wins", WDL{W: 10},
			Estimate{Elo: inf, Lo: inf, Hi: inf, Score: 1, LOS: 1, N: 10},
		},
		{
			"all losses", WDL{L: 10},
			Estimate{Elo: -inf, Lo: -inf, Hi: -inf, Score: 0, LOS: 0, N: 10},
		},
		{
			"all draws", WDL{D: 7},
			Estimate{Elo: 0, Lo: 0, Hi: 0, Score: 0.5, LOS: 0.5, N: 7},
		},
		{
			// zero variance, as for all wins
			"one win", WDL{W: 1},
			Estimate{Elo: inf, Lo: inf, Hi: inf, Score: 1, LOS: 1, N: 1},
		},
		{
			"one draw", WDL{D: 1},
			Estimate{Elo: 0, Lo: 0, Hi: 0, Score: 0.5, LOS: 0.5, N: 1},
		},
		{
			"one loss", WDL{L: 1},
			Estimate{Elo: -inf, Lo: -inf, Hi: -inf, Score: 0, LOS: 0, N: 1},
		},
		{
			"negative count", WDL{W: 3, L: -1},
			Estimate{Elo: nan, Lo: nan, Hi: nan, Score: nan, LOS: nan, N: 2},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkEstimate(t, tt.name, tt.r.Estimate(), tt.want)
		})
	}
}

func TestPentaEstimate(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	tests := []struct {
		name string
		p    Penta
		want Estimate
	}{
		{
			// 50 pairs, mean pair score 57/50 = 1.14 (per game 0.57).
			// E[x^2] = (0.25*8 + 1*20 + 2.25*14 + 4*6)/50 = 77.5/50 = 1.55
			// var = 1.55 - 1.14^2 = 1.55 - 1.2996 = 0.2504 (per pair)
			// se of the mean pair score = sqrt(0.2504/50) = 0.0707672, per game 0.0353836
			// interval 0.57 ± 1.959964*0.0353836 = 0.57 ± 0.0693502 = [0.5006498, 0.6393502]
			// Elo = -400*log10(0.43/0.57) = 48.9626, Lo = 0.4512, Hi = 99.4615
			// LOS = Phi((1.14 - 1)/0.0707672) = Phi(1.97833) = 0.97605352
			"mixed", Penta{2, 8, 20, 14, 6},
			Estimate{Elo: 48.962560037161914, Lo: 0.45124596934288846, Hi: 99.4615491566635, Score: 0.57, LOS: 0.9760535198541014, N: 100},
		},
		{
			"no pairs", Penta{},
			Estimate{Elo: nan, Lo: nan, Hi: nan, Score: nan, LOS: 0.5, N: 0},
		},
		{
			// every pair 2: mean 2, var 0
			"all wins", Penta{0, 0, 0, 0, 5},
			Estimate{Elo: inf, Lo: inf, Hi: inf, Score: 1, LOS: 1, N: 10},
		},
		{
			"all losses", Penta{5, 0, 0, 0, 0},
			Estimate{Elo: -inf, Lo: -inf, Hi: -inf, Score: 0, LOS: 0, N: 10},
		},
		{
			// every pair 1 (split or drawn): mean 1, var 0
			"all even", Penta{0, 0, 9, 0, 0},
			Estimate{Elo: 0, Lo: 0, Hi: 0, Score: 0.5, LOS: 0.5, N: 18},
		},
		{
			// var 0 with mean 1.5: per-game 0.75 = 190.85 Elo, LOS 1
			"all 1.5", Penta{0, 0, 0, 4, 0},
			Estimate{Elo: 190.84850188786497, Lo: 190.84850188786497, Hi: 190.84850188786497, Score: 0.75, LOS: 1, N: 8},
		},
		{
			"one pair won", Penta{0, 0, 0, 0, 1},
			Estimate{Elo: inf, Lo: inf, Hi: inf, Score: 1, LOS: 1, N: 2},
		},
		{
			// pairs 2 and 0: mean 1, var 1, se 1/sqrt(2) per pair, 0.353553 per game;
			// 0.5 ± 0.692952 clamps to [0, 1]
			"one each way", Penta{1, 0, 0, 0, 1},
			Estimate{Elo: 0, Lo: -inf, Hi: inf, Score: 0.5, LOS: 0.5, N: 4},
		},
		{
			"negative count", Penta{1, -1, 0, 0, 0},
			Estimate{Elo: nan, Lo: nan, Hi: nan, Score: nan, LOS: nan, N: 0},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkEstimate(t, tt.name, tt.p.Estimate(), tt.want)
		})
	}
}
