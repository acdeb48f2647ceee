package ladder

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sourcegraph/conc/pool"
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
		return 0, errors.New("another 'ladder run' coordinates this ladder already: stop it first, or help it with 'grognard worker'")
	}
	defer conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock(5801)`)

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
	err = p.Wait()
	if errors.Is(err, context.Canceled) {
		err = nil
	}
	return stored, err
}

// coordinateLoop is the coordinator's work: reports checked first (the
// games that count), then the queue topped up, then a wait when there
// was nothing to check. With opts.Games, no more seats are scheduled than
// the games still to store, so a run of n games from a new ladder plays
// exactly the pairs a local run of n games does.
func (l *Ladder) coordinateLoop(ctx context.Context, opts RunOptions, stored *int) error {
	cast := &roster{l: l}
	for ctx.Err() == nil {
		entrants, err := cast.get(ctx)
		if err != nil {
			return err
		}
		games, err := l.checkReports(ctx, 64, entrants, func(r Refusal) {
			opts.Work.Log.Warn().Int64("report", r.ID).Int64("pair", r.Pair).Int("seat", r.Seat).Str("worker", r.Worker).Str("reason", r.Reason).
				Msg("report refused: the seat is played again")
			if opts.Refused != nil {
				opts.Refused(r)
			}
		})
		for _, g := range games {
			*stored++
			if opts.Done != nil {
				opts.Done(g)
			}
		}
		if err != nil {
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
