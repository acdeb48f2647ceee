package picture

import (
	"bytes"
	"errors"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/drums"
	"github.com/grognard/grognard/engine/geom"
)

// TestDrawer: the drawer the ruleset's bundle registers draws what SVG
// draws: the width asked, arrows from the pictured position or from the
// one an arrow is given in.
func TestDrawer(t *testing.T) {
	var p engine.Picturer = Drawer{}
	var legal []engine.Action
	st := play(t, 3, func(s *drums.State) bool {
		if s.Turn() < 1 || s.ToMove() == engine.Chance {
			return false
		}
		legal = s.Legal(legal[:0])
		return len(legal) > 0 && legal[0].Kind == drums.KActivate
	}, nil)
	act := legal[0]
	picture := func(opts engine.PictureOptions) string {
		t.Helper()
		var b bytes.Buffer
		if err := p.Picture(&b, st, opts); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	svg := func(opts Options) string {
		t.Helper()
		return string(draw(t, st, opts))
	}
	if picture(engine.PictureOptions{}) != svg(Options{}) {
		t.Error("the default picture differs from SVG's")
	}
	ar, _ := ActionArrow(st, act, "1")
	if picture(engine.PictureOptions{Arrows: []engine.Arrow{{Action: act, Label: "1"}}}) != svg(Options{Arrows: []Arrow{ar}}) {
		t.Error("the arrow is not drawn as SVG draws it")
	}
	// A later order is drawn from the position it is given in.
	later := st.Clone().(*drums.State)
	if err := later.Apply(act); err != nil {
		t.Fatal(err)
	}
	var next []engine.Action
	for _, a := range later.Legal(nil) {
		if a.Kind == drums.KAdvance {
			next = append(next, a)
		}
	}
	if len(next) == 0 {
		t.Fatalf("no advance to declare after %s", st.DescribeAction(act))
	}
	{
		lar, ok := ActionArrow(later, next[0], "p2")
		if !ok {
			t.Fatal("no arrow for an advance")
		}
		if picture(engine.PictureOptions{Arrows: []engine.Arrow{{Action: next[0], Label: "p2", From: later}}}) != svg(Options{Arrows: []Arrow{lar}}) {
			t.Error("the arrow from a later position is not drawn from it")
		}
	}
	if !strings.Contains(picture(engine.PictureOptions{Width: 1000}), `width="1000"`) {
		t.Error("a picture 1000 pixels wide is not")
	}
	for _, tc := range []struct {
		name string
		st   engine.State
		opts engine.PictureOptions
		want string
	}{
		{"no state", nil, engine.PictureOptions{}, "missing"},
		{"a negative width", st, engine.PictureOptions{Width: -5}, "not a width"},
		{"an arrow from another ruleset's position", st, engine.PictureOptions{Arrows: []engine.Arrow{{Action: act, From: otherState{}}}}, "other"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := p.Picture(io.Discard, tc.st, tc.opts)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// otherState is a position of a ruleset that is not drums.
type otherState struct{ engine.State }

func (otherState) Ruleset() string { return "other" }

// TestWidthBounds: the width is clamped to [MinWidth, MaxWidth], 0 is the
// default, and the height keeps the table's proportions.
func TestWidthBounds(t *testing.T) {
	st, err := drums.NewGame(drums.DefaultScenario, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		width float64
		want  float64
	}{
		{"default", 0, DefaultWidth},
		{"as asked", 900, 900},
		{"huge clamped", 1e12, MaxWidth},
		{"infinite clamped", math.Inf(1), MaxWidth},
		{"tiny clamped", 3, MinWidth},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			els, _ := parse(t, draw(t, st, Options{Width: tc.width}))
			root := els[0].attr
			w, _ := strconv.ParseFloat(root["width"], 64)
			h, _ := strconv.ParseFloat(root["height"], 64)
			if w != tc.want {
				t.Errorf("width %v, want %v", w, tc.want)
			}
			var vw, vh float64
			if _, err := fmtSscan(root["viewBox"], &vw, &vh); err != nil {
				t.Fatal(err)
			}
			if math.Abs(h-math.Round(w*vh/vw)) > 0.5 {
				t.Errorf("height %v for width %v does not keep the view box's %v x %v", h, w, vw, vh)
			}
		})
	}
	for _, w := range []float64{-1, math.NaN()} {
		if err := SVG(io.Discard, st, Options{Width: w}); err == nil || !strings.Contains(err.Error(), "give 0 for the default") {
			t.Errorf("width %v: %v", w, err)
		}
	}
}

// fmtSscan reads the view box's width and height.
func fmtSscan(box string, w, h *float64) (int, error) {
	f := strings.Fields(box)
	if len(f) != 4 {
		return 0, errors.New("view box " + box + " is not four numbers")
	}
	var err error
	if *w, err = strconv.ParseFloat(f[2], 64); err != nil {
		return 0, err
	}
	if *h, err = strconv.ParseFloat(f[3], 64); err != nil {
		return 0, err
	}
	return 2, nil
}

// TestDeterministic: the same position draws the same bytes, every time
// and from a copy.
func TestDeterministic(t *testing.T) {
	st := midGame(t)
	first := draw(t, st, Options{})
	for k := range 5 {
		if !bytes.Equal(draw(t, st.Clone().(*drums.State), Options{}), first) {
			t.Fatalf("drawing %d differs from the first", k+2)
		}
	}
}

// TestCapturedCamp: a captured camp is drawn crossed and named captured
// (Baggage Camp), a held one plain.
func TestCapturedCamp(t *testing.T) {
	st := midGame(t).Clone().(*drums.State)
	st.Camp[1].Lost = true // the view reads the state's camp
	els, texts := parse(t, draw(t, st, Options{}))
	for _, e := range els {
		if e.depth != 2 || !hasClass(e.class, "camp") {
			continue
		}
		crosses := 0
		for _, in := range els {
			if in.top == e.top && hasClass(in.class, "cross") {
				crosses++
			}
		}
		captured := e.id == "camp-1"
		if hasClass(e.class, "captured") != captured || (crosses == 2) != captured {
			t.Errorf("%s: class %q with %d cross lines", e.id, e.class, crosses)
		}
		if captured && !strings.Contains(strings.Join(texts[e.top], " "), "captured") {
			t.Errorf("the captured camp is not named captured: %v", texts[e.top])
		}
	}
}

// TestLostBasesRuling pins ruling D-PIC-LOST: the bases a unit has lost
// are drawn faded, one each, wholly behind its rear edge.
func TestLostBasesRuling(t *testing.T) {
	st := midGame(t)
	els, _ := parse(t, draw(t, st, Options{}))
	checked := 0
	for i := range st.NumUnits() {
		v := st.Unit(i)
		lost := int(v.Profile.Bases) - v.Bases
		if !v.OnTable || lost == 0 {
			continue
		}
		fp := v.Footprint
		rear := fp.C.Sub(fp.F.Scale(fp.HD))
		n := 0
		for _, e := range els {
			if !hasClass(e.class, "lost") || els[topIndex(els, e.top)].id != unitID(v.Label) {
				continue
			}
			n++
			for _, p := range strings.Fields(e.attr["points"]) {
				xy := strings.Split(p, ",")
				x, _ := strconv.ParseFloat(xy[0], 64)
				y, _ := strconv.ParseFloat(xy[1], 64)
				_, depth := st.TableSize()
				tp := geom.V(x-marginX, marginTop+depth-y) // back to table BW
				if behind := rear.Sub(tp).Dot(fp.F); behind < 0.3-0.02 {
					t.Errorf("%s: a lost base corner %v is %.2f BW behind the rear edge, want 0.3 or more", v.Label, tp, behind)
				}
			}
		}
		if n != lost {
			t.Errorf("%s lost %d bases, %d drawn", v.Label, lost, n)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no unit with lost bases in the mid-game state")
	}
}

// TestEscapingAndErrors: labels and names with XML's special characters
// are escaped, ids stay unique and XML-safe, and a state that is missing
// or a writer that fails give errors.
func TestEscapingAndErrors(t *testing.T) {
	sc, err := drums.Builtin(drums.DefaultScenario)
	if err != nil {
		t.Fatal(err)
	}
	c := *sc
	c.Title = `Fish & <Chips> "battle"`
	c.Forces[0].Commands = append([]drums.CommandSpec(nil), sc.Forces[0].Commands...)
	units := append([]drums.UnitSpec(nil), c.Forces[0].Commands[0].Units...)
	units[0].Label, units[1].Label = `F<&>"1"`, `F<&>"1"`
	c.Forces[0].Commands[0].Units = units
	c.Terrain = append([]drums.Feature(nil), sc.Terrain...)
	c.Terrain[0].Name = "Bois <d'Amour> & co"
	st, err := drums.NewGameOn(&c, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st = playOn(t, st, 2, func(s *drums.State) bool { return s.Turn() >= 1 }, nil)
	els, _ := parse(t, draw(t, st, Options{}))
	ids := map[string]bool{}
	for _, e := range els {
		if e.id == "" {
			continue
		}
		if ids[e.id] {
			t.Errorf("id %q used twice", e.id)
		}
		ids[e.id] = true
		if strings.ContainsAny(e.id, `<>&" '`) {
			t.Errorf("id %q is not XML-safe", e.id)
		}
	}
	if !ids["unit-F____1_"] || !ids["unit-F____1_-2"] {
		t.Errorf("the two units labelled alike do not have ids unit-F____1_ and unit-F____1_-2")
	}
	if err := SVG(io.Discard, nil, Options{}); err == nil || !strings.Contains(err.Error(), "no Drums and Muskets state") {
		t.Errorf("no state: %v", err)
	}
	if err := SVG(failWriter{}, st, Options{}); err == nil || !strings.Contains(err.Error(), "writing") {
		t.Errorf("a failing writer gave %v", err)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }
