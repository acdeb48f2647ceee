package ladder

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"runtime"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/sourcegraph/conc/pool"

	"github.com/grognard/grognard/internal/termsafe"
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
// from an earlier or later one on the same seat, and its token, a secret
// the claim gives the worker alone, proves the hold is the caller's.
type lease struct {
	task
	number int64
	token  string
	// length is how long the lease lasts unless renewed: the
	// coordinator's setting, which the claim tells.
	length time.Duration
	// was is the worker whose lease had run out, if any.
	was string
}

// claim leases the first free seat for worker (the server's clock, so
// workers' clocks do not matter, and the coordinator's lease length), or
// reports that none is free. It goes through ladder_claim, the one way a
// worker's role may take a seat.
func (l *Ladder) claim(ctx context.Context, worker string) (lease, bool, error) {
	var (
		ls lease
		ms int64
	)
	err := l.db.QueryRowContext(ctx, `SELECT c_pair, c_seat, c_lease, c_token::text, c_lease_ms, c_was FROM ladder_claim($1)`, worker).
		Scan(&ls.pair.ID, &ls.seat, &ls.number, &ls.token, &ms, &ls.was)
	if errors.Is(err, sql.ErrNoRows) {
		return lease{}, false, nil
	}
	if err != nil {
		return lease{}, false, fmt.Errorf("take a game from the queue: %w", err)
	}
	ls.length = time.Duration(ms) * time.Millisecond
	ls.was = termsafe.Clip(ls.was, 4*MaxWorkerName) // whoever wrote the row
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

// renew extends a lease by its length from now; false when it is no
// longer the worker's (it ran out, another worker took the seat, or the
// seat is reported or given up).
func (l *Ladder) renew(ctx context.Context, ls lease, worker string) (bool, error) {
	var ok bool
	err := l.db.QueryRowContext(ctx, `SELECT ladder_renew($1, $2, $3, $4::uuid, $5)`, ls.pair.ID, ls.seat, ls.number, ls.token, worker).Scan(&ok)
	return ok, err
}

// release gives a lease back unplayed (a worker stopping), so that the
// seat is free at once instead of when the lease would have run out.
func (l *Ladder) release(ctx context.Context, ls lease, worker string) error {
	var ok bool
	return l.db.QueryRowContext(ctx, `SELECT ladder_release($1, $2, $3, $4::uuid, $5)`, ls.pair.ID, ls.seat, ls.number, ls.token, worker).Scan(&ok)
}

// errLeaseLost is a report refused because the lease was no longer the
// worker's when it came.
var errLeaseLost = errors.New("the lease was no longer this worker's when it reported (it ran out, or another worker took the seat): the report is dropped")

// report sends a played seat's record for the coordinator to check; the
// function marks the seat reported so that no worker takes it meanwhile.
// It is refused (errLeaseLost) unless the worker holds the seat's lease,
// and for a record over MaxReportRecord bytes.
func (l *Ladder) report(ctx context.Context, ls lease, worker string, zipped []byte) error {
	if len(zipped) > MaxReportRecord {
		return fmt.Errorf("report pair %d seat %d: the record takes %d bytes gzipped, over the bound of %d", ls.pair.ID, ls.seat, len(zipped), MaxReportRecord)
	}
	var ok bool
	if err := l.db.QueryRowContext(ctx, `SELECT ladder_report($1, $2, $3, $4::uuid, $5, $6)`, ls.pair.ID, ls.seat, ls.number, ls.token, worker, zipped).Scan(&ok); err != nil {
		return fmt.Errorf("report pair %d seat %d: %w", ls.pair.ID, ls.seat, err)
	}
	if !ok {
		return fmt.Errorf("report pair %d seat %d: %w", ls.pair.ID, ls.seat, errLeaseLost)
	}
	return nil
}

// queued is how many seats are scheduled, not yet stored and not given
// up.
func (l *Ladder) queued(ctx context.Context) (int, error) {
	var n int
	err := l.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM tasks WHERE NOT given_up`).Scan(&n)
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
	// Refused is how many of its reports the coordinator refused; GivenUp,
	// whether it stopped queueing it for that (MaxRefusals).
	Refused int  `json:"refused"`
	GivenUp bool `json:"given_up"`
}

// maxUnix is the last second of year 9999, where a lease's end shown is
// cut: a lease "until infinity" (an owner's edit, an old version) must
// not stop the queue from being listed.
const maxUnix = 253402300799

// Queue lists the seats waiting, by pair and seat. It reads a row in any
// state: a lease's end at infinity is shown as the year 9999's (the
// coordinator cuts it to its lease), a worker's name cut to
// MaxWorkerName characters.
func (l *Ladder) Queue(ctx context.Context) ([]Seat, error) {
	if err := l.needShared("the queue"); err != nil {
		return nil, err
	}
	type row struct {
		s     Seat
		until float64
	}
	rows, err := queryAll(ctx, l, `SELECT pair, seat, left(worker, ?), COALESCE(extract(epoch FROM until)::float8, 0),
		COALESCE(until < now(), FALSE), attempts, reported, refusals, given_up FROM tasks ORDER BY pair, seat`,
		func(r *row) []any {
			return []any{&r.s.Pair, &r.s.Seat, &r.s.Worker, &r.until, &r.s.Expired, &r.s.Attempts, &r.s.Reported, &r.s.Refused, &r.s.GivenUp}
		}, MaxWorkerName)
	if err != nil {
		return nil, err
	}
	out := make([]Seat, len(rows))
	for i, r := range rows {
		out[i] = r.s
		switch {
		case math.IsNaN(r.until) || r.until <= 0:
			out[i].Until = 0
		case r.until >= maxUnix:
			out[i].Until = maxUnix
		default:
			out[i].Until = int64(r.until)
		}
	}
	return out, nil
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

// Refusals lists the reports refused, oldest first. What is read of each
// is bounded, whoever wrote the row: the worker's name cut to
// MaxWorkerName characters, the reason to MaxReason bytes, and the
// record not read at all.
func (l *Ladder) Refusals(ctx context.Context) ([]Refusal, error) {
	if err := l.needShared("refused reports"); err != nil {
		return nil, err
	}
	rs, err := queryAll(ctx, l, `SELECT id, pair, seat, left(worker, ?), left(reason, ?),
		COALESCE(LEAST(GREATEST(extract(epoch FROM received)::float8, 0), ?)::bigint, 0)
		FROM reports WHERE status = 'refused' ORDER BY id`,
		func(r *Refusal) []any { return []any{&r.ID, &r.Pair, &r.Seat, &r.Worker, &r.Reason, &r.Received} },
		MaxWorkerName, MaxReason, maxUnix)
	for i := range rs {
		rs[i].Worker, rs[i].Reason = termsafe.Clip(rs[i].Worker, 4*MaxWorkerName), termsafe.Clip(rs[i].Reason, MaxReason)
	}
	return rs, err
}

// The coordinator's bounds on what reports cost it.
const (
	// MaxRefusals is how many of a seat's reports may be refused before
	// the seat is given up: a seat whose honest record cannot pass (a bug
	// in a replay) must not stay in the queue for good, refused again and
	// again. The coordinator then plays it itself when it can (see
	// takeOver).
	MaxRefusals = 5
	// reportBatchBytes bounds the records of one batch of reports, which
	// the coordinator holds while it replays them.
	reportBatchBytes = 64 << 20
	// keptRefusedRecord is the largest refused record kept with its
	// refusal, to see what went wrong; a larger one is dropped, the
	// reason kept.
	keptRefusedRecord = 1 << 20
)

// pendingReport is a report waiting for the coordinator, with the state
// its seat's task was in when it was read.
type pendingReport struct {
	id     int64
	pair   int64
	seat   int
	lease  int64
	worker string
	size   int64
	// queued is whether the seat is in the queue; holds, whether the
	// report came from the worker holding its current lease, in time
	// (taskLease and taskWorker say who holds it when not).
	queued, holds bool
	sameLease     bool
	taskLease     int64
	taskWorker    string
	inTime        bool
}

// holder refuses a report that does not come from the worker holding the
// seat's current lease, in time: the report function checks it already,
// and this checks it again against rows an owner or an older grognard
// could have written.
func (r pendingReport) holder() error {
	switch {
	case !r.queued:
		return fmt.Errorf("%w: pair %d seat %d is not in the queue (played and stored already, or never scheduled)", errForged, r.pair, r.seat)
	case r.lease == 0:
		return fmt.Errorf("%w: lease 0: the seat was never leased to the reporting worker", errForged)
	case !r.sameLease:
		return fmt.Errorf("%w: lease %d is not the seat's current lease (%d, held by %s)", errForged, r.lease, r.taskLease, r.taskWorker)
	case !r.holds:
		return fmt.Errorf("%w: worker %s does not hold lease %d (%s does)", errForged, r.worker, r.lease, r.taskWorker)
	case !r.inTime:
		return fmt.Errorf("%w: the report came after lease %d ran out", errForged, r.lease)
	}
	return nil
}

// givenUp is a seat given up after MaxRefusals refused reports.
type givenUp struct {
	task
	reason string
}

// checkReports replays the reports waiting, oldest first (at most limit,
// and at most reportBatchBytes of records), and stores each game that
// passes once; a refused report is kept with its reason (clipped to
// MaxReason), told to refused, and its seat freed to be played again
// when the report was its lease holder's. It returns the games stored,
// and the seats given up for their refusals.
func (l *Ladder) checkReports(ctx context.Context, limit int, cast *roster, refused func(Refusal)) ([]Game, []givenUp, error) {
	// What is read of a report is bounded: the worker's name cut, the
	// record's size alone (the record itself is read by the replay that
	// needs it).
	pending, err := queryAll(ctx, l, `SELECT r.id, r.pair, r.seat, r.lease, left(r.worker, ?), octet_length(r.record),
		t.pair IS NOT NULL, COALESCE(r.lease = t.lease, FALSE), COALESCE(r.lease = t.lease AND r.worker = t.worker AND t.reported, FALSE),
		COALESCE(t.lease, 0), COALESCE(left(t.worker, ?), ''), COALESCE(t.until IS NULL OR r.received <= t.until, FALSE)
		FROM reports r LEFT JOIN tasks t ON t.pair = r.pair AND t.seat = r.seat
		WHERE r.status = 'new' ORDER BY r.id LIMIT ?`,
		func(r *pendingReport) []any {
			return []any{&r.id, &r.pair, &r.seat, &r.lease, &r.worker, &r.size, &r.queued, &r.sameLease, &r.holds, &r.taskLease, &r.taskWorker, &r.inTime}
		}, MaxWorkerName, MaxWorkerName, limit)
	if err != nil {
		return nil, nil, err
	}
	var bytes int64
	for i, r := range pending {
		if r.size <= MaxReportRecord {
			bytes += r.size
		}
		if bytes > reportBatchBytes && i > 0 {
			pending = pending[:i]
			break
		}
	}
	// The replays, the coordinator's real work, run on every core; the
	// verdicts are written one by one in the reports' order.
	type verdict struct {
		g      Game
		record []byte
		err    error
	}
	verdicts := make([]verdict, len(pending))
	replays := pool.New().WithMaxGoroutines(runtime.GOMAXPROCS(0))
	for i := range pending {
		replays.Go(func() {
			v := &verdicts[i]
			v.g, v.record, v.err = l.verifyPending(ctx, pending[i], cast)
		})
	}
	replays.Wait()
	var (
		stored []Game
		gone   []givenUp
	)
	for i, r := range pending {
		g, verr := verdicts[i].g, verdicts[i].err
		if verr != nil && !errors.Is(verr, errForged) {
			return stored, gone, verr
		}
		var (
			reason string
			given  bool
		)
		err := l.write(ctx, func(tx *sql.Tx) error {
			if verr != nil {
				reason = termsafe.Clip(verr.Error(), MaxReason)
				if _, err := tx.ExecContext(ctx, `UPDATE reports SET status = 'refused', reason = $1,
					record = CASE WHEN octet_length(record) <= $2 THEN record ELSE ''::bytea END WHERE id = $3`, reason, keptRefusedRecord, r.id); err != nil {
					return err
				}
				if !r.holds || r.lease == 0 {
					// Not the holder's report: the seat is the holder's
					// still.
					return nil
				}
				// The seat is played again, or given up after too many
				// refusals.
				err := tx.QueryRowContext(ctx, `UPDATE tasks SET reported = FALSE, until = NULL, refusals = refusals + 1,
					given_up = refusals + 1 >= $1 WHERE pair = $2 AND seat = $3 AND lease = $4 RETURNING given_up`,
					MaxRefusals, r.pair, r.seat, r.lease).Scan(&given)
				if errors.Is(err, sql.ErrNoRows) {
					return nil
				}
				return err
			}
			ok, err := l.storeGame(ctx, tx, &g, verdicts[i].record)
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
			return stored, gone, fmt.Errorf("check report %d: %w", r.id, err)
		}
		if verr != nil && refused != nil {
			refused(Refusal{ID: r.id, Pair: r.pair, Seat: r.seat, Worker: termsafe.Clip(r.worker, 4*MaxWorkerName), Reason: reason, Received: now()})
		}
		if given {
			p, err := l.pairByID(ctx, r.pair)
			if err != nil {
				return stored, gone, err
			}
			gone = append(gone, givenUp{task{p, r.seat}, reason})
		}
	}
	return stored, gone, nil
}

// verifyPending checks one report: from the seat's lease holder, in
// time, of a size the record may have, and (verifyReport) the game the
// seat's pair and seeds give. It reads the record only once the rest
// holds.
func (l *Ladder) verifyPending(ctx context.Context, r pendingReport, cast *roster) (Game, []byte, error) {
	if r.seat != 0 && r.seat != 1 {
		return Game{}, nil, fmt.Errorf("%w: seat %d", errForged, r.seat)
	}
	if err := r.holder(); err != nil {
		return Game{}, nil, err
	}
	if r.size > MaxReportRecord {
		return Game{}, nil, fmt.Errorf("%w: the record takes %d bytes, over the bound of %d", errForged, r.size, MaxReportRecord)
	}
	p, err := l.pairByID(ctx, r.pair)
	if errors.Is(err, errNoPair) {
		return Game{}, nil, fmt.Errorf("%w: %v", errForged, err)
	}
	if err != nil {
		return Game{}, nil, err
	}
	entrants, err := cast.get(ctx, p.A, p.B)
	if err != nil {
		return Game{}, nil, err
	}
	var zipped []byte
	if err := l.db.QueryRowContext(ctx, `SELECT record FROM reports WHERE id = $1`, r.id).Scan(&zipped); err != nil {
		return Game{}, nil, fmt.Errorf("read report %d: %w", r.id, err)
	}
	return l.verifyReport(task{p, r.seat}, zipped, entrants)
}

// normalize puts the queue's rows back in states the coordinator and the
// workers' functions expect, whoever left them otherwise (the table's
// owner, an older grognard): a lease that ends later than a lease from
// now (until infinity) is cut to one; a seat marked reported with no
// report waiting is freed. The coordinator runs it before each round.
//
// It runs in one repeatable-read transaction: a worker's report (the seat
// marked reported, its report written) that commits while it runs makes
// it fail rather than free the seat on a view that misses the report, and
// the next round tries again.
func (l *Ladder) normalize(ctx context.Context, length time.Duration) error {
	tx, err := l.db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelRepeatableRead})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE tasks SET until = now() + $1 * interval '1 millisecond'
		WHERE NOT reported AND until > now() + $1 * interval '1 millisecond'`, length.Milliseconds()); err != nil {
		return serializationOK(fmt.Errorf("cut leases to %v: %w", length, err))
	}
	if _, err := tx.ExecContext(ctx, `UPDATE tasks t SET reported = FALSE, until = NULL WHERE reported
		AND NOT EXISTS (SELECT 1 FROM reports r WHERE r.pair = t.pair AND r.seat = t.seat AND r.status = 'new')`); err != nil {
		return serializationOK(fmt.Errorf("free seats reported with no report: %w", err))
	}
	return serializationOK(tx.Commit())
}

// serializationOK is err, unless it is PostgreSQL's refusal to write on a
// view that another transaction changed since (SQLSTATE 40001): then nil,
// the work being tried again next round.
func serializationOK(err error) error {
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "40001" {
		return nil
	}
	return err
}
