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
	dir := t.TempDir()
	rec := filepath.Join(dir, "games.jsonl")
	saved := filepath.Join(dir, "saved.json")
	db := filepath.Join(dir, "ladder.db")
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout []string
		stderr []string
	}{
		{"rules", []string{"rules"}, 0, []string{"toy 1: Toy skirmish", "scenario skirmish", "scenario duel"}, nil},
		{"scenario list", []string{"scenario", "list", "--ruleset", "toy"}, 0, []string{"skirmish", "duel"}, nil},
		{"scenario show", []string{"scenario", "show", "--ruleset", "toy", "duel"}, 0, []string{"duel: a track of", "B-Line"}, nil},
		{"scenario check is not the toy's", []string{"scenario", "check", "--ruleset", "toy", "x.yaml"}, exitUsage, nil, []string{"the toy rules do not offer it (rulesets that do: twobytwo, drums, grand)"}},
		{"army is not the toy's", []string{"army", "lists", "--ruleset", "toy"}, exitUsage, nil, []string{"the toy rules do not offer it"}},
		{"agents", []string{"agents"}, 0, []string{"mcts", "random"}, nil},
		{"match", []string{"match", "--ruleset", "toy", "-a", "random", "-b", "mcts:iters=40,prior=none,playout=random,eval=none", "--record", rec}, 0, []string{"result:"}, nil},
		{"replay", []string{"replay", "--save", saved, "--step", "3", rec}, 0, nil, nil},
		{"hint", []string{"hint", "--ruleset", "toy", "--agent", "mcts:iters=40,prior=none,playout=random,eval=none", "--playouts", "2"}, 0, []string{"1."}, nil},
		{"hint a saved game", []string{"hint", "--game", saved, "--agent", "mcts:iters=40,prior=none,playout=random,eval=none", "--playouts", "0"}, 0, []string{"1."}, nil},
		{"tournament", []string{"tournament", "--ruleset", "toy", "--games", "2", "--workers", "1", "--records", filepath.Join(dir, "t.jsonl"), "--agents", "random", "--agents", "mcts:iters=40,prior=none,playout=random,eval=none"}, 0, []string{"random", "mcts"}, nil},
		{"resolve", []string{"resolve", "--ruleset", "toy", "--battles", "6", "-a", "random"}, 0, []string{"skirmish: 6 battles, Blue random, Red random", "how they ended:"}, nil},
		{"ladder pool", []string{"ladder", "pool", "--db", db, "toy", "duel"}, 0, []string{"pool 1: toy duel"}, nil},
		{"ladder add", []string{"ladder", "add", "--db", db, "rnd", "random"}, 0, nil, nil},
		{"ladder add mcts", []string{"ladder", "add", "--db", db, "m", "mcts:iters=40,prior=none,playout=random,eval=none"}, 0, nil, nil},
		{"ladder run", []string{"ladder", "run", "--db", db, "--games", "2", "--workers", "1"}, 0, nil, nil},
		{"ladder board", []string{"ladder", "board", "--db", db}, 0, []string{"rnd"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			runCase(t, tc.args, tc.code, tc.stdout, tc.stderr, false)
		})
	}
	t.Run("play", func(t *testing.T) {
		var out, errOut bytes.Buffer
		// The person types nothing but asks the bot to play for them
		// until the game ends.
		typed := strings.Repeat("bot\n", 400) + "quit\n"
		code := runWithInput(context.Background(), []string{"grognard", "play", "--ruleset", "toy", "--bot", "random", "--save", filepath.Join(dir, "play.json")}, strings.NewReader(typed), &out, &errOut)
		if code != 0 || !strings.Contains(out.String(), "Blue") {
			t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out.String(), errOut.String())
		}
	})
	for _, mode := range []string{"text", "json"} {
		t.Run("protocol "+mode, func(t *testing.T) {
			var in string
			if mode == "json" {
				in = `{"cmd":"new_game","args":["ruleset=toy","scenario=duel"]}` + "\n" + `{"cmd":"legal"}` + "\n" + `{"cmd":"genmove","args":["side=0","agent=random"]}` + "\n" + `{"cmd":"quit"}` + "\n"
			} else {
				in = "new_game ruleset=toy scenario=duel\nlegal\ngenmove side=0 agent=random\nquit\n"
			}
			var out, errOut bytes.Buffer
			args := []string{"grognard", "protocol"}
			if mode == "json" {
				args = append(args, "--json")
			}
			code := runWithInput(context.Background(), args, strings.NewReader(in), &out, &errOut)
			if code != 0 || strings.Contains(out.String(), "error") || !strings.Contains(out.String(), "duel") {
				t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out.String(), errOut.String())
			}
		})
	}
	t.Run("web", func(t *testing.T) {
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
			`{"cmd":"new_game","args":["ruleset=toy","human=0","bot=random","dice=auto"]}`,
			`{"cmd":"legal"}`,
		} {
			if r := post("/api/sessions/"+id+"/command", c); r["ok"] != true {
				t.Fatalf("%s: %v", c, r)
			}
		}
		resp, err := ts.Client().Get(ts.URL + "/api/bots?ruleset=toy")
		if err != nil {
			t.Fatal(err)
		}
		var bots map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&bots)
		resp.Body.Close()
		if bots["ok"] != true {
			t.Fatalf("bots: %v", bots)
		}
	})
}
