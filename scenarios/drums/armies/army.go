package armies

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/grognard/grognard/engine/drums"
	"github.com/grognard/grognard/engine/fileio"
)

// Army is a force read from an army file, with the list it is drawn from.
//
// An army file is YAML:
//
//	list: french-imperial-1803        # a built-in list's id
//	side: French                      # the side's name
//	commander: {label: FC, name: Napoleon}   # or just a name; optional
//	commands:
//	  - general: {label: G1, name: Ney}      # or just a name; optional
//	    units:
//	      - Line Cuirassiers                 # a row name
//	      - {unit: Regular French Line, bases: 5, label: A2}
//
// Generals may also give respect (accepted, hated, inspired) and ability
// (competent, incompetent, exceptional) for the optional general types.
// Labels left out are "FC" for the commander, "G1", "G2"... for the
// generals and "A1", "A2"... for the first command's units ("B1"... for
// the second, G skipped as in Random); bases left out are the row's
// default.
type Army struct {
	// List is the built-in list the file names.
	List *List
	// Force is the side's force; Force.List is List.ID.
	Force drums.ForceSpec
}

var (
	respectNames = [...]string{drums.Accepted: "accepted", drums.Hated: "hated", drums.Inspired: "inspired"}
	abilityNames = [...]string{drums.Competent: "competent", drums.Incompetent: "incompetent", drums.Exceptional: "exceptional"}
)

// LoadArmy reads and checks the army file at path (a regular file of at
// most MaxFileSize bytes); see ParseArmy.
func LoadArmy(path string) (*Army, error) {
	data, err := fileio.ReadFile(context.Background(), path, MaxFileSize, "army file")
	if err != nil {
		return nil, err
	}
	return ParseArmy(path, data)
}

// ParseArmy reads an army file and checks it against its list. Every
// problem is reported, each as "source:line: what is wrong: how to fix
// it" in an *Error: unknown keys, lists and units, bases out of range,
// labels empty or repeated, no commands or empty ones, and sizes beyond
// a valid force (MaxCommands, MaxUnitsPerCommand) or beyond what a file
// may hold (MaxFileSize, MaxFileCommands, MaxFileUnitsPerCommand). source
// names the text in messages ("armies.yaml").
func ParseArmy(source string, data []byte) (*Army, error) {
	r := &reader{source: source}
	if len(data) > MaxFileSize {
		r.add(nil, KindTooLarge, "an army file is a few kilobytes", "the file is %d bytes, over the %d byte limit", len(data), MaxFileSize)
		return nil, r.err()
	}
	root := r.document(data)
	if root == nil {
		return nil, r.err()
	}
	m := r.mapping(root, "the army file", "list", "side", "commander", "commands")
	if m.node == nil {
		return nil, r.err()
	}
	a := &Army{}
	if v := r.require(m, "the army file", "list", "name its army list, as in list: french-imperial-1803"); v != nil {
		if id, ok := r.str(v, "list"); ok {
			l, err := ByID(id)
			if err != nil {
				r.add(v, KindUnknownList, "", "%v", err)
			} else {
				a.List, a.Force.List = l, l.ID
			}
		}
	}
	if v := r.require(m, "the army file", "side", "name the side, as in side: French"); v != nil {
		if s, ok := r.str(v, "side"); ok {
			a.Force.Name = strings.TrimSpace(s)
			if a.Force.Name == "" {
				r.add(v, KindNoSide, "name the side, as in side: French", "the side's name is empty")
			}
		}
	}
	labels := map[string]int{}
	a.Force.Commander = r.general(m.get("commander"), "the force commander", "FC", labels)
	if m.get("commander") == nil {
		r.claim(m.node, labels, "FC", "the force commander")
	}
	cn := r.require(m, "the army file", "commands", "list its commands, each a general and units")
	cmds := r.seq(cn, "commands", "write commands as a list, each item \"- general: ...\" with units:")
	switch n := len(cmds); {
	case cn != nil && cn.Kind == yaml.SequenceNode && n == 0:
		r.add(cn, KindNoCommands, "add a command: a general and his units (Army Structure)", "the army has no commands")
	case n > MaxFileCommands:
		r.add(cn, KindTooLarge, fmt.Sprintf("a valid force has at most %d", MaxCommands), "the file gives %d commands; an army file holds at most %d", n, MaxFileCommands)
		cmds = nil
	case n > MaxCommands:
		r.add(cn, KindTooManyCommands, fmt.Sprintf("merge or drop %d of them", n-MaxCommands), "the army has %d commands, more than %d", n, MaxCommands)
	}
	for c, cnode := range cmds {
		a.Force.Commands = append(a.Force.Commands, r.command(cnode, c, a.List, labels))
	}
	if err := r.err(); err != nil {
		return nil, err
	}
	if a.List == nil {
		return nil, &Error{Source: source, Problems: []Problem{{Kind: KindUnknownList, Command: -1, Unit: -1, Message: "the army names no list"}}}
	}
	if err := a.List.Validate(&a.Force); err != nil {
		var e *Error
		if errors.As(err, &e) {
			e.Source = source // every file problem was caught above; this is a safety net
		}
		return nil, err
	}
	return a, nil
}

// general reads a general: a name, or a mapping of label, name, respect
// and ability. An absent general has the default label, which the caller
// claims.
func (r *reader) general(n *yaml.Node, who, label string, labels map[string]int) drums.GeneralSpec {
	g := drums.GeneralSpec{Label: label}
	if n == nil {
		return g
	}
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" { // "general:" with nothing: the default
		r.claim(n, labels, label, who)
		return g
	}
	if n.Kind == yaml.ScalarNode && n.Tag != "!!null" {
		if name, ok := r.str(n, who+" name"); ok {
			g.Name = strings.TrimSpace(name)
		}
		r.claim(n, labels, label, who)
		return g
	}
	m := r.mapping(n, who, "label", "name", "respect", "ability")
	if m.node == nil {
		return g
	}
	if v := m.get("label"); v != nil {
		if s, ok := r.str(v, who+" label"); ok {
			g.Label = strings.TrimSpace(s)
		}
		n = v
	}
	if v := m.get("name"); v != nil {
		g.Name, _ = r.str(v, who+" name")
	}
	if v := m.get("respect"); v != nil {
		if s, ok := r.str(v, who+" respect"); ok {
			if i := indexOf(respectNames[:], strings.ToLower(s)); i >= 0 {
				g.Respect = drums.Respect(i)
			} else {
				r.add(v, KindSyntax, "write one of "+strings.Join(respectNames[:], ", "), "%s respect %q is not known", who, s)
			}
		}
	}
	if v := m.get("ability"); v != nil {
		if s, ok := r.str(v, who+" ability"); ok {
			if i := indexOf(abilityNames[:], strings.ToLower(s)); i >= 0 {
				g.Ability = drums.Ability(i)
			} else {
				r.add(v, KindSyntax, "write one of "+strings.Join(abilityNames[:], ", "), "%s ability %q is not known", who, s)
			}
		}
	}
	r.claim(n, labels, g.Label, who)
	return g
}

// claim checks a label is given and not yet taken in the file.
func (r *reader) claim(n *yaml.Node, labels map[string]int, label, who string) {
	if label == "" {
		r.add(n, KindEmptyLabel, "give a short label such as \"A1\", or leave label out for the default", "%s has an empty label", who)
		return
	}
	if first, dup := labels[label]; dup {
		r.add(n, KindRepeatedLabel, "give each general and unit its own label", "%s has label %q, already used on line %d", who, label, first)
		return
	}
	labels[label] = n.Line
}

// command reads one command: its general and units.
func (r *reader) command(n *yaml.Node, c int, l *List, labels map[string]int) drums.CommandSpec {
	what := fmt.Sprintf("command %d", c+1)
	cmd := drums.CommandSpec{}
	m := r.mapping(n, what, "general", "units")
	if m.node == nil {
		return cmd
	}
	gl := "G" + strconv.Itoa(c+1)
	cmd.General = r.general(m.get("general"), "the general of "+what, gl, labels)
	if m.get("general") == nil {
		r.claim(n, labels, gl, "the general of "+what)
	}
	un := r.require(m, what, "units", "list its units under units:")
	units := r.seq(un, what+" units", "write units as a list of row names or {unit, bases, label}")
	switch k := len(units); {
	case un != nil && un.Kind == yaml.SequenceNode && k == 0:
		r.add(un, KindEmptyCommand, "give it units or remove the command", "%s has no units", what)
	case k > MaxFileUnitsPerCommand:
		r.add(un, KindTooLarge, fmt.Sprintf("a valid command has at most %d", MaxUnitsPerCommand), "%s gives %d units; an army file holds at most %d a command", what, k, MaxFileUnitsPerCommand)
		units = nil
	case k > MaxUnitsPerCommand:
		r.add(un, KindTooManyUnits, fmt.Sprintf("move %d of them to another command", k-MaxUnitsPerCommand), "%s has %d units, more than %d", what, k, MaxUnitsPerCommand)
	}
	letter := commandLetter(c)
	for u, unode := range units {
		cmd.Units = append(cmd.Units, r.unit(unode, fmt.Sprintf("unit %d of %s", u+1, what), letter+strconv.Itoa(u+1), l, labels))
	}
	return cmd
}

// unit reads one unit: a row name, or a mapping of unit, bases and label.
func (r *reader) unit(n *yaml.Node, what, label string, l *List, labels map[string]int) drums.UnitSpec {
	us := drums.UnitSpec{Label: label}
	var name string
	var nameNode, basesNode, labelNode *yaml.Node
	bases, basesOK, nameOK := 0, true, false
	if n.Kind == yaml.ScalarNode {
		nameNode = n
		name, nameOK = r.str(n, what)
	} else {
		m := r.mapping(n, what, "unit", "bases", "label")
		if m.node == nil {
			return us
		}
		if nameNode = r.require(m, what, "unit", "name its row, as in unit: Line Cuirassiers"); nameNode != nil {
			name, nameOK = r.str(nameNode, what+" unit")
		}
		if basesNode = m.get("bases"); basesNode != nil {
			bases, basesOK = r.integer(basesNode, what+" bases")
		}
		if labelNode = m.get("label"); labelNode != nil {
			if s, ok := r.str(labelNode, what+" label"); ok {
				us.Label = strings.TrimSpace(s)
			}
		}
	}
	if labelNode == nil {
		labelNode = n
	}
	r.claim(labelNode, labels, us.Label, what)
	if l == nil || !nameOK || !basesOK {
		return us
	}
	row, err := l.Row(name)
	if err != nil {
		r.add(nameNode, KindUnknownUnit, "", "%v", err)
		return us
	}
	if basesNode == nil {
		bases = row.Bases
	} else if err := row.checkBases(bases); err != nil {
		r.add(basesNode, KindBadBases, "", "%s: %v", what, err)
		return us
	}
	us.Profile = row.profile(uint8(bases))
	return us
}

func indexOf(names []string, s string) int {
	for i, n := range names {
		if n == s {
			return i
		}
	}
	return -1
}

// MarshalArmy writes an army as an army file that ParseArmy reads back to
// the same force. The force must pass its list's Validate: the format
// names rows, so it cannot carry a profile the list does not give.
func MarshalArmy(a *Army) ([]byte, error) {
	if a == nil || a.List == nil {
		return nil, errors.New("armies: MarshalArmy needs an army with its list")
	}
	if err := a.List.Validate(&a.Force); err != nil {
		return nil, fmt.Errorf("armies: cannot write an army that breaks its list: %w", err)
	}
	if strings.TrimSpace(a.Force.Name) == "" {
		return nil, errors.New("armies: the army needs a side name: set Force.Name")
	}
	root := &yaml.Node{Kind: yaml.MappingNode}
	add := func(m *yaml.Node, key string, v *yaml.Node) {
		m.Content = append(m.Content, scalar(key), v)
	}
	add(root, "list", scalar(a.List.ID))
	add(root, "side", scalar(a.Force.Name))
	add(root, "commander", generalNode(a.Force.Commander))
	cmds := &yaml.Node{Kind: yaml.SequenceNode}
	for _, c := range a.Force.Commands {
		cm := &yaml.Node{Kind: yaml.MappingNode}
		add(cm, "general", generalNode(c.General))
		units := &yaml.Node{Kind: yaml.SequenceNode}
		for _, u := range c.Units {
			un := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
			add(un, "unit", scalar(u.Profile.Name))
			if row, _ := a.List.Row(u.Profile.Name); row != nil && int(u.Profile.Bases) != row.Bases {
				add(un, "bases", &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(int(u.Profile.Bases))})
			}
			add(un, "label", scalar(u.Label))
			units.Content = append(units.Content, un)
		}
		add(cm, "units", units)
		cmds.Content = append(cmds.Content, cm)
	}
	add(root, "commands", cmds)
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(root); err != nil {
		return nil, fmt.Errorf("armies: write army: %w", err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("armies: write army: %w", err)
	}
	return b.Bytes(), nil
}

// generalNode writes a general as a flow mapping.
func generalNode(g drums.GeneralSpec) *yaml.Node {
	m := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
	m.Content = append(m.Content, scalar("label"), scalar(g.Label))
	if g.Name != "" {
		m.Content = append(m.Content, scalar("name"), scalar(g.Name))
	}
	if g.Respect != drums.Accepted && int(g.Respect) < len(respectNames) {
		m.Content = append(m.Content, scalar("respect"), scalar(respectNames[g.Respect]))
	}
	if g.Ability != drums.Competent && int(g.Ability) < len(abilityNames) {
		m.Content = append(m.Content, scalar("ability"), scalar(abilityNames[g.Ability]))
	}
	return m
}

// scalar is a text node, quoted by the encoder when it must be.
func scalar(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }
