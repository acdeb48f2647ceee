package generate

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/grognard/grognard/engine/geom"
	tb "github.com/grognard/grognard/engine/twobytwo"
)

// Table sizes Terrain and Battlefield accept (ruling G-SIZE): the 6"
// deployment strips, the 3" side margins and the middle band that holds
// rivers and towns need at least 18"; above 96" the counts of the document
// would leave a bare table.
const (
	MinSize = 18
	MaxSize = 96
)

// Depths from a base edge, in inches.
const (
	// strip is the depth of a deployment strip ("Force deployment").
	strip = 6
	// impassDepth: woods and steep hills keep this far from both base edges
	// (ruling G-DEPLOY), so the rear 4" of each strip and the edge where
	// reinforcements arrive are never blocked.
	impassDepth = 4
	// waterDepth: water that runs across the table, and every river, keeps
	// 1" clear of the strips (ruling G-WATER).
	waterDepth = strip + 1
)

// Limits of the counts (ruling G-COUNT).
const (
	minMajor, maxMajor = 4, 6
	maxStreams         = 2 // streams and rivers together ("Streams (0 to 2)")
	maxRivers          = 1
	maxHills           = 3 // "variable": ruling G-HILLS
	maxSteep           = 1 // ruling G-STEEP
	maxWoods           = 2
	maxCopses          = 6
	maxHedges          = 6
	maxRoads           = 2
	maxTowns           = 2
)

// Attempts: a feature is drawn again this many times before it is left
// out (ruling G-CLASH), a whole table this many times before the plain
// fallback table is used.
const (
	featureTries = 60
	tableTries   = 50
)

// townNames name the towns, drawn without repeats.
var townNames = []string{
	"Ligny", "Aspern", "Essling", "Plancenoit", "Papelotte", "Wagram", "Eylau",
	"Hochkirch", "Marengo", "Quatre Bras", "Frischermont", "Mont Plaisir",
}

// placer builds one table: features in placement order and what has been
// placed so far.
type placer struct {
	rng   *rand.Rand
	size  float64
	fs    []tb.Feature
	count [tb.Ford + 1]int
	// junction of the two roads, when there are two.
	junction    geom.Vec
	hasJunction bool
	names       []string
}

// Terrain places the terrain of one 2 by 2 table of size x size inches as
// the document's "Terrain Placement" section describes, read through the
// G-* rulings of the package documentation. The features come in the
// document's placement order (streams and rivers, each river followed by
// its ford, hills, steep hills, roads, towns, woods, copses, hedges). The
// same rng state and size give the same features. A nil rng or a size
// outside [MinSize, MaxSize] gives no terrain.
func Terrain(rng *rand.Rand, size float64) []tb.Feature {
	if rng == nil || !(size >= MinSize && size <= MaxSize) {
		return nil
	}
	for range tableTries {
		if fs, ok := tryTable(rng, size); ok {
			return fs
		}
	}
	// Ruling G-CLASH: never seen in practice, but Terrain must return a
	// playable table whatever the draws.
	return fallback(size)
}

// fallback is the plainest legal table: one road from south to north with
// a town on it.
func fallback(size float64) []tb.Feature {
	m := round(size / 2)
	return []tb.Feature{
		{Kind: tb.Road, Name: "road 1", Points: []geom.Vec{{X: m, Y: 0}, {X: m, Y: size}}},
		{Kind: tb.Town, Name: townNames[0], Points: []geom.Vec{{X: m - 1, Y: m - 1}, {X: m + 1, Y: m - 1}, {X: m + 1, Y: m + 1}, {X: m - 1, Y: m + 1}}},
	}
}

// majorKinds are the kinds that make up the 4 to 6 "features" (ruling
// G-COUNT), with the weights they are drawn by.
var majorKinds = []struct {
	kind   tb.TerrainKind
	weight int
	cap    int
}{
	{tb.Stream, 2, maxStreams},
	{tb.Hill, 3, maxHills},
	{tb.SteepHill, 1, maxSteep},
	{tb.Wood, 2, maxWoods},
}

// tryTable draws one table; ok is false when a mandatory feature (a road,
// a town) could not be placed or fewer than 4 major features fitted.
func tryTable(rng *rand.Rand, size float64) ([]tb.Feature, bool) {
	p := &placer{rng: rng, size: size, names: append([]string(nil), townNames...)}

	// Ruling G-COUNT: 4 to 6 major features drawn by kind within the caps;
	// roads and towns come on top, as do copses and hedges.
	var want [tb.Ford + 1]int
	for n := minMajor + rng.IntN(maxMajor-minMajor+1); n > 0; n-- {
		total := 0
		for _, m := range majorKinds {
			if want[m.kind] < m.cap {
				total += m.weight
			}
		}
		r := rng.IntN(total)
		for _, m := range majorKinds {
			if want[m.kind] >= m.cap {
				continue
			}
			if r < m.weight {
				want[m.kind]++
				break
			}
			r -= m.weight
		}
	}
	roads := 1 + rng.IntN(maxRoads)
	towns := 1 + rng.IntN(maxTowns)
	copses := rng.IntN(maxCopses + 1)
	hedges := rng.IntN(maxHedges + 1)

	// Ruling G-ORDER: the document's placement order.
	for range want[tb.Stream] {
		// Ruling G-RIVER: a 6 on a die makes the stream a river (one at most).
		river := p.count[tb.River] < maxRivers && rng.IntN(6) == 5
		p.water(river)
	}
	for range want[tb.Hill] {
		p.area(tb.Hill, 2, 6)
	}
	for range want[tb.SteepHill] {
		p.area(tb.SteepHill, 2, 3)
	}
	if !p.roads(roads) {
		return nil, false
	}
	for i := range towns {
		if !p.town(i == 0) && i == 0 {
			return nil, false
		}
	}
	for range want[tb.Wood] {
		p.area(tb.Wood, 2, 6)
	}
	for range copses {
		p.copse()
	}
	for range hedges {
		p.hedge()
	}
	major := p.count[tb.Stream] + p.count[tb.River] + p.count[tb.Hill] + p.count[tb.SteepHill] + p.count[tb.Wood]
	if major < minMajor {
		return nil, false
	}
	return p.fs, true
}

// spot draws where a feature goes (rulings G-SECTOR and G-EDGE): a die
// picks one of six sectors, two rows of three (1-3 the southern half from
// west to east, 4-6 the northern half); x is uniform across the sector's
// third of the table and the depth from the sector's base edge uniform
// over the quarter of the table nearest that edge which the feature may
// occupy, from lo (the feature's least allowed depth) to lo + size/4,
// never past the centre line.
func (p *placer) spot(lo float64) geom.Vec {
	die := 1 + p.rng.IntN(6)
	x := (float64((die-1)%3) + p.rng.Float64()) * p.size / 3
	hi := math.Min(lo+p.size/4, p.size/2)
	d := lo + p.rng.Float64()*math.Max(0, hi-lo)
	if die >= 4 {
		return geom.V(x, p.size-d)
	}
	return geom.V(x, d)
}

// clear reports whether f keeps at least need(k) from every placed
// feature of kind k (a negative need is no requirement).
func (p *placer) clear(f *tb.Feature, need func(k tb.TerrainKind) float64) bool {
	for i := range p.fs {
		g := &p.fs[i]
		if n := need(g.Kind); n >= 0 && gap(f, g) < n {
			return false
		}
	}
	return true
}

func (p *placer) add(f tb.Feature) {
	p.count[f.Kind]++
	p.fs = append(p.fs, f)
}

// ofKind lists the placed features of kind k.
func (p *placer) ofKind(k tb.TerrainKind) []*tb.Feature {
	var out []*tb.Feature
	for i := range p.fs {
		if p.fs[i].Kind == k {
			out = append(out, &p.fs[i])
		}
	}
	return out
}

// water places a stream or a river (rulings G-WATER, G-RIVER). A river
// runs from the west edge to the east edge across the middle band; a
// stream does so or runs from the south edge to the north edge. Each
// river gets a ford (ruling G-FORD).
func (p *placer) water(river bool) bool {
	s := p.size
	kind, name := tb.Stream, fmt.Sprintf("stream %d", p.count[tb.Stream]+1)
	if river {
		kind, name = tb.River, "the river"
	}
	for range featureTries {
		across := river || p.rng.IntN(2) == 0
		c := p.spot(waterDepth)
		amp := 0.5 + 1.5*p.rng.Float64()
		phase := 2 * math.Pi * p.rng.Float64()
		freq := 0.6 + 0.6*p.rng.Float64()
		const n = 7
		pts := make([]geom.Vec, n)
		for i := range pts {
			t := s * float64(i) / (n - 1)
			off := amp*math.Sin(phase+freq*float64(i)) + 0.4*(2*p.rng.Float64()-1)
			if across {
				pts[i] = geom.V(t, clamp(c.Y+off, waterDepth, s-waterDepth))
			} else {
				pts[i] = geom.V(clamp(c.X+off, 1.5, s-1.5), t)
			}
		}
		f := tb.Feature{Kind: kind, Name: name, Points: roundAll(pts)}
		// Ruling G-APART: waters do not meet.
		if !p.clear(&f, func(k tb.TerrainKind) float64 {
			if k == tb.Stream || k == tb.River {
				return 2
			}
			return -1
		}) {
			continue
		}
		p.add(f)
		if river {
			p.ford(&p.fs[len(p.fs)-1])
		}
		return true
	}
	return false
}

// ford puts a ford on a river (ruling G-FORD): a circle of radius 0.6" to
// 0.75" centred on the river somewhere in its middle three fifths.
func (p *placer) ford(river *tb.Feature) {
	x := p.size * (0.2 + 0.6*p.rng.Float64())
	pts := river.Points
	c := pts[len(pts)-1]
	for i := 0; i+1 < len(pts); i++ {
		if x <= pts[i+1].X {
			c = pts[i].Lerp(pts[i+1], (x-pts[i].X)/(pts[i+1].X-pts[i].X))
			break
		}
	}
	r := round(0.6 + 0.15*p.rng.Float64())
	p.add(tb.Feature{Kind: tb.Ford, Name: "the ford", Centre: roundVec(c), Radius: r})
}

// area places a hill, steep hill or wood whose least width is at least lo
// and whose diameter is at most hi (rulings G-HILLSIZE, G-STEEP, G-DEPLOY,
// G-APART). Woods and steep hills keep impassDepth from the base edges.
func (p *placer) area(kind tb.TerrainKind, lo, hi float64) bool {
	impassable := kind == tb.Wood || kind == tb.SteepHill
	need := func(k tb.TerrainKind) float64 {
		switch k {
		case tb.Stream, tb.River, tb.Ford:
			if kind == tb.SteepHill {
				return 1
			}
			return 0.5
		case tb.Road:
			// Ruling G-WOODROAD: a base on the road (centre within 0.3" of
			// its line, half a base wide) stays clear of the wood.
			return 0.9
		case tb.Wood, tb.SteepHill:
			if impassable {
				// Ruling G-APART: a base can pass between two impassable
				// features.
				return 1.5
			}
			return 0.5
		case tb.Hill, tb.Town:
			return 0.5
		}
		return -1
	}
	for range featureTries {
		shape, ok := blob(p.rng, geom.V(0, 0), lo, hi)
		if !ok {
			continue
		}
		var ext geom.Vec
		for _, q := range shape {
			ext.X, ext.Y = math.Max(ext.X, math.Abs(q.X)), math.Max(ext.Y, math.Abs(q.Y))
		}
		least := 0.25 + ext.Y
		if impassable {
			least = impassDepth + ext.Y
		}
		c := roundVec(p.spot(least))
		c.X = round(clamp(c.X, ext.X+0.25, p.size-ext.X-0.25))
		pts := make([]geom.Vec, len(shape))
		for i, q := range shape {
			pts[i] = roundVec(c.Add(q))
		}
		f := tb.Feature{Kind: kind, Points: pts}
		if !onTable(&f, p.size, 0.25) || impassable && minDepth(&f, p.size) < impassDepth-1e-9 || !p.clear(&f, need) {
			continue
		}
		if l, g := widths(pts); !convex(pts) || l < lo || g > hi {
			continue
		}
		f.Name = fmt.Sprintf("%s %d", kind, p.count[kind]+1)
		p.add(f)
		return true
	}
	return false
}

// roads places the roads (ruling G-ROADS): the first from the south edge
// to the north edge, a second from the west edge to the east edge that
// crosses the first once, making the junction.
func (p *placer) roads(n int) bool {
	s := p.size
	for r := range n {
		placed := false
		for range featureTries {
			// Roads keep their middle 4" from the side edges, where the
			// deployment strips (3" from the sides) can use them.
			c := p.spot(4)
			c.X = clamp(c.X, 4, s-4)
			slope := (2*p.rng.Float64() - 1) * s / 8
			const k = 5
			pts := make([]geom.Vec, k)
			for i := range pts {
				t := s * float64(i) / (k - 1)
				off := slope*(float64(i)-2)/2 + (2*p.rng.Float64()-1)*s/24
				if r == 0 {
					pts[i] = geom.V(clamp(c.X+off, 2, s-2), t)
				} else {
					pts[i] = geom.V(t, clamp(c.Y+off, 2, s-2))
				}
			}
			f := tb.Feature{Kind: tb.Road, Name: fmt.Sprintf("road %d", r+1), Points: roundAll(pts)}
			if !p.roadOK(&f) {
				continue
			}
			if r == 1 {
				xs := crossings(f.Points, p.fs[p.firstRoad()].Points)
				if len(xs) != 1 {
					continue
				}
				p.junction, p.hasJunction = xs[0], true
			}
			p.add(f)
			placed = true
			break
		}
		if !placed {
			// The first road is mandatory; a second that will not fit is
			// left out (the minimum is "1 or 2").
			return r > 0
		}
	}
	return true
}

func (p *placer) firstRoad() int {
	for i := range p.fs {
		if p.fs[i].Kind == tb.Road {
			return i
		}
	}
	return -1
}

// roadOK checks a road against what is placed: 1" clear of steep hills
// (ruling G-STEEP), crossing each water at most once and otherwise keeping
// 1" from it, so that every bridge is a short, plain crossing (ruling
// G-BRIDGE), and 1.5" from fords (a ford is a second crossing).
func (p *placer) roadOK(f *tb.Feature) bool {
	for i := range p.fs {
		g := &p.fs[i]
		switch g.Kind {
		case tb.SteepHill:
			if gap(f, g) < 1 {
				return false
			}
		case tb.Ford:
			if gap(f, g) < 1.5 {
				return false
			}
		case tb.Stream, tb.River:
			xs := crossings(f.Points, g.Points)
			if len(xs) > 1 {
				return false
			}
			ok := true
			walk(f.Points, 0.25, func(q geom.Vec) bool {
				if pointGap(q, g) >= 1 {
					return true
				}
				for _, x := range xs {
					if q.Dist(x) <= 1.5 {
						return true
					}
				}
				ok = false
				return false
			})
			if !ok {
				return false
			}
		}
	}
	return true
}

// walk calls fn at points every step inches along a polyline (and at its
// ends) until fn returns false.
func walk(pts []geom.Vec, step float64, fn func(geom.Vec) bool) {
	for i := 0; i+1 < len(pts); i++ {
		a, b := pts[i], pts[i+1]
		n := int(math.Ceil(a.Dist(b) / step))
		for j := range n {
			if !fn(a.Lerp(b, float64(j)/float64(n))) {
				return
			}
		}
	}
	if len(pts) > 0 {
		fn(pts[len(pts)-1])
	}
}

// nearestOn is the point of polyline pts nearest q.
func nearestOn(q geom.Vec, pts []geom.Vec) geom.Vec {
	best, bd := pts[0], math.Inf(1)
	for i := 0; i+1 < len(pts); i++ {
		c := geom.ClosestOnSeg(q, pts[i], pts[i+1])
		if d := c.Dist(q); d < bd {
			best, bd = c, d
		}
	}
	return best
}

// town places a town (ruling G-TOWN): a square 1.5" to 2" a side, centred
// on a road (the first town at the junction when there is one and it
// fits), wholly outside the deployment strips.
func (p *placer) town(first bool) bool {
	roads := p.ofKind(tb.Road)
	need := func(k tb.TerrainKind) float64 {
		switch k {
		case tb.Stream, tb.River, tb.Ford, tb.Hill, tb.SteepHill:
			return 0.5
		case tb.Town:
			return 2
		}
		return -1
	}
	for try := range featureTries {
		var c geom.Vec
		if first && try == 0 && p.hasJunction {
			c = p.junction
		} else {
			a := p.spot(strip + 1)
			c = nearestOn(a, roads[p.rng.IntN(len(roads))].Points)
		}
		c = roundVec(c)
		h := (1.5 + 0.1*float64(p.rng.IntN(6))) / 2
		f := tb.Feature{Kind: tb.Town, Points: []geom.Vec{
			roundVec(geom.V(c.X-h, c.Y-h)), roundVec(geom.V(c.X+h, c.Y-h)),
			roundVec(geom.V(c.X+h, c.Y+h)), roundVec(geom.V(c.X-h, c.Y+h)),
		}}
		if !onTable(&f, p.size, 0.5) || minDepth(&f, p.size) < strip-1e-9 || !p.clear(&f, need) {
			continue
		}
		k := p.rng.IntN(len(p.names))
		f.Name = p.names[k]
		p.names = append(p.names[:k], p.names[k+1:]...)
		p.add(f)
		return true
	}
	return false
}

// copse places a copse (ruling G-COPSE): radius 0.4" to 0.9", off roads,
// water, woods, towns and steep hills; it may stand on a hill.
func (p *placer) copse() bool {
	need := func(k tb.TerrainKind) float64 {
		switch k {
		case tb.Hill:
			return -1
		case tb.Copse:
			return 0.5
		}
		return 0.25
	}
	for range featureTries {
		r := round(0.4 + 0.5*p.rng.Float64())
		c := roundVec(p.spot(r + 0.25))
		f := tb.Feature{Kind: tb.Copse, Centre: c, Radius: r}
		if !onTable(&f, p.size, 0.25) || !p.clear(&f, need) {
			continue
		}
		f.Name = fmt.Sprintf("copse %d", p.count[tb.Copse]+1)
		p.add(f)
		return true
	}
	return false
}

// hedge places a hedge or wall (ruling G-HEDGE): a straight run 0.8" to
// 1.2" long at any angle, off roads, water, woods, towns, steep hills and
// copses; it may stand on a hill.
func (p *placer) hedge() bool {
	need := func(k tb.TerrainKind) float64 {
		switch k {
		case tb.Hill:
			return -1
		case tb.Hedge:
			return 0.5
		}
		return 0.25
	}
	for range featureTries {
		l := 0.8 + 0.4*p.rng.Float64()
		d := geom.Heading(180 * p.rng.Float64()).Scale(l / 2)
		c := p.spot(1)
		f := tb.Feature{Kind: tb.Hedge, Points: []geom.Vec{roundVec(c.Sub(d)), roundVec(c.Add(d))}}
		if !onTable(&f, p.size, 0.25) || !p.clear(&f, need) {
			continue
		}
		f.Name = fmt.Sprintf("hedge %d", p.count[tb.Hedge]+1)
		p.add(f)
		return true
	}
	return false
}

func clamp(x, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, x)) }
