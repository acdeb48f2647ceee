// Package ladder is grognard's persistent ladder: entrants (built-in
// agents or external programs) play paired games against the field for
// as long as it runs, every game stored with its record, and the
// leaderboard, each entrant's history and the head-to-head tables read
// from the store. A ladder is one SQLite file (modernc.org/sqlite, no
// cgo), so it survives being stopped at any moment: a finished game is
// written in one transaction with the pair and seat it belongs to, so it
// is never lost once written and never counted twice, and a run started
// again plays first what the last one left unfinished.
//
// A ladder may instead live on a PostgreSQL server (a postgres:// URL),
// shared: Run is then its coordinator, which queues the seats to play
// and replays every record that workers (Work, in any number of
// processes on any machines) report before the game counts; see
// queue.go.
//
// The games follow from the ladder's seed and each pair's number alone,
// as a tournament's do: the same ladder, run again from nothing with the
// same entrants and seed, schedules the same pairs and plays the same
// games.
package ladder

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver, pure Go
)

// Ladder is an open ladder store.
type Ladder struct {
	db      *sql.DB
	dialect dialect
	path    string
	seed    uint64
}

// DefaultSeed is a new ladder's seed unless one is given.
const DefaultSeed = 1

// sqliteDSN is the connection string of the file at path: WAL so that
// readers (a leaderboard while the ladder runs) never block the writer,
// a busy timeout so that two processes wait for each other instead of
// failing, and immediate transactions so that a write takes its lock at
// the start (a deferred transaction that upgrades to a write would fail
// at once, the busy timeout notwithstanding).
func sqliteDSN(path string) string {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Set("_txlock", "immediate")
	return "file:" + path + "?" + q.Encode()
}

// Open opens the ladder at db, creating it (with seed) when it does not
// exist; an existing ladder keeps its own seed. db is an SQLite file, or a
// PostgreSQL server's postgres:// URL for a ladder shared with workers.
func Open(ctx context.Context, db string, seed uint64) (*Ladder, error) {
	if db == "" {
		return nil, errors.New("a ladder needs a database: give --db FILE (SQLite) or --db postgres://... (PostgreSQL)")
	}
	d, dsn, shown := sqliteDialect, sqliteDSN(db), db
	if IsServer(db) {
		d, dsn, shown = postgresDialect, db, redact(db)
	}
	conn, err := sql.Open(d.driver, dsn)
	if err != nil {
		return nil, fmt.Errorf("open ladder %s: %w", shown, err)
	}
	l := &Ladder{db: conn, dialect: d, path: shown}
	if d.shared {
		if err := conn.PingContext(ctx); err != nil {
			conn.Close()
			return nil, fmt.Errorf("cannot reach the ladder's PostgreSQL server %s: %w (is it running? are the user, password, host and database in the URL right?)", shown, err)
		}
	}
	if err := l.init(ctx, seed); err != nil {
		conn.Close()
		return nil, fmt.Errorf("open ladder %s: %w", shown, err)
	}
	return l, nil
}

// redact is a server's URL without its password, for messages.
func redact(db string) string {
	u, err := url.Parse(db)
	if err != nil {
		return "the PostgreSQL server given"
	}
	return u.Redacted()
}

// Shared is whether the ladder is on a server, its games played by
// workers that take them from its queue.
func (l *Ladder) Shared() bool { return l.dialect.shared }

// init creates the tables and reads (or writes) the seed.
func (l *Ladder) init(ctx context.Context, seed uint64) error {
	return l.write(ctx, func(tx *sql.Tx) error {
		made := false
		if l.dialect.shared {
			// Processes that open a new ladder at once would race to
			// create its tables: the first takes this lock, the others
			// wait and find them made. A ladder made already is not made
			// again: a worker's role may read and report, not create.
			if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(5800)`); err != nil {
				return err
			}
			if err := tx.QueryRowContext(ctx, `SELECT to_regclass('reports') IS NOT NULL`).Scan(&made); err != nil {
				return err
			}
		}
		if !made {
			if _, err := tx.ExecContext(ctx, l.dialect.schema); err != nil {
				return err
			}
		}
		var v string
		switch err := tx.QueryRowContext(ctx, `SELECT value FROM meta WHERE key = 'seed'`).Scan(&v); {
		case errors.Is(err, sql.ErrNoRows):
			l.seed = seed
			_, err := tx.ExecContext(ctx, l.q(`INSERT INTO meta (key, value) VALUES ('seed', ?), ('version', '1')`), fmt.Sprint(seed))
			return err
		case err != nil:
			return err
		}
		_, err := fmt.Sscan(v, &l.seed)
		return err
	})
}

// Close closes the store.
func (l *Ladder) Close() error { return l.db.Close() }

// Seed is the ladder's seed.
func (l *Ladder) Seed() uint64 { return l.seed }

// write runs f in one immediate transaction, committed when f succeeds.
func (l *Ladder) write(ctx context.Context, f func(tx *sql.Tx) error) error {
	tx, err := l.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// now is the wall clock for the store's bookkeeping columns (when an
// entrant was added, a game played): never read by the games.
func now() int64 { return time.Now().Unix() }
