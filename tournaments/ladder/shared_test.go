package ladder_test

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest/toy"
	"github.com/grognard/grognard/internal/pgtest"
	"github.com/grognard/grognard/tournaments/ladder"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// slowMove is how long the toy kit's slow agent thinks: long enough for
// a game to be killed in the middle, short enough for a test.
const slowMove = 15 * time.Millisecond

func init() {
	// The toy ruleset's kit, for these tests alone: "toy-slow" plays as
	// the random agent with its seed, after a pause, so that the same
	// seeds give the same game and a worker can be caught mid-game.
	agents.RegisterKit(agents.Kit{Ruleset: toy.Name, Agents: []agents.AgentKind{{
		Info: agents.Info{Name: "toy-slow", Description: "the random agent, thinking 15 ms a move"},
		Make: func(_ map[string]string, seed uint64) (agents.Agent, error) {
			return slowAgent{agents.NewRandom(seed)}, nil
		},
	}}})
}

// slowAgent is a random agent that takes its time.
type slowAgent struct{ r *agents.Random }

func (a slowAgent) Name() string { return "toy-slow" }

func (a slowAgent) Choose(ctx context.Context, st engine.State, side engine.Player) (engine.Action, error) {
	select {
	case <-ctx.Done():
		return engine.Action{}, ctx.Err()
	case <-time.After(slowMove):
	}
	return a.r.Choose(ctx, st, side)
}

// openAt is a ladder at db with a toy pool and the given entrants (name
// and spec, alternately).
func openAt(t *testing.T, db string, entrants ...string) *ladder.Ladder {
	t.Helper()
	ctx := context.Background()
	l, err := ladder.Open(ctx, db, 7)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.AddPool(ctx, toy.Name, "duel"); err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(entrants); i += 2 {
		if _, err := l.AddEntrant(ctx, ladder.Entrant{Name: entrants[i], Spec: entrants[i+1], Author: "tests"}); err != nil {
			t.Fatal(err)
		}
	}
	return l
}

// sameGames fails unless two ladders stored the same games (pair, seat,
// sides, result, steps) and the same leaderboard.
func sameGames(t *testing.T, want, got *ladder.Ladder) {
	t.Helper()
	ctx := context.Background()
	key := func(l *ladder.Ladder) (map[[2]int64]ladder.Game, string) {
		games, err := l.Games(ctx)
		if err != nil {
			t.Fatal(err)
		}
		m := map[[2]int64]ladder.Game{}
		for _, g := range games {
			g.ID, g.Played = 0, 0
			m[[2]int64{g.Pair, int64(g.Seat)}] = g
		}
		board, err := l.Leaderboard(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, s := range board {
			s.Entrant.Added = 0
			fmt.Fprintf(&b, "%+v %+v %+v\n", s.Entrant, s.Rating, s.Record)
		}
		return m, b.String()
	}
	wg, wb := key(want)
	gg, gb := key(got)
	if len(wg) != len(gg) {
		t.Fatalf("%d games stored, the local run stored %d", len(gg), len(wg))
	}
	for k, w := range wg {
		if g, ok := gg[k]; !ok || g != w {
			t.Fatalf("pair %d seat %d: %+v, the local run's %+v", k[0], k[1], g, w)
		}
	}
	if wb != gb {
		t.Fatalf("leaderboard\n%s\nthe local run's\n%s", gb, wb)
	}
}

// TestSharedLadderPlaysAsALocalOne: a ladder on PostgreSQL, its games
// played by workers in the coordinator's process, stores the games and
// the table a local SQLite run of as many games does.
func TestSharedLadderPlaysAsALocalOne(t *testing.T) {
	entrants := []string{"a", "random", "b", "random", "c", "random", "d", "random"}
	local := openAt(t, filepath.Join(t.TempDir(), "l.db"), entrants...)
	defer local.Close()
	ctx := context.Background()
	if _, err := local.Run(ctx, ladder.RunOptions{Games: 24}); err != nil {
		t.Fatal(err)
	}
	shared := openAt(t, pgtest.URL(t), entrants...)
	defer shared.Close()
	if !shared.Shared() {
		t.Fatal("a ladder on PostgreSQL is not shared")
	}
	n, err := shared.Run(ctx, ladder.RunOptions{Games: 24, Workers: 3, Queue: 6, Poll: 10 * time.Millisecond,
		Work: ladder.WorkOptions{Name: "here", Poll: 10 * time.Millisecond}})
	if err != nil || n != 24 {
		t.Fatalf("shared run: %d games, %v", n, err)
	}
	checkGames(t, shared)
	sameGames(t, local, shared)

	// One coordinator at a time: a second is refused while the first
	// runs (it has filled the queue, so it holds the lock).
	first, stop := context.WithCancel(ctx)
	ran := make(chan error, 1)
	go func() {
		_, err := shared.Run(first, ladder.RunOptions{Queue: 4, Poll: 10 * time.Millisecond})
		ran <- err
	}()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if q, err := shared.Queue(ctx); err == nil && len(q) > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the coordinator never filled the queue")
		}
	}
	if _, err := shared.Run(ctx, ladder.RunOptions{Games: 1}); err == nil || !strings.Contains(err.Error(), "another 'ladder run'") {
		t.Errorf("a second coordinator: %v", err)
	}
	stop()
	if err := <-ran; err != nil {
		t.Fatalf("the first coordinator: %v", err)
	}
}

// The lease the coordinator of TestWorkersSurviveKillAndStop sets: short,
// so that the test sees leases run out. Its workers beat every sixth of
// it.
const testLease = 1200 * time.Millisecond

// worker is a 'grognard worker' in a child process (this test binary as
// TestHelperLadderWorker), its log kept.
type worker struct {
	name string
	cmd  *exec.Cmd
	mu   sync.Mutex
	log  bytes.Buffer
}

func (w *worker) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.log.Write(p)
}

func (w *worker) output() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.log.String()
}

func startWorker(t *testing.T, db, name string) *worker {
	t.Helper()
	w := &worker{name: name, cmd: exec.Command(os.Args[0], "-test.run=^TestHelperLadderWorker$")}
	w.cmd.Env = append(os.Environ(), "GROGNARD_LADDER_WORKER="+db, "GROGNARD_LADDER_WORKER_NAME="+name)
	w.cmd.Stdout, w.cmd.Stderr = w, w
	if err := w.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		w.cmd.Process.Signal(syscall.SIGCONT)
		w.cmd.Process.Kill()
		w.cmd.Wait()
	})
	return w
}

// leaseOf waits until worker holds a lease on a seat it is playing and
// gives the seat.
func leaseOf(t *testing.T, db *sql.DB, worker string) (pair int64, seat int) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		err := db.QueryRow(`SELECT pair, seat FROM tasks WHERE worker = $1 AND until > now() AND NOT reported LIMIT 1`, worker).Scan(&pair, &seat)
		if err == nil {
			return pair, seat
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("worker %s never held a lease", worker)
	return 0, 0
}

// TestWorkersSurviveKillAndStop: a coordinator and three worker
// processes on a real PostgreSQL play a ladder of four agents; one worker
// is killed (SIGKILL) in the middle of a game, another frozen (SIGSTOP)
// past its lease. The games both held are played again by the others,
// none is lost or stored twice, and the table is the one a local run of
// the same ladder stores.
func TestWorkersSurviveKillAndStop(t *testing.T) {
	if testing.Short() {
		t.Skip("kills and freezes worker processes: run without -short")
	}
	url := pgtest.URL(t)
	entrants := []string{"a", "toy-slow", "b", "toy-slow", "c", "toy-slow", "d", "toy-slow"}
	const games = 24
	shared := openAt(t, url, entrants...)
	defer shared.Close()
	db, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	type outcome struct {
		n   int
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		n, err := shared.Run(ctx, ladder.RunOptions{Games: games, Queue: 8, Lease: testLease, Poll: 20 * time.Millisecond})
		done <- outcome{n, err}
	}()
	workers := []*worker{startWorker(t, url, "w1"), startWorker(t, url, "w2"), startWorker(t, url, "w3")}

	// w1 dies in the middle of a game.
	killedPair, killedSeat := leaseOf(t, db, "w1")
	time.Sleep(2 * slowMove)
	if err := workers[0].cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	workers[0].cmd.Wait()
	t.Logf("w1 killed playing pair %d seat %d", killedPair, killedSeat)

	// w2 freezes holding a lease, past its end: another worker takes the
	// seat over; then w2 wakes.
	frozenPair, frozenSeat := leaseOf(t, db, "w2")
	if err := workers[1].cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		var holder string
		err := db.QueryRow(`SELECT worker FROM tasks WHERE pair = $1 AND seat = $2`, frozenPair, frozenSeat).Scan(&holder)
		if err == sql.ErrNoRows || (err == nil && holder != "w2") {
			break // taken over, or already played by another
		}
		if time.Now().After(deadline) {
			t.Fatalf("pair %d seat %d stayed with the frozen w2 (%v)", frozenPair, frozenSeat, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(testLease / 2)
	if err := workers[1].cmd.Process.Signal(syscall.SIGCONT); err != nil {
		t.Fatal(err)
	}
	t.Logf("w2 frozen playing pair %d seat %d, past its lease, then woken", frozenPair, frozenSeat)

	var res outcome
	select {
	case res = <-done:
	case <-ctx.Done():
		t.Fatalf("the ladder did not finish: w2 said\n%s\nw3 said\n%s", workers[1].output(), workers[2].output())
	}
	if res.err != nil || res.n != games {
		t.Fatalf("coordinator: %d games, %v", res.n, res.err)
	}
	for _, w := range workers[1:] {
		w.cmd.Process.Signal(syscall.SIGTERM)
		if err := w.cmd.Wait(); err != nil {
			t.Errorf("worker %s: %v\n%s", w.name, err, w.output())
		}
	}
	stored := checkGames(t, shared)
	for _, s := range [][2]int64{{killedPair, int64(killedSeat)}, {frozenPair, int64(frozenSeat)}} {
		n := 0
		for _, g := range stored {
			if g.Pair == s[0] && int64(g.Seat) == s[1] {
				n++
			}
		}
		if n != 1 {
			t.Errorf("pair %d seat %d stored %d times", s[0], s[1], n)
		}
	}
	// The takeovers were logged by the worker that played the seat again.
	logs := workers[1].output() + workers[2].output()
	for _, was := range []string{`"was":"w1"`, `"was":"w2"`} {
		if !strings.Contains(logs, was) {
			t.Errorf("no worker took over from %s:\n%s", was, logs)
		}
	}
	if n, err := shared.Refusals(context.Background()); err != nil || len(n) != 0 {
		t.Errorf("refused reports %v %v", n, err)
	}

	local := openAt(t, filepath.Join(t.TempDir(), "l.db"), entrants...)
	defer local.Close()
	if _, err := local.Run(context.Background(), ladder.RunOptions{Games: games, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	sameGames(t, local, shared)
}

// TestHelperLadderWorker is a worker process of
// TestWorkersSurviveKillAndStop: it works on $GROGNARD_LADDER_WORKER as
// $GROGNARD_LADDER_WORKER_NAME until SIGTERM, logging JSON to stderr.
func TestHelperLadderWorker(t *testing.T) {
	db := os.Getenv("GROGNARD_LADDER_WORKER")
	if db == "" {
		t.Skip("a worker process of TestWorkersSurviveKillAndStop")
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	l, err := ladder.Open(ctx, db, 7)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	_, err = l.Work(ctx, ladder.WorkOptions{Name: os.Getenv("GROGNARD_LADDER_WORKER_NAME"),
		Poll: 20 * time.Millisecond, Log: zerolog.New(os.Stderr).With().Timestamp().Logger()})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	os.Exit(0)
}
