package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/sourcegraph/conc"

	"github.com/grognard/grognard/agents/protocol"
)

// searchServer is a server of cfg on loopback and the server itself.
func searchServer(t *testing.T, cfg Config) (*httptest.Server, *Server) {
	t.Helper()
	cfg.Name, cfg.Version, cfg.Ruleset, cfg.Log = "grognard", "test", "twobytwo", zerolog.Nop()
	s := mustNew(t, cfg)
	ts := httptest.NewServer(s)
	t.Cleanup(func() { ts.Close(); s.Close() })
	return ts, s
}

// readyToHint opens a session at a person's decision.
func readyToHint(t *testing.T, ts *httptest.Server) string {
	t.Helper()
	id := openSession(t, ts)
	if _, r := cmd(t, ts, id, "new_game", "human=0", "bot=random", "seed=2"); !r.OK {
		t.Fatalf("new_game: %+v", r)
	}
	if _, r := cmd(t, ts, id, "advance"); !r.OK {
		t.Fatalf("advance: %+v", r)
	}
	return id
}

// TestHugeSearchesAreRefused: a page asking a search for more than the
// server's limits, by any key, is refused at once with the limit named;
// the game is as it was.
func TestHugeSearchesAreRefused(t *testing.T) {
	ts, _ := searchServer(t, Config{})
	id := readyToHint(t, ts)
	_, before := cmd(t, ts, id, "show", "json")
	for _, args := range [][]string{
		{"hint", "iters=2000000000"},
		{"hint", "time=1h"},
		{"hint", "playouts=10000", "n=50"},
		{"hint", "agent=mcts:iters=2000000000"},
		{"hint", "agent=mcts:workers=64"},
		{"genmove", "iters=2000000000"},
		{"genmove", "agent=portfolio:horizon=1000000"},
		{"new_game", "human=0", "bot=mcts:time=1h"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			code, r := cmd(t, ts, id, args[0], args[1:]...)
			if code != 200 || r.OK || r.Code != "bad-argument" || !strings.Contains(r.Error, "this server's limit") {
				t.Errorf("%d %+v", code, r)
			}
		})
	}
	if _, after := cmd(t, ts, id, "show", "json"); string(after.Result) != string(before.Result) {
		t.Error("a refused search changed the game")
	}
}

// TestSearchDeadline: a search within the limits that runs past the
// server's deadline is stopped, says so, and leaves the game as it was.
func TestSearchDeadline(t *testing.T) {
	ts, _ := searchServer(t, Config{SearchTimeout: 200 * time.Millisecond, Limits: protocol.Limits{Iters: 1 << 30}})
	id := readyToHint(t, ts)
	_, before := cmd(t, ts, id, "show", "json")
	for _, args := range [][]string{{"hint", "iters=100000000"}, {"genmove", "iters=100000000"}} {
		code, r := cmd(t, ts, id, args[0], args[1:]...)
		if code != 200 || r.OK || r.Code != "interrupted" || !strings.Contains(r.Error, "limit of 200ms a request") {
			t.Errorf("%s: %d %+v", args, code, r)
		}
	}
	if _, after := cmd(t, ts, id, "show", "json"); string(after.Result) != string(before.Result) {
		t.Error("a stopped search changed the game")
	}
}

// TestSearchesWaitTheirTurn: with one search at a time, a second search
// waits at most QueueWait and is then refused with 503 and why, while
// requests that do not search (advance included, when no bot is to move)
// are served.
func TestSearchesWaitTheirTurn(t *testing.T) {
	ts, s := searchServer(t, Config{MaxSearches: 1, QueueWait: 50 * time.Millisecond, SearchTimeout: time.Minute, Limits: protocol.Limits{Iters: 1 << 30}})
	long, other := readyToHint(t, ts), readyToHint(t, ts)
	var wg conc.WaitGroup
	var first reply
	wg.Go(func() { _, first = cmd(t, ts, long, "hint", "iters=100000000") })
	for k := 0; len(s.searches.slots) == 0; k++ {
		if k == 3000 {
			t.Fatal("the first hint never started")
		}
		time.Sleep(10 * time.Millisecond)
	}
	code, r := cmd(t, ts, other, "hint")
	if code != http.StatusServiceUnavailable || r.Code != "server-busy" || !strings.Contains(r.Error, "at most 1 searches") {
		t.Errorf("a second search: %d %+v", code, r)
	}
	if _, r := cmd(t, ts, other, "show"); !r.OK {
		t.Errorf("show while the server searches: %+v", r)
	}
	// An advance that has no bot to move waits for no search.
	if _, r := cmd(t, ts, other, "advance"); !r.OK {
		t.Errorf("an advance to a person's turn while the server searches: %+v", r)
	}
	if code, r := post(t, ts.URL+"/api/sessions/"+long+"/cancel", ""); code != 200 || !r.OK {
		t.Fatalf("cancel: %d %+v", code, r)
	}
	wg.Wait()
	if first.OK {
		t.Error("the cancelled hint answered as if it had finished")
	}
	if _, r := cmd(t, ts, other, "hint", "iters=50", "playouts=2"); !r.OK {
		t.Errorf("a hint once the turn is free: %+v", r)
	}
}
