package ladder_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sourcegraph/conc"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest/toy"
	"github.com/grognard/grognard/internal/pgtest"
	"github.com/grognard/grognard/tournaments/ladder"
)

func init() { toy.Register() }

// newLadder is a ladder in a temporary file with a toy pool and the
// given random entrants.
func newLadder(t *testing.T, path string, entrants ...string) *ladder.Ladder {
	t.Helper()
	ctx := context.Background()
	l, err := ladder.Open(ctx, path, 7)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.AddPool(ctx, toy.Name, "duel"); err != nil {
		t.Fatal(err)
	}
	for _, name := range entrants {
		if _, err := l.AddEntrant(ctx, ladder.Entrant{Name: name, Spec: "random", Author: "tests"}); err != nil {
			t.Fatal(err)
		}
	}
	return l
}

// checkGames checks the stored games: each (pair, seat) once, each pair's
// seats the two sides swapped, every record replaying to its result.
func checkGames(t *testing.T, l *ladder.Ladder) []ladder.Game {
	t.Helper()
	ctx := context.Background()
	games, err := l.Games(ctx)
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := engine.Lookup(toy.Name)
	seen := map[[2]int64]ladder.Game{}
	for _, g := range games {
		key := [2]int64{g.Pair, int64(g.Seat)}
		if _, dup := seen[key]; dup {
			t.Fatalf("pair %d seat %d stored twice", g.Pair, g.Seat)
		}
		seen[key] = g
		if o, ok := seen[[2]int64{g.Pair, int64(1 - g.Seat)}]; ok && (o.Sides[0] != g.Sides[1] || o.Sides[1] != g.Sides[0]) {
			t.Fatalf("pair %d: seats %v and %v do not swap sides", g.Pair, o.Sides, g.Sides)
		}
		data, err := l.Record(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		recs, err := engine.ReadRecords(bytes.NewReader(data))
		if err != nil || len(recs) != 1 {
			t.Fatalf("game %d: record %v", g.ID, err)
		}
		dice, _, _ := l.Seeds(g.Pair)
		if recs[0].DiceSeed != dice {
			t.Fatalf("game %d: dice seed %d, the pair's is %d", g.ID, recs[0].DiceSeed, dice)
		}
		st, err := engine.Replay(rs, recs[0])
		if err != nil {
			t.Fatalf("game %d does not replay: %v", g.ID, err)
		}
		if st.Result().Winner != g.Result.Winner {
			t.Fatalf("game %d: replayed winner %v, stored %v", g.ID, st.Result().Winner, g.Result.Winner)
		}
	}
	return games
}

// TestLadderPlaysPairsAndRates: a run plays paired games, spreads them
// over the entrants, and rates them; a second run goes on from there.
func TestLadderPlaysPairsAndRates(t *testing.T) {
	ctx := context.Background()
	l := newLadder(t, filepath.Join(t.TempDir(), "l.db"), "alpha", "beta", "gamma", "delta")
	defer l.Close()
	n, err := l.Run(ctx, ladder.RunOptions{Games: 24, Workers: 2})
	if err != nil || n != 24 {
		t.Fatalf("run: %d games, %v", n, err)
	}
	games := checkGames(t, l)
	if len(games) != 24 {
		t.Fatalf("%d games stored", len(games))
	}
	count := map[int64]int{}
	for _, g := range games {
		count[g.Sides[0]]++
		count[g.Sides[1]]++
	}
	for id, c := range count {
		if c != 12 {
			t.Errorf("entrant %d played %d games, want 12 (the scheduler evens them out)", id, c)
		}
	}
	board, err := l.Leaderboard(ctx)
	if err != nil || len(board) != 4 {
		t.Fatalf("leaderboard %v %v", board, err)
	}
	for _, s := range board {
		if s.Rating == nil || s.Record.N() != 12 {
			t.Fatalf("standing %+v", s)
		}
	}
	if _, h, err := l.History(ctx, "beta"); err != nil || len(h) != 12 {
		t.Fatalf("history: %d games, %v", len(h), err)
	}
	if _, _, err := l.History(ctx, "omega"); err == nil {
		t.Fatal("the history of an unknown entrant")
	}
	if n, err := l.Run(ctx, ladder.RunOptions{Games: 4}); err != nil || n != 4 {
		t.Fatalf("a second run: %d, %v", n, err)
	}
	checkGames(t, l)
}

// TestLadderIsReproducible: two ladders with the same entrants and seed,
// run with one worker, store the same games.
func TestLadderIsReproducible(t *testing.T) {
	ctx := context.Background()
	var results [2][]ladder.Game
	for k := range 2 {
		l := newLadder(t, filepath.Join(t.TempDir(), "l.db"), "a", "b", "c")
		if _, err := l.Run(ctx, ladder.RunOptions{Games: 12}); err != nil {
			t.Fatal(err)
		}
		results[k] = checkGames(t, l)
		l.Close()
	}
	for i := range results[0] {
		a, b := results[0][i], results[1][i]
		a.Played, b.Played = 0, 0
		if a != b {
			t.Fatalf("game %d: %+v then %+v", i, a, b)
		}
	}
}

// TestLadderRefusals: what an entrant or a pool may not be.
func TestLadderRefusals(t *testing.T) {
	ctx := context.Background()
	l := newLadder(t, filepath.Join(t.TempDir(), "l.db"), "one")
	defer l.Close()
	for _, e := range []ladder.Entrant{
		{Name: "", Spec: "random"}, {Name: "two words", Spec: "random"}, {Name: "one", Spec: "random"},
		{Name: "x", Spec: "alphazero"}, {Name: "y", Spec: "random:depth=3"},
	} {
		if _, err := l.AddEntrant(ctx, e); err == nil {
			t.Errorf("entrant %+v accepted", e)
		}
	}
	if _, err := l.AddPool(ctx, "chess", ""); err == nil {
		t.Error("a pool of an unknown ruleset")
	}
	if _, err := l.AddPool(ctx, toy.Name, "duel"); err == nil {
		t.Error("a pool twice")
	}
	if err := l.Retire(ctx, "nobody"); err == nil {
		t.Error("retired nobody")
	}
	if _, err := l.Run(ctx, ladder.RunOptions{Games: 1}); err == nil {
		t.Error("a ladder of one entrant ran")
	}
}

// TestKillAndResume kills a running ladder with SIGKILL at random
// moments, twenty times, running it again after each: every finished game
// is stored exactly once and replays. The ladder runs in a child process
// (this test binary, re-run as the helper below).
func TestKillAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("kills a ladder process twenty times: run without -short")
	}
	path := filepath.Join(t.TempDir(), "kill.db")
	newLadder(t, path, "a", "b", "c", "d").Close()
	rng := rand.New(rand.NewPCG(5, 8))
	storedAny := false
	for kill := range 20 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperLadderRun$")
		cmd.Env = append(os.Environ(), "GROGNARD_LADDER_HELPER="+path)
		var out, errOut bytes.Buffer // the child's stdout lines, its stderr
		cmd.Stderr = &errOut
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// The child says "stored" after each game it stores. The last run
		// is killed only after one, if none was stored before: a start
		// slower than the random kills (under -race, on a busy machine)
		// must not leave the test with nothing to check.
		stored := make(chan struct{}, 1)
		var reader conc.WaitGroup
		reader.Go(func() {
			sc := bufio.NewScanner(stdout)
			for sc.Scan() {
				if sc.Text() == "stored" {
					select {
					case stored <- struct{}{}:
					default:
					}
				}
				out.WriteString(sc.Text() + "\n")
			}
		})
		if kill == 19 && !storedAny {
			select {
			case <-stored:
				storedAny = true
			case <-time.After(2 * time.Minute):
				t.Fatal("the ladder stored no game in two minutes")
			}
		}
		time.Sleep(time.Duration(20+rng.IntN(200)) * time.Millisecond)
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatalf("kill %d: %v", kill, err)
		}
		err = cmd.Wait()
		reader.Wait()
		select {
		case <-stored:
			storedAny = true
		default:
		}
		if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
			t.Fatalf("kill %d: the ladder ended before it was killed (%v):\n%s%s", kill, err, out.String(), errOut.String())
		}
	}
	l, err := ladder.Open(context.Background(), path, 7)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	before := len(checkGames(t, l))
	if before == 0 {
		t.Fatal("no game was stored in twenty runs")
	}
	// Resume: the seats left unplayed are played first.
	if _, err := l.Run(context.Background(), ladder.RunOptions{Games: 8}); err != nil {
		t.Fatal(err)
	}
	games := checkGames(t, l)
	pairs := map[int64]int{}
	for _, g := range games {
		pairs[g.Pair]++
	}
	t.Logf("%d games stored over 20 kills, %d after resuming, %d pairs", before, len(games), len(pairs))
}

// TestHelperLadderRun is the child process of TestKillAndResume: it runs
// the ladder in $GROGNARD_LADDER_HELPER until killed.
func TestHelperLadderRun(t *testing.T) {
	path := os.Getenv("GROGNARD_LADDER_HELPER")
	if path == "" {
		t.Skip("the child process of TestKillAndResume")
	}
	l, err := ladder.Open(context.Background(), path, 7)
	if err != nil {
		fmt.Println(err)
		os.Exit(2)
	}
	// Each stored game is told on stdout, which TestKillAndResume reads.
	if _, err := l.Run(context.Background(), ladder.RunOptions{Workers: 2, Done: func(ladder.Game) { fmt.Println("stored") }}); err != nil {
		fmt.Println(err)
		os.Exit(3)
	}
	os.Exit(0)
}

// TestEntrantAddedWhileRunning: an entrant added while the ladder runs
// is scheduled at once (it has the fewest games) and its games played.
func TestEntrantAddedWhileRunning(t *testing.T) {
	ctx := context.Background()
	l := newLadder(t, filepath.Join(t.TempDir(), "l.db"), "a", "b", "c")
	defer l.Close()
	n := 0
	var addErr error
	_, err := l.Run(ctx, ladder.RunOptions{Games: 16, Workers: 2, Done: func(ladder.Game) {
		if n++; n == 4 {
			_, addErr = l.AddEntrant(ctx, ladder.Entrant{Name: "late", Spec: "random"})
		}
	}})
	if err != nil || addErr != nil {
		t.Fatalf("run: %v; add: %v", err, addErr)
	}
	_, h, err := l.History(ctx, "late")
	if err != nil || len(h) == 0 {
		t.Fatalf("the late entrant played %d games (%v)", len(h), err)
	}
	checkGames(t, l)
}

// TestOneRunPlaysAFile: while a run plays an SQLite ladder, a second run
// of the same file (another open, as another process would) is refused at
// once, saying why, and stores nothing; once the first ends, a run plays
// again. Two runs at once each played the same seats (353 games stored
// for 300).
func TestOneRunPlaysAFile(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "l.db")
	first := newLadder(t, path, "a", "b", "c")
	defer first.Close()
	second, err := ladder.Open(ctx, path, 7)
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	var (
		secondN   = -1
		secondErr error
	)
	n, err := first.Run(ctx, ladder.RunOptions{Games: 6, Workers: 2, Done: func(g ladder.Game) {
		if secondN < 0 {
			secondN, secondErr = second.Run(ctx, ladder.RunOptions{Games: 6})
		}
	}})
	if err != nil || n != 6 {
		t.Fatalf("the first run: %d games, %v", n, err)
	}
	if secondN != 0 || !errors.Is(secondErr, ladder.ErrLocked) || !strings.Contains(secondErr.Error(), "another 'ladder run' plays") {
		t.Fatalf("the second run while the first played: %d games, %v", secondN, secondErr)
	}
	if n := len(checkGames(t, first)); n != 6 {
		t.Fatalf("%d games stored, want the first run's 6", n)
	}
	if n, err := second.Run(ctx, ladder.RunOptions{Games: 2}); err != nil || n != 2 {
		t.Fatalf("a run after the first ended: %d games, %v", n, err)
	}
}

// TestReadingNeedsALadder: what only reads a ladder refuses a path with
// none (a typo must not make an empty ladder and show it), a file that is
// not a ladder, and a server's database without one; it makes nothing.
func TestReadingNeedsALadder(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	notLadder := filepath.Join(dir, "notes.db")
	if err := os.WriteFile(notLadder, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, db string }{
		{"a missing file", filepath.Join(dir, "typo.db")},
		{"an empty file", notLadder},
		{"a directory", dir},
		{"a server's database without one", pgtest.URL(t)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := ladder.OpenExisting(ctx, tc.db)
			if !errors.Is(err, ladder.ErrNoLadder) {
				if l != nil {
					l.Close()
				}
				t.Fatalf("opened: %v", err)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "typo.db")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("reading made a file: %v", err)
	}
	if fi, err := os.Stat(notLadder); err != nil || fi.Size() != 0 {
		t.Fatalf("reading wrote to a file that is not a ladder: %v", err)
	}
	l := newLadder(t, filepath.Join(dir, "l.db"), "a")
	l.Close()
	l, err := ladder.OpenExisting(ctx, filepath.Join(dir, "l.db"))
	if err != nil {
		t.Fatal(err)
	}
	l.Close()
}

// TestLeaderboardFollowsTheLadder: the leaderboard's fit is kept between
// calls, and every game stored or entrant added since shows in the next;
// callers at once all get it.
func TestLeaderboardFollowsTheLadder(t *testing.T) {
	ctx := context.Background()
	l := newLadder(t, filepath.Join(t.TempDir(), "l.db"), "a", "b", "c")
	defer l.Close()
	games := func() int {
		t.Helper()
		board, err := l.Leaderboard(ctx)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, s := range board {
			n += s.Record.N()
		}
		return n / 2
	}
	for _, want := range []int{4, 10} {
		if _, err := l.Run(ctx, ladder.RunOptions{Games: want - games()}); err != nil {
			t.Fatal(err)
		}
		if got := games(); got != want {
			t.Fatalf("the board counts %d games, want %d", got, want)
		}
	}
	if _, err := l.AddEntrant(ctx, ladder.Entrant{Name: "late", Spec: "random"}); err != nil {
		t.Fatal(err)
	}
	if err := l.Retire(ctx, "a"); err != nil {
		t.Fatal(err)
	}
	want, err := l.Leaderboard(ctx)
	if err != nil || len(want) != 4 || want[3].Entrant.Name != "late" || want[3].Rating != nil {
		t.Fatalf("after an entrant is added: %+v %v", want, err)
	}
	js := func(v any) string {
		b, err := json.Marshal(v)
		if err != nil {
			t.Error(err)
		}
		return string(b)
	}
	var wg conc.WaitGroup
	for range 4 {
		wg.Go(func() {
			got, err := l.Leaderboard(ctx)
			if err != nil || js(got) != js(want) {
				t.Errorf("a concurrent caller got %+v %v", got, err)
			}
		})
	}
	wg.Wait()
	for _, s := range want {
		if s.Entrant.Name == "a" && !s.Entrant.Retired {
			t.Fatal("the board shows a retired entrant playing")
		}
	}
}
