package ladder

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/internal/termsafe"
)

// errForged is wrapped by every reason a reported record is refused.
var errForged = errors.New("refused")

// verifyReport checks a record a worker reported for a task before it
// counts: it must be one record of the pool's ruleset and scenario, with
// the seat's dice and agent seeds, naming the pair's entrants as a record
// of their registered specs does, every die the one the dice seed rolls
// at that point, every action legal, and the result the one the replay
// reaches. A forfeit must be by an external program, as the ladder knows
// the entrant (its registered spec), whatever the record says. It gives
// the game to store, its result the replay's, and the record to store:
// the one reported, encoded again from what was read (nothing the
// checks did not read is kept), its forfeit's stated cause clipped to
// MaxReason bytes and escaped. A record that passes is a game the rules
// allow from the seeds given; that the entrants' programs chose its
// actions is taken on trust (checking it would mean playing the game
// again), as is the cause a forfeit states.
func (l *Ladder) verifyReport(t task, zipped []byte, entrants map[int64]Entrant) (Game, []byte, error) {
	refuse := func(format string, args ...any) (Game, []byte, error) {
		return Game{}, nil, fmt.Errorf("%w: %s", errForged, fmt.Sprintf(format, args...))
	}
	data, err := unzipRecord(zipped)
	if err != nil {
		return refuse("the record does not unzip: %v", err)
	}
	recs, err := engine.ReadRecords(bytes.NewReader(data))
	if err != nil {
		return refuse("the record does not read: %v", err)
	}
	if len(recs) != 1 {
		return refuse("%d records in one report", len(recs))
	}
	rec := recs[0]
	dice, sides, seeds := l.seatSeeds(t)
	var want [2]string
	for side := range 2 {
		e, ok := entrants[sides[side]]
		if !ok {
			return Game{}, nil, fmt.Errorf("pair %d names entrant %d, which the ladder does not have", t.pair.ID, sides[side])
		}
		if want[side], err = l.expectedAgent(e); err != nil {
			return Game{}, nil, err
		}
	}
	switch {
	case rec.Format != engine.RecordFormat:
		return refuse("a record of format %d; a worker writes format %d", rec.Format, engine.RecordFormat)
	case rec.Ruleset != t.pair.Pool.Ruleset || rec.Scenario != t.pair.Pool.Scenario:
		return refuse("the record is of %s %s, the pair's pool is %s %s", rec.Ruleset, rec.Scenario, t.pair.Pool.Ruleset, t.pair.Pool.Scenario)
	case rec.Options.TurnLimit != 0 || len(rec.Options.Variants) > 0:
		return refuse("the record has options %+v; the ladder plays without", rec.Options)
	case rec.DiceSeed != dice:
		return refuse("dice seed %d, the pair's is %d", rec.DiceSeed, dice)
	case rec.AgentSeeds != seeds:
		return refuse("agent seeds %v, the seat's are %v", rec.AgentSeeds, seeds)
	case rec.Agents != want:
		return refuse("the record's agents are %q, the seat's entrants %s and %s play as %q", rec.Agents, entrants[sides[0]].Name, entrants[sides[1]].Name, want)
	}
	rs, err := engine.Lookup(rec.Ruleset)
	if err != nil {
		return refuse("%v", err)
	}
	// The dice are rolled again from the seed as the game went: a record
	// with any other die is not the game the pair was given.
	roller := engine.NewRandomDice(dice)
	checkDice := func(i int, st engine.State) error {
		got := rec.Steps[i].Dice
		if got == nil {
			return nil
		}
		if st.ToMove() != engine.Chance {
			return fmt.Errorf("step %d has dice but %s is to move", i, st.ToMove())
		}
		want, err := roller.Roll(st.PendingRoll())
		if err != nil {
			return err
		}
		if !slices.Equal(got.Values(), want.Values()) {
			return fmt.Errorf("step %d rolls %v, the dice seed rolls %v", i, got.Values(), want.Values())
		}
		return nil
	}
	if _, err := engine.ReplayVisit(rs, rec, checkDice); err != nil {
		return refuse("the record does not replay: %v", err)
	}
	if engine.IsForfeit(rec.Result) {
		// A forfeit cannot be replayed: only an external program loses
		// that way (a built-in agent never forfeits), and which entrant is
		// one the ladder knows from its registered spec, not from the
		// record.
		if w := rec.Result.Winner; w != 0 && w != 1 {
			return refuse("a forfeit with no winner")
		}
		loser := rec.Result.Winner.Other()
		if !agents.StartsProgram(entrants[sides[loser]].Spec) {
			return refuse("a forfeit by %s, a built-in agent, which never forfeits", entrants[sides[loser]].Name)
		}
		// The replay checked what the reason says before its cause (the
		// side, its agent, the step); the cause is the worker's word.
		clipForfeit(rec)
	}
	for i := range rec.Steps {
		rec.Steps[i].Text = "" // a record of this format has no descriptions
	}
	canonical, err := zipRecord(rec)
	if err != nil {
		return Game{}, nil, err
	}
	return Game{Pair: t.pair.ID, Seat: t.seat, Sides: sides, Result: rec.Result, Steps: len(rec.Steps), Played: now()}, canonical, nil
}

// expectedAgent is the name an agent built from e's spec writes in a
// record: what a record of a game e played must say. It is worked out
// once per spec (built and closed, never started: an external program
// starts at its first move).
func (l *Ladder) expectedAgent(e Entrant) (string, error) {
	if v, ok := l.names.Load(e.Spec); ok {
		return v.(string), nil
	}
	a, err := agents.New(e.Spec, 1)
	if err != nil {
		return "", fmt.Errorf("entrant %s: %w", e.Name, err)
	}
	name := a.Name()
	agents.Close(a)
	l.names.Store(e.Spec, name)
	return name, nil
}

// clipForfeit keeps a forfeit's stated cause (what an external program's
// failure was, in the words of whoever played it) short and safe to show:
// clipped to MaxReason bytes, control characters escaped. What the
// reason says before it (the side, its agent, the step) is left as the
// replay checks it.
func clipForfeit(rec *engine.Record) {
	if !engine.IsForfeit(rec.Result) || (rec.Result.Winner != 0 && rec.Result.Winner != 1) {
		return
	}
	loser := rec.Result.Winner.Other()
	prefix := engine.ForfeitResult(loser, rec.Agents[loser], len(rec.Steps)+1, "").Reason
	if !strings.HasPrefix(rec.Result.Reason, prefix) {
		return
	}
	rec.Result.Reason = prefix + termsafe.Clip(strings.TrimPrefix(rec.Result.Reason, prefix), MaxReason)
}
