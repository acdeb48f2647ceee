package twobytwo_test

import (
	"context"
	"errors"
	"testing"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/twobytwo"
	evaltwo "github.com/grognard/grognard/evaluation/twobytwo"
	"github.com/grognard/grognard/tournaments"
)

// recordedGame plays greedy against greedy on scenario and returns the
// record and the samples self-play takes along the game (both views of
// the position before every every'th step, as package agents/twobytwo/selfplay does).
func recordedGame(t *testing.T, scenario string, seed uint64, every int) (*engine.Record, []evaltwo.Sample) {
	t.Helper()
	var players [2]agents.Agent
	for s := range players {
		var err error
		if players[s], err = agents.New("greedy", seed*2+uint64(s)); err != nil {
			t.Fatal(err)
		}
	}
	var views [][2]evaltwo.Features
	obs := func(e tournaments.Event) error {
		st, ok := e.State.(*twobytwo.State)
		if e.Final || e.N%every != 0 || !ok || st.Terminal() {
			return nil
		}
		var v [2]evaltwo.Features
		evaltwo.Extract(st, 0, &v[0])
		evaltwo.Extract(st, 1, &v[1])
		views = append(views, v)
		return nil
	}
	rec, err := tournaments.PlayMatch(context.Background(), twobytwo.Rules{}, scenario, engine.Options{}, players, seed, obs)
	if err != nil {
		t.Fatal(err)
	}
	var want []evaltwo.Sample
	for _, v := range views {
		for s := range 2 {
			want = append(want, evaltwo.Sample{F: v[s], Outcome: rec.Result.Score(engine.Player(s))})
		}
	}
	return rec, want
}

func TestRecordSamplesMatchSelfPlay(t *testing.T) {
	for _, tc := range []struct {
		scenario string
		seed     uint64
		every    int
	}{{"standard", 1, 10}, {"river-line", 2, 7}, {"gen:3", 3, 1}} {
		rec, want := recordedGame(t, tc.scenario, tc.seed, tc.every)
		got, err := evaltwo.RecordSamples(rec, tc.every)
		if err != nil {
			t.Fatalf("%s: %v", tc.scenario, err)
		}
		if len(got) != len(want) || len(got) == 0 {
			t.Fatalf("%s every %d: %d samples from the record, %d along the game", tc.scenario, tc.every, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%s every %d: sample %d differs: %+v from the record, %+v along the game", tc.scenario, tc.every, i, got[i], want[i])
			}
		}
	}
}

func TestRecordSamplesRefuses(t *testing.T) {
	rec, _ := recordedGame(t, "standard", 4, 10)
	unfinished := *rec
	unfinished.Result = engine.Result{}
	forfeit := *rec
	forfeit.Result.Kind, forfeit.Result.Reason = engine.Forfeit, engine.ForfeitReason+" French: crashed"
	other := *rec
	other.Ruleset = "chess"
	tampered := *rec
	tampered.Steps = append([]engine.Step(nil), rec.Steps...)
	for i := range tampered.Steps {
		if d := tampered.Steps[i].Dice; d != nil && d.N == 2 && d.V[0] != d.V[1] {
			swapped := *d
			swapped.V[0], swapped.V[1] = d.V[1], d.V[0]
			tampered.Steps[i].Dice = &swapped
			break
		}
	}
	for _, tc := range []struct {
		name  string
		rec   *engine.Record
		every int
		want  error
	}{
		{"unfinished", &unfinished, 10, evaltwo.ErrNoOutcome},
		{"forfeit", &forfeit, 10, evaltwo.ErrNoOutcome},
		{"tampered dice", &tampered, 10, engine.ErrReplayMismatch},
		{"another ruleset", &other, 10, engine.ErrReplayMismatch},
		{"every 0", rec, 0, nil},
	} {
		_, err := evaltwo.RecordSamples(tc.rec, tc.every)
		if err == nil || (tc.want != nil && !errors.Is(err, tc.want)) {
			t.Errorf("%s: error %v, want %v", tc.name, err, tc.want)
		}
	}
}
