package twobytwo

import (
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// unit is a compact way to write a test unit: side, label, type and a
// placement (facing in degrees, 0 = north).
func unit(side int, label string, t UnitType, x, y, facing float64) UnitSpec {
	return UnitSpec{Side: side, Label: label, Type: t, Start: &Placement{X: x, Y: y, Facing: facing}}
}

// waiting is a unit queued at reinforcement point pt.
func waiting(side int, label string, t UnitType, pt int) UnitSpec {
	return UnitSpec{Side: side, Label: label, Type: t, Point: pt}
}

// testGame builds a fixed set-up game: side 1 attacks, so side 0 (the
// defender) moves first. Each side gets a corps HQ far in its rear corner
// unless the units already include one; every other unit answers to its
// side's corps HQ unless it names an HQ (so index 0 cannot be named as
// an HQ: put a division HQ anywhere but first).
func testGame(t testing.TB, units []UnitSpec, terrain ...Feature) *State {
	t.Helper()
	var all []UnitSpec
	var corps [2]int
	corps[0], corps[1] = -1, -1
	for i, u := range units {
		if u.Type == CorpsHQ {
			corps[u.Side] = i
		}
	}
	all = append(all, units...)
	for side := 0; side < 2; side++ {
		if corps[side] < 0 {
			y := 0.5
			if side == 1 {
				y = 23.5
			}
			corps[side] = len(all)
			all = append(all, unit(side, []string{"F-CHQ", "A-CHQ"}[side], CorpsHQ, 23, y, facingOfSide(side)))
		}
	}
	for i := range all {
		if all[i].Type == CorpsHQ {
			all[i].HQ = -1
		} else if all[i].HQ == 0 {
			all[i].HQ = corps[all[i].Side]
		}
	}
	sc := &Scenario{
		Name: "test", Title: "test", Size: 24, SideNames: [2]string{"French", "Austrians"},
		Units: all, Terrain: terrain, Attacker: 1, TurnLimit: 30, Victory: Fast,
		Points: [2][]PointSpec{{{Edge: South, At: 4}, {Edge: South, At: 20}}, {{Edge: North, At: 4}, {Edge: West, At: 12}}},
	}
	s, err := NewGameOn(sc, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// idx finds a unit by label.
func idx(t testing.TB, s *State, label string) int {
	t.Helper()
	for i := 0; i < int(s.n); i++ {
		if s.sc.Units[i].Label == label {
			return i
		}
	}
	t.Fatalf("no unit %q", label)
	return -1
}

// roll applies scripted dice to the pending chance event, failing if none
// is pending.
func roll(t testing.TB, s *State, values ...int) {
	t.Helper()
	if s.ToMove() != engine.Chance {
		t.Fatalf("no roll pending (phase %s); wanted to roll %v", s.PhaseName(), values)
	}
	if err := s.ApplyDice(engine.NewDice(values...)); err != nil {
		t.Fatalf("roll %v: %v", values, err)
	}
}

// do applies an action that must be legal.
func do(t testing.TB, s *State, a engine.Action) {
	t.Helper()
	if err := s.Apply(a); err != nil {
		t.Fatalf("apply: %v", err)
	}
}

// refuse applies an action that must be refused with a message containing want.
func refuse(t testing.TB, s *State, a engine.Action, want string) {
	t.Helper()
	before := *s
	err := s.Apply(a)
	if err == nil {
		t.Fatalf("%s was accepted, want refusal containing %q", s.DescribeAction(a), want)
	}
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("refusal %q does not contain %q", err, want)
	}
	if *s != before {
		t.Fatalf("a refused action changed the state")
	}
}

// moveTo is a free-form move of unit i through the given points.
func moveTo(i int, facing float64, pts ...geom.Vec) engine.Action {
	a := act(KindMove, i, NoUnit)
	a.NPath = uint8(copy(a.Path[:], pts))
	a.Facing = facing
	return a
}

// endPhase ends the current decision phase (movement, shooting).
func endPhase(t testing.TB, s *State) { t.Helper(); do(t, s, act(KindEnd, NoUnit, NoUnit)) }

// toShooting ends side 0's movement (and any rally) so that side 1 shoots.
func toShooting(t testing.TB, s *State) {
	t.Helper()
	endPhase(t, s)
	if s.phase != phShoot {
		t.Fatalf("expected the shooting phase, got %s", s.PhaseName())
	}
}
