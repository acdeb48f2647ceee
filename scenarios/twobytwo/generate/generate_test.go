package generate

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sourcegraph/conc/pool"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
	tb "github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/internal/testenv"
	"github.com/grognard/grognard/scenarios/twobytwo/armies"
)

func TestDeterminism(t *testing.T) {
	cases := []struct {
		name string
		opt  Options
	}{
		{"defaults", Options{}},
		{"nations and AP", Options{AP: 60, Nations: [2]string{"France", "prussia"}}},
		{"one nation given", Options{Nations: [2]string{"", "Russia"}}},
		{"civil war", Options{Nations: [2]string{"Austria", "Austria"}}},
		{"big decisive table", Options{Size: 36, Victory: tb.Decisive}},
		{"smallest table", Options{Size: MinSize}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for seed := uint64(0); seed < 20; seed++ {
				a, err := Battlefield(seed, c.opt)
				if err != nil {
					t.Fatal(err)
				}
				b, err := Battlefield(seed, c.opt)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(a, b) || a.Hash() != b.Hash() {
					t.Fatalf("seed %d: two builds differ (hashes %s, %s)", seed, a.Hash(), b.Hash())
				}
				o, err := Battlefield(seed+1000, c.opt)
				if err != nil {
					t.Fatal(err)
				}
				if o.Hash() == a.Hash() || reflect.DeepEqual(o.Terrain, a.Terrain) || reflect.DeepEqual(o.Units, a.Units) {
					t.Fatalf("seeds %d and %d give the same battle", seed, seed+1000)
				}
				checkScenario(t, a, c.opt)
			}
		})
	}
}

// checkScenario checks the fields Battlefield promises.
func checkScenario(t *testing.T, sc *tb.Scenario, opt Options) {
	t.Helper()
	if err := sc.Validate(); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(sc.Name, "gen:") || !sc.SetupByPlay || sc.DeployAP != 10 || sc.TurnLimit != 30 || sc.Victory != opt.Victory {
		t.Fatalf("%s: wrong set-up fields: %+v", sc.Name, sc)
	}
	for side := range 2 {
		if opt.Nations[side] != "" && !strings.EqualFold(opt.Nations[side], sc.SideNames[side]) {
			t.Fatalf("%s: side %d is %s, want %s", sc.Name, side, sc.SideNames[side], opt.Nations[side])
		}
		l, err := armies.ByNation(sc.SideNames[side])
		if err != nil {
			t.Fatal(err)
		}
		if ps := l.Validate(sc.Units, side); len(ps) > 0 {
			t.Fatalf("%s side %d: %v", sc.Name, side, ps)
		}
		ap := opt.AP
		if ap == 0 {
			ap = DefaultAP
		}
		if got := armies.TotalAP(sc.Units, side); got > ap+1e-9 || got < ap-5 {
			t.Fatalf("%s side %d: %g AP, want about %g", sc.Name, side, got, ap)
		}
	}
	if opt.Nations == [2]string{} && sc.SideNames[0] == sc.SideNames[1] {
		t.Fatalf("%s: random nations are both %s", sc.Name, sc.SideNames[0])
	}
	seen := map[string]bool{}
	for i, u := range sc.Units {
		if seen[u.Label] {
			t.Fatalf("%s: label %q used twice", sc.Name, u.Label)
		}
		seen[u.Label] = true
		if i > 0 && u.Side < sc.Units[i-1].Side {
			t.Fatalf("%s: side 0's units must come first", sc.Name)
		}
	}
	if sc.Title == "" || sc.Description == "" || !strings.Contains(sc.Title, sc.SideNames[0]) {
		t.Fatalf("%s: title %q, description %q", sc.Name, sc.Title, sc.Description)
	}
}

// limits are the ruled counts per kind (ruling G-COUNT).
var limits = map[tb.TerrainKind][2]int{
	tb.Road: {1, maxRoads}, tb.Town: {1, maxTowns}, tb.Stream: {0, maxStreams}, tb.River: {0, maxRivers},
	tb.Hill: {0, maxHills}, tb.SteepHill: {0, maxSteep}, tb.Wood: {0, maxWoods}, tb.Copse: {0, maxCopses},
	tb.Hedge: {0, maxHedges}, tb.Ford: {0, maxRivers},
}

// terrainProblems lists every way fs breaks the G-* rulings.
func terrainProblems(fs []tb.Feature, size float64) []string {
	var ps []string
	bad := func(format string, args ...any) { ps = append(ps, fmt.Sprintf(format, args...)) }
	var count [tb.Ford + 1]int
	for i := range fs {
		count[fs[i].Kind]++
	}
	for k, l := range limits {
		if count[k] < l[0] || count[k] > l[1] {
			bad("%d %ss, want %d to %d", count[k], k, l[0], l[1])
		}
	}
	if n := count[tb.Stream] + count[tb.River]; n > maxStreams {
		bad("%d streams and rivers, want at most %d", n, maxStreams)
	}
	if major := count[tb.Stream] + count[tb.River] + count[tb.Hill] + count[tb.SteepHill] + count[tb.Wood]; major < minMajor || major > maxMajor {
		bad("%d major features, want %d to %d", major, minMajor, maxMajor)
	}
	if count[tb.Ford] != count[tb.River] {
		bad("%d fords for %d rivers", count[tb.Ford], count[tb.River])
	}
	// Ruling G-ROADS: two roads make a network by crossing once.
	var roads [][]geom.Vec
	for i := range fs {
		if fs[i].Kind == tb.Road {
			roads = append(roads, fs[i].Points)
		}
	}
	if len(roads) == 2 && len(crossings(roads[0], roads[1])) != 1 {
		bad("the two roads cross %d times, want once", len(crossings(roads[0], roads[1])))
	}
	for i := range fs {
		f := &fs[i]
		if f.Name == "" {
			bad("%s %d has no name", f.Kind, i)
		}
		if !onTable(f, size, 0) {
			bad("%s %q is not wholly on the table", f.Kind, f.Name)
		}
		for _, p := range f.Points {
			if p.X != round(p.X) || p.Y != round(p.Y) {
				bad("%s %q: point %v is not rounded to %g", f.Kind, f.Name, p, grid)
			}
		}
		switch f.Kind {
		case tb.Hill, tb.Wood, tb.SteepHill:
			lo, hi := 2.0, 6.0
			if f.Kind == tb.SteepHill {
				hi = 3
			}
			l, g := widths(f.Points)
			if !convex(f.Points) || l < lo-1e-9 || g > hi+1e-9 {
				bad("%s %q: least width %.2f, diameter %.2f, want %g to %g", f.Kind, f.Name, l, g, lo, hi)
			}
			if f.Kind != tb.Hill && minDepth(f, size) < impassDepth-1e-9 {
				bad("%s %q comes within %.2f\" of a base edge (G-DEPLOY)", f.Kind, f.Name, minDepth(f, size))
			}
		case tb.Town:
			p := f.Points
			w, h := p[2].X-p[0].X, p[2].Y-p[0].Y
			if len(p) != 4 || math.Abs(w-h) > 1e-9 || w < 1.5-1e-9 || w > 2+1e-9 || p[1].X != p[2].X || p[0].Y != p[1].Y || p[3].X != p[0].X {
				bad("town %q is not a square 1.5\" to 2\" a side: %v", f.Name, p)
			}
			onRoad := false
			for j := range fs {
				if fs[j].Kind == tb.Road && gap(f, &fs[j]) == 0 {
					onRoad = true
				}
			}
			if !onRoad {
				bad("town %q touches no road", f.Name)
			}
			if minDepth(f, size) < strip-1e-9 {
				bad("town %q lies in a deployment strip", f.Name)
			}
		case tb.Road:
			a, b := f.Points[0], f.Points[len(f.Points)-1]
			if !onEdge(a, size) || !onEdge(b, size) {
				bad("road %q runs from %v to %v, not edge to edge", f.Name, a, b)
			}
			for j := range fs {
				if fs[j].Kind == tb.SteepHill && gap(f, &fs[j]) < 1-1e-9 {
					bad("road %q passes within 1\" of %q", f.Name, fs[j].Name)
				}
			}
		case tb.Stream, tb.River:
			a, b := f.Points[0], f.Points[len(f.Points)-1]
			if !onEdge(a, size) || !onEdge(b, size) {
				bad("%s %q runs from %v to %v, not edge to edge", f.Kind, f.Name, a, b)
			}
			if f.Kind != tb.River {
				break
			}
			if minDepth(f, size) < waterDepth-1e-9 {
				bad("river %q enters the deployment strips", f.Name)
			}
			crossing := false
			for j := range fs {
				g := &fs[j]
				if g.Kind == tb.Ford && pointGap(g.Centre, f) < g.Radius || g.Kind == tb.Road && len(crossings(g.Points, f.Points)) > 0 {
					crossing = true
				}
			}
			if !crossing {
				bad("river %q has no bridge or ford", f.Name)
			}
		case tb.Copse:
			if f.Radius < 0.4-1e-9 || f.Radius >= 1 {
				bad("copse %q has radius %g", f.Name, f.Radius)
			}
		case tb.Hedge:
			if l := f.Points[0].Dist(f.Points[1]); len(f.Points) != 2 || l < 0.7 || l > 1.3 {
				bad("hedge %q is %.2f\" long", f.Name, l)
			}
		}
		// Ruling G-APART: area features do not overlap.
		for j := range i {
			if f.Kind.IsArea() && fs[j].Kind.IsArea() && gap(f, &fs[j]) < 0.5-1e-9 {
				bad("%q and %q overlap", f.Name, fs[j].Name)
			}
		}
	}
	return ps
}

func TestTerrainProperties(t *testing.T) {
	cases := []struct {
		size  float64
		seeds uint64
	}{{24, 1000}, {MinSize, 200}, {36, 200}, {48, 100}, {MaxSize, 50}}
	for _, c := range cases {
		t.Run(fmt.Sprint(c.size), func(t *testing.T) {
			var total [tb.Ford + 1]int
			for seed := range c.seeds {
				fs := Terrain(rand.New(rand.NewPCG(seed, terrainStream)), c.size)
				for _, p := range terrainProblems(fs, c.size) {
					t.Errorf("size %g seed %d: %s", c.size, seed, p)
				}
				if t.Failed() {
					t.FailNow()
				}
				for i := range fs {
					total[fs[i].Kind]++
				}
			}
			var sb strings.Builder
			for k, n := range total {
				fmt.Fprintf(&sb, " %s %.2f", tb.TerrainKind(k), float64(n)/float64(c.seeds))
			}
			t.Logf("size %g, mean features per table:%s", c.size, sb.String())
		})
	}
}

func TestTerrainBadInput(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, size := range []float64{0, -5, MinSize - 1, MaxSize + 1, math.NaN(), math.Inf(1)} {
		if fs := Terrain(rng, size); fs != nil {
			t.Errorf("size %g: want no terrain, got %d features", size, len(fs))
		}
	}
	if fs := Terrain(nil, 24); fs != nil {
		t.Error("nil rng: want no terrain")
	}
	// The fallback table must itself keep the rulings' shape rules that
	// apply to it (it has too few features for G-COUNT by design).
	for _, p := range terrainProblems(fallback(24), 24) {
		if !strings.Contains(p, "major features") {
			t.Errorf("fallback: %s", p)
		}
	}
}

func TestOptionErrors(t *testing.T) {
	cases := []struct {
		name string
		opt  Options
		want string
	}{
		{"negative AP", Options{AP: -1}, "army points"},
		{"NaN AP", Options{AP: math.NaN()}, "army points"},
		{"huge AP", Options{AP: 1e12}, "army points"},
		{"infinite AP", Options{AP: math.Inf(1)}, "army points"},
		{"too few AP", Options{AP: 10}, "too small"},
		{"small table", Options{Size: 10}, "table size"},
		{"huge table", Options{Size: 500}, "table size"},
		{"unknown nation", Options{Nations: [2]string{"Atlantis", ""}}, "Atlantis"},
		{"bad victory", Options{Victory: 9}, "victory"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sc, err := Battlefield(7, c.opt)
			if err == nil || sc != nil {
				t.Fatalf("want an error, got %v", sc)
			}
			if !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "generate battlefield 7: ") {
				t.Fatalf("error %q should start with the seed and mention %q", err, c.want)
			}
		})
	}
}

func TestPrefixesDistinct(t *testing.T) {
	ns := armies.Nations()
	for _, a := range ns {
		for _, b := range ns {
			pa, pb := prefixes(a, b)
			if pa == pb || pa == "" || pb == "" || len(pa) > 4 || len(pb) > 4 {
				t.Errorf("%s vs %s: prefixes %q and %q", a, b, pa, pb)
			}
		}
	}
	for _, c := range [][3]string{{"France", "Prussia", "F P"}, {"Baden", "Bavaria", "Bad Bav"}, {"Kingdom of Holland", "Hanover", "KH H"}, {"Austria", "Austria", "AS AN"}} {
		pa, pb := prefixes(c[0], c[1])
		if pa+" "+pb != c[2] {
			t.Errorf("%s vs %s: %q %q, want %s", c[0], c[1], pa, pb, c[2])
		}
	}
}

// TestLargeArmies draws 50 battles at 60, 70 and 80 AP a side and reports
// how many fit the engine's 64 units (at 40 AP a side has 15 to 20 units, so
// 80 AP gives about 70 in all: none of the 50 fit). Those that do not must
// fail with ErrTooManyUnits and a message naming the AP and the nations.
func TestLargeArmies(t *testing.T) {
	for _, ap := range []float64{60, 70, 80} {
		fit, over := 0, 0
		for seed := uint64(1); seed <= 50; seed++ {
			sc, err := Battlefield(seed, Options{AP: ap})
			switch {
			case err == nil:
				fit++
				checkScenario(t, sc, Options{AP: ap})
			case errors.Is(err, ErrTooManyUnits):
				over++
				if !strings.Contains(err.Error(), fmt.Sprintf("at %g AP", ap)) || !strings.Contains(err.Error(), "at most 64") {
					t.Fatalf("unclear error: %v", err)
				}
			default:
				t.Fatalf("%g AP, seed %d: %v", ap, seed, err)
			}
		}
		t.Logf("%g AP: %d of 50 battles fit in %d units, %d do not", ap, fit, tb.MaxUnits, over)
	}
	_, err := Battlefield(3, Options{AP: 80, Nations: [2]string{"France", "Britain"}})
	if !errors.Is(err, ErrTooManyUnits) || !strings.Contains(err.Error(), "France") || !strings.Contains(err.Error(), "Britain") || !strings.Contains(err.Error(), "80 AP") {
		t.Fatalf("80 AP: want a too-many-units error naming France and Britain, got %v", err)
	}
	t.Logf("80 AP error: %v", err)
}

// TestDeploymentRoom checks ruling G-DEPLOY through the engine: after the
// set-up roll each side deploys, at the engine's own deployment positions,
// until no deployment is offered; then no undeployed unit of the side may
// still be affordable, so the side was stopped by its 10 AP, not by
// terrain.
func TestDeploymentRoom(t *testing.T) {
	buf := make([]engine.Action, 0, 1024)
	for seed := uint64(0); seed < 300; seed++ {
		sc, err := Battlefield(seed, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for attacker := range 2 {
			st, err := tb.NewGameOn(sc, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			d := engine.NewDice(1, 6)
			if attacker == 0 {
				d = engine.NewDice(6, 1)
			}
			if err := st.ApplyDice(d); err != nil {
				t.Fatal(err)
			}
			for range 2 {
				side := int(st.ToMove())
				left := sc.DeployAP
				deployed := map[int]bool{}
				for {
					buf = st.Legal(buf[:0])
					var a *engine.Action
					for i := range buf {
						if buf[i].Kind == tb.KindDeploy {
							a = &buf[i]
							break
						}
					}
					if a == nil {
						break
					}
					if err := st.Apply(*a); err != nil {
						t.Fatal(err)
					}
					deployed[int(a.Unit)] = true
					left -= sc.Units[a.Unit].UnitCost()
				}
				for i, u := range sc.Units {
					if u.Side == side && !deployed[i] && u.UnitCost() <= left+1e-6 {
						t.Fatalf("seed %d: side %d could not deploy %s (%.1f AP left): no room", seed, side, u.Label, left)
					}
				}
				if err := st.Apply(engine.Action{Kind: tb.KindEnd}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// playOut plays sc to the end with uniformly random actions and seeded
// dice, as the random agent and the match runner do.
func playOut(sc *tb.Scenario, seed uint64) (*tb.State, error) {
	st, err := tb.NewGameOn(sc, engine.Options{})
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	dice := engine.NewRandomDice(seed ^ 0xd1ce)
	buf := make([]engine.Action, 0, 1024)
	for steps := 0; !st.Terminal(); steps++ {
		if steps > 200000 {
			return st, fmt.Errorf("no result after %d steps (turn %d, %s)", steps, st.Turn(), st.PhaseName())
		}
		if st.ToMove() == engine.Chance {
			d, _ := dice.Roll(st.PendingRoll())
			if err := st.ApplyDice(d); err != nil {
				return st, fmt.Errorf("dice %v: %w", d.Values(), err)
			}
			continue
		}
		buf = st.Legal(buf[:0])
		if len(buf) == 0 {
			return st, fmt.Errorf("no legal action in the %s phase of turn %d", st.PhaseName(), st.Turn())
		}
		if err := st.Apply(buf[rng.IntN(len(buf))]); err != nil {
			return st, fmt.Errorf("legal action refused in the %s phase of turn %d: %w", st.PhaseName(), st.Turn(), err)
		}
	}
	return st, nil
}

// TestBattlesPlay is the generator's acceptance test: battlefields from
// different seeds (default options) all validate and play to a result with
// random agents within the turn limit (a draw at the limit is a result).
// It plays 200 battles on all cores by default, the 1,000 of the issue
// under GROGNARD_LONG=1 (internal/testenv; about 13 s on 2 cores), 100
// with -short; GROGNARD_BATTLES=n plays n instead:
//
//	GROGNARD_LONG=1 go test -run TestBattlesPlay -v ./scenarios/twobytwo/generate/
func TestBattlesPlay(t *testing.T) {
	n := testenv.Pick(t, 200, 1000)
	if testing.Short() {
		n = 100
	}
	if v := os.Getenv("GROGNARD_BATTLES"); v != "" {
		if _, err := fmt.Sscan(v, &n); err != nil || n < 1 {
			t.Fatalf("GROGNARD_BATTLES=%q is not a positive number", v)
		}
	}
	var (
		mu       sync.Mutex
		failures []string
		wins     [3]int // side 0, side 1, draw
		turns    int
		reasons  = map[string]int{}
	)
	start := time.Now()
	p := pool.New().WithMaxGoroutines(max(1, runtime.GOMAXPROCS(0)))
	for seed := uint64(1); seed <= uint64(n); seed++ {
		p.Go(func() {
			sc, err := Battlefield(seed, Options{})
			var st *tb.State
			if err == nil {
				err = sc.Validate()
			}
			if err == nil {
				st, err = playOut(sc, seed)
			}
			if err == nil && (!st.Terminal() || !st.Result().Over || st.Turn() > sc.TurnLimit) {
				err = fmt.Errorf("ended at turn %d of %d with %v", st.Turn(), sc.TurnLimit, st.Result())
			}
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				failures = append(failures, fmt.Sprintf("seed %d: %v", seed, err))
				return
			}
			r := st.Result()
			switch r.Winner {
			case 0, 1:
				wins[r.Winner]++
			default:
				wins[2]++
			}
			turns += st.Turn()
			reasons[r.Reason]++
		})
	}
	p.Wait()
	for _, f := range failures {
		t.Error(f)
	}
	t.Logf("%d battles in %v: side 0 won %d, side 1 won %d, %d draws; mean %.1f turns; reasons %v",
		n, time.Since(start).Round(time.Millisecond), wins[0], wins[1], wins[2], float64(turns)/float64(n), reasons)
}

func BenchmarkBattlefield(b *testing.B) {
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		if _, err := Battlefield(seed, Options{}); err != nil {
			b.Fatal(err)
		}
		seed++
	}
}

func BenchmarkTerrain(b *testing.B) {
	b.ReportAllocs()
	rng := rand.New(rand.NewPCG(1, 2))
	for b.Loop() {
		Terrain(rng, 24)
	}
}
