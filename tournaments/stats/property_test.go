package stats

import (
	"math"
	"math/rand/v2"
	"testing"
)

// Simulation tests: results drawn from players of known strength must give
// intervals that cover the truth about as often as they claim to. All
// generators are seeded PCGs, so the tests are deterministic.

// playGame draws one game's score for a player with expected score e and
// draw probability d: win e - d/2, draw d, loss 1 - e - d/2.
func playGame(rng *rand.Rand, e, d float64) float64 {
	u := rng.Float64()
	switch {
	case u < e-d/2:
		return 1
	case u < e+d/2:
		return 0.5
	}
	return 0
}

func TestEstimateRecoversElo(t *testing.T) {
	const trueElo = 100
	e := ScoreFromElo(trueElo) // 0.6400650
	rng := rand.New(rand.NewPCG(1, 2))
	var r WDL
	for range 20000 {
		r, _ = r.AddGame(playGame(rng, e, 0.3))
	}
	est := r.Estimate()
	if !(est.Lo <= trueElo && trueElo <= est.Hi) {
		t.Errorf("20000 games at +100 Elo: %+v does not cover %d", est, trueElo)
	}
	if w := est.Hi - est.Lo; w > 12 {
		// se of the score ≈ sqrt(0.13/20000) = 0.00255, ×2×1.96 = 0.0100 in score,
		// ≈ 0.0100 * 400/(ln 10 * 0.64 * 0.36) = 7.5 Elo wide
		t.Errorf("interval %v wide, expected about 7.5", w)
	}
	if est.LOS < 0.999999 {
		t.Errorf("LOS %v at +100 Elo over 20000 games", est.LOS)
	}
}

// TestEstimateCoverage repeats the experiment to check that the 95%
// intervals cover the truth about 95% of the time, for single games
// (trinomial) and for pairs whose games are correlated by a side advantage
// (pentanomial).
func TestEstimateCoverage(t *testing.T) {
	const (
		trueElo = 100
		runs    = 400
		pairs   = 500
		draw    = 0.3
		side    = 0.15 // the first side of a pair wins 15% more often, the second 15% less
	)
	e := ScoreFromElo(trueElo)
	rng := rand.New(rand.NewPCG(3, 4))
	triCover, pentaCover, narrower := 0, 0, 0
	for range runs {
		var r WDL
		var p Penta
		for range pairs {
			a := playGame(rng, e+side, draw)
			b := playGame(rng, e-side, draw)
			r, _ = r.AddGame(a)
			r, _ = r.AddGame(b)
			p, _ = p.AddPair(a, b)
		}
		tri, pen := r.Estimate(), p.Estimate()
		if tri.Lo <= trueElo && trueElo <= tri.Hi {
			triCover++
		}
		if pen.Lo <= trueElo && trueElo <= pen.Hi {
			pentaCover++
		}
		if pen.Hi-pen.Lo < tri.Hi-tri.Lo {
			narrower++
		}
		if tri.Score != pen.Score {
			t.Fatalf("trinomial score %v and pentanomial score %v of the same games differ", tri.Score, pen.Score)
		}
	}
	// The trinomial interval ignores the negative correlation within a pair, so
	// it over-covers; the pentanomial one should be close to 95% (binomial sd
	// over 400 runs is 1.1%).
	if f := float64(pentaCover) / runs; f < 0.92 || f > 0.98 {
		t.Errorf("pentanomial coverage %.3f, want about 0.95", f)
	}
	if f := float64(triCover) / runs; f < 0.95 {
		t.Errorf("trinomial coverage %.3f, want at least 0.95", f)
	}
	if narrower != runs {
		t.Errorf("pentanomial interval narrower in %d of %d runs, want all", narrower, runs)
	}
}

func TestSPRTSimulated(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	for _, tt := range []struct {
		elo  float64
		want Decision
	}{{40, AcceptH1}, {-30, AcceptH0}} {
		rng := rand.New(rand.NewPCG(5, uint64(tt.elo+1000)))
		e := ScoreFromElo(tt.elo)
		var p Penta
		d := Continue
		for n := 1; n <= 100000 && d == Continue; n++ {
			p, _ = p.AddPair(playGame(rng, e+0.1, 0.3), playGame(rng, e-0.1, 0.3))
			if n%50 == 0 { // look every 50 pairs, as a runner would between batches
				d = s.Decide(s.LLRPentanomial(p))
			}
		}
		if d != tt.want {
			t.Errorf("true Elo %v: %v after %d pairs, want %v", tt.elo, d, p.Pairs(), tt.want)
		}
	}
}

// roundRobin plays games games between every pair of agents with the given
// true ratings and a draw rate of 0.2.
func roundRobin(rng *rand.Rand, elos []float64, games int) [][]WDL {
	n := len(elos)
	var all []Game
	for i := range n {
		for j := i + 1; j < n; j++ {
			e := ScoreFromElo(elos[i] - elos[j])
			for range games {
				all = append(all, Game{A: i, B: j, ScoreA: playGame(rng, e, 0.2)})
			}
		}
	}
	m, err := Matrix(n, all)
	if err != nil {
		panic(err)
	}
	return m
}

func TestFitRatingsRecovers(t *testing.T) {
	trueElo := []float64{0, 80, 200, 350}
	rng := rand.New(rand.NewPCG(6, 7))
	m := roundRobin(rng, trueElo, 2000)
	got, err := FitRatings(4, m, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range got {
		if !(r.Lo <= trueElo[i] && trueElo[i] <= r.Hi) {
			t.Errorf("agent %d: %+v does not cover %v", i, r, trueElo[i])
		}
		if i > 0 && r.Hi-r.Lo > 40 {
			t.Errorf("agent %d: interval %v wide after 6000 games", i, r.Hi-r.Lo)
		}
	}
}

// TestFitRatingsCoverage checks the Bradley-Terry intervals over many
// small tournaments. Draws make the true variance smaller than the model's,
// so the intervals may over-cover but must not under-cover.
func TestFitRatingsCoverage(t *testing.T) {
	trueElo := []float64{0, 80, 200, 350}
	rng := rand.New(rand.NewPCG(8, 9))
	const runs = 100
	cover, total := 0, 0
	for range runs {
		got, err := FitRatings(4, roundRobin(rng, trueElo, 100), 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		for i := 1; i < 4; i++ {
			total++
			if got[i].Lo <= trueElo[i] && trueElo[i] <= got[i].Hi {
				cover++
			}
			if math.IsInf(got[i].Elo, 0) || math.Abs(got[i].Elo) >= EloCap {
				t.Fatalf("capped rating in a full round robin: %+v", got[i])
			}
		}
	}
	if f := float64(cover) / float64(total); f < 0.92 {
		t.Errorf("Bradley-Terry coverage %.3f over %d intervals, want at least 0.95", f, total)
	}
}
