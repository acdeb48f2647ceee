package drums

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/grognard/grognard/engine"
)

// These tests check that the tables, fed engine dice, give the
// distributions the rules imply: the exact distribution comes from the
// engine's outcome enumerations (engine.HitOutcomes, engine.AllOutcomes),
// the observed one from 100,000 seeded throws through engine.RollWith,
// and a chi-square test compares them. Run with
//
//	go test -run Distribution -v ./engine/drums/
//
// to see each statistic and p-value.

// distributionThrows is the number of throws a distribution test makes.
const distributionThrows = 100_000

// gammaQ is the regularized upper incomplete gamma function Q(a, x) =
// Γ(a, x)/Γ(a): the series for P below x < a+1, Lentz's continued
// fraction for Q above (Numerical Recipes 6.2).
func gammaQ(a, x float64) float64 {
	if x <= 0 {
		return 1
	}
	lg, _ := math.Lgamma(a)
	front := math.Exp(-x + a*math.Log(x) - lg)
	if x < a+1 {
		sum, term := 1/a, 1/a
		for n := 1; n < 10000; n++ {
			term *= x / (a + float64(n))
			sum += term
			if math.Abs(term) < math.Abs(sum)*1e-16 {
				break
			}
		}
		return max(0, 1-sum*front)
	}
	const tiny = 1e-300
	b := x + 1 - a
	c, d := 1/tiny, 1/b
	h := d
	for i := 1; i < 10000; i++ {
		an := -float64(i) * (float64(i) - a)
		b += 2
		d = an*d + b
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = b + an/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		del := d * c
		h *= del
		if math.Abs(del-1) < 1e-16 {
			break
		}
	}
	return front * h
}

// chiSquareP is the p-value of a chi-square statistic with df degrees of
// freedom: the chance of a statistic at least this large by luck alone.
func chiSquareP(stat float64, df int) float64 { return gammaQ(float64(df)/2, stat/2) }

func TestGammaQKnownValues(t *testing.T) {
	cases := []struct {
		name string
		got  float64
		want float64
	}{
		{"chi2 df 1 at 3.8415 is p 0.05", chiSquareP(3.841458820694124, 1), 0.05},
		{"chi2 df 4 at 9.4877 is p 0.05", chiSquareP(9.487729036781154, 4), 0.05},
		{"chi2 df 6 at 16.8119 is p 0.01", chiSquareP(16.811893829770927, 6), 0.01},
		{"chi2 df 10 at 18.3070 is p 0.05", chiSquareP(18.307038053275146, 10), 0.05},
		{"chi2 df 10 at 29.5883 is p 0.001", chiSquareP(29.588298445074418, 10), 0.001},
		{"chi2 df 2 is exp(-x/2) at 5", chiSquareP(5, 2), math.Exp(-2.5)},
		{"Q(1, x) is exp(-x) at 0.3 (series side)", gammaQ(1, 0.3), math.Exp(-0.3)},
		{"Q(1/2, x) is erfc(sqrt x) at 0.2", gammaQ(0.5, 0.2), math.Erfc(math.Sqrt(0.2))},
		{"Q(1/2, x) is erfc(sqrt x) at 7", gammaQ(0.5, 7), math.Erfc(math.Sqrt(7))},
		{"Q(3, x) = e^-x (1 + x + x^2/2) at 2", gammaQ(3, 2), math.Exp(-2) * (1 + 2 + 2)},
		{"Q(3, x) at 9 (continued fraction side)", gammaQ(3, 9), math.Exp(-9) * (1 + 9 + 40.5)},
		{"a statistic of 0 has p 1", chiSquareP(0, 5), 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if math.Abs(c.got-c.want) > 1e-8*c.want {
				t.Errorf("got %.12g, want %.12g", c.got, c.want)
			}
		})
	}
}

// chiSquare compares observed counts with exact probabilities: it
// returns the statistic and its p-value (k-1 degrees of freedom). Every
// cell must expect at least 5 throws for the test to mean anything.
func chiSquare(t *testing.T, probs []float64, counts []int) (float64, float64) {
	t.Helper()
	if len(probs) != len(counts) || len(probs) < 2 {
		t.Fatalf("chi-square over %d probabilities and %d counts", len(probs), len(counts))
	}
	total, sumP := 0, 0.0
	for i := range counts {
		total += counts[i]
		sumP += probs[i]
	}
	if math.Abs(sumP-1) > 1e-9 {
		t.Fatalf("exact probabilities sum to %v, not 1", sumP)
	}
	stat := 0.0
	for i, p := range probs {
		e := p * float64(total)
		if e < 5 {
			t.Fatalf("cell %d expects %.2f throws: too few for a chi-square test", i, e)
		}
		d := float64(counts[i]) - e
		stat += d * d / e
	}
	return stat, chiSquareP(stat, len(probs)-1)
}

// checkDistribution throws roll distributionThrows times, maps each throw
// to a cell with cell, and chi-square tests the counts against probs.
func checkDistribution(t *testing.T, name string, seed uint64, roll engine.Roll, probs []float64, cell func(*engine.Dice) int) {
	t.Helper()
	if err := roll.Valid(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	src := rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
	counts := make([]int, len(probs))
	for range distributionThrows {
		d := engine.RollWith(src, roll)
		i := cell(&d)
		if i < 0 || i >= len(counts) {
			t.Fatalf("%s: dice %v give cell %d, outside the %d cells with any chance", name, d.Values(), i, len(counts))
		}
		counts[i]++
	}
	stat, p := chiSquare(t, probs, counts)
	t.Logf("%s: %s, %d throws, %d cells: chi-square %.3f, df %d, p %.4f", name, roll, distributionThrows, len(probs), stat, len(probs)-1, p)
	if p <= 0.001 {
		t.Errorf("%s: p %.5f <= 0.001: observed %v against probabilities %v", name, p, counts, probs)
	}
}

func sum(d *engine.Dice) int {
	s := 0
	for _, v := range d.Values() {
		s += int(v)
	}
	return s
}

func TestDistributionMeleeHitsAfterRemoveOneInThree(t *testing.T) {
	// 8 bases against opponents defending an obstacle: remove 1 in 3 leaves
	// 6 dice, each hitting on 4+.
	m := footVsLine()
	m.Bases, m.OppObstacle = 8, true
	n := MeleeDice(m)
	if n != 6 {
		t.Fatalf("8 dice, remove 1 in 3: %d dice, want 6", n)
	}
	probs := make([]float64, n+1)
	for _, o := range engine.HitOutcomes(nil, n, 6, MeleeHitOn) {
		probs[CountHits(o.Dice.Values(), MeleeHitOn)] += o.P
	}
	checkDistribution(t, "melee hits, 8 dice remove 1 in 3", 1, engine.D(n, 6), probs, func(d *engine.Dice) int {
		return CountHits(d.Values(), MeleeHitOn)
	})
}

func TestDistributionCavalryOpenCharge(t *testing.T) {
	fixed, dice, ok := ChargeDistance(LightCavalry, Open, false)
	if !ok || fixed != 3 || dice != 2 {
		t.Fatalf("cavalry open charge %d+%dD6 (ok %v), want 3+2D6", fixed, dice, ok)
	}
	roll := engine.D(dice, 6)
	lo := fixed + dice
	probs := make([]float64, 6*dice-dice+1) // 5 to 15 BW
	for _, o := range engine.AllOutcomes(nil, roll) {
		probs[fixed+sum(&o.Dice)-lo] += o.P
	}
	checkDistribution(t, "cavalry open charge distance 3+2D6", 2, roll, probs, func(d *engine.Dice) int {
		return fixed + sum(d) - lo
	})
}

func TestDistributionResilienceOutcomes(t *testing.T) {
	// A lackluster line foot in line, hit by artillery this turn: lackluster
	// -1, not zealous +1, line +1, received hits -1, from artillery -1.
	r := ResilienceSituation{Kind: TestShooting, Type: LineFoot, Level: Lackluster, Formation: Line,
		OppType: FieldArtillery, ReceivedHits: true, ArtilleryHits: true}
	mod := ResilienceModifier(r)
	if mod != -1 {
		t.Fatalf("modifier %+d, want -1", mod)
	}
	n, sides := ResilienceDice(false)
	roll := engine.D(n, sides)
	// The cells are the outcomes with any chance, in the order first met.
	var cells []Outcome
	var probs []float64
	index := func(o Outcome) int {
		for i, c := range cells {
			if c == o {
				return i
			}
		}
		return -1
	}
	for _, o := range engine.AllOutcomes(nil, roll) {
		out := ResilienceOutcome(sum(&o.Dice)+mod, r.Kind, false)
		i := index(out)
		if i < 0 {
			cells = append(cells, out)
			probs = append(probs, 0)
			i = len(cells) - 1
		}
		probs[i] += o.P
	}
	// Break (score 1), Forced Retire/1 hit (2-4), Forced Retire (5), Stand/1
	// hit (6), Carry On (7-11).
	if len(cells) != 5 {
		t.Fatalf("outcomes %+v, want 5 kinds", cells)
	}
	for i, c := range cells {
		t.Logf("%s/%d hits: p %.4f", c.Kind, c.Hits, probs[i])
	}
	checkDistribution(t, "resilience outcomes, lackluster line under artillery fire", 3, roll, probs, func(d *engine.Dice) int {
		return index(ResilienceOutcome(sum(d)+mod, r.Kind, false))
	})
}

func TestDistributionOneD3Movement(t *testing.T) {
	fixed, dice, sides, ok := MoveDistance(LineFoot, Line, MoveInTerrain)
	if !ok || fixed != 0 || dice != 1 || sides != 3 {
		t.Fatalf("line in terrain %d+%dD%d (ok %v), want 1D3", fixed, dice, sides, ok)
	}
	roll := engine.D(dice, sides)
	probs := make([]float64, 3)
	for _, o := range engine.AllOutcomes(nil, roll) {
		probs[sum(&o.Dice)-1] += o.P
	}
	checkDistribution(t, "1D3 movement, line foot in terrain", 4, roll, probs, func(d *engine.Dice) int {
		return fixed + sum(d) - 1
	})
}

func TestDistributionChiSquareRejectsAWrongDistribution(t *testing.T) {
	// The check must have teeth: 2D6 sums are not uniform over 2 to 12.
	src := rand.NewPCG(5, 6)
	counts := make([]int, 11)
	for range distributionThrows {
		d := engine.RollWith(src, engine.D(2, 6))
		counts[sum(&d)-2]++
	}
	uniform := make([]float64, 11)
	for i := range uniform {
		uniform[i] = 1.0 / 11
	}
	stat, p := chiSquare(t, uniform, counts)
	t.Logf("2d6 against a uniform 2-12: chi-square %.1f, df 10, p %.3g", stat, p)
	if p > 1e-9 {
		t.Errorf("2D6 passed as uniform: p %v", p)
	}
}
