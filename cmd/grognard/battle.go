package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/tournaments"
)

// sideNamesOf names the two sides as the ruleset does (engine.SideNamer),
// or "side 0" and "side 1" for a ruleset that has no names.
func sideNamesOf(st engine.State) [2]string {
	return [2]string{engine.SideName(st, 0), engine.SideName(st, 1)}
}

// possessive writes "French's" and "Austrians'".
func possessive(name string) string {
	if strings.HasSuffix(name, "s") {
		return name + "'"
	}
	return name + "'s"
}

// resultText says who won with the sides' own names.
func resultText(r engine.Result, names [2]string) string {
	switch {
	case !r.Over:
		return "unfinished"
	case r.Winner == engine.NoPlayer:
		return "draw (" + r.Reason + ")"
	case r.Winner == 0 || r.Winner == 1:
		return fmt.Sprintf("%s (%s) won (%s)", names[r.Winner], r.Winner, r.Reason)
	default:
		return r.String()
	}
}

// resultLine is the one line a match ends with, also all --quiet prints.
func resultLine(r engine.Result, turns, steps int, names [2]string) string {
	return fmt.Sprintf("result: %s after %d turns, %d steps", resultText(r, names), turns, steps)
}

// diceText writes dice as "4 5".
func diceText(d *engine.Dice) string {
	var b strings.Builder
	for i, v := range d.Values() {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%d", v)
	}
	return b.String()
}

// stepLine renders one recorded step the same way in match and replay.
func stepLine(s engine.Step, names [2]string) string {
	switch {
	case s.Dice != nil:
		return fmt.Sprintf("    dice %s: %s", diceText(s.Dice), s.Text)
	case s.Player == 0 || s.Player == 1:
		return fmt.Sprintf("  [%s] %s", names[s.Player], s.Text)
	default:
		return fmt.Sprintf("  [%s] %s", s.Player, s.Text)
	}
}

// battlePrinter prints a match as it is played: an introduction, a header
// whenever the turn or phase changes, every action and die, and the result
// with a picture of the final position. Quiet, it prints the result line
// alone.
type battlePrinter struct {
	w       io.Writer
	setup   *matchSetup
	seed    uint64
	quiet   bool
	names   [2]string
	started bool
	header  string
	// explained holds the explanation of the decision the next step
	// plays (--explain), printed under it.
	explained *bytes.Buffer
}

func (p *battlePrinter) observe(ev tournaments.Event) error {
	if !p.started {
		p.started = true
		p.names = sideNamesOf(ev.State)
		if !p.quiet {
			if err := p.intro(); err != nil {
				return err
			}
		}
	}
	if ev.Final {
		return p.end(ev)
	}
	if p.quiet {
		return nil
	}
	if h := p.headerFor(ev.State, ev.Step.Player); h != p.header {
		p.header = h
		if _, err := fmt.Fprintf(p.w, "\n%s\n", h); err != nil {
			return err
		}
	}
	if _, err := fmt.Fprintln(p.w, stepLine(ev.Step, p.names)); err != nil {
		return err
	}
	if p.explained != nil && p.explained.Len() > 0 {
		_, err := p.explained.WriteTo(p.w)
		return err
	}
	return nil
}

func (p *battlePrinter) intro() error {
	m := p.setup
	title := m.scenario
	if t := scenarioTitle(m.rs, m.scenario); t != "" {
		title += ": " + t
	}
	_, err := fmt.Fprintf(p.w, "%s (%s %s), scenario %s\n%s (side 0): %s\n%s (side 1): %s\nseed %d: dice seed %d, agent seeds %d and %d\n",
		m.rs.Title(), m.rs.Name(), m.rs.Version(), title,
		p.names[0], m.players[0].Name(), p.names[1], m.players[1].Name(),
		p.seed, m.diceSeed, m.agentSeeds[0], m.agentSeeds[1])
	return err
}

// headerFor names the part of the game a step belongs to. During the
// set-up the side acting is part of it, since sides alternate; afterwards
// the phasing side's turn and the phase are.
func (p *battlePrinter) headerFor(st engine.State, who engine.Player) string {
	ph, ok := st.(engine.Phaser)
	if !ok {
		if st.Turn() == 0 {
			return "== Set-up =="
		}
		return fmt.Sprintf("== Turn %d ==", st.Turn())
	}
	if st.Turn() == 0 {
		if who == 0 || who == 1 {
			return fmt.Sprintf("== Set-up: %s, %s ==", ph.PhaseName(), p.names[who])
		}
		return fmt.Sprintf("== Set-up: %s ==", ph.PhaseName())
	}
	return fmt.Sprintf("== Turn %d, %s turn: %s ==", st.Turn(), possessive(p.names[ph.TurnOf()&1]), ph.PhaseName())
}

func (p *battlePrinter) end(ev tournaments.Event) error {
	st := ev.State
	line := resultLine(ev.Result, st.Turn(), ev.N, p.names)
	if p.quiet {
		_, err := fmt.Fprintln(p.w, line)
		return err
	}
	if _, err := fmt.Fprintf(p.w, "\n%s\n", line); err != nil {
		return err
	}
	if s, ok := st.(engine.Describer); ok {
		if _, err := fmt.Fprintf(p.w, "\n%s", s.Summary()); err != nil {
			return err
		}
	}
	return nil
}
