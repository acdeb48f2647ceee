// Command evalfit fits the static evaluation of package evaluation/twobytwo on
// self-play games and writes evaluation/twobytwo/weights.json.
//
//	go run ./cmd/evalfit -games 3000 -seed 1 -out evaluation/twobytwo/weights.json
//
// It plays the games of selfplay.Plan(games, seed) (agents/twobytwo/selfplay) on all cores (the
// result does not depend on their number), samples every -every'th step
// of each game from both sides' views, labels each view with the game's
// final outcome, keeps every fifth game (index % 5 == 4) out of the fit,
// fits the full model ("default") and the material-only model
// ("material") on the rest, and prints their log loss, Brier score and
// accuracy on the held-out games beside the constant 0.5 and the default
// model this binary embeds ("shipped").
//
// With -records it fits on recorded games instead (the JSON-line records
// of grognard match and tournament, gzipped or not), every fifth in the
// order read held out:
//
//	go run ./cmd/evalfit -records 'docs/strength/*/part-*.jsonl.gz' -out FILE
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/grognard/grognard/agents/twobytwo/selfplay"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/fileio"
	evaltwo "github.com/grognard/grognard/evaluation/twobytwo"
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
	// records, when set, are the files of recorded games to fit on
	// instead of self-play: comma-separated paths or glob patterns.
	records string
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
	fs.StringVar(&c.out, "out", "evaluation/twobytwo/weights.json", "file to write the models to; empty for none")
	fs.StringVar(&c.records, "records", "", "fit on these recorded games instead of self-play: comma-separated files or glob patterns of\nJSON-line game records (a name ending .gz is read as gzip), every fifth game in the order read held out")
	fs.SetOutput(w)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q: evalfit takes flags only; quote a -records pattern ('docs/strength/*/part-*.jsonl.gz') so that the shell does not expand it, or join files with commas", fs.Arg(0))
	}
	if c.games < HeldOutEvery || c.every < 1 {
		return fmt.Errorf("need -games >= %d and -every >= 1", HeldOutEvery)
	}
	if c.records != "" {
		var clash []string
		fs.Visit(func(f *flag.Flag) {
			if f.Name == "games" || f.Name == "seed" {
				clash = append(clash, "-"+f.Name)
			}
		})
		if len(clash) > 0 {
			return fmt.Errorf("%s plan self-play games, which -records replaces: give one or the other", strings.Join(clash, " and "))
		}
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
	if err := fileio.WriteFile(c.out, append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("cannot write the weights: %w", err)
	}
	fmt.Fprintf(w, "wrote %s\n", c.out)
	return nil
}

// commandLine is the command that reproduces the file, an argument the
// shell would split or expand (a -records pattern) in single quotes.
func commandLine(args []string) string {
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = a
		if a == "" || strings.ContainsAny(a, " \t*?[]{}$'\"\\;&|<>()~#") {
			quoted[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.TrimSpace("go run ./cmd/evalfit " + strings.Join(quoted, " "))
}

// game is one game's samples and outcome, played or read from a record.
type game struct {
	samples []evaltwo.Sample
	outcome engine.Result
	steps   int
}

// playGames plays the self-play games of c.
func playGames(ctx context.Context, c config) ([]game, error) {
	results, err := selfplay.PlayAll(ctx, selfplay.Plan(c.games, c.seed), c.every, c.workers)
	if err != nil {
		return nil, err
	}
	games := make([]game, len(results))
	for i, r := range results {
		games[i] = game{samples: r.Samples, outcome: r.Outcome, steps: r.Steps}
	}
	return games, nil
}

// recordFiles expands the comma-separated paths and patterns of list, each
// pattern's matches in lexical order, refusing a pattern that matches
// nothing and a file named twice.
func recordFiles(list string) ([]string, error) {
	var files []string
	seen := map[string]bool{}
	for _, pat := range strings.Split(list, ",") {
		if pat = strings.TrimSpace(pat); pat == "" {
			continue
		}
		matches, err := filepath.Glob(pat)
		if err != nil {
			return nil, fmt.Errorf("-records %q: %w", pat, err)
		}
		if len(matches) == 0 {
			return nil, fmt.Errorf("-records %q: no such file", pat)
		}
		for _, m := range matches {
			if seen[m] {
				return nil, fmt.Errorf("-records: %s is named twice", m)
			}
			seen[m] = true
			files = append(files, m)
		}
	}
	if len(files) == 0 {
		return nil, errors.New("-records names no file")
	}
	return files, nil
}

// readGames replays the records of the files list names (see
// recordFiles) and samples them, returning the files in the order read.
// Games without an outcome to learn from (unfinished, forfeited) are left
// out, and their number is told on w.
func readGames(list string, every int, w io.Writer) ([]game, []string, error) {
	files, err := recordFiles(list)
	if err != nil {
		return nil, nil, err
	}
	var games []game
	skipped := 0
	for _, path := range files {
		recs, err := engine.ReadRecordFile(path)
		if err != nil {
			return nil, nil, err
		}
		for i, rec := range recs {
			samples, err := evaltwo.RecordSamples(rec, every)
			if errors.Is(err, evaltwo.ErrNoOutcome) {
				skipped++
				continue
			}
			if err != nil {
				return nil, nil, fmt.Errorf("%s, game %d: %w", path, i+1, err)
			}
			games = append(games, game{samples: samples, outcome: rec.Result, steps: len(rec.Steps)})
		}
	}
	if skipped > 0 {
		fmt.Fprintf(w, "left out %d recorded games without an outcome to learn from (unfinished or forfeited)\n", skipped)
	}
	return games, files, nil
}

// fit plays or reads the games, fits both models and scores them.
func fit(ctx context.Context, c config, w io.Writer) (*evaltwo.File, error) {
	start := time.Now()
	var (
		games []game
		files []string // the records read; none for self-play
		err   error
	)
	if c.records == "" {
		games, err = playGames(ctx, c)
	} else {
		games, files, err = readGames(c.records, c.every, w)
	}
	if err != nil {
		return nil, err
	}
	if len(games) < HeldOutEvery {
		return nil, fmt.Errorf("%d games: need %d or more to hold some out", len(games), HeldOutEvery)
	}
	var train, held []evaltwo.Sample
	var wins [2]int
	draws, steps := 0, 0
	for i, r := range games {
		if i%HeldOutEvery == HeldOutEvery-1 {
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
	played := time.Since(start)
	verb := "played"
	if c.records != "" {
		verb = "replayed"
	}
	fmt.Fprintf(w, "%s %d games (%d steps) in %v: side 0 won %d, side 1 won %d, %d drawn\n",
		verb, len(games), steps, played.Round(time.Millisecond), wins[0], wins[1], draws)
	fmt.Fprintf(w, "samples: %d training, %d held out (both views, every %d steps)\n", len(train), len(held), c.every)

	def, err := evaltwo.Fit(train, c.l2)
	if err != nil {
		return nil, err
	}
	def.Name = "default"
	mat, err := evaltwo.FitFeatures(train, c.l2, evaltwo.MaterialFeatures)
	if err != nil {
		return nil, err
	}
	mat.Name = "material"

	n := len(games)
	file := &evaltwo.File{
		Games: n, TrainGames: n - n/HeldOutEvery, HeldOutGames: n / HeldOutEvery,
		TrainSamples: len(train), HeldOutSamples: len(held),
		Records: files,
		Every:   c.every, L2: c.l2,
		Features: evaltwo.FeatureNames[:],
		Baseline: evaltwo.Evaluate(&evaltwo.Model{}, held),
	}
	if c.records == "" {
		file.Seed = c.seed
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
	return file, nil
}
