package testenv

import (
	"strings"
	"testing"
)

func TestIsLong(t *testing.T) {
	for _, c := range []struct {
		value string
		want  bool
	}{
		{"", false},
		{"0", false},
		{"false", false},
		{" FALSE ", false},
		{"1", true},
		{"yes", true},
		{"true", true},
	} {
		t.Setenv(Var, c.value)
		if got := IsLong(); got != c.want {
			t.Errorf("%s=%q: IsLong() = %v, want %v", Var, c.value, got, c.want)
		}
	}
}

// TestLongSkips: Long skips by default and lets the test run with the
// variable set.
func TestLongSkips(t *testing.T) {
	for _, c := range []struct {
		value   string
		skipped bool
	}{{"", true}, {"1", false}} {
		t.Setenv(Var, c.value)
		ran := false
		t.Run("gate", func(t *testing.T) {
			Long(t)
			ran = true
		})
		if ran == c.skipped {
			t.Errorf("%s=%q: the gated test ran %v, want %v", Var, c.value, ran, !c.skipped)
		}
	}
}

func TestPick(t *testing.T) {
	t.Setenv(Var, "")
	if got := Pick(t, 10, 1000); got != 10 {
		t.Errorf("default: Pick = %d, want 10", got)
	}
	t.Setenv(Var, "1")
	if got := Pick(t, 10, 1000); got != 1000 {
		t.Errorf("long: Pick = %d, want 1000", got)
	}
}

// TestCommand: the command names the variable, the top-level test and the
// package's directory from the module's root, so it can be pasted.
func TestCommand(t *testing.T) {
	t.Run("sub", func(t *testing.T) {
		got := Command(t)
		want := "GROGNARD_LONG=1 go test -run '^TestCommand$' ./internal/testenv/"
		if got != want {
			t.Errorf("Command = %q, want %q", got, want)
		}
		if !strings.Contains(got, Var) {
			t.Errorf("Command %q does not name %s", got, Var)
		}
	})
}
