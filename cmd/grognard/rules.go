package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/grognard/grognard/engine"
)

func (a *app) rulesCommand() *cli.Command {
	return &cli.Command{
		Name:   "rules",
		Usage:  "list the rulesets and their built-in scenarios",
		Action: a.rules,
	}
}

func (a *app) rules(c *cli.Context) error {
	if err := noArgs(c); err != nil {
		return err
	}
	for _, rs := range engine.Rulesets() {
		fmt.Fprintf(a.stdout, "%s %s: %s\n", rs.Name(), rs.Version(), rs.Title())
		for i, sc := range rs.Scenarios() {
			line := "  scenario " + sc
			if t := scenarioTitle(rs, sc); t != "" {
				line += ": " + t
			}
			if i == 0 {
				line += " (default)"
			}
			fmt.Fprintln(a.stdout, line)
		}
	}
	return nil
}

// scenarioTitler is a ruleset that gives its built-in scenarios full
// titles; engine.Ruleset itself only lists names.
type scenarioTitler interface {
	ScenarioTitle(name string) string
}

// scenarioTitle is a scenario's full title where the ruleset offers one.
func scenarioTitle(rs engine.Ruleset, name string) string {
	if t, ok := rs.(scenarioTitler); ok {
		return t.ScenarioTitle(name)
	}
	return ""
}
