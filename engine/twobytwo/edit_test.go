package twobytwo

import (
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// editPosition is a fixed position in play: two units a side on the
// table, side 0 to move, turn 2.
func editPosition(t *testing.T) *State {
	t.Helper()
	s := testGame(t, []UnitSpec{
		unit(0, "F1", LineInfantry, 5, 5, 0),
		unit(0, "F2", LineInfantry, 8, 5, 0),
		unit(1, "A1", LineInfantry, 5, 15, 180),
		unit(1, "A2", LightCavalry, 8, 15, 180),
	})
	s.turn = 2
	return s
}

func vec(x, y float64) *geom.Vec { return &geom.Vec{X: x, Y: y} }
func deg(d float64) *float64     { return &d }

// TestSetUnit (ruling R-TABLEEDIT): corrections change what they say and
// nothing else, and are refused, with the state unchanged, when the table
// could not hold them.
func TestSetUnit(t *testing.T) {
	tests := []struct {
		name    string
		unit    int
		edit    UnitEdit
		wantErr string
		check   func(t *testing.T, s *State)
	}{
		{name: "move and turn", unit: 0, edit: UnitEdit{Pos: vec(5, 7), Facing: deg(90)}, check: func(t *testing.T, s *State) {
			if s.U[0].Pos != (geom.Vec{X: 5, Y: 7}) || geom.FacingOf(s.U[0].Dir) != 90 {
				t.Errorf("unit 0 at %v facing %v", s.U[0].Pos, geom.FacingOf(s.U[0].Dir))
			}
		}},
		{name: "status", unit: 2, edit: UnitEdit{Status: "Pinned"}, check: func(t *testing.T, s *State) {
			if s.U[2].Stat != Pinned {
				t.Errorf("status %d", s.U[2].Stat)
			}
		}},
		{name: "destroyed counts", unit: 3, edit: UnitEdit{Status: "destroyed"}, check: func(t *testing.T, s *State) {
			if s.U[3].Loc != LocDestroyed || s.Destroyed(1) != 1 {
				t.Errorf("loc %d, destroyed %d", s.U[3].Loc, s.Destroyed(1))
			}
		}},
		{name: "overlap", unit: 0, edit: UnitEdit{Pos: vec(8.5, 5)}, wantErr: "overlap"},
		{name: "off the table", unit: 0, edit: UnitEdit{Pos: vec(0.2, 5)}, wantErr: "off the"},
		{name: "unknown status", unit: 0, edit: UnitEdit{Status: "sleepy"}, wantErr: "unknown status"},
		{name: "no unit", unit: 40, edit: UnitEdit{Status: "pinned"}, wantErr: "no unit 40"},
		{name: "back without a place", unit: 0, edit: UnitEdit{Status: "table"}, wantErr: "not off the table"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := editPosition(t)
			before := *s
			err := s.SetUnit(tc.unit, tc.edit)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want %q", err, tc.wantErr)
				}
				if *s != before {
					t.Error("a refused correction changed the state")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			tc.check(t, s)
		})
	}
}

// TestSetUnitVictory (ruling R-TABLEEDIT): the fifth unit set destroyed
// ends a fast-victory game at once, and putting one back takes it off the
// count.
func TestSetUnitVictory(t *testing.T) {
	s := editPosition(t)
	s.destroyed[1] = 4
	if err := s.SetUnit(2, UnitEdit{Status: "destroyed"}); err != nil {
		t.Fatal(err)
	}
	if !s.Terminal() || s.Result().Winner != 0 {
		t.Fatalf("result %v after the fifth loss", s.Result())
	}
	s = editPosition(t)
	if err := s.SetUnit(2, UnitEdit{Status: "destroyed"}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetUnit(2, UnitEdit{Status: "table", Pos: vec(12, 20)}); err != nil {
		t.Fatal(err)
	}
	if s.Destroyed(1) != 0 || s.U[2].Loc != LocTable || s.U[2].Stat != Ordered || geom.FacingOf(s.U[2].Dir) != 180 {
		t.Errorf("put back: destroyed %d, loc %d, status %d, facing %v", s.Destroyed(1), s.U[2].Loc, s.U[2].Stat, geom.FacingOf(s.U[2].Dir))
	}
}

// TestSetTurn (ruling R-TABLEEDIT): play resumes at the start of the given
// side's movement phase, with last turn's marks gone.
func TestSetTurn(t *testing.T) {
	s := editPosition(t)
	s.U[2].Flags |= fMoved | fFired
	if err := s.SetTurn(4, 1); err != nil {
		t.Fatal(err)
	}
	if s.Turn() != 4 || s.ToMove() != 1 || s.PhaseName() != "movement" || s.U[2].Flags&(fMoved|fFired) != 0 {
		t.Errorf("turn %d, to move %v, phase %s, flags %b", s.Turn(), s.ToMove(), s.PhaseName(), s.U[2].Flags)
	}
	var buf []engine.Action
	if len(s.Legal(buf)) == 0 {
		t.Error("no legal action after setting the turn")
	}
	for _, bad := range []struct{ turn, side int }{{0, 0}, {int(s.turnLimit) + 1, 0}, {3, 2}} {
		if err := s.SetTurn(bad.turn, bad.side); err == nil {
			t.Errorf("SetTurn(%d, %d) accepted", bad.turn, bad.side)
		}
	}
}

// TestSketch: every unit on the table appears once in the key, with its
// letter on the grid, and terrain shows.
func TestSketch(t *testing.T) {
	s := editPosition(t)
	out := s.Sketch()
	for _, want := range []string{"A ", "B ", "a ", "b ", "(north)", "(south)", SketchKey} {
		if !strings.Contains(out, want) {
			t.Errorf("sketch lacks %q:\n%s", want, out)
		}
	}
	s.SetUnit(3, UnitEdit{Status: "destroyed"})
	if strings.Contains(s.Sketch(), "  b ") {
		t.Error("a destroyed unit is still in the key")
	}
}
