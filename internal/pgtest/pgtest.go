//go:build linux

// Package pgtest gives tests a real PostgreSQL server without any setup
// outside the test: the first test that asks for a database starts a private
// server (initdb into a temp dir, postgres listening on 127.0.0.1 only) that
// the whole test binary shares, and every URL call gets its own fresh
// database, so tests can run in parallel without seeing each other's tables.
//
// Set GROGNARD_TEST_POSTGRES to a postgres:// URL of an existing server (with
// a role that may CREATE DATABASE) to use that server instead.
//
// When no server can be had, tests are skipped, not failed, with a message
// that says why and how to fix it, so that machines without PostgreSQL can
// still run the rest of the suite.
//
// The package is Linux-only because it relies on Linux process attributes
// (Pdeathsig) to make sure a crashed test binary never leaves a server behind.
package pgtest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// EnvVar names the environment variable that points the tests at an existing
// server instead of starting one; exported so that skip messages and callers
// can refer to it by name.
const EnvVar = "GROGNARD_TEST_POSTGRES"

const (
	readyTimeout = 30 * time.Second // how long postgres may take to accept connections
	stopTimeout  = 10 * time.Second // how long a fast shutdown may take before SIGKILL
	opTimeout    = 30 * time.Second // CREATE/DROP DATABASE
	startTries   = 3                // the free port may be taken between probe and bind
)

// server is the one PostgreSQL server shared by the test binary.
type server struct {
	adminURL string // maintenance database URL
	external bool   // from GROGNARD_TEST_POSTGRES; never stopped by us
	startMsg string // logged once by the first URL call

	tmpDir string
	cmd    *exec.Cmd
	exited chan struct{} // closed when cmd has been waited for
}

var (
	once      sync.Once
	srv       *server
	srvErr    string // why there is no server; set when srv is nil
	logged    atomic.Bool
	dbCounter atomic.Int64
)

// Main runs the package's tests and then stops the server if one was started.
// Use it from TestMain, because a server started by the tests can only be
// shut down cleanly (and its temp dir removed) after all of them are done:
//
//	func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }
//
// Without it the server still dies with the test binary (Pdeathsig) but its
// temp dir is left behind.
func Main(m *testing.M) int {
	code := m.Run()
	if srv != nil {
		if err := srv.stop(); err != nil {
			fmt.Fprintf(os.Stderr, "pgtest: %v\n", err)
		}
	}
	return code
}

// URL returns a postgres:// URL of a new, empty database on the shared server
// (started on first use, once per test binary), and drops the database at
// t.Cleanup, so that each test gets isolation without paying for a server of
// its own. When no server can be had it calls t.Skip with the reason and the
// fix, because a missing PostgreSQL is a property of the machine, not a bug in
// the code under test.
func URL(t testing.TB) string {
	t.Helper()
	base, why := ServerURL()
	if base == "" {
		t.Skipf("pgtest: no PostgreSQL server: %s", why)
	}
	if logged.CompareAndSwap(false, true) {
		t.Logf("pgtest: %s", srv.startMsg)
	}

	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("pgtest: connect to maintenance database %s: %v", redact(base), err)
	}
	defer conn.Close(context.Background())

	var name string
	for {
		// The pid keeps concurrent test binaries on a shared external server
		// apart; the retry covers the unlikely reuse of a pid there.
		name = fmt.Sprintf("t_%d_%d", os.Getpid(), dbCounter.Add(1))
		_, err = conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize())
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "42P04" { // duplicate_database
			continue
		}
		break
	}
	if err != nil {
		t.Fatalf("pgtest: CREATE DATABASE %s: %v", name, err)
	}

	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
		defer cancel()
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Errorf("pgtest: drop database %s: connect: %v", name, err)
			return
		}
		defer conn.Close(context.Background())
		// FORCE, because tests commonly leave pools open until their own
		// cleanups, which may run after this one.
		if _, err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)"); err != nil {
			t.Errorf("pgtest: DROP DATABASE %s: %v", name, err)
		}
	})

	u, err := url.Parse(base)
	if err != nil { // cannot happen: ServerURL checked it
		t.Fatalf("pgtest: parse %s: %v", redact(base), err)
	}
	u.Path = "/" + name
	u.RawPath = ""
	return u.String()
}

// ServerURL returns the URL of the shared server's maintenance database, for
// tools that create their own databases (migrations runners, pg_dump tests),
// starting the server if needed. When there is no server it returns "" and
// the reason it could not be had, so callers can skip or fail as they see fit.
func ServerURL() (serverURL, reason string) {
	once.Do(func() {
		s, err := start()
		if err != nil {
			srvErr = err.Error()
			return
		}
		srv = s
	})
	if srv == nil {
		return "", srvErr
	}
	return srv.adminURL, ""
}

// start finds or starts the server; its errors are skip messages.
func start() (*server, error) {
	if env := os.Getenv(EnvVar); env != "" {
		return useExternal(env)
	}

	bin, err := findBinaries()
	if err != nil {
		return nil, err
	}
	cred, err := childCredential()
	if err != nil {
		return nil, err
	}

	begin := time.Now()
	s := &server{}
	if s.tmpDir, err = os.MkdirTemp("", "pgtest-"); err != nil {
		return nil, fmt.Errorf("create temp dir: %v", err)
	}
	ok := false
	defer func() {
		if !ok {
			os.RemoveAll(s.tmpDir)
		}
	}()
	if err := s.prepareDirs(cred); err != nil {
		return nil, err
	}
	dataDir := filepath.Join(s.tmpDir, "data")

	initdb := exec.Command(filepath.Join(bin, "initdb"),
		"-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8",
		// C locale: does not depend on which locales the machine has
		// installed, and sorts the same everywhere.
		"--locale=C", "--no-sync")
	initdb.Dir = s.tmpDir // the postgres user may not be able to read our cwd
	initdb.SysProcAttr = sysProcAttr(cred)
	if out, err := initdb.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("initdb failed (%v): %s", err, strings.TrimSpace(string(out)))
	}
	initdbTime := time.Since(begin)

	var lastErr error
	for try := 0; try < startTries; try++ {
		lastErr = s.run(bin, dataDir, cred)
		if lastErr == nil {
			ok = true
			break
		}
		if !errors.Is(lastErr, errPortTaken) {
			break
		}
	}
	if !ok {
		return nil, lastErr
	}

	version := "PostgreSQL"
	if v, err := serverVersion(s.adminURL); err == nil {
		version += " " + v
	}
	u, _ := url.Parse(s.adminURL)
	s.startMsg = fmt.Sprintf("%s started on %s in %.1fs (initdb %.1fs; data in %s)",
		version, u.Host, time.Since(begin).Seconds(), initdbTime.Seconds(), dataDir)
	return s, nil
}

// useExternal checks that the server named by GROGNARD_TEST_POSTGRES can be
// reached, so a wrong URL gives one clear skip message rather than a failed
// CREATE DATABASE in every test.
func useExternal(env string) (*server, error) {
	u, err := url.Parse(env)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		// Not echoed: a key=value DSN may hold a password.
		return nil, fmt.Errorf("%s must be a postgres:// URL (postgres://user[:password]@host:port/db?sslmode=disable), not a key=value DSN", EnvVar)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, env)
	if err != nil {
		return nil, fmt.Errorf("%s=%s: cannot connect: %v; start that server, fix the URL, or unset %s to let the tests start their own",
			EnvVar, redact(env), err, EnvVar)
	}
	v := conn.PgConn().ParameterStatus("server_version")
	conn.Close(context.Background())
	return &server{
		adminURL: env,
		external: true,
		startMsg: fmt.Sprintf("using PostgreSQL %s from %s=%s", shortVersion(v), EnvVar, redact(env)),
	}, nil
}

// findBinaries returns the directory holding initdb and postgres of the same
// installation: PATH first (the user's explicit choice), then the newest
// Debian-style /usr/lib/postgresql/<version>/bin.
func findBinaries() (string, error) {
	if p, err := exec.LookPath("initdb"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real
		}
		dir := filepath.Dir(p)
		if isExecutable(filepath.Join(dir, "postgres")) {
			return dir, nil
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { // newest first
		return versionLess(filepath.Base(filepath.Dir(dirs[j])), filepath.Base(filepath.Dir(dirs[i])))
	})
	for _, dir := range dirs {
		if isExecutable(filepath.Join(dir, "initdb")) && isExecutable(filepath.Join(dir, "postgres")) {
			return dir, nil
		}
	}
	return "", fmt.Errorf("no PostgreSQL binaries found (initdb and postgres, on PATH or in /usr/lib/postgresql/*/bin): install Debian's postgresql (apt-get install postgresql), or set %s to the URL of an existing server", EnvVar)
}

func isExecutable(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0
}

// versionLess compares Debian version directory names such as "9.6" and "15".
func versionLess(a, b string) bool {
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(as) && i < len(bs); i++ {
		x, errx := strconv.Atoi(as[i])
		y, erry := strconv.Atoi(bs[i])
		if errx != nil || erry != nil {
			return a < b
		}
		if x != y {
			return x < y
		}
	}
	return len(as) < len(bs)
}

// childCredential says whom to run initdb and postgres as: nil for the
// current user, or the postgres system user when we are root, because
// PostgreSQL refuses to run as root.
func childCredential() (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		return nil, fmt.Errorf("running as root and there is no postgres user (%v), and PostgreSQL refuses to run as root: create one (adduser --system --group postgres; installing Debian's postgresql does this), run the tests as a non-root user, or set %s", err, EnvVar)
	}
	uid, err1 := strconv.ParseUint(u.Uid, 10, 32)
	gid, err2 := strconv.ParseUint(u.Gid, 10, 32)
	if err1 != nil || err2 != nil {
		return nil, fmt.Errorf("running as root: user postgres has non-numeric uid %q / gid %q", u.Uid, u.Gid)
	}
	if uid == 0 {
		return nil, fmt.Errorf("running as root and the postgres user has uid 0, and PostgreSQL refuses to run as root: give it a non-zero uid or set %s", EnvVar)
	}
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
}

func sysProcAttr(cred *syscall.Credential) *syscall.SysProcAttr {
	// Pdeathsig: if the test binary dies (panic, timeout, kill -9) the
	// kernel kills the server too, instead of leaving it running forever.
	// Go applies it after switching credentials, which would otherwise
	// clear it.
	return &syscall.SysProcAttr{Credential: cred, Pdeathsig: syscall.SIGKILL}
}

// prepareDirs makes the temp dir usable by the user the server runs as.
func (s *server) prepareDirs(cred *syscall.Credential) error {
	dataDir := filepath.Join(s.tmpDir, "data")
	if err := os.Mkdir(dataDir, 0o700); err != nil {
		return fmt.Errorf("create data dir: %v", err)
	}
	if cred == nil {
		return nil
	}
	// MkdirTemp makes the dir 0700; the postgres user owns it afterwards,
	// and 0755 lets root (and us, for debugging) look inside.
	if err := os.Chmod(s.tmpDir, 0o755); err != nil {
		return fmt.Errorf("chmod temp dir: %v", err)
	}
	for _, dir := range []string{s.tmpDir, dataDir} {
		if err := os.Chown(dir, int(cred.Uid), int(cred.Gid)); err != nil {
			return fmt.Errorf("running as root: chown %s to user postgres: %v", dir, err)
		}
	}
	// The postgres user must be able to get there: a TMPDIR under /root,
	// for instance, is not reachable.
	for dir := filepath.Dir(s.tmpDir); ; dir = filepath.Dir(dir) {
		if !traversable(dir, cred) {
			return fmt.Errorf("running as root: user postgres cannot reach the temp dir %s because %s is not searchable by it; set TMPDIR to a world-searchable directory such as /tmp", s.tmpDir, dir)
		}
		if dir == filepath.Dir(dir) {
			return nil
		}
	}
}

// traversable approximates the kernel's search-permission check for a user
// with no supplementary groups (which is what Credential without Groups gives).
func traversable(dir string, cred *syscall.Credential) bool {
	fi, err := os.Stat(dir)
	if err != nil {
		return false
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return true
	}
	perm := fi.Mode().Perm()
	switch {
	case st.Uid == cred.Uid:
		return perm&0o100 != 0
	case st.Gid == cred.Gid:
		return perm&0o010 != 0
	default:
		return perm&0o001 != 0
	}
}

var errPortTaken = errors.New("port taken")

// run starts postgres on a free port and waits until it accepts connections.
func (s *server) run(bin, dataDir string, cred *syscall.Credential) error {
	port, err := freePort()
	if err != nil {
		return fmt.Errorf("find a free port on 127.0.0.1: %v", err)
	}
	logPath := filepath.Join(s.tmpDir, "postgres.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		return fmt.Errorf("create server log: %v", err)
	}
	defer logFile.Close() // the child has its own copy

	// Run postgres itself rather than pg_ctl, so that it is our child: we
	// can stop it with SIGINT and wait for it, and Pdeathsig applies to it.
	cmd := exec.Command(filepath.Join(bin, "postgres"),
		"-D", dataDir,
		"-p", strconv.Itoa(port),
		"-c", "listen_addresses=127.0.0.1",
		"-c", "unix_socket_directories="+s.tmpDir,
		// Durability is worthless for a throwaway server; speed is not.
		"-c", "fsync=off",
		"-c", "synchronous_commit=off",
		"-c", "full_page_writes=off",
		"-c", "max_connections=200",
	)
	cmd.Dir = s.tmpDir
	cmd.Stdout = logFile
	cmd.Stderr = logFile
	cmd.SysProcAttr = sysProcAttr(cred)
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start postgres: %v", err)
	}
	exited := make(chan struct{})
	var waitErr error
	go func() {
		waitErr = cmd.Wait()
		close(exited)
	}()

	adminURL := fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", port)
	deadline := time.Now().Add(readyTimeout)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		conn, err := pgx.Connect(ctx, adminURL)
		cancel()
		if err == nil {
			conn.Close(context.Background())
			s.adminURL, s.cmd, s.exited = adminURL, cmd, exited
			return nil
		}
		select {
		case <-exited:
			log, _ := os.ReadFile(logPath)
			if bytes.Contains(log, []byte("Address already in use")) {
				return fmt.Errorf("%w: %d", errPortTaken, port)
			}
			return fmt.Errorf("postgres exited during startup (%v): %s", waitErr, strings.TrimSpace(string(log)))
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			<-exited
			log, _ := os.ReadFile(logPath)
			return fmt.Errorf("postgres did not accept connections on 127.0.0.1:%d within %v (last error: %v): %s",
				port, readyTimeout, err, strings.TrimSpace(string(log)))
		}
	}
}

// freePort asks the kernel for an unused port. Another process may take it
// before postgres binds it; run's caller retries when that happens.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func serverVersion(adminURL string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		return "", err
	}
	defer conn.Close(context.Background())
	return shortVersion(conn.PgConn().ParameterStatus("server_version")), nil
}

// shortVersion turns "15.14 (Debian 15.14-0+deb12u1)" into "15.14".
func shortVersion(v string) string {
	if i := strings.IndexByte(v, ' '); i >= 0 {
		v = v[:i]
	}
	return v
}

// stop shuts a server we started down with SIGINT (fast shutdown: aborts
// open transactions, disconnects clients) and removes its files.
func (s *server) stop() error {
	if s.external || s.cmd == nil {
		return nil
	}
	var errs []error
	if err := s.cmd.Process.Signal(syscall.SIGINT); err != nil && !errors.Is(err, os.ErrProcessDone) {
		errs = append(errs, fmt.Errorf("signal postgres: %v", err))
	}
	select {
	case <-s.exited:
	case <-time.After(stopTimeout):
		errs = append(errs, fmt.Errorf("postgres did not stop within %v of SIGINT; killed it", stopTimeout))
		s.cmd.Process.Kill()
		<-s.exited
	}
	if err := os.RemoveAll(s.tmpDir); err != nil {
		errs = append(errs, fmt.Errorf("remove %s: %v", s.tmpDir, err))
	}
	return errors.Join(errs...)
}

// redact hides a password in a URL meant for a message.
func redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unparsable URL)"
	}
	return u.Redacted()
}
