package ladder

import (
	"bytes"
	"errors"
	"fmt"
	"slices"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
)

// errForged is wrapped by every reason a reported record is refused.
var errForged = errors.New("refused")

// verifyReport checks a record a worker reported for a task before it
// counts: it must be one record of the pool's ruleset and scenario, with
// the seat's dice and agent seeds, every die the one the dice seed rolls
// at that point, every action legal, and the result the one the replay
// reaches. It gives the game to store, its result the replay's. A record
// that passes is a game the rules allow from the seeds given; that the
// agents chose its actions is taken on trust (checking it would mean
// playing the game again).
func (l *Ladder) verifyReport(t task, zipped []byte, entrants map[int64]Entrant) (Game, error) {
	refuse := func(format string, args ...any) (Game, error) {
		return Game{}, fmt.Errorf("%w: %s", errForged, fmt.Sprintf(format, args...))
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
	switch {
	case rec.Ruleset != t.pair.Pool.Ruleset || rec.Scenario != t.pair.Pool.Scenario:
		return refuse("the record is of %s %s, the pair's pool is %s %s", rec.Ruleset, rec.Scenario, t.pair.Pool.Ruleset, t.pair.Pool.Scenario)
	case rec.Options.TurnLimit != 0 || len(rec.Options.Variants) > 0:
		return refuse("the record has options %+v; the ladder plays without", rec.Options)
	case rec.DiceSeed != dice:
		return refuse("dice seed %d, the pair's is %d", rec.DiceSeed, dice)
	case rec.AgentSeeds != seeds:
		return refuse("agent seeds %v, the seat's are %v", rec.AgentSeeds, seeds)
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
		// that way (a built-in agent never forfeits), so a forfeit by a
		// built-in agent is not one.
		if w := rec.Result.Winner; w != 0 && w != 1 {
			return refuse("a forfeit with no winner")
		}
		loser := rec.Result.Winner.Other()
		name, _, _ := agents.ParseSpec(entrants[sides[loser]].Spec)
		if name != "external" {
			return refuse("a forfeit by %s, a built-in agent, which never forfeits", entrants[sides[loser]].Name)
		}
	}
	return Game{Pair: t.pair.ID, Seat: t.seat, Sides: sides, Result: rec.Result, Steps: len(rec.Steps), Played: now()}, nil
}
