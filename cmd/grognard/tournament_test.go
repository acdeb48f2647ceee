package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/tournaments"
)

// quick are the flags of a tournament that takes a fraction of a second:
// 3-turn games of about 3 ms.
func quick(records string, more ...string) []string {
	return append([]string{"tournament", "--agents", "random,random,random", "--games", "4", "--turn-limit", "3", "--seed", "5", "--workers", "2", "--records", records}, more...)
}

func TestTournamentCommand(t *testing.T) {
	dir := t.TempDir()
	used := filepath.Join(dir, "used.jsonl")
	if err := os.WriteFile(used, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	defaults := tournaments.Labels(strings.Split(defaultAgents(), ","))
	tests := []struct {
		name    string
		args    []string
		code    int
		stdout  []string
		stderr  []string
		noStdio bool
	}{
		{name: "tables", args: quick(filepath.Join(dir, "a.jsonl")),
			stdout: []string{"round-robin tournament, twobytwo", "games: 12 of 12 counted", "adjudicated by AP destroyed",
				"Cross table", "random#2", "random#3", "Pairings", "random vs random#2", "pairs 0-½-1-1½-2", "Ratings", "random = 0", "Bradley-Terry", "anchor"}},
		{name: "gauntlet with anchor", args: quick(filepath.Join(dir, "b.jsonl"), "--format", "gauntlet", "--anchor", "random#2"),
			stdout: []string{"gauntlet tournament", "games: 8 of 8 counted", "random vs random#3", "random#2 = 0"}},
		{name: "two agents by default", args: []string{"tournament", "--games", "2", "--turn-limit", "2", "--records", filepath.Join(dir, "c.jsonl")},
			stdout: []string{"games: 2 of 2 counted", defaults[0] + " vs " + defaults[1]}},
		{name: "repeated agents flag", args: []string{"tournament", "--agents", "random", "--agents", "random", "--games", "2", "--turn-limit", "2", "--records", filepath.Join(dir, "d.jsonl")},
			stdout: []string{"games: 2 of 2 counted"}},
		{name: "sprt", args: []string{"tournament", "--agents", "random,random", "--games", "40", "--turn-limit", "2", "--sprt", "-10,10,0.05,0.05", "--records", filepath.Join(dir, "e.jsonl")},
			stdout: []string{"SPRT: H0 random is -10 Elo against H1 10 Elo", "LLR "}},
		{name: "no adjudication", args: quick(filepath.Join(dir, "f.jsonl"), "--adjudicate", "none"), stdout: []string{"games: 12 of 12 counted\n"}},
		{name: "odd games", args: quick(filepath.Join(dir, "x.jsonl"), "--games", "3"), code: exitUsage, stderr: []string{"--games 3", "even"}, noStdio: true},
		{name: "bad format", args: quick(filepath.Join(dir, "x.jsonl"), "--format", "swiss"), code: exitUsage, stderr: []string{`--format "swiss"`, "round-robin or gauntlet"}, noStdio: true},
		{name: "bad agent", args: quick(filepath.Join(dir, "x.jsonl"), "--agents", "random,alphazero"), code: exitUsage, stderr: []string{`unknown agent "alphazero"`, "grognard agents"}, noStdio: true},
		{name: "agent parameters kept whole", args: []string{"tournament", "--agents", "random,random:a=1,b=2", "--records", filepath.Join(dir, "x.jsonl")}, code: exitUsage,
			stderr: []string{`agent 2: agent "random" takes no parameters`}, noStdio: true},
		{name: "one agent", args: []string{"tournament", "--agents", "random", "--records", filepath.Join(dir, "x.jsonl")}, code: exitUsage, stderr: []string{"at least two"}, noStdio: true},
		{name: "sprt three agents", args: quick(filepath.Join(dir, "x.jsonl"), "--sprt", "0,10,0.05,0.05"), code: exitUsage, stderr: []string{"exactly two"}, noStdio: true},
		{name: "sprt not numbers", args: []string{"tournament", "--sprt", "0,ten,0.05,0.05"}, code: exitUsage, stderr: []string{`"ten" is not a number`}, noStdio: true},
		{name: "sprt three numbers", args: []string{"tournament", "--sprt", "0,10,0.05"}, code: exitUsage, stderr: []string{"four numbers"}, noStdio: true},
		{name: "sprt backwards", args: []string{"tournament", "--sprt", "10,0,0.05,0.05"}, code: exitUsage, stderr: []string{"elo0 10 is not below elo1 0"}, noStdio: true},
		{name: "bad anchor", args: quick(filepath.Join(dir, "x.jsonl"), "--anchor", "greedy"), code: exitUsage, stderr: []string{`--anchor "greedy"`, "random#2"}, noStdio: true},
		{name: "json and csv", args: quick(filepath.Join(dir, "x.jsonl"), "--json", "--csv"), code: exitUsage, stderr: []string{"--json and --csv"}, noStdio: true},
		{name: "bad scenario", args: quick(filepath.Join(dir, "x.jsonl"), "--scenario", "waterloo"), code: exitUsage, stderr: []string{`unknown scenario "waterloo"`}, noStdio: true},
		{name: "bad workers", args: quick(filepath.Join(dir, "x.jsonl"), "--workers", "-1"), code: exitUsage, stderr: []string{"--workers -1"}, noStdio: true},
		{name: "bad adjudication", args: quick(filepath.Join(dir, "x.jsonl"), "--adjudicate", "material"), code: exitUsage, stderr: []string{`--adjudicate "material"`}, noStdio: true},
		{name: "records in use", args: quick(used), code: exitUsage, stderr: []string{"already holds games", "--resume"}, noStdio: true},
		{name: "resume foreign records", args: quick(used, "--resume"), code: exitFailure, stderr: []string{"without tournament information"}, noStdio: true},
		{name: "argument", args: append(quick(filepath.Join(dir, "x.jsonl")), "now"), code: exitUsage, stderr: []string{"takes no arguments"}, noStdio: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			runCase(t, tc.args, tc.code, tc.stdout, tc.stderr, tc.noStdio)
		})
	}
}

func TestSplitAgentSpecs(t *testing.T) {
	tests := []struct {
		in   []string
		want []string
	}{
		{[]string{"random", "greedy"}, []string{"random", "greedy"}},
		{[]string{"mcts:iters=100", "c=1.4", "random"}, []string{"mcts:iters=100,c=1.4", "random"}},
		{[]string{" random ", "", "x:path=a:b", "k=v"}, []string{"random", "x:path=a:b,k=v"}},
	}
	for _, tc := range tests {
		got, err := splitAgentSpecs(tc.in)
		if err != nil || strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("splitAgentSpecs(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	if _, err := splitAgentSpecs([]string{"a=1", "random"}); err == nil {
		t.Error("a parameter before any agent was accepted")
	}
}

// decodeReport runs a tournament with --json and decodes what it printed.
func decodeReport(t *testing.T, args ...string) *tournaments.Report {
	t.Helper()
	code, out, errOut := grognard(t, append(args, "--json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var r tournaments.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("--json output is not a report: %v\n%s", err, out)
	}
	return &r
}

// sameResults compares what a tournament found, leaving out how the run
// went (records path, games resumed or played now).
func sameResults(t *testing.T, a, b *tournaments.Report) bool {
	t.Helper()
	strip := func(r *tournaments.Report) string {
		c := *r
		c.Records, c.Resumed, c.Played, c.Finished, c.Discarded = "", 0, 0, 0, 0
		out, err := json.Marshal(&c)
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	return strip(a) == strip(b)
}

func TestTournamentOutputs(t *testing.T) {
	dir := t.TempDir()
	rep := decodeReport(t, quick(filepath.Join(dir, "j.jsonl"))...)
	if rep.Counted != 12 || len(rep.Pairings) != 3 || len(rep.Ratings) != 3 || !rep.Complete {
		t.Errorf("report: %+v", rep)
	}
	// Workers do not change the results.
	one := decodeReport(t, quick(filepath.Join(dir, "one.jsonl"), "--workers", "1")...)
	if !sameResults(t, rep, one) {
		t.Error("--workers 1 and --workers 2 give different results")
	}

	code, out, errOut := grognard(t, quick(filepath.Join(dir, "c.jsonl"), "--csv")...)
	if code != 0 {
		t.Fatalf("--csv: exit %d: %s", code, errOut)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatalf("--csv output: %v\n%s", err, out)
	}
	if len(rows) != 1+3+3 || rows[0][0] != "kind" || rows[1][0] != "pairing" || rows[4][0] != "agent" || rows[4][1] != "random" || rows[4][9] != "0.0000" {
		t.Errorf("CSV rows:\n%s", out)
	}

	for _, tc := range []struct {
		name   string
		args   []string
		labels []string
		title  string
	}{
		{"elo", quick(filepath.Join(dir, "s1.jsonl")), []string{"random", "random#2", "random#3"}, "Elo (random = 0)"},
		{"score", []string{"tournament", "--agents", "random,random", "--games", "4", "--turn-limit", "2", "--records", filepath.Join(dir, "s2.jsonl")}, []string{"random", "random#2"}, "Score over 4 games"},
	} {
		t.Run("chart "+tc.name, func(t *testing.T) {
			chart := filepath.Join(dir, tc.name+".svg")
			if code, _, errOut := grognard(t, append(tc.args, "--chart", chart)...); code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			checkSVG(t, chart, tc.title, tc.labels)
		})
	}
}

// checkSVG parses an SVG file and checks its title and one labelled mark
// per agent.
func checkSVG(t *testing.T, path, title string, labels []string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		XMLName xml.Name `xml:"svg"`
		Texts   []string `xml:"text"`
		Circles []struct {
			Title string `xml:"title"`
		} `xml:"circle"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatalf("chart is not XML: %v\n%s", err, data)
	}
	all := strings.Join(doc.Texts, "|")
	if !strings.Contains(all, title) {
		t.Errorf("chart title missing %q: %s", title, all)
	}
	for _, l := range labels {
		if !strings.Contains(all, "|"+l+"|") && !strings.HasSuffix(all, "|"+l) {
			t.Errorf("chart has no row for %q: %s", l, all)
		}
	}
	if len(doc.Circles) != len(labels) {
		t.Errorf("%d marks for %d agents", len(doc.Circles), len(labels))
	}
}

// TestChartOpenIntervals draws the edge cases: a clean sweep's infinite
// interval, an agent without games, and NaN throughout.
func TestChartOpenIntervals(t *testing.T) {
	inf, nan := tournaments.Num(math.Inf(1)), tournaments.Num(math.NaN())
	r := &tournaments.Report{
		Agents: []string{"a", "b<&>", "c"}, Anchor: "a",
		Ratings: []tournaments.AgentRating{
			{Agent: "a", Elo: 0, Lo: 0, Hi: 0},
			{Agent: "b<&>", Elo: 2000, Lo: 1500, Hi: inf},
			{Agent: "c", Elo: nan, Lo: nan, Hi: nan},
		},
	}
	path := filepath.Join(t.TempDir(), "c.svg")
	if err := writeChartFile(path, r); err != nil {
		t.Fatal(err)
	}
	checkSVG(t, path, "Elo (a = 0)", []string{"a", "b<&>"})
	data, _ := os.ReadFile(path)
	if !strings.Contains(string(data), "no games") || !strings.Contains(string(data), "<path") {
		t.Errorf("chart lacks the open-interval arrow or the no-games note:\n%s", data)
	}
}

func TestTournamentRecordsReplay(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.jsonl")
	if code, _, errOut := grognard(t, quick(file)...); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	code, out, errOut := grognard(t, "replay", file)
	if code != 0 || strings.Count(out, ": ok, ") != 12 {
		t.Fatalf("replay of tournament records: exit %d\n%s\n%s", code, out, errOut)
	}
}

func TestTournamentProgressLog(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.jsonl")
	code, out, errOut := grognard(t, append([]string{"--log-level", "info"}, quick(file)...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if n := strings.Count(errOut, `"message":"tournament progress"`); n < 2 || !strings.Contains(errOut, `"total":12`) || !strings.Contains(errOut, `"eta":"`) || !strings.Contains(errOut, `"games_per_min":`) {
		t.Errorf("want progress lines on stderr (not a terminal), got %d:\n%s", n, errOut)
	}
	if strings.Contains(out, "progress") {
		t.Errorf("progress on stdout:\n%s", out)
	}
}

// TestTournamentResumeInProcess interrupts nothing: it cuts a finished
// records file short, with a torn last line, and resumes it.
func TestTournamentResumeInProcess(t *testing.T) {
	dir := t.TempDir()
	full := decodeReport(t, quick(filepath.Join(dir, "full.jsonl"))...)
	data, err := os.ReadFile(filepath.Join(dir, "full.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	cut := filepath.Join(dir, "cut.jsonl")
	if err := os.WriteFile(cut, []byte(strings.Join(lines[:5], "")+lines[5][:100]), 0o644); err != nil {
		t.Fatal(err)
	}
	resumed := decodeReport(t, quick(cut, "--resume")...)
	if resumed.Resumed != 5 || resumed.Played != 7 || !sameResults(t, full, resumed) {
		t.Errorf("resumed %d, played %d; results equal: %v", resumed.Resumed, resumed.Played, sameResults(t, full, resumed))
	}
}

// TestTournamentKillAndResume kills a real grognard process with SIGKILL
// in the middle of a tournament, resumes it, and checks that every game
// finished before the kill is kept exactly once, as it was written, and
// that the results equal an uninterrupted run with the same seeds.
func TestTournamentKillAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the program and runs it three times")
	}
	dir := t.TempDir()
	bin := buildGrognard(t)
	const games = 300
	args := func(records string, more ...string) []string {
		return append([]string{"tournament", "--agents", "random,random", "--games", "300", "--turn-limit", "4", "--seed", "11", "--workers", "2", "--records", records}, more...)
	}
	file := filepath.Join(dir, "killed.jsonl")

	child := exec.Command(bin, args(file)...)
	var childErr bytes.Buffer
	child.Stderr = &childErr
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- child.Wait() }()
	deadline := time.Now().Add(30 * time.Second)
	for completeLines(t, file) < 10 {
		select {
		case err := <-exited:
			t.Fatalf("the tournament ended (%v) before it could be killed: %s", err, childErr.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("no games written after 30 s")
		}
		time.Sleep(2 * time.Millisecond)
	}
	if err := child.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	<-exited
	before := gameLines(t, file)
	if len(before) >= games {
		t.Fatalf("all %d games finished before the kill: nothing to resume", len(before))
	}
	t.Logf("killed after %d complete games", len(before))

	runJSON := func(a []string) *tournaments.Report {
		cmd := exec.Command(bin, append(a, "--json")...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%v: %v\n%s", a, err, stderr.String())
		}
		var r tournaments.Report
		if err := json.Unmarshal(out, &r); err != nil {
			t.Fatal(err)
		}
		return &r
	}
	resumed := runJSON(args(file, "--resume"))
	whole := filepath.Join(dir, "whole.jsonl")
	want := runJSON(args(whole))

	if resumed.Resumed != len(before) || resumed.Played != games-len(before) || resumed.Counted != games {
		t.Errorf("resume kept %d games and played %d; %d were finished before the kill", resumed.Resumed, resumed.Played, len(before))
	}
	if !sameResults(t, resumed, want) {
		t.Errorf("results after the kill and resume differ from an uninterrupted run")
	}
	after, wholeLines := gameLines(t, file), gameLines(t, whole)
	if len(after) != games || len(wholeLines) != games {
		t.Fatalf("records hold %d games after the resume and %d uninterrupted, want %d each", len(after), len(wholeLines), games)
	}
	for g, line := range before {
		if after[g] != line {
			t.Errorf("game %d, finished before the kill, changed on resume", g)
		}
	}
	for g, line := range wholeLines {
		if after[g] != line {
			t.Errorf("game %d differs from the uninterrupted run's", g)
		}
	}
}

// completeLines counts the newline-terminated lines of path (0 if absent).
func completeLines(t *testing.T, path string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	return bytes.Count(data, []byte("\n"))
}

// gameLines maps each game index to its complete line in path, ignoring
// a torn last line, and fails if a game appears twice.
func gameLines(t *testing.T, path string) map[int]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[int]string{}
	for _, line := range strings.SplitAfter(string(data), "\n") {
		if !strings.HasSuffix(line, "\n") {
			continue
		}
		var r tournaments.GameRecord
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%s: a complete line is not a record: %v", path, err)
		}
		if _, dup := out[r.Tournament.Game]; dup {
			t.Fatalf("%s: game %d appears twice", path, r.Tournament.Game)
		}
		out[r.Tournament.Game] = line
	}
	return out
}
