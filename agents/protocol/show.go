package protocol

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/grognard/grognard/engine"
)

// ---- the position ----

// View is what Show shows of the position.
type View string

// The views of the position.
const (
	// ShowSummary is the summary: turn, phase, who moves, every unit
	// (Data: StateInfo).
	ShowSummary View = "summary"
	// ShowSketch is a text sketch of the table (engine.Describer).
	ShowSketch View = "sketch"
	// ShowUnits lists the pieces (engine.Table; Data: []UnitInfo).
	ShowUnits View = "units"
	// ShowJSON is the whole state as JSON, what save stores.
	ShowJSON View = "json"
	// ShowHistory is the steps played, a line each in notation (Data:
	// []HistoryStep).
	ShowHistory View = "history"
)

// Show answers show: the view of the position asked for ("" for the
// summary), as the client may see it (at a sealed point, without the
// other side's choice).
func (s *Session) Show(view View) (Reply, error) {
	return s.guarded(background, "show", func() (Reply, error) { return s.show(view) })
}

func (s *Session) show(view View) (Reply, error) {
	g, err := s.needGame()
	if err != nil {
		return Reply{}, err
	}
	if view == "" {
		view = ShowSummary
	}
	switch view {
	case ShowSummary:
		text := g.summary()
		if g.st.ToMove() == engine.Both && !g.st.Terminal() {
			text += "\n" + g.owesText()
		}
		return Reply{Text: text, Data: g.stateInfo()}, nil
	case ShowHistory:
		return g.historyReply(), nil
	case ShowSketch:
		sk, err := engine.Capability[engine.Describer](g.shown(), "a sketch of the table")
		if err != nil {
			return Reply{}, err
		}
		text := sk.Sketch()
		return Reply{Text: text, Data: text}, nil
	case ShowUnits:
		us, err := g.units()
		if err != nil {
			return Reply{}, err
		}
		var b strings.Builder
		for _, u := range us {
			if u.OnTable {
				fmt.Fprintf(&b, "#%-3d %-10s %-6s %-18s (%5.2f, %5.2f) facing %3.0f  %s\n", u.Index, u.Label, g.sideName(u.Side), u.Type, u.X, u.Y, u.Facing, u.Status)
				if len(u.Bases) > 1 {
					// Each base, for a person putting the unit on a table.
					for n, base := range u.Bases {
						fmt.Fprintf(&b, "       base %d of %d: centre (%5.2f, %5.2f) facing %3.0f\n", n+1, len(u.Bases), base.Centre.X, base.Centre.Y, base.Facing)
					}
				}
			} else {
				fmt.Fprintf(&b, "#%-3d %-10s %-6s %-18s %s\n", u.Index, u.Label, g.sideName(u.Side), u.Type, u.Status)
			}
		}
		return Reply{Text: b.String(), Data: us}, nil
	case ShowJSON:
		raw, err := g.shown().MarshalJSON()
		if err != nil {
			return Reply{}, fmt.Errorf("encode the state: %w", err)
		}
		return Reply{Text: string(raw), Data: json.RawMessage(raw)}, nil
	}
	return Reply{}, fmt.Errorf("unknown view %q: summary, sketch, units, json or history", string(view))
}

func (s *Session) cmdShow(_ context.Context, args []string) (Reply, error) {
	if _, err := s.needGame(); err != nil {
		return Reply{}, err
	}
	if len(args) > 1 {
		return Reply{}, fmt.Errorf("show takes one of summary, sketch, units, json")
	}
	var view View
	if len(args) == 1 {
		view = View(strings.ToLower(args[0]))
		if view == "" {
			return Reply{}, fmt.Errorf("unknown view %q: summary, sketch, units, json or history", args[0])
		}
	}
	return s.show(view)
}

// HistoryStep is one step of the game as show history gives it.
type HistoryStep struct {
	// Step counts the steps from 1.
	Step   int    `json:"step"`
	Player string `json:"player"`
	// Notation is a side's action in the ruleset's notation; it is empty
	// for dice, and for a sealed choice the client may not see yet
	// (Sealed is then set).
	Notation string `json:"notation,omitempty"`
	Sealed   bool   `json:"sealed,omitempty"`
	Dice     []int  `json:"dice,omitempty"`
	// Report is what the step did that the position does not show (a
	// declared action lost, and why: engine.Reporter), kept in the
	// record step's text.
	Report string `json:"report,omitempty"`
}

// historyReply lists the record's steps, a line each: "3 Blue: B-Guns
// advance", "4 chance: 5 2". The sealed choices of the current sealed
// point that the client may not see say only that the side has chosen.
func (g *game) historyReply() Reply {
	hideFrom := g.sealedSince()
	out := make([]HistoryStep, 0, len(g.rec.Steps))
	var b strings.Builder
	for i, st := range g.rec.Steps {
		h := HistoryStep{Step: i + 1, Player: "chance"}
		if st.Player == 0 || st.Player == 1 {
			h.Player = g.sideName(int(st.Player))
		}
		line := ""
		switch {
		case st.Dice != nil:
			h.Dice = diceInts(*st.Dice)
			line = strings.Trim(fmt.Sprint(h.Dice), "[]")
		case i >= hideFrom && g.hides(st.Player):
			h.Sealed = true
			line = "(a sealed choice, not yet revealed)"
		default:
			h.Notation = g.stepNotation(st)
			line = h.Notation
		}
		if g.rec.Format >= 2 && st.Text != "" && !h.Sealed {
			// A record of format 2 keeps only reports in its steps' text.
			h.Report = st.Text
			line += " -- " + st.Text
		}
		out = append(out, h)
		fmt.Fprintf(&b, "%d %s: %s\n", h.Step, h.Player, line)
	}
	if len(out) == 0 {
		b.WriteString("no steps played yet\n")
	}
	return Reply{Text: strings.TrimRight(b.String(), "\n"), Data: out}
}
