package drums

import (
	"bytes"
	"fmt"
	"strconv"

	"go.yaml.in/yaml/v3"

	dm "github.com/grognard/grognard/engine/drums"
	"github.com/grognard/grognard/scenarios/drums/armies"
)

// Marshal writes a scenario in the file format Parse reads, so that Parse
// gives the same scenario back. A unit whose profile is its army list's
// row (with those bases) is written as the row; any other as an explicit
// profile. A force whose list is not a built-in army list's id loses the
// list (a comment says so) and its units are written as profiles.
func Marshal(sc *dm.Scenario) ([]byte, error) {
	if sc == nil {
		return nil, fmt.Errorf("no scenario to write")
	}
	root := &yaml.Node{Kind: yaml.MappingNode}
	add(root, "name", str(sc.Name))
	add(root, "title", str(sc.Title))
	add(root, "width", num(sc.Width))
	add(root, "depth", num(sc.Depth))
	if sc.TurnLimit != 0 {
		add(root, "turn_limit", integer(sc.TurnLimit))
	}
	obj := &yaml.Node{Kind: yaml.MappingNode}
	share := sc.Objective.BreakShare
	if share == 0 {
		share = dm.DefaultBreakShare
	}
	add(obj, "break_share", num(share))
	add(obj, "baggage_loses", boolean(sc.Objective.BaggageLoses))
	if len(sc.Objective.Hold) > 0 {
		hold := &yaml.Node{Kind: yaml.SequenceNode}
		for _, h := range sc.Objective.Hold {
			hm := flowMap()
			add(hm, "name", str(h.Name))
			add(hm, "centre", point(h.Centre.X, h.Centre.Y))
			add(hm, "radius", num(h.Radius))
			hold.Content = append(hold.Content, hm)
		}
		add(obj, "hold", hold)
	}
	add(root, "objective", obj)
	if len(sc.Terrain) > 0 {
		ter := &yaml.Node{Kind: yaml.SequenceNode}
		for _, f := range sc.Terrain {
			fm := flowMap()
			add(fm, "kind", str(f.Kind.String()))
			if f.Name != "" {
				add(fm, "name", str(f.Name))
			}
			pts := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
			for _, p := range f.Points {
				pts.Content = append(pts.Content, point(p.X, p.Y))
			}
			add(fm, "points", pts)
			ter.Content = append(ter.Content, fm)
		}
		add(root, "terrain", ter)
	}
	forces := &yaml.Node{Kind: yaml.SequenceNode}
	for side := range 2 {
		forces.Content = append(forces.Content, forceNode(&sc.Forces[side]))
	}
	add(root, "forces", forces)
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(root); err != nil {
		return nil, fmt.Errorf("write scenario %s: %w", sc.Name, err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("write scenario %s: %w", sc.Name, err)
	}
	return b.Bytes(), nil
}

// forceNode writes one force.
func forceNode(f *dm.ForceSpec) *yaml.Node {
	m := &yaml.Node{Kind: yaml.MappingNode}
	add(m, "name", str(f.Name))
	list, err := armies.ByID(f.List)
	if f.List != "" && err == nil && list.ID == f.List {
		add(m, "list", str(list.ID))
	} else {
		list = nil
		if f.List != "" {
			m.Content[0].HeadComment = fmt.Sprintf("drawn from %q, which is not a built-in army list's id: its units are written as profiles", f.List)
		}
	}
	listNoSquare, listDefender := false, false
	if list != nil {
		listNoSquare, listDefender = list.NoSquare, list.AlwaysDefender
	}
	if f.NoSquare != listNoSquare {
		add(m, "no_square", boolean(f.NoSquare))
	}
	if f.AlwaysDefender != listDefender {
		add(m, "always_defender", boolean(f.AlwaysDefender))
	}
	add(m, "commander", generalNode(f.Commander))
	cmds := &yaml.Node{Kind: yaml.SequenceNode}
	for _, c := range f.Commands {
		cm := &yaml.Node{Kind: yaml.MappingNode}
		add(cm, "general", generalNode(c.General))
		units := &yaml.Node{Kind: yaml.SequenceNode}
		for _, u := range c.Units {
			units.Content = append(units.Content, unitNode(list, &u))
		}
		add(cm, "units", units)
		cmds.Content = append(cmds.Content, cm)
	}
	add(m, "commands", cmds)
	return m
}

// unitNode writes a unit as its row when the list gives its profile, else
// with an explicit profile.
func unitNode(list *armies.List, u *dm.UnitSpec) *yaml.Node {
	m := flowMap()
	p := &u.Profile
	if list != nil {
		if row, err := list.Row(p.Name); err == nil && row.Name == p.Name {
			if want, err := row.Profile(int(p.Bases)); err == nil && want == *p {
				add(m, "row", str(row.Name))
				add(m, "label", str(u.Label))
				if int(p.Bases) != row.Bases {
					add(m, "bases", integer(int(p.Bases)))
				}
				return m
			}
		}
	}
	add(m, "label", str(u.Label))
	if int(p.Bases) != defaultBases(p.Type) {
		add(m, "bases", integer(int(p.Bases)))
	}
	pm := flowMap()
	add(pm, "name", str(p.Name))
	add(pm, "type", str(name(typeNames[:], int(p.Type))))
	if docs := doctrineList(p.Doctrines); len(docs) > 0 {
		seq := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
		for _, d := range docs {
			seq.Content = append(seq.Content, str(d))
		}
		add(pm, "doctrines", seq)
	}
	add(pm, "weapon", str(name(weaponNames[:], int(p.Weapon))))
	add(pm, "levels", str(formatLevels(p.Thresholds)))
	add(m, "profile", pm)
	return m
}

// generalNode writes a general as a flow mapping.
func generalNode(g dm.GeneralSpec) *yaml.Node {
	m := flowMap()
	add(m, "label", str(g.Label))
	if g.Name != "" {
		add(m, "name", str(g.Name))
	}
	if g.Respect != dm.Accepted {
		add(m, "respect", str(name(respectNames[:], int(g.Respect))))
	}
	if g.Ability != dm.Competent {
		add(m, "ability", str(name(abilityNames[:], int(g.Ability))))
	}
	return m
}

func add(m *yaml.Node, key string, v *yaml.Node) { m.Content = append(m.Content, str(key), v) }

func flowMap() *yaml.Node { return &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle} }

// str is a text node, quoted by the encoder when it must be.
func str(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }

// num writes a float in its shortest exact form, so it reads back equal.
func num(v float64) *yaml.Node {
	s := strconv.FormatFloat(v, 'g', -1, 64)
	tag := "!!float"
	if _, err := strconv.Atoi(s); err == nil {
		tag = "!!int"
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: s}
}

func integer(v int) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(v)}
}

func boolean(v bool) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(v)}
}

func point(x, y float64) *yaml.Node {
	return &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle, Content: []*yaml.Node{num(x), num(y)}}
}
