package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rs/zerolog"
)

// A server with a chosen directory opens its files by name, and no name
// reaches a file outside it: not ../, not an absolute path, not a symbolic
// link pointing out.
func TestChosenDirectoryOnly(t *testing.T) {
	ts0 := newTestServer(t, 0)
	id := openSession(t, ts0)
	cmd(t, ts0, id, "new_game", "side0=random", "side1=random", "seed=2", "turn_limit=1")
	cmd(t, ts0, id, "advance")
	_, saved := cmd(t, ts0, id, "save")

	top := t.TempDir()
	dir := filepath.Join(top, "records")
	for _, d := range []string{dir, filepath.Join(dir, "sub"), filepath.Join(dir, ".hidden")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p string, b []byte) {
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(saved.Result)
	zw.Close()
	write(filepath.Join(dir, "game.json"), saved.Result)
	write(filepath.Join(dir, "sub", "game.json.gz"), gz.Bytes())
	write(filepath.Join(dir, "notes.txt"), []byte("not a game"))
	write(filepath.Join(dir, ".hidden", "x.json"), saved.Result)
	write(filepath.Join(top, "outside.json"), saved.Result)
	if err := os.Symlink(filepath.Join(top, "outside.json"), filepath.Join(dir, "link.json")); err != nil {
		t.Fatal(err)
	}

	s := mustNew(t, Config{Ruleset: "twobytwo", Log: zerolog.Nop(), Dir: dir})
	ts := httptest.NewServer(s)
	t.Cleanup(func() { ts.Close(); s.Close() })

	code, b := get(t, ts.URL+"/api/files")
	var list struct {
		OK    bool       `json:"ok"`
		Files []fileInfo `json:"files"`
	}
	if err := json.Unmarshal(b, &list); err != nil || code != 200 || !list.OK {
		t.Fatalf("list: %d %s", code, b)
	}
	var names []string
	for _, f := range list.Files {
		names = append(names, f.Name)
	}
	// The link is not a regular file, the notes not a game, the hidden
	// directory not walked.
	if got := strings.Join(names, " "); got != "game.json sub/game.json.gz" {
		t.Errorf("listed %q", got)
	}
	for _, tc := range []struct {
		name string
		ok   bool
		want string
	}{
		{"game.json", true, ""},
		{"sub/game.json.gz", true, ""},
		{"sub/../game.json", true, ""},
		{"../outside.json", false, "outside the server's directory"},
		{"sub/../../outside.json", false, "outside the server's directory"},
		{filepath.Join(top, "outside.json"), false, "outside the server's directory"},
		{`..\outside.json`, false, "outside the server's directory"},
		{"link.json", false, "outside the server's directory"},
		{"notes.txt", false, "not a records or saved-game file"},
		{"missing.json", false, "cannot open"},
		{"sub", false, "not a records"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, rep := postRaw(t, ts.URL+"/api/replays?file="+url.QueryEscape(tc.name), nil)
			if rep.OK != tc.ok || (!tc.ok && (code != http.StatusBadRequest || !strings.Contains(rep.Error, tc.want))) {
				t.Errorf("%d %+v, want ok=%v with %q", code, rep, tc.ok, tc.want)
			}
			if tc.ok && (len(rep.Games) != 1 || rep.Games[0].Steps == 0) {
				t.Errorf("opened %+v", rep)
			}
		})
	}
	// Without a directory, the page is told to upload.
	if code, b := get(t, ts0.URL+"/api/files"); code != http.StatusNotFound || !bytes.Contains(b, []byte("--dir")) {
		t.Errorf("no directory: list: %d %s", code, b)
	}
	if code, rep := postRaw(t, ts0.URL+"/api/replays?file=game.json", nil); code != http.StatusNotFound || !strings.Contains(rep.Error, "--dir") {
		t.Errorf("no directory: open: %d %+v", code, rep)
	}
	// A directory that does not exist stops the server from starting.
	if _, err := New(Config{Dir: filepath.Join(top, "nope")}); err == nil || !strings.Contains(err.Error(), "--dir") {
		t.Errorf("a missing directory: %v", err)
	}
}

// An upload that decompresses past the bound is refused, not read whole.
func TestGzipBombRefused(t *testing.T) {
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zero := make([]byte, 1<<20)
	for range MaxFileBytes>>20 + 1 {
		zw.Write(zero)
	}
	zw.Close()
	if _, err := readBounded(context.Background(), &gz, MaxFileBytes); err == nil || !strings.Contains(err.Error(), "decompressed") {
		t.Fatalf("a %d KiB gzip of %d MiB: %v", gz.Len()>>10, MaxFileBytes>>20+1, err)
	}
}

// An upload over the bound is refused as too large, whichever handler
// takes it, and leaves the session's game as it was.
func TestUploadBound(t *testing.T) {
	ts := newTestServer(t, 0)
	id := openSession(t, ts)
	cmd(t, ts, id, "new_game", "human=0", "bot=random")
	_, before := cmd(t, ts, id, "show", "summary")
	big := bytes.Repeat([]byte("x"), MaxUpload+1)
	for _, path := range []string{"/api/sessions/" + id + "/load", "/api/replays", "/api/results"} {
		r, err := http.Post(ts.URL+path, "application/octet-stream", bytes.NewReader(big))
		if err != nil {
			t.Fatal(err)
		}
		var rep apiError
		_ = json.NewDecoder(r.Body).Decode(&rep)
		r.Body.Close()
		if r.StatusCode != http.StatusRequestEntityTooLarge || rep.Code != "too-large" {
			t.Errorf("%s: %d %+v", path, r.StatusCode, rep)
		}
	}
	if _, after := cmd(t, ts, id, "show", "summary"); after.Text != before.Text {
		t.Errorf("a refused upload changed the game:\n%s\n%s", before.Text, after.Text)
	}
}
