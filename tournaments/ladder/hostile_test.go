package ladder

import (
	"bytes"
	"context"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/sourcegraph/conc"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/internal/pgtest"
)

// roles numbers the worker roles made by this test binary: roles are the
// server's, shared by every test's database.
var roles atomic.Int64

// workerRole makes a login role, grants it the ladder's worker rights
// (GrantWorker) and opens the ladder as that role.
func workerRole(t *testing.T, l *Ladder, owner string) *Ladder {
	t.Helper()
	ctx := context.Background()
	role := fmt.Sprintf("worker_%d_%d", os.Getpid(), roles.Add(1))
	if _, err := l.db.ExecContext(ctx, `CREATE ROLE `+role+` LOGIN`); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.db.ExecContext(context.Background(), `DROP OWNED BY `+role+`; DROP ROLE `+role) })
	if err := l.GrantWorker(ctx, role); err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(owner)
	if err != nil {
		t.Fatal(err)
	}
	u.User = url.User(role)
	w, err := Open(ctx, u.String(), 0)
	if err != nil {
		t.Fatalf("the worker's role opens the ladder: %v", err)
	}
	t.Cleanup(func() { w.Close() })
	return w
}

// hostileStatements are what a worker's role must not be able to run:
// each would stall the queue, forge a game or a refusal, or read the
// leases others hold.
var hostileStatements = []string{
	`UPDATE tasks SET reported = TRUE`,
	`UPDATE tasks SET until = 'infinity'`,
	`DELETE FROM tasks`,
	`INSERT INTO tasks (pair, seat) VALUES (1, 0)`,
	`SELECT worker, lease, token FROM tasks`,
	`INSERT INTO reports (pair, seat, lease, worker, record) VALUES (1, 0, 1, 'x', '\x00')`,
	`INSERT INTO reports (pair, seat, lease, worker, record, status, reason, received) VALUES (1, 0, 1, 'x', '', 'refused', 'forged', now())`,
	`UPDATE reports SET status = 'accepted'`,
	`DELETE FROM reports`,
	`SELECT record FROM reports`,
	`INSERT INTO games (pair, seat, side0, side1, winner, kind, reason, steps, record, played) VALUES (1, 0, 1, 2, 0, 'win', 'forged', 1, '', 0)`,
	`UPDATE games SET winner = 1`,
	`DELETE FROM games`,
	`INSERT INTO pairs (pool, a, b, created) VALUES (1, 1, 2, 0)`,
	`UPDATE entrants SET spec = 'external:cmd=/bin/sh'`,
	`UPDATE meta SET value = '3600000000' WHERE key = 'lease_ms'`,
	`SELECT nextval('lease_numbers')`,
	`SELECT ladder_lease_ms()`,
	`CREATE TABLE mine (x int)`,
}

// TestWorkerRoleIsRefused: a role granted GrantWorker plays a shared
// ladder's games as a worker, through the ladder's functions, and every
// other thing it tries is refused: writing or reading the queue, writing
// a report, a game, a pair or an entrant, setting the lease, making a
// table; through the functions, a report over the size bound, a report,
// renewal or release of a lease it does not hold, a bad name or seat.
func TestWorkerRoleIsRefused(t *testing.T) {
	ctx := context.Background()
	owner := pgtest.URL(t)
	l := sharedToyLadder(t, owner, 5)
	if err := l.GrantWorker(ctx, "nobody_here"); err == nil || !strings.Contains(err.Error(), "CREATE ROLE") {
		t.Fatalf("granted a role that does not exist: %v", err)
	}
	w := workerRole(t, l, owner)
	if _, err := l.enqueue(ctx); err != nil {
		t.Fatal(err)
	}
	honest, ok, err := l.claim(ctx, "honest")
	if err != nil || !ok {
		t.Fatalf("claim: %v %v", ok, err)
	}
	mine, ok, err := w.claim(ctx, "hostile")
	if err != nil || !ok {
		t.Fatalf("the worker's role claims: %v %v", ok, err)
	}
	for _, q := range hostileStatements {
		t.Run(q, func(t *testing.T) {
			if _, err := w.db.ExecContext(ctx, q); err == nil || !strings.Contains(err.Error(), "permission denied") {
				t.Errorf("the worker's role ran %s: %v", q, err)
			}
		})
	}
	call := func(q string, args ...any) (bool, error) {
		var ok bool
		err := w.db.QueryRowContext(ctx, q, args...).Scan(&ok)
		return ok, err
	}
	const (
		report  = `SELECT ladder_report($1, $2, $3, $4::uuid, $5, $6)`
		renew   = `SELECT ladder_renew($1, $2, $3, $4::uuid, $5)`
		release = `SELECT ladder_release($1, $2, $3, $4::uuid, $5)`
	)
	for _, tc := range []struct {
		name  string
		query string
		args  []any
		// err is what the refusal says; "" for a plain false.
		err string
	}{
		{"a record over the bound", report, []any{mine.pair.ID, mine.seat, mine.number, mine.token, "hostile", make([]byte, MaxReportRecord+1)}, "bytes gzipped"},
		{"an empty record", report, []any{mine.pair.ID, mine.seat, mine.number, mine.token, "hostile", []byte{}}, "bytes gzipped"},
		{"seat 2", report, []any{mine.pair.ID, 2, mine.number, mine.token, "hostile", []byte("x")}, "0 or 1"},
		{"a seat another worker holds", report, []any{honest.pair.ID, honest.seat, honest.number, mine.token, "hostile", []byte("x")}, ""},
		{"another worker's lease under its name", report, []any{honest.pair.ID, honest.seat, honest.number, mine.token, "honest", []byte("x")}, ""},
		{"a renewal of another worker's lease", renew, []any{honest.pair.ID, honest.seat, honest.number, mine.token, "honest"}, ""},
		{"a release of another worker's lease", release, []any{honest.pair.ID, honest.seat, honest.number, mine.token, "honest"}, ""},
		{"its own lease under another name", renew, []any{mine.pair.ID, mine.seat, mine.number, mine.token, "honest"}, ""},
		{"a name with escapes", `SELECT EXISTS (SELECT 1 FROM ladder_claim($1))`, []any{"evil\x1b]0;pwned\x07"}, "control characters"},
		{"a name with a C1 control", `SELECT EXISTS (SELECT 1 FROM ladder_claim($1))`, []any{"evil\u009b2J"}, "control characters"},
		{"a name with a newline", `SELECT EXISTS (SELECT 1 FROM ladder_claim($1))`, []any{"evil\nINFO all is well"}, "control characters"},
		{"a long name", `SELECT EXISTS (SELECT 1 FROM ladder_claim($1))`, []any{strings.Repeat("w", MaxWorkerName+1)}, "1 to 64 characters"},
		{"no name", `SELECT EXISTS (SELECT 1 FROM ladder_claim($1))`, []any{""}, "1 to 64 characters"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ok, err := call(tc.query, tc.args...)
			switch {
			case tc.err == "" && (ok || err != nil):
				t.Errorf("%v %v, want false", ok, err)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Errorf("%v %v, want an error saying %q", ok, err, tc.err)
			}
		})
	}
	// Nothing changed for the honest worker: its lease renews, and its
	// report is taken.
	if ok, err := l.renew(ctx, honest, "honest"); !ok || err != nil {
		t.Fatalf("the honest lease: %v %v", ok, err)
	}
	entrants, err := (&roster{l: l}).get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	_, zipped, err := l.playSeat(ctx, honest.task, entrants)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.report(ctx, honest, "honest", zipped); err != nil {
		t.Fatal(err)
	}
	games, _, err := l.checkReports(ctx, 10, &roster{l: l}, func(r Refusal) { t.Errorf("refused %+v", r) })
	if err != nil || len(games) != 1 {
		t.Fatalf("the honest report: %v %v", games, err)
	}
}

// TestHostileWorkerCannotStopTheLadder: a coordinator finishes its games
// while, beside honest workers, a worker's role claims seats and never
// reports them, reports garbage and records over the bound, and tries
// every statement that stalled the queue before.
func TestHostileWorkerCannotStopTheLadder(t *testing.T) {
	ctx := context.Background()
	owner := pgtest.URL(t)
	l := sharedToyLadder(t, owner, 6)
	honest, hostile := workerRole(t, l, owner), workerRole(t, l, owner)
	const games = 12
	run, stop := context.WithTimeout(ctx, time.Minute)
	defer stop()
	play, done := context.WithCancel(run)
	defer done()
	var (
		wg       conc.WaitGroup
		mu       sync.Mutex
		problems []string
		stored   int
		runErr   error
	)
	problem := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		problems = append(problems, fmt.Sprintf(format, args...))
	}
	wg.Go(func() {
		defer done()
		stored, runErr = l.Run(run, RunOptions{Games: games, Queue: 6, Lease: time.Second, Poll: 10 * time.Millisecond})
	})
	// The honest workers start once the hostile one has taken a seat of
	// each kind (games of the toy are quick: they would be done before).
	tried := make(chan struct{})
	wg.Go(func() {
		select {
		case <-tried:
		case <-play.Done():
		}
		if _, err := honest.Work(play, WorkOptions{Name: "honest", Threads: 2, Poll: 10 * time.Millisecond}); err != nil {
			problem("honest worker: %v", err)
		}
	})
	var claimed, garbage, held atomic.Int64
	wg.Go(func() {
		for i := 0; play.Err() == nil; i++ {
			q := hostileStatements[i%len(hostileStatements)]
			if _, err := hostile.db.ExecContext(play, q); err == nil {
				problem("the hostile worker ran %s", q)
			}
			ls, ok, err := hostile.claim(play, "hostile")
			if err != nil || !ok {
				time.Sleep(20 * time.Millisecond)
				continue
			}
			switch claimed.Add(1) % 3 {
			case 0: // never reported, never renewed: it runs out
				held.Add(1)
			case 1:
				if err := hostile.report(play, ls, "hostile", []byte("garbage")); err == nil {
					garbage.Add(1)
				}
			case 2:
				var ok bool
				err := hostile.db.QueryRowContext(play, `SELECT ladder_report($1, $2, $3, $4::uuid, $5, $6)`,
					ls.pair.ID, ls.seat, ls.number, ls.token, "hostile", make([]byte, MaxReportRecord+1)).Scan(&ok)
				if err == nil {
					problem("a record over the bound was taken")
				}
			}
			if claimed.Load() == 3 {
				close(tried)
			}
			time.Sleep(50 * time.Millisecond)
		}
	})
	wg.Wait()
	for _, p := range problems {
		t.Error(p)
	}
	if runErr != nil || stored != games {
		t.Fatalf("the coordinator stored %d games of %d: %v", stored, games, runErr)
	}
	t.Logf("the hostile worker claimed %d seats: %d left to run out, %d reported as garbage", claimed.Load(), held.Load(), garbage.Load())
	if claimed.Load() == 0 {
		t.Fatal("the hostile worker never took a seat: the test tried nothing")
	}
	replayAll(t, l, games)
}

// replayAll checks that the ladder stored n games, each once, each record
// replaying to its stored result.
func replayAll(t *testing.T, l *Ladder, n int) {
	t.Helper()
	ctx := context.Background()
	all, err := l.Games(ctx)
	if err != nil || len(all) != n {
		t.Fatalf("%d games stored (%v), want %d", len(all), err, n)
	}
	for _, g := range all {
		data, err := l.Record(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		recs, err := engine.ReadRecords(bytes.NewReader(data))
		if err != nil || len(recs) != 1 {
			t.Fatalf("game %d: %v", g.ID, err)
		}
		rs, err := engine.Lookup(recs[0].Ruleset)
		if err != nil {
			t.Fatal(err)
		}
		st, err := engine.Replay(rs, recs[0])
		if err != nil {
			t.Fatalf("game %d does not replay: %v", g.ID, err)
		}
		if !engine.IsForfeit(recs[0].Result) && st.Result().Winner != g.Result.Winner {
			t.Fatalf("game %d: replayed winner %v, stored %v", g.ID, st.Result().Winner, g.Result.Winner)
		}
	}
}

// TestCoordinatorReadsRowsInAnyState: rows the table's owner (or an older
// grognard) left in states the workers' functions never make — a seat
// reported with no report, leases until infinity, far in the future, at
// minus infinity or given back with the worker kept, a worker's name of
// escapes, refusals with huge reasons, reports of lease 0 and over the
// bound — are listed by Queue and Refusals, bounded and escaped, and the
// coordinator still plays every seat and finishes its games.
func TestCoordinatorReadsRowsInAnyState(t *testing.T) {
	ctx := context.Background()
	l := sharedToyLadder(t, pgtest.URL(t), 8)
	const pairs = 3
	for range pairs {
		if _, err := l.enqueue(ctx); err != nil {
			t.Fatal(err)
		}
	}
	escapes := strings.Repeat("\x1b]0;pwned\x07\u009b2J\r\n", 2000)
	for _, q := range []string{
		`UPDATE tasks SET reported = TRUE WHERE pair = 1 AND seat = 0`,
		`UPDATE tasks SET worker = 'ghost', lease = 77, until = 'infinity' WHERE pair = 1 AND seat = 1`,
		`UPDATE tasks SET worker = 'ghost', lease = 78, until = NULL WHERE pair = 2 AND seat = 0`,
		`UPDATE tasks SET worker = '` + escapes + `', lease = 79, until = now() + interval '100 years' WHERE pair = 2 AND seat = 1`,
		`UPDATE tasks SET worker = 'ghost', lease = 80, until = '-infinity' WHERE pair = 3 AND seat = 0`,
		`UPDATE tasks SET worker = 'ghost', lease = 81, until = now() + interval '1 hour', reported = TRUE WHERE pair = 3 AND seat = 1`,
		`INSERT INTO reports (pair, seat, lease, worker, record, status, reason, received)
			VALUES (1, 0, 1, '` + escapes + `', '', 'refused', '` + strings.Repeat(escapes, 20) + `', 'infinity')`,
		`INSERT INTO reports (pair, seat, lease, worker, record) VALUES (3, 1, 0, 'ghost', 'not a record')`,
		`INSERT INTO reports (pair, seat, lease, worker, record) VALUES (3, 1, 81, 'ghost', decode(repeat('00', ` + fmt.Sprint(MaxReportRecord+1) + `), 'hex'))`,
	} {
		ownerExec(t, l, q)
	}
	seats, err := l.Queue(ctx)
	if err != nil || len(seats) != 2*pairs {
		t.Fatalf("queue: %+v %v", seats, err)
	}
	if s := seats[1]; s.Until != maxUnix || s.Expired {
		t.Fatalf("a lease until infinity is listed as %+v", s)
	}
	if s := seats[4]; s.Until != 0 || !s.Expired {
		t.Fatalf("a lease until minus infinity is listed as %+v", s)
	}
	if w := seats[3].Worker; len(w) > 4*MaxWorkerName {
		t.Fatalf("a worker's name of %d bytes listed", len(w))
	}
	refused, err := l.Refusals(ctx)
	if err != nil || len(refused) != 1 {
		t.Fatalf("refusals: %+v %v", refused, err)
	}
	if r := refused[0]; len(r.Reason) > MaxReason || strings.ContainsAny(r.Reason+r.Worker, "\x1b\r\n\u009b") || r.Received != maxUnix {
		t.Fatalf("a refusal listed as %+v", r)
	}

	var log bytes.Buffer
	n, err := l.Run(ctx, RunOptions{Games: 2 * pairs, Workers: 2, Queue: 2 * pairs, Lease: time.Second, Poll: 10 * time.Millisecond,
		Work: WorkOptions{Poll: 10 * time.Millisecond, Log: zerolog.New(&log)}})
	if err != nil || n != 2*pairs {
		t.Fatalf("the coordinator stored %d games of %d: %v", n, 2*pairs, err)
	}
	replayAll(t, l, 2*pairs)
	refused, err = l.Refusals(ctx)
	if err != nil || len(refused) != 3 {
		t.Fatalf("refusals: %+v %v", refused, err)
	}
	for _, want := range []string{"lease 0", "over the bound"} {
		found := false
		for _, r := range refused {
			found = found || strings.Contains(r.Reason, want)
		}
		if !found {
			t.Errorf("no refusal says %q: %+v", want, refused)
		}
	}
	if log.Len() > 64<<10 {
		t.Errorf("the coordinator logged %d bytes", log.Len())
	}
	if _, err := l.Queue(ctx); err != nil {
		t.Fatal(err)
	}
}

// TestOldLadderIsUpgraded: a shared ladder made by an older grognard
// (version 1: no workers' functions, its worker role granted UPDATE on the
// queue and INSERT on the reports) is refused to that role, upgraded when
// its owner opens it, which takes the direct rights back, and worked on
// again once the role is granted anew.
func TestOldLadderIsUpgraded(t *testing.T) {
	ctx := context.Background()
	owner := pgtest.URL(t)
	l := sharedToyLadder(t, owner, 9)
	w := workerRole(t, l, owner)
	role := sessionRole(t, w)
	w.Close()
	var seq string
	if err := l.db.QueryRowContext(ctx, `SELECT pg_get_serial_sequence('reports', 'id')`).Scan(&seq); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`DROP FUNCTION ladder_claim(text), ladder_renew(bigint, integer, bigint, uuid, text), ladder_release(bigint, integer, bigint, uuid, text),
			ladder_report(bigint, integer, bigint, uuid, text, bytea), ladder_lease_ms(), ladder_check_worker(text)`,
		`ALTER TABLE tasks DROP COLUMN token, DROP COLUMN holder, DROP COLUMN refusals, DROP COLUMN given_up`,
		`UPDATE meta SET value = '1' WHERE key = 'version'`,
		`GRANT SELECT, UPDATE ON tasks TO ` + role,
		`GRANT INSERT ON reports TO ` + role,
		`GRANT USAGE ON SEQUENCE lease_numbers, ` + seq + ` TO ` + role,
	} {
		ownerExec(t, l, q)
	}
	u, _ := url.Parse(owner)
	u.User = url.User(role)
	if _, err := Open(ctx, u.String(), 0); err == nil || !strings.Contains(err.Error(), "version 1") {
		t.Fatalf("the worker's role opened a ladder of version 1: %v", err)
	}
	up, err := Open(ctx, owner, 0)
	if err != nil {
		t.Fatalf("the owner opens and upgrades: %v", err)
	}
	up.Close()
	w, err = Open(ctx, u.String(), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	for _, q := range []string{`UPDATE tasks SET reported = TRUE`, `INSERT INTO reports (pair, seat, lease, worker, record) VALUES (1, 0, 1, 'x', '\x00')`} {
		if _, err := w.db.ExecContext(ctx, q); err == nil || !strings.Contains(err.Error(), "permission denied") {
			t.Errorf("after the upgrade the old worker role ran %s: %v", q, err)
		}
	}
	if err := l.GrantWorker(ctx, role); err != nil {
		t.Fatal(err)
	}
	if _, err := l.enqueue(ctx); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := w.claim(ctx, "upgraded"); !ok || err != nil {
		t.Fatalf("a claim after the upgrade: %v %v", ok, err)
	}
}

// sessionRole is the role l's connections log in as.
func sessionRole(t *testing.T, l *Ladder) string {
	t.Helper()
	var r string
	if err := l.db.QueryRow(`SELECT session_user`).Scan(&r); err != nil {
		t.Fatal(err)
	}
	return r
}
