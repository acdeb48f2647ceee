package ladder

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest/toy"
	"github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/internal/pgtest"
)

// sharedToyLadder is a ladder at db with a toy pool and two random
// entrants, closed at the test's end.
func sharedToyLadder(t *testing.T, db string, seed uint64) *Ladder {
	t.Helper()
	ctx := context.Background()
	l, err := Open(ctx, db, seed)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	if _, err := l.AddPool(ctx, toy.Name, "duel"); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a", "b"} {
		if _, err := l.AddEntrant(ctx, Entrant{Name: name, Spec: "random"}); err != nil {
			t.Fatal(err)
		}
	}
	return l
}

// TestForgedReportsAreRefused: a worker that reports a record other than
// the game its seat's seeds give (another result, a die the seed does not
// roll, other seeds, options, a forfeit no built-in agent makes, garbage,
// a pair that does not exist) is refused, the refusal kept with its
// reason, and the seat freed to be played again; the honest record then
// counts, once.
func TestForgedReportsAreRefused(t *testing.T) {
	ctx := context.Background()
	l := sharedToyLadder(t, pgtest.URL(t), 3)
	if _, err := l.enqueue(ctx); err != nil {
		t.Fatal(err)
	}
	cast := &roster{l: l}
	entrants, err := cast.get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ls, ok, err := l.claim(ctx, "forger", time.Minute)
	if err != nil || !ok {
		t.Fatalf("claim: %v %v", ok, err)
	}
	// The pair's other seat is another worker's meanwhile, so that a
	// freed seat is this one.
	if _, ok, err := l.claim(ctx, "bystander", time.Minute); err != nil || !ok {
		t.Fatalf("claim: %v %v", ok, err)
	}
	seats, err := l.Queue(ctx)
	if err != nil || len(seats) != 2 || seats[0].Worker != "forger" || seats[1].Worker != "bystander" ||
		seats[0].Attempts != 1 || seats[0].Expired || seats[0].Reported || seats[0].Until == 0 {
		t.Fatalf("queue %+v %v", seats, err)
	}
	_, honest, err := l.playSeat(ctx, ls.task, entrants)
	if err != nil {
		t.Fatal(err)
	}
	forge := func(change func(r *engine.Record)) []byte {
		data, err := unzipRecord(honest)
		if err != nil {
			t.Fatal(err)
		}
		var rec engine.Record
		if err := json.Unmarshal(data, &rec); err != nil {
			t.Fatal(err)
		}
		change(&rec)
		z, err := zipRecord(&rec)
		if err != nil {
			t.Fatal(err)
		}
		return z
	}
	for _, tc := range []struct {
		name   string
		record []byte
		pair   int64
		reason string
	}{
		{"another winner", forge(func(r *engine.Record) {
			// A draw or side 1's win becomes side 0's, side 0's side 1's.
			w := r.Result.Winner
			r.Result.Winner = 0
			if w == 0 {
				r.Result.Winner = 1
			}
		}), 0, "does not replay"},
		{"a die changed", forge(func(r *engine.Record) {
			for i := range r.Steps {
				if d := r.Steps[i].Dice; d != nil {
					d.V[0] = d.V[0]%6 + 1
					return
				}
			}
			t.Fatal("the toy game rolled no dice")
		}), 0, "the dice seed rolls"},
		{"another dice seed", forge(func(r *engine.Record) { r.DiceSeed++ }), 0, "dice seed"},
		{"agent seeds swapped", forge(func(r *engine.Record) { r.AgentSeeds[0], r.AgentSeeds[1] = r.AgentSeeds[1], r.AgentSeeds[0] }), 0, "agent seeds"},
		{"a turn limit", forge(func(r *engine.Record) { r.Options.TurnLimit = 2 }), 0, "options"},
		{"another scenario", forge(func(r *engine.Record) { r.Scenario = "nothing" }), 0, "the record is of"},
		{"a built-in agent's forfeit", forge(func(r *engine.Record) {
			// Cut at the first position with one side to move: a
			// forfeit the rules allow there, by an agent that never
			// forfeits.
			rs, _ := engine.Lookup(toy.Name)
			for i := range r.Steps {
				st, err := engine.ReplaySteps(rs, r, i)
				if err != nil {
					t.Fatal(err)
				}
				if p := st.ToMove(); p == 0 || p == 1 {
					r.Steps, r.Turns = r.Steps[:i], st.Turn()
					r.Result = engine.ForfeitResult(p, r.Agents[p], i+1, "timed out")
					return
				}
			}
			t.Fatal("no side ever moved alone")
		}), 0, "never forfeits"},
		{"not gzip", []byte("{\"result\":{}}"), 0, "does not unzip"},
		{"no such pair", honest, 999, "no pair"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := ls
			if tc.pair != 0 {
				r.pair.ID = tc.pair
			}
			if err := l.report(ctx, r, "forger", tc.record); err != nil {
				t.Fatal(err)
			}
			var refused []Refusal
			games, err := l.checkReports(ctx, 10, entrants, func(r Refusal) { refused = append(refused, r) })
			if err != nil {
				t.Fatal(err)
			}
			if len(games) != 0 || len(refused) != 1 || !strings.Contains(refused[0].Reason, tc.reason) || !strings.HasPrefix(refused[0].Reason, errForged.Error()) {
				t.Fatalf("stored %v, refused %+v; want one refusal saying %q", games, refused, tc.reason)
			}
			if tc.pair != 0 {
				return // the seat itself was not reported: still the forger's
			}
			// The seat is free again, to be played from the same seeds.
			again, ok, err := l.claim(ctx, "forger", time.Minute)
			if err != nil || !ok || again.pair.ID != ls.pair.ID || again.seat != ls.seat {
				t.Fatalf("after the refusal the seat is not free: %+v %v %v", again, ok, err)
			}
			ls = again
		})
	}
	kept, err := l.Refusals(ctx)
	if err != nil || len(kept) != 9 {
		t.Fatalf("%d refusals kept (%v), want 9", len(kept), err)
	}
	// The honest record counts, and a second report of it does not.
	for range 2 {
		if err := l.report(ctx, ls, "honest", honest); err != nil {
			t.Fatal(err)
		}
	}
	games, err := l.checkReports(ctx, 10, entrants, func(r Refusal) { t.Errorf("refused %+v", r) })
	if err != nil || len(games) != 1 {
		t.Fatalf("honest reports: stored %v, %v", games, err)
	}
	all, err := l.Games(ctx)
	if err != nil || len(all) != 1 || all[0].Pair != ls.pair.ID || all[0].Seat != ls.seat {
		t.Fatalf("games %+v %v", all, err)
	}
	if n, err := l.queued(ctx); err != nil || n != 1 {
		t.Fatalf("%d seats queued after the game is stored (%v), want the pair's other one", n, err)
	}
	// A file's ladder has no queue.
	local, err := Open(ctx, t.TempDir()+"/l.db", 1)
	if err != nil {
		t.Fatal(err)
	}
	defer local.Close()
	if _, err := local.Work(ctx, WorkOptions{Name: "w"}); !errors.Is(err, errLocal) {
		t.Fatalf("a worker on an SQLite ladder: %v", err)
	}
}

// TestWorkerRoleCanOnlyReport: a role granted GrantWorker plays a
// shared ladder's games as a worker, and cannot write a game, a pair or
// an entrant, nor touch a report once sent.
func TestWorkerRoleCanOnlyReport(t *testing.T) {
	ctx := context.Background()
	owner := pgtest.URL(t)
	l := sharedToyLadder(t, owner, 5)
	if err := l.GrantWorker(ctx, "nobody_here"); err == nil || !strings.Contains(err.Error(), "CREATE ROLE") {
		t.Fatalf("granted a role that does not exist: %v", err)
	}
	role := fmt.Sprintf("worker_%d", os.Getpid())
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
	defer w.Close()

	run, stop := context.WithTimeout(ctx, time.Minute)
	defer stop()
	stored := make(chan int, 1)
	go func() {
		n, err := l.Run(run, RunOptions{Games: 4, Queue: 4, Poll: 10 * time.Millisecond})
		if err != nil {
			t.Error(err)
		}
		stored <- n
	}()
	n, err := w.Work(run, WorkOptions{Name: role, Games: 4, Poll: 10 * time.Millisecond})
	if err != nil || n != 4 {
		t.Fatalf("the worker reported %d games: %v", n, err)
	}
	if n := <-stored; n != 4 {
		t.Fatalf("the coordinator stored %d games", n)
	}
	for _, q := range []string{
		`INSERT INTO games (pair, seat, side0, side1, winner, kind, reason, steps, record, played) VALUES (1, 0, 1, 2, 0, 'win', 'forged', 1, '', 0)`,
		`UPDATE games SET winner = 1`,
		`DELETE FROM games`,
		`INSERT INTO pairs (pool, a, b, created) VALUES (1, 1, 2, 0)`,
		`UPDATE entrants SET spec = 'external:cmd=/bin/sh'`,
		`UPDATE reports SET status = 'accepted'`,
		`DELETE FROM reports`,
		`CREATE TABLE mine (x int)`,
	} {
		if _, err := w.db.ExecContext(ctx, q); err == nil || !strings.Contains(err.Error(), "permission denied") {
			t.Errorf("the worker's role ran %s: %v", q, err)
		}
	}
}

// BenchmarkCheckReports is the coordinator's cost per report of a whole
// random 2 by 2 game: fetching it, replaying it with its dice rolled
// again, and storing it. The games are played and reported before the
// timer starts. Run with -cpu 1,2 to see the replays spread over cores:
//
//	go test ./ladder/ -run '^$' -bench CheckReports -cpu 1,2
func BenchmarkCheckReports(b *testing.B) {
	engine.Register(twobytwo.Rules{}) // again is harmless: the same rules
	ctx := context.Background()
	l, err := Open(ctx, pgtest.URL(b), 1)
	if err != nil {
		b.Fatal(err)
	}
	defer l.Close()
	if _, err := l.AddPool(ctx, twobytwo.Rules{}.Name(), ""); err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{"a", "b", "c", "d"} {
		if _, err := l.AddEntrant(ctx, Entrant{Name: name, Spec: "random"}); err != nil {
			b.Fatal(err)
		}
	}
	entrants, err := (&roster{l: l}).get(ctx)
	if err != nil {
		b.Fatal(err)
	}
	for range (b.N + 1) / 2 {
		if _, err := l.enqueue(ctx); err != nil {
			b.Fatal(err)
		}
	}
	for range b.N {
		ls, ok, err := l.claim(ctx, "bench", time.Hour)
		if err != nil || !ok {
			b.Fatal(ok, err)
		}
		_, zipped, err := l.playSeat(ctx, ls.task, entrants)
		if err != nil {
			b.Fatal(err)
		}
		if err := l.report(ctx, ls, "bench", zipped); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	stored := 0
	for stored < b.N {
		games, err := l.checkReports(ctx, 64, entrants, func(r Refusal) { b.Fatalf("refused %+v", r) })
		if err != nil {
			b.Fatal(err)
		}
		stored += len(games)
	}
}
