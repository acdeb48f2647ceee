package agents

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/grognard/grognard/engine"
)

// MCTSConfig holds the search's parameters.
type MCTSConfig struct {
	Budget  Budget
	Workers int
	// MaxNodes is the most tree nodes the agent holds, whatever its
	// Budget: split evenly between the workers' trees with root
	// parallelism, one tree's with SharedTree. 0 is DefaultMaxNodes; a
	// larger value than MaxMaxNodes is taken as MaxMaxNodes. A full tree
	// is searched on without growing (see descend). It bounds the
	// agent's memory, not its choices: a search that never fills its
	// trees chooses as it would with no bound.
	MaxNodes int
	// C is the exploration constant of UCB1 (values lie in [-1, 1]).
	C float64
	// Bias is the progressive bias towards the prior script's choices
	// (see selectChild); 0 turns it off.
	Bias float64
	// PWK and PWAlpha set progressive widening: a node with n visits may
	// have ceil(PWK * n^PWAlpha) children.
	PWK, PWAlpha float64
	// PlayoutDepth is the number of decisions a playout makes before the
	// evaluation scores it.
	PlayoutDepth int
	// Reuse keeps the subtree of the chosen action for the next decision.
	Reuse bool
	// ChanceNodes grows a child per dice outcome (closed loop) instead
	// of re-sampling the dice under each node (open loop, the default).
	ChanceNodes bool
	// Playout names the script that plays the playouts, Prior the one
	// whose choice a node tries first (Kit.Scripts, or RandomScript;
	// Prior may be NoPrior). Empty is the ruleset kit's default
	// (Kit.MCTS).
	Playout, Prior string
	// Eval names the evaluation that scores a playout's last position
	// (Kit.Evaluations, or NoEvaluation); empty is the kit's default.
	Eval string
	// Stop ends a worker's search once its most visited root action is
	// further ahead of the next than the iterations left in its budget:
	// the rest would not change what it plays (see settled).
	Stop bool
	// Propose makes a node's first children the distinct choices of the
	// kit's proposers (Kit.Proposers: for 2 by 2 the three doctrines,
	// assault, fireline and reserve, and greedy), before the rest in the
	// prior's order (see proposal).
	Propose bool
	// SharedTree makes the workers grow one tree instead of one each:
	// lanes taken in a fixed cycle each select a leaf, a virtual loss
	// steering each away from the leaves already taken, and the workers
	// play the lanes' playouts while the lanes are backed up in that
	// cycle's order, so the choice stays independent of scheduling (see
	// thinkShared).
	SharedTree bool
	// CommonRandom gives the k-th visit of every root action the same
	// random numbers: its dice and its playout's tie-breaks are drawn from
	// a stream chosen by k alone (common random numbers). Two root actions
	// are then compared on the same luck, which leaves about a quarter of
	// the variance of the difference between their values
	// (TestMCTSPlayoutNoiseProbe); each action's own mean is as unbiased
	// as with fresh numbers. Open loop only.
	CommonRandom bool
	// VirtualLoss is what a pending playout of a shared tree counts for
	// on each node of its path, taken from the value (in [-1, 1], from
	// the node's player's view) until the playout is backed up: 1, the
	// default, is a loss; 0 counts the visit alone.
	VirtualLoss float64
	// ChooseLCB plays the root action whose mean value is highest less
	// lcbZ of its standard errors (a lower confidence bound) instead of
	// the most visited one. Visits follow the exploration and the prior
	// bias as much as the values, and with orders a hundredth apart
	// against a playout noise of a tenth the most visited action is
	// mostly the prior's (see chooseLCB). Stop is ignored with it: its
	// test is on visits.
	ChooseLCB bool
	// noSetUpMemo scores a set-up node's actions again on every descent
	// instead of replaying the memorised scoring: the search the memo
	// must reproduce, for its test.
	noSetUpMemo bool
	// KitBias weighs the kit's action bias (Kit.ActionBias) in the
	// selection, 0 to 1: a child's value gets KitBias times the hook's
	// value of its action (see selectChild); 0 turns it off, and a
	// ruleset whose kit has no hook pays nothing. nil is the kit's
	// default weight (Kit.MCTS.KitBias). It prices what the evaluation
	// does not see; for 2 by 2 the attacker's pin (the kit's default
	// 0.03): "if you are on the attack then you should avoid firing as
	// your attack will stall", for a fired volley pins the unit ("the
	// glue of war") and it may not charge next turn, a lost charge the
	// evaluation misses, so with values close the search fired.
	KitBias *float64
}

// DefaultMCTSConfig is the configuration a plain "mcts" spec builds. Its
// prior, playout and evaluation are left empty: they are the defaults of
// the kit of the ruleset played (Kit.MCTS), and a ruleset with no kit
// needs them named (prior=none,playout=random,eval=none).
func DefaultMCTSConfig() MCTSConfig {
	return MCTSConfig{Budget: Budget{Iterations: 400}, Workers: 1, C: 0.6, Bias: 1, PWK: 2, PWAlpha: 0.4, PlayoutDepth: 30, Reuse: true,
		Stop: true, VirtualLoss: 1}
}

// NewMCTS returns an MCTS agent whose choices depend only on cfg, seed
// and, with a wall-time budget, the clock.
func NewMCTS(cfg MCTSConfig, seed uint64) (*MCTS, error) {
	if cfg.Workers < 1 || cfg.Workers > 256 {
		return nil, fmt.Errorf("workers must be between 1 and 256, got %d", cfg.Workers)
	}
	// Each check is written so that NaN fails it. The names are the spec's.
	for _, p := range []struct {
		ok         bool
		name, want string
		got        float64
	}{
		{cfg.C >= 0, "c", "0 or more", cfg.C},
		{cfg.Bias >= 0, "bias", "0 or more", cfg.Bias},
		{cfg.PWK > 0, "pwk", "above 0", cfg.PWK},
		{cfg.PWAlpha >= 0 && cfg.PWAlpha <= 1, "pwalpha", "between 0 and 1", cfg.PWAlpha},
		{cfg.PlayoutDepth >= 0, "depth", "0 or more", float64(cfg.PlayoutDepth)},
		{cfg.VirtualLoss >= 0 && cfg.VirtualLoss <= 1, "vloss", "between 0 and 1", cfg.VirtualLoss},
	} {
		if !p.ok {
			return nil, fmt.Errorf("%s must be %s, got %v", p.name, p.want, p.got)
		}
	}
	trees := cfg.Workers
	if cfg.SharedTree {
		trees = 1
	}
	switch {
	case cfg.MaxNodes == 0:
		cfg.MaxNodes = DefaultMaxNodes
	case cfg.MaxNodes > MaxMaxNodes:
		cfg.MaxNodes = MaxMaxNodes
	case cfg.MaxNodes < minTreeNodes*trees:
		return nil, fmt.Errorf("nodes must be at least %d for %d tree(s) (%d a tree), got %d", minTreeNodes*trees, trees, minTreeNodes, cfg.MaxNodes)
	}
	if cfg.CommonRandom && cfg.ChanceNodes {
		return nil, fmt.Errorf("crn=true shares the dice of open-loop playouts: it cannot be used with dice=nodes")
	}
	if kb := cfg.KitBias; kb != nil && !(*kb >= 0 && *kb <= 1) {
		return nil, fmt.Errorf("kitbias must be between 0 and 1, got %v", *kb)
	}
	if cfg.Budget.IsZero() {
		cfg.Budget = DefaultMCTSConfig().Budget
	}
	if err := checkScriptName("playout", cfg.Playout, false); err != nil {
		return nil, err
	}
	if err := checkScriptName("prior", cfg.Prior, true); err != nil {
		return nil, err
	}
	if err := checkEvaluationName(cfg.Eval); err != nil {
		return nil, err
	}
	m := &MCTS{cfg: cfg, seed: seed}
	var shared *mctsTree
	lanes := cfg.Workers
	if cfg.SharedTree && cfg.Workers > 1 {
		lanes *= lanesPerWorker
	}
	for w := 0; w < lanes; w++ {
		tree := shared
		if tree == nil {
			limit := cfg.MaxNodes / trees
			tree = &mctsTree{nodes: make([]mctsNode, 0, min(firstChunk, limit)), limit: limit, nextRoot: -1}
		}
		if cfg.SharedTree {
			shared = tree
		}
		m.workers = append(m.workers, &mctsWorker{m: m, mctsTree: tree, done: make(chan struct{}, 1)})
	}
	return m, nil
}

// bind readies the agent for the ruleset of st: it takes the scripts and
// the evaluation from the ruleset's kit, the kit's defaults for those the
// spec leaves out, at the first decision and again whenever the ruleset
// changes. It fails, naming the ruleset and the missing piece, when the
// kit (or the ruleset's lack of one) does not have them.
func (m *MCTS) bind(st engine.State) error { return m.bindTo(st.Ruleset()) }

// bindTo is bind for the ruleset called rs.
func (m *MCTS) bindTo(rs string) error {
	if m.bound && rs == m.ruleset {
		return nil
	}
	m.bound = false
	k := KitFor(rs)
	name := m.Name()
	prior, playout, eval := m.cfg.Prior, m.cfg.Playout, m.cfg.Eval
	if (prior == "" || playout == "" || eval == "") && k == nil {
		return &MissingKit{Agent: name, Ruleset: rs, Piece: "kit",
			Hint: "mcts's default prior, playout and evaluation come from the ruleset's kit; name generic ones instead: mcts:prior=none,playout=random,eval=none"}
	}
	for _, d := range []struct {
		dst        *string
		dflt, what string
	}{{&prior, k.mctsDefault().Prior, "prior"}, {&playout, k.mctsDefault().Playout, "playout"}, {&eval, k.mctsDefault().Eval, "eval"}} {
		if *d.dst != "" {
			continue
		}
		*d.dst = d.dflt
		if *d.dst == "" {
			return &MissingKit{Agent: name, Ruleset: rs, Piece: "default " + d.what, Hint: "name one in the spec (" + d.what + "=...)"}
		}
	}
	evaluate, err := k.evaluation(name, rs, eval)
	if err != nil {
		return err
	}
	var setUps, proposers []string
	var actionBias func(engine.State, *engine.Action) float64
	kitBias := 0.0
	if k != nil {
		setUps, proposers, actionBias, kitBias = k.SetUp, k.Proposers, k.ActionBias, k.MCTS.KitBias
	}
	if m.cfg.KitBias != nil {
		kitBias = *m.cfg.KitBias
	}
	if actionBias == nil {
		kitBias = 0 // nothing to weigh: selectChild skips the hook
	}
	for w, wk := range m.workers {
		ws := engine.SplitMix64(m.seed ^ uint64(w+1)*0x9e37)
		if wk.policy, err = k.script(name, rs, playout, ws); err != nil {
			return fmt.Errorf("playout: %w", err)
		}
		wk.prior = nil
		if prior != NoPrior {
			if wk.prior, err = k.script(name, rs, prior, engine.SplitMix64(ws)); err != nil {
				return fmt.Errorf("prior: %w", err)
			}
		}
		wk.setups = wk.setups[:0]
		for j, n := range setUps {
			sc, err := k.script(name, rs, n, engine.SplitMix64(ws+uint64(j+2)))
			if err != nil {
				return fmt.Errorf("set-up: %w", err)
			}
			wk.setups = append(wk.setups, sc)
		}
		// A proposer that is also a set-up script is the same script
		// (the same generator); the others are seeded apart.
		wk.proposers = wk.proposers[:0]
		extra := 0
		for _, n := range proposers {
			var sc Script
			for j, s := range setUps {
				if s == n {
					sc = wk.setups[j]
				}
			}
			if sc == nil {
				if sc, err = k.script(name, rs, n, engine.SplitMix64(ws+1+uint64(extra)<<32)); err != nil {
					return fmt.Errorf("proposer: %w", err)
				}
				extra++
			}
			wk.proposers = append(wk.proposers, sc)
		}
	}
	m.evaluate, m.actionBias, m.kitBias = evaluate, actionBias, kitBias
	m.prior, m.playout, m.eval = prior, playout, eval
	m.setUpNames, m.proposeNames = setUps, proposers
	m.ruleset, m.bound = rs, true
	return nil
}

// mctsParams are the spec keys of "mcts".
var mctsParams = append(budgetParams(400),
	Param{Name: "workers", Default: "1", Doc: "search threads, each growing its own tree (root parallelism) unless parallel=tree"},
	Param{Name: "parallel", Default: "root", Doc: "root (a tree a worker, roots summed) or tree (one shared tree, two playouts in flight a worker, virtual loss), which chose better in the same time in docs/agents.md's probes; play and hint use tree with vloss=0"},
	Param{Name: "vloss", Default: "1", Doc: "with parallel=tree, what a playout in flight counts for on its path until it is backed up: 1 a loss, 0 the visit alone"},
	Param{Name: "c", Default: "0.6", Doc: "UCB1 exploration constant"},
	Param{Name: "bias", Default: "1", Doc: "progressive bias towards the prior script's choices, fading with visits (0: none)"},
	Param{Name: "depth", Default: "30", Doc: "decisions a playout makes before the evaluation scores it"},
	Param{Name: "pwk", Default: "2", Doc: "progressive widening: a node with n visits has at most ceil(pwk * n^pwalpha) children"},
	Param{Name: "pwalpha", Default: "0.4", Doc: "progressive widening's exponent, 0 to 1 (see pwk): smaller keeps the search to the prior's first choices longer"},
	Param{Name: "nodes", Default: strconv.Itoa(DefaultMaxNodes), Doc: "the most tree nodes the agent holds, whatever its iters, calls or time: about 140 bytes each on every ruleset (the default, 64 MB of nodes, keeps a search under 256 MB), split between the trees with parallel=root; at most " + strconv.Itoa(MaxMaxNodes) + " (a larger value is taken as that). A full tree stops growing and the search goes on inside it, playouts starting at its leaves, until the budget is spent"},
	Param{Name: "reuse", Default: "true", Doc: "keep the chosen move's subtree for the next decision (moved to the front of the tree's storage, the rest freed for the new search)"},
	Param{Name: "stop", Default: "true", Doc: "stop early once the most visited move cannot be overtaken in the budget left"},
	Param{Name: "propose", Default: "false", Doc: "a node's first children are the choices of the ruleset kit's proposer scripts, then the prior's order"},
	Param{Name: "crn", Default: "false", Doc: "common random numbers: the k-th playout under every root move draws the same dice, so moves are compared on the same luck"},
	Param{Name: "dice", Default: "open", Doc: "open (re-sample the dice under each node) or nodes (a chance node per outcome); open measured stronger"},
	Param{Name: "playout", Default: "the kit's", Doc: "script that plays the playouts: random or one of the ruleset kit's"},
	Param{Name: "prior", Default: "the kit's", Doc: "script whose choice each node tries first: none (a random order, no bias), random or one of the ruleset kit's"},
	Param{Name: "eval", Default: "the kit's", Doc: "evaluation that scores a cut-off playout: none (0) or one of the ruleset kit's"},
	Param{Name: "choose", Default: "visits", Doc: "how the move is chosen from the root's: visits (the most visited) or lcb (the highest mean less its noise)"},
	Param{Name: kitBiasKey, Default: "the kit's", Doc: kitBiasDoc},
	Param{Name: pinKey, Default: "the kit's", Doc: pinDoc},
)

// The spec keys of the kit's action bias: kitbias, and pin, its old name
// from when the only hook was 2 by 2's attacker's pin, still read so that
// the specs of old ladders, records and scripts build the same agent.
const (
	kitBiasKey = "kitbias"
	pinKey     = "pin"
	kitBiasDoc = "weight of the ruleset kit's action bias in the tree's selection, 0 to 1 (0: off): what the kit knows of an action that its evaluation does not see; a ruleset whose kit has no bias pays nothing"
	pinDoc     = "deprecated: the old name of kitbias, read as kitbias (give one of the two)"
)

// newMCTSFromParams builds an MCTS agent from checked spec parameters.
func newMCTSFromParams(params map[string]string, seed uint64) (Agent, error) {
	cfg := DefaultMCTSConfig()
	b, err := parseBudget(params)
	if err != nil {
		return nil, err
	}
	if !b.IsZero() {
		cfg.Budget = b
	}
	if err := intParam(params, "workers", &cfg.Workers); err != nil {
		return nil, err
	}
	if err := intParam(params, "depth", &cfg.PlayoutDepth); err != nil {
		return nil, err
	}
	if v, ok := params["nodes"]; ok {
		// Parsed wide, so that a huge value is clamped rather than
		// refused as not a number.
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) || n == 0 {
			return nil, fmt.Errorf("nodes %q is not a positive whole number", v)
		}
		cfg.MaxNodes = int(min(n, MaxMaxNodes))
	}
	for _, f := range []struct {
		key, want string
		dst       *float64
	}{
		{"c", "a number", &cfg.C}, {"bias", "a number", &cfg.Bias}, {"vloss", "a number between 0 and 1", &cfg.VirtualLoss},
		{"pwk", "a number above 0", &cfg.PWK}, {"pwalpha", "a number between 0 and 1", &cfg.PWAlpha},
	} {
		if v, ok := params[f.key]; ok {
			if *f.dst, err = strconv.ParseFloat(v, 64); err != nil {
				return nil, fmt.Errorf("%s %q is not %s", f.key, v, f.want)
			}
		}
	}
	for _, c := range []struct {
		key, off, on string
		dst          *bool
	}{{"parallel", "root", "tree", &cfg.SharedTree}, {"dice", "open", "nodes", &cfg.ChanceNodes}, {"choose", "visits", "lcb", &cfg.ChooseLCB}} {
		if v, ok := params[c.key]; ok {
			if v != c.off && v != c.on {
				return nil, fmt.Errorf("%s %q is not %s or %s", c.key, v, c.off, c.on)
			}
			*c.dst = v == c.on
		}
	}
	for _, b := range []struct {
		key string
		dst *bool
	}{{"reuse", &cfg.Reuse}, {"stop", &cfg.Stop}, {"propose", &cfg.Propose}, {"crn", &cfg.CommonRandom}} {
		if v, ok := params[b.key]; ok {
			if *b.dst, err = strconv.ParseBool(v); err != nil {
				return nil, fmt.Errorf("%s %q is not true or false", b.key, v)
			}
		}
	}
	kb, hasKB := params[kitBiasKey]
	if old, hasPin := params[pinKey]; hasPin {
		if hasKB {
			return nil, fmt.Errorf("%s is the deprecated name of %s: give one of them", pinKey, kitBiasKey)
		}
		kb, hasKB = old, true
	}
	if hasKB {
		w, err := strconv.ParseFloat(kb, 64)
		if err != nil {
			return nil, fmt.Errorf("%s %q is not a number between 0 and 1", kitBiasKey, kb)
		}
		cfg.KitBias = &w
	}
	stringParam(params, "playout", &cfg.Playout)
	stringParam(params, "prior", &cfg.Prior)
	stringParam(params, "eval", &cfg.Eval)
	return NewMCTS(cfg, seed)
}

// intParam reads a whole-number spec parameter when it is given.
func intParam(params map[string]string, key string, dst *int) error {
	v, ok := params[key]
	if !ok {
		return nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return fmt.Errorf("%s %q is not a whole number", key, v)
	}
	*dst = n
	return nil
}

// stringParam reads a spec parameter when it is given.
func stringParam(params map[string]string, key string, dst *string) {
	if v, ok := params[key]; ok {
		*dst = v
	}
}

// Name is the spec that rebuilds the agent.
func (m *MCTS) Name() string {
	name := "mcts"
	sep := ":"
	add := func(k, v string) { name += sep + k + "=" + v; sep = "," }
	def := DefaultMCTSConfig()
	if b := m.cfg.Budget.String(); b != def.Budget.String() {
		name += sep + b
		sep = ","
	}
	if m.cfg.Workers != 1 {
		add("workers", strconv.Itoa(m.cfg.Workers))
	}
	if m.cfg.MaxNodes != DefaultMaxNodes {
		add("nodes", strconv.Itoa(m.cfg.MaxNodes))
	}
	for _, f := range []struct {
		key      string
		got, def float64
	}{{"c", m.cfg.C, def.C}, {"bias", m.cfg.Bias, def.Bias}, {"pwk", m.cfg.PWK, def.PWK}, {"pwalpha", m.cfg.PWAlpha, def.PWAlpha}} {
		if f.got != f.def {
			add(f.key, strconv.FormatFloat(f.got, 'g', -1, 64))
		}
	}
	if m.cfg.KitBias != nil {
		// Written whatever its value: the default is the kit's, which
		// the spec does not know.
		add(kitBiasKey, strconv.FormatFloat(*m.cfg.KitBias, 'g', -1, 64))
	}
	if m.cfg.PlayoutDepth != def.PlayoutDepth {
		add("depth", strconv.Itoa(m.cfg.PlayoutDepth))
	}
	if !m.cfg.Reuse {
		add("reuse", "false")
	}
	if !m.cfg.Stop {
		add("stop", "false")
	}
	if m.cfg.Propose {
		add("propose", "true")
	}
	if m.cfg.CommonRandom {
		add("crn", "true")
	}
	if m.cfg.SharedTree {
		add("parallel", "tree")
	}
	if m.cfg.VirtualLoss != def.VirtualLoss {
		add("vloss", strconv.FormatFloat(m.cfg.VirtualLoss, 'g', -1, 64))
	}
	if m.cfg.ChanceNodes {
		add("dice", "nodes")
	}
	if m.cfg.ChooseLCB {
		add("choose", "lcb")
	}
	for _, p := range [][3]string{{"playout", m.cfg.Playout, def.Playout}, {"prior", m.cfg.Prior, def.Prior}, {"eval", m.cfg.Eval, def.Eval}} {
		if p[1] != p[2] {
			add(p[0], p[1])
		}
	}
	return name
}
