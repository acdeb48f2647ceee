package protocol

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoadSides: a saved game whose side names an external program is
// refused with a *ProgramSideError naming the side, unless the side is
// given at load, by side0=/side1= or by bot= for every bot side; bad
// settings are refused with what to write instead. The program is never
// started: it would create the marker file.
func TestLoadSides(t *testing.T) {
	dir := t.TempDir()
	script, marker := filepath.Join(dir, "bot.sh"), filepath.Join(dir, "started")
	if err := os.WriteFile(script, []byte("#!/bin/sh\ntouch \"$1\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	spec := "external:cmd=/bin/sh " + script + " " + marker
	s := NewSession(Config{})
	defer s.Close()
	must(t, s, `new_game seed=2 side0=human side1="`+spec+`"`)
	file := filepath.Join(dir, "g.json")
	must(t, s, "save "+file)

	s2 := NewSession(Config{})
	defer s2.Close()
	_, err := do(t, s2, "load "+file)
	var pe *ProgramSideError
	if !errors.As(err, &pe) || pe.Side != 1 || pe.Name != "Austrians" || pe.Spec != spec || !strings.Contains(err.Error(), "side1=human") {
		t.Fatalf("load of a file naming a program: %v", err)
	}
	if s2.State() != nil {
		t.Fatal("the refused file was loaded")
	}
	for _, c := range []struct{ args, want string }{
		{"bot=random side1=human", "not both"},
		{"bot=", "bot= is empty"},
		{"side1=", "side1= is empty"},
		{"side2=human", `unknown key "side2"`},
		{"extra", "one file name"},
		{`side1=nobody`, `unknown agent "nobody"`},
	} {
		if _, err := do(t, s2, "load "+file+" "+c.args); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("load %s: %v, want an error saying %q", c.args, err, c.want)
		}
	}
	for _, c := range []struct {
		args  string
		sides [2]string
	}{
		{"side1=human", [2]string{"human", "human"}},
		{"bot=random", [2]string{"human", "random"}},
		{"side0=greedy side1=random", [2]string{"greedy", "random"}},
	} {
		must(t, s2, "load "+file+" "+c.args)
		if got := s2.g.cfg.sides; got != c.sides {
			t.Errorf("load %s: sides %q, want %q", c.args, got, c.sides)
		}
	}
	must(t, s2, "advance max=20") // the sides given play; the program does not
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("a load started the program the file names")
	}
}
