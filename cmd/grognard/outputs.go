package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/grognard/grognard/engine/fileio"
)

// outputFlags are the flags, on any command, that name a file the
// command writes. Each one set is checked for writability before the
// command runs (checkOutputs), so that a directory typed wrong is
// reported at once and not after the whole game, tournament or search.
var outputFlags = []string{"svg", "save", "record", "chart", "out", "explain-json"}

// checkOutputs is every command's Before: it refuses, with the usage exit
// code, an output file (outputFlags) that cannot be written.
func checkOutputs(c *cli.Context) error {
	for _, name := range outputFlags {
		path := c.String(name)
		if path == "" || path == "-" {
			continue
		}
		if err := fileio.CheckWritable(path); err != nil {
			return cli.Exit(fmt.Sprintf("--%s %s cannot be written: %v (give a file in a directory that exists and that you may write to)", name, path, err), exitUsage)
		}
	}
	return nil
}

// beforeEveryCommand sets checkOutputs as the Before of cmds and of their
// subcommands (none has a Before of its own).
func beforeEveryCommand(cmds []*cli.Command) {
	for _, c := range cmds {
		if c.Before == nil {
			c.Before = checkOutputs
		}
		beforeEveryCommand(c.Subcommands)
	}
}
