package drums

import (
	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/drums"
	evaldrums "github.com/grognard/grognard/evaluation/drums"
)

func init() { agents.RegisterKit(Kit()) }

// Kit is the Drums and Muskets kit as registered.
func Kit() agents.Kit {
	return agents.Kit{
		Ruleset: drums.Name,
		Scripts: []agents.ScriptKind{
			doctrineScript(Assault, "column-of-attack assault: close on the nearest foot and charge, cavalry at what is not in square or terrain, squares against cavalry"),
			doctrineScript(Line, "firing-line defence: hold the objectives and cover, shoot and reload, charge only broken-down enemies, cavalry in reserve"),
		},
		// hint's set-up and win/draw/loss playouts: the stronger doctrine
		// (drums-line beat drums-assault in the kit's measurements).
		Opponent:  "drums-line",
		Fit:       fitPlan,
		SetUp:     []string{"assault", "line"},
		Proposers: []string{"assault", "line"},
		Evaluations: []agents.EvaluationKind{
			{Name: "default", Doc: "the fitted logistic model of evaluation/drums", Eval: evaldrums.Evaluator(evaldrums.Default)},
			{Name: "material", Doc: "strength left alone, for comparison", Eval: evaldrums.Evaluator(evaldrums.Material)},
		},
		// Playouts follow the assault, which ends battles sooner than the
		// line; the playout depth (MCTS depth=, 30 decisions by default)
		// cuts them off to the evaluation long before the turn limit.
		MCTS:      agents.MCTSDefaults{Prior: "assault", Playout: "assault", Eval: "default"},
		Portfolio: agents.PortfolioDefaults{Scripts: []string{"assault", "line", "random"}, Enemy: "assault", Eval: "default"},
		Agents: []agents.AgentKind{
			doctrineAgent(Assault, "Drums and Muskets column-of-attack assault (one move, the document's advice)"),
			doctrineAgent(Line, "Drums and Muskets firing-line defence (one move, the document's advice)"),
		},
		UnitOf: UnitOf,
	}
}

// doctrineScript is the kit's script of doctrine d.
func doctrineScript(d Doctrine, doc string) agents.ScriptKind {
	return agents.ScriptKind{Name: d.String(), Doc: doc, New: func(seed uint64) (agents.Script, error) { return NewScript(d, seed) }}
}

// doctrineAgent is the kit's one-move agent kind of doctrine d.
func doctrineAgent(d Doctrine, doc string) agents.AgentKind {
	return agents.AgentKind{
		Info: agents.Info{Name: d.AgentName(), Description: doc, Ruleset: drums.Name},
		Make: func(_ map[string]string, seed uint64) (agents.Agent, error) { return NewAgent(d, seed) },
	}
}

// UnitOf is the unit a Drums and Muskets decision concerns: the unit
// whose declared actions acts are (an activation's orders are one
// unit's), or -1 for a side's decision (deployment, supply, who goes
// first, which unit to activate, evade, occupy, adjust) and a general's
// move.
func UnitOf(acts []engine.Action) int {
	if len(acts) == 0 {
		return -1
	}
	switch acts[0].Kind {
	case drums.KAdvance, drums.KRetire, drums.KTurn, drums.KReform, drums.KCharge, drums.KShoot, drums.KReload, drums.KStand:
		return int(acts[0].Unit)
	case drums.KPass:
		if acts[0].Target == 0 {
			return int(acts[0].Unit)
		}
	}
	return -1
}
