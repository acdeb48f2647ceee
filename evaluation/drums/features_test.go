package drums

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/drums"
)

// positions plays random games of the default scenario and returns a
// copy of every tenth position in the battle (turn 1 on).
func positions(t testing.TB, games int) []*drums.State {
	t.Helper()
	var out []*drums.State
	for g := range games {
		st, err := drums.NewGame("", engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(g), 9))
		dice := engine.NewRandomDice(uint64(g) + 100)
		var buf []engine.Action
		for step := 0; !st.Terminal() && step < 5000; step++ {
			if st.ToMove() == engine.Chance {
				if err := st.ApplyDice(engine.RollWith(&dice.PCG, st.PendingRoll())); err != nil {
					t.Fatal(err)
				}
				continue
			}
			if step%10 == 0 && st.Turn() > 0 {
				out = append(out, st.Clone().(*drums.State))
			}
			buf = st.Legal(buf[:0])
			if err := st.Apply(buf[rng.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
		out = append(out, st.Clone().(*drums.State))
	}
	return out
}

// TestFeaturesAntisymmetric: each side's features are the other's
// negated, so the model's values are exact negations.
func TestFeaturesAntisymmetric(t *testing.T) {
	for _, st := range positions(t, 3) {
		var a, b Features
		Extract(st, 0, &a)
		Extract(st, 1, &b)
		for k := range a {
			if a[k] != -b[k] {
				t.Fatalf("feature %s: side 0 %v, side 1 %v, want negations", FeatureNames[k], a[k], b[k])
			}
			if math.IsNaN(a[k]) || math.IsInf(a[k], 0) {
				t.Fatalf("feature %s is %v", FeatureNames[k], a[k])
			}
		}
		if v0, v1 := Default.Value(st, 0), Default.Value(st, 1); v0 != -v1 || math.Abs(v0) > 1 {
			t.Fatalf("values %v and %v, want negations in [-1, 1]", v0, v1)
		}
	}
}

// TestFeaturesOfTheStart: at the first turn the armies are whole and
// even, so the strength, break and worn features are 0.
func TestFeaturesOfTheStart(t *testing.T) {
	st := positions(t, 1)[0]
	var f Features
	Extract(st, 0, &f)
	for _, k := range []int{FStrength, FBreak, FWorn, FStrengthLate} {
		if f[k] != 0 {
			t.Errorf("feature %s at turn %d = %v, want 0", FeatureNames[k], st.Turn(), f[k])
		}
	}
}

// TestEvaluatorScoresTheResult: a finished battle scores its result.
func TestEvaluatorScoresTheResult(t *testing.T) {
	ps := positions(t, 4)
	ev := Evaluator(Default)
	checked := 0
	for _, st := range ps {
		if !st.Terminal() {
			continue
		}
		checked++
		want := 2*st.Result().Score(0) - 1
		if got := ev(st); got != want {
			t.Errorf("finished battle (%s) scored %v, want %v", st.Result(), got, want)
		}
	}
	if checked == 0 {
		t.Fatal("no finished battle")
	}
}

// TestExtractAllocatesNothing: the evaluation is on the searches' hot
// path.
func TestExtractAllocatesNothing(t *testing.T) {
	ps := positions(t, 1)
	ev := Evaluator(Default)
	for _, st := range ps[:min(len(ps), 20)] {
		if n := testing.AllocsPerRun(5, func() { ev(st) }); n != 0 {
			t.Fatalf("the evaluation allocated %v times", n)
		}
	}
}

func BenchmarkEvaluate(b *testing.B) {
	ps := positions(b, 1)
	ev := Evaluator(Default)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		ev(ps[i%len(ps)])
	}
}
