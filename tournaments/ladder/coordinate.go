package ladder

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/rs/zerolog"
	"github.com/sourcegraph/conc/pool"

	"github.com/grognard/grognard/agents"
)

// coordinate is Run on a shared ladder: one coordinator at a time (a
// session lock on the server) keeps the queue filled, replays each report
// and stores the games that pass, until ctx ends or opts.Games are
// stored. It returns how many it stored.
func (l *Ladder) coordinate(ctx context.Context, opts RunOptions) (int, error) {
	if opts.Queue <= 0 {
		opts.Queue = DefaultQueue
	}
	if opts.Poll <= 0 {
		opts.Poll = 200 * time.Millisecond
	}
	if opts.Lease == 0 {
		opts.Lease = DefaultLease
	}
	if err := CheckLease(opts.Lease); err != nil {
		return 0, err
	}
	conn, err := l.db.Conn(ctx)
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	var mine bool
	if err := conn.QueryRowContext(ctx, `SELECT pg_try_advisory_lock(5801)`).Scan(&mine); err != nil {
		return 0, err
	}
	if !mine {
		return 0, fmt.Errorf("%w: another 'ladder run' coordinates this ladder already: stop it first, or help it with 'grognard worker'", ErrLocked)
	}
	defer conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock(5801)`)
	// The lease is the coordinator's to set: the claim function reads it
	// here, and tells each worker.
	if _, err := l.db.ExecContext(ctx, `INSERT INTO meta (key, value) VALUES ('lease_ms', $1)
		ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, fmt.Sprint(opts.Lease.Milliseconds())); err != nil {
		return 0, fmt.Errorf("set the lease: %w", err)
	}

	stored := 0
	run, stop := context.WithCancel(ctx)
	defer stop()
	p := pool.New().WithContext(run).WithCancelOnError()
	if opts.Workers > 0 {
		work := opts.Work
		work.Threads = opts.Workers
		if work.Name == "" {
			work.Name = "coordinator"
		}
		p.Go(func(ctx context.Context) error {
			_, err := l.Work(ctx, work)
			return err
		})
	}
	p.Go(func(ctx context.Context) error {
		defer stop() // the workers here stop with the coordinator
		return l.coordinateLoop(ctx, opts, &stored)
	})
	return stored, unlessStopped(ctx, p.Wait())
}

// unlessStopped is err, or nil when err is how a stop of ctx ended what
// was running: a stop is not a failure. database/sql rolls back a
// transaction whose context ends, so a commit racing the stop finds it
// done (sql.ErrTxDone) rather than cancelled.
func unlessStopped(ctx context.Context, err error) error {
	if errors.Is(err, context.Canceled) || (ctx.Err() != nil && errors.Is(err, sql.ErrTxDone)) {
		return nil
	}
	return err
}

// coordinateLoop is the coordinator's work: reports checked first (the
// games that count), then the queue topped up, then a wait when there
// was nothing to check. With opts.Games, no more seats are scheduled than
// the games still to store, so a run of n games from a new ladder plays
// exactly the pairs a local run of n games does.
func (l *Ladder) coordinateLoop(ctx context.Context, opts RunOptions, stored *int) error {
	cast := &roster{l: l}
	log := opts.Work.Log
	count := func(g Game) {
		*stored++
		if opts.Done != nil {
			opts.Done(g)
		}
	}
	takeOver := func(gone []givenUp) error {
		for _, t := range gone {
			g, ok, err := l.takeOver(ctx, t, cast, log)
			if err != nil {
				return err
			}
			if ok {
				count(g)
			}
		}
		return nil
	}
	// Seats given up before (a coordinator stopped before it played them)
	// are taken over first.
	gone, err := queryAll(ctx, l, `SELECT pair, seat FROM tasks WHERE given_up ORDER BY pair, seat`,
		func(g *givenUp) []any { return []any{&g.pair.ID, &g.seat} })
	if err != nil {
		return err
	}
	for i := range gone {
		if gone[i].pair, err = l.pairByID(ctx, gone[i].pair.ID); err != nil {
			return err
		}
		gone[i].reason = "(refused before this run)"
	}
	if err := takeOver(gone); err != nil {
		return err
	}
	for ctx.Err() == nil {
		if err := l.normalize(ctx, opts.Lease); err != nil {
			return err
		}
		games, gone, err := l.checkReports(ctx, 64, cast, func(r Refusal) {
			log.Warn().Int64("report", r.ID).Int64("pair", r.Pair).Int("seat", r.Seat).Str("worker", r.Worker).Str("reason", r.Reason).
				Msg("report refused: the seat is played again")
			if opts.Refused != nil {
				opts.Refused(r)
			}
		})
		for _, g := range games {
			count(g)
		}
		if err != nil {
			return err
		}
		if err := takeOver(gone); err != nil {
			return err
		}
		if opts.Games > 0 && *stored >= opts.Games {
			return nil
		}
		if err := l.fill(ctx, opts, *stored); err != nil {
			return err
		}
		if len(games) == 0 {
			select {
			case <-ctx.Done():
			case <-time.After(opts.Poll):
			}
		}
	}
	return nil
}

// fill schedules pairs until opts.Queue seats wait (or, with opts.Games,
// as many as the games still to store).
func (l *Ladder) fill(ctx context.Context, opts RunOptions, stored int) error {
	n, err := l.queued(ctx)
	if err != nil {
		return err
	}
	for n < opts.Queue && (opts.Games == 0 || stored+n < opts.Games) {
		if _, err := l.enqueue(ctx); err != nil {
			if errors.Is(err, errNothingToPlay) && n > 0 {
				return nil
			}
			return fmt.Errorf("schedule: %w", err)
		}
		n += 2
	}
	return nil
}

// CheckLease refuses a lease length outside MinLease to MaxLease.
func CheckLease(d time.Duration) error {
	if d < MinLease || d > MaxLease {
		return fmt.Errorf("a lease of %v: give %v to %v (a worker silent this long loses its game to the next)", d, MinLease, MaxLease)
	}
	return nil
}

// takeOver is what the coordinator does with a seat given up after
// MaxRefusals refused reports. Were it left so, a worker that keeps
// taking a seat and reporting garbage could keep any game it chose out
// of the ladder. So when both entrants are built-in agents the
// coordinator plays the game itself, from the same seeds, checks its own
// record as it checks a worker's, and stores it; ok says it did. An
// external program may not be installed where the coordinator runs, and
// a game it could not start would be stored as that entrant's forfeit:
// such a seat stays given up, and 'ladder queue' lists it.
func (l *Ladder) takeOver(ctx context.Context, t givenUp, cast *roster, log zerolog.Logger) (Game, bool, error) {
	log = log.With().Int64("pair", t.pair.ID).Int("seat", t.seat).Str("last_refusal", t.reason).Logger()
	entrants, err := cast.get(ctx, t.pair.A, t.pair.B)
	if err != nil {
		return Game{}, false, err
	}
	for _, id := range []int64{t.pair.A, t.pair.B} {
		if agents.StartsProgram(entrants[id].Spec) {
			log.Error().Str("entrant", entrants[id].Name).Msgf("seat given up after %d refused reports: it stays unplayed (an external program's game is played by workers alone; see 'ladder queue')", MaxRefusals)
			return Game{}, false, nil
		}
	}
	log.Warn().Msgf("seat given up after %d refused reports: the coordinator plays it itself", MaxRefusals)
	g, zipped, err := l.playSeat(ctx, t.task, entrants)
	if err != nil {
		if ctx.Err() != nil {
			return Game{}, false, nil
		}
		return Game{}, false, fmt.Errorf("play pair %d seat %d given up by the workers: %w", t.pair.ID, t.seat, err)
	}
	g, zipped, err = l.verifyReport(t.task, zipped, entrants)
	if err != nil {
		log.Error().Err(err).Msg("the coordinator's own record of the seat is refused too: it stays unplayed (see 'ladder queue')")
		return Game{}, false, nil
	}
	var ok bool
	err = l.write(ctx, func(tx *sql.Tx) error {
		if ok, err = l.storeGame(ctx, tx, &g, zipped); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM tasks WHERE pair = $1 AND seat = $2`, t.pair.ID, t.seat)
		return err
	})
	return g, ok && err == nil, err
}
