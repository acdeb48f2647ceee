package ladder

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/rs/zerolog"

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

// ownerExec runs statements as the ladder's owner (the test's superuser):
// what an owner's edit or an older grognard could leave in the tables.
func ownerExec(t *testing.T, l *Ladder, query string, args ...any) {
	t.Helper()
	if _, err := l.db.ExecContext(context.Background(), query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

// forger plays a seat's game honestly, then changes its record.
type forger struct {
	t      *testing.T
	honest []byte
}

func (f forger) forge(change func(r *engine.Record)) []byte {
	data, err := unzipRecord(f.honest)
	if err != nil {
		f.t.Fatal(err)
	}
	var rec engine.Record
	if err := json.Unmarshal(data, &rec); err != nil {
		f.t.Fatal(err)
	}
	change(&rec)
	z, err := zipRecord(&rec)
	if err != nil {
		f.t.Fatal(err)
	}
	return z
}

// TestForgedReportsAreRefused: a report counts only from the worker
// holding its seat's current lease, in time, and only when its record is
// the game the seat's pair, seeds and entrants give. Each forgery is
// refused with its reason, kept (clipped and escaped), and the seat freed
// to be played again when the forger held it; the honest record then
// counts, once.
func TestForgedReportsAreRefused(t *testing.T) {
	ctx := context.Background()
	l := sharedToyLadder(t, pgtest.URL(t), 3)
	if _, err := l.AddEntrant(ctx, Entrant{Name: "crasher", Spec: "external:cmd=/bin/false"}); err != nil {
		t.Fatal(err)
	}
	if _, err := l.enqueue(ctx); err != nil {
		t.Fatal(err)
	}
	cast := &roster{l: l}
	entrants, err := cast.get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ls, ok, err := l.claim(ctx, "forger")
	if err != nil || !ok {
		t.Fatalf("claim: %v %v", ok, err)
	}
	if ls.length != DefaultLease {
		t.Fatalf("a lease of %v, want the default %v until a coordinator sets one", ls.length, DefaultLease)
	}
	// The pair's other seat is another worker's meanwhile, so that a
	// freed seat is this one.
	other, ok, err := l.claim(ctx, "bystander")
	if err != nil || !ok {
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
	f := forger{t, honest}
	// The seat's game played with entrant a swapped for another agent:
	// every move legal, the seeds the seat's, the agent not a's.
	swapped := map[int64]Entrant{}
	for id, e := range entrants {
		swapped[id] = e
	}
	a := swapped[ls.pair.A]
	a.Spec = "external:cmd=/bin/false"
	swapped[ls.pair.A] = a
	_, swap, err := l.playSeat(ctx, ls.task, swapped)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		record []byte
		reason string
	}{
		{"another winner", f.forge(func(r *engine.Record) {
			// A draw or side 1's win becomes side 0's, side 0's side 1's.
			w := r.Result.Winner
			r.Result.Winner = 0
			if w == 0 {
				r.Result.Winner = 1
			}
		}), "does not replay"},
		{"a die changed", f.forge(func(r *engine.Record) {
			for i := range r.Steps {
				if d := r.Steps[i].Dice; d != nil {
					d.V[0] = d.V[0]%6 + 1
					return
				}
			}
			t.Fatal("the toy game rolled no dice")
		}), "the dice seed rolls"},
		{"another dice seed", f.forge(func(r *engine.Record) { r.DiceSeed++ }), "dice seed"},
		{"agent seeds swapped", f.forge(func(r *engine.Record) { r.AgentSeeds[0], r.AgentSeeds[1] = r.AgentSeeds[1], r.AgentSeeds[0] }), "agent seeds"},
		{"a turn limit", f.forge(func(r *engine.Record) { r.Options.TurnLimit = 2 }), "options"},
		{"another scenario, named with escapes", f.forge(func(r *engine.Record) { r.Scenario = strings.Repeat("\x1b]0;pwned\x07\u009b2J\r\n", 5000) }), "the record is of"},
		{"format 1", f.forge(func(r *engine.Record) { r.Format = 0 }), "format"},
		{"a built-in agent's forfeit", f.forge(func(r *engine.Record) {
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
		}), "never forfeits"},
		{"the entrant's agent swapped", swap, "agents are"},
		{"the agents renamed, the seeds the seat's", f.forge(func(r *engine.Record) { r.Agents = [2]string{"mcts", "external:cmd=/bin/false"} }), "agents are"},
		{"not gzip", []byte("{\"result\":{}}"), "does not unzip"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ownerExec(t, l, `UPDATE tasks SET refusals = 0`) // not given up for these
			if err := l.report(ctx, ls, "forger", tc.record); err != nil {
				t.Fatal(err)
			}
			refused := checkOne(t, l, cast, tc.reason)
			if len(refused.Reason) > MaxReason || strings.ContainsAny(refused.Reason, "\x1b\r\n\u009b") {
				t.Fatalf("the reason is not clipped and escaped: %q", refused.Reason)
			}
			// The seat is free again, to be played from the same seeds.
			again, ok, err := l.claim(ctx, "forger")
			if err != nil || !ok || again.pair.ID != ls.pair.ID || again.seat != ls.seat {
				t.Fatalf("after the refusal the seat is not free: %+v %v %v", again, ok, err)
			}
			ls = again
		})
	}

	// Reports from a worker that does not hold the seat's current lease.
	// The report function refuses them...
	never := ls
	never.number = 0
	stolen := other
	stolen.token = ls.token
	for _, tc := range []struct {
		name   string
		ls     lease
		worker string
	}{
		{"never leased (lease 0)", never, "forger"},
		{"another worker's lease, with the forger's token", stolen, "forger"},
		{"another worker's lease and token, under another name", other, "forger"},
		{"the forger's lease under the bystander's name", ls, "bystander"},
	} {
		t.Run("function: "+tc.name, func(t *testing.T) {
			if err := l.report(ctx, tc.ls, tc.worker, honest); !errors.Is(err, errLeaseLost) {
				t.Fatalf("report: %v, want it refused as not the worker's", err)
			}
		})
	}
	// ... and the coordinator refuses them again when they are in the
	// table anyway (an owner's edit, an older grognard).
	for _, tc := range []struct {
		name   string
		insert string
		args   []any
		reason string
	}{
		{"never leased (lease 0)", `INSERT INTO reports (pair, seat, lease, worker, record) VALUES ($1, $2, 0, 'forger', $3)`,
			[]any{ls.pair.ID, ls.seat, honest}, "lease 0"},
		{"another worker's lease", `INSERT INTO reports (pair, seat, lease, worker, record) VALUES ($1, $2, $3, 'forger', $4)`,
			[]any{other.pair.ID, other.seat, other.number, honest}, "does not hold"},
		{"an old lease of the seat", `INSERT INTO reports (pair, seat, lease, worker, record) VALUES ($1, $2, $3, 'forger', $4)`,
			[]any{ls.pair.ID, ls.seat, ls.number - 1, honest}, "not the seat's current lease"},
		{"a pair that does not exist", `INSERT INTO reports (pair, seat, lease, worker, record) VALUES (999, 0, 1, 'forger', $1)`,
			[]any{honest}, "not in the queue"},
	} {
		t.Run("table: "+tc.name, func(t *testing.T) {
			ownerExec(t, l, tc.insert, tc.args...)
			checkOne(t, l, cast, tc.reason)
		})
	}
	t.Run("an expired lease", func(t *testing.T) {
		ownerExec(t, l, `UPDATE tasks SET until = now() - interval '1 second' WHERE pair = $1 AND seat = $2`, ls.pair.ID, ls.seat)
		if err := l.report(ctx, ls, "forger", honest); !errors.Is(err, errLeaseLost) {
			t.Fatalf("a report after the lease ran out: %v", err)
		}
		if ok, err := l.renew(ctx, ls, "forger"); ok || err != nil {
			t.Fatalf("an expired lease renewed: %v %v", ok, err)
		}
		// In the table anyway: the seat marked reported, the report
		// received after the lease's end.
		ownerExec(t, l, `UPDATE tasks SET reported = TRUE WHERE pair = $1 AND seat = $2`, ls.pair.ID, ls.seat)
		ownerExec(t, l, `INSERT INTO reports (pair, seat, lease, worker, record) VALUES ($1, $2, $3, 'forger', $4)`, ls.pair.ID, ls.seat, ls.number, honest)
		checkOne(t, l, cast, "ran out")
		again, ok, err := l.claim(ctx, "forger")
		if err != nil || !ok || again.pair.ID != ls.pair.ID || again.seat != ls.seat {
			t.Fatalf("after the refusal the seat is not free: %+v %v %v", again, ok, err)
		}
		ls = again
	})
	if ok, err := l.renew(ctx, other, "forger"); ok || err != nil {
		t.Fatalf("the forger renewed the bystander's lease: %v %v", ok, err)
	}
	kept, err := l.Refusals(ctx)
	if err != nil || len(kept) != 16 {
		t.Fatalf("%d refusals kept (%v), want 16", len(kept), err)
	}
	// The honest record counts, and a second report of it is refused
	// by the function: the seat is no longer queued.
	if err := l.report(ctx, ls, "forger", honest); err != nil {
		t.Fatal(err)
	}
	if err := l.report(ctx, ls, "forger", honest); !errors.Is(err, errLeaseLost) {
		t.Fatalf("a second report of a reported seat: %v", err)
	}
	games, gone, err := l.checkReports(ctx, 10, cast, func(r Refusal) { t.Errorf("refused %+v", r) })
	if err != nil || len(games) != 1 || len(gone) != 0 {
		t.Fatalf("honest reports: stored %v, given up %v, %v", games, gone, err)
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

// checkOne checks the reports waiting, which must be refused, one of
// them, saying reason; it gives the refusal.
func checkOne(t *testing.T, l *Ladder, cast *roster, reason string) Refusal {
	t.Helper()
	var refused []Refusal
	games, _, err := l.checkReports(context.Background(), 10, cast, func(r Refusal) { refused = append(refused, r) })
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 0 || len(refused) != 1 || !strings.Contains(refused[0].Reason, reason) || !strings.HasPrefix(refused[0].Reason, errForged.Error()) {
		t.Fatalf("stored %v, refused %+v; want one refusal saying %q", games, refused, reason)
	}
	return refused[0]
}

// TestSeatGivenUpAfterRefusals: a seat refused MaxRefusals times leaves
// the queue; the coordinator plays it itself when its entrants are
// built-in (so that a worker reporting garbage cannot keep a game of its
// choice out), and lists it as given up when one is an external program.
func TestSeatGivenUpAfterRefusals(t *testing.T) {
	ctx := context.Background()
	l := sharedToyLadder(t, pgtest.URL(t), 4)
	if _, err := l.AddEntrant(ctx, Entrant{Name: "crasher", Spec: "external:cmd=/bin/false"}); err != nil {
		t.Fatal(err)
	}
	cast := &roster{l: l}
	for _, tc := range []struct {
		name    string
		a, b    int64
		stored  bool
		givenUp bool
	}{
		{"built-in entrants: played by the coordinator", 1, 2, true, false},
		{"an external entrant: given up", 1, 3, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var pair int64
			if err := l.db.QueryRowContext(ctx, `INSERT INTO pairs (pool, a, b, created) VALUES (1, $1, $2, 0) RETURNING id`, tc.a, tc.b).Scan(&pair); err != nil {
				t.Fatal(err)
			}
			ownerExec(t, l, `INSERT INTO tasks (pair, seat) VALUES ($1, 0)`, pair)
			var gone []givenUp
			for k := range MaxRefusals {
				ls, ok, err := l.claim(ctx, "garbage")
				if err != nil || !ok || ls.pair.ID != pair {
					t.Fatalf("claim %d: %+v %v %v", k, ls, ok, err)
				}
				if err := l.report(ctx, ls, "garbage", []byte("garbage")); err != nil {
					t.Fatal(err)
				}
				var games []Game
				games, gone, err = l.checkReports(ctx, 10, cast, nil)
				if err != nil || len(games) != 0 || (len(gone) == 1) != (k == MaxRefusals-1) {
					t.Fatalf("refusal %d: stored %v, given up %v, %v", k+1, games, gone, err)
				}
			}
			if _, ok, err := l.claim(ctx, "garbage"); ok || err != nil {
				t.Fatalf("a seat given up is claimed again: %v %v", ok, err)
			}
			g, ok, err := l.takeOver(ctx, gone[0], cast, zerolog.Nop())
			if err != nil || ok != tc.stored || (ok && (g.Pair != pair || g.ID == 0)) {
				t.Fatalf("take over: %+v %v %v", g, ok, err)
			}
			seats, err := l.Queue(ctx)
			if err != nil {
				t.Fatal(err)
			}
			listed := false
			for _, s := range seats {
				if s.Pair == pair {
					listed = s.GivenUp && s.Refused == MaxRefusals
				}
			}
			if listed != tc.givenUp {
				t.Fatalf("queue %+v: given up listed %v, want %v", seats, listed, tc.givenUp)
			}
		})
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
	cast := &roster{l: l}
	entrants, err := cast.get(ctx)
	if err != nil {
		b.Fatal(err)
	}
	for range (b.N + 1) / 2 {
		if _, err := l.enqueue(ctx); err != nil {
			b.Fatal(err)
		}
	}
	for range b.N {
		ls, ok, err := l.claim(ctx, "bench")
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
		games, _, err := l.checkReports(ctx, 64, cast, func(r Refusal) { b.Fatalf("refused %+v", r) })
		if err != nil {
			b.Fatal(err)
		}
		stored += len(games)
	}
}
