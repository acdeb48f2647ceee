package stats

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// Expected values in this file come from testdata/normalized_elo.py
// (python3, standard library only; run it to reprint them, in about two
// minutes; testdata/normalized_elo.out is its output). It re-implements,
// from their definitions and not from this package:
//
//   - nelo: fastchess's nElo, (m - 1/2)/sd_game * 800/ln 10 with sd_game
//     the per-game sd (sqrt(2*var) of the halved pair score for pairs), and
//     its "+/-" as half the difference of the nElo of the two ends of the
//     score's 95% interval m ± 1.959964*sqrt(var/n);
//   - llr_fixed: fishtest's LLR_normalized, with MLE_t_value's fixed-point
//     iteration run to convergence (it fails for large bounds, as fishtest's
//     does: "-" below);
//   - llr_direct: the same maximum likelihood with no Lagrange multipliers:
//     a trinomial distribution with t-value t is fixed by its sigma, a
//     pentanomial one by sigma, p1 and p3, and the likelihood is maximised
//     over those by grids and golden-section searches;
//   - llr_direct_decimal: llr_direct to 60 digits, for huge samples.
//
// The Go code uses neither method (it minimises over sigma a 2-D dual, see
// LLRTrinomialNormalized), and where both Python methods apply they agree
// with each other to 1e-11 or better.

// relNear is checkNear with a tolerance relative to the expected value
// (absolute below 1).
func relNear(t *testing.T, what string, got, want, rel float64) {
	t.Helper()
	checkNear(t, what, got, want, rel*math.Max(1, math.Abs(want)))
}

func TestNormalizedElo(t *testing.T) {
	tests := []struct {
		name        string
		est         Estimate
		elo, lo, hi float64 // nelo() of the script
		logistic    Estimate
	}{
		// by hand: m = 5/9, var = (30*(4/9)² + 40*(1/18)² + 20*(5/9)²)/90 = 0.1358025,
		// sd = 0.3685139, nElo = (1/18)/0.3685139*347.4356 = 52.3779,
		// ± 1.959964*347.4356/sqrt(90) = ±71.7796
		{"W30 D40 L20", WDL{W: 30, D: 40, L: 20}.NormalizedElo(), 52.37788527254109, -19.401731378370584, 124.15750192345277, WDL{W: 30, D: 40, L: 20}.Estimate()},
		// m = 0.7, sd = sqrt(0.6*0.09 + 0.2*0.04 + 0.2*0.49) = 0.4, nElo = 0.2/0.4*347.4356
		{"W600 D200 L200", WDL{W: 600, D: 200, L: 200}.NormalizedElo(), 173.7177927613007, 152.18390776602718, 195.25167775657422, WDL{W: 600, D: 200, L: 200}.Estimate()},
		{"W5000 D3000 L4900", WDL{W: 5000, D: 3000, L: 4900}.NormalizedElo(), 3.074530811241667, -2.9209985502726425, 9.070060172755976, WDL{W: 5000, D: 3000, L: 4900}.Estimate()},
		// no draws, a small difference: nElo ≈ logistic Elo (6.9496)
		{"W5100 L4900", WDL{W: 5100, L: 4900}.NormalizedElo(), 6.950101869855851, 0.14048952413701699, 13.759714215574686, WDL{W: 5100, L: 4900}.Estimate()},
		// by hand: m = 28.5/50 = 0.57, var of the halved pair score = 19.375/50 - 0.57²
		// = 0.0626, sd_game = sqrt(0.1252) = 0.3538361, nElo = 0.07/0.3538361*347.4356
		// = 68.7338, ± 1.959964*347.4356/sqrt(100) = ±68.0961
		{"pairs 2-8-20-14-6", Penta{2, 8, 20, 14, 6}.NormalizedElo(), 68.73377135373957, 0.637647896551158, 136.82989481092798, Penta{2, 8, 20, 14, 6}.Estimate()},
		{"pairs 10-40-150-200-100", Penta{10, 40, 150, 200, 100}.NormalizedElo(), 176.33023699033038, 154.79635199505682, 197.86412198560393, Penta{10, 40, 150, 200, 100}.Estimate()},
		// fishtest's own example in stat_util.py: 36168 pairs, nElo 3.45 ± 2.53
		{"fishtest pairs", Penta{39, 2226, 31451, 2412, 40}.NormalizedElo(), 3.450799606946096, 0.9189077939315498, 5.982691419960642, Penta{39, 2226, 31451, 2412, 40}.Estimate()},
		{"pairs 0-0-20-17-0", Penta{0, 0, 20, 17, 0}.NormalizedElo(), 226.50029047919352, 147.3401548841358, 305.66042607425123, Penta{0, 0, 20, 17, 0}.Estimate()},
		{"pairs 0-0-20-17-1", Penta{0, 0, 20, 17, 1}.NormalizedElo(), 223.29149576191173, 145.17988507855532, 301.4031064452681, Penta{0, 0, 20, 17, 1}.Estimate()},
	}
	for _, tt := range tests {
		relNear(t, tt.name+" nElo", tt.est.Elo, tt.elo, 1e-12)
		relNear(t, tt.name+" lo", tt.est.Lo, tt.lo, 1e-12)
		relNear(t, tt.name+" hi", tt.est.Hi, tt.hi, 1e-12)
		if tt.est.Score != tt.logistic.Score || tt.est.LOS != tt.logistic.LOS || tt.est.N != tt.logistic.N {
			t.Errorf("%s: Score, LOS, N = %v, %v, %v, want Estimate's %v, %v, %v", tt.name,
				tt.est.Score, tt.est.LOS, tt.est.N, tt.logistic.Score, tt.logistic.LOS, tt.logistic.N)
		}
	}
}

func TestNormalizedEloEdges(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	// Z95*800/ln 10/sqrt(n) for 10 and 14 games (the script's last line)
	const half10, half14 = 215.33884995273496, 181.9945452458996
	tests := []struct {
		name                    string
		est                     Estimate
		elo, lo, hi, score, los float64
		n                       int
	}{
		{"no games", WDL{}.NormalizedElo(), 0, -inf, inf, nan, 0.5, 0},
		{"no pairs", Penta{}.NormalizedElo(), 0, -inf, inf, nan, 0.5, 0},
		{"ten draws", WDL{D: 10}.NormalizedElo(), 0, -half10, half10, 0.5, 0.5, 10},
		{"one draw", WDL{D: 1}.NormalizedElo(), 0, -Z95 * nEloPerT, Z95 * nEloPerT, 0.5, 0.5, 1},
		{"three wins", WDL{W: 3}.NormalizedElo(), inf, inf, inf, 1, 1, 3},
		{"one win", WDL{W: 1}.NormalizedElo(), inf, inf, inf, 1, 1, 1},
		{"two losses", WDL{L: 2}.NormalizedElo(), -inf, -inf, -inf, 0, 0, 2},
		{"seven split pairs", Penta{2: 7}.NormalizedElo(), 0, -half14, half14, 0.5, 0.5, 14},
		{"pairs all 1.5", Penta{3: 4}.NormalizedElo(), inf, inf, inf, 0.75, 1, 8},
		{"pairs all 0.5", Penta{1: 4}.NormalizedElo(), -inf, -inf, -inf, 0.25, 0, 8},
		{"pair won twice", Penta{4: 1}.NormalizedElo(), inf, inf, inf, 1, 1, 2},
		{"negative", WDL{W: 3, L: -1}.NormalizedElo(), nan, nan, nan, nan, nan, 2},
		{"negative pairs", Penta{1, -2, 3}.NormalizedElo(), nan, nan, nan, nan, nan, 4},
	}
	for _, tt := range tests {
		checkNear(t, tt.name+" nElo", tt.est.Elo, tt.elo, 1e-9)
		checkNear(t, tt.name+" lo", tt.est.Lo, tt.lo, 1e-9)
		checkNear(t, tt.name+" hi", tt.est.Hi, tt.hi, 1e-9)
		checkNear(t, tt.name+" score", tt.est.Score, tt.score, 1e-12)
		checkNear(t, tt.name+" LOS", tt.est.LOS, tt.los, 1e-12)
		if tt.est.N != tt.n {
			t.Errorf("%s: N = %d, want %d", tt.name, tt.est.N, tt.n)
		}
	}
}

// TestNormalizedEloProperties: nElo is exactly 0 at an even score, exactly
// antisymmetric when the sides are exchanged, never falls when a win is
// added to single games, and its interval always has the same width for
// the same number of games.
func TestNormalizedEloProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for range 2000 {
		r := WDL{W: rng.IntN(500), D: rng.IntN(500), L: rng.IntN(500)}
		if rng.IntN(5) == 0 {
			r.D = 0
		}
		e, s := r.NormalizedElo(), r.Swap().NormalizedElo()
		if r.N() > 0 && (s.Elo != -e.Elo || s.Lo != -e.Hi || s.Hi != -e.Lo) {
			t.Errorf("%+v: %+v, swapped %+v, want the mirror image", r, e, s)
		}
		if even := (WDL{W: r.W, D: r.D, L: r.W}).NormalizedElo(); even.Elo != 0 {
			t.Errorf("W = L = %d, D = %d: nElo %v, want 0", r.W, r.D, even.Elo)
		}
		if n := r.N(); n > 0 && !math.IsInf(e.Elo, 0) {
			relNear(t, "interval width", e.Hi-e.Lo, 2*Z95*nEloPerT/math.Sqrt(float64(n)), 1e-12)
		}
		p := Penta{rng.IntN(50), rng.IntN(200), rng.IntN(400), rng.IntN(200), rng.IntN(50)}
		q := Penta{p[4], p[3], p[2], p[1], p[0]}
		pe, qe := p.NormalizedElo(), q.NormalizedElo()
		if qe.Elo != -pe.Elo || qe.Lo != -pe.Hi || qe.Hi != -pe.Lo {
			t.Errorf("%v: %+v, mirrored %+v, want the mirror image", p, pe, qe)
		}
		sym := Penta{p[0], p[1], p[2], p[1], p[0]}
		if e := sym.NormalizedElo(); sym.Pairs() > 0 && e.Elo != 0 {
			t.Errorf("symmetric %v: nElo %v, want 0", sym, e.Elo)
		}
	}
	// Monotone in wins, single games (every D and L up to 60, W up to 150).
	for d := range 61 {
		for l := range 61 {
			prev := math.NaN()
			for w := range 151 {
				r := WDL{W: w, D: d, L: l}
				if r.N() == 0 {
					continue
				}
				// strictly rising, except along a run of straight wins (+Inf)
				e := r.NormalizedElo().Elo
				if e < prev || (e == prev && !math.IsInf(e, 1)) {
					t.Fatalf("%+v: nElo %v, after %v with one win fewer", r, e, prev)
				}
				prev = e
			}
		}
	}
	// Pairs are different: a pair won twice can lower nElo by raising the
	// variance more than the mean (see Penta.NormalizedElo).
	if a, b := (Penta{0, 0, 20, 17, 0}).NormalizedElo().Elo, (Penta{0, 0, 20, 17, 1}).NormalizedElo().Elo; !(b < a) {
		t.Errorf("adding a pair won twice to 0-0-20-17-0: nElo %v -> %v, expected a fall", a, b)
	}
}

// TestNormalizedEloCoverage: the 95% interval of single games drawn from a
// player of known normalized Elo covers it about 95% of the time.
func TestNormalizedEloCoverage(t *testing.T) {
	const runs, games, draw = 400, 500, 0.3
	e := ScoreFromElo(100)
	w, l := e-draw/2, 1-e-draw/2                       // win and loss probabilities
	sd := math.Sqrt(w*0.25 + l*0.25 - (e-0.5)*(e-0.5)) // centred scores ±1/2, 0
	truth := (e - 0.5) / sd * nEloPerT                 // 254.9
	rng := rand.New(rand.NewPCG(23, 24))
	cover := 0
	for range runs {
		var r WDL
		for range games {
			r, _ = r.AddGame(playGame(rng, e, draw))
		}
		if est := r.NormalizedElo(); est.Lo <= truth && truth <= est.Hi {
			cover++
		}
	}
	// binomial sd over 400 runs is 1.1%; the fixed-sd interval ignores the
	// error of sd, so it may under-cover a little at this large nElo
	if f := float64(cover) / runs; f < 0.91 || f > 0.98 {
		t.Errorf("coverage %.3f of nElo %.1f, want about 0.95", f, truth)
	}
}

func TestModel(t *testing.T) {
	for m, want := range map[Model]string{Logistic: "logistic", Normalized: "normalized", Model(5): "Model(5)"} {
		if m.String() != want {
			t.Errorf("Model(%d).String() = %q, want %q", int(m), m.String(), want)
		}
	}
	var zero ModelSPRT
	if zero.Model != Logistic {
		t.Errorf("zero Model is %v, want logistic", zero.Model)
	}
	base := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	if err := (ModelSPRT{base, Normalized}).Validate(); err != nil {
		t.Errorf("valid normalized test: %v", err)
	}
	err := (ModelSPRT{base, Model(7)}).Validate()
	if err == nil || !strings.Contains(err.Error(), "Model(7)") {
		t.Errorf("unknown model: error %v", err)
	}
	err = (ModelSPRT{SPRT{Elo0: 5, Elo1: 0, Alpha: 0.05, Beta: 0.05}, Model(7)}).Validate()
	if err == nil || !strings.Contains(err.Error(), "Model(7)") || !strings.Contains(err.Error(), "not below") {
		t.Errorf("unknown model and reversed bounds: error %v", err)
	}
	if err := (ModelSPRT{SPRT{Elo0: 5, Elo1: 0, Alpha: 0.05, Beta: 0.05}, Normalized}).Validate(); err == nil {
		t.Error("reversed normalized bounds accepted")
	}
	r, p := WDL{W: 30, D: 40, L: 20}, Penta{2, 8, 20, 14, 6}
	if got := (ModelSPRT{base, Model(7)}).LLRTrinomial(r); !math.IsNaN(got) {
		t.Errorf("unknown model LLR %v, want NaN", got)
	}
	if got := (ModelSPRT{base, Model(7)}).LLRPentanomial(p); !math.IsNaN(got) {
		t.Errorf("unknown model LLR %v, want NaN", got)
	}
	// The logistic model is SPRT's test exactly; the normalized one is the
	// Normalized methods.
	lg, nm := ModelSPRT{base, Logistic}, ModelSPRT{base, Normalized}
	if lg.LLRTrinomial(r) != base.LLRTrinomial(r) || lg.LLRPentanomial(p) != base.LLRPentanomial(p) {
		t.Error("logistic ModelSPRT differs from SPRT")
	}
	if nm.LLRTrinomial(r) != base.LLRTrinomialNormalized(r) || nm.LLRPentanomial(p) != base.LLRPentanomialNormalized(p) {
		t.Error("normalized ModelSPRT differs from the Normalized methods")
	}
	if lo, hi := nm.Bounds(); lo != -math.Log(19) || hi != math.Log(19) {
		t.Errorf("bounds %v, %v", lo, hi)
	}
}

func TestLLRNormalized(t *testing.T) {
	tri := func(e0, e1 float64, l, d, w int) float64 {
		return SPRT{Elo0: e0, Elo1: e1, Alpha: 0.05, Beta: 0.05}.LLRTrinomialNormalized(WDL{W: w, D: d, L: l})
	}
	pen := func(e0, e1 float64, p Penta) float64 {
		return SPRT{Elo0: e0, Elo1: e1, Alpha: 0.05, Beta: 0.05}.LLRPentanomialNormalized(p)
	}
	tests := []struct {
		name      string
		got, want float64
	}{
		// comments: llr_fixed, llr_direct (the pinned value is the first
		// given), and fishtest's approximation LLR_normalized_alt
		{"30-40-20 on 0..5", tri(0, 5, 20, 40, 30), 0.18379595057902431},              // direct 0.18379595057900655, alt 0.18217589
		{"30-40-20 on -5..5", tri(-5, 5, 20, 40, 30), 0.38614737946884636},            // direct 0.3861473794688397, alt 0.38176552
		{"600-200-200 on 0..5", tri(0, 5, 200, 200, 600), 6.333481402808693},          // direct 6.33348140280885, alt 5.70605615
		{"200-200-600 on 0..5", tri(0, 5, 600, 200, 200), -6.537979125089821},         // direct -6.5379791250898, alt -5.80547058
		{"one win on 0..5", tri(0, 5, 0, 0, 1), 0.014279725722771247},                 // direct 0.014279725722771478, alt 0.00101619
		{"ten draws on 0..5", tri(0, 5, 0, 10, 0), -0.0012765113055547984},            // direct -0.0012765113055553268
		{"6200-8000-5800 on 0..2", tri(0, 2, 5800, 8000, 6200), 2.6412854785748934},   // direct 2.6412854785713904, alt 2.64083448
		{"6000-8000-6000 on 0..2", tri(0, 2, 6000, 8000, 6000), -0.33136497179242497}, // direct -0.3313649717964182, alt -0.33136314
		{"30-40-20 on 0..200", tri(0, 200, 20, 40, 30), -6.097433905679864},           // direct -6.097433905679875
		// fishtest's iteration fails from here on (-): direct only
		{"30-40-20 on 0..500", tri(0, 500, 20, 40, 30), -44.21293177127298},
		{"600-200-200 on -1000..1000", tri(-1000, 1000, 200, 200, 600), 1577.1931527300003},
		{"1000 wins on 0..5", tri(0, 5, 0, 0, 1000), 14.28711077783577},
		{"1000 losses on 0..5", tri(0, 5, 1000, 0, 0), -14.494195091815806},                                         // direct -14.494195091815541
		{"pairs 2-8-20-14-6 on 0..5", pen(0, 5, Penta{2, 8, 20, 14, 6}), 0.2634591137293567},                        // direct 0.2634591137293474
		{"pairs 10-40-150-200-100 on 0..5", pen(0, 5, Penta{10, 40, 150, 200, 100}), 5.485948461114689},             // direct 5.485948461114609
		{"pairs 100-200-150-40-10 on 0..5", pen(0, 5, Penta{100, 200, 150, 40, 10}), -5.674744917120296},            // direct -5.6747449171205
		{"pairs 0-0-3-4-5 on -5..5", pen(-5, 5, Penta{0, 0, 3, 4, 5}), 0.3729936006982467},                          // direct 0.3729936006982511
		{"5 pairs won twice on 0..5", pen(0, 5, Penta{4: 5}), 0.10072801800496012},                                  // direct 0.10072801800496066
		{"fishtest pairs on 0.764..3.439", pen(0.764, 3.439, Penta{39, 2226, 31451, 2412, 40}), 2.1629408695841548}, // direct 2.162940869585405, alt 2.16284346
		{"fishtest pairs on 0..2", pen(0, 2, Penta{39, 2226, 31451, 2412, 40}), 2.9369098172041106},                 // direct 2.9369098172037122, alt 2.93709832
		{"pairs 300-2200-5000-2300-200 on 0..2", pen(0, 2, Penta{300, 2200, 5000, 2300, 200}), -1.3416146270999612}, // direct -1.341614627097254
		{"pairs 2-8-20-14-6 on 0..200", pen(0, 200, Penta{2, 8, 20, 14, 6}), -4.39718351642632},                     // direct -4.397183516426306
		{"1000 pairs won twice on 0..5", pen(0, 5, Penta{4: 1000}), 20.143711432759826},                             // direct 20.143711432760217
		{"1e6 split pairs on 0..5", pen(0, 5, Penta{3, 0, 1000000, 0, 3}), -400.48081427792897},                     // direct -400.480814277795
		// direct only
		{"pairs 2-8-20-14-6 on 0..500", pen(0, 500, Penta{2, 8, 20, 14, 6}), -43.1162050164367},
		{"pairs 10-40-150-200-100 on -1000..1000", pen(-1000, 1000, Penta{10, 40, 150, 200, 100}), 1000.1802283478132},
		// two valleys of the profile in sigma (see profileMin)
		{"pairs 93-78-53-1-52 on 0..650", pen(0, 650, Penta{93, 78, 53, 1, 52}), -506.21038224801737},
		{"pairs 10-98-78-96-94 on 0..280", pen(0, 280, Penta{10, 98, 78, 96, 94}), -53.10220255430308},
		{"no games", tri(0, 5, 0, 0, 0), 0},
		{"no pairs", pen(0, 5, Penta{}), 0},
	}
	for _, tt := range tests {
		relNear(t, tt.name, tt.got, tt.want, 1e-9)
	}
	nan := []struct {
		name string
		got  float64
	}{
		{"negative count", tri(0, 5, -1, 3, 4)},
		{"negative pair count", pen(0, 5, Penta{0, -1, 3})},
		{"reversed bounds", tri(5, 0, 1, 3, 4)},
		{"infinite bound", pen(0, math.Inf(1), Penta{0, 1, 3})},
		{"alpha 0", SPRT{Elo0: 0, Elo1: 5, Alpha: 0, Beta: 0.05}.LLRTrinomialNormalized(WDL{W: 3})},
	}
	for _, tt := range nan {
		if !math.IsNaN(tt.got) {
			t.Errorf("%s: LLR %v, want NaN", tt.name, tt.got)
		}
	}
}

// TestLLRNormalizedExtreme: huge one-sided samples, whose fits put a cell
// seen 1e-3 times next to a pole, against llr_direct_decimal (60 digits)
// and, for the pairs, llr_direct.
func TestLLRNormalizedExtreme(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	tests := []struct {
		name      string
		got, want float64
	}{
		{"1e7 straight wins", s.LLRTrinomialNormalized(WDL{W: 10000000}), 142871.18153272427},
		{"5e6 straight losses", s.LLRTrinomialNormalized(WDL{L: 5000000}), -72471.01052093093},
		{"1e7 draws", s.LLRTrinomialNormalized(WDL{D: 10000000}), -2070.8253589288078},
		{"1e7 pairs won twice", s.LLRPentanomialNormalized(Penta{4: 10000000}), 201437.01902901084},
	}
	for _, tt := range tests {
		checkNear(t, tt.name, tt.got, tt.want, 1e-11*math.Abs(tt.want))
	}
	// Absurd bounds must not panic or give an infinite LLR: up to 1e9
	// normalized Elo (a t-value of millions) the fit still succeeds; past
	// that it may fail, giving NaN, which Decide treats as Continue.
	for _, b := range [][2]float64{{0, 1e4}, {-1e5, 1e6}, {1e6, 1e7}, {0, 1e9}, {0, 1e12}, {-1e300, 1e300}} {
		s := SPRT{Elo0: b[0], Elo1: b[1], Alpha: 0.05, Beta: 0.05}
		for _, llr := range []float64{
			s.LLRTrinomialNormalized(WDL{W: 10000000}), s.LLRTrinomialNormalized(WDL{W: 3, D: 1, L: 1}),
			s.LLRPentanomialNormalized(Penta{4: 10000000}), s.LLRPentanomialNormalized(Penta{1, 2, 3, 4, 5}),
		} {
			if math.IsInf(llr, 0) || (math.IsNaN(llr) && b[1] <= 1e9) {
				t.Errorf("bounds %v: LLR %v", b, llr)
			}
			if math.IsNaN(llr) && s.Decide(llr) != Continue {
				t.Errorf("bounds %v: NaN LLR decided %v", b, s.Decide(llr))
			}
		}
	}
}

func TestLLRNormalizedDecisions(t *testing.T) {
	s := ModelSPRT{SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}, Normalized}
	s2 := ModelSPRT{SPRT{Elo0: 0, Elo1: 2, Alpha: 0.05, Beta: 0.05}, Normalized}
	tests := []struct {
		name string
		llr  float64
		want Decision
	}{
		{"winning 600-200-200", s.LLRTrinomial(WDL{W: 600, D: 200, L: 200}), AcceptH1}, // 6.3335
		{"losing 200-200-600", s.LLRTrinomial(WDL{W: 200, D: 200, L: 600}), AcceptH0},  // -6.5380
		{"winning pairs", s.LLRPentanomial(Penta{10, 40, 150, 200, 100}), AcceptH1},    // 5.4859
		{"losing pairs", s.LLRPentanomial(Penta{100, 200, 150, 40, 10}), AcceptH0},     // -5.6747
		// 2.9369098 against the upper bound ln 19 = 2.9444390: not yet
		{"fishtest pairs on 0..2", s2.LLRPentanomial(Penta{39, 2226, 31451, 2412, 40}), Continue},
		{"6200-8000-5800 on 0..2", s2.LLRTrinomial(WDL{W: 6200, D: 8000, L: 5800}), Continue}, // 2.6413
		// straight wins (llr_direct): 2.9431390 after 206, 2.9574261 after 207;
		// straight losses -2.9423160 after 203, -2.9568102 after 204
		{"206 straight wins", s.LLRTrinomial(WDL{W: 206}), Continue},
		{"207 straight wins", s.LLRTrinomial(WDL{W: 207}), AcceptH1},
		{"203 straight losses", s.LLRTrinomial(WDL{L: 203}), Continue},
		{"204 straight losses", s.LLRTrinomial(WDL{L: 204}), AcceptH0},
	}
	for _, tt := range tests {
		if got := s.Decide(tt.llr); got != tt.want {
			t.Errorf("%s: LLR %.7f -> %v, want %v", tt.name, tt.llr, got, tt.want)
		}
	}
	relNear(t, "206 straight wins", tests[6].llr, 2.9431389634889538, 1e-9)
	relNear(t, "207 straight wins", tests[7].llr, 2.957426081643373, 1e-9)
	relNear(t, "203 straight losses", tests[8].llr, -2.9423160135982034, 1e-9)
	relNear(t, "204 straight losses", tests[9].llr, -2.956810215704208, 1e-9)
}

// normalizedAltLLR is fishtest's approximation LLRcalc.LLR_normalized_alt:
// with the regularised counts, mu and var the mean and variance of the
// outcome values (per pair for pentanomial counts), sd_game = sqrt(var) for
// games and sqrt(2*var) for pairs, nt = (mu - 1/2)/sd_game and nt0, nt1 the
// bounds over 800/ln 10,
//
//	LLR ≈ games/2 * log((1 + (nt - nt0)²)/(1 + (nt - nt1)²)).
//
// Only for comparison in tests.
func normalizedAltLLR(s SPRT, counts []int) float64 {
	k := float64(len(counts) - 1)
	w := make([]float64, len(counts))
	n := 0.0
	for i, c := range counts {
		w[i] = float64(c)
		if c == 0 {
			w[i] = regularisation
		}
		n += w[i]
	}
	mu, v := 0.0, 0.0
	for i := range w {
		mu += w[i] * float64(i) / k
	}
	mu /= n
	for i := range w {
		d := float64(i)/k - mu
		v += w[i] * d * d
	}
	v /= n
	sd, games := math.Sqrt(v), n
	if len(counts) == 5 {
		sd, games = math.Sqrt(2*v), 2*n
	}
	nt, nt0, nt1 := (mu-0.5)/sd, s.Elo0/nEloPerT, s.Elo1/nEloPerT
	return games / 2 * math.Log((1+(nt-nt0)*(nt-nt0))/(1+(nt-nt1)*(nt-nt1)))
}

// TestLLRNormalizedProperties: agreement with fishtest's approximation
// where tests are decided, with the logistic test when there are no draws,
// the mirror symmetry, the rise with more wins, and the constraint of each
// fit.
func TestLLRNormalizedProperties(t *testing.T) {
	// On large samples near the bounds the approximation is good (the
	// script's alt column: 0.0006% to 0.05% off).
	s2 := SPRT{Elo0: 0, Elo1: 2, Alpha: 0.05, Beta: 0.05}
	for _, c := range []struct {
		s      SPRT
		counts []int
	}{
		{s2, []int{5800, 8000, 6200}},
		{s2, []int{6000, 8000, 6000}},
		{SPRT{0.764, 3.439, 0.05, 0.05}, []int{39, 2226, 31451, 2412, 40}},
		{s2, []int{39, 2226, 31451, 2412, 40}},
		{s2, []int{300, 2200, 5000, 2300, 200}},
	} {
		var exact float64
		if len(c.counts) == 3 {
			exact = c.s.LLRTrinomialNormalized(WDL{L: c.counts[0], D: c.counts[1], W: c.counts[2]})
		} else {
			exact = c.s.LLRPentanomialNormalized(Penta(c.counts))
		}
		if alt := normalizedAltLLR(c.s, c.counts); math.Abs(exact-alt) > 0.001*math.Abs(exact) {
			t.Errorf("%v: exact %v, approximation %v", c.counts, exact, alt)
		}
	}
	relNear(t, "approximation of 6200-8000-5800", normalizedAltLLR(s2, []int{5800, 8000, 6200}), 2.6408344829004786, 1e-12)

	// Without draws sd is about 1/2 near an even score, so normalized and
	// logistic Elo nearly coincide and so do the two tests.
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	for _, r := range []WDL{{W: 5100, L: 4900}, {W: 5000, L: 5000}, {W: 20500, L: 19800}} {
		n, l := s.LLRTrinomialNormalized(r), s.LLRTrinomial(r)
		if math.Abs(n-l) > 0.002*math.Abs(l) {
			t.Errorf("%+v without draws: normalized %v, logistic %v", r, n, l)
		}
	}

	rng := rand.New(rand.NewPCG(25, 26))
	for range 500 {
		e0 := rng.Float64()*40 - 20
		e1 := e0 + 0.1 + rng.Float64()*20
		s := SPRT{Elo0: e0, Elo1: e1, Alpha: 0.05, Beta: 0.05}
		m := SPRT{Elo0: -e1, Elo1: -e0, Alpha: 0.05, Beta: 0.05}
		r := WDL{W: rng.IntN(400), D: rng.IntN(400), L: rng.IntN(400)}
		if rng.IntN(4) == 0 {
			r.D = 0
		}
		llr := s.LLRTrinomialNormalized(r)
		relNear(t, "mirrored trinomial", m.LLRTrinomialNormalized(r.Swap()), -llr, 1e-9)
		// One more win makes H1 more likely against H0. (Not a theorem, but
		// it holds at the bounds of real tests; at bounds of hundreds of
		// nElo it fails for pairs, whose nElo can itself fall.)
		if more := s.LLRTrinomialNormalized(WDL{W: r.W + 1, D: r.D, L: r.L}); !(more > llr) {
			t.Errorf("%+v on %.2f..%.2f: LLR %v, with a win more %v", r, e0, e1, llr, more)
		}
		p := Penta{rng.IntN(60), rng.IntN(200), rng.IntN(400), rng.IntN(200), rng.IntN(60)}
		q := Penta{p[4], p[3], p[2], p[1], p[0]}
		pl := s.LLRPentanomialNormalized(p)
		relNear(t, "mirrored pentanomial", m.LLRPentanomialNormalized(q), -pl, 1e-9)
		if more := s.LLRPentanomialNormalized(Penta{p[0], p[1], p[2], p[3], p[4] + 1}); !(more > pl) {
			t.Errorf("%v on %.2f..%.2f: LLR %v, with a pair won twice more %v", p, e0, e1, pl, more)
		}
	}
}

// TestTValueFit checks the fitted distributions directly: p_k =
// freq[k]*exp(-u_k) must be positive, sum to 1 and have the t-value asked
// for, over random counts (with cells seen 1e-3 times) and bounds up to
// |nElo| 1500.
func TestTValueFit(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 28))
	zs := [][]float64{{-0.5, 0, 0.5}, {-0.5, -0.25, 0, 0.25, 0.5}}
	for range 1000 {
		z := zs[rng.IntN(2)]
		freq := make([]float64, len(z))
		n := 0.0
		for k := range freq {
			freq[k] = float64(rng.IntN(1000))
			if freq[k] == 0 || rng.IntN(4) == 0 {
				freq[k] = regularisation
			}
			n += freq[k]
		}
		for k := range freq {
			freq[k] /= n
		}
		tv := (rng.Float64()*2 - 1) * 4 * rng.Float64() // mostly small, up to ±4
		u, ok := tValueFit(z, freq, tv)
		if !ok {
			t.Errorf("freq %v, t %v: no fit", freq, tv)
			continue
		}
		sum, mean, sq := 0.0, 0.0, 0.0
		for k := range z {
			p := freq[k] * math.Exp(-u[k])
			if !(p > 0 && p <= 1+1e-9) {
				t.Fatalf("freq %v, t %v: p_%d = %v", freq, tv, k, p)
			}
			sum += p
			mean += p * z[k]
			sq += p * z[k] * z[k]
		}
		sd := math.Sqrt(sq - mean*mean)
		if math.Abs(sum-1) > 1e-9 || math.Abs(mean/sd-tv) > 1e-7*(1+math.Abs(tv)) {
			t.Errorf("freq %v, t %v: sum %v, t-value %v", freq, tv, sum, mean/sd)
		}
	}
}

// TestSPRTNormalizedSimulated runs the normalized test on simulated pairs
// with a side advantage, as TestSPRTSimulated does for the logistic one.
func TestSPRTNormalizedSimulated(t *testing.T) {
	s := ModelSPRT{SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}, Normalized}
	for _, tt := range []struct {
		elo  float64
		want Decision
	}{{40, AcceptH1}, {-30, AcceptH0}} {
		rng := rand.New(rand.NewPCG(29, uint64(tt.elo+1000)))
		e := ScoreFromElo(tt.elo)
		var p Penta
		d := Continue
		for n := 1; n <= 100000 && d == Continue; n++ {
			p, _ = p.AddPair(playGame(rng, e+0.1, 0.3), playGame(rng, e-0.1, 0.3))
			if n%50 == 0 {
				d = s.Decide(s.LLRPentanomial(p))
			}
		}
		if d != tt.want {
			t.Errorf("true Elo %v: %v after %d pairs, want %v", tt.elo, d, p.Pairs(), tt.want)
		}
	}
}
