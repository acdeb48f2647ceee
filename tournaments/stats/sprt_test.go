package stats

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestSPRTBounds(t *testing.T) {
	tests := []struct {
		s          SPRT
		lower, upp float64
	}{
		// ln(0.05/0.95) = -ln 19 = -2.944439, ln(0.95/0.05) = ln 19
		{SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}, -2.9444389791664403, 2.9444389791664403},
		// ln(0.1/0.95) = -2.251292, ln(0.9/0.05) = ln 18 = 2.890372
		{SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.1}, -2.2512917986064953, 2.8903717578961645},
	}
	for _, tt := range tests {
		lo, hi := tt.s.Bounds()
		checkNear(t, "lower", lo, tt.lower, 1e-12)
		checkNear(t, "upper", hi, tt.upp, 1e-12)
	}
}

func TestSPRTValidate(t *testing.T) {
	tests := []struct {
		s  SPRT
		ok bool
	}{
		{SPRT{0, 5, 0.05, 0.05}, true},
		{SPRT{-3, 1, 0.01, 0.2}, true},
		{SPRT{5, 5, 0.05, 0.05}, false},
		{SPRT{5, 0, 0.05, 0.05}, false},
		{SPRT{0, 5, 0, 0.05}, false},
		{SPRT{0, 5, 0.05, 0.5}, false},
		{SPRT{0, 5, 0.6, 0.05}, false},
		{SPRT{0, math.Inf(1), 0.05, 0.05}, false},
		{SPRT{math.NaN(), 5, 0.05, 0.05}, false},
		{SPRT{0, 5, math.NaN(), 0.05}, false},
	}
	for _, tt := range tests {
		if err := tt.s.Validate(); (err == nil) != tt.ok {
			t.Errorf("%+v: Validate() = %v, want ok %v", tt.s, err, tt.ok)
		}
	}
	if llr := (SPRT{5, 0, 0.05, 0.05}).LLRTrinomial(WDL{W: 10}); !math.IsNaN(llr) {
		t.Errorf("LLR of an invalid test = %v, want NaN", llr)
	}
}

func TestDecision(t *testing.T) {
	s := SPRT{0, 5, 0.05, 0.05}
	tests := []struct {
		llr  float64
		want Decision
	}{
		{0, Continue},
		{2.94, Continue},
		{-2.94, Continue},
		{2.9444389791664403, AcceptH1},
		{3, AcceptH1},
		{math.Inf(1), AcceptH1},
		{-2.9444389791664403, AcceptH0},
		{-100, AcceptH0},
		{math.NaN(), Continue},
	}
	for _, tt := range tests {
		if got := s.Decide(tt.llr); got != tt.want {
			t.Errorf("Decide(%v) = %v, want %v", tt.llr, got, tt.want)
		}
	}
	names := map[Decision]string{Continue: "continue", AcceptH0: "accept H0", AcceptH1: "accept H1", Decision(7): "Decision(7)"}
	for d, want := range names {
		if d.String() != want {
			t.Errorf("%d.String() = %q, want %q", int(d), d.String(), want)
		}
	}
}

// The exact LLR values below were computed independently of this package,
// with Python's standard library only (no numpy, no scipy):
//
//   - trinomial: with d = (0 - s, 1/2 - s, 1 - s) for L, D, W, the equation
//     sum_i p̂_i*d_i/(1 + λd_i) = 0 times the three denominators is the
//     quadratic A*λ² + B*λ + C = 0 with A = d_L*d_D*d_W,
//     B = sum_i p̂_i*d_i*(sum of the other two d), C = sum_i p̂_i*d_i = m - s;
//     λ is its root in (-1/d_W, -1/d_L);
//   - pentanomial: λ maximises the concave h(λ) = sum_i p̂_i*log(1 + λd_i)
//     (h' is the equation above), found by golden-section search on
//     (-1/max d, -1/min d) with no root finding, and LLR = N*(h0(λ0) - h1(λ1));
//
// LLR = sum_i n_i*[log1p(λ0*(a_i - s0)) - log1p(λ1*(a_i - s1))], n_i and N
// regularised (an empty cell counts 1e-3). The two methods agree to 1e-12
// wherever both apply.
//
// The script (python3):
//
//	import math
//	L = lambda e: 1/(1 + 10**(-e/400))
//	reg = lambda c: [x if x > 0 else 1e-3 for x in c]
//	def tri(c, e0, e1):  # c = (L, D, W)
//	    n = reg(c); N = sum(n); ph = [x/N for x in n]; s0, s1 = L(e0), L(e1)
//	    def lam(s):
//	        d = [0 - s, 0.5 - s, 1 - s]
//	        A = d[0]*d[1]*d[2]
//	        B = ph[0]*d[0]*(d[1]+d[2]) + ph[1]*d[1]*(d[0]+d[2]) + ph[2]*d[2]*(d[0]+d[1])
//	        C = sum(p*x for p, x in zip(ph, d))
//	        r = [(-B + math.sqrt(B*B - 4*A*C))/(2*A), (-B - math.sqrt(B*B - 4*A*C))/(2*A)]
//	        return [x for x in r if -1/d[2] < x < -1/d[0]][0]
//	    l0, l1 = lam(s0), lam(s1)
//	    return sum(ni*(math.log1p(l0*(a - s0)) - math.log1p(l1*(a - s1))) for ni, a in zip(n, [0, .5, 1]))
//	def pen(c, e0, e1):
//	    n = reg(c); N = sum(n); ph = [x/N for x in n]; a = [0, .25, .5, .75, 1]
//	    def hmax(s):
//	        d = [x - s for x in a]; lo, hi = -1/max(d), -1/min(d)
//	        h = lambda l: sum(p*math.log1p(l*x) for p, x in zip(ph, d))
//	        g = (math.sqrt(5) - 1)/2; x1, x2 = hi - g*(hi - lo), lo + g*(hi - lo)
//	        for _ in range(400):
//	            if h(x1) > h(x2): hi, x2 = x2, x1; x1 = hi - g*(hi - lo)
//	            else: lo, x1 = x1, x2; x2 = lo + g*(hi - lo)
//	        return h((lo + hi)/2)
//	    return N*(hmax(L(e0)) - hmax(L(e1)))
func TestLLR(t *testing.T) {
	s010 := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	s05 := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	tests := []struct {
		name string
		got  float64
		want float64
	}{
		{
			// p̂ = (L, D, W) = (2/9, 4/9, 3/9); s0 = 0.5, s1 = ScoreFromElo(10) = 0.5143872.
			// By hand at s0: d = (-1/2, 0, 1/2), so (2/9)/(1 - λ/2) = (3/9)/(1 + λ/2), λ0 = 0.4,
			// p0 = ((2/9)/0.8, 4/9, (3/9)/1.2) = (0.2777778, 0.4444444, 0.2777778).
			// At s1 the quadratic gives λ1 = 0.2978819, p1 = (0.2624341, 0.4463574, 0.2912085).
			// LLR = 20 ln(0.2624341/0.2777778) + 40 ln(0.4463574/0.4444444) + 30 ln(0.2912085/0.2777778)
			//     = 0.4519097 (the simplified formula gave 0.4611206)
			"trinomial 30-40-20", s010.LLRTrinomial(WDL{W: 30, D: 40, L: 20}), 0.4519096667047132,
		},
		{
			// 50 pairs, a = 0, 1/4, ..., 1. Golden section: λ0 = 1.0318946, λ1 = 0.8403684,
			// p0 = (0.0826356, 0.2156258, 0.4, 0.2225802, 0.0791584) (the middle cell has
			// d = 0 at s0 = 1/2, so p0 = p̂ = 0.4 there),
			// p1 = (0.0704566, 0.2057038, 0.4048954, 0.2337226, 0.0852216);
			// LLR = 0.6742270 (the simplified formula gave 0.7217311)
			"pentanomial 2-8-20-14-6", s010.LLRPentanomial(Penta{2, 8, 20, 14, 6}), 0.6742269564237856,
		},
		{
			// The empty cells 0 and 1/4 count 1e-3 pairs each (N = 12.002). The observed mean
			// 0.79 is far above s0 = ScoreFromElo(-5) = 0.4928049, and the cheapest way to
			// bring it down is the unseen all-loss cell: p0 = (0.3291391, 0.0001642, 0.2463623,
			// 0.2190069, 0.2053275), p1 at s1 = 0.5071951 nearly the same (0.3095505 on the
			// first cell), LLR = 0.3453552 (the simplified formula gave 1.2588520).
			"pentanomial with empty cells", SPRT{-5, 5, 0.05, 0.05}.LLRPentanomial(Penta{0, 0, 3, 4, 5}), 0.345355184285814,
		},
		{
			// 1 win, L and D count 1e-3: p̂ = (1e-3, 1e-3, 1)/1.002.
			// At s0 = 1/2 (d_D = 0): 1e-3*(1 + λ/2) = 1*(1 - λ/2), λ0 = 2*(1 - 1e-3)/(1 + 1e-3)
			// = 1.9960040, p0 = (0.4995010, 0.0009980, 0.4995010).
			// At s1 = 0.5071951 the quadratic gives λ1 = 1.9676310,
			// p1 = (0.4922988, 0.0010123, 0.5066889).
			// LLR = 1*ln(0.5066889/0.4995010) + 1e-3*(ln(0.4922988/0.4995010) + ln(0.0010123/0.0009980))
			//     = 0.0142876 - 0.0000145 + 0.0000143 = 0.0142874 (simplified: 2.8652615)
			"one win", s05.LLRTrinomial(WDL{W: 1}), 0.014287371438330065,
		},
		{
			// The small-sample failure of the simplified formula (11.4452, past the upper
			// bound 2.944 after two games). Exact: λ0 = 2*(2 - 1e-3)/(2 + 1e-3) = 1.9980010,
			// λ1 = 1.9696285, p0 = (0.4997502, 0.0004995, 0.4997502),
			// p1 = (0.4925516, 0.0005067, 0.5069417): LLR = 0.0285750, about twice one win.
			"two wins", s05.LLRTrinomial(WDL{W: 2}), 0.028574993724650614,
		},
		{
			// All draws: p̂ = (1e-3, 10, 1e-3)/10.002. At s0 = 1/2 the fit is symmetric:
			// λ0 = 0, p0 = p̂. At s1 the quadratic gives λ1 = -2.0151503,
			// p1 = (0.0000494, 0.9855109, 0.0144396): LLR = 10 ln(0.9855109/0.9998000)
			// + 1e-3 (ln(0.0000494/0.0000999) + ln(0.0144396/0.0000999))
			// = -0.1439506 - 0.0007041 + 0.0049728 = -0.1396820 (simplified: -5.1789911).
			"ten draws", s05.LLRTrinomial(WDL{D: 10}), -0.13968199723360925,
		},
		{"no games", s05.LLRTrinomial(WDL{}), 0},
		{"no pairs", s05.LLRPentanomial(Penta{}), 0},
	}
	for _, tt := range tests {
		checkNear(t, tt.name, tt.got, tt.want, 1e-9)
	}
	if got := s05.LLRTrinomial(WDL{W: -1, L: 3}); !math.IsNaN(got) {
		t.Errorf("LLR with a negative count = %v, want NaN", got)
	}
	if got := s05.LLRPentanomial(Penta{0, -1, 3}); !math.IsNaN(got) {
		t.Errorf("pentanomial LLR with a negative count = %v, want NaN", got)
	}
	if d := s05.Decide(s05.LLRTrinomial(WDL{})); d != Continue {
		t.Errorf("no games: %v, want continue", d)
	}
	// ScoreFromElo(7000) = 1/(1 + 10^-17.5) rounds to 1: no distribution with every
	// outcome possible has that mean, so the LLR is NaN and the test continues.
	huge := SPRT{Elo0: 0, Elo1: 7000, Alpha: 0.05, Beta: 0.05}
	if got := huge.LLRTrinomial(WDL{W: 5, L: 1}); !math.IsNaN(got) || huge.Decide(got) != Continue {
		t.Errorf("LLR with s1 rounded to 1 = %v, want NaN", got)
	}
}

func TestLLRCrossesBounds(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	tests := []struct {
		name string
		llr  float64
		want Decision
	}{
		// W 600 D 200 L 200: p̂ = (0.2, 0.2, 0.6). By hand at s0 = 1/2:
		// 0.2/(1 - λ/2) = 0.6/(1 + λ/2), λ0 = 1, p0 = (0.4, 0.2, 0.4); the quadratic at
		// s1 gives λ1 = 0.9659648, p1 = (0.3921050, 0.2013998, 0.4064952);
		// LLR = 200 ln(0.3921050/0.4) + 200 ln(0.2013998/0.2) + 600 ln(0.4064952/0.4)
		//     = 7.0724735 > 2.944 (simplified: 8.8321)
		{"winning trinomial", s.LLRTrinomial(WDL{W: 600, D: 200, L: 200}), AcceptH1},
		// the mirror image: λ0 = -1, λ1 = -1.0343330, LLR = -7.3184040 < -2.944
		// (simplified: -9.1556)
		{"losing trinomial", s.LLRTrinomial(WDL{W: 200, D: 200, L: 600}), AcceptH0},
		// golden section: 6.2918757 and -6.4350534
		{"winning pentanomial", s.LLRPentanomial(Penta{10, 40, 150, 200, 100}), AcceptH1},
		{"losing pentanomial", s.LLRPentanomial(Penta{100, 200, 150, 40, 10}), AcceptH0},
		// symmetric about 1/2 = s0, so λ0 = 0 and p0 = p̂: LLR = -0.0517391
		{"even pentanomial", s.LLRPentanomial(Penta{5, 20, 50, 20, 5}), Continue},
		// Straight wins gain about ln(2*s1) = ln(1.0143902) = 0.0142875 a game
		// (the quadratic gives 2.9432470 after 206 wins and 2.9575346 after 207),
		// straight losses lose a little more (-2.9424255 after 203, -2.9569202 after 204),
		// against the bounds ∓ln 19 = ∓2.9444390.
		{"206 straight wins", s.LLRTrinomial(WDL{W: 206}), Continue},
		{"207 straight wins", s.LLRTrinomial(WDL{W: 207}), AcceptH1},
		{"203 straight losses", s.LLRTrinomial(WDL{L: 203}), Continue},
		{"204 straight losses", s.LLRTrinomial(WDL{L: 204}), AcceptH0},
		// pairs won twice: 2.9432756 after 206, 2.9575632 after 207 (golden section)
		{"206 pairs won twice", s.LLRPentanomial(Penta{4: 206}), Continue},
		{"207 pairs won twice", s.LLRPentanomial(Penta{4: 207}), AcceptH1},
		{"1000 pairs won twice", s.LLRPentanomial(Penta{4: 1000}), AcceptH1},
		{"1000 pairs lost twice", s.LLRPentanomial(Penta{0: 1000}), AcceptH0},
	}
	for _, tt := range tests {
		if got := s.Decide(tt.llr); got != tt.want {
			t.Errorf("%s: LLR %.7f → %v, want %v", tt.name, tt.llr, got, tt.want)
		}
	}
	for _, c := range []struct {
		i    int
		want float64
	}{
		{0, 7.072473475900652},
		{1, -7.318403962759013},
		{2, 6.291875734463423},
		{3, -6.435053436104524},
		{4, -0.051739092091137966},
		{5, 2.9432469805940413},
		{6, 2.9575345883026314},
		{7, -2.942425515720626},
		{8, -2.956920221675811},
		{9, 2.9432755553369105},
		{10, 2.9575631630478347},
	} {
		checkNear(t, tests[c.i].name+" LLR", tests[c.i].llr, c.want, 1e-9)
	}
}

// simplifiedLLR is fishtest's older normal approximation LLRcalc.LLR_alt2,
// which LLRTrinomial and LLRPentanomial used before: with the same
// regularised counts n_i (an empty cell counts 1e-3), N their sum and m, v
// the mean and variance (divided by N) of the outcome values,
// LLR ≈ N*(s1 - s0)*(2m - s0 - s1)/(2v). Only for comparison in tests.
func simplifiedLLR(s SPRT, values []float64, counts []int) float64 {
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

// TestLLRAgreesWithSimplified: on the large samples scoring near s0 and s1,
// where a test is actually decided, the normal approximation is good, and
// the exact LLR must agree with it to within 1% (the Python script above
// gives relative differences of 0.006% to 0.21%).
func TestLLRAgreesWithSimplified(t *testing.T) {
	tri := []float64{0, 0.5, 1}
	pen := []float64{0, 0.25, 0.5, 0.75, 1}
	s05 := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	s02 := SPRT{Elo0: 0, Elo1: 2, Alpha: 0.05, Beta: 0.05}
	tests := []struct {
		name   string
		s      SPRT
		counts []int // L, D, W or the five pentanomial cells
		exact  float64
	}{
		// score 0.505 (+3.5 Elo): exact 1.3454421, simplified 1.3456654
		{"trinomial +3.5 Elo", s05, []int{5900, 8000, 6100}, 1.3454420895227486},
		// score 0.51 (+6.9 Elo): exact 6.1431301, simplified 6.1462597
		{"trinomial +6.9 Elo", s05, []int{5800, 8000, 6200}, 6.143130111092205},
		// score 0.5 = s0: exact -3.4514787, simplified -3.4512801
		{"trinomial even", s05, []int{6000, 8000, 6000}, -3.451478651680418},
		// 132000 games at +5.3 Elo on 0..2: exact 15.0129698, simplified 15.0178352
		{"trinomial 0..2", s02, []int{40000, 50000, 42000}, 15.012969794266382},
		// pentanomial, 10000 pairs at -1.7 Elo: exact -10.8235829, simplified -10.8009982
		{"pentanomial -1.7 Elo", s05, []int{300, 2200, 5000, 2300, 200}, -10.8235828793959},
		// 10000 pairs at +3.5 Elo: exact 2.4825429, simplified 2.4854207
		{"pentanomial +3.5 Elo", s05, []int{250, 2150, 5000, 2350, 250}, 2.4825429154373104},
		// 27600 pairs at +4.4 Elo: exact 9.6604447, simplified 9.6675461
		{"pentanomial +4.4 Elo", s05, []int{1500, 6000, 12000, 6500, 1600}, 9.660444722740067},
	}
	for _, tt := range tests {
		var exact float64
		var values []float64
		if len(tt.counts) == 3 {
			values = tri
			exact = tt.s.LLRTrinomial(WDL{L: tt.counts[0], D: tt.counts[1], W: tt.counts[2]})
		} else {
			values = pen
			exact = tt.s.LLRPentanomial(Penta(tt.counts))
		}
		checkNear(t, tt.name, exact, tt.exact, 1e-9)
		approx := simplifiedLLR(tt.s, values, tt.counts)
		if rel := math.Abs(exact-approx) / math.Abs(exact); rel > 0.01 {
			t.Errorf("%s: exact %v and simplified %v differ by %.2f%%", tt.name, exact, approx, 100*rel)
		}
	}
	// Sanity check of the helper against the values the simplified formula gave
	// before (worked by hand then): 30-40-20 on 0..10 and two straight wins on 0..5.
	checkNear(t, "simplified 30-40-20", simplifiedLLR(SPRT{0, 10, 0.05, 0.05}, tri, []int{20, 40, 30}), 0.46112064941312586, 1e-9)
	checkNear(t, "simplified two wins", simplifiedLLR(s05, tri, []int{0, 0, 2}), 11.445174945314596, 1e-9)
}

// TestLLRMirror: swapping wins and losses maps a score a to 1 - a, and the
// hypotheses Elo0 < Elo1 to -Elo1 < -Elo0, so the LLR changes sign:
// SPRT{-Elo1, -Elo0}.LLR(r.Swap()) = -SPRT{Elo0, Elo1}.LLR(r).
func TestLLRMirror(t *testing.T) {
	s := SPRT{Elo0: -3, Elo1: 7, Alpha: 0.05, Beta: 0.1}
	m := SPRT{Elo0: -7, Elo1: 3, Alpha: 0.05, Beta: 0.1}
	for _, r := range []WDL{{W: 1}, {W: 3, L: 1}, {W: 30, D: 40, L: 20}, {D: 7}, {W: 5000, D: 3000, L: 4900}} {
		checkNear(t, "mirrored trinomial", m.LLRTrinomial(r.Swap()), -s.LLRTrinomial(r), 1e-9)
	}
	for _, p := range []Penta{{4: 2}, {0, 0, 3, 4, 5}, {2, 8, 20, 14, 6}, {300, 2200, 5000, 2300, 200}} {
		q := Penta{p[4], p[3], p[2], p[1], p[0]}
		checkNear(t, "mirrored pentanomial", m.LLRPentanomial(q), -s.LLRPentanomial(p), 1e-9)
	}
}

// TestMLELambda checks the constrained maximum likelihood directly: for
// p_i = p̂_i/(1 + λ(a_i - s)) the probabilities must be positive and sum
// to 1 and their mean must be s, including hard cases (a cell of weight
// 1e-3 among millions, s near 0 or 1, the root near a pole).
func TestMLELambda(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	values := [][]float64{{0, 0.5, 1}, {0, 0.25, 0.5, 0.75, 1}}
	check := func(a, counts []float64, s float64) {
		t.Helper()
		n := 0.0
		for _, c := range counts {
			n += c
		}
		freq := make([]float64, len(counts))
		for k, c := range counts {
			freq[k] = c / n
		}
		l := mleLambda(a, freq, s)
		// Near a pole u = 1 + λ(a - s) is small and carries an absolute
		// rounding error of about 2ε, so p = freq/u a relative one of 2ε/u:
		// the sum and the mean can only be checked to that.
		sum, mean, tol := 0.0, 0.0, 1e-12
		for k := range a {
			u := 1 + l*(a[k]-s)
			p := freq[k] / u
			if !(p > 0 && p <= 1+1e-6) {
				t.Fatalf("counts %v, s %v: λ %v gives p_%d = %v", counts, s, l, k, p)
			}
			sum += p
			mean += p * a[k]
			tol += 8 * 0x1p-52 * (1 + math.Abs(l*(a[k]-s))) * p / u
		}
		if math.Abs(sum-1) > tol || math.Abs(mean-s) > tol {
			t.Errorf("counts %v, s %v: λ %v gives sum %v, mean %v (tolerance %v)", counts, s, l, sum, mean, tol)
		}
	}
	for _, s := range []float64{1e-9, 0.01, 0.3, 0.5, 0.5071951, 0.9, 0.999999} {
		check(values[0], []float64{1e-3, 1e-3, 2}, s)
		check(values[0], []float64{5e6, 1e-3, 1e-3}, s)
		check(values[1], []float64{1e-3, 1e-3, 1e-3, 1e-3, 1e7}, s)
		check(values[1], []float64{3, 1e-3, 1e6, 1e-3, 3}, s)
	}
	for range 2000 {
		a := values[rng.IntN(2)]
		counts := make([]float64, len(a))
		for k := range counts {
			counts[k] = float64(rng.IntN(1000))
			if rng.IntN(3) == 0 {
				counts[k] = 1e-3
			}
			if counts[k] == 0 {
				counts[k] = 1e-3
			}
		}
		check(a, counts, ScoreFromElo(rng.Float64()*800-400))
	}
}

// TestLLRExtreme compares huge one-sided samples, where the H0 fit has a
// regularised cell of frequency 1e-10 next to a pole, with the LLR computed
// to 60 digits by Python's decimal module (bisection for λ, 400 halvings):
//
//	from decimal import Decimal as D, getcontext
//	getcontext().prec = 60
//	L = lambda e: 1/(1 + D(10)**(-D(e)/400))
//	def llr(counts, e0, e1):
//	    n = [D(c) if c > 0 else D('0.001') for c in counts]; N = sum(n); ph = [x/N for x in n]
//	    k = len(n) - 1; a = [D(i)/k for i in range(k + 1)]
//	    def lam(s):
//	        d = [x - s for x in a]; lo, hi = -1/max(d), -1/min(d)
//	        f = lambda x: sum(p*di/(1 + x*di) for p, di in zip(ph, d))
//	        for _ in range(400):
//	            m = (lo + hi)/2
//	            if f(m) > 0: lo = m
//	            else: hi = m
//	        return (lo + hi)/2
//	    s0, s1 = L(e0), L(e1); l0, l1 = lam(s0), lam(s1)
//	    return sum(ni*((1 + l0*(ai - s0)).ln() - (1 + l1*(ai - s1)).ln()) for ni, ai in zip(n, a))
func TestLLRExtreme(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	tests := []struct {
		name      string
		got, want float64
	}{
		{"1e7 straight wins", s.LLRTrinomial(WDL{W: 10000000}), 142876.0770791145},
		{"5e6 straight losses", s.LLRTrinomial(WDL{L: 5000000}), -72473.52977267414},
		{"1e7 draws", s.LLRTrinomial(WDL{D: 10000000}), -144947.04046793544},
		{"1e7 pairs won twice", s.LLRPentanomial(Penta{4: 10000000}), 142876.07710768972},
		{"1e7 pairs won twice, -800..-790", SPRT{-800, -790, 0.05, 0.05}.LLRPentanomial(Penta{4: 10000000}), 569781.2881946348},
		{"1e6 split pairs", s.LLRPentanomial(Penta{3, 0, 1000000, 0, 3}), -14468.401236276039},
	}
	for _, tt := range tests {
		checkNear(t, tt.name, tt.got, tt.want, 1e-11*math.Abs(tt.want))
	}
}
