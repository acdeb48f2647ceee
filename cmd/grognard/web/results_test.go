package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/tournaments"
)

// smallTournament plays a round robin of three random agents, two games a
// pairing of three turns (a few milliseconds), and returns its report and
// its records file.
func smallTournament(t *testing.T, seed uint64) (*tournaments.Report, []byte) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "games.jsonl")
	tr, err := tournaments.New(tournaments.Config{
		Ruleset: twobytwo.Rules{}, Agents: []string{"random", "random", "random"},
		GamesPerPairing: 2, TurnLimit: 3, Seed: seed, Workers: 1, Records: path,
	})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := tr.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return rep, b
}

// postResults posts body to url and returns the reply as it came.
func postResults(t *testing.T, url string, body []byte) (int, string, []byte) {
	t.Helper()
	r, err := http.Post(url, "application/octet-stream", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	b, err := io.ReadAll(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	return r.StatusCode, r.Header.Get("Content-Type"), b
}

// checkReport decodes a JSON report and compares its tables with the run's.
func checkReport(t *testing.T, b []byte, run *tournaments.Report) *tournaments.Report {
	t.Helper()
	var got tournaments.Report
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("the report is not JSON: %v\n%s", err, b)
	}
	if want := []string{"random", "random#2", "random#3"}; !slices.Equal(got.Agents, want) {
		t.Errorf("agents %q, want %q", got.Agents, want)
	}
	if len(got.Cross) != 3 {
		t.Fatalf("cross table of %d rows", len(got.Cross))
	}
	for i, row := range got.Cross {
		for j, c := range row {
			if want := run.Cross[i][j]; c != want {
				t.Errorf("cross[%d][%d] = %+v, the run said %+v", i, j, c, want)
			}
			if i != j && c.Games != 2 {
				t.Errorf("cross[%d][%d] counts %d games, want 2", i, j, c.Games)
			}
		}
	}
	if len(got.Ratings) != 3 || got.Counted != 6 || got.Fingerprint != run.Fingerprint {
		t.Errorf("%d ratings, %d games counted, fingerprint %s (run %s)", len(got.Ratings), got.Counted, got.Fingerprint, run.Fingerprint)
	}
	return &got
}

func TestResultsOfAnUpload(t *testing.T) {
	run, recs := smallTournament(t, 5)
	ts := newTestServer(t, 0)

	code, ctype, b := postResults(t, ts.URL+"/api/results", recs)
	if code != http.StatusOK || ctype != "application/json" {
		t.Fatalf("%d %s: %s", code, ctype, b)
	}
	checkReport(t, b, run)

	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, _ = zw.Write(recs)
	_ = zw.Close()
	code, _, b = postResults(t, ts.URL+"/api/results?format=json", gz.Bytes())
	if code != http.StatusOK {
		t.Fatalf("gzipped: %d %s", code, b)
	}
	checkReport(t, b, run)

	code, ctype, b = postResults(t, ts.URL+"/api/results?format=svg", recs)
	if code != http.StatusOK || ctype != "image/svg+xml" || !bytes.Contains(b, []byte("<svg")) || !bytes.Contains(b, []byte("random#3")) {
		t.Errorf("svg: %d %s: %.200s", code, ctype, b)
	}
	code, ctype, b = postResults(t, ts.URL+"/api/results?format=text", recs)
	if code != http.StatusOK || !strings.HasPrefix(ctype, "text/plain") || !bytes.Contains(b, []byte("random#2")) {
		t.Errorf("text: %d %s: %.200s", code, ctype, b)
	}
}

// What is not one tournament's records is refused with 400 and a reason
// that says what to give instead.
func TestResultsRefuse(t *testing.T) {
	_, recs := smallTournament(t, 5)
	_, other := smallTournament(t, 6)
	rec, err := tournaments.PlayMatch(context.Background(), twobytwo.Rules{}, "standard", engine.Options{TurnLimit: 2},
		[2]agents.Agent{agents.NewRandom(1), agents.NewRandom(2)}, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	var match bytes.Buffer
	if err := rec.Write(&match); err != nil {
		t.Fatal(err)
	}
	ts := newTestServer(t, 0)
	for _, tc := range []struct {
		name, query string
		body        []byte
		code        int // 0: any 4xx
		want        []string
	}{
		{"empty body", "", nil, http.StatusBadRequest, []string{"upload is empty"}},
		{"garbage", "", []byte("not json at all\n"), http.StatusBadRequest, []string{"not a tournament's records", "grognard tournament --records"}},
		{"garbage without a newline", "", []byte("not json"), http.StatusBadRequest, []string{"no tournament games", "grognard tournament --records"}},
		{"blank lines", "", []byte("\n\n"), http.StatusBadRequest, []string{"no tournament games"}},
		{"gzip garbage", "", []byte("\x1f\x8bnot really gzip"), http.StatusBadRequest, []string{"not valid gzip"}},
		{"a match record", "", match.Bytes(), http.StatusBadRequest, []string{"without its tournament part", "grognard match"}},
		{"two tournaments", "", append(slices.Clone(recs), other...), http.StatusBadRequest, []string{"another tournament", "split the file"}},
		{"an unknown format", "?format=pdf", recs, http.StatusBadRequest, []string{`unknown report format "pdf"`, "svg"}},
		{"a file without --dir", "?file=games.jsonl", nil, http.StatusNotFound, []string{"without --dir"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, ctype, b := postResults(t, ts.URL+"/api/results"+tc.query, tc.body)
			var rep apiError
			if err := json.Unmarshal(b, &rep); err != nil || ctype != "application/json" {
				t.Fatalf("%d %s: the error is not JSON: %s", code, ctype, b)
			}
			if (tc.code != 0 && code != tc.code) || code < 400 || code >= 500 || rep.OK {
				t.Errorf("status %d, want %d: %s", code, tc.code, b)
			}
			for _, w := range tc.want {
				if !strings.Contains(rep.Error, w) {
					t.Errorf("error %q does not say %q", rep.Error, w)
				}
			}
		})
	}
}

// A server with a chosen directory reads a records file in it by name.
func TestResultsOfAFileByName(t *testing.T) {
	run, recs := smallTournament(t, 5)
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "runs"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "runs", "games.jsonl"), recs, 0o644); err != nil {
		t.Fatal(err)
	}
	s := mustNew(t, Config{Ruleset: "twobytwo", Log: zerolog.Nop(), Dir: dir})
	ts := httptest.NewServer(s)
	t.Cleanup(func() { ts.Close(); s.Close() })

	code, _, b := postResults(t, ts.URL+"/api/results?format=json&file=runs/games.jsonl", nil)
	if code != http.StatusOK {
		t.Fatalf("%d %s", code, b)
	}
	if got := checkReport(t, b, run); got.Records != "runs/games.jsonl" {
		t.Errorf("the report names the file %q", got.Records)
	}
	for _, name := range []string{"../games.jsonl", "missing.jsonl"} {
		if code, _, b := postResults(t, ts.URL+"/api/results?file="+name, nil); code != http.StatusBadRequest {
			t.Errorf("%s: %d %s", name, code, b)
		}
	}
}
