package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/tournaments"
)

func (a *app) botCommand() *cli.Command {
	return &cli.Command{
		Name:  "bot",
		Usage: "tools for external bots (programs that speak the protocol)",
		Subcommands: []*cli.Command{{
			Name:      "check",
			Usage:     "run a bot program through the protocol and report every failure",
			ArgsUsage: "-- PROGRAM [ARGS...]",
			Description: `Starts the program, makes the handshake (protocol_version must answer "1", name a
non-empty string), then plays a short game on each side against random, asking it for
every decision of its side with the position and the legal actions (docs/protocol.md,
"External bots"). Each game checks that every reply comes within --time, is a reply
object with the request's id, and names a legal action, and that the program exits
when told to quit. Exit code 0 when every check passes, 1 otherwise.`,
			Flags: []cli.Flag{
				&cli.DurationFlag{Name: "time", Value: 5 * time.Second, Usage: "time limit per move", EnvVars: []string{"GROGNARD_TIME"}},
				&cli.IntFlag{Name: "turn-limit", Value: 3, Usage: "turns of each check game", EnvVars: []string{"GROGNARD_TURN_LIMIT"}},
				&cli.StringFlag{Name: "ruleset", Value: defaultRuleset(), Usage: "ruleset of the check games (see 'grognard rules')", EnvVars: []string{"GROGNARD_RULESET"}},
				&cli.StringFlag{Name: "scenario", Usage: "scenario of the check games (default: the ruleset's first)", EnvVars: []string{"GROGNARD_SCENARIO"}},
				&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "seed of the check games' dice and of random", EnvVars: []string{"GROGNARD_SEED"}},
			},
			Action: a.botCheck,
		}},
	}
}

func (a *app) botCheck(c *cli.Context) error {
	argv := c.Args().Slice()
	if len(argv) == 0 {
		return cli.Exit("bot check needs the program to run: grognard bot check -- PROGRAM [ARGS...]", exitUsage)
	}
	for _, w := range argv {
		if strings.Contains(w, ",") {
			return cli.Exit(fmt.Sprintf("argument %q has a comma: external bots' command lines may not (put the arguments in a file or a script)", w), exitUsage)
		}
	}
	if c.Duration("time") <= 0 {
		return cli.Exit("--time must be positive", exitUsage)
	}
	spec := "external:cmd=" + strings.Join(argv, " ") + ",time=" + c.Duration("time").String()
	rs, err := engine.Lookup(c.String("ruleset"))
	if err != nil {
		return cli.Exit(fmt.Sprintf("--ruleset: %v", err), exitUsage)
	}
	scenario := c.String("scenario")
	if scenario == "" {
		scenario = engine.DefaultScenario(rs)
	}
	opts := engine.Options{TurnLimit: c.Int("turn-limit")}
	failures := 0
	report := func(ok bool, format string, args ...any) {
		mark := "ok  "
		if !ok {
			mark = "FAIL"
			failures++
		}
		fmt.Fprintf(a.stdout, "%s %s\n", mark, fmt.Sprintf(format, args...))
	}
	fmt.Fprintf(a.stdout, "checking %s\n", strings.Join(argv, " "))
	for side := 0; side < 2; side++ {
		bot, err := agents.New(spec, c.Uint64("seed"))
		if err != nil {
			return cli.Exit(err.Error(), exitUsage)
		}
		ext := bot.(*agents.External)
		other, _ := agents.New("random", c.Uint64("seed")+1)
		players := [2]agents.Agent{other, other}
		players[side] = bot
		rec, err := tournaments.PlayMatch(c.Context, rs, scenario, opts, players, c.Uint64("seed")+uint64(side), nil)
		closeErr := agents.Close(bot)
		if c.Context.Err() != nil {
			// Ctrl-C: the bot was killed with its game; checking the other
			// side would only start it again.
			return cli.Exit(fmt.Sprintf("bot check interrupted: %v", c.Context.Err()), exitInterrupt)
		}
		if err != nil {
			report(false, "game as side %d stopped: %v", side, err)
			continue
		}
		n, slowest := ext.Stats()
		if side == 0 {
			report(ext.BotName() != "", "handshake: protocol version 1, name %q", ext.BotName())
		}
		if engine.IsForfeit(rec.Result) {
			report(false, "game as side %d: %s", side, rec.Result.Reason)
			continue
		}
		report(n > 0, "game as side %d on %s: %d moves answered, all legal, slowest %v (limit %v); %s after %d turns",
			side, scenario, n, slowest.Round(time.Millisecond), c.Duration("time"), rec.Result, rec.Turns)
		report(closeErr == nil, "quit: %s", map[bool]string{true: "the program exited", false: fmt.Sprint(closeErr)}[closeErr == nil])
	}
	if failures > 0 {
		return cli.Exit(fmt.Sprintf("%d check(s) failed", failures), exitFailure)
	}
	fmt.Fprintln(a.stdout, "every check passed")
	return nil
}
