package web

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sourcegraph/conc"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/tournaments"
)

// recordLine is one game's record as a line of a records file.
func recordLine(t *testing.T, seed uint64) []byte {
	t.Helper()
	rec, err := tournaments.PlayMatch(context.Background(), twobytwo.Rules{}, "standard", engine.Options{TurnLimit: 3},
		[2]agents.Agent{agents.NewRandom(seed), agents.NewRandom(seed + 1)}, seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := rec.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestReplaysWithinTheirBudget: the open replays hold at most
// ReplayBytes; a new one takes the place of the least recently used
// replays of the client holding the most, a file over the whole budget
// is refused, and a replay kept still replays its games.
func TestReplaysWithinTheirBudget(t *testing.T) {
	line := recordLine(t, 3)
	pk, err := newPacker()
	if err != nil {
		t.Fatal(err)
	}
	packed, err := pk.pack(bytes.TrimSpace(line))
	if err != nil {
		t.Fatal(err)
	}
	per := int64(len(packed)) + entryOverhead
	ts, s := searchServer(t, Config{ReplayBytes: 3 * per})
	open := func(body []byte) (int, openReply) { return postRaw(t, ts.URL+"/api/replays", body) }
	var kept []string
	for k := range 5 {
		code, r := open(line)
		if code != 200 {
			t.Fatalf("replay %d: %d %+v", k, code, r)
		}
		kept = append(kept, r.ID)
	}
	total, _, items := usage(s.replays, byBytes)
	if total > 3*per || len(items) != 3 {
		t.Errorf("%d bytes in %d replays held, want at most %d", total, len(items), 3*per)
	}
	for k, id := range kept {
		code, _ := get(t, ts.URL+"/api/replays/"+id+"/games/1")
		if want := map[bool]int{true: 404, false: 200}[k < 2]; code != want {
			t.Errorf("replay %d: %d, want %d (the oldest go first)", k, code, want)
		}
	}
	if code, r := open(bytes.Repeat(line, 4)); code != http.StatusRequestEntityTooLarge || !strings.Contains(r.Error, "split it") {
		t.Errorf("a file over the budget: %d %+v", code, r)
	}
}

// TestUploadsWaitTheirTurn: with one upload read at a time, a second
// waits at most QueueWait and is refused with 503 while the first is
// still being sent.
func TestUploadsWaitTheirTurn(t *testing.T) {
	ts, s := searchServer(t, Config{MaxUploads: 1, QueueWait: 50 * time.Millisecond})
	pr, pw := io.Pipe()
	var wg conc.WaitGroup
	wg.Go(func() {
		r, err := http.Post(ts.URL+"/api/replays", "application/octet-stream", pr)
		if err == nil {
			r.Body.Close()
		}
	})
	if _, err := pw.Write(recordLine(t, 4)[:100]); err != nil {
		t.Fatal(err)
	}
	for k := 0; len(s.uploads.slots) == 0; k++ {
		if k == 3000 {
			t.Fatal("the first upload was never read")
		}
		time.Sleep(10 * time.Millisecond)
	}
	for _, path := range []string{"/api/replays", "/api/results", "/api/sessions/" + openSession(t, ts) + "/load"} {
		code, _, b := postResults(t, ts.URL+path, []byte("{}\n"))
		if code != http.StatusServiceUnavailable || !bytes.Contains(b, []byte("server-busy")) {
			t.Errorf("%s while another upload is read: %d %s", path, code, b)
		}
	}
	pw.CloseWithError(io.ErrUnexpectedEOF)
	wg.Wait()
}

// fdCount is how many descriptors the process has open.
func fdCount(t *testing.T) int {
	t.Helper()
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skipf("no /proc/self/fd: %v", err)
	}
	return len(fds)
}

// TestFIFOUnderDirIsRefused: a FIFO in --dir named by a request is
// refused at once, without waiting for a writer, on every route that
// opens a file, and leaves no descriptor open.
func TestFIFOUnderDirIsRefused(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "p.json"), 0o644); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	ts, _ := searchServer(t, Config{Dir: dir})
	// Were a request waiting on the FIFO, a writer's open lets it go, so
	// that a failing test ends rather than hangs on the server's close.
	t.Cleanup(func() {
		if f, err := os.OpenFile(filepath.Join(dir, "p.json"), os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})
	id := openSession(t, ts)
	client := &http.Client{Timeout: 10 * time.Second}
	ask := func(path string) {
		r, err := client.Post(ts.URL+path, "application/octet-stream", nil)
		if err != nil {
			t.Fatalf("%s: %v (the server waits on the FIFO)", path, err)
		}
		var rep apiError
		_ = json.NewDecoder(r.Body).Decode(&rep)
		r.Body.Close()
		if r.StatusCode != http.StatusBadRequest || !strings.Contains(rep.Error, "not a regular file") {
			t.Errorf("%s: %d %+v", path, r.StatusCode, rep)
		}
	}
	paths := []string{"/api/replays?file=p.json", "/api/results?file=p.json", "/api/sessions/" + id + "/load?file=p.json"}
	for _, p := range paths {
		ask(p) // connections and the server's goroutines warmed up
	}
	before := fdCount(t)
	for range 20 {
		for _, p := range paths {
			ask(p)
		}
	}
	if after := fdCount(t); after > before+2 {
		t.Errorf("%d descriptors open after 60 requests, %d before", after, before)
	}
}

// TestReplayViewsTakeTurnsAndEnd: a replayed game's steps and pictures
// are worked out a few at a time server-wide and under the server's
// deadline, like the searches: a file of long games opened in many tabs
// cannot take the machine.
func TestReplayViewsTakeTurnsAndEnd(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  Config
		// hold takes the only turn before the views are asked.
		hold bool
		want string
	}{
		{"its turn", Config{MaxUploads: 1, QueueWait: time.Second}, false, ""},
		{"no turn free", Config{MaxUploads: 1, QueueWait: 20 * time.Millisecond}, true, "at most 1 replayed games"},
		{"past the deadline", Config{MaxUploads: 1, SearchTimeout: time.Nanosecond}, false, "ran past this server's limit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ts, s := searchServer(t, tc.cfg)
			code, _, b := postResults(t, ts.URL+"/api/replays", recordLine(t, 4))
			var opened struct{ ID string }
			if err := json.Unmarshal(b, &opened); code != http.StatusOK || err != nil || opened.ID == "" {
				t.Fatalf("upload: %d %s", code, b)
			}
			if tc.hold {
				leave, err := s.replaying.enter(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				defer leave()
			}
			for _, path := range []string{"/games/1", "/games/1/picture.svg?step=5"} {
				r, err := http.Get(ts.URL + "/api/replays/" + opened.ID + path)
				if err != nil {
					t.Fatal(err)
				}
				body, _ := io.ReadAll(r.Body)
				r.Body.Close()
				switch {
				case tc.want == "" && r.StatusCode != http.StatusOK:
					t.Errorf("%s: %d %s", path, r.StatusCode, body)
				case tc.want != "" && (r.StatusCode != http.StatusServiceUnavailable || !bytes.Contains(body, []byte(tc.want)) || !bytes.Contains(body, []byte("server-busy"))):
					t.Errorf("%s: %d %s, want 503 saying %q", path, r.StatusCode, body, tc.want)
				}
			}
			if len(s.replaying.slots) != map[bool]int{true: 1, false: 0}[tc.hold] {
				t.Errorf("%d turns still held after the views", len(s.replaying.slots))
			}
		})
	}
}
