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
	"time"

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
		p, err := l.schedule(ctx, tx)
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
func (l *Ladder) schedule(ctx context.Context, tx *sql.Tx) (Pair, error) {
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
	err = tx.QueryRowContext(ctx, l.q(`
		SELECT e.id FROM entrants e WHERE e.retired = 0 AND e.id != ?
		ORDER BY (SELECT COUNT(*) FROM pairs p WHERE (p.a = e.id AND p.b = ?) OR (p.b = e.id AND p.a = ?)),
		         (SELECT COUNT(*) FROM pairs p WHERE p.a = e.id OR p.b = e.id), e.id LIMIT 1`), p.A, p.A, p.A).Scan(&p.B)
	if errors.Is(err, sql.ErrNoRows) {
		return Pair{}, errNothingToPlay
	}
	if err != nil {
		return Pair{}, err
	}
	p.ID, err = l.insertID(ctx, tx, `INSERT INTO pairs (pool, a, b, created) VALUES (?, ?, ?, ?)`, p.Pool.ID, p.A, p.B, now())
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

// playSeat plays a task's game from its seeds and gives its record,
// gzipped, and the game as it will be stored.
func (l *Ladder) playSeat(ctx context.Context, t task, entrants map[int64]Entrant) (Game, []byte, error) {
	rs, err := engine.Lookup(t.pair.Pool.Ruleset)
	if err != nil {
		return Game{}, nil, err
	}
	dice, sides, seeds := l.seatSeeds(t)
	var players [2]agents.Agent
	for side := range 2 {
		e, ok := entrants[sides[side]]
		if !ok {
			return Game{}, nil, fmt.Errorf("pair %d names entrant %d, which the ladder does not have", t.pair.ID, sides[side])
		}
		a, err := agents.New(e.Spec, seeds[side])
		if err != nil {
			return Game{}, nil, fmt.Errorf("entrant %s: %w", e.Name, err)
		}
		defer agents.Close(a)
		players[side] = a
	}
	rec, err := tournaments.PlayMatch(ctx, rs, t.pair.Pool.Scenario, engine.Options{}, players, dice, nil)
	if err != nil {
		return Game{}, nil, fmt.Errorf("pair %d seat %d: %w", t.pair.ID, t.seat, err)
	}
	rec.AgentSeeds = seeds
	clipForfeit(rec)
	zipped, err := zipRecord(rec)
	if err != nil {
		return Game{}, nil, err
	}
	return Game{Pair: t.pair.ID, Seat: t.seat, Sides: sides, Result: rec.Result, Steps: len(rec.Steps), Played: now()}, zipped, nil
}

// seatSeeds are a task's dice seed, and its entrants and their agents'
// seeds by side.
func (l *Ladder) seatSeeds(t task) (dice uint64, sides [2]int64, seeds [2]uint64) {
	dice, seedA, seedB := l.Seeds(t.pair.ID)
	if t.seat == 1 {
		return dice, [2]int64{t.pair.B, t.pair.A}, [2]uint64{seedB, seedA}
	}
	return dice, [2]int64{t.pair.A, t.pair.B}, [2]uint64{seedA, seedB}
}

// zipRecord is a record as the store keeps it: JSON, gzipped. Records
// are mostly repeated notation: gzipped they take a tenth of the room.
func zipRecord(rec *engine.Record) ([]byte, error) {
	data, err := json.Marshal(rec)
	if err != nil {
		return nil, err
	}
	var zipped bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&zipped, gzip.BestSpeed)
	if _, err := zw.Write(data); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return zipped.Bytes(), nil
}

// storeGame writes a finished game in tx, once: a second report of the
// same seat (a run that played it again after a crash between play and
// store, or a worker whose lease had passed to another) changes nothing,
// and stored says so.
func (l *Ladder) storeGame(ctx context.Context, tx *sql.Tx, g *Game, zipped []byte) (stored bool, err error) {
	err = tx.QueryRowContext(ctx, l.q(`INSERT INTO games (pair, seat, side0, side1, winner, kind, reason, steps, record, played)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (pair, seat) DO NOTHING RETURNING id`),
		g.Pair, g.Seat, g.Sides[0], g.Sides[1], int(g.Result.Winner), g.Result.Kind.String(), g.Result.Reason, g.Steps, zipped, g.Played).Scan(&g.ID)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// play plays a task's game from its seeds and stores it; a game stopped
// before its end (ctx cancelled) is not stored.
func (l *Ladder) play(ctx context.Context, t task, entrants map[int64]Entrant) (Game, error) {
	g, zipped, err := l.playSeat(ctx, t, entrants)
	if err != nil {
		return Game{}, err
	}
	err = l.write(ctx, func(tx *sql.Tx) error {
		_, err := l.storeGame(ctx, tx, &g, zipped)
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
	// Done is told of each game stored, one call at a time.
	Done func(Game)

	// On a shared ladder (PostgreSQL) Run is the coordinator: it
	// schedules pairs into the queue, replays every report and stores
	// the games that pass, while Workers (0 allowed: then only 'grognard
	// worker' processes play) play in this process as any worker does.

	// Queue is how many seats are kept scheduled ahead of the workers
	// (DefaultQueue if 0).
	Queue int
	// Lease is how long a worker's game is its own without a heartbeat
	// (DefaultLease if 0; MinLease to MaxLease): the coordinator's to
	// set, kept in the ladder, told to every worker by its claim.
	Lease time.Duration
	// Poll is how long the coordinator waits when no report is waiting
	// (200 ms if 0).
	Poll time.Duration
	// Work is how the workers in this process play (Threads is Workers;
	// Name is "coordinator" if empty); its Log is the coordinator's too.
	Work WorkOptions
	// Refused is told of each report refused.
	Refused func(Refusal)
}

// DefaultQueue is how many seats a shared ladder keeps scheduled ahead.
const DefaultQueue = 64

// Run plays games until ctx ends or opts.Games are played, and returns
// how many it stored. A game cut short by ctx is not stored: it is
// played again, from the same seeds, by the next run.
func (l *Ladder) Run(ctx context.Context, opts RunOptions) (int, error) {
	if l.dialect.shared {
		return l.coordinate(ctx, opts)
	}
	// One run plays a file at a time, as one coordinator a server's
	// ladder: two would each schedule and play the same seats.
	unlock, err := lockRun(l.file)
	if err != nil {
		return 0, err
	}
	defer unlock()
	workers := max(opts.Workers, 1)
	opts.Done = oneAtATime(opts.Done)
	// Entrants are read again when a pair names one added since.
	cast := &roster{l: l}
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
				entrants, err := cast.get(ctx, t.pair.A, t.pair.B)
				var g Game
				if err == nil {
					g, err = l.play(ctx, t, entrants)
				}
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
	return played, unlessStopped(ctx, p.Wait())
}

// oneAtATime is done made safe to call from several goroutines: the
// calls never overlap, so a caller may write to one stream from it.
func oneAtATime(done func(Game)) func(Game) {
	if done == nil {
		return nil
	}
	var mu sync.Mutex
	return func(g Game) {
		mu.Lock()
		defer mu.Unlock()
		done(g)
	}
}
