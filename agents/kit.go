package agents

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/evaluation"
)

// Kit is what one ruleset offers the generic agents: the scripts a search
// follows (its doctrines and baselines), its evaluation, the defaults of
// MCTS and portfolio, the agent kinds only it can play, and the hooks a
// search asks it where the rules matter. A ruleset's kit lives in
// agents/<ruleset> and registers itself with RegisterKit from an init
// function, so a program that imports it (a blank import in the command's
// main package) links it in; nothing generic names a ruleset.
//
// An agent asked to play a ruleset without what it needs fails with an
// error naming the ruleset and the missing piece (*MissingKit); it never
// plays at random silently. random and external bots need no kit, and
// MCTS and portfolio play any ruleset with the generic pieces
// (playout=random, prior=none, eval=none; scripts=random).
type Kit struct {
	// Ruleset is the name engine.State.Ruleset returns for the ruleset.
	Ruleset string
	// Scripts are the ruleset's named scripts, in the order help texts
	// list them. The generic "random" script is always there besides.
	Scripts []ScriptKind
	// SetUp names the scripts whose set-up choices MCTS searches among at
	// a set-up decision (no more than maxSetUpScripts); Proposers the
	// scripts whose choices are a node's first children with
	// MCTSConfig.Propose, in order. Either may be empty.
	SetUp, Proposers []string
	// Evaluations are the ruleset's named evaluations, the first the
	// default. The generic "none" is always there besides.
	Evaluations []EvaluationKind
	// MCTS and Portfolio are the defaults of the generic searches on the
	// ruleset: what a spec that names none of these keys plays.
	MCTS      MCTSDefaults
	Portfolio PortfolioDefaults
	// Agents are the agent kinds only this ruleset can play (its
	// one-move doctrines, say): New builds them when the kit is linked,
	// and List shows them with the ruleset.
	Agents []AgentKind
	// Opponent is the agent spec that plays a side nobody commands when
	// a command needs one quickly: hint plays the other side up to the
	// advised side's first decision, both sides of its win/draw/loss
	// playouts and the other side of a plan with it; empty: random.
	Opponent string
	// ActionBias, when not nil, is MCTS's action-bias hook: what the kit
	// thinks of action a in st beyond what its evaluation sees, from -1
	// (the evaluation overrates it) to 1 (it underrates it), 0 for
	// nothing to say. The tree adds it, times the weight
	// MCTSConfig.KitBias (spec key kitbias, default MCTS.KitBias), to
	// the child's value in every selection for as long as the action is
	// searched (see selectChild). It is called in the tree's inner loop
	// and must allocate nothing.
	ActionBias func(st engine.State, a *engine.Action) float64
	// ActionBiasDoc says in one line what ActionBias prices, for help
	// texts ("" when there is no hook).
	ActionBiasDoc string
	// Fit, when not nil, is how the kit's evaluation is fitted
	// ('grognard evalfit').
	Fit *FitPlan
	// UnitOf, when not nil, is the unit a decision of a portfolio search
	// concerns: the unit of acts (one unit's orders), or -1 for a side's
	// decision. Without it every decision is the side's.
	UnitOf func(acts []engine.Action) int
}

// ScriptKind is one named script of a kit.
type ScriptKind struct {
	// Name names the script in specs (playout=, prior=, scripts=).
	Name string
	// Doc says in one line how it plays, for help texts.
	Doc string
	// New builds the script with its own tie-breaking generator.
	New func(seed uint64) (Script, error)
}

// EvaluationKind is one named evaluation of a kit.
type EvaluationKind struct {
	// Name names the evaluation in specs (eval=).
	Name string
	// Doc says in one line what it is.
	Doc string
	// Eval scores a position of the kit's ruleset for side 0.
	Eval evaluation.Evaluator
}

// MCTSDefaults are a kit's defaults for MCTS: the script names of its
// prior and playouts, the name of its evaluation and the weight of its
// action bias.
type MCTSDefaults struct {
	Prior, Playout, Eval string
	// KitBias is the weight of Kit.ActionBias in the selection, 0 to 1
	// (0: off), when a spec gives none.
	KitBias float64
}

// PortfolioDefaults are a kit's defaults for a portfolio search: the
// scripts of the portfolio, the enemy's assumed script and the evaluation.
type PortfolioDefaults struct {
	Scripts     []string
	Enemy, Eval string
}

// AgentKind is an agent kind a kit offers: the same as a built-in kind,
// for one ruleset only.
type AgentKind struct {
	Info Info
	// Make builds the agent from spec parameters already checked against
	// Info.Params.
	Make func(params map[string]string, seed uint64) (Agent, error)
}

// The generic pieces every ruleset has, kit or not.
const (
	// RandomScript is the script that picks uniformly at random.
	RandomScript = "random"
	// NoPrior is MCTS's prior=none: untried actions are expanded in a
	// random order, with no progressive bias.
	NoPrior = "none"
	// NoEvaluation is eval=none: a cut-off playout scores 0 (unknown),
	// a finished game its result.
	NoEvaluation = "none"
)

// maxSetUpScripts bounds Kit.SetUp, the scripts MCTS's set-up memo
// records (setUpMemo holds a fixed array, so a decision allocates nothing).
const maxSetUpScripts = 8

var (
	kitsMu sync.RWMutex
	kits   = map[string]*Kit{}
)

// RegisterKit makes k the kit of its ruleset. It is meant for a kit
// package's init function; it panics on a kit without a ruleset name, a
// second kit for one ruleset, a name given twice, or a default or a
// set-up script the kit does not have, since those are programming errors
// found on the first run.
func RegisterKit(k Kit) {
	if err := k.check(); err != nil {
		panic("agents.RegisterKit: " + err.Error())
	}
	kitsMu.Lock()
	defer kitsMu.Unlock()
	if _, dup := kits[k.Ruleset]; dup {
		panic(fmt.Sprintf("agents.RegisterKit: a second kit for ruleset %q", k.Ruleset))
	}
	kits[k.Ruleset] = &k
}

// check reports what is inconsistent in a kit.
func (k *Kit) check() error {
	if k.Ruleset == "" {
		return errors.New("a kit needs its ruleset's name")
	}
	seen := map[string]bool{RandomScript: true}
	for _, s := range k.Scripts {
		if s.Name == "" || seen[s.Name] || s.New == nil {
			return fmt.Errorf("kit %s: script %q is unnamed, given twice or has no constructor", k.Ruleset, s.Name)
		}
		seen[s.Name] = true
	}
	names := append(append(append([]string{}, k.SetUp...), k.Proposers...), k.Portfolio.Scripts...)
	for _, n := range append(names, k.MCTS.Prior, k.MCTS.Playout, k.Portfolio.Enemy) {
		if n != "" && !seen[n] && n != NoPrior {
			return fmt.Errorf("kit %s: names script %q it does not have", k.Ruleset, n)
		}
	}
	if !(k.MCTS.KitBias >= 0 && k.MCTS.KitBias <= 1) { // NaN fails too
		return fmt.Errorf("kit %s: default kitbias %v is not between 0 and 1", k.Ruleset, k.MCTS.KitBias)
	}
	if len(k.SetUp) > maxSetUpScripts {
		return fmt.Errorf("kit %s: %d set-up scripts, at most %d", k.Ruleset, len(k.SetUp), maxSetUpScripts)
	}
	evals := map[string]bool{NoEvaluation: true}
	for _, e := range k.Evaluations {
		if e.Name == "" || evals[e.Name] || e.Eval == nil {
			return fmt.Errorf("kit %s: evaluation %q is unnamed, given twice or has no function", k.Ruleset, e.Name)
		}
		evals[e.Name] = true
	}
	for _, n := range []string{k.MCTS.Eval, k.Portfolio.Eval} {
		if n != "" && !evals[n] {
			return fmt.Errorf("kit %s: names evaluation %q it does not have", k.Ruleset, n)
		}
	}
	for _, a := range k.Agents {
		if a.Make == nil || a.Info.Name == "" {
			return fmt.Errorf("kit %s: agent kind %q is unnamed or has no constructor", k.Ruleset, a.Info.Name)
		}
		for _, b := range builtinKinds() {
			if b.info.Name == a.Info.Name {
				return fmt.Errorf("kit %s: agent kind %q is a built-in agent", k.Ruleset, a.Info.Name)
			}
		}
	}
	return nil
}

// KitFor is the kit of ruleset, or nil when none is linked in.
func KitFor(ruleset string) *Kit {
	kitsMu.RLock()
	defer kitsMu.RUnlock()
	return kits[ruleset]
}

// Kits returns the linked kits sorted by ruleset.
func Kits() []*Kit {
	kitsMu.RLock()
	defer kitsMu.RUnlock()
	out := make([]*Kit, 0, len(kits))
	for _, k := range kits {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Ruleset < out[j].Ruleset })
	return out
}

// MissingKit is the error of an agent asked to play a ruleset that lacks a
// piece it needs: no kit at all, or a kit without the named script,
// evaluation or default.
type MissingKit struct {
	// Agent names the agent (its kind or spec).
	Agent string
	// Ruleset is the ruleset of the state it was asked to play.
	Ruleset string
	// Piece says what is missing: "kit", "script \"assault\"",
	// "evaluation \"default\"", "default prior"...
	Piece string
	// Hint says how to play on, in words for a user.
	Hint string
}

// Error names the agent, the ruleset and the missing piece.
func (e *MissingKit) Error() string {
	var msg string
	if e.Piece == "kit" {
		msg = fmt.Sprintf("agent %s: ruleset %q has no agent kit linked in", e.Agent, e.Ruleset)
	} else {
		msg = fmt.Sprintf("agent %s: the %s kit has no %s", e.Agent, e.Ruleset, e.Piece)
	}
	if e.Hint != "" {
		msg += ": " + e.Hint
	}
	return msg
}

// ErrWrongRuleset is wrapped by NotForRuleset.
var ErrWrongRuleset = errors.New("agent plays another ruleset")

// NotForRuleset is the error of a kit's own agent (the one-move doctrines
// of a ruleset) asked to play st of another ruleset.
func NotForRuleset(agent, ruleset string, st engine.State) error {
	return fmt.Errorf("agent %s is offered by the %s kit only, and cannot play %s: %w", agent, ruleset, st.Ruleset(), ErrWrongRuleset)
}

// scriptNames are the script names a kit offers, "random" first, or the
// names every linked kit offers when k is nil; for error messages.
func scriptNames(k *Kit) []string {
	return kitNames(k, RandomScript, func(k *Kit, add func(string)) {
		for _, s := range k.Scripts {
			add(s.Name)
		}
	})
}

// evaluationNames are the evaluation names of k (or of every linked kit),
// "none" first.
func evaluationNames(k *Kit) []string {
	return kitNames(k, NoEvaluation, func(k *Kit, add func(string)) {
		for _, e := range k.Evaluations {
			add(e.Name)
		}
	})
}

// kitNames lists first and then the names each of k offers (every linked
// kit's when k is nil), each once.
func kitNames(k *Kit, first string, each func(k *Kit, add func(string))) []string {
	names := []string{first}
	add := func(n string) {
		if !contains(names, n) {
			names = append(names, n)
		}
	}
	if k != nil {
		each(k, add)
		return names
	}
	for _, k := range Kits() {
		each(k, add)
	}
	return names
}

func contains(names []string, n string) bool {
	for _, m := range names {
		if m == n {
			return true
		}
	}
	return false
}

// checkScriptName refuses, when an agent is built, a script name that
// neither the generic pieces nor any linked kit knows: a typo is caught
// before the game starts. "" (the kit's default) passes; so does NoPrior
// when prior is set.
func checkScriptName(what, name string, prior bool) error {
	if name == "" || name == RandomScript || prior && name == NoPrior {
		return nil
	}
	if contains(scriptNames(nil), name) {
		return nil
	}
	known := scriptNames(nil)
	if prior {
		known = append([]string{NoPrior}, known...)
	}
	return fmt.Errorf("%s: unknown script %q (scripts of the linked kits: %s)", what, name, strings.Join(known, ", "))
}

// checkEvaluationName is checkScriptName for an evaluation.
func checkEvaluationName(name string) error {
	if name == "" || contains(evaluationNames(nil), name) {
		return nil
	}
	return fmt.Errorf("unknown evaluation %q (evaluations of the linked kits: %s)", name, strings.Join(evaluationNames(nil), ", "))
}

// mctsDefault is k's MCTS defaults; none for a nil kit.
func (k *Kit) mctsDefault() MCTSDefaults {
	if k == nil {
		return MCTSDefaults{}
	}
	return k.MCTS
}

// script builds k's script called name (k may be nil: only the generic
// scripts are there), or says what is missing.
func (k *Kit) script(agent, ruleset, name string, seed uint64) (Script, error) {
	if name == RandomScript {
		return newRandomScript(seed), nil
	}
	if k == nil {
		return nil, &MissingKit{Agent: agent, Ruleset: ruleset, Piece: "kit", Hint: fmt.Sprintf("script %q comes from a ruleset's kit; use %s", name, RandomScript)}
	}
	for _, s := range k.Scripts {
		if s.Name == name {
			return s.New(seed)
		}
	}
	return nil, &MissingKit{Agent: agent, Ruleset: ruleset, Piece: fmt.Sprintf("script %q", name),
		Hint: "its scripts are " + strings.Join(scriptNames(k), ", ")}
}

// evaluation is k's evaluation called name (k may be nil), or says what is
// missing.
func (k *Kit) evaluation(agent, ruleset, name string) (Evaluator, error) {
	if name == NoEvaluation {
		return noEvaluation, nil
	}
	if k == nil {
		return nil, &MissingKit{Agent: agent, Ruleset: ruleset, Piece: "kit", Hint: fmt.Sprintf("evaluation %q comes from a ruleset's kit; use eval=%s", name, NoEvaluation)}
	}
	for _, e := range k.Evaluations {
		if e.Name == name {
			return e.Eval, nil
		}
	}
	return nil, &MissingKit{Agent: agent, Ruleset: ruleset, Piece: fmt.Sprintf("evaluation %q", name),
		Hint: "its evaluations are " + strings.Join(evaluationNames(k), ", ")}
}

// noEvaluation is eval=none: a finished game's result, else 0.
func noEvaluation(st engine.State) float64 {
	v, _ := evaluation.Outcome(st)
	return v
}

// randomScript is the generic "random" script: a uniform pick.
type randomScript struct {
	pcg rand.PCG
	rng *rand.Rand
}

func newRandomScript(seed uint64) *randomScript {
	r := &randomScript{}
	r.Reseed(seed)
	r.rng = rand.New(&r.pcg)
	return r
}

// Name is "random".
func (r *randomScript) Name() string { return RandomScript }

// Pick draws an index of acts uniformly.
func (r *randomScript) Pick(_ engine.State, acts []engine.Action) int { return r.rng.IntN(len(acts)) }

// Reseed restarts the generator from seed.
func (r *randomScript) Reseed(seed uint64) { r.pcg.Seed(seed, engine.SplitMix64(seed^0x72616e646f6d)) }
