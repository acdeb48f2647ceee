package agents

import (
	"fmt"
	"sort"
	"strings"
)

// Param describes one key an agent spec accepts, for help texts.
type Param struct {
	// Name is the key as written in a spec.
	Name string
	// Default is the value used when the key is left out.
	Default string
	// Doc says what the value changes, in one line.
	Doc string
}

// Info describes an agent kind for `grognard agents` and for error
// messages that must tell a user what exists.
type Info struct {
	// Name is the first part of a spec.
	Name string
	// Description is one line saying how the agent plays.
	Description string
	// Params are the keys the spec accepts; nil when it takes none.
	Params []Param
	// Ruleset is the only ruleset the agent plays, for an agent a
	// ruleset's kit offers; empty for the generic agents.
	Ruleset string
}

// factory builds an agent from already checked parameters.
type factory func(params map[string]string, seed uint64) (Agent, error)

type kind struct {
	info Info
	make factory
}

// builtinKinds is the fixed list of the generic agents, which play any
// ruleset. It is a function rather than a mutable package variable so
// that nothing can change it at run time.
func builtinKinds() []kind {
	return []kind{
		{
			info: Info{Name: "random", Description: "picks uniformly at random among the legal actions (the baseline)"},
			make: func(_ map[string]string, seed uint64) (Agent, error) { return NewRandom(seed), nil },
		},
		{
			info: Info{
				Name:        "mcts",
				Description: "open-loop Monte Carlo tree search over unit-by-unit orders, the ruleset kit's prior script (a doctrine) tries its move first, progressive widening, set-up among the kit's doctrines' plans, scripted playouts cut off by the kit's evaluation, root parallelism or one shared tree, tree reuse, its memory bounded by a node budget (nodes=) whatever its iterations or time; on a ruleset without a kit: prior=none,playout=random,eval=none",
				Params:      mctsParams,
			},
			make: newMCTSFromParams,
		},
		{
			info: Info{
				Name:        "portfolio",
				Description: "portfolio greedy search: assigns a script (one of the ruleset kit's doctrines) to each unit, from the best uniform assignment, and improves it one unit at a time as each unit's orders are asked for, by short playouts of what each script would order, scored by the kit's evaluation; its memory does not grow with its budget",
				Params:      portfolioParams,
			},
			make: newPortfolioFromParams,
		},
		{
			info: Info{
				Name:        "external",
				Description: "a bot in another program speaking the grognard protocol on its stdin/stdout (docs/protocol.md); crashing, hanging, garbage or an illegal action forfeits the game",
				Params:      externalParams,
			},
			make: newExternalFromParams,
		},
	}
}

// kinds are the generic agents and those of every linked kit.
func kinds() []kind {
	ks := builtinKinds()
	for _, k := range Kits() {
		for _, a := range k.Agents {
			in := a.Info
			in.Ruleset = k.Ruleset
			in.Description += " (the " + k.Ruleset + " kit's agent: plays that ruleset only)"
			ks = append(ks, kind{info: in, make: a.Make})
		}
	}
	return ks
}

// List returns every agent kind, the generic ones and those of the linked
// kits, sorted by name.
func List() []Info {
	ks := kinds()
	out := make([]Info, len(ks))
	for i, k := range ks {
		out[i] = k.info
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Names returns the agent kind names sorted, for error messages.
func Names() []string {
	var names []string
	for _, in := range List() {
		names = append(names, in.Name)
	}
	return names
}

// New builds an agent from a spec, "name" or "name:key=value,key=value",
// seeded with seed. The error names what was wrong and what exists, since
// specs are typed by people on the command line.
func New(spec string, seed uint64) (Agent, error) {
	name, params, err := ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	for _, k := range kinds() {
		if k.info.Name != name {
			continue
		}
		if err := checkParams(k.info, params); err != nil {
			return nil, err
		}
		a, err := k.make(params, seed)
		if err != nil {
			return nil, fmt.Errorf("agent %q: %w", spec, err)
		}
		return a, nil
	}
	return nil, fmt.Errorf("unknown agent %q (known agents: %s; a ruleset's own agents come from its kit, package agents/<ruleset>, which the program must link in)", name, strings.Join(Names(), ", "))
}

// ParseSpec splits a spec into its name and parameters without checking
// that they exist; New does the checking.
func ParseSpec(spec string) (string, map[string]string, error) {
	spec = strings.TrimSpace(spec)
	name, rest, hasParams := strings.Cut(spec, ":")
	name = strings.TrimSpace(name)
	if name == "" {
		return "", nil, fmt.Errorf("agent spec %q has no agent name: write name or name:key=value,key=value (known agents: %s)", spec, strings.Join(Names(), ", "))
	}
	params := map[string]string{}
	if !hasParams {
		return name, params, nil
	}
	for _, kv := range strings.Split(rest, ",") {
		key, value, ok := strings.Cut(kv, "=")
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		if !ok || key == "" {
			return "", nil, fmt.Errorf("agent spec %q: %q is not key=value", spec, strings.TrimSpace(kv))
		}
		if _, dup := params[key]; dup {
			return "", nil, fmt.Errorf("agent spec %q: key %q is given twice", spec, key)
		}
		params[key] = value
	}
	return name, params, nil
}

// checkParams refuses keys the agent does not know, listing those it does.
func checkParams(in Info, params map[string]string) error {
	keys := make([]string, 0, len(params))
	for k := range params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		known := false
		for _, p := range in.Params {
			known = known || p.Name == k
		}
		if known {
			continue
		}
		if len(in.Params) == 0 {
			return fmt.Errorf("agent %q takes no parameters, got %q", in.Name, k)
		}
		names := make([]string, len(in.Params))
		for i, p := range in.Params {
			names[i] = p.Name
		}
		return fmt.Errorf("agent %q has no parameter %q (parameters: %s)", in.Name, k, strings.Join(names, ", "))
	}
	return nil
}
