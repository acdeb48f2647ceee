package web

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/rs/zerolog"

	"github.com/grognard/grognard/internal/pgtest"
	"github.com/grognard/grognard/tournaments/ladder"
)

// TestMain shares a PostgreSQL server (pgtest) and a chromium
// (sharedBrowser) between the tests, and ends both after them.
func TestMain(m *testing.M) {
	code := pgtest.Main(m)
	closeBrowser()
	os.Exit(code)
}

// liveLadder is a ladder file with a grand pool, two entrants and six
// games played.
func liveLadder(t *testing.T) string {
	t.Helper()
	return makeLadder(t, filepath.Join(t.TempDir(), "ladder.db"))
}

// makeLadder is liveLadder at path, a file or a server's URL.
func makeLadder(t *testing.T, path string) string {
	t.Helper()
	ctx := context.Background()
	l, err := ladder.Open(ctx, path, 3)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if _, err := l.AddPool(ctx, "grand", "open-field"); err != nil {
		t.Fatal(err)
	}
	for _, e := range []ladder.Entrant{{Name: "eq", Spec: "equilibrium"}, {Name: "fixed", Spec: "fixed-posture"}} {
		if _, err := l.AddEntrant(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := l.Run(ctx, ladder.RunOptions{Games: 6, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestLiveLadder: a server started on a ladder gives its leaderboard and
// chart; one without says so; a ladder file that is not there is refused
// at start.
func TestLiveLadder(t *testing.T) {
	for _, tc := range []struct {
		name string
		db   func(t *testing.T) string
	}{
		{"sqlite", liveLadder},
		{"postgresql", func(t *testing.T) string { return makeLadder(t, pgtest.URL(t)) }},
	} {
		t.Run(tc.name, func(t *testing.T) { checkLiveLadder(t, tc.db(t)) })
	}
	none := newTestServer(t, 0)
	r, _ := http.Get(none.URL + "/api/ladder")
	r.Body.Close()
	if r.StatusCode != http.StatusNotFound {
		t.Fatalf("a server with no ladder: %d", r.StatusCode)
	}
	// A mistyped ladder is refused, and not made: the page only reads.
	missing := filepath.Join(t.TempDir(), "missing.db")
	if _, err := New(Config{Ladder: missing}); err == nil || !strings.Contains(err.Error(), "ladder add") {
		t.Fatalf("a missing ladder file was opened: %v", err)
	}
	if _, err := os.Stat(missing); !os.IsNotExist(err) {
		t.Fatalf("serving a missing ladder made a file: %v", err)
	}
	empty := pgtest.URL(t)
	if _, err := New(Config{Ladder: empty}); err == nil || !strings.Contains(err.Error(), "ladder add") {
		t.Fatalf("an empty database was served as a ladder: %v", err)
	}
	if _, err := New(Config{Ladder: empty}); err == nil {
		t.Fatal("the first try made the empty database a ladder")
	}
}

// checkLiveLadder checks the board and chart of a server on makeLadder's
// ladder at db.
func checkLiveLadder(t *testing.T, db string) {
	s := mustNew(t, Config{Name: "grognard", Version: "test", Ruleset: "twobytwo", Log: zerolog.Nop(), Ladder: db})
	ts := httptest.NewServer(s)
	defer func() { ts.Close(); s.Close() }()
	r, err := http.Get(ts.URL + "/api/ladder")
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		OK    bool `json:"ok"`
		Board []struct {
			Entrant struct{ Name string } `json:"entrant"`
			Record  struct{ W, D, L int } `json:"record"`
		} `json:"board"`
	}
	err = json.NewDecoder(r.Body).Decode(&rep)
	r.Body.Close()
	if err != nil || !rep.OK || len(rep.Board) != 2 {
		t.Fatalf("the board: %+v %v", rep, err)
	}
	n := 0
	for _, b := range rep.Board {
		n += b.Record.W + b.Record.D + b.Record.L
	}
	if n != 12 {
		t.Fatalf("the board counts %d results of 6 games", n)
	}
	r, _ = http.Get(ts.URL + "/api/ladder/chart.svg")
	svg, _ := io.ReadAll(r.Body)
	r.Body.Close()
	if r.StatusCode != 200 || !strings.Contains(string(svg), "<svg") || !strings.Contains(string(svg), "fixed") {
		t.Fatalf("the chart: %d %.200s", r.StatusCode, svg)
	}
}

// The results page shows the live ladder: the board and the chart.
func TestBrowserLiveLadder(t *testing.T) {
	ctx, url := browser(t, Config{Ladder: liveLadder(t)})
	err := chromedp.Do(ctx,
		chromedp.Navigate(url+"/results.html"),
		chromedp.WaitVisible(chromedp.CSS("#ladder-board tr td")),
		chromedp.WaitVisible(chromedp.CSS("#ladder-chart svg")),
	)
	if err != nil {
		t.Fatalf("the live ladder: %v", err)
	}
	rows, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#ladder-board tr").length`))
	if err != nil || rows != 3 {
		t.Fatalf("the board has %d rows (%v), want a header and two entrants", rows, err)
	}
}

// TestLadderHidesCommandLines: an entrant whose spec starts a program is
// shown as "external", without the program or its arguments.
func TestLadderHidesCommandLines(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "ladder.db")
	l, err := ladder.Open(ctx, path, 3)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.AddPool(ctx, "grand", "open-field"); err != nil {
		t.Fatal(err)
	}
	for _, e := range []ladder.Entrant{{Name: "eq", Spec: "equilibrium"}, {Name: "mybot", Spec: "external:cmd=/opt/secret/bot --token hunter2,time=2s"}} {
		if _, err := l.AddEntrant(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	l.Close()
	s := mustNew(t, Config{Name: "grognard", Version: "test", Log: zerolog.Nop(), Ladder: path})
	ts := httptest.NewServer(s)
	defer func() { ts.Close(); s.Close() }()
	for _, p := range []string{"/api/ladder", "/api/ladder/chart.svg"} {
		code, b := get(t, ts.URL+p)
		if code != 200 || strings.Contains(string(b), "hunter2") || strings.Contains(string(b), "/opt/secret") {
			t.Errorf("%s: %d %.400s", p, code, b)
		}
		if p == "/api/ladder" && (!strings.Contains(string(b), `"spec":"external"`) || !strings.Contains(string(b), `"spec":"equilibrium"`)) {
			t.Errorf("%s does not show the entrants' kinds: %.400s", p, b)
		}
	}
}
