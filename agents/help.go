package agents

import (
	"sort"
	"strconv"
	"strings"
)

// ListFor returns the agent kinds that play ruleset, sorted by name: the
// generic ones and those of the ruleset's own kit, with the defaults and
// the choices of the keys that come from a kit (mcts's and portfolio's
// scripts, evaluations and action bias) written out for that ruleset's
// kit. A ruleset without a kit gets the generic pieces, and the keys a
// spec must then name say so. List is the same list for every ruleset at
// once, with "the kit's" for those defaults.
func ListFor(ruleset string) []Info {
	k := KitFor(ruleset)
	var out []Info
	for _, b := range builtinKinds() {
		out = append(out, b.info.forKit(k))
	}
	if k != nil {
		for _, a := range k.Agents {
			in := a.Info
			in.Ruleset = k.Ruleset
			in.Params = append([]Param(nil), in.Params...)
			out = append(out, in)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// InfoFor is the help of the agent kind called kind on ruleset (as
// ListFor writes it), or false when no such kind plays that ruleset.
func InfoFor(kind, ruleset string) (Info, bool) {
	for _, in := range ListFor(ruleset) {
		if in.Name == kind {
			return in, true
		}
	}
	return Info{}, false
}

// forKit is in, a generic kind's help, with its kit-dependent keys
// written out for k (nil: a ruleset without a kit). Params is a copy: the
// kinds' tables are shared.
func (in Info) forKit(k *Kit) Info {
	ps := make([]Param, len(in.Params))
	for i, p := range in.Params {
		ps[i] = kitParam(in.Name, k, p)
	}
	in.Params = ps
	return in
}

// kitParam is p, a key of the generic kind called kind, with its default
// and its choices taken from k.
func kitParam(kind string, k *Kit, p Param) Param {
	names := []string{RandomScript} // scriptNames(nil) would be every kit's
	if k != nil {
		names = scriptNames(k)
	}
	scripts := "scripts: " + strings.Join(names, ", ")
	evals := "evaluations: " + evaluationDocs(k)
	var md MCTSDefaults
	var pd PortfolioDefaults
	if k != nil {
		md, pd = k.MCTS, k.Portfolio
	}
	switch kind + "." + p.Name {
	case "mcts.playout":
		return kitDefault(p, md.Playout, scripts)
	case "mcts.prior":
		return kitDefault(p, md.Prior, "none; "+scripts)
	case "mcts.eval":
		return kitDefault(p, md.Eval, evals)
	case "mcts.propose":
		if k != nil && len(k.Proposers) > 0 {
			p.Doc = strings.Replace(p.Doc, "proposer scripts", "proposer scripts ("+strings.Join(k.Proposers, ", ")+")", 1)
		} else {
			p.Doc += " (this ruleset's kit has none: no effect)"
		}
		return p
	case "mcts." + kitBiasKey, "mcts." + pinKey:
		if k == nil || k.ActionBias == nil {
			p.Default = "0"
			p.Doc += "; this ruleset's kit has no action bias: no effect"
			return p
		}
		p.Default = strconv.FormatFloat(k.MCTS.KitBias, 'g', -1, 64)
		if k.ActionBiasDoc != "" && p.Name == kitBiasKey {
			p.Doc += "; here: " + k.ActionBiasDoc
		}
		return p
	case "portfolio.scripts":
		return kitDefault(p, strings.Join(pd.Scripts, "+"), scripts)
	case "portfolio.enemy":
		return kitDefault(p, pd.Enemy, scripts)
	case "portfolio.eval":
		return kitDefault(p, pd.Eval, evals)
	}
	return p
}

// kitDefault writes a kit's default def into p and names the choices; an
// empty def (no kit, or a kit without that default) is a key the spec
// must give.
func kitDefault(p Param, def, choices string) Param {
	p.Default = def
	if def == "" {
		p.Default = "none"
		p.Doc += "; this ruleset has no default: name one"
	}
	p.Doc += " (" + choices + ")"
	return p
}

// evaluationDocs are k's evaluations as "name (doc)", the generic none
// first.
func evaluationDocs(k *Kit) string {
	parts := []string{NoEvaluation + " (0 unless the game is over)"}
	if k != nil {
		for _, e := range k.Evaluations {
			if e.Doc == "" {
				parts = append(parts, e.Name)
				continue
			}
			parts = append(parts, e.Name+" ("+e.Doc+")")
		}
	}
	return strings.Join(parts, ", ")
}
