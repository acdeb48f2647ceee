// Command grognard plays Napoleonic tabletop wargames: it runs matches
// between agents, replays recorded games and lists the rulesets and agents
// it knows.
//
// Program output goes to stdout; logs go to stderr, quiet by default (set
// --log-level or GROGNARD_LOG_LEVEL). Every flag can also be set from an
// environment variable GROGNARD_<FLAG>, shown in each command's --help.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/mattn/go-isatty"
	"github.com/rs/zerolog"
	"github.com/urfave/cli/v2"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/fileio"
	"github.com/grognard/grognard/internal/termsafe"
)

// version is the program version, set at build time with
// -ldflags "-X main.version=v1.2.3".
var version = "dev"

// Exit codes: 2 means the command line was wrong and can be fixed by the
// user; 1 means the command ran and failed; 130 follows the shell's
// convention for an interrupt.
const (
	exitFailure   = 1
	exitUsage     = 2
	exitInterrupt = 130
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run executes the command line and returns the exit code. It never calls
// os.Exit itself, so tests run the whole program in-process.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return runWithInput(ctx, args, os.Stdin, stdout, stderr)
}

// runWithInput is run reading requests and answers from stdin (the
// protocol and play commands), so tests can script a person.
//
// Every write to stdout is checked: output that was lost (a full disk, a
// closed pipe) makes a command that otherwise succeeded exit 1 with a
// message, never 0.
//
// Everything written to stdout, and every message and log line on
// stderr, passes through termsafe: names, reasons and output that came
// from others (workers, external bots, files) cannot send a terminal
// escape sequence to the operator's terminal.
func runWithInput(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	registerRulesets()
	safeOut := termsafe.NewWriter(stdout)
	out := &fileio.ErrWriter{W: safeOut}
	app := newApp(stdin, out, stderr)
	err := app.RunContext(ctx, args)
	if ferr := safeOut.Flush(); ferr != nil && out.Err == nil {
		out.Err = ferr
	}
	stderr = termsafe.NewWriter(stderr)
	if err == nil {
		if out.Err != nil {
			fmt.Fprintln(stderr, "grognard: cannot write the output: "+out.Err.Error())
			return exitFailure
		}
		return 0
	}
	var ec cli.ExitCoder
	if errors.As(err, &ec) {
		msg, code := err.Error(), ec.ExitCode()
		if code == helpTopicCode && strings.HasPrefix(msg, "No help topic") {
			// 'grognard help NAME' with a NAME the library does not
			// know: a wrong command line like any other.
			msg = fmt.Sprintf("no command %s: run 'grognard help' for the commands", strings.TrimPrefix(msg, "No help topic for "))
			code = exitUsage
		}
		if msg != "" {
			fmt.Fprintln(stderr, "grognard: "+msg)
		}
		if code != 0 || out.Err == nil {
			return code
		}
		fmt.Fprintln(stderr, "grognard: cannot write the output: "+out.Err.Error())
		return exitFailure
	}
	fmt.Fprintln(stderr, "grognard: "+err.Error())
	return exitFailure
}

// app carries what every command needs: where output and logs go.
type app struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// errOut is stderr for messages that may name what came from others
	// (a worker, a bot, a file): control characters escaped. stderr itself
	// is kept for the progress shown on a terminal, which draws with
	// escape sequences of its own, and to tell whether it is one.
	errOut io.Writer
	log    zerolog.Logger
}

// newApp builds the command tree reading stdin and writing to stdout and
// stderr.
func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	a := &app{stdin: stdin, stdout: stdout, stderr: stderr, errOut: termsafe.NewWriter(stderr), log: zerolog.Nop()}
	cmds := []*cli.Command{
		a.versionCommand(),
		a.rulesCommand(),
		a.agentsCommand(),
		a.matchCommand(),
		a.replayCommand(),
		a.tournamentCommand(),
		a.toolsCommand("scenario", "list, show, check and generate scenarios, and draw their positions", func(b engine.Bundle) []engine.Tool { return b.Scenarios }),
		a.toolsCommand("army", "list the army lists, check army files and build random forces", func(b engine.Bundle) []engine.Tool { return b.Armies }),
		a.protocolCommand(),
		a.playCommand(),
		a.hintCommand(),
		a.botCommand(),
		a.serveCommand(),
		a.resolveCommand(),
		a.evalfitCommand(),
		a.ladderCommand(),
		a.workerCommand(),
	}
	beforeEveryCommand(cmds)
	for _, c := range cmds {
		c.OnUsageError = usageError
		if len(c.Subcommands) > 0 && c.Action == nil {
			c.Action = unknownSubcommand
		}
	}
	return &cli.App{
		Name:      "grognard",
		Usage:     "an AI opponent and bot framework for Napoleonic tabletop wargames",
		Version:   version,
		Writer:    stdout,
		ErrWriter: stderr,
		Flags: []cli.Flag{
			&cli.StringFlag{
				Name:    "log-level",
				Value:   "warn",
				Usage:   "log detail on stderr: trace, debug, info, warn, error or disabled",
				EnvVars: []string{"GROGNARD_LOG_LEVEL"},
			},
		},
		Commands:     cmds,
		Before:       a.setUpLogging,
		OnUsageError: usageError,
		// Without a command the program shows its help; with a word it does
		// not know it fails, so a typo in a script is not taken for success.
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return cli.Exit(fmt.Sprintf("unknown command %q: run 'grognard help' for the list", c.Args().First()), exitUsage)
			}
			return cli.ShowAppHelp(c)
		},
		// Exit codes are decided by run, not by the library calling
		// os.Exit from inside a test.
		ExitErrHandler: func(*cli.Context, error) {},
	}
}

// helpTopicCode is the exit code urfave/cli gives 'help NAME' for a NAME
// it does not know; run turns it into exitUsage.
const helpTopicCode = 3

// usageError turns a flag parsing error into a message that says where
// to look, with the usage exit code. The help page named is the
// command's whole path ('grognard scenario show --help'), the one that
// lists its flags.
func usageError(c *cli.Context, err error, isSubcommand bool) error {
	where := "grognard --help"
	if isSubcommand && c.Command != nil {
		where = c.Command.HelpName + " --help"
	}
	return cli.Exit(fmt.Sprintf("%v (see '%s'; flags go before other arguments)", err, where), exitUsage)
}

// unknownSubcommand is the action of a command made of subcommands
// (scenario, army, bot): without one it shows the command's help; with a
// word that is none of them it fails with the usage exit code, as the
// program does for an unknown command.
func unknownSubcommand(c *cli.Context) error {
	if c.NArg() == 0 {
		return cli.ShowSubcommandHelp(c)
	}
	names := make([]string, 0, len(c.Command.Subcommands))
	for _, sc := range c.Command.Subcommands {
		if sc.Name != "help" {
			names = append(names, sc.Name)
		}
	}
	return cli.Exit(fmt.Sprintf("unknown command %q for %s: use %s (see '%s --help')", c.Args().First(), c.Command.HelpName, strings.Join(names, ", "), c.Command.HelpName), exitUsage)
}

// setUpLogging configures the logger from --log-level before any command
// runs: JSON lines for machines, the readable console form only when a
// person is watching stderr.
func (a *app) setUpLogging(c *cli.Context) error {
	name := strings.ToLower(strings.TrimSpace(c.String("log-level")))
	level, err := zerolog.ParseLevel(name)
	if err != nil || name == "" {
		return cli.Exit(fmt.Sprintf("unknown log level %q: use trace, debug, info, warn, error or disabled (--log-level or GROGNARD_LOG_LEVEL)", c.String("log-level")), exitUsage)
	}
	// JSON lines escape control characters themselves; the console form
	// writes values as they are, so it goes through errOut.
	var w io.Writer = a.stderr
	if f, ok := a.stderr.(*os.File); ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())) {
		w = zerolog.ConsoleWriter{Out: a.errOut, TimeFormat: "15:04:05"}
	}
	a.log = zerolog.New(w).Level(level).With().Timestamp().Logger()
	// The agents log what a game cannot say itself (a bot started without
	// its own PID namespace): by the same flag, to the same place.
	agents.SetLogger(a.log)
	return nil
}

// noArgs refuses positional arguments for commands that take none: in
// urfave/cli v2 a flag written after one is silently taken as an argument.
func noArgs(c *cli.Context) error {
	if c.NArg() > 0 {
		return cli.Exit(fmt.Sprintf("%s takes no arguments, got %q (flags go before other arguments; see 'grognard %s --help')", c.Command.Name, c.Args().Slice(), c.Command.Name), exitUsage)
	}
	return nil
}
