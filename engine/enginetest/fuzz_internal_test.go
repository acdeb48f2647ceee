package enginetest

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest/toy"
)

// fuzzRules is the toy ruleset with one contract the fuzz harnesses
// check broken, as how says ("" breaks nothing).
type fuzzRules struct {
	toy.Rules
	how string
}

func (r fuzzRules) wrap(st engine.State, err error) (engine.State, error) {
	if err != nil {
		return nil, err
	}
	return &fuzzState{State: *st.(*toy.State), how: r.how}, nil
}

func (r fuzzRules) NewGame(sc string, opts engine.Options) (engine.State, error) {
	return r.wrap(r.Rules.NewGame(sc, opts))
}

func (r fuzzRules) DecodeState(b []byte) (engine.State, error) {
	if r.how == "decode" {
		// A decoder that swaps Blue's postures attack and none, so that
		// a state and its re-decoded JSON differ.
		b = bytes.ReplaceAll(b, []byte(`"posture":["attack"`), []byte(`"posture":["swap"`))
		b = bytes.ReplaceAll(b, []byte(`"posture":["none"`), []byte(`"posture":["attack"`))
		b = bytes.ReplaceAll(b, []byte(`"posture":["swap"`), []byte(`"posture":["none"`))
	}
	return r.wrap(r.Rules.DecodeState(b))
}

// fuzzState is a toy state with one contract broken.
type fuzzState struct {
	toy.State
	how string
}

func (s *fuzzState) Clone() engine.State       { c := *s; return &c }
func (s *fuzzState) CopyFrom(src engine.State) { *s = *src.(*fuzzState) }
func (s *fuzzState) refuse() bool              { return s.how == "refuse" }
func (s *fuzzState) errRefused(what string) error {
	return fmt.Errorf("%w: %s refused", engine.ErrIllegal, what)
}

func (s *fuzzState) FormatAction(a engine.Action) string {
	if s.how == "notation" {
		return s.State.FormatAction(a) + " again" // reads back as nothing
	}
	return s.State.FormatAction(a)
}

func (s *fuzzState) ParseAction(text string) (engine.Action, error) {
	a, err := s.State.ParseAction(text)
	if err != nil && s.how == "parse-error" {
		return a, errors.New("no") // not wrapping engine.ErrNotation
	}
	return a, err
}

func (s *fuzzState) Apply(a engine.Action) error {
	if s.refuse() {
		return s.errRefused("every action")
	}
	return s.State.Apply(a)
}

func (s *fuzzState) Commit(side engine.Player, a engine.Action) error {
	if s.refuse() {
		return s.errRefused("every posture")
	}
	return s.State.Commit(side, a)
}

// firstFailure runs the harnesses' checks over the seeds of the toy
// broken as how, strictly or not, and returns the first error.
func firstFailure(t *testing.T, how string, strict bool) error {
	t.Helper()
	z := Fuzz{Ruleset: fuzzRules{how: how}, Strict: strict, Texts: []string{"nonsense"}}.defaults()
	states, texts, err := fuzzSeeds(Fuzz{Ruleset: toy.Rules{}, Every: 1}.defaults(), true)
	if err != nil {
		t.Fatal(err)
	}
	if len(states) < 3 || len(texts) < 3 {
		t.Fatalf("%d states and %d texts seeded: too few to fuzz from", len(states), len(texts))
	}
	for _, b := range states {
		st, err := z.Ruleset.DecodeState(b)
		if err != nil {
			continue
		}
		if err := checkRedecode(z.Ruleset, st); err != nil {
			return err
		}
		if err := fuzzPlayOn(z, st.Clone()); err != nil {
			return err
		}
	}
	st, err := z.Ruleset.NewGame(z.Scenarios[0], z.Options)
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range append(texts, z.Texts...) {
		if _, _, err := checkParsed(st, text); err != nil {
			return err
		}
	}
	return nil
}

// TestFuzzChecksFindBreaks: the fuzz harnesses' checks pass the toy and
// fail it broken, each with a message naming the break; a refusal of
// every action fails only a strict harness.
func TestFuzzChecksFindBreaks(t *testing.T) {
	for _, c := range []struct {
		how    string
		strict bool
		want   string // "" passes
	}{
		{"", false, ""},
		{"", true, ""},
		{"decode", false, "the JSON changes on a second round trip"},
		{"notation", false, "which reads back as"},
		{"parse-error", false, "does not wrap engine.ErrNotation"},
		{"refuse", false, ""},
		{"refuse", true, "refused"},
	} {
		err := firstFailure(t, c.how, c.strict)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q strict %v: %v", c.how, c.strict, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%q strict %v: error %v, want one saying %q", c.how, c.strict, err, c.want)
		}
	}
}

// watchdogEnv makes TestWatchdog the child that hangs.
const watchdogEnv = "ENGINETEST_HANG"

// TestWatchdog: an input checked past its time ends the process with
// the input in the message; inputs stopped in time do not.
func TestWatchdog(t *testing.T) {
	if os.Getenv(watchdogEnv) != "" {
		for range 1000 {
			watchdog(50*time.Millisecond, []byte("quick"))()
		}
		defer watchdog(50*time.Millisecond, []byte("the hanging input"))()
		time.Sleep(3 * time.Second)
		return
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestWatchdog$", "-test.count=1")
	cmd.Env = append(os.Environ(), watchdogEnv+"=1")
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), `took more than its time on the input "the hanging input"`) {
		t.Fatalf("a hang was not reported: %v\n%s", err, out)
	}
}
