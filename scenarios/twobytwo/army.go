package twobytwo

import (
	"strings"

	"go.yaml.in/yaml/v3"

	tb "github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/scenarios"
)

// Army is one side's force as an army file gives it: the same fields as a
// side of a scenario file, without positions or reinforcement points.
type Army struct {
	Name   string  // the side's name; the nation's when the file gives none
	Nation string  // the army list it is checked against
	AP     float64 // the budget, or 0 when none is given
	// Units are side 0's units; HQ fields index this slice.
	Units []tb.UnitSpec
}

// LoadArmy reads and checks an army file.
func LoadArmy(path string) (*Army, error) {
	data, err := scenarios.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseArmy(path, data)
}

// ParseArmy reads an army file (docs/scenarios.md, "Army files") and checks
// it against its nation's list ("Army Lists"), its AP budget and the chain
// of command. Problems come as an *Error, each with its line and a fix.
func ParseArmy(source string, data []byte) (*Army, error) {
	r := newReader()
	if r.tooLarge(data, "army file") {
		return nil, r.errorFor(source)
	}
	root := r.Document(data, "the example in docs/scenarios.md")
	var a *Army
	if root != nil {
		a = r.armyFile(root)
	}
	if len(r.Problems) > 0 {
		return nil, r.errorFor(source)
	}
	return a, nil
}

func (r *reader) armyFile(root *yaml.Node) *Army {
	if root.Kind != yaml.MappingNode {
		r.Mapping(root, "the army", sideKeys...)
		return nil
	}
	s := r.side(root, 0, false, false)
	if s.nation == nil && s.natNode == nil && !hasKey(root, "nation") {
		r.Add(root, "add nation: such as France (see 'grognard army nations')", "the army has no nation to check it against")
	}
	sc := &tb.Scenario{SetupByPlay: true}
	r.assemble(sc, []*fileSide{s})
	a := &Army{Name: s.name, AP: s.ap, Units: sc.Units}
	if s.nation != nil {
		a.Nation = s.nation.Nation
		if !hasKey(root, "name") {
			a.Name = a.Nation
		}
	}
	return a
}

// hasKey reports whether mapping n has key.
func hasKey(n *yaml.Node, key string) bool {
	for k := 0; k+1 < len(n.Content); k += 2 {
		if n.Content[k].Value == key {
			return true
		}
	}
	return false
}

// MarshalArmy writes side's units of units as an army file that ParseArmy
// reads back.
func MarshalArmy(name, nation string, ap float64, units []tb.UnitSpec, side int) ([]byte, error) {
	root := mapNode()
	if name != "" {
		addPair(root, "name", strNode(name))
	}
	addPair(root, "nation", strNode(nation))
	if ap > 0 {
		addPair(root, "ap", numNode(ap))
	}
	addPair(root, "units", unitsNode(units, side))
	return encode(root)
}

// unitsNode lists side's units, HQs named by label.
func unitsNode(units []tb.UnitSpec, side int) *yaml.Node {
	list := &yaml.Node{Kind: yaml.SequenceNode}
	for _, u := range units {
		if u.Side != side {
			continue
		}
		m := mapNode()
		m.Style = yaml.FlowStyle
		addPair(m, "label", strNode(u.Label))
		addPair(m, "type", strNode(strings.ToLower(u.Type.String())))
		if u.HQ >= 0 && u.HQ < len(units) {
			addPair(m, "hq", strNode(units[u.HQ].Label))
		}
		if u.Start != nil {
			addPair(m, "at", vecNode(u.Start.X, u.Start.Y))
			if def := float64(180 * side); u.Start.Facing != def {
				addPair(m, "facing", numNode(u.Start.Facing))
			}
		}
		for _, f := range []struct {
			key string
			on  bool
		}{{"large", u.Large}, {"small", u.Small}, {"screened", u.Screened}, {"bows", u.Bows}} {
			if f.on {
				addPair(m, f.key, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: "true"})
			}
		}
		list.Content = append(list.Content, m)
	}
	return list
}
