package web

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/tournaments"
)

// send makes one request of the given method, content type and headers
// ("Host" sets the Host), and returns the status and body.
func send(t *testing.T, method, url, ctype string, body []byte, headers ...string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	for k := 0; k+1 < len(headers); k += 2 {
		if headers[k] == "Host" {
			req.Host = headers[k+1]
		} else {
			req.Header.Set(headers[k], headers[k+1])
		}
	}
	r, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	b, _ := io.ReadAll(r.Body)
	return r.StatusCode, b
}

// secretDir is a directory with a scenario file whose every value is a
// secret, and the file's path.
func secretDir(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "secret.yaml")
	if err := os.WriteFile(path, []byte("hunter2: hunter2\nname: hunter2\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// ids hides the ids a reply makes up, so that two replies compare.
var ids = regexp.MustCompile(`[0-9a-f]{32}`)

// TestPageReadsNoScenarioFile: no route lets a page name a scenario file:
// new_game, a loaded saved game whose record names one, a records file
// opened for replay (and its games and pictures, were it opened), and a
// tournament's records for results. Each route's reply quotes nothing of
// the file, and is the same whether the file exists or not: the same
// request is made with the file there, then after it is removed.
func TestPageReadsNoScenarioFile(t *testing.T) {
	ts := newTestServer(t, 0)
	id := openSession(t, ts)
	match, err := tournaments.PlayMatch(context.Background(), twobytwo.Rules{}, "standard", engine.Options{TurnLimit: 2},
		[2]agents.Agent{agents.NewRandom(1), agents.NewRandom(2)}, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, results := smallTournament(t, 7)
	saved := func(path string) []byte {
		id := openSession(t, ts)
		if _, r := cmd(t, ts, id, "new_game", "human=0", "bot=random", "seed=3"); !r.OK {
			t.Fatalf("new_game: %+v", r)
		}
		_, r := cmd(t, ts, id, "save")
		var doc map[string]any
		if err := json.Unmarshal(r.Result, &doc); err != nil {
			t.Fatal(err)
		}
		doc["record"].(map[string]any)["scenario"] = path
		b, _ := json.Marshal(doc)
		return b
	}
	// replayed opens body for replay and, were it opened, asks for what
	// a page may: its first game and a picture.
	replayed := func(body []byte) string {
		code, out := send(t, "POST", ts.URL+"/api/replays", "application/octet-stream", body)
		all := string(out)
		var open openReply
		if code == 200 && json.Unmarshal(out, &open) == nil {
			_, g := get(t, ts.URL+"/api/replays/"+open.ID+"/games/1")
			_, p := get(t, ts.URL+"/api/replays/"+open.ID+"/games/1/picture.svg?step=1")
			all += string(g) + string(p)
		}
		return all
	}
	routes := []struct {
		name string
		run  func(path string) string
	}{
		{"new_game", func(path string) string {
			b, _ := json.Marshal(commandRequest{Cmd: "new_game", Args: []string{"scenario=" + path}})
			_, out := send(t, "POST", ts.URL+"/api/sessions/"+id+"/command", "application/json", b)
			return string(out)
		}},
		{"new_game in drums", func(path string) string {
			b, _ := json.Marshal(commandRequest{Cmd: "new_game", Args: []string{"ruleset=drums", "scenario=" + path}})
			_, out := send(t, "POST", ts.URL+"/api/sessions/"+id+"/command", "application/json", b)
			return string(out)
		}},
		{"load of a saved game", func(path string) string {
			_, out := send(t, "POST", ts.URL+"/api/sessions/"+id+"/load", "application/octet-stream", saved(path))
			return string(out)
		}},
		{"replay of records", func(path string) string {
			rec := *match
			rec.Scenario = path
			var buf bytes.Buffer
			if err := rec.Write(&buf); err != nil {
				t.Fatal(err)
			}
			return replayed(buf.Bytes())
		}},
		{"replay of a saved game", func(path string) string { return replayed(saved(path)) }},
		{"results", func(path string) string {
			var lines []string
			for _, l := range strings.Split(strings.TrimSpace(string(results)), "\n") {
				var m map[string]any
				if err := json.Unmarshal([]byte(l), &m); err != nil {
					t.Fatal(err)
				}
				m["scenario"] = path
				b, _ := json.Marshal(m)
				lines = append(lines, string(b))
			}
			_, out := send(t, "POST", ts.URL+"/api/results", "application/octet-stream", []byte(strings.Join(lines, "\n")+"\n"))
			return string(out)
		}},
	}
	for _, tc := range routes {
		t.Run(tc.name, func(t *testing.T) {
			path := secretDir(t)
			present := ids.ReplaceAllString(tc.run(path), "ID")
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
			missing := ids.ReplaceAllString(tc.run(path), "ID")
			if strings.Contains(present, "hunter2") {
				t.Errorf("the reply quotes the file: %.300s", present)
			}
			if present != missing {
				t.Errorf("the reply tells an existing file from a missing one:\n%.300s\n%.300s", present, missing)
			}
		})
	}
}

// TestHostOriginAndContentType: a request reaching the server under
// another name, from another site's page, or with a content type a
// cross-site form can send is refused before anything is done; the
// server's own page's requests are served.
func TestHostOriginAndContentType(t *testing.T) {
	ts := newTestServer(t, 0)
	_, port, _ := strings.Cut(strings.TrimPrefix(ts.URL, "http://"), ":")
	own := ts.URL
	for _, tc := range []struct {
		name, method, path, ctype string
		body                      string
		headers                   []string
		want                      int
	}{
		{"the page", "GET", "/", "", "", nil, 200},
		{"a session", "POST", "/api/sessions", "application/json", "", nil, 200},
		{"a session, as the page sends it", "POST", "/api/sessions", "application/json", "", []string{"Origin", own}, 200},
		{"localhost", "POST", "/api/sessions", "application/json", "", []string{"Host", "localhost:" + port}, 200},
		{"IPv6 loopback", "POST", "/api/sessions", "application/json", "", []string{"Host", "[::1]:" + port}, 200},
		{"another name", "POST", "/api/sessions", "application/json", "", []string{"Host", "evil.example"}, http.StatusMisdirectedRequest},
		{"another name at the port", "POST", "/api/sessions", "application/json", "", []string{"Host", "evil.example:" + port}, http.StatusMisdirectedRequest},
		{"another name, reading", "GET", "/api/files", "", "", []string{"Host", "evil.example:" + port}, http.StatusMisdirectedRequest},
		{"another name, the page", "GET", "/", "", "", []string{"Host", "evil.example:" + port}, http.StatusMisdirectedRequest},
		{"localhost at another port", "POST", "/api/sessions", "application/json", "", []string{"Host", "localhost:1"}, http.StatusMisdirectedRequest},
		{"a foreign origin", "POST", "/api/sessions", "application/json", "", []string{"Origin", "http://evil.example"}, http.StatusForbidden},
		{"a foreign origin at our port", "POST", "/api/sessions", "application/json", "", []string{"Origin", "http://evil.example:" + port}, http.StatusForbidden},
		{"a null origin", "POST", "/api/sessions", "application/json", "", []string{"Origin", "null"}, http.StatusForbidden},
		{"a foreign origin, reading", "GET", "/api/ladder", "", "", []string{"Origin", "http://evil.example"}, http.StatusForbidden},
		{"no content type", "POST", "/api/sessions", "", "", nil, http.StatusUnsupportedMediaType},
		{"a form", "POST", "/api/sessions", "application/x-www-form-urlencoded", "a=b", nil, http.StatusUnsupportedMediaType},
		{"JSON as text/plain", "POST", "/api/results", "text/plain", "{}", nil, http.StatusUnsupportedMediaType},
		{"an upload as a form", "POST", "/api/replays", "multipart/form-data; boundary=x", "--x--", nil, http.StatusUnsupportedMediaType},
		{"an upload", "POST", "/api/replays", "application/gzip", "\x1f\x8bxx", nil, http.StatusBadRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, b := send(t, tc.method, ts.URL+tc.path, tc.ctype, []byte(tc.body), tc.headers...)
			if code != tc.want {
				t.Errorf("%d, want %d: %.200s", code, tc.want, b)
			}
		})
	}
	// A command as text/plain, on a real session.
	id := openSession(t, ts)
	if code, b := send(t, "POST", ts.URL+"/api/sessions/"+id+"/command", "text/plain", []byte(`{"cmd":"new_game"}`)); code != http.StatusUnsupportedMediaType || !bytes.Contains(b, []byte("application/json")) {
		t.Errorf("a command as text/plain: %d %s", code, b)
	}
	if code, b := send(t, "POST", ts.URL+"/api/sessions/"+id+"/command", "text/plain;charset=UTF-8", []byte(`{"cmd":"show"}`)); code != http.StatusUnsupportedMediaType {
		t.Errorf("a command as the browser's default text: %d %s", code, b)
	}
}

// TestAllowedHosts: a server on another address answers to that address
// and the names it is given, and to nothing else (loopback names
// included: they do not reach it).
func TestAllowedHosts(t *testing.T) {
	s := mustNew(t, Config{Log: zerolog.Nop(), Addr: "192.0.2.7:8080", AllowHosts: []string{"grognard.lan", "table.lan:9000"}})
	t.Cleanup(s.Close)
	for _, tc := range []struct {
		host string
		want int
	}{
		{"192.0.2.7:8080", 200},
		{"grognard.lan", 200},
		{"GROGNARD.LAN.:8080", 200},
		{"table.lan:9000", 200},
		{"table.lan:8080", http.StatusMisdirectedRequest},
		{"192.0.2.7:8081", http.StatusMisdirectedRequest},
		{"localhost:8080", http.StatusMisdirectedRequest},
		{"127.0.0.1:8080", http.StatusMisdirectedRequest},
		{"evil.example:8080", http.StatusMisdirectedRequest},
		{"", http.StatusMisdirectedRequest},
	} {
		t.Run(tc.host, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/", nil)
			r.Host = tc.host
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, r)
			if rec.Code != tc.want {
				t.Errorf("Host %q: %d, want %d: %.200s", tc.host, rec.Code, tc.want, rec.Body.String())
			}
		})
	}
}

// TestSessionFloodLeavesOthersServed: one client opening sessions in a
// loop gets its share and is then refused, while others still get theirs;
// when the server is full, a new client's session takes the place of the
// least recently used session of the client holding the most.
func TestSessionFloodLeavesOthersServed(t *testing.T) {
	s := mustNew(t, Config{Log: zerolog.Nop(), Addr: "127.0.0.1:80", MaxSessions: 6, SessionsPerClient: 4})
	t.Cleanup(s.Close)
	do := func(method, path, from string) (int, reply) {
		r := httptest.NewRequest(method, path, nil)
		r.Host, r.RemoteAddr = "127.0.0.1", from
		r.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, r)
		var rep reply
		_ = json.Unmarshal(rec.Body.Bytes(), &rep)
		return rec.Code, rep
	}
	const flooder = "198.51.100.1:4000"
	var flood []string
	for k := range 256 {
		code, rep := do("POST", "/api/sessions", flooder)
		switch {
		case k < 4 && code == 200:
			flood = append(flood, rep.ID)
		case k >= 4 && code == http.StatusTooManyRequests && strings.Contains(rep.Error, "close a tab"):
		default:
			t.Fatalf("the flood's request %d: %d %+v", k+1, code, rep)
		}
	}
	// The same network's other IPv6 addresses are one client.
	for k, from := range []string{"[2001:db8::1]:1", "[2001:db8::2]:1", "[2001:db8::3]:1", "[2001:db8::4]:1"} {
		if code, _ := do("POST", "/api/sessions", from); code != 200 {
			t.Fatalf("IPv6 client %d: %d", k, code)
		}
	}
	if code, _ := do("POST", "/api/sessions", "[2001:db8::5]:1"); code != http.StatusTooManyRequests {
		t.Fatalf("a fifth session from one IPv6 network: %d", code)
	}
	// The server is full (4 + 4 > 6 made room already): every new client
	// is still served, and each takes the place of the oldest session of
	// whoever holds the most.
	// The flood's last session is used again: its older ones go first.
	do("GET", "/api/sessions/"+flood[3]+"/picture.svg", flooder)
	for k, from := range []string{"203.0.113.1:1", "203.0.113.2:1", "[::1]:1"} {
		if code, rep := do("POST", "/api/sessions", from); code != 200 {
			t.Fatalf("another client %d: %d %+v", k, code, rep)
		}
	}
	if n := s.sessions.ItemCount(); n != 6 {
		t.Errorf("%d sessions held, want the bound, 6", n)
	}
	alive := 0
	for _, id := range flood {
		if code, _ := do("GET", "/api/sessions/"+id+"/picture.svg", flooder); code != http.StatusNotFound {
			alive++
		}
	}
	if code, _ := do("GET", "/api/sessions/"+flood[3]+"/picture.svg", flooder); code == http.StatusNotFound {
		t.Error("the flood's most recently used session was dropped before its older ones")
	}
	if alive == 0 || alive == len(flood) {
		t.Errorf("%d of the flood's %d sessions are left, want some dropped and some kept", alive, len(flood))
	}
}
