package twobytwo

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest"
)

// TestStateJSONRoundTrip saves states at every step of random games,
// including those waiting on a die, restores them, and checks the copy is
// the same position and plays on identically.
func TestStateJSONRoundTrip(t *testing.T) {
	rs := Rules{}
	for seed := uint64(1); seed <= 5; seed++ {
		s, err := NewGame(DefaultScenario, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 2))
		dice := engine.NewRandomDice(seed)
		var buf []engine.Action
		pendingSeen := false
		for step := 0; !s.Terminal(); step++ {
			b, err := json.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			got, err := rs.DecodeState(b)
			if err != nil {
				t.Fatalf("seed %d step %d: decode: %v", seed, step, err)
			}
			g := got.(*State)
			if *g != *s {
				t.Fatalf("seed %d step %d: decoded state differs from the saved one:\n%s", seed, step, stateDiff(s, g))
			}
			if g.Hash() != s.Hash() {
				t.Fatalf("seed %d step %d: hash differs after round trip", seed, step)
			}
			if s.ToMove() == engine.Chance {
				pendingSeen = true
				if !bytes.Contains(b, []byte(`"chance_why"`)) {
					t.Fatalf("a state waiting on a die does not say what is rolled: %s", b)
				}
				d, _ := dice.Roll(s.PendingRoll())
				if err := s.ApplyDice(d); err != nil {
					t.Fatal(err)
				}
				continue
			}
			buf = s.Legal(buf[:0])
			if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
		if !pendingSeen {
			t.Fatal("no state with a pending die was saved")
		}
	}
}

func TestDecodeStateRejectsBadInput(t *testing.T) {
	s, _ := NewGame(DefaultScenario, engine.Options{})
	good, _ := json.Marshal(s)
	for name, in := range map[string]string{
		"not json":         "{",
		"wrong ruleset":    `{"ruleset":"chess"}`,
		"unknown scenario": `{"ruleset":"twobytwo","scenario":"nowhere"}`,
		"bad hash":         string(bytes.Replace(good, []byte(s.sc.Hash()), []byte("0000000000000000"), 1)),
		"bad phase":        string(bytes.Replace(good, []byte(`"phase":0`), []byte(`"phase":99`), 1)),
	} {
		if _, err := (Rules{}).DecodeState([]byte(in)); err == nil {
			t.Errorf("%s: decoded without error", name)
		}
	}
	// Counts past what play gives, each refused naming what and its range.
	for _, c := range []struct{ name, from, to, want string }{
		{"set-up ties past the AP a state holds", `"ties":0`, `"ties":255`, "ties of the set-up roll"},
		{"ties one past", `"ties":0`, `"ties":100`, "at most 99 ties"},
		{"deployment AP past the bound", `"deploy_ap":[0,0]`, `"deploy_ap":[1001,0]`, "0 to 1000"},
		{"negative deployment AP", `"deploy_ap":[0,0]`, `"deploy_ap":[0,-1]`, "0 to 1000"},
	} {
		bad := bytes.Replace(good, []byte(c.from), []byte(c.to), 1)
		if bytes.Equal(bad, good) {
			t.Fatalf("%s: %s is not in the state", c.name, c.from)
		}
		if _, err := (Rules{}).DecodeState(bad); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
	if _, err := (Rules{}).DecodeState(bytes.Replace(good, []byte(`"ties":0`), []byte(`"ties":99`), 1)); err != nil {
		t.Errorf("99 ties, 1000 AP: %v", err)
	}
}

// TestScenarioDeployAPBound: a scenario deploys 0 to MaxDeployAP AP.
func TestScenarioDeployAPBound(t *testing.T) {
	for _, c := range []struct {
		ap float64
		ok bool
	}{{0, true}, {10, true}, {MaxDeployAP, true}, {MaxDeployAP + 0.5, false}, {-1, false}, {math.NaN(), false}} {
		sc := StandardScenario()
		sc.DeployAP = c.ap
		if _, err := NewGameOn(sc, engine.Options{}); (err == nil) != c.ok {
			t.Errorf("deploy AP %g: %v", c.ap, err)
		}
	}
}

// fuzz seeds the shared harnesses from 2 by 2's own games; 2 by 2 adds
// its notation's spacing and independence of the position to what every
// parsed action must meet, and plays a decoded state on as the front ends
// would.
var fuzz = enginetest.Fuzz{
	Ruleset:   Rules{},
	Scenarios: []string{DefaultScenario},
	Texts: append(notationTexts(),
		"#0 move:charge #1 rear 1,2 3,4 5,6 7 arg=255",
		"F1_Line follow-up 300"),
	// As many steps as playDecoded plays: a 2 by 2 position's legal list
	// is long, and an input's work is what the CI's budget pays for.
	Steps:      8,
	CheckState: func(t *testing.T, st engine.State) { playDecoded(st.(*State)) },
	CheckAction: func(t *testing.T, st engine.State, text string, a engine.Action) {
		if err := checkNotation(st.(*State), st.(*State), a); err != nil {
			t.Fatalf("%q: %v", text, err)
		}
	},
}

// FuzzDecodeState: see enginetest.FuzzDecodeState; seeded besides with
// states from the middle of games with one field pushed to an impossible
// value (addDecodeSeeds).
func FuzzDecodeState(f *testing.F) {
	addDecodeSeeds(f)
	enginetest.FuzzDecodeState(f, fuzz)
}

func TestCopyFromIsIndependent(t *testing.T) {
	s, _ := playRandom(t, 7, nil)
	var c State
	c.CopyFrom(s)
	if c != *s || c.Hash() != s.Hash() {
		t.Fatal("copy differs")
	}
	c.U[0].Pos.X += 1
	if c.Hash() == s.Hash() {
		t.Fatal("hash did not change with a unit's position")
	}
	if s.U[0].Pos.X == c.U[0].Pos.X {
		t.Fatal("copy shares memory with the original")
	}
}

// TestSeededGamesRepeat pins determinism: the same seeds give the same game.
func TestSeededGamesRepeat(t *testing.T) {
	a, na := playRandom(t, 42, nil)
	b, nb := playRandom(t, 42, nil)
	if na != nb || *a != *b {
		t.Fatal("two games with the same seeds differ")
	}
}

func TestRecordReplay(t *testing.T) {
	rs := Rules{}
	rec, err := engine.NewRecord(rs, DefaultScenario, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := NewGame(DefaultScenario, engine.Options{})
	rng := rand.New(rand.NewPCG(9, 9))
	dice := engine.NewRandomDice(9)
	var buf []engine.Action
	var mid uint64 // the position after 100 steps
	for !s.Terminal() {
		if len(rec.Steps) == 100 {
			mid = s.Hash()
		}
		if s.ToMove() == engine.Chance {
			d, _ := dice.Roll(s.PendingRoll())
			rec.AddDice(s, d)
			_ = s.ApplyDice(d)
			continue
		}
		buf = s.Legal(buf[:0])
		a := buf[rng.IntN(len(buf))]
		rec.AddAction(s, s.ToMove(), a)
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	rec.Result = s.Result()
	var w bytes.Buffer
	if err := rec.Write(&w); err != nil {
		t.Fatal(err)
	}
	recs, err := engine.ReadRecords(&w)
	if err != nil || len(recs) != 1 {
		t.Fatalf("read back: %v (%d records)", err, len(recs))
	}
	end, err := engine.Replay(rs, recs[0])
	if err != nil {
		t.Fatal(err)
	}
	if end.Hash() != s.Hash() {
		t.Fatal("replay ends in a different position")
	}
	at, err := engine.ReplaySteps(rs, recs[0], 100)
	if err != nil || at.Hash() != mid {
		t.Fatalf("the position after 100 steps does not replay: %v", err)
	}
	// ReplayVisit shows every position before its step, the 100th being
	// the one after 100 steps, and stops at the visitor's error.
	visited, stop := 0, errors.New("stop")
	_, err = engine.ReplayVisit(rs, recs[0], func(i int, st engine.State) error {
		if i != visited {
			t.Fatalf("visit %d came as step %d", visited, i)
		}
		visited++
		if i == 100 {
			if st.Hash() != mid {
				t.Error("the state visited before step 100 is not the position after 100 steps")
			}
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || visited != 101 {
		t.Fatalf("ReplayVisit: %v after %d visits, want the visitor's error after 101", err, visited)
	}
	if _, err := engine.ReplaySteps(rs, recs[0], len(recs[0].Steps)+1); err == nil {
		t.Fatal("a step past the record's end was accepted")
	}
	// A tampered die no longer replays to the same result.
	for i := range recs[0].Steps {
		if d := recs[0].Steps[i].Dice; d != nil && d.N == 2 && d.V[0] != d.V[1] {
			d.V[0], d.V[1] = d.V[1], d.V[0]
			break
		}
	}
	if _, err := engine.Replay(rs, recs[0]); err == nil {
		t.Fatal("a record with a changed die replayed without complaint")
	}
}
