package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/agents/protocol"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/fileio"
)

func (a *app) hintCommand() *cli.Command {
	return &cli.Command{
		Name:  "hint",
		Usage: "the best orders for a side in a scenario or a saved game, with estimated win/draw/loss",
		Description: `Prints the agent's best actions for the side to move, each with its value and the shares
of wins, draws and losses in games played out from it. --game FILE reads a game saved by
'grognard play --save' or the protocol's save (the position there, corrected to the table or
not); otherwise a new game on --scenario is played (set-up by --seed's dice and the
doctrine for the other side) up to --side's first decision. --svg draws the table with the
suggested orders as numbered arrows.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "ruleset", Value: defaultRuleset(), Usage: "ruleset of a new game (see 'grognard rules'); a saved game names its own", EnvVars: []string{"GROGNARD_RULESET"}},
			&cli.StringFlag{Name: "game", Usage: "a saved game `FILE` (from play --save or the protocol's save)", EnvVars: []string{"GROGNARD_GAME"}},
			&cli.StringFlag{Name: "scenario", Usage: "built-in scenario, scenario file or gen:SEED when no --game (default: the ruleset's first)", EnvVars: []string{"GROGNARD_SCENARIO"}},
			&cli.StringFlag{Name: "side", Usage: "the side to advise: 0, 1 or its name (default: the side to move; for a new game, 0)", EnvVars: []string{"GROGNARD_SIDE"}},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "seed of a new game's dice and set-up", EnvVars: []string{"GROGNARD_SEED"}},
			&cli.StringFlag{Name: "agent", Value: protocol.DefaultBot, Usage: "the agent that advises (see 'grognard agents')", EnvVars: []string{"GROGNARD_AGENT"}},
			&cli.IntFlag{Name: "n", Value: 3, Usage: "how many orders to suggest", EnvVars: []string{"GROGNARD_HINTS"}},
			&cli.BoolFlag{Name: "plan", Usage: "also give the agent's orders for the rest of the turn (dice and enemy replies as they might go)", EnvVars: []string{"GROGNARD_PLAN"}},
			&cli.IntFlag{Name: "playouts", Value: 8, Usage: "games played out after each suggestion to estimate win/draw/loss (0: none)", EnvVars: []string{"GROGNARD_PLAYOUTS"}},
			&cli.StringFlag{Name: "svg", Usage: "draw the table with the suggestions as arrows to `FILE`", EnvVars: []string{"GROGNARD_SVG"}},
			&cli.BoolFlag{Name: "json", Usage: "print the hints as JSON", EnvVars: []string{"GROGNARD_JSON"}},
		},
		Action: a.hint,
	}
}

func (a *app) hint(c *cli.Context) error {
	if err := noArgs(c); err != nil {
		return err
	}
	ctx := c.Context
	// The search, the playouts and the plan take seconds: a sign of life
	// on a terminal until the hints are printed.
	done := a.thinking("hint:")
	defer done()
	sess := protocol.NewSession(protocol.Config{Name: "grognard", Version: programVersion(), Ruleset: defaultRuleset()})
	defer sess.Close()
	do := func(cmd string, args ...string) (protocol.Reply, error) {
		return sess.Execute(ctx, protocol.Request{Cmd: cmd, Args: args})
	}
	side := strings.TrimSpace(c.String("side"))
	if file := c.String("game"); file != "" {
		if c.IsSet("scenario") {
			return cli.Exit("give --game or --scenario, not both", exitUsage)
		}
		// The file's sides play no part in a hint (--agent advises), and
		// a program a file names is never started: both are human here.
		if _, err := do("load", file, "side0=human", "side1=human"); err != nil {
			return cli.Exit(err.Error(), exitUsage)
		}
		if st := sess.State(); !st.Terminal() && st.ToMove() == engine.Chance {
			// The protocol's answer (give the dice) is for a front end;
			// here the way on is a file saved at a side's decision.
			return cli.Exit(fmt.Sprintf("%s stops at a die roll (%s): hints are for a side's decision; save the game a step or more later ('grognard replay --save' names the next decision's --step)", file, st.DescribeRoll()), exitUsage)
		}
	} else {
		if side == "" {
			side = "0"
		}
		if err := startForHint(ctx, sess, c, side); err != nil {
			if ctx.Err() != nil {
				return cli.Exit("hint interrupted", exitInterrupt)
			}
			return cli.Exit(err.Error(), exitUsage)
		}
	}
	args := []string{"n=" + strconv.Itoa(c.Int("n")), "playouts=" + strconv.Itoa(c.Int("playouts")), "agent=" + c.String("agent")}
	if side != "" {
		args = append(args, "side="+side)
	}
	if c.Bool("plan") {
		args = append(args, "plan")
	}
	before := sess.State().Clone()
	rep, err := do("hint", args...)
	if err != nil {
		if ctx.Err() != nil {
			// Ctrl-C during the search: an interrupt, not a wrong
			// command line.
			return cli.Exit("hint interrupted", exitInterrupt)
		}
		return cli.Exit(err.Error(), exitUsage)
	}
	done()
	if c.Bool("json") {
		enc := json.NewEncoder(a.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep.Data); err != nil {
			return err
		}
	} else {
		fmt.Fprintln(a.stdout, rep.Text)
	}
	if file := c.String("svg"); file != "" {
		if err := drawHints(before, rep.Data.(protocol.Hints), file); err != nil {
			return err
		}
		if !c.Bool("json") {
			fmt.Fprintf(a.stdout, "picture with the suggestions: %s\n", file)
		}
	}
	return nil
}

// setUpAgent is the agent that plays the other side up to the advised
// side's first decision: the ruleset kit's Opponent, or random for a
// ruleset whose kit names none.
func setUpAgent(ruleset string) string {
	if k := agents.KitFor(ruleset); k != nil && k.Opponent != "" {
		return k.Opponent
	}
	return "random"
}

// startForHint starts a game on the scenario and plays it, the program
// rolling the dice and the assault doctrine deciding for the other side,
// until side must decide (its first decision: in a set-up-by-play
// scenario, its deployment).
func startForHint(ctx context.Context, sess *protocol.Session, c *cli.Context, side string) error {
	rs := c.String("ruleset")
	cfg := protocol.NewGameConfig{Ruleset: rs, Scenario: c.String("scenario"), Seed: c.Uint64("seed"), Human: side, Bot: setUpAgent(rs)}
	if _, err := sess.NewGame(cfg); err != nil {
		return fmt.Errorf("--side or --scenario: %w", err)
	}
	rep, err := sess.Advance(ctx, 0)
	if err != nil {
		return err
	}
	if st := rep.Data.(protocol.Advance).Stopped; !strings.HasPrefix(st, "human") {
		return fmt.Errorf("the game never came to side %s's decision: %s", side, st)
	}
	return nil
}

// drawHints writes the picture of st with the hints (and plan) as arrows.
func drawHints(st engine.State, h protocol.Hints, file string) error {
	var opts engine.PictureOptions
	for _, e := range h.Hints {
		opts.Arrows = append(opts.Arrows, engine.Arrow{Action: e.Action, Label: strconv.Itoa(e.Rank)})
	}
	opts.Arrows = append(opts.Arrows, protocol.PlanArrows(st, h.Plan)...)
	return drawPicture(st, opts, file)
}

// drawPicture writes the picture of st to file, drawn by its ruleset's
// picture drawer (engine.Pictures); a ruleset without one is a usage
// error that says so.
func drawPicture(st engine.State, opts engine.PictureOptions, file string) error {
	p, err := engine.Pictures(st.Ruleset())
	if err != nil {
		return cli.Exit(err.Error(), exitUsage)
	}
	var buf bytes.Buffer
	if err := p.Picture(&buf, st, opts); err != nil {
		return cli.Exit(fmt.Sprintf("cannot draw the position: %v", err), exitFailure)
	}
	if err := fileio.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		return cli.Exit(fmt.Sprintf("cannot write the picture: %v", err), exitFailure)
	}
	return nil
}
