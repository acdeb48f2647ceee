package web

import (
	"net/http"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/agents/protocol"
	"github.com/grognard/grognard/engine"
)

// botChoice is one bot the page offers for a ruleset: its agent spec and
// what the list shows.
type botChoice struct {
	Spec  string `json:"spec"`
	Label string `json:"label"`
}

// botChoices are the bots the page offers for ruleset: the generic
// searches at two budgets, random, and the agents only its kit plays. The
// page asks for them when a ruleset is chosen, so it names no ruleset's
// agents itself.
func botChoices(ruleset string) []botChoice {
	out := []botChoice{
		{protocol.DefaultBot, "strong (MCTS, 1600 iterations)"},
		{"mcts:iters=200", "quick (MCTS, 200 iterations)"},
		{agents.RandomScript, "random"},
	}
	if k := agents.KitFor(ruleset); k != nil {
		for _, ak := range k.Agents {
			out = append(out, botChoice{ak.Info.Name, ak.Info.Name + " (" + ak.Info.Description + ")"})
		}
	}
	return out
}

// bots answers GET /api/bots?ruleset=R with the bots the page offers for
// a registered ruleset.
func (s *Server) bots(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("ruleset")
	if _, err := engine.Lookup(name); err != nil {
		writeJSON(w, map[string]any{"ok": false, "error": map[string]string{"code": "bad_request", "message": err.Error()}})
		return
	}
	writeJSON(w, map[string]any{"ok": true, "result": botChoices(name)})
}
