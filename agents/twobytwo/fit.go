package twobytwo

// The fit plan of the 2 by 2 evaluation (agents.FitPlan): the self-play
// games of Plan, or recorded games, both models fitted and scored on the
// held-out games, written as evaluation/twobytwo/weights.json.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	evaltwo "github.com/grognard/grognard/evaluation/twobytwo"
)

// fitPlan is the kit's agents.FitPlan.
var fitPlan = &agents.FitPlan{
	Games: 3000, Every: 10,
	Out:     "evaluation/twobytwo/weights.json",
	Doc:     "greedy agents at several aggressions on the built-in and generated battlefields (or recorded games); the full and the material-only logistic models",
	Records: true,
	Fit:     fit,
}

// fitGame is one game's samples and outcome, played or read from a record.
type fitGame struct {
	samples []evaltwo.Sample
	outcome engine.Result
	steps   int
}

// playFitGames plays the self-play games of cfg.
func playFitGames(ctx context.Context, cfg agents.FitConfig) ([]fitGame, error) {
	results, err := PlayAll(ctx, Plan(cfg.Games, cfg.Seed), cfg.Every, cfg.Workers)
	if err != nil {
		return nil, err
	}
	games := make([]fitGame, len(results))
	for i, r := range results {
		games[i] = fitGame{samples: r.Samples, outcome: r.Outcome, steps: r.Steps}
	}
	return games, nil
}

// readFitGames replays and samples the records of files. Games without an
// outcome to learn from (unfinished, forfeited) are left out, and their
// number is told on w.
func readFitGames(files []string, every int, w io.Writer) ([]fitGame, error) {
	var games []fitGame
	skipped := 0
	for _, path := range files {
		recs, err := engine.ReadRecordFile(path)
		if err != nil {
			return nil, err
		}
		for i, rec := range recs {
			samples, err := evaltwo.RecordSamples(rec, every)
			if errors.Is(err, evaltwo.ErrNoOutcome) {
				skipped++
				continue
			}
			if err != nil {
				return nil, fmt.Errorf("%s, game %d: %w", path, i+1, err)
			}
			games = append(games, fitGame{samples: samples, outcome: rec.Result, steps: len(rec.Steps)})
		}
	}
	if skipped > 0 {
		fmt.Fprintf(w, "left out %d recorded games without an outcome to learn from (unfinished or forfeited)\n", skipped)
	}
	return games, nil
}

// fit plays or reads the games, fits both models and scores them.
func fit(ctx context.Context, cfg agents.FitConfig, w io.Writer) ([]byte, error) {
	start := time.Now()
	var (
		games []fitGame
		err   error
	)
	if len(cfg.Records) == 0 {
		games, err = playFitGames(ctx, cfg)
	} else {
		games, err = readFitGames(cfg.Records, cfg.Every, w)
	}
	if err != nil {
		return nil, err
	}
	if len(games) < agents.HeldOutEvery {
		return nil, fmt.Errorf("%d games: need %d or more to hold some out", len(games), agents.HeldOutEvery)
	}
	var train, held []evaltwo.Sample
	var wins [2]int
	draws, steps := 0, 0
	for i, r := range games {
		if i%agents.HeldOutEvery == agents.HeldOutEvery-1 {
			held = append(held, r.samples...)
		} else {
			train = append(train, r.samples...)
		}
		switch s := r.outcome.Score(0); s {
		case 1:
			wins[0]++
		case 0:
			wins[1]++
		default:
			draws++
		}
		steps += r.steps
	}
	verb := "played"
	if len(cfg.Records) > 0 {
		verb = "replayed"
	}
	fmt.Fprintf(w, "%s %d games (%d steps) in %v: side 0 won %d, side 1 won %d, %d drawn\n",
		verb, len(games), steps, time.Since(start).Round(time.Millisecond), wins[0], wins[1], draws)
	fmt.Fprintf(w, "samples: %d training, %d held out (both views, every %d steps)\n", len(train), len(held), cfg.Every)

	def, err := evaltwo.Fit(train, cfg.L2)
	if err != nil {
		return nil, err
	}
	def.Name = "default"
	mat, err := evaltwo.FitFeatures(train, cfg.L2, evaltwo.MaterialFeatures)
	if err != nil {
		return nil, err
	}
	mat.Name = "material"

	n := len(games)
	file := &evaltwo.File{
		Command: cfg.Command,
		Games:   n, TrainGames: n - n/agents.HeldOutEvery, HeldOutGames: n / agents.HeldOutEvery,
		TrainSamples: len(train), HeldOutSamples: len(held),
		Records: cfg.Records,
		Every:   cfg.Every, L2: cfg.L2,
		Features: evaltwo.FeatureNames[:],
		Baseline: evaltwo.Evaluate(&evaltwo.Model{}, held),
	}
	if len(cfg.Records) == 0 {
		file.Seed = cfg.Seed
	}
	fmt.Fprintf(w, "held-out games (%d positions):\n", len(held))
	for _, m := range []*evaltwo.Model{def, mat} {
		fm := m.ToFile()
		fm.HeldOut = evaltwo.Evaluate(m, held)
		fm.Train = evaltwo.Evaluate(m, train)
		file.Models = append(file.Models, fm)
		fmt.Fprintf(w, "  %-9s %v\n", m.Name, fm.HeldOut)
	}
	fmt.Fprintf(w, "  %-9s %v\n", "constant", file.Baseline)
	// The weights this binary embeds, on the same positions: whether the
	// new fit predicts these games better than what ships.
	fmt.Fprintf(w, "  %-9s %v\n", "shipped", evaltwo.Evaluate(evaltwo.Default, held))
	fmt.Fprintln(w, "default weights:")
	for k, name := range evaltwo.FeatureNames {
		fmt.Fprintf(w, "  %-14s %+9.4f\n", name, def.Weights[k])
	}
	file.Runtime = time.Since(start).Round(time.Second).String()
	fmt.Fprintf(w, "total time %v\n", time.Since(start).Round(time.Millisecond))
	b, err := json.MarshalIndent(file, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
