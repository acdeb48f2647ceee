//go:build linux

package pgtest_test

import (
	"context"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/grognard/grognard/internal/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

func connect(t *testing.T, url string) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(t.Context(), url)
	if err != nil {
		t.Fatalf("connect %s: %v", url, err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return conn
}

func TestURL(t *testing.T) {
	url := pgtest.URL(t)
	conn := connect(t, url)
	ctx := t.Context()

	if _, err := conn.Exec(ctx, `CREATE TABLE units (id int PRIMARY KEY, name text NOT NULL)`); err != nil {
		t.Fatalf("create table: %v", err)
	}
	if _, err := conn.Exec(ctx, `INSERT INTO units VALUES ($1, $2)`, 1, "3rd Panzer"); err != nil {
		t.Fatalf("insert: %v", err)
	}
	var name string
	if err := conn.QueryRow(ctx, `SELECT name FROM units WHERE id = $1`, 1).Scan(&name); err != nil {
		t.Fatalf("select: %v", err)
	}
	if name != "3rd Panzer" {
		t.Errorf("read back %q, want %q", name, "3rd Panzer")
	}

	// A second URL is a different, empty database.
	other := pgtest.URL(t)
	if other == url {
		t.Fatalf("two URL calls gave the same URL %s", url)
	}
	conn2 := connect(t, other)
	var db1, db2 string
	if err := conn.QueryRow(ctx, `SELECT current_database()`).Scan(&db1); err != nil {
		t.Fatal(err)
	}
	if err := conn2.QueryRow(ctx, `SELECT current_database()`).Scan(&db2); err != nil {
		t.Fatal(err)
	}
	if db1 == db2 {
		t.Errorf("both URLs reach database %s", db1)
	}
	var n int
	if err := conn2.QueryRow(ctx, `SELECT count(*) FROM pg_tables WHERE tablename = 'units'`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Errorf("second database is not empty: it has table units")
	}
}

func TestServerURL(t *testing.T) {
	url, why := pgtest.ServerURL()
	if url == "" {
		t.Skipf("no server: %s", why)
	}
	conn := connect(t, url)
	var db string
	if err := conn.QueryRow(t.Context(), `SELECT current_database()`).Scan(&db); err != nil {
		t.Fatal(err)
	}
	if db != "postgres" {
		t.Errorf("ServerURL reaches database %q, want the maintenance database postgres", db)
	}
}

// TestDropped checks that a database is gone once its test's cleanups ran,
// so that a long test run does not pile up databases.
func TestDropped(t *testing.T) {
	var name string
	t.Run("user", func(t *testing.T) {
		conn := connect(t, pgtest.URL(t))
		if err := conn.QueryRow(t.Context(), `SELECT current_database()`).Scan(&name); err != nil {
			t.Fatal(err)
		}
	})
	if name == "" {
		t.Skip("no database to check")
	}
	admin, why := pgtest.ServerURL()
	if admin == "" {
		t.Skip(why)
	}
	var exists bool
	if err := connect(t, admin).QueryRow(t.Context(),
		`SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		t.Fatal(err)
	}
	if exists {
		t.Errorf("database %s still exists after its test ended", name)
	}
}

func TestParallel(t *testing.T) {
	for i := range 8 {
		t.Run("", func(t *testing.T) {
			t.Parallel()
			conn := connect(t, pgtest.URL(t))
			if _, err := conn.Exec(t.Context(), `CREATE TABLE t (i int); INSERT INTO t VALUES (1)`); err != nil {
				t.Fatalf("%d: %v", i, err)
			}
		})
	}
}
