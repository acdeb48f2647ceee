package twobytwo

import (
	"fmt"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	tb "github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/scenarios/twobytwo/generate"
)

func TestGeneratedNames(t *testing.T) {
	for _, c := range []struct {
		name string
		seed uint64
		ap   float64
		err  string
	}{
		{"gen:42", 42, 40, ""},
		{"gen:7:80", 7, 80, ""},
		{"gen:x", 0, 0, "whole number"},
		{"gen:1:5", 0, 0, "from 20 to 200"},
		{"gen:1:abc", 0, 0, "from 20 to 200"},
		{"standard", 0, 0, "not a generated"},
	} {
		seed, ap, err := ParseGeneratedName(c.name)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: error %v, want %q", c.name, err, c.err)
			}
			continue
		}
		if err != nil || seed != c.seed || ap != c.ap {
			t.Errorf("%s: %d %g %v", c.name, seed, ap, err)
		}
		if back := GeneratedName(seed, ap); back != c.name {
			t.Errorf("GeneratedName(%d, %g) = %q, want %q", seed, ap, back, c.name)
		}
	}
}

// TestSourcesByName: games start from a file path and from gen:SEED, and
// the scenario carries the name it was asked for so saved games find it.
func TestSourcesByName(t *testing.T) {
	for _, name := range []string{"testdata/valid-fixed.yaml", "gen:12"} {
		s, err := tb.NewGame(name, engine.Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if s.Scenario().Name != name {
			t.Errorf("%s: scenario named %q", name, s.Scenario().Name)
		}
		b, err := s.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		back, err := tb.Rules{}.DecodeState(b)
		if err != nil || back.Hash() != s.Hash() {
			t.Fatalf("%s: saved state does not restore: %v", name, err)
		}
	}
	if _, err := tb.NewGame("gen:nope", engine.Options{}); err == nil || !strings.Contains(err.Error(), "whole number") {
		t.Errorf("bad generated name: %v", err)
	}
	if _, err := tb.NewGame("testdata/missing.yaml", engine.Options{}); err == nil || !strings.Contains(err.Error(), "missing.yaml") {
		t.Errorf("missing file: %v", err)
	}
}

// TestGeneratedBattlefieldsValidate: 1,000 generated battlefields, written
// as scenario files, pass every check of the loader and read back the same.
// (That they also play to a result is tested in scenarios/twobytwo/generate.)
func TestGeneratedBattlefieldsValidate(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 100
	}
	for seed := range uint64(n) {
		sc, err := generate.Battlefield(seed, generate.Options{})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		b, err := Marshal(sc)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Parse(fmt.Sprintf("gen-%d.yaml", seed), b)
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, b)
		}
		if back.Hash() != sc.Hash() {
			t.Fatalf("seed %d: the file reads back as a different battlefield", seed)
		}
	}
}
