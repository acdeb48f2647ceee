// Package twobytwo is the agents' kit of 2 by 2 Napoleonic: its one-move
// doctrines (greedy and the heuristic agent's assault, fireline and
// reserve), the fitted evaluation of package evaluation/twobytwo, and what
// the generic searches (mcts, portfolio) play with on this ruleset by
// default. Importing it registers the kit (agents.RegisterKit), which also
// makes the agent kinds "greedy" and "heuristic" known to agents.New:
//
//	import _ "github.com/grognard/grognard/agents/twobytwo"
package twobytwo

import (
	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	rules "github.com/grognard/grognard/engine/twobytwo"
	evaltwo "github.com/grognard/grognard/evaluation/twobytwo"
)

func init() { agents.RegisterKit(Kit()) }

// Kit is the 2 by 2 kit as registered.
func Kit() agents.Kit {
	return agents.Kit{
		Ruleset: rules.Name,
		Scripts: []agents.ScriptKind{
			{Name: "greedy", Doc: "the greedy agent's one-move doctrine table", New: func(seed uint64) (agents.Script, error) { return NewGreedy(DefaultAggression, seed) }},
			doctrineScript(DoctrineAssault, "the heuristic agent's column assault"),
			doctrineScript(DoctrineFireline, "the heuristic agent's defensive fire line"),
			doctrineScript(DoctrineReserve, "the heuristic agent's hold and reinforce"),
		},
		// MCTS searches a set-up among the three doctrines' plans, and
		// with propose=true a node's first children are their choices
		// and greedy's.
		SetUp:     []string{"assault", "fireline", "reserve"},
		Proposers: []string{"assault", "fireline", "reserve", "greedy"},
		Evaluations: []agents.EvaluationKind{
			{Name: "default", Doc: "the fitted model of evaluation/twobytwo", Eval: evaltwo.Evaluator(evaltwo.Default)},
			{Name: "material", Doc: "the material-only model, for comparison", Eval: evaltwo.Evaluator(evaltwo.Material)},
		},
		// KitBias 0.03 prices the attacker's pin (PinBias) as the
		// search's pin=0.03 did before the hook was generic.
		MCTS:      agents.MCTSDefaults{Prior: "assault", Playout: "greedy", Eval: "default", KitBias: 0.03},
		Portfolio: agents.PortfolioDefaults{Scripts: []string{"assault", "fireline", "reserve", "greedy"}, Enemy: "assault", Eval: "default"},
		Opponent:  "heuristic",
		Fit:       fitPlan,
		Agents: []agents.AgentKind{
			{
				Info: agents.Info{
					Name:        "greedy",
					Description: "plays the best action by a fixed one-move doctrine from the rules' advice (charge disrupted units, cavalry off formed infantry, reinforce at once), ties at random",
					Params: []agents.Param{
						{Name: "aggression", Default: "0.5", Doc: "0 to 1: how readily it advances on and charges formed enemies rather than holding"},
					},
				},
				Make: newGreedyFromParams,
			},
			{
				Info: agents.Info{
					Name:        "heuristic",
					Description: "plays a written doctrine from the rules' advice, set-up included: assault (bayonet columns), fireline (hold ground, stall with fire) or reserve (hold and reinforce, play for the draw)",
					Params: []agents.Param{
						{Name: "doctrine", Default: "assault", Doc: "assault, fireline or reserve: how it deploys, queues, moves, charges, fires, reinforces and plays for the draw"},
					},
				},
				Make: newHeuristicFromParams,
			},
		},
		ActionBias:    PinBias,
		ActionBiasDoc: "a volley by the attacker's unpinned infantry (not at cavalry or a charger it stalled) pays it, for the pin it costs: the attack stalls [FoB-fire]",
		UnitOf:        UnitOf,
	}
}

// doctrineScript is the kit's script of the heuristic doctrine d.
func doctrineScript(d Doctrine, doc string) agents.ScriptKind {
	return agents.ScriptKind{Name: d.String(), Doc: doc, New: func(seed uint64) (agents.Script, error) { return NewHeuristic(d, seed) }}
}

// UnitOf is the unit a 2 by 2 decision concerns: the unit of its unit
// actions (LegalNext offers one unit's), or -1 for a side's decision.
func UnitOf(acts []engine.Action) int {
	for _, a := range acts {
		if a.Unit != rules.NoUnit && a.Kind != rules.KindEnd {
			return int(a.Unit)
		}
	}
	return -1
}
