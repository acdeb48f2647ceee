package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// TestReadmeCommands runs every grognard command of README.md's sh blocks
// in-process through the app's run, each in a fresh directory, and fails on
// any that does not exit 0, so that a README example that stopped working
// (a renamed flag, a unit the scenario does not have) is caught here.
//
// How a README command is kept testable:
//
//   - It is one line of a ```sh block that starts `grognard ...` or
//     `go run ./cmd/grognard ...`: words, "double" or 'single' quotes, at
//     most a `| grognard ...` pipe and a `> FILE` redirect, and a `# comment`.
//     Other lines (go test, make) are not grognard's and are left out;
//     sample sessions and outputs belong in plain ``` blocks.
//   - Every file it reads that it does not write itself is made here first:
//     readmeInputs says how each input file the README names is made (by
//     README commands where it can). A new example that reads a new file
//     needs a line there.
//   - It ends when its standard input ends: play gets "quit".
//   - It runs in seconds. One that would take longer is shortened here, in
//     readmeShorter, only through the environment variables every flag has
//     (README "Usage"), never by changing its words, so that what runs is
//     what the README says with the variable set.
//   - A command that runs python3 is skipped without python3, as the
//     external-bot tests are.
func TestReadmeCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("plays the README's games and searches")
	}
	if raceEnabled() {
		// Ten times slower there; the race detector has the concurrent
		// code's own tests.
		t.Skip("not under -race")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	cmds := readmeCommands(string(text))
	if len(cmds) < 30 {
		t.Fatalf("only %d grognard commands found in README.md's sh blocks", len(cmds))
	}
	inputs := makeReadmeInputs(t, root)
	_, noPython := exec.LookPath("python3")
	start := time.Now()
	for _, line := range cmds {
		t.Run(line, func(t *testing.T) {
			if strings.Contains(line, "python3") && noPython != nil {
				t.Skip("needs python3")
			}
			stages, redirect, err := parseReadmeLine(line)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			for name, src := range inputs {
				if readmeNeeds(line, name) {
					copyFile(t, src, filepath.Join(dir, name))
				}
			}
			for _, s := range readmeShorter {
				if strings.Contains(line, s.contains) {
					t.Setenv(s.env, s.value)
				}
			}
			t.Chdir(dir)
			runReadmeLine(t, stages, redirect)
		})
	}
	t.Logf("%d README commands in %v", len(cmds), time.Since(start).Round(time.Millisecond))
}

// readmeShorter shortens README commands that would take more than a few
// seconds, through documented environment variables only: the line that
// contains contains runs with env=value.
var readmeShorter = []struct{ contains, env, value string }{
	// A ladder runs until stopped.
	{"ladder run", "GROGNARD_GAMES", "20"},
	// A whole game at 200 iterations a decision takes half a minute.
	{"--b mcts:iters=200 --explain", "GROGNARD_TURN_LIMIT", "2"},
	// Ten whole games through a Python process take some 20 s.
	{"external:cmd=python3", "GROGNARD_TURN_LIMIT", "3"},
	// A plan searches each of the turn's orders at the default's 1,600
	// iterations: a dozen searches.
	{"--plan --svg hint.svg", "GROGNARD_AGENT", "mcts:iters=200,workers=2,parallel=tree,vloss=0"},
}

// readmeInputs are the files README commands read without writing them
// first, each made once: by README commands where they make it, else
// copied from the repository.
var readmeInputs = []struct {
	name string
	make []string // grognard commands that make name, or
	copy string   // the repository file it is a copy of
}{
	// Two games: the replay example cuts game 2 at step 300.
	{name: "games.jsonl", make: []string{"match --seed 7 --record games.jsonl", "match --seed 8 --record games.jsonl"}},
	{name: "tournament.jsonl", make: []string{"tournament"}},
	{name: "my-battle.yaml", make: []string{"scenario generate --seed 7 --out my-battle.yaml"}},
	// A ladder with two entrants and a pool, so that each README ladder
	// command has something to add to or read.
	{name: "ladder.db", make: []string{"ladder add --db ladder.db mcts mcts", "ladder add --db ladder.db doctrine chart-doctrine", "ladder pool --db ladder.db grand river-crossing"}},
	{name: "marsh-battle.yaml", make: []string{"scenario show --ruleset grand --out marsh-battle.yaml marsh-guard"}},
	{name: "prussia.yaml", make: []string{"army random --nation Prussia --ap 80 --seed 3 --out prussia.yaml"}},
	// Saved games at a decision of the French, as play --save leaves them.
	{name: "battle.json", copy: "examples/games/turn3.json"},
	{name: "saved.json", copy: "examples/games/turn3.json"},
	{name: "examples/bots/random_bot.py", copy: "examples/bots/random_bot.py"},
	{name: "examples/games/turn3.json", copy: "examples/games/turn3.json"},
	{name: "part-1.jsonl.gz"}, // games.jsonl gzipped, made below
}

// readmeNeeds reports whether the README line reads or writes the input
// file name: it names it, or (tournament --resume) reads the default
// records file.
func readmeNeeds(line, name string) bool {
	for _, w := range strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == '"' || r == '\'' || r == ',' || r == '=' }) {
		if w == name {
			return true
		}
	}
	return name == "tournament.jsonl" && strings.Contains(line, "tournament --resume")
}

// makeReadmeInputs makes every readmeInputs file in a directory of its own
// and returns where each is.
func makeReadmeInputs(t *testing.T, root string) map[string]string {
	t.Helper()
	dir := t.TempDir()
	t.Chdir(dir)
	paths := map[string]string{}
	for _, in := range readmeInputs {
		path := filepath.Join(dir, in.name)
		switch {
		case in.copy != "":
			copyFile(t, filepath.Join(root, in.copy), path)
		case len(in.make) > 0:
			for _, m := range in.make {
				if code, _, errOut := grognard(t, strings.Fields(m)...); code != 0 {
					t.Fatalf("making %s: grognard %s: exit %d\n%s", in.name, m, code, errOut)
				}
			}
		case in.name == "part-1.jsonl.gz":
			gzipFile(t, paths["games.jsonl"], path)
		}
		if _, err := os.Stat(path); err != nil {
			t.Fatalf("input %s was not made: %v", in.name, err)
		}
		paths[in.name] = path
	}
	return paths
}

// readmeCommands returns the grognard command lines of text's ```sh blocks.
func readmeCommands(text string) []string {
	var out []string
	inSh := false
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(l, "```"):
			inSh = !inSh && l == "```sh"
		case inSh && (strings.HasPrefix(l, "grognard ") || l == "grognard" || strings.HasPrefix(l, "go run ./cmd/grognard")):
			out = append(out, l)
		}
	}
	return out
}

// parseReadmeLine splits a README command line into its pipeline's stages
// (each the program's arguments, "grognard" first) and the file its
// output is redirected to, if any.
func parseReadmeLine(line string) (stages [][]string, redirect string, err error) {
	words, err := shellWords(line)
	if err != nil {
		return nil, "", err
	}
	var cur []string
	for k := 0; k < len(words); k++ {
		switch w := words[k]; w {
		case "|":
			stages, cur = append(stages, cur), nil
		case ">":
			if k+1 >= len(words) {
				return nil, "", fmt.Errorf("%q: > without a file", line)
			}
			redirect = words[k+1]
			k++
		default:
			cur = append(cur, w)
		}
	}
	stages = append(stages, cur)
	for k, s := range stages {
		switch {
		case len(s) >= 3 && s[0] == "go" && s[1] == "run" && s[2] == "./cmd/grognard":
			stages[k] = append([]string{"grognard"}, s[3:]...)
		case len(s) >= 1 && s[0] == "grognard":
		default:
			return nil, "", fmt.Errorf("%q: stage %d is not a grognard command", line, k+1)
		}
	}
	return stages, redirect, nil
}

// shellWords splits a line as sh would for these examples: words,
// "double" and 'single' quotes, | and > as words of their own, and a #
// at the start of a word beginning a comment.
func shellWords(line string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	var quote rune
	flush := func() {
		if inWord {
			words = append(words, w.String())
			w.Reset()
			inWord = false
		}
	}
	for _, r := range line {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				w.WriteRune(r)
			}
		case r == '"' || r == '\'':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			flush()
		case r == '#' && !inWord:
			flush()
			return words, nil
		case r == '|' || r == '>':
			flush()
			words = append(words, string(r))
		default:
			w.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("%q: unclosed quote", line)
	}
	flush()
	return words, nil
}

// runReadmeLine runs a pipeline of grognard commands in-process, each
// stage's output the next one's input, the last one's output to redirect
// or nowhere; play's input is "quit". It fails the test on an exit code
// other than 0.
func runReadmeLine(t *testing.T, stages [][]string, redirect string) {
	t.Helper()
	var in io.Reader = strings.NewReader("")
	for k, args := range stages {
		if len(args) > 1 && args[1] == "play" {
			in = strings.NewReader("quit\n")
		}
		var out, errOut bytes.Buffer
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		code := runWithInput(ctx, args, in, &out, &errOut)
		cancel()
		if code != 0 {
			t.Fatalf("%s: exit %d\nstdout (end):\n%s\nstderr:\n%s", strings.Join(args, " "), code, tail(out.String(), 2000), errOut.String())
		}
		if k == len(stages)-1 && redirect != "" {
			if err := os.WriteFile(redirect, out.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		in = &out
	}
}

// raceEnabled reports whether the test binary was built with -race.
func raceEnabled() bool {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return false
	}
	for _, s := range bi.Settings {
		if s.Key == "-race" {
			return s.Value == "true"
		}
	}
	return false
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "..." + s[len(s)-n:]
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func gzipFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	if _, err := zw.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
