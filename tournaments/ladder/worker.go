package ladder

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/rs/zerolog"
	"github.com/sourcegraph/conc"
	"github.com/sourcegraph/conc/pool"
)

// WorkOptions say how a worker plays a shared ladder's games.
type WorkOptions struct {
	// Name is the worker's, in leases, reports and logs: 1 to
	// MaxWorkerName characters, no control characters.
	Name string
	// Threads is how many games it plays at once (1 if 0).
	Threads int
	// Games stops it after this many reports (0: until ctx ends).
	Games int
	// Poll is how long it waits when the queue is empty (1 s if 0).
	Poll time.Duration
	// Log is told of leases taken over, lost and given back.
	Log zerolog.Logger
	// Done is told of each game reported (not yet checked), one call at
	// a time.
	Done func(Game)
}

// A worker does not choose how long its lease lasts: the coordinator
// does ('ladder run --lease', RunOptions.Lease), and each claim says. The
// worker renews it every heartbeatShare of it, so that a heartbeat or two
// may fail (a slow server, a dropped connection) before the lease runs
// out.
const heartbeatShare = 6

// check fills in the defaults and refuses what cannot work.
func (o *WorkOptions) check() error {
	if o.Threads <= 0 {
		o.Threads = 1
	}
	if o.Poll <= 0 {
		o.Poll = time.Second
	}
	return CheckWorkerName(o.Name)
}

// Work takes games from a shared ladder's queue, plays them from their
// seeds and reports their records, until ctx ends or opts.Games are
// reported; it returns how many it reported. A game cut short (ctx, or
// the lease lost) is not reported, and its seat is given back.
func (l *Ladder) Work(ctx context.Context, opts WorkOptions) (int, error) {
	if err := l.needShared("grognard worker"); err != nil {
		return 0, err
	}
	if err := opts.check(); err != nil {
		return 0, err
	}
	opts.Done = oneAtATime(opts.Done)
	cast := &roster{l: l}
	var mu sync.Mutex
	reported, taken := 0, 0
	p := pool.New().WithContext(ctx).WithCancelOnError()
	for range opts.Threads {
		p.Go(func(ctx context.Context) error {
			for ctx.Err() == nil {
				mu.Lock()
				if opts.Games > 0 && taken >= opts.Games {
					mu.Unlock()
					return nil
				}
				taken++
				mu.Unlock()
				ok, err := l.workOne(ctx, opts, cast)
				mu.Lock()
				if ok {
					reported++
				} else {
					taken--
				}
				mu.Unlock()
				if err != nil {
					if ctx.Err() != nil {
						return nil
					}
					return err
				}
			}
			return nil
		})
	}
	return reported, unlessStopped(ctx, p.Wait())
}

// roster is the ladder's entrants as a worker knows them, read again
// when a pair names one it does not (an entrant added since).
type roster struct {
	l  *Ladder
	mu sync.Mutex
	m  map[int64]Entrant
}

// get is the entrants, read again unless every id given is known.
func (r *roster) get(ctx context.Context, ids ...int64) (map[int64]Entrant, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	known := r.m != nil
	for _, id := range ids {
		_, ok := r.m[id]
		known = known && ok
	}
	if known {
		return r.m, nil
	}
	list, err := r.l.Entrants(ctx)
	if err != nil {
		return nil, err
	}
	r.m = map[int64]Entrant{}
	for _, e := range list {
		r.m[e.ID] = e
	}
	return r.m, nil
}

// workOne takes one game, plays it while a heartbeat keeps its lease, and
// reports it; false when there was none to take, or it was not finished.
func (l *Ladder) workOne(ctx context.Context, opts WorkOptions, cast *roster) (bool, error) {
	ls, ok, err := l.claim(ctx, opts.Name)
	if err != nil || !ok {
		if err == nil {
			select {
			case <-ctx.Done():
			case <-time.After(opts.Poll):
			}
		}
		return false, err
	}
	log := opts.Log.With().Int64("pair", ls.pair.ID).Int("seat", ls.seat).Int64("lease", ls.number).Logger()
	if ls.was != "" {
		log.Info().Str("was", ls.was).Msg("the last worker's lease ran out: playing the game again from the same seeds")
	}
	entrants, err := cast.get(ctx, ls.pair.A, ls.pair.B)
	if err != nil {
		return false, err
	}
	game, stop := context.WithCancel(ctx)
	defer stop()
	lost := false
	var beat conc.WaitGroup
	beat.Go(func() {
		tick := time.NewTicker(max(ls.length/heartbeatShare, 10*time.Millisecond))
		defer tick.Stop()
		for {
			select {
			case <-game.Done():
				return
			case <-tick.C:
			}
			ok, err := l.renew(game, ls, opts.Name)
			switch {
			case err != nil && game.Err() == nil:
				// The server is out of reach: the game goes on, and
				// counts if it is reported before another worker's.
				log.Warn().Err(err).Msg("heartbeat failed")
			case err == nil && !ok:
				log.Warn().Msg("the lease was lost (this worker was silent too long): the game is dropped")
				lost = true
				stop()
				return
			}
		}
	})
	g, zipped, err := l.playSeat(game, ls.task, entrants)
	stop()
	beat.Wait()
	if err != nil {
		// Stopping, or failing: the seat goes back at once for another
		// worker (a lost one is another worker's already).
		if !lost {
			release, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if err := l.release(release, ls, opts.Name); err != nil {
				log.Warn().Err(err).Msg("could not give the lease back: it runs out by itself")
			}
		}
		if ctx.Err() != nil || lost {
			return false, ctx.Err()
		}
		return false, err
	}
	if err := l.report(ctx, ls, opts.Name, zipped); err != nil {
		if errors.Is(err, errLeaseLost) {
			// Too late: another worker plays the seat, or has; this
			// worker goes on with the next.
			log.Warn().Msg("the lease was lost before the report: the game is dropped")
			return false, nil
		}
		return false, err
	}
	if opts.Done != nil {
		opts.Done(g)
	}
	return true, nil
}
