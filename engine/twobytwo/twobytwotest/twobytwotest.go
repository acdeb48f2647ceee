// Package twobytwotest holds what tests of 2 by 2 Napoleonic play share
// across packages: whole games between two players with checks on every
// choice, and fixed-setup positions built from a few units. It is for
// tests only.
//
// The package imports engine and engine/twobytwo alone, not agents, so
// that the tests of package agents and those of the 2 by 2 kit
// (agents/twobytwo) both use it without an import cycle: a player is any
// value with the Player methods, which agents.Agent has, and agents are
// built by the constructor given (agents.New).
package twobytwotest

import (
	"context"
	"testing"
	"time"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/twobytwo"
)

// Player is what a game uses of an agent; agents.Agent has it.
type Player interface {
	// Name is the spec that rebuilds the player; failures name it.
	Name() string
	// Choose returns the player's action for side in st.
	Choose(ctx context.Context, st engine.State, side engine.Player) (engine.Action, error)
}

// Game is one game played by PlayOn.
type Game struct {
	// Result is how the game ended.
	Result engine.Result
	// Hash is a chain of the hash of every position in turn: equal games
	// have equal hashes.
	Hash uint64
	// Decisions counts each side's choices.
	Decisions [2]int
	// Think is each side's time spent choosing.
	Think [2]time.Duration
	// Turn is the turn the game ended on.
	Turn int
	// Lost is each side's count of destroyed units at the end.
	Lost [2]int
}

// maxSteps is the most steps (choices and rolls) PlayOn plays before it
// takes the game not to end.
const maxSteps = 300000

// PlayOn plays a whole game of scenario between players[0] (side 0) and
// players[1] (side 1) with dice seeded by diceSeed. It fails the test if
// a player errs, changes the state it is shown, or picks a refused action.
func PlayOn[P Player](t testing.TB, scenario string, players [2]P, diceSeed uint64) Game {
	t.Helper()
	st, err := twobytwo.NewGame(scenario, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dice := engine.NewRandomDice(diceSeed)
	ctx := context.Background()
	var g Game
	for steps := 0; !st.Terminal(); steps++ {
		if steps > maxSteps {
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
		g.Think[p] += time.Since(start)
		g.Decisions[p]++
		if err != nil {
			t.Fatalf("%s dice %d, turn %d: %s (%s): %v", scenario, diceSeed, st.Turn(), players[p].Name(), p, err)
		}
		if st.Hash() != h {
			t.Fatalf("%s dice %d, turn %d: %s changed the state it was shown", scenario, diceSeed, st.Turn(), players[p].Name())
		}
		if err := st.Apply(a); err != nil {
			t.Fatalf("%s dice %d, turn %d: %s (%s) chose a refused action %s: %v", scenario, diceSeed, st.Turn(), players[p].Name(), p, st.DescribeAction(a), err)
		}
		g.Hash = g.Hash*31 + st.Hash()
	}
	g.Result = st.Result()
	g.Turn = st.Turn()
	g.Lost = [2]int{st.Destroyed(0), st.Destroyed(1)}
	return g
}

// CheckSameGame plays scenario twice, side 0 and side 1 built afresh each
// time by newAgent (agents.New) from specs with seeds[0] and seeds[1], the
// dice seeded by seeds[2], and fails the test unless the two games are the
// same position by position: an agent's choices depend on its seed alone.
// PlayOn checks every choice is legal.
func CheckSameGame[P Player](t *testing.T, newAgent func(spec string, seed uint64) (P, error), scenario string, specs [2]string, seeds [3]uint64) {
	t.Helper()
	play := func() Game {
		var players [2]P
		for side := range players {
			a, err := newAgent(specs[side], seeds[side])
			if err != nil {
				t.Fatal(err)
			}
			players[side] = a
		}
		return PlayOn(t, scenario, players, seeds[2])
	}
	g1, g2 := play(), play()
	if g1.Result != g2.Result || g1.Hash != g2.Hash {
		t.Errorf("same seeds gave different games: %v (%x) and %v (%x)", g1.Result, g1.Hash, g2.Result, g2.Hash)
	}
}

// Unit is a fixed-setup unit of side with label, type and HQ (the index
// of its commander, -1 for none), placed at (x, y) facing facing degrees.
func Unit(side int, label string, typ twobytwo.UnitType, hq int, x, y, facing float64) twobytwo.UnitSpec {
	return twobytwo.UnitSpec{Side: side, Label: label, Type: typ, HQ: hq, Start: &twobytwo.Placement{X: x, Y: y, Facing: facing}}
}

// Position builds a fixed-setup game of units, objective points and
// terrain on a plain 24" table, 30 turns long; side 1 attacks, so side 0
// moves first. It fails the test if the rules refuse the setup.
func Position(t testing.TB, units []twobytwo.UnitSpec, points [2][]twobytwo.PointSpec, terrain ...twobytwo.Feature) *twobytwo.State {
	t.Helper()
	sc := &twobytwo.Scenario{Name: "position", Title: "position", Size: 24, SideNames: [2]string{"South", "North"},
		TurnLimit: 30, Attacker: 1, Units: units, Points: points, Terrain: terrain}
	st, err := twobytwo.NewGameOn(sc, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// Label is the index of the unit labelled label in st; it fails the test
// if there is none.
func Label(t testing.TB, st *twobytwo.State, label string) int {
	t.Helper()
	i, err := st.UnitByLabel(label)
	if err != nil {
		t.Fatal(err)
	}
	return i
}
