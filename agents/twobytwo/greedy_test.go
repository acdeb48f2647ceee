package twobytwo

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/agents/agenttest"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest"
	rules "github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/engine/twobytwo/twobytwotest"
)

func TestGreedySpecs(t *testing.T) {
	tests := []struct {
		spec    string
		name    string
		wantErr []string
	}{
		{spec: "greedy", name: "greedy"},
		{spec: "greedy:aggression=0.5", name: "greedy"},
		{spec: "greedy:aggression=0.8", name: "greedy:aggression=0.8"},
		{spec: "greedy: aggression = 0 ", name: "greedy:aggression=0"},
		{spec: "greedy:aggression=1", name: "greedy:aggression=1"},
		{spec: "greedy:aggression=1.5", wantErr: []string{`agent "greedy:aggression=1.5"`, "between 0 and 1", "1.5"}},
		{spec: "greedy:aggression=-0.1", wantErr: []string{"between 0 and 1"}},
		{spec: "greedy:aggression=NaN", wantErr: []string{"between 0 and 1"}},
		{spec: "greedy:aggression=bold", wantErr: []string{`aggression "bold" is not a number`}},
		{spec: "greedy:aggression=", wantErr: []string{`aggression "" is not a number`}},
		{spec: "greedy:depth=2", wantErr: []string{`agent "greedy" has no parameter "depth"`, "parameters: aggression"}},
	}
	for _, tc := range tests {
		t.Run(tc.spec, func(t *testing.T) { agenttest.CheckSpec(t, agents.New, tc.spec, tc.name, tc.wantErr) })
	}
	if _, err := NewGreedy(math.Inf(1), 1); err == nil {
		t.Error("NewGreedy(+Inf) succeeded")
	}
}

// TestKitAgentsRefuseOtherRulesets: greedy and the heuristic doctrines
// play 2 by 2 only; asked to choose in another ruleset's state they fail
// with an error saying so, never picking at random.
func TestKitAgentsRefuseOtherRulesets(t *testing.T) {
	for _, spec := range append([]string{"greedy"}, hDoctrineSpecs...) {
		a := mustAgent(t, spec, 3)
		_, err := a.Choose(context.Background(), &enginetest.PickState{N: 6}, 0)
		if !errors.Is(err, agents.ErrWrongRuleset) || !strings.Contains(err.Error(), "offered by the twobytwo kit only") || !strings.Contains(err.Error(), "pick") {
			t.Errorf("%s on another ruleset: error %v, want one saying it plays twobytwo only", spec, err)
		}
		if ex, ok := a.(agents.Explainer); ok {
			if _, _, err := ex.ChooseExplained(context.Background(), &enginetest.PickState{N: 6}, 0); !errors.Is(err, agents.ErrWrongRuleset) {
				t.Errorf("%s explained on another ruleset: error %v", spec, err)
			}
		}
	}
}

// TestGreedyLegalAndDeterministic plays greedy against random from both
// sides: every action it picks is accepted, and the same seeds replay the
// same game.
func TestGreedyLegalAndDeterministic(t *testing.T) {
	games := uint64(50)
	if enginetest.RaceEnabled {
		games = 10
	}
	for k := uint64(0); k < games; k++ {
		g, r := mustAgent(t, "greedy", 100+k), agents.NewRandom(200+k)
		players := [2]agents.Agent{g, r}
		if k%2 == 1 {
			players = [2]agents.Agent{r, g}
		}
		twobytwotest.PlayOn(t, "standard", players, 300+k)
	}
	// Determinism: two fresh sets of agents, same seeds, same record.
	twobytwotest.CheckSameGame(t, agents.New, "standard", [2]string{"greedy", "greedy:aggression=0.8"}, [3]uint64{11, 12, 13})
}

// TestGreedyBeatsRandom plays 50 pairs of games on the same dice seed,
// greedy as side 0 in one and as side 1 in the other, and wants it to
// score at least 80% (draws count half).
func TestGreedyBeatsRandom(t *testing.T) {
	const pairs = 50
	var score float64
	var wins, draws, losses, decisions int
	var think time.Duration
	for k := uint64(0); k < pairs; k++ {
		for side := engine.Player(0); side < 2; side++ {
			g, r := mustAgent(t, "greedy", 1000+k), agents.NewRandom(2000+k)
			players := [2]agents.Agent{g, r}
			if side == 1 {
				players = [2]agents.Agent{r, g}
			}
			gs := twobytwotest.PlayOn(t, "standard", players, 5000+k)
			s := gs.Result.Score(side)
			score += s
			switch s {
			case 1:
				wins++
			case 0:
				losses++
			default:
				draws++
			}
			decisions += gs.Decisions[side]
			think += gs.Think[side]
		}
	}
	rate := score / (2 * pairs)
	perDecision := think / time.Duration(max(decisions, 1))
	t.Logf("greedy vs random over %d paired games: %d wins, %d draws, %d losses: score %.1f%%; %d decisions, %v each on average",
		2*pairs, wins, draws, losses, 100*rate, decisions, perDecision)
	if rate < 0.8 {
		t.Errorf("greedy scored %.1f%% against random, want at least 80%%", 100*rate)
	}
	if !enginetest.RaceEnabled && perDecision > time.Millisecond {
		t.Errorf("greedy took %v per decision on average, want well under 1ms", perDecision)
	}
}

// TestGreedyChooseAllocatesNothing checks the steady state on real 2 by
// 2 positions: once its buffer has grown, Choose allocates nothing.
func TestGreedyChooseAllocatesNothing(t *testing.T) {
	g := mustAgent(t, "greedy", 1)
	// Check positions of games as they are played (as many games as it
	// takes: how long one lasts depends on the seeds); AllocsPerRun's
	// warm-up call grows the buffer to each position's list.
	checked := 0
	for seed := uint64(3); checked < 20 && seed < 13; seed++ {
		st, err := rules.Rules{}.NewGame("", engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		checked += playCheckingAllocs(t, st, g, agents.NewRandom(seed-1), engine.NewRandomDice(seed), 7, 5)
	}
	if checked < 20 {
		t.Errorf("only %d positions checked", checked)
	}
}

func BenchmarkGreedyChoose(b *testing.B) { benchChoose(b, "greedy") }

// benchChoose measures one decision of spec in a movement phase of the
// standard scenario from turn 4, with units on the table, after two
// agents of spec have played the game to there.
func benchChoose(b *testing.B, spec string) {
	st, err := rules.NewGame("standard", engine.Options{})
	if err != nil {
		b.Fatal(err)
	}
	players := [2]agents.Agent{mustAgent(b, spec, 1), mustAgent(b, spec, 2)}
	dice := engine.NewRandomDice(3)
	ctx := context.Background()
	for !st.Terminal() && (st.Turn() < 4 || st.ToMove() == engine.Chance || st.PhaseName() != "movement") {
		if st.ToMove() == engine.Chance {
			d, _ := dice.Roll(st.PendingRoll())
			_ = st.ApplyDice(d)
			continue
		}
		a, _ := players[st.ToMove()].Choose(ctx, st, st.ToMove())
		if err := st.Apply(a); err != nil {
			b.Fatal(err)
		}
	}
	agenttest.BenchDecisions(b, players[st.ToMove()], st)
}

// playCheckingAllocs plays st to its end, a (side 0) against opp, and
// every so many steps at a's turn checks that a's Choose allocates
// nothing over runs calls; it returns how many positions it checked.
func playCheckingAllocs(t *testing.T, st engine.State, a, opp agents.Agent, dice engine.DiceSource, every, runs int) int {
	t.Helper()
	ctx := context.Background()
	players := [2]agents.Agent{a, opp}
	checked := 0
	for steps := 0; !st.Terminal() && steps < 3000; steps++ {
		if st.ToMove() == engine.Chance {
			d, _ := dice.Roll(st.PendingRoll())
			if err := st.ApplyDice(d); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if st.ToMove() == 0 && steps%every == 0 {
			if n := testing.AllocsPerRun(runs, func() { _, _ = a.Choose(ctx, st, st.ToMove()) }); n != 0 {
				t.Fatalf("%s, step %d (%s): Choose allocates %.1f times per call", a.Name(), steps, st.(*rules.State).PhaseName(), n)
			}
			checked++
		}
		act, err := players[st.ToMove()].Choose(ctx, st, st.ToMove())
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Apply(act); err != nil {
			t.Fatal(err)
		}
	}
	return checked
}
