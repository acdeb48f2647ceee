package main

// The sub-commands that are 2 by 2 only, and the command's one way to the
// 2 by 2 scenario packages: scenario (list, show, validate and generate
// 2 by 2 scenario files, draw their positions) and army (the army lists
// and army files). Every other command reaches the rules through engine's
// contracts and capabilities; rulesets.go registers the rulesets.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/agents/protocol"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/fileio"
	"github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/engine/twobytwo/picture"
	tbscenarios "github.com/grognard/grognard/scenarios/twobytwo"
	"github.com/grognard/grognard/scenarios/twobytwo/armies"
	"github.com/grognard/grognard/scenarios/twobytwo/generate"
)

func (a *app) scenarioCommand() *cli.Command {
	sub := []*cli.Command{
		{
			Name:   "list",
			Usage:  "list the built-in scenarios of the 2 by 2 rules with a one-line description",
			Action: a.scenarioList,
		},
		{
			Name:      "validate",
			Usage:     "check scenario files: every problem with its line and a fix",
			ArgsUsage: "FILE...",
			Description: "Each FILE is a scenario in the YAML format of docs/scenarios.md. The command reports\n" +
				"every problem of every file (unknown types or nations, units off the table, overlapping\n" +
				"or in impassable terrain, misplaced reinforcement points, armies over budget or outside\n" +
				"their list, broken chains of command) and exits 1 if any file has one.",
			Action: a.scenarioValidate,
		},
		{
			Name:  "generate",
			Usage: "generate a random battlefield as the rules' set-up section describes, as a scenario file",
			Description: "Terrain is placed by dice as \"Terrain Placement\" describes and both armies are drawn\n" +
				"from the army lists; the set-up (attacker, deployment, reinforcement points) is played in\n" +
				"the game. The same seed gives the same battlefield, which can also be played by name\n" +
				"without a file: 'grognard match --scenario gen:SEED' (or gen:SEED:AP).",
			Flags: []cli.Flag{
				&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "seed of the terrain and army dice", EnvVars: []string{"GROGNARD_SEED"}},
				&cli.Float64Flag{Name: "ap", Value: 40, Usage: "army points a side (the rules' games are 40 or 80)", EnvVars: []string{"GROGNARD_AP"}},
				&cli.StringSliceFlag{Name: "nation", Usage: "nation of the south side, then of the north side (repeat the flag; default: drawn by dice)", EnvVars: []string{"GROGNARD_NATION"}},
				&cli.BoolFlag{Name: "decisive", Usage: "decisive victory conditions instead of fast", EnvVars: []string{"GROGNARD_DECISIVE"}},
				&cli.StringFlag{Name: "out", Usage: "write the scenario file to `FILE` instead of standard output", EnvVars: []string{"GROGNARD_OUT"}},
				&cli.StringFlag{Name: "svg", Usage: "also draw the table to `FILE` as an SVG picture", EnvVars: []string{"GROGNARD_SVG"}},
			},
			Action: a.scenarioGenerate,
		},
		{
			Name:      "show",
			Usage:     "print a scenario (built-in, file, or gen:SEED): table, terrain, both armies with their chain of command, victory and set-up",
			ArgsUsage: "NAME|FILE",
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "state", Usage: "draw the saved game (from play --save or replay --save) or game state in `FILE` instead of the opening; its scenario is found by the name it carries", EnvVars: []string{"GROGNARD_STATE"}},
				&cli.StringFlag{Name: "svg", Usage: "also draw the opening position to `FILE` as an SVG picture of the table", EnvVars: []string{"GROGNARD_SVG"}},
				&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "seed of the random choices and dice that play a set-up-by-play scenario's deployment for the picture", EnvVars: []string{"GROGNARD_SEED"}},
				&cli.StringFlag{Name: "ranges", Usage: "draw the fire ranges and movement allowance of the unit with this `LABEL` on the picture", EnvVars: []string{"GROGNARD_RANGES"}},
			},
			Action: a.scenarioShow,
		},
	}
	for _, c := range sub {
		c.OnUsageError = usageError
	}
	return &cli.Command{
		Name:        "scenario",
		Usage:       "list, show, check and generate scenarios, and draw their positions",
		Subcommands: sub,
	}
}

func (a *app) scenarioList(c *cli.Context) error {
	if err := noArgs(c); err != nil {
		return err
	}
	for _, name := range (twobytwo.Rules{}).Scenarios() {
		sc, err := twobytwo.Builtin(name)
		if err != nil {
			return cli.Exit(fmt.Sprintf("scenario %q: %v", name, err), exitFailure)
		}
		fmt.Fprintf(a.stdout, "%-12s %s: %s\n", sc.Name, sc.Title, firstSentence(sc.Description))
	}
	return nil
}

// firstSentence keeps a listing to one line per scenario.
func firstSentence(s string) string {
	s = strings.TrimSpace(s)
	if k := strings.Index(s, ". "); k >= 0 {
		return s[:k+1]
	}
	return s
}

func (a *app) scenarioShow(c *cli.Context) error {
	if path := c.String("state"); path != "" {
		return a.showState(c, path)
	}
	if c.NArg() != 1 {
		return cli.Exit(fmt.Sprintf("scenario show takes exactly one NAME or FILE, got %q (see 'grognard scenario list'; flags go before the name)", c.Args().Slice()), exitUsage)
	}
	name := c.Args().First()
	sc, err := twobytwo.Builtin(name)
	if err != nil {
		return cli.Exit(problemsText(err), exitUsage)
	}
	file, label := c.String("svg"), strings.TrimSpace(c.String("ranges"))
	if label != "" && file == "" {
		return cli.Exit("--ranges draws on the picture: give --svg FILE too", exitUsage)
	}
	ranges := -1
	if label != "" {
		if ranges = unitByLabel(sc, label); ranges < 0 {
			labels := make([]string, len(sc.Units))
			for i, u := range sc.Units {
				labels[i] = u.Label
			}
			return cli.Exit(fmt.Sprintf("--ranges: no unit labelled %q in scenario %s (labels: %s)", label, sc.Name, strings.Join(labels, ", ")), exitUsage)
		}
	}
	printScenario(a, sc)
	if file == "" {
		return nil
	}
	st, err := twobytwo.NewGame(name, engine.Options{})
	if err != nil {
		return cli.Exit(fmt.Sprintf("cannot start scenario %s: %v", sc.Name, err), exitFailure)
	}
	if sc.SetupByPlay {
		seed := c.Uint64("seed")
		if err := playSetup(c.Context, st, seed); err != nil {
			return cli.Exit(fmt.Sprintf("cannot play the set-up of %s: %v", sc.Name, err), exitFailure)
		}
		fmt.Fprintf(a.stdout, "\nThe set-up is part of the game: the picture shows one opening, played by random choices and dice with seed %d (--seed).\n", seed)
	}
	if ranges >= 0 && st.U[ranges].Loc != twobytwo.LocTable {
		return cli.Exit(fmt.Sprintf("--ranges: %s is not on the table in this opening (it waits to arrive as a reinforcement); try another unit or --seed", sc.Units[ranges].Label), exitUsage)
	}
	if err := drawState(st, ranges, file); err != nil {
		return err
	}
	fmt.Fprintf(a.stdout, "Picture of the opening position (%s) written to %s\n", st.PhaseName(), file)
	return nil
}

// drawState writes the SVG picture of st to file.
func drawState(st *twobytwo.State, ranges int, file string) error {
	var buf bytes.Buffer
	if err := picture.SVG(&buf, st, picture.Options{Scale: picture.DefaultScale, RangesOf: ranges}); err != nil {
		return cli.Exit(fmt.Sprintf("cannot draw %s: %v", st.Scenario().Name, err), exitFailure)
	}
	if err := fileio.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		return cli.Exit(fmt.Sprintf("cannot write the picture: %v", err), exitFailure)
	}
	return nil
}

// showState draws a saved game state.
func (a *app) showState(c *cli.Context, path string) error {
	if c.NArg() > 0 {
		return cli.Exit(fmt.Sprintf("with --state the scenario comes from the saved state: drop %q", c.Args().Slice()), exitUsage)
	}
	file := c.String("svg")
	if file == "" {
		return cli.Exit("--state draws a picture: give --svg FILE too", exitUsage)
	}
	data, err := protocol.ReadSaved(c.Context, path)
	if err != nil {
		return cli.Exit(fmt.Sprintf("cannot read the saved state: %v", err), exitFailure)
	}
	raw, err := protocol.SavedState(data)
	if err != nil {
		return cli.Exit(fmt.Sprintf("%s is not a saved 2 by 2 game state: %v", path, err), exitFailure)
	}
	es, err := twobytwo.Rules{}.DecodeState(raw)
	if err != nil {
		return cli.Exit(fmt.Sprintf("%s is not a saved 2 by 2 game state: %v", path, err), exitFailure)
	}
	st := es.(*twobytwo.State)
	ranges := -1
	if label := strings.TrimSpace(c.String("ranges")); label != "" {
		if ranges = unitByLabel(st.Scenario(), label); ranges < 0 || st.U[ranges].Loc != twobytwo.LocTable {
			return cli.Exit(fmt.Sprintf("--ranges: no unit labelled %q is on the table in this state", label), exitUsage)
		}
	}
	if err := drawState(st, ranges, file); err != nil {
		return err
	}
	fmt.Fprintf(a.stdout, "%s: turn %d, %s\nPicture written to %s\n", st.Scenario().Title, st.Turn(), st.PhaseName(), file)
	return nil
}

func (a *app) scenarioValidate(c *cli.Context) error {
	files := c.Args().Slice()
	if len(files) == 0 {
		return cli.Exit("scenario validate needs at least one FILE (see docs/scenarios.md for the format, or 'grognard scenario generate --out FILE' for an example)", exitUsage)
	}
	bad := 0
	for _, f := range files {
		sc, err := tbscenarios.Load(f)
		if err != nil {
			bad++
			fmt.Fprintln(a.stdout, problemsText(err))
			continue
		}
		n := [2]int{}
		for _, u := range sc.Units {
			n[u.Side]++
		}
		fmt.Fprintf(a.stdout, "%s: ok: %s (%s), %d terrain features, %s %d units %g AP, %s %d units %g AP\n", f, sc.Name, sc.Title, len(sc.Terrain),
			sc.SideNames[0], n[0], armies.TotalAP(sc.Units, 0), sc.SideNames[1], n[1], armies.TotalAP(sc.Units, 1))
	}
	if bad > 0 {
		return cli.Exit(fmt.Sprintf("%d of %d files have problems", bad, len(files)), exitFailure)
	}
	return nil
}

func (a *app) scenarioGenerate(c *cli.Context) error {
	if err := noArgs(c); err != nil {
		return err
	}
	opt := generate.Options{AP: c.Float64("ap")}
	if opt.AP < 20 || opt.AP > 200 {
		return cli.Exit(fmt.Sprintf("--ap %g is out of range: give 20 to 200 (the rules' games are 40 or 80)", opt.AP), exitUsage)
	}
	nations := c.StringSlice("nation")
	if len(nations) > 2 {
		return cli.Exit(fmt.Sprintf("--nation is given %d times: give it at most twice, the south side's first", len(nations)), exitUsage)
	}
	for k, n := range nations {
		l, err := armies.ByNation(n)
		if err != nil {
			return cli.Exit(err.Error()+" (see 'grognard army nations')", exitUsage)
		}
		opt.Nations[k] = l.Nation
	}
	if c.Bool("decisive") {
		opt.Victory = twobytwo.Decisive
	}
	seed := c.Uint64("seed")
	sc, err := generate.Battlefield(seed, opt)
	if err != nil {
		return cli.Exit(err.Error(), exitFailure)
	}
	data, err := tbscenarios.Marshal(sc)
	if err != nil {
		return cli.Exit(err.Error(), exitFailure)
	}
	header := fmt.Sprintf("# Generated by 'grognard scenario generate --seed %d --ap %g'.\n", seed, opt.AP)
	if err := writeOutput(a, c.String("out"), append([]byte(header), data...), "scenario"); err != nil {
		return err
	}
	if file := c.String("svg"); file != "" {
		st, err := twobytwo.NewGameOn(sc, engine.Options{})
		if err != nil {
			return cli.Exit(fmt.Sprintf("cannot start the generated battle: %v", err), exitFailure)
		}
		if err := drawState(st, -1, file); err != nil {
			return err
		}
		fmt.Fprintf(a.stdout, "Picture of the table written to %s\n", file)
	}
	return nil
}

// unitByLabel finds a unit by label, ignoring case and spaces at the ends
// because people type labels off a base.
func unitByLabel(sc *twobytwo.Scenario, label string) int {
	for i, u := range sc.Units {
		if strings.EqualFold(u.Label, label) {
			return i
		}
	}
	return -1
}

// playSetup plays st's set-up with the random agent for both sides and
// seeded dice until turn 1 begins.
func playSetup(ctx context.Context, st *twobytwo.State, seed uint64) error {
	ag := agents.NewRandom(seed)
	dice := engine.NewRandomDice(seed)
	// The set-up is short; the bound only guards against a rules bug.
	for steps := 0; st.Turn() == 0 && !st.Terminal(); steps++ {
		if steps > 100000 {
			return fmt.Errorf("still in %s after %d steps", st.PhaseName(), steps)
		}
		if st.ToMove() == engine.Chance {
			d, err := dice.Roll(st.PendingRoll())
			if err != nil {
				return fmt.Errorf("rolling dice: %w", err)
			}
			if err := st.ApplyDice(d); err != nil {
				return fmt.Errorf("applying dice in %s: %w", st.PhaseName(), err)
			}
			continue
		}
		act, err := ag.Choose(ctx, st, st.ToMove())
		if err != nil {
			return fmt.Errorf("choosing in %s: %w", st.PhaseName(), err)
		}
		if err := st.Apply(act); err != nil {
			return fmt.Errorf("applying %s: %w", st.DescribeAction(act), err)
		}
	}
	return nil
}

// printScenario writes everything a player needs to set the table up.
func printScenario(a *app, sc *twobytwo.Scenario) {
	w := a.stdout
	fmt.Fprintf(w, "%s: %s\n", sc.Name, sc.Title)
	if sc.Description != "" {
		fmt.Fprintf(w, "%s\n", sc.Description)
	}
	fmt.Fprintf(w, "\nTable: %g\" x %g\", origin at the south-west corner, x east, y north, in inches; %s has the south edge, %s the north.\n",
		sc.Size, sc.Size, sc.SideNames[0], sc.SideNames[1])
	switch sc.Victory {
	case twobytwo.Fast:
		fmt.Fprintln(w, "Victory: fast: the first side with 5 units destroyed loses.")
	case twobytwo.Decisive:
		fmt.Fprintln(w, "Victory: decisive: a side loses with 5 or more units destroyed and 2 more than the enemy.")
	default:
		fmt.Fprintf(w, "Victory: kind %d\n", sc.Victory)
	}
	limit := "the default turn limit"
	if sc.TurnLimit > 0 {
		limit = fmt.Sprintf("a draw after turn %d", sc.TurnLimit)
	}
	if sc.SetupByPlay {
		fmt.Fprintf(w, "Set-up: by play: dice for the attacker, each side deploys %g AP, then places two reinforcement points and queues the rest; %s.\n", sc.DeployAP, limit)
	} else {
		fmt.Fprintf(w, "Set-up: fixed: %s attacks, units start where the scenario places them; %s.\n", sc.SideNames[sc.Attacker], limit)
	}
	if sc.GrandBattery {
		fmt.Fprintln(w, "Optional rule: grand battery.")
	}
	fmt.Fprintf(w, "\nTerrain (%d features):\n", len(sc.Terrain))
	for k, f := range sc.Terrain {
		name := f.Name
		if name == "" {
			name = "(unnamed)"
		}
		where := ""
		switch {
		case f.Kind.IsCircle():
			where = fmt.Sprintf("radius %g\" at (%g, %g)", f.Radius, f.Centre.X, f.Centre.Y)
		case len(f.Points) > 0:
			kind := "line"
			if f.Kind.IsArea() {
				kind = "area"
			}
			ps := make([]string, len(f.Points))
			for n, p := range f.Points {
				ps[n] = fmt.Sprintf("(%.1f, %.1f)", p.X, p.Y)
			}
			where = kind + " " + strings.Join(ps, " ")
		}
		fmt.Fprintf(w, "  %2d %-10s %-14s %s\n", k, f.Kind, name, where)
	}
	for side := 0; side < 2; side++ {
		n, ap := 0, 0.0
		for i := range sc.Units {
			if sc.Units[i].Side == side {
				n++
				ap += sc.Units[i].UnitCost()
			}
		}
		fmt.Fprintf(w, "\n%s (side %d): %d units, %g AP\n", sc.SideNames[side], side, n, ap)
		for i, u := range sc.Units {
			if u.Side != side {
				continue
			}
			var notes []string
			for _, x := range []struct {
				on   bool
				note string
			}{{u.Large, "large"}, {u.Small, "small"}, {u.Screened, "skirmish screen"}, {u.Bows, "bows"}} {
				if x.on {
					notes = append(notes, x.note)
				}
			}
			typ := u.Type.String()
			if len(notes) > 0 {
				typ += " (" + strings.Join(notes, ", ") + ")"
			}
			fmt.Fprintf(w, "  %-10s %-34s %s", u.Label, typ, chain(sc, i))
			if !sc.SetupByPlay {
				if u.Start != nil {
					fmt.Fprintf(w, "  starts at (%g, %g) facing %g", u.Start.X, u.Start.Y, u.Start.Facing)
				} else {
					fmt.Fprintf(w, "  reinforcement at point %d", u.Point+1)
				}
			}
			fmt.Fprintln(w)
		}
	}
}

// chain is unit i's chain of command up to its corps HQ.
func chain(sc *twobytwo.Scenario, i int) string {
	if sc.Units[i].HQ < 0 {
		return "commands the corps"
	}
	var up []string
	// The scenario was validated to be a tree, but a bound keeps a bad
	// scenario from looping forever.
	for h := sc.Units[i].HQ; h >= 0 && len(up) < len(sc.Units); h = sc.Units[h].HQ {
		up = append(up, sc.Units[h].Label)
	}
	return "under " + strings.Join(up, " < ")
}

func (a *app) armyCommand() *cli.Command {
	sub := []*cli.Command{
		{
			Name:   "nations",
			Usage:  "list the nations of the 2 by 2 army lists with each arm's share of the force",
			Action: a.armyNations,
		},
		{
			Name:      "validate",
			Usage:     "check army files against their nation's list, their AP budget and the HQ rules",
			ArgsUsage: "FILE...",
			Description: "Each FILE is an army file (docs/scenarios.md, \"Army files\"): a name, a nation, an AP\n" +
				"budget and the units with their HQs. Every problem is reported with its line and a fix;\n" +
				"the command exits 1 if any file has one.",
			Action: a.armyValidate,
		},
		{
			Name:  "random",
			Usage: "build a random army for a nation and an AP budget, as an army file",
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "nation", Usage: "the nation's army list (see 'grognard army nations')", EnvVars: []string{"GROGNARD_NATION"}},
				&cli.Float64Flag{Name: "ap", Value: 40, Usage: "the army's budget in AP (at least 20; the rules' games are 40 or 80)", EnvVars: []string{"GROGNARD_AP"}},
				&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "seed of the random choices: the same seed gives the same army", EnvVars: []string{"GROGNARD_SEED"}},
				&cli.StringFlag{Name: "prefix", Usage: "start of every unit label (default: the nation's first letter)", EnvVars: []string{"GROGNARD_PREFIX"}},
				&cli.StringFlag{Name: "out", Usage: "write the army file to `FILE` instead of standard output", EnvVars: []string{"GROGNARD_OUT"}},
			},
			Action: a.armyRandom,
		},
	}
	for _, c := range sub {
		c.OnUsageError = usageError
	}
	return &cli.Command{
		Name:        "army",
		Usage:       "list the nations, check army files and build random armies from the 2 by 2 army lists",
		Subcommands: sub,
	}
}

func (a *app) armyNations(c *cli.Context) error {
	if err := noArgs(c); err != nil {
		return err
	}
	fmt.Fprintf(a.stdout, "%-22s %-10s %-10s %-10s\n", "nation", "mounted", "foot", "artillery")
	for _, l := range armies.Lists() {
		var cols []string
		for arm := range l.Arms {
			cols = append(cols, fmt.Sprintf("%g-%g%%", l.Arms[arm].Min, l.Arms[arm].Max))
		}
		fmt.Fprintf(a.stdout, "%-22s %-10s %-10s %-10s\n", l.Nation, cols[0], cols[1], cols[2])
	}
	return nil
}

func (a *app) armyValidate(c *cli.Context) error {
	files := c.Args().Slice()
	if len(files) == 0 {
		return cli.Exit("army validate needs at least one FILE (write one with 'grognard army random --nation France --out army.yaml')", exitUsage)
	}
	bad := 0
	for _, f := range files {
		army, err := tbscenarios.LoadArmy(f)
		if err != nil {
			bad++
			fmt.Fprintln(a.stdout, problemsText(err))
			continue
		}
		budget := ""
		if army.AP > 0 {
			budget = fmt.Sprintf(" of %g", army.AP)
		}
		name := army.Nation
		if army.Name != army.Nation {
			name = fmt.Sprintf("%s (%s list)", army.Name, army.Nation)
		}
		fmt.Fprintf(a.stdout, "%s: ok: %s, %d units, %g AP%s\n", f, name, len(army.Units), armies.TotalAP(army.Units, 0), budget)
	}
	if bad > 0 {
		return cli.Exit(fmt.Sprintf("%d of %d files have problems", bad, len(files)), exitFailure)
	}
	return nil
}

// problemsText is a loader error as a person reads it: the problems one
// per line, or the error itself when the file could not be read.
func problemsText(err error) string {
	var pe *tbscenarios.Error
	if errors.As(err, &pe) {
		return pe.Error()
	}
	return err.Error()
}

func (a *app) armyRandom(c *cli.Context) error {
	if err := noArgs(c); err != nil {
		return err
	}
	if c.String("nation") == "" {
		return cli.Exit("army random needs --nation NAME (see 'grognard army nations')", exitUsage)
	}
	l, err := armies.ByNation(c.String("nation"))
	if err != nil {
		return cli.Exit(err.Error()+" (see 'grognard army nations')", exitUsage)
	}
	ap := c.Float64("ap")
	if ap < 20 || ap > 200 {
		return cli.Exit(fmt.Sprintf("--ap %g is out of range: give 20 to 200 (the rules' games are 40 or 80)", ap), exitUsage)
	}
	prefix := c.String("prefix")
	if prefix == "" {
		prefix = l.Nation[:1]
	}
	units, err := l.Random(ap, 0, prefix, rand.New(rand.NewPCG(c.Uint64("seed"), 0x6172_6d79)))
	if err != nil {
		return cli.Exit(err.Error(), exitFailure)
	}
	out, err := tbscenarios.MarshalArmy(l.Nation, l.Nation, ap, units, 0)
	if err != nil {
		return cli.Exit(err.Error(), exitFailure)
	}
	header := fmt.Sprintf("# A random %s army of %g AP (grognard army random --nation %q --ap %g --seed %d).\n",
		l.Nation, armies.TotalAP(units, 0), l.Nation, ap, c.Uint64("seed"))
	return writeOutput(a, c.String("out"), append([]byte(header), out...), "army")
}

// writeOutput writes data to file, or to standard output when file is "".
func writeOutput(a *app, file string, data []byte, what string) error {
	if file == "" {
		_, err := a.stdout.Write(data)
		return err
	}
	if err := fileio.WriteFile(file, data, 0o644); err != nil {
		return cli.Exit(fmt.Sprintf("cannot write the %s: %v", what, err), exitFailure)
	}
	fmt.Fprintf(a.stdout, "%s written to %s\n", strings.ToUpper(what[:1])+what[1:], file)
	return nil
}
