package tournaments

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/twobytwo"
)

func randomPair(a, b uint64) [2]agents.Agent {
	return [2]agents.Agent{agents.NewRandom(a), agents.NewRandom(b)}
}

func encode(t *testing.T, rec *engine.Record) string {
	t.Helper()
	var buf bytes.Buffer
	if err := rec.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func TestPlayMatchDeterministicAndReplays(t *testing.T) {
	tests := []struct {
		name      string
		opts      engine.Options
		diceSeed  uint64
		agentSeed [2]uint64
	}{
		{"default", engine.Options{}, 1, [2]uint64{2, 3}},
		{"other seeds", engine.Options{}, 99, [2]uint64{5, 5}},
		{"turn limit 2", engine.Options{TurnLimit: 2}, 7, [2]uint64{8, 9}},
	}
	rs := twobytwo.Rules{}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			r1, err := PlayMatch(ctx, rs, "standard", tc.opts, randomPair(tc.agentSeed[0], tc.agentSeed[1]), tc.diceSeed, nil)
			if err != nil {
				t.Fatal(err)
			}
			r2, err := PlayMatch(ctx, rs, "standard", tc.opts, randomPair(tc.agentSeed[0], tc.agentSeed[1]), tc.diceSeed, nil)
			if err != nil {
				t.Fatal(err)
			}
			if encode(t, r1) != encode(t, r2) {
				t.Fatal("same seeds gave different records")
			}
			if !r1.Result.Over || r1.Turns < 1 || len(r1.Steps) == 0 {
				t.Fatalf("record not filled: result %v, turns %d, %d steps", r1.Result, r1.Turns, len(r1.Steps))
			}
			if r1.DiceSeed != tc.diceSeed || r1.Agents != [2]string{"random", "random"} || r1.Ruleset != "twobytwo" || r1.Scenario != "standard" {
				t.Errorf("record header wrong: %+v", r1)
			}
			if tc.opts.TurnLimit > 0 && r1.Turns > tc.opts.TurnLimit+1 {
				t.Errorf("turn limit %d but game reached turn %d", tc.opts.TurnLimit, r1.Turns)
			}
			// Format 2: actions as their notation, no descriptions.
			if r1.Format != engine.RecordFormat {
				t.Errorf("record of format %d, want %d", r1.Format, engine.RecordFormat)
			}
			for i, s := range r1.Steps {
				if (s.Dice == nil) == (s.Notation == "") || s.Text != "" {
					t.Fatalf("step %d is not of format 2: %+v", i, s)
				}
			}

			// The record goes through its JSON line and replays.
			recs, err := engine.ReadRecords(strings.NewReader(encode(t, r1)))
			if err != nil || len(recs) != 1 {
				t.Fatalf("read back: %v (%d records)", err, len(recs))
			}
			st, err := engine.Replay(rs, recs[0])
			if err != nil {
				t.Fatalf("replay: %v", err)
			}
			if st.Result() != r1.Result || st.Turn() != r1.Turns {
				t.Errorf("replay ends %v turn %d, match ended %v turn %d", st.Result(), st.Turn(), r1.Result, r1.Turns)
			}
		})
	}
}

func TestPlayMatchSeedsMatter(t *testing.T) {
	rs := twobytwo.Rules{}
	base, err := PlayMatch(context.Background(), rs, "standard", engine.Options{}, randomPair(2, 3), 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		dice   uint64
		agents [2]uint64
	}{
		{"dice seed", 2, [2]uint64{2, 3}},
		{"agent seed", 1, [2]uint64{2, 4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec, err := PlayMatch(context.Background(), rs, "standard", engine.Options{}, randomPair(tc.agents[0], tc.agents[1]), tc.dice, nil)
			if err != nil {
				t.Fatal(err)
			}
			if encode(t, rec) == encode(t, base) {
				t.Error("changing the seed did not change the game")
			}
		})
	}
}

func TestPlayMatchObserver(t *testing.T) {
	var events []Event
	var finals int
	obs := func(ev Event) error {
		if ev.Final {
			finals++
			if !ev.State.Terminal() {
				t.Error("final event on a game that is not over")
			}
		} else if ev.State.ToMove() != ev.Step.Player {
			t.Errorf("step %d: event for %s but %s is to move", ev.N, ev.Step.Player, ev.State.ToMove())
		}
		events = append(events, ev)
		return nil
	}
	rec, err := PlayMatch(context.Background(), twobytwo.Rules{}, "standard", engine.Options{TurnLimit: 3}, randomPair(1, 2), 3, obs)
	if err != nil {
		t.Fatal(err)
	}
	if finals != 1 || !events[len(events)-1].Final {
		t.Fatalf("want exactly one final event, last; got %d", finals)
	}
	if len(events) != len(rec.Steps)+1 {
		t.Fatalf("%d events for %d steps", len(events), len(rec.Steps))
	}
	for i, s := range rec.Steps {
		ev := events[i].Step
		same := ev.Player == s.Player && (ev.Dice == nil) == (s.Dice == nil) && (ev.Action == nil) == (s.Action == nil)
		if same && s.Dice != nil {
			same = *ev.Dice == *s.Dice
		}
		if same && s.Action != nil {
			same = *ev.Action == *s.Action
		}
		if events[i].N != i+1 || !same || ev.Text == "" {
			t.Fatalf("event %d (N %d, %q) does not match step %+v", i, events[i].N, ev.Text, s)
		}
	}
}

func TestPlayMatchStops(t *testing.T) {
	errStop := errors.New("stop here")
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name    string
		ctx     context.Context
		players [2]agents.Agent
		obs     Observer
		want    error  // wrapped by the error, when not nil
		text    string // in the error text
	}{
		{name: "cancelled", ctx: cancelled, players: randomPair(1, 2), want: context.Canceled},
		{name: "observer error", ctx: context.Background(), players: randomPair(1, 2),
			obs: func(ev Event) error {
				if ev.N == 10 {
					return errStop
				}
				return nil
			}, want: errStop},
		{name: "illegal action", ctx: context.Background(), players: [2]agents.Agent{cheat{}, cheat{}}, want: engine.ErrIllegal, text: "cheat"},
		{name: "agent error", ctx: context.Background(), players: [2]agents.Agent{broken{}, broken{}}, want: errBroken, text: "broken"},
		{name: "no agent", ctx: context.Background(), players: [2]agents.Agent{agents.NewRandom(1), nil}, text: "no agent for side 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := PlayMatch(tc.ctx, twobytwo.Rules{}, "standard", engine.Options{}, tc.players, 1, tc.obs)
			if err == nil {
				t.Fatal("match finished, want an error")
			}
			if tc.want != nil && !errors.Is(err, tc.want) {
				t.Errorf("error %q does not wrap %v", err, tc.want)
			}
			if !strings.Contains(err.Error(), tc.text) {
				t.Errorf("error %q does not mention %q", err, tc.text)
			}
		})
	}
}

func TestPlayMatchBadScenario(t *testing.T) {
	_, err := PlayMatch(context.Background(), twobytwo.Rules{}, "waterloo", engine.Options{}, randomPair(1, 2), 1, nil)
	if err == nil || !strings.Contains(err.Error(), "standard") {
		t.Fatalf("want an error naming the known scenarios, got %v", err)
	}
}

func TestPlayMatchStepCap(t *testing.T) {
	rec, err := playMatch(context.Background(), endless{}, "loop", engine.Options{}, randomPair(1, 2), 1, nil, 100)
	if err == nil || !strings.Contains(err.Error(), "did not end after 100 steps") {
		t.Fatalf("want the step cap error, got %v", err)
	}
	if rec == nil || len(rec.Steps) != 100 {
		t.Fatalf("want the partial record of 100 steps, got %v", rec)
	}
}

// TestPlayMatchParallel plays games at once, as tournaments will, for the
// race detector, and checks each equals the same game played alone.
func TestPlayMatchParallel(t *testing.T) {
	const games = 4
	want := make([]string, games)
	for i := range want {
		rec, err := PlayMatch(context.Background(), twobytwo.Rules{}, "standard", engine.Options{TurnLimit: 4}, randomPair(uint64(i), uint64(i+10)), uint64(i), nil)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = encode(t, rec)
	}
	got := make([]string, games)
	var wg sync.WaitGroup
	for i := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rec, err := PlayMatch(context.Background(), twobytwo.Rules{}, "standard", engine.Options{TurnLimit: 4}, randomPair(uint64(i), uint64(i+10)), uint64(i), nil)
			if err != nil {
				t.Error(err)
				return
			}
			var buf bytes.Buffer
			if err := rec.Write(&buf); err != nil {
				t.Error(err)
			}
			got[i] = buf.String()
		}()
	}
	wg.Wait()
	for i := range games {
		if got[i] != want[i] {
			t.Errorf("game %d differs when played in parallel", i)
		}
	}
}

func BenchmarkPlayMatch(b *testing.B) {
	rs := twobytwo.Rules{}
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		if _, err := PlayMatch(context.Background(), rs, "standard", engine.Options{}, randomPair(seed, seed+1), seed, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// cheat plays an action no ruleset offers.
type cheat struct{}

func (cheat) Name() string { return "cheat" }
func (cheat) Choose(context.Context, engine.State, engine.Player) (engine.Action, error) {
	return engine.Action{Kind: 250}, nil
}

var errBroken = errors.New("agent fell over")

// broken fails on every call.
type broken struct{}

func (broken) Name() string { return "broken" }
func (broken) Choose(context.Context, engine.State, engine.Player) (engine.Action, error) {
	return engine.Action{}, errBroken
}

// endless is a ruleset whose one scenario never ends: side 0 and side 1
// take turns passing forever.
type endless struct{}

func (endless) Name() string        { return "endless" }
func (endless) Version() string     { return "1" }
func (endless) Title() string       { return "Endless" }
func (endless) Scenarios() []string { return []string{"loop"} }
func (endless) NewGame(string, engine.Options) (engine.State, error) {
	return &loopState{}, nil
}
func (endless) ScenarioHash(string, engine.Options) (string, error) { return "loop", nil }
func (endless) DecodeState([]byte) (engine.State, error) {
	return nil, fmt.Errorf("endless states cannot be decoded")
}

type loopState struct{ n int }

func (s *loopState) Ruleset() string       { return "endless" }
func (s *loopState) ToMove() engine.Player { return engine.Player(s.n % 2) }
func (s *loopState) Terminal() bool        { return false }
func (s *loopState) Result() engine.Result { return engine.Result{} }
func (s *loopState) Legal(buf []engine.Action) []engine.Action {
	return append(buf, engine.Action{Kind: 1})
}
func (s *loopState) Apply(engine.Action) error           { s.n++; return nil }
func (s *loopState) PendingRoll() engine.Roll            { return engine.Roll{} }
func (s *loopState) ApplyDice(engine.Dice) error         { return nil }
func (s *loopState) DescribeRoll() string                { return "" }
func (s *loopState) DescribeAction(engine.Action) string { return "pass" }
func (s *loopState) FormatAction(engine.Action) string   { return "pass" }
func (s *loopState) ParseAction(text string) (engine.Action, error) {
	if text != "pass" {
		return engine.Action{}, fmt.Errorf("%w: %q: the one action is pass", engine.ErrNotation, text)
	}
	return engine.Action{Kind: 1}, nil
}
func (s *loopState) Turn() int                    { return s.n / 2 }
func (s *loopState) Hash() uint64                 { return uint64(s.n) }
func (s *loopState) CopyFrom(src engine.State)    { *s = *src.(*loopState) }
func (s *loopState) Clone() engine.State          { c := *s; return &c }
func (s *loopState) MarshalJSON() ([]byte, error) { return []byte("{}"), nil }
