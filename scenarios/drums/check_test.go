package drums

import (
	"errors"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	dm "github.com/grognard/grognard/engine/drums"
	"github.com/grognard/grognard/engine/geom"
)

// searched runs CheckDeploy's search for each attacker and reports the
// most positions one examined and whether every command deployed.
func searched(t testing.TB, sc *dm.Scenario) (most int, ok bool) {
	t.Helper()
	ok = true
	for att := range 2 {
		s, err := dm.NewGameOn(sc, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := toDeployment(s, att); err != nil {
			t.Fatal(err)
		}
		d := &deployer{sc: sc, att: att}
		found, _ := d.search(s)
		most, ok = max(most, d.nodes), ok && found
	}
	return most, ok
}

// crowded is a battle of eight commands of three units a side on a 24 x
// 12 BW table: the attacker's zone (3 BW deep) holds six of them at
// most. Searching every order of its slots took 33 s.
func crowded() *dm.Scenario {
	sc := sized([2]int{8, 8}, 3)
	sc.Width, sc.Depth = 24, 12
	return sc
}

// walled is a 200 x 120 BW table of impassable strips with only the back
// 2.5 BW of each zone free: every command deploys, but only by a scan of
// its whole zone. One listing of the legal deployments took 3.5 s.
func walled(cmds, n int) *dm.Scenario {
	sc := sized([2]int{cmds, cmds}, n)
	sc.Width, sc.Depth = 200, 120
	for k := range dm.MaxFeatures {
		x := float64(k) * sc.Width / dm.MaxFeatures
		x1 := x + sc.Width/dm.MaxFeatures - 0.01
		sc.Terrain = append(sc.Terrain, dm.Feature{Kind: dm.Impassable, Points: []geom.Vec{
			{X: x + 0.01, Y: 2.5}, {X: x1, Y: 2.5}, {X: x1, Y: sc.Depth - 2.5}, {X: x + 0.01, Y: sc.Depth - 2.5}}})
	}
	return sc
}

// TestCheckDeployBoundsItsSearch: the deployment search examines at most
// maxDeployNodes positions for an attacker, so a crowded file is refused
// in bounded work naming a command that does not fit, while the built-in
// battles and a file that deploys only at the back of its zones pass
// along one line of play.
func TestCheckDeployBoundsItsSearch(t *testing.T) {
	most, ok := searched(t, crowded())
	if ok || most > maxDeployNodes+1 {
		t.Errorf("crowded battle: deployed %v after %d positions, want a refusal within %d", ok, most, maxDeployNodes)
	}
	_, err := Parse("crowded.yaml", must(Marshal(crowded())))
	var pe *Error
	if !errors.As(err, &pe) || !strings.Contains(err.Error(), "fits no deployment slot") {
		t.Errorf("crowded battle: %v", err)
	}
	for _, name := range Names() {
		sc, err := dm.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		// One position per command and one past the last.
		if most, ok := searched(t, sc); !ok || most > 2*dm.MaxCommands+1 {
			t.Errorf("%s: deployed %v after %d positions", name, ok, most)
		}
	}
	if most, ok := searched(t, walled(8, 1)); !ok || most != 16 {
		t.Errorf("walled battle: deployed %v after %d positions, want 16 (one a command)", ok, most)
	}
}

// BenchmarkCheckDeployHostile is the deployment check of the two
// hostile battles: a crowded table searched to its bound, and a table
// walled off but for the back of its zones (each command scans its zone).
func BenchmarkCheckDeployHostile(b *testing.B) {
	for _, c := range []struct {
		name string
		sc   *dm.Scenario
	}{{"crowded", crowded()}, {"walled", walled(8, 2)}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				_ = CheckDeploy(c.sc)
			}
		})
	}
}
