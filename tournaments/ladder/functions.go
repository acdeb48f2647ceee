package ladder

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/grognard/grognard/engine"
)

// What a worker may do on a shared ladder, it does through four functions
// and nothing else: claim a seat, renew its lease, give it back, report its
// record. They are SECURITY DEFINER functions owned by the ladder's owner,
// so they write the queue with the owner's rights while the worker's role
// has no right to write any table itself; each one checks what it is
// given (the worker's name, the seat, the record's size) and that the
// caller holds the seat's current lease, so that a worker role can neither
// stall the queue (mark seats reported, leases that never end) nor fill
// the coordinator's memory (a record is refused by size before it is
// stored), nor report for a seat it does not hold.
//
// Their search_path is pinned to the ladder's schema and pg_temp last, as
// PostgreSQL's documentation advises for SECURITY DEFINER functions: a
// caller cannot slip in a table or function of its own under a name they
// use.

// The bounds of a lease, which the coordinator sets ('ladder run
// --lease'); a value outside them in the ladder's settings is clamped.
const (
	MinLease = time.Second
	MaxLease = time.Hour
)

// DefaultLease is how long a worker may be silent before its game is
// played again by another: fishtest frees a task after 6 minutes.
const DefaultLease = 6 * time.Minute

// MaxWorkerName is the longest worker name, in characters.
const MaxWorkerName = 64

// MaxReportRecord is the most bytes a reported record may take, gzipped:
// the bound of one record's line, which the record unzipped must meet
// too. A report over it is refused before it is stored.
const MaxReportRecord = engine.MaxRecordLine

// postgresFunctions creates the worker's functions and the helpers they
// call. {{schema}} is the ladder's schema, {{...}} the bounds above.
const postgresFunctions = `
CREATE OR REPLACE FUNCTION ladder_check_worker(who text) RETURNS void
LANGUAGE plpgsql IMMUTABLE SET search_path = {{schema}}, pg_temp AS $f$
BEGIN
	IF who IS NULL OR char_length(who) < 1 OR char_length(who) > {{maxName}} THEN
		RAISE EXCEPTION 'a worker''s name is 1 to {{maxName}} characters' USING ERRCODE = '22023';
	END IF;
	IF who ~ '[\u0001-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]' THEN
		RAISE EXCEPTION 'a worker''s name may not hold control characters' USING ERRCODE = '22023';
	END IF;
END $f$;

CREATE OR REPLACE FUNCTION ladder_lease_ms() RETURNS bigint
LANGUAGE sql STABLE SET search_path = {{schema}}, pg_temp AS $f$
	SELECT LEAST(GREATEST(COALESCE(
		(SELECT CASE WHEN value ~ '^[0-9]{1,12}$' THEN value::bigint END FROM meta WHERE key = 'lease_ms'),
		{{defaultLease}}), {{minLease}}), {{maxLease}})
$f$;

CREATE OR REPLACE FUNCTION ladder_claim(who text)
RETURNS TABLE (c_pair bigint, c_seat integer, c_lease bigint, c_token uuid, c_lease_ms bigint, c_was text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $f$
DECLARE
	ms bigint := ladder_lease_ms();
BEGIN
	PERFORM ladder_check_worker(who);
	RETURN QUERY
	WITH c AS (
		SELECT t.pair, t.seat, CASE WHEN t.until IS NULL THEN '' ELSE left(t.worker, {{maxName}}) END AS was
		FROM tasks t
		WHERE NOT t.reported AND NOT t.given_up AND (t.until IS NULL OR t.until < now())
		ORDER BY t.pair, t.seat LIMIT 1 FOR UPDATE SKIP LOCKED)
	UPDATE tasks t SET worker = who, holder = session_user::text, lease = nextval('lease_numbers'),
		token = gen_random_uuid(), until = now() + ms * interval '1 millisecond', attempts = t.attempts + 1
	FROM c WHERE t.pair = c.pair AND t.seat = c.seat
	RETURNING t.pair, t.seat, t.lease, t.token, ms, c.was;
END $f$;

CREATE OR REPLACE FUNCTION ladder_renew(p bigint, s integer, l bigint, tok uuid, who text) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $f$
BEGIN
	PERFORM ladder_check_worker(who);
	UPDATE tasks SET until = now() + ladder_lease_ms() * interval '1 millisecond'
	WHERE pair = p AND seat = s AND lease = l AND token = tok AND worker = who AND holder = session_user::text
		AND NOT reported AND NOT given_up AND until > now();
	RETURN FOUND;
END $f$;

CREATE OR REPLACE FUNCTION ladder_release(p bigint, s integer, l bigint, tok uuid, who text) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $f$
BEGIN
	PERFORM ladder_check_worker(who);
	UPDATE tasks SET until = NULL
	WHERE pair = p AND seat = s AND lease = l AND token = tok AND worker = who AND holder = session_user::text
		AND NOT reported AND until > now();
	RETURN FOUND;
END $f$;

CREATE OR REPLACE FUNCTION ladder_report(p bigint, s integer, l bigint, tok uuid, who text, rec bytea) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $f$
BEGIN
	PERFORM ladder_check_worker(who);
	IF s IS NULL OR s NOT IN (0, 1) THEN
		RAISE EXCEPTION 'seat %: a seat is 0 or 1', s USING ERRCODE = '22023';
	END IF;
	IF rec IS NULL OR octet_length(rec) = 0 OR octet_length(rec) > {{maxRecord}} THEN
		RAISE EXCEPTION 'a record of % bytes: a report''s record is 1 to {{maxRecord}} bytes gzipped', octet_length(rec)
			USING ERRCODE = '54000';
	END IF;
	UPDATE tasks SET reported = TRUE
	WHERE pair = p AND seat = s AND lease = l AND token = tok AND worker = who AND holder = session_user::text
		AND NOT reported AND NOT given_up AND until > now();
	IF NOT FOUND THEN
		RETURN FALSE;
	END IF;
	INSERT INTO reports (pair, seat, lease, worker, record) VALUES (p, s, l, who, rec);
	RETURN TRUE;
END $f$;

REVOKE ALL ON FUNCTION ladder_check_worker(text), ladder_lease_ms(), ladder_claim(text),
	ladder_renew(bigint, integer, bigint, uuid, text), ladder_release(bigint, integer, bigint, uuid, text),
	ladder_report(bigint, integer, bigint, uuid, text, bytea) FROM PUBLIC;
`

// workerFunctions are the functions a worker's role may call.
var workerFunctions = []string{
	"ladder_claim(text)",
	"ladder_renew(bigint, integer, bigint, uuid, text)",
	"ladder_release(bigint, integer, bigint, uuid, text)",
	"ladder_report(bigint, integer, bigint, uuid, text, bytea)",
}

// installFunctions creates (or replaces) the worker's functions in tx,
// pinned to the schema the ladder's tables are in, and takes every right
// to write the queue and the reports from every role but the owner: a
// role granted by an older grognard could write them directly.
func (l *Ladder) installFunctions(ctx context.Context, tx *sql.Tx) error {
	var schema sql.NullString
	if err := tx.QueryRowContext(ctx, `SELECT n.nspname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = 'tasks'::regclass`).Scan(&schema); err != nil {
		return fmt.Errorf("find the ladder's schema: %w", err)
	}
	ddl := strings.NewReplacer(
		"{{schema}}", pgx.Identifier{schema.String}.Sanitize(),
		"{{maxName}}", strconv.Itoa(MaxWorkerName),
		"{{maxRecord}}", strconv.Itoa(MaxReportRecord),
		"{{defaultLease}}", strconv.FormatInt(DefaultLease.Milliseconds(), 10),
		"{{minLease}}", strconv.FormatInt(MinLease.Milliseconds(), 10),
		"{{maxLease}}", strconv.FormatInt(MaxLease.Milliseconds(), 10),
	).Replace(postgresFunctions)
	if _, err := tx.ExecContext(ctx, ddl); err != nil {
		return fmt.Errorf("create the workers' functions: %w", err)
	}
	// Every right to write a table that its owner granted is taken back:
	// a worker's role writes through the functions alone.
	rows, err := tx.QueryContext(ctx, `SELECT DISTINCT a.grantee = 0, COALESCE(pg_get_userbyid(a.grantee), '')
		FROM pg_class c, aclexplode(c.relacl) a
		WHERE c.oid = ANY (ARRAY['meta', 'entrants', 'pools', 'pairs', 'games', 'tasks', 'reports']::regclass[])
		AND a.privilege_type IN ('INSERT', 'UPDATE', 'DELETE', 'TRUNCATE') AND a.grantee <> c.relowner`)
	if err != nil {
		return err
	}
	var grantees []string
	for rows.Next() {
		var public bool
		var g string
		if err := rows.Scan(&public, &g); err != nil {
			rows.Close()
			return err
		}
		if public {
			g = "PUBLIC"
		} else {
			g = pgx.Identifier{g}.Sanitize()
		}
		grantees = append(grantees, g)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, g := range grantees {
		if _, err := tx.ExecContext(ctx, `REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON tasks, reports, games, pairs, entrants, pools, meta FROM `+g); err != nil {
			return fmt.Errorf("take the rights to write from %s: %w", g, err)
		}
	}
	return nil
}

// GrantWorker lets the PostgreSQL role given work on the ladder and do
// nothing else: read the entrants, pools and pairs (a worker needs them
// to play a seat) and call the four functions that claim a seat, renew
// its lease, give it back and report its record. It cannot write any
// table, nor read the queue or the reports, so every game it plays counts
// only once the coordinator has replayed it. Granting again a role of an
// older grognard takes away the direct rights that version gave. The role
// must exist already (CREATE ROLE name LOGIN PASSWORD '...'); the
// ladder's owner grants.
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
			`REVOKE ALL ON meta, entrants, pools, pairs, games, tasks, reports FROM ` + r,
			`REVOKE ALL ON SEQUENCE lease_numbers, ` + seq + ` FROM ` + r,
			`GRANT SELECT ON meta, entrants, pools, pairs TO ` + r,
			`GRANT EXECUTE ON FUNCTION ` + strings.Join(workerFunctions, ", ") + ` TO ` + r,
		} {
			if _, err := tx.ExecContext(ctx, g); err != nil {
				return fmt.Errorf("%s: %w", g, err)
			}
		}
		return nil
	})
}
