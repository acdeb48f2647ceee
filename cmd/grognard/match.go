package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/fileio"
	"github.com/grognard/grognard/tournaments"
)

// maxTurnLimit keeps --turn-limit within what every ruleset can store.
const maxTurnLimit = 10000

func (a *app) matchCommand() *cli.Command {
	return &cli.Command{
		Name:  "match",
		Usage: "play one game between two agents and print it turn by turn",
		Description: "Plays one game with fixed seeds: the same flags give the same game, bit for bit.\n" +
			"--seed derives the dice seed and both agents' seeds; --dice-seed overrides the dice alone.\n" +
			"--record appends the game as one JSON line that 'grognard replay' checks.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "ruleset", Value: defaultRuleset(), Usage: "ruleset to play (see 'grognard rules')", EnvVars: []string{"GROGNARD_RULESET"}},
			&cli.StringFlag{Name: "scenario", Usage: "built-in scenario (default: the ruleset's first, see 'grognard rules')", EnvVars: []string{"GROGNARD_SCENARIO"}},
			&cli.StringFlag{Name: "a", Value: "random", Usage: "agent spec for side 0 (see 'grognard agents')", EnvVars: []string{"GROGNARD_A"}},
			&cli.StringFlag{Name: "b", Value: "random", Usage: "agent spec for side 1 (see 'grognard agents')", EnvVars: []string{"GROGNARD_B"}},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "master seed: derives the dice seed and both agents' seeds", EnvVars: []string{"GROGNARD_SEED"}},
			&cli.Uint64Flag{Name: "dice-seed", DefaultText: "derived from --seed", Usage: "dice seed, overriding the one derived from --seed", EnvVars: []string{"GROGNARD_DICE_SEED"}},
			&cli.IntFlag{Name: "turn-limit", Usage: "end the game as a draw after this many turns (0: the scenario's limit)", EnvVars: []string{"GROGNARD_TURN_LIMIT"}},
			&cli.StringSliceFlag{Name: "variant", Usage: "switch on an optional rule of the ruleset by name (repeatable; its rules notes in docs/rules list them)", EnvVars: []string{"GROGNARD_VARIANT"}},
			&cli.StringFlag{Name: "record", Usage: "append the game as one JSON line to `FILE`", EnvVars: []string{"GROGNARD_RECORD"}},
			&cli.BoolFlag{Name: "quiet", Usage: "print only the result", EnvVars: []string{"GROGNARD_QUIET"}},
			&cli.BoolFlag{Name: "json", Usage: "print the game record as one JSON line instead of text", EnvVars: []string{"GROGNARD_JSON"}},
			&cli.BoolFlag{Name: "explain", Usage: "print why each agent chose each action: the candidates it weighed, with scores or visits", EnvVars: []string{"GROGNARD_EXPLAIN"}},
			&cli.StringFlag{Name: "explain-json", Usage: "append every decision's explanation to `FILE` as one JSON line", EnvVars: []string{"GROGNARD_EXPLAIN_JSON"}},
		},
		Action: a.match,
	}
}

// matchSetup is a checked match command line.
type matchSetup struct {
	rs         engine.Ruleset
	scenario   string
	opts       engine.Options
	players    [2]agents.Agent
	diceSeed   uint64
	agentSeeds [2]uint64
}

// parseMatch checks every flag before any game starts, so a typo is
// reported at once with the way to fix it.
func parseMatch(c *cli.Context) (*matchSetup, error) {
	if err := noArgs(c); err != nil {
		return nil, err
	}
	if c.Bool("quiet") && c.Bool("json") {
		return nil, cli.Exit("--quiet and --json both choose what is printed: give one of them", exitUsage)
	}
	rs, err := engine.Lookup(c.String("ruleset"))
	if err != nil {
		return nil, cli.Exit(fmt.Sprintf("%v: choose one with --ruleset", err), exitUsage)
	}
	m := &matchSetup{rs: rs, scenario: c.String("scenario")}
	known := rs.Scenarios()
	if m.scenario == "" && len(known) > 0 {
		m.scenario = known[0]
	}
	if err := checkScenario(rs, m.scenario); err != nil {
		return nil, cli.Exit(err.Error()+": choose one with --scenario", exitUsage)
	}
	tl := c.Int("turn-limit")
	if tl < 0 || tl > maxTurnLimit {
		return nil, cli.Exit(fmt.Sprintf("--turn-limit %d is out of range: give 0 (the scenario's limit) up to %d", tl, maxTurnLimit), exitUsage)
	}
	m.opts.TurnLimit = tl
	m.opts.Variants = c.StringSlice("variant")
	if _, err := rs.ScenarioHash(m.scenario, m.opts); err != nil {
		return nil, cli.Exit(fmt.Sprintf("%v: fix --variant", err), exitUsage)
	}

	seeds := deriveSeeds(c.Uint64("seed"))
	m.diceSeed, m.agentSeeds = seeds[0], [2]uint64{seeds[1], seeds[2]}
	if c.IsSet("dice-seed") {
		m.diceSeed = c.Uint64("dice-seed")
	}
	for side, flag := range []string{"a", "b"} {
		ag, err := agents.New(c.String(flag), m.agentSeeds[side])
		if err != nil {
			return nil, cli.Exit(fmt.Sprintf("--%s: %v (see 'grognard agents')", flag, err), exitUsage)
		}
		m.players[side] = ag
	}
	return m, nil
}

func (a *app) match(c *cli.Context) error {
	m, err := parseMatch(c)
	if err != nil {
		return err
	}
	for _, p := range m.players {
		defer agents.Close(p) // an external bot's process ends with the match
	}
	log := a.log.With().Str("ruleset", m.rs.Name()).Str("scenario", m.scenario).Uint64("dice_seed", m.diceSeed).Logger()
	log.Debug().Str("a", m.players[0].Name()).Str("b", m.players[1].Name()).Uint64("seed_a", m.agentSeeds[0]).Uint64("seed_b", m.agentSeeds[1]).Msg("match starting")

	out := bufio.NewWriter(a.stdout)
	defer out.Flush()
	if c.Bool("explain") && (c.Bool("json") || c.Bool("quiet")) {
		return cli.Exit("--explain prints in the text output: drop --json or --quiet (or use --explain-json FILE)", exitUsage)
	}
	// An explanation is made before its action is played: it waits here
	// until the printer has written the action, and goes under it.
	var explained bytes.Buffer
	closeExplain, err := explainPlayers(c, m, &explained)
	if err != nil {
		return err
	}
	defer func() { _ = closeExplain() }()
	var obs tournaments.Observer
	if !c.Bool("json") {
		p := &battlePrinter{w: out, setup: m, seed: c.Uint64("seed"), quiet: c.Bool("quiet"), explained: &explained}
		obs = p.observe
	}
	rec, err := tournaments.PlayMatch(c.Context, m.rs, m.scenario, m.opts, m.players, m.diceSeed, obs)
	if err != nil {
		_ = out.Flush()
		if errors.Is(err, context.Canceled) {
			return cli.Exit("match interrupted: "+err.Error(), exitInterrupt)
		}
		return cli.Exit("match failed: "+err.Error(), exitFailure)
	}
	rec.AgentSeeds = m.agentSeeds
	log.Info().Str("result", rec.Result.String()).Int("steps", len(rec.Steps)).Int("turns", rec.Turns).Msg("match over")

	if c.Bool("json") {
		if err := rec.Write(out); err != nil {
			return cli.Exit("cannot print the record: "+err.Error(), exitFailure)
		}
	}
	if err := out.Flush(); err != nil {
		return cli.Exit("cannot write the output: "+err.Error(), exitFailure)
	}
	if err := closeExplain(); err != nil {
		return cli.Exit(err.Error(), exitFailure)
	}
	if path := c.String("record"); path != "" {
		if err := appendRecord(path, rec); err != nil {
			return cli.Exit(err.Error(), exitFailure)
		}
		log.Info().Str("file", path).Msg("record appended")
	}
	return nil
}

// appendRecord adds rec as one line at the end of path, creating it.
func appendRecord(path string, rec *engine.Record) error {
	f, err := fileio.OpenAppend(path, 0o644)
	if err != nil {
		return fmt.Errorf("cannot open the record file: %w (check --record)", err)
	}
	if err := rec.Write(f); err != nil {
		f.Close()
		return fmt.Errorf("cannot write the record to %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("cannot write the record to %s: %w", path, err)
	}
	return nil
}

// deriveSeeds turns one master seed into the dice seed and the two agents'
// seeds with splitmix64 steps, so nearby master seeds give unrelated games
// and each stream is independent of the others.
func deriveSeeds(seed uint64) [3]uint64 {
	var out [3]uint64
	for i := range out {
		out[i] = engine.SplitMixNth(seed, uint64(i))
	}
	return out
}

// checkScenario resolves a scenario name as a game would (a built-in, a
// scenario file, or gen:SEED) so a bad name or a broken file is reported
// before any game starts, with the file's problems one per line.
func checkScenario(rs engine.Ruleset, name string) error {
	if _, err := rs.ScenarioHash(name, engine.Options{}); err != nil {
		msg := err.Error()
		if !strings.Contains(msg, "built-in") {
			msg += " (a scenario is a built-in name, a .yaml file or gen:SEED)"
		}
		return fmt.Errorf("scenario %q for %s: %s", name, rs.Name(), msg)
	}
	return nil
}

// explainPlayers wraps the players so their explanations are written to
// out as text (--explain) or to a file as JSON lines (--explain-json
// FILE). The returned function closes the file and reports the first write
// or close error, so explanations lost to a full disk fail the match;
// calls after the first return nil.
func explainPlayers(c *cli.Context, m *matchSetup, out io.Writer) (func() error, error) {
	text := c.Bool("explain")
	path := c.String("explain-json")
	if !text && path == "" {
		return func() error { return nil }, nil
	}
	var enc *json.Encoder
	closeFile := func() error { return nil }
	if path != "" {
		f, err := fileio.OpenAppend(path, 0o644)
		if err != nil {
			return nil, cli.Exit(fmt.Sprintf("cannot open the explanation file: %v (check --explain-json)", err), exitFailure)
		}
		ew := &fileio.ErrWriter{W: f}
		enc = json.NewEncoder(ew)
		closed := false
		closeFile = func() error {
			if closed {
				return nil
			}
			closed = true
			if err := errors.Join(ew.Err, f.Close()); err != nil {
				return fmt.Errorf("cannot write the explanations to %s: %w", path, err)
			}
			return nil
		}
	}
	for side := range m.players {
		m.players[side] = agents.Explaining(m.players[side], func(e *agents.Explanation) {
			if text {
				for _, line := range strings.Split(strings.TrimRight(e.String(), "\n"), "\n") {
					fmt.Fprintf(out, "      | %s\n", line)
				}
			}
			if enc != nil {
				_ = enc.Encode(e)
			}
		})
	}
	return closeFile, nil
}
