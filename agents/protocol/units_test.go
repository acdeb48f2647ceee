package protocol

import (
	"errors"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
)

// lengthsState is a bare game whose ruleset declares units of length
// (engine.Measurer) in base widths, its own, and millimetres, but reads
// no free-form text: units are chosen, and a move in one is refused as
// the ruleset's lack.
type lengthsState struct{ bareState }

func (s *lengthsState) Ruleset() string           { return lengthsRules{}.Name() }
func (s *lengthsState) Clone() engine.State       { c := *s; return &c }
func (s *lengthsState) CopyFrom(src engine.State) { *s = *src.(*lengthsState) }
func (s *lengthsState) Lengths() []engine.Length {
	return []engine.Length{
		{Name: "bw", Aliases: []string{"base width", "base widths"}, Words: "base widths", PerOwn: 1},
		{Name: "mm", Aliases: []string{"millimetres"}, Words: "millimetres", PerOwn: 40},
	}
}

type lengthsRules struct{ bareRules }

func (lengthsRules) Name() string { return "zz-lengths" }
func (lengthsRules) NewGame(string, engine.Options) (engine.State, error) {
	return &lengthsState{}, nil
}

// measuredState adds free-form moves and corrections that note the unit
// their bare numbers were read in ("" for the own unit): "hold" and "end"
// are the moves, any text a correction.
type measuredState struct {
	lengthsState
	readIn *string
}

func (s *measuredState) Ruleset() string           { return measuredRules{}.Name() }
func (s *measuredState) Clone() engine.State       { c := *s; return &c }
func (s *measuredState) CopyFrom(src engine.State) { *s = *src.(*measuredState) }
func (s *measuredState) SideName(p engine.Player) string {
	return [...]string{"Blue", "Red"}[p&1]
}
func (s *measuredState) MoveHelp() string { return "hold or end, X Y in base widths" }
func (s *measuredState) ParseMove(text string) (engine.Action, error) {
	return s.ParseMoveIn(text, "")
}
func (s *measuredState) ParseMoveIn(text, unit string) (engine.Action, error) {
	*s.readIn = unit
	return s.ParseAction(text)
}
func (s *measuredState) Correct(text string) (string, error) { return s.CorrectIn(text, "") }
func (s *measuredState) CorrectIn(text, unit string) (string, error) {
	*s.readIn = unit
	return "corrected " + text, nil
}
func (s *measuredState) CorrectHelp() string { return "anything" }

type measuredRules struct {
	bareRules
	readIn *string
}

func (measuredRules) Name() string { return "zz-measured" }
func (r measuredRules) NewGame(string, engine.Options) (engine.State, error) {
	return &measuredState{readIn: r.readIn}, nil
}

// TestUnitsAreTheRulesets: units lists, accepts and names the game's
// ruleset's units of length (engine.Measurer), its own first, rather than
// inches; bare numbers go to the ruleset in the unit chosen; help says
// the ruleset's units and how it writes a move; a new game whose ruleset
// does not read the unit chosen goes back to its own.
func TestUnitsAreTheRulesets(t *testing.T) {
	var readIn string
	engine.Register(measuredRules{readIn: &readIn})
	engine.Register(lengthsRules{})
	engine.Register(bareRules{})
	s := NewSession(Config{})
	must(t, s, "new_game ruleset=zz-measured side0=human side1=human")
	steps := []struct {
		line string
		want string // the reply's text, or "?" and what the error says
	}{
		{"units", "bw"},
		{"units paces", `?unknown unit "paces": use bw, mm`},
		{"units in", `?unknown unit "in"`},
		{"units MILLIMETRES", "mm"},
		{"units", "mm"},
		{"units base width", "?units takes at most"},
		{"units bw", "bw"},
	}
	for _, c := range steps {
		rep, err := do(t, s, c.line)
		switch {
		case strings.HasPrefix(c.want, "?"):
			if err == nil || !strings.Contains(err.Error(), c.want[1:]) {
				t.Errorf("%s: %q, %v; want the error %q", c.line, rep.Text, err, c.want[1:])
			}
		case err != nil || rep.Text != c.want || rep.Data != c.want:
			t.Errorf("%s: %q (%v), %v; want %q", c.line, rep.Text, rep.Data, err, c.want)
		}
	}
	help := must(t, s, "help").Text
	for _, want := range []string{"units [bw|mm]\n", "(base widths to start", "play a free-form move (same as play move ...): hold or end, X Y in base widths"} {
		if !strings.Contains(help, want) {
			t.Errorf("help does not say %q:\n%s", want, help)
		}
	}
	if strings.Contains(help, "inches") || strings.Contains(help, "[slide]") {
		t.Errorf("help speaks another ruleset's lengths or moves:\n%s", help)
	}

	// The unit chosen reaches the ruleset: its own as the plain reading.
	for _, c := range []struct{ unit, line, readIn string }{
		{"bw", "move hold", ""},
		{"mm", "move hold", "mm"},
		{"mm", "play move hold", "mm"},
		{"mm", "set F1 at 1 1", "mm"},
		{"bw", "set F1 at 1 1", ""},
	} {
		must(t, s, "units "+c.unit)
		readIn = "unset"
		if _, err := do(t, s, c.line); err != nil {
			t.Fatalf("units %s, %s: %v", c.unit, c.line, err)
		}
		if readIn != c.readIn {
			t.Errorf("units %s, %s: read in %q, want %q", c.unit, c.line, readIn, c.readIn)
		}
		must(t, s, "undo")
	}

	// A ruleset that reads no free-form text says so for the unit chosen.
	must(t, s, "units mm")
	must(t, s, "new_game ruleset=zz-lengths side0=human side1=human")
	if rep := must(t, s, "units"); rep.Text != "mm" {
		t.Errorf("units after a new game of a ruleset with mm: %q", rep.Text)
	}
	for _, c := range []struct{ line, what string }{
		{"move F3 to 1 1", "free-form moves in mm"},
		{"set unit F3 at 1 1", "corrections in mm"},
	} {
		var mc *engine.MissingCapability
		if _, err := do(t, s, c.line); !errors.As(err, &mc) || mc.What != c.what {
			t.Errorf("%s in mm: %v, want the lack of %s", c.line, err, c.what)
		}
	}

	// Without lengths, units is refused; a ruleset with them starts in its
	// own again.
	must(t, s, "new_game ruleset=zz-bare side0=human side1=human")
	if _, err := do(t, s, "units"); err == nil {
		t.Error("units on a ruleset without lengths was answered")
	}
	must(t, s, "new_game ruleset=zz-measured side0=human side1=human")
	if rep := must(t, s, "units"); rep.Text != "bw" {
		t.Errorf("units after a ruleset without lengths: %q, want the own bw", rep.Text)
	}
}

// TestTypedNewGame: the typed API starts games from a config struct, its
// defaults the ruleset's first scenario and the session's default
// ruleset, and refuses contradictory sides as new_game does.
func TestTypedNewGame(t *testing.T) {
	var readIn string
	engine.Register(measuredRules{readIn: &readIn})
	s := NewSession(Config{Ruleset: "zz-measured"})
	rep, err := s.NewGame(NewGameConfig{Seed: 7, Human: "Red", Bot: "random"})
	if err != nil {
		t.Fatal(err)
	}
	info := rep.Data.(GameInfo)
	if info.Ruleset != "zz-measured" || info.Scenario != "only" || info.Seed != 7 || info.Sides != [2]string{"random", "human"} {
		t.Errorf("NewGame: %+v", info)
	}
	text, err := s.Execute(t.Context(), Request{Cmd: "new_game", Args: []string{"seed=7", "human=Red", "bot=random"}})
	if err != nil || text.Text != rep.Text {
		t.Errorf("new_game and NewGame differ: %q, %v; want %q", text.Text, err, rep.Text)
	}
	for _, c := range []struct {
		cfg  NewGameConfig
		want string
	}{
		{NewGameConfig{Human: "0", Sides: [2]string{"human", "random"}}, "not both"},
		{NewGameConfig{Bot: "random"}, "give human= too"},
		{NewGameConfig{Ruleset: "nope"}, "nope"},
		{NewGameConfig{TurnLimit: -1}, "turn_limit"},
		{NewGameConfig{Sides: [2]string{"", "no-such-agent"}}, "side1"},
	} {
		if _, err := s.NewGame(c.cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("NewGame(%+v): %v, want an error saying %q", c.cfg, err, c.want)
		}
	}
	if s.State() == nil || s.Revision() == 0 {
		t.Error("a refused NewGame ended the game")
	}
	if rep, err := s.Play("", "hold"); err != nil || !strings.Contains(rep.Text, "Blue: hold") {
		t.Errorf("Play hold: %q, %v", rep.Text, err)
	}
	if _, err := s.Undo(2); err == nil {
		t.Error("Undo(2) after one step was accepted")
	}
	if rep, err := s.Undo(1); err != nil || !strings.HasPrefix(rep.Text, "undid 1 step(s)") {
		t.Errorf("Undo(1): %q, %v", rep.Text, err)
	}
}
