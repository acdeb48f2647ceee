package protocol

import (
	"context"
	"encoding/json"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/grognard/grognard/agents/protocol/wire"
)

// TestTextIsAParserOverTheTypedAPI: a 2 by 2 game played through the
// protocol's text and the same game through the typed methods give the
// same replies, byte for byte in both framings, refusals included.
func TestTextIsAParserOverTheTypedAPI(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	file := filepath.Join(dir, "game.json")
	steps := []struct {
		line  string
		typed func(s *Session) (Reply, error)
	}{
		{"new_game seed=3 human=Austrians bot=heuristic turn_limit=4", func(s *Session) (Reply, error) {
			return s.NewGame(NewGameConfig{Seed: 3, Human: "Austrians", Bot: "heuristic", TurnLimit: 4})
		}},
		{"units", func(s *Session) (Reply, error) { return s.Units("") }},
		{"units p", func(s *Session) (Reply, error) { return s.Units("p") }},
		{"units furlongs", func(s *Session) (Reply, error) { return s.Units("furlongs") }},
		{"units in", func(s *Session) (Reply, error) { return s.Units("in") }},
		{"show", func(s *Session) (Reply, error) { return s.Show("") }},
		{"show colours", func(s *Session) (Reply, error) { return s.Show("colours") }},
		{"pending", func(s *Session) (Reply, error) { return s.Pending() }},
		{"dice 9", func(s *Session) (Reply, error) { return s.Dice(9) }},
		{"advance max=3", func(s *Session) (Reply, error) { return s.Advance(ctx, 3) }},
		{"show history", func(s *Session) (Reply, error) { return s.Show(ShowHistory) }},
		{"advance", func(s *Session) (Reply, error) { return s.Advance(ctx, 0) }},
		{"legal", func(s *Session) (Reply, error) { return s.Legal("", "") }},
		{"legal side=French", func(s *Session) (Reply, error) { return s.Legal("French", "") }},
		{"hint n=2 playouts=1 agent=heuristic", func(s *Session) (Reply, error) {
			c := NewHintConfig()
			c.N, c.Playouts, c.Agent = 2, 1, "heuristic"
			return s.Hint(ctx, c)
		}},
		{"hint n=0", func(s *Session) (Reply, error) { c := NewHintConfig(); c.N = 0; return s.Hint(ctx, c) }},
		{"play 1", func(s *Session) (Reply, error) { return s.Play("", "1") }},
		{"play 9999", func(s *Session) (Reply, error) { return s.Play("", "9999") }},
		{"genmove agent=random", func(s *Session) (Reply, error) { return s.BotMove(ctx, BotMoveConfig{Agent: "random"}) }},
		{"undo 2", func(s *Session) (Reply, error) { return s.Undo(2) }},
		{"undo 999", func(s *Session) (Reply, error) { return s.Undo(999) }},
		{"save " + file, func(s *Session) (Reply, error) { return s.Save(file) }},
		{"load " + file + " bot=random", func(s *Session) (Reply, error) { return s.Load(ctx, file, LoadSides{Bot: "random"}) }},
		{"result", func(s *Session) (Reply, error) { return s.Result() }},
		{"list_scenarios", func(s *Session) (Reply, error) { return s.ListScenarios("") }},
		{"help units", func(s *Session) (Reply, error) { return s.Help("units") }},
		{"quit", func(s *Session) (Reply, error) { return s.Quit(), nil }},
	}
	text, typed := NewSession(Config{}), NewSession(Config{})
	defer text.Close()
	defer typed.Close()
	for _, st := range steps {
		r, err := wire.ParseText(st.line)
		if err != nil {
			t.Fatalf("%s: %v", st.line, err)
		}
		want, werr := text.Execute(ctx, r)
		got, gerr := st.typed(typed)
		for _, mode := range []Mode{Text, JSON} {
			w, g := wire.FormatText("", want, werr), wire.FormatText("", got, gerr)
			if mode == JSON {
				w, g = wire.FormatJSON("", want, werr), wire.FormatJSON("", got, gerr)
			}
			// A search's time is its own.
			w, g = elapsed.ReplaceAllString(w, ""), elapsed.ReplaceAllString(g, "")
			if w != g {
				t.Errorf("%s in %s mode:\nthe protocol: %s\nthe typed API: %s", st.line, mode, w, g)
			}
		}
		if a, b := stateOf(t, text), stateOf(t, typed); a != b {
			t.Fatalf("after %s the games differ", st.line)
		}
	}
}

// elapsed is the time an explanation says its search took.
var elapsed = regexp.MustCompile(`"elapsed_ns":[0-9]+`)

// stateOf is the session's state as JSON, "" before a game.
func stateOf(t *testing.T, s *Session) string {
	t.Helper()
	if s.State() == nil {
		return ""
	}
	b, err := json.Marshal(s.State())
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
