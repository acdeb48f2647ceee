package grand

// The grand resolver's tools of 'grognard scenario' (engine.Tool): list,
// show and check battles. It has no army lists.

import (
	"context"
	"fmt"

	"github.com/grognard/grognard/engine"
	gr "github.com/grognard/grognard/engine/grand"
	"github.com/grognard/grognard/scenarios"
)

// ScenarioTools are the grand resolver's sub-commands of 'grognard
// scenario'.
func ScenarioTools() []engine.Tool {
	return []engine.Tool{
		{Name: "list", Usage: "list the built-in battles", Run: scenarioList},
		{
			Name:      "show",
			Usage:     "print a battle (built-in or a file) as a scenario file, a start for one of your own",
			ArgsUsage: "[NAME|FILE.yaml]",
			Options:   []engine.Option{scenarios.OutOption("scenario file")},
			Run:       scenarioShow,
		},
		{
			Name:      "check",
			Aliases:   []string{"validate"},
			Usage:     "check grand scenario files: every problem with its line and a fix",
			ArgsUsage: "FILE.yaml...",
			Run:       scenarioCheck,
		},
	}
}

func scenarioList(_ context.Context, in engine.ToolInput) error {
	if err := scenarios.NoArgs(in, "scenario list"); err != nil {
		return err
	}
	for _, name := range Names() {
		sc, err := gr.Builtin(name)
		if err != nil {
			return fmt.Errorf("scenario %q: %w", name, err)
		}
		fmt.Fprintf(in.Stdout(), "%-16s %s: %s (%d factors) attacks %s (%d factors), %s\n", sc.Name, sc.Title, sc.Forces[0].Name, sc.Forces[0].Total(), sc.Forces[1].Name, sc.Forces[1].Total(), sc.Terrain)
	}
	return nil
}

func scenarioShow(_ context.Context, in engine.ToolInput) error {
	args := in.Args()
	if len(args) > 1 {
		return engine.Usagef("scenario show takes one battle: a built-in name or a file (see 'grognard scenario list --ruleset grand')")
	}
	name := gr.DefaultScenario
	if len(args) == 1 {
		name = args[0]
	}
	sc, err := gr.Builtin(name)
	if err != nil {
		return engine.Usagef("%v (see 'grognard scenario list --ruleset grand')", err)
	}
	data, err := Marshal(sc)
	if err != nil {
		return fmt.Errorf("cannot write %s as a file: %w", name, err)
	}
	return in.Output(data, "scenario")
}

func scenarioCheck(_ context.Context, in engine.ToolInput) error {
	return scenarios.CheckFiles(in, "scenario check needs one or more grand scenario files (see 'grognard scenario show --ruleset grand' for an example)", func(path string) error {
		sc, err := Load(path)
		if err != nil {
			return err
		}
		fmt.Fprintf(in.Stdout(), "%s: ok: %s, %s (%d factors) attacks %s (%d factors), %s\n", path, sc.Name, sc.Forces[0].Name, sc.Forces[0].Total(), sc.Forces[1].Name, sc.Forces[1].Total(), sc.Terrain)
		return nil
	})
}
