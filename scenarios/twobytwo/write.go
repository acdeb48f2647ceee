package twobytwo

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	tb "github.com/grognard/grognard/engine/twobytwo"
)

// Marshal writes a scenario in the file format that Parse reads back to
// the same scenario: units of each side in their order, reinforcement
// queues in order of appearance, defaults left out.
func Marshal(sc *tb.Scenario) ([]byte, error) {
	root := mapNode()
	addPair(root, "name", strNode(sc.Name))
	addPair(root, "title", strNode(sc.Title))
	if sc.Description != "" {
		d := strNode(sc.Description)
		if len(sc.Description) > 60 {
			d.Style = yaml.FoldedStyle
		}
		addPair(root, "description", d)
	}
	addPair(root, "table", numNode(sc.Size))
	addPair(root, "victory", strNode(map[tb.Victory]string{tb.Fast: "fast", tb.Decisive: "decisive"}[sc.Victory]))
	addPair(root, "turn_limit", numNode(float64(sc.TurnLimit)))
	if sc.GrandBattery {
		addPair(root, "grand_battery", &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: "true"})
	}
	if sc.SetupByPlay {
		addPair(root, "setup", strNode("play"))
		addPair(root, "deploy_ap", numNode(sc.DeployAP))
	} else {
		addPair(root, "setup", strNode("fixed"))
		if sc.Attacker < 0 || sc.Attacker > 1 {
			return nil, fmt.Errorf("marshal scenario %q: attacker %d is not a side", sc.Name, sc.Attacker)
		}
		addPair(root, "attacker", strNode(sc.SideNames[sc.Attacker]))
	}
	terrain := &yaml.Node{Kind: yaml.SequenceNode}
	for _, f := range sc.Terrain {
		m := mapNode()
		m.Style = yaml.FlowStyle
		addPair(m, "kind", strNode(f.Kind.String()))
		if f.Name != "" {
			addPair(m, "name", strNode(f.Name))
		}
		if f.Kind.IsCircle() {
			addPair(m, "centre", vecNode(f.Centre.X, f.Centre.Y))
			addPair(m, "radius", numNode(f.Radius))
		} else {
			pts := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
			for _, p := range f.Points {
				pts.Content = append(pts.Content, vecNode(p.X, p.Y))
			}
			addPair(m, "points", pts)
		}
		terrain.Content = append(terrain.Content, m)
	}
	addPair(root, "terrain", terrain)
	sides := &yaml.Node{Kind: yaml.SequenceNode}
	for side := 0; side < 2; side++ {
		m := mapNode()
		name := sc.SideNames[side]
		if name == "" {
			name = []string{"South", "North"}[side]
		}
		addPair(m, "name", strNode(name))
		if sc.Nations[side] != "" {
			addPair(m, "nation", strNode(sc.Nations[side]))
		}
		if sc.AP[side] > 0 {
			addPair(m, "ap", numNode(sc.AP[side]))
		}
		addPair(m, "units", unitsNode(sc.Units, side))
		if !sc.SetupByPlay && len(sc.Points[side]) > 0 {
			pts := &yaml.Node{Kind: yaml.SequenceNode}
			for k, p := range sc.Points[side] {
				pm := mapNode()
				pm.Style = yaml.FlowStyle
				addPair(pm, "edge", strNode(p.Edge.String()))
				addPair(pm, "at", numNode(p.At))
				q := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
				for _, u := range sc.Units {
					if u.Side == side && u.Start == nil && u.Point == k {
						q.Content = append(q.Content, strNode(u.Label))
					}
				}
				addPair(pm, "queue", q)
				pts.Content = append(pts.Content, pm)
			}
			addPair(m, "points", pts)
		}
		sides.Content = append(sides.Content, m)
	}
	addPair(root, "sides", sides)
	return encode(root)
}

// encode writes a node tree with two-space indentation.
func encode(root *yaml.Node) ([]byte, error) {
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(root); err != nil {
		return nil, fmt.Errorf("write YAML: %w", err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("write YAML: %w", err)
	}
	return b.Bytes(), nil
}

func mapNode() *yaml.Node { return &yaml.Node{Kind: yaml.MappingNode} }

func addPair(m *yaml.Node, key string, v *yaml.Node) {
	m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: key}, v)
}

// strNode is a string, quoted by the encoder where YAML would misread it.
func strNode(s string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
}

// numNode is a number in its shortest exact form.
func numNode(v float64) *yaml.Node {
	s := strconv.FormatFloat(v, 'f', -1, 64)
	tag := "!!float"
	if !strings.ContainsAny(s, ".eE") {
		tag = "!!int"
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: s}
}

func vecNode(x, y float64) *yaml.Node {
	return &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle, Content: []*yaml.Node{numNode(x), numNode(y)}}
}
