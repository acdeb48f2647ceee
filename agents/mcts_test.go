package agents

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/grognard/grognard/agents/agenttest"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest"
	"github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/engine/twobytwo/twobytwotest"
	"github.com/grognard/grognard/internal/testenv"
)

// positionAfter plays the standard scenario with random actions and dice
// from seed for steps steps (stopping early at a decision the game ends
// after) and returns a state where a side is to move.
func positionAfter(t testing.TB, seed uint64, steps int) *twobytwo.State {
	t.Helper()
	st, err := twobytwo.NewGame(twobytwo.DefaultScenario, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 11))
	dice := engine.NewRandomDice(seed)
	roll := func(s *twobytwo.State) {
		for s.ToMove() == engine.Chance && !s.Terminal() {
			d, _ := dice.Roll(s.PendingRoll())
			if err := s.ApplyDice(d); err != nil {
				t.Fatal(err)
			}
		}
	}
	roll(st)
	var buf []engine.Action
	for k := 0; k < steps; k++ {
		buf = st.Legal(buf[:0])
		next := st.Clone().(*twobytwo.State)
		if err := next.Apply(buf[rng.IntN(len(buf))]); err != nil {
			t.Fatal(err)
		}
		roll(next)
		if next.Terminal() {
			break
		}
		st = next
	}
	return st
}

// openingPosition is the standard scenario at the start of turn 1.
func openingPosition(t testing.TB, seed uint64) *twobytwo.State {
	t.Helper()
	st := positionAfter(t, seed, 0)
	rng := rand.New(rand.NewPCG(seed, 12))
	dice := engine.NewRandomDice(seed)
	var buf []engine.Action
	for st.Turn() == 0 {
		if st.ToMove() == engine.Chance {
			d, _ := dice.Roll(st.PendingRoll())
			_ = st.ApplyDice(d)
			continue
		}
		buf = st.Legal(buf[:0])
		if err := st.Apply(buf[rng.IntN(len(buf))]); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

// crowdedPosition is a mid-game movement phase with many units on the
// table: the first one a seeded random game reaches after step 150.
func crowdedPosition(t testing.TB) *twobytwo.State {
	t.Helper()
	crowdedOnce.Do(func() {
		for seed := uint64(1); seed < 50 && crowded == nil; seed++ {
			st := positionAfter(t, seed, 150)
			rng := rand.New(rand.NewPCG(seed, 13))
			dice := engine.NewRandomDice(seed)
			var buf []engine.Action
			for k := 0; k < 150 && !st.Terminal(); k++ {
				if st.ToMove() == engine.Chance {
					d, _ := dice.Roll(st.PendingRoll())
					_ = st.ApplyDice(d)
					continue
				}
				on := 0
				for i := 0; i < st.NumUnits(); i++ {
					if st.U[i].Loc == twobytwo.LocTable {
						on++
					}
				}
				if st.PhaseName() == "movement" && on >= 24 {
					crowded = st.Clone().(*twobytwo.State)
					return
				}
				buf = st.Legal(buf[:0])
				_ = st.Apply(buf[rng.IntN(len(buf))])
			}
		}
	})
	if crowded == nil {
		t.Fatal("no crowded movement position found")
	}
	return crowded.Clone().(*twobytwo.State)
}

var (
	crowdedOnce sync.Once
	crowded     *twobytwo.State
)

// mustMCTS is mustAgent for an MCTS spec, bound to the 2 by 2 kit
// already, as its first decision would bind it, so that a test may set
// its workers' pieces.
func mustMCTS(t testing.TB, spec string, seed uint64) *MCTS {
	t.Helper()
	m := mustAgent(t, spec, seed).(*MCTS)
	if err := m.bindTo(twobytwo.Name); err != nil {
		t.Fatal(err)
	}
	return m
}

// legalContains reports whether a is one of st's legal actions.
func legalContains(st engine.State, a engine.Action) bool {
	for _, b := range st.Legal(nil) {
		if a == b {
			return true
		}
	}
	return false
}

// searchPositions are varied positions for the searches' tests: the
// opening, two mid-game positions and a crowded one.
func searchPositions(t *testing.T) []*twobytwo.State {
	return []*twobytwo.State{openingPosition(t, 3), positionAfter(t, 5, 120), positionAfter(t, 8, 300), crowdedPosition(t)}
}

// chooseTwice has two fresh agents of spec with the same seed choose in
// position k, explained then not, and checks they agree on a legal
// action; it returns the action and the explanation.
func chooseTwice(t *testing.T, spec string, k int, st *twobytwo.State) (engine.Action, *Explanation) {
	t.Helper()
	a1, e1, err := mustAgent(t, spec, 7).(Explainer).ChooseExplained(context.Background(), st, st.ToMove())
	if err != nil {
		t.Fatalf("%s position %d: %v", spec, k, err)
	}
	a2, err := mustAgent(t, spec, 7).Choose(context.Background(), st, st.ToMove())
	if err != nil {
		t.Fatal(err)
	}
	if a1 != a2 {
		t.Errorf("%s position %d: %s then %s with the same seed", spec, k, st.DescribeAction(a1), st.DescribeAction(a2))
	}
	if !legalContains(st, a1) {
		t.Errorf("%s position %d: illegal choice %s", spec, k, st.DescribeAction(a1))
	}
	return a1, e1
}

// TestMCTSLegalDeterministicExplained: on varied positions the choice is
// legal, the same for the same seed and iteration budget (with one or two
// workers, and on a shared tree with and without virtual loss, as play and
// hint search), and explained with the chosen action's visits.
func TestMCTSLegalDeterministicExplained(t *testing.T) {
	for _, spec := range []string{"mcts:iters=60", "mcts:iters=60,workers=2", "mcts:iters=60,workers=2,parallel=tree,propose=true", "mcts:calls=3000,reuse=false", "mcts:iters=60,dice=nodes", "mcts:iters=60,crn=true", "mcts:iters=60,workers=2,parallel=tree,crn=true", "mcts:iters=60,workers=2,parallel=tree,vloss=0", "mcts:iters=60,choose=lcb"} {
		for k, st := range searchPositions(t) {
			a1, e1 := chooseTwice(t, spec, k, st)
			if len(st.LegalNext(nil)) == 1 {
				if e1.Chosen.Action != a1 || e1.Iterations != 0 || !strings.Contains(e1.Note, "only legal action") {
					t.Errorf("%s position %d: a forced move was searched or badly explained: %+v", spec, k, e1)
				}
				continue
			}
			if e1.Chosen.Action != a1 || e1.Chosen.Visits == 0 || len(e1.Candidates) == 0 || e1.Iterations == 0 || e1.Calls == 0 {
				t.Errorf("%s position %d: thin explanation %+v", spec, k, e1)
			}
			if strings.HasPrefix(spec, "mcts:iters=") && e1.Iterations != 60 {
				// The search stops short of its budget only once the
				// choice cannot change (stop=true, the default): the
				// chosen action leads the next by more than the
				// iterations left (on one tree; on two, it leads).
				lead := e1.Chosen.Visits
				for _, c := range e1.Candidates {
					if c.Action != e1.Chosen.Action {
						lead = min(lead, e1.Chosen.Visits-c.Visits)
					}
				}
				want := 60 - e1.Iterations
				if strings.Contains(spec, "workers=2") {
					want = 0
				}
				if e1.Iterations > 60 || lead <= want {
					t.Errorf("%s position %d: %d iterations, the choice leading by %d visits: want 60, or fewer once the choice cannot change", spec, k, e1.Iterations, lead)
				}
			}
			if strings.HasPrefix(spec, "mcts:calls=") && (e1.Calls < 3000 || e1.Calls > 3000+200) {
				t.Errorf("%s: %d calls, want 3000 and at most one iteration's worth more", spec, e1.Calls)
			}
			if !strings.Contains(e1.String(), "visits") {
				t.Errorf("explanation text: %s", e1)
			}
			if _, err := json.Marshal(e1); err != nil {
				t.Errorf("explanation JSON: %v", err)
			}
		}
	}
}

// TestMCTSPlaysWholeGames: whole games against greedy end, every choice
// legal (twobytwotest.PlayOn checks), the same seeds giving the same game.
func TestMCTSPlaysWholeGames(t *testing.T) {
	if enginetest.RaceEnabled {
		t.Skip("slow under -race")
	}
	twobytwotest.CheckSameGame(t, New, "standard", [2]string{"mcts:iters=20", "greedy"}, [3]uint64{4, 5, 6})
}

// TestMCTSTimeBudget: with a wall-time budget the search stops about
// when told. The overrun is measured precisely in TestMCTSTimeOverrun
// (GROGNARD_LONG); here only a gross failure to stop is caught.
func TestMCTSTimeBudget(t *testing.T) {
	st := crowdedPosition(t)
	m := mustMCTS(t, "mcts:time=50ms", 1)
	start := time.Now()
	if _, err := m.Choose(context.Background(), st, st.ToMove()); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 500*time.Millisecond {
		t.Errorf("a 50ms search took %v", d)
	}
}

// TestTimeOverrun measures the wall-time overrun of the searching agents
// over 20 decisions of 200 ms in a crowded position: the median must stay
// under 10%.
//
//	GROGNARD_LONG=1 go test -run TestTimeOverrun -v ./agents/
func TestTimeOverrun(t *testing.T) {
	testenv.Long(t)
	st := crowdedPosition(t)
	for _, spec := range []string{"mcts:time=200ms,reuse=false,stop=false", "mcts:time=200ms,reuse=false,stop=false,workers=2", "mcts:time=200ms,reuse=false,stop=false,workers=2,parallel=tree", "portfolio:time=200ms"} {
		m := mustAgent(t, spec, 1)
		var over []float64
		for range 20 {
			start := time.Now()
			if _, err := m.Choose(context.Background(), st, st.ToMove()); err != nil {
				t.Fatal(err)
			}
			over = append(over, float64(time.Since(start))/float64(200*time.Millisecond)-1)
		}
		sort.Float64s(over)
		t.Logf("%s: overrun median %.1f%%, worst %.1f%%", spec, 100*over[len(over)/2], 100*over[len(over)-1])
		if over[len(over)/2] > 0.10 {
			t.Errorf("%s: median overrun %.1f%%", spec, 100*over[len(over)/2])
		}
	}
}

// TestMCTSReusesTree: after a move of its own with no dice between, the
// next search continues from the chosen subtree.
func TestMCTSReusesTree(t *testing.T) {
	st := openingPosition(t, 3)
	m := mustMCTS(t, "mcts:iters=200", 2)
	a, err := m.Choose(context.Background(), st, st.ToMove())
	if err != nil {
		t.Fatal(err)
	}
	w := m.workers[0]
	if w.nextRoot < 0 {
		t.Skip("the chosen move led to dice: nothing to reuse")
	}
	kept := w.nodes[w.nextRoot].visits
	next := st.Clone()
	if err := next.Apply(a); err != nil {
		t.Fatal(err)
	}
	if _, e, err := m.ChooseExplained(context.Background(), next, next.ToMove()); err != nil || e == nil {
		t.Fatal(err)
	}
	if w.nodes[w.root].visits < kept+200 {
		t.Errorf("the new root has %d visits; it kept %d and should have 200 more", w.nodes[w.root].visits, kept)
	}
}

// benchPositions are the positions the MCTS benchmarks search: the
// standard scenario's opening and a crowded mid-game position.
var benchPositions = []struct {
	name string
	st   func(testing.TB) *twobytwo.State
}{{"opening", func(t testing.TB) *twobytwo.State { return openingPosition(t, 3) }}, {"crowded", crowdedPosition}}

// benchMCTSDecisions searches st again and again with the MCTS agent the
// spec's parameters give, with tree reuse and early stopping off so that
// every decision runs its whole budget from the same root.
func benchMCTSDecisions(b *testing.B, st *twobytwo.State, spec string) {
	agenttest.BenchDecisions(b, mustMCTS(b, "mcts:reuse=false,stop=false,"+spec, 1), st)
}

// BenchmarkMCTSIterations reports iterations per second from the opening
// and from a crowded mid-game position with 1 and 2 workers, and the
// allocations per iteration. The depth-0 runs (evaluation only, no
// playout) give the share of an iteration spent outside the playout.
func BenchmarkMCTSIterations(b *testing.B) {
	const iters = 200
	for _, pos := range benchPositions {
		st := pos.st(b)
		for _, spec := range []string{"workers=1", "workers=2", "workers=2,parallel=tree", "workers=1,depth=0", "workers=1,crn=true"} {
			b.Run(pos.name+"/"+spec, func(b *testing.B) {
				benchMCTSDecisions(b, st, fmt.Sprintf("iters=%d,%s", iters, spec))
				b.ReportMetric(float64(b.N*iters)/b.Elapsed().Seconds(), "iters/s")
			})
		}
	}
}

// BenchmarkMCTSWorkerBudgets times one decision of one worker and of two
// workers on a shared tree at the budget pairs the two-worker strength runs
// play, so that the iterations two workers run in one worker's time are read
// off the ns/op column at those budgets, where a decision's fixed costs
// (the root's orders, the lanes' states) weigh more than in the 200-iteration
// searches of BenchmarkMCTSIterations. The last three time the play and
// hint default (1,600 iterations, two workers on a shared tree) beside one
// worker and root parallelism at the same budget.
func BenchmarkMCTSWorkerBudgets(b *testing.B) {
	for _, pos := range benchPositions {
		st := pos.st(b)
		for _, spec := range []string{"iters=25", "iters=48,workers=2,parallel=tree,vloss=0", "iters=100", "iters=190,workers=2,parallel=tree,vloss=0", "iters=400", "iters=760,workers=2,parallel=tree,vloss=0", "iters=1600", "iters=1600,workers=2", "iters=1600,workers=2,parallel=tree,vloss=0"} {
			b.Run(pos.name+"/"+spec, func(b *testing.B) { benchMCTSDecisions(b, st, spec) })
		}
	}
}

// TestMCTSDepartureProbe shows, for the movement decisions of one doctrine
// game, how often MCTS keeps its prior script's order and how well six
// seeds agree on its choice at growing iteration budgets: a search that
// never departs from the prior plays the doctrine, and one whose seeds
// disagree is choosing by the noise of the dice. It is a tuning probe:
//
//	GROGNARD_PROBE=1 go test ./agents/ -run TestMCTSDepartureProbe -v -timeout 30m
//
// GROGNARD_SPEC (default "mcts") and GROGNARD_ITERS (default
// "100,400,1600,6400") choose the search and the budgets.
func TestMCTSDepartureProbe(t *testing.T) {
	if os.Getenv("GROGNARD_PROBE") == "" {
		t.Skip("set GROGNARD_PROBE=1")
	}
	spec := agenttest.EnvOr("GROGNARD_SPEC", "mcts")
	if !strings.Contains(spec, ":") {
		spec += ":"
	} else {
		spec += ","
	}
	budgets := envBudgets(t, 100, 400, 1600, 6400)
	ctx := context.Background()
	positions := departurePositions(t)
	var buf []engine.Action
	const seeds = 6
	kept, agreed := make([]int, len(budgets)), make([]int, len(budgets))
	for pi, p := range positions {
		prior, _ := newScript("assault", 1)
		buf = legalNext(p, buf[:0])
		priorChoice := buf[prior.Pick(p, buf)]
		line := fmt.Sprintf("position %2d (turn %d, %2d orders)", pi, p.Turn(), len(buf))
		for bi, iters := range budgets {
			var chosen []engine.Action
			same, mode := 0, 0
			for s := uint64(0); s < seeds; s++ {
				a, err := mustMCTS(t, spec+"iters="+strconv.Itoa(iters), 100+s).Choose(ctx, p.Clone(), p.ToMove())
				if err != nil {
					t.Fatal(err)
				}
				if a == priorChoice {
					same++
				}
				chosen = append(chosen, a)
				n := 0
				for _, b := range chosen {
					if b == a {
						n++
					}
				}
				mode = max(mode, n)
			}
			kept[bi] += same
			agreed[bi] += mode
			line += fmt.Sprintf(" | %d: prior %d/%d, agree %d/%d", iters, same, seeds, mode, seeds)
		}
		t.Log(line)
	}
	for bi, iters := range budgets {
		t.Logf("%s%d iterations: the prior's order in %d of %d searches; the most chosen order in %d of %d",
			spec, iters, kept[bi], seeds*len(positions), agreed[bi], seeds*len(positions))
	}
}

// envBudgets are the iteration budgets a probe searches with: those of
// GROGNARD_ITERS (comma-separated) when it is set, else dflt.
func envBudgets(t *testing.T, dflt ...int) []int {
	t.Helper()
	v := os.Getenv("GROGNARD_ITERS")
	if v == "" {
		return dflt
	}
	var budgets []int
	for _, f := range strings.Split(v, ",") {
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 {
			t.Fatalf("GROGNARD_ITERS: %q is not a positive whole number", f)
		}
		budgets = append(budgets, n)
	}
	return budgets
}

// departurePositions are the positions of the departure and noise
// probes: even turns' movement decisions with six or more orders, from an
// assault-against-assault game of the standard scenario.
func departurePositions(t testing.TB) []*twobytwo.State {
	t.Helper()
	st, err := twobytwo.NewGame(twobytwo.DefaultScenario, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	players := [2]Agent{mustAgent(t, "heuristic:doctrine=assault", 1), mustAgent(t, "heuristic:doctrine=assault", 2)}
	var buf []engine.Action
	return gamePositions(t, st, players, engine.NewRandomDice(7), nil, 12, func(st *twobytwo.State) bool {
		buf = legalNext(st, buf[:0])
		return st.PhaseName() == "movement" && len(buf) >= 6 && st.Turn() >= 2 && st.Turn()%2 == 0
	})
}

// TestMCTSRegretProbe measures how good searches' choices are by a much
// larger search's judgement: over positions from doctrine games (assault
// against fireline on the strength runs' tables), a reference search
// values each root action it tried at least 20 times; each search of
// GROGNARD_SPECS (any agents, separated by ";") chooses with several seeds, and the
// probe prints its mean regret (the reference's best value less that of
// the choice; an action the reference hardly tried counts as its worst)
// and how often it chose what the reference played (its most visited
// action, which need not have the best mean). It is a tuning probe,
// minutes to an hour of a core:
//
//	GROGNARD_PROBE=1 go test ./agents/ -run TestMCTSRegretProbe -v -timeout 3h
//
// GROGNARD_REF (default "mcts:propose=true,iters=12800"),
// GROGNARD_POSITIONS (60) and GROGNARD_REPS (8 seeds a search) set the rest.
func TestMCTSRegretProbe(t *testing.T) {
	if os.Getenv("GROGNARD_PROBE") == "" {
		t.Skip("set GROGNARD_PROBE=1")
	}
	specs := strings.Split(agenttest.EnvOr("GROGNARD_SPECS", "mcts:propose=true,iters=400;mcts:propose=true,iters=760;mcts:propose=true,iters=760,workers=2,parallel=tree"), ";")
	ref := agenttest.EnvOr("GROGNARD_REF", "mcts:propose=true,iters=12800")
	count := func(key, def string) int {
		n, err := strconv.Atoi(agenttest.EnvOr(key, def))
		if err != nil || n < 1 {
			t.Fatalf("%s: %q is not a positive whole number", key, os.Getenv(key))
		}
		return n
	}
	nPositions, reps := count("GROGNARD_POSITIONS", "60"), count("GROGNARD_REPS", "8")
	ctx := context.Background()
	positions := probePositions(t, nPositions)
	regret, agreed := make([]float64, len(specs)), make([]int, len(specs))
	searched := 0
	for pi, p := range positions {
		reference, ok := mustAgent(t, ref, 99).(Explainer)
		if !ok {
			t.Fatalf("GROGNARD_REF %q does not explain its choices: give a search such as mcts", ref)
		}
		_, e, err := reference.ChooseExplained(ctx, p.Clone(), p.ToMove())
		if err != nil {
			t.Fatal(err)
		}
		value := map[engine.Action]float64{}
		best, worst := math.Inf(-1), math.Inf(1)
		for _, c := range e.Candidates {
			if c.Visits >= 20 {
				value[c.Action] = c.Score
				best, worst = max(best, c.Score), min(worst, c.Score)
			}
		}
		if len(value) < 2 {
			continue // nothing the reference weighed to choose between
		}
		searched++
		line := fmt.Sprintf("position %2d (%2d actions weighed):", pi, len(value))
		for si, spec := range specs {
			r := 0.0
			for s := range reps {
				a, err := mustAgent(t, spec, uint64(1000+s)).Choose(ctx, p.Clone(), p.ToMove())
				if err != nil {
					t.Fatal(err)
				}
				v, ok := value[a]
				if !ok {
					v = worst
				}
				r += best - v
				if a == e.Chosen.Action {
					agreed[si]++
				}
			}
			regret[si] += r
			line += fmt.Sprintf(" %.3f", r/float64(reps))
		}
		t.Log(line)
	}
	for si, spec := range specs {
		n := float64(searched * reps)
		t.Logf("%-60s mean regret %.4f, the reference's choice %.1f%% of %d searches", spec, regret[si]/n, 100*float64(agreed[si])/n, searched*reps)
	}
}

// probePositions are the positions of the regret and tree-shape probes:
// n decisions with two or more actions, about every 25th decision of
// games between the assault and the fire line on the strength runs'
// tables.
func probePositions(t testing.TB, n int) []*twobytwo.State {
	t.Helper()
	tables := []string{"standard", "village", "meeting", "river-line", "two-divisions", "gen:1", "gen:2"}
	var positions []*twobytwo.State
	for g := 0; len(positions) < n; g++ {
		st, err := twobytwo.NewGame(tables[g%len(tables)], engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		players := [2]Agent{mustAgent(t, "heuristic:doctrine=assault", uint64(100+g)), mustAgent(t, "heuristic:doctrine=fireline", uint64(200+g))}
		dice := engine.NewRandomDice(uint64(300 + g))
		every, k := 23+g%5, 0
		positions = gamePositions(t, st, players, dice, positions, n, func(st *twobytwo.State) bool {
			if st.Turn() == 0 || len(st.Legal(nil)) < 2 {
				return false
			}
			k++
			return k%every == 0
		})
	}
	return positions
}

// TestMCTSTreeShapeProbe measures how deep a search's tree grows, and how
// much of it lies past the end of the player-turn it was searched in (a
// node whose action comes after the phasing side has changed), on the
// regret probe's positions:
//
//	GROGNARD_PROBE=1 GROGNARD_ITERS=400,1600 go test ./agents/ -run TestMCTSTreeShapeProbe -v
//
// Each node is one expansion, so the counts are those of the iterations
// that expanded. Open-loop nodes stand for action sequences, so the walk
// replays each with sampled dice; a node whose action is not legal on the
// dice sampled is counted as not reached, with its subtree.
func TestMCTSTreeShapeProbe(t *testing.T) {
	if os.Getenv("GROGNARD_PROBE") == "" {
		t.Skip("set GROGNARD_PROBE=1")
	}
	budgets := envBudgets(t, 400, 1600)
	positions := probePositions(t, 60)
	dice := engine.NewRandomDice(1)
	for _, iters := range budgets {
		var depth [12]int
		var past [4]int
		nodes, missed := 0, 0
		// walk visits the children of node n, s being the state after
		// its action and key the turn and phasing side it was taken in.
		var walk func(w *mctsWorker, n int32, s *twobytwo.State, d, turns, key int)
		walk = func(w *mctsWorker, n int32, s *twobytwo.State, d, turns, key int) {
			for c := w.nodes[n].first; c >= 0; c = w.nodes[c].sibling {
				next := s.Clone().(*twobytwo.State)
				for !next.Terminal() && next.ToMove() == engine.Chance {
					r, _ := dice.Roll(next.PendingRoll())
					if err := next.ApplyDice(r); err != nil {
						t.Fatal(err)
					}
				}
				turnsC, keyC := turns, next.Turn()*2+next.Phasing()
				if keyC != key {
					turnsC++
				}
				if next.Terminal() || next.Apply(w.nodes[c].action) != nil {
					missed++
					continue
				}
				nodes++
				depth[min(d, len(depth)-1)]++
				past[min(turnsC, len(past)-1)]++
				walk(w, c, next, d+1, turnsC, keyC)
			}
		}
		for pi, p := range positions {
			m := mustMCTS(t, fmt.Sprintf("mcts:iters=%d,reuse=false", iters), uint64(pi+1))
			if _, err := m.Choose(context.Background(), p.Clone(), p.ToMove()); err != nil {
				t.Fatal(err)
			}
			w := m.workers[0]
			if len(w.nodes) > 0 {
				walk(w, w.root, p, 1, 0, p.Turn()*2+p.Phasing())
			}
		}
		line := fmt.Sprintf("%d iterations, %d positions: %d nodes reached, %d not; by depth", iters, len(positions), nodes, missed)
		share := func(k int) string { return fmt.Sprintf("%.1f%%", 100*float64(k)/float64(nodes)) }
		for d, k := range depth[1:] {
			line += fmt.Sprintf(" %d:%s", d+1, share(k))
		}
		line += " (the last, that or deeper); past the player-turn's end"
		for k, c := range past {
			line += fmt.Sprintf(" %d:%s", k, share(c))
		}
		t.Log(line)
	}
}

// gamePositions plays st out between players with dice and adds to
// positions a copy of every position of a player's decision that keep
// accepts, until the game ends or positions holds limit.
func gamePositions(t testing.TB, st *twobytwo.State, players [2]Agent, dice *engine.RandomDice, positions []*twobytwo.State, limit int, keep func(*twobytwo.State) bool) []*twobytwo.State {
	t.Helper()
	ctx := context.Background()
	for !st.Terminal() && len(positions) < limit {
		if st.ToMove() == engine.Chance {
			d, _ := dice.Roll(st.PendingRoll())
			if err := st.ApplyDice(d); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if keep(st) {
			positions = append(positions, st.Clone().(*twobytwo.State))
		}
		a, err := players[st.ToMove()].Choose(ctx, st, st.ToMove())
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return positions
}

// TestMCTSProgressiveWidening: after n iterations the root has
// min(legal, ceil(pwk * n^pwalpha)) children, so the spec's pwk and
// pwalpha set how many orders a search weighs.
func TestMCTSProgressiveWidening(t *testing.T) {
	ctx := context.Background()
	// A position where the unit to order has 16 orders, so that the four
	// settings below give four different counts (1, 7, 14 and 16).
	st := positionAfter(t, 2, 65)
	legal := len(legalNext(st, nil))
	if legal < 15 {
		t.Fatalf("the position has %d orders for the next unit: too few to tell the settings apart", legal)
	}
	const iters = 120
	for _, pw := range [][2]float64{{1, 0}, {2, 0.25}, {2, 0.4}, {1, 1}} {
		spec := fmt.Sprintf("mcts:iters=%d,stop=false,reuse=false,pwk=%g,pwalpha=%g", iters, pw[0], pw[1])
		m := mustMCTS(t, spec, 3)
		if _, err := m.Choose(ctx, st.Clone(), st.ToMove()); err != nil {
			t.Fatal(err)
		}
		w := m.workers[0]
		children := 0
		for c := w.nodes[w.root].first; c >= 0; c = w.nodes[c].sibling {
			children++
		}
		want := min(legal, int(math.Ceil(pw[0]*math.Pow(iters, pw[1]))))
		if children != want {
			t.Errorf("%s: %d root children of %d legal actions, want %d", spec, children, legal, want)
		}
	}
}

// TestMCTSStopKeepsChoice: stopping once the most visited move cannot be
// overtaken plays what the whole iteration budget would have played, in
// fewer iterations where the lead is clear.
func TestMCTSStopKeepsChoice(t *testing.T) {
	ctx := context.Background()
	positions := []*twobytwo.State{openingPosition(t, 3), crowdedPosition(t)}
	for seed := uint64(1); seed <= 4; seed++ {
		positions = append(positions, positionAfter(t, seed, 60*int(seed)))
	}
	saved, budget := 0, 0
	for k, st := range positions {
		for _, iters := range []int{64, 300} {
			spec := "mcts:reuse=false,iters=" + strconv.Itoa(iters)
			full, _, err := mustMCTS(t, spec+",stop=false", 9).ChooseExplained(ctx, st.Clone(), st.ToMove())
			if err != nil {
				t.Fatal(err)
			}
			early, e, err := mustMCTS(t, spec, 9).ChooseExplained(ctx, st.Clone(), st.ToMove())
			if err != nil {
				t.Fatal(err)
			}
			if early != full {
				t.Errorf("position %d, %d iterations: stopping early chose %s, the whole budget %s", k, iters, st.DescribeAction(early), st.DescribeAction(full))
			}
			if e.Iterations > iters {
				t.Errorf("position %d: %d iterations on a budget of %d", k, e.Iterations, iters)
			}
			if e.Iterations > 0 {
				saved += iters - e.Iterations
				budget += iters
			}
		}
	}
	if saved == 0 {
		t.Error("the search never stopped early")
	}
	t.Logf("%d of %d iterations saved", saved, budget)
}

// scriptChoices is the distinct choices of the doctrines and greedy in
// st, in that order, and whether they are certain: a script that breaks
// a tie by its generator is caught by asking it with sixteen seeds (six
// missed a tie that one seed in three broke the other way).
func scriptChoices(st engine.State) (picks []engine.Action, certain bool) {
	buf := legalNext(st, nil)
	certain = true
	for _, name := range []string{"assault", "fireline", "reserve", "greedy"} {
		s1, _ := newScript(name, 1)
		a := buf[s1.Pick(st, buf)]
		for seed := uint64(2); seed <= 16; seed++ {
			s, _ := newScript(name, seed)
			certain = certain && a == buf[s.Pick(st, buf)]
		}
		if !slices.Contains(picks, a) {
			picks = append(picks, a)
		}
	}
	return picks, certain
}

// contestedPositions plays the standard scenario with the assault
// doctrine on both sides and returns up to n positions after set-up in
// which the scripts make three distinct choices or more, with no tie.
func contestedPositions(t testing.TB, n int) []engine.State {
	t.Helper()
	st, err := twobytwo.NewGame(twobytwo.DefaultScenario, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	doctrine := mustAgent(t, "heuristic:doctrine=assault", 1)
	found := gamePositions(t, st, [2]Agent{doctrine, doctrine}, engine.NewRandomDice(2), nil, n, func(st *twobytwo.State) bool {
		if st.SettingUp() {
			return false
		}
		picks, certain := scriptChoices(st)
		return certain && len(picks) >= 3
	})
	if len(found) == 0 {
		t.Fatal("no contested position in a whole game")
	}
	out := make([]engine.State, len(found))
	for i, p := range found {
		out[i] = p
	}
	return out
}

// TestMCTSProposeExpandsScriptsFirst: with propose=true a node's first
// children are the distinct choices of the doctrines and greedy, in that
// order, before the prior's ranking adds the rest.
func TestMCTSProposeExpandsScriptsFirst(t *testing.T) {
	for k, st := range contestedPositions(t, 6) {
		picks, _ := scriptChoices(st)
		m := mustMCTS(t, "mcts:iters=40,propose=true,reuse=false,stop=false", 9)
		if _, err := m.Choose(context.Background(), st, st.ToMove()); err != nil {
			t.Fatal(err)
		}
		w := m.workers[0]
		got := make([]engine.Action, len(picks))
		for c := w.nodes[w.root].first; c >= 0; c = w.nodes[c].sibling {
			if r := int(w.nodes[c].rank); r < len(got) {
				got[r] = w.nodes[c].action
			}
		}
		if !slices.Equal(got, picks) {
			t.Errorf("position %d: first children %v, want the scripts' choices %v", k, got, picks)
		}
	}
}

// TestMCTSSharedTree: one worker on a shared tree grows the tree the
// root-parallel search grows (the virtual loss taken back exactly); with
// three workers every iteration is backed up once, each node's mean
// value stays within [-1, 1] (no virtual loss left behind), and an odd
// budget is kept exactly.
func TestMCTSSharedTree(t *testing.T) {
	ctx := context.Background()
	for k, st := range contestedPositions(t, 4) {
		own := mustMCTS(t, "mcts:iters=150,reuse=false,stop=false,propose=true", 5)
		shared := mustMCTS(t, "mcts:iters=150,reuse=false,stop=false,propose=true,parallel=tree", 5)
		a1, _ := own.Choose(ctx, st, st.ToMove())
		a2, _ := shared.Choose(ctx, st, st.ToMove())
		t1, t2 := own.workers[0].mctsTree, shared.workers[0].mctsTree
		if a1 != a2 || len(t1.nodes) != len(t2.nodes) {
			t.Fatalf("position %d: one worker on a shared tree chose %s with %d nodes, on its own %s with %d", k, st.DescribeAction(a2), len(t2.nodes), st.DescribeAction(a1), len(t1.nodes))
		}
		for i := range t1.nodes {
			n1, n2 := t1.nodes[i], t2.nodes[i]
			if n1.action != n2.action || n1.visits != n2.visits || math.Abs(n1.value-n2.value) > 1e-9 {
				t.Fatalf("position %d node %d: %+v on its own, %+v shared", k, i, n1, n2)
			}
		}

		m := mustMCTS(t, "mcts:iters=151,reuse=false,stop=false,propose=true,parallel=tree,workers=3", 5)
		_, e, err := m.ChooseExplained(ctx, st, st.ToMove())
		if err != nil {
			t.Fatal(err)
		}
		tree := m.workers[0].mctsTree
		for _, w := range m.workers[1:] {
			if w.mctsTree != tree {
				t.Fatal("the workers do not share one tree")
			}
		}
		if e.Iterations != 151 || tree.nodes[tree.root].visits != 151 {
			t.Errorf("position %d: %d iterations, root visits %d, want 151", k, e.Iterations, tree.nodes[tree.root].visits)
		}
		sum := int32(0)
		for c := tree.nodes[tree.root].first; c >= 0; c = tree.nodes[c].sibling {
			sum += tree.nodes[c].visits
		}
		if sum != 151 {
			t.Errorf("position %d: the root's children have %d visits, want 151", k, sum)
		}
		for i, n := range tree.nodes {
			if n.visits > 0 && math.Abs(n.value/float64(n.visits)) > 1+1e-9 {
				t.Errorf("position %d node %d: mean value %v", k, i, n.value/float64(n.visits))
			}
		}
	}
}

// TestMCTSVirtualLossTakenBack: a playout backed up over its virtual loss
// leaves every node of its path as a plain backup would, whatever the
// virtual loss; while it stands it counts a visit and the configured loss.
func TestMCTSVirtualLossTakenBack(t *testing.T) {
	st := contestedPositions(t, 1)[0]
	for _, vloss := range []string{"1", "0.3", "0"} {
		m := mustMCTS(t, "mcts:iters=60,reuse=false,stop=false,parallel=tree,workers=2,vloss="+vloss, 5)
		if _, err := m.Choose(context.Background(), st, st.ToMove()); err != nil {
			t.Fatal(err)
		}
		w := m.workers[0]
		w.path = w.path[:0]
		for n := w.root; n >= 0; n = w.nodes[n].first {
			w.path = append(w.path, n)
		}
		if len(w.path) < 3 {
			t.Fatalf("vloss %s: a path of %d nodes", vloss, len(w.path))
		}
		before := append([]mctsNode(nil), w.nodes...)
		w.backup(0.5, false)
		plain := append([]mctsNode(nil), w.nodes...)
		copy(w.nodes, before)
		w.addVirtualLoss()
		child := w.path[1]
		if w.nodes[child].visits != before[child].visits+1 {
			t.Errorf("vloss %s: the virtual loss counted no visit", vloss)
		}
		if want := before[child].value - m.cfg.VirtualLoss; w.nodes[child].value != want {
			t.Errorf("vloss %s: value %v with the virtual loss standing, want %v", vloss, w.nodes[child].value, want)
		}
		w.backup(0.5, true)
		for i := range w.nodes {
			if w.nodes[i].visits != plain[i].visits || math.Abs(w.nodes[i].value-plain[i].value) > 1e-12 {
				t.Fatalf("vloss %s node %d: %+v after the virtual loss was taken back, %+v after a plain backup", vloss, i, w.nodes[i], plain[i])
			}
		}
	}
}

// TestMCTSSharedTreeRaisesPanics: a playout that panics on a runner
// goroutine of a shared tree panics the search that started it (in the
// caller's goroutine, where recover sees it) rather than hanging or being
// lost.
func TestMCTSSharedTreeRaisesPanics(t *testing.T) {
	st := contestedPositions(t, 1)[0]
	for _, workers := range []string{"1", "2", "3"} {
		m := mustMCTS(t, "mcts:iters=200,reuse=false,stop=false,parallel=tree,workers="+workers, 5)
		var calls atomic.Int32
		m.evaluate = func(engine.State) float64 {
			if calls.Add(1) > 3 {
				panic("evaluation failed")
			}
			return 0
		}
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "evaluation failed") {
					t.Errorf("workers=%s: recovered %v, want the playout's panic", workers, r)
				}
			}()
			_, _ = m.Choose(context.Background(), st, st.ToMove())
		}()
	}
}

// TestMCTSCommonRandomNumbers: with crn=true every iteration draws its
// dice from the stream of its root action's visit count, whichever action
// that is, so the k-th visits of two root actions roll the same dice
// where they roll alike; the lanes of a shared tree share the streams.
// Without crn the dice run on from the decision's seed.
func TestMCTSCommonRandomNumbers(t *testing.T) {
	st := crowdedPosition(t)
	// fromStream reports whether dice is at most a few thousand draws
	// into the stream of seed.
	fromStream := func(dice *rand.PCG, seed uint64) bool {
		got, _ := dice.MarshalBinary()
		var p rand.PCG
		p.Seed(seed, diceStream)
		for range 5000 {
			if b, _ := p.MarshalBinary(); string(b) == string(got) {
				return true
			}
			p.Uint64()
		}
		return false
	}
	for _, crn := range []bool{true, false} {
		m := mustMCTS(t, "mcts:iters=100,reuse=false,stop=false,crn="+strconv.FormatBool(crn), 3)
		w := m.workers[0]
		w.begin(st, 77)
		w.plant(st, false)
		children := map[engine.Action]bool{}
		for range 80 {
			if !w.descend(st) {
				continue
			}
			child := &w.nodes[w.path[1]]
			// descend has not counted this visit yet: visits is k.
			k := child.visits
			inStream := fromStream(&w.dice, w.commonSeed(k))
			if inStream != crn {
				t.Fatalf("crn=%v: the dice of visit %d of %s drawn from its common stream: %v", crn, k, st.DescribeAction(child.action), inStream)
			}
			if k == 0 {
				children[child.action] = true
			}
			w.backup(w.playout(), false)
		}
		if crn && len(children) < 2 {
			t.Errorf("only %d root actions were visited: the test compares none", len(children))
		}
	}
	m := mustMCTS(t, "mcts:iters=40,reuse=false,crn=true,workers=2,parallel=tree", 3)
	if _, err := m.Choose(context.Background(), st, st.ToMove()); err != nil {
		t.Fatal(err)
	}
	for k, w := range m.workers {
		if w.common != m.workers[0].common {
			t.Errorf("lane %d draws from other common streams than lane 0", k)
		}
	}
	if _, err := New("mcts:crn=true,dice=nodes", 1); err == nil {
		t.Error("crn=true with dice=nodes was accepted")
	}
}

// TestChooseLCB: the root action played with choose=lcb is the one whose
// mean less one standard error is highest, among those visited often
// enough to have a standard error worth the name.
func TestChooseLCB(t *testing.T) {
	// stat builds a root action's statistics from its playouts' values.
	stat := func(vals ...float64) rootStat {
		var s rootStat
		for _, v := range vals {
			s.visits++
			s.value += v
			s.sq += v * v
		}
		return s
	}
	rep := func(n int, vals ...float64) []float64 {
		var out []float64
		for range n {
			out = append(out, vals...)
		}
		return out
	}
	tests := []struct {
		name  string
		stats []rootStat
		dflt  int
		want  int
	}{
		{"no actions", nil, -1, -1},
		{"the higher mean, both steady", []rootStat{stat(rep(20, 0.1)...), stat(rep(20, 0.2)...)}, 0, 1},
		{"a higher mean from too few visits", []rootStat{stat(rep(30, 0.1)...), stat(rep(9, 0.9)...)}, 0, 0},
		{"none visited enough: the default", []rootStat{stat(0.5), stat(0.9, 0.9)}, 1, 1},
		// 0.30 ± 0.5 over 16 visits has a standard error of about 0.13:
		// its bound, about 0.17, is below a steady 0.25.
		{"a noisy higher mean", []rootStat{stat(rep(8, 0.8, -0.2)...), stat(rep(16, 0.25)...)}, 0, 1},
		// The same noise over 400 visits costs about 0.025 only.
		{"the same noise, well sampled", []rootStat{stat(rep(200, 0.8, -0.2)...), stat(rep(16, 0.25)...)}, 1, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := chooseLCB(tc.stats, tc.dflt); got != tc.want {
				t.Errorf("chooseLCB = %d, want %d", got, tc.want)
			}
		})
	}
}

// TestMCTSChoosesByLCB: with choose=lcb the search plays the root action
// chooseLCB picks from its tree, which in some of these positions is not
// the most visited one; without it, the most visited.
func TestMCTSChoosesByLCB(t *testing.T) {
	differs := 0
	for k, st := range searchPositions(t) {
		if len(st.LegalNext(nil)) < 2 {
			continue
		}
		for _, spec := range []string{"mcts:iters=300,reuse=false", "mcts:iters=300,reuse=false,choose=lcb"} {
			m := mustMCTS(t, spec, uint64(k+1))
			a, err := m.Choose(context.Background(), st.Clone(), st.ToMove())
			if err != nil {
				t.Fatal(err)
			}
			stats := m.rootStats()
			visited := mostVisited(stats)
			lcb := chooseLCB(stats, visited)
			want := stats[visited].action
			if m.cfg.ChooseLCB {
				want = stats[lcb].action
				if lcb != visited {
					differs++
				}
			}
			if a != want {
				t.Errorf("%s position %d: played %s, want %s", spec, k, st.DescribeAction(a), st.DescribeAction(want))
			}
		}
	}
	if differs == 0 {
		t.Error("choose=lcb played the most visited action in every position: the test no longer tells the two apart")
	}
}
