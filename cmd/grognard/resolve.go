package main

// resolve: play one battle many times between two agents and print how it
// goes, for any ruleset: who won and how, the turns played, and what each
// side lost where the ruleset counts losses (engine.Losses).

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sourcegraph/conc/pool"
	"github.com/urfave/cli/v2"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/tournaments"
)

// maxResolveBattles bounds --battles: a million battles of a few rounds
// is minutes of machine.
const maxResolveBattles = 1_000_000

func (a *app) resolveCommand() *cli.Command {
	return &cli.Command{
		Name:      "resolve",
		Usage:     "play one battle many times and print the distribution of outcomes",
		UsageText: "grognard resolve [--ruleset R] [--scenario NAME|FILE] [-a SPEC] [-b SPEC] [--battles N] [--seed S]",
		Description: "Fights the battle --battles times, each with its own dice and agent seeds derived from --seed,\n" +
			"side 0 played by -a and side 1 by -b, and prints who won and how, the turns played and, where\n" +
			"the ruleset counts them, what each side lost. The same flags give the same figures whatever\n" +
			"--workers is. It suits rulesets whose battles are quick, such as a campaign's field battles.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "ruleset", Value: defaultRuleset(), Usage: "ruleset of the battle (see 'grognard rules')", EnvVars: []string{"GROGNARD_RULESET"}},
			&cli.StringFlag{Name: "scenario", Usage: "built-in battle or a scenario file's path (default: the ruleset's first; see 'grognard rules')", EnvVars: []string{"GROGNARD_SCENARIO"}},
			&cli.StringFlag{Name: "a", Usage: "agent spec for side 0 (default: the ruleset's quick opponent; see 'grognard agents')", EnvVars: []string{"GROGNARD_A"}},
			&cli.StringFlag{Name: "b", Usage: "agent spec for side 1 (default: as -a)", EnvVars: []string{"GROGNARD_B"}},
			&cli.StringSliceFlag{Name: "variant", Usage: "switch on an optional rule of the ruleset by name (repeatable; its rules notes in docs/rules list them)", EnvVars: []string{"GROGNARD_VARIANT"}},
			&cli.IntFlag{Name: "battles", Value: 1000, Usage: fmt.Sprintf("battles to resolve (1 to %d)", maxResolveBattles), EnvVars: []string{"GROGNARD_BATTLES"}},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "master seed of every battle's dice and agents", EnvVars: []string{"GROGNARD_SEED"}},
			&cli.IntFlag{Name: "workers", Value: 2, Usage: "battles resolved at once (1 to 64)", EnvVars: []string{"GROGNARD_WORKERS"}},
			&cli.BoolFlag{Name: "json", Usage: "print the figures as one JSON object", EnvVars: []string{"GROGNARD_JSON"}},
		},
		Action: a.resolve,
	}
}

// ResolveSummary is what resolve prints: the battles' outcomes.
type ResolveSummary struct {
	Ruleset  string    `json:"ruleset"`
	Scenario string    `json:"scenario"`
	Sides    [2]string `json:"sides"`
	Agents   [2]string `json:"agents"`
	Seed     uint64    `json:"seed"`
	// Variants are the optional rules played (--variant).
	Variants []string `json:"variants,omitempty"`
	Battles  int      `json:"battles"`
	// Wins are side 0's and side 1's; Draws the rest.
	Wins  [2]int `json:"wins"`
	Draws int    `json:"draws"`
	// Endings count how the battles ended, by reason.
	Endings map[string]int `json:"endings"`
	// Rounds counts the battles by the turns played (index 0: 1 turn).
	Rounds     []int   `json:"rounds"`
	MeanRounds float64 `json:"mean_rounds"`
	// LossUnit names what Lost counts; "" (and no Lost) for a ruleset
	// that counts no losses.
	LossUnit string `json:"loss_unit,omitempty"`
	// Lost are each side's losses: mean, and the 10th, 50th and 90th
	// percentiles.
	Lost *[2]LossFigures `json:"lost,omitempty"`
	// Seconds is the wall time, and PerSecond the battles resolved a
	// second.
	Seconds   float64 `json:"seconds"`
	PerSecond float64 `json:"battles_per_second"`
}

// LossFigures summarise a side's losses over the battles.
type LossFigures struct {
	Of   float64 `json:"of"`
	Mean float64 `json:"mean"`
	P10  float64 `json:"p10"`
	P50  float64 `json:"p50"`
	P90  float64 `json:"p90"`
}

// battleOutcome is one battle's figures.
type battleOutcome struct {
	winner engine.Player
	reason string
	rounds int
	losses bool
	lost   [2]float64
	of     [2]float64
}

func (a *app) resolve(c *cli.Context) error {
	if err := noArgs(c); err != nil {
		return err
	}
	n, workers := c.Int("battles"), c.Int("workers")
	if n < 1 || n > maxResolveBattles {
		return cli.Exit(fmt.Sprintf("--battles %d: give 1 to %d", n, maxResolveBattles), exitUsage)
	}
	if workers < 1 || workers > 64 {
		return cli.Exit(fmt.Sprintf("--workers %d: give 1 to 64", workers), exitUsage)
	}
	rs, err := engine.Lookup(c.String("ruleset"))
	if err != nil {
		return cli.Exit("--ruleset: "+err.Error(), exitUsage)
	}
	scenario := c.String("scenario")
	if scenario == "" {
		scenario = engine.DefaultScenario(rs)
	}
	opts := engine.Options{Variants: c.StringSlice("variant")}
	if _, err := rs.ScenarioHash(scenario, opts); err != nil && len(opts.Variants) > 0 {
		return cli.Exit(fmt.Sprintf("%v: fix --variant", err), exitUsage)
	}
	first, err := rs.NewGame(scenario, opts)
	if err != nil {
		return cli.Exit(fmt.Sprintf("scenario %s: %v (see 'grognard rules' for the built-in battles)", scenario, err), exitUsage)
	}
	def := agents.RandomScript
	if k := agents.KitFor(rs.Name()); k != nil && k.Opponent != "" {
		def = k.Opponent
	}
	specs := [2]string{c.String("a"), c.String("b")}
	if specs[0] == "" {
		specs[0] = def
	}
	if specs[1] == "" {
		specs[1] = specs[0]
	}
	seed := c.Uint64("seed")
	// Build the agents once to check the specs before any battle.
	for side, spec := range specs {
		if _, err := agents.New(spec, 1); err != nil {
			return cli.Exit(fmt.Sprintf("-%c: %v (see 'grognard agents')", "ab"[side], err), exitUsage)
		}
	}
	out := make([]battleOutcome, n)
	start := time.Now()
	var done atomic.Int64
	ctx, cancel := context.WithCancel(c.Context)
	defer cancel()
	p := pool.New().WithContext(ctx).WithMaxGoroutines(workers).WithCancelOnError()
	progress := a.resolveProgress(&done, n)
	defer progress()
	for i := range n {
		p.Go(func(ctx context.Context) error {
			base := engine.SplitMixNth(seed, uint64(i))
			var players [2]agents.Agent
			for side, spec := range specs {
				ag, err := agents.New(spec, engine.SplitMixNth(base, uint64(side+1)))
				if err != nil {
					return err
				}
				players[side] = ag
			}
			var final engine.State
			obs := func(ev tournaments.Event) error {
				if ev.Final {
					final = ev.State.Clone()
				}
				return nil
			}
			rec, err := tournaments.PlayMatch(ctx, rs, scenario, opts, players, base, obs)
			if err != nil {
				return fmt.Errorf("battle %d: %w", i+1, err)
			}
			o := battleOutcome{winner: rec.Result.Winner, reason: rec.Result.Reason}
			if final != nil {
				o.rounds = final.Turn()
				if l, ok := final.(engine.Losses); ok {
					o.losses = true
					for side := range engine.Player(2) {
						o.lost[side], o.of[side] = l.Lost(side), l.Strength(side)
					}
				}
			}
			out[i] = o
			done.Add(1)
			return nil
		})
	}
	if err := p.Wait(); err != nil {
		return cli.Exit(fmt.Sprintf("resolve: %v", err), exitFailure)
	}
	progress()
	s := summarise(out, specs, seed, time.Since(start))
	s.Ruleset, s.Scenario, s.Variants = rs.Name(), scenario, opts.Variants
	if sn, ok := first.(engine.ScenarioNamer); ok && !strings.ContainsAny(scenario, `/\`) {
		s.Scenario = sn.ScenarioName()
	}
	for side := range engine.Player(2) {
		s.Sides[side] = engine.SideName(first, side)
	}
	if l, ok := first.(engine.Losses); ok {
		s.LossUnit = l.LossUnit()
	}
	if c.Bool("json") {
		return json.NewEncoder(a.stdout).Encode(s)
	}
	writeResolve(a.stdout, s)
	return nil
}

// resolveProgress reports on stderr, every second, how many battles are
// done; the returned function stops it and waits until it has stopped
// (so nothing is written after the command returns), and may be called
// again.
func (a *app) resolveProgress(done *atomic.Int64, n int) func() {
	stop, stopped := make(chan struct{}), make(chan struct{})
	var once sync.Once
	go func() {
		defer close(stopped)
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				fmt.Fprintf(a.stderr, "resolved %d of %d battles\n", done.Load(), n)
			}
		}
	}()
	return func() {
		once.Do(func() { close(stop) })
		<-stopped
	}
}

// summarise gathers the battles' figures.
func summarise(out []battleOutcome, specs [2]string, seed uint64, elapsed time.Duration) ResolveSummary {
	s := ResolveSummary{Agents: specs, Seed: seed, Battles: len(out), Endings: map[string]int{},
		Seconds: elapsed.Seconds(), PerSecond: float64(len(out)) / max(elapsed.Seconds(), 1e-9)}
	var lost [2][]float64
	sum, losses := 0, len(out) > 0
	for _, o := range out {
		switch o.winner {
		case 0, 1:
			s.Wins[o.winner]++
		default:
			s.Draws++
		}
		s.Endings[o.reason]++
		for len(s.Rounds) < o.rounds {
			s.Rounds = append(s.Rounds, 0)
		}
		if o.rounds > 0 {
			s.Rounds[o.rounds-1]++
		}
		sum += o.rounds
		losses = losses && o.losses
		for side := range 2 {
			lost[side] = append(lost[side], o.lost[side])
		}
	}
	s.MeanRounds = float64(sum) / float64(len(out))
	if !losses {
		return s
	}
	var figs [2]LossFigures
	for side := range 2 {
		l := lost[side]
		sort.Float64s(l)
		total := 0.0
		for _, v := range l {
			total += v
		}
		at := func(q float64) float64 { return l[min(len(l)-1, int(q*float64(len(l))))] }
		figs[side] = LossFigures{Of: out[0].of[side], Mean: total / float64(len(l)), P10: at(0.1), P50: at(0.5), P90: at(0.9)}
	}
	s.Lost = &figs
	return s
}

// writeResolve prints the figures for people.
func writeResolve(w io.Writer, s ResolveSummary) {
	pct := func(k int) float64 { return 100 * float64(k) / float64(s.Battles) }
	variants := ""
	if len(s.Variants) > 0 {
		variants = ", variants " + strings.Join(s.Variants, " ")
	}
	fmt.Fprintf(w, "%s: %d battles, %s %s, %s %s, seed %d%s\n", s.Scenario, s.Battles, s.Sides[0], s.Agents[0], s.Sides[1], s.Agents[1], s.Seed, variants)
	fmt.Fprintf(w, "%s won %d (%.1f%%), %s won %d (%.1f%%), drawn %d (%.1f%%)\n", s.Sides[0], s.Wins[0], pct(s.Wins[0]), s.Sides[1], s.Wins[1], pct(s.Wins[1]), s.Draws, pct(s.Draws))
	reasons := make([]string, 0, len(s.Endings))
	for r := range s.Endings {
		reasons = append(reasons, r)
	}
	sort.Slice(reasons, func(i, j int) bool {
		return s.Endings[reasons[i]] > s.Endings[reasons[j]] || s.Endings[reasons[i]] == s.Endings[reasons[j]] && reasons[i] < reasons[j]
	})
	fmt.Fprintln(w, "how they ended:")
	for _, r := range reasons {
		fmt.Fprintf(w, "  %6d  %5.1f%%  %s\n", s.Endings[r], pct(s.Endings[r]), r)
	}
	var rounds []string
	for k, v := range s.Rounds {
		if v > 0 {
			rounds = append(rounds, fmt.Sprintf("%d: %.1f%%", k+1, pct(v)))
		}
	}
	fmt.Fprintf(w, "turns played: mean %.2f (%s)\n", s.MeanRounds, strings.Join(rounds, ", "))
	if s.Lost != nil {
		for side := range 2 {
			l := s.Lost[side]
			fmt.Fprintf(w, "%s lost (of %g %s): mean %.1f, 10%% %g, median %g, 90%% %g\n", s.Sides[side], l.Of, s.LossUnit, l.Mean, l.P10, l.P50, l.P90)
		}
	}
	fmt.Fprintf(w, "%.2f s, %.0f battles a second\n", s.Seconds, s.PerSecond)
}
