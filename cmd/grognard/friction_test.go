package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/grognard/grognard/engine/fileio"
)

// TestUsageErrorsExit2: every wrong command line exits 2 (the README's
// exit codes), unknown subcommands and help topics included, and a bad
// flag names a help page that exists.
func TestUsageErrorsExit2(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		stderr []string
	}{
		{"unknown scenario subcommand", []string{"scenario", "frobnicate"}, []string{`unknown command "frobnicate" for grognard scenario`, "list, show, check, generate"}},
		{"unknown army subcommand", []string{"army", "frobnicate"}, []string{`unknown command "frobnicate" for grognard army`}},
		{"unknown bot subcommand", []string{"bot", "frobnicate"}, []string{`unknown command "frobnicate" for grognard bot`, "check"}},
		{"unknown help topic", []string{"help", "frobnicate"}, []string{"no command 'frobnicate'", "grognard help"}},
		{"bad flag on a subcommand", []string{"scenario", "show", "--colour", "village"}, []string{"colour", "see 'grognard scenario show --help'"}},
		{"bad flag on army random", []string{"army", "random", "--colour"}, []string{"see 'grognard army random --help'"}},
		{"bad flag on a command", []string{"hint", "--colour"}, []string{"see 'grognard hint --help'"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			runCase(t, tc.args, exitUsage, nil, tc.stderr, true)
		})
	}
	// The help pages the messages name exist.
	for _, page := range [][]string{{"scenario", "show", "--help"}, {"army", "random", "--help"}, {"scenario", "--help"}} {
		code, out, errOut := grognard(t, page...)
		if code != 0 || !strings.Contains(out, "grognard "+strings.Join(page[:len(page)-1], " ")) {
			t.Errorf("%v: exit %d, stdout:\n%s\nstderr:\n%s", page, code, out, errOut)
		}
	}
	// A command of subcommands alone still shows its help.
	runCase(t, []string{"scenario"}, 0, []string{"list", "validate", "generate", "show"}, nil, false)
}

// TestTournamentQuietByDefault: without --log-level a tournament writes no
// log line to a stderr that is not a terminal (the README: warnings only
// by default); its progress lines need --log-level info
// (TestTournamentProgressLog).
func TestTournamentQuietByDefault(t *testing.T) {
	code, out, errOut := grognard(t, quick(filepath.Join(t.TempDir(), "games.jsonl"))...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if errOut != "" {
		t.Errorf("stderr is not empty by default:\n%s", errOut)
	}
	if !strings.Contains(out, "random") {
		t.Errorf("no tables on stdout:\n%s", out)
	}
}

// TestHintInterrupted: Ctrl-C during hint's search exits 130, as every
// interrupted command does, not 2 (a wrong command line).
func TestHintInterrupted(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	var out, errOut bytes.Buffer
	code := runWithInput(ctx, []string{"grognard", "hint", "--agent", "mcts:iters=10000000"}, strings.NewReader(""), &out, &errOut)
	if code != exitInterrupt || !strings.Contains(errOut.String(), "interrupted") {
		t.Errorf("exit %d, want %d; stderr:\n%s", code, exitInterrupt, errOut.String())
	}
}

// TestExplainUnderTheAction: match --explain prints each decision's
// explanation under the action it chose (the README's order), never
// before it or under another step.
func TestExplainUnderTheAction(t *testing.T) {
	code, out, errOut := grognard(t, "match", "--a", "heuristic", "--b", "mcts:iters=20,depth=4", "--turn-limit", "1", "--explain")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(out, "\n")
	explained := 0
	for k, l := range lines {
		_, chose, ok := strings.Cut(l, " chose: ")
		if !ok || !strings.HasPrefix(l, "      | ") || strings.HasPrefix(l, "      |  ") {
			continue
		}
		explained++
		if k == 0 || !strings.HasPrefix(lines[k-1], "  [") {
			t.Fatalf("line %d: an explanation not right under an action:\n%s\n%s", k, lines[max(0, k-1)], l)
		}
		_, act, _ := strings.Cut(lines[k-1], "] ")
		if !strings.HasPrefix(chose, act) {
			t.Fatalf("line %d: the explanation of %q is under %q", k, chose, act)
		}
	}
	if explained < 10 {
		t.Errorf("only %d explanations:\n%s", explained, out)
	}
}

// playSession runs 'grognard play' in-process with the lines typed and
// returns its exit code and output.
func playSession(t *testing.T, typed string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := runWithInput(context.Background(), append([]string{"grognard", "play"}, args...), strings.NewReader(typed), &out, &errOut)
	return code, out.String(), errOut.String()
}

// TestTableDicePrompt: at the table's dice prompt a word that is no roll
// is answered in the prompt's terms (what to type), not with the
// protocol's "a die roll is pending ... give it with dice"; a bad roll
// says what a good one is; commands that need no decision still work.
func TestTableDicePrompt(t *testing.T) {
	code, out, errOut := playSession(t, "abc\nlegal\n7\nshow\n3 4\nquit\n", "--table", "--bot", "heuristic")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		`? "abc" is not a roll: type the 2 values you rolled, each 1 to 6 (for example 3 5), or roll`,
		`? "legal" is not a roll`,
		"needs 2 values, got 1 (2d6 set-up",
		"type the 2 values you rolled, each 1 to 6, or roll\n",
		"Set-up, set-up roll; destroyed", // show worked at the prompt
		"chance: 2d6 set-up: one die for French, one for Austrians; the higher attacks, a tie adds 10 AP a side and re-rolls: [3 4]",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "give it with dice") {
		t.Errorf("the protocol's wording at the dice prompt:\n%s", out)
	}
}

// TestPlayHeaderNamesWhoActs: the header over the person's decision and
// the prompt under it name the same side: in the other side's turn (its
// shooting, where the person fires) the header says whose turn it is and
// who acts.
func TestPlayHeaderNamesWhoActs(t *testing.T) {
	code, out, errOut := playSession(t, strings.Repeat("genmove agent=heuristic\n", 60)+"quit\n", "--bot", "heuristic")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(out, "\n")
	checked, other := 0, 0
	for k, l := range lines[:len(lines)-1] {
		if !strings.HasPrefix(l, "Turn ") {
			continue
		}
		side, _, ok := strings.Cut(lines[k+1], "> ")
		if !ok {
			t.Fatalf("no prompt under the header %q: %q", l, lines[k+1])
		}
		checked++
		switch {
		case strings.Contains(l, ", "+side+" to play, "):
		case strings.Contains(l, ": "+side+" to act"):
			other++
		default:
			t.Errorf("the header %q does not name %s, whom the prompt names", l, side)
		}
	}
	if checked < 5 || other == 0 {
		t.Errorf("%d headers checked, %d in the other side's turn: the game did not reach them\n%s", checked, other, out)
	}
}

// TestOutputsCheckedFirst: an output file that cannot be written is
// refused (exit 2, naming the flag) before the long work starts: each
// command here would search, play or wait for a person for much longer
// than the test's deadline, which would end it with 130. A file the check
// had to create is not left behind.
func TestOutputsCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "no-such-dir", "out")
	// A FIFO that nobody reads: opening it to write would wait for a
	// reader for ever, so the check must refuse it, not block on it.
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	slow := "mcts:iters=100000000"
	for _, tc := range []struct {
		flag string
		args []string
	}{
		{"--svg", []string{"hint", "--agent", slow, "--svg", bad}},
		{"--record", []string{"match", "--a", slow, "--record", bad}},
		{"--explain-json", []string{"match", "--a", slow, "--explain-json", bad}},
		{"--save", []string{"play", "--bot", slow, "--side", "1", "--save", bad}},
		{"--save", []string{"play", "--bot", slow, "--side", "1", "--save", fifo}},
		{"--chart", []string{"tournament", "--agents", slow + ",random", "--games", "2", "--records", filepath.Join(dir, "t.jsonl"), "--chart", bad}},
		{"--svg", []string{"scenario", "show", "--svg", dir, "village"}},
		{"--out", []string{"scenario", "generate", "--out", bad}},
		{"--out", []string{"army", "random", "--nation", "Prussia", "--out", bad}},
	} {
		t.Run(strings.Join(tc.args[:2], " "), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			var out, errOut bytes.Buffer
			code := runWithInput(ctx, append([]string{"grognard"}, tc.args...), strings.NewReader(""), &out, &errOut)
			if code != exitUsage || !strings.Contains(errOut.String(), tc.flag+" ") || !strings.Contains(errOut.String(), "cannot be written") {
				t.Errorf("exit %d, want %d naming %s; stderr:\n%s", code, exitUsage, tc.flag, errOut.String())
			}
		})
	}
	// A good path passes the check and is written by the command alone.
	good := filepath.Join(dir, "army.yaml")
	if err := fileio.CheckWritable(good); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(good); !os.IsNotExist(err) {
		t.Errorf("the check left %s behind: %v", good, err)
	}
	runCase(t, []string{"army", "random", "--nation", "Prussia", "--out", good}, 0, nil, nil, false)
	if _, err := os.Stat(good); err != nil {
		t.Error(err)
	}
}

// TestThinkingSign: on a terminal, hint and play's bot show "thinking..."
// on stderr while they work past thinkDelay and wipe it before the
// result; anywhere else (here a buffer) they write nothing there.
func TestThinkingSign(t *testing.T) {
	hint := []string{"hint", "--agent", "mcts:iters=300", "--playouts", "2"}
	play := []string{"play", "--bot", "mcts:iters=300"}
	if code, _, errOut := grognard(t, hint...); code != 0 || errOut != "" {
		t.Fatalf("not a terminal: exit %d, stderr %q", code, errOut)
	}
	if code, _, errOut := playSession(t, "quit\n", play[1:]...); code != 0 || errOut != "" {
		t.Fatalf("not a terminal: exit %d, stderr %q", code, errOut)
	}
	terminal, delay := isTerminal, thinkDelay
	defer func() { isTerminal, thinkDelay = terminal, delay }()
	isTerminal = func(io.Writer) bool { return true }
	thinkDelay = 0
	code, out, errOut := grognard(t, hint...)
	if code != 0 || !strings.Contains(errOut, "\rhint: thinking... 0s") || !strings.HasSuffix(errOut, "\r\033[K") {
		t.Errorf("hint on a terminal: exit %d, stderr %q", code, errOut)
	}
	if !strings.Contains(out, "hints for French") {
		t.Errorf("hint's output:\n%s", out)
	}
	code, _, errOut = playSession(t, "quit\n", play[1:]...)
	if code != 0 || !strings.Contains(errOut, "\rAustrians thinking... 0s") || !strings.HasSuffix(errOut, "\r\033[K") {
		t.Errorf("play on a terminal: exit %d, stderr %q", code, errOut)
	}
}
