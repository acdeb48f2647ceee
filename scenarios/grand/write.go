package grand

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"

	"go.yaml.in/yaml/v3"

	gr "github.com/grognard/grognard/engine/grand"
)

// Marshal writes a scenario in the file format Parse reads. It refuses a
// scenario that fails grand.Scenario.Check, and one the format cannot
// hold exactly (a scenario name with spaces, an unnamed commander, a name
// with spaces at its ends): whatever it writes, Parse reads back equal.
// Keys at their defaults (river, rounds and the options; a commander's
// nation when it is his force's) are left out.
func Marshal(sc *gr.Scenario) ([]byte, error) {
	if sc == nil {
		return nil, errors.New("no scenario to write")
	}
	if err := sc.Check(); err != nil {
		return nil, fmt.Errorf("write scenario %s: %w", sc.Name, err)
	}
	root := &yaml.Node{Kind: yaml.MappingNode}
	add(root, "name", str(sc.Name))
	add(root, "title", str(sc.Title))
	add(root, "terrain", str(sc.Terrain.String()))
	if sc.River {
		add(root, "river", boolean(true))
	}
	if sc.Rounds != 0 {
		add(root, "rounds", integer(sc.Rounds))
	}
	for _, o := range []struct {
		key string
		on  bool
	}{{"trivial", sc.Trivial}, {"cavalry_superiority", sc.CavalrySuperiority},
		{"all_cavalry_withdrawal", sc.AllCavalryWithdrawal}, {"guard_commitment", sc.GuardCommitment}, {"bombardment", sc.Bombardment}} {
		if o.on {
			add(root, o.key, boolean(true))
		}
	}
	add(root, "attacker", forceNode(&sc.Forces[0]))
	add(root, "defender", forceNode(&sc.Forces[1]))
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(root); err != nil {
		return nil, fmt.Errorf("write scenario %s: %w", sc.Name, err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("write scenario %s: %w", sc.Name, err)
	}
	back, err := Parse("scenario "+sc.Name, b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("write scenario %s: the file format cannot hold it: %w", sc.Name, err)
	}
	if *back != *sc {
		return nil, fmt.Errorf("write scenario %s: it would read back differently (names and titles are read without spaces at their ends)", sc.Name)
	}
	return b.Bytes(), nil
}

// forceNode writes one force: its factors and commander as flow mappings,
// only the kinds it has.
func forceNode(f *gr.Force) *yaml.Node {
	m := &yaml.Node{Kind: yaml.MappingNode}
	add(m, "name", str(f.Name))
	add(m, "nation", str(f.Nation.String()))
	fm := flowMap()
	for k, v := range f.Factors {
		if v != 0 {
			add(fm, gr.Kind(k).String(), integer(v))
		}
	}
	add(m, "factors", fm)
	c := f.Commander
	cm := flowMap()
	add(cm, "name", str(c.Name))
	if c.Nation != f.Nation {
		add(cm, "nation", str(c.Nation.String()))
	}
	add(cm, "strategic", integer(c.Strategic))
	add(cm, "tactical", integer(c.Tactical))
	if c.CavalryLeader {
		add(cm, "cavalry_leader", boolean(true))
	}
	add(m, "commander", cm)
	return m
}

func add(m *yaml.Node, key string, v *yaml.Node) { m.Content = append(m.Content, str(key), v) }

func flowMap() *yaml.Node { return &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle} }

// str is a text node, quoted by the encoder when it must be.
func str(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }

func integer(v int) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(v)}
}

func boolean(v bool) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(v)}
}
