package protocol

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/agents/protocol/wire"

	// The scenario sources, file source included, as the command
	// registers them: the policy must hold with them in place.
	_ "github.com/grognard/grognard/scenarios/twobytwo"
)

// secretScenario writes a scenario file whose every value is a secret, so
// that an error quoting any of it shows.
func secretScenario(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "secret.yaml")
	if err := os.WriteFile(path, []byte("hunter2: hunter2\nname: hunter2\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// savedNaming is a saved game of a built-in scenario whose record is
// edited to name scenario instead, as a hostile upload would.
func savedNaming(t *testing.T, scenario string) []byte {
	t.Helper()
	s := NewSession(Config{})
	must(t, s, "new_game seed=2")
	rep := must(t, s, "save")
	b, err := json.Marshal(rep.Data)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	doc["record"].(map[string]any)["scenario"] = scenario
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestNoScenarioFiles: with NoScenarioFiles a session opens no scenario
// file, through new_game or a loaded game's record, and its error is the
// same whether the file exists or not and quotes none of it; built-in
// scenarios and generated battlefields still open. Without it (a person
// at the terminal) the file is read, which is why the policy matters.
func TestNoScenarioFiles(t *testing.T) {
	secret := secretScenario(t)
	for _, tc := range []struct {
		name string
		run  func(s *Session, path string) error
	}{
		{"new_game", func(s *Session, path string) error {
			_, err := s.Execute(t.Context(), Request{Cmd: "new_game", Args: []string{"scenario=" + path}})
			return err
		}},
		{"new_game upper-case extension", func(s *Session, path string) error {
			_, err := s.Execute(t.Context(), Request{Cmd: "new_game", Args: []string{"scenario=" + path + "/../" + filepath.Base(path)[:len(filepath.Base(path))-5] + ".YAML"}})
			return err
		}},
		{"load of a saved game", func(s *Session, path string) error {
			_, err := s.LoadSaved(savedNaming(t, path), "")
			return err
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "s.yaml")
			data, _ := os.ReadFile(secret)
			if err := os.WriteFile(path, data, 0o600); err != nil {
				t.Fatal(err)
			}
			s := NewSession(Config{NoScenarioFiles: true})
			present := tc.run(s, path)
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
			missing := tc.run(s, path)
			if present == nil || missing == nil {
				t.Fatalf("a scenario file was opened: %v / %v", present, missing)
			}
			if strings.Contains(present.Error(), "hunter2") {
				t.Errorf("the error quotes the file: %v", present)
			}
			if present.Error() != missing.Error() {
				t.Errorf("the error tells an existing file from a missing one:\n%v\n%v", present, missing)
			}
			if !strings.Contains(present.Error(), "command line") {
				t.Errorf("the error does not say where files can be played: %v", present)
			}
			if s.State() != nil {
				t.Error("a game was started")
			}
		})
	}
	s := NewSession(Config{NoScenarioFiles: true})
	must(t, s, "new_game scenario=gen:5")
	must(t, s, "new_game")
	if _, err := do(t, s, "new_game scenario=nowhere"); err == nil || wire.CodeOf(err) != wire.BadArgument {
		t.Errorf("an unknown built-in: %v", err)
	}
	// The terminal's session reads the file: its error quotes it.
	if _, err := do(t, NewSession(Config{}), "new_game scenario="+secret); err == nil || !strings.Contains(err.Error(), "hunter2") {
		t.Errorf("without the policy the file is not read (did the test's secret change?): %v", err)
	}
}

// TestLimitsRefuseHugeBudgets: every way a request names a budget is
// bounded, and an error names the bound; what is within them runs.
func TestLimitsRefuseHugeBudgets(t *testing.T) {
	lim := Limits{Iters: 200, Calls: 20000, Time: time.Second, Workers: 2, Depth: 50, Playouts: 16, Nodes: 1 << 19}
	for _, tc := range []struct{ line, want string }{
		{"hint iters=2000000000", "limit of 200 search iterations"},
		{"hint time=1h", "limit of 1s"},
		{"hint calls=999999999", "limit of 20000 forward-model calls"},
		{"hint iters=50 playouts=10000 n=50", "limit of 16 a hint"},
		{"hint iters=50 n=3 playouts=6", "limit of 16 a hint"},
		{"hint agent=mcts:iters=2000000000", "limit of 200"},
		{"hint agent=mcts:iters=100,workers=64", "workers=64"},
		{"hint agent=mcts:iters=100,depth=100000", "depth=100000"},
		{"hint agent=portfolio:iters=10,horizon=100000", "horizon=100000"},
		{"hint agent=portfolio:iters=10,playouts=1000", "playouts=1000"},
		{"hint agent=mcts:iters=100,nodes=4194304", "limit of 524288 search tree nodes"},
		{"hint agent=mcts:time=10m", "limit of 1s"},
		{"genmove iters=2000000000", "limit of 200"},
		{"genmove agent=mcts:iters=2000000000", "limit of 200"},
		{"new_game side0=human side1=mcts:iters=2000000000", "side1"},
		{"new_game human=0 bot=mcts:calls=999999999", "limit of 20000"},
		// The default of a key left out is bounded too: portfolio's
		// horizon is 40, mcts's iters 400.
		{"hint agent=mcts", "give iters=200 or less"},
	} {
		t.Run(tc.line, func(t *testing.T) {
			s := NewSession(Config{Limits: lim})
			must(t, s, "new_game human=0 bot=random seed=1")
			must(t, s, "advance")
			before := stateJSON(t, s)
			_, err := do(t, s, tc.line)
			if err == nil || !strings.Contains(err.Error(), tc.want) || wire.CodeOf(err) != wire.BadArgument {
				t.Fatalf("%s: %v, want an error with %q", tc.line, err, tc.want)
			}
			if stateJSON(t, s) != before {
				t.Error("a refused request changed the game")
			}
		})
	}
	s := NewSession(Config{Limits: lim})
	must(t, s, "new_game human=0 bot=mcts:iters=50 seed=1")
	must(t, s, "advance")
	must(t, s, "hint iters=50 playouts=2 n=2")
	// A saved game's sides are bounded as new_game's are.
	saved := savedWithSide(t, "mcts:iters=2000000000")
	if _, err := NewSession(Config{Limits: lim}).LoadSaved(saved, ""); err == nil || !strings.Contains(err.Error(), "limit of 200") {
		t.Errorf("a saved game's huge bot: %v", err)
	}
	if _, err := NewSession(Config{Limits: lim}).LoadSaved(saved, "mcts:iters=50"); err != nil {
		t.Errorf("a saved game's bot replaced by one within the limits: %v", err)
	}
}

// savedWithSide is a saved game whose side 1 is played by spec.
func savedWithSide(t *testing.T, spec string) []byte {
	t.Helper()
	s := NewSession(Config{})
	must(t, s, "new_game human=0 bot="+spec+" seed=2")
	b, err := json.Marshal(must(t, s, "save").Data)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSearchingTakesTurns: Config.Searching is asked before every search
// (a hint, a bot's move in genmove or advance) and told when it is over,
// never for what does not search; its refusal refuses the request and
// leaves the game as it was.
func TestSearchingTakesTurns(t *testing.T) {
	var asked, done int
	var refuse error
	s := NewSession(Config{Searching: func(context.Context) (func(), error) {
		asked++
		if refuse != nil {
			return nil, refuse
		}
		return func() { done++ }, nil
	}})
	must(t, s, "new_game human=0 bot=random seed=1 dice=manual")
	must(t, s, "roll")
	must(t, s, "show")
	if asked != 0 {
		t.Fatalf("asked %d times before any search", asked)
	}
	must(t, s, "hint agent=mcts:iters=20 playouts=1")
	must(t, s, "genmove agent=random")
	if asked != 2 || done != 2 {
		t.Fatalf("asked %d times, told %d, after a hint and a genmove", asked, done)
	}
	refuse = errors.New("busy")
	before := stateJSON(t, s)
	if _, err := do(t, s, "hint agent=mcts:iters=20"); !errors.Is(err, refuse) {
		t.Errorf("a refused turn: %v", err)
	}
	if stateJSON(t, s) != before {
		t.Error("a refused search changed the game")
	}
}
