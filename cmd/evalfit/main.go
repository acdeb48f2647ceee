// Command evalfit fits the static evaluation of package evaluation on
// self-play games and writes evaluation/weights.json.
//
//	go run ./cmd/evalfit -games 3000 -seed 1 -out evaluation/weights.json
//
// It plays the games of selfplay.Plan(games, seed) on all cores (the
// result does not depend on their number), samples every -every'th step
// of each game from both sides' views, labels each view with the game's
// final outcome, keeps every fifth game (index % 5 == 4) out of the fit,
// fits the full model ("default") and the material-only model
// ("material") on the rest, and prints their log loss, Brier score and
// accuracy on the held-out games beside the constant 0.5.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/grognard/grognard/evaluation"
	"github.com/grognard/grognard/evaluation/selfplay"
)

// HeldOutEvery: game i is held out when i % HeldOutEvery == HeldOutEvery-1.
const HeldOutEvery = 5

type config struct {
	games   int
	seed    uint64
	every   int
	l2      float64
	workers int
	out     string
}

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "evalfit:", err)
		os.Exit(1)
	}
}

func run(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("evalfit", flag.ContinueOnError)
	var c config
	fs.IntVar(&c.games, "games", 3000, "self-play games to play")
	fs.Uint64Var(&c.seed, "seed", 1, "seed of the game plan (scenarios, agents, dice)")
	fs.IntVar(&c.every, "every", 10, "sample the position every this many steps")
	fs.Float64Var(&c.l2, "l2", 1e-4, "L2 penalty on the weights (added to the mean log loss as l2/2 |w|^2)")
	fs.IntVar(&c.workers, "workers", runtime.GOMAXPROCS(0), "games played at once (does not change the result)")
	fs.StringVar(&c.out, "out", "evaluation/weights.json", "file to write the models to; empty for none")
	fs.SetOutput(w)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if c.games < HeldOutEvery || c.every < 1 {
		return fmt.Errorf("need -games >= %d and -every >= 1", HeldOutEvery)
	}
	file, err := fit(context.Background(), c, w)
	if err != nil {
		return err
	}
	file.Command = commandLine(args)
	if c.out == "" {
		return nil
	}
	b, err := json.MarshalIndent(file, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(c.out, append(b, '\n'), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(w, "wrote %s\n", c.out)
	return nil
}

// commandLine is the command that reproduces the file.
func commandLine(args []string) string {
	return strings.TrimSpace("go run ./cmd/evalfit " + strings.Join(args, " "))
}

// fit plays the games, fits both models and scores them.
func fit(ctx context.Context, c config, w io.Writer) (*evaluation.File, error) {
	start := time.Now()
	games := selfplay.Plan(c.games, c.seed)
	results, err := selfplay.PlayAll(ctx, games, c.every, c.workers)
	if err != nil {
		return nil, err
	}
	var train, held []evaluation.Sample
	var wins [2]int
	draws, steps := 0, 0
	for _, r := range results {
		if r.Game.Index%HeldOutEvery == HeldOutEvery-1 {
			held = append(held, r.Samples...)
		} else {
			train = append(train, r.Samples...)
		}
		switch s := r.Outcome.Score(0); s {
		case 1:
			wins[0]++
		case 0:
			wins[1]++
		default:
			draws++
		}
		steps += r.Steps
	}
	played := time.Since(start)
	fmt.Fprintf(w, "played %d games (%d steps) in %v: side 0 won %d, side 1 won %d, %d drawn\n",
		len(results), steps, played.Round(time.Millisecond), wins[0], wins[1], draws)
	fmt.Fprintf(w, "samples: %d training, %d held out (both views, every %d steps)\n", len(train), len(held), c.every)

	def, err := evaluation.Fit(train, c.l2)
	if err != nil {
		return nil, err
	}
	def.Name = "default"
	mat, err := evaluation.FitFeatures(train, c.l2, evaluation.MaterialFeatures)
	if err != nil {
		return nil, err
	}
	mat.Name = "material"

	file := &evaluation.File{
		Games: c.games, TrainGames: c.games - c.games/HeldOutEvery, HeldOutGames: c.games / HeldOutEvery,
		TrainSamples: len(train), HeldOutSamples: len(held),
		Seed: c.seed, Every: c.every, L2: c.l2,
		Features: evaluation.FeatureNames[:],
		Baseline: evaluation.Evaluate(&evaluation.Model{}, held),
	}
	fmt.Fprintf(w, "held-out games (%d positions):\n", len(held))
	for _, m := range []*evaluation.Model{def, mat} {
		fm := m.ToFile()
		fm.HeldOut = evaluation.Evaluate(m, held)
		fm.Train = evaluation.Evaluate(m, train)
		file.Models = append(file.Models, fm)
		fmt.Fprintf(w, "  %-9s %v\n", m.Name, fm.HeldOut)
	}
	fmt.Fprintf(w, "  %-9s %v\n", "constant", file.Baseline)
	fmt.Fprintln(w, "default weights:")
	for k, name := range evaluation.FeatureNames {
		fmt.Fprintf(w, "  %-14s %+9.4f\n", name, def.Weights[k])
	}
	file.Runtime = time.Since(start).Round(time.Second).String()
	fmt.Fprintf(w, "total time %v\n", time.Since(start).Round(time.Millisecond))
	return file, nil
}
