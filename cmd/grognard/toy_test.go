package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/grognard/grognard/cmd/grognard/web"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest/toy"
)

// toyEnv makes a run of this test binary register the toy ruleset: the one
// registration call a new ruleset needs, with nothing else of the command
// changed.
const toyEnv = "GROGNARD_TEST_TOY_PLUGIN"

func init() {
	if os.Getenv(toyEnv) == "1" {
		// The program's rulesets first, so the default stays the
		// program's; then the toy's one registration.
		registerRulesets()
		engine.RegisterBundle(toy.Bundle())
	}
}

// TestToyRulesetPlugsIn: the toy ruleset, registered by one call in a
// test binary of its own (this one, run again with toyEnv set so the
// other tests see only the program's rulesets), gets every command.
func TestToyRulesetPlugsIn(t *testing.T) {
	if os.Getenv(toyEnv) == "1" {
		t.Skip("the child run")
	}
	cmd := exec.Command(os.Args[0], "-test.run", "^TestToyCommands$", "-test.v")
	cmd.Env = append(os.Environ(), toyEnv+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !bytes.Contains(out, []byte("--- PASS: TestToyCommands")) {
		t.Fatalf("the toy's commands: %v\n%s", err, out)
	}
}

// TestToyCommands runs every command on the toy ruleset; it runs only in
// the child process TestToyRulesetPlugsIn starts.
func TestToyCommands(t *testing.T) {
	if os.Getenv(toyEnv) != "1" {
		t.Skip("run by TestToyRulesetPlugsIn")
	}
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	if err := os.WriteFile(bad, []byte("name: bad\nturns: 4\nunits:\n  - {label: B-Line, side: Blue, type: Line, square: 2}\n  - {label: R-Line, side: Red, type: Line, square: 12}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []commandCase{
		{"rules", []string{"rules"}, 0, []string{"toy 1: Toy skirmish", "scenario skirmish", "scenario duel"}, nil},
		{"scenario show", []string{"scenario", "show", "--ruleset", "toy", "duel"}, 0, []string{"duel: a track of", "B-Line"}, nil},
		{"scenario check of a bad file", []string{"scenario", "check", "--ruleset", "toy", bad}, exitFailure, []string{bad + ": unit R-Line: square 12 is off the track (0 to 11)"}, []string{"1 of 1 files have problems"}},
		{"scenario check of no file", []string{"scenario", "check", "--ruleset", "toy"}, exitUsage, nil, []string{"one or more toy scenario FILEs"}},
		{"scenario generate is not the toy's", []string{"scenario", "generate", "--ruleset", "toy"}, exitUsage, nil, []string{"the toy rules do not offer it (rulesets that do: twobytwo, drums)"}},
		{"army is not the toy's", []string{"army", "lists", "--ruleset", "toy"}, exitUsage, nil, []string{"the toy rules do not offer it"}},
		{"resolve", []string{"resolve", "--ruleset", "toy", "--battles", "6", "-a", "random"}, 0, []string{"skirmish: 6 battles, Blue random, Red random", "how they ended:"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			runCase(t, tc.args, tc.code, tc.stdout, tc.stderr, false)
		})
	}
	rulesetCommands(t, "toy")
}

// TestEveryRuleset runs the commands every ruleset gets through its bundle
// on each registered ruleset: what a new ruleset gets by registering.
func TestEveryRuleset(t *testing.T) {
	registerRulesets()
	for _, b := range engine.Bundles() {
		t.Run(b.Rules.Name(), func(t *testing.T) { rulesetCommands(t, b.Rules.Name()) })
	}
}

// commandCase is one run of the command and what it must print.
type commandCase struct {
	name   string
	args   []string
	code   int
	stdout []string
	stderr []string
}

// quickMCTS is MCTS with the generic pieces, which need no kit, at a
// budget a test can afford on any ruleset.
const quickMCTS = "mcts:iters=20,prior=none,playout=random,eval=none"

// rulesetCommands runs the commands every registered ruleset gets on
// ruleset r: its scenario tools, match and replay (with a picture where it
// draws one), hint on a new and a saved game, a tournament, a ladder, play,
// the protocol in both framings and a web game with a move.
func rulesetCommands(t *testing.T, r string) {
	t.Helper()
	b, err := engine.BundleOf(r)
	if err != nil {
		t.Fatal(err)
	}
	def := engine.DefaultScenario(b.Rules)
	dir := t.TempDir()
	rec := filepath.Join(dir, "games.jsonl")
	saved := filepath.Join(dir, "saved.json")
	db := filepath.Join(dir, "ladder.db")
	tests := []commandCase{
		{"agents", []string{"agents"}, 0, []string{"mcts", "random"}, nil},
		{"match", []string{"match", "--ruleset", r, "-a", "random", "-b", quickMCTS, "--record", rec}, 0, []string{"result:"}, nil},
		{"replay", []string{"replay", rec}, 0, nil, nil},
		{"replay save", []string{"replay", "--save", saved, "--step", "3", rec}, 0, nil, nil},
		{"hint", []string{"hint", "--ruleset", r, "--agent", quickMCTS, "--playouts", "2"}, 0, []string{"1."}, nil},
		{"tournament", []string{"tournament", "--ruleset", r, "--games", "2", "--workers", "1", "--turn-limit", "2", "--records", filepath.Join(dir, "t.jsonl"), "--agents", "random", "--agents", quickMCTS}, 0, []string{"random", "mcts"}, nil},
		{"ladder pool", []string{"ladder", "pool", "--db", db, r, def}, 0, []string{"pool 1: " + r + " " + def}, nil},
		{"ladder add", []string{"ladder", "add", "--db", db, "rnd", "random"}, 0, nil, nil},
		{"ladder add mcts", []string{"ladder", "add", "--db", db, "m", quickMCTS}, 0, nil, nil},
		{"ladder run", []string{"ladder", "run", "--db", db, "--games", "2", "--workers", "1"}, 0, nil, nil},
		{"ladder board", []string{"ladder", "board", "--db", db}, 0, []string{"rnd"}, nil},
	}
	if slices.ContainsFunc(b.Scenarios, func(tl engine.Tool) bool { return tl.Name == "list" }) {
		tests = append(tests, commandCase{"scenario list", []string{"scenario", "list", "--ruleset", r}, 0, []string{def}, nil})
	}
	if slices.ContainsFunc(b.Scenarios, func(tl engine.Tool) bool { return tl.Name == "show" }) {
		tests = append(tests, commandCase{"scenario show", []string{"scenario", "show", "--ruleset", r, def}, 0, []string{def}, nil})
	}
	if file, made := scenarioFile(b, dir); made != nil && slices.ContainsFunc(b.Scenarios, func(tl engine.Tool) bool { return tl.Name == "check" }) {
		// A scenario file the ruleset's own tools write passes its check.
		tests = append(tests, commandCase{"scenario file", made, 0, nil, nil},
			commandCase{"scenario check", []string{"scenario", "check", "--ruleset", r, file}, 0, []string{file + ": ok"}, nil})
	}
	if b.Pictures != nil {
		svg := filepath.Join(dir, "step.svg")
		tests = append(tests, commandCase{"replay picture", []string{"replay", "--svg", svg, "--step", "3", rec}, 0, []string{svg}, nil})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			runCase(t, tc.args, tc.code, tc.stdout, tc.stderr, false)
		})
	}
	t.Run("play", func(t *testing.T) {
		var out, errOut bytes.Buffer
		// The person asks the bot to play for them, then saves and
		// leaves; the saved game loads again.
		typed := strings.Repeat("bot\n", 12) + "save " + filepath.Join(dir, "play.json") + "\nquit\n"
		code := runWithInput(context.Background(), []string{"grognard", "play", "--ruleset", r, "--bot", "random"}, strings.NewReader(typed), &out, &errOut)
		if code != 0 {
			t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out.String(), errOut.String())
		}
		out.Reset()
		code = runWithInput(context.Background(), []string{"grognard", "play", "--load", filepath.Join(dir, "play.json"), "--bot", "random"}, strings.NewReader("quit\n"), &out, &errOut)
		if code != 0 {
			t.Fatalf("load: exit %d\nstdout:\n%s\nstderr:\n%s", code, out.String(), errOut.String())
		}
		// The game was saved at the person's decision: hint advises it.
		runCase(t, []string{"hint", "--game", filepath.Join(dir, "play.json"), "--agent", quickMCTS, "--playouts", "0"}, 0, []string{"1."}, nil, false)
	})
	for _, mode := range []string{"text", "json"} {
		t.Run("protocol "+mode, func(t *testing.T) {
			var in string
			if mode == "json" {
				in = `{"cmd":"new_game","args":["ruleset=` + r + `","scenario=` + def + `","side0=random","side1=random"]}` + "\n" + `{"cmd":"advance","args":["max=5"]}` + "\n" + `{"cmd":"show"}` + "\n" + `{"cmd":"quit"}` + "\n"
			} else {
				in = "new_game ruleset=" + r + " scenario=" + def + " side0=random side1=random\nadvance max=5\nshow\nquit\n"
			}
			var out, errOut bytes.Buffer
			args := []string{"grognard", "protocol"}
			if mode == "json" {
				args = append(args, "--json")
			}
			code := runWithInput(context.Background(), args, strings.NewReader(in), &out, &errOut)
			if code != 0 || strings.Contains(out.String(), `"ok":false`) || strings.Contains(out.String(), "\n? ") || !strings.Contains(out.String(), def) {
				t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out.String(), errOut.String())
			}
		})
	}
	t.Run("web", func(t *testing.T) { webGame(t, r, b.Pictures != nil) })
}

// scenarioFile is a scenario file of b's ruleset in dir and the command
// that writes it with the ruleset's own tools (show, else generate, with
// --out), or nil when no tool writes one.
func scenarioFile(b engine.Bundle, dir string) (string, []string) {
	file := filepath.Join(dir, "scenario.yaml")
	for _, name := range []string{"show", "generate"} {
		for _, tl := range b.Scenarios {
			if tl.Name != name || !slices.ContainsFunc(tl.Options, func(o engine.Option) bool { return o.Name == "out" }) {
				continue
			}
			args := []string{"scenario", name, "--ruleset", b.Rules.Name(), "--out", file}
			if name == "show" {
				args = append(args, engine.DefaultScenario(b.Rules))
			}
			return file, args
		}
	}
	return "", nil
}

// webGame starts a game of ruleset r in the web server, plays the first
// legal action, and (pictured) fetches the table's picture.
func webGame(t *testing.T, r string, pictured bool) {
	srv, err := web.New(web.Config{Name: "grognard", Version: "test", Ruleset: defaultRuleset()})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	post := func(path, body string) map[string]any {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, ts.URL+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		resp, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var v map[string]any
		if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		return v
	}
	s := post("/api/sessions", "{}")
	id, _ := s["id"].(string)
	if id == "" {
		t.Fatalf("no session: %v", s)
	}
	for _, c := range []string{
		`{"cmd":"new_game","args":["ruleset=` + r + `","human=0","bot=random","dice=auto"]}`,
		`{"cmd":"advance"}`,
		`{"cmd":"play","args":["1"]}`,
	} {
		if rep := post("/api/sessions/"+id+"/command", c); rep["ok"] != true {
			t.Fatalf("%s: %v", c, rep)
		}
	}
	get := func(path string) (int, string) {
		resp, err := ts.Client().Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var buf bytes.Buffer
		_, _ = buf.ReadFrom(resp.Body)
		return resp.StatusCode, buf.String()
	}
	if code, body := get("/api/bots?ruleset=" + r); code != 200 || !strings.Contains(body, `"ok":true`) {
		t.Fatalf("bots: %d %s", code, body)
	}
	if pictured {
		if code, body := get("/api/sessions/" + id + "/picture.svg"); code != 200 || !strings.Contains(body, "data-table") {
			t.Fatalf("picture: %d %.300s", code, body)
		}
	}
}
