package agents

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/sourcegraph/conc"
	"github.com/sourcegraph/conc/panics"
	"github.com/sourcegraph/conc/pool"

	"github.com/grognard/grognard/engine"
)

// MCTS is Monte Carlo tree search over the ruleset's actions.
//
// Chance is handled open-loop: a tree node stands for a sequence of the
// players' actions, and every iteration samples fresh dice wherever the
// game rolls, so one node averages over the dice. A node's children are
// the actions available after it; as the dice change what is legal, a
// child is only a candidate on the iterations where its action is legal
// (availability-aware selection). The closed-loop alternative, a chance
// node per dice outcome, is kept as an option (MCTSConfig.ChanceNodes,
// spec dice=nodes) and was measured against open loop in paired games
// (docs/agents.md): it was no stronger, and a 2 by 2 turn rolls many dice
// (every shot, every melee, the reinforcement dice), so chance nodes
// multiply the tree by the outcomes of each, and most of that width never
// gets a second visit. Open loop is the default. With
// MCTSConfig.CommonRandom the k-th visits of the root's actions share
// their dice (common random numbers), so that the actions are compared
// on the same luck.
//
// A turn is decomposed unit by unit where the ruleset offers it
// (twobytwo.State.LegalNext): a node holds one unit's orders, not every
// unit's. Children are added by progressive widening, in the order the
// prior script ranks them, so the doctrine's favourite is tried first,
// and a progressive bias towards that ranking fades as visits come in
// (selectChild). With MCTSConfig.Propose a node's first children are
// the distinct choices of the doctrines and greedy instead (proposal), so
// that a small budget weighs the alternatives that differ most rather
// than the prior's near-ties. A set-up decision is searched among the
// doctrines' own choices (restrictSetUp). Playouts follow the playout
// script for a fixed number of decisions and are cut off by the
// evaluation (a finished game scores its result). Root parallelism: each
// worker grows its own tree, with its own seed, and the roots' statistics
// are summed in worker order; or, with MCTSConfig.SharedTree, the workers
// grow one tree with virtual loss, their playouts backed up in a fixed
// order (thinkShared).
// A tree is kept for the next decision when that decision is the one its
// chosen move led to (consecutive orders of one side). The most visited
// root action is played, or with MCTSConfig.ChooseLCB the one whose mean
// less a standard error is highest. A search stops
// before its budget is spent once its most visited root action leads the
// next by more visits than it has iterations left (MCTSConfig.Stop): the
// rest could not change what it plays. There is no transposition table:
// open-loop nodes stand for action sequences, not positions.
type MCTS struct {
	cfg     MCTSConfig
	seed    uint64
	workers []*mctsWorker
	decided uint64 // decisions made, for the workers' seeds
	// evaluate is the value of a position for side 0 in [-1, 1].
	evaluate Evaluator
	// The pieces of the ruleset the agent was last bound to (bind): its
	// name, the kit's pin hook (nil: no pin), and the names of the
	// scripts and evaluation in use, the kit's defaults filled in.
	bound                    bool
	ruleset                  string
	pins                     func(engine.State, *engine.Action) bool
	prior, playout, eval     string
	setUpNames, proposeNames []string
}

// MCTSConfig holds the search's parameters.
type MCTSConfig struct {
	Budget  Budget
	Workers int
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
	// Pin is what a volley by the attacking side's unpinned infantry
	// costs in the tree, taken from the child's value in the selection
	// (the kit's Pins hook; a ruleset without one pays nothing). For 2 by
	// 2: "if you are on the attack then you should avoid
	// firing as your attack will stall", for a fired volley pins the unit
	// ("the glue of war") and it may not charge next turn. The playouts'
	// scripts already hold such fire; the evaluation does not see the
	// lost charge, so with values close the search fired. 0 turns it off.
	Pin float64
}

// DefaultMCTSConfig is the configuration a plain "mcts" spec builds. Its
// prior, playout and evaluation are left empty: they are the defaults of
// the kit of the ruleset played (Kit.MCTS), and a ruleset with no kit
// needs them named (prior=none,playout=random,eval=none).
func DefaultMCTSConfig() MCTSConfig {
	return MCTSConfig{Budget: Budget{Iterations: 400}, Workers: 1, C: 0.6, Bias: 1, PWK: 2, PWAlpha: 0.4, PlayoutDepth: 30, Reuse: true,
		Stop: true, VirtualLoss: 1, Pin: 0.03}
}

// maxSetUpMemo is the most set-up scripts (Kit.SetUp) whose scoring the
// set-up memo records: a memo holds a fixed array, so a decision
// allocates nothing. A kit with more is searched without the memo.
const maxSetUpMemo = 3

// maxNodes bounds a worker's tree; past it the tree starts afresh.
const maxNodes = 1 << 20

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
		{cfg.Pin >= 0 && cfg.Pin <= 1, "pin", "between 0 and 1", cfg.Pin},
	} {
		if !p.ok {
			return nil, fmt.Errorf("%s must be %s, got %v", p.name, p.want, p.got)
		}
	}
	if cfg.CommonRandom && cfg.ChanceNodes {
		return nil, fmt.Errorf("crn=true shares the dice of open-loop playouts: it cannot be used with dice=nodes")
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
			tree = &mctsTree{nodes: make([]mctsNode, 0, 1024), nextRoot: -1}
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
	for _, d := range []struct {
		dst       *string
		kit, what string
	}{{&prior, "", "prior"}, {&playout, "", "playout"}, {&eval, "", "eval"}} {
		if *d.dst != "" {
			continue
		}
		if k == nil {
			return &MissingKit{Agent: name, Ruleset: rs, Piece: "kit",
				Hint: "mcts's default prior, playout and evaluation come from the ruleset's kit; name generic ones instead: mcts:prior=none,playout=random,eval=none"}
		}
		switch d.what {
		case "prior":
			*d.dst = k.MCTS.Prior
		case "playout":
			*d.dst = k.MCTS.Playout
		case "eval":
			*d.dst = k.MCTS.Eval
		}
		if *d.dst == "" {
			return &MissingKit{Agent: name, Ruleset: rs, Piece: "default " + d.what, Hint: "name one in the spec (" + d.what + "=...)"}
		}
	}
	evaluate, err := k.evaluation(name, rs, eval)
	if err != nil {
		return err
	}
	var setUps, proposers []string
	var pins func(engine.State, *engine.Action) bool
	if k != nil {
		setUps, proposers, pins = k.SetUp, k.Proposers, k.Pins
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
	m.evaluate, m.pins = evaluate, pins
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
	Param{Name: "reuse", Default: "true", Doc: "keep the chosen move's subtree for the next decision"},
	Param{Name: "stop", Default: "true", Doc: "stop early once the most visited move cannot be overtaken in the budget left"},
	Param{Name: "propose", Default: "false", Doc: "a node's first children are the doctrines' and greedy's choices, then the prior's order"},
	Param{Name: "crn", Default: "false", Doc: "common random numbers: the k-th playout under every root move draws the same dice, so moves are compared on the same luck"},
	Param{Name: "dice", Default: "open", Doc: "open (re-sample the dice under each node) or nodes (a chance node per outcome); open measured stronger"},
	Param{Name: "playout", Default: "the kit's", Doc: "script that plays the playouts: random or one of the ruleset kit's (2 by 2: greedy, assault, fireline or reserve; default greedy)"},
	Param{Name: "prior", Default: "the kit's", Doc: "script whose choice each node tries first: none (a random order, no bias), random or one of the kit's (2 by 2 default: assault)"},
	Param{Name: "eval", Default: "the kit's", Doc: "evaluation that scores a cut-off playout: none (0) or one of the kit's (2 by 2: default, the fitted model, or material)"},
	Param{Name: "choose", Default: "visits", Doc: "how the move is chosen from the root's: visits (the most visited) or lcb (the highest mean less its noise)"},
	Param{Name: "pin", Default: "0.03", Doc: "value a volley by the attacker's unpinned infantry pays in the tree for the pin it costs (the attack stalls), 0 to 1 (0: none)"},
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
	for _, f := range []struct {
		key, want string
		dst       *float64
	}{
		{"c", "a number", &cfg.C}, {"bias", "a number", &cfg.Bias}, {"vloss", "a number between 0 and 1", &cfg.VirtualLoss},
		{"pwk", "a number above 0", &cfg.PWK}, {"pwalpha", "a number between 0 and 1", &cfg.PWAlpha},
		{"pin", "a number between 0 and 1", &cfg.Pin},
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
	for _, f := range []struct {
		key      string
		got, def float64
	}{{"c", m.cfg.C, def.C}, {"bias", m.cfg.Bias, def.Bias}, {"pwk", m.cfg.PWK, def.PWK}, {"pwalpha", m.cfg.PWAlpha, def.PWAlpha}, {"pin", m.cfg.Pin, def.Pin}} {
		if f.got != f.def {
			add(f.key, strconv.FormatFloat(f.got, 'g', -1, 64))
		}
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

// mctsNode is one node of a worker's tree, addressed by index.
type mctsNode struct {
	action  engine.Action
	player  engine.Player // who chose action: values are from its view
	first   int32         // first child, -1 if none
	sibling int32         // next child of the parent, -1 if last
	visits  int32
	rank    int32  // children of the parent expanded before this one
	outcome uint64 // a chance node's dice, as Dice.Key (closed loop only)
	// setUp is the index in the tree's setUps of the node's memorised
	// set-up choices, or -1 (see restrictSetUp).
	setUp int32
	value float64 // sum of the backed-up values, from player's view
	// sq is the sum of the values' squares, for the noise of the mean
	// (MCTSConfig.ChooseLCB). Every node keeps it: a reused subtree's
	// root children were deeper nodes of the last search.
	sq float64
}

// mctsTree is a search tree: its nodes, addressed by index, and the
// root the next decision may continue from (tree reuse).
type mctsTree struct {
	nodes []mctsNode
	root  int32
	// reuse: the root the next decision may continue from, and the hash
	// of the state it stands for.
	nextRoot int32
	nextHash uint64
	// setUps and setUpSteps memorise the doctrines' scoring of a set-up
	// node's actions (see restrictSetUp).
	setUps     []setUpMemo
	setUpSteps []ArgmaxStep
}

// setUpMemo is what a set-up node's doctrines made of its actions, for
// the state whose hash it holds: for doctrine k, setUpSteps[start[k]:
// start[k+1]] are the steps of its argmax over the actions (a new best
// or a tie with the best so far), in the order the actions were scored.
// Replaying the steps draws the same tie-breaks from the doctrine's
// generator as scoring every action again would, at the cost of a few
// comparisons instead of hundreds of scorings.
type setUpMemo struct {
	hash  uint64
	start [maxSetUpMemo + 1]int32
}

// mctsWorker runs iterations on a tree: its own (root parallelism) or
// one shared by every worker (MCTSConfig.SharedTree).
type mctsWorker struct {
	m *MCTS
	*mctsTree
	policy Script   // plays the playouts
	prior  Script   // its choice is a node's first child
	setups []Script // the doctrines whose set-up choices the tree holds
	// proposers are the scripts whose choices are a node's first
	// children when MCTSConfig.Propose is set: the doctrines, then greedy.
	proposers []Script
	rng       *rand.Rand
	pcg       rand.PCG
	dice      rand.PCG
	// common is the seed of the decision's common random numbers, the
	// same for every lane of a shared tree (MCTSConfig.CommonRandom).
	common  uint64
	scratch engine.State
	buf     []engine.Action
	untried []engine.Action
	picks   []engine.Action
	path    []int32
	calls   int64
	iters   int
	value   float64 // the last playout's value, for the shared driver
	// A shared tree's lane: done carries the end of its playout, busy
	// says one is in flight, known is calls as last read by the driver.
	done  chan struct{}
	busy  bool
	known int64
}

// legalNext asks the ruleset for its unit-by-unit decomposition when it
// has one.
func legalNext(st engine.State, buf []engine.Action) []engine.Action {
	type decomposer interface {
		LegalNext([]engine.Action) []engine.Action
	}
	if d, ok := st.(decomposer); ok {
		return d.LegalNext(buf)
	}
	return st.Legal(buf)
}

// Choose searches within the budget and plays the most visited action (or
// the best by MCTSConfig.ChooseLCB).
func (m *MCTS) Choose(ctx context.Context, st engine.State, side engine.Player) (engine.Action, error) {
	if err := CheckAlternating(st, side); err != nil {
		return engine.Action{}, fmt.Errorf("agent %s: %w", m.Name(), err)
	}
	if err := m.bind(st); err != nil {
		return engine.Action{}, err
	}
	a, _, err := m.search(ctx, st, false)
	return a, err
}

// ChooseExplained chooses as Choose does and lists the root's actions
// with their visits and mean values for the side to move.
func (m *MCTS) ChooseExplained(ctx context.Context, st engine.State, side engine.Player) (engine.Action, *Explanation, error) {
	if err := CheckAlternating(st, side); err != nil {
		return engine.Action{}, nil, fmt.Errorf("agent %s: %w", m.Name(), err)
	}
	if err := m.bind(st); err != nil {
		return engine.Action{}, nil, err
	}
	return m.search(ctx, st, true)
}

// rootStat gathers one root action's statistics across workers.
type rootStat struct {
	action    engine.Action
	visits    int
	value, sq float64
}

func (m *MCTS) search(ctx context.Context, st engine.State, explain bool) (engine.Action, *Explanation, error) {
	if err := ctx.Err(); err != nil {
		return engine.Action{}, nil, err
	}
	if st.ToMove() < 0 || st.Terminal() {
		return engine.Action{}, nil, fmt.Errorf("mcts agent, %s to move: %w", st.ToMove(), ErrNoLegalAction)
	}
	start := time.Now()
	m.decided++
	if a, ok := m.forced(st); ok {
		if !explain {
			return a, nil, nil
		}
		c := Candidate{Action: a, Text: st.DescribeAction(a)}
		return a, &Explanation{Agent: m.Name(), Player: st.ToMove(), ScoreKind: "mean value", Elapsed: time.Since(start),
			Note: "the only legal action: no search", Chosen: c, Candidates: []Candidate{c}}, nil
	}
	b := m.cfg.Budget
	var deadline time.Time
	if b.Time > 0 {
		deadline = start.Add(b.Time)
	}
	nw := len(m.workers)
	run := func(w int) {
		wk := m.workers[w]
		iters, calls := 0, int64(0)
		if b.Iterations > 0 {
			iters = b.Iterations / nw
			if w < b.Iterations%nw {
				iters++
			}
		}
		if b.Calls > 0 {
			calls = b.Calls / int64(nw)
			if int64(w) < b.Calls%int64(nw) {
				calls++
			}
		}
		wk.think(ctx, st, m.workerSeed(w), iters, calls, deadline)
	}
	switch {
	case m.cfg.SharedTree:
		m.thinkShared(ctx, st, b.Iterations, b.Calls, deadline)
	case nw == 1:
		run(0)
	default:
		p := pool.New().WithMaxGoroutines(nw)
		for w := 0; w < nw; w++ {
			p.Go(func() { run(w) })
		}
		p.Wait()
	}
	if err := ctx.Err(); err != nil {
		return engine.Action{}, nil, err
	}

	iters, calls := 0, int64(0)
	for _, wk := range m.workers {
		iters += wk.iters
		calls += wk.calls
	}
	stats := m.rootStats()
	best := mostVisited(stats)
	if m.cfg.ChooseLCB {
		best = chooseLCB(stats, best)
	}
	var chosen engine.Action
	if best < 0 {
		// No iteration ran (a budget too small for one): the doctrine
		// chooses, as the first expansion would have.
		buf := legalNext(st, nil)
		if len(buf) == 0 {
			return engine.Action{}, nil, fmt.Errorf("mcts agent, %s to move: %w", st.ToMove(), ErrNoLegalAction)
		}
		if pr := m.workers[0].prior; pr != nil {
			chosen = buf[pr.Pick(st, buf)]
		} else {
			chosen = buf[0] // prior=none: the first legal action
		}
	} else {
		chosen = stats[best].action
	}
	if m.cfg.Reuse {
		for _, wk := range m.treeWorkers() {
			wk.prepareReuse(st, chosen)
		}
	}
	if !explain {
		return chosen, nil, nil
	}
	growth := "on a tree each, roots summed"
	if m.cfg.SharedTree {
		growth = fmt.Sprintf("on one shared tree, %d playouts in flight", len(m.workers))
	}
	first := m.prior
	if m.prior == NoPrior {
		first = "no prior: a random order"
	}
	if m.cfg.Propose && len(m.proposeNames) > 0 {
		first = "the choices of " + strings.Join(m.proposeNames, ", ") + ", then " + first + "'s order,"
	}
	setUp := "set-up among the plans of " + strings.Join(m.setUpNames, ", ")
	if len(m.setUpNames) == 0 {
		setUp = "set-up unrestricted (the kit names no set-up scripts)"
	}
	pick := "the most visited move played"
	if m.cfg.ChooseLCB {
		pick = fmt.Sprintf("the move with the highest mean less %g x its standard error played", lcbZ)
	}
	e := &Explanation{Agent: m.Name(), Player: st.ToMove(), ScoreKind: "mean value", Iterations: iters, Calls: calls, Elapsed: time.Since(start),
		Note: fmt.Sprintf("open-loop MCTS, %d worker(s) %s, budget %s, evaluation %s, playouts of %d decisions by the %s script, %s tried first; %s; %s", m.cfg.Workers, growth, m.cfg.Budget, m.eval, m.cfg.PlayoutDepth, m.playout, first, setUp, pick)}
	cs := make([]Candidate, len(stats))
	for k, s := range stats {
		cs[k] = Candidate{Action: s.action, Text: st.DescribeAction(s.action), Visits: s.visits, Score: s.value / math.Max(1, float64(s.visits))}
		if k == best {
			e.Chosen = cs[k]
		}
	}
	if best < 0 {
		e.Chosen = Candidate{Action: chosen, Text: st.DescribeAction(chosen)}
	}
	e.Candidates = RankCandidates(cs)
	return chosen, e, nil
}

// rootStats sums the statistics of the root actions over the trees, in
// worker order so that the choice does not depend on scheduling.
func (m *MCTS) rootStats() []rootStat {
	var stats []rootStat
	for _, wk := range m.treeWorkers() {
		for c := wk.nodes[wk.root].first; c >= 0; c = wk.nodes[c].sibling {
			n := &wk.nodes[c]
			k := 0
			for k < len(stats) && stats[k].action != n.action {
				k++
			}
			if k == len(stats) {
				stats = append(stats, rootStat{action: n.action})
			}
			stats[k].visits += int(n.visits)
			stats[k].value += n.value
			stats[k].sq += n.sq
		}
	}
	return stats
}

// mostVisited is the index in stats of the most visited root action, the
// higher value breaking a tie, or -1 when stats is empty.
func mostVisited(stats []rootStat) int {
	best := -1
	for k := range stats {
		if best < 0 || stats[k].visits > stats[best].visits ||
			stats[k].visits == stats[best].visits && stats[k].value > stats[best].value {
			best = k
		}
	}
	return best
}

// lcbZ is how many standard errors chooseLCB takes from a mean, and
// lcbMinVisits the visits an action needs to be weighed by it.
const (
	lcbZ         = 1.0
	lcbMinVisits = 10
)

// chooseLCB is the index in stats of the root action whose mean value less
// lcbZ standard errors of that mean is highest, among those with
// lcbMinVisits visits or more; dflt when none has that many. A mean
// gained from few visits is discounted by its own noise, so an action
// barely tried does not win on luck.
func chooseLCB(stats []rootStat, dflt int) int {
	best, bestL := dflt, math.Inf(-1)
	for k, s := range stats {
		if s.visits < lcbMinVisits {
			continue
		}
		n := float64(s.visits)
		mean := s.value / n
		variance := max(0, s.sq/n-mean*mean) * n / (n - 1)
		if l := mean - lcbZ*math.Sqrt(variance/n); l > bestL {
			best, bestL = k, l
		}
	}
	return best
}

// forced returns the only legal action of st, when there is one, and
// keeps each worker's tree for the decision after it.
func (m *MCTS) forced(st engine.State) (engine.Action, bool) {
	wk := m.workers[0]
	wk.buf = legalNext(st, wk.buf[:0])
	if len(wk.buf) != 1 {
		return engine.Action{}, false
	}
	a := wk.buf[0]
	for _, w := range m.treeWorkers() {
		if !m.cfg.Reuse || w.nextRoot < 0 || w.nextHash != st.Hash() || w.nextRoot >= int32(len(w.nodes)) {
			w.nextRoot = -1
			continue
		}
		w.root = w.nextRoot
		w.prepareReuse(st, a)
	}
	return a, true
}

// treeWorkers are the workers whose trees are distinct: every worker,
// or the first alone when they share its tree.
func (m *MCTS) treeWorkers() []*mctsWorker {
	if m.cfg.SharedTree {
		return m.workers[:1]
	}
	return m.workers
}

// newNode appends a node and returns its index.
func (t *mctsTree) newNode(a engine.Action, p engine.Player) int32 {
	t.nodes = append(t.nodes, mctsNode{action: a, player: p, first: -1, sibling: -1, setUp: -1})
	return int32(len(t.nodes) - 1)
}

// begin readies the worker for a decision in st: its generators seeded,
// its counts zeroed.
func (w *mctsWorker) begin(st engine.State, seed uint64) {
	w.pcg.Seed(seed, 0x6d637473)
	w.dice.Seed(engine.SplitMix64(seed), diceStream)
	w.common = seed
	if w.rng == nil {
		w.rng = rand.New(&w.pcg)
	}
	if w.scratch == nil {
		w.scratch = st.Clone()
	}
	w.iters, w.calls = 0, 0
}

// plant sets the tree's root for st: the subtree kept from the last
// decision when it stands for st, else a fresh root.
func (t *mctsTree) plant(st engine.State, reuse bool) {
	if !reuse || t.nextRoot < 0 || t.nextHash != st.Hash() || t.nextRoot >= int32(len(t.nodes)) || len(t.nodes) > maxNodes {
		t.nodes = t.nodes[:0]
		t.setUps, t.setUpSteps = t.setUps[:0], t.setUpSteps[:0]
		t.root = t.newNode(engine.Action{}, engine.NoPlayer)
	} else {
		t.root = t.nextRoot
	}
	t.nextRoot = -1
}

// spent reports whether a search that has run done iterations and used
// forward-model calls, started at start, must stop: a budget spent, the
// deadline passed, the context cancelled or, with Stop, the root's choice
// settled. The last two are checked on every 16th tick.
func (t *mctsTree) spent(ctx context.Context, cfg *MCTSConfig, start time.Time, tick, done int, used int64, iters int, calls int64, deadline time.Time) bool {
	if iters > 0 && done >= iters || calls > 0 && used >= calls {
		return true
	}
	if !deadline.IsZero() && !time.Now().Before(deadline) {
		return true
	}
	if tick&15 == 0 && ctx.Err() != nil {
		return true
	}
	return cfg.Stop && !cfg.ChooseLCB && tick&15 == 15 && t.settled(start, done, used, iters, calls, deadline)
}

// think grows the worker's own tree from st until a budget runs out.
func (w *mctsWorker) think(ctx context.Context, st engine.State, seed uint64, iters int, calls int64, deadline time.Time) {
	w.begin(st, seed)
	w.plant(st, w.m.cfg.Reuse)
	start := time.Now()
	for !w.spent(ctx, &w.m.cfg, start, w.iters, w.iters, w.calls, iters, calls, deadline) {
		w.iterate(st)
		w.iters++
	}
}

// thinkShared grows the tree every worker shares from st until a budget
// runs out. Each lane (m.workers: lanesPerWorker a worker, each with its
// own state, scripts, generators and dice) descends to a leaf, marks its
// path with a virtual loss, so that the next lane's descent prefers other
// leaves, and hands its playout to Workers runner goroutines. This
// goroutine takes the lanes back in a fixed cycle: it waits for lane k's
// playout, backs its value up, and sends lane k down again, while the
// runners play the other lanes' playouts. Descents and backups happen in
// one order whatever the scheduling, and a playout depends on its lane
// alone, so the tree, and the choice, do not depend on which goroutine
// ran what. A lane waited for holds up only itself: the runners go on
// with the lanes queued behind it, which a batch that waited for its
// longest playout could not. A playout's panic is raised again here.
func (m *MCTS) thinkShared(ctx context.Context, st engine.State, iters int, calls int64, deadline time.Time) {
	lead := m.workers[0]
	for k, wk := range m.workers {
		wk.begin(st, m.workerSeed(k))
		wk.common = m.workerSeed(0)
		wk.busy, wk.known = false, 0
	}
	lead.plant(st, m.cfg.Reuse)
	var caught panics.Catcher
	work := make(chan *mctsWorker, len(m.workers))
	var runners conc.WaitGroup
	for range m.cfg.Workers {
		runners.Go(func() {
			for wk := range work {
				caught.Try(wk.playoutValue)
				wk.done <- struct{}{}
			}
		})
	}
	start := time.Now()
	done, used, busy, stopped := 0, int64(0), 0, false
	for k := 0; ; k = (k + 1) % len(m.workers) {
		wk := m.workers[k]
		if wk.busy {
			<-wk.done
			wk.busy = false
			busy--
			wk.backup(wk.value, true)
		}
		// A lane's calls are read only while no runner plays it.
		used += wk.calls - wk.known
		wk.known = wk.calls
		if !stopped && (caught.Recovered() != nil || lead.spent(ctx, &m.cfg, start, done, done, used, iters, calls, deadline)) {
			stopped = true
		}
		if !stopped {
			done++
			wk.iters++
			if wk.descend(st) {
				wk.addVirtualLoss()
				wk.busy = true
				busy++
				work <- wk
			}
		}
		if stopped && busy == 0 {
			break
		}
	}
	close(work)
	runners.Wait()
	caught.Repanic()
}

// workerSeed is the seed of worker k for the current decision.
func (m *MCTS) workerSeed(k int) uint64 {
	return engine.SplitMix64(m.seed ^ m.decided*0x2545f4914f6cdd1d ^ uint64(k))
}

// settled reports whether the root's most visited action leads the next
// by more visits than the iterations left: as the most visited action is
// played, no later iteration could change the choice. An iteration
// budget says exactly what is left; for a forward-model-call or time
// budget it is estimated from the rate so far, doubled to be safe, so
// the search stops only when the lead is beyond doubt.
func (t *mctsTree) settled(start time.Time, done int, used int64, iters int, calls int64, deadline time.Time) bool {
	left := math.MaxInt
	if iters > 0 {
		left = iters - done
	}
	if calls > 0 && used > 0 {
		left = min(left, int(2*float64(calls-used)*float64(done)/float64(used))+1)
	}
	if !deadline.IsZero() {
		if el := time.Since(start); el > 0 {
			left = min(left, int(2*float64(done)*float64(time.Until(deadline))/float64(el))+1)
		}
	}
	if left == math.MaxInt {
		return false
	}
	first, second := int32(0), int32(0)
	for c := t.nodes[t.root].first; c >= 0; c = t.nodes[c].sibling {
		switch v := t.nodes[c].visits; {
		case v > first:
			first, second = v, first
		case v > second:
			second = v
		}
	}
	return int(first-second) > left
}

// rollChance applies dice while chance is to move.
func (w *mctsWorker) rollChance() {
	for !w.scratch.Terminal() && w.scratch.ToMove() == engine.Chance {
		if err := w.scratch.ApplyDice(engine.RollWith(&w.dice, w.scratch.PendingRoll())); err != nil {
			return
		}
		w.calls++
	}
}

// iterate runs one selection, expansion, playout and backup.
func (w *mctsWorker) iterate(root engine.State) {
	if w.descend(root) {
		w.backup(w.playout(), false)
	}
}

// lanesPerWorker is the number of playouts a worker of a shared tree has
// in flight: more lanes keep the runners busy while the driver waits for
// a long playout, fewer keep the tree's statistics fresher. Two ran 1.9
// and 2.0 times one worker's iterations a second (opening, crowded);
// three and four no more, one 1.5 and 1.8 times.
const lanesPerWorker = 2

// descend selects from the root and expands one node, leaving w.scratch
// at the new leaf and the nodes passed in w.path; it reports false when
// the iteration must be abandoned (dice or an action refused).
func (w *mctsWorker) descend(root engine.State) bool {
	cfg := &w.m.cfg
	w.scratch.CopyFrom(root)
	w.path = append(w.path[:0], w.root)
	n := w.root
	expanded := false
	for !expanded {
		if cfg.ChanceNodes {
			if w.scratch.Terminal() {
				break
			}
			if w.scratch.ToMove() == engine.Chance {
				if n = w.chanceStep(n); n < 0 {
					return false
				}
				w.path = append(w.path, n)
				continue
			}
		} else {
			w.rollChance()
		}
		if w.scratch.Terminal() {
			break
		}
		mover := w.scratch.ToMove()
		if !w.recallSetUp(n) {
			w.buf = legalNext(w.scratch, w.buf[:0])
			if len(w.buf) == 0 {
				break
			}
			w.restrictSetUp(n)
		}
		node := &w.nodes[n]
		// Which legal actions have children, and how many children are
		// available now.
		w.untried = w.untried[:0]
		avail := 0
		for _, a := range w.buf {
			if w.childWith(n, a) >= 0 {
				avail++
			} else {
				w.untried = append(w.untried, a)
			}
		}
		allowed := int(math.Ceil(cfg.PWK * math.Pow(float64(node.visits+1), cfg.PWAlpha)))
		var next int32
		if len(w.untried) > 0 && (avail < allowed || avail == 0) {
			a, ok := engine.Action{}, false
			if cfg.Propose && avail < len(w.proposers) {
				a, ok = w.proposal()
			}
			if !ok {
				if w.prior != nil {
					a = w.untried[w.prior.Pick(w.scratch, w.untried)]
				} else {
					a = w.untried[w.rng.IntN(len(w.untried))] // prior=none
				}
			}
			next = w.newNode(a, mover)
			w.nodes[next].rank = int32(avail)
			node = &w.nodes[n] // the append may have moved the slice
			w.nodes[next].sibling = node.first
			node.first = next
			expanded = true
		} else {
			next = w.selectChild(n)
		}
		if n == w.root && cfg.CommonRandom { // NewMCTS refuses it with chance nodes
			w.commonStream(w.nodes[next].visits)
		}
		if err := w.scratch.Apply(w.nodes[next].action); err != nil {
			// Only legal actions are offered; a refusal is a rules bug.
			// Score nothing and leave this iteration.
			return false
		}
		w.calls++
		w.path = append(w.path, next)
		n = next
	}
	return true
}

// commonStream draws the rest of the iteration's dice and playout
// tie-breaks from the stream of a root action's k-th visit, the same
// stream for every root action (MCTSConfig.CommonRandom).
func (w *mctsWorker) commonStream(k int32) {
	s := w.commonSeed(k)
	w.dice.Seed(s, diceStream)
	w.policy.Reseed(engine.SplitMix64(s))
}

// commonSeed is the seed of the dice of a root action's k-th visit.
func (w *mctsWorker) commonSeed(k int32) uint64 {
	return engine.SplitMix64(engine.SplitMix64(w.common) + uint64(k))
}

// diceStream is the stream (PCG increment) of a worker's dice.
const diceStream = 0x64696365

// addVirtualLoss counts a visit and a virtual loss (MCTSConfig.VirtualLoss)
// on every node of w.path, for the playout still to come (see thinkShared).
func (w *mctsWorker) addVirtualLoss() {
	loss := w.m.cfg.VirtualLoss
	for _, k := range w.path {
		w.nodes[k].visits++
		w.nodes[k].value -= loss
	}
}

// backup adds the value v for side 0 to the nodes of w.path, each from
// its player's view; virtual says the path holds a virtual loss to take
// back instead of counting the visit again.
func (w *mctsWorker) backup(v float64, virtual bool) {
	loss := w.m.cfg.VirtualLoss
	for _, k := range w.path {
		nd := &w.nodes[k]
		pv := v
		if nd.player == 1 {
			pv = -v
		}
		if virtual {
			nd.value += pv + loss
		} else {
			nd.visits++
			nd.value += pv
		}
		nd.sq += pv * pv
	}
}

// playoutValue runs a playout from w.scratch and keeps its value in
// w.value, for a helper goroutine of thinkShared.
func (w *mctsWorker) playoutValue() { w.value = w.playout() }

// proposal is the first proposer's choice among the legal actions in
// w.buf that has no child yet (one of w.untried), proposers taken in the
// order assault, fireline, reserve, greedy. The scripts disagree where
// the decision matters, so their choices are the alternatives worth the
// first visits; the prior's ranking follows.
func (w *mctsWorker) proposal() (engine.Action, bool) {
	for _, sc := range w.proposers {
		a := w.buf[sc.Pick(w.scratch, w.buf)]
		for _, u := range w.untried {
			if u == a {
				return a, true
			}
		}
	}
	return engine.Action{}, false
}

// restrictSetUp narrows a set-up decision's actions in w.buf to those the
// doctrines would choose: a set-up offers hundreds of placements, most of
// them poor, and the issue asks the tree to weigh at least the doctrines'
// set-up plans. The doctrines' picks are kept in w.buf in doctrine order,
// without repeats.
//
// Scoring the hundreds of placements three times over on every descent
// through a set-up node took four fifths of a deployment decision's
// time, in the serial descent of a shared tree (1.2 s of 1.4 s for 1,600
// iterations). So node n's scoring is memorised as the steps of each
// doctrine's argmax (setUpMemo), and recallSetUp replays them when the
// search comes back to n in the same state: the same tie-breaks are
// drawn from the same generators, so the search is the same, only
// faster.
func (w *mctsWorker) restrictSetUp(n int32) {
	type setter interface{ SettingUp() bool }
	if s, ok := w.scratch.(setter); !ok || !s.SettingUp() || len(w.buf) <= 1 {
		return
	}
	if w.memoriseSetUp(n) {
		w.recallSetUp(n)
		return
	}
	w.picks = w.picks[:0]
	for _, sc := range w.setups {
		w.addPick(w.buf[sc.Pick(w.scratch, w.buf)])
	}
	w.buf = append(w.buf[:0], w.picks...)
}

// addPick adds a to w.picks unless it is there already.
func (w *mctsWorker) addPick(a engine.Action) {
	for _, b := range w.picks {
		if b == a {
			return
		}
	}
	w.picks = append(w.picks, a)
}

// memoriseSetUp scores the set-up actions in w.buf by each doctrine as
// its pick would, and records the steps of each argmax for node n. It
// reports false, recording nothing, when a doctrine cannot record its pick
// (stepScript) for this state; their picks are then called as they are.
func (w *mctsWorker) memoriseSetUp(n int32) bool {
	if w.m.cfg.noSetUpMemo || len(w.setups) > maxSetUpMemo {
		return false
	}
	for _, sc := range w.setups {
		if _, ok := sc.(StepScript); !ok {
			return false
		}
	}
	memo := setUpMemo{hash: w.scratch.Hash()}
	mark := len(w.setUpSteps)
	for k, sc := range w.setups {
		memo.start[k] = int32(len(w.setUpSteps))
		var ok bool
		if w.setUpSteps, ok = sc.(StepScript).ArgmaxSteps(w.scratch, w.buf, w.setUpSteps); !ok {
			w.setUpSteps = w.setUpSteps[:mark]
			return false
		}
	}
	memo.start[len(w.setups)] = int32(len(w.setUpSteps))
	w.nodes[n].setUp = int32(len(w.setUps))
	w.setUps = append(w.setUps, memo)
	return true
}

// recallSetUp replays node n's memorised set-up choices into w.buf, each
// doctrine drawing its tie-breaks as its pick would, and reports whether
// there was a memo for the current state.
func (w *mctsWorker) recallSetUp(n int32) bool {
	k := w.nodes[n].setUp
	if k < 0 {
		return false
	}
	memo := &w.setUps[k]
	if memo.hash != w.scratch.Hash() {
		return false
	}
	w.picks = w.picks[:0]
	for d, sc := range w.setups {
		rng := sc.(StepScript).TieRNG()
		best, ties := 0, 0
		steps := w.setUpSteps[memo.start[d]:memo.start[d+1]]
		for i := range steps {
			if !steps[i].Tie {
				best, ties = i, 1
				continue
			}
			ties++
			if rng.IntN(ties) == 0 {
				best = i
			}
		}
		w.addPick(steps[best].Action)
	}
	w.buf = append(w.buf[:0], w.picks...)
	return true
}

// chanceStep rolls the pending dice and follows (or adds) n's child for
// that outcome: a chance node of the closed-loop variant. It returns the
// child, or -1 if the dice were refused.
func (w *mctsWorker) chanceStep(n int32) int32 {
	d := engine.RollWith(&w.dice, w.scratch.PendingRoll())
	if w.scratch.ApplyDice(d) != nil {
		return -1
	}
	w.calls++
	key := d.Key()
	for c := w.nodes[n].first; c >= 0; c = w.nodes[c].sibling {
		if w.nodes[c].player == engine.Chance && w.nodes[c].outcome == key {
			return c
		}
	}
	c := w.newNode(engine.Action{}, engine.Chance)
	w.nodes[c].outcome = key
	w.nodes[c].sibling = w.nodes[n].first
	w.nodes[n].first = c
	return c
}

// childWith is n's child for action a, or -1.
func (w *mctsWorker) childWith(n int32, a engine.Action) int32 {
	for c := w.nodes[n].first; c >= 0; c = w.nodes[c].sibling {
		if w.nodes[c].action == a && w.nodes[c].player != engine.Chance {
			return c
		}
	}
	return -1
}

// selectChild picks by UCB1 among n's children legal in the current
// state (those whose action is in w.buf), with a progressive bias towards
// the prior's ranking: the child the prior script chose first gets
// Bias/sqrt(visits+1) more, the next half that, and so on. The bias
// fades as visits come in, so the search departs from the doctrine only
// where its statistics say the departure is better by more than the
// noise of the dice.
//
// A volley that pins the attacker's infantry pays Pin (the kit's Pins
// hook) for as long as it is searched: the value of the lost charge the
// evaluation does not see.
func (w *mctsWorker) selectChild(n int32) int32 {
	c, bias, pin, pins := w.m.cfg.C, w.m.cfg.Bias, w.m.cfg.Pin, w.m.pins
	if w.prior == nil {
		bias = 0 // prior=none: the ranks are a random order
	}
	logN := math.Log(float64(w.nodes[n].visits + 1))
	best, bestU := int32(-1), math.Inf(-1)
	for k := w.nodes[n].first; k >= 0; k = w.nodes[k].sibling {
		nd := &w.nodes[k]
		if !w.legalNow(nd.action) {
			continue
		}
		u := math.Inf(1)
		if nd.visits > 0 {
			v := float64(nd.visits)
			u = nd.value/v + c*math.Sqrt(logN/v) + bias/(float64(nd.rank+1)*math.Sqrt(v+1))
			if pin > 0 && pins != nil && pins(w.scratch, &nd.action) {
				u -= pin
			}
		}
		if u > bestU {
			best, bestU = k, u
		}
	}
	return best
}

// legalNow reports whether a is among the actions of the current state.
func (w *mctsWorker) legalNow(a engine.Action) bool {
	for i := range w.buf {
		if w.buf[i] == a {
			return true
		}
	}
	return false
}

// playout follows the doctrine for up to PlayoutDepth decisions and
// returns the value for side 0: the result of a finished game, else the
// evaluation.
func (w *mctsWorker) playout() float64 {
	for d := 0; d < w.m.cfg.PlayoutDepth; d++ {
		w.rollChance()
		if w.scratch.Terminal() {
			break
		}
		w.buf = legalNext(w.scratch, w.buf[:0])
		if len(w.buf) == 0 {
			break
		}
		if err := w.scratch.Apply(w.buf[w.policy.Pick(w.scratch, w.buf)]); err != nil {
			break
		}
		w.calls++
	}
	w.rollChance()
	if w.scratch.Terminal() {
		return 2*w.scratch.Result().Score(0) - 1
	}
	return w.m.evaluate(w.scratch)
}

// prepareReuse remembers the chosen action's subtree and the state it
// leads to, so the next decision can continue from it.
func (w *mctsWorker) prepareReuse(st engine.State, chosen engine.Action) {
	w.nextRoot = -1
	if len(w.nodes) == 0 {
		return
	}
	c := w.childWith(w.root, chosen)
	if c < 0 {
		return
	}
	w.scratch.CopyFrom(st)
	if w.scratch.Apply(chosen) != nil || w.scratch.Terminal() || w.scratch.ToMove() == engine.Chance {
		return
	}
	w.nextRoot, w.nextHash = c, w.scratch.Hash()
}
