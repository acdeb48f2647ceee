package agents

import (
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/twobytwo"
)

// TestMCTSPricesTheAttackersPin: "if you are on the attack then you should
// avoid firing as your attack will stall". In the attacker's shooting
// phase, the attacking battalion's volley and the end of shooting have the
// same statistics in the tree (the volley first, so a tie would go to it);
// the search selects the end, the volley paying the pin. A volley by the
// defender pays nothing (the same tree at pin=0 selects the volley).
func TestMCTSPricesTheAttackersPin(t *testing.T) {
	units := []twobytwo.UnitSpec{
		hUnit(0, "S-CHQ", twobytwo.CorpsHQ, -1, 4, 2, 0),
		hUnit(0, "Conscripts", twobytwo.LineInfantry, 0, 12, 12, 0),
		hUnit(1, "N-CHQ", twobytwo.CorpsHQ, -1, 20, 22, 180),
		hUnit(1, "Grenadiers", twobytwo.LineInfantry, 2, 12, 13.25, 180),
	}
	st := hPosition(t, units, [2][]twobytwo.PointSpec{})
	us := hLabel(t, st, "Grenadiers")
	if err := st.Apply(engine.Action{Kind: twobytwo.KindEnd}); err != nil {
		t.Fatal(err)
	}
	dice := engine.NewRandomDice(3)
	for st.ToMove() == engine.Chance {
		d, _ := dice.Roll(st.PendingRoll())
		if err := st.ApplyDice(d); err != nil {
			t.Fatal(err)
		}
	}
	if st.PhaseName() != "shooting" || st.ToMove() != 1 {
		t.Fatalf("not at the attacker's shooting: %s, %v to move", st.PhaseName(), st.ToMove())
	}
	var fire, end engine.Action
	legal := st.Legal(nil)
	for _, a := range legal {
		switch {
		case a.Kind == twobytwo.KindFire && int(a.Unit) == us:
			fire = a
		case a.Kind == twobytwo.KindEnd:
			end = a
		}
	}
	if fire.Kind != twobytwo.KindFire || end.Kind != twobytwo.KindEnd {
		t.Fatalf("the position offers no volley and end: %v", legal)
	}
	for _, tc := range []struct {
		spec string
		want engine.Action
	}{
		{"mcts:iters=10", end},
		{"mcts:iters=10,pin=0", fire},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			a, err := New(tc.spec, 1)
			if err != nil {
				t.Fatal(err)
			}
			m := a.(*MCTS)
			if err := m.bind(st); err != nil {
				t.Fatal(err)
			}
			w := m.workers[0]
			w.scratch = st.Clone()
			w.buf = append(w.buf[:0], legal...)
			w.nodes = w.nodes[:0]
			root := w.newNode(engine.Action{}, engine.Chance)
			e := w.newNode(end, 1)
			f := w.newNode(fire, 1)
			w.nodes[root].first, w.nodes[f].sibling, w.nodes[e].sibling = f, e, -1
			w.nodes[root].visits = 20
			for _, k := range []int32{e, f} {
				w.nodes[k].visits, w.nodes[k].value, w.nodes[k].rank = 10, 1, 0
			}
			if got := w.selectChild(root); w.nodes[got].action != tc.want {
				t.Errorf("selected %s, want %s", st.DescribeAction(w.nodes[got].action), st.DescribeAction(tc.want))
			}
		})
	}
}
