package drums

// The Drums and Muskets tools of 'grognard scenario' and 'grognard army'
// (engine.Tool): list, show, check and generate battles; list and show the
// army lists, check army files and build random forces.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/grognard/grognard/engine"
	dm "github.com/grognard/grognard/engine/drums"
	"github.com/grognard/grognard/scenarios"
	"github.com/grognard/grognard/scenarios/drums/armies"
	"github.com/grognard/grognard/scenarios/drums/generate"
)

// ScenarioTools are the Drums and Muskets sub-commands of 'grognard scenario'.
func ScenarioTools() []engine.Tool {
	return []engine.Tool{
		{Name: "list", Usage: "list the built-in Drums and Muskets battles", Run: scenarioList},
		{
			Name:      "show",
			Usage:     "print a battle (built-in, FILE or gen:SEED[:SIZE]) as a scenario file",
			ArgsUsage: "NAME|FILE",
			Options:   []engine.Option{scenarios.OutOption("scenario file")},
			Run:       scenarioShow,
		},
		{
			Name:      "check",
			Aliases:   []string{"validate"},
			Usage:     "check Drums and Muskets scenario files: every problem with its line and a fix",
			ArgsUsage: "FILE...",
			Description: "Each FILE is a scenario in the YAML format of docs/scenarios.md (Drums and Muskets): unknown\n" +
				"army lists or rows, bad terrain kinds or outlines, labels repeated or with spaces, forces over\n" +
				"the engine's limits, and commands that fit no deployment slot are reported with their lines;\n" +
				"the command exits 1 if any file has a problem.",
			Run: scenarioCheck,
		},
		{
			Name:  "generate",
			Usage: "generate a random battlefield (terrain and two armies) as a scenario file",
			Description: "Terrain as Terrain & Fortifications suggests (woods, hills, a farm or village to hold, hedges\n" +
				"and walls, a stream with a road crossing it, now and then a marsh) and two armies of overlapping\n" +
				"periods from the army lists. The same seed gives the same battle, which can be played without a\n" +
				"file: 'grognard match --ruleset drums --scenario gen:SEED' (or gen:SEED:SIZE).",
			Options: []engine.Option{
				scenarios.SeedOption("seed of the terrain and armies"),
				{Name: "size", Default: generate.DefaultSize.String(), Usage: "small, medium or large: 2, 3 or 4 commands a side"},
				{Name: "list", Kind: engine.StringsOption, Usage: "army list id of the force on the y=0 edge, then of the other (repeat the flag; default: drawn)"},
				scenarios.OutOption("scenario file"),
			},
			Run: scenarioGenerate,
		},
	}
}

// ArmyTools are the Drums and Muskets sub-commands of 'grognard army'.
func ArmyTools() []engine.Tool {
	return []engine.Tool{
		{Name: "lists", Usage: "list the Drums and Muskets army lists", Run: armyLists},
		{Name: "show", Usage: "show one army list's rows: type, doctrines, weapon, resilience levels and bases", ArgsUsage: "LIST", Run: armyShow},
		{
			Name:      "check",
			Aliases:   []string{"validate"},
			Usage:     "check Drums and Muskets army files against their lists",
			ArgsUsage: "FILE...",
			Run:       armyCheck,
		},
		{
			Name:  "random",
			Usage: "build a seeded random force from an army list, as an army file",
			Options: []engine.Option{
				{Name: "list", Usage: "the army list's id (see 'grognard army lists --ruleset drums')"},
				{Name: "commands", Kind: engine.IntOption, Default: "3", Usage: fmt.Sprintf("commands in the force, 1 to %d", armies.MaxCommands)},
				{Name: "units", Kind: engine.IntOption, Default: "4", Usage: fmt.Sprintf("units a command, 1 to %d", armies.MaxUnitsPerCommand)},
				scenarios.SeedOption("seed of the random choices: the same seed gives the same force"),
				scenarios.OutOption("army file"),
			},
			Run: armyRandom,
		},
	}
}

func scenarioList(_ context.Context, in engine.ToolInput) error {
	if err := scenarios.NoArgs(in, "scenario list"); err != nil {
		return err
	}
	for _, name := range Names() {
		sc, err := dm.Builtin(name)
		if err != nil {
			return fmt.Errorf("scenario %q: %v", name, err)
		}
		fmt.Fprintf(in.Stdout(), "%-14s %s (%gx%g BW, %s)\n", sc.Name, sc.Title, sc.Width, sc.Depth, forcesLine(sc))
	}
	fmt.Fprintf(in.Stdout(), "%-14s a generated battlefield: terrain and two armies from the seed (SIZE small, medium or large)\n", "gen:SEED[:SIZE]")
	return nil
}

// forcesLine sums up both forces: "French 7 units in 2 commands, British 7
// units in 2 commands".
func forcesLine(sc *dm.Scenario) string {
	parts := make([]string, 2)
	for side, f := range sc.Forces {
		n := 0
		for _, cmd := range f.Commands {
			n += len(cmd.Units)
		}
		parts[side] = fmt.Sprintf("%s %d unit%s in %d command%s", f.Name, n, scenarios.Plural(n), len(f.Commands), scenarios.Plural(len(f.Commands)))
	}
	return strings.Join(parts, ", ")
}

func scenarioShow(_ context.Context, in engine.ToolInput) error {
	name, err := scenarios.OneArg(in, "scenario show", "NAME or FILE", "see 'grognard scenario list --ruleset drums'")
	if err != nil {
		return err
	}
	sc, err := dm.Builtin(name)
	if err != nil {
		return &engine.UsageError{Msg: err.Error()}
	}
	data, err := Marshal(sc)
	if err != nil {
		return err
	}
	header := fmt.Sprintf("# %s: %s (%s).\n", sc.Name, sc.Title, forcesLine(sc))
	return in.Output(append([]byte(header), data...), "scenario")
}

func scenarioCheck(_ context.Context, in engine.ToolInput) error {
	return scenarios.CheckFiles(in, "scenario check needs at least one FILE (see docs/scenarios.md, Drums and Muskets, or 'grognard scenario generate --ruleset drums --out FILE' for an example)", func(f string) error {
		sc, err := Load(f)
		if err != nil {
			return err
		}
		fmt.Fprintf(in.Stdout(), "%s: ok: %s (%s), %gx%g BW, %d terrain features, %s\n", f, sc.Name, sc.Title, sc.Width, sc.Depth, len(sc.Terrain), forcesLine(sc))
		// Ruling D-DEPLOY-ORDERS: a file is playable when some order
		// deploys it; one a poor order strands gets a warning, since a
		// bot deploying at random may meet it.
		if err := CheckDeployOrders(sc, 32, 1); err != nil {
			fmt.Fprintf(in.Stdout(), "%s: warning: %v; a player who deploys that way cannot go on (smaller commands or a deeper table avoid it)\n", f, err)
		}
		return nil
	})
}

func scenarioGenerate(_ context.Context, in engine.ToolInput) error {
	if err := scenarios.NoArgs(in, "scenario generate"); err != nil {
		return err
	}
	size, err := generate.ParseSize(in.String("size"))
	if err != nil {
		return engine.Usagef("--size: %v", err)
	}
	opt := generate.Options{Size: size}
	lists := in.Strings("list")
	if len(lists) > 2 {
		return engine.Usagef("--list is given %d times: give it at most twice, the y=0 force's first", len(lists))
	}
	for k, id := range lists {
		l, err := armies.ByID(id)
		if err != nil {
			return engine.Usagef("%v (see 'grognard army lists --ruleset drums')", err)
		}
		opt.Lists[k] = l.ID
	}
	seed := in.Uint("seed")
	sc, err := GenerateWith(seed, opt)
	if err != nil {
		return err
	}
	data, err := Marshal(sc)
	if err != nil {
		return err
	}
	header := fmt.Sprintf("# Generated by 'grognard scenario generate --ruleset drums --seed %d --size %s'.\n", seed, size)
	return in.Output(append([]byte(header), data...), "scenario")
}

func armyLists(_ context.Context, in engine.ToolInput) error {
	if err := scenarios.NoArgs(in, "army lists"); err != nil {
		return err
	}
	fmt.Fprintf(in.Stdout(), "%-28s %-22s %4s  %s\n", "id", "group", "rows", "title")
	for _, l := range armies.Lists() {
		fmt.Fprintf(in.Stdout(), "%-28s %-22s %4d  %s\n", l.ID, l.Group, len(l.Rows), l.Title)
	}
	return nil
}

func armyShow(_ context.Context, in engine.ToolInput) error {
	id, err := scenarios.OneArg(in, "army show", "LIST id", "see 'grognard army lists --ruleset drums'")
	if err != nil {
		return err
	}
	l, err := armies.ByID(id)
	if err != nil {
		return engine.Usagef("%v (see 'grognard army lists --ruleset drums')", err)
	}
	w := in.Stdout()
	fmt.Fprintf(w, "%s: %s (%s, %s)\n", l.ID, l.Title, l.Group, l.Period)
	for _, n := range l.Notes {
		fmt.Fprintf(w, "Note: %s\n", n)
	}
	fmt.Fprintf(w, "\n%-32s %-28s %-20s %-10s %s\n", "row", "keys", "weapon", "levels", "bases")
	for i := range l.Rows {
		r := &l.Rows[i]
		p, err := r.Profile(0)
		if err != nil {
			return err
		}
		lo, hi := armies.BasesRange(r.Type)
		fmt.Fprintf(w, "%-32s %-28s %-20s %-10s %d (%d-%d)\n", r.Name, r.Keys, WeaponName(p.Weapon), LevelsText(p.Thresholds), r.Bases, lo, hi)
	}
	return nil
}

func armyCheck(_ context.Context, in engine.ToolInput) error {
	return scenarios.CheckFiles(in, "army check needs at least one FILE (write one with 'grognard army random --ruleset drums --list french-imperial-1803 --out army.yaml')", func(f string) error {
		army, err := armies.LoadArmy(f)
		if err != nil {
			return err
		}
		n := 0
		for _, cmd := range army.Force.Commands {
			n += len(cmd.Units)
		}
		fmt.Fprintf(in.Stdout(), "%s: ok: %s (%s), %d commands, %d units\n", f, army.Force.Name, army.List.ID, len(army.Force.Commands), n)
		return nil
	})
}

func armyRandom(_ context.Context, in engine.ToolInput) error {
	if err := scenarios.NoArgs(in, "army random"); err != nil {
		return err
	}
	if in.String("list") == "" {
		return engine.Usagef("army random --ruleset drums needs --list ID (see 'grognard army lists --ruleset drums')")
	}
	l, err := armies.ByID(in.String("list"))
	if err != nil {
		return engine.Usagef("%v (see 'grognard army lists --ruleset drums')", err)
	}
	cmds, units := in.Int("commands"), in.Int("units")
	if cmds < 1 || cmds > armies.MaxCommands {
		return engine.Usagef("--commands %d is out of range: give 1 to %d", cmds, armies.MaxCommands)
	}
	if units < 1 || units > armies.MaxUnitsPerCommand {
		return engine.Usagef("--units %d is out of range: give 1 to %d", units, armies.MaxUnitsPerCommand)
	}
	seed := in.Uint("seed")
	f := l.Random(rand.New(rand.NewPCG(seed, 0x6472756d)), cmds, units)
	out, err := armies.MarshalArmy(&armies.Army{List: l, Force: f})
	if err != nil {
		return err
	}
	header := fmt.Sprintf("# A random %s force (grognard army random --ruleset drums --list %s --commands %d --units %d --seed %d).\n", l.Title, l.ID, cmds, units, seed)
	return in.Output(append([]byte(header), out...), "army")
}
