package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/urfave/cli/v2"
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
		if err := checkWritable(path); err != nil {
			return cli.Exit(fmt.Sprintf("--%s %s cannot be written: %v (give a file in a directory that exists and that you may write to)", name, path, err), exitUsage)
		}
	}
	return nil
}

// checkWritable reports whether path can be opened for writing, without
// changing it: an existing file is opened without truncating it, and a
// file that did not exist is created and removed again.
func checkWritable(path string) error {
	fi, err := os.Stat(path)
	switch {
	case err == nil && fi.IsDir():
		return errors.New("it is a directory")
	case err == nil:
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		return f.Close()
	case !errors.Is(err, fs.ErrNotExist):
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Remove(path)
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
