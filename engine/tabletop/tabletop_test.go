package tabletop

import (
	"errors"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// inches is a table measured in inches (2 by 2's, ruling R-SCALE).
var inches = []engine.Length{
	{Name: "in", Aliases: []string{"inch", "inches", `"`}, Words: "inches", PerOwn: 1},
	{Name: "mm", Words: "millimetres", PerOwn: 25},
	{Name: "paces", Aliases: []string{"p", "pace"}, Words: "paces", PerOwn: 300},
}

// bws is a table measured in base widths of 40mm.
var bws = []engine.Length{
	{Name: "bw", Words: "base widths", PerOwn: 1},
	{Name: "mm", Words: "millimetres", PerOwn: 40},
	{Name: "in", Aliases: []string{`"`}, Words: "inches", PerOwn: 40 / 25.4},
}

func TestSplit(t *testing.T) {
	for _, c := range []struct {
		in     string
		want   []string
		quoted []bool
		err    string
	}{
		{`F3 Line to 12 8`, []string{"F3", "Line", "to", "12", "8"}, nil, ""},
		{`"F3 Line" to 3" 4"`, []string{"F3 Line", "to", `3"`, `4"`}, []bool{true, false, false, false}, ""},
		{`'F1 Line' to 12.5,8`, []string{"F1 Line", "to", "12.5", "8"}, []bool{true, false, false, false}, ""},
		{`"A, B",1 ,, 2`, []string{"A, B", "1", "2"}, []bool{true, false, false}, ""},
		{`King's Guard to 1 2`, []string{"King's", "Guard", "to", "1", "2"}, nil, ""},
		{`unit A1 status ""`, []string{"unit", "A1", "status", ""}, []bool{false, false, false, true}, ""},
		{`"say "hi" now" x`, []string{`say "hi`, `now"`, "x"}, []bool{true, false, false}, ""},
		{"  a\tb\r\n ", []string{"a", "b"}, nil, ""},
		{"", nil, nil, ""},
		{`"open`, nil, nil, "double quote at character 1 is not closed"},
		{`unit 'F1 Line to 3 4`, nil, nil, "single quote at character 6 is not closed"},
		{`é "x`, nil, nil, "character 3"},
		{`"a"b c`, nil, nil, "not closed"},
	} {
		got, err := Split(c.in)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("Split(%q) = %+v, %v; want an error saying %q", c.in, got, err, c.err)
			}
			continue
		}
		if err != nil || strings.Join(Texts(got), "|") != strings.Join(c.want, "|") || len(got) != len(c.want) {
			t.Errorf("Split(%q) = %q, %v; want %q", c.in, Texts(got), err, c.want)
			continue
		}
		for k, w := range got {
			if q := c.quoted != nil && c.quoted[k]; w.Quoted != q {
				t.Errorf("Split(%q): word %d quoted %v, want %v", c.in, k, w.Quoted, q)
			}
		}
		if ws, _ := Words(c.in); strings.Join(ws, "|") != strings.Join(c.want, "|") {
			t.Errorf("Words(%q) = %q", c.in, ws)
		}
	}
}

// FuzzWords: no text makes the splitter panic; every word of a text
// without quotes is a piece of it with no separator, and quoting a word
// that has no quote reads it back whole.
func FuzzWords(f *testing.F) {
	for _, s := range []string{`"F3 Line" to 3" 4"`, `'a b',c`, `"open`, `""`, "a\tb", `x"y "z"`, "é 'ü, ß'"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		ws, err := Split(text)
		if err != nil {
			if !strings.Contains(err.Error(), "not closed") {
				t.Fatalf("%q: %v", text, err)
			}
			return
		}
		for _, w := range ws {
			if !strings.Contains(text, w.Text) {
				t.Fatalf("%q: word %q is not in the text", text, w.Text)
			}
			if !w.Quoted && (w.Text == "" || strings.ContainsAny(w.Text, " \t\r\n,")) {
				t.Fatalf("%q: unquoted word %q", text, w.Text)
			}
		}
		for _, w := range ws {
			if strings.ContainsAny(w.Text, `"`) || !utf8.ValidString(w.Text) {
				continue
			}
			back, err := Split(`"` + w.Text + `"`)
			if err != nil || len(back) != 1 || back[0].Text != w.Text || !back[0].Quoted {
				t.Fatalf("%q quoted reads back as %+v, %v", w.Text, back, err)
			}
		}
	})
}

func TestParseLength(t *testing.T) {
	for _, c := range []struct {
		in      string
		lengths []engine.Length
		bare    int
		want    float64
		err     string
	}{
		{"12.5", inches, 0, 12.5, ""},
		{"12.5in", inches, 1, 12.5, ""},
		{`3"`, inches, 2, 3, ""},
		{"300mm", inches, 0, 12, ""},
		{"300MM", inches, 0, 12, ""},
		{"300", inches, 1, 12, ""},
		{"3600p", inches, 0, 12, ""},
		{"900paces", inches, 0, 3, ""},
		{"150", inches, 2, 0.5, ""},
		{"-2", inches, 0, -2, ""},
		{"1e1", inches, 0, 10, ""},
		{"2bw", bws, 1, 2, ""},
		{"80", bws, 1, 2, ""},
		{"80mm", bws, 0, 2, ""},
		{"2.54in", bws, 0, 2.54 * 25.4 / 40, ""},
		{"", inches, 0, 0, "is not a length"},
		{"mm", inches, 0, 0, "is not a length"},
		{"3ft", inches, 0, 0, `unknown unit "ft"`},
		{"3bw", inches, 0, 0, "use in, mm, paces"},
		{"3p", bws, 0, 0, "use bw, mm, in"},
		{"NaN", inches, 0, 0, "is not a length"},
		{"inf", inches, 0, 0, "is not a length"},
		{"1e999", inches, 0, 0, "is not a length"},
		{"1e308p", []engine.Length{{Name: "in", PerOwn: 1}, {Name: "p", PerOwn: 1e-10}}, 0, 0, "is not a length"},
		{"1..2", inches, 0, 0, "write a number, with in, mm or paces after it if it is not in inches"},
	} {
		got, err := ParseLength(c.in, c.lengths, c.lengths[c.bare])
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("ParseLength(%q) = %v, %v; want an error saying %q", c.in, got, err, c.err)
			}
			continue
		}
		if err != nil || math.Abs(got-c.want) > 1e-12 {
			t.Errorf("ParseLength(%q, bare %s) = %v, %v; want %v", c.in, c.lengths[c.bare].Name, got, err, c.want)
		}
	}
}

func TestParsePoint(t *testing.T) {
	for _, c := range []struct {
		in   string
		want geom.Vec
		rest string
		err  string
	}{
		{"12.5 8 facing 90", geom.V(12.5, 8), "facing 90", ""},
		{"12.5,8 slide", geom.V(12.5, 8), "slide", ""},
		{"300mm,3600p", geom.V(12, 12), "", ""},
		{"1, 2 3", geom.V(1, 2), "3", ""},
		{"12.5", geom.Vec{}, "", "two numbers"},
		{"", geom.Vec{}, "", "two numbers"},
		{"1 north", geom.Vec{}, "", "is not a length"},
		{"1,2,3", geom.Vec{}, "", "a point is two numbers"},
	} {
		words := strings.Fields(c.in)
		p, rest, err := ParsePoint(words, inches, inches[0])
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("ParsePoint(%q) = %v, %v; want an error saying %q", c.in, p, err, c.err)
			}
			if c.err == "two numbers" && !errors.Is(err, ErrNoPoint) {
				t.Errorf("ParsePoint(%q): %v is not ErrNoPoint", c.in, err)
			}
			continue
		}
		if err != nil || p.Dist(c.want) > 1e-12 || strings.Join(rest, " ") != c.rest {
			t.Errorf("ParsePoint(%q) = %v, %q, %v; want %v, %q", c.in, p, rest, err, c.want, c.rest)
		}
	}
}

func TestUnit(t *testing.T) {
	for _, c := range []struct {
		lengths         []engine.Length
		name, want, err string
	}{
		{bws, "", "bw", ""},
		{bws, "BW", "bw", ""},
		{bws, `"`, "in", ""},
		{bws, "paces", "", "the table measures in base widths; use bw, mm or in"},
		{inches, "inches", "in", ""},
		{inches, "p", "paces", ""},
		{inches, "ft", "", `unknown unit "ft"`},
		{nil, "in", "", "no table"},
	} {
		l, err := Unit(c.lengths, c.name)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("Unit(%q) = %v, %v; want an error saying %q", c.name, l, err, c.err)
			}
			continue
		}
		if err != nil || l.Name != c.want {
			t.Errorf("Unit(%q) = %v, %v; want %s", c.name, l, err, c.want)
		}
	}
}

func TestParseFacing(t *testing.T) {
	for _, c := range []struct {
		in   string
		want float64
		err  bool
	}{
		{"90", 90, false}, {"-90", 270, false}, {"450", 90, false}, {"north", 0, false}, {"SW", 225, false},
		{"south-east", 135, false}, {"45deg", 45, false}, {"45°", 45, false}, {" e ", 90, false},
		{"up", 0, true}, {"", 0, true}, {"inf", 0, true}, {"nan", 0, true},
	} {
		got, err := ParseFacing(c.in)
		if (err != nil) != c.err || !c.err && got != c.want {
			t.Errorf("ParseFacing(%q) = %v, %v; want %v (error %v)", c.in, got, err, c.want, c.err)
		}
	}
}

func TestFindLabel(t *testing.T) {
	labels := []string{"F1 Line", "F10 Line", "F-FC", "A-G1", "A-G2", "Guards", "guards"}
	for _, c := range []struct {
		text string
		want int
		err  string
	}{
		{"F1 Line", 0, ""},
		{"f1 line", 0, ""},
		{" F10 Line ", 1, ""},
		{"f-f", 2, ""},
		{"Guards", 5, ""},
		{"guards", 6, ""},
		{"GUARDS", -1, "could be Guards or guards"},
		{"F1", -1, "could be F1 Line or F10 Line"},
		{"A-G", -1, "could be A-G1 or A-G2"},
		{"F1 Lime", -1, `no label "F1 Lime" (did you mean F1 Line or F10 Line?)`},
		{"A-G3", -1, "did you mean A-G1 or A-G2?"},
		{"zzz", -1, `no label "zzz"`},
		{"", -1, `no label ""`},
	} {
		got, err := FindLabel(labels, c.text)
		if c.err != "" {
			var le *LabelError
			if err == nil || !strings.Contains(err.Error(), c.err) || !errors.As(err, &le) {
				t.Errorf("FindLabel(%q) = %d, %v; want an error saying %q", c.text, got, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("FindLabel(%q) = %d, %v; want %d", c.text, got, err, c.want)
		}
	}
	if _, err := FindLabel(labels, "zzz"); err.(*LabelError).Hint() != "" {
		t.Errorf("a label near nothing has a hint: %q", err.(*LabelError).Hint())
	}
}

func TestFormat(t *testing.T) {
	for _, c := range []struct {
		v          float64
		num, fixed string
	}{
		{12.659336232612555, "12.66", "12.66"},
		{12.5, "12.5", "12.50"},
		{8, "8", "8.00"},
		{-0.25, "-0.25", "-0.25"},
		{-0.001, "0", "0.00"},
		{math.Copysign(0, -1), "0", "0.00"},
		{100, "100", "100.00"},
		{0.005, "0.01", "0.01"},
		{23.749999, "23.75", "23.75"},
	} {
		if got := Num(c.v); got != c.num {
			t.Errorf("Num(%v) = %q, want %q", c.v, got, c.num)
		}
		if got := Fixed(c.v); got != c.fixed {
			t.Errorf("Fixed(%v) = %q, want %q", c.v, got, c.fixed)
		}
	}
	if got := Point(geom.V(14.654266498456371, 0.25)); got != "14.65,0.25" {
		t.Errorf("Point = %q", got)
	}
}

func TestSnap(t *testing.T) {
	for _, c := range []struct {
		v, snap, deg float64
		text         string
	}{
		{12.659336232612555, 12.66, 12.7, "12.66"},
		{335.4328286793987, 335.43, 335.4, "335.43"},
		{-0.004, 0, 0, "0"},
		{math.Copysign(0, -1), 0, 0, "0"},
		{359.97, 359.97, 0, "359.97"},
		{-90.04, -90.04, 270, "-90.04"},
		{0.1 + 0.2, 0.3, 0.3, "0.3"},
		{8.833333333333332, 8.83, 8.8, "8.83"},
	} {
		got := Snap(c.v)
		if got != c.snap || got == 0 && math.Signbit(got) {
			t.Errorf("Snap(%v) = %v, want %v", c.v, got, c.snap)
		}
		if text := strconv.FormatFloat(got, 'g', -1, 64); text != c.text {
			t.Errorf("Snap(%v) is written %q, want %q", c.v, text, c.text)
		}
		if d := SnapDegrees(c.v); d != c.deg || math.Signbit(d) {
			t.Errorf("SnapDegrees(%v) = %v, want %v", c.v, d, c.deg)
		}
	}
	// What Snap gives is written with two decimals at most, reads back
	// to itself, and snaps to itself.
	rng := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		v := (rng.Float64() - 0.5) * 2000
		s := Snap(v)
		text := strconv.FormatFloat(s, 'g', -1, 64)
		if dot := strings.IndexByte(text, '.'); strings.ContainsAny(text, "eE") || dot >= 0 && len(text)-dot-1 > 2 {
			t.Fatalf("Snap(%v) = %v is written %q", v, s, text)
		}
		if back, err := strconv.ParseFloat(text, 64); err != nil || back != s || Snap(s) != s {
			t.Fatalf("Snap(%v) = %v does not read back or snap to itself (%q)", v, s, text)
		}
		if math.Abs(s-v) > 0.005+1e-9 {
			t.Fatalf("Snap(%v) = %v is more than half a hundredth off", v, s)
		}
		d := SnapDegrees(v)
		if d < 0 || d >= 360 || SnapDegrees(d) != d {
			t.Fatalf("SnapDegrees(%v) = %v is not a facing on the grid", v, d)
		}
	}
}

func TestAdjustments(t *testing.T) {
	var rows []Adjustment
	tm := Terms{Rows: &rows}
	sum := tm.Add(2, "enfilade") + tm.Add(0, "range") + tm.Add(-1, "target in cover")
	if sum != 1 || len(rows) != 2 {
		t.Fatalf("sum %d, rows %+v: want 1 and the two rows that add something", sum, rows)
	}
	if got := Adjustments(rows); got != " (enfilade +2, target in cover -1)" {
		t.Errorf("Adjustments = %q", got)
	}
	if got := Adjustments(nil); got != " (no row applies)" {
		t.Errorf("Adjustments(nil) = %q", got)
	}
	if v := (Terms{}).Add(3, "x"); v != 3 {
		t.Errorf("the zero Terms passes %d on, want 3", v)
	}
	if n := testing.AllocsPerRun(100, func() { _ = Terms{}.Add(1, "x") + Terms{}.Add(-1, "y") }); n != 0 {
		t.Errorf("the zero Terms allocates %v times", n)
	}
}

// FuzzParseLength: no word makes the length or point reader panic; what
// it accepts is finite, and a number it reads with a suffix reads the
// same as the bare number in that unit.
func FuzzParseLength(f *testing.F) {
	for _, s := range []string{"12.5", `3"`, "300mm", "3600p", "2bw", "1e999", "NaN", "-0", "0x1p-2", "1_0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, word string) {
		for _, ls := range [][]engine.Length{inches, bws} {
			for _, bare := range ls {
				v, err := ParseLength(word, ls, bare)
				if err != nil {
					continue
				}
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatalf("%q in %s: %v", word, bare.Name, v)
				}
				if w, err := ParseLength(word+bare.Name, ls, ls[0]); strings.TrimRightFunc(word, isSuffix) == word && !strings.ContainsAny(word, " \t\r\n\v\f\u0085\u00a0") && (err != nil || w != v) {
					t.Fatalf("%q in %s is %v, with the suffix %v, %v", word, bare.Name, v, w, err)
				}
			}
			if _, rest, err := ParsePoint(strings.Fields(word), ls, ls[0]); err == nil && len(rest) > len(strings.Fields(word)) {
				t.Fatalf("%q: the point's rest %q is longer than its words", word, rest)
			}
		}
	})
}
