package picture

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/drums"
	"github.com/grognard/grognard/engine/geom"
)

// play plays a seeded random game of the default scenario (uniform choices
// and dice) until stop says so or the game ends, and returns the state.
// see, when not nil, is shown every decision's legal actions first.
func play(t testing.TB, seed uint64, stop func(*drums.State) bool, see func(*drums.State, []engine.Action)) *drums.State {
	t.Helper()
	st, err := drums.NewGame(drums.DefaultScenario, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return playOn(t, st, seed, stop, see)
}

func playOn(t testing.TB, st *drums.State, seed uint64, stop func(*drums.State) bool, see func(*drums.State, []engine.Action)) *drums.State {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	var buf []engine.Action
	for steps := 0; !st.Terminal() && !stop(st); steps++ {
		if steps > 20000 {
			t.Fatalf("seed %d: no end after %d steps", seed, steps)
		}
		if st.ToMove() == engine.Chance {
			if err := st.ApplyDice(engine.RollWith(rng, st.PendingRoll())); err != nil {
				t.Fatal(err)
			}
			continue
		}
		buf = st.Legal(buf[:0])
		if len(buf) == 0 {
			t.Fatalf("seed %d: no legal action", seed)
		}
		if see != nil {
			see(st, buf)
		}
		if err := st.Apply(buf[rng.IntN(len(buf))]); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

// midGame is a state part way through a seeded random game with a unit
// that has lost a base and still has a hit towards the next, an unloaded
// unit and a broken one: everything a unit can show.
func midGame(t testing.TB) *drums.State {
	t.Helper()
	for seed := uint64(1); seed < 200; seed++ {
		st := play(t, seed, func(s *drums.State) bool {
			if s.ToMove() == engine.Chance || s.Turn() == 0 {
				return false
			}
			var lost, pip, unloaded, broken, level bool
			for i := range s.NumUnits() {
				v := s.Unit(i)
				if v.Broken {
					broken = true
				}
				if !v.OnTable {
					continue
				}
				lost = lost || v.Bases < int(v.Profile.Bases)
				pip = pip || v.Hits%v.Profile.HitsPerBase() != 0
				unloaded = unloaded || !v.Loaded && v.Profile.Weapon != drums.NoWeapon
				level = level || v.Level != drums.Unrolled
			}
			return lost && pip && unloaded && broken && level
		}, nil)
		if !st.Terminal() {
			return st
		}
	}
	t.Fatal("no seed gives a mid-game state with lost bases, hits, an unloaded and a broken unit")
	return nil
}

// element is one element of the picture: its name, classes, id, its
// depth and the text inside it.
type element struct {
	name, class, id string
	depth           int
	top             int // index of the top-level group it is in, -1 for none
	attr            map[string]string
}

// parse checks the SVG is well-formed XML with an <svg> root and returns
// its elements and the text of each top-level group.
func parse(t *testing.T, svg []byte) ([]element, map[int][]string) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(svg))
	var out []element
	texts := map[int][]string{}
	depth, top, groups := 0, -1, 0
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
				top = groups
				groups++
			}
			out = append(out, element{name: e.Name.Local, class: attr["class"], id: attr["id"], depth: depth, top: top, attr: attr})
		case xml.EndElement:
			depth--
			if depth < 2 {
				top = -1
			}
		case xml.CharData:
			if top >= 0 && strings.TrimSpace(string(e)) != "" {
				texts[top] = append(texts[top], string(e))
			}
		}
	}
	return out, texts
}

func hasClass(class, want string) bool {
	for _, c := range strings.Fields(class) {
		if c == want {
			return true
		}
	}
	return false
}

// drawn numbers the pictures kept by DRUMS_PICTURE_OUT.
var drawn int

// draw draws st with opts and fails the test on an error.
func draw(t *testing.T, st *drums.State, opts Options) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := SVG(&b, st, opts); err != nil {
		t.Fatal(err)
	}
	// DRUMS_PICTURE_OUT=/tmp/p keeps every picture drawn, to look at.
	if f := os.Getenv("DRUMS_PICTURE_OUT"); f != "" {
		drawn++
		_ = os.WriteFile(fmt.Sprintf("%s-%s-%d.svg", f, strings.ReplaceAll(t.Name(), "/", "_"), drawn), b.Bytes(), 0o644)
	}
	return b.Bytes()
}

// count counts the elements with class c at top level (depth 2) or, with
// inner, anywhere.
func count(els []element, c string, inner bool) int {
	n := 0
	for _, e := range els {
		if hasClass(e.class, c) && (inner || e.depth == 2) {
			n++
		}
	}
	return n
}

// TestMidGamePicture: a mid-game picture parses as XML and has every kind
// of element: the heading with turn and supply, the table, each terrain
// feature, the objective, both camps, command ranges, every unit on the
// table with its label, level letter, hits, pips, lost bases and unloaded
// marker, broken units, generals and the legend with the scale.
func TestMidGamePicture(t *testing.T) {
	st := midGame(t)
	svg := draw(t, st, Options{})
	els, texts := parse(t, svg)
	onTable, generals, broken := 0, 0, 0
	for i := range st.NumUnits() {
		if v := st.Unit(i); v.OnTable {
			onTable++
		} else if v.Broken {
			broken++
		}
	}
	for g := range st.NumGenerals() {
		if st.General(g).OnTable {
			generals++
		}
	}
	tests := []struct {
		name  string
		class string
		inner bool
		want  int // -1: at least one
	}{
		{"heading", "heading", false, 1},
		{"table", "table", false, 1},
		{"terrain features", "terrain", false, len(st.Scenario().Terrain)},
		{"woods", "wood", false, 1},
		{"built-up", "builtup", false, 1},
		{"hill", "hill", false, 1},
		{"obstacle", "obstacle", false, 1},
		{"obstacle drawn as a thick line", "barrier", true, 1},
		{"objective areas", "objective", false, len(st.Scenario().Objective.Hold)},
		{"camps", "camp", false, 2},
		{"command ranges", "command-range", false, generals},
		{"units on the table", "unit", false, onTable + broken},
		{"broken units", "broken", false, broken},
		{"bases", "base", true, -1},
		{"front edges", "front", true, -1},
		{"unit labels", "label", true, -1},
		{"level letters", "level", true, -1},
		{"hits", "hits", true, -1},
		{"pips", "pip", true, -1},
		{"lost bases", "lost", true, -1},
		{"unloaded markers", "smoke", true, -1},
		{"generals", "general", false, generals},
		{"force commander stars", "star", true, 2},
		{"legend", "legend", false, 1},
		{"scale bar", "scale-bar", true, 1},
		{"no deployment zones after deployment", "zone", false, 0},
		{"no arrows without arrows", "arrows", false, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n := count(els, tc.class, tc.inner)
			if tc.want < 0 && n == 0 || tc.want >= 0 && n != tc.want {
				t.Errorf("%d elements of class %q, want %d (-1: some)", n, tc.class, tc.want)
			}
		})
	}
	// Every unit on the table has its label in its own group.
	labels := map[string]bool{}
	for _, e := range els {
		if e.depth == 2 && hasClass(e.class, "unit") {
			for _, s := range texts[e.top] {
				labels[s] = true
			}
		}
	}
	for i := range st.NumUnits() {
		if v := st.Unit(i); v.OnTable && !labels[v.Label] {
			t.Errorf("label %q of a unit on the table is not drawn in its group", v.Label)
		}
	}
	s := string(svg)
	for _, want := range []string{"Turn ", "Supply dice left: French ", "1 BW = 40 mm for 15mm figures", "6 BW = 240 mm", "Table 48 x 32 BW = 1920 x 1280 mm"} {
		if !strings.Contains(s, want) {
			t.Errorf("the picture lacks %q", want)
		}
	}
	// Pips and lost bases agree with the hits: every unit's pips are its
	// hits past its last lost base, its lost bases those the hits took;
	// the thick front edges are its front rank's.
	for i := range st.NumUnits() {
		v := st.Unit(i)
		if !v.OnTable {
			continue
		}
		var pips, lost, fronts int
		for _, e := range els {
			if e.top >= 0 && els[topIndex(els, e.top)].id == unitID(v.Label) {
				if hasClass(e.class, "pip") {
					pips++
				}
				if hasClass(e.class, "front") {
					fronts++
				}
				if hasClass(e.class, "lost") {
					lost++
				}
			}
		}
		want := drums.FrontBases(v.Profile.Type, v.Formation, v.Bases)
		if v.Formation == drums.Square {
			want = v.Bases // every face fronts
		}
		if fronts != want {
			t.Errorf("%s in %s: %d thick front edges, want %d", v.Label, v.Formation, fronts, want)
		}
		if pips != v.Hits%v.Profile.HitsPerBase() || lost != int(v.Profile.Bases)-v.Bases {
			t.Errorf("%s with %d hits, %d of %d bases: %d pips, %d lost bases drawn", v.Label, v.Hits, v.Bases, v.Profile.Bases, pips, lost)
		}
	}
}

// topIndex is the index in els of top-level group number top.
func topIndex(els []element, top int) int {
	for k, e := range els {
		if e.depth == 2 && e.top == top {
			return k
		}
	}
	return 0
}

// unitID is the id the picture gives a unit whose label is unique.
func unitID(label string) string {
	var b strings.Builder
	b.WriteString("unit-")
	for _, r := range label {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

// TestDeploymentZones: both zones are drawn while the armies deploy, the
// attacker's a quarter of the depth and the defender's half (Deployment
// Zone), and none before the attacker is known.
func TestDeploymentZones(t *testing.T) {
	st := play(t, 5, func(s *drums.State) bool { return s.PhaseName() == "deployment" && s.ToMove() != engine.Chance }, nil)
	if st.PhaseName() != "deployment" {
		t.Fatalf("never reached deployment: %s", st.PhaseName())
	}
	svg := draw(t, st, Options{})
	els, _ := parse(t, svg)
	if count(els, "waiting", true) != 1 {
		t.Error("the units still to deploy are not listed")
	}
	_, depth := st.TableSize()
	heights := map[string]string{}
	for k, e := range els {
		if e.depth == 2 && hasClass(e.class, "zone") {
			for _, r := range els[k+1:] {
				if r.name == "rect" {
					heights[e.id] = r.attr["height"]
					break
				}
			}
		}
	}
	att := int(st.Attacker)
	want := map[string]string{
		"zone-" + string(rune('0'+att)):   num(depth / 4),
		"zone-" + string(rune('0'+1-att)): num(depth / 2),
	}
	if len(heights) != 2 {
		t.Fatalf("zones %v, want two", heights)
	}
	for id, h := range want {
		if heights[id] != h {
			t.Errorf("%s is %s BW deep, want %s", id, heights[id], h)
		}
	}
	fresh, err := drums.NewGame(drums.DefaultScenario, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	els, _ = parse(t, draw(t, fresh, Options{}))
	if n := count(els, "zone", false); n != 0 {
		t.Errorf("%d zones drawn before scouting decides the attacker", n)
	}
}

// TestAllTerrainKinds: a scenario with every kind of terrain draws each
// as its kind, linear kinds as bands with obstacles, fortifications and
// streams also as thick centre lines.
func TestAllTerrainKinds(t *testing.T) {
	sc, err := drums.Builtin(drums.DefaultScenario)
	if err != nil {
		t.Fatal(err)
	}
	c := *sc
	sq := func(x, y float64) []geom.Vec {
		return []geom.Vec{{X: x, Y: y}, {X: x + 3, Y: y}, {X: x + 3, Y: y + 3}, {X: x, Y: y + 3}}
	}
	c.Terrain = append(append([]drums.Feature(nil), sc.Terrain...),
		drums.Feature{Kind: drums.Rough, Name: "marsh", Points: sq(2, 20)},
		drums.Feature{Kind: drums.Impassable, Name: "lake", Points: sq(43, 2)},
		drums.Feature{Kind: drums.Fortification, Name: "redoubt", Points: []geom.Vec{{X: 28, Y: 22}, {X: 31, Y: 22}}},
		drums.Feature{Kind: drums.Stream, Name: "brook", Points: []geom.Vec{{X: 0, Y: 10}, {X: 10, Y: 11}, {X: 20, Y: 10}}},
		drums.Feature{Kind: drums.Road, Name: "chaussée", Points: []geom.Vec{{X: 24, Y: 0}, {X: 24, Y: 32}}},
	)
	st, err := drums.NewGameOn(&c, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	els, _ := parse(t, draw(t, st, Options{}))
	for _, tc := range []struct {
		kind    string
		barrier bool
	}{
		{"wood", false}, {"builtup", false}, {"rough", false}, {"hill", false}, {"impassable", false},
		{"obstacle", true}, {"fortification", true}, {"stream", true}, {"road", false},
	} {
		t.Run(tc.kind, func(t *testing.T) {
			groups, barriers := 0, 0
			for _, e := range els {
				if e.depth == 2 && hasClass(e.class, "terrain") && hasClass(e.class, tc.kind) {
					groups++
					for _, in := range els {
						if in.top == e.top && in.depth > 2 && hasClass(in.class, "barrier") {
							barriers++
						}
					}
				}
			}
			if groups != 1 {
				t.Errorf("%d %s groups, want 1", groups, tc.kind)
			}
			if (barriers > 0) != tc.barrier {
				t.Errorf("%s drawn with %d thick centre lines, want some: %v", tc.kind, barriers, tc.barrier)
			}
		})
	}
}
