package agents

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/grognard/grognard/agents/agenttest"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest"
	"github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/engine/twobytwo/twobytwotest"
)

// TestPortfolioLegalDeterministicExplained: on varied positions the choice
// is legal and the same for the same seed and iteration budget, the
// budget is kept, and the explanation names the scripts.
func TestPortfolioLegalDeterministicExplained(t *testing.T) {
	for _, spec := range []string{"portfolio:iters=40", "portfolio:calls=2000,horizon=20"} {
		for k, st := range searchPositions(t) {
			a1, e1 := chooseTwice(t, spec, k, st)
			playouts := DefaultPortfolioConfig().Playouts
			if strings.Contains(spec, "iters=40") && e1.Iterations > 40+playouts {
				t.Errorf("%s: %d playouts, budget 40 (one candidate's %d playouts may finish)", spec, e1.Iterations, playouts)
			}
			if strings.Contains(spec, "calls=") && e1.Calls > 2000+int64(playouts)*20*2 {
				t.Errorf("%s: %d calls", spec, e1.Calls)
			}
			if e1.Chosen.Action != a1 || !strings.Contains(e1.Note, "assault, fireline, reserve, greedy against assault") {
				t.Errorf("%s position %d: explanation %s", spec, k, e1)
			}
			// The candidates are distinct actions, the chosen one among
			// them, and name every script once.
			named, chosenListed := map[string]int{}, false
			for i, c := range e1.Candidates {
				chosenListed = chosenListed || c.Action == a1
				for _, o := range e1.Candidates[:i] {
					if o.Action == c.Action {
						t.Errorf("%s position %d: %q listed twice", spec, k, c.Text)
					}
				}
				scripts, _, _ := strings.Cut(c.Text, ": ")
				for _, name := range strings.Split(scripts, "+") {
					named[name]++
				}
			}
			if !chosenListed || named["assault"] != 1 || named["fireline"] != 1 || named["reserve"] != 1 || named["greedy"] != 1 || len(named) != 4 {
				t.Errorf("%s position %d: candidates name the scripts %v; explanation %s", spec, k, named, e1)
			}
			if _, err := json.Marshal(e1); err != nil {
				t.Errorf("explanation JSON: %v", err)
			}
		}
	}
}

// TestPortfolioPlaysWholeGames: whole games end with legal choices, the
// same seeds giving the same game.
func TestPortfolioPlaysWholeGames(t *testing.T) {
	if enginetest.RaceEnabled {
		t.Skip("slow under -race")
	}
	twobytwotest.CheckSameGame(t, New, "standard", [2]string{"portfolio:iters=6,horizon=10", "greedy"}, [3]uint64{4, 5, 6})
}

// TestPortfolioSeedsWithBestUniformAssignment: a fresh phase starts
// from the best uniform assignment (every unit on one script), as
// portfolio greedy search seeds its improvement; with a budget for the
// seed alone the assignment is that uniform one.
func TestPortfolioSeedsWithBestUniformAssignment(t *testing.T) {
	cfg := DefaultPortfolioConfig()
	cfg.Scripts = KitFor(twobytwo.Name).Portfolio.Scripts
	cfg.Budget = Budget{Iterations: cfg.Playouts * len(cfg.Scripts)}
	positions := searchPositions(t)
	for seed := range uint64(6) {
		positions = append(positions, positionAfter(t, 20+seed, 150+40*int(seed)))
	}
	nonFirst := 0
	for k, st := range positions {
		p, err := NewPortfolio(cfg, 9)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.bind(st); err != nil {
			t.Fatal(err)
		}
		if _, _, err := p.search(context.Background(), st, false); err != nil {
			t.Fatal(err)
		}
		if len(p.assign) == 0 {
			continue // a forced decision: nothing searched
		}
		// Score each uniform assignment again, on the same dice.
		q, _ := NewPortfolio(cfg, 9)
		if err := q.bind(st); err != nil {
			t.Fatal(err)
		}
		q.scratch = st.Clone()
		best, want := 0.0, 0
		for s := range q.scripts {
			q.setAll(s)
			if v := q.score(st, st.ToMove(), nil, 0); s == 0 || v > best {
				best, want = v, s
			}
		}
		for u, s := range p.assign {
			if s != want {
				t.Fatalf("position %d: unit %d on script %d, want every unit on the best uniform script %d", k, u, s, want)
			}
		}
		if want != 0 {
			nonFirst++
		}
	}
	if nonFirst == 0 {
		t.Error("the first script was the best uniform one in every position: the test shows nothing")
	}
}

// BenchmarkPortfolioChoose measures one contested portfolio decision (the
// scripts choose different actions for the unit; 96 playouts, the budget
// of the strength runs in docs/agents.md) in the standard scenario from
// turn 4, a position portfolio agents reached by playing the game to there.
func BenchmarkPortfolioChoose(b *testing.B) {
	st, err := twobytwo.NewGame("standard", engine.Options{})
	if err != nil {
		b.Fatal(err)
	}
	players := [2]*Portfolio{mustAgent(b, "portfolio:iters=96", 1).(*Portfolio), mustAgent(b, "portfolio:iters=96", 2).(*Portfolio)}
	dice := engine.NewRandomDice(3)
	ctx := context.Background()
	for !st.Terminal() {
		if st.ToMove() == engine.Chance {
			d, _ := dice.Roll(st.PendingRoll())
			_ = st.ApplyDice(d)
			continue
		}
		p := players[st.ToMove()]
		a, err := p.Choose(ctx, st, st.ToMove())
		if err != nil {
			b.Fatal(err)
		}
		if st.Turn() >= 4 && len(p.cands) > 1 {
			break
		}
		if err := st.Apply(a); err != nil {
			b.Fatal(err)
		}
	}
	if st.Terminal() {
		b.Fatal("no contested decision from turn 4")
	}
	// Every timed decision is the same one: a fresh agent with the side's
	// seed settles the phase's assignment untimed, then decides again.
	// Asking one agent over and over would not do: its scripts' generators
	// move on, and after a dozen calls they can all choose alike, leaving
	// nothing to search.
	seed := uint64(st.ToMove()) + 1
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		p := mustAgent(b, "portfolio:iters=96", seed).(*Portfolio)
		if _, err := p.Choose(ctx, st, st.ToMove()); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if _, err := p.Choose(ctx, st, st.ToMove()); err != nil {
			b.Fatal(err)
		}
		if len(p.cands) < 2 {
			b.Fatal("the decision is not contested")
		}
	}
}

// TestScriptCandidateGain: an alternative is played only for a mean gain
// over the script's choice beyond margin standard errors of the paired
// differences, over two rounds at least.
func TestScriptCandidateGain(t *testing.T) {
	for _, tc := range []struct {
		name   string
		diffs  []float64
		margin float64
		ok     bool
	}{
		{"one round", []float64{0.5}, 1, false},
		{"steady gain", []float64{0.1, 0.12, 0.09, 0.11}, 1, true},
		{"noisy gain", []float64{0.4, -0.3, 0.5, -0.4}, 1, false},
		{"noisy gain, no margin", []float64{0.4, -0.3, 0.5, -0.4}, 0, true},
		{"loss", []float64{-0.1, -0.12, -0.09}, 0, false},
		{"no difference", []float64{0, 0, 0}, 0, false},
	} {
		var c scriptCandidate
		for _, d := range tc.diffs {
			c.rounds++
			c.diff += d
			c.diff2 += d * d
		}
		if _, ok := c.gain(tc.margin); ok != tc.ok {
			t.Errorf("%s: gain beyond %v standard errors %v, want %v", tc.name, tc.margin, ok, tc.ok)
		}
	}
}

// TestPortfolioMemoryIsFlat: the portfolio holds nothing that grows with
// its budget (the candidates are the scripts' choices, the playouts run
// on one scratch state), so once its buffers have grown a decision with
// a hundred times the playouts allocates no more, on a 2 by 2 position
// and at a sealed choice of the toy ruleset.
func TestPortfolioMemoryIsFlat(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name  string
		st    engine.State
		specs [2]string
	}{
		{"2x2", crowdedPosition(t), [2]string{"portfolio:iters=8,horizon=8", "portfolio:iters=800,horizon=8"}},
		{"sealed", &highPick{}, [2]string{"portfolio:iters=8,scripts=random,enemy=random,eval=none", "portfolio:iters=800,scripts=random,enemy=random,eval=none"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			side := engine.Deciders(c.st, nil)[0]
			var bytes [2]uint64
			for k, spec := range c.specs {
				p := mustAgent(t, spec, 1)
				if _, err := p.Choose(ctx, c.st, side); err != nil { // buffers grown
					t.Fatal(err)
				}
				bytes[k] = agenttest.LeastAllocBytes(3, func() {
					if _, err := p.Choose(ctx, c.st, side); err != nil {
						t.Fatal(err)
					}
				})
			}
			if bytes[1] > bytes[0]+512 {
				t.Errorf("a choice with %s allocates %d bytes, with %s %d: the memory grows with the budget", c.specs[1], bytes[1], c.specs[0], bytes[0])
			}
		})
	}
}
