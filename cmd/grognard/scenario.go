package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/engine/twobytwo/picture"
)

func (a *app) scenarioCommand() *cli.Command {
	sub := []*cli.Command{
		{
			Name:   "list",
			Usage:  "list the built-in scenarios of the 2 by 2 rules with a one-line description",
			Action: a.scenarioList,
		},
		{
			Name:      "show",
			Usage:     "print a scenario: table, terrain, both armies with their chain of command, victory and set-up",
			ArgsUsage: "NAME",
			Flags: []cli.Flag{
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
		Usage:       "list and show the built-in scenarios, and draw their opening positions",
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
	if c.NArg() != 1 {
		return cli.Exit(fmt.Sprintf("scenario show takes exactly one NAME, got %q (see 'grognard scenario list'; flags go before the name)", c.Args().Slice()), exitUsage)
	}
	name := c.Args().First()
	sc, err := twobytwo.Builtin(name)
	if err != nil {
		return cli.Exit(err.Error(), exitUsage)
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
	st, err := twobytwo.NewGame(sc.Name, engine.Options{})
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
	var buf bytes.Buffer
	if err := picture.SVG(&buf, st, picture.Options{Scale: picture.DefaultScale, RangesOf: ranges}); err != nil {
		return cli.Exit(fmt.Sprintf("cannot draw %s: %v", sc.Name, err), exitFailure)
	}
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		return cli.Exit(fmt.Sprintf("cannot write the picture: %v", err), exitFailure)
	}
	fmt.Fprintf(a.stdout, "Picture of the opening position (%s) written to %s\n", st.PhaseName(), file)
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
		act, err := ag.Choose(ctx, st)
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
		case f.Kind == twobytwo.Copse:
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
