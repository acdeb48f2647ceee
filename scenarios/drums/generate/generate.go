// Package generate draws random Drums and Muskets battlefields from a
// seed: terrain laid out as the rules suggest (Terrain & Fortifications:
// area features of at least 4BW x 4BW, linear ones 4BW x 1BW) and two
// armies drawn from two army lists of overlapping periods with the army
// lists' Random builder. The same seed and options give the same battle;
// nothing reads the clock or iterates a map.
//
// Rulings on what the document leaves to the players ("Players agree the
// layout the game board by mutual agreement", Game Sequence 3):
//
// Ruling D-GEN-TERRAIN (Terrain & Fortifications): a battlefield has one
// to three woods, one or two hills, a farm or village near the middle of
// the table (the objective both sides hold for), one to three hedges or
// walls, a stream from edge to edge with a road crossing it, and in one
// battle in three a small impassable marsh near a side edge. Area features
// do not overlap one another.
//
// Ruling D-GEN-ARMIES (Army Characteristics): the two lists are of
// different nations whose periods overlap (a Crimean army meets a
// Crimean army, not a Revolutionary one), unless the list drawn has no
// such opponent, when any other list serves.
//
// Ruling D-GEN-DEPLOY (Deployment Zone): the zones together cover the
// table, so an impassable marsh may leave a command no slot, and large
// commands may crowd one another out of the attacker's shallow zone. The
// generator draws the terrain again (from the same seed's stream) while
// Options.Check refuses the battle, the last draw without the marsh; if
// that fails too it draws the armies again with a unit fewer a command,
// at most twice.
package generate

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	dm "github.com/grognard/grognard/engine/drums"
	"github.com/grognard/grognard/engine/geom"
	"github.com/grognard/grognard/scenarios/drums/armies"
)

// Size is how big a generated battle is: the commands a side.
type Size uint8

// The sizes: Small has 2 commands a side on a 48 x 32 BW table, Medium 3
// on the same table, Large 4 on 60 x 40 BW.
const (
	Small Size = iota + 2
	Medium
	Large
)

// DefaultSize is the size of "gen:SEED".
const DefaultSize = Medium

// String names the size as gen:SEED:SIZE writes it.
func (s Size) String() string {
	switch s {
	case Small:
		return "small"
	case Medium:
		return "medium"
	case Large:
		return "large"
	}
	return strconv.Itoa(int(s))
}

// ParseSize reads small, medium or large, or the commands a side (2 to 4).
func ParseSize(text string) (Size, error) {
	switch strings.ToLower(strings.TrimSpace(text)) {
	case "small", "2":
		return Small, nil
	case "medium", "3":
		return Medium, nil
	case "large", "4":
		return Large, nil
	}
	return 0, fmt.Errorf("size %q is not small, medium or large (2, 3 or 4 commands a side)", text)
}

// Options choose what is generated.
type Options struct {
	// Size is the battle's size; 0 is DefaultSize.
	Size Size
	// Lists are the army lists' ids for the force on the y=0 edge and the
	// one on the far edge; empty ones are drawn.
	Lists [2]string
	// Check, if set, is asked about each battle drawn; while it refuses,
	// the terrain is drawn again (ruling D-GEN-DEPLOY).
	Check func(*dm.Scenario) error
}

// maxDraws bounds the terrain draws before the marsh is left out.
const maxDraws = 3

// Battlefield draws the battle for seed.
func Battlefield(seed uint64, opt Options) (*dm.Scenario, error) {
	if opt.Size == 0 {
		opt.Size = DefaultSize
	}
	if opt.Size < Small || opt.Size > Large {
		return nil, fmt.Errorf("size %d is out of range: use small, medium or large", opt.Size)
	}
	w, d := 48.0, 32.0
	if opt.Size == Large {
		w, d = 60, 40
	}
	lists, err := pickLists(rand.New(rand.NewPCG(seed, 0x6c69_7374)), opt.Lists)
	if err != nil {
		return nil, err
	}
	var last error
	// Ruling D-GEN-DEPLOY (Deployment Zone): while the check refuses,
	// draw the terrain again (the last time without a marsh), then the
	// armies with a unit fewer a command. Separate streams for the armies
	// and the terrain, so a terrain redraw leaves the armies alone.
	for shrink := range maxShrink + 1 {
		ar := rand.New(rand.NewPCG(seed, 0x6172_6d69_6573+uint64(shrink)))
		sc := &dm.Scenario{
			Name:      fmt.Sprintf("gen:%d", seed),
			Title:     fmt.Sprintf("Generated battle %d: %s against %s", seed, lists[0].Title, lists[1].Title),
			Width:     w,
			Depth:     d,
			TurnLimit: 12,
			Objective: dm.Objective{BreakShare: dm.DefaultBreakShare, BaggageLoses: true},
		}
		used := map[string]bool{}
		for side, l := range lists {
			upc := 3
			if opt.Size == Small {
				upc += ar.IntN(2)
			}
			upc = max(2, upc-shrink)
			f := l.Random(ar, int(opt.Size), upc)
			relabel(&f, prefix(l, side, used))
			sc.Forces[side] = f
		}
		for draw := range maxDraws + 1 {
			tr := rand.New(rand.NewPCG(seed, 0x7465_7272+uint64(draw)))
			t := &table{w: w, d: d, r: tr}
			t.lay(draw < maxDraws)
			sc.Terrain = t.features
			sc.Objective.Hold = t.hold
			if opt.Check == nil {
				return sc, nil
			}
			if last = opt.Check(sc); last == nil {
				return sc, nil
			}
		}
	}
	return nil, fmt.Errorf("generated battlefield %d: %w", seed, last)
}

// maxShrink bounds how many times the armies are drawn again with a unit
// fewer a command when no terrain draw lets them deploy.
const maxShrink = 2

// pickLists draws the two army lists (ruling D-GEN-ARMIES), or takes the
// ids given.
func pickLists(r *rand.Rand, ids [2]string) ([2]*armies.List, error) {
	all := armies.Lists()
	var out [2]*armies.List
	for k, id := range ids {
		if id == "" {
			continue
		}
		l, err := armies.ByID(id)
		if err != nil {
			return out, err
		}
		out[k] = l
	}
	if out[0] == nil {
		if out[1] != nil {
			out[0] = opponent(r, all, out[1])
		} else {
			out[0] = all[r.IntN(len(all))]
		}
	}
	if out[1] == nil {
		out[1] = opponent(r, all, out[0])
	}
	return out, nil
}

// opponent draws a list of another nation whose period overlaps l's.
//
// Ruling D-GEN-ARMIES (Army Characteristics): opponents of one period,
// any other list only when none is.
func opponent(r *rand.Rand, all []*armies.List, l *armies.List) *armies.List {
	lo, hi := years(l.Period)
	var near, other []*armies.List
	for _, c := range all {
		if c.ID == l.ID || c.Nation == l.Nation || (c.AlwaysDefender && l.AlwaysDefender) {
			continue
		}
		other = append(other, c)
		if clo, chi := years(c.Period); clo <= hi && lo <= chi {
			near = append(near, c)
		}
	}
	if len(near) > 0 {
		return near[r.IntN(len(near))]
	}
	return other[r.IntN(len(other))]
}

// years reads a list's period ("1803-1812", "1812", "1815 onwards") as
// first and last year; "onwards" runs ten years on, an unreadable period
// covers every year.
func years(p string) (lo, hi int) {
	var ys []int
	for _, f := range strings.FieldsFunc(p, func(c rune) bool { return c < '0' || c > '9' }) {
		if y, err := strconv.Atoi(f); err == nil && len(f) == 4 {
			ys = append(ys, y)
		}
	}
	if len(ys) == 0 {
		return 0, 9999
	}
	lo, hi = ys[0], ys[len(ys)-1]
	if strings.Contains(p, "onward") {
		hi += 10
	}
	return lo, hi
}

// prefix is the letter a force's labels start with: its nation's first
// letter, or more letters when the other force has it.
func prefix(l *armies.List, side int, used map[string]bool) string {
	word := strings.Map(func(c rune) rune {
		if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' {
			return c
		}
		return -1
	}, l.Nation+l.Title)
	if word == "" {
		word = "S"
	}
	word = strings.ToUpper(word)
	for n := 1; n <= len(word); n++ {
		if p := word[:n]; !used[p] {
			used[p] = true
			return p
		}
	}
	p := word + strconv.Itoa(side)
	used[p] = true
	return p
}

// relabel gives a force labels unique in the battle: "F-FC" for the force
// commander, "F-G1"... for the generals and "F1", "F2"... for the units.
func relabel(f *dm.ForceSpec, p string) {
	f.Commander.Label = p + "-FC"
	if f.Commander.Name == "" {
		f.Commander.Name = "General commanding"
	}
	n := 0
	for c := range f.Commands {
		cmd := &f.Commands[c]
		cmd.General.Label = p + "-G" + strconv.Itoa(c+1)
		if cmd.General.Name == "" {
			cmd.General.Name = ordinal(c+1) + " Brigade"
		}
		for u := range cmd.Units {
			n++
			cmd.Units[u].Label = p + strconv.Itoa(n)
		}
	}
}

// ordinal writes 1st, 2nd, 3rd, 4th...
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}

// table lays out terrain.
type table struct {
	w, d     float64
	r        *rand.Rand
	features []dm.Feature
	hold     []dm.HoldArea
	// areas are the circles the area features were drawn in, which later
	// ones keep clear of.
	areas []circle
}

type circle struct {
	c geom.Vec
	r float64
}

// lay places the features of ruling D-GEN-TERRAIN; marsh false leaves the
// impassable marsh out.
//
// Ruling D-GEN-TERRAIN (Terrain & Fortifications): woods, hills, a farm
// or village to hold, hedges or walls, a stream with a road, now and then
// a marsh, areas at least the suggested 4BW across and not overlapping.
func (t *table) lay(marsh bool) {
	mid := t.d / 2
	// The farm or village first: it is the objective and sits near the
	// middle of the table.
	c := geom.V(round(t.w*(0.3+0.4*t.r.Float64())), round(mid+(t.r.Float64()-0.5)*t.d*0.2))
	name := "the farm"
	if t.r.IntN(2) == 0 {
		name = "the village"
	}
	t.area(dm.BuiltUp, name, c, 2.5+t.r.Float64()*0.5, 4, 0.1)
	t.hold = append(t.hold, dm.HoldArea{Name: name, Centre: c, Radius: 3})
	for range 1 + t.r.IntN(2) {
		t.place(dm.Hill, "hill", 3.5, 5.5, 0.15, 0.85)
	}
	for range 1 + t.r.IntN(3) {
		t.place(dm.Wood, "wood", 2.5, 3.5, 0.1, 0.9)
	}
	if marsh && t.r.IntN(3) == 0 {
		// Near a side edge, where it closes a flank without filling a
		// slot's frontage.
		x := 2.5 + t.r.Float64()*1.5
		if t.r.IntN(2) == 0 {
			x = t.w - x
		}
		c := geom.V(x, mid+(t.r.Float64()-0.5)*t.d*0.3)
		if t.free(c, 2.5) {
			t.area(dm.Impassable, "marsh", c, 2.2, 7, 0.25)
		}
	}
	t.stream()
	for range 1 + t.r.IntN(3) {
		t.hedge()
	}
}

// place draws an area feature of the kind at a free spot between the
// depth fractions y0 and y1, trying a few spots and giving up quietly if
// the table is full.
func (t *table) place(k dm.TerrainKind, name string, rmin, rmax, y0, y1 float64) {
	for range 20 {
		rad := rmin + t.r.Float64()*(rmax-rmin)
		c := geom.V(rad+t.r.Float64()*(t.w-2*rad), t.d*(y0+t.r.Float64()*(y1-y0)))
		if c.Y-rad < 0 || c.Y+rad > t.d || !t.free(c, rad) {
			continue
		}
		t.area(k, fmt.Sprintf("%s %d", name, t.count(k)+1), c, rad, 7, 0.25)
		return
	}
}

// count is the number of features of kind k placed so far.
func (t *table) count(k dm.TerrainKind) int {
	n := 0
	for _, f := range t.features {
		if f.Kind == k {
			n++
		}
	}
	return n
}

// free reports whether a circle keeps 1BW clear of every area so far.
func (t *table) free(c geom.Vec, rad float64) bool {
	for _, a := range t.areas {
		if a.c.Dist(c) < a.r+rad+1 {
			return false
		}
	}
	return true
}

// area adds an outline of n corners round c at radius rad, each corner's
// radius varied by up to jitter of it (a star-shaped polygon is simple).
// The outline stays on the table; a radius of 2BW or more keeps it at
// least the suggested 4BW across.
func (t *table) area(k dm.TerrainKind, name string, c geom.Vec, rad float64, n int, jitter float64) {
	pts := make([]geom.Vec, n)
	turn := t.r.Float64() * 2 * math.Pi / float64(n)
	for i := range n {
		a := turn + 2*math.Pi*float64(i)/float64(n)
		rr := rad * (1 - jitter + 2*jitter*t.r.Float64())
		p := geom.V(c.X+rr*math.Cos(a), c.Y+rr*math.Sin(a))
		pts[i] = geom.V(round(clamp(p.X, 0, t.w)), round(clamp(p.Y, 0, t.d)))
	}
	t.features = append(t.features, dm.Feature{Kind: k, Name: name, Points: pts})
	t.areas = append(t.areas, circle{c, rad * (1 + jitter)})
}

// stream runs a stream from edge to edge, across the table between the
// zones' fronts or down it from one long edge to the other, with a road
// crossing it.
func (t *table) stream() {
	var pts, road []geom.Vec
	if t.r.IntN(2) == 0 {
		y := t.d * (0.35 + 0.3*t.r.Float64())
		for i := 0; i <= 6; i++ {
			pts = append(pts, geom.V(round(t.w*float64(i)/6), round(clamp(y+(t.r.Float64()-0.5)*3, 1, t.d-1))))
		}
		x := t.w * (0.2 + 0.6*t.r.Float64())
		road = []geom.Vec{{X: round(x), Y: 0}, {X: round(x + (t.r.Float64()-0.5)*6), Y: round(t.d / 2)}, {X: round(x + (t.r.Float64()-0.5)*6), Y: t.d}}
	} else {
		x := t.w * (0.15 + 0.7*t.r.Float64())
		for i := 0; i <= 4; i++ {
			pts = append(pts, geom.V(round(clamp(x+(t.r.Float64()-0.5)*4, 1, t.w-1)), round(t.d*float64(i)/4)))
		}
		y := t.d * (0.4 + 0.2*t.r.Float64())
		road = []geom.Vec{{X: 0, Y: round(y)}, {X: round(t.w / 2), Y: round(y + (t.r.Float64()-0.5)*4)}, {X: t.w, Y: round(y + (t.r.Float64()-0.5)*4)}}
	}
	t.features = append(t.features, dm.Feature{Kind: dm.Stream, Name: "the stream", Points: pts},
		dm.Feature{Kind: dm.Road, Name: "the road", Points: road})
}

// hedge adds a hedge or wall 4 to 7 BW long clear of the area features.
func (t *table) hedge() {
	for range 20 {
		l := 4 + t.r.Float64()*3
		a := t.r.Float64() * math.Pi
		c := geom.V(l/2+1+t.r.Float64()*(t.w-l-2), t.d*(0.2+0.6*t.r.Float64()))
		if !t.free(c, l/2) {
			continue
		}
		h := geom.V(math.Cos(a), math.Sin(a)).Scale(l / 2)
		p, q := c.Sub(h), c.Add(h)
		if !onTable(p, t.w, t.d) || !onTable(q, t.w, t.d) {
			continue
		}
		name := "hedge"
		if t.r.IntN(3) == 0 {
			name = "wall"
		}
		t.features = append(t.features, dm.Feature{Kind: dm.Obstacle, Name: fmt.Sprintf("%s %d", name, t.count(dm.Obstacle)+1),
			Points: []geom.Vec{{X: round(p.X), Y: round(p.Y)}, {X: round(q.X), Y: round(q.Y)}}})
		return
	}
}

func onTable(p geom.Vec, w, d float64) bool { return p.X >= 0 && p.Y >= 0 && p.X <= w && p.Y <= d }

// round keeps coordinates to a tenth of a BW, as a player measures.
func round(v float64) float64 { return math.Round(v*10) / 10 }

func clamp(v, lo, hi float64) float64 { return max(lo, min(hi, v)) }
