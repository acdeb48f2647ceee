package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/grognard/grognard/engine"

	// The rulesets the tests play, registered as the command registers
	// them.
	drumsplugin "github.com/grognard/grognard/agents/drums"
	grandplugin "github.com/grognard/grognard/agents/grand"
	twobytwoplugin "github.com/grognard/grognard/agents/twobytwo"
)

type reply struct {
	OK     bool            `json:"ok"`
	Error  string          `json:"error"`
	Code   string          `json:"code"`
	Text   string          `json:"text"`
	Result json.RawMessage `json:"result"`
	ID     string          `json:"id"`
}

func init() {
	engine.RegisterBundle(twobytwoplugin.Bundle())
	engine.RegisterBundle(drumsplugin.Bundle())
	engine.RegisterBundle(grandplugin.Bundle())
}

func newTestServer(t *testing.T, ttl time.Duration) *httptest.Server {
	t.Helper()
	s := mustNew(t, Config{Name: "grognard", Version: "test", Ruleset: "twobytwo", SessionTTL: ttl, Log: zerolog.Nop()})
	ts := httptest.NewServer(s)
	t.Cleanup(func() { ts.Close(); s.Close() })
	return ts
}

func post(t *testing.T, url, body string) (int, reply) {
	t.Helper()
	r, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	var rep reply
	b, _ := io.ReadAll(r.Body)
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatalf("reply %q is not JSON: %v", b, err)
	}
	return r.StatusCode, rep
}

func openSession(t *testing.T, ts *httptest.Server) string {
	t.Helper()
	code, rep := post(t, ts.URL+"/api/sessions", "")
	if code != http.StatusOK || !rep.OK || len(rep.ID) != 32 {
		t.Fatalf("new session: %d %+v", code, rep)
	}
	return rep.ID
}

func cmd(t *testing.T, ts *httptest.Server, id, name string, args ...string) (int, reply) {
	t.Helper()
	b, _ := json.Marshal(commandRequest{Cmd: name, Args: args})
	return post(t, ts.URL+"/api/sessions/"+id+"/command", string(b))
}

// A game played through the API to its end, in each ruleset with a
// picture: moves, dice and pictures all through the page's requests.
func TestPlayAGameThroughTheAPI(t *testing.T) {
	ts := newTestServer(t, 0)
	for _, rs := range []string{"twobytwo", "drums"} {
		t.Run(rs, func(t *testing.T) {
			id := openSession(t, ts)
			if code, rep := cmd(t, ts, id, "new_game", "ruleset="+rs, "human=0", "bot=random", "seed=4", "turn_limit=2"); code != 200 || !rep.OK {
				t.Fatalf("new_game: %d %+v", code, rep)
			}
			for step := 0; step < 3000; step++ {
				_, adv := cmd(t, ts, id, "advance")
				if !adv.OK {
					t.Fatalf("advance: %+v", adv)
				}
				if strings.Contains(adv.Text, "game over") {
					break
				}
				_, l := cmd(t, ts, id, "legal")
				var acts []struct{ ID int }
				if err := json.Unmarshal(l.Result, &acts); err != nil || len(acts) == 0 {
					t.Fatalf("legal: %+v", l)
				}
				if _, p := cmd(t, ts, id, "play", "1"); !p.OK {
					t.Fatalf("play 1: %+v", p)
				}
				if step%25 == 0 {
					r, err := http.Get(ts.URL + "/api/sessions/" + id + "/picture.svg")
					if err != nil {
						t.Fatal(err)
					}
					b, _ := io.ReadAll(r.Body)
					r.Body.Close()
					if r.StatusCode != 200 || !bytes.HasPrefix(b, []byte("<svg")) || r.Header.Get("Content-Type") != "image/svg+xml" {
						t.Fatalf("picture: %d %q", r.StatusCode, b[:min(len(b), 80)])
					}
				}
			}
			if _, res := cmd(t, ts, id, "result"); !res.OK || !strings.Contains(res.Text, "over") && !strings.Contains(res.Text, "won") && !strings.Contains(res.Text, "draw") {
				t.Fatalf("result: %+v", res)
			}
		})
	}
}

// What a page must never do is refused, and the session is as it was.
func TestRefusedRequests(t *testing.T) {
	ts := newTestServer(t, 0)
	id := openSession(t, ts)
	cmd(t, ts, id, "new_game", "human=0", "bot=random")
	cmd(t, ts, id, "advance")
	_, before := cmd(t, ts, id, "show", "json")
	cases := []struct {
		name, body string
		status     int
		code       string
	}{
		{"save to a file", `{"cmd":"save","args":["/tmp/grognard-web-test"]}`, 403, "refused"},
		{"load a file", `{"cmd":"load","args":["/etc/passwd"]}`, 403, "refused"},
		{"start a program", `{"cmd":"genmove","args":["agent=external:cmd=/bin/sh"]}`, 403, "refused"},
		{"new game with a program", `{"cmd":"new_game","args":["side1=external:cmd=ls"]}`, 403, "refused"},
		{"switch the framing", `{"cmd":"mode","args":["text"]}`, 403, "refused"},
		{"quit", `{"cmd":"quit"}`, 403, "refused"},
		{"not JSON", `play 1`, 400, "bad-request"},
		{"unknown field", `{"cmd":"legal","file":"x"}`, 400, "bad-request"},
		{"no command", `{"args":[]}`, 400, "bad-request"},
		{"too many args", `{"cmd":"legal","args":[` + strings.Repeat(`"a",`, MaxArgs) + `"a"]}`, 400, "bad-request"},
		{"too long", `{"cmd":"play","args":["` + strings.Repeat("x", MaxCommandBody) + `"]}`, 400, "bad-request"},
		{"illegal move", `{"cmd":"play","args":["9999"]}`, 200, "illegal-action"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, rep := post(t, ts.URL+"/api/sessions/"+id+"/command", c.body)
			if code != c.status || rep.OK || rep.Code != c.code || rep.Error == "" {
				t.Fatalf("got %d %+v, want %d with code %s", code, rep, c.status, c.code)
			}
		})
	}
	if _, after := cmd(t, ts, id, "show", "json"); string(after.Result) != string(before.Result) {
		t.Fatal("a refused request changed the game")
	}
	if code, rep := post(t, ts.URL+"/api/sessions/0123/command", `{"cmd":"legal"}`); code != 404 || rep.Code != "no-session" {
		t.Fatalf("unknown session: %d %+v", code, rep)
	}
}

// A saved game downloads as the command line's format and uploads into
// another session at the same position; a bad upload is refused.
func TestSaveAndLoadByUpload(t *testing.T) {
	ts := newTestServer(t, 0)
	a := openSession(t, ts)
	cmd(t, ts, a, "new_game", "ruleset=drums", "human=0", "bot=drums-line", "seed=8")
	cmd(t, ts, a, "advance")
	cmd(t, ts, a, "play", "1")
	cmd(t, ts, a, "advance")
	_, saved := cmd(t, ts, a, "save")
	if !saved.OK || len(saved.Result) < 100 {
		t.Fatalf("save: %+v", saved)
	}
	_, want := cmd(t, ts, a, "show", "json")
	b := openSession(t, ts)
	if code, rep := post(t, ts.URL+"/api/sessions/"+b+"/load", string(saved.Result)); code != 200 || !rep.OK {
		t.Fatalf("load: %d %+v", code, rep)
	}
	if _, got := cmd(t, ts, b, "show", "json"); string(got.Result) != string(want.Result) {
		t.Fatal("the loaded game is not at the saved position")
	}
	if code, rep := post(t, ts.URL+"/api/sessions/"+b+"/load", `{"format":"nonsense"}`); code != 200 || rep.OK || rep.Code != "bad-argument" {
		t.Fatalf("bad upload: %d %+v", code, rep)
	}
	if code, rep := post(t, ts.URL+"/api/sessions/"+b+"/load?bot=external:cmd=ls", string(saved.Result)); rep.OK {
		t.Fatalf("an upload started a program: %d %+v", code, rep)
	}
}

// Hints are drawn as numbered arrows on the picture; a bad arrow is
// refused with the reason.
func TestPictureWithHintArrows(t *testing.T) {
	ts := newTestServer(t, 0)
	id := openSession(t, ts)
	cmd(t, ts, id, "new_game", "human=0", "bot=random", "seed=2")
	cmd(t, ts, id, "advance")
	_, l := cmd(t, ts, id, "legal")
	var acts []struct {
		Notation string `json:"notation"`
	}
	if err := json.Unmarshal(l.Result, &acts); err != nil || len(acts) == 0 {
		t.Fatalf("legal: %+v", l)
	}
	r, err := http.Get(ts.URL + "/api/sessions/" + id + "/picture.svg?arrow=" + strings.ReplaceAll(acts[0].Notation, " ", "+"))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(r.Body)
	r.Body.Close()
	if r.StatusCode != 200 || !bytes.Contains(b, []byte("arrow")) {
		t.Fatalf("picture with an arrow: %d, arrow drawn %v", r.StatusCode, bytes.Contains(b, []byte("arrow")))
	}
	r, _ = http.Get(ts.URL + "/api/sessions/" + id + "/picture.svg?arrow=fly+to+the+moon")
	r.Body.Close()
	if r.StatusCode != 400 {
		t.Fatalf("a bad arrow: %d", r.StatusCode)
	}
}

// Sessions are separate: a request running on one does not hold up
// another, and a second request on a busy session is told so at once; a
// cancel stops the running request.
func TestSessionsDoNotBlockEachOther(t *testing.T) {
	ts := newTestServer(t, 0)
	slow, quick := openSession(t, ts), openSession(t, ts)
	for _, id := range []string{slow, quick} {
		cmd(t, ts, id, "new_game", "human=0", "bot=random")
		cmd(t, ts, id, "advance")
	}
	var wg sync.WaitGroup
	var hint reply
	wg.Add(1)
	go func() {
		defer wg.Done()
		_, hint = cmd(t, ts, slow, "hint", "time=9s")
	}()
	time.Sleep(300 * time.Millisecond)
	start := time.Now()
	if _, r := cmd(t, ts, quick, "legal"); !r.OK {
		t.Fatalf("the other session: %+v", r)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("the other session waited %v", d)
	}
	if code, r := cmd(t, ts, slow, "legal"); code != http.StatusConflict || r.Code != "busy" {
		t.Fatalf("a busy session: %d %+v", code, r)
	}
	if code, r := post(t, ts.URL+"/api/sessions/"+slow+"/cancel", ""); code != 200 || !r.OK {
		t.Fatalf("cancel: %d %+v", code, r)
	}
	wg.Wait()
	if time.Since(start) > 15*time.Second {
		t.Fatal("the cancelled hint ran on")
	}
	_ = hint
	if _, r := cmd(t, ts, slow, "legal"); !r.OK {
		t.Fatalf("after the cancel: %+v", r)
	}
}

// An idle session expires; its id then answers no-session.
func TestSessionsExpire(t *testing.T) {
	ts := newTestServer(t, 200*time.Millisecond)
	id := openSession(t, ts)
	time.Sleep(600 * time.Millisecond)
	if code, r := cmd(t, ts, id, "legal"); code != 404 || r.Code != "no-session" {
		t.Fatalf("expired session: %d %+v", code, r)
	}
}

// The page and its files are served from the binary; nothing outside
// them is reachable by a path.
func TestStaticFilesOnly(t *testing.T) {
	ts := newTestServer(t, 0)
	for _, c := range []struct {
		path   string
		status int
	}{{"/", 200}, {"/app.js", 200}, {"/app.css", 200}, {"/../server.go", 404}, {"/%2e%2e/server.go", 404}, {"/etc/passwd", 404}, {"/server_test.go", 404}} {
		r, err := http.Get(ts.URL + c.path)
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		if r.StatusCode != c.status {
			t.Errorf("%s: %d, want %d", c.path, r.StatusCode, c.status)
		}
	}
}

// FuzzCommand: no body makes the command handler fail other than with a
// JSON error reply, or change a game when it is refused.
func FuzzCommand(f *testing.F) {
	for _, s := range []string{`{"cmd":"legal"}`, `{"cmd":"play","args":["1"]}`, `{"cmd":"load","args":["x"]}`, `nonsense`, `{"cmd":"","args":null}`, `{"cmd":"set","args":["unit","A1","at","1e400","2"]}`} {
		f.Add(s)
	}
	// Requests handed to ServeHTTP name the host httptest gives them.
	s := mustNew(f, Config{Ruleset: "twobytwo", Log: zerolog.Nop(), AllowHosts: []string{"example.com"}})
	defer s.Close()
	request := func(path, body string) *http.Request {
		r := httptest.NewRequest("POST", path, strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		return r
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, request("/api/sessions", ""))
	var created reply
	if err := json.Unmarshal(rec.Body.Bytes(), &created); err != nil {
		f.Fatal(err)
	}
	id := created.ID
	run := func(body string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, request("/api/sessions/"+id+"/command", body))
		return rec
	}
	run(`{"cmd":"new_game","args":["human=0","bot=random"]}`)
	f.Fuzz(func(t *testing.T, body string) {
		rec := run(body)
		var rep reply
		if err := json.Unmarshal(rec.Body.Bytes(), &rep); err != nil {
			t.Fatalf("%q: reply %q is not JSON", body, rec.Body.String())
		}
		if !rep.OK && rep.Error == "" {
			t.Fatalf("%q: an error reply without a message", body)
		}
		if rec.Code >= 500 {
			t.Fatalf("%q: status %d", body, rec.Code)
		}
	})
}

// mustNew builds a server or fails the test.
func mustNew(tb testing.TB, cfg Config) *Server {
	tb.Helper()
	s, err := New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// The picture tells the page where the table is (engine.Picturer's
// data-table) and which groups are pieces (data-piece): a piece's first
// base, drawn, maps back to where the ruleset says it stands. A drag on
// the page relies on both.
func TestPictureMapsTheTable(t *testing.T) {
	ts := newTestServer(t, 0)
	polygon := regexp.MustCompile(`<polygon class="base" points="([^"]+)"`)
	for _, rs := range []string{"twobytwo", "drums"} {
		t.Run(rs, func(t *testing.T) {
			id := openSession(t, ts)
			cmd(t, ts, id, "new_game", "ruleset="+rs, "side0=random", "side1=random", "seed=3")
			for range 400 {
				if _, adv := cmd(t, ts, id, "advance", "max=1"); !adv.OK || strings.Contains(adv.Text, "game over") {
					break
				}
				_, u := cmd(t, ts, id, "show", "units")
				type unit struct {
					Label   string
					OnTable bool `json:"on_table"`
					X, Y    float64
				}
				var pieces []unit
				if err := json.Unmarshal(u.Result, &pieces); err != nil {
					t.Fatalf("show units: %v %s", err, u.Result)
				}
				var on []unit
				for _, p := range pieces {
					if p.OnTable {
						on = append(on, p)
					}
				}
				if len(on) < 2 {
					continue
				}
				r, err := http.Get(ts.URL + "/api/sessions/" + id + "/picture.svg")
				if err != nil {
					t.Fatal(err)
				}
				svg, _ := io.ReadAll(r.Body)
				r.Body.Close()
				var x0, y0, scale float64
				m := regexp.MustCompile(`data-table="([^"]+)"`).FindSubmatch(svg)
				if m == nil {
					t.Fatalf("the picture has no data-table: %.200s", svg)
				}
				if _, err := fmt.Sscan(string(m[1]), &x0, &y0, &scale); err != nil || scale <= 0 {
					t.Fatalf("data-table %q: %v", m[1], err)
				}
				checked := 0
				for _, p := range on {
					start := bytes.Index(svg, []byte(`data-piece="`+html.EscapeString(p.Label)+`"`))
					if start < 0 {
						continue // not a piece a person moves (a camp, say)
					}
					group := svg[start:]
					group = group[:bytes.Index(group, []byte("</g>"))]
					pm := polygon.FindSubmatch(group)
					if pm == nil {
						if bytes.Contains(group, []byte(`data-kind="general"`)) {
							continue // a general is a mark, not a base
						}
						t.Fatalf("%s has no base polygon", p.Label)
					}
					var cx, cy float64
					corners := strings.Fields(string(pm[1]))
					for _, c := range corners {
						var u, v float64
						if _, err := fmt.Sscanf(c, "%g,%g", &u, &v); err != nil {
							t.Fatalf("%s corner %q: %v", p.Label, c, err)
						}
						cx += (u - x0) / scale / float64(len(corners))
						cy += (y0 - v) / scale / float64(len(corners))
					}
					// The units list gives a piece's first base, which is
					// the first polygon drawn in its group.
					if math.Abs(cx-p.X) > 0.05 || math.Abs(cy-p.Y) > 0.05 {
						t.Errorf("%s is drawn at table (%.2f, %.2f), stands at (%.2f, %.2f)", p.Label, cx, cy, p.X, p.Y)
					}
					checked++
				}
				if checked < 2 {
					continue
				}
				return
			}
			t.Fatal("no position with two pieces on the table")
		})
	}
}

// A unit's orders drawn on the table show ghost bases where they leave it,
// in every ruleset with a picture (what the page draws when a unit is
// clicked).
func TestOrdersDrawGhostBases(t *testing.T) {
	ts := newTestServer(t, 0)
	for _, rs := range []string{"twobytwo", "drums"} {
		t.Run(rs, func(t *testing.T) {
			id := openSession(t, ts)
			cmd(t, ts, id, "new_game", "ruleset="+rs, "side0=random", "side1=random", "seed=5")
			for range 400 {
				_, l := cmd(t, ts, id, "legal")
				var acts []struct {
					Notation string `json:"notation"`
				}
				_ = json.Unmarshal(l.Result, &acts)
				q := make([]string, 0, maxArrows)
				for _, a := range acts[:min(len(acts), maxArrows)] {
					q = append(q, "arrow="+url.QueryEscape(a.Notation))
				}
				if len(q) > 0 {
					r, err := http.Get(ts.URL + "/api/sessions/" + id + "/picture.svg?" + strings.Join(q, "&"))
					if err != nil {
						t.Fatal(err)
					}
					svg, _ := io.ReadAll(r.Body)
					r.Body.Close()
					if r.StatusCode != 200 {
						t.Fatalf("picture with %d arrows: %d %s", len(q), r.StatusCode, svg)
					}
					if bytes.Contains(svg, []byte(`class="ghost"`)) {
						return
					}
				}
				if _, adv := cmd(t, ts, id, "advance", "max=1"); !adv.OK || strings.Contains(adv.Text, "game over") {
					break
				}
			}
			t.Fatal("no order drew a ghost base")
		})
	}
}

// A hint's plan is drawn on request while its position stands: the first
// order as "1" and the later ones as "p2", "p3"...; once the game moves
// on, or before any plan, the picture says there is none.
func TestPictureDrawsThePlan(t *testing.T) {
	ts := newTestServer(t, 0)
	id := openSession(t, ts)
	get := func(q string) (int, string) {
		t.Helper()
		r, err := http.Get(ts.URL + "/api/sessions/" + id + "/picture.svg?" + q)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(r.Body)
		r.Body.Close()
		return r.StatusCode, string(b)
	}
	cmd(t, ts, id, "new_game", "human=0", "bot=random", "seed=2")
	cmd(t, ts, id, "advance")
	if code, body := get("plan=1"); code != http.StatusConflict || !strings.Contains(body, "no plan") {
		t.Fatalf("a plan before any hint: %d %s", code, body)
	}
	if _, h := cmd(t, ts, id, "hint", "n=1", "plan", "iters=40", "playouts=0"); !h.OK {
		t.Fatalf("hint plan: %+v", h)
	}
	code, svg := get("plan=1")
	if code != 200 || !strings.Contains(svg, ">1<") || !strings.Contains(svg, ">p2<") {
		t.Fatalf("the plan's picture: %d, labels 1 %v, p2 %v", code, strings.Contains(svg, ">1<"), strings.Contains(svg, ">p2<"))
	}
	if code, _ := get("plan=maybe"); code != http.StatusBadRequest {
		t.Fatalf("plan=maybe: %d", code)
	}
	_, l := cmd(t, ts, id, "legal")
	var acts []struct {
		ID int `json:"id"`
	}
	if err := json.Unmarshal(l.Result, &acts); err != nil || len(acts) < 2 {
		t.Fatalf("legal: %+v", l)
	}
	cmd(t, ts, id, "play", fmt.Sprint(acts[len(acts)-1].ID))
	if code, body := get("plan=1"); code != http.StatusConflict {
		t.Fatalf("a plan after the game moved on: %d %s", code, body)
	}
}
