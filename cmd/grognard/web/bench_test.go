package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/sourcegraph/conc"
	"github.com/sourcegraph/conc/pool"

	"github.com/grognard/grognard/agents/protocol"
)

// The benchmarks measure the page's figures through HTTP on loopback, as
// a browser would see them:
//
//	go test ./cmd/grognard/web/ -run '^$' -bench FirstPicture -benchtime 1x
//	go test ./cmd/grognard/web/ -run '^$' -bench 'BotMove|Concurrent' -benchtime 3s

// benchClient speaks the page's API to one server and counts its requests.
type benchClient struct {
	c        *http.Client
	base     string
	requests atomic.Int64
}

// newBenchClient is a client of base with its own connections.
func newBenchClient(base string) *benchClient {
	return &benchClient{base: base, c: &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 32}}}
}

// do sends one request and returns its status and body.
func (bc *benchClient) do(method, path, body string) (int, []byte, error) {
	req, err := http.NewRequest(method, bc.base+path, strings.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	if method == "POST" {
		req.Header.Set("Content-Type", "application/json")
	}
	bc.requests.Add(1)
	r, err := bc.c.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer r.Body.Close()
	b, err := io.ReadAll(r.Body)
	return r.StatusCode, b, err
}

// session opens a session and returns its id.
func (bc *benchClient) session() (string, error) {
	code, b, err := bc.do("POST", "/api/sessions", "")
	if err != nil {
		return "", err
	}
	var rep reply
	if code != http.StatusOK || json.Unmarshal(b, &rep) != nil || !rep.OK || rep.ID == "" {
		return "", fmt.Errorf("new session: %d %s", code, b)
	}
	return rep.ID, nil
}

// command runs a command that must succeed: a status other than 200 or
// ok:false is an error carrying the reply.
func (bc *benchClient) command(id, name string, args ...string) (reply, error) {
	body, _ := json.Marshal(commandRequest{Cmd: name, Args: args})
	code, b, err := bc.do("POST", "/api/sessions/"+id+"/command", string(body))
	if err != nil {
		return reply{}, fmt.Errorf("%s %v: %w", name, args, err)
	}
	var rep reply
	if err := json.Unmarshal(b, &rep); err != nil {
		return reply{}, fmt.Errorf("%s %v: %d, reply %q is not JSON: %v", name, args, code, b, err)
	}
	if code != http.StatusOK || !rep.OK {
		return rep, fmt.Errorf("%s %v: %d %s", name, args, code, bytes.TrimSpace(b))
	}
	return rep, nil
}

// picture fetches the session's picture, which must be an SVG.
func (bc *benchClient) picture(id string) error {
	code, b, err := bc.do("GET", "/api/sessions/"+id+"/picture.svg", "")
	if err != nil {
		return fmt.Errorf("picture: %w", err)
	}
	if code != http.StatusOK || !bytes.HasPrefix(b, []byte("<svg")) {
		return fmt.Errorf("picture: %d %q", code, b[:min(len(b), 200)])
	}
	return nil
}

// advance plays the bots' moves and dice one step a request, as the page
// does, until a person must act; it says whether the game is over.
func (bc *benchClient) advance(id string) (over bool, err error) {
	for range 5000 {
		rep, err := bc.command(id, "advance", "max=1")
		if err != nil {
			return false, err
		}
		var adv protocol.Advance
		if err := json.Unmarshal(rep.Result, &adv); err != nil {
			return false, fmt.Errorf("advance: result %s: %v", rep.Result, err)
		}
		if strings.HasPrefix(adv.Stopped, "game over") {
			return true, nil
		}
		if len(adv.Steps) == 0 {
			return false, nil
		}
	}
	return false, fmt.Errorf("advance: no person's turn in 5000 steps")
}

// benchServer is a server and its httptest server on loopback, closed
// with the benchmark.
func benchServer(b *testing.B) *benchClient {
	b.Helper()
	s := mustNew(b, Config{Name: "grognard", Version: "bench", Ruleset: "twobytwo", Log: zerolog.Nop()})
	ts := httptest.NewServer(s)
	bc := newBenchClient(ts.URL)
	b.Cleanup(func() { bc.c.CloseIdleConnections(); ts.Close(); s.Close() })
	return bc
}

// BenchmarkFirstPicture: from building the server to the first picture
// of a new game, as the page asks for it: a session, new_game with the
// page's default bot, the first advance max=1, the picture.
func BenchmarkFirstPicture(b *testing.B) {
	for _, rs := range []string{"twobytwo", "drums"} {
		b.Run(rs, func(b *testing.B) {
			var total time.Duration
			n := 0
			for b.Loop() {
				start := time.Now()
				s, err := New(Config{Name: "grognard", Version: "bench", Ruleset: "twobytwo", Log: zerolog.Nop()})
				if err != nil {
					b.Fatal(err)
				}
				ts := httptest.NewServer(s)
				bc := newBenchClient(ts.URL)
				err = func() error {
					id, err := bc.session()
					if err != nil {
						return err
					}
					args := []string{"human=0", "bot=" + protocol.DefaultBot, "dice=auto"}
					if rs != "twobytwo" { // twobytwo is the server's default
						args = append([]string{"ruleset=" + rs}, args...)
					}
					if _, err := bc.command(id, "new_game", args...); err != nil {
						return err
					}
					if _, err := bc.command(id, "advance", "max=1"); err != nil {
						return err
					}
					return bc.picture(id)
				}()
				total += time.Since(start)
				n++
				bc.c.CloseIdleConnections()
				ts.Close()
				s.Close()
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(total.Microseconds())/1e3/float64(n), "ms/first-picture")
		})
	}
}

// BenchmarkBotMove: one genmove of the page's default bot at a person's
// decision (the page's Bot move button), through HTTP. The person is
// side 0 and the other side plays random, so what is timed is the
// default bot alone; the game restarts with a new seed when it ends.
func BenchmarkBotMove(b *testing.B) {
	for _, rs := range []string{"drums", "twobytwo"} {
		b.Run(rs, func(b *testing.B) {
			bc := benchServer(b)
			id, err := bc.session()
			if err != nil {
				b.Fatal(err)
			}
			seed := 0
			// ready brings the game to a person's decision.
			ready := func() {
				for {
					over, err := bc.advance(id)
					if err != nil {
						b.Fatal(err)
					}
					if !over {
						return
					}
					seed++
					if _, err := bc.command(id, "new_game", "ruleset="+rs, "human=0", "bot=random", fmt.Sprintf("seed=%d", seed)); err != nil {
						b.Fatal(err)
					}
				}
			}
			seed++
			if _, err := bc.command(id, "new_game", "ruleset="+rs, "human=0", "bot=random", fmt.Sprintf("seed=%d", seed)); err != nil {
				b.Fatal(err)
			}
			var total time.Duration
			moves := 0
			b.ResetTimer()
			for range b.N {
				b.StopTimer()
				ready()
				b.StartTimer()
				start := time.Now()
				_, err := bc.command(id, "genmove")
				total += time.Since(start)
				moves++
				if err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			b.ReportMetric(total.Seconds()/float64(moves), "s/move")
			b.ReportMetric(float64(seed), "games")
		})
	}
}

// BenchmarkConcurrentSessions: 20 sessions, each on its own goroutine,
// play random-bot games of drums through the page's requests at once. An
// operation is five loops of each session (legal, play 1, advance max=1
// until a person must act, show summary, and a picture every fifth
// loop); a game over starts a new one with a new seed. Any status but 200
// or ok:false fails the benchmark.
func BenchmarkConcurrentSessions(b *testing.B) {
	const (
		workers     = 20
		loopsPerOp  = 5
		pictureEach = 5
	)
	bc := benchServer(b)
	var seeds atomic.Int64
	newGame := func(id string) error {
		_, err := bc.command(id, "new_game", "ruleset=drums", "human=0", "bot=random", fmt.Sprintf("seed=%d", seeds.Add(1)))
		return err
	}
	type player struct {
		id    string
		loops int
		over  bool
	}
	players := make([]*player, workers)
	for k := range players {
		id, err := bc.session()
		if err != nil {
			b.Fatal(err)
		}
		if err := newGame(id); err != nil {
			b.Fatal(err)
		}
		over, err := bc.advance(id)
		if err != nil {
			b.Fatal(err)
		}
		players[k] = &player{id: id, over: over}
	}
	var errCount atomic.Int64
	var firstErr error
	var errOnce sync.Once
	// loop is one loop of a session's game.
	loop := func(p *player) error {
		if p.over {
			if err := newGame(p.id); err != nil {
				return err
			}
			over, err := bc.advance(p.id)
			if err != nil {
				return err
			}
			if p.over = over; over {
				return nil
			}
		}
		l, err := bc.command(p.id, "legal")
		if err != nil {
			return err
		}
		var acts []struct{ ID int }
		if err := json.Unmarshal(l.Result, &acts); err != nil || len(acts) == 0 {
			return fmt.Errorf("legal: no action at a person's turn: %s", l.Result)
		}
		if _, err := bc.command(p.id, "play", "1"); err != nil {
			return err
		}
		if p.over, err = bc.advance(p.id); err != nil {
			return err
		}
		if _, err := bc.command(p.id, "show", "summary"); err != nil {
			return err
		}
		if p.loops++; p.loops%pictureEach == 0 {
			if err := bc.picture(p.id); err != nil {
				return err
			}
		}
		return nil
	}
	start := bc.requests.Load()
	var elapsed time.Duration
	b.ResetTimer()
	for range b.N {
		t0 := time.Now()
		pl := pool.New().WithMaxGoroutines(workers).WithErrors()
		for _, p := range players {
			pl.Go(func() error {
				for range loopsPerOp {
					if err := loop(p); err != nil {
						errCount.Add(1)
						errOnce.Do(func() { firstErr = err })
						return err
					}
				}
				return nil
			})
		}
		err := pl.Wait()
		elapsed += time.Since(t0)
		if err != nil {
			b.ReportMetric(float64(errCount.Load()), "errors")
			b.Fatalf("%d errors; the first: %v", errCount.Load(), firstErr)
		}
	}
	b.StopTimer()
	requests := bc.requests.Load() - start
	b.ReportMetric(float64(requests)/elapsed.Seconds(), "requests/s")
	b.ReportMetric(float64(requests)/float64(b.N), "requests/op")
	b.ReportMetric(float64(seeds.Load()), "games")
	b.ReportMetric(float64(errCount.Load()), "errors")
}

// BenchmarkShowUnderLoad: one session's show summary, timed while the
// server is idle and while 16 other sessions ask for hints as large as
// they may, one after another, without end (hint iters=20000 with 256
// playouts, as much as DefaultLimits allows, and the same refused at
// iters=2000000000 and time=1h). The server runs MaxSearches searches at
// once and refuses the rest with 503 after QueueWait, so show, which is
// not a search, stays near its idle time:
//
//	go test ./cmd/grognard/web/ -run '^$' -bench ShowUnderLoad -benchtime 20x
func BenchmarkShowUnderLoad(b *testing.B) {
	for _, load := range []int{0, 16} {
		b.Run(fmt.Sprintf("hinting=%d", load), func(b *testing.B) {
			bc := benchServer(b)
			ids := make([]string, load+1)
			for k := range ids {
				id, err := bc.session()
				if err != nil {
					b.Fatal(err)
				}
				if _, err := bc.command(id, "new_game", "ruleset=drums", "human=0", "bot=random", fmt.Sprintf("seed=%d", k+1)); err != nil {
					b.Fatal(err)
				}
				if _, err := bc.advance(id); err != nil {
					b.Fatal(err)
				}
				ids[k] = id
			}
			// The hinting clients leave when the benchmark ends, which
			// stops what they asked for (a server without bounds would
			// search until then).
			loadCtx, stop := context.WithCancel(context.Background())
			defer stop()
			var hints, refused, busy atomic.Int64
			var wg conc.WaitGroup
			for k := 1; k <= load; k++ {
				wg.Go(func() {
					asks := [][]string{{"iters=20000", "playouts=32", "n=8"}, {"iters=2000000000"}, {"time=1h"}, {"playouts=10000", "n=50"}}
					for i := 0; loadCtx.Err() == nil; i++ {
						body, _ := json.Marshal(commandRequest{Cmd: "hint", Args: asks[i%len(asks)]})
						req, _ := http.NewRequestWithContext(loadCtx, "POST", bc.base+"/api/sessions/"+ids[k]+"/command", strings.NewReader(string(body)))
						req.Header.Set("Content-Type", "application/json")
						r, err := bc.c.Do(req)
						if err != nil {
							return
						}
						_, _ = io.Copy(io.Discard, r.Body)
						r.Body.Close()
						switch code := r.StatusCode; {
						case code == http.StatusServiceUnavailable:
							busy.Add(1)
						case i%len(asks) == 0:
							hints.Add(1)
						default:
							refused.Add(1)
						}
					}
				})
			}
			if load > 0 {
				time.Sleep(2 * time.Second) // the hints under way
			}
			b.ResetTimer()
			for b.Loop() {
				if _, err := bc.command(ids[0], "show", "summary"); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			stop()
			wg.Wait()
			b.ReportMetric(float64(hints.Load()), "hints")
			b.ReportMetric(float64(refused.Load()), "refused")
			b.ReportMetric(float64(busy.Load()), "503s")
		})
	}
}
