package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/grognard/grognard/agents/protocol"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/fileio"
)

func (a *app) replayCommand() *cli.Command {
	return &cli.Command{
		Name:      "replay",
		Usage:     "replay recorded games and check each reaches its recorded result",
		ArgsUsage: "FILE",
		Description: "FILE holds JSON-line game records, as written by 'grognard match --record FILE'\n" +
			"(or --json), gzipped when the name ends in .gz; '-' reads standard input. Each game\n" +
			"is played again from its recorded actions and dice under the registered ruleset;\n" +
			"any difference is a mismatch and the command exits 1. With --svg or --save it\n" +
			"draws or saves one game's position after --step steps instead (the last by\n" +
			"default).",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "verbose", Usage: "print every step of every game", EnvVars: []string{"GROGNARD_VERBOSE"}},
			&cli.StringFlag{Name: "svg", Usage: "draw the position of one game (--game) after --step steps to `FILE` as an SVG picture", EnvVars: []string{"GROGNARD_SVG"}},
			&cli.StringFlag{Name: "save", Usage: "save one game (--game) as far as --step steps to `FILE` as a saved game, which hint --game, play and the protocol's load take up", EnvVars: []string{"GROGNARD_SAVE"}},
			&cli.IntFlag{Name: "game", Value: 1, Usage: "the game of the file --svg and --save take, counting from 1", EnvVars: []string{"GROGNARD_GAME"}},
			&cli.IntFlag{Name: "step", Value: -1, DefaultText: "the last", Usage: "the number of steps played before the position --svg and --save take", EnvVars: []string{"GROGNARD_STEP"}},
		},
		Action: a.replay,
	}
}

func (a *app) replay(c *cli.Context) error {
	args := c.Args().Slice()
	for _, arg := range args[min(1, len(args)):] {
		if strings.HasPrefix(arg, "-") {
			return cli.Exit(fmt.Sprintf("%q comes after the file: flags go before it (grognard replay [--verbose] FILE)", arg), exitUsage)
		}
	}
	if len(args) != 1 {
		return cli.Exit(fmt.Sprintf("replay needs exactly one FILE of records, got %d arguments %q (usage: grognard replay [--verbose] FILE)", len(args), args), exitUsage)
	}
	path := args[0]
	if strings.HasPrefix(path, "-") && path != "-" {
		return cli.Exit(fmt.Sprintf("%q looks like a flag: flags go before the file (grognard replay --verbose FILE)", path), exitUsage)
	}
	recs, err := readRecordFile(c.Context, path, a.stdin)
	if err != nil {
		return cli.Exit(err.Error(), exitFailure)
	}
	if len(recs) == 0 {
		return cli.Exit(fmt.Sprintf("%s holds no game records: write some with 'grognard match --record %s'", path, path), exitFailure)
	}
	if c.String("svg") != "" || c.String("save") != "" {
		return a.replayPosition(c, recs)
	}
	out := bufio.NewWriter(a.stdout)
	defer out.Flush()
	bad := 0
	for i, rec := range recs {
		if err := c.Context.Err(); err != nil {
			_ = out.Flush()
			return cli.Exit("replay interrupted: "+err.Error(), exitInterrupt)
		}
		var texts []string
		var visit func(int, engine.State) error
		if c.Bool("verbose") {
			texts = make([]string, len(rec.Steps))
			visit = func(k int, st engine.State) error {
				texts[k] = describeStep(st, &rec.Steps[k])
				return nil
			}
		}
		st, err := replayOne(rec, visit)
		names := sideNamesOf(st)
		if err != nil {
			bad++
			fmt.Fprintf(out, "game %d: MISMATCH: %v\n", i+1, err)
			a.log.Warn().Int("game", i+1).Err(err).Msg("replay mismatch")
		} else {
			fmt.Fprintf(out, "game %d: ok, %s, %d steps\n", i+1, resultText(rec.Result, names), len(rec.Steps))
		}
		if c.Bool("verbose") {
			for k, s := range rec.Steps {
				// A format 2 record keeps no descriptions: each step is
				// described from the position it was played in, as far as
				// the game replayed.
				switch {
				case texts[k] != "":
					s.Text = texts[k]
				case s.Text == "":
					s.Text = s.Notation + " (not replayed)"
				}
				fmt.Fprintln(out, stepLine(s, names))
			}
		}
	}
	if err := out.Flush(); err != nil {
		return cli.Exit("cannot write the output: "+err.Error(), exitFailure)
	}
	if bad > 0 {
		return cli.Exit(fmt.Sprintf("%d of %d games in %s did not replay", bad, len(recs), path), exitFailure)
	}
	return nil
}

// readRecordFile reads every record in path, "-" meaning standard input;
// a file whose name ends in .gz is gunzipped. The limits of
// engine.ReadRecordsContext apply, and Ctrl-C stops the read, even of a
// standard input that never ends or never writes.
func readRecordFile(ctx context.Context, path string, stdin io.Reader) ([]*engine.Record, error) {
	if path != "-" {
		return engine.ReadRecordFileContext(ctx, path)
	}
	recs, err := engine.ReadRecordsContext(ctx, fileio.Interruptible(ctx, stdin))
	if err != nil {
		return nil, fmt.Errorf("standard input is not a file of game records: %w", err)
	}
	return recs, nil
}

// replayOne replays rec under its registered ruleset, calling visit (if
// not nil) with the state before each step as engine.ReplayVisit does. Beyond
// engine.Replay it also checks the turn reached and that an unfinished
// record is not in fact a finished game, so a truncated record is caught.
// A forfeit ends a game the position does not show finished; engine.Replay
// has checked it against the position.
func replayOne(rec *engine.Record, visit func(int, engine.State) error) (engine.State, error) {
	rs, err := engine.Lookup(rec.Ruleset)
	if err != nil {
		return nil, err
	}
	st, err := engine.ReplayVisit(rs, rec, visit)
	if err != nil {
		return st, err
	}
	if st.Terminal() != rec.Result.Over && !engine.IsForfeit(rec.Result) {
		return st, fmt.Errorf("%w: replay ends %s, record says %s", engine.ErrReplayMismatch, st.Result(), rec.Result)
	}
	if st.Turn() != rec.Turns {
		return st, fmt.Errorf("%w: replay ends on turn %d, record says turn %d", engine.ErrReplayMismatch, st.Turn(), rec.Turns)
	}
	return st, nil
}

// describeStep says in words what step s, played in st, does: the dice
// rolled and why, or the action as a person carries it out.
func describeStep(st engine.State, s *engine.Step) string {
	if s.Dice != nil {
		return st.DescribeRoll()
	}
	a, err := s.ActionIn(st)
	if err != nil {
		return s.Notation
	}
	return st.DescribeAction(a)
}

// replayPosition draws or saves one game's position after some steps.
func (a *app) replayPosition(c *cli.Context, recs []*engine.Record) error {
	g := c.Int("game")
	if g < 1 || g > len(recs) {
		return cli.Exit(fmt.Sprintf("--game %d: the file holds games 1 to %d", g, len(recs)), exitUsage)
	}
	rec := recs[g-1]
	n := c.Int("step")
	if n == -1 {
		n = len(rec.Steps)
	}
	if n < 0 || n > len(rec.Steps) {
		return cli.Exit(fmt.Sprintf("--step %d: game %d has steps 0 to %d", n, g, len(rec.Steps)), exitUsage)
	}
	rs, err := engine.Lookup(rec.Ruleset)
	if err != nil {
		return cli.Exit(err.Error(), exitFailure)
	}
	st, err := engine.ReplaySteps(rs, rec, n)
	if err != nil {
		return cli.Exit(fmt.Sprintf("game %d does not replay to step %d: %v", g, n, err), exitFailure)
	}
	if file := c.String("save"); file != "" {
		data, err := protocol.EncodeReplayed(rec, n, st)
		if err != nil {
			return cli.Exit(fmt.Sprintf("cannot save the game: %v", err), exitFailure)
		}
		if err := fileio.WriteFile(file, append(data, '\n'), 0o644); err != nil {
			return cli.Exit(fmt.Sprintf("cannot save the game: %v", err), exitFailure)
		}
		next := fmt.Sprintf(": 'grognard hint --game %s' advises from there", file)
		switch {
		case st.Terminal():
			next = " (the game is over there)"
		case st.ToMove() == engine.Chance:
			// Hints are for a side's decision: point at the next one.
			k := n
			for k < len(rec.Steps) && rec.Steps[k].Player == engine.Chance {
				k++
			}
			next = fmt.Sprintf(" (dice are to roll there; --step %d is the next decision, for hints)", k)
		}
		fmt.Fprintf(a.stdout, "Game %d after %d steps (turn %d) saved to %s%s\n", g, n, st.Turn(), file, next)
	}
	if file := c.String("svg"); file != "" {
		if err := drawPicture(st, engine.PictureOptions{}, file); err != nil {
			return err
		}
		fmt.Fprintf(a.stdout, "Game %d after %d steps (turn %d) drawn to %s\n", g, n, st.Turn(), file)
	}
	return nil
}
