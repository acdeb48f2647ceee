package ladder

import (
	"bytes"
	"compress/gzip"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/sourcegraph/conc/pool"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/tournaments"
)

// Pair is two games scheduled on a pool's scenario with the same dice,
// sides swapped: seat 0 has A on side 0, seat 1 has B there.
type Pair struct {
	ID   int64 `json:"id"`
	Pool Pool  `json:"pool"`
	A    int64 `json:"a"`
	B    int64 `json:"b"`
}

// Seeds are a pair's dice seed and its entrants' agent seeds, from the
// ladder's seed and the pair's id alone: a game is the same whoever plays
// it, and whenever.
func (l *Ladder) Seeds(pair int64) (dice, seedA, seedB uint64) {
	dice = engine.SplitMixNth(l.seed, uint64(pair))
	return dice, engine.SplitMixNth(dice, 1), engine.SplitMixNth(dice, 2)
}

// task is one game to play: a pair's seat.
type task struct {
	pair Pair
	seat int
}

// next takes the next game to play, none of busy: a seat an earlier run
// (or another worker) left unplayed, else the first seat of a new pair
// chosen where it teaches the most (schedule).
func (l *Ladder) next(ctx context.Context, busy map[task]bool) (task, error) {
	var t task
	err := l.write(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `
			SELECT p.id, p.a, p.b, o.id, o.ruleset, o.scenario,
			       EXISTS (SELECT 1 FROM games g WHERE g.pair = p.id AND g.seat = 0),
			       EXISTS (SELECT 1 FROM games g WHERE g.pair = p.id AND g.seat = 1)
			FROM pairs p JOIN pools o ON o.id = p.pool
			WHERE (SELECT COUNT(*) FROM games g WHERE g.pair = p.id) < 2
			ORDER BY p.id`)
		if err != nil {
			return err
		}
		found := false
		for rows.Next() && !found {
			var p Pair
			var done [2]bool
			if err := rows.Scan(&p.ID, &p.A, &p.B, &p.Pool.ID, &p.Pool.Ruleset, &p.Pool.Scenario, &done[0], &done[1]); err != nil {
				rows.Close()
				return err
			}
			for seat := range 2 {
				if !done[seat] && !busy[task{p, seat}] && !found {
					t, found = task{p, seat}, true
				}
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil || found {
			return err
		}
		p, err := schedule(ctx, tx)
		if err != nil {
			return err
		}
		t = task{p, 0}
		return nil
	})
	return t, err
}

// schedule adds the next pair: on the pool with the fewest pairs, the
// active entrant with the fewest games (the least known rating) against
// the one it has met least, then the one with fewest games, ties by id.
// It depends on the store alone, so one worker's ladder is reproducible.
func schedule(ctx context.Context, tx *sql.Tx) (Pair, error) {
	var p Pair
	err := tx.QueryRowContext(ctx, `
		SELECT o.id, o.ruleset, o.scenario FROM pools o
		ORDER BY (SELECT COUNT(*) FROM pairs p WHERE p.pool = o.id), o.id LIMIT 1`).Scan(&p.Pool.ID, &p.Pool.Ruleset, &p.Pool.Scenario)
	if errors.Is(err, sql.ErrNoRows) {
		return Pair{}, errNothingToPlay
	}
	if err != nil {
		return Pair{}, err
	}
	// Games are counted from the pairs, played or not, so that a pair
	// scheduled and not yet played already counts.
	const count = `SELECT e.id FROM entrants e WHERE e.retired = 0
		ORDER BY (SELECT COUNT(*) FROM pairs p WHERE p.a = e.id OR p.b = e.id), e.id LIMIT 1`
	if err := tx.QueryRowContext(ctx, count).Scan(&p.A); errors.Is(err, sql.ErrNoRows) {
		return Pair{}, errNothingToPlay
	} else if err != nil {
		return Pair{}, err
	}
	err = tx.QueryRowContext(ctx, `
		SELECT e.id FROM entrants e WHERE e.retired = 0 AND e.id != ?1
		ORDER BY (SELECT COUNT(*) FROM pairs p WHERE (p.a = e.id AND p.b = ?1) OR (p.b = e.id AND p.a = ?1)),
		         (SELECT COUNT(*) FROM pairs p WHERE p.a = e.id OR p.b = e.id), e.id LIMIT 1`, p.A).Scan(&p.B)
	if errors.Is(err, sql.ErrNoRows) {
		return Pair{}, errNothingToPlay
	}
	if err != nil {
		return Pair{}, err
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO pairs (pool, a, b, created) VALUES (?, ?, ?, ?)`, p.Pool.ID, p.A, p.B, now())
	if err != nil {
		return Pair{}, err
	}
	p.ID, err = res.LastInsertId()
	return p, err
}

// Game is one finished game of the ladder.
type Game struct {
	ID   int64 `json:"id"`
	Pair int64 `json:"pair"`
	Seat int   `json:"seat"`
	// Sides are the entrants on side 0 and side 1.
	Sides  [2]int64      `json:"sides"`
	Result engine.Result `json:"result"`
	Steps  int           `json:"steps"`
	Played int64         `json:"played"`
}

// play plays a task's game from its seeds and stores it; a game stopped
// before its end (ctx cancelled) is not stored.
func (l *Ladder) play(ctx context.Context, t task, entrants map[int64]Entrant) (Game, error) {
	rs, err := engine.Lookup(t.pair.Pool.Ruleset)
	if err != nil {
		return Game{}, err
	}
	dice, seedA, seedB := l.Seeds(t.pair.ID)
	sides := [2]int64{t.pair.A, t.pair.B}
	seeds := [2]uint64{seedA, seedB}
	if t.seat == 1 {
		sides, seeds = [2]int64{t.pair.B, t.pair.A}, [2]uint64{seedB, seedA}
	}
	var players [2]agents.Agent
	for side := range 2 {
		e, ok := entrants[sides[side]]
		if !ok {
			return Game{}, fmt.Errorf("pair %d names entrant %d, which the ladder does not have", t.pair.ID, sides[side])
		}
		a, err := agents.New(e.Spec, seeds[side])
		if err != nil {
			return Game{}, fmt.Errorf("entrant %s: %w", e.Name, err)
		}
		defer agents.Close(a)
		players[side] = a
	}
	rec, err := tournaments.PlayMatch(ctx, rs, t.pair.Pool.Scenario, engine.Options{}, players, dice, nil)
	if err != nil {
		return Game{}, fmt.Errorf("pair %d seat %d: %w", t.pair.ID, t.seat, err)
	}
	rec.AgentSeeds = seeds
	data, err := json.Marshal(rec)
	if err != nil {
		return Game{}, err
	}
	// Records are mostly repeated notation: gzipped they take a tenth of
	// the room.
	var zipped bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&zipped, gzip.BestSpeed)
	if _, err := zw.Write(data); err != nil {
		return Game{}, err
	}
	if err := zw.Close(); err != nil {
		return Game{}, err
	}
	g := Game{Pair: t.pair.ID, Seat: t.seat, Sides: sides, Result: rec.Result, Steps: len(rec.Steps), Played: now()}
	err = l.write(ctx, func(tx *sql.Tx) error {
		// A seat is stored once: a second report of it (a run that played
		// it again after a crash between play and store) changes nothing.
		res, err := tx.ExecContext(ctx, `INSERT INTO games (pair, seat, side0, side1, winner, kind, reason, steps, record, played)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (pair, seat) DO NOTHING`,
			g.Pair, g.Seat, g.Sides[0], g.Sides[1], int(g.Result.Winner), g.Result.Kind.String(), g.Result.Reason, g.Steps, zipped.Bytes(), g.Played)
		if err != nil {
			return err
		}
		g.ID, err = res.LastInsertId()
		return err
	})
	return g, err
}

// RunOptions say how long a run plays and what it reports.
type RunOptions struct {
	// Workers is how many games are played at once (1 if 0).
	Workers int
	// Games stops the run after this many games (0: until ctx ends).
	Games int
	// Done is told of each game stored, from the worker that played it.
	Done func(Game)
}

// Run plays games until ctx ends or opts.Games are played, and returns
// how many it stored. A game cut short by ctx is not stored: it is
// played again, from the same seeds, by the next run.
func (l *Ladder) Run(ctx context.Context, opts RunOptions) (int, error) {
	workers := max(opts.Workers, 1)
	list, err := l.Entrants(ctx)
	if err != nil {
		return 0, err
	}
	entrants := map[int64]Entrant{}
	for _, e := range list {
		entrants[e.ID] = e
	}
	var mu sync.Mutex
	busy := map[task]bool{}
	played, taken := 0, 0
	p := pool.New().WithContext(ctx).WithCancelOnError()
	for range workers {
		p.Go(func(ctx context.Context) error {
			for ctx.Err() == nil {
				mu.Lock()
				if opts.Games > 0 && taken >= opts.Games {
					mu.Unlock()
					return nil
				}
				t, err := l.next(ctx, busy)
				if err != nil {
					mu.Unlock()
					return err
				}
				busy[t] = true
				taken++
				mu.Unlock()
				g, err := l.play(ctx, t, entrants)
				mu.Lock()
				delete(busy, t)
				if err == nil {
					played++
				}
				mu.Unlock()
				if err != nil {
					if ctx.Err() != nil {
						return nil // stopped: the game is played again next run
					}
					return err
				}
				if opts.Done != nil {
					opts.Done(g)
				}
			}
			return nil
		})
	}
	err = p.Wait()
	if errors.Is(err, context.Canceled) {
		err = nil
	}
	return played, err
}
