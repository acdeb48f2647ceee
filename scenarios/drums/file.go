package drums

import (
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"

	dm "github.com/grognard/grognard/engine/drums"
	"github.com/grognard/grognard/engine/geom"
	"github.com/grognard/grognard/scenarios"
	"github.com/grognard/grognard/scenarios/drums/armies"
	"github.com/grognard/grognard/scenarios/yamlread"
)

// The keys each section of a scenario file allows.
var (
	topKeys       = []string{"name", "title", "width", "depth", "turn_limit", "objective", "terrain", "forces"}
	objectiveKeys = []string{"break_share", "baggage_loses", "hold"}
	holdKeys      = []string{"name", "centre", "radius"}
	featureKeys   = []string{"kind", "name", "points"}
	forceKeys     = []string{"name", "list", "commander", "no_square", "always_defender", "commands"}
	generalKeys   = []string{"label", "name", "respect", "ability"}
	commandKeys   = []string{"general", "units"}
	unitKeys      = []string{"row", "label", "bases", "profile"}
	profileKeys   = []string{"name", "type", "doctrines", "weapon", "levels"}
)

// The sizes of a table a scenario file may give, in BW (CheckScenario's
// bounds), and the default: 48 x 32 BW, 6 x 4 ft with 15mm figures on
// 40mm bases (Game Scale).
const (
	minTable, maxTable = 12, 200
	defaultWidth       = 48
	defaultDepth       = 32
	// maxTurnLimit bounds turn_limit: a game of a few hours is a dozen
	// turns (Game Sequence).
	maxTurnLimit = 100
)

var (
	respectNames = [...]string{dm.Accepted: "accepted", dm.Hated: "hated", dm.Inspired: "inspired"}
	abilityNames = [...]string{dm.Competent: "competent", dm.Incompetent: "incompetent", dm.Exceptional: "exceptional"}
)

// labelled is where a label was first given, for the message about a
// second use.
type labelled struct {
	node *yaml.Node
	who  string
}

// fileCommand is a command as read, with the node its deployment problem
// points at.
type fileCommand struct {
	node *yaml.Node
}

// battle is what the reader gathers besides the scenario: the nodes the
// checks that need the whole battle point at.
type battle struct {
	labels   map[string]labelled
	forces   [2]*yaml.Node
	commands [2][]fileCommand
	forceKey *yaml.Node
}

// Load reads and checks a scenario file (a regular file of at most
// scenarios.MaxFileSize bytes). The scenario's name is the file's name:
// key, or the file name without its extension.
func Load(path string) (*dm.Scenario, error) { return format.Load(path) }

// Parse reads and checks a Drums and Muskets scenario written in the file
// format of docs/scenarios.md. source names the text in messages. On any
// problem the error is an *Error listing every problem found, each with
// its line and a fix; a scenario it returns passes dm.CheckScenario and
// CheckDeploy.
func Parse(source string, data []byte) (*dm.Scenario, error) {
	r := newReader()
	if len(data) > scenarios.MaxFileSize {
		r.Add(nil, "a scenario file is a few kilobytes", "the text is %d bytes, over the %d byte limit", len(data), scenarios.MaxFileSize)
		return nil, &Error{Source: source, Problems: r.Problems}
	}
	root := r.Document(data, "the example in docs/scenarios.md (Drums and Muskets)")
	var sc *dm.Scenario
	if root != nil {
		base := strings.TrimSuffix(filepath.Base(source), filepath.Ext(source))
		sc = r.scenario(root, base)
	}
	if len(r.Problems) > 0 {
		return nil, &Error{Source: source, Problems: r.bounded()}
	}
	return sc, nil
}

// maxProblems bounds the problems one file reports, so a hostile file
// cannot make a huge message.
const maxProblems = 100

// bounded is the problems in file order, at most maxProblems of them and
// a last one saying how many more there were.
func (r *reader) bounded() []Problem {
	ps := r.Sorted()
	if len(ps) > maxProblems {
		more := len(ps) - maxProblems
		ps = append(ps[:maxProblems:maxProblems], Problem{Message: fmt.Sprintf("and %d more problems", more), Fix: "fix these first"})
	}
	return ps
}

// scenario reads the whole file and, when it reads cleanly, checks what
// needs the whole battle: sizes, the engine's own check and deployment.
func (r *reader) scenario(root *yaml.Node, defaultName string) *dm.Scenario {
	m := r.Mapping(root, "the scenario", topKeys...)
	if root.Kind != yaml.MappingNode {
		return nil
	}
	sc := &dm.Scenario{Name: defaultName, Width: defaultWidth, Depth: defaultDepth, Objective: dm.Objective{BreakShare: dm.DefaultBreakShare, BaggageLoses: true}}
	if v, ok := r.Str(m.Get("name"), "name"); ok {
		sc.Name = v
		if strings.TrimSpace(v) == "" || strings.ContainsAny(v, " \t\n") {
			r.Add(m.Get("name"), "use a short name without spaces, such as ridge-defence", "name %q is not a usable scenario name", v)
		}
	}
	if v, ok := r.Str(r.Require(m, "the scenario", "title", `add a line such as title: "The ridge at Busaco"`), "title"); ok {
		sc.Title = strings.TrimSpace(v)
	}
	for _, d := range []struct {
		key string
		v   *float64
	}{{"width", &sc.Width}, {"depth", &sc.Depth}} {
		if v, ok := r.Float(m.Get(d.key), d.key); ok {
			if v < minTable || v > maxTable {
				r.Add(m.Get(d.key), fmt.Sprintf("give %d to %d BW (48 x 32 BW is a 6 x 4 ft table with 40mm bases)", minTable, maxTable), "%s %g BW is out of range", d.key, v)
			} else {
				*d.v = v
			}
		}
	}
	if sc.Width < sc.Depth {
		n := m.Get("width")
		if n == nil {
			n = m.Get("depth")
		}
		r.Add(n, "swap them: width is the long edge, where the armies deploy (Deployment Zone)", "the table is %g BW wide and %g BW deep", sc.Width, sc.Depth)
	}
	if v, ok := r.Integer(m.Get("turn_limit"), "turn_limit"); ok {
		if v < 0 || v > maxTurnLimit {
			r.Add(m.Get("turn_limit"), fmt.Sprintf("use 1 to %d, or 0 for the default of %d", maxTurnLimit, dm.DefaultTurnLimit), "turn_limit %d is out of range", v)
		} else {
			sc.TurnLimit = v
		}
	}
	tn := m.Get("terrain")
	items := r.Seq(tn, "terrain", "list the features, each starting with '- kind:'")
	if len(items) > dm.MaxFeatures {
		r.Add(keyOf(m, "terrain"), fmt.Sprintf("keep the %d most significant (Terrain & Fortifications: only features that affect play)", dm.MaxFeatures), "%d terrain features, more than %d", len(items), dm.MaxFeatures)
		items = items[:dm.MaxFeatures]
	}
	for k, fn := range items {
		if f, ok := r.feature(fn, k, sc.Width, sc.Depth); ok {
			sc.Terrain = append(sc.Terrain, f)
		}
	}
	r.objective(m.Get("objective"), sc)
	b := &battle{labels: map[string]labelled{}}
	fn := r.Require(m, "the scenario", "forces", "add forces: with the two armies, the one on the y=0 edge first")
	forces := r.Seq(fn, "forces", "list the two forces, each starting with '- name:'")
	if fn != nil && fn.Kind == yaml.SequenceNode && len(forces) != 2 {
		r.Add(keyOf(m, "forces"), "give exactly two forces: the first deploys from the y=0 edge, the second from the far edge", "forces lists %d forces", len(forces))
	}
	b.forceKey = keyOf(m, "forces")
	for k := 0; k < len(forces) && k < 2; k++ {
		b.forces[k] = forces[k]
		sc.Forces[k] = r.force(forces[k], k, b)
	}
	if len(r.Problems) > 0 {
		return sc
	}
	r.whole(sc, b, root)
	return sc
}

// whole checks what needs the battle read in full: the engine's limits,
// dm.CheckScenario, and that every command can deploy.
func (r *reader) whole(sc *dm.Scenario, b *battle, root *yaml.Node) {
	total := 0
	for side := range 2 {
		n := 0
		for _, c := range sc.Forces[side].Commands {
			n += len(c.Units)
		}
		if n > dm.MaxSideUnits {
			r.Add(b.forces[side], fmt.Sprintf("cut %d units: a side fields at most %d", n-dm.MaxSideUnits, dm.MaxSideUnits), "%s fields %d units", sc.Forces[side].Name, n)
		}
		total += n
	}
	if total > dm.MaxUnits {
		r.Add(b.forceKey, fmt.Sprintf("cut %d units: both sides field at most %d together", total-dm.MaxUnits, dm.MaxUnits), "the battle has %d units", total)
	}
	if len(r.Problems) > 0 {
		return
	}
	if err := dm.CheckScenario(sc); err != nil {
		r.Add(root, "see the message; docs/scenarios.md gives the limits", "the rules refuse the scenario: %v", err)
		return
	}
	// Ruling D-DEPLOY-ORDERS (Deploying forces): a file is accepted when
	// some order of deployment places every command.
	if err := CheckDeploy(sc); err != nil {
		var de *DeployError
		n := root
		if errors.As(err, &de) && de.Side >= 0 && de.Side < 2 && de.Command < len(b.commands[de.Side]) {
			n = b.commands[de.Side][de.Command].node
		}
		r.Add(n, deployFix, "%v", err)
	}
}

// deployFix is how to make a command fit a deployment slot.
const deployFix = "split the command, use fewer or smaller units, widen or deepen the table, or move impassable terrain out of the deployment zones"

// objective reads the objective section; left out, a side loses with
// half its units broken or its baggage camp lost (ruling D-VICTORY).
func (r *reader) objective(n *yaml.Node, sc *dm.Scenario) {
	if n == nil {
		return
	}
	m := r.Mapping(n, "objective", objectiveKeys...)
	if v, ok := r.Float(m.Get("break_share"), "break_share"); ok {
		if v <= 0 || v > 1 {
			r.Add(m.Get("break_share"), "give the share of its units a side may lose before it loses, above 0 and at most 1, such as 0.5", "break_share %g is out of range", v)
		} else {
			sc.Objective.BreakShare = v
		}
	}
	if v, ok := r.Boolean(m.Get("baggage_loses"), "baggage_loses"); ok {
		sc.Objective.BaggageLoses = v
	}
	for k, hn := range r.Seq(m.Get("hold"), "hold", "list the areas, each as {name: ..., centre: [x, y], radius: r}") {
		what := fmt.Sprintf("hold area %d", k+1)
		hm := r.Mapping(hn, what, holdKeys...)
		h := dm.HoldArea{Name: what}
		if v, ok := r.Str(hm.Get("name"), what+" name"); ok {
			h.Name = strings.TrimSpace(v)
		}
		c, okc := r.Vec(r.Require(hm, what, "centre", "add centre: [x, y] in BW"), what+" centre")
		if okc && !onTable(c, sc.Width, sc.Depth) {
			r.Add(hm.Get("centre"), fmt.Sprintf("keep x within 0 to %g and y within 0 to %g", sc.Width, sc.Depth), "%s's centre (%g, %g) is off the table", what, c.X, c.Y)
		}
		rad, okr := r.Float(r.Require(hm, what, "radius", "add radius: in BW, such as 3"), what+" radius")
		if okr && (rad <= 0 || rad > sc.Depth/2) {
			r.Add(hm.Get("radius"), fmt.Sprintf("give a radius above 0 and at most %g BW (half the table's depth)", sc.Depth/2), "%s has radius %g", what, rad)
		}
		h.Centre, h.Radius = c, rad
		sc.Objective.Hold = append(sc.Objective.Hold, h)
	}
}

// keyOf is the key node of key in m, where a problem with the whole value
// is reported, or the mapping when the key is absent.
func keyOf(m mapping, key string) *yaml.Node {
	if k := m.Key(key); k != nil {
		return k
	}
	return m.Node
}

// onTable reports whether p lies on a width x depth table (an edge counts).
func onTable(p geom.Vec, width, depth float64) bool {
	return p.X >= -geom.Eps && p.Y >= -geom.Eps && p.X <= width+geom.Eps && p.Y <= depth+geom.Eps
}

// feature reads one terrain feature: an area outline or a line.
func (r *reader) feature(n *yaml.Node, k int, width, depth float64) (dm.Feature, bool) {
	what := fmt.Sprintf("terrain feature %d", k+1)
	m := r.Mapping(n, what, featureKeys...)
	var f dm.Feature
	if m.Node == nil || n.Kind != yaml.MappingNode {
		return f, false
	}
	kn := r.Require(m, what, "kind", "add kind: ("+kindWords()+")")
	v, ok := r.Str(kn, "kind")
	if !ok {
		return f, false
	}
	kind, ok := lookupKind(v)
	if !ok {
		fix := "use " + kindWords() + " (hedge, wall and fence are obstacles; farm and village built-up)"
		if s := yamlread.Nearest(v, kindNames[1:]); s != "" {
			fix = fmt.Sprintf("did you mean %q? (%s)", s, fix)
		}
		r.Add(kn, fix, "unknown terrain kind %q", v)
		return f, false
	}
	f.Kind = kind
	if name, ok := r.Str(m.Get("name"), "name"); ok {
		f.Name = strings.TrimSpace(name)
		what = fmt.Sprintf("%s %q", kind, f.Name)
	} else {
		what = fmt.Sprintf("%s (terrain feature %d)", kind, k+1)
	}
	pn := r.Require(m, what, "points", "add points: [[x, y], [x, y], ...] in BW")
	good := true
	pts := r.Seq(pn, "points", "write points: [[x1, y1], [x2, y2], ...]")
	if len(pts) > dm.MaxFeaturePoints {
		r.Add(pn, fmt.Sprintf("simplify it to at most %d points", dm.MaxFeaturePoints), "%s has %d points", what, len(pts))
		return f, false
	}
	for _, p := range pts {
		v, ok := r.Vec(p, "a point")
		switch {
		case !ok:
			good = false
		case !onTable(v, width, depth):
			r.Add(p, fmt.Sprintf("keep x within 0 to %g and y within 0 to %g (a feature may end on an edge)", width, depth), "point (%g, %g) of %s is off the table", v.X, v.Y, what)
			good = false
		default:
			f.Points = append(f.Points, v)
		}
	}
	if !good || pn == nil {
		return f, false
	}
	if err := checkShape(f); err != nil {
		r.Add(pn, shapeFix(f.Kind), "%s: %v", what, err)
		return f, false
	}
	return f, true
}

// shapeFix says how to draw a feature of kind k.
func shapeFix(k dm.TerrainKind) string {
	if k.Linear() {
		return "a line needs at least 2 distinct points in order along it"
	}
	return "an outline needs at least 3 points in order around the area, its edges not crossing"
}

// checkShape refuses a line with repeated points, and an outline with
// fewer than three corners, no area or crossing edges: the engine's
// inside tests need a simple polygon.
func checkShape(f dm.Feature) error {
	ps := f.Points
	if f.Kind.Linear() {
		if len(ps) < 2 {
			return fmt.Errorf("a line of %d points", len(ps))
		}
		for i := 1; i < len(ps); i++ {
			if ps[i].Dist(ps[i-1]) < 1e-6 {
				return fmt.Errorf("point %d repeats point %d", i+1, i)
			}
		}
		return nil
	}
	if len(ps) < 3 {
		return fmt.Errorf("an outline of %d points", len(ps))
	}
	area := 0.0
	for i := range ps {
		area += ps[i].Cross(ps[(i+1)%len(ps)])
	}
	if math.Abs(area)/2 < 1e-6 {
		return fmt.Errorf("the outline has no area")
	}
	n := len(ps)
	for i := range n {
		a1, a2 := ps[i], ps[(i+1)%n]
		for j := i + 1; j < n; j++ {
			if j == i+1 || (i == 0 && j == n-1) {
				continue // neighbours share a corner
			}
			if _, hit := geom.SegSegIntersect(a1, a2, ps[j], ps[(j+1)%n]); hit {
				return fmt.Errorf("edge %d crosses edge %d", i+1, j+1)
			}
		}
	}
	return nil
}

// force reads one side's force.
func (r *reader) force(n *yaml.Node, side int, b *battle) dm.ForceSpec {
	what := fmt.Sprintf("force %d", side+1)
	m := r.Mapping(n, what, forceKeys...)
	var f dm.ForceSpec
	if m.Node == nil || n.Kind != yaml.MappingNode {
		return f
	}
	if v, ok := r.Str(r.Require(m, what, "name", "add name: with the side's name, such as French"), what+" name"); ok {
		f.Name = strings.TrimSpace(v)
		if f.Name == "" {
			r.Add(m.Get("name"), "name the side, such as French", "%s has an empty name", what)
		} else {
			what = fmt.Sprintf("force %q", f.Name)
		}
	}
	var list *armies.List
	if ln := m.Get("list"); ln != nil {
		if id, ok := r.Str(ln, what+" list"); ok {
			l, err := armies.ByID(id)
			if err != nil {
				r.Add(ln, "run 'grognard army lists --ruleset drums' for the ids", "%v", err)
			} else {
				list, f.List = l, l.ID
				f.NoSquare, f.AlwaysDefender = l.NoSquare, l.AlwaysDefender
			}
		}
	}
	if v, ok := r.Boolean(m.Get("no_square"), "no_square"); ok {
		f.NoSquare = v
	}
	// Ruling D-SCEN-ROLES (Scouting Initiative): a scenario may fix who
	// defends, as the Mapuche list does for its army.
	if v, ok := r.Boolean(m.Get("always_defender"), "always_defender"); ok {
		f.AlwaysDefender = v
	}
	cn := r.Require(m, what, "commander", "add commander: {label: F-FC, name: ...}")
	f.Commander = r.general(cn, "the force commander of "+what, b)
	cmdsNode := r.Require(m, what, "commands", "add commands:, each a general and his units (Army Structure)")
	cmds := r.Seq(cmdsNode, what+" commands", "list the commands, each starting with '- general:'")
	switch k := len(cmds); {
	case cmdsNode != nil && cmdsNode.Kind == yaml.SequenceNode && k == 0:
		r.Add(keyOf(m, "commands"), "add a command: a general and his units (Army Structure)", "%s has no commands", what)
	case k > dm.MaxCommands:
		r.Add(keyOf(m, "commands"), fmt.Sprintf("merge or drop %d of them: a side has at most %d", k-dm.MaxCommands, dm.MaxCommands), "%s has %d commands", what, k)
		cmds = cmds[:dm.MaxCommands]
	}
	for c, cnode := range cmds {
		b.commands[side] = append(b.commands[side], fileCommand{node: cnode})
		f.Commands = append(f.Commands, r.command(cnode, fmt.Sprintf("command %d of %s", c+1, what), list, b))
	}
	return f
}

// general reads a general: a mapping with at least a label.
func (r *reader) general(n *yaml.Node, who string, b *battle) dm.GeneralSpec {
	var g dm.GeneralSpec
	if n == nil {
		return g
	}
	m := r.Mapping(n, who, generalKeys...)
	if m.Node == nil || n.Kind != yaml.MappingNode {
		return g
	}
	ln := r.Require(m, who, "label", "give him a short label such as F-G1, the name written on his base")
	if v, ok := r.Str(ln, who+" label"); ok {
		g.Label = strings.TrimSpace(v)
		r.claim(ln, g.Label, who, b)
	}
	if v, ok := r.Str(m.Get("name"), who+" name"); ok {
		g.Name = strings.TrimSpace(v)
	}
	if v, ok := r.Str(m.Get("respect"), who+" respect"); ok {
		if i, ok := lookup(respectNames[:], v); ok {
			g.Respect = dm.Respect(i)
		} else {
			r.Add(m.Get("respect"), "use "+strings.Join(respectNames[:], ", ")+" (Optional Rules, Types of Generals)", "respect %q is not known", v)
		}
	}
	if v, ok := r.Str(m.Get("ability"), who+" ability"); ok {
		if i, ok := lookup(abilityNames[:], v); ok {
			g.Ability = dm.Ability(i)
		} else {
			r.Add(m.Get("ability"), "use "+strings.Join(abilityNames[:], ", ")+" (Optional Rules, Staff Ability Types)", "ability %q is not known", v)
		}
	}
	return g
}

// claim checks a label is usable and not yet taken anywhere in the
// battle: labels name pieces in moves ("F1 advance 12,8"), so they are one
// word and unique across both sides.
func (r *reader) claim(n *yaml.Node, label, who string, b *battle) {
	// Ruling D-SCEN-LABELS (Actions): one word, unique in the battle.
	switch {
	case label == "":
		r.Add(n, "give a short label such as F1", "%s has an empty label", who)
		return
	case strings.ContainsAny(label, " \t\n,"):
		r.Add(n, "write it as one word, such as F-G1 (moves name pieces by label)", "%s's label %q has a space or comma", who, label)
		return
	case len(label) > 16:
		r.Add(n, "keep it to 16 characters, the name written on a base", "%s's label %q is too long", who, label)
		return
	}
	if first, dup := b.labels[label]; dup {
		r.Add(n, "give every general and unit of the battle its own label", "%s has label %q, already used on line %d by %s", who, label, first.node.Line, first.who)
		return
	}
	b.labels[label] = labelled{node: n, who: who}
}

// command reads one command: a general and his units.
func (r *reader) command(n *yaml.Node, what string, list *armies.List, b *battle) dm.CommandSpec {
	var c dm.CommandSpec
	m := r.Mapping(n, what, commandKeys...)
	if m.Node == nil || n.Kind != yaml.MappingNode {
		return c
	}
	c.General = r.general(r.Require(m, what, "general", "add general: {label: F-G1, name: ...}"), "the general of "+what, b)
	un := r.Require(m, what, "units", "add units:, each {row: <army-list row>, label: F1}")
	units := r.Seq(un, what+" units", "list the units, each as {row: ..., label: ...}")
	switch k := len(units); {
	case un != nil && un.Kind == yaml.SequenceNode && k == 0:
		r.Add(keyOf(m, "units"), "give it units or remove the command", "%s has no units", what)
	case k > armies.MaxUnitsPerCommand:
		r.Add(keyOf(m, "units"), fmt.Sprintf("move %d of them to another command: a command has at most %d", k-armies.MaxUnitsPerCommand, armies.MaxUnitsPerCommand), "%s has %d units", what, k)
		units = units[:armies.MaxUnitsPerCommand]
	}
	for u, node := range units {
		c.Units = append(c.Units, r.unit(node, fmt.Sprintf("unit %d of %s", u+1, what), list, b))
	}
	return c
}

// unit reads one unit: an army-list row, or an explicit profile.
func (r *reader) unit(n *yaml.Node, what string, list *armies.List, b *battle) dm.UnitSpec {
	var u dm.UnitSpec
	m := r.Mapping(n, what, unitKeys...)
	if m.Node == nil || n.Kind != yaml.MappingNode {
		return u
	}
	ln := r.Require(m, what, "label", "give it a short label such as F1, the name written on its base")
	if v, ok := r.Str(ln, what+" label"); ok {
		u.Label = strings.TrimSpace(v)
		r.claim(ln, u.Label, what, b)
		if u.Label != "" {
			what = fmt.Sprintf("unit %s", u.Label)
		}
	}
	bases, hasBases := 0, false
	if bn := m.Get("bases"); bn != nil {
		if v, ok := r.Integer(bn, what+" bases"); ok {
			bases, hasBases = v, true
		} else {
			return u
		}
	}
	rowNode, profNode := m.Get("row"), m.Get("profile")
	switch {
	case rowNode != nil && profNode != nil:
		r.Add(profNode, "give one: row: names an army-list row, profile: describes a unit the lists do not have", "%s gives both row and profile", what)
	case rowNode != nil:
		row, ok := r.Str(rowNode, what+" row")
		if !ok {
			return u
		}
		if list == nil {
			r.Add(rowNode, "give the force a list: (its army list's id), or describe the unit with profile:", "%s names row %q but its force has no army list", what, row)
			return u
		}
		p, err := list.Profile(row, bases)
		if err != nil {
			n := rowNode
			if _, rerr := list.Row(row); rerr == nil {
				n = m.Get("bases")
			}
			r.Add(n, "run 'grognard army show --ruleset drums "+list.ID+"' for its rows and sizes", "%s: %v", what, err)
			return u
		}
		u.Profile = p
	case profNode != nil:
		u.Profile = r.profile(profNode, what, bases, hasBases, m.Get("bases"))
	default:
		r.Add(n, "add row: <army-list row> (or profile: for a unit the lists do not have)", "%s has neither row nor profile", what)
	}
	return u
}

// profile reads an explicit profile: the army list's columns written out.
func (r *reader) profile(n *yaml.Node, what string, bases int, hasBases bool, basesNode *yaml.Node) dm.Profile {
	var p dm.Profile
	m := r.Mapping(n, what+" profile", profileKeys...)
	if m.Node == nil || n.Kind != yaml.MappingNode {
		return p
	}
	if v, ok := r.Str(r.Require(m, what+" profile", "name", "add name: such as Militia"), what+" profile name"); ok {
		p.Name = strings.TrimSpace(v)
	}
	tn := r.Require(m, what+" profile", "type", "add type: ("+strings.Join(typeNames[1:], ", ")+")")
	if v, ok := r.Str(tn, what+" type"); ok {
		if i, ok := lookup(typeNames[:], v); ok {
			p.Type = dm.Type(i)
		} else {
			fix := "use " + strings.Join(typeNames[1:], ", ")
			if s := yamlread.Nearest(v, typeNames[1:]); s != "" {
				fix = fmt.Sprintf("did you mean %q? (%s)", s, fix)
			}
			r.Add(tn, fix, "unknown unit type %q", v)
		}
	}
	wn := r.Require(m, what+" profile", "weapon", "add weapon: ("+strings.Join(weaponNames[:], ", ")+")")
	if v, ok := r.Str(wn, what+" weapon"); ok {
		if i, ok := lookup(weaponNames[:], v); ok {
			p.Weapon = dm.Weapon(i)
		} else {
			r.Add(wn, "use "+strings.Join(weaponNames[:], ", ")+" (Shooting Table 1)", "unknown weapon %q", v)
		}
	}
	if dn := m.Get("doctrines"); dn != nil {
		for _, d := range r.Seq(dn, what+" doctrines", "write doctrines: [COA, LCOY]") {
			if v, ok := r.Str(d, "a doctrine"); ok {
				if f, ok := parseDoctrine(v); ok {
					p.Doctrines |= f
				} else {
					r.Add(d, "use the army lists' keys: "+strings.Join(doctrineNames[:], ", "), "unknown doctrine %q", v)
				}
			}
		}
	}
	if v, ok := r.Str(r.Require(m, what+" profile", "levels", `add levels: "- 1+ 5+" (Lackluster Steady Determined, - for a blank)`), what+" levels"); ok {
		t, err := parseLevels(v)
		if err != nil {
			r.Add(m.Get("levels"), "write three cells, Lackluster Steady Determined, each N+ or -", "%s: %v", what, err)
		}
		p.Thresholds = t
	}
	if p.Type == dm.NoType {
		return p
	}
	if !hasBases {
		bases = defaultBases(p.Type)
	}
	if lo, hi := armies.BasesRange(p.Type); bases < lo || bases > hi {
		r.Add(basesNode, fmt.Sprintf("give %d to %d (Game Scale)", lo, hi), "%s has %d bases", what, bases)
	}
	p.Bases = uint8(max(0, min(bases, 255)))
	switch {
	case p.Type.IsArtillery() && p.Doctrines.Has(dm.DocZealous):
		r.Add(n, "remove ZEALOUS (Resilience: artillery cannot be Zealous)", "%s is zealous artillery", what)
	case p.Type.IsArtillery() && p.Weapon != dm.FieldGun && p.Weapon != dm.PositionGun:
		r.Add(wn, "artillery shoots with field-gun or position-gun", "%s is artillery with weapon %s", what, name(weaponNames[:], int(p.Weapon)))
	case !p.Type.IsArtillery() && (p.Weapon == dm.FieldGun || p.Weapon == dm.PositionGun):
		r.Add(wn, "only artillery has guns: use musket, rifle, minie, carbine or none", "%s is not artillery but has %s", what, name(weaponNames[:], int(p.Weapon)))
	}
	return p
}

// defaultBases is an explicit profile's size when the file gives none
// (ruling D-ARMY-BASES, as the army lists use): line foot 6, other foot
// and cavalry 4, field artillery 1 model, position artillery 2.
func defaultBases(t dm.Type) int {
	switch {
	case t == dm.LineFoot:
		return 6
	case t == dm.FieldArtillery:
		return 1
	case t == dm.PositionArtillery:
		return 2
	}
	return 4
}
