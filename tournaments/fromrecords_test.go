package tournaments

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
)

// readRecordsFile reads a tournament's records file as ReportFromRecords
// takes it.
func readRecordsFile(t testing.TB, path string) []*GameRecord {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := ReadGameRecords(f)
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// asRead is the report Run gave as ReportFromRecords gives it: every game
// read from the file, none played, no file name; the rest must be equal.
func asRead(r *Report) *Report {
	c := *r
	c.Resumed, c.Played, c.Records, c.Elapsed = r.Resumed+r.Played, 0, "", 0
	return &c
}

// TestReportFromRecordsMatchesRun runs small tournaments of every shape
// the report takes (a joint fit of three agents, two agents rated from
// their pairs, a gauntlet over two scenarios, no adjudication) and reads
// each one's records back: the report must be the one Run returned, to
// the byte of its JSON, so a wrong cross table, pairing or rating fails.
func TestReportFromRecordsMatchesRun(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Config)
		// edit changes the records read before the report is built.
		edit func([]*GameRecord) []*GameRecord
		// want changes Run's report into the one expected.
		want func(*Report)
	}{
		{name: "round robin of three"},
		{name: "a strong agent", change: func(c *Config) { c.Agents = []string{"greedy", "random", "random"} }},
		{name: "two agents", change: func(c *Config) { c.Agents, c.GamesPerPairing = []string{"random", "greedy"}, 6 }},
		{name: "gauntlet over two scenarios", change: func(c *Config) {
			c.Format, c.Scenarios = Gauntlet, []string{"standard", "meeting"}
		}},
		{name: "no adjudication", change: func(c *Config) { c.Agents, c.Adjudication = []string{"random", "random"}, AdjudicateNone }},
		{name: "two agents as a gauntlet", change: func(c *Config) { c.Agents, c.Format = []string{"greedy", "random"}, Gauntlet }},
		{name: "a game twice counts once", edit: func(r []*GameRecord) []*GameRecord { return append(r, r[3]) }},
		{
			// Only the first scenario was reached: the fingerprint
			// cannot be rebuilt, and the report says what was played.
			name:   "scenarios never reached",
			change: func(c *Config) { c.Scenarios, c.GamesPerPairing = []string{"standard", "meeting", "village"}, 2 },
			want:   func(r *Report) { r.Scenarios = r.Scenarios[:1] },
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := small(filepath.Join(t.TempDir(), "games.jsonl"))
			if tc.change != nil {
				tc.change(&cfg)
			}
			run := mustRun(t, cfg)
			recs := readRecordsFile(t, cfg.Records)
			if tc.edit != nil {
				recs = tc.edit(recs)
			}
			got, err := ReportFromRecords(recs)
			if err != nil {
				t.Fatal(err)
			}
			want := asRead(run)
			if tc.want != nil {
				tc.want(want)
			}
			if a, b := reportJSON(t, got), reportJSON(t, want); a != b {
				t.Errorf("from the records:\n%s\nfrom the run:\n%s", a, b)
			}
			// Run and ReportFromRecords share the statistics, so the cross
			// table is also counted here from the records themselves.
			cross := make([][]float64, len(cfg.Agents))
			for i := range cross {
				cross[i] = make([]float64, len(cfg.Agents))
			}
			seen := map[int]bool{}
			for _, r := range recs {
				info := r.Tournament
				if seen[info.Game] {
					continue
				}
				seen[info.Game] = true
				for side, a := range info.Sides {
					switch info.Outcome.Winner {
					case engine.Player(side):
						cross[a][info.Sides[1-side]]++
					case engine.NoPlayer:
						cross[a][info.Sides[1-side]] += 0.5
					}
				}
			}
			for i, row := range got.Cross {
				for j, c := range row {
					if c.Points != cross[i][j] {
						t.Errorf("cross[%d][%d] is %v points, the records give %v", i, j, c.Points, cross[i][j])
					}
				}
			}
			// The comparison means something only if there was a result
			// to get wrong.
			if got.Counted != run.Planned || len(got.Ratings) != len(cfg.Agents) || got.Cross[0][1].Games == 0 {
				t.Errorf("counted %d of %d games, %d ratings, cross %v", got.Counted, run.Planned, len(got.Ratings), got.Cross)
			}
		})
	}
}

// TestReportFromRecordsPartial reads the records of a tournament whose
// last game is missing: the rounds reached are planned, the game is not
// counted, and the report is not complete.
func TestReportFromRecordsPartial(t *testing.T) {
	cfg := small(filepath.Join(t.TempDir(), "games.jsonl"))
	mustRun(t, cfg)
	recs := readRecordsFile(t, cfg.Records)
	var kept []*GameRecord
	for _, r := range recs {
		if r.Tournament.Game != 11 {
			kept = append(kept, r)
		}
	}
	got, err := ReportFromRecords(kept)
	if err != nil {
		t.Fatal(err)
	}
	if got.Planned != 12 || got.Finished != 11 || got.Counted != 11 || got.Complete || got.Resumed != 11 {
		t.Errorf("planned %d, finished %d, counted %d, resumed %d, complete %v", got.Planned, got.Finished, got.Counted, got.Resumed, got.Complete)
	}
	if p := got.Pairings[2]; p.Games != 3 || p.Pairs != 1 {
		t.Errorf("the pairing that lost a game has %d games and %d pairs", p.Games, p.Pairs)
	}
}

func TestReportFromRecordsRefuses(t *testing.T) {
	dir := t.TempDir()
	cfg := small(filepath.Join(dir, "a.jsonl"))
	mustRun(t, cfg)
	other := small(filepath.Join(dir, "b.jsonl"))
	other.Seed = 7
	mustRun(t, other)
	a, b := readRecordsFile(t, cfg.Records), readRecordsFile(t, other.Records)

	match, err := ReadGameRecords(bytes.NewReader(matchRecordLine(t)))
	if err != nil || len(match) != 1 {
		t.Fatalf("%d match records: %v", len(match), err)
	}

	// edited copies the records of a and changes them.
	edited := func(change func([]*GameRecord) []*GameRecord) []*GameRecord {
		var out []*GameRecord
		for _, r := range a {
			c := *r
			out = append(out, &c)
		}
		return change(out)
	}
	tests := []struct {
		name string
		recs []*GameRecord
		want []string
	}{
		{"no records", nil, []string{"no tournament games", "grognard tournament --records"}},
		{"a null record", []*GameRecord{a[0], nil}, []string{"record 2 is null"}},
		{"a match record", append([]*GameRecord{a[0]}, match...), []string{"record 2", "without its tournament part", "grognard match"}},
		{"two tournaments", append(append([]*GameRecord(nil), a...), b...), []string{
			"2 tournaments", a[0].Tournament.Fingerprint, b[0].Tournament.Fingerprint, "split the file"}},
		{"tampered seed", edited(func(r []*GameRecord) []*GameRecord { r[4].DiceSeed++; return r }), []string{"does not match this tournament's schedule"}},
		{"tampered sides", edited(func(r []*GameRecord) []*GameRecord {
			r[4].Tournament.Sides = [2]int{r[4].Tournament.Sides[1], r[4].Tournament.Sides[0]}
			return r
		}), []string{"does not match this tournament's schedule"}},
		{"an agent twice", edited(func(r []*GameRecord) []*GameRecord {
			r[0].Tournament.Sides = [2]int{1, 1}
			return r
		}), []string{"plays both sides"}},
		{"another spec", edited(func(r []*GameRecord) []*GameRecord {
			r[3].Tournament.Specs[0] = "greedy"
			return r
		}), []string{"record 4 gives agent", `"greedy"`}},
		{"negative game", edited(func(r []*GameRecord) []*GameRecord { r[2].Tournament.Game = -1; return r }), []string{"game index -1"}},
		// The highest index allowed costs a schedule of MaxGames bytes,
		// no more, and is found not to fit it.
		{"the last game index", edited(func(r []*GameRecord) []*GameRecord { r[2].Tournament.Game = MaxGames - 1; return r }), []string{"does not match this tournament's schedule"}},
		{"a game index too high", edited(func(r []*GameRecord) []*GameRecord { r[2].Tournament.Game = MaxGames; return r }), []string{"outside 0 to"}},
		{"bad winner", edited(func(r []*GameRecord) []*GameRecord { r[2].Tournament.Outcome.Winner = 7; return r }), []string{"winner 7"}},
		{"other options", edited(func(r []*GameRecord) []*GameRecord { r[5].Options.TurnLimit = 9; return r }), []string{"record 6 differs from the first"}},
		{"an agent missing", edited(func(r []*GameRecord) []*GameRecord {
			// Agent 1 plays pairings 0 and 2 of the round robin; keep
			// only pairing 1, agents 0 and 2.
			var out []*GameRecord
			for _, g := range r {
				if g.Tournament.Pairing == 1 {
					out = append(out, g)
				}
			}
			return out
		}), []string{"agent 1 of 3 plays in none"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := ReportFromRecords(tc.recs)
			if err == nil {
				js, _ := json.Marshal(rep)
				t.Fatalf("no error; report %s", js)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
}
