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
}

// factory builds an agent from already checked parameters.
type factory func(params map[string]string, seed uint64) (Agent, error)

type kind struct {
	info Info
	make factory
}

// kinds is the fixed list of built-in agents. It is a function rather
// than a mutable package variable so that nothing can change it at run
// time and tests cannot leak registrations into each other.
func kinds() []kind {
	return []kind{
		{
			info: Info{Name: "random", Description: "picks uniformly at random among the legal actions (the baseline)"},
			make: func(_ map[string]string, seed uint64) (Agent, error) { return NewRandom(seed), nil },
		},
		{
			info: Info{
				Name:        "greedy",
				Description: "plays the best action by a fixed one-move doctrine from the rules' advice (charge disrupted units, cavalry off formed infantry, reinforce at once), ties at random",
				Params: []Param{
					{Name: "aggression", Default: "0.5", Doc: "0 to 1: how readily it advances on and charges formed enemies rather than holding"},
				},
			},
			make: newGreedyFromParams,
		},
		{
			info: Info{
				Name:        "heuristic",
				Description: "plays a written doctrine from the rules' advice, set-up included: assault (bayonet columns), fireline (hold ground, stall with fire) or reserve (hold and reinforce, play for the draw)",
				Params: []Param{
					{Name: "doctrine", Default: "assault", Doc: "assault, fireline or reserve: how it deploys, queues, moves, charges, fires, reinforces and plays for the draw"},
				},
			},
			make: newHeuristicFromParams,
		},
		{
			info: Info{
				Name:        "mcts",
				Description: "open-loop Monte Carlo tree search over unit-by-unit orders, a doctrine tries its move first, progressive widening, set-up among the doctrines' plans, scripted playouts cut off by the fitted evaluation, root parallelism or one shared tree, tree reuse",
				Params:      mctsParams,
			},
			make: newMCTSFromParams,
		},
		{
			info: Info{
				Name:        "portfolio",
				Description: "portfolio greedy search: assigns a doctrine to each unit, from the best uniform assignment, and improves it one unit at a time as each unit's orders are asked for, by short playouts of what each doctrine would order, scored by the evaluation",
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

// List returns every agent kind sorted by name.
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
	return nil, fmt.Errorf("unknown agent %q (known agents: %s)", name, strings.Join(Names(), ", "))
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
