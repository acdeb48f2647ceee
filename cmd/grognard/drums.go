package main

// The sub-commands of scenario and army for the Drums and Muskets rules
// (--ruleset drums), and the command's one way to the drums scenario
// packages: the scenario files, the battlefield generator and the army
// lists. withRuleset joins them to the 2 by 2 sub-commands of the same
// names, so that 'grognard scenario list' stays the 2 by 2 listing and
// 'grognard scenario list --ruleset drums' is this one.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	dm "github.com/grognard/grognard/engine/drums"
	dscen "github.com/grognard/grognard/scenarios/drums"
	"github.com/grognard/grognard/scenarios/drums/armies"
	"github.com/grognard/grognard/scenarios/drums/generate"
)

// withRuleset gives every sub-command of cmd (the 2 by 2 ones) a
// --ruleset flag and joins the drums sub-commands to them: one of the
// same name (or alias: drums check is 2 by 2 validate) runs as the flag
// says, with the flags of both, refusing a flag of the other ruleset's;
// one only drums has is added and refuses the 2 by 2 rules, and one only
// 2 by 2 has refuses drums.
func withRuleset(cmd *cli.Command, drums []*cli.Command) *cli.Command {
	rulesetFlag := func() cli.Flag {
		return &cli.StringFlag{Name: "ruleset", Value: defaultRuleset, Usage: "the rules whose files these are: twobytwo or drums (see 'grognard rules')", EnvVars: []string{"GROGNARD_RULESET"}}
	}
	matched := map[*cli.Command]bool{}
	for _, tb := range cmd.Subcommands {
		var d *cli.Command
		for _, c := range drums {
			if slices.ContainsFunc(c.Names(), func(n string) bool { return slices.Contains(tb.Names(), n) }) {
				d = c
			}
		}
		tbAction, tbFlags := tb.Action, tb.Flags
		if d == nil {
			tb.Action = func(c *cli.Context) error {
				if r := c.String("ruleset"); r != defaultRuleset {
					return rulesetRefusal(c, r, "twobytwo")
				}
				return tbAction(c)
			}
			tb.Flags = append(tb.Flags, rulesetFlag())
			continue
		}
		matched[d] = true
		for _, n := range d.Names() {
			if !slices.Contains(tb.Names(), n) {
				tb.Aliases = append(tb.Aliases, n)
			}
		}
		for _, f := range d.Flags {
			if !slices.ContainsFunc(tb.Flags, func(g cli.Flag) bool { return g.Names()[0] == f.Names()[0] }) {
				tb.Flags = append(tb.Flags, f)
			}
		}
		tb.Flags = append(tb.Flags, rulesetFlag())
		tb.Usage += "; with --ruleset drums: " + d.Usage
		if d.ArgsUsage != "" && tb.ArgsUsage == "" {
			tb.ArgsUsage = d.ArgsUsage
		}
		if d.Description != "" {
			tb.Description = strings.TrimSpace(tb.Description + "\n\nWith --ruleset drums: " + d.Description)
		}
		dAction, dFlags := d.Action, d.Flags
		tb.Action = func(c *cli.Context) error {
			switch r := c.String("ruleset"); r {
			case defaultRuleset:
				if err := foreignFlags(c, tbFlags, "drums"); err != nil {
					return err
				}
				return tbAction(c)
			case dm.Name:
				if err := foreignFlags(c, dFlags, "twobytwo"); err != nil {
					return err
				}
				return dAction(c)
			default:
				return rulesetRefusal(c, r, "")
			}
		}
	}
	for _, d := range drums {
		if matched[d] {
			continue
		}
		dAction := d.Action
		d.Action = func(c *cli.Context) error {
			if r := c.String("ruleset"); r != dm.Name {
				return rulesetRefusal(c, r, dm.Name)
			}
			return dAction(c)
		}
		d.Flags = append(d.Flags, rulesetFlag())
		d.OnUsageError = usageError
		cmd.Subcommands = append(cmd.Subcommands, d)
	}
	return cmd
}

// foreignFlags refuses a flag that only the other ruleset's command reads.
func foreignFlags(c *cli.Context, own []cli.Flag, other string) error {
	for _, f := range c.Command.Flags {
		name := f.Names()[0]
		if name == "ruleset" || slices.ContainsFunc(own, func(g cli.Flag) bool { return g.Names()[0] == name }) {
			continue
		}
		if c.IsSet(name) {
			return cli.Exit(fmt.Sprintf("--%s is for --ruleset %s (see '%s --help')", name, other, c.Command.HelpName), exitUsage)
		}
	}
	return nil
}

// rulesetRefusal says a sub-command is not for ruleset r: only is the one
// ruleset it serves, or "" when r is none the command knows.
func rulesetRefusal(c *cli.Context, r, only string) error {
	if r == grandName {
		return cli.Exit(fmt.Sprintf("%s is for twobytwo and drums; grand battles have their own: grognard grand check, grognard grand show", c.Command.HelpName), exitUsage)
	}
	if only == "" || (r != defaultRuleset && r != dm.Name) {
		return cli.Exit(fmt.Sprintf("unknown ruleset %q for %s: use twobytwo or drums", r, c.Command.HelpName), exitUsage)
	}
	return cli.Exit(fmt.Sprintf("%s is for --ruleset %s only, not %s (see '%s --help')", c.Command.HelpName, only, r, c.Command.HelpName), exitUsage)
}

// drumsScenarioCommands are scenario list, show, check and generate for
// the drums rules.
func (a *app) drumsScenarioCommands() []*cli.Command {
	return []*cli.Command{
		{Name: "list", Usage: "list the built-in Drums and Muskets battles", Action: a.drumsScenarioList},
		{
			Name:      "show",
			Usage:     "print a battle (built-in, FILE or gen:SEED[:SIZE]) as a scenario file",
			ArgsUsage: "NAME|FILE",
			Flags:     []cli.Flag{outFlag("scenario file")},
			Action:    a.drumsScenarioShow,
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
			Action: a.drumsScenarioCheck,
		},
		{
			Name:  "generate",
			Usage: "generate a random battlefield (terrain and two armies) as a scenario file",
			Description: "Terrain as Terrain & Fortifications suggests (woods, hills, a farm or village to hold, hedges\n" +
				"and walls, a stream with a road crossing it, now and then a marsh) and two armies of overlapping\n" +
				"periods from the army lists. The same seed gives the same battle, which can be played without a\n" +
				"file: 'grognard match --ruleset drums --scenario gen:SEED' (or gen:SEED:SIZE).",
			Flags: []cli.Flag{
				&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "seed of the terrain and armies", EnvVars: []string{"GROGNARD_SEED"}},
				&cli.StringFlag{Name: "size", Value: generate.DefaultSize.String(), Usage: "small, medium or large: 2, 3 or 4 commands a side", EnvVars: []string{"GROGNARD_SIZE"}},
				&cli.StringSliceFlag{Name: "list", Usage: "army list id of the force on the y=0 edge, then of the other (repeat the flag; default: drawn)", EnvVars: []string{"GROGNARD_LIST"}},
				outFlag("scenario file"),
			},
			Action: a.drumsScenarioGenerate,
		},
	}
}

// drumsArmyCommands are army lists, show, check and random for the drums
// rules.
func (a *app) drumsArmyCommands() []*cli.Command {
	return []*cli.Command{
		{Name: "lists", Usage: "list the Drums and Muskets army lists", Action: a.drumsArmyLists},
		{Name: "show", Usage: "show one army list's rows: type, doctrines, weapon, resilience levels and bases", ArgsUsage: "LIST", Action: a.drumsArmyShow},
		{
			Name:      "check",
			Aliases:   []string{"validate"},
			Usage:     "check Drums and Muskets army files against their lists",
			ArgsUsage: "FILE...",
			Action:    a.drumsArmyCheck,
		},
		{
			Name:  "random",
			Usage: "build a seeded random force from an army list, as an army file",
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "list", Usage: "the army list's id (see 'grognard army lists --ruleset drums')", EnvVars: []string{"GROGNARD_LIST"}},
				&cli.IntFlag{Name: "commands", Value: 3, Usage: fmt.Sprintf("commands in the force, 1 to %d", armies.MaxCommands), EnvVars: []string{"GROGNARD_COMMANDS"}},
				&cli.IntFlag{Name: "units", Value: 4, Usage: fmt.Sprintf("units a command, 1 to %d", armies.MaxUnitsPerCommand), EnvVars: []string{"GROGNARD_UNITS"}},
				&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "seed of the random choices: the same seed gives the same force", EnvVars: []string{"GROGNARD_SEED"}},
				outFlag("army file"),
			},
			Action: a.drumsArmyRandom,
		},
	}
}

func outFlag(what string) cli.Flag {
	return &cli.StringFlag{Name: "out", Usage: "write the " + what + " to `FILE` instead of standard output", EnvVars: []string{"GROGNARD_OUT"}}
}

func (a *app) drumsScenarioList(c *cli.Context) error {
	if err := noArgs(c); err != nil {
		return err
	}
	for _, name := range dscen.Names() {
		sc, err := dm.Builtin(name)
		if err != nil {
			return cli.Exit(fmt.Sprintf("scenario %q: %v", name, err), exitFailure)
		}
		fmt.Fprintf(a.stdout, "%-14s %s (%gx%g BW, %s)\n", sc.Name, sc.Title, sc.Width, sc.Depth, forcesLine(sc))
	}
	fmt.Fprintf(a.stdout, "%-14s a generated battlefield: terrain and two armies from the seed (SIZE small, medium or large)\n", "gen:SEED[:SIZE]")
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
		parts[side] = fmt.Sprintf("%s %d unit%s in %d command%s", f.Name, n, plural(n), len(f.Commands), plural(len(f.Commands)))
	}
	return strings.Join(parts, ", ")
}

// plural is "s" unless n is 1.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func (a *app) drumsScenarioShow(c *cli.Context) error {
	if c.NArg() != 1 {
		return cli.Exit(fmt.Sprintf("scenario show takes exactly one NAME or FILE, got %q (see 'grognard scenario list --ruleset drums'; flags go before the name)", c.Args().Slice()), exitUsage)
	}
	sc, err := dm.Builtin(c.Args().First())
	if err != nil {
		return cli.Exit(err.Error(), exitUsage)
	}
	data, err := dscen.Marshal(sc)
	if err != nil {
		return cli.Exit(err.Error(), exitFailure)
	}
	header := fmt.Sprintf("# %s: %s (%s).\n", sc.Name, sc.Title, forcesLine(sc))
	return writeOutput(a, c.String("out"), append([]byte(header), data...), "scenario")
}

func (a *app) drumsScenarioCheck(c *cli.Context) error {
	files := c.Args().Slice()
	if len(files) == 0 {
		return cli.Exit("scenario check needs at least one FILE (see docs/scenarios.md, Drums and Muskets, or 'grognard scenario generate --ruleset drums --out FILE' for an example)", exitUsage)
	}
	bad := 0
	for _, f := range files {
		sc, err := dscen.Load(f)
		if err != nil {
			bad++
			fmt.Fprintln(a.stdout, err.Error())
			continue
		}
		fmt.Fprintf(a.stdout, "%s: ok: %s (%s), %gx%g BW, %d terrain features, %s\n", f, sc.Name, sc.Title, sc.Width, sc.Depth, len(sc.Terrain), forcesLine(sc))
		// Ruling D-DEPLOY-ORDERS: a file is playable when some order
		// deploys it; one a poor order strands gets a warning, since a
		// bot deploying at random may meet it.
		if err := dscen.CheckDeployOrders(sc, 32, 1); err != nil {
			fmt.Fprintf(a.stdout, "%s: warning: %v; a player who deploys that way cannot go on (smaller commands or a deeper table avoid it)\n", f, err)
		}
	}
	if bad > 0 {
		return cli.Exit(fmt.Sprintf("%d of %d files have problems", bad, len(files)), exitFailure)
	}
	return nil
}

func (a *app) drumsScenarioGenerate(c *cli.Context) error {
	if err := noArgs(c); err != nil {
		return err
	}
	size, err := generate.ParseSize(c.String("size"))
	if err != nil {
		return cli.Exit("--size: "+err.Error(), exitUsage)
	}
	opt := generate.Options{Size: size}
	lists := c.StringSlice("list")
	if len(lists) > 2 {
		return cli.Exit(fmt.Sprintf("--list is given %d times: give it at most twice, the y=0 force's first", len(lists)), exitUsage)
	}
	for k, id := range lists {
		l, err := armies.ByID(id)
		if err != nil {
			return cli.Exit(err.Error()+" (see 'grognard army lists --ruleset drums')", exitUsage)
		}
		opt.Lists[k] = l.ID
	}
	seed := c.Uint64("seed")
	sc, err := dscen.GenerateWith(seed, opt)
	if err != nil {
		return cli.Exit(err.Error(), exitFailure)
	}
	data, err := dscen.Marshal(sc)
	if err != nil {
		return cli.Exit(err.Error(), exitFailure)
	}
	header := fmt.Sprintf("# Generated by 'grognard scenario generate --ruleset drums --seed %d --size %s'.\n", seed, size)
	return writeOutput(a, c.String("out"), append([]byte(header), data...), "scenario")
}

func (a *app) drumsArmyLists(c *cli.Context) error {
	if err := noArgs(c); err != nil {
		return err
	}
	fmt.Fprintf(a.stdout, "%-28s %-22s %4s  %s\n", "id", "group", "rows", "title")
	for _, l := range armies.Lists() {
		fmt.Fprintf(a.stdout, "%-28s %-22s %4d  %s\n", l.ID, l.Group, len(l.Rows), l.Title)
	}
	return nil
}

func (a *app) drumsArmyShow(c *cli.Context) error {
	if c.NArg() != 1 {
		return cli.Exit(fmt.Sprintf("army show takes exactly one LIST id, got %q (see 'grognard army lists --ruleset drums')", c.Args().Slice()), exitUsage)
	}
	l, err := armies.ByID(c.Args().First())
	if err != nil {
		return cli.Exit(err.Error()+" (see 'grognard army lists --ruleset drums')", exitUsage)
	}
	w := a.stdout
	fmt.Fprintf(w, "%s: %s (%s, %s)\n", l.ID, l.Title, l.Group, l.Period)
	for _, n := range l.Notes {
		fmt.Fprintf(w, "Note: %s\n", n)
	}
	fmt.Fprintf(w, "\n%-32s %-28s %-20s %-10s %s\n", "row", "keys", "weapon", "levels", "bases")
	for i := range l.Rows {
		r := &l.Rows[i]
		p, err := r.Profile(0)
		if err != nil {
			return cli.Exit(err.Error(), exitFailure)
		}
		lo, hi := armies.BasesRange(r.Type)
		fmt.Fprintf(w, "%-32s %-28s %-20s %-10s %d (%d-%d)\n", r.Name, r.Keys, dscen.WeaponName(p.Weapon), dscen.LevelsText(p.Thresholds), r.Bases, lo, hi)
	}
	return nil
}

func (a *app) drumsArmyCheck(c *cli.Context) error {
	files := c.Args().Slice()
	if len(files) == 0 {
		return cli.Exit("army check needs at least one FILE (write one with 'grognard army random --ruleset drums --list french-imperial-1803 --out army.yaml')", exitUsage)
	}
	bad := 0
	for _, f := range files {
		army, err := armies.LoadArmy(f)
		if err != nil {
			bad++
			fmt.Fprintln(a.stdout, err.Error())
			continue
		}
		n := 0
		for _, cmd := range army.Force.Commands {
			n += len(cmd.Units)
		}
		fmt.Fprintf(a.stdout, "%s: ok: %s (%s), %d commands, %d units\n", f, army.Force.Name, army.List.ID, len(army.Force.Commands), n)
	}
	if bad > 0 {
		return cli.Exit(fmt.Sprintf("%d of %d files have problems", bad, len(files)), exitFailure)
	}
	return nil
}

func (a *app) drumsArmyRandom(c *cli.Context) error {
	if err := noArgs(c); err != nil {
		return err
	}
	if c.String("list") == "" {
		return cli.Exit("army random --ruleset drums needs --list ID (see 'grognard army lists --ruleset drums')", exitUsage)
	}
	l, err := armies.ByID(c.String("list"))
	if err != nil {
		return cli.Exit(err.Error()+" (see 'grognard army lists --ruleset drums')", exitUsage)
	}
	cmds, units := c.Int("commands"), c.Int("units")
	if cmds < 1 || cmds > armies.MaxCommands {
		return cli.Exit(fmt.Sprintf("--commands %d is out of range: give 1 to %d", cmds, armies.MaxCommands), exitUsage)
	}
	if units < 1 || units > armies.MaxUnitsPerCommand {
		return cli.Exit(fmt.Sprintf("--units %d is out of range: give 1 to %d", units, armies.MaxUnitsPerCommand), exitUsage)
	}
	seed := c.Uint64("seed")
	f := l.Random(rand.New(rand.NewPCG(seed, 0x6472756d)), cmds, units)
	out, err := armies.MarshalArmy(&armies.Army{List: l, Force: f})
	if err != nil {
		return cli.Exit(err.Error(), exitFailure)
	}
	header := fmt.Sprintf("# A random %s force (grognard army random --ruleset drums --list %s --commands %d --units %d --seed %d).\n", l.Title, l.ID, cmds, units, seed)
	return writeOutput(a, c.String("out"), append([]byte(header), out...), "army")
}
