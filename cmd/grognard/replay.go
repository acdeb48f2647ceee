package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/grognard/grognard/engine"
)

func (a *app) replayCommand() *cli.Command {
	return &cli.Command{
		Name:      "replay",
		Usage:     "replay recorded games and check each reaches its recorded result",
		ArgsUsage: "FILE",
		Description: "FILE holds JSON-line game records, as written by 'grognard match --record FILE'\n" +
			"(or --json); '-' reads standard input. Each game is played again from its recorded\n" +
			"actions and dice under the registered ruleset; any difference is a mismatch and\n" +
			"the command exits 1.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "verbose", Usage: "print every step of every game", EnvVars: []string{"GROGNARD_VERBOSE"}},
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
	recs, err := readRecordFile(path)
	if err != nil {
		return cli.Exit(err.Error(), exitFailure)
	}
	if len(recs) == 0 {
		return cli.Exit(fmt.Sprintf("%s holds no game records: write some with 'grognard match --record %s'", path, path), exitFailure)
	}
	out := bufio.NewWriter(a.stdout)
	defer out.Flush()
	bad := 0
	for i, rec := range recs {
		if err := c.Context.Err(); err != nil {
			_ = out.Flush()
			return cli.Exit("replay interrupted: "+err.Error(), exitInterrupt)
		}
		st, err := replayOne(rec)
		names := sideNamesOf(st)
		if err != nil {
			bad++
			fmt.Fprintf(out, "game %d: MISMATCH: %v\n", i+1, err)
			a.log.Warn().Int("game", i+1).Err(err).Msg("replay mismatch")
		} else {
			fmt.Fprintf(out, "game %d: ok, %s, %d steps\n", i+1, resultText(rec.Result, names), len(rec.Steps))
		}
		if c.Bool("verbose") {
			for _, s := range rec.Steps {
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

// readRecordFile reads every record in path, "-" meaning standard input.
func readRecordFile(path string) ([]*engine.Record, error) {
	var r io.Reader = os.Stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, fmt.Errorf("cannot read the records: %w", err)
		}
		defer f.Close()
		r = f
	}
	recs, err := engine.ReadRecords(r)
	if err != nil {
		return nil, fmt.Errorf("%s is not a file of game records: %w", path, err)
	}
	return recs, nil
}

// replayOne replays rec under its registered ruleset. Beyond
// engine.Replay it also checks the turn reached and that an unfinished
// record is not in fact a finished game, so a truncated record is caught.
func replayOne(rec *engine.Record) (engine.State, error) {
	rs, err := engine.Lookup(rec.Ruleset)
	if err != nil {
		return nil, err
	}
	st, err := engine.Replay(rs, rec)
	if err != nil {
		return st, err
	}
	if st.Terminal() != rec.Result.Over {
		return st, fmt.Errorf("%w: replay ends %s, record says %s", engine.ErrReplayMismatch, st.Result(), rec.Result)
	}
	if st.Turn() != rec.Turns {
		return st, fmt.Errorf("%w: replay ends on turn %d, record says turn %d", engine.ErrReplayMismatch, st.Turn(), rec.Turns)
	}
	return st, nil
}
