package protocol

import (
	"errors"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
)

// bareState is a game of a ruleset with none of the named capabilities:
// side 0 holds or ends the game. Embedding engine.State (nil) fills in
// what the session never calls here.
type bareState struct {
	engine.State
	over bool
}

func (s *bareState) Ruleset() string { return bareRules{}.Name() }
func (s *bareState) ToMove() engine.Player {
	if s.over {
		return engine.NoPlayer
	}
	return 0
}
func (s *bareState) Terminal() bool { return s.over }
func (s *bareState) Result() engine.Result {
	if s.over {
		return engine.Ended(engine.RulesDraw, engine.NoPlayer, "ended")
	}
	return engine.Result{}
}
func (s *bareState) Legal(buf []engine.Action) []engine.Action {
	if s.over {
		return buf
	}
	return append(buf, engine.Action{Kind: 1}, engine.Action{Kind: 2})
}
func (s *bareState) Apply(a engine.Action) error {
	if s.over || a.Kind < 1 || a.Kind > 2 {
		return engine.ErrIllegal
	}
	s.over = a.Kind == 2
	return nil
}
func (s *bareState) DescribeAction(a engine.Action) string {
	return map[uint8]string{1: "hold", 2: "end the game"}[a.Kind]
}
func (s *bareState) FormatAction(a engine.Action) string {
	return map[uint8]string{1: "hold", 2: "end"}[a.Kind]
}
func (s *bareState) ParseAction(text string) (engine.Action, error) {
	switch text {
	case "hold":
		return engine.Action{Kind: 1}, nil
	case "end":
		return engine.Action{Kind: 2}, nil
	}
	return engine.Action{}, engine.ErrNotation
}
func (s *bareState) Turn() int                 { return 1 }
func (s *bareState) Hash() uint64              { return map[bool]uint64{false: 1, true: 2}[s.over] }
func (s *bareState) Clone() engine.State       { c := *s; return &c }
func (s *bareState) CopyFrom(src engine.State) { *s = *src.(*bareState) }
func (s *bareState) MarshalJSON() ([]byte, error) {
	return []byte(`{"over":` + map[bool]string{false: "false", true: "true"}[s.over] + `}`), nil
}

// bareRules names itself to sort after twobytwo, which stays the
// session's default ruleset in the other tests.
type bareRules struct{ engine.Ruleset }

func (bareRules) Name() string        { return "zz-bare" }
func (bareRules) Version() string     { return "1" }
func (bareRules) Title() string       { return "a ruleset without capabilities" }
func (bareRules) Scenarios() []string { return []string{"only"} }
func (bareRules) NewGame(string, engine.Options) (engine.State, error) {
	return &bareState{}, nil
}
func (bareRules) ScenarioHash(string, engine.Options) (string, error) { return "bare", nil }

// TestMissingCapabilities: on a ruleset that offers none of the named
// capabilities the commands that need one say which the ruleset lacks,
// change nothing, and the rest of the session works.
func TestMissingCapabilities(t *testing.T) {
	engine.Register(bareRules{})
	s := NewSession(Config{})
	rep := must(t, s, "new_game ruleset=zz-bare side0=human side1=human")
	if !strings.Contains(rep.Text, "turn 1, side 0 to move") {
		t.Errorf("new game on a ruleset without a summary: %q", rep.Text)
	}
	for _, c := range []struct{ line, what string }{
		{"show units", "a list of its units"},
		{"show sketch", "a sketch of the table"},
		{"legal F3", "units to list the actions of"},
		{"move F3 to 1 1", "free-form moves and placements"},
		{"place F3 at 1 1", "free-form moves and placements"},
		{"set unit F3 at 1 1", "corrections"},
	} {
		_, err := do(t, s, c.line)
		var mc *engine.MissingCapability
		if !errors.As(err, &mc) || mc.Ruleset != "zz-bare" || mc.What != c.what {
			t.Errorf("%s: %v, want the zz-bare rules to lack %s", c.line, err, c.what)
		}
		if err == nil || !strings.Contains(err.Error(), "the zz-bare rules do not offer "+c.what) {
			t.Errorf("%s: error %q does not say what is missing", c.line, err)
		}
	}
	for _, line := range []string{"units", "units mm"} {
		var mc *engine.MissingCapability
		if _, err := do(t, s, line); !errors.As(err, &mc) || mc.What != "units of length" {
			t.Errorf("%s: %v, want the lack of units of length", line, err)
		}
	}
	if rep := must(t, s, "help units"); !strings.Contains(rep.Text, "the zz-bare rules do not offer units of length") {
		t.Errorf("help units on a ruleset without lengths: %q", rep.Text)
	}
	if rep := must(t, s, "legal"); !strings.Contains(rep.Text, "1 hold") {
		t.Errorf("legal: %q", rep.Text)
	}
	must(t, s, "play end the game")
	if rep := must(t, s, "result"); !strings.Contains(rep.Text, "draw (ended)") {
		t.Errorf("result: %q", rep.Text)
	}
}
