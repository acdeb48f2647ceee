package protocol

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/twobytwo"
)

// TestEncodeReplayed: a recorded game cut at a step saves as a game that
// load takes up at that step, with its agents as the sides, and whose
// state SavedState finds; steps past the record are refused.
func TestEncodeReplayed(t *testing.T) {
	s := inMovement(t)
	rec := *s.g.rec
	rec.Agents = [2]string{"heuristic:doctrine=fireline", "my-bot"} // the second no spec a session can build
	n := len(rec.Steps) - 5
	rs := twobytwo.Rules{}
	at, err := engine.ReplaySteps(rs, &rec, n)
	if err != nil {
		t.Fatal(err)
	}

	b, err := EncodeReplayed(&rec, n, at)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "cut.json")
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
	s2 := NewSession(Config{})
	must(t, s2, "load "+file)
	if s2.State().Hash() != at.Hash() || len(s2.g.rec.Steps) != n {
		t.Fatalf("loaded %d steps to hash %x, want %d steps to %x", len(s2.g.rec.Steps), s2.State().Hash(), n, at.Hash())
	}
	if got := s2.g.cfg.sides; got != [2]string{"heuristic:doctrine=fireline", "human"} {
		t.Errorf("sides %q: want the recorded spec and human for the unknown bot", got)
	}
	if len(rec.Steps) != n+5 || rec.Agents[1] != "my-bot" {
		t.Error("EncodeReplayed changed the caller's record")
	}
	must(t, s2, "undo 2") // the history is the record's

	for _, tc := range []struct {
		name string
		data []byte
		want string // the error; none: the state at step n
	}{
		{name: "saved game", data: b},
		{name: "bare state", data: mustJSON(t, at)},
		{name: "saved game without state", data: []byte(`{"format":"grognard-game"}`), want: "no state"},
		{name: "not JSON", data: []byte("turn 3"), want: "invalid character"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw, err := SavedState(tc.data)
			if tc.want != "" {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("error %v, want one saying %q", err, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			st, err := rs.DecodeState(raw)
			if err != nil || st.Hash() != at.Hash() {
				t.Errorf("the state found does not decode to the game at step %d (%v)", n, err)
			}
		})
	}
	for _, steps := range []int{-1, len(rec.Steps) + 1} {
		if _, err := EncodeReplayed(&rec, steps, at); err == nil {
			t.Errorf("step %d of %d was encoded", steps, len(rec.Steps))
		}
	}
}

// mustJSON is st as MarshalJSON writes it.
func mustJSON(t *testing.T, st engine.State) []byte {
	t.Helper()
	b, err := st.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return b
}
