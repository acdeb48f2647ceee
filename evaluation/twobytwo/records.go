package twobytwo

import (
	"errors"
	"fmt"

	"github.com/grognard/grognard/engine"
	rules "github.com/grognard/grognard/engine/twobytwo"
)

// ErrNoOutcome is wrapped by RecordSamples for a record whose outcome
// says nothing about its positions: a game not played to its end, or
// one lost by forfeit.
var ErrNoOutcome = errors.New("the record has no outcome to learn from")

// RecordSamples replays a recorded 2 by 2 game and returns both sides'
// views of the position before every step whose number, counting from 1,
// is a multiple of every (positions of a game in progress only), side 0's
// first, each labelled with the recorded outcome for that side: the
// samples package agents/twobytwo/selfplay takes along a game it plays. The record's
// scenario must be registered (import package scenarios for the built-in
// ones and gen:<k>).
func RecordSamples(rec *engine.Record, every int) ([]Sample, error) {
	if every < 1 {
		return nil, fmt.Errorf("sample every %d steps: must be 1 or more", every)
	}
	if !rec.Result.Over || engine.IsForfeit(rec.Result) {
		return nil, fmt.Errorf("%w: %s", ErrNoOutcome, rec.Result)
	}
	var samples []Sample
	visit := func(i int, st engine.State) error {
		ts := st.(*rules.State) // twobytwo.Rules makes no other; a record of another ruleset does not replay
		if (i+1)%every != 0 || ts.Terminal() {
			return nil
		}
		for s := 0; s < 2; s++ {
			samples = append(samples, Sample{Outcome: rec.Result.Score(engine.Player(s))})
			Extract(ts, s, &samples[len(samples)-1].F)
		}
		return nil
	}
	if _, err := engine.ReplayVisit(rules.Rules{}, rec, visit); err != nil {
		return nil, err
	}
	return samples, nil
}
