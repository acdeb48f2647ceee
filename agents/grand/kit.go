// Package grand is the kit of the grand-strategic battle resolver
// (engine/grand): the equilibrium agent, which plays each round's
// posture as the minimax mixture of the matrix game between the two
// sides' postures; the chart doctrine, a pure maximin reading of the
// chart; a fixed-posture baseline; and the evaluation the equilibrium
// agent and the searches score positions with.
package grand

import (
	"fmt"
	"strconv"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/grand"
)

func init() { agents.RegisterKit(Kit()) }

// Kit is the grand kit as registered.
func Kit() agents.Kit {
	return agents.Kit{
		Ruleset: grand.Name,
		Evaluations: []agents.EvaluationKind{
			{Name: "morale-race", Doc: "each side's morale in rounds of the other's average losses, the defender to fall first and within the day", Eval: evaluate},
		},
		MCTS:      agents.MCTSDefaults{Prior: agents.NoPrior, Playout: agents.RandomScript, Eval: "morale-race"},
		Portfolio: agents.PortfolioDefaults{Scripts: []string{agents.RandomScript}, Enemy: agents.RandomScript, Eval: "morale-race"},
		Opponent:  DoctrineName,
		Agents: []agents.AgentKind{
			{
				Info: agents.Info{Name: EquilibriumName, Ruleset: grand.Name,
					Description: "each round's posture from the minimax mixture of the postures' matrix game (exact dice, linear programming), sampled with its seed",
					Params: []agents.Param{
						{Name: "depth", Default: "1", Doc: "combat rounds looked ahead, each solved as a matrix game (1 or 2)"},
						{Name: "value", Default: "kept", Doc: "how a battle's end is scored: kept (the result with what each side keeps, so a withdrawal can pay) or result (the result alone)"},
					}},
				Make: func(p map[string]string, seed uint64) (agents.Agent, error) {
					depth := 1
					if v, ok := p["depth"]; ok && v != "" {
						d, err := strconv.Atoi(v)
						if err != nil {
							return nil, fmt.Errorf("equilibrium: depth %q is not a whole number (1 or 2)", v)
						}
						depth = d
					}
					val, err := ParseValuation(or(p["value"], "kept"))
					if err != nil {
						return nil, err
					}
					return NewEquilibriumValued(depth, val, seed)
				},
			},
			{
				Info: agents.Info{Name: DoctrineName, Ruleset: grand.Name,
					Description: "the chart read for one round: the posture whose worst-case expected morale lead is best (pure maximin)"},
				Make: func(map[string]string, uint64) (agents.Agent, error) { return &Doctrine{}, nil },
			},
			{
				Info: agents.Info{Name: FixedName, Ruleset: grand.Name,
					Description: "the same posture every round, a baseline",
					Params: []agents.Param{
						{Name: "attack", Default: "assault", Doc: "the posture when it attacks"},
						{Name: "defend", Default: "defend", Doc: "the posture when it defends"},
					}},
				Make: func(p map[string]string, _ uint64) (agents.Agent, error) {
					return NewFixed(or(p["attack"], "assault"), or(p["defend"], "defend"))
				},
			},
		},
	}
}

// or is v, or def when v is empty (a parameter left out).
func or(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

// evaluate is Evaluate for any state of the ruleset (0 for another's).
func evaluate(st engine.State) float64 {
	if gs, ok := st.(*grand.State); ok {
		return Evaluate(gs)
	}
	return 0
}
