package grand

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	gr "github.com/grognard/grognard/engine/grand"
	"github.com/grognard/grognard/scenarios"
	"github.com/grognard/grognard/scenarios/yamlread"
)

// The keys each section of a scenario file allows.
var (
	topKeys       = []string{"name", "title", "terrain", "river", "rounds", "trivial", "cavalry_superiority", "all_cavalry_withdrawal", "guard_commitment", "bombardment", "attacker", "defender"}
	forceKeys     = []string{"name", "nation", "factors", "commander"}
	commanderKeys = []string{"name", "nation", "strategic", "tactical", "cavalry_leader"}
)

// maxName bounds names and titles, in bytes, as grand.Scenario.Check
// does.
const maxName = 200

// maxProblems bounds the problems one file reports, so a hostile file
// cannot make a huge message.
const maxProblems = 100

// example is where a writer of a new file starts from.
const example = "a built-in file such as scenarios/grand/builtin/river-crossing.yaml (grand)"

// sideNames name the two forces in messages, attacker first.
var sideNames = [2]string{"the attacker", "the defender"}

// Load reads and checks a grand scenario file (a regular file of at most
// scenarios.MaxFileSize bytes). The scenario's name is the file's name:
// key, or the file name without its extension.
func Load(path string) (*gr.Scenario, error) { return format.Load(path) }

// Parse reads and checks a grand scenario written in the format the
// package documentation describes. source names the text in messages,
// and its base name without extension is the scenario's name when the
// file gives none. On any problem the error is an *Error listing every
// problem found, each with its line and a fix; a scenario it returns
// passes grand.Scenario.Check.
func Parse(source string, data []byte) (*gr.Scenario, error) {
	r := newReader()
	if len(data) > scenarios.MaxFileSize {
		r.Add(nil, "a scenario file is a few hundred bytes", "the text is %d bytes, over the %d byte limit", len(data), scenarios.MaxFileSize)
		return nil, &Error{Source: source, Problems: r.Problems}
	}
	root := r.Document(data, example)
	var sc *gr.Scenario
	if root != nil {
		base := strings.TrimSuffix(filepath.Base(source), filepath.Ext(source))
		sc = r.scenario(root, base)
	}
	if sc == nil && len(r.Problems) == 0 {
		r.Add(root, "start from "+example, "the file holds no scenario")
	}
	if len(r.Problems) > 0 {
		return nil, &Error{Source: source, Problems: r.bounded()}
	}
	return sc, nil
}

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

// scenario reads the whole file and, when it reads cleanly, checks it as
// the rules do (grand.Scenario.Check).
func (r *reader) scenario(root *yaml.Node, defaultName string) *gr.Scenario {
	m := r.Mapping(root, "the scenario", topKeys...)
	if root.Kind != yaml.MappingNode {
		return nil
	}
	sc := &gr.Scenario{Name: defaultName}
	if n := m.Get("name"); n != nil {
		if v, ok := r.text(n, "name", "river-crossing", false); ok {
			if strings.IndexFunc(v, unicode.IsSpace) >= 0 {
				r.Add(n, "use a short name without spaces, such as river-crossing", "name %q is not a usable scenario name", v)
			} else {
				sc.Name = v
			}
		}
	}
	if n := r.Require(m, "the scenario", "title", `add a line such as title: "Crossing the Inn under fire"`); n != nil {
		if v, ok := r.text(n, "title", `"Crossing the Inn under fire"`, true); ok {
			sc.Title = v
		}
	}
	tn := r.Require(m, "the scenario", "terrain", "add terrain: ("+strings.Join(gr.TerrainNames(), ", ")+")")
	if v, ok := r.Str(tn, "terrain"); ok {
		if t, err := gr.ParseTerrain(v); err != nil {
			r.Add(tn, choiceFix(v, gr.TerrainNames(), "the Operational Possibilities Chart's terrain lines"), "unknown terrain %q", v)
		} else {
			sc.Terrain = t
		}
	}
	for _, b := range []struct {
		key string
		v   *bool
	}{
		{"river", &sc.River},
		{"trivial", &sc.Trivial},
		{"cavalry_superiority", &sc.CavalrySuperiority},
		{"all_cavalry_withdrawal", &sc.AllCavalryWithdrawal},
		{"guard_commitment", &sc.GuardCommitment},
		{"bombardment", &sc.Bombardment},
	} {
		if v, ok := r.Boolean(m.Get(b.key), b.key); ok {
			*b.v = v
		}
	}
	if n := m.Get("rounds"); n != nil {
		if v, ok := r.Integer(n, "rounds"); ok {
			if v < 0 || v > gr.MaxRounds {
				r.Add(n, fmt.Sprintf("give 1 to %d combat rounds, or 0 for the default day of %d", gr.MaxRounds, gr.DefaultRounds), "rounds %d is out of range", v)
			} else {
				sc.Rounds = v
			}
		}
	}
	for side, key := range [2]string{"attacker", "defender"} {
		n := r.Require(m, "the scenario", key, fmt.Sprintf("add %s: with the %s force's name, nation, factors and commander", key, key))
		if n != nil {
			sc.Forces[side] = r.force(n, sideNames[side])
		}
	}
	if len(r.Problems) > 0 {
		return sc
	}
	if err := sc.Check(); err != nil {
		for _, e := range splitErrors(err) {
			r.Add(root, "see the bounds in the package documentation of scenarios/grand", "the rules refuse the scenario: %v", e)
		}
	}
	return sc
}

// splitErrors is the errors an errors.Join made, or err alone.
func splitErrors(err error) []error {
	var j interface{ Unwrap() []error }
	if errors.As(err, &j) {
		return j.Unwrap()
	}
	return []error{err}
}

// force reads one side's force.
func (r *reader) force(n *yaml.Node, who string) gr.Force {
	var f gr.Force
	m := r.Mapping(n, who, forceKeys...)
	if n.Kind != yaml.MappingNode {
		return f
	}
	if v, ok := r.text(r.Require(m, who, "name", "add name: with the side's name, such as French"), who+"'s name", "French", false); ok {
		f.Name = v
	}
	if nn := r.Require(m, who, "nation", "add nation: ("+strings.Join(gr.NationNames(), ", ")+")"); nn != nil {
		f.Nation, _ = r.nation(nn, who+"'s nation")
	}
	f.Factors = r.factors(m, who)
	cn := r.Require(m, who, "commander", "add commander: {name: ..., strategic: 3, tactical: 2}")
	if cn != nil {
		f.Commander = r.commander(cn, who, f.Nation)
	}
	return f
}

// nation reads a nation's name.
func (r *reader) nation(n *yaml.Node, what string) (gr.Nation, bool) {
	v, ok := r.Str(n, what)
	if !ok {
		return 0, false
	}
	nat, err := gr.ParseNation(v)
	if err != nil {
		r.Add(n, choiceFix(v, gr.NationNames(), "minor for any other country"), "%s %q is not known", what, v)
		return 0, false
	}
	return nat, true
}

// factors reads a force's factors by kind, and checks its size when every
// kind's count read.
func (r *reader) factors(m mapping, who string) [gr.NumKinds]int {
	var out [gr.NumKinds]int
	fn := r.Require(m, who, "factors", "add factors: {infantry: 12, cavalry: 3, artillery: 2}")
	if fn == nil {
		return out
	}
	before := len(r.Problems)
	fm := r.Mapping(fn, who+"'s factors", gr.KindNames()...)
	if fn.Kind != yaml.MappingNode {
		return out
	}
	good := true
	for k, name := range gr.KindNames() {
		vn := fm.Get(name)
		if vn == nil {
			continue
		}
		v, ok := r.Integer(vn, fmt.Sprintf("%s's %s factors", who, name))
		switch {
		case !ok:
			good = false
		case v < 0 || v > gr.MaxFactors:
			r.Add(vn, fmt.Sprintf("give 0 to %d factors of a kind", gr.MaxFactors), "%s has %d %s factors", who, v, name)
			good = false
		default:
			out[k] = v
		}
	}
	if !good || len(r.Problems) > before {
		return out // the size would be of factors misread
	}
	total := 0
	for _, v := range out {
		total += v
	}
	switch {
	case total < 1:
		r.Add(keyOf(m, "factors"), "give it at least one factor, such as {infantry: 10, cavalry: 2}", "%s has no factors", who)
	case total > gr.MaxTotal:
		r.Add(keyOf(m, "factors"), fmt.Sprintf("cut %d: a field battle gathers at most %d factors a side (a dozen corps)", total-gr.MaxTotal, gr.MaxTotal), "%s has %d factors in all", who, total)
	}
	return out
}

// commander reads a force's commander; his nation is the force's unless
// given.
func (r *reader) commander(n *yaml.Node, who string, nation gr.Nation) gr.Commander {
	what := who + "'s commander"
	c := gr.Commander{Nation: nation}
	m := r.Mapping(n, what, commanderKeys...)
	if n.Kind != yaml.MappingNode {
		return c
	}
	if v, ok := r.text(r.Require(m, what, "name", "add name: such as Davout"), what+"'s name", "Davout", false); ok {
		c.Name = v
	}
	if nn := m.Get("nation"); nn != nil {
		if v, ok := r.nation(nn, what+"'s nation"); ok {
			c.Nation = v
		}
	}
	for _, rt := range []struct {
		key, fix string
		max      int
		v        *int
	}{
		{"strategic", "rolled against for an outflanking force's arrival and a withdrawal; 1 to 5 is usual", gr.MaxStrategic, &c.Strategic},
		{"tactical", "the Commander Chart's columns", gr.MaxTactical, &c.Tactical},
	} {
		rn := r.Require(m, what, rt.key, fmt.Sprintf("add %s: 0 to %d (%s)", rt.key, rt.max, rt.fix))
		v, ok := r.Integer(rn, what+"'s "+rt.key+" rating")
		if !ok {
			continue
		}
		if v < 0 || v > rt.max {
			r.Add(rn, fmt.Sprintf("give 0 to %d (%s)", rt.max, rt.fix), "%s has %s rating %d", what, rt.key, v)
			continue
		}
		*rt.v = v
	}
	if v, ok := r.Boolean(m.Get("cavalry_leader"), what+"'s cavalry_leader"); ok {
		c.CavalryLeader = v
	}
	return c
}

// text reads a name or title: trimmed, at most maxName bytes, on one line
// of printable characters, and not empty unless emptyOK.
func (r *reader) text(n *yaml.Node, what, example string, emptyOK bool) (string, bool) {
	v, ok := r.Str(n, what)
	if !ok {
		return "", false
	}
	v = strings.TrimSpace(v)
	switch {
	case v == "" && !emptyOK:
		r.Add(n, "give one, such as "+example, "%s is empty", what)
	case len(v) > maxName:
		r.Add(n, fmt.Sprintf("shorten it to %d characters", maxName), "%s is %d characters long", what, len(v))
	case !printable(v):
		r.Add(n, "write it on one line of plain characters, without tabs or control characters", "%s has a character that cannot be shown", what)
	default:
		return v, true
	}
	return "", false
}

// printable reports whether s is valid UTF-8 of graphic characters and
// spaces only.
func printable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, c := range s {
		if c != ' ' && !unicode.IsGraphic(c) {
			return false
		}
	}
	return true
}

// choiceFix suggests the nearest of the names to v, and lists them all.
func choiceFix(v string, names []string, note string) string {
	fix := "use " + strings.Join(names, ", ") + " (" + note + ")"
	if s := yamlread.Nearest(v, names); s != "" {
		fix = fmt.Sprintf("did you mean %q? (%s)", s, fix)
	}
	return fix
}

// keyOf is the key node of key in m, where a problem with the whole value
// is reported, or the mapping when the key is absent.
func keyOf(m mapping, key string) *yaml.Node {
	if k := m.Key(key); k != nil {
		return k
	}
	return m.Node
}
