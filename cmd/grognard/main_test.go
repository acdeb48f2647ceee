package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
)

// grognard runs the whole program in-process and returns its exit code and
// what it printed.
func grognard(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(context.Background(), append([]string{"grognard"}, args...), &out, &errOut)
	return code, out.String(), errOut.String()
}

// runCase runs grognard with args and checks its exit code, that stdout
// and stderr contain the given pieces, and (noStdio) that an error printed
// nothing on stdout. A wrong exit code stops the case: nothing after it
// would mean anything.
func runCase(t *testing.T, args []string, code int, stdout, stderr []string, noStdio bool) {
	t.Helper()
	got, out, errOut := grognard(t, args...)
	if got != code {
		t.Fatalf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", got, code, out, errOut)
	}
	for _, w := range stdout {
		if !strings.Contains(out, w) {
			t.Errorf("stdout lacks %q:\n%s", w, out)
		}
	}
	for _, w := range stderr {
		if !strings.Contains(errOut, w) {
			t.Errorf("stderr lacks %q:\n%s", w, errOut)
		}
	}
	if noStdio && out != "" {
		t.Errorf("an error printed on stdout:\n%s", out)
	}
}

func TestCommands(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		code    int
		stdout  []string // substrings of stdout
		stderr  []string // substrings of stderr
		noStdio bool     // stdout must stay empty (errors never go there)
	}{
		{name: "version", args: []string{"version"}, stdout: []string{"grognard dev", "go go1.", "ruleset twobytwo " + "0"}},
		{name: "rules", args: []string{"rules"}, stdout: []string{"twobytwo", "2 by 2 Napoleonic", "scenario standard", "(default)"}},
		{name: "agents", args: []string{"agents"}, stdout: []string{"random:", "no parameters"}},
		{name: "help", args: []string{}, stdout: []string{"match", "replay", "rules", "agents", "version"}},
		{name: "match quiet", args: []string{"match", "--quiet", "--turn-limit", "3"}, stdout: []string{"result: ", " steps"}},
		{name: "match text", args: []string{"match", "--turn-limit", "2"},
			stdout: []string{"2 by 2 Napoleonic (twobytwo", "French (side 0): random", "== Set-up: set-up roll ==", "    dice ", "== Turn 1, ", "  [French] ", "  [Austrians] ", "result: draw (turn limit reached)", "French (defender)"}},
		{name: "match other agents seed", args: []string{"match", "--quiet", "--seed", "5", "--a", "random", "--b", " random "}, stdout: []string{"result: "}},
		{name: "bad scenario", args: []string{"match", "--scenario", "waterloo"}, code: exitUsage,
			stderr: []string{`unknown scenario "waterloo"`, "standard", "--scenario"}, noStdio: true},
		{name: "bad ruleset", args: []string{"match", "--ruleset", "chess"}, code: exitUsage, stderr: []string{`unknown ruleset "chess"`, "twobytwo"}, noStdio: true},
		{name: "explain", args: []string{"match", "--a", "greedy", "--b", "mcts:iters=5,depth=4", "--turn-limit", "1", "--explain"}, stdout: []string{"      | greedy chose: ", "doctrine score", "      | mcts:iters=5,depth=4 chose: ", "visits"}},
		{name: "explain with json", args: []string{"match", "--explain", "--json"}, code: exitUsage, stderr: []string{"--explain prints in the text output"}, noStdio: true},
		{name: "bad agent", args: []string{"match", "--b", "alphazero"}, code: exitUsage, stderr: []string{"--b", `unknown agent "alphazero"`, "random"}, noStdio: true},
		{name: "agent parameter", args: []string{"match", "--a", "random:depth=2"}, code: exitUsage, stderr: []string{"takes no parameters"}, noStdio: true},
		{name: "match grand battery", args: []string{"match", "--quiet", "--variant", "grand-battery", "--turn-limit", "3"}, stdout: []string{"result: "}},
		{name: "bad variant", args: []string{"match", "--variant", "cannonade"}, code: exitUsage, stderr: []string{`unknown variant "cannonade"`, "grand-battery", "--variant"}, noStdio: true},
		{name: "bad turn limit", args: []string{"match", "--turn-limit", "-3"}, code: exitUsage, stderr: []string{"--turn-limit -3"}, noStdio: true},
		{name: "bad seed", args: []string{"match", "--seed", "many"}, code: exitUsage, stderr: []string{"seed", "grognard match --help"}, noStdio: true},
		{name: "unknown flag", args: []string{"match", "--colour"}, code: exitUsage, stderr: []string{"colour"}, noStdio: true},
		{name: "quiet and json", args: []string{"match", "--quiet", "--json"}, code: exitUsage, stderr: []string{"--quiet and --json"}, noStdio: true},
		{name: "match argument", args: []string{"match", "standard"}, code: exitUsage, stderr: []string{"takes no arguments"}, noStdio: true},
		{name: "unknown command", args: []string{"matcj"}, code: exitUsage, stderr: []string{`unknown command "matcj"`}, noStdio: true},
		{name: "bad log level", args: []string{"--log-level", "loud", "version"}, code: exitUsage, stderr: []string{`unknown log level "loud"`}, noStdio: true},
		{name: "replay no file", args: []string{"replay"}, code: exitUsage, stderr: []string{"exactly one FILE"}, noStdio: true},
		{name: "replay missing file", args: []string{"replay", filepath.Join(t.TempDir(), "none.jsonl")}, code: exitFailure, stderr: []string{"cannot read the records", "none.jsonl"}, noStdio: true},
		{name: "replay flag after file", args: []string{"replay", "games.jsonl", "--verbose"}, code: exitUsage, stderr: []string{"flags go before"}, noStdio: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			runCase(t, tc.args, tc.code, tc.stdout, tc.stderr, tc.noStdio)
		})
	}
}

func TestMatchRecordThenReplay(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.jsonl")
	for _, seed := range []string{"1", "2"} {
		if code, _, errOut := grognard(t, "match", "--quiet", "--seed", seed, "--turn-limit", "6", "--record", file); code != 0 {
			t.Fatalf("match --seed %s: exit %d: %s", seed, code, errOut)
		}
	}
	code, out, errOut := grognard(t, "replay", file)
	if code != 0 {
		t.Fatalf("replay: exit %d: %s\n%s", code, errOut, out)
	}
	for _, w := range []string{"game 1: ok, ", "game 2: ok, ", " steps"} {
		if !strings.Contains(out, w) {
			t.Errorf("replay output lacks %q:\n%s", w, out)
		}
	}
	// The same games gzipped, as the strength runs keep theirs, replay as
	// they are; a .gz file that is not gzip is refused with its name.
	plain, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var zipped bytes.Buffer
	zw := gzip.NewWriter(&zipped)
	if _, err := zw.Write(plain); err != nil || zw.Close() != nil {
		t.Fatal("gzip the records:", err)
	}
	gz, notGz := filepath.Join(t.TempDir(), "games.jsonl.gz"), filepath.Join(t.TempDir(), "plain.jsonl.gz")
	if os.WriteFile(gz, zipped.Bytes(), 0o644) != nil || os.WriteFile(notGz, plain, 0o644) != nil {
		t.Fatal("write the gzipped records")
	}
	code, out, errOut = grognard(t, "replay", gz)
	if code != 0 || !strings.Contains(out, "game 2: ok, ") {
		t.Errorf("replay of gzipped records: exit %d\n%s\n%s", code, out, errOut)
	}
	runCase(t, []string{"replay", notGz}, exitFailure, nil, []string{"plain.jsonl.gz", "gzip"}, true)
	code, out, _ = grognard(t, "replay", "--verbose", file)
	// Format 2 keeps no descriptions: replay writes them from each position.
	if code != 0 || !strings.Contains(out, "  [French] ") || !strings.Contains(out, "    dice ") || !strings.Contains(out, ": 2d6 set-up: one die for French") || !strings.Contains(out, "] end deployment") {
		t.Errorf("replay --verbose: exit %d, output:\n%s", code, out)
	}

	// The position after some steps, drawn and saved; the saved game
	// draws the same picture, and hint advises from it.
	dir := t.TempDir()
	svg, saved, again := filepath.Join(dir, "at.svg"), filepath.Join(dir, "at.json"), filepath.Join(dir, "again.svg")
	runCase(t, []string{"replay", "--game", "2", "--step", "60", "--svg", svg, "--save", saved, file}, 0, []string{"Game 2 after 60 steps", "saved to", "hint --game", "drawn to"}, nil, false)
	runCase(t, []string{"scenario", "show", "--state", saved, "--svg", again}, 0, []string{"Picture written"}, nil, false)
	runCase(t, []string{"hint", "--game", saved, "--agent", "greedy", "--playouts", "0"}, 0, []string{"hints for", " 1. "}, nil, false)
	runCase(t, []string{"replay", "--step", "0", "--save", saved, file}, 0, []string{"dice are to roll there", "is the next decision"}, nil, false)
	runCase(t, []string{"hint", "--game", saved, "--agent", "greedy"}, exitUsage, nil, []string{"stops at a die roll", "a side's decision"}, true)
	a, errA := os.ReadFile(svg)
	b, errB := os.ReadFile(again)
	if errA != nil || errB != nil || !bytes.Equal(a, b) {
		t.Errorf("the saved state draws differently from the replayed position (%v, %v)", errA, errB)
	}
	runCase(t, []string{"replay", "--game", "3", "--svg", svg, file}, exitUsage, nil, []string{"--game 3: the file holds games 1 to 2"}, true)
	runCase(t, []string{"replay", "--step", "99999", "--svg", svg, file}, exitUsage, nil, []string{"--step 99999"}, true)

	// A record whose dice were changed no longer replays.
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := engine.ReadRecords(bytes.NewReader(data))
	if err != nil || len(recs) != 2 {
		t.Fatalf("records: %v, %d", err, len(recs))
	}
	recs[1].Turns += 5
	var buf bytes.Buffer
	for _, r := range recs {
		if err := r.Write(&buf); err != nil {
			t.Fatal(err)
		}
	}
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	if err := os.WriteFile(bad, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = grognard(t, "replay", bad)
	if code != exitFailure || !strings.Contains(out, "game 1: ok") || !strings.Contains(out, "game 2: MISMATCH") || !strings.Contains(errOut, "1 of 2 games") {
		t.Errorf("tampered record: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
}

func TestMatchJSONIsARecord(t *testing.T) {
	code, out, errOut := grognard(t, "match", "--json", "--seed", "4", "--dice-seed", "77", "--turn-limit", "4")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if strings.Count(out, "\n") != 1 {
		t.Fatalf("want one JSON line, got:\n%s", out)
	}
	var rec engine.Record
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatal(err)
	}
	seeds := deriveSeeds(4)
	if rec.DiceSeed != 77 || rec.AgentSeeds != [2]uint64{seeds[1], seeds[2]} || rec.Ruleset != "twobytwo" || rec.Scenario != "standard" || !rec.Result.Over {
		t.Errorf("record header: dice %d agents %v ruleset %q scenario %q result %v", rec.DiceSeed, rec.AgentSeeds, rec.Ruleset, rec.Scenario, rec.Result)
	}
}

func TestMatchIsDeterministic(t *testing.T) {
	tests := []struct {
		name string
		a, b []string
		same bool
	}{
		{"same seed", []string{"--seed", "3"}, []string{"--seed", "3"}, true},
		{"other seed", []string{"--seed", "3"}, []string{"--seed", "4"}, false},
		{"other dice seed", []string{"--seed", "3"}, []string{"--seed", "3", "--dice-seed", "9"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, outA, _ := grognard(t, append([]string{"match", "--turn-limit", "5"}, tc.a...)...)
			_, outB, _ := grognard(t, append([]string{"match", "--turn-limit", "5"}, tc.b...)...)
			if (outA == outB) != tc.same {
				t.Errorf("outputs equal = %v, want %v", outA == outB, tc.same)
			}
		})
	}
}

func TestEnvironmentVariables(t *testing.T) {
	t.Setenv("GROGNARD_SCENARIO", "nowhere")
	code, _, errOut := grognard(t, "match", "--quiet")
	if code != exitUsage || !strings.Contains(errOut, `"nowhere"`) {
		t.Errorf("GROGNARD_SCENARIO ignored: exit %d, %s", code, errOut)
	}
	// A flag beats the environment.
	code, out, errOut := grognard(t, "match", "--quiet", "--scenario", "standard", "--turn-limit", "2")
	if code != 0 || !strings.Contains(out, "result: ") {
		t.Errorf("--scenario did not override GROGNARD_SCENARIO: exit %d, %s", code, errOut)
	}
}

func TestLogsGoToStderr(t *testing.T) {
	code, out, errOut := grognard(t, "--log-level", "debug", "match", "--quiet", "--turn-limit", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(errOut, `"message":"match starting"`) {
		t.Errorf("debug log missing from stderr:\n%s", errOut)
	}
	if strings.Contains(out, "match starting") {
		t.Errorf("log on stdout:\n%s", out)
	}
	// Quiet by default.
	_, _, errOut = grognard(t, "match", "--quiet", "--turn-limit", "2")
	if errOut != "" {
		t.Errorf("default level logged:\n%s", errOut)
	}
}

func TestMatchInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut bytes.Buffer
	code := run(ctx, []string{"grognard", "match", "--quiet"}, &out, &errOut)
	if code != exitInterrupt || !strings.Contains(errOut.String(), "interrupted") {
		t.Errorf("cancelled match: exit %d, stderr %q", code, errOut.String())
	}
}

func TestDeriveSeeds(t *testing.T) {
	a, b := deriveSeeds(1), deriveSeeds(2)
	if a != deriveSeeds(1) {
		t.Error("deriveSeeds is not a function of its seed")
	}
	if a[0] == a[1] || a[1] == a[2] || a[0] == a[2] {
		t.Errorf("streams of one seed coincide: %v", a)
	}
	for i := range a {
		if a[i] == b[i] {
			t.Errorf("seeds 1 and 2 give the same stream %d", i)
		}
	}
}
