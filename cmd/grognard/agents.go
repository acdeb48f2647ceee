package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/grognard/grognard/agents"
)

func (a *app) agentsCommand() *cli.Command {
	return &cli.Command{
		Name:   "agents",
		Usage:  "list the agents and their parameters",
		Action: a.agents,
	}
}

func (a *app) agents(c *cli.Context) error {
	if err := noArgs(c); err != nil {
		return err
	}
	for _, in := range agents.List() {
		fmt.Fprintf(a.stdout, "%s: %s\n", in.Name, in.Description)
		if len(in.Params) == 0 {
			fmt.Fprintln(a.stdout, "  no parameters")
		}
		for _, p := range in.Params {
			fmt.Fprintf(a.stdout, "  %s (default %s): %s\n", p.Name, p.Default, p.Doc)
		}
	}
	fmt.Fprintln(a.stdout, "\nGive an agent to match with --a or --b as name or name:key=value,key=value.")
	return nil
}
