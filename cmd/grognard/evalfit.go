package main

// evalfit: fit a ruleset's evaluation by its kit's plan (agents.FitPlan):
// self-play games, or recorded games where the plan takes them.

import (
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/fileio"
)

func (a *app) evalfitCommand() *cli.Command {
	return &cli.Command{
		Name:  "evalfit",
		Usage: "fit a ruleset's evaluation on self-play (or recorded) games, as its kit plans",
		Description: "Plays the self-play games the ruleset's kit plans from --seed (the same on any number of\n" +
			"--workers), samples a position every --every steps, holds every fifth game out, fits the\n" +
			"kit's models on the rest and prints how each scores on the held-out games. The fit is written\n" +
			"to --out (the kit's weights file by default), or printed as constants for a kit whose weights\n" +
			"are code. With --records it fits on recorded games instead, where the kit can.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "ruleset", Value: defaultRuleset(), Usage: "the ruleset whose evaluation is fitted (see 'grognard rules')", EnvVars: []string{"GROGNARD_RULESET"}},
			&cli.IntFlag{Name: "games", Usage: "self-play games to play (default: the kit's)", EnvVars: []string{"GROGNARD_GAMES"}},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "seed of the game plan (scenarios, agents, dice)", EnvVars: []string{"GROGNARD_SEED"}},
			&cli.IntFlag{Name: "every", Usage: "sample the position every this many steps (default: the kit's)", EnvVars: []string{"GROGNARD_EVERY"}},
			&cli.Float64Flag{Name: "l2", Value: 1e-4, Usage: "L2 penalty on the weights (added to the mean log loss as l2/2 |w|^2)", EnvVars: []string{"GROGNARD_L2"}},
			&cli.IntFlag{Name: "workers", Value: runtime.GOMAXPROCS(0), Usage: "games played at once (does not change the result)", EnvVars: []string{"GROGNARD_WORKERS"}},
			&cli.StringFlag{Name: "out", Usage: "write the fit to `FILE` (default: the kit's weights file; '-' for none)", EnvVars: []string{"GROGNARD_OUT"}},
			&cli.StringSliceFlag{Name: "records", Usage: "fit on these recorded games instead of self-play: `FILE`s or glob patterns of JSON-line game records (.gz read as gzip), repeatable, every fifth game in the order read held out", EnvVars: []string{"GROGNARD_RECORDS"}},
		},
		Action: a.evalfit,
	}
}

func (a *app) evalfit(c *cli.Context) error {
	if err := noArgs(c); err != nil {
		return err
	}
	r := c.String("ruleset")
	if _, err := engine.Lookup(r); err != nil {
		return cli.Exit("--ruleset: "+err.Error(), exitUsage)
	}
	k := agents.KitFor(r)
	if k == nil || k.Fit == nil {
		return cli.Exit(fmt.Sprintf("the %s rules have no evaluation to fit (no fit plan in their kit)", r), exitUsage)
	}
	plan := k.Fit
	cfg := agents.FitConfig{Games: plan.Games, Seed: c.Uint64("seed"), Every: plan.Every, L2: c.Float64("l2"), Workers: c.Int("workers")}
	if c.IsSet("games") {
		cfg.Games = c.Int("games")
	}
	if c.IsSet("every") {
		cfg.Every = c.Int("every")
	}
	switch {
	case cfg.Games < agents.HeldOutEvery || cfg.Games > 1_000_000:
		return cli.Exit(fmt.Sprintf("--games %d: give %d to 1000000", cfg.Games, agents.HeldOutEvery), exitUsage)
	case cfg.Every < 1:
		return cli.Exit(fmt.Sprintf("--every %d: give 1 or more", cfg.Every), exitUsage)
	case cfg.Workers < 1 || cfg.Workers > 64:
		return cli.Exit(fmt.Sprintf("--workers %d: give 1 to 64", cfg.Workers), exitUsage)
	case !(cfg.L2 >= 0):
		return cli.Exit(fmt.Sprintf("--l2 %g: give 0 or more", cfg.L2), exitUsage)
	}
	if pats := c.StringSlice("records"); len(pats) > 0 {
		if !plan.Records {
			return cli.Exit(fmt.Sprintf("--records: the %s evaluation is fitted on self-play only", r), exitUsage)
		}
		if c.IsSet("games") || c.IsSet("seed") {
			return cli.Exit("--games and --seed plan self-play games, which --records replaces: give one or the other", exitUsage)
		}
		files, err := recordFiles(pats)
		if err != nil {
			return cli.Exit(err.Error(), exitUsage)
		}
		cfg.Records = files
	}
	cfg.Command = "grognard evalfit " + strings.Join(quoteArgs(flagArgs(c)), " ")
	data, err := plan.Fit(c.Context, cfg, a.stdout)
	if err != nil {
		return cli.Exit("evalfit: "+err.Error(), exitFailure)
	}
	out := c.String("out")
	if out == "" {
		out = plan.Out
	}
	if data == nil || out == "" || out == "-" {
		return nil
	}
	if err := fileio.WriteFile(out, data, 0o644); err != nil {
		return cli.Exit(fmt.Sprintf("cannot write the fit: %v", err), exitFailure)
	}
	fmt.Fprintf(a.stdout, "wrote %s\n", out)
	return nil
}

// flagArgs are the flags given, as a command line writes them.
func flagArgs(c *cli.Context) []string {
	var out []string
	for _, f := range c.Command.Flags {
		n := f.Names()[0]
		if !c.IsSet(n) {
			continue
		}
		if n == "records" {
			for _, v := range c.StringSlice(n) {
				out = append(out, "--records", v)
			}
			continue
		}
		out = append(out, "--"+n, fmt.Sprint(c.Value(n)))
	}
	return out
}

// quoteArgs puts an argument the shell would split or expand (a --records
// pattern) in single quotes.
func quoteArgs(args []string) []string {
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = a
		if a == "" || strings.ContainsAny(a, " \t*?[]{}$'\"\\;&|<>()~#") {
			quoted[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return quoted
}

// recordFiles expands paths and patterns, each pattern's matches in
// lexical order, refusing a pattern that matches nothing and a file named
// twice.
func recordFiles(pats []string) ([]string, error) {
	var files []string
	seen := map[string]bool{}
	for _, pat := range pats {
		if pat = strings.TrimSpace(pat); pat == "" {
			continue
		}
		matches, err := filepath.Glob(pat)
		if err != nil {
			return nil, fmt.Errorf("--records %q: %w", pat, err)
		}
		if len(matches) == 0 {
			return nil, fmt.Errorf("--records %q: no such file", pat)
		}
		for _, m := range matches {
			if seen[m] {
				return nil, fmt.Errorf("--records: %s is named twice", m)
			}
			seen[m] = true
			files = append(files, m)
		}
	}
	if len(files) == 0 {
		return nil, errors.New("--records names no file")
	}
	return files, nil
}
