package twobytwo_test

import (
	"math"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/twobytwo"
	evaltwo "github.com/grognard/grognard/evaluation/twobytwo"
)

func TestExtractAllocatesNothing(t *testing.T) {
	st := midGame(t)
	var f evaltwo.Features
	if n := testing.AllocsPerRun(100, func() { evaltwo.Extract(st, 0, &f) }); n != 0 {
		t.Errorf("Extract allocates %v times per call", n)
	}
	if n := testing.AllocsPerRun(100, func() { _ = evaltwo.Default.Value(st, 1) }); n != 0 {
		t.Errorf("Value allocates %v times per call", n)
	}
	if n := testing.AllocsPerRun(100, func() { _ = evaltwo.Default.WinProb(st, 0) }); n != 0 {
		t.Errorf("WinProb allocates %v times per call", n)
	}
}

// TestAntisymmetric checks, along whole games, that the two views'
// features are exact negations, that Value is exactly antisymmetric and
// within [-1, 1], and that WinProb agrees with Value.
func TestAntisymmetric(t *testing.T) {
	checked := 0
	for _, sc := range []string{"standard", "meeting", "river-line", "gen:5"} {
		n := 0
		play(t, sc, 3, func(st *twobytwo.State) bool {
			n++
			if n%7 != 0 && !st.Terminal() {
				return true
			}
			checked++
			var f0, f1 evaltwo.Features
			evaltwo.Extract(st, 0, &f0)
			evaltwo.Extract(st, 1, &f1)
			for k := range f0 {
				if f0[k] != -f1[k] || math.IsNaN(f0[k]) {
					t.Fatalf("%s step %d: feature %s is %v for side 0 and %v for side 1", sc, n, evaltwo.FeatureNames[k], f0[k], f1[k])
				}
			}
			for _, m := range []*evaltwo.Model{evaltwo.Default, evaltwo.Material} {
				v0, v1 := m.Value(st, 0), m.Value(st, 1)
				if v0 != -v1 || v0 < -1 || v0 > 1 {
					t.Fatalf("%s step %d: %s values %v and %v", sc, n, m.Name, v0, v1)
				}
				p0, p1 := m.WinProb(st, 0), m.WinProb(st, 1)
				if math.Abs(p0+p1-1) > 1e-12 || math.Abs(2*p0-1-v0) > 1e-12 {
					t.Fatalf("%s step %d: %s win probabilities %v, %v for value %v", sc, n, m.Name, p0, p1, v0)
				}
				if !st.Terminal() && !(p0 > 0 && p0 < 1) {
					t.Fatalf("%s step %d: %s probability %v outside (0, 1)", sc, n, m.Name, p0)
				}
				if !st.Terminal() && p0 != m.Prob(&f0) {
					t.Fatalf("%s step %d: WinProb %v differs from Prob(Extract) %v", sc, n, p0, m.Prob(&f0))
				}
			}
			return true
		})
	}
	if checked < 100 {
		t.Fatalf("only %d positions checked", checked)
	}
}

func TestTerminalIsOutcome(t *testing.T) {
	// A game played to its end.
	end := play(t, "standard", 1, func(*twobytwo.State) bool { return true })
	if !end.Terminal() {
		t.Fatal("game not over")
	}
	// And the three outcomes set on a position in progress.
	mid := midGame(t)
	states := []*twobytwo.State{end, withResult(t, mid, 0), withResult(t, mid, 1), withResult(t, mid, engine.NoPlayer)}
	for _, st := range states {
		for s := 0; s < 2; s++ {
			want := st.Result().Score(engine.Player(s))
			for _, m := range []*evaltwo.Model{evaltwo.Default, evaltwo.Material} {
				if v := m.Value(st, s); v != 2*want-1 {
					t.Errorf("%v: %s Value for side %d = %v, want %v", st.Result(), m.Name, s, v, 2*want-1)
				}
				if p := m.WinProb(st, s); p != want {
					t.Errorf("%v: %s WinProb for side %d = %v, want %v", st.Result(), m.Name, s, p, want)
				}
			}
		}
	}
}

func features(st *twobytwo.State, side int) evaltwo.Features {
	var f evaltwo.Features
	evaltwo.Extract(st, side, &f)
	return f
}

func TestDisruptedEnemyRaisesValue(t *testing.T) {
	st := midGame(t)
	c := *st
	k := 0
	for i := 0; i < c.NumUnits(); i++ {
		if c.Spec(i).Side == 1 && c.U[i].Loc == twobytwo.LocTable && !c.Spec(i).Type.IsHQ() && c.U[i].Stat != twobytwo.Disrupted {
			c.U[i].Stat = twobytwo.Disrupted
			k++
		}
	}
	if k == 0 {
		t.Fatal("no enemy unit to disrupt")
	}
	before, after := features(st, 0), features(&c, 0)
	if got := after[evaltwo.FDisrupted] - before[evaltwo.FDisrupted]; got != -float64(k) {
		t.Errorf("disrupting %d enemy units moved the disrupted feature by %v", k, got)
	}
	if v0, v1 := evaltwo.Default.Value(st, 0), evaltwo.Default.Value(&c, 0); !(v1 > v0) {
		t.Errorf("disrupting %d enemy units: value %v -> %v, want a rise", k, v0, v1)
	}
}

func TestNearBreak(t *testing.T) {
	// Fast victory (standard): 4 destroyed is one unit from defeat.
	st := midGame(t)
	even, near := withDestroyed(t, st, 3, 3), withDestroyed(t, st, 4, 3)
	if f := features(near, 0); f[evaltwo.FBreak] != 1.0/2-1 || f[evaltwo.FLost] != -1 {
		t.Errorf("fast, 4 lost against 3: break %v, lost %v; want -0.5, -1", f[evaltwo.FBreak], f[evaltwo.FLost])
	}
	if v0, v1 := evaltwo.Default.Value(even, 0), evaltwo.Default.Value(near, 0); !(v1 < v0) {
		t.Errorf("a fourth unit lost: value %v -> %v, want a fall", v0, v1)
	}
	if v0, v1 := evaltwo.Material.Value(even, 0), evaltwo.Material.Value(near, 0); !(v1 < v0) {
		t.Errorf("material: a fourth unit lost: value %v -> %v, want a fall", v0, v1)
	}

	// Decisive victory (meeting): 4 lost against 4 is still two from defeat.
	m, err := twobytwo.NewGame("meeting", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if m.Scenario().Victory != twobytwo.Decisive {
		t.Fatal("meeting is not a decisive game")
	}
	if f := features(withDestroyed(t, m, 4, 4), 0); f[evaltwo.FBreak] != 0 {
		t.Errorf("decisive, 4 against 4: break %v, want 0", f[evaltwo.FBreak])
	}
	// 4 lost against 2: one more loses (5, and 2 more); the enemy needs
	// max(5-2, 4+2-2) = 4 more.
	if f := features(withDestroyed(t, m, 4, 2), 0); f[evaltwo.FBreak] != 1.0/4-1 {
		t.Errorf("decisive, 4 against 2: break %v, want -0.75", f[evaltwo.FBreak])
	}
}

// Standard scenario unit indices (StandardTemplate): side 0 is 0-16,
// side 1 is 17-33; in each, the corps HQ, 2 light cavalry, 2 foot
// artillery, then two divisions of a division HQ and 5 line infantry.
const (
	fCHQ  = 0
	fLC   = 1
	fFA   = 3
	fDHQ1 = 5
	fLine = 6 // answers to fDHQ1
	aLine = 17 + 6
	aLC   = 17 + 1
)

func TestRallyCover(t *testing.T) {
	b := emptyBoard(midGame(t))
	if b.Spec(fLine).HQ != fDHQ1 || b.Spec(fDHQ1).HQ != fCHQ || b.Spec(aLine).Side != 1 {
		t.Fatal("standard scenario units are not where the test expects")
	}
	cover := func() float64 { return features(b, 0)[evaltwo.FRallyCover] }
	put(b, fLine, 5, 7, 0, twobytwo.Pinned)
	if got := cover(); got != 0 {
		t.Errorf("no HQ on the table: cover %v", got)
	}
	put(b, fCHQ, 5, 2, 0, twobytwo.Ordered) // 4.5" from its front to the unit's rear face centre: within the corps HQ's 6"
	if got := cover(); got != 1 {
		t.Errorf("corps HQ within 6\": cover %v, want 1", got)
	}
	put(b, fCHQ, 5, 0.3, 0, twobytwo.Ordered) // 6.2" away
	if got := cover(); got != 0 {
		t.Errorf("corps HQ 6.2\" away: cover %v, want 0", got)
	}
	put(b, fDHQ1, 5, 9, 0, twobytwo.Ordered) // 1.75" away: within the division HQ's 3"
	if got := cover(); got != 1 {
		t.Errorf("division HQ within 3\": cover %v, want 1", got)
	}
	put(b, aLine, 6.5, 8, 180, twobytwo.Ordered) // an enemy within 2" stops the rally
	if got := cover(); got != 0 {
		t.Errorf("enemy within 2\": cover %v, want 0", got)
	}
	put(b, fDHQ1, 5, 6.5, 0, twobytwo.Ordered) // unless an HQ is in base contact
	if got := cover(); got != 1 {
		t.Errorf("enemy within 2\" and HQ in contact: cover %v, want 1", got)
	}
	if got := features(b, 1)[evaltwo.FRallyCover]; got != -1 {
		t.Errorf("enemy's view: cover %v, want -1", got)
	}
}

func TestThreats(t *testing.T) {
	b := emptyBoard(midGame(t))
	f := func(k int) float64 { return features(b, 0)[k] }
	// Foot artillery 2.5" from an enemy line, facing it: normal range.
	put(b, fFA, 12, 5, 0, twobytwo.Ordered)
	put(b, aLine, 12, 8, 180, twobytwo.Ordered)
	if got := f(evaltwo.FShotThreat); !(got > 0) {
		t.Errorf("artillery facing an enemy in range: shot threat %v", got)
	}
	put(b, fFA, 12, 5, 180, twobytwo.Ordered) // facing away
	if got := f(evaltwo.FShotThreat); got != 0 {
		t.Errorf("artillery facing away: shot threat %v", got)
	}
	put(b, fFA, 12, 5, 0, twobytwo.Disrupted) // disrupted units may not fire
	if got := f(evaltwo.FShotThreat); got != 0 {
		t.Errorf("disrupted artillery: shot threat %v", got)
	}
	b.U[fFA].Loc = twobytwo.LocDestroyed

	// Light cavalry 3.5" from enemy line: no charge on formed infantry,
	// a threat to disrupted infantry.
	put(b, fLC, 12, 5, 0, twobytwo.Ordered)
	if got := f(evaltwo.FChargeThreat); got != 0 {
		t.Errorf("light cavalry against ordered infantry: charge threat %v, want 0", got)
	}
	b.U[aLine].Stat = twobytwo.Disrupted
	if got := f(evaltwo.FChargeThreat); !(got > 0) {
		t.Errorf("light cavalry against disrupted infantry: charge threat %v, want > 0", got)
	}
	if got := f(evaltwo.FExposed); got != 1 {
		t.Errorf("disrupted enemy within 4\" of own cavalry: exposed %v, want 1", got)
	}
	put(b, fLC, 12, 5, 0, twobytwo.Pinned) // pinned units may not charge
	if got := f(evaltwo.FChargeThreat); got != 0 {
		t.Errorf("pinned cavalry: charge threat %v, want 0", got)
	}
	put(b, fLC, 2, 5, 0, twobytwo.Ordered) // out of reach (8")
	if got := f(evaltwo.FChargeThreat); got != 0 {
		t.Errorf("cavalry out of reach: charge threat %v, want 0", got)
	}
}

func TestTerrainHeld(t *testing.T) {
	b := emptyBoard(midGame(t)) // standard: village, hill, wood
	put(b, fLine, 12.5, 12, 0, twobytwo.Ordered)
	put(b, fLine+1, 6, 13, 0, twobytwo.Ordered)
	put(b, fLine+2, 18.5, 9, 0, twobytwo.Ordered)
	put(b, aLine, 20, 20, 180, twobytwo.Ordered)
	f := features(b, 0)
	if f[evaltwo.FTown] != 1 || f[evaltwo.FHill] != 1 || f[evaltwo.FWood] != 1 {
		t.Errorf("town %v hill %v wood %v, want 1 each", f[evaltwo.FTown], f[evaltwo.FHill], f[evaltwo.FWood])
	}
}

func TestReinforcementPoints(t *testing.T) {
	st := midGame(t)
	b := emptyBoard(st)
	pos, edge, placed := b.Point(1, 0)
	if !placed {
		t.Fatal("enemy point 0 not placed")
	}
	b.U[aLine] = twobytwo.Unit{Loc: twobytwo.LocWaiting, Point: 0, StallOn: twobytwo.NoUnit, Dir: st.U[aLine].Dir, Pos: st.U[aLine].Pos}
	in := map[twobytwo.Edge][2]float64{twobytwo.South: {0, 1}, twobytwo.North: {0, -1}, twobytwo.East: {-1, 0}, twobytwo.West: {1, 0}}[edge]
	put(b, fLC, pos.X+1.5*in[0], pos.Y+1.5*in[1], 0, twobytwo.Ordered)
	if got := features(b, 0)[evaltwo.FPointCrowd]; got != 1 {
		t.Errorf("own cavalry 1.5\" from an enemy point with a unit waiting: crowd %v, want 1", got)
	}
	put(b, fLC, pos.X+8*in[0], pos.Y+8*in[1], 0, twobytwo.Ordered)
	if f := features(b, 0); f[evaltwo.FPointCrowd] != 0 || f[evaltwo.FPointReach] != 1 {
		t.Errorf("own cavalry 8\" from the point: crowd %v reach %v, want 0 and 1", f[evaltwo.FPointCrowd], f[evaltwo.FPointReach])
	}
	b.U[aLine].Loc = twobytwo.LocDestroyed // nobody waiting: no threat
	if f := features(b, 0); f[evaltwo.FPointCrowd] != 0 || f[evaltwo.FPointReach] != 0 {
		t.Errorf("empty queue: crowd %v reach %v, want 0", f[evaltwo.FPointCrowd], f[evaltwo.FPointReach])
	}
}

func TestMaterialUsesMaterialOnly(t *testing.T) {
	for k, w := range evaltwo.Material.Weights {
		if !evaltwo.MaterialFeatures[k] && w != 0 {
			t.Errorf("material model weighs %s by %v", evaltwo.FeatureNames[k], w)
		}
	}
	if evaltwo.Default.Weights == ([evaltwo.NumFeatures]float64{}) {
		t.Error("default model has no weights")
	}
}

func TestFeatureNames(t *testing.T) {
	seen := map[string]bool{}
	for k, n := range evaltwo.FeatureNames {
		if n == "" || seen[n] {
			t.Errorf("feature %d has an empty or repeated name %q", k, n)
		}
		seen[n] = true
		if evaltwo.FeatureIndex(n) != k {
			t.Errorf("FeatureIndex(%q) = %d, want %d", n, evaltwo.FeatureIndex(n), k)
		}
	}
}
