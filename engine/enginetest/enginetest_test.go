package enginetest_test

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest"
	"github.com/grognard/grognard/engine/enginetest/toy"
)

// brokenEnv names the way the toy is broken in a child run of
// TestBrokenChild.
const brokenEnv = "ENGINETEST_BROKEN"

// brokenRules is the toy ruleset with one contract broken, as how says.
type brokenRules struct {
	toy.Rules
	how string
}

func (r brokenRules) wrap(st engine.State, err error) (engine.State, error) {
	if err != nil {
		return nil, err
	}
	return &broken{State: *st.(*toy.State), how: r.how}, nil
}

func (r brokenRules) NewGame(sc string, opts engine.Options) (engine.State, error) {
	return r.wrap(r.Rules.NewGame(sc, opts))
}

func (r brokenRules) DecodeState(b []byte) (engine.State, error) {
	if r.how == "decode" {
		// A decoder that loses Blue's attack posture.
		b = bytes.ReplaceAll(b, []byte(`"posture":["attack"`), []byte(`"posture":["none"`))
	}
	return r.wrap(r.Rules.DecodeState(b))
}

// broken is a toy state with one contract broken.
type broken struct {
	toy.State
	how string
	id  int // set on clones, for a hash that is not a function of the position
}

func (b *broken) CopyFrom(src engine.State) {
	if b.how == "alloc" {
		*b = *src.Clone().(*broken)
		return
	}
	*b = *src.(*broken)
}

func (b *broken) Clone() engine.State {
	c := *b
	c.id++
	return &c
}

func (b *broken) Hash() uint64 {
	if b.how == "hash" {
		return b.State.Hash() ^ uint64(b.id)
	}
	return b.State.Hash()
}

func (b *broken) Apply(a engine.Action) error {
	if b.how == "lenient" {
		a.Arg = 0 // an order with any Arg is taken for the one listed
	}
	return b.State.Apply(a)
}

func (b *broken) View(side engine.Player) engine.State {
	if b.how == "view" {
		return b.Clone()
	}
	return &broken{State: *b.State.View(side).(*toy.State), how: b.how, id: b.id}
}

// TestBrokenChild runs the suite on a broken toy: only in a child process
// started by TestSuiteFindsBreaks, which reads its failures.
func TestBrokenChild(t *testing.T) {
	how, ok := os.LookupEnv(brokenEnv)
	if !ok {
		t.Skip("run by TestSuiteFindsBreaks")
	}
	enginetest.Run(t, enginetest.Config{Ruleset: brokenRules{how: how}, Scenarios: toy.Rules{}.Scenarios(), Seeds: []uint64{1, 2}, Strict: true})
}

// The suite fails a ruleset that breaks a contract, with a message
// naming the break, and passes the same wrapper unbroken.
func TestSuiteFindsBreaks(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the suite in child processes")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ how, want string }{
		{"", ""},
		{"alloc", "CopyFrom allocates"},
		{"hash", "a clone differs from the original: hash"},
		{"lenient", "is accepted, though it is not a legal action"},
		{"view", "view shows that side"},
		{"decode", "the JSON round trip changes the encoding"},
	} {
		t.Run("broken="+tc.how, func(t *testing.T) {
			cmd := exec.Command(exe, "-test.run=^TestBrokenChild$", "-test.count=1")
			cmd.Env = append(os.Environ(), brokenEnv+"="+tc.how)
			out, err := cmd.CombinedOutput()
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("the unbroken wrapper fails the suite: %v\n%s", err, out)
			case tc.want == "":
			case err == nil:
				t.Fatalf("the suite passes a toy broken as %q", tc.how)
			case !strings.Contains(string(out), tc.want):
				t.Fatalf("the suite fails a toy broken as %q, but without %q:\n%.3000s", tc.how, tc.want, out)
			}
		})
	}
}
