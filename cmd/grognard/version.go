package main

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/urfave/cli/v2"

	"github.com/grognard/grognard/engine"
)

func (a *app) versionCommand() *cli.Command {
	return &cli.Command{
		Name:   "version",
		Usage:  "print the program version, the Go version and every ruleset's version",
		Action: a.version,
	}
}

// version prints what a bug report needs: which build, which Go, and which
// rules implementation (records are tied to the latter).
func (a *app) version(c *cli.Context) error {
	if err := noArgs(c); err != nil {
		return err
	}
	fmt.Fprintf(a.stdout, "grognard %s\n", programVersion())
	fmt.Fprintf(a.stdout, "go %s %s/%s\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
	for _, rs := range engine.Rulesets() {
		fmt.Fprintf(a.stdout, "ruleset %s %s (%s)\n", rs.Name(), rs.Version(), rs.Title())
	}
	return nil
}

// programVersion is the build's version: set at link time, or the module
// version go install recorded, or "dev".
func programVersion() string {
	v := version
	if bi, ok := debug.ReadBuildInfo(); ok && v == "dev" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		v = bi.Main.Version
	}
	return v
}
