package main

// The commands whose sub-commands the rulesets offer (scenario, army):
// one command for every ruleset, built from the registered bundles'
// tools. A sub-command runs the tool of the ruleset --ruleset names, with
// the flags of every ruleset's tool of that name, refusing a flag only
// another ruleset's tool reads and saying which rulesets offer a tool the
// named one lacks.

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/grognard/grognard/agents/protocol"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/fileio"
)

// rulesetTool is one ruleset's tool of a given name.
type rulesetTool struct {
	ruleset string
	tool    engine.Tool
}

// toolsCommand is the command name whose sub-commands are the tools pick
// takes from every registered bundle.
func (a *app) toolsCommand(name, usage string, pick func(engine.Bundle) []engine.Tool) *cli.Command {
	var order []string
	byName := map[string][]rulesetTool{}
	for _, b := range engine.Bundles() {
		for _, t := range pick(b) {
			if _, ok := byName[t.Name]; !ok {
				order = append(order, t.Name)
			}
			byName[t.Name] = append(byName[t.Name], rulesetTool{b.Rules.Name(), t})
		}
	}
	cmd := &cli.Command{Name: name, Usage: usage}
	for _, n := range order {
		cmd.Subcommands = append(cmd.Subcommands, a.toolCommand(name, byName[n]))
	}
	return cmd
}

// toolCommand is the sub-command that runs tools, one per ruleset, of
// one name.
func (a *app) toolCommand(parent string, tools []rulesetTool) *cli.Command {
	first := tools[0].tool
	sub := &cli.Command{
		Name:         first.Name,
		Usage:        first.Usage,
		ArgsUsage:    first.ArgsUsage,
		OnUsageError: usageError,
	}
	var offered []string
	var desc []string
	for _, rt := range tools {
		offered = append(offered, rt.ruleset)
		for _, al := range rt.tool.Aliases {
			if !slices.Contains(sub.Aliases, al) && al != sub.Name {
				sub.Aliases = append(sub.Aliases, al)
			}
		}
		d := fmt.Sprintf("--ruleset %s: %s", rt.ruleset, rt.tool.Usage)
		if rt.tool.ArgsUsage != "" {
			d += " (arguments: " + rt.tool.ArgsUsage + ")"
		}
		if rt.tool.Description != "" {
			d += "\n" + rt.tool.Description
		}
		desc = append(desc, d)
	}
	if len(tools) > 1 {
		sub.Description = strings.Join(desc, "\n\n")
	} else {
		sub.Description = first.Description
	}
	sub.Flags = toolFlags(tools)
	sub.Flags = append(sub.Flags, &cli.StringFlag{Name: "ruleset", Value: defaultRuleset(),
		Usage: "the rules whose files these are: " + strings.Join(offered, ", ") + " (see 'grognard rules')", EnvVars: []string{"GROGNARD_RULESET"}})
	sub.Action = func(c *cli.Context) error {
		r := c.String("ruleset")
		if _, err := engine.BundleOf(r); err != nil {
			return cli.Exit(fmt.Sprintf("%s: %v", c.Command.HelpName, err), exitUsage)
		}
		i := slices.IndexFunc(tools, func(rt rulesetTool) bool { return rt.ruleset == r })
		if i < 0 {
			return cli.Exit(fmt.Sprintf("%s: the %s rules do not offer it (rulesets that do: %s)", c.Command.HelpName, r, strings.Join(offered, ", ")), exitUsage)
		}
		t := tools[i].tool
		for _, f := range c.Command.Flags {
			n := f.Names()[0]
			if n == "ruleset" || !c.IsSet(n) || slices.ContainsFunc(t.Options, func(o engine.Option) bool { return o.Name == n }) {
				continue
			}
			var takers []string
			for _, rt := range tools {
				if slices.ContainsFunc(rt.tool.Options, func(o engine.Option) bool { return o.Name == n }) {
					takers = append(takers, rt.ruleset)
				}
			}
			return cli.Exit(fmt.Sprintf("--%s is for --ruleset %s, not %s (see '%s --help')", n, strings.Join(takers, " or "), r, c.Command.HelpName), exitUsage)
		}
		err := t.Run(c.Context, &toolInput{c: c, a: a, opts: t.Options})
		switch {
		case err == nil:
			return nil
		case engine.IsUsage(err):
			return cli.Exit(err.Error(), exitUsage)
		default:
			if _, ok := err.(cli.ExitCoder); ok {
				return err
			}
			return cli.Exit(err.Error(), exitFailure)
		}
	}
	return sub
}

// toolFlags are the flags of every ruleset's tool of one name: one flag
// for an option several rulesets' tools share (of the same kind), whose
// help names each ruleset's default where they differ. A flag has no
// default of its own: a tool reads its own (toolInput).
func toolFlags(tools []rulesetTool) []cli.Flag {
	type merged struct {
		opt      engine.Option
		of       []string // the rulesets whose tool takes it
		usages   []string // "for R: usage" where the rulesets' differ
		plain    []string
		defaults []string
		defOf    []string
	}
	var names []string
	all := map[string]*merged{}
	for _, rt := range tools {
		for _, o := range rt.tool.Options {
			m, ok := all[o.Name]
			if !ok {
				m = &merged{opt: o}
				all[o.Name] = m
				names = append(names, o.Name)
			} else if m.opt.Kind != o.Kind {
				panic(fmt.Sprintf("option --%s of %s is a %s for one ruleset and a %s for another", o.Name, rt.tool.Name, m.opt.Kind, o.Kind))
			}
			m.of = append(m.of, rt.ruleset)
			m.plain = append(m.plain, o.Usage)
			m.usages = append(m.usages, "for "+rt.ruleset+": "+o.Usage)
			if o.Default != "" {
				m.defaults = append(m.defaults, o.Default)
				m.defOf = append(m.defOf, o.Default+" for "+rt.ruleset)
			}
		}
	}
	// same says whether every text of ts is the first.
	same := func(ts []string) bool {
		return !slices.ContainsFunc(ts, func(s string) bool { return s != ts[0] })
	}
	flags := make([]cli.Flag, 0, len(names))
	for _, n := range names {
		m := all[n]
		usage := m.plain[0]
		switch {
		case !same(m.plain):
			usage = strings.Join(m.usages, "; ")
		case len(m.of) < len(tools):
			usage = "for " + strings.Join(m.of, ", ") + ": " + usage
		}
		// The flag's own default would be the zero value, which no tool
		// reads: the help shows each tool's.
		def := ""
		switch {
		case len(m.defaults) == 0:
		case len(m.defaults) == len(m.plain) && same(m.defaults):
			def = m.defaults[0]
		default:
			def = strings.Join(m.defOf, ", ")
		}
		env := []string{"GROGNARD_" + strings.ToUpper(strings.ReplaceAll(n, "-", "_"))}
		var f cli.Flag
		switch m.opt.Kind {
		case engine.StringsOption:
			f = &cli.StringSliceFlag{Name: n, Usage: usage, EnvVars: env, DefaultText: def}
		case engine.IntOption:
			f = &cli.IntFlag{Name: n, Usage: usage, EnvVars: env, DefaultText: def}
		case engine.UintOption:
			f = &cli.Uint64Flag{Name: n, Usage: usage, EnvVars: env, DefaultText: def}
		case engine.FloatOption:
			f = &cli.Float64Flag{Name: n, Usage: usage, EnvVars: env, DefaultText: def}
		case engine.BoolOption:
			f = &cli.BoolFlag{Name: n, Usage: usage, EnvVars: env, DefaultText: def}
		default:
			f = &cli.StringFlag{Name: n, Usage: usage, EnvVars: env, DefaultText: def}
		}
		flags = append(flags, f)
	}
	return flags
}

// toolInput is a tool's view of the command line: an option not given is
// the tool's own default.
type toolInput struct {
	c    *cli.Context
	a    *app
	opts []engine.Option
}

func (t *toolInput) Args() []string { return t.c.Args().Slice() }

func (t *toolInput) IsSet(name string) bool { return t.c.IsSet(name) }

func (t *toolInput) Stdout() io.Writer { return t.a.stdout }

// def is the tool's default of an option, "" for none or an option it
// does not have.
func (t *toolInput) def(name string) string {
	for _, o := range t.opts {
		if o.Name == name {
			return o.Default
		}
	}
	return ""
}

func (t *toolInput) String(name string) string {
	if t.c.IsSet(name) {
		return t.c.String(name)
	}
	return t.def(name)
}

func (t *toolInput) Strings(name string) []string {
	if t.c.IsSet(name) {
		return t.c.StringSlice(name)
	}
	if d := t.def(name); d != "" {
		return []string{d}
	}
	return nil
}

func (t *toolInput) Int(name string) int {
	if t.c.IsSet(name) {
		return t.c.Int(name)
	}
	v, _ := strconv.Atoi(t.def(name))
	return v
}

func (t *toolInput) Uint(name string) uint64 {
	if t.c.IsSet(name) {
		return t.c.Uint64(name)
	}
	v, _ := strconv.ParseUint(t.def(name), 10, 64)
	return v
}

func (t *toolInput) Float(name string) float64 {
	if t.c.IsSet(name) {
		return t.c.Float64(name)
	}
	v, _ := strconv.ParseFloat(t.def(name), 64)
	return v
}

func (t *toolInput) Bool(name string) bool {
	if t.c.IsSet(name) {
		return t.c.Bool(name)
	}
	v, _ := strconv.ParseBool(t.def(name))
	return v
}

func (t *toolInput) Output(data []byte, what string) error {
	file := t.String("out")
	if file == "" {
		_, err := t.a.stdout.Write(data)
		return err
	}
	if err := fileio.WriteFile(file, data, 0o644); err != nil {
		return fmt.Errorf("cannot write the %s: %w", what, err)
	}
	fmt.Fprintf(t.a.stdout, "%s written to %s\n", strings.ToUpper(what[:1])+what[1:], file)
	return nil
}

// ReadState reads the saved game (from play --save or replay --save) or
// game state in the file the option names, as a state of r
// (engine.StateReader).
func (t *toolInput) ReadState(ctx context.Context, option string, r engine.Ruleset) (engine.State, error) {
	path := t.String(option)
	data, err := protocol.ReadSaved(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("cannot read the saved state: %w", err)
	}
	raw, err := protocol.SavedState(data)
	if err != nil {
		return nil, fmt.Errorf("%s is not a saved %s game state: %w", path, r.Title(), err)
	}
	st, err := r.DecodeState(raw)
	if err != nil {
		return nil, fmt.Errorf("%s is not a saved %s game state: %w", path, r.Title(), err)
	}
	return st, nil
}
