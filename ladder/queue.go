package ladder

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/sourcegraph/conc/pool"

	"github.com/grognard/grognard/engine"
)

// The queue of a shared ladder (PostgreSQL). The coordinator ('ladder
// run') schedules pairs and puts their seats in tasks; a worker leases a
// seat with SELECT ... FOR UPDATE SKIP LOCKED, so that two workers never
// take the same one, renews the lease while it plays, and reports the
// record; the coordinator replays every report before the game counts.
// A lease not renewed in time (a worker killed, frozen, or cut off) ends
// by itself, and the next worker to ask plays the seat again from the
// same seeds: the game is the same game, and UNIQUE (pair, seat) stores
// it once whoever reports it first.

// lease is a worker's hold on a task: its number tells this hold apart
// from an earlier or later one on the same seat.
type lease struct {
	task
	number int64
	// was is the worker whose lease had run out, if any.
	was string
}

// claim leases the first free seat for worker until d from now (the
// server's clock, so workers' clocks do not matter), or reports that
// none is free.
func (l *Ladder) claim(ctx context.Context, worker string, d time.Duration) (lease, bool, error) {
	var (
		ls      lease
		expired bool
	)
	err := l.db.QueryRowContext(ctx, `
		WITH c AS (
			SELECT pair, seat, worker AS was, until IS NOT NULL AS expired FROM tasks
			WHERE NOT reported AND (until IS NULL OR until < now())
			ORDER BY pair, seat LIMIT 1 FOR UPDATE SKIP LOCKED)
		UPDATE tasks t SET worker = $1, lease = nextval('lease_numbers'),
			until = now() + $2 * interval '1 millisecond', attempts = t.attempts + 1
		FROM c WHERE t.pair = c.pair AND t.seat = c.seat
		RETURNING t.pair, t.seat, t.lease, c.was, c.expired`, worker, d.Milliseconds()).
		Scan(&ls.pair.ID, &ls.seat, &ls.number, &ls.was, &expired)
	if errors.Is(err, sql.ErrNoRows) {
		return lease{}, false, nil
	}
	if err != nil {
		return lease{}, false, fmt.Errorf("take a game from the queue: %w", err)
	}
	if !expired {
		ls.was = ""
	}
	ls.pair, err = l.pairByID(ctx, ls.pair.ID)
	return ls, err == nil, err
}

// pairByID reads a pair and its pool.
func (l *Ladder) pairByID(ctx context.Context, id int64) (Pair, error) {
	p := Pair{ID: id}
	err := l.db.QueryRowContext(ctx, l.q(`SELECT p.a, p.b, o.id, o.ruleset, o.scenario FROM pairs p JOIN pools o ON o.id = p.pool WHERE p.id = ?`), id).
		Scan(&p.A, &p.B, &p.Pool.ID, &p.Pool.Ruleset, &p.Pool.Scenario)
	if errors.Is(err, sql.ErrNoRows) {
		return Pair{}, fmt.Errorf("%w %d", errNoPair, id)
	}
	return p, err
}

// errNoPair is a pair id the ladder does not have.
var errNoPair = errors.New("the ladder has no pair")

// renew extends a lease by d; false when it is no longer the worker's
// (it ran out and another worker took the seat, or the seat is reported).
func (l *Ladder) renew(ctx context.Context, ls lease, d time.Duration) (bool, error) {
	res, err := l.db.ExecContext(ctx, `UPDATE tasks SET until = now() + $1 * interval '1 millisecond'
		WHERE pair = $2 AND seat = $3 AND lease = $4 AND NOT reported`, d.Milliseconds(), ls.pair.ID, ls.seat, ls.number)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// release gives a lease back unplayed (a worker stopping), so that the
// seat is free at once instead of when the lease would have run out.
func (l *Ladder) release(ctx context.Context, ls lease) error {
	_, err := l.db.ExecContext(ctx, `UPDATE tasks SET until = NULL WHERE pair = $1 AND seat = $2 AND lease = $3 AND NOT reported`,
		ls.pair.ID, ls.seat, ls.number)
	return err
}

// report sends a played seat's record for the coordinator to check, and
// marks the seat reported so that no worker takes it meanwhile.
func (l *Ladder) report(ctx context.Context, ls lease, worker string, zipped []byte) error {
	return l.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO reports (pair, seat, lease, worker, record) VALUES ($1, $2, $3, $4, $5)`,
			ls.pair.ID, ls.seat, ls.number, worker, zipped); err != nil {
			return fmt.Errorf("report pair %d seat %d: %w", ls.pair.ID, ls.seat, err)
		}
		_, err := tx.ExecContext(ctx, `UPDATE tasks SET reported = TRUE WHERE pair = $1 AND seat = $2`, ls.pair.ID, ls.seat)
		return err
	})
}

// queued is how many seats are scheduled and not yet stored.
func (l *Ladder) queued(ctx context.Context) (int, error) {
	var n int
	err := l.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM tasks`).Scan(&n)
	return n, err
}

// enqueue schedules the next pair (as a local run would) and queues both
// its seats.
func (l *Ladder) enqueue(ctx context.Context) (Pair, error) {
	var p Pair
	err := l.write(ctx, func(tx *sql.Tx) error {
		var err error
		if p, err = l.schedule(ctx, tx); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO tasks (pair, seat) VALUES ($1, 0), ($1, 1)`, p.ID)
		return err
	})
	return p, err
}

// Seat is a seat in a shared ladder's queue: scheduled, not yet stored.
type Seat struct {
	Pair int64 `json:"pair"`
	Seat int   `json:"seat"`
	// Worker holds its lease until Until (Unix seconds) unless it renews
	// it; empty, and Until 0, when no worker has taken it yet.
	Worker string `json:"worker,omitempty"`
	Until  int64  `json:"until,omitempty"`
	// Expired is whether the lease has run out (the worker is silent):
	// the next worker to ask plays it again.
	Expired bool `json:"expired"`
	// Attempts is how many leases it has had; Reported, whether a report
	// of it waits for the coordinator.
	Attempts int  `json:"attempts"`
	Reported bool `json:"reported"`
}

// Queue lists the seats waiting, by pair and seat.
func (l *Ladder) Queue(ctx context.Context) ([]Seat, error) {
	if err := l.needShared("the queue"); err != nil {
		return nil, err
	}
	return queryAll(ctx, l, `SELECT pair, seat, worker, COALESCE(extract(epoch FROM until)::bigint, 0),
		COALESCE(until < now(), FALSE), attempts, reported FROM tasks ORDER BY pair, seat`,
		func(s *Seat) []any {
			return []any{&s.Pair, &s.Seat, &s.Worker, &s.Until, &s.Expired, &s.Attempts, &s.Reported}
		})
}

// Refusal is a report the coordinator refused, kept with its reason.
type Refusal struct {
	ID     int64  `json:"id"`
	Pair   int64  `json:"pair"`
	Seat   int    `json:"seat"`
	Worker string `json:"worker"`
	Reason string `json:"reason"`
	// Received is when it came (Unix seconds).
	Received int64 `json:"received"`
}

// Refusals lists the reports refused, oldest first.
func (l *Ladder) Refusals(ctx context.Context) ([]Refusal, error) {
	if err := l.needShared("refused reports"); err != nil {
		return nil, err
	}
	return queryAll(ctx, l, `SELECT id, pair, seat, worker, reason, extract(epoch FROM received)::bigint FROM reports WHERE status = 'refused' ORDER BY id`,
		func(r *Refusal) []any { return []any{&r.ID, &r.Pair, &r.Seat, &r.Worker, &r.Reason, &r.Received} })
}

// pendingReport is a report waiting for the coordinator.
type pendingReport struct {
	id     int64
	pair   int64
	seat   int
	lease  int64
	worker string
	record []byte
}

// checkReports replays the reports waiting, oldest first (at most
// limit), and stores each game that passes once; a refused report is
// kept with its reason, told to refused, and its seat freed to be played
// again. It returns the games stored.
func (l *Ladder) checkReports(ctx context.Context, limit int, entrants map[int64]Entrant, refused func(Refusal)) ([]Game, error) {
	// A record over the bound is not even read: it is refused for its
	// size (an empty record does not unzip).
	pending, err := queryAll(ctx, l, `SELECT id, pair, seat, lease, worker,
		CASE WHEN length(record) <= ? THEN record ELSE ''::bytea END FROM reports WHERE status = 'new' ORDER BY id LIMIT ?`,
		func(r *pendingReport) []any { return []any{&r.id, &r.pair, &r.seat, &r.lease, &r.worker, &r.record} }, engine.MaxRecordLine, limit)
	if err != nil {
		return nil, err
	}
	// The replays, the coordinator's real work, run on every core; the
	// verdicts are written one by one in the reports' order.
	type verdict struct {
		g   Game
		err error
	}
	verdicts := make([]verdict, len(pending))
	replays := pool.New().WithMaxGoroutines(runtime.GOMAXPROCS(0))
	for i := range pending {
		replays.Go(func() {
			verdicts[i].g, verdicts[i].err = l.verifyPending(ctx, pending[i], entrants)
		})
	}
	replays.Wait()
	var stored []Game
	for i, r := range pending {
		g, verr := verdicts[i].g, verdicts[i].err
		if verr != nil && !errors.Is(verr, errForged) {
			return stored, verr
		}
		err := l.write(ctx, func(tx *sql.Tx) error {
			if verr != nil {
				if _, err := tx.ExecContext(ctx, `UPDATE reports SET status = 'refused', reason = $1 WHERE id = $2`, verr.Error(), r.id); err != nil {
					return err
				}
				// The seat is played again; a lease another worker holds
				// on it meanwhile stands.
				_, err := tx.ExecContext(ctx, `UPDATE tasks SET reported = FALSE, until = CASE WHEN lease = $1 THEN NULL ELSE until END
					WHERE pair = $2 AND seat = $3`, r.lease, r.pair, r.seat)
				return err
			}
			ok, err := l.storeGame(ctx, tx, &g, r.record)
			if err != nil {
				return err
			}
			if ok {
				stored = append(stored, g)
			}
			if _, err := tx.ExecContext(ctx, `DELETE FROM tasks WHERE pair = $1 AND seat = $2`, r.pair, r.seat); err != nil {
				return err
			}
			_, err = tx.ExecContext(ctx, `DELETE FROM reports WHERE id = $1`, r.id)
			return err
		})
		if err != nil {
			return stored, fmt.Errorf("check report %d: %w", r.id, err)
		}
		if verr != nil && refused != nil {
			refused(Refusal{ID: r.id, Pair: r.pair, Seat: r.seat, Worker: r.worker, Reason: verr.Error(), Received: now()})
		}
	}
	return stored, nil
}

// verifyPending checks one report (verifyReport) once its pair is found.
func (l *Ladder) verifyPending(ctx context.Context, r pendingReport, entrants map[int64]Entrant) (Game, error) {
	if r.seat != 0 && r.seat != 1 {
		return Game{}, fmt.Errorf("%w: seat %d", errForged, r.seat)
	}
	p, err := l.pairByID(ctx, r.pair)
	if errors.Is(err, errNoPair) {
		return Game{}, fmt.Errorf("%w: %v", errForged, err)
	}
	if err != nil {
		return Game{}, err
	}
	return l.verifyReport(task{p, r.seat}, r.record, entrants)
}

// GrantWorker lets the PostgreSQL role given work on the ladder and do
// nothing else: read the entrants, pools and pairs, lease and renew
// seats, and report records. It cannot write a game, a pair or an
// entrant, nor change or delete a report, so every game it plays counts
// only once the coordinator has replayed it. The role must exist
// already (CREATE ROLE name LOGIN PASSWORD '...'); the ladder's owner
// grants.
func (l *Ladder) GrantWorker(ctx context.Context, role string) error {
	if err := l.needShared("grant a worker role"); err != nil {
		return err
	}
	if role == "" || len(role) > 63 {
		return fmt.Errorf("a role name is 1 to 63 characters (given %q)", role)
	}
	var exists bool
	if err := l.db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1)`, role).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		return fmt.Errorf("the server has no role %q: create it first (CREATE ROLE %s LOGIN PASSWORD '...')", role, pgx.Identifier{role}.Sanitize())
	}
	r := pgx.Identifier{role}.Sanitize()
	return l.write(ctx, func(tx *sql.Tx) error {
		var seq string
		if err := tx.QueryRowContext(ctx, `SELECT pg_get_serial_sequence('reports', 'id')`).Scan(&seq); err != nil {
			return err
		}
		for _, g := range []string{
			`GRANT SELECT ON meta, entrants, pools, pairs TO ` + r,
			`GRANT SELECT, UPDATE ON tasks TO ` + r,
			`GRANT INSERT ON reports TO ` + r,
			`GRANT USAGE ON SEQUENCE lease_numbers, ` + seq + ` TO ` + r,
		} {
			if _, err := tx.ExecContext(ctx, g); err != nil {
				return fmt.Errorf("%s: %w", g, err)
			}
		}
		return nil
	})
}
