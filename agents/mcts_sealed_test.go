package agents

import (
	"context"
	"fmt"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest/toy"
)

// genericMCTS is MCTS without a ruleset kit, as the toy ruleset has none.
const genericMCTS = "mcts:iters=200,prior=none,playout=random,eval=none"

// highPick is a one-decision sealed game: each side picks 1 to 3 unseen,
// and the higher pick wins (equal picks draw), so 3 is dominant.
type highPick struct{ pick [2]uint8 }

func (g *highPick) Ruleset() string { return "high-pick" }
func (g *highPick) ToMove() engine.Player {
	if g.Terminal() {
		return engine.NoPlayer
	}
	return engine.Both
}
func (g *highPick) Terminal() bool { return g.pick[0] != 0 && g.pick[1] != 0 }
func (g *highPick) Result() engine.Result {
	switch {
	case !g.Terminal():
		return engine.Result{}
	case g.pick[0] > g.pick[1]:
		return engine.Ended(engine.Victory, 0, "higher")
	case g.pick[1] > g.pick[0]:
		return engine.Ended(engine.Victory, 1, "higher")
	}
	return engine.Ended(engine.RulesDraw, engine.NoPlayer, "equal")
}
func (g *highPick) Legal(buf []engine.Action) []engine.Action { return buf }
func (g *highPick) Apply(engine.Action) error                 { return engine.ErrIllegal }
func (g *highPick) PendingRoll() engine.Roll                  { return engine.Roll{} }
func (g *highPick) ApplyDice(engine.Dice) error               { return engine.ErrIllegal }
func (g *highPick) DescribeRoll() string                      { return "" }
func (g *highPick) DescribeAction(a engine.Action) string     { return fmt.Sprintf("pick %d", a.Arg) }
func (g *highPick) FormatAction(a engine.Action) string       { return fmt.Sprintf("pick %d", a.Arg) }
func (g *highPick) ParseAction(string) (engine.Action, error) {
	return engine.Action{}, engine.ErrNotation
}
func (g *highPick) Turn() int                    { return 1 }
func (g *highPick) Hash() uint64                 { return uint64(g.pick[0])<<8 | uint64(g.pick[1]) }
func (g *highPick) CopyFrom(src engine.State)    { *g = *src.(*highPick) }
func (g *highPick) Clone() engine.State          { c := *g; return &c }
func (g *highPick) MarshalJSON() ([]byte, error) { return []byte("{}"), nil }
func (g *highPick) Owes(side engine.Player) bool { return !g.Terminal() && g.pick[side] == 0 }
func (g *highPick) LegalFor(side engine.Player, buf []engine.Action) []engine.Action {
	if g.Owes(side) {
		for v := uint8(1); v <= 3; v++ {
			buf = append(buf, engine.Action{Kind: 1, Arg: v})
		}
	}
	return buf
}
func (g *highPick) Commit(side engine.Player, a engine.Action) error {
	if !g.Owes(side) || a.Kind != 1 || a.Arg < 1 || a.Arg > 3 {
		return engine.ErrIllegal
	}
	g.pick[side] = a.Arg
	return nil
}
func (g *highPick) View(side engine.Player) engine.State {
	c := *g
	if !c.Terminal() {
		c.pick[1-side] = 0
	}
	return &c
}

// TestMCTSSealedDominantChoice: at a sealed point each side's choice is
// searched on its own statistics (decoupled UCT), and both find the
// dominant pick; the side not asked gets no answer for itself.
func TestMCTSSealedDominantChoice(t *testing.T) {
	for side := engine.Player(0); side < 2; side++ {
		m := mustAgent(t, genericMCTS, 3)
		e, ok := m.(Explainer)
		if !ok {
			t.Fatal("mcts does not explain")
		}
		a, why, err := e.ChooseExplained(context.Background(), &highPick{}, side)
		if err != nil {
			t.Fatal(err)
		}
		if a.Arg != 3 || why.Player != side {
			t.Errorf("side %d picked %d (explained for %s), want the dominant 3", side, a.Arg, why.Player)
		}
		for _, c := range why.Candidates {
			if c.Action.Kind != 1 {
				t.Errorf("side %d's candidates hold %v", side, c.Action)
			}
		}
		if len(why.Candidates) > 3 {
			t.Errorf("side %d weighed %d candidates: the other side's choices leaked into its own", side, len(why.Candidates))
		}
	}
	// After side 0 commits, side 1 is handed its view, where side 0's
	// choice is hidden: the search is the same whatever side 0 chose.
	var got [3]engine.Action
	for pick := uint8(1); pick <= 3; pick++ {
		st := &highPick{}
		if err := st.Commit(0, engine.Action{Kind: 1, Arg: pick}); err != nil {
			t.Fatal(err)
		}
		a, err := mustAgent(t, genericMCTS, 3).Choose(context.Background(), engine.ViewFor(st, 1), 1)
		if err != nil {
			t.Fatal(err)
		}
		got[pick-1] = a
	}
	if got[0] != got[1] || got[1] != got[2] {
		t.Errorf("side 1's choice depends on side 0's sealed one: %v", got)
	}
	if _, err := mustAgent(t, genericMCTS, 3).Choose(context.Background(), &highPick{pick: [2]uint8{2, 0}}, 0); err == nil {
		t.Error("mcts chose for a side that has committed")
	}
}

// TestMCTSPlaysTheToy: MCTS plays whole toy games (sealed postures each
// turn, 20-dice pools) against random from both sides, every choice legal.
func TestMCTSPlaysTheToy(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		players := [2]Agent{mustAgent(t, "mcts:iters=60,prior=none,playout=random,eval=none", seed), NewRandom(seed)}
		if seed%2 == 0 {
			players[0], players[1] = players[1], players[0]
		}
		if sealed := playToyGame(t, players, seed); sealed == 0 {
			t.Errorf("seed %d: the game had no sealed choice", seed)
		}
	}
}

// TestPortfolioSealed: the portfolio scores its side's sealed choices by
// playouts (the other side choosing unseen by the enemy script), finds
// the dominant pick, and plays whole toy games.
func TestPortfolioSealed(t *testing.T) {
	const spec = "portfolio:iters=60,playouts=2,scripts=random,enemy=random,eval=none"
	for side := engine.Player(0); side < 2; side++ {
		a, why, err := mustAgent(t, spec, 5).(Explainer).ChooseExplained(context.Background(), &highPick{}, side)
		if err != nil {
			t.Fatal(err)
		}
		if a.Arg != 3 || why.Player != side || len(why.Candidates) != 3 {
			t.Errorf("side %d picked %d from %d candidates, want the dominant 3 of 3", side, a.Arg, len(why.Candidates))
		}
	}
	for seed := uint64(1); seed <= 2; seed++ {
		playToyGame(t, [2]Agent{mustAgent(t, spec, seed), NewRandom(seed)}, seed)
	}
}

// playToyGame plays a whole toy game of the first scenario between
// players, with dice seeded by seed, each side choosing from its own view,
// and returns how many sealed points it had. It fails the test if a player
// errs or chooses a refused action.
func playToyGame(t *testing.T, players [2]Agent, seed uint64) (sealed int) {
	t.Helper()
	rs := toy.Rules{}
	st, err := rs.NewGame(rs.Scenarios()[0], engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dice := engine.NewRandomDice(seed)
	for steps := 0; !st.Terminal(); steps++ {
		if steps > 10000 {
			t.Fatal("the toy game does not end")
		}
		if st.ToMove() == engine.Chance {
			d, _ := dice.Roll(st.PendingRoll())
			if err := st.ApplyDice(d); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if st.ToMove() == engine.Both {
			sealed++
		}
		p := engine.Deciders(st, nil)[0]
		a, err := players[p].Choose(context.Background(), engine.ViewFor(st, p), p)
		if err != nil {
			t.Fatalf("seed %d, step %d, %s: %v", seed, steps, p, err)
		}
		if err := engine.Play(st, p, a); err != nil {
			t.Fatalf("seed %d, step %d: %s's choice %s refused: %v", seed, steps, p, st.FormatAction(a), err)
		}
	}
	return sealed
}

// TestMCTSChanceNodesUseCompactOutcomes: with a chance node per outcome
// (dice=nodes), a toy volley of up to 20 dice at 4+ has a child per number
// of hits (at most 21) and a morale test one per face pair of its 2D6 (36),
// revisited, not one per face combination of the pool, which would rarely
// repeat (a 10-dice volley has 6^10 of them).
func TestMCTSChanceNodesUseCompactOutcomes(t *testing.T) {
	rs := toy.Rules{}
	st, err := rs.NewGame(rs.Scenarios()[0], engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	m := mustAgent(t, "mcts:iters=400,prior=none,playout=random,eval=none,dice=nodes,reuse=false", 2).(*MCTS)
	dice := engine.NewRandomDice(2)
	widest, volleys := 0, 0
	for steps := 0; steps < 60 && !st.Terminal(); steps++ {
		if st.ToMove() == engine.Chance {
			d, _ := dice.Roll(st.PendingRoll())
			if err := st.ApplyDice(d); err != nil {
				t.Fatal(err)
			}
			continue
		}
		p := engine.Deciders(st, nil)[0]
		a, err := m.Choose(context.Background(), engine.ViewFor(st, p), p)
		if err != nil {
			t.Fatal(err)
		}
		w := m.workers[0]
		for n := range w.nodes {
			k, visits := 0, int32(0)
			for c := w.nodes[n].first; c >= 0; c = w.nodes[c].sibling {
				if w.nodes[c].player == engine.Chance {
					k++
					visits += w.nodes[c].visits
				}
			}
			if k > 6 {
				volleys++
			}
			if visits > int32(k) {
				widest = max(widest, k)
			}
			if k > 36 {
				t.Fatalf("a chance node has %d children: more than any toy roll's outcomes (21 for a volley, 36 for a morale test)", k)
			}
		}
		if err := engine.Play(st, p, a); err != nil {
			t.Fatal(err)
		}
	}
	if volleys == 0 || widest == 0 {
		t.Fatalf("no roll's outcomes were searched and revisited (rolls with more than 6 children: %d, widest revisited: %d)", volleys, widest)
	}
}
