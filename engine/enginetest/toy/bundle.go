package toy

import (
	"context"
	"fmt"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/tabletop/svg"
)

// Bundle is the toy's plug-in (engine.RegisterBundle): its rules, the
// scenario tools list and show, and pictures by the shared renderer's
// plain table picture (its pieces are engine.Table's). It has no scenario
// files or army lists, so the commands that need them say so.
func Bundle() engine.Bundle {
	return engine.Bundle{
		Rules:    Rules{},
		Pictures: svg.TablePicturer{},
		Scenarios: []engine.Tool{
			{Name: "list", Usage: "list the toy's scenarios", Run: listTool},
			{Name: "show", Usage: "print a toy scenario's units and turns", ArgsUsage: "NAME", Run: showTool},
		},
	}
}

func listTool(_ context.Context, in engine.ToolInput) error {
	if len(in.Args()) > 0 {
		return engine.Usagef("scenario list takes no arguments, got %q", in.Args())
	}
	for _, sc := range scenarios {
		fmt.Fprintf(in.Stdout(), "%-10s %d units, %d turns\n", sc.name, len(sc.units), sc.turns)
	}
	return nil
}

func showTool(_ context.Context, in engine.ToolInput) error {
	args := in.Args()
	if len(args) != 1 {
		return engine.Usagef("scenario show takes exactly one NAME, got %q (see 'grognard scenario list --ruleset toy')", args)
	}
	sc, err := find(args[0])
	if err != nil {
		return &engine.UsageError{Msg: err.Error()}
	}
	w := in.Stdout()
	fmt.Fprintf(w, "%s: a track of %d squares, %d turns\n", sc.name, TrackLen, sc.turns)
	for _, u := range sc.units {
		fmt.Fprintf(w, "  %-8s %-5s %-12s square %d\n", u.Label, sideNames[u.Side], typeNames[u.Type], u.Start)
	}
	return nil
}
