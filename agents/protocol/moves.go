package protocol

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/agents/protocol/wire"
	"github.com/grognard/grognard/engine"
)

// ---- legal actions and moves ----

// ActionInfo is one legal action as legal lists it.
type ActionInfo struct {
	ID   int    `json:"id"`
	Text string `json:"text"`
	// Notation is the action in the ruleset's notation (State.FormatAction),
	// which play takes as well as the id and the text.
	Notation string        `json:"notation,omitempty"`
	Action   engine.Action `json:"action"`
}

// line is the action as legal prints it: "3 B-Guns advances | B-Guns
// advance", its number, text and notation.
func (a ActionInfo) line() string {
	if a.Notation == "" {
		return fmt.Sprintf("%d %s", a.ID, a.Text)
	}
	return fmt.Sprintf("%d %s | %s", a.ID, a.Text, a.Notation)
}

// legalListMax is the most legal actions legal lists one a line. Past it
// (a deployment offers some 460 placements) the text gives each unit's
// run of actions one line, with its numbers; 'legal all' lists every
// action and 'legal UNIT' one unit's. The JSON reply always holds every
// action.
const legalListMax = 60

// Legal answers legal: the legal actions of the side to move (at a
// sealed point, of side, named as 0, 1 or its name, else the client's
// side that owes a choice), numbered from 1 for Play; which is "" for
// all of them (a line a unit's run of them past legalListMax), "all" for
// every one a line, or a unit's label or #N for that unit's. Data:
// []ActionInfo.
func (s *Session) Legal(side, which string) (Reply, error) {
	return s.guarded(background, "legal", func() (Reply, error) { return s.legalReply(side, which) })
}

func (s *Session) legalReply(named, which string) (Reply, error) {
	g, err := s.gameFor(nil, false, (*game).needDecision)
	if err != nil {
		return Reply{}, err
	}
	side, err := g.decider("legal", named)
	if err != nil {
		return Reply{}, err
	}
	acts := g.legal(side)
	out := make([]ActionInfo, len(acts))
	for k, a := range acts {
		out[k] = ActionInfo{ID: k + 1, Text: g.st.DescribeAction(a), Notation: g.notation(a), Action: a}
	}
	who := g.sideName(int(side))
	if g.st.ToMove() == engine.Both {
		other := side.Other()
		if slices.Contains(g.owing(), other) {
			who += "'s sealed choice (" + g.sideName(int(other)) + " has yet to choose)"
		} else {
			who += "'s sealed choice (" + g.sideName(int(other)) + " has chosen)"
		}
	}
	var b strings.Builder
	switch {
	case which == "" && len(out) > legalListMax:
		fmt.Fprintf(&b, "%d legal actions for %s, a line for each unit's run of them ('legal all' lists every one, 'legal UNIT' one unit's):\n", len(out), who)
		writeLegalGroups(&b, out)
		return Reply{Text: b.String(), Data: out}, nil
	case which == "" || strings.EqualFold(which, "all"):
		fmt.Fprintf(&b, "%d legal actions for %s\n", len(out), who)
	default:
		if out, err = g.legalOf(out, which); err != nil {
			return Reply{}, err
		}
		fmt.Fprintf(&b, "%d legal actions for %s\n", len(out), which)
	}
	for _, a := range out {
		b.WriteString(a.line() + "\n")
	}
	return Reply{Text: b.String(), Data: out}, nil
}

func (s *Session) cmdLegal(_ context.Context, args []string) (Reply, error) {
	if _, err := s.gameFor(nil, false, (*game).needDecision); err != nil {
		return Reply{}, err
	}
	named, args, err := sideArg(args)
	if err != nil {
		return Reply{}, err
	}
	return s.legalReply(named, strings.Join(args, " "))
}

// legalOf keeps the actions of the unit labelled label (or numbered #N):
// those the unit makes (its number in the action, its label in the text).
func (g *game) legalOf(acts []ActionInfo, label string) ([]ActionInfo, error) {
	tab, err := engine.Capability[engine.Table](g.st, "units to list the actions of")
	if err != nil {
		return nil, fmt.Errorf("legal UNIT: %w ('legal' lists every action)", err)
	}
	p, err := findPiece(tab.Pieces(nil), label)
	if err != nil {
		return nil, fmt.Errorf("legal [all|UNIT]: %w", err)
	}
	lower := strings.ToLower(p.Label)
	var kept []ActionInfo
	for _, a := range acts {
		if int(a.Action.Unit) == p.ID && strings.Contains(strings.ToLower(a.Text), lower) {
			kept = append(kept, a)
		}
	}
	if len(kept) == 0 {
		return nil, fmt.Errorf("%s has no legal action now ('legal' lists them all)", label)
	}
	return kept, nil
}

// findPiece resolves a piece by label (case ignored) or by number written
// #N.
func findPiece(pieces []engine.Piece, label string) (engine.Piece, error) {
	label = strings.TrimSpace(label)
	if label == "" {
		return engine.Piece{}, fmt.Errorf("no unit named: write its label, e.g. \"F3 Line\", or #N for unit number N")
	}
	if n, ok := strings.CutPrefix(label, "#"); ok {
		i, err := strconv.Atoi(n)
		for _, p := range pieces {
			if err == nil && p.ID == i {
				return p, nil
			}
		}
		return engine.Piece{}, fmt.Errorf("no unit %s: unit numbers run from #0 to #%d", label, len(pieces)-1)
	}
	for _, p := range pieces {
		if strings.EqualFold(p.Label, label) {
			return p, nil
		}
	}
	return engine.Piece{}, fmt.Errorf("no unit is labelled %q (see 'show units' for the labels)", label)
}

// writeLegalGroups writes acts a line for each run of actions of one kind
// by one unit: "1-38 deploy F-CHQ at (4.00, 1.50) facing 0 ... (20.00,
// 5.00) facing 0 (38 actions)", or the action alone.
func writeLegalGroups(b *strings.Builder, acts []ActionInfo) {
	for k := 0; k < len(acts); {
		first := acts[k]
		n := 1
		for k+n < len(acts) && acts[k+n].Action.Kind == first.Action.Kind && acts[k+n].Action.Unit == first.Action.Unit {
			n++
		}
		if n == 1 {
			b.WriteString(first.line() + "\n")
		} else {
			last := acts[k+n-1]
			fmt.Fprintf(b, "%d-%d %s ... %s (%d actions)\n", first.ID, last.ID, first.Text, last.Text[sharedWords(first.Text, last.Text):], n)
		}
		k += n
	}
}

// sharedWords is the length of the whole words two texts begin with.
func sharedWords(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	if n == len(a) && n == len(b) {
		return 0
	}
	for n > 0 && b[n-1] != ' ' {
		n--
	}
	return n
}

// Step is one step played, as play, dice, genmove and advance report.
type Step struct {
	// Player is the side's name, or "chance" for dice.
	Player string `json:"player"`
	// Text describes the step (an action's text; a roll, its values).
	Text string `json:"text"`
	// Notation is a side's action in the ruleset's notation.
	Notation string `json:"notation,omitempty"`
	// Sealed is set for a sealed choice; while the client may not see it
	// (the other side plays it, and not both are in), the step has no
	// action, notation or explanation, and its text says only that the
	// side has chosen.
	Sealed bool `json:"sealed,omitempty"`
	// Revealed lists, on the step that completes a sealed point, every
	// side's choice there ("Blue: posture attack"), now shown to all.
	Revealed []string `json:"revealed,omitempty"`
	// Report says what the step did that the position does not show
	// (engine.Reporter): a declared action lost, and why. Text ends with
	// it too, so every front end that shows the step shows the report.
	Report string `json:"report,omitempty"`
	// Table says how to carry a move out with a ruler at a real table.
	Table  string       `json:"table,omitempty"`
	Dice   []int        `json:"dice,omitempty"`
	Action *ActionInfo  `json:"action,omitempty"`
	Why    *explanation `json:"explanation,omitempty"`
}

// explanation wraps an agent's explanation for the reply.
type explanation = agents.Explanation

// line is the step as a reply's text gives it: its text and, for an
// action, " | " and its notation.
func (st Step) line() string {
	if st.Notation == "" {
		return st.Text
	}
	return st.Text + " | " + st.Notation
}

// Play answers play: it plays side's action (side "" for the side to
// move, or at a sealed point the client's side that owes a choice) given
// by words: its number in Legal, its notation, its text (or the only text
// it begins), or "move" and a free-form move (Move). Data: the Step with
// what comes next.
func (s *Session) Play(side string, words ...string) (Reply, error) {
	return s.guarded(background, "play", func() (Reply, error) { return s.play(side, words) })
}

func (s *Session) play(named string, args []string) (Reply, error) {
	g, err := s.needGame()
	if err != nil {
		return Reply{}, err
	}
	if len(args) == 0 {
		return Reply{}, fmt.Errorf("play needs an action: its number from legal, its notation, its text, or move UNIT to X Y")
	}
	if err := g.needDecision(); err != nil {
		return Reply{}, err
	}
	side, err := g.decider("play", named)
	if err != nil {
		return Reply{}, err
	}
	if strings.EqualFold(args[0], "move") {
		return s.playParsed(g, side, joinWords(args[1:]))
	}
	acts := g.legal(side)
	var a engine.Action
	if len(args) == 1 && wire.IsDigits(args[0]) {
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 || n > len(acts) {
			return Reply{}, wire.Errorf(wire.IllegalAction, "no legal action %s: there are %d (see legal)", args[0], len(acts))
		}
		a = acts[n-1]
	} else {
		k, err := g.findTyped(acts, joinWords(args), strings.Join(args, " "))
		if err != nil {
			return Reply{}, err
		}
		a = acts[k]
	}
	step, err := g.apply(side, a)
	if err != nil {
		return Reply{}, err
	}
	return g.stepReply(step), nil
}

func (s *Session) cmdPlay(_ context.Context, args []string) (Reply, error) {
	if _, err := s.needGame(); err != nil {
		return Reply{}, err
	}
	named, args, err := sideArg(args)
	if err != nil {
		return Reply{}, err
	}
	return s.play(named, args)
}

// findTyped finds the legal action a person typed after play, in this
// order: its notation (notation, read by State.ParseAction, is a legal
// action), else its text (findByText). A notation that reads but names
// no legal action falls to the text, and is the error's subject when no
// text matches either.
func (g *game) findTyped(acts []engine.Action, notation, typed string) (int, error) {
	a, perr := g.st.ParseAction(notation)
	if perr == nil {
		if k := slices.Index(acts, a); k >= 0 {
			return k, nil
		}
	}
	k, err := g.findByText(acts, typed)
	if err != nil && perr == nil && wire.CodeOf(err) == wire.IllegalAction {
		return 0, wire.Errorf(wire.IllegalAction, "%q is %s, not a legal action now (see legal for their numbers, notations and texts)", notation, g.st.DescribeAction(a))
	}
	return k, err
}

// findByText finds the legal action whose text is typed: exactly (case
// and spacing ignored), or else the only one that begins with it ("end"
// for "end movement").
func (g *game) findByText(acts []engine.Action, typed string) (int, error) {
	want := agents.TextKey(typed)
	var starts []int
	for k, la := range acts {
		text := agents.TextKey(g.st.DescribeAction(la))
		if text == want {
			return k, nil
		}
		if strings.HasPrefix(text, want) {
			starts = append(starts, k)
		}
	}
	switch {
	case len(starts) == 1:
		return starts[0], nil
	case len(starts) > 1:
		var some []string
		for _, k := range starts[:min(3, len(starts))] {
			some = append(some, strconv.Itoa(k+1)+" "+g.st.DescribeAction(acts[k]))
		}
		return 0, fmt.Errorf("%d legal actions begin %q (%s ...): type more of one, or its number", len(starts), typed, strings.Join(some, "; "))
	}
	return 0, wire.Errorf(wire.IllegalAction, "no legal action reads %q (see legal for their texts and numbers, or play move UNIT to X Y)", typed)
}

// Move answers move: it plays the free-form move text, in the ruleset's
// words (engine.FreeForm; MoveHelp says how to write one), its bare
// numbers in the unit chosen with Units, for the side to move.
func (s *Session) Move(text string) (Reply, error) {
	return s.guarded(background, "move", func() (Reply, error) { return s.freeForm("move", text) })
}

// Place answers place: it deploys a unit during set-up, or places the
// arriving reinforcement, as text says ("UNIT at X Y [facing F]", read by
// the ruleset as "place " and text).
func (s *Session) Place(text string) (Reply, error) {
	return s.guarded(background, "place", func() (Reply, error) { return s.freeForm("place", "place "+text) })
}

// freeForm plays the free-form text of the command cmd for the side to
// move.
func (s *Session) freeForm(cmd, text string) (Reply, error) {
	g, err := s.gameFor(nil, false, (*game).needDecision)
	if err != nil {
		return Reply{}, err
	}
	side, err := g.decider(cmd, "")
	if err != nil {
		return Reply{}, err
	}
	return s.playParsed(g, side, text)
}

func (s *Session) cmdMove(_ context.Context, args []string) (Reply, error) {
	return s.freeForm("move", joinWords(args))
}

func (s *Session) cmdPlace(_ context.Context, args []string) (Reply, error) {
	return s.freeForm("place", "place "+joinWords(args))
}

// playParsed plays side's action a person's words describe, read by the
// ruleset (engine.FreeForm) with bare numbers in the session's unit: the
// ruleset's own, or another it converts (engine.LengthReader).
func (s *Session) playParsed(g *game, side engine.Player, text string) (Reply, error) {
	var a engine.Action
	if unit := s.otherUnit(g); unit == "" {
		ff, err := engine.Capability[engine.FreeForm](g.st, "free-form moves and placements")
		if err != nil {
			return Reply{}, err
		}
		if a, err = ff.ParseMove(text); err != nil {
			return Reply{}, err
		}
	} else {
		lr, err := engine.Capability[engine.LengthReader](g.st, "free-form moves in "+unit)
		if err != nil {
			return Reply{}, err
		}
		if a, err = lr.ParseMoveIn(text, unit); err != nil {
			return Reply{}, err
		}
	}
	step, err := g.apply(side, a)
	if err != nil {
		return Reply{}, err
	}
	return g.stepReply(step), nil
}

// otherUnit is the Name of the unit chosen with units when it is not g's
// ruleset's own, else "": bare numbers in the own unit are the ruleset's
// plain reading (FreeForm, Corrector), in another its LengthReader's.
func (s *Session) otherUnit(g *game) string {
	if s.unit == "" {
		return ""
	}
	if ls, err := lengthsOf(g.st); err == nil && ls[0].Name == s.unit {
		return ""
	}
	return s.unit
}
