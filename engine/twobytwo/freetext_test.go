package twobytwo

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

func TestParseLength(t *testing.T) {
	tests := []struct {
		in   string
		def  LengthUnit
		want float64
		err  bool
	}{
		{"12.5", Inches, 12.5, false},
		{"12.5in", Millimetres, 12.5, false},
		{`3"`, Paces, 3, false},
		{"300mm", Inches, 12, false},
		{"300", Millimetres, 12, false},
		{"600p", Inches, 2, false},
		{"900paces", Inches, 3, false},
		{"150", Paces, 0.5, false},
		{"-2", Inches, -2, false},
		{"", Inches, 0, true},
		{"mm", Inches, 0, true},
		{"3ft", Inches, 0, true},
		{"NaN", Inches, 0, true},
		{"1e999", Inches, 0, true},
	}
	for _, tc := range tests {
		got, err := ParseLength(tc.in, tc.def)
		if (err != nil) != tc.err || !tc.err && math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("ParseLength(%q, %v) = %v, %v; want %v (error %v)", tc.in, tc.def, got, err, tc.want, tc.err)
		}
	}
}

func TestParseFacing(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		err  bool
	}{
		{"90", 90, false}, {"-90", 270, false}, {"450", 90, false}, {"north", 0, false}, {"SW", 225, false},
		{"45deg", 45, false}, {"up", 0, true}, {"", 0, true}, {"inf", 0, true},
	}
	for _, tc := range tests {
		got, err := ParseFacing(tc.in)
		if (err != nil) != tc.err || !tc.err && got != tc.want {
			t.Errorf("ParseFacing(%q) = %v, %v; want %v (error %v)", tc.in, got, err, tc.want, tc.err)
		}
	}
}

// TestParseMove checks the words of a free-form move reach the action's
// path and facing; the rules judge the move when it is played.
func TestParseMove(t *testing.T) {
	st, err := NewGame("standard", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	i, _ := st.UnitByLabel("F3 Line")
	st.U[i].Pos, st.U[i].Dir = geom.Vec{X: 5, Y: 5}, geom.Heading(0)
	tests := []struct {
		line   string
		path   []geom.Vec
		facing float64
		slide  bool
	}{
		{"F3 Line to 5 8", []geom.Vec{{X: 5, Y: 8}}, 0, false},
		{"f3 line to 8,5", []geom.Vec{{X: 8, Y: 5}}, 90, false},
		{"F3 Line via 5 6 to 7 6 facing 45", []geom.Vec{{X: 5, Y: 6}, {X: 7, Y: 6}}, 45, false},
		{"#" + strconv.Itoa(i) + " to 125mm 150mm face south", []geom.Vec{{X: 5, Y: 6}}, 180, false},
		{"F3 Line to 6 5 slide", []geom.Vec{{X: 6, Y: 5}}, 0, true},
	}
	for _, tc := range tests {
		a, err := st.ParseMove(tc.line)
		if err != nil {
			t.Errorf("%s: %v", tc.line, err)
			continue
		}
		if int(a.Unit) != i || int(a.NPath) != len(tc.path) || a.Facing != tc.facing || (a.Kind == KindSlide) != tc.slide {
			t.Errorf("%s: unit %d path %v facing %v kind %d", tc.line, a.Unit, a.Points(), a.Facing, a.Kind)
			continue
		}
		for k, p := range tc.path {
			if a.Path[k].Dist(p) > 1e-9 {
				t.Errorf("%s: point %d is %v, want %v", tc.line, k, a.Path[k], p)
			}
		}
	}
}

// FuzzParseMove: no words make the move parser panic, and an accepted move
// has one to MaxPath finite points.
func FuzzParseMove(f *testing.F) {
	st, err := NewGame("standard", engine.Options{})
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{"F3 Line to 5 8", "#3 via 1,1 to 2mm 3p facing ne slide", "F3 Line to", "to 1 2", "#x to 1 1", "F3 Line via 1 1 via 2 2 via 3 3 to 4 4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		a, err := st.ParseMoveIn(line, "mm")
		if err != nil {
			return
		}
		if a.NPath < 1 || int(a.NPath) > len(a.Path) {
			t.Fatalf("%q: %d points", line, a.NPath)
		}
		for _, p := range a.Points() {
			if math.IsNaN(p.X) || math.IsInf(p.X, 0) || math.IsNaN(p.Y) || math.IsInf(p.Y, 0) {
				t.Fatalf("%q: point %v", line, p)
			}
		}
	})
}

func TestWords(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
		err  bool
	}{
		{`F3 Line to 12 8`, []string{"F3", "Line", "to", "12", "8"}, false},
		{`"F3 Line" to 3" 4"`, []string{"F3 Line", "to", `3"`, `4"`}, false},
		{`unit A1 status ""`, []string{"unit", "A1", "status", ""}, false},
		{"  a\tb  ", []string{"a", "b"}, false},
		{`"open`, nil, true},
	} {
		got, err := Words(c.in)
		if (err != nil) != c.err || strings.Join(got, "|") != strings.Join(c.want, "|") || len(got) != len(c.want) {
			t.Errorf("Words(%q) = %q, %v; want %q (error %v)", c.in, got, err, c.want, c.err)
		}
	}
}

// TestParsePlacement: "place UNIT at X Y" reads as a deployment, facing
// the enemy's edge unless a facing is given; its mistakes say how to
// write one.
func TestParsePlacement(t *testing.T) {
	st, err := NewGame("standard", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; st.ToMove() == engine.Chance && k < 20; k++ {
		r := st.PendingRoll()
		vals := make([]int, r.Count())
		for j := range vals {
			vals[j] = 1 + (k+5*j)%r.Sides(j)
		}
		if err := st.ApplyDice(engine.NewDice(vals...)); err != nil {
			t.Fatal(err)
		}
	}
	legal := st.Legal(nil)
	var dep engine.Action
	for _, a := range legal {
		if a.Kind == KindDeploy {
			dep = a
			break
		}
	}
	if dep.Kind != KindDeploy {
		t.Fatalf("no deployment among %d legal actions", len(legal))
	}
	label := st.Spec(int(dep.Unit)).Label
	at := dep.Path[0]
	text := "place \"" + label + "\" at " + strconv.FormatFloat(at.X, 'g', -1, 64) + " " + strconv.FormatFloat(at.Y, 'g', -1, 64)
	a, err := st.ParseMove(text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	if a.Kind != KindDeploy || a.Unit != dep.Unit || a.Path[0] != at || a.Facing != FacingOfSide(st.Spec(int(dep.Unit)).Side) {
		t.Errorf("%s: %+v", text, a)
	}
	if a, err = st.ParseMoveIn(text+" facing east", "in"); err != nil || a.Facing != 90 {
		t.Errorf("%s facing east: %v %v", text, a.Facing, err)
	}
	for _, c := range []struct{ text, want string }{
		{"place " + label, "say where"},
		{"place NOSUCH at 1 1", "no unit is labelled"},
		{"place " + label + " at 1 1 slide", "place UNIT at X Y"},
		{"NOSUCH to 1 1", "no unit is labelled"},
		{"#9999 to 1 1", "unit numbers run from #0"},
		{label + " to 1", "needs a point"},
	} {
		if _, err := st.ParseMove(c.text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.text, err, c.want)
		}
	}
	if _, err := st.ParseMoveIn(text, "ft"); err == nil || !strings.Contains(err.Error(), "unknown unit") {
		t.Errorf("unit ft: %v", err)
	}
}

// TestCorrect: a correction says what it changed; one refused leaves the
// state as it was.
func TestCorrect(t *testing.T) {
	st := editPosition(t)
	i := idx(t, st, "F1")
	what, err := st.CorrectIn("unit \"f1\" at 125mm 150mm facing east status pinned", "mm")
	if err != nil || what != "set F1" {
		t.Fatalf("correct: %q %v", what, err)
	}
	if st.U[i].Pos.Dist(geom.Vec{X: 5, Y: 6}) > 1e-9 || geom.FacingOf(st.U[i].Dir) != 90 || st.U[i].Stat != Pinned {
		t.Errorf("after the correction: %+v", st.U[i])
	}
	before := st.Hash()
	for _, c := range []struct{ text, want string }{
		{"", "set needs unit"},
		{"unit F1", "say what to change"},
		{"unit F1 status asleep", `unknown status "asleep"`},
		{"unit F1 at -5 3", "off the"},
		{"turn 0", "outside 1 to"},
		{"turn 2 side 7", `unknown side "7"`},
		{"weather rain", `set "weather"`},
	} {
		if _, err := st.Correct(c.text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.text, err, c.want)
		}
		if st.Hash() != before {
			t.Fatalf("%q changed the state", c.text)
		}
	}
	other := st.SideName(1)
	if what, err := st.Correct("turn 3 side " + other); err != nil || what != "turn 3, "+other+" to move" || st.Turn() != 3 || st.Phasing() != 1 {
		t.Errorf("turn: %q %v (turn %d, phasing %d)", what, err, st.Turn(), st.Phasing())
	}
}

// TestCorrectMarks (ruling R-TABLEEDIT): a correction sets and clears
// what a unit has done this phase or turn, as the table says, alone or
// with its place; an unknown mark, or a mark in a placement, is refused
// and changes nothing.
func TestCorrectMarks(t *testing.T) {
	st := editPosition(t)
	i := idx(t, st, "F1")
	for _, c := range []struct {
		text      string
		set, zero uint16
	}{
		{"unit F1 moved fired road-column", fMoved | fFired | fRoadColumn, 0},
		{"unit F1 not-fired through-town fought followed-up", fMoved | fRoadColumn | fThroughTown | fFought | fSubsequent, fFired},
		{"unit F1 at 5 6 not-moved not-road-column", fThroughTown | fFought | fSubsequent, fMoved | fRoadColumn},
		{"unit F1 moved not-moved", 0, fMoved},
	} {
		if what, err := st.Correct(c.text); err != nil || what != "set F1" {
			t.Fatalf("%q: %q %v", c.text, what, err)
		}
		if f := st.U[i].Flags; f&c.set != c.set || f&c.zero != 0 {
			t.Fatalf("%q: flags %b, want %b set and %b clear", c.text, f, c.set, c.zero)
		}
	}
	before := st.Hash()
	for _, bad := range []string{"unit F1 sleepy", "unit F1 not-sleepy", "unit F1 moved at -5 3"} {
		if _, err := st.Correct(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
		if st.Hash() != before {
			t.Fatalf("%q changed the state", bad)
		}
	}
	if _, err := st.ParseMove("place F1 at 5 6 moved"); err == nil {
		t.Error("a mark in a placement was accepted")
	}
}

// TestPieces: every unit is a piece, numbered as the units are, with one
// base on the table and none off it.
func TestPieces(t *testing.T) {
	st := editPosition(t)
	if _, err := st.Correct("unit A2 status destroyed"); err != nil {
		t.Fatal(err)
	}
	ps := st.Pieces(nil)
	if len(ps) != st.NumUnits() {
		t.Fatalf("%d pieces for %d units", len(ps), st.NumUnits())
	}
	onTable := 0
	for i, p := range ps {
		u, spec := &st.U[i], st.Spec(i)
		if p.ID != i || p.Label != spec.Label || p.Name != spec.Type.String() || int(p.Side) != spec.Side {
			t.Errorf("piece %d: %+v", i, p)
		}
		switch {
		case u.Loc == LocTable:
			onTable++
			if p.Where != "table" || len(p.Bases) != 1 || p.Bases[0].Centre != u.Pos || p.Bases[0].Facing != geom.FacingOf(u.Dir) || p.Status != statusNames[u.Stat] {
				t.Errorf("piece %d on the table: %+v", i, p)
			}
		case len(p.Bases) != 0 || p.Where == "" || p.Where == "table" || p.Status != p.Where:
			t.Errorf("piece %d off the table: %+v", i, p)
		}
	}
	if onTable == 0 {
		t.Errorf("no piece on the table")
	}
	if w, d := st.TableSize(); w != st.Scenario().Size || d != w {
		t.Errorf("table %g x %g", w, d)
	}
	if st.SideName(0) != st.Scenario().SideNames[0] || st.SideName(engine.Chance) != "" {
		t.Errorf("side names %q %q", st.SideName(0), st.SideName(engine.Chance))
	}
}

// TestLabelsAndUnits: labels are found exactly, ignoring case or by a
// unique beginning, quoted with either quote; a label not found names the
// close ones; the front end's unit may be any name of Lengths.
func TestLabelsAndUnits(t *testing.T) {
	st, err := NewGame("standard", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	f3, _ := st.UnitByLabel("F3 Line")
	st.U[f3].Pos, st.U[f3].Dir = geom.Vec{X: 5, Y: 5}, geom.Heading(0)
	for _, c := range []struct {
		line, unit string
		want       geom.Vec
	}{
		{"'F3 Line' to 5 8", "", geom.Vec{X: 5, Y: 8}},
		{`"f3 line",to,5,8`, "", geom.Vec{X: 5, Y: 8}},
		{"F3 to 5 8", "", geom.Vec{X: 5, Y: 8}},
		{"F3 Line to 1500 2400", "p", geom.Vec{X: 5, Y: 8}},
		{"F3 Line to 5 8", "inches", geom.Vec{X: 5, Y: 8}},
		{"F3 Line to 125 200", "millimetres", geom.Vec{X: 5, Y: 8}},
	} {
		a, err := st.ParseMoveIn(c.line, c.unit)
		if err != nil || int(a.Unit) != f3 || a.Path[0].Dist(c.want) > 1e-9 {
			t.Errorf("%q in %q: unit %d at %v, %v", c.line, c.unit, a.Unit, a.Path[0], err)
		}
	}
	for _, c := range []struct{ line, unit, want string }{
		{"F1 to 5 8", "", "could be F1 Line or F10 Line"},
		{"F3 Lime to 5 8", "", `no unit is labelled "F3 Lime" (did you mean F3 Line`},
		{"'F3 Line to 5 8", "", "single quote at character 1 is not closed"},
		{"F3 Line to 5 8", "bw", `unknown unit "bw": the table measures in inches; use in, mm or paces`},
		{"F3 Line to 5 8bw", "", `unknown unit "bw"`},
	} {
		if _, err := st.ParseMoveIn(c.line, c.unit); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q in %q: %v, want %q", c.line, c.unit, err, c.want)
		}
	}
	ls := st.Lengths()
	if len(ls) != 3 || ls[0].Name != "in" || ls[0].PerOwn != 1 || ls[1].PerOwn != 25 || ls[2].PerOwn != 300 {
		t.Errorf("Lengths: %+v", ls)
	}
	for _, l := range ls {
		if got, err := engine.FindLength(ls, l.Name); err != nil || got.Name != l.Name {
			t.Errorf("FindLength(%q): %v %v", l.Name, got, err)
		}
		ep := editPosition(t)
		i := idx(t, ep, "F1")
		at := ep.U[i].Pos
		if _, err := ep.CorrectIn("unit F1 at "+strconv.FormatFloat(at.X*l.PerOwn, 'g', -1, 64)+","+strconv.FormatFloat(at.Y*l.PerOwn, 'g', -1, 64), l.Name); err != nil || ep.U[i].Pos.Dist(at) > 1e-9 {
			t.Errorf("CorrectIn %s: %v at %v, want %v", l.Name, err, ep.U[i].Pos, at)
		}
	}
	ls[0].PerOwn = 99
	if st.Lengths()[0].PerOwn != 1 {
		t.Errorf("Lengths shares its slice with the caller")
	}
}
