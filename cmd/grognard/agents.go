package main

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
)

func (a *app) agentsCommand() *cli.Command {
	return &cli.Command{
		Name:  "agents",
		Usage: "list the agents that play a ruleset and their parameters, with that ruleset's defaults",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "ruleset", Value: defaultRuleset(), Usage: "ruleset whose agents and defaults to list (see 'grognard rules')", EnvVars: []string{"GROGNARD_RULESET"}},
		},
		Action: a.agents,
	}
}

// agents prints the help of every agent kind that plays the ruleset asked
// about, its kit's defaults written out (agents.ListFor): the scripts,
// evaluations and defaults of one ruleset's kit are not another's.
func (a *app) agents(c *cli.Context) error {
	if err := noArgs(c); err != nil {
		return err
	}
	rs, err := engine.Lookup(c.String("ruleset"))
	if err != nil {
		return cli.Exit(fmt.Sprintf("%v: choose one with --ruleset", err), exitUsage)
	}
	for _, in := range agents.ListFor(rs.Name()) {
		fmt.Fprintf(a.stdout, "%s: %s\n", in.Name, in.Description)
		if len(in.Params) == 0 {
			fmt.Fprintln(a.stdout, "  no parameters")
		}
		for _, p := range in.Params {
			fmt.Fprintf(a.stdout, "  %s (default %s): %s\n", p.Name, p.Default, p.Doc)
		}
	}
	fmt.Fprintln(a.stdout, "\nGive an agent to match with --a or --b as name or name:key=value,key=value.")
	var others []string
	for _, r := range engine.Rulesets() {
		if r.Name() != rs.Name() {
			others = append(others, r.Name())
		}
	}
	if len(others) > 0 {
		fmt.Fprintf(a.stdout, "These are the agents and defaults of ruleset %s; for another: grognard agents --ruleset %s.\n", rs.Name(), strings.Join(others, "|"))
	}
	return nil
}
