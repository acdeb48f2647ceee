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
	"io"
	"io/fs"
	"net/url"
	"os"
	"strconv"
	"sync"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver, pure Go
)

// Ladder is an open ladder store.
type Ladder struct {
	db      *sql.DB
	dialect dialect
	path    string
	// file is an SQLite ladder's file ("" on PostgreSQL), locked while a
	// run plays it.
	file string
	seed uint64
	// board is the leaderboard's fit, kept until a game or an entrant is
	// added (see Leaderboard).
	board boardMemo
	// names are the names agents built from entrants' specs give
	// themselves in records, by spec (see expectedAgent).
	names sync.Map
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
	return open(ctx, db, seed, true)
}

// ErrNoLadder is OpenExisting's refusal of a file or server that holds no
// ladder.
var ErrNoLadder = errors.New("no ladder there")

// ErrLocked is a run refused because another holds the ladder: a
// 'ladder run' on the same SQLite file, or a coordinator of the same
// PostgreSQL ladder.
var ErrLocked = errors.New("the ladder is taken")

// OpenExisting opens the ladder at db, which must exist: what only reads
// a ladder must not make an empty one at a mistyped path. Its error wraps
// ErrNoLadder when there is none.
func OpenExisting(ctx context.Context, db string) (*Ladder, error) {
	return open(ctx, db, DefaultSeed, false)
}

func open(ctx context.Context, db string, seed uint64, create bool) (*Ladder, error) {
	if db == "" {
		return nil, errors.New("a ladder needs a database: give --db FILE (SQLite) or --db postgres://... (PostgreSQL)")
	}
	d, dsn, shown := sqliteDialect, sqliteDSN(db), db
	if IsServer(db) {
		d, dsn, shown = postgresDialect, db, redact(db)
	} else if !create {
		if err := isLadderFile(ctx, db); err != nil {
			return nil, err
		}
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
	} else {
		l.file = db
	}
	if err := l.init(ctx, seed, create); err != nil {
		conn.Close()
		if errors.Is(err, ErrNoLadder) {
			return nil, fmt.Errorf("%w: %s holds none", ErrNoLadder, shown)
		}
		return nil, fmt.Errorf("open ladder %s: %w", shown, err)
	}
	return l, nil
}

// sqliteHeader is how every SQLite database file begins.
const sqliteHeader = "SQLite format 3\x00"

// isLadderFile refuses (ErrNoLadder) a path that is not an SQLite ladder,
// without writing to it: SQLite makes a file it is asked to open, and the
// ladder's settings (WAL) would change one that is another program's.
func isLadderFile(ctx context.Context, path string) error {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%w: %s does not exist", ErrNoLadder, path)
	}
	if err != nil {
		return fmt.Errorf("open ladder %s: %w", path, err)
	}
	head := make([]byte, len(sqliteHeader))
	_, err = io.ReadFull(f, head)
	f.Close()
	if err != nil || string(head) != sqliteHeader {
		return fmt.Errorf("%w: %s is not an SQLite database", ErrNoLadder, path)
	}
	conn, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		return fmt.Errorf("open ladder %s: %w", path, err)
	}
	defer conn.Close()
	var made bool
	if err := conn.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta')`).Scan(&made); err != nil {
		return fmt.Errorf("open ladder %s: %w", path, err)
	}
	if !made {
		return fmt.Errorf("%w: %s is an SQLite database with no ladder in it", ErrNoLadder, path)
	}
	return nil
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

// init creates the tables (unless create is false: then a ladder without
// them is ErrNoLadder), upgrades a shared ladder of an older version, and
// reads (or writes) the seed.
func (l *Ladder) init(ctx context.Context, seed uint64, create bool) error {
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
		} else if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta')`).Scan(&made); err != nil {
			return err
		}
		if !made && !create {
			return ErrNoLadder
		}
		if !made || !l.dialect.shared {
			if _, err := tx.ExecContext(ctx, l.dialect.schema); err != nil {
				return err
			}
			if l.dialect.shared {
				if err := l.installFunctions(ctx, tx); err != nil {
					return err
				}
			}
		}
		var v string
		switch err := tx.QueryRowContext(ctx, `SELECT value FROM meta WHERE key = 'seed'`).Scan(&v); {
		case errors.Is(err, sql.ErrNoRows) && !create:
			return ErrNoLadder
		case errors.Is(err, sql.ErrNoRows):
			l.seed = seed
			_, err := tx.ExecContext(ctx, l.q(`INSERT INTO meta (key, value) VALUES ('seed', ?), ('version', ?)`), fmt.Sprint(seed), fmt.Sprint(l.dialect.version))
			return err
		case err != nil:
			return err
		}
		if _, err := fmt.Sscan(v, &l.seed); err != nil {
			return fmt.Errorf("the ladder's seed %q: %w", v, err)
		}
		if made && l.dialect.shared {
			return l.upgrade(ctx, tx)
		}
		return nil
	})
}

// upgrade brings a shared ladder of an older version to this one's: the
// queue's new columns, the workers' functions, and no role but the owner
// left with a right to write a table. Only the owner can; a worker's role
// is told to ask it.
func (l *Ladder) upgrade(ctx context.Context, tx *sql.Tx) error {
	var v string
	if err := tx.QueryRowContext(ctx, `SELECT value FROM meta WHERE key = 'version'`).Scan(&v); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if n, _ := strconv.Atoi(v); n >= l.dialect.version {
		return nil
	}
	var owner bool
	if err := tx.QueryRowContext(ctx, `SELECT pg_has_role(current_user, c.relowner, 'USAGE') FROM pg_class c WHERE c.oid = 'tasks'::regclass`).Scan(&owner); err != nil {
		return err
	}
	if !owner {
		return fmt.Errorf("this ladder is of version %s, made by an older grognard: open it once as the role that owns it (any 'grognard ladder' command, e.g. 'ladder queue') to upgrade it to version %d", v, l.dialect.version)
	}
	if _, err := tx.ExecContext(ctx, postgresTasksV2); err != nil {
		return fmt.Errorf("upgrade the ladder: %w", err)
	}
	if err := l.installFunctions(ctx, tx); err != nil {
		return fmt.Errorf("upgrade the ladder: %w", err)
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO meta (key, value) VALUES ('version', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, fmt.Sprint(l.dialect.version))
	return err
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
