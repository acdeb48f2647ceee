package agents

import (
	"context"
	"io"
)

// FitPlan is how a kit's evaluation is fitted: the games it plays (or the
// recorded games it reads), the models it fits and the file it writes.
// 'grognard evalfit --ruleset R' runs the plan of R's kit; a kit without
// one says it cannot be fitted.
type FitPlan struct {
	// Out is the file the fit is written to when not told: where the
	// kit's evaluation reads its weights from, or "" when the weights are
	// constants in code (the fit prints them to paste).
	Out string
	// Doc says in a line what is fitted on what, for the command's help.
	Doc string
	// Games and Every are the kit's defaults of FitConfig.Games and
	// FitConfig.Every.
	Games, Every int
	// Records says whether Fit can fit on recorded games
	// (FitConfig.Records) instead of self-play.
	Records bool
	// Fit plays or reads the games, fits, tells w how each model scores
	// on the held-out games, and returns the text of the file to write
	// (nil when the kit has no file: w was told the constants).
	Fit func(ctx context.Context, cfg FitConfig, w io.Writer) ([]byte, error)
}

// FitConfig is what a fit is asked for. The same config gives the same
// fit, whatever Workers is.
type FitConfig struct {
	// Games self-play games are planned from Seed, each position sampled
	// every Every steps; L2 is the penalty on the weights.
	Games int
	Seed  uint64
	Every int
	L2    float64
	// Workers are the games played at once.
	Workers int
	// Records are files of recorded games to fit on instead of
	// self-play (FitPlan.Records), in the order given.
	Records []string
	// Command is the command line that reproduces the fit, for the file.
	Command string
}

// HeldOutEvery: game i of a fit is held out when i % HeldOutEvery is
// HeldOutEvery-1, so every fit scores its models on games it did not see.
const HeldOutEvery = 5
