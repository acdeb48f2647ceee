package twobytwo

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/grognard/grognard/engine/geom"
	tb "github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/scenarios/twobytwo/armies"
	"github.com/grognard/grognard/scenarios/yamlread"
)

// The keys each section of a scenario file allows.
var (
	topKeys     = []string{"name", "title", "description", "table", "victory", "turn_limit", "grand_battery", "setup", "deploy_ap", "attacker", "terrain", "sides"}
	featureKeys = []string{"kind", "name", "points", "centre", "radius"}
	sideKeys    = []string{"name", "nation", "ap", "units", "points"}
	unitKeys    = []string{"label", "type", "hq", "at", "facing", "large", "small", "screened", "bows"}
	pointKeys   = []string{"edge", "at", "queue"}
)

// fileUnit is a unit as read, with the nodes its problems point at.
type fileUnit struct {
	spec   tb.UnitSpec
	node   *yaml.Node // the unit's mapping
	label  *yaml.Node
	typ    *yaml.Node
	hq     string
	hqNode *yaml.Node
	at     *yaml.Node
	queued bool
}

// filePoint is a reinforcement point as read.
type filePoint struct {
	spec  tb.PointSpec
	node  *yaml.Node
	edge  *yaml.Node
	queue []*yaml.Node
}

// fileSide is one side as read.
type fileSide struct {
	node     *yaml.Node
	name     string
	nation   *armies.List
	natNode  *yaml.Node
	ap       float64
	apNode   *yaml.Node
	units    []*fileUnit
	points   []*filePoint
	ptsNode  *yaml.Node
	unitsKey *yaml.Node
}

// Load reads and checks a scenario file. The scenario's name is the file's
// "name", or the file name without its extension.
func Load(path string) (*tb.Scenario, error) { return format.Load(path) }

// Parse reads and checks a scenario written in the file format of
// docs/scenarios.md. source names the text in messages (a file name). On
// any problem the error is an *Error listing every problem found, each with
// its line and a fix.
func Parse(source string, data []byte) (*tb.Scenario, error) {
	r := newReader()
	if r.tooLarge(data, "scenario file") {
		return nil, r.errorFor(source)
	}
	root := r.Document(data, "the example in docs/scenarios.md")
	var sc *tb.Scenario
	if root != nil {
		base := strings.TrimSuffix(filepath.Base(source), filepath.Ext(source))
		sc = r.scenario(root, base)
	}
	if len(r.Problems) > 0 {
		return nil, r.errorFor(source)
	}
	return sc, nil
}

// scenario reads the whole file.
func (r *reader) scenario(root *yaml.Node, defaultName string) *tb.Scenario {
	m := r.Mapping(root, "the scenario", topKeys...)
	if root.Kind != yaml.MappingNode {
		return nil
	}
	sc := &tb.Scenario{Name: defaultName, Size: 24, TurnLimit: 30, DeployAP: 10, SetupByPlay: true}
	if v, ok := r.Str(m.Get("name"), "name"); ok {
		sc.Name = v
		if strings.TrimSpace(v) == "" || strings.ContainsAny(v, " \t\n") {
			r.Add(m.Get("name"), "use a short name without spaces, such as river-line", "name %q is not a usable scenario name", v)
		}
	}
	if v, ok := r.Str(r.Require(m, "the scenario", "title", `add a line such as title: "The farm at Hougoumont"`), "title"); ok {
		sc.Title = v
	}
	if v, ok := r.Str(m.Get("description"), "description"); ok {
		sc.Description = strings.TrimSpace(v)
	}
	if v, ok := r.Float(m.Get("table"), "table"); ok {
		if v < 6 || v > 96 {
			r.Add(m.Get("table"), "the rules are written for a 24\" table; use 6 to 96", "table size %g\" is out of range", v)
		} else {
			sc.Size = v
		}
	}
	if n := m.Get("victory"); n != nil {
		if v, ok := r.Str(n, "victory"); ok {
			switch strings.ToLower(v) {
			case "fast":
				sc.Victory = tb.Fast
			case "decisive":
				sc.Victory = tb.Decisive
			default:
				r.Add(n, "use fast or decisive (\"Victory Conditions\")", "unknown victory %q", v)
			}
		}
	}
	if v, ok := r.Integer(m.Get("turn_limit"), "turn_limit"); ok {
		if v < 0 || v > tb.MaxTurnLimit {
			r.Add(m.Get("turn_limit"), fmt.Sprintf("use 1 to %d, or 0 for the default of %d", tb.MaxTurnLimit, tb.DefaultTurnLimit), "turn_limit %d is out of range", v)
		} else {
			sc.TurnLimit = v
		}
	}
	if v, ok := r.Boolean(m.Get("grand_battery"), "grand_battery"); ok {
		sc.GrandBattery = v
	}
	if n := m.Get("setup"); n != nil {
		if v, ok := r.Str(n, "setup"); ok {
			switch strings.ToLower(v) {
			case "play":
				sc.SetupByPlay = true
			case "fixed":
				sc.SetupByPlay = false
			default:
				r.Add(n, "use play (attacker by dice, deployment and reinforcement points chosen in the game) or fixed (positions and points given here)", "unknown setup %q", v)
			}
		}
	}
	if v, ok := r.Float(m.Get("deploy_ap"), "deploy_ap"); ok {
		switch {
		case !sc.SetupByPlay:
			r.Add(m.Get("deploy_ap"), "remove it, or use setup: play", "deploy_ap only applies when the set-up is played")
		case v < 0 || v > tb.MaxDeployAP:
			r.Add(m.Get("deploy_ap"), fmt.Sprintf("give 0 to %d: the rules deploy 10 AP (\"Force deployment\")", tb.MaxDeployAP), "deploy_ap %g is out of range", v)
		default:
			sc.DeployAP = v
		}
	}
	for k, fn := range r.Seq(m.Get("terrain"), "terrain", "list the features, each starting with '- kind:'") {
		if f, ok := r.feature(fn, k, sc.Size); ok {
			sc.Terrain = append(sc.Terrain, f)
		}
	}
	sidesNode := r.Require(m, "the scenario", "sides", "add a sides: list with the two armies, the south side first")
	items := r.Seq(sidesNode, "sides", "list the two sides, each starting with '- name:'")
	if sidesNode != nil && sidesNode.Kind == yaml.SequenceNode && len(items) != 2 {
		r.Add(sidesNode, "give exactly two sides: the first starts on the south edge, the second on the north", "sides lists %d sides", len(items))
	}
	var sides [2]*fileSide
	for k := 0; k < len(items) && k < 2; k++ {
		sides[k] = r.side(items[k], k, !sc.SetupByPlay, true)
		sc.SideNames[k] = sides[k].name
		sc.AP[k] = sides[k].ap
		if sides[k].nation != nil {
			sc.Nations[k] = sides[k].nation.Nation
		}
	}
	r.attacker(m, sc, sides)
	if sides[0] == nil || sides[1] == nil {
		return sc
	}
	r.assemble(sc, sides[:])
	return sc
}

// attacker reads the attacker of a fixed set-up.
func (r *reader) attacker(m mapping, sc *tb.Scenario, sides [2]*fileSide) {
	n := m.Get("attacker")
	if sc.SetupByPlay {
		if n != nil {
			r.Add(n, "remove it: with setup: play the attacker is diced for (\"Game setup\")", "attacker is only given with setup: fixed")
		}
		return
	}
	if n == nil {
		r.Add(m.Node, "add attacker: with the attacking side's name (the defender moves first)", "a fixed set-up needs an attacker")
		return
	}
	v, ok := r.Str(n, "attacker")
	if !ok {
		return
	}
	for k, s := range sides {
		if s != nil && (strings.EqualFold(v, s.name) || v == strconv.Itoa(k)) {
			sc.Attacker = k
			return
		}
	}
	r.Add(n, fmt.Sprintf("use one side's name (%q or %q)", sc.SideNames[0], sc.SideNames[1]), "attacker %q is not a side", v)
}

// feature reads one terrain feature.
func (r *reader) feature(n *yaml.Node, k int, size float64) (tb.Feature, bool) {
	what := fmt.Sprintf("terrain feature %d", k+1)
	m := r.Mapping(n, what, featureKeys...)
	var f tb.Feature
	kn := r.Require(m, what, "kind", "add kind: (road, stream, river, hedge, town, wood, hill, steep hill, copse or ford)")
	v, ok := r.Str(kn, "kind")
	if !ok {
		return f, false
	}
	if strings.EqualFold(strings.TrimSpace(v), "wall") {
		v = "hedge" // "Hedge/walls": the rules treat them alike
	}
	if err := f.Kind.UnmarshalText([]byte(v)); err != nil {
		r.Add(kn, "use road, stream, river, hedge (or wall), town, wood, hill, steep hill, copse or ford", "unknown terrain kind %q", v)
		return f, false
	}
	if name, ok := r.Str(m.Get("name"), "name"); ok {
		f.Name = name
		what = fmt.Sprintf("%s %q", f.Kind, name)
	} else {
		what = fmt.Sprintf("%s (terrain feature %d)", f.Kind, k+1)
	}
	onTable := func(p geom.Vec) bool { return p.X >= -1e-9 && p.Y >= -1e-9 && p.X <= size+1e-9 && p.Y <= size+1e-9 }
	if f.Kind.IsCircle() {
		for _, key := range []string{"points"} {
			if m.Has(key) {
				r.Add(m.Key(key), "give centre: [x, y] and radius: instead", "a %s is a circle and takes no %s", f.Kind, key)
			}
		}
		c, okc := r.Vec(r.Require(m, what, "centre", "add centre: [x, y]"), "centre")
		rad, okr := r.Float(r.Require(m, what, "radius", "add radius: in inches"), "radius")
		if okr && rad <= 0 {
			r.Add(m.Get("radius"), "give a positive radius in inches", "%s has radius %g", what, rad)
			okr = false
		}
		if okc && !onTable(c) {
			r.Add(m.Get("centre"), fmt.Sprintf("keep it within 0 to %g", size), "%s's centre (%g, %g) is off the table", what, c.X, c.Y)
			okc = false
		}
		f.Centre, f.Radius = c, rad
		return f, okc && okr
	}
	for _, key := range []string{"centre", "radius"} {
		if m.Has(key) {
			r.Add(m.Key(key), "give its outline or line as points: [[x, y], ...] instead", "a %s takes points, not %s", f.Kind, key)
		}
	}
	pn := r.Require(m, what, "points", "add points: [[x, y], [x, y], ...]")
	good := true
	for _, p := range r.Seq(pn, "points", "write points: [[x1, y1], [x2, y2], ...]") {
		v, ok := r.Vec(p, "a point")
		switch {
		case !ok:
			good = false
		case !onTable(v):
			r.Add(p, fmt.Sprintf("keep x and y within 0 to %g (a feature may end on an edge)", size), "point (%g, %g) of %s is off the table", v.X, v.Y, what)
			good = false
		default:
			f.Points = append(f.Points, v)
		}
	}
	need := 2
	if f.Kind.IsArea() {
		need = 3
	}
	if pn != nil && good && len(f.Points) < need {
		shape := "a line needs at least 2 points"
		if need == 3 {
			shape = "an area needs at least 3 points, its outline in order"
		}
		r.Add(pn, shape, "%s has %d points", what, len(f.Points))
		good = false
	}
	return f, good && pn != nil
}

// side reads one side.
// An army file may leave out the name (requireName false).
func (r *reader) side(n *yaml.Node, k int, fixed, requireName bool) *fileSide {
	what := fmt.Sprintf("side %d", k+1)
	m := r.Mapping(n, what, sideKeys...)
	s := &fileSide{node: n, name: []string{"South", "North"}[k]}
	nameNode := m.Get("name")
	if requireName {
		nameNode = r.Require(m, what, "name", "add name: such as French")
	}
	if v, ok := r.Str(nameNode, "name"); ok && strings.TrimSpace(v) != "" {
		s.name = v
		what = fmt.Sprintf("side %q", v)
	}
	if nn := m.Get("nation"); nn != nil {
		if v, ok := r.Str(nn, "nation"); ok {
			l, err := armies.ByNation(v)
			if err != nil {
				fix := "use one of: " + strings.Join(armies.Nations(), ", ")
				if near := yamlread.Nearest(v, armies.Nations()); near != "" {
					fix = fmt.Sprintf("did you mean %q?", near)
				}
				r.Add(nn, fix, "no army list for nation %q", v)
			} else {
				s.nation, s.natNode = l, nn
			}
		}
	}
	if v, ok := r.Float(m.Get("ap"), "ap"); ok {
		if v <= 0 {
			r.Add(m.Get("ap"), "give the army's budget in AP, such as 40", "ap %g is not positive", v)
		} else {
			s.ap, s.apNode = v, m.Get("ap")
		}
	}
	s.unitsKey = m.Key("units")
	un := r.Require(m, what, "units", "add units: with the corps HQ and its troops")
	items := r.Seq(un, "units", "list the units, each starting with '- label:'")
	if len(items) > tb.MaxUnits {
		// Only the first are read: the checks of labels and the chain
		// of command compare units with units.
		r.Add(s.unitsKey, fmt.Sprintf("the engine holds at most %d units in a game: remove %d", tb.MaxUnits, len(items)-tb.MaxUnits), "%s has %d units", what, len(items))
		items = items[:tb.MaxUnits]
	}
	for j, u := range items {
		s.units = append(s.units, r.unit(u, k, j, fixed))
	}
	if pn := m.Get("points"); pn != nil {
		if !fixed {
			r.Add(m.Key("points"), "remove it, or use setup: fixed: with setup: play the points are chosen in the game", "points are only given with setup: fixed")
		} else {
			s.ptsNode = pn
			for j, p := range r.Seq(pn, "points", "list at most two points, each starting with '- edge:'") {
				s.points = append(s.points, r.point(p, j))
			}
		}
	}
	return s
}

// unit reads one unit.
func (r *reader) unit(n *yaml.Node, side, k int, fixed bool) *fileUnit {
	what := fmt.Sprintf("unit %d", k+1)
	m := r.Mapping(n, what, unitKeys...)
	u := &fileUnit{node: n, spec: tb.UnitSpec{Side: side, HQ: -1}}
	u.label = r.Require(m, what, "label", "add label: with a short unique name such as \"F1 Line\"")
	if v, ok := r.Str(u.label, "label"); ok {
		u.spec.Label = strings.TrimSpace(v)
		if u.spec.Label == "" {
			r.Add(u.label, "give each unit a short unique name", "%s has an empty label", what)
		} else {
			what = fmt.Sprintf("unit %q", u.spec.Label)
		}
	}
	u.typ = r.Require(m, what, "type", "add type: such as line infantry")
	if v, ok := r.Str(u.typ, "type"); ok {
		t, found := tb.UnitTypeByCode(strings.TrimSpace(v))
		if !found {
			var names []string
			for _, t := range tb.UnitTypes() {
				names = append(names, strings.ToLower(t.String()))
			}
			fix := "use one of: " + strings.Join(names, ", ") + " (or their codes: LI, HC, FA, ...)"
			if near := yamlread.Nearest(strings.ToLower(v), names); near != "" {
				fix = fmt.Sprintf("did you mean %q?", near)
			}
			r.Add(u.typ, fix, "%s has an unknown unit type %q", what, v)
			// Without a type the unit takes no part in the checks of the
			// chain of command, which would only repeat this problem.
			u.typ = nil
		}
		u.spec.Type = t
	}
	if hn := m.Get("hq"); hn != nil {
		if v, ok := r.Str(hn, "hq"); ok {
			u.hq, u.hqNode = strings.TrimSpace(v), hn
		}
	}
	flags := []struct {
		key string
		dst *bool
	}{{"large", &u.spec.Large}, {"small", &u.spec.Small}, {"screened", &u.spec.Screened}, {"bows", &u.spec.Bows}}
	for _, f := range flags {
		if v, ok := r.Boolean(m.Get(f.key), f.key); ok {
			*f.dst = v
		}
	}
	facing := 0.0
	if side == 1 {
		facing = 180
	}
	if v, ok := r.Float(m.Get("facing"), "facing"); ok {
		facing = geom.NormDeg(v)
	}
	if an := m.Get("at"); an != nil {
		if !fixed {
			r.Add(m.Key("at"), "remove it, or use setup: fixed: with setup: play units are deployed in the game", "%s is given a position, but the set-up is played", what)
		} else if p, ok := r.Vec(an, "at"); ok {
			u.at = an
			u.spec.Start = &tb.Placement{X: p.X, Y: p.Y, Facing: facing}
		}
	} else if m.Has("facing") && !fixed {
		r.Add(m.Key("facing"), "remove it: units deployed in the game choose their facing then", "%s is given a facing, but the set-up is played", what)
	}
	return u
}

// point reads one reinforcement point.
func (r *reader) point(n *yaml.Node, k int) *filePoint {
	what := fmt.Sprintf("reinforcement point %d", k+1)
	m := r.Mapping(n, what, pointKeys...)
	p := &filePoint{node: n}
	p.edge = r.Require(m, what, "edge", "add edge: south, north, east or west")
	if v, ok := r.Str(p.edge, "edge"); ok {
		found := false
		for e := tb.South; e <= tb.West; e++ {
			if strings.EqualFold(v, e.String()) {
				p.spec.Edge, found = e, true
			}
		}
		if !found {
			r.Add(p.edge, "use south, north, east or west", "unknown edge %q", v)
			p.edge = nil
		}
	}
	if v, ok := r.Float(r.Require(m, what, "at", "add at: the distance along the edge in inches (x on south and north, y on east and west)"), "at"); ok {
		p.spec.At = v
	}
	qn := r.Require(m, what, "queue", "add queue: [label, ...] with the units arriving there, first to arrive first")
	p.queue = r.Seq(qn, "queue", "write queue: [\"F5 Line\", \"F6 Line\"]")
	if len(p.queue) > tb.MaxUnits {
		// Each entry is looked up among the labels: read no more than
		// a game can hold.
		r.Add(qn, fmt.Sprintf("queue each of the side's units once: a game holds at most %d units", tb.MaxUnits), "%s queues %d units", what, len(p.queue))
		p.queue = p.queue[:tb.MaxUnits]
	}
	return p
}
