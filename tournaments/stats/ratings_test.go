package stats

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// matrix builds a results matrix from the results of i against j for i < j.
func matrix(n int, upper map[[2]int]WDL) [][]WDL {
	m := make([][]WDL, n)
	for i := range m {
		m[i] = make([]WDL, n)
	}
	for ij, r := range upper {
		m[ij[0]][ij[1]] = r
		m[ij[1]][ij[0]] = r.Swap()
	}
	return m
}

type wantRating struct{ elo, lo, hi float64 }

func checkRatings(t *testing.T, got []Rating, want []wantRating) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d ratings, want %d", len(got), len(want))
	}
	for i, w := range want {
		checkNear(t, "Elo", got[i].Elo, w.elo, 1e-6)
		checkNear(t, "Lo", got[i].Lo, w.lo, 1e-6)
		checkNear(t, "Hi", got[i].Hi, w.hi, 1e-6)
		if t.Failed() {
			t.Logf("agent %d: got %+v", i, got[i])
		}
	}
}

func TestFitRatings(t *testing.T) {
	inf := math.Inf(1)
	tests := []struct {
		name      string
		n         int
		res       map[[2]int]WDL
		anchor    int
		anchorElo float64
		want      []wantRating
	}{
		{
			// Two agents: R0 - R1 = EloFromScore(0.7) = 147.1907.
			// Fisher information in natural units n*p*(1-p) = 100*0.7*0.3 = 21,
			// sd = k/sqrt(21) = 37.9083 Elo, half-width 1.959964*37.9083 = 74.2990.
			"two agents", 2, map[[2]int]WDL{{0, 1}: {W: 60, D: 20, L: 20}}, 1, 0,
			[]wantRating{{147.19071411783776, 147.19071411783776 - 74.29896197038667, 147.19071411783776 + 74.29896197038667}, {0, 0, 0}},
		},
		{
			"two agents, other anchor", 2, map[[2]int]WDL{{0, 1}: {W: 60, D: 20, L: 20}}, 0, 1500,
			[]wantRating{{1500, 1500, 1500}, {1500 - 147.19071411783776, 1500 - 147.19071411783776 - 74.29896197038667, 1500 - 147.19071411783776 + 74.29896197038667}},
		},
		{
			// Cyclic and symmetric: 0 beats 1, 1 beats 2, 2 beats 0, each 7-3. Every agent
			// scores 10 of 20, as expected at equal ratings, so all are 0.
			// Fisher (p = 1/2, 10 games a pair, 2.5 per pair), anchor 0 removed:
			// [[5, -2.5], [-2.5, 5]], inverse diagonal 5/(25 - 6.25) = 0.266667,
			// sd = k*sqrt(0.266667) = 89.7070, half-width 175.8234.
			"cyclic", 3, map[[2]int]WDL{{0, 1}: {W: 7, L: 3}, {1, 2}: {W: 7, L: 3}, {0, 2}: {W: 3, L: 7}}, 0, 0,
			[]wantRating{{0, 0, 0}, {0, -175.8234347273167, 175.8234347273167}, {0, -175.8234347273167, 175.8234347273167}},
		},
		{
			// Consistent results: 0-1 3:1 (p = 3/4), 1-2 3:1, 0-2 9:1 (p = 9/10 = σ(2 ln 3)).
			// Every head-to-head score equals its model probability at
			// θ0 - θ1 = θ1 - θ2 = ln 3, so that is the MLE: 400*log10(3) = 190.8485 per step.
			// Anchor 2 at 1000: R1 = 1190.8485, R0 = 1381.6970.
			// Fisher, natural units: pair 0-1 4*(3/16) = 0.75, 1-2 0.75, 0-2 10*0.09 = 0.9;
			// with 2 removed [[1.65, -0.75], [-0.75, 1.5]], det 1.9125,
			// var θ0 = 1.5/1.9125 = 0.784314, var θ1 = 1.65/1.9125 = 0.862745,
			// half-widths 1.959964*k*sqrt(.) = 301.5347 and 316.2523.
			"consistent chain", 3, map[[2]int]WDL{{0, 1}: {W: 3, L: 1}, {1, 2}: {W: 3, L: 1}, {0, 2}: {W: 9, L: 1}}, 2, 1000,
			[]wantRating{
				{1381.69700377573, 1381.69700377573 - 301.53470290631077, 1381.69700377573 + 301.53470290631077},
				{1190.848501887865, 1190.848501887865 - 316.2522644384966, 1190.848501887865 + 316.2522644384966},
				{1000, 1000, 1000},
			},
		},
		{
			// Same results anchored at 0: with 0 removed the Fisher matrix over (1, 2) is
			// [[1.5, -0.75], [-0.75, 1.65]]: var θ1 = 1.65/1.9125, var θ2 = 1.5/1.9125.
			"consistent chain, anchor 0", 3, map[[2]int]WDL{{0, 1}: {W: 3, L: 1}, {1, 2}: {W: 3, L: 1}, {0, 2}: {W: 9, L: 1}}, 0, 0,
			[]wantRating{
				{0, 0, 0},
				{-190.84850188786497, -190.84850188786497 - 316.2522644384966, -190.84850188786497 + 316.2522644384966},
				{-381.69700377572985, -381.69700377572985 - 301.53470290631077, -381.69700377572985 + 301.53470290631077},
			},
		},
		{
			// A general case, solved independently by Hunter's MM iteration in Python
			// (γ_i ← W_i / Σ_j n_ij/(γ_i+γ_j), draws as half wins) and a 2x2 inverse of the
			// Fisher information with agent 2 removed.
			"general", 3, map[[2]int]WDL{{0, 1}: {W: 5, D: 3, L: 2}, {1, 2}: {W: 4, D: 4, L: 2}, {0, 2}: {W: 6, D: 2, L: 2}}, 2, 0,
			[]wantRating{
				{158.33423459878264, 158.33423459878264 - 189.48143958758163, 158.33423459878264 + 189.48143958758163},
				{60.86329062880384, 60.86329062880384 - 181.72879991160116, 60.86329062880384 + 181.72879991160116},
				{0, 0, 0},
			},
		},
		{
			// Agent 0 won all 3 of its games (2 against 1, 1 against 2); 1 and 2 split 5:5.
			// 1 and 2 are equal (the two-agent case at p = 1/2: Fisher 10/4 = 2.5,
			// half-width 1.959964*k/sqrt(2.5) = 215.3388). 0 is capped at 0 + 2000; its
			// Lo is where three straight wins against rating-0 opponents have probability
			// 2.5%: σ(x)^3 = 0.025, σ(x) = 0.2924018, x = ln(0.2924018/0.7075982) = -0.8837,
			// Lo = k*x = -153.5227; Hi = +Inf.
			"all wins capped", 3, map[[2]int]WDL{{0, 1}: {W: 2}, {0, 2}: {W: 1}, {1, 2}: {W: 5, L: 5}}, 1, 0,
			[]wantRating{{2000, -153.5226930601353, inf}, {0, 0, 0}, {0, -215.33884995273496, 215.33884995273496}},
		},
		{
			// The mirror image: agent 0 lost every game: -2000, Lo = -Inf, Hi = +153.5227.
			"all losses capped", 3, map[[2]int]WDL{{0, 1}: {L: 2}, {0, 2}: {L: 1}, {1, 2}: {W: 5, L: 5}}, 1, 0,
			[]wantRating{{-2000, -inf, 153.5226930601353}, {0, 0, 0}, {0, -215.33884995273496, 215.33884995273496}},
		},
		{
			// The anchor itself won every game: both others are one level down at -2000
			// (their component {1, 2} is centred there, and they are equal within it);
			// their Hi is where 3 losses (2 by agent 1, 1 by agent 2) to the anchor have
			// probability 2.5%, the same -153.5227 mirrored.
			"anchor won all", 3, map[[2]int]WDL{{0, 1}: {W: 2}, {0, 2}: {W: 1}, {1, 2}: {W: 5, L: 5}}, 0, 0,
			[]wantRating{{0, 0, 0}, {-2000, -inf, 153.5226930601353}, {-2000, -inf, 153.5226930601353}},
		},
		{
			// A beat B beat C (0 beat 1 3:0, 1 beat 2 2:0, 0 beat 2 1:0), anchored at C = 2:
			// one capped gap per level, B at 2000 and A at 4000. B's Lo from its 2 wins
			// against C: σ(x)^2 = 0.025, x = logit(0.1581139) = -1.6723, Lo = -290.5133.
			// A's Lo from its single win against C: x = logit(0.025) = -3.6636, Lo = -636.4258.
			"chain anchored at the bottom", 3, map[[2]int]WDL{{0, 1}: {W: 3}, {1, 2}: {W: 2}, {0, 2}: {W: 1}}, 2, 0,
			[]wantRating{{4000, -636.4258428105996, inf}, {2000, -290.5133374273701, inf}, {0, 0, 0}},
		},
		{
			// The same anchored at B: A above (3 wins against B: Lo -153.5227), C below
			// (2 losses to B: Hi +290.5133).
			"chain anchored in the middle", 3, map[[2]int]WDL{{0, 1}: {W: 3}, {1, 2}: {W: 2}, {0, 2}: {W: 1}}, 1, 0,
			[]wantRating{{2000, -153.5226930601353, inf}, {0, 0, 0}, {-2000, -inf, 290.5133374273701}},
		},
		{
			// A (0) beat B (1) and C (2), who never met. Anchored at B, C is neither
			// above nor below: it is placed at the same depth (0) with an interval open
			// on both sides. A's Lo from its one win against B: -636.4258.
			"incomparable", 3, map[[2]int]WDL{{0, 1}: {W: 1}, {0, 2}: {W: 1}}, 1, 0,
			[]wantRating{{2000, -636.4258428105996, inf}, {0, 0, 0}, {0, -inf, inf}},
		},
		{
			// Two groups: {0, 1} (0 beat 1 3:1, so 0 - 1 = 400*log10(3) = 190.8485) won every
			// game against {2, 3} (2 and 3 split 1:1, equal; Fisher 2/4, half-width
			// 1.959964*k/sqrt(0.5) = 481.5123). Anchored at 2, the upper group's mean is
			// at 2000: 2095.4243 and 1904.5757. Lo: the shift δ with
			// ln σ((2095.4243+δ)/k) + ln σ((1904.5757+δ)/k) = ln 0.025 (0 beat 2 once,
			// 1 beat 3 once), solved by bisection in Python: δ = -2286.2728.
			"group above", 4, map[[2]int]WDL{{0, 1}: {W: 3, L: 1}, {2, 3}: {W: 1, L: 1}, {0, 2}: {W: 1}, {1, 3}: {W: 1}}, 2, 0,
			[]wantRating{
				{2095.4242509439323, -190.84850188786504, inf},
				{1904.5757490560675, -381.69700377572985, inf},
				{0, 0, 0},
				{0, -481.51230669094275, 481.51230669094275},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := FitRatings(tt.n, matrix(tt.n, tt.res), tt.anchor, tt.anchorElo)
			if err != nil {
				t.Fatal(err)
			}
			checkRatings(t, got, tt.want)
		})
	}
}

// TestFitRatingsTwoAgentsAgree checks that two agents always get
// EloFromScore of their head-to-head score.
func TestFitRatingsTwoAgentsAgree(t *testing.T) {
	for _, r := range []WDL{{1, 0, 1}, {3, 5, 1}, {10, 0, 1}, {1, 9, 40}, {0, 1, 0}, {250, 500, 251}} {
		got, err := FitRatings(2, matrix(2, map[[2]int]WDL{{0, 1}: r}), 1, 0)
		if err != nil {
			t.Fatal(err)
		}
		checkNear(t, "two-agent Elo", got[0].Elo, EloFromScore(r.Score()), 1e-7)
		if got[0].Games != r.N() || got[1].Games != r.N() {
			t.Errorf("%+v: games %d, %d", r, got[0].Games, got[1].Games)
		}
		checkNear(t, "score", got[0].Score, r.Score(), 1e-15)
		checkNear(t, "opponent score", got[1].Score, 1-r.Score(), 1e-15)
	}
}

func TestFitRatingsGamesAndScore(t *testing.T) {
	res := map[[2]int]WDL{{0, 1}: {W: 5, D: 3, L: 2}, {1, 2}: {W: 4, D: 4, L: 2}, {0, 2}: {W: 6, D: 2, L: 2}}
	got, err := FitRatings(3, matrix(3, res), 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	// agent 0: 20 games, (5+6) wins + (3+2)/2 = 13.5 → 0.675
	// agent 1: 20 games, 2 + 4 wins, (3+4)/2 → 9.5 → 0.475
	// agent 2: 20 games, 2 + 2 wins, (4+2)/2 → 7 → 0.35
	for i, w := range []struct {
		games int
		score float64
	}{{20, 0.675}, {20, 0.475}, {20, 0.35}} {
		if got[i].Games != w.games {
			t.Errorf("agent %d: %d games, want %d", i, got[i].Games, w.games)
		}
		checkNear(t, "score", got[i].Score, w.score, 1e-15)
	}
}

func TestFitRatingsErrors(t *testing.T) {
	good := matrix(3, map[[2]int]WDL{{0, 1}: {W: 1, L: 1}, {1, 2}: {W: 1, L: 1}})
	asym := matrix(3, map[[2]int]WDL{{0, 1}: {W: 1, L: 1}, {1, 2}: {W: 1, L: 1}})
	asym[1][0] = WDL{W: 2}
	self := matrix(3, map[[2]int]WDL{{0, 1}: {W: 1, L: 1}, {1, 2}: {W: 1, L: 1}})
	self[1][1] = WDL{D: 1}
	neg := matrix(3, map[[2]int]WDL{{0, 1}: {W: 1, L: -1}, {1, 2}: {W: 1, L: 1}})
	tests := []struct {
		name      string
		n         int
		m         [][]WDL
		anchor    int
		anchorElo float64
		errHas    string
	}{
		{"one agent", 1, [][]WDL{{{}}}, 0, 0, "at least 2"},
		{"no agents", 0, nil, 0, 0, "at least 2"},
		{"rows", 3, good[:2], 0, 0, "rows"},
		{"columns", 3, [][]WDL{good[0], good[1][:2], good[2]}, 0, 0, "columns"},
		{"asymmetric", 3, asym, 0, 0, "swap"},
		{"self", 3, self, 0, 0, "against itself"},
		{"negative", 3, neg, 0, 0, "negative"},
		{"anchor", 3, good, 3, 0, "anchor"},
		{"anchor elo", 3, good, 0, math.NaN(), "not finite"},
		{"no games", 3, matrix(3, map[[2]int]WDL{{0, 1}: {W: 1, L: 1}}), 0, 0, "agent 2 has no games"},
		{"disconnected", 4, matrix(4, map[[2]int]WDL{{0, 1}: {W: 1, L: 1}, {2, 3}: {W: 2, L: 1}}), 0, 0, "not connected"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := FitRatings(tt.n, tt.m, tt.anchor, tt.anchorElo)
			if err == nil || !strings.Contains(err.Error(), tt.errHas) {
				t.Errorf("error %v, want one containing %q", err, tt.errHas)
			}
		})
	}
	if _, err := FitRatings(3, good, 1, 0); err != nil {
		t.Errorf("good matrix: %v", err)
	}
}

func TestMatrix(t *testing.T) {
	m, err := Matrix(3, []Game{{0, 1, 1}, {1, 0, 0.5}, {0, 1, 0}, {2, 1, 1}, {0, 2, 0.5}})
	if err != nil {
		t.Fatal(err)
	}
	want := matrix(3, map[[2]int]WDL{{0, 1}: {W: 1, D: 1, L: 1}, {1, 2}: {L: 1}, {0, 2}: {D: 1}})
	for i := range 3 {
		for j := range 3 {
			if m[i][j] != want[i][j] {
				t.Errorf("m[%d][%d] = %+v, want %+v", i, j, m[i][j], want[i][j])
			}
		}
	}
	for _, g := range []Game{{0, 0, 1}, {0, 3, 1}, {-1, 0, 1}, {0, 1, 0.25}} {
		if _, err := Matrix(3, []Game{g}); err == nil {
			t.Errorf("Matrix accepted %+v", g)
		}
	}
}

// TestFitRatingsRandomShapes fits many random, sparse and lopsided
// tournaments (many with capped ratings) and checks invariants: an error
// only for a disconnected graph or an agent without games, otherwise no NaN,
// Lo <= Elo <= Hi, the anchor exact, and a capped agent exactly when it is
// outside the anchor's component.
func TestFitRatingsRandomShapes(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 11))
	fitted := 0
	for trial := range 2000 {
		n := 2 + rng.IntN(7)
		m := make([][]WDL, n)
		for i := range m {
			m[i] = make([]WDL, n)
		}
		for i := range n {
			for j := i + 1; j < n; j++ {
				if rng.IntN(3) == 0 {
					continue
				}
				var r WDL
				for range 1 + rng.IntN(6) {
					// strongly lopsided: mostly wins for the lower index
					u := rng.Float64()
					switch {
					case u < 0.8:
						r.W++
					case u < 0.9:
						r.D++
					default:
						r.L++
					}
				}
				if rng.IntN(2) == 0 {
					r = r.Swap()
				}
				m[i][j], m[j][i] = r, r.Swap()
			}
		}
		anchor := rng.IntN(n)
		got, err := FitRatings(n, m, anchor, 100)
		if err != nil {
			if !strings.Contains(err.Error(), "not connected") && !strings.Contains(err.Error(), "no games") {
				t.Fatalf("trial %d: unexpected error %v", trial, err)
			}
			continue
		}
		fitted++
		score := make([][]float64, n)
		for i := range n {
			score[i] = make([]float64, n)
			for j := range n {
				score[i][j] = float64(m[i][j].W) + float64(m[i][j].D)/2
			}
		}
		_, compOf := components(score)
		for i, r := range got {
			if math.IsNaN(r.Elo) || math.IsNaN(r.Lo) || math.IsNaN(r.Hi) || !(r.Lo <= r.Elo && r.Elo <= r.Hi) {
				t.Fatalf("trial %d agent %d: %+v", trial, i, r)
			}
			open := math.IsInf(r.Lo, 0) || math.IsInf(r.Hi, 0)
			if (compOf[i] != compOf[anchor]) != open {
				t.Fatalf("trial %d agent %d: %+v, in the anchor's component: %v", trial, i, r, compOf[i] == compOf[anchor])
			}
		}
		if got[anchor].Elo != 100 || got[anchor].Lo != 100 || got[anchor].Hi != 100 {
			t.Fatalf("trial %d: anchor %+v", trial, got[anchor])
		}
	}
	if fitted < 1000 {
		t.Errorf("only %d of 2000 random tournaments were fitted", fitted)
	}
}
