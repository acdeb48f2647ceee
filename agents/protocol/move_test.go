package protocol

import (
	"math"
	"strings"
	"testing"

	"github.com/grognard/grognard/agents/protocol/wire"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
	"github.com/grognard/grognard/engine/twobytwo"
)

func TestParseLength(t *testing.T) {
	tests := []struct {
		in   string
		def  Unit
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
	st, err := twobytwo.NewGame("standard", engine.Options{})
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
		{"#" + itoa(i) + " to 125mm 150mm face south", []geom.Vec{{X: 5, Y: 6}}, 180, false},
		{"F3 Line to 6 5 slide", []geom.Vec{{X: 6, Y: 5}}, 0, true},
	}
	for _, tc := range tests {
		a, err := ParseMove(st, strings.Fields(tc.line), Inches)
		if err != nil {
			t.Errorf("%s: %v", tc.line, err)
			continue
		}
		if int(a.Unit) != i || int(a.NPath) != len(tc.path) || a.Facing != tc.facing || (a.Kind == twobytwo.KindSlide) != tc.slide {
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
	st, err := twobytwo.NewGame("standard", engine.Options{})
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{"F3 Line to 5 8", "#3 via 1,1 to 2mm 3p facing ne slide", "F3 Line to", "to 1 2", "#x to 1 1", "F3 Line via 1 1 via 2 2 via 3 3 to 4 4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		toks, err := wire.Words(line)
		if err != nil {
			return
		}
		a, err := ParseMove(st, toks, Millimetres)
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
