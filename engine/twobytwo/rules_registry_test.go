package twobytwo

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
)

// TestScenarioSources: names that are not built in are resolved by the
// registered sources in order; a source's error reaches the caller; games
// and saved states find a source's scenario by the name it was asked for.
func TestScenarioSources(t *testing.T) {
	RegisterSource(func(name string) (*Scenario, bool, error) {
		switch {
		case name == "test-src:bad":
			return nil, true, errors.New("broken on purpose")
		case strings.HasPrefix(name, "test-src:"):
			sc := StandardScenario()
			sc.Name = name
			return sc, true, nil
		}
		return nil, false, nil
	})
	if _, err := Builtin("test-src:bad"); err == nil || !strings.Contains(err.Error(), "broken on purpose") {
		t.Fatalf("source error lost: %v", err)
	}
	if _, err := Builtin("no-such-scenario"); err == nil || !strings.Contains(err.Error(), "unknown scenario") {
		t.Fatalf("unknown name: %v", err)
	}
	s, err := NewGame("test-src:one", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	again, err := NewGame("test-src:one", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Scenario() != again.Scenario() {
		t.Error("two games of one source scenario do not share its static data")
	}
	b, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Rules{}.DecodeState(b)
	if err != nil {
		t.Fatalf("decode a state of a source scenario: %v", err)
	}
	if back.Hash() != s.Hash() {
		t.Error("decoded state differs")
	}
}

// TestRegisterBuiltin: a registered built-in is listed and playable; a
// second registration of one name panics.
func TestRegisterBuiltin(t *testing.T) {
	registered++ // a fresh name each run, for go test -count=N
	name := fmt.Sprintf("test-builtin-%d", registered)
	RegisterBuiltin(name, func() *Scenario {
		sc := StandardScenario()
		sc.Name = name
		return sc
	})
	found := false
	for _, n := range (Rules{}).Scenarios() {
		found = found || n == name
	}
	if !found {
		t.Fatal("registered built-in not listed")
	}
	if _, err := NewGame(name, engine.Options{}); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if recover() == nil {
			t.Error("duplicate registration did not panic")
		}
	}()
	RegisterBuiltin(name, StandardScenario)
}

var registered int
