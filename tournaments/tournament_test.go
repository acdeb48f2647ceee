package tournaments

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/tournaments/stats"
)

// small is a quick tournament: 3 random agents round robin, 4 games per
// pairing (12 games) of 3 turns, about 3 ms a game.
func small(records string) Config {
	return Config{
		Ruleset:         twobytwo.Rules{},
		Agents:          []string{"random", "random", "random"},
		GamesPerPairing: 4,
		TurnLimit:       3,
		Seed:            42,
		Workers:         1,
		Records:         records,
	}
}

func mustNew(t testing.TB, cfg Config) *Tournament {
	t.Helper()
	tr, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func mustRun(t testing.TB, cfg Config) *Report {
	t.Helper()
	rep, err := mustNew(t, cfg).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// reportJSON is the report as --json prints it: equal tournaments give
// equal bytes.
func reportJSON(t testing.TB, r *Report) string {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// results is the part of a report that must not depend on how the games
// were played (workers, resume): everything but the run's own counts.
func results(t testing.TB, r *Report) string {
	t.Helper()
	c := *r
	c.Resumed, c.Played, c.Discarded, c.Finished, c.Records = 0, 0, 0, 0, ""
	return reportJSON(t, &c)
}

// recordLines returns the records file's lines keyed by game index, and
// fails on a game present twice.
func recordLines(t testing.TB, path string) map[int]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[int]string{}
	for _, line := range strings.SplitAfter(string(data), "\n") {
		if line == "" {
			continue
		}
		var r GameRecord
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("records line %q...: %v", line[:min(60, len(line))], err)
		}
		if _, dup := out[r.Tournament.Game]; dup {
			t.Fatalf("game %d is in the records twice", r.Tournament.Game)
		}
		out[r.Tournament.Game] = line
	}
	return out
}

func TestNewRefusesBadConfig(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Config)
		want   string
	}{
		{"no ruleset", func(c *Config) { c.Ruleset = nil }, "no ruleset"},
		{"one agent", func(c *Config) { c.Agents = []string{"random"} }, "at least two agents"},
		{"bad agent", func(c *Config) { c.Agents = []string{"random", "alphazero"} }, `unknown agent "alphazero"`},
		{"odd games", func(c *Config) { c.GamesPerPairing = 3 }, "must be even"},
		{"no games", func(c *Config) { c.GamesPerPairing = 0 }, "must be even and at least 2"},
		{"too many games", func(c *Config) { c.GamesPerPairing = MaxGames }, "ask for fewer"},
		{"bad format", func(c *Config) { c.Format = "swiss" }, `unknown format "swiss"`},
		{"bad scenario", func(c *Config) { c.Scenarios = []string{"waterloo"} }, `unknown scenario "waterloo"`},
		{"bad variant", func(c *Config) { c.Variants = []string{"cannonade"} }, `unknown variant "cannonade"`},
		{"negative turn limit", func(c *Config) { c.TurnLimit = -1 }, "negative"},
		{"negative workers", func(c *Config) { c.Workers = -2 }, "workers must be between"},
		{"bad adjudication", func(c *Config) { c.Adjudication = "material" }, `unknown adjudication "material"`},
		{"sprt with three agents", func(c *Config) { c.SPRT = &stats.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05} }, "exactly two"},
		{"bad sprt", func(c *Config) {
			c.Agents = c.Agents[:2]
			c.SPRT = &stats.SPRT{Elo0: 10, Elo1: 0, Alpha: 0.05, Beta: 0.05}
		}, "SPRT settings"},
		{"bad anchor", func(c *Config) { c.Anchor = "mcts" }, `no agent "mcts"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := small("")
			tc.change(&cfg)
			_, err := New(cfg)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("New: got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

func TestLabels(t *testing.T) {
	tests := []struct {
		specs, want []string
	}{
		{[]string{"random", "greedy"}, []string{"random", "greedy"}},
		{[]string{"random", " random ", "random"}, []string{"random", "random#2", "random#3"}},
		{[]string{"external:cmd=python3 bot.py,name=foo", "random"}, []string{"foo", "random"}},
		{[]string{"external:cmd=a,name=foo", "external:cmd=b, name = foo ", "external:cmd=c"}, []string{"foo", "foo#2", "external:cmd=c"}},
		{[]string{"random", "external:cmd=a,name=random"}, []string{"random", "random#2"}},
		{[]string{"external:cmd=a,name=", "bad:"}, []string{"external:cmd=a,name=", "bad:"}},
	}
	for _, tc := range tests {
		if got := Labels(tc.specs); !slices.Equal(got, tc.want) {
			t.Errorf("Labels(%q) = %q, want %q", tc.specs, got, tc.want)
		}
	}
}

func TestSchedule(t *testing.T) {
	tests := []struct {
		name     string
		format   Format
		agents   int
		pairings []Pairing
	}{
		{"round robin of 3", RoundRobin, 3, []Pairing{{0, 1}, {0, 2}, {1, 2}}},
		{"round robin of 4", RoundRobin, 4, []Pairing{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}},
		{"gauntlet of 4", Gauntlet, 4, []Pairing{{0, 1}, {0, 2}, {0, 3}}},
		{"two agents", Gauntlet, 2, []Pairing{{0, 1}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := small("")
			cfg.Format = tc.format
			cfg.Agents = make([]string, tc.agents)
			for i := range cfg.Agents {
				cfg.Agents[i] = "random"
			}
			cfg.GamesPerPairing = 6
			tr := mustNew(t, cfg)
			if got := tr.Pairings(); !slices.Equal(got, tc.pairings) {
				t.Fatalf("pairings %v, want %v", got, tc.pairings)
			}
			if tr.Total() != 6*len(tc.pairings) {
				t.Fatalf("total %d, want %d", tr.Total(), 6*len(tc.pairings))
			}
			perPairing := map[int]int{}
			seeds := map[uint64]bool{}
			for i := 0; i < tr.Total(); i += 2 {
				a, b := tr.Game(i), tr.Game(i+1)
				p := tc.pairings[a.Pairing]
				if a.Pair != b.Pair || a.Pairing != b.Pairing || a.Leg != 0 || b.Leg != 1 {
					t.Fatalf("games %d and %d are not the two legs of one pair: %+v %+v", i, i+1, a, b)
				}
				if a.DiceSeed != b.DiceSeed || a.Scenario != b.Scenario {
					t.Errorf("pair %d: dice seeds %d/%d or scenarios %s/%s differ", a.Pair, a.DiceSeed, b.DiceSeed, a.Scenario, b.Scenario)
				}
				if a.Sides != [2]int{p.A, p.B} || b.Sides != [2]int{p.B, p.A} {
					t.Errorf("pair %d: sides %v then %v, want %v swapped", a.Pair, a.Sides, b.Sides, p)
				}
				if a.AgentSeeds != [2]uint64{b.AgentSeeds[1], b.AgentSeeds[0]} || a.AgentSeeds[0] == a.AgentSeeds[1] {
					t.Errorf("pair %d: agent seeds %v then %v: each agent keeps its own", a.Pair, a.AgentSeeds, b.AgentSeeds)
				}
				if seeds[a.DiceSeed] {
					t.Errorf("pair %d reuses a dice seed", a.Pair)
				}
				seeds[a.DiceSeed] = true
				perPairing[a.Pairing] += 2
			}
			for pi := range tc.pairings {
				if perPairing[pi] != 6 {
					t.Errorf("pairing %d has %d games, want 6", pi, perPairing[pi])
				}
			}
			// A game depends on its index only: the same index in a longer
			// tournament is the same game, which lets a resume extend one.
			cfg.GamesPerPairing = 20
			longer := mustNew(t, cfg)
			for i := 0; i < tr.Total(); i++ {
				if tr.Game(i) != longer.Game(i) {
					t.Fatalf("game %d changes with the number of games", i)
				}
			}
		})
	}
}

func TestScenariosCycleByRound(t *testing.T) {
	// Only one 2 by 2 scenario is built in; a list naming it twice still
	// shows the rotation runs by round, so each pairing sees each entry.
	cfg := small("")
	cfg.Scenarios = []string{"standard", "standard"}
	tr := mustNew(t, cfg)
	for i := 0; i < tr.Total(); i++ {
		g := tr.Game(i)
		if g.Round != g.Pair/len(tr.Pairings()) || g.Scenario != "standard" {
			t.Fatalf("game %d: round %d scenario %q", i, g.Round, g.Scenario)
		}
	}
	if tr.Fingerprint() == mustNew(t, small("")).Fingerprint() {
		t.Error("the scenario list is not part of the fingerprint")
	}
}

func TestDeriveSeedIsSplitmix64(t *testing.T) {
	// The reference values are splitmix64's first outputs from seed 0,
	// as published with the generator (Vigna's splitmix64.c).
	want := []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f}
	for i, w := range want {
		if got := deriveSeed(0, 0, uint64(i)); got != w {
			t.Errorf("output %d: %#x, want %#x", i+1, got, w)
		}
	}
}

func TestSameResultsWithOneOrTwoWorkers(t *testing.T) {
	dir := t.TempDir()
	var reports []*Report
	var files []map[int]string
	for _, workers := range []int{1, 2} {
		cfg := small(filepath.Join(dir, fmt.Sprintf("w%d.jsonl", workers)))
		cfg.Workers = workers
		rep := mustRun(t, cfg)
		if !rep.Complete || rep.Counted != 12 || rep.Played != 12 {
			t.Fatalf("workers %d: %d of %d games counted, %d played", workers, rep.Counted, rep.Planned, rep.Played)
		}
		reports = append(reports, rep)
		files = append(files, recordLines(t, cfg.Records))
	}
	if a, b := results(t, reports[0]), results(t, reports[1]); a != b {
		t.Errorf("reports differ:\n1 worker:  %s\n2 workers: %s", a, b)
	}
	if len(files[0]) != 12 || len(files[1]) != 12 {
		t.Fatalf("records hold %d and %d games, want 12", len(files[0]), len(files[1]))
	}
	for i := range 12 {
		if files[0][i] != files[1][i] {
			t.Errorf("game %d is recorded differently with 2 workers", i)
		}
	}
	var sum float64
	for _, a := range reports[0].Totals {
		sum += a.Points
	}
	if sum != 12 {
		t.Errorf("points add up to %v over 12 games", sum)
	}
}

// TestPairsShareDiceWithSidesSwapped inspects the records: the two games
// of a pair are on the same scenario, with the same dice seed and the same
// first roll, and each agent on the other side with its own seed.
func TestPairsShareDiceWithSidesSwapped(t *testing.T) {
	cfg := small(filepath.Join(t.TempDir(), "games.jsonl"))
	cfg.Agents = []string{"random", "random"}
	cfg.GamesPerPairing = 6
	mustRun(t, cfg)
	recs := readRecordsFile(t, cfg.Records)
	byGame := map[int]*GameRecord{}
	for _, r := range recs {
		byGame[r.Tournament.Game] = r
	}
	if len(byGame) != 6 {
		t.Fatalf("%d games recorded, want 6", len(byGame))
	}
	for i := 0; i < 6; i += 2 {
		a, b := byGame[i], byGame[i+1]
		ta, tb := a.Tournament, b.Tournament
		if ta.Pair != tb.Pair || ta.Leg != 0 || tb.Leg != 1 {
			t.Fatalf("games %d, %d: pair %d/%d legs %d/%d", i, i+1, ta.Pair, tb.Pair, ta.Leg, tb.Leg)
		}
		if a.DiceSeed != b.DiceSeed || a.Scenario != b.Scenario || a.ScenarioHash != b.ScenarioHash {
			t.Errorf("pair %d: dice seeds %d/%d, scenarios %s/%s", ta.Pair, a.DiceSeed, b.DiceSeed, a.Scenario, b.Scenario)
		}
		if ta.Sides != [2]int{tb.Sides[1], tb.Sides[0]} || ta.Specs != [2]string{tb.Specs[1], tb.Specs[0]} {
			t.Errorf("pair %d: sides %v/%v are not swapped", ta.Pair, ta.Sides, tb.Sides)
		}
		if a.AgentSeeds != [2]uint64{b.AgentSeeds[1], b.AgentSeeds[0]} {
			t.Errorf("pair %d: agent seeds %v/%v do not follow the agents", ta.Pair, a.AgentSeeds, b.AgentSeeds)
		}
		if a.Steps[0].Dice == nil || b.Steps[0].Dice == nil || *a.Steps[0].Dice != *b.Steps[0].Dice {
			t.Errorf("pair %d: the first rolls differ: %v and %v", ta.Pair, a.Steps[0].Dice, b.Steps[0].Dice)
		}
		if ta.Fingerprint == "" || ta.Seed != 42 {
			t.Errorf("game %d: fingerprint %q seed %d", i, ta.Fingerprint, ta.Seed)
		}
	}
	// The file is also a plain file of engine records that replays.
	data, err := os.ReadFile(cfg.Records)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := engine.ReadRecords(bytes.NewReader(data))
	if err != nil || len(plain) != 6 {
		t.Fatalf("engine.ReadRecords: %v, %d records", err, len(plain))
	}
	for i, r := range plain {
		if _, err := engine.Replay(twobytwo.Rules{}, r); err != nil {
			t.Errorf("record %d does not replay: %v", i, err)
		}
	}
}

func TestResume(t *testing.T) {
	dir := t.TempDir()
	full := small(filepath.Join(dir, "full.jsonl"))
	want := mustRun(t, full)
	data, err := os.ReadFile(full.Records)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	lines = lines[:len(lines)-1] // the empty string after the last newline
	if len(lines) != 12 {
		t.Fatalf("%d lines", len(lines))
	}
	tests := []struct {
		name    string
		content string
		kept    int // games the resume finds
		torn    bool
	}{
		{"no file", "", 0, false},
		{"cut between lines", strings.Join(lines[:5], ""), 5, false},
		{"torn last line", strings.Join(lines[:7], "") + lines[7][:len(lines[7])/2], 7, true},
		{"torn after one byte", strings.Join(lines[:3], "") + "{", 3, true},
		{"last line garbled", strings.Join(lines[:4], "") + "{\"ruleset\":\"twob\n", 4, true},
		{"out of order", lines[9] + lines[2] + lines[0], 3, false},
		{"duplicates", lines[1] + lines[1] + lines[4] + lines[1], 2, false},
		{"complete", strings.Join(lines, ""), 12, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := small(filepath.Join(t.TempDir(), "games.jsonl"))
			if tc.content != "" {
				if err := os.WriteFile(cfg.Records, []byte(tc.content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			cfg.Resume = true
			cfg.Workers = 2
			var logBuf bytes.Buffer
			cfg.Log = newTestLogger(&logBuf)
			got := mustRun(t, cfg)
			if got.Resumed != tc.kept || got.Played != 12-tc.kept {
				t.Errorf("resumed %d and played %d, want %d and %d", got.Resumed, got.Played, tc.kept, 12-tc.kept)
			}
			if a, b := results(t, got), results(t, want); a != b {
				t.Errorf("resumed results differ from an uninterrupted run:\nresumed: %s\nfull:    %s", a, b)
			}
			if torn := strings.Contains(logBuf.String(), "torn last line"); torn != tc.torn {
				t.Errorf("torn-line warning logged = %v, want %v: %s", torn, tc.torn, logBuf.String())
			}
			// Every game once, each line as the uninterrupted run wrote it,
			// except that the duplicates written before stay duplicated.
			if tc.name == "duplicates" {
				return
			}
			have := recordLines(t, cfg.Records)
			if len(have) != 12 {
				t.Fatalf("records hold %d games, want 12", len(have))
			}
			for i, l := range lines {
				if have[i] != l {
					t.Errorf("game %d differs from the uninterrupted run's record", i)
				}
			}
		})
	}
}

// matchRecordLine is a plain match's record, as 'grognard match
// --record' writes it: a game without the tournament's part.
func matchRecordLine(t testing.TB) []byte {
	t.Helper()
	rec, err := PlayMatch(context.Background(), twobytwo.Rules{}, "standard", engine.Options{TurnLimit: 2}, randomPair(1, 2), 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	var mb bytes.Buffer
	if err := rec.Write(&mb); err != nil {
		t.Fatal(err)
	}
	return mb.Bytes()
}

func TestResumeRefuses(t *testing.T) {
	dir := t.TempDir()
	base := small(filepath.Join(dir, "base.jsonl"))
	mustRun(t, base)
	data, err := os.ReadFile(base.Records)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	match := filepath.Join(dir, "match.jsonl")
	mb := bytes.NewBuffer(matchRecordLine(t))
	if err := os.WriteFile(match, mb.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	tampered := strings.Replace(lines[2], `"dice_seed":`, `"dice_seed":1`, 1)

	tests := []struct {
		name    string
		content string
		change  func(*Config)
		want    string
	}{
		{"other seed", string(data), func(c *Config) { c.Seed = 7 }, "other settings"},
		{"other agents", string(data), func(c *Config) { c.Agents = []string{"random", "random"} }, "other settings"},
		{"other turn limit", string(data), func(c *Config) { c.TurnLimit = 4 }, "other settings"},
		{"match records", mb.String(), nil, "without tournament information"},
		{"garbage in the middle", lines[0] + "not json\n" + lines[1], nil, "line 2 is not a tournament record"},
		{"tampered seeds", lines[0] + tampered, nil, "does not match this tournament's schedule"},
		{"no resume", string(data), func(c *Config) { c.Resume = false }, "already holds games"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := small(filepath.Join(t.TempDir(), "games.jsonl"))
			if err := os.WriteFile(cfg.Records, []byte(tc.content), 0o644); err != nil {
				t.Fatal(err)
			}
			cfg.Resume = true
			if tc.change != nil {
				tc.change(&cfg)
			}
			_, err := mustNew(t, cfg).Run(context.Background())
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error containing %q", err, tc.want)
			}
			after, rerr := os.ReadFile(cfg.Records)
			if rerr != nil || string(after) != tc.content {
				t.Error("a refused resume changed the records file")
			}
		})
	}
}

// TestResumeExtends resumes a finished tournament with more games per
// pairing: the games already played are kept and the total equals a run
// that asked for the larger number at once.
func TestResumeExtends(t *testing.T) {
	cfg := small(filepath.Join(t.TempDir(), "games.jsonl"))
	cfg.GamesPerPairing = 2
	mustRun(t, cfg)
	cfg.GamesPerPairing = 4
	cfg.Resume = true
	got := mustRun(t, cfg)
	if got.Resumed != 6 || got.Played != 6 {
		t.Fatalf("resumed %d, played %d; want 6 and 6", got.Resumed, got.Played)
	}
	want := mustRun(t, small(filepath.Join(t.TempDir(), "once.jsonl")))
	if a, b := results(t, got), results(t, want); a != b {
		t.Errorf("extended:\n%s\nat once:\n%s", a, b)
	}
	// Asking for fewer again keeps the extra games in the file, uncounted.
	cfg.GamesPerPairing = 2
	fewer := mustRun(t, cfg)
	if fewer.Counted != 6 || fewer.Played != 0 {
		t.Errorf("fewer: counted %d, played %d", fewer.Counted, fewer.Played)
	}
}

func TestInterruptKeepsFinishedGames(t *testing.T) {
	cfg := small(filepath.Join(t.TempDir(), "games.jsonl"))
	cfg.Workers = 2
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg.Progress = func(p Progress) {
		if p.Done == 5 {
			cancel()
		}
	}
	rep, err := mustNew(t, cfg).Run(ctx)
	if !errors.Is(err, context.Canceled) || rep == nil || !rep.Interrupted {
		t.Fatalf("got %v, report %+v; want an interrupted report", err, rep)
	}
	have := recordLines(t, cfg.Records)
	if len(have) != rep.Finished || rep.Finished < 5 || rep.Finished >= 12 {
		t.Fatalf("%d games in the file, report says %d finished", len(have), rep.Finished)
	}
	cfg.Progress, cfg.Resume = nil, true
	got := mustRun(t, cfg)
	want := mustRun(t, small(filepath.Join(t.TempDir(), "full.jsonl")))
	if got.Resumed != rep.Finished || results(t, got) != results(t, want) {
		t.Errorf("after resume (%d resumed):\n%s\nuninterrupted:\n%s", got.Resumed, results(t, got), results(t, want))
	}
}

func TestSPRTStops(t *testing.T) {
	// Random against itself is 0 Elo: a test of 60 against 120 Elo
	// accepts H0 after some thirty games, after its first look (at
	// MinSPRTPairs), well before the 400 games asked for, and late enough
	// for two workers to run ahead of the decision.
	sprt := &stats.SPRT{Elo0: 60, Elo1: 120, Alpha: 0.05, Beta: 0.05}
	var reports []*Report
	for _, workers := range []int{1, 2} {
		cfg := small(filepath.Join(t.TempDir(), "games.jsonl"))
		cfg.Agents = []string{"random", "random"}
		cfg.GamesPerPairing = 400
		cfg.SPRT = sprt
		cfg.Workers = workers
		rep := mustRun(t, cfg)
		s := rep.SPRT
		if s == nil || s.Decision != "H0" || !rep.Complete || rep.Interrupted {
			t.Fatalf("workers %d: SPRT %+v, complete %v", workers, s, rep.Complete)
		}
		if rep.Counted != s.Games || rep.Counted%2 != 0 || rep.Counted >= 400 || rep.Counted < 2*MinSPRTPairs || float64(s.LLR) > float64(s.Lower) {
			t.Fatalf("workers %d: counted %d games, SPRT looked at %d, LLR %v (lower bound %v)", workers, rep.Counted, s.Games, s.LLR, s.Lower)
		}
		if rep.Finished < rep.Counted || len(recordLines(t, cfg.Records)) != rep.Finished {
			t.Fatalf("workers %d: %d finished, %d counted", workers, rep.Finished, rep.Counted)
		}
		reports = append(reports, rep)

		// Resuming a decided test plays nothing and decides the same.
		cfg.Resume = true
		again := mustRun(t, cfg)
		if again.Played != 0 || results(t, again) != results(t, rep) {
			t.Errorf("workers %d: resuming a decided SPRT played %d games:\n%s\n%s", workers, again.Played, results(t, again), results(t, rep))
		}
	}
	// The test decides on games in schedule order, so the stop does not
	// depend on the workers.
	if a, b := results(t, reports[0]), results(t, reports[1]); a != b {
		t.Errorf("SPRT runs differ with 1 and 2 workers:\n%s\n%s", a, b)
	}
}

func TestStatistics(t *testing.T) {
	rep := mustRun(t, small(""))
	if len(rep.Pairings) != 3 || len(rep.Totals) != 3 || len(rep.Ratings) != 3 {
		t.Fatalf("pairings %d, totals %d, ratings %d (%s)", len(rep.Pairings), len(rep.Totals), len(rep.Ratings), rep.RatingsNote)
	}
	for _, p := range rep.Pairings {
		if p.Games != 4 || p.Wins+p.Draws+p.Losses != 4 || p.Pairs != 2 {
			t.Errorf("pairing %s-%s: %+v", p.A, p.B, p)
		}
		if c := rep.Cross[p.AIndex][p.BIndex]; c.Points != p.Points || c.Games != p.Games {
			t.Errorf("cross table %v disagrees with pairing %+v", c, p)
		}
		if c := rep.Cross[p.BIndex][p.AIndex]; c.Points != 4-p.Points {
			t.Errorf("cross table is not symmetric: %v against %v", c, p.Points)
		}
		var penta int
		for _, c := range p.Penta {
			penta += c
		}
		if penta != 2 || p.PentaEstimate == nil {
			t.Errorf("pairing %s-%s: pentanomial %v", p.A, p.B, p.Penta)
		}
	}
	if rep.Ratings[0].Elo != 0 || rep.Anchor != "random" {
		t.Errorf("anchor: %+v, %q", rep.Ratings[0], rep.Anchor)
	}
	if rep.Adjudicated != 12 {
		t.Errorf("%d games adjudicated; with a 3-turn limit all 12 end by it", rep.Adjudicated)
	}

	// Another anchor shifts the ratings, not their differences.
	cfg := small("")
	cfg.Anchor = "random#3"
	other := mustRun(t, cfg)
	if other.Ratings[2].Elo != 0 {
		t.Errorf("anchor random#3 rated %v", other.Ratings[2].Elo)
	}
	for i := range 3 {
		d1 := float64(rep.Ratings[i].Elo - rep.Ratings[0].Elo)
		d2 := float64(other.Ratings[i].Elo - other.Ratings[0].Elo)
		if math.Abs(d1-d2) > 1e-6 && !(math.IsInf(d1, 0) || math.IsNaN(d1)) {
			t.Errorf("agent %d: difference %v with one anchor, %v with the other", i, d1, d2)
		}
	}

	// Two agents: ratings from the pairing's pentanomial estimate.
	cfg = small("")
	cfg.Agents = []string{"random", "random"}
	cfg.GamesPerPairing = 8
	two := mustRun(t, cfg)
	p := two.Pairings[0]
	if two.Ratings[0].Elo != 0 || (p.PentaEstimate != nil && !sameNum(two.Ratings[1].Elo, -p.PentaEstimate.Elo)) {
		t.Errorf("two agents: ratings %+v, pairing %+v", two.Ratings, p)
	}
}

func sameNum(a, b Num) bool {
	return a == b || (math.IsNaN(float64(a)) && math.IsNaN(float64(b)))
}

func TestNumJSON(t *testing.T) {
	tests := []struct {
		in   Num
		want string
	}{
		{1.5, "1.5"},
		{Num(math.Inf(1)), `"+inf"`},
		{Num(math.Inf(-1)), `"-inf"`},
		{Num(math.NaN()), "null"},
		{-200, "-200"},
		{0, "0"},
		{Num(math.Copysign(0, -1)), "0"}, // -0, as 0 - 400*log10(1) was
	}
	for _, tc := range tests {
		b, err := json.Marshal(tc.in)
		if err != nil || string(b) != tc.want {
			t.Errorf("Marshal(%v) = %s, %v; want %s", tc.in, b, err, tc.want)
		}
		var back Num
		if err := json.Unmarshal(b, &back); err != nil || !(back == tc.in || (tc.want == "null" && math.IsNaN(float64(back)))) {
			t.Errorf("round trip of %v gave %v, %v", tc.in, back, err)
		}
	}
	var n Num
	if err := json.Unmarshal([]byte(`"big"`), &n); err == nil || !strings.Contains(err.Error(), `"+inf"`) {
		t.Errorf(`Unmarshal("big") = %v, %v; want an error naming the forms a statistic takes`, n, err)
	}
}

// TestOneLOSPerPairing: a pairing's LOS is the pairs' when there are
// pairs, the games' otherwise. With these seeds the two differ (the
// second pairing goes 0-5-3: 1.4% from the games, 3.5% from the pairs),
// so a report quoting the games' figure anywhere fails.
func TestOneLOSPerPairing(t *testing.T) {
	cfg := small("")
	cfg.GamesPerPairing, cfg.Seed = 8, 5
	rep := mustRun(t, cfg)
	differ := false
	for _, p := range rep.Pairings {
		if p.PentaEstimate == nil {
			t.Fatalf("pairing %s-%s has no pairs", p.A, p.B)
		}
		if !sameNum(p.LOS, p.PentaEstimate.LOS) {
			t.Errorf("pairing %s-%s: LOS %v, the pairs give %v", p.A, p.B, p.LOS, p.PentaEstimate.LOS)
		}
		differ = differ || math.Abs(float64(p.Estimate.LOS-p.PentaEstimate.LOS)) > 0.01
	}
	if !differ {
		t.Error("the games and the pairs give the same LOS in every pairing: the test shows nothing")
	}
	var out struct {
		Pairings []struct {
			LOS *float64 `json:"los"`
		} `json:"pairings"`
	}
	if err := json.Unmarshal([]byte(reportJSON(t, rep)), &out); err != nil {
		t.Fatal(err)
	}
	for i, p := range out.Pairings {
		if p.LOS == nil || *p.LOS != float64(rep.Pairings[i].LOS) {
			t.Errorf("pairing %d: JSON los %v, want %v", i, p.LOS, rep.Pairings[i].LOS)
		}
	}

	// Over no games nothing is known: the LOS is NaN (null), not the 0.5
	// of Estimate, which the tables print as n/a.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	none, err := mustNew(t, small(filepath.Join(t.TempDir(), "none.jsonl"))).Run(ctx)
	if none == nil || none.Counted != 0 {
		t.Fatalf("a run cancelled before it began: %v, report %+v", err, none)
	}
	for _, p := range none.Pairings {
		if !math.IsNaN(float64(p.LOS)) {
			t.Errorf("pairing %s-%s over no games: LOS %v, want NaN", p.A, p.B, p.LOS)
		}
	}
}

// TestEvenMatchIsPlusZero: two agents whose every game is drawn are rated
// 0 apart; the second agent's rating is the pairing's negated, which must
// be +0, not the -0 the JSON would write as "-0".
func TestEvenMatchIsPlusZero(t *testing.T) {
	cfg := small("")
	cfg.Agents, cfg.TurnLimit, cfg.Adjudication = []string{"random", "random"}, 1, AdjudicateNone
	rep := mustRun(t, cfg)
	if p := rep.Pairings[0]; p.Draws != p.Games {
		t.Fatalf("W-D-L %d-%d-%d: the test wants every game drawn", p.Wins, p.Draws, p.Losses)
	}
	for _, r := range rep.Ratings {
		for _, v := range []Num{r.Elo, r.Lo, r.Hi} {
			if v != 0 || math.Signbit(float64(v)) {
				t.Errorf("%s rated %v [%v, %v], want +0 throughout", r.Agent, r.Elo, r.Lo, r.Hi)
			}
		}
	}
	if js := reportJSON(t, rep); strings.Contains(js, ":-0,") || strings.Contains(js, ":-0}") {
		t.Errorf("the JSON writes -0: %s", js)
	}
}

// TestNameParameterLabels: an agent spec's name= is the agent's name in
// the tables, ratings, anchor and records.
func TestNameParameterLabels(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed (CI installs it): the bot is a Python script")
	}
	bot := "external:cmd=python3 ../examples/bots/random_bot.py,name=pybot"
	cfg := small(filepath.Join(t.TempDir(), "g.jsonl"))
	cfg.Agents, cfg.GamesPerPairing, cfg.TurnLimit, cfg.Anchor = []string{bot, "random"}, 2, 2, "pybot"
	rep := mustRun(t, cfg)
	if !slices.Equal(rep.Agents, []string{"pybot", "random"}) || rep.Specs[0] != bot {
		t.Errorf("agents %q, specs %q", rep.Agents, rep.Specs)
	}
	if p := rep.Pairings[0]; p.A != "pybot" || rep.Totals[0].Agent != "pybot" || rep.Ratings[0].Agent != "pybot" || rep.Anchor != "pybot" {
		t.Errorf("pairing %s vs %s, totals %s, ratings %s, anchor %s", p.A, p.B, rep.Totals[0].Agent, rep.Ratings[0].Agent, rep.Anchor)
	}
	f, err := os.Open(cfg.Records)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	for dec := json.NewDecoder(f); dec.More(); n++ {
		var rec GameRecord
		if err := dec.Decode(&rec); err != nil {
			t.Fatal(err)
		}
		info := rec.Tournament
		for side, a := range info.Sides {
			if want := rep.Agents[a]; info.Names[side] != want || info.Specs[side] != cfg.Agents[a] {
				t.Errorf("game %d side %d: name %q, spec %q; want %q, %q", info.Game, side, info.Names[side], info.Specs[side], want, cfg.Agents[a])
			}
		}
	}
	if n != 2 {
		t.Errorf("%d records, want 2", n)
	}
}

func TestScore(t *testing.T) {
	const turnLimit = "turn limit reached"
	limit := engine.Ended(engine.TurnLimit, engine.NoPlayer, turnLimit)
	tests := []struct {
		name   string
		res    engine.Result
		ap     [2]float64
		haveAP bool
		mode   Adjudication
		winner engine.Player
		reason string
		adj    bool
	}{
		{"side 0 destroyed more", limit, [2]float64{12, 7}, true, AdjudicateAP, 0, "adjudicated: AP destroyed 12 to 7", true},
		{"side 1 destroyed more", limit, [2]float64{3, 5.5}, true, AdjudicateAP, 1, "adjudicated: AP destroyed 5.5 to 3", true},
		{"equal", limit, [2]float64{4, 4}, true, AdjudicateAP, engine.NoPlayer, "adjudicated: AP destroyed 4 to 4", true},
		{"nothing destroyed", limit, [2]float64{}, true, AdjudicateAP, engine.NoPlayer, "adjudicated: AP destroyed 0 to 0", true},
		{"adjudication off", limit, [2]float64{12, 7}, true, AdjudicateNone, engine.NoPlayer, turnLimit, false},
		{"no AP known", limit, [2]float64{}, false, AdjudicateAP, engine.NoPlayer, turnLimit, false},
		{"a turn-limit reason without the kind stands", engine.Result{Over: true, Winner: engine.NoPlayer, Reason: turnLimit}, [2]float64{12, 7}, true, AdjudicateAP, engine.NoPlayer, turnLimit, false},
		{"a real win stands", engine.Ended(engine.Victory, 1, "fast victory"), [2]float64{20, 2}, true, AdjudicateAP, 1, "fast victory", false},
		{"another draw stands", engine.Ended(engine.RulesDraw, engine.NoPlayer, "drawn by exiting the table"), [2]float64{9, 2}, true, AdjudicateAP, engine.NoPlayer, "drawn by exiting the table", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := score(tc.res, tc.ap, tc.haveAP, tc.mode)
			if o.Winner != tc.winner || o.Reason != tc.reason || o.Adjudicated != tc.adj {
				t.Errorf("got %+v, want winner %v reason %q adjudicated %v", o, tc.winner, tc.reason, tc.adj)
			}
			if tc.haveAP && (o.APDestroyed == nil || *o.APDestroyed != tc.ap) {
				t.Errorf("AP destroyed %v, want %v", o.APDestroyed, tc.ap)
			}
		})
	}
}

// TestAdjudicationOnRealGames checks the AP count against the final
// positions, and that the 2 by 2 rules mark the turn limit with the kind
// the adjudication looks for.
func TestAdjudicationOnRealGames(t *testing.T) {
	seen := 0
	for seed := uint64(1); seed <= 30; seed++ {
		var final *twobytwo.State
		obs := func(ev Event) error {
			if ev.Final {
				final = ev.State.Clone().(*twobytwo.State)
			}
			return nil
		}
		rec, err := PlayMatch(context.Background(), twobytwo.Rules{}, "standard", engine.Options{TurnLimit: 8}, randomPair(seed, seed+100), seed, obs)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Result.Kind != engine.TurnLimit {
			if rec.Result.Winner == engine.NoPlayer && strings.Contains(rec.Result.Reason, "turn limit") {
				t.Fatalf("a turn-limit draw without the kind: %+v", rec.Result)
			}
			continue
		}
		ap, ok := apDestroyed(final)
		if !ok {
			t.Fatal("no AP count for a 2 by 2 state")
		}
		var lost [2]float64
		var units [2]int
		for i := 0; i < final.NumUnits(); i++ {
			if final.U[i].Loc == twobytwo.LocDestroyed {
				s := final.Spec(i)
				lost[s.Side] += s.UnitCost()
				units[s.Side]++
			}
		}
		if ap != [2]float64{lost[1], lost[0]} || units[0] != final.Destroyed(0) || units[1] != final.Destroyed(1) {
			t.Errorf("seed %d: AP destroyed %v, units lost %v (state says %d, %d)", seed, ap, lost, final.Destroyed(0), final.Destroyed(1))
		}
		if ap[0] > 0 || ap[1] > 0 {
			seen++
		}
	}
	if seen == 0 {
		t.Error("no game reached the turn limit with a unit destroyed: the check saw nothing")
	}
	if _, ok := apDestroyed(&loopState{}); ok {
		t.Error("a state of another ruleset was counted")
	}
}

func TestGameFailureStopsTheTournament(t *testing.T) {
	cfg := Config{Ruleset: stuck{}, Agents: []string{"random", "random"}, GamesPerPairing: 4, Seed: 1, Workers: 2,
		Records: filepath.Join(t.TempDir(), "games.jsonl")}
	rep, err := mustNew(t, cfg).Run(context.Background())
	if !errors.Is(err, ErrGameFailed) || !errors.Is(err, agentsErrNoLegal) {
		t.Fatalf("got %v, want ErrGameFailed wrapping the agent's error", err)
	}
	for _, w := range []string{"dice seed", "agent seeds", "scenario only"} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error %q does not name %q", err, w)
		}
	}
	if rep == nil || rep.Played != 0 {
		t.Errorf("report %+v", rep)
	}
}

func TestNoRecordsFile(t *testing.T) {
	rep := mustRun(t, small(""))
	if rep.Counted != 12 || rep.Records != "" {
		t.Errorf("counted %d, records %q", rep.Counted, rep.Records)
	}
}

var agentsErrNoLegal = agents.ErrNoLegalAction

func newTestLogger(w *bytes.Buffer) zerolog.Logger { return zerolog.New(w) }

// stuck is a ruleset whose one scenario offers side 0 nothing to do: every
// agent fails on its first move.
type stuck struct{}

func (stuck) Name() string        { return "stuck" }
func (stuck) Version() string     { return "1" }
func (stuck) Title() string       { return "Stuck" }
func (stuck) Scenarios() []string { return []string{"only"} }
func (stuck) NewGame(string, engine.Options) (engine.State, error) {
	return &stuckState{}, nil
}
func (stuck) ScenarioHash(string, engine.Options) (string, error) { return "only", nil }
func (stuck) DecodeState([]byte) (engine.State, error) {
	return nil, fmt.Errorf("stuck states cannot be decoded")
}

type stuckState struct{ loopState }

func (s *stuckState) Legal(buf []engine.Action) []engine.Action { return buf }

// TestRecordsWriteFailure writes to a device that is always full: the
// tournament stops with the write error and counts no game it could not
// write.
func TestRecordsWriteFailure(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full here")
	}
	cfg := small("/dev/full")
	rep, err := mustNew(t, cfg).Run(context.Background())
	if err == nil || !strings.Contains(err.Error(), "append game") {
		t.Fatalf("got %v, want the write error", err)
	}
	if rep == nil || rep.Played != 0 || rep.Counted != 0 {
		t.Errorf("report counts games that were not written: %+v", rep)
	}
}

// TestNormalizedEloFromThePairs: a pairing's normalized Elo is its
// pairs', as stats computes it from the pentanomial counts.
func TestNormalizedEloFromThePairs(t *testing.T) {
	cfg := small("")
	cfg.GamesPerPairing, cfg.Seed = 8, 5
	rep := mustRun(t, cfg)
	for _, p := range rep.Pairings {
		want := stats.Penta(p.Penta).NormalizedElo()
		if p.NormalizedElo == nil || !sameNum(p.NormalizedElo.Elo, Num(want.Elo)) || !sameNum(p.NormalizedElo.Lo, Num(want.Lo)) {
			t.Errorf("pairing %s-%s: normalized Elo %+v, the pairs give %+v", p.A, p.B, p.NormalizedElo, want)
		}
	}
}

// TestNormalizedSPRT: a tournament's SPRT in normalized Elo decides as
// the pairs' normalized LLR says, and the report names the model.
func TestNormalizedSPRT(t *testing.T) {
	cfg := small("")
	cfg.Agents = cfg.Agents[:2]
	cfg.GamesPerPairing = 400
	cfg.SPRT = &stats.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	cfg.SPRTModel = stats.Normalized
	rep := mustRun(t, cfg)
	if rep.SPRT == nil || rep.SPRT.Model != "normalized" {
		t.Fatalf("SPRT %+v", rep.SPRT)
	}
	want := stats.ModelSPRT{SPRT: *cfg.SPRT, Model: stats.Normalized}.LLRPentanomial(rep.SPRT.Penta)
	if !sameNum(rep.SPRT.LLR, Num(want)) {
		t.Fatalf("LLR %v, the pairs' normalized LLR is %v", rep.SPRT.LLR, want)
	}
}
