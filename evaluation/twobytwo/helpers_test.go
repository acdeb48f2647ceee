package twobytwo_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
	"github.com/grognard/grognard/engine/twobytwo"

	_ "github.com/grognard/grognard/agents/twobytwo" // greedy
	_ "github.com/grognard/grognard/scenarios/twobytwo"
)

// play runs greedy against greedy on scenario with seed, calling visit on
// every state before a step (and on the final state); visit returns false
// to stop. It returns the last state reached.
func play(t testing.TB, scenario string, seed uint64, visit func(st *twobytwo.State) bool) *twobytwo.State {
	t.Helper()
	st, err := twobytwo.NewGame(scenario, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var players [2]agents.Agent
	for s := range players {
		if players[s], err = agents.New("greedy", seed*2+uint64(s)); err != nil {
			t.Fatal(err)
		}
	}
	dice := engine.NewRandomDice(seed)
	ctx := context.Background()
	for n := 0; n < 200000; n++ {
		if !visit(st) || st.Terminal() {
			return st
		}
		switch p := st.ToMove(); p {
		case engine.Chance:
			d, _ := dice.Roll(st.PendingRoll())
			if err := st.ApplyDice(d); err != nil {
				t.Fatal(err)
			}
		default:
			a, err := players[p].Choose(ctx, st, st.ToMove())
			if err != nil {
				t.Fatal(err)
			}
			if err := st.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("game did not end")
	return nil
}

// onTable counts the units on the table.
func onTable(st *twobytwo.State) int {
	n := 0
	for i := 0; i < st.NumUnits(); i++ {
		if st.U[i].Loc == twobytwo.LocTable {
			n++
		}
	}
	return n
}

// midGame is a crowded mid-game standard position: the first state of a
// greedy game at turn 6 or later with at least 24 units on the table, in
// the movement phase.
func midGame(t testing.TB) *twobytwo.State {
	t.Helper()
	for seed := uint64(1); seed < 50; seed++ {
		var found *twobytwo.State
		play(t, "standard", seed, func(st *twobytwo.State) bool {
			if st.Turn() >= 6 && onTable(st) >= 24 && st.PhaseName() == "movement" && st.ToMove() != engine.Chance {
				c := *st
				found = &c
				return false
			}
			return true
		})
		if found != nil {
			return found
		}
	}
	t.Fatal("no crowded mid-game position found")
	return nil
}

// emptyBoard is a copy of st with every unit removed from play (marked
// destroyed, though the destroyed counts stay as they were), for
// hand-built positions: place units with put.
func emptyBoard(st *twobytwo.State) *twobytwo.State {
	c := *st
	for i := 0; i < c.NumUnits(); i++ {
		c.U[i].Loc = twobytwo.LocDestroyed
		c.U[i].Stat = twobytwo.Ordered
	}
	return &c
}

// put places unit i on the table at (x, y) facing deg with status stat.
func put(st *twobytwo.State, i int, x, y, deg float64, stat uint8) {
	st.U[i] = twobytwo.Unit{Pos: geom.V(x, y), Dir: geom.Heading(deg), Loc: twobytwo.LocTable, Stat: stat, Point: -1, StallOn: twobytwo.NoUnit}
}

// withDestroyed returns st with the destroyed counts set (they have no
// setter).
func withDestroyed(t testing.TB, st *twobytwo.State, d0, d1 int) *twobytwo.State {
	t.Helper()
	return withJSON(t, st, "destroyed", []int{d0, d1})
}

// withResult returns st marked finished with the given winner.
func withResult(t testing.TB, st *twobytwo.State, w engine.Player) *twobytwo.State {
	t.Helper()
	return withJSON(t, st, "result", engine.Result{Over: true, Winner: w, Reason: "test"})
}

// withJSON returns a copy of st whose field key is set to value through
// the state's JSON form, for what the state has no setter for.
func withJSON(t testing.TB, st *twobytwo.State, key string, value any) *twobytwo.State {
	t.Helper()
	b, err := st.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	m[key] = value
	if b, err = json.Marshal(m); err != nil {
		t.Fatal(err)
	}
	es, err := twobytwo.Rules{}.DecodeState(b)
	if err != nil {
		t.Fatal(err)
	}
	return es.(*twobytwo.State)
}
