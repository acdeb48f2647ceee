package tournaments

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine/fileio/fileiotest"
)

// TestReadGameRecordHeads: the heads of a tournament's records give the
// report the whole records give, keep no steps, and a file whose first
// line is no tournament record is refused having read that line alone
// (what follows is a line without end that would take the whole limit).
func TestReadGameRecordHeads(t *testing.T) {
	cfg := small(filepath.Join(t.TempDir(), "games.jsonl"))
	mustRun(t, cfg)
	raw, err := os.ReadFile(cfg.Records)
	if err != nil {
		t.Fatal(err)
	}
	full, err := ReadGameRecords(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	heads, err := ReadGameRecordHeads(context.Background(), bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if len(heads) != len(full) || len(full) == 0 {
		t.Fatalf("%d heads of %d records", len(heads), len(full))
	}
	for k, h := range heads {
		if h.Steps != nil || len(full[k].Steps) == 0 {
			t.Fatalf("record %d: the head keeps %d steps (the record has %d)", k+1, len(h.Steps), len(full[k].Steps))
		}
	}
	a, err := ReportFromRecords(full)
	if err != nil {
		t.Fatal(err)
	}
	b, err := ReportFromRecords(heads)
	if err != nil {
		t.Fatal(err)
	}
	if reportJSON(t, a) != reportJSON(t, b) {
		t.Error("the heads give another report than the records")
	}

	first, _, _ := bytes.Cut(raw, []byte("\n"))
	match := strings.Replace(string(first), `"tournament":`, `"not_tournament":`, 1)
	other := strings.Replace(string(first), full[0].Tournament.Fingerprint, "0123456789abcdef", 1)
	for _, tc := range []struct{ name, lines, want string }{
		{"not JSON", "hunter2\n", "line 1"},
		{"a match's record", match + "\n", "without its tournament part"},
		{"another tournament's", string(first) + "\n" + other + "\n", "another tournament"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			endless := &fileiotest.Zeros{}
			_, err := ReadGameRecordHeads(context.Background(), io.MultiReader(strings.NewReader(tc.lines), endless))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error with %q", err, tc.want)
			}
			if endless.N > 1<<20 {
				t.Errorf("read %d bytes past the bad line", endless.N)
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ReadGameRecordHeads(ctx, bytes.NewReader(raw)); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled read: %v", err)
	}
}
