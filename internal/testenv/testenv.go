// Package testenv holds the one switch between the suite's default run and
// its long checks.
//
// The README's test command is a plain `go test ./...`, so that run must be
// the fast one; checks that are long by nature (many-seed property sweeps,
// thousands of random games, statistical measurements) run in full only
// when the environment variable GROGNARD_LONG is set:
//
//	GROGNARD_LONG=1 go test ./...
//
// CI sets it for a step of its own after the default run (.ci/run). A test
// either skips itself with Long, or plays a smaller but still meaningful
// size by default and the full size under Pick. The two are two tiers:
// CI finds every top-level test whose body calls Pick and runs it at its
// full size (.ci/long-tests), while Long and IsLong gate the longer
// measurements run by hand.
package testenv

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Var is the environment variable that turns the long checks on: any value
// but "", "0" and "false".
const Var = "GROGNARD_LONG"

// IsLong reports whether the long checks were asked for (Var is set).
func IsLong() bool {
	switch strings.ToLower(strings.TrimSpace(os.Getenv(Var))) {
	case "", "0", "false":
		return false
	}
	return true
}

// Long skips t unless the long checks were asked for, with a message that
// names the variable and the command that runs the test.
func Long(t testing.TB) {
	t.Helper()
	if !IsLong() {
		t.Skipf("a long check: run it with %s", Command(t))
	}
}

// Pick returns long when the long checks were asked for and normal
// otherwise: the size of a sweep whose default run is a reduced one.
// The test's verbose output says which was taken, and how to get the other.
func Pick[N any](t testing.TB, normal, long N) N {
	t.Helper()
	if IsLong() {
		t.Logf("%s is set: the long size %v", Var, long)
		return long
	}
	t.Logf("the default size %v; %s plays %v", normal, Command(t), long)
	return normal
}

// Command is the shell command that runs t's top-level test with the long
// checks on, from the module's root: for example
//
//	GROGNARD_LONG=1 go test -run '^TestPropertyRandomGames$' ./engine/twobytwo/
func Command(t testing.TB) string {
	name, _, _ := strings.Cut(t.Name(), "/")
	return Var + "=1 go test -run '^" + name + "$' " + packageDir()
}

// packageDir is the test's package directory relative to the module's root
// (a test binary runs in its package's directory), "." when it cannot be
// told.
func packageDir() string {
	wd, err := os.Getwd()
	if err != nil {
		return "."
	}
	for dir := wd; ; {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			rel, err := filepath.Rel(dir, wd)
			if err != nil || rel == "." {
				return "."
			}
			return "./" + filepath.ToSlash(rel) + "/"
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "."
		}
		dir = parent
	}
}
