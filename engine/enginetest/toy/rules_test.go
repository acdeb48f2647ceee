package toy

import (
	"errors"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
)

// Unit indices of the skirmish scenario.
const (
	bGuns = iota
	bLine
	bSkirm
	rGuns
	rLine
	rSkirm
)

// newSkirmish starts a skirmish game.
func newSkirmish(t *testing.T) *State {
	t.Helper()
	st, err := Rules{}.NewGame("skirmish", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// postures commits both sides' postures.
func postures(t *testing.T, s *State, blue, red uint8) {
	t.Helper()
	for side, p := range [2]uint8{blue, red} {
		if err := engine.Play(s, engine.Player(side), postureAction(p)); err != nil {
			t.Fatalf("%s's posture: %v", sideNames[side], err)
		}
	}
}

// do plays an order of the side to move.
func do(t *testing.T, s *State, kind uint8, unit, target int) {
	t.Helper()
	if err := s.Apply(engine.Action{Kind: kind, Unit: uint8(unit), Target: uint8(target)}); err != nil {
		t.Fatalf("%s: %v", s.DescribeAction(engine.Action{Kind: kind, Unit: uint8(unit), Target: uint8(target)}), err)
	}
}

// roll resolves the pending roll with the given faces, after checking
// what is rolled.
func roll(t *testing.T, s *State, want string, by engine.Player, faces ...int) {
	t.Helper()
	if s.ToMove() != engine.Chance {
		t.Fatalf("no roll pending (%s to move)", s.ToMove())
	}
	if r := s.PendingRoll(); r.String() != want || r.By != by {
		t.Fatalf("pending roll is %s by %s, want %s by %s (%s)", r, r.By, want, by, s.DescribeRoll())
	}
	if err := s.ApplyDice(engine.NewDice(faces...)); err != nil {
		t.Fatal(err)
	}
}

// faces is n dice: hits sixes, then ones.
func faces(n, hits int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = 1
		if i < hits {
			out[i] = 6
		}
	}
	return out
}

// The guns fire a pool of 20 dice (22 on the attack, capped), rolled by
// their side; 4+ hits, 5+ on a defending target; a target hit tests
// morale at -1 for 3 hits or more, and a failure shakes it.
func TestFirePool(t *testing.T) {
	for _, tc := range []struct {
		name       string
		blue, red  uint8
		dice       []int
		str        int8
		moraleWant string
		morale     []int
		shaken     bool
	}{
		{"attack: 20 dice, 7 hits at 4+, morale 7 failed", Attack, Attack, append(faces(13, 0), 4, 4, 4, 5, 5, 6, 6), 5, "passing on 7 or less", []int{4, 4}, true},
		{"defending target: 4s miss, morale 8 passed", Attack, Defend, append(faces(13, 0), 4, 4, 4, 5, 5, 6, 6), 8, "passing on 8 or less", []int{4, 4}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSkirmish(t)
			s.u[rLine].Pos = 4 // within the guns' range of 4
			postures(t, s, tc.blue, tc.red)
			if s.ToMove() != 0 {
				t.Fatalf("%s to move, want Blue on turn 1", s.ToMove())
			}
			do(t, s, KindFire, bGuns, rLine)
			roll(t, s, "20d6", 0, tc.dice...)
			if s.u[rLine].Str != tc.str {
				t.Fatalf("R-Line strength %d, want %d", s.u[rLine].Str, tc.str)
			}
			if !strings.Contains(s.DescribeRoll(), tc.moraleWant) {
				t.Fatalf("the morale test reads %q, want %q", s.DescribeRoll(), tc.moraleWant)
			}
			roll(t, s, "2d6", 1, tc.morale...)
			if got := s.u[rLine].Flags&fShaken != 0; got != tc.shaken {
				t.Fatalf("shaken %v, want %v", got, tc.shaken)
			}
			if s.ToMove() != 1 {
				t.Fatalf("%s to move after Blue's activation, want Red", s.ToMove())
			}
		})
	}
}

// Search sees a 20-dice pool as 21 outcomes, by hits.
func TestFireOutcomes(t *testing.T) {
	s := newSkirmish(t)
	s.u[rLine].Pos = 4
	postures(t, s, Attack, Defend)
	do(t, s, KindFire, bGuns, rLine)
	outs := engine.Outcomes(s, nil, 36)
	if len(outs) != 21 {
		t.Fatalf("%d outcomes, want 21", len(outs))
	}
	c := s.Clone().(*State)
	if err := c.ApplyDice(outs[20].Dice); err != nil {
		t.Fatal(err)
	}
	if c.u[rLine].Str != 0 || c.lost[1] != 12 || c.Terminal() {
		t.Fatalf("20 hits leave R-Line at %d, Red lost %d, terminal %v", c.u[rLine].Str, c.lost[1], c.Terminal())
	}
}

// A charge: the charger moves next to the target, which tests morale at
// -2; passed, the charger loses 2 and is shaken; failed, the target loses
// 3, is shaken and falls back, destroyed if it cannot.
func TestCharge(t *testing.T) {
	for _, tc := range []struct {
		name                  string
		morale                []int
		blocked               bool
		lineStr, tgtStr       int8
		tgtPos                int8
		lineShaken, tgtShaken bool
	}{
		{"passed", []int{2, 3}, false, 10, 6, 4, true, false},
		{"failed, falls back", []int{5, 6}, false, 12, 3, 5, false, true},
		{"failed, cannot fall back", []int{5, 6}, true, 12, 0, 0, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSkirmish(t)
			// R-Skirm two squares from B-Line, with B-Skirm out of the way.
			s.u[rSkirm].Pos, s.u[bSkirm].Pos = 4, 1
			if tc.blocked {
				s.u[rLine].Pos = 5
			}
			postures(t, s, Attack, Attack)
			do(t, s, KindCharge, bLine, rSkirm)
			if s.u[bLine].Pos != 3 {
				t.Fatalf("the charger is on %d, want 3", s.u[bLine].Pos)
			}
			roll(t, s, "2d6", 1, tc.morale...)
			u, v := s.u[bLine], s.u[rSkirm]
			if u.Str != tc.lineStr || v.Str != tc.tgtStr || (v.Str > 0 && v.Pos != tc.tgtPos) {
				t.Fatalf("after the charge B-Line %+v, R-Skirm %+v", u, v)
			}
			if got := u.Flags&fShaken != 0; got != tc.lineShaken {
				t.Fatalf("B-Line shaken %v, want %v", got, tc.lineShaken)
			}
			if got := v.Flags&fShaken != 0; v.Str > 0 && got != tc.tgtShaken {
				t.Fatalf("R-Skirm shaken %v, want %v", got, tc.tgtShaken)
			}
		})
	}
}

// The postures are sealed: the first committed is hidden from the other
// side's view, neither side may commit twice, and a side that alone
// maneuvers acts first.
func TestSealedPostures(t *testing.T) {
	s := newSkirmish(t)
	if s.ToMove() != engine.Both || !s.Owes(0) || !s.Owes(1) {
		t.Fatalf("turn 1 begins with %s to move", s.ToMove())
	}
	if err := s.Apply(engine.Action{Kind: KindHold, Unit: bLine}); !errors.Is(err, engine.ErrIllegal) {
		t.Fatalf("an order before the postures: %v", err)
	}
	if err := s.Commit(1, postureAction(Maneuver)); err != nil {
		t.Fatal(err)
	}
	if v := s.View(0).(*State); v.posture[1] != NoPosture || !v.Owes(1) {
		t.Fatalf("Blue's view shows Red's posture %s", postureNames[v.posture[1]])
	}
	if v := s.View(1).(*State); v.posture[1] != Maneuver {
		t.Fatalf("Red's own view lost its posture")
	}
	if err := s.Commit(1, postureAction(Attack)); !errors.Is(err, engine.ErrIllegal) {
		t.Fatalf("a second commit by Red: %v", err)
	}
	if err := s.Commit(0, engine.Action{Kind: KindPosture, Arg: 9}); !errors.Is(err, engine.ErrIllegal) {
		t.Fatalf("posture 9: %v", err)
	}
	if err := s.Commit(0, postureAction(Defend)); err != nil {
		t.Fatal(err)
	}
	if s.ToMove() != 1 {
		t.Fatalf("%s acts first, want Red, who alone maneuvered", s.ToMove())
	}
	if v := s.View(0).(*State); v.posture[1] != Maneuver {
		t.Fatalf("the postures are not revealed once both are in")
	}
	// Maneuvering skirmishers advance 2 squares.
	do(t, s, KindAdvance, rSkirm, 0)
	if s.u[rSkirm].Pos != 6 {
		t.Fatalf("R-Skirm advanced to %d, want 6", s.u[rSkirm].Pos)
	}
}

// endTurnHolding plays a turn in which every unit holds.
func endTurnHolding(t *testing.T, s *State, blue, red uint8) {
	t.Helper()
	postures(t, s, blue, red)
	var buf []engine.Action
	for s.phase == phActivate && !s.Terminal() {
		buf = s.Legal(buf[:0])
		if len(buf) == 0 || buf[0].Kind != KindHold {
			t.Fatalf("no hold order first: %v", buf)
		}
		if err := s.Apply(buf[0]); err != nil {
			t.Fatal(err)
		}
	}
}

// Two turns running of both sides defending are a draw by the rules;
// otherwise the last turn ends the game on the turn limit.
func TestResults(t *testing.T) {
	s := newSkirmish(t)
	endTurnHolding(t, s, Defend, Defend)
	if s.Terminal() {
		t.Fatal("over after one defensive turn")
	}
	endTurnHolding(t, s, Defend, Defend)
	if r := s.Result(); !r.Over || r.Kind != engine.RulesDraw || r.Winner != engine.NoPlayer {
		t.Fatalf("after two defensive turns: %s (%s)", r, r.Kind)
	}

	st, err := Rules{}.NewGame("duel", engine.Options{TurnLimit: 2})
	if err != nil {
		t.Fatal(err)
	}
	s = st.(*State)
	endTurnHolding(t, s, Defend, Attack)
	endTurnHolding(t, s, Attack, Defend)
	if r := s.Result(); r.Kind != engine.TurnLimit || s.Turn() != 2 {
		t.Fatalf("after the last turn: %s (%s), turn %d", r, r.Kind, s.Turn())
	}
	if m := s.MaterialDestroyed(); m != [2]float64{} {
		t.Fatalf("material %v with no losses", m)
	}
}

// A destroyed side loses, and the material counts what each side took.
func TestVictory(t *testing.T) {
	st, err := Rules{}.NewGame("duel", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	s.u[2].Str, s.u[3].Str = 1, 0 // Red: R-Line at 1, R-Skirm destroyed
	s.lost[1] = 17
	s.u[2].Pos = 5
	postures(t, s, Attack, Attack)
	do(t, s, KindFire, 0, 2) // B-Line fires 14 dice
	roll(t, s, "14d6", 0, faces(14, 1)...)
	if r := s.Result(); r.Kind != engine.Victory || r.Winner != 0 || r.Reason != "Red is destroyed" {
		t.Fatalf("result %s (%s)", r, r.Kind)
	}
	if m := s.MaterialDestroyed(); m != [2]float64{18, 0} {
		t.Fatalf("material %v, want [18 0]", m)
	}
	if sk := s.Sketch(); !strings.Contains(sk, "L") || strings.Contains(sk, "l") {
		t.Fatalf("sketch %q", sk)
	}
}

// The notation reads back every order and posture, and refuses what is
// not one with the reason.
func TestNotation(t *testing.T) {
	s := newSkirmish(t)
	for _, a := range []engine.Action{
		postureAction(Attack), postureAction(Maneuver),
		{Kind: KindHold, Unit: bLine}, {Kind: KindAdvance, Unit: rGuns},
		{Kind: KindFire, Unit: bGuns, Target: rSkirm}, {Kind: KindCharge, Unit: rLine, Target: bSkirm},
	} {
		text := s.FormatAction(a)
		if b, err := s.ParseAction(text); err != nil || b != a {
			t.Errorf("%q reads back as %+v, %v; want %+v", text, b, err, a)
		}
	}
	if got := s.FormatAction(engine.Action{Kind: KindFire, Unit: bGuns, Target: rLine}); got != "B-Guns fire R-Line" {
		t.Errorf("fire is written %q", got)
	}
	for _, text := range []string{"", "posture", "posture sleep", "B-Line", "B-Line fire", "B-Line hold R-Line", "X-Line hold", "B-Line dance", "B-Line fire R-Nobody", "posture attack now"} {
		if a, err := s.ParseAction(text); !errors.Is(err, errNotation) {
			t.Errorf("%q parses as %+v, %v", text, a, err)
		}
	}
}
