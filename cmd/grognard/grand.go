package main

// The grand-strategic battle resolver's own command: resolve one battle
// many times and print how it goes. This file names the ruleset (see
// rulesets.go).

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
	"github.com/grognard/grognard/engine/fileio"
	"github.com/grognard/grognard/engine/grand"
	grandscen "github.com/grognard/grognard/scenarios/grand"
	"github.com/grognard/grognard/tournaments"
)

// maxResolveBattles bounds --battles: a million battles of a few rounds
// is minutes of machine.
const maxResolveBattles = 1_000_000

func (a *app) grandCommand() *cli.Command {
	return &cli.Command{
		Name:  "grand",
		Usage: "tools of the grand-strategic battle resolver (the campaign charts' field battles)",
		Subcommands: []*cli.Command{{
			Name:      "resolve",
			Usage:     "resolve one field battle many times and print the distribution of outcomes",
			UsageText: "grognard grand resolve [--scenario NAME|FILE.yaml] [-a SPEC] [-b SPEC] [--battles N] [--seed S]",
			Description: "Fights the battle --battles times, each with its own dice and agent seeds derived from --seed,\n" +
				"the attacker's postures by -a and the defender's by -b, and prints who won and how, the\n" +
				"rounds fought and the factors each side lost. The same flags give the same figures whatever\n" +
				"--workers is. A scenario file (see 'grognard scenario' and scenarios/grand) is named by its path.",
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "scenario", Usage: "built-in battle or a scenario file's path (default: open-field; see 'grognard rules')", EnvVars: []string{"GROGNARD_SCENARIO"}},
				&cli.StringFlag{Name: "a", Value: grandDefaultAgent, Usage: "agent spec for the attacker (see 'grognard agents')", EnvVars: []string{"GROGNARD_A"}},
				&cli.StringFlag{Name: "b", Value: grandDefaultAgent, Usage: "agent spec for the defender", EnvVars: []string{"GROGNARD_B"}},
				&cli.IntFlag{Name: "battles", Value: 1000, Usage: fmt.Sprintf("battles to resolve (1 to %d)", maxResolveBattles), EnvVars: []string{"GROGNARD_BATTLES"}},
				&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "master seed of every battle's dice and agents", EnvVars: []string{"GROGNARD_SEED"}},
				&cli.IntFlag{Name: "workers", Value: 2, Usage: "battles resolved at once (1 to 64)", EnvVars: []string{"GROGNARD_WORKERS"}},
				&cli.BoolFlag{Name: "json", Usage: "print the figures as one JSON object", EnvVars: []string{"GROGNARD_JSON"}},
			},
			Action: a.grandResolve,
		}, {
			Name:      "check",
			Aliases:   []string{"validate"},
			Usage:     "check grand scenario files: every problem with its line and a fix",
			ArgsUsage: "FILE.yaml...",
			Action:    a.grandCheck,
		}, {
			Name:      "show",
			Usage:     "print a battle (built-in or a file) as a scenario file, a start for one of your own",
			ArgsUsage: "[NAME|FILE.yaml]",
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "out", Usage: "write the file to `FILE` instead of standard output", EnvVars: []string{"GROGNARD_OUT"}},
			},
			Action: a.grandShow,
		}},
	}
}

// grandCheck checks each file, printing "ok" or every problem.
func (a *app) grandCheck(c *cli.Context) error {
	if c.NArg() == 0 {
		return cli.Exit("grand check needs one or more scenario files (see 'grognard grand check --help')", exitUsage)
	}
	bad := 0
	for _, path := range c.Args().Slice() {
		sc, err := grandscen.Load(path)
		if err != nil {
			bad++
			fmt.Fprintf(a.stdout, "%v\n", err)
			continue
		}
		fmt.Fprintf(a.stdout, "%s: ok: %s, %s (%d factors) attacks %s (%d factors), %s\n", path, sc.Name, sc.Forces[0].Name, sc.Forces[0].Total(), sc.Forces[1].Name, sc.Forces[1].Total(), sc.Terrain)
	}
	if bad > 0 {
		return cli.Exit(fmt.Sprintf("%d of %d files have problems", bad, c.NArg()), exitFailure)
	}
	return nil
}

// grandShow prints a battle in the scenario file format.
func (a *app) grandShow(c *cli.Context) error {
	if c.NArg() > 1 {
		return cli.Exit("grand show takes one battle: a built-in name or a file", exitUsage)
	}
	name := c.Args().First()
	if name == "" {
		name = grand.DefaultScenario
	}
	sc, err := grand.Builtin(name)
	if err != nil {
		return cli.Exit(fmt.Sprintf("%v (see 'grognard rules' for the built-in battles)", err), exitUsage)
	}
	data, err := grandscen.Marshal(sc)
	if err != nil {
		return cli.Exit(fmt.Sprintf("cannot write %s as a file: %v", name, err), exitFailure)
	}
	if out := c.String("out"); out != "" {
		if err := fileio.WriteFile(out, data, 0o644); err != nil {
			return cli.Exit(fmt.Sprintf("cannot write --out %s: %v", out, err), exitFailure)
		}
		return nil
	}
	_, err = a.stdout.Write(data)
	return err
}

// grandName is the ruleset's name, for commands that send its users here.
const grandName = grand.Name

// grandDefaultAgent plays both sides of a resolution unless told.
const grandDefaultAgent = "equilibrium"

// ResolveSummary is what grand resolve prints: the battles' outcomes.
type ResolveSummary struct {
	Scenario string    `json:"scenario"`
	Agents   [2]string `json:"agents"`
	Seed     uint64    `json:"seed"`
	Battles  int       `json:"battles"`
	// Wins are the attacker's and the defender's; Draws the rest.
	Wins  [2]int `json:"wins"`
	Draws int    `json:"draws"`
	// Endings count how the battles ended, by reason.
	Endings map[string]int `json:"endings"`
	// Rounds counts the battles by the rounds fought (index 0: 1 round).
	Rounds     []int   `json:"rounds"`
	MeanRounds float64 `json:"mean_rounds"`
	// Lost are each side's factors lost: mean, and the 10th, 50th and
	// 90th percentiles.
	Lost [2]LossFigures `json:"lost"`
	// Seconds is the wall time, and PerSecond the battles resolved a
	// second.
	Seconds   float64 `json:"seconds"`
	PerSecond float64 `json:"battles_per_second"`
}

// LossFigures summarise a side's factors lost over the battles.
type LossFigures struct {
	Of   int     `json:"of"`
	Mean float64 `json:"mean"`
	P10  int     `json:"p10"`
	P50  int     `json:"p50"`
	P90  int     `json:"p90"`
}

// battleOutcome is one battle's figures.
type battleOutcome struct {
	winner engine.Player
	reason string
	rounds int
	lost   [2]int
}

func (a *app) grandResolve(c *cli.Context) error {
	n, workers := c.Int("battles"), c.Int("workers")
	if n < 1 || n > maxResolveBattles {
		return cli.Exit(fmt.Sprintf("--battles %d: give 1 to %d", n, maxResolveBattles), exitUsage)
	}
	if workers < 1 || workers > 64 {
		return cli.Exit(fmt.Sprintf("--workers %d: give 1 to 64", workers), exitUsage)
	}
	scenario := c.String("scenario")
	if scenario == "" {
		scenario = grand.DefaultScenario
	}
	sc, err := grand.Builtin(scenario)
	if err != nil {
		return cli.Exit(fmt.Sprintf("scenario %s: %v (see 'grognard rules' for the built-in battles)", scenario, err), exitUsage)
	}
	specs := [2]string{c.String("a"), c.String("b")}
	seed := c.Uint64("seed")
	// Build the agents once to check the specs before any battle.
	for side, spec := range specs {
		if _, err := agents.New(spec, 1); err != nil {
			return cli.Exit(fmt.Sprintf("-%c: %v (see 'grognard agents')", "ab"[side], err), exitUsage)
		}
	}
	rs := grand.Rules{}
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
			// Every battle has its own seeds, so the figures do not
			// depend on which worker fought it.
			base := engine.SplitMixNth(seed, uint64(i))
			var players [2]agents.Agent
			for side, spec := range specs {
				ag, err := agents.New(spec, engine.SplitMixNth(base, uint64(side+1)))
				if err != nil {
					return err
				}
				players[side] = ag
			}
			var final *grand.State
			obs := func(ev tournaments.Event) error {
				if ev.Final {
					if gs, ok := ev.State.(*grand.State); ok {
						final = gs.Clone().(*grand.State)
					}
				}
				return nil
			}
			rec, err := tournaments.PlayMatch(ctx, rs, scenario, engine.Options{}, players, base, obs)
			if err != nil {
				return fmt.Errorf("battle %d: %w", i+1, err)
			}
			o := battleOutcome{winner: rec.Result.Winner, reason: rec.Result.Reason}
			if final != nil {
				o.rounds = final.CombatRound()
				for side := range 2 {
					o.lost[side] = int(final.Army(side).FactorsLost)
				}
			}
			out[i] = o
			done.Add(1)
			return nil
		})
	}
	if err := p.Wait(); err != nil {
		return cli.Exit(fmt.Sprintf("grand resolve: %v", err), exitFailure)
	}
	progress()
	elapsed := time.Since(start)
	s := summarise(out, sc, specs, seed, elapsed)
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
func summarise(out []battleOutcome, sc *grand.Scenario, specs [2]string, seed uint64, elapsed time.Duration) ResolveSummary {
	s := ResolveSummary{Scenario: sc.Name, Agents: specs, Seed: seed, Battles: len(out), Endings: map[string]int{},
		Seconds: elapsed.Seconds(), PerSecond: float64(len(out)) / max(elapsed.Seconds(), 1e-9)}
	var lost [2][]int
	sum := 0
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
		for side := range 2 {
			lost[side] = append(lost[side], o.lost[side])
		}
	}
	s.MeanRounds = float64(sum) / float64(len(out))
	for side := range 2 {
		l := lost[side]
		sort.Ints(l)
		total := 0
		for _, v := range l {
			total += v
		}
		at := func(q float64) int { return l[min(len(l)-1, int(q*float64(len(l))))] }
		s.Lost[side] = LossFigures{Of: sc.Forces[side].Total(), Mean: float64(total) / float64(len(l)), P10: at(0.1), P50: at(0.5), P90: at(0.9)}
	}
	return s
}

// writeResolve prints the figures for people.
func writeResolve(w io.Writer, s ResolveSummary) {
	pct := func(k int) float64 { return 100 * float64(k) / float64(s.Battles) }
	fmt.Fprintf(w, "%s: %d battles, attacker %s, defender %s, seed %d\n", s.Scenario, s.Battles, s.Agents[0], s.Agents[1], s.Seed)
	fmt.Fprintf(w, "attacker won %d (%.1f%%), defender won %d (%.1f%%), drawn %d (%.1f%%)\n", s.Wins[0], pct(s.Wins[0]), s.Wins[1], pct(s.Wins[1]), s.Draws, pct(s.Draws))
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
		rounds = append(rounds, fmt.Sprintf("%d: %.1f%%", k+1, pct(v)))
	}
	fmt.Fprintf(w, "rounds fought: mean %.2f (%s)\n", s.MeanRounds, strings.Join(rounds, ", "))
	for side, name := range [2]string{"attacker", "defender"} {
		l := s.Lost[side]
		fmt.Fprintf(w, "%s's factors lost (of %d): mean %.1f, 10%% %d, median %d, 90%% %d\n", name, l.Of, l.Mean, l.P10, l.P50, l.P90)
	}
	fmt.Fprintf(w, "%.2f s, %.0f battles a second\n", s.Seconds, s.PerSecond)
}
