package generate

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	dm "github.com/grognard/grognard/engine/drums"
	"github.com/grognard/grognard/engine/geom"
	"github.com/grognard/grognard/scenarios/drums/armies"
)

// TestSameSeedSameBattle: the generator reads no clock and iterates no map.
func TestSameSeedSameBattle(t *testing.T) {
	for seed := range uint64(30) {
		a, err := Battlefield(seed, Options{})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := Battlefield(seed, Options{})
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("seed %d: two battles", seed)
		}
	}
	a, _ := Battlefield(1, Options{})
	b, _ := Battlefield(2, Options{})
	if reflect.DeepEqual(a.Terrain, b.Terrain) {
		t.Error("seeds 1 and 2 give the same terrain")
	}
}

// TestRulingGenTerrain pins ruling D-GEN-TERRAIN: the features each
// battlefield has, their suggested minimum sizes (Terrain &
// Fortifications: 4BW x 4BW areas, 4BW lines), non-overlapping areas and
// the farm or village as the objective.
func TestRulingGenTerrain(t *testing.T) {
	for seed := range uint64(100) {
		for _, size := range []Size{Small, Medium, Large} {
			sc, err := Battlefield(seed, Options{Size: size})
			if err != nil {
				t.Fatal(err)
			}
			if err := dm.CheckScenario(sc); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			count := map[dm.TerrainKind]int{}
			var areas []dm.Feature
			for _, f := range sc.Terrain {
				count[f.Kind]++
				for _, p := range f.Points {
					if p.X < 0 || p.Y < 0 || p.X > sc.Width || p.Y > sc.Depth {
						t.Fatalf("seed %d: %s point %v off the table", seed, f.Name, p)
					}
				}
				if f.Kind.Linear() {
					l := 0.0
					for i := 1; i < len(f.Points); i++ {
						l += f.Points[i].Dist(f.Points[i-1])
					}
					if l < 4-0.2 {
						t.Errorf("seed %d: %s is %.1f BW long, under the suggested 4BW", seed, f.Name, l)
					}
					continue
				}
				areas = append(areas, f)
				if w := span(f.Points); w < 3.5 {
					t.Errorf("seed %d: %s is %.1f BW across, under the suggested 4BW", seed, f.Name, w)
				}
			}
			switch {
			case count[dm.BuiltUp] != 1, count[dm.Hill] < 1 || count[dm.Hill] > 2, count[dm.Wood] > 3,
				count[dm.Stream] != 1, count[dm.Road] != 1, count[dm.Obstacle] > 3, count[dm.Impassable] > 1:
				t.Errorf("seed %d: terrain %v", seed, count)
			}
			for i := range areas {
				for j := range i {
					if polygonsOverlap(areas[i].Points, areas[j].Points) {
						t.Errorf("seed %d: %s overlaps %s", seed, areas[i].Name, areas[j].Name)
					}
				}
			}
			if len(sc.Objective.Hold) != 1 || !geom.PointInPolygon(sc.Objective.Hold[0].Centre, areaOf(sc, dm.BuiltUp)) {
				t.Errorf("seed %d: objective %+v is not the farm or village", seed, sc.Objective.Hold)
			}
			if n := len(sc.Forces[0].Commands); n != int(size) {
				t.Errorf("seed %d size %v: %d commands", seed, size, n)
			}
		}
	}
}

func areaOf(sc *dm.Scenario, k dm.TerrainKind) []geom.Vec {
	for _, f := range sc.Terrain {
		if f.Kind == k {
			return f.Points
		}
	}
	return nil
}

// span is the smaller of a polygon's extents in x and y.
func span(ps []geom.Vec) float64 {
	x0, x1, y0, y1 := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, p := range ps {
		x0, x1, y0, y1 = min(x0, p.X), max(x1, p.X), min(y0, p.Y), max(y1, p.Y)
	}
	return min(x1-x0, y1-y0)
}

func polygonsOverlap(a, b []geom.Vec) bool {
	for _, p := range a {
		if geom.PointInPolygon(p, b) {
			return true
		}
	}
	for _, p := range b {
		if geom.PointInPolygon(p, a) {
			return true
		}
	}
	return false
}

// TestRulingGenArmies pins ruling D-GEN-ARMIES: two lists of different
// nations with overlapping periods where one exists, labels unique in the
// battle, every force valid for its list.
func TestRulingGenArmies(t *testing.T) {
	for seed := range uint64(200) {
		sc, err := Battlefield(seed, Options{})
		if err != nil {
			t.Fatal(err)
		}
		var ls [2]*armies.List
		for side := range 2 {
			l, err := armies.ByID(sc.Forces[side].List)
			if err != nil {
				t.Fatal(err)
			}
			ls[side] = l
			if err := l.Validate(&sc.Forces[side]); err != nil {
				t.Errorf("seed %d: %v", seed, err)
			}
		}
		if ls[0].Nation == ls[1].Nation {
			t.Errorf("seed %d: both forces are %s", seed, ls[0].Nation)
		}
		a0, a1 := years(ls[0].Period)
		b0, b1 := years(ls[1].Period)
		if a0 > b1 || b0 > a1 {
			t.Errorf("seed %d: %s (%s) against %s (%s): periods do not overlap", seed, ls[0].ID, ls[0].Period, ls[1].ID, ls[1].Period)
		}
		seen := map[string]bool{}
		for _, f := range sc.Forces {
			labels := []string{f.Commander.Label}
			for _, c := range f.Commands {
				labels = append(labels, c.General.Label)
				for _, u := range c.Units {
					labels = append(labels, u.Label)
				}
			}
			for _, l := range labels {
				if seen[l] || l == "" || strings.Contains(l, " ") {
					t.Fatalf("seed %d: label %q repeated or unusable", seed, l)
				}
				seen[l] = true
			}
		}
	}
}

// TestListsChosen: Options.Lists fixes one or both lists.
func TestListsChosen(t *testing.T) {
	sc, err := Battlefield(4, Options{Lists: [2]string{"crimean-british", ""}})
	if err != nil {
		t.Fatal(err)
	}
	if sc.Forces[0].List != "crimean-british" || !strings.HasPrefix(sc.Forces[1].List, "crimean-") {
		t.Errorf("lists %s, %s: want the British and a Crimean opponent", sc.Forces[0].List, sc.Forces[1].List)
	}
	if _, err := Battlefield(4, Options{Lists: [2]string{"nowhere", ""}}); err == nil {
		t.Error("an unknown list was accepted")
	}
}

// TestRulingGenDeploy pins ruling D-GEN-DEPLOY: while the check refuses,
// the terrain is drawn again, the last time without a marsh, then the
// armies with a unit fewer a command; a check that never passes gives its
// error.
func TestRulingGenDeploy(t *testing.T) {
	noMarsh := func(sc *dm.Scenario) error {
		for _, f := range sc.Terrain {
			if f.Kind == dm.Impassable {
				return errors.New("a marsh")
			}
		}
		return nil
	}
	marshy := 0
	for seed := range uint64(60) {
		sc, err := Battlefield(seed, Options{Check: noMarsh})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if noMarsh(sc) != nil {
			t.Fatalf("seed %d: the check was ignored", seed)
		}
		plain, _ := Battlefield(seed, Options{})
		if noMarsh(plain) != nil {
			marshy++
		}
	}
	if marshy == 0 {
		t.Error("no seed of 60 drew a marsh")
	}
	small := func(sc *dm.Scenario) error {
		for _, c := range sc.Forces[0].Commands {
			if len(c.Units) > 2 {
				return errors.New("too big")
			}
		}
		return nil
	}
	if sc, err := Battlefield(3, Options{Check: small}); err != nil || small(sc) != nil {
		t.Errorf("shrinking: %v", err)
	}
	_, err := Battlefield(3, Options{Check: func(*dm.Scenario) error { return errors.New("never") }})
	if err == nil || !strings.Contains(err.Error(), "never") {
		t.Errorf("a refusing check: %v", err)
	}
}

// TestParseSize reads the sizes gen:SEED:SIZE takes.
func TestParseSize(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Size
		ok   bool
	}{{"small", Small, true}, {"Medium", Medium, true}, {"large", Large, true}, {"2", Small, true}, {"4", Large, true}, {"5", 0, false}, {"huge", 0, false}} {
		got, err := ParseSize(c.in)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("ParseSize(%q) = %v, %v", c.in, got, err)
		}
		if c.ok {
			if back, _ := ParseSize(got.String()); back != got {
				t.Errorf("%v does not read back", got)
			}
		}
	}
}
