package twobytwo

// The 2 by 2 tools of 'grognard scenario' and 'grognard army'
// (engine.Tool): list, show, check and generate scenarios and draw their
// positions; list the army lists, check army files and build random
// armies.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/fileio"
	tb "github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/engine/twobytwo/picture"
	"github.com/grognard/grognard/scenarios"
	"github.com/grognard/grognard/scenarios/twobytwo/armies"
	"github.com/grognard/grognard/scenarios/twobytwo/generate"
)

// ScenarioTools are the 2 by 2 sub-commands of 'grognard scenario'.
func ScenarioTools() []engine.Tool {
	return []engine.Tool{
		{
			Name:  "list",
			Usage: "list the built-in scenarios with a one-line description",
			Run:   scenarioList,
		},
		{
			Name:      "show",
			Usage:     "print a scenario (built-in, file, or gen:SEED): table, terrain, both armies with their chain of command, victory and set-up",
			ArgsUsage: "NAME|FILE",
			Options: []engine.Option{
				{Name: "state", Usage: "draw the saved game (from play --save or replay --save) or game state in `FILE` instead of the opening; its scenario is found by the name it carries"},
				{Name: "svg", Usage: "also draw the opening position to `FILE` as an SVG picture of the table"},
				scenarios.SeedOption("seed of the random choices and dice that play a set-up-by-play scenario's deployment for the picture"),
				{Name: "ranges", Usage: "draw the fire ranges and movement allowance of the unit with this `LABEL` on the picture"},
			},
			Run: scenarioShow,
		},
		{
			Name:      "check",
			Aliases:   []string{"validate"},
			Usage:     "check scenario files: every problem with its line and a fix",
			ArgsUsage: "FILE...",
			Description: "Each FILE is a scenario in the YAML format of docs/scenarios.md. The command reports\n" +
				"every problem of every file (unknown types or nations, units off the table, overlapping\n" +
				"or in impassable terrain, misplaced reinforcement points, armies over budget or outside\n" +
				"their list, broken chains of command) and exits 1 if any file has one.",
			Run: scenarioCheck,
		},
		{
			Name:  "generate",
			Usage: "generate a random battlefield (terrain and two armies) as a scenario file",
			Description: "Terrain is placed by dice as \"Terrain Placement\" describes and both armies are drawn\n" +
				"from the army lists; the set-up (attacker, deployment, reinforcement points) is played in\n" +
				"the game. The same seed gives the same battlefield, which can also be played by name\n" +
				"without a file: 'grognard match --scenario gen:SEED' (or gen:SEED:AP).",
			Options: []engine.Option{
				scenarios.SeedOption("seed of the terrain and army dice"),
				{Name: "ap", Kind: engine.FloatOption, Default: "40", Usage: "army points a side (the rules' games are 40 or 80)"},
				{Name: "nation", Kind: engine.StringsOption, Usage: "nation of the south side, then of the north side (repeat the flag; default: drawn by dice)"},
				{Name: "decisive", Kind: engine.BoolOption, Usage: "decisive victory conditions instead of fast"},
				scenarios.OutOption("scenario file"),
				{Name: "svg", Usage: "also draw the table to `FILE` as an SVG picture"},
			},
			Run: scenarioGenerate,
		},
	}
}

// ArmyTools are the 2 by 2 sub-commands of 'grognard army'.
func ArmyTools() []engine.Tool {
	return []engine.Tool{
		{
			Name:    "lists",
			Aliases: []string{"nations"},
			Usage:   "list the army lists (for 2 by 2, the nations with each arm's share of the force)",
			Run:     armyLists,
		},
		{
			Name:      "check",
			Aliases:   []string{"validate"},
			Usage:     "check army files against their list, their budget and the command rules",
			ArgsUsage: "FILE...",
			Description: "Each FILE is an army file (docs/scenarios.md, \"Army files\"): a name, a nation, an AP\n" +
				"budget and the units with their HQs. Every problem is reported with its line and a fix;\n" +
				"the command exits 1 if any file has one.",
			Run: armyCheck,
		},
		{
			Name:  "random",
			Usage: "build a seeded random force from an army list, as an army file",
			Options: []engine.Option{
				{Name: "nation", Usage: "the nation's army list (see 'grognard army lists')"},
				{Name: "ap", Kind: engine.FloatOption, Default: "40", Usage: "the army's budget in AP (at least 20; the rules' games are 40 or 80)"},
				scenarios.SeedOption("seed of the random choices: the same seed gives the same army"),
				{Name: "prefix", Usage: "start of every unit label (default: the nation's first letter)"},
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
	for _, name := range (tb.Rules{}).Scenarios() {
		sc, err := tb.Builtin(name)
		if err != nil {
			return fmt.Errorf("scenario %q: %w", name, err)
		}
		fmt.Fprintf(in.Stdout(), "%-12s %s: %s\n", sc.Name, sc.Title, firstSentence(sc.Description))
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

func scenarioShow(ctx context.Context, in engine.ToolInput) error {
	if in.String("state") != "" {
		return showState(ctx, in)
	}
	name, err := scenarios.OneArg(in, "scenario show", "NAME or FILE", "see 'grognard scenario list'")
	if err != nil {
		return err
	}
	sc, err := tb.Builtin(name)
	if err != nil {
		return &engine.UsageError{Msg: problemsText(err)}
	}
	file, label := in.String("svg"), strings.TrimSpace(in.String("ranges"))
	if label != "" && file == "" {
		return engine.Usagef("--ranges draws on the picture: give --svg FILE too")
	}
	ranges := -1
	if label != "" {
		if ranges = unitByLabel(sc, label); ranges < 0 {
			labels := make([]string, len(sc.Units))
			for i, u := range sc.Units {
				labels[i] = u.Label
			}
			return engine.Usagef("--ranges: no unit labelled %q in scenario %s (labels: %s)", label, sc.Name, strings.Join(labels, ", "))
		}
	}
	w := in.Stdout()
	printScenario(w, sc)
	if file == "" {
		return nil
	}
	st, err := tb.NewGame(name, engine.Options{})
	if err != nil {
		return fmt.Errorf("cannot start scenario %s: %w", sc.Name, err)
	}
	if sc.SetupByPlay {
		seed := in.Uint("seed")
		if err := PlaySetup(st, seed); err != nil {
			return fmt.Errorf("cannot play the set-up of %s: %w", sc.Name, err)
		}
		fmt.Fprintf(w, "\nThe set-up is part of the game: the picture shows one opening, played by random choices and dice with seed %d (--seed).\n", seed)
	}
	if ranges >= 0 && st.U[ranges].Loc != tb.LocTable {
		return engine.Usagef("--ranges: %s is not on the table in this opening (it waits to arrive as a reinforcement); try another unit or --seed", sc.Units[ranges].Label)
	}
	if err := drawState(st, ranges, file); err != nil {
		return err
	}
	fmt.Fprintf(w, "Picture of the opening position (%s) written to %s\n", st.PhaseName(), file)
	return nil
}

// drawState writes the SVG picture of st to file.
func drawState(st *tb.State, ranges int, file string) error {
	var buf bytes.Buffer
	if err := picture.SVG(&buf, st, picture.Options{Scale: picture.DefaultScale, RangesOf: ranges}); err != nil {
		return fmt.Errorf("cannot draw %s: %w", st.Scenario().Name, err)
	}
	if err := fileio.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("cannot write the picture: %w", err)
	}
	return nil
}

// showState draws a saved game state.
func showState(ctx context.Context, in engine.ToolInput) error {
	if args := in.Args(); len(args) > 0 {
		return engine.Usagef("with --state the scenario comes from the saved state: drop %q", args)
	}
	file := in.String("svg")
	if file == "" {
		return engine.Usagef("--state draws a picture: give --svg FILE too")
	}
	sr, ok := in.(engine.StateReader)
	if !ok {
		return errors.New("this command cannot read saved games")
	}
	es, err := sr.ReadState(ctx, "state", tb.Rules{})
	if err != nil {
		return err
	}
	st := es.(*tb.State)
	ranges := -1
	if label := strings.TrimSpace(in.String("ranges")); label != "" {
		if ranges = unitByLabel(st.Scenario(), label); ranges < 0 || st.U[ranges].Loc != tb.LocTable {
			return engine.Usagef("--ranges: no unit labelled %q is on the table in this state", label)
		}
	}
	if err := drawState(st, ranges, file); err != nil {
		return err
	}
	fmt.Fprintf(in.Stdout(), "%s: turn %d, %s\nPicture written to %s\n", st.Scenario().Title, st.Turn(), st.PhaseName(), file)
	return nil
}

func scenarioCheck(_ context.Context, in engine.ToolInput) error {
	return scenarios.CheckFiles(in, "scenario check needs at least one FILE (see docs/scenarios.md for the format, or 'grognard scenario generate --out FILE' for an example)", func(f string) error {
		sc, err := Load(f)
		if err != nil {
			return errors.New(problemsText(err))
		}
		n := [2]int{}
		for _, u := range sc.Units {
			n[u.Side]++
		}
		fmt.Fprintf(in.Stdout(), "%s: ok: %s (%s), %d terrain features, %s %d units %g AP, %s %d units %g AP\n", f, sc.Name, sc.Title, len(sc.Terrain),
			sc.SideNames[0], n[0], armies.TotalAP(sc.Units, 0), sc.SideNames[1], n[1], armies.TotalAP(sc.Units, 1))
		return nil
	})
}

func scenarioGenerate(_ context.Context, in engine.ToolInput) error {
	if err := scenarios.NoArgs(in, "scenario generate"); err != nil {
		return err
	}
	opt := generate.Options{AP: in.Float("ap")}
	if opt.AP < 20 || opt.AP > 200 {
		return engine.Usagef("--ap %g is out of range: give 20 to 200 (the rules' games are 40 or 80)", opt.AP)
	}
	nations := in.Strings("nation")
	if len(nations) > 2 {
		return engine.Usagef("--nation is given %d times: give it at most twice, the south side's first", len(nations))
	}
	for k, n := range nations {
		l, err := armies.ByNation(n)
		if err != nil {
			return engine.Usagef("%v (see 'grognard army lists')", err)
		}
		opt.Nations[k] = l.Nation
	}
	if in.Bool("decisive") {
		opt.Victory = tb.Decisive
	}
	seed := in.Uint("seed")
	sc, err := generate.Battlefield(seed, opt)
	if err != nil {
		return err
	}
	data, err := Marshal(sc)
	if err != nil {
		return err
	}
	if err := in.Output(scenarios.WithHeader(fmt.Sprintf("Generated by 'grognard scenario generate --seed %d --ap %g'.", seed, opt.AP), data), "scenario"); err != nil {
		return err
	}
	if file := in.String("svg"); file != "" {
		st, err := tb.NewGameOn(sc, engine.Options{})
		if err != nil {
			return fmt.Errorf("cannot start the generated battle: %w", err)
		}
		if err := drawState(st, -1, file); err != nil {
			return err
		}
		fmt.Fprintf(in.Stdout(), "Picture of the table written to %s\n", file)
	}
	return nil
}

// unitByLabel finds a unit by label, ignoring case, because people type
// labels off a base.
func unitByLabel(sc *tb.Scenario, label string) int {
	for i, u := range sc.Units {
		if strings.EqualFold(u.Label, label) {
			return i
		}
	}
	return -1
}

// PlaySetup plays st's set-up with uniformly random choices and seeded
// dice until turn 1 begins: one opening a person may look at, the one
// 'grognard match -a random -b random' plays from the same seed.
func PlaySetup(st *tb.State, seed uint64) error {
	// The random agent's generator and choice, so an opening is the one
	// 'grognard match -a random -b random' plays from the same seed.
	rng := rand.New(rand.NewPCG(seed, engine.SplitMix64(seed)))
	dice := engine.NewRandomDice(seed)
	var buf []engine.Action
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
		buf = engine.LegalFor(st, st.ToMove(), buf[:0])
		if len(buf) == 0 {
			return fmt.Errorf("no legal action in %s", st.PhaseName())
		}
		act := buf[rng.IntN(len(buf))]
		if err := st.Apply(act); err != nil {
			return fmt.Errorf("applying %s: %w", st.DescribeAction(act), err)
		}
	}
	return nil
}

// printScenario writes everything a player needs to set the table up.
func printScenario(w io.Writer, sc *tb.Scenario) {
	fmt.Fprintf(w, "%s: %s\n", sc.Name, sc.Title)
	if sc.Description != "" {
		fmt.Fprintf(w, "%s\n", sc.Description)
	}
	fmt.Fprintf(w, "\nTable: %g\" x %g\", origin at the south-west corner, x east, y north, in inches; %s has the south edge, %s the north.\n",
		sc.Size, sc.Size, sc.SideNames[0], sc.SideNames[1])
	switch sc.Victory {
	case tb.Fast:
		fmt.Fprintln(w, "Victory: fast: the first side with 5 units destroyed loses.")
	case tb.Decisive:
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
func chain(sc *tb.Scenario, i int) string {
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

func armyLists(_ context.Context, in engine.ToolInput) error {
	if err := scenarios.NoArgs(in, "army lists"); err != nil {
		return err
	}
	w := in.Stdout()
	fmt.Fprintf(w, "%-22s %-10s %-10s %-10s\n", "nation", "mounted", "foot", "artillery")
	for _, l := range armies.Lists() {
		var cols []string
		for arm := range l.Arms {
			cols = append(cols, fmt.Sprintf("%g-%g%%", l.Arms[arm].Min, l.Arms[arm].Max))
		}
		fmt.Fprintf(w, "%-22s %-10s %-10s %-10s\n", l.Nation, cols[0], cols[1], cols[2])
	}
	return nil
}

func armyCheck(_ context.Context, in engine.ToolInput) error {
	return scenarios.CheckFiles(in, "army check needs at least one FILE (write one with 'grognard army random --nation France --out army.yaml')", func(f string) error {
		army, err := LoadArmy(f)
		if err != nil {
			return errors.New(problemsText(err))
		}
		budget := ""
		if army.AP > 0 {
			budget = fmt.Sprintf(" of %g", army.AP)
		}
		name := army.Nation
		if army.Name != army.Nation {
			name = fmt.Sprintf("%s (%s list)", army.Name, army.Nation)
		}
		fmt.Fprintf(in.Stdout(), "%s: ok: %s, %d units, %g AP%s\n", f, name, len(army.Units), armies.TotalAP(army.Units, 0), budget)
		return nil
	})
}

// problemsText is a loader error as a person reads it: the problems one
// per line, or the error itself when the file could not be read.
func problemsText(err error) string {
	var pe *Error
	if errors.As(err, &pe) {
		return pe.Error()
	}
	return err.Error()
}

func armyRandom(_ context.Context, in engine.ToolInput) error {
	if err := scenarios.NoArgs(in, "army random"); err != nil {
		return err
	}
	if in.String("nation") == "" {
		return engine.Usagef("army random needs --nation NAME (see 'grognard army lists')")
	}
	l, err := armies.ByNation(in.String("nation"))
	if err != nil {
		return engine.Usagef("%v (see 'grognard army lists')", err)
	}
	ap := in.Float("ap")
	if ap < 20 || ap > 200 {
		return engine.Usagef("--ap %g is out of range: give 20 to 200 (the rules' games are 40 or 80)", ap)
	}
	prefix := in.String("prefix")
	if prefix == "" {
		prefix = l.Nation[:1]
	}
	seed := in.Uint("seed")
	units, err := l.Random(ap, 0, prefix, rand.New(rand.NewPCG(seed, 0x6172_6d79)))
	if err != nil {
		return err
	}
	out, err := MarshalArmy(l.Nation, l.Nation, ap, units, 0)
	if err != nil {
		return err
	}
	header := fmt.Sprintf("A random %s army of %g AP (grognard army random --nation %q --ap %g --seed %d).",
		l.Nation, armies.TotalAP(units, 0), l.Nation, ap, seed)
	return in.Output(scenarios.WithHeader(header, out), "army")
}
