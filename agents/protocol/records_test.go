package protocol

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/twobytwo"
)

// TestLoadFormat1SavedGame: a game saved before records had a format
// (format 1: actions as their fields, every step described) loads, its
// record taken up in format 2, undo walks back through it, and the game
// saved again writes format 2, which loads to the same position.
func TestLoadFormat1SavedGame(t *testing.T) {
	old, err := os.ReadFile(filepath.Join("testdata", "format1-saved.json"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(old), `"format":2`) || !strings.Contains(string(old), `"t":"`) {
		t.Fatal("the test file is not a saved game of format 1")
	}
	s := NewSession(Config{})
	defer s.Close()
	must(t, s, "load "+filepath.Join("testdata", "format1-saved.json"))
	rec := s.g.rec
	if rec.Format != engine.RecordFormat || len(rec.Steps) != 80 {
		t.Fatalf("loaded a record of format %d with %d steps, want format %d with 80", rec.Format, len(rec.Steps), engine.RecordFormat)
	}
	for i, st := range rec.Steps {
		if (st.Dice == nil) == (st.Notation == "") || st.Text != "" {
			t.Fatalf("step %d is not of format 2: %+v", i, st)
		}
	}
	loaded := *rec
	loaded.Steps = append([]engine.Step(nil), rec.Steps...)
	must(t, s, "undo 3")
	n := len(s.g.rec.Steps)
	want, err := engine.ReplaySteps(twobytwo.Rules{}, &loaded, n)
	if err != nil || n >= 80 || s.State().Hash() != want.Hash() {
		t.Fatalf("undo after the load: %d steps, %v; not the position the record reaches there", n, err)
	}
	must(t, s, "advance max=20")
	file := filepath.Join(t.TempDir(), "again.json")
	must(t, s, "save "+file)
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var doc SavedGame
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Record.Format != engine.RecordFormat || strings.Contains(string(b), `"t":"`) {
		t.Fatalf("the game saved again is not of format 2 (format %d)", doc.Record.Format)
	}
	s2 := NewSession(Config{})
	defer s2.Close()
	must(t, s2, "load "+file)
	if s2.State().Hash() != s.State().Hash() {
		t.Fatal("the game saved in format 2 loads to another position")
	}
}
