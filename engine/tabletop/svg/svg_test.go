package svg

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// element is one element of a drawn picture.
type element struct {
	name  string
	attr  map[string]string
	text  string // character data directly inside it
	depth int
}

// parse checks svg is well-formed XML with an <svg> root and returns its
// elements in document order.
func parse(t *testing.T, svg []byte) []element {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(svg))
	var out []element
	var open []int
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v\n%s", err, svg)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			attr := map[string]string{}
			for _, a := range e.Attr {
				attr[a.Name.Local] = a.Value
			}
			if len(open) == 0 && e.Name.Local != "svg" {
				t.Fatalf("root element is <%s>, want <svg>", e.Name.Local)
			}
			out = append(out, element{name: e.Name.Local, attr: attr, depth: len(open) + 1})
			open = append(open, len(out)-1)
		case xml.EndElement:
			open = open[:len(open)-1]
		case xml.CharData:
			if len(open) > 0 {
				out[open[len(open)-1]].text += string(e)
			}
		}
	}
	return out
}

// sample is a small picture with a piece, a general, terrain, an arrow
// and a legend, labelled as the test asks.
func sample(label string) *Picture {
	return &Picture{
		Frame: Frame{Width: 12, Depth: 8, Scale: 20, Left: 30, Top: 30, Right: 30, Bottom: 60, Pen: 1, Decimals: 1},
		Title: label,
		Grid:  Grid{Step: 1, Heavy: 6, Every: 2},
		Terrain: []Shape{
			{Kind: Area, Class: "terrain wood", ID: "terrain-0", Title: label, Label: label,
				Points: []geom.Vec{{X: 1, Y: 1}, {X: 4, Y: 1}, {X: 4, Y: 3}, {X: 1, Y: 3}}, Layers: []Layer{{Fill: "#6f9a4f", Stroke: "#333333", Width: 1}}},
			{Kind: Line, Class: "terrain road", ID: "terrain-1", Label: "road",
				Points: []geom.Vec{{X: 0, Y: 5}, {X: 12, Y: 5}}, Layers: []Layer{{Stroke: "#c9a96e", TableWidth: 0.5, Round: true}}},
			{Kind: Circle, Class: "terrain copse", ID: "terrain-2", Centre: geom.V(9, 2), Radius: 1, Layers: []Layer{{Fill: "#6f9a4f"}}},
		},
		Pieces: []Piece{
			{Kind: "unit", Label: label, At: geom.V(6, 4), Class: "unit side0", IDPrefix: "unit-", Title: label, Fill: "#2b4c9b",
				Bases: []engine.Base{{Centre: geom.V(6, 4), Facing: 0, Width: 1, Depth: 0.5}}, Text: label,
				Tags: []Tag{{Class: "hits", Text: label}}, Spots: []geom.Vec{{X: 6, Y: 3.3}}},
			{Kind: "general", Label: label, At: geom.V(8, 6), Class: "general side1", IDPrefix: "unit-", Text: label,
				Spots: []geom.Vec{{X: 8, Y: 5.2}}, Fixed: true},
		},
		Arrows: Arrows{Class: "arrows", ItemClass: "arrow", Kinds: []ArrowKind{{Name: "move", Colour: "#1e8449"}},
			Items: []Arrow{{Kind: "move", Points: []geom.Vec{{X: 6, Y: 4}, {X: 6, Y: 7}}, Ghosts: []geom.Rect{geom.NewRect(geom.V(6, 7), 0, 1, 0.5)}, Label: label, Word: label, Title: label}}},
		Legend: Legend{Top: 20, Rows: []Row{{Text: label}, {Swatches: []Swatch{{Colour: "#2b4c9b", Name: label}}}}},
	}
}

func draw(t *testing.T, p *Picture) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := p.Render(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestHostileLabels: labels come from scenario files and players, so
// XML's special characters, quotes and control characters in any of them
// leave a well-formed picture whose texts read back as written (control
// characters, which XML cannot carry, as U+FFFD), whose data-piece is the
// label, and whose ids are unique and XML-safe.
func TestHostileLabels(t *testing.T) {
	tests := []struct{ name, label, want string }{
		{"plain", "F1 Line", "F1 Line"},
		{"markup", `F<&>"1"`, `F<&>"1"`},
		{"single quotes and a closing tag", `</text><script>alert('x')</script>`, `</text><script>alert('x')</script>`},
		{"entity", "&amp;&#x41;", "&amp;&#x41;"},
		{"control characters", "F\x00\x01\x1b[31m1", "F\uFFFD\uFFFD\uFFFD[31m1"},
		{"invalid UTF-8", "F\xff1", "F\uFFFD1"},
		{"line breaks", "F\n1\t2\r", "F\n1\t2\r"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			els := parse(t, draw(t, sample(tc.label)))
			pieces, texts := 0, 0
			ids := map[string]bool{}
			for _, e := range els {
				if id := e.attr["id"]; id != "" {
					if ids[id] {
						t.Errorf("id %q used twice", id)
					}
					ids[id] = true
					if strings.ContainsAny(id, "<>&\"' \x00") {
						t.Errorf("id %q is not XML-safe", id)
					}
				}
				if p, ok := e.attr["data-piece"]; ok {
					pieces++
					if p != tc.want {
						t.Errorf("data-piece %q, want %q", p, tc.want)
					}
				}
				if (e.name == "text" || e.name == "title" || e.name == "tspan") && e.text == tc.want {
					texts++
				}
			}
			if pieces != 2 {
				t.Errorf("%d pieces with data-piece, want 2", pieces)
			}
			// The title, the terrain's title and name, the unit's title,
			// label and tag, the general's label, the arrow's word,
			// label and title, and the legend's row and swatch.
			if texts < 12 {
				t.Errorf("the label reads back as written %d times, want 12 or more", texts)
			}
		})
	}
}

// TestTableContract: data-table maps the picture's points back to the
// table's, and each movable piece says its kind and point exactly.
func TestTableContract(t *testing.T) {
	p := sample("F1")
	p.Pieces[0].At = geom.V(6.123456789, 4.000001)
	els := parse(t, draw(t, p))
	f := strings.Fields(els[0].attr["data-table"])
	if len(f) != 3 {
		t.Fatalf("data-table %q is not three numbers", els[0].attr["data-table"])
	}
	var x0, y0, s float64
	for k, dst := range []*float64{&x0, &y0, &s} {
		v, err := strconv.ParseFloat(f[k], 64)
		if err != nil {
			t.Fatal(err)
		}
		*dst = v
	}
	c := NewCanvas(p.Frame)
	for _, pt := range []geom.Vec{{X: 0, Y: 0}, {X: 12, Y: 8}, {X: 3.5, Y: 1.25}} {
		u, v := c.P(pt)
		if got := geom.V((u-x0)/s, (y0-v)/s); got.Dist(pt) > 1e-9 {
			t.Errorf("picture point (%v, %v) maps to %v, want %v", u, v, got, pt)
		}
	}
	// Front ends (the web page's tests) find a piece's base by this
	// prefix: class first, then its corners.
	if !bytes.Contains(draw(t, p), []byte(`<polygon class="base" points="`)) {
		t.Error(`no base drawn as <polygon class="base" points=...`)
	}
	var kinds []string
	for _, e := range els {
		if k, ok := e.attr["data-kind"]; ok {
			kinds = append(kinds, k+" "+e.attr["data-at"])
		}
	}
	if got := strings.Join(kinds, ", "); got != "unit 6.123456789 4.000001, general 8 6" {
		t.Errorf("pieces %q", got)
	}
}

// TestPlaceLabels: a label takes its first free spot, moves on or is
// nudged when it is taken, stays on the table, and a fixed label stays
// put and is placed first, whatever its order.
func TestPlaceLabels(t *testing.T) {
	table := geom.NewRect(geom.V(5, 5), 0, 10, 10)
	at := func(x, y float64) geom.Vec { return geom.V(x, y) }
	tests := []struct {
		name  string
		reqs  []LabelRequest
		taken []geom.Rect
		want  []geom.Vec
	}{
		{"free first spot", []LabelRequest{{W: 2, H: 0.5, Spots: []geom.Vec{at(5, 5), at(2, 2)}}}, nil, []geom.Vec{at(5, 5)}},
		{"second spot when the first is taken",
			[]LabelRequest{{W: 2, H: 0.5, Spots: []geom.Vec{at(5, 5), at(2, 2)}}},
			[]geom.Rect{geom.NewRect(at(5, 5), 0, 1, 1)}, []geom.Vec{at(2, 2)}},
		{"two labels on one spot: the second nudged up",
			[]LabelRequest{{W: 2, H: 0.5, Spots: []geom.Vec{at(5, 5)}}, {W: 2, H: 0.5, Spots: []geom.Vec{at(5, 5)}}},
			nil, []geom.Vec{at(5, 5), at(5, 5.55)}},
		{"off the table: nudged back on",
			[]LabelRequest{{W: 2, H: 0.5, Spots: []geom.Vec{at(5, 9.8)}}}, nil, []geom.Vec{at(5, 9.25)}},
		{"a fixed label is placed first and stays",
			[]LabelRequest{{W: 2, H: 0.5, Spots: []geom.Vec{at(5, 5), at(1, 1)}}, {W: 2, H: 0.5, Spots: []geom.Vec{at(5, 5)}, Fixed: true}},
			nil, []geom.Vec{at(1, 1), at(5, 5)}},
		{"a fixed label stays even where it overlaps",
			[]LabelRequest{{W: 2, H: 0.5, Spots: []geom.Vec{at(5, 5)}, Fixed: true}},
			[]geom.Rect{geom.NewRect(at(5, 5), 0, 3, 3)}, []geom.Vec{at(5, 5)}},
		{"no spots: left alone", []LabelRequest{{W: 2, H: 0.5}}, nil, []geom.Vec{{}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := PlaceLabels(tc.reqs, tc.taken, table)
			for k := range tc.want {
				if got[k].Dist(tc.want[k]) > 1e-9 {
					t.Errorf("label %d at %v, want %v", k, got[k], tc.want[k])
				}
			}
			if again := PlaceLabels(tc.reqs, tc.taken, table); !equal(again, got) {
				t.Errorf("placed %v, then %v", got, again)
			}
		})
	}
}

func equal(a, b []geom.Vec) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if a[k] != b[k] {
			return false
		}
	}
	return true
}

// TestPiecesLabelsApart: many pieces side by side get labels that do not
// overlap one another, and Labels says where Render put them.
func TestPiecesLabelsApart(t *testing.T) {
	p := sample("x")
	p.Pieces = nil
	for k := range 8 {
		x := 1 + 1.2*float64(k)
		p.Pieces = append(p.Pieces, Piece{Kind: "unit", Label: "Line " + strconv.Itoa(k), At: geom.V(x, 4), Class: "unit",
			Bases: []engine.Base{{Centre: geom.V(x, 4), Width: 1, Depth: 0.5}}, Text: "Line " + strconv.Itoa(k),
			Spots: []geom.Vec{{X: x, Y: 3.3}, {X: x, Y: 4.5}}})
	}
	placed := p.Labels()
	moved := 0
	for k := range placed {
		for j := range k {
			if geom.Overlap(placed[k].Box, placed[j].Box, 0) {
				t.Errorf("labels %d and %d overlap", j, k)
			}
		}
		if !placed[k].First {
			moved++
		}
	}
	if moved == 0 {
		t.Error("no label moved: the pieces do not test the placing")
	}
	c, err := p.Draw()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range parse(t, c.Bytes()) {
		if e.attr["class"] == "label" {
			x, _ := strconv.ParseFloat(e.attr["x"], 64)
			y, _ := strconv.ParseFloat(e.attr["y"], 64)
			if math.Abs(x-c.X(placed[n].At.X)) > 0.06 || math.Abs(y-c.Y(placed[n].At.Y)) > 0.06 {
				t.Errorf("label %d drawn at (%v, %v), placed at %v", n, x, y, placed[n].At)
			}
			n++
		}
	}
	if n != len(placed) {
		t.Errorf("%d labels drawn for %d pieces", n, len(placed))
	}
}

// TestArrows: an arrow of a declared kind is one item with its ghost, its
// path, its word and its label; one of no declared kind or without points
// is left out; a ring stands for an arrow with a radius.
func TestArrows(t *testing.T) {
	p := sample("1")
	p.Arrows.Items = append(p.Arrows.Items,
		Arrow{Kind: "teleport", Points: []geom.Vec{{X: 1, Y: 1}, {X: 2, Y: 2}}},
		Arrow{Kind: "move"},
		Arrow{Kind: "move", Points: []geom.Vec{{X: 3, Y: 3}}, Radius: 0.6, Label: "2"},
	)
	counts := map[string]int{}
	for _, e := range parse(t, draw(t, p)) {
		for _, c := range strings.Fields(e.attr["class"]) {
			counts[c]++
		}
	}
	for class, want := range map[string]int{"arrows": 1, "arrow": 2, "ghost": 1, "ghost-front": 1, "path": 1, "ring": 1, "word": 1, "number": 2, "teleport": 0} {
		if counts[class] != want {
			t.Errorf("%d elements of class %q, want %d", counts[class], class, want)
		}
	}
	p.Arrows.Items = nil
	if bytes.Contains(draw(t, p), []byte(`class="arrows"`)) {
		t.Error("an arrows group without arrows")
	}
}

// TestFrameErrors: a frame no picture can be drawn in is refused, and a
// failing writer's error is passed on.
func TestFrameErrors(t *testing.T) {
	tests := []struct {
		name string
		edit func(f *Frame)
		want string
	}{
		{"no width", func(f *Frame) { f.Width = 0 }, "positive width"},
		{"infinite depth", func(f *Frame) { f.Depth = math.Inf(1) }, "positive width"},
		{"NaN scale", func(f *Frame) { f.Scale = math.NaN() }, "scale"},
		{"negative scale", func(f *Frame) { f.Scale = -1 }, "scale"},
		{"no pen", func(f *Frame) { f.Pen = 0 }, "pen"},
		{"negative pixel width", func(f *Frame) { f.PixelWidth = -3 }, "width"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := sample("x")
			tc.edit(&p.Frame)
			if err := p.Render(io.Discard); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
	if err := sample("x").Render(failWriter{}); err == nil || !strings.Contains(err.Error(), "writing") {
		t.Errorf("a failing writer gave %v", err)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestDeterministic: the same picture draws the same bytes.
func TestDeterministic(t *testing.T) {
	first := draw(t, sample("F1"))
	for range 3 {
		if !bytes.Equal(draw(t, sample("F1")), first) {
			t.Fatal("two drawings of one picture differ")
		}
	}
}

func TestNum(t *testing.T) {
	c := NewCanvas(Frame{Decimals: 1})
	c2 := NewCanvas(Frame{})
	tests := []struct {
		c    *Canvas
		v    float64
		want string
	}{
		{c, 150, "150"}, {c, 12.34, "12.3"}, {c, -0.04, "0"}, {c, -1.25, "-1.3"},
		{c2, 1.005, "1"}, {c2, 0.125, "0.13"}, {c2, math.Copysign(0, -1), "0"},
	}
	for _, tc := range tests {
		if got := tc.c.Num(tc.v); got != tc.want {
			t.Errorf("Num(%v) = %q, want %q", tc.v, got, tc.want)
		}
	}
	if got := Exact(1.0 / 3); got != "0.3333333333333333" {
		t.Errorf("Exact(1/3) = %q", got)
	}
}
