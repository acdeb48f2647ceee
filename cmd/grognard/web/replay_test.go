package web

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/grognard/grognard/engine"
)

// get fetches url and returns the status and body.
func get(t *testing.T, url string) (int, []byte) {
	t.Helper()
	r, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	b, _ := io.ReadAll(r.Body)
	return r.StatusCode, b
}

// A game played through the API, saved, and opened as a replay: its steps
// described, an evaluation for every position, swings within the game and
// a picture at any step; a records file of the same game opens the same.
func TestReplayASavedGameAndARecord(t *testing.T) {
	ts := newTestServer(t, 0)
	for _, rs := range []string{"twobytwo", "drums"} {
		t.Run(rs, func(t *testing.T) {
			id := openSession(t, ts)
			if _, rep := cmd(t, ts, id, "new_game", "ruleset="+rs, "side0=random", "side1=random", "seed=5", "turn_limit=2"); !rep.OK {
				t.Fatalf("new_game: %+v", rep)
			}
			if _, rep := cmd(t, ts, id, "advance"); !rep.OK {
				t.Fatalf("advance: %+v", rep)
			}
			_, saved := cmd(t, ts, id, "save")
			if !saved.OK {
				t.Fatalf("save: %+v", saved)
			}
			var sg struct {
				Record json.RawMessage `json:"record"`
			}
			if err := json.Unmarshal(saved.Result, &sg); err != nil || len(sg.Record) == 0 {
				t.Fatalf("saved game has no record: %v", err)
			}
			var indented bytes.Buffer
			if err := json.Indent(&indented, saved.Result, "", "  "); err != nil {
				t.Fatal(err)
			}
			for name, body := range map[string][]byte{"saved game": saved.Result, "indented saved game": indented.Bytes(), "records file": append(sg.Record, '\n')} {
				code, open := postRaw(t, ts.URL+"/api/replays", body)
				if code != 200 || !open.OK || len(open.Games) != 1 || open.Games[0].Steps == 0 {
					t.Fatalf("%s: open: %d %+v", name, code, open)
				}
				base := ts.URL + "/api/replays/" + open.ID + "/games/1"
				code, b := get(t, base)
				var g replayGame
				if err := json.Unmarshal(b, &g); err != nil || code != 200 {
					t.Fatalf("%s: game: %d %s", name, code, b)
				}
				n := len(g.Steps)
				if n != open.Games[0].Steps || len(g.Eval) != n+1 || g.Error != "" || g.EvalBy == "none" {
					t.Fatalf("%s: %d steps (listed %d), %d values, eval %q, error %q", name, n, open.Games[0].Steps, len(g.Eval), g.EvalBy, g.Error)
				}
				for k, st := range g.Steps {
					if st.Text == "" || st.By == "" || (st.By == "dice") != (len(st.Dice) > 0) {
						t.Fatalf("%s: step %d: %+v", name, k, st)
					}
				}
				for _, v := range g.Eval {
					if v < -1 || v > 1 {
						t.Fatalf("%s: evaluation %v out of [-1, 1]", name, v)
					}
				}
				for _, k := range g.Swings {
					if k < 0 || k >= n {
						t.Fatalf("%s: swing at step %d of %d", name, k, n)
					}
				}
				for _, step := range []int{0, n / 2, n} {
					code, svg := get(t, base+"/picture.svg?step="+strconv.Itoa(step))
					if code != 200 || !bytes.HasPrefix(svg, []byte("<svg")) {
						t.Fatalf("%s: picture at step %d: %d %.100s", name, step, code, svg)
					}
				}
				for _, bad := range []string{base + "/picture.svg?step=-1", base + "/picture.svg?step=" + strconv.Itoa(n+1), base + "/picture.svg", ts.URL + "/api/replays/" + open.ID + "/games/2"} {
					if code, b := get(t, bad); code != http.StatusBadRequest || !bytes.Contains(b, []byte(`"error"`)) {
						t.Errorf("%s: %s: %d %s", name, bad, code, b)
					}
				}
			}
		})
	}
	if code, b := get(t, ts.URL+"/api/replays/0123/games/1"); code != http.StatusNotFound {
		t.Errorf("an unknown replay: %d %s", code, b)
	}
}

// What is not a game is refused with the reason.
func TestReplayRefusesBadFiles(t *testing.T) {
	ts := newTestServer(t, 0)
	for _, tc := range []struct{ name, body, want string }{
		{"empty", "", "empty"},
		{"garbage", "not json at all", "neither a saved game nor game records"},
		{"an empty object", "{}\n", "neither"},
		{"gzip garbage", "\x1f\x8bnot really", "gzip"},
		{"an edited saved game", `{"format":"grognard-game","edited":true,"record":{"ruleset":"twobytwo"},"state":{}}`, "corrected by hand"},
		{"another format of document", `{"format":"grognard-saved-game","record":{"ruleset":"twobytwo"},"state":{}}`, "neither a saved game nor game records"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, rep := postRaw(t, ts.URL+"/api/replays", []byte(tc.body))
			if code == 200 || rep.OK || !strings.Contains(rep.Error, tc.want) {
				t.Errorf("%d %+v, want an error with %q", code, rep, tc.want)
			}
		})
	}
}

type openReply struct {
	OK    bool             `json:"ok"`
	ID    string           `json:"id"`
	Error string           `json:"error"`
	Games []replayGameInfo `json:"games"`
}

func postRaw(t *testing.T, url string, body []byte) (int, openReply) {
	t.Helper()
	r, err := http.Post(url, "application/octet-stream", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	b, _ := io.ReadAll(r.Body)
	var rep openReply
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatalf("reply %q is not JSON: %v", b, err)
	}
	return r.StatusCode, rep
}

// A record that stops replaying is shown as far as it plays, with the
// reason; one whose steps all play to another result is shown whole,
// saying so.
func TestReplayShowsWhereARecordFails(t *testing.T) {
	ts := newTestServer(t, 0)
	id := openSession(t, ts)
	cmd(t, ts, id, "new_game", "ruleset=drums", "side0=random", "side1=random", "seed=5", "turn_limit=2")
	cmd(t, ts, id, "advance")
	_, saved := cmd(t, ts, id, "save")
	var sg struct {
		Record map[string]any `json:"record"`
	}
	if err := json.Unmarshal(saved.Result, &sg); err != nil {
		t.Fatal(err)
	}
	steps := sg.Record["steps"].([]any)
	n := len(steps)
	for _, tc := range []struct {
		name      string
		edit      func(rec map[string]any)
		wantSteps int
		want      string
	}{
		{"a step that does not play", func(rec map[string]any) {
			s := append([]any(nil), steps...)
			s[5] = map[string]any{"p": 0, "a": "no such order"}
			rec["steps"] = s
		}, 5, "replays only to step 5"},
		{"another result", func(rec map[string]any) {
			rec["result"] = map[string]any{"over": true, "winner": 1, "reason": "made up"}
		}, n, "not to the recorded result"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := map[string]any{}
			for k, v := range sg.Record {
				rec[k] = v
			}
			tc.edit(rec)
			line, _ := json.Marshal(rec)
			code, open := postRaw(t, ts.URL+"/api/replays", append(line, '\n'))
			if code != 200 || !open.OK {
				t.Fatalf("open: %d %+v", code, open)
			}
			_, b := get(t, ts.URL+"/api/replays/"+open.ID+"/games/1")
			var g replayGame
			if err := json.Unmarshal(b, &g); err != nil {
				t.Fatal(err)
			}
			if len(g.Steps) != tc.wantSteps || len(g.Eval) != tc.wantSteps+1 || !strings.Contains(g.Error, tc.want) {
				t.Errorf("%d steps, %d values, error %q; want %d steps and %q", len(g.Steps), len(g.Eval), g.Error, tc.wantSteps, tc.want)
			}
		})
	}
}

// FuzzOpenReplay: no file makes opening a replay panic, and what it takes
// names only registered rulesets.
func FuzzOpenReplay(f *testing.F) {
	for _, s := range []string{"", "{}", `{"format":"grognard-game","record":{"ruleset":"drums"},"state":{}}`, "{\"ruleset\":\"twobytwo\"}\n{\"ruleset\":\"x\"}\n", "\x1f\x8b"} {
		f.Add([]byte(s))
	}
	s := mustNew(f, Config{Log: zerolog.Nop()})
	f.Cleanup(s.Close)
	f.Fuzz(func(t *testing.T, b []byte) {
		rp, err := s.readReplay(context.Background(), bytes.NewReader(b))
		if err != nil {
			return
		}
		for g := range rp.games {
			rec, err := rp.record(g + 1)
			if err != nil {
				t.Fatalf("game %d kept does not decode: %v", g+1, err)
			}
			if _, err := engine.Lookup(rec.Ruleset); err != nil {
				t.Fatalf("took a record of ruleset %q: %v", rec.Ruleset, err)
			}
		}
	})
}
