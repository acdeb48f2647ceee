package toy

import (
	"context"
	"fmt"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/tabletop/svg"
	scenariotools "github.com/grognard/grognard/scenarios"
)

// Bundle is the toy's plug-in (engine.RegisterBundle): its rules, the
// scenario tools list, show and check (over the YAML scenario files show
// writes), and pictures by the shared renderer's plain table picture (its
// pieces are engine.Table's). It has no army lists, so the army command
// says so.
func Bundle() engine.Bundle {
	return engine.Bundle{
		Rules:    Rules{},
		Pictures: svg.TablePicturer{},
		Scenarios: []engine.Tool{
			{Name: "list", Usage: "list the toy's scenarios", Run: listTool},
			{Name: "show", Usage: "print a toy scenario as the YAML file check reads", ArgsUsage: "NAME", Run: showTool,
				Options: []engine.Option{scenariotools.OutOption("scenario")}},
			{Name: "check", Usage: "check toy scenario files", ArgsUsage: "FILE...", Run: checkTool},
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
	name, err := scenariotools.OneArg(in, "scenario show", "NAME", "see 'grognard scenario list --ruleset toy'")
	if err != nil {
		return err
	}
	sc, err := find(name)
	if err != nil {
		return &engine.UsageError{Msg: err.Error()}
	}
	data, err := marshalScenario(sc)
	if err != nil {
		return err
	}
	return in.Output(data, "scenario")
}

func checkTool(_ context.Context, in engine.ToolInput) error {
	return scenariotools.CheckFiles(in, "scenario check needs one or more toy scenario FILEs (write one with 'grognard scenario show --ruleset toy --out FILE NAME')", func(path string) error {
		sc, err := checkFile(path)
		if err != nil {
			return err
		}
		fmt.Fprintf(in.Stdout(), "%s: ok: %s, %d units, %d turns\n", path, sc.name, len(sc.units), sc.turns)
		return nil
	})
}
