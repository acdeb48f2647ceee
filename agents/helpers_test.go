package agents

// Test helpers of the 2 by 2 doctrine tests (agents/twobytwo) that the
// generic agents' tests on 2 by 2 positions share: copies, since a test of
// package agents cannot import the kit, which imports agents.

import (
	"context"
	"os"
	"runtime/debug"
	"testing"
	"time"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/twobytwo"
)

// hGame is one game played by hPlayOn.
type hGame struct {
	result    engine.Result
	hash      uint64 // of every position in turn: equal games have equal hashes
	decisions [2]int
	think     [2]time.Duration
	turn      int
	lost      [2]int
}

// hPlayOn plays a whole game of scenario between players[0] (side 0) and
// players[1] (side 1) with dice seeded by diceSeed. It fails the test if
// an agent errs, changes the state it is shown, or picks a refused action.
func hPlayOn(t testing.TB, scenario string, players [2]Agent, diceSeed uint64) hGame {
	t.Helper()
	st, err := twobytwo.NewGame(scenario, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dice := engine.NewRandomDice(diceSeed)
	ctx := context.Background()
	var g hGame
	for steps := 0; !st.Terminal(); steps++ {
		if steps > 300000 {
			t.Fatalf("%s dice %d: game did not end", scenario, diceSeed)
		}
		p := st.ToMove()
		if p == engine.Chance {
			d, _ := dice.Roll(st.PendingRoll())
			if err := st.ApplyDice(d); err != nil {
				t.Fatal(err)
			}
			continue
		}
		h := st.Hash()
		start := time.Now()
		a, err := players[p].Choose(ctx, st, st.ToMove())
		g.think[p] += time.Since(start)
		g.decisions[p]++
		if err != nil {
			t.Fatalf("%s dice %d, turn %d: %s (%s): %v", scenario, diceSeed, st.Turn(), players[p].Name(), p, err)
		}
		if st.Hash() != h {
			t.Fatalf("%s dice %d, turn %d: %s changed the state it was shown", scenario, diceSeed, st.Turn(), players[p].Name())
		}
		if err := st.Apply(a); err != nil {
			t.Fatalf("%s dice %d, turn %d: %s (%s) chose a refused action %s: %v", scenario, diceSeed, st.Turn(), players[p].Name(), p, st.DescribeAction(a), err)
		}
		g.hash = g.hash*31 + st.Hash()
	}
	g.result = st.Result()
	g.turn = st.Turn()
	g.lost = [2]int{st.Destroyed(0), st.Destroyed(1)}
	return g
}

// hUnit is a fixed-setup unit for the position tests.
func hUnit(side int, label string, typ twobytwo.UnitType, hq int, x, y, facing float64) twobytwo.UnitSpec {
	return twobytwo.UnitSpec{Side: side, Label: label, Type: typ, HQ: hq, Start: &twobytwo.Placement{X: x, Y: y, Facing: facing}}
}

// hPosition builds a fixed-setup game on a plain 24" table; side 1
// attacks, so side 0 moves first.
func hPosition(t *testing.T, units []twobytwo.UnitSpec, points [2][]twobytwo.PointSpec, terrain ...twobytwo.Feature) *twobytwo.State {
	t.Helper()
	sc := &twobytwo.Scenario{Name: "position", Title: "position", Size: 24, SideNames: [2]string{"South", "North"},
		TurnLimit: 30, Attacker: 1, Units: units, Points: points, Terrain: terrain}
	st, err := twobytwo.NewGameOn(sc, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// hLabel finds a unit by label.
func hLabel(t *testing.T, st *twobytwo.State, label string) int {
	t.Helper()
	i, err := st.UnitByLabel(label)
	if err != nil {
		t.Fatal(err)
	}
	return i
}

// raceEnabled reports whether the test binary was built with -race,
// which slows the games some ten times: timings are not checked then, and
// the legality test plays fewer games.
var raceEnabled = func() bool {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return false
	}
	for _, s := range bi.Settings {
		if s.Key == "-race" {
			return s.Value == "true"
		}
	}
	return false
}()

// envOr is the environment variable key, or def when it is unset or
// empty: the probes' settings.
func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

// newScript builds the 2 by 2 kit's script called name (the kit is
// linked into the test binary by kit_link_test.go).
func newScript(name string, seed uint64) (Script, error) {
	return KitFor(twobytwo.Name).script("test", twobytwo.Name, name, seed)
}
