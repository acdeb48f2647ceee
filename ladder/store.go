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
	"strings"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver, pure Go
)

// schema is the ladder's tables. A pair is two games on one pool's
// scenario with the same dice, sides swapped (seat 0: a plays side 0;
// seat 1: b does); its seeds follow from the ladder's seed and its id.
const schema = `
CREATE TABLE IF NOT EXISTS meta (
	key   TEXT PRIMARY KEY,
	value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS entrants (
	id       INTEGER PRIMARY KEY,
	name     TEXT NOT NULL UNIQUE,
	spec     TEXT NOT NULL,
	author   TEXT NOT NULL DEFAULT '',
	version  TEXT NOT NULL DEFAULT '',
	added    INTEGER NOT NULL,
	retired  INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS pools (
	id       INTEGER PRIMARY KEY,
	ruleset  TEXT NOT NULL,
	scenario TEXT NOT NULL,
	UNIQUE (ruleset, scenario)
);
CREATE TABLE IF NOT EXISTS pairs (
	id      INTEGER PRIMARY KEY,
	pool    INTEGER NOT NULL REFERENCES pools (id),
	a       INTEGER NOT NULL REFERENCES entrants (id),
	b       INTEGER NOT NULL REFERENCES entrants (id),
	created INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
	id      INTEGER PRIMARY KEY,
	pair    INTEGER NOT NULL REFERENCES pairs (id),
	seat    INTEGER NOT NULL CHECK (seat IN (0, 1)),
	side0   INTEGER NOT NULL REFERENCES entrants (id),
	side1   INTEGER NOT NULL REFERENCES entrants (id),
	winner  INTEGER NOT NULL,
	kind    TEXT NOT NULL,
	reason  TEXT NOT NULL,
	steps   INTEGER NOT NULL,
	record  BLOB NOT NULL, -- the game's record, JSON, gzipped
	played  INTEGER NOT NULL,
	UNIQUE (pair, seat)
);
CREATE INDEX IF NOT EXISTS games_side0 ON games (side0);
CREATE INDEX IF NOT EXISTS games_side1 ON games (side1);
`

// Ladder is an open ladder store.
type Ladder struct {
	db   *sql.DB
	path string
	seed uint64
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

// Open opens the ladder in the SQLite file at path, creating it (with
// seed) when it does not exist; an existing ladder keeps its own seed.
func Open(ctx context.Context, path string, seed uint64) (*Ladder, error) {
	if path == "" {
		return nil, errors.New("a ladder needs a database file: give --db FILE")
	}
	if strings.HasPrefix(path, "postgres://") || strings.HasPrefix(path, "postgresql://") {
		return nil, errors.New("ladders on PostgreSQL are not built yet: give --db FILE for an SQLite ladder")
	}
	db, err := sql.Open("sqlite", sqliteDSN(path))
	if err != nil {
		return nil, fmt.Errorf("open ladder %s: %w", path, err)
	}
	l := &Ladder{db: db, path: path}
	if err := l.init(ctx, seed); err != nil {
		db.Close()
		return nil, fmt.Errorf("open ladder %s: %w", path, err)
	}
	return l, nil
}

// init creates the tables and reads (or writes) the seed.
func (l *Ladder) init(ctx context.Context, seed uint64) error {
	return l.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, schema); err != nil {
			return err
		}
		var v string
		switch err := tx.QueryRowContext(ctx, `SELECT value FROM meta WHERE key = 'seed'`).Scan(&v); {
		case errors.Is(err, sql.ErrNoRows):
			l.seed = seed
			_, err := tx.ExecContext(ctx, `INSERT INTO meta (key, value) VALUES ('seed', ?), ('version', '1')`, fmt.Sprint(seed))
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
