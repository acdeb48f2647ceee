package picture

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
	"github.com/grognard/grognard/engine/twobytwo"
)

// opening plays the standard scenario's set-up with seeded random choices
// and dice until turn 1 starts: deployment is part of that game.
func opening(t *testing.T, seed uint64) *twobytwo.State {
	t.Helper()
	st, err := twobytwo.NewGame(twobytwo.DefaultScenario, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	dice := engine.NewRandomDice(seed)
	var buf []engine.Action
	for steps := 0; st.Turn() == 0; steps++ {
		if steps > 10000 {
			t.Fatalf("set-up did not finish after %d steps (%s)", steps, st.PhaseName())
		}
		if st.ToMove() == engine.Chance {
			d, _ := dice.Roll(st.PendingRoll())
			if err := st.ApplyDice(d); err != nil {
				t.Fatal(err)
			}
			continue
		}
		buf = st.Legal(buf[:0])
		if err := st.Apply(buf[rng.IntN(len(buf))]); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

// group is a top-level <g> of the picture.
type group struct {
	class, id string
	text      []string
	inner     []string // classes of the elements inside
}

// parse checks the SVG is well-formed XML and returns its top-level groups.
func parse(t *testing.T, svg []byte) []group {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(svg))
	var gs []group
	depth := 0
	var cur *group
	inText := false
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			depth++
			attr := map[string]string{}
			for _, a := range e.Attr {
				attr[a.Name.Local] = a.Value
			}
			if depth == 1 && e.Name.Local != "svg" {
				t.Fatalf("root element is <%s>, want <svg>", e.Name.Local)
			}
			if depth == 2 && e.Name.Local == "g" {
				gs = append(gs, group{class: attr["class"], id: attr["id"]})
				cur = &gs[len(gs)-1]
			} else if depth > 2 && cur != nil && attr["class"] != "" {
				cur.inner = append(cur.inner, attr["class"])
			}
			inText = e.Name.Local == "text"
		case xml.EndElement:
			depth--
			if depth < 2 {
				cur = nil
			}
			inText = false
		case xml.CharData:
			if inText && cur != nil {
				cur.text = append(cur.text, string(e))
			}
		}
	}
	return gs
}

func hasClass(class, want string) bool {
	for _, c := range strings.Fields(class) {
		if c == want {
			return true
		}
	}
	return false
}

func TestOpeningPicture(t *testing.T) {
	st := opening(t, 1)
	pinned := -1
	for i := 0; i < st.NumUnits(); i++ {
		if st.U[i].Loc == twobytwo.LocTable && !st.Spec(i).Type.IsHQ() {
			pinned = i
			break
		}
	}
	if pinned < 0 {
		t.Fatal("no unit on the table after the set-up")
	}
	st.U[pinned].Stat = twobytwo.Pinned
	rangesOf := -1
	for i := 0; i < st.NumUnits(); i++ {
		if st.U[i].Loc == twobytwo.LocTable && st.Spec(i).Type.IsArtillery() {
			rangesOf = i
		}
	}
	tests := []struct {
		name string
		opts Options
	}{
		{"default", DefaultOptions()},
		{"ranges", Options{Scale: 20, RangesOf: rangesOf}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := SVG(&b, st, tc.opts); err != nil {
				t.Fatal(err)
			}
			gs := parse(t, b.Bytes())
			units, terrain, ranges := 0, 0, 0
			ids := map[string]bool{}
			labels := map[string]bool{}
			for _, g := range gs {
				if g.id != "" {
					if ids[g.id] {
						t.Errorf("id %q used twice", g.id)
					}
					ids[g.id] = true
				}
				switch {
				case hasClass(g.class, "unit"):
					units++
					for _, s := range g.text {
						labels[s] = true
					}
					isPinned := hasClass(g.class, "pinned")
					marked := false
					for _, c := range g.inner {
						marked = marked || c == "pinned"
					}
					if isPinned != marked {
						t.Errorf("unit %s: class %q but pinned marker drawn %v", g.id, g.class, marked)
					}
				case hasClass(g.class, "terrain"):
					terrain++
					if !strings.HasPrefix(g.id, "terrain-") {
						t.Errorf("terrain group id %q", g.id)
					}
				case hasClass(g.class, "ranges"):
					ranges++
				}
			}
			onTable := 0
			for i := 0; i < st.NumUnits(); i++ {
				if st.U[i].Loc != twobytwo.LocTable {
					continue
				}
				onTable++
				if !labels[st.Spec(i).Label] {
					t.Errorf("label %q of a unit on the table is not drawn in its group", st.Spec(i).Label)
				}
			}
			if units != onTable {
				t.Errorf("%d unit groups, want %d (units on the table)", units, onTable)
			}
			if n := len(st.Scenario().Terrain); terrain != n {
				t.Errorf("%d terrain groups, want %d", terrain, n)
			}
			wantRanges := 0
			if tc.opts.RangesOf >= 0 {
				wantRanges = 1
			}
			if ranges != wantRanges {
				t.Errorf("%d range groups, want %d", ranges, wantRanges)
			}
			if !ids["unit-"+strings.ReplaceAll(st.Spec(pinned).Label, " ", "_")] {
				t.Errorf("no group with the sanitised id of %q", st.Spec(pinned).Label)
			}
			svg := b.String()
			for _, want := range []string{"French", "Austrians", "Turn 1", `class="unit side0 pinned"`} {
				if !strings.Contains(svg, want) {
					t.Errorf("the picture lacks %q", want)
				}
			}
			// Every waiting unit is listed in a queue beside its point.
			for side := 0; side < 2; side++ {
				for k := 0; k < 2; k++ {
					for _, i := range st.Queue(side, k) {
						if !strings.Contains(svg, st.Spec(i).Label) {
							t.Errorf("waiting unit %q is not listed", st.Spec(i).Label)
						}
					}
				}
			}
		})
	}
}

func TestStatusMarks(t *testing.T) {
	st := opening(t, 2)
	i := -1
	for k := 0; k < st.NumUnits(); k++ {
		if st.U[k].Loc == twobytwo.LocTable {
			i = k
			break
		}
	}
	tests := []struct {
		stat uint8
		mark string
	}{
		{twobytwo.Ordered, ""},
		{twobytwo.Halted, "halted"},
		{twobytwo.Pinned, "pinned"},
		{twobytwo.Disrupted, "disrupted"},
	}
	for _, tc := range tests {
		st.U[i].Stat = tc.stat
		var b bytes.Buffer
		if err := SVG(&b, st, DefaultOptions()); err != nil {
			t.Fatal(err)
		}
		for _, g := range parse(t, b.Bytes()) {
			if !hasClass(g.class, "unit") {
				continue
			}
			var marks []string
			for _, c := range g.inner {
				if c == "halted" || c == "pinned" || c == "disrupted" {
					marks = append(marks, c)
				}
			}
			if strings.Join(marks, ",") != tc.mark && strings.HasSuffix(g.id, strings.ReplaceAll(st.Spec(i).Label, " ", "_")) {
				t.Errorf("status %d: marks %v, want %q", tc.stat, marks, tc.mark)
			}
		}
	}
}

func TestEscapingAndErrors(t *testing.T) {
	sc := twobytwo.StandardScenario()
	sc.Title = `Fish & <Chips> "battle"`
	sc.SetupByPlay = false
	for k := range sc.Units {
		sc.Units[k].Start = &twobytwo.Placement{X: 1.5 + float64(k%17), Y: 3 + 15*float64(sc.Units[k].Side) + float64(k%2)*0.8, Facing: 180 * float64(sc.Units[k].Side)}
	}
	sc.Units[3].Label = `F<&>"FA"`
	st, err := twobytwo.NewGameOn(sc, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := SVG(&b, st, Options{RangesOf: 3}); err != nil {
		t.Fatal(err)
	}
	gs := parse(t, b.Bytes())
	n := 0
	for _, g := range gs {
		if hasClass(g.class, "unit") {
			n++
		}
	}
	if n != len(sc.Units) {
		t.Errorf("%d unit groups, want %d", n, len(sc.Units))
	}
	tests := []struct {
		name string
		opts Options
		want string
	}{
		{"no such unit", Options{RangesOf: 99}, "no unit 99"},
		{"negative scale", Options{Scale: -1, RangesOf: -1}, "not positive"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := SVG(io.Discard, st, tc.opts)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
	if err := SVG(failWriter{}, st, DefaultOptions()); err == nil || !strings.Contains(err.Error(), "writing") {
		t.Errorf("a failing writer gave %v", err)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestSuggestionArrows: each drawable suggestion is one element of the
// suggestions group, of its kind, labelled, with a ghost base where the
// action leaves the unit (at the path's end, facing as ordered) unless it
// is fire or an exit; actions with nothing to draw are left out.
func TestSuggestionArrows(t *testing.T) {
	st := opening(t, 3)
	var buf []engine.Action
	buf = st.Legal(buf[:0])
	kinds := map[string]int{}
	var arrows []Arrow
	ghosts := 0
	for k, a := range buf {
		ar, ok := ActionArrow(st, a, fmt.Sprint(k+1))
		switch a.Kind {
		case twobytwo.KindMove, twobytwo.KindSlide, twobytwo.KindExit, twobytwo.KindFire, twobytwo.KindDeploy, twobytwo.KindPlace, twobytwo.KindFace:
		default:
			if ok {
				t.Errorf("%s has an arrow", st.DescribeAction(a))
			}
			continue
		}
		if !ok || len(ar.Points) < 1 || ar.Title != st.DescribeAction(a) {
			t.Fatalf("%s: arrow %+v, %v", st.DescribeAction(a), ar, ok)
		}
		if ar.Kind != "place" && ar.Points[0] != st.U[a.Unit].Pos {
			t.Errorf("%s: arrow starts at %v, not at the unit", ar.Title, ar.Points[0])
		}
		wantGhost := a.Kind != twobytwo.KindFire && a.Kind != twobytwo.KindExit
		if got := ar.Ghost.HW > 0; got != wantGhost {
			t.Errorf("%s: ghost %v, want one: %v", ar.Title, ar.Ghost, wantGhost)
		} else if got {
			end, dir := ar.Points[len(ar.Points)-1], geom.Heading(a.Facing)
			if ar.Ghost.C != end || ar.Ghost.F.Sub(dir).Len() > 1e-9 || ar.Ghost.HW != 0.5 || ar.Ghost.HD != 0.25 {
				t.Errorf("%s: ghost %+v, want a 1\" by 1/2\" base at %v facing %v", ar.Title, ar.Ghost, end, dir)
			}
			ghosts++
		}
		kinds[ar.Kind]++
		arrows = append(arrows, ar)
	}
	if kinds["move"] == 0 || kinds["face"] == 0 {
		t.Fatalf("no move among %d legal actions: %v", len(buf), kinds)
	}
	opts := DefaultOptions()
	opts.Arrows = arrows
	var out bytes.Buffer
	if err := SVG(&out, st, opts); err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, g := range parse(t, out.Bytes()) {
		if g.class != "suggestions" {
			continue
		}
		for _, c := range g.inner {
			if hasClass(c, "suggestion") {
				found++
			}
		}
		if len(g.text) != len(arrows) {
			t.Errorf("%d labels for %d arrows", len(g.text), len(arrows))
		}
	}
	if found != len(arrows) {
		t.Errorf("%d suggestion elements for %d arrows", found, len(arrows))
	}
	if n := strings.Count(out.String(), `class="ghost"`); n != ghosts || ghosts == 0 {
		t.Errorf("%d ghost bases drawn, want %d (and some)", n, ghosts)
	}
}
