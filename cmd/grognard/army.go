package main

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/grognard/grognard/engine/fileio"
	scenarios "github.com/grognard/grognard/scenarios/twobytwo"
	"github.com/grognard/grognard/scenarios/twobytwo/armies"
)

func (a *app) armyCommand() *cli.Command {
	sub := []*cli.Command{
		{
			Name:   "nations",
			Usage:  "list the nations of the 2 by 2 army lists with each arm's share of the force",
			Action: a.armyNations,
		},
		{
			Name:      "validate",
			Usage:     "check army files against their nation's list, their AP budget and the HQ rules",
			ArgsUsage: "FILE...",
			Description: "Each FILE is an army file (docs/scenarios.md, \"Army files\"): a name, a nation, an AP\n" +
				"budget and the units with their HQs. Every problem is reported with its line and a fix;\n" +
				"the command exits 1 if any file has one.",
			Action: a.armyValidate,
		},
		{
			Name:  "random",
			Usage: "build a random army for a nation and an AP budget, as an army file",
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "nation", Usage: "the nation's army list (see 'grognard army nations')", EnvVars: []string{"GROGNARD_NATION"}},
				&cli.Float64Flag{Name: "ap", Value: 40, Usage: "the army's budget in AP (at least 20; the rules' games are 40 or 80)", EnvVars: []string{"GROGNARD_AP"}},
				&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "seed of the random choices: the same seed gives the same army", EnvVars: []string{"GROGNARD_SEED"}},
				&cli.StringFlag{Name: "prefix", Usage: "start of every unit label (default: the nation's first letter)", EnvVars: []string{"GROGNARD_PREFIX"}},
				&cli.StringFlag{Name: "out", Usage: "write the army file to `FILE` instead of standard output", EnvVars: []string{"GROGNARD_OUT"}},
			},
			Action: a.armyRandom,
		},
	}
	for _, c := range sub {
		c.OnUsageError = usageError
	}
	return &cli.Command{
		Name:        "army",
		Usage:       "list the nations, check army files and build random armies from the 2 by 2 army lists",
		Subcommands: sub,
	}
}

func (a *app) armyNations(c *cli.Context) error {
	if err := noArgs(c); err != nil {
		return err
	}
	fmt.Fprintf(a.stdout, "%-22s %-10s %-10s %-10s\n", "nation", "mounted", "foot", "artillery")
	for _, l := range armies.Lists() {
		var cols []string
		for arm := range l.Arms {
			cols = append(cols, fmt.Sprintf("%g-%g%%", l.Arms[arm].Min, l.Arms[arm].Max))
		}
		fmt.Fprintf(a.stdout, "%-22s %-10s %-10s %-10s\n", l.Nation, cols[0], cols[1], cols[2])
	}
	return nil
}

func (a *app) armyValidate(c *cli.Context) error {
	files := c.Args().Slice()
	if len(files) == 0 {
		return cli.Exit("army validate needs at least one FILE (write one with 'grognard army random --nation France --out army.yaml')", exitUsage)
	}
	bad := 0
	for _, f := range files {
		army, err := scenarios.LoadArmy(f)
		if err != nil {
			bad++
			fmt.Fprintln(a.stdout, problemsText(err))
			continue
		}
		budget := ""
		if army.AP > 0 {
			budget = fmt.Sprintf(" of %g", army.AP)
		}
		name := army.Nation
		if army.Name != army.Nation {
			name = fmt.Sprintf("%s (%s list)", army.Name, army.Nation)
		}
		fmt.Fprintf(a.stdout, "%s: ok: %s, %d units, %g AP%s\n", f, name, len(army.Units), armies.TotalAP(army.Units, 0), budget)
	}
	if bad > 0 {
		return cli.Exit(fmt.Sprintf("%d of %d files have problems", bad, len(files)), exitFailure)
	}
	return nil
}

// problemsText is a loader error as a person reads it: the problems one
// per line, or the error itself when the file could not be read.
func problemsText(err error) string {
	var pe *scenarios.Error
	if errors.As(err, &pe) {
		return pe.Error()
	}
	return err.Error()
}

func (a *app) armyRandom(c *cli.Context) error {
	if err := noArgs(c); err != nil {
		return err
	}
	if c.String("nation") == "" {
		return cli.Exit("army random needs --nation NAME (see 'grognard army nations')", exitUsage)
	}
	l, err := armies.ByNation(c.String("nation"))
	if err != nil {
		return cli.Exit(err.Error()+" (see 'grognard army nations')", exitUsage)
	}
	ap := c.Float64("ap")
	if ap < 20 || ap > 200 {
		return cli.Exit(fmt.Sprintf("--ap %g is out of range: give 20 to 200 (the rules' games are 40 or 80)", ap), exitUsage)
	}
	prefix := c.String("prefix")
	if prefix == "" {
		prefix = l.Nation[:1]
	}
	units, err := l.Random(ap, 0, prefix, rand.New(rand.NewPCG(c.Uint64("seed"), 0x6172_6d79)))
	if err != nil {
		return cli.Exit(err.Error(), exitFailure)
	}
	out, err := scenarios.MarshalArmy(l.Nation, l.Nation, ap, units, 0)
	if err != nil {
		return cli.Exit(err.Error(), exitFailure)
	}
	header := fmt.Sprintf("# A random %s army of %g AP (grognard army random --nation %q --ap %g --seed %d).\n",
		l.Nation, armies.TotalAP(units, 0), l.Nation, ap, c.Uint64("seed"))
	return writeOutput(a, c.String("out"), append([]byte(header), out...), "army")
}

// writeOutput writes data to file, or to standard output when file is "".
func writeOutput(a *app, file string, data []byte, what string) error {
	if file == "" {
		_, err := a.stdout.Write(data)
		return err
	}
	if err := fileio.WriteFile(file, data, 0o644); err != nil {
		return cli.Exit(fmt.Sprintf("cannot write the %s: %v", what, err), exitFailure)
	}
	fmt.Fprintf(a.stdout, "%s written to %s\n", strings.ToUpper(what[:1])+what[1:], file)
	return nil
}
