package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/fileio"
	"github.com/grognard/grognard/internal/termsafe"
	"github.com/grognard/grognard/tournaments/ladder"
)

// ladderFormatFlags choose how a ladder view prints: a text table, JSON
// or CSV.
func ladderFormatFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "json", Usage: "print JSON instead of a table", EnvVars: []string{"GROGNARD_JSON"}},
		&cli.BoolFlag{Name: "csv", Usage: "print CSV instead of a table", EnvVars: []string{"GROGNARD_CSV"}},
	}
}

func (a *app) ladderCommand() *cli.Command {
	db := ladderDBFlag()
	withDB := func(flags ...cli.Flag) []cli.Flag { return append([]cli.Flag{db}, flags...) }
	return &cli.Command{
		Name:  "ladder",
		Usage: "a persistent ladder: entrants play paired games against the field for as long as it runs",
		Description: "A ladder is one database file (--db, SQLite), or a ladder on a PostgreSQL server (--db postgres://...)\n" +
			"whose games 'grognard worker' processes on any number of machines play. Add pools (a ruleset and scenario) and entrants\n" +
			"(a built-in agent spec, or an external program: external:cmd=PATH), then 'ladder run' plays paired\n" +
			"games (same scenario and dice, sides swapped) until stopped, scheduling first the entrants with\n" +
			"the fewest games against those they have met least. Ctrl-C or kill -9 loses no finished game and\n" +
			"duplicates none; 'ladder run' again picks up where it was. 'ladder board' rates every entrant.\n\n" +
			"On PostgreSQL 'ladder run' is the coordinator: it schedules the games into a queue, replays every record a\n" +
			"worker reports (the pair's dice and seeds, every action legal, the result) before it counts, refuses and logs\n" +
			"any other ('ladder refused'), and plays --workers games itself (0: the workers alone play).",
		Subcommands: []*cli.Command{
			{
				Name: "add", Usage: "add an entrant", ArgsUsage: "NAME SPEC",
				Flags: withDB(
					&cli.StringFlag{Name: "author", Usage: "who wrote it"},
					&cli.StringFlag{Name: "version", Usage: "its version (a new version is best a new entrant)"},
					&cli.Uint64Flag{Name: "seed", Value: ladder.DefaultSeed, Usage: "the seed of a new ladder's games (an existing ladder keeps its own)"},
				),
				Action: a.ladderAdd,
			},
			{Name: "retire", Usage: "stop scheduling an entrant (its games stay)", ArgsUsage: "NAME", Flags: withDB(), Action: a.ladderRetire},
			{Name: "entrants", Usage: "list the entrants", Flags: withDB(ladderFormatFlags()...), Action: a.ladderEntrants},
			{
				Name: "pool", Usage: "add a pool of games (a ruleset and scenario), or list them with no arguments", ArgsUsage: "[RULESET [SCENARIO]]",
				Flags: withDB(ladderFormatFlags()...), Action: a.ladderPool,
			},
			{
				Name: "run", Usage: "play games until stopped (Ctrl-C) or --games are played",
				Flags: withDB(
					&cli.IntFlag{Name: "workers", Value: 2, Usage: "games played at once in this process (1 to 64; on PostgreSQL 0 to 64, 0: only 'grognard worker' processes play)", EnvVars: []string{"GROGNARD_WORKERS"}},
					&cli.IntFlag{Name: "games", Usage: "stop after this many games (0: until stopped)", EnvVars: []string{"GROGNARD_GAMES"}},
					&cli.IntFlag{Name: "queue", Value: ladder.DefaultQueue, Usage: "PostgreSQL: seats kept scheduled ahead of the workers (1 to 10000)", EnvVars: []string{"GROGNARD_QUEUE"}},
					&cli.DurationFlag{Name: "lease", Value: ladder.DefaultLease, EnvVars: []string{"GROGNARD_LEASE"},
						Usage: "PostgreSQL: a worker silent this long loses its game to the next worker, which plays it again from the same seeds (1s to 1h; kept in the ladder and told to every worker, which renews it every sixth of it)"},
				),
				Action: a.ladderRun,
			},
			{
				Name: "board", Aliases: []string{"leaderboard"}, Usage: "the leaderboard: ratings with 95% intervals",
				Flags: withDB(append(ladderFormatFlags(), &cli.StringFlag{Name: "chart", Usage: "also draw the ratings with their intervals as error bars to `FILE.svg`"})...), Action: a.ladderBoard,
			},
			{Name: "history", Usage: "an entrant's games", ArgsUsage: "NAME", Flags: withDB(ladderFormatFlags()...), Action: a.ladderHistory},
			{Name: "h2h", Aliases: []string{"head-to-head"}, Usage: "every pair of entrants' results (row against column)", Flags: withDB(ladderFormatFlags()...), Action: a.ladderH2H},
			{Name: "games", Usage: "every game played", Flags: withDB(ladderFormatFlags()...), Action: a.ladderGames},
			{
				Name: "grant-worker", Usage: "PostgreSQL: let an existing role work on the ladder and nothing else (lease seats, report records; never write a game)", ArgsUsage: "ROLE",
				Flags: withDB(), Action: a.ladderGrantWorker,
			},
			{Name: "queue", Usage: "PostgreSQL: the seats scheduled and not yet stored, with the worker playing each", Flags: withDB(ladderFormatFlags()...), Action: a.ladderQueue},
			{Name: "refused", Usage: "PostgreSQL: the reports the coordinator refused, with the reason", Flags: withDB(ladderFormatFlags()...), Action: a.ladderRefused},
			{
				Name: "export", Usage: "write games' records as JSON lines, for 'grognard replay'", ArgsUsage: "GAME...",
				Flags: withDB(&cli.StringFlag{Name: "out", Usage: "write to `FILE` instead of standard output"}), Action: a.ladderExport,
			},
		},
	}
}

// ladderDBFlag is --db of the ladder and worker commands.
func ladderDBFlag() *cli.StringFlag {
	return &cli.StringFlag{Name: "db", Value: "ladder.db", EnvVars: []string{"GROGNARD_DB"},
		Usage: "the ladder's database: a `FILE` (SQLite; created on first use), or a PostgreSQL server's postgres://USER:PASSWORD@HOST/DATABASE URL for a ladder shared with workers"}
}

// openLadder opens --db, making the ladder when there is none: for the
// commands that add to it.
func openLadder(c *cli.Context, seed uint64) (*ladder.Ladder, error) {
	l, err := ladder.Open(c.Context, c.String("db"), seed)
	if err != nil {
		return nil, cli.Exit(err.Error(), exitFailure)
	}
	return l, nil
}

// openExisting opens the ladder at --db, which must exist: a command that
// reads a ladder, or runs one, never makes an empty one at a mistyped
// path.
func openExisting(c *cli.Context) (*ladder.Ladder, error) {
	db := c.String("db")
	l, err := ladder.OpenExisting(c.Context, db)
	if errors.Is(err, ladder.ErrNoLadder) {
		return nil, cli.Exit(fmt.Sprintf("%v: give the --db of an existing ladder, or make one with 'grognard ladder pool --db %s RULESET [SCENARIO]' and 'grognard ladder add --db %s NAME SPEC'",
			err, termsafe.Line(db), termsafe.Line(db)), exitUsage)
	}
	if err != nil {
		return nil, cli.Exit(err.Error(), exitFailure)
	}
	return l, nil
}

// table is a view's rows, printed as text, JSON or CSV.
type table struct {
	head []string
	rows [][]string
	data any // what --json prints
}

func (a *app) printTable(c *cli.Context, t table) error {
	switch {
	case c.Bool("json") && c.Bool("csv"):
		return cli.Exit("--json and --csv: choose one", exitUsage)
	case c.Bool("json"):
		// stdout's termsafe writer escapes what the encoder leaves raw
		// (DEL, C1 and bidirectional controls) as JSON's own \uXXXX.
		return json.NewEncoder(a.stdout).Encode(t.data)
	case c.Bool("csv"):
		w := csv.NewWriter(a.stdout)
		w.Write(t.head)
		w.WriteAll(t.rows)
		return w.Error()
	}
	w := tabwriter.NewWriter(a.stdout, 0, 0, 2, ' ', 0)
	writeRow := func(r []string) {
		for k, v := range r {
			if k > 0 {
				io.WriteString(w, "\t")
			}
			io.WriteString(w, cell(v))
		}
		io.WriteString(w, "\n")
	}
	writeRow(t.head)
	for _, r := range t.rows {
		writeRow(r)
	}
	return w.Flush()
}

// cell is a value as a text table shows it: on one line, its control
// characters escaped (termsafe.Line), and its tabs too, which would
// shift the columns after it. Names, reasons and authors come from
// others: workers, entrants' authors, external programs.
func cell(v string) string {
	return strings.ReplaceAll(termsafe.Line(v), "\t", `\t`)
}

func (a *app) ladderAdd(c *cli.Context) error {
	if c.NArg() != 2 {
		return cli.Exit("ladder add takes a NAME and a SPEC, e.g. 'grognard ladder add mcts-1600 mcts:iters=1600' (see 'grognard agents')", exitUsage)
	}
	l, err := openLadder(c, c.Uint64("seed"))
	if err != nil {
		return err
	}
	defer l.Close()
	e, err := l.AddEntrant(c.Context, ladder.Entrant{Name: c.Args().Get(0), Spec: c.Args().Get(1), Author: c.String("author"), Version: c.String("version")})
	if err != nil {
		return cli.Exit(fmt.Sprintf("ladder add: %v", err), exitUsage)
	}
	fmt.Fprintf(a.stdout, "entrant %d: %s (%s)\n", e.ID, e.Name, e.Spec)
	return nil
}

func (a *app) ladderRetire(c *cli.Context) error {
	if c.NArg() != 1 {
		return cli.Exit("ladder retire takes the entrant's NAME", exitUsage)
	}
	l, err := openExisting(c)
	if err != nil {
		return err
	}
	defer l.Close()
	if err := l.Retire(c.Context, c.Args().First()); err != nil {
		return cli.Exit(err.Error(), exitUsage)
	}
	fmt.Fprintf(a.stdout, "retired %s\n", c.Args().First())
	return nil
}

func (a *app) ladderEntrants(c *cli.Context) error {
	l, err := openExisting(c)
	if err != nil {
		return err
	}
	defer l.Close()
	es, err := l.Entrants(c.Context)
	if err != nil {
		return cli.Exit(err.Error(), exitFailure)
	}
	t := table{head: []string{"id", "name", "spec", "author", "version", "added", "status"}, data: es}
	for _, e := range es {
		status := "playing"
		if e.Retired {
			status = "retired"
		}
		t.rows = append(t.rows, []string{fmt.Sprint(e.ID), e.Name, e.Spec, e.Author, e.Version, time.Unix(e.Added, 0).UTC().Format("2006-01-02 15:04"), status})
	}
	return a.printTable(c, t)
}

func (a *app) ladderPool(c *cli.Context) error {
	if c.NArg() > 2 {
		return cli.Exit("ladder pool takes RULESET [SCENARIO], or nothing to list the pools", exitUsage)
	}
	open := openExisting // a list reads the ladder; an addition makes it
	if c.NArg() > 0 {
		open = func(c *cli.Context) (*ladder.Ladder, error) { return openLadder(c, ladder.DefaultSeed) }
	}
	l, err := open(c)
	if err != nil {
		return err
	}
	defer l.Close()
	if c.NArg() > 0 {
		p, err := l.AddPool(c.Context, c.Args().Get(0), c.Args().Get(1))
		if err != nil {
			return cli.Exit(fmt.Sprintf("ladder pool: %v (see 'grognard rules')", err), exitUsage)
		}
		fmt.Fprintf(a.stdout, "pool %d: %s %s\n", p.ID, p.Ruleset, p.Scenario)
		return nil
	}
	ps, err := l.Pools(c.Context)
	if err != nil {
		return cli.Exit(err.Error(), exitFailure)
	}
	t := table{head: []string{"id", "ruleset", "scenario"}, data: ps}
	for _, p := range ps {
		t.rows = append(t.rows, []string{fmt.Sprint(p.ID), p.Ruleset, p.Scenario})
	}
	return a.printTable(c, t)
}

func (a *app) ladderRun(c *cli.Context) error {
	workers, games, queue := c.Int("workers"), c.Int("games"), c.Int("queue")
	if games < 0 {
		return cli.Exit(fmt.Sprintf("--games %d: give a number of games, or 0 to play until stopped", games), exitUsage)
	}
	if queue < 1 || queue > 10000 {
		return cli.Exit(fmt.Sprintf("--queue %d: give 1 to 10000", queue), exitUsage)
	}
	if err := ladder.CheckLease(c.Duration("lease")); err != nil {
		return cli.Exit(fmt.Sprintf("--lease: %v", err), exitUsage)
	}
	l, err := openExisting(c)
	if err != nil {
		return err
	}
	defer l.Close()
	least := 1
	if l.Shared() {
		least = 0
	}
	if workers < least || workers > 64 {
		return cli.Exit(fmt.Sprintf("--workers %d: give %d to 64", workers, least), exitUsage)
	}
	work := ladder.WorkOptions{Name: workerName("run"), Log: a.log}
	// Ctrl-C and SIGTERM stop the run between steps; the games cut short
	// are played again by the next run.
	ctx, stop := signal.NotifyContext(c.Context, os.Interrupt, syscall.SIGTERM)
	defer stop()
	start := time.Now()
	n, err := l.Run(ctx, ladder.RunOptions{Workers: workers, Games: games, Queue: queue, Lease: c.Duration("lease"), Work: work,
		Done: func(g ladder.Game) {
			fmt.Fprintf(a.errOut, "game %d (pair %d, seat %d): %s\n", g.ID, g.Pair, g.Seat, termsafe.Line(g.Result.Reason))
		},
		Refused: func(r ladder.Refusal) {
			fmt.Fprintf(a.errOut, "report %d (pair %d, seat %d) from worker %s refused: %s\n", r.ID, r.Pair, r.Seat, termsafe.Line(r.Worker), termsafe.Line(r.Reason))
		}})
	if err != nil {
		return cli.Exit(fmt.Sprintf("ladder run: %v", err), exitFailure)
	}
	secs := time.Since(start).Seconds()
	fmt.Fprintf(a.stdout, "%d games played in %.1f s (%.1f a second)\n", n, secs, float64(n)/math.Max(secs, 1e-9))
	return nil
}

// workerName is this process's name in leases and logs: the host and
// process, so that a log line says which machine to look at.
func workerName(what string) string {
	host, err := os.Hostname()
	if err != nil || host == "" || ladder.CheckWorkerName(host) != nil {
		host = "worker"
	}
	if r := []rune(host); len(r) > 40 {
		host = string(r[:40]) // room for the rest within ladder.MaxWorkerName
	}
	return fmt.Sprintf("%s-%s-%d", host, what, os.Getpid())
}

func (a *app) ladderGrantWorker(c *cli.Context) error {
	if c.NArg() != 1 {
		return cli.Exit("ladder grant-worker takes the ROLE that workers log in as (create it first: CREATE ROLE worker LOGIN PASSWORD '...')", exitUsage)
	}
	l, err := openExisting(c)
	if err != nil {
		return err
	}
	defer l.Close()
	if err := l.GrantWorker(c.Context, c.Args().First()); err != nil {
		return cli.Exit(fmt.Sprintf("ladder grant-worker: %v", err), exitUsage)
	}
	fmt.Fprintf(a.stdout, "role %s may work on this ladder: claim seats, renew and give back its leases and report records through the ladder's functions, read the entrants, pools and pairs; nothing else\n", termsafe.Line(c.Args().First()))
	return nil
}

func (a *app) ladderQueue(c *cli.Context) error {
	l, err := openExisting(c)
	if err != nil {
		return err
	}
	defer l.Close()
	seats, err := l.Queue(c.Context)
	if err != nil {
		return cli.Exit(err.Error(), exitUsage)
	}
	t := table{head: []string{"pair", "seat", "state", "worker", "lease until", "attempts"}, data: seats}
	for _, s := range seats {
		state, until := "waiting", ""
		switch {
		case s.GivenUp:
			state = fmt.Sprintf("given up (%d reports refused)", s.Refused)
		case s.Reported:
			state = "reported"
		case s.Worker != "" && s.Expired:
			state = "lease ran out"
		case s.Worker != "" && s.Until != 0:
			state = "playing"
		}
		if s.Until != 0 {
			until = time.Unix(s.Until, 0).UTC().Format("2006-01-02 15:04:05")
		}
		t.rows = append(t.rows, []string{fmt.Sprint(s.Pair), fmt.Sprint(s.Seat), state, s.Worker, until, fmt.Sprint(s.Attempts)})
	}
	return a.printTable(c, t)
}

func (a *app) ladderRefused(c *cli.Context) error {
	l, err := openExisting(c)
	if err != nil {
		return err
	}
	defer l.Close()
	rs, err := l.Refusals(c.Context)
	if err != nil {
		return cli.Exit(err.Error(), exitUsage)
	}
	t := table{head: []string{"report", "pair", "seat", "worker", "received", "reason"}, data: rs}
	for _, r := range rs {
		t.rows = append(t.rows, []string{fmt.Sprint(r.ID), fmt.Sprint(r.Pair), fmt.Sprint(r.Seat), r.Worker, time.Unix(r.Received, 0).UTC().Format("2006-01-02 15:04:05"), r.Reason})
	}
	return a.printTable(c, t)
}

// elo writes a rating for a table: an interval open at one end (a
// clean sweep) reads -inf or +inf there, as the JSON's null does.
func elo(v float64) string {
	switch {
	case math.IsInf(v, -1):
		return "-inf"
	case math.IsInf(v, 1):
		return "+inf"
	case math.IsNaN(v):
		return "-"
	}
	return strconv.FormatFloat(math.Round(v), 'f', 0, 64)
}

func (a *app) ladderBoard(c *cli.Context) error {
	l, err := openExisting(c)
	if err != nil {
		return err
	}
	defer l.Close()
	board, err := l.Leaderboard(c.Context)
	if err != nil {
		return cli.Exit(err.Error(), exitFailure)
	}
	if f := c.String("chart"); f != "" {
		if err := writeBoardChart(board, f); err != nil {
			return cli.Exit(fmt.Sprintf("cannot write --chart %s: %v", f, err), exitFailure)
		}
	}
	t := table{head: []string{"rank", "entrant", "elo", "95%", "games", "W-D-L", "score"}, data: board}
	for k, s := range board {
		r := s.Record
		row := []string{fmt.Sprint(k + 1), s.Entrant.Name, "-", "-", fmt.Sprint(r.N()), fmt.Sprintf("%d-%d-%d", r.W, r.D, r.L), "-"}
		if s.Rating != nil {
			row[2], row[3] = elo(s.Rating.Elo), fmt.Sprintf("[%s, %s]", elo(s.Rating.Lo), elo(s.Rating.Hi))
		}
		if r.N() > 0 {
			row[6] = fmt.Sprintf("%.1f%%", 100*r.Score())
		}
		t.rows = append(t.rows, row)
	}
	return a.printTable(c, t)
}

func (a *app) ladderHistory(c *cli.Context) error {
	if c.NArg() != 1 {
		return cli.Exit("ladder history takes the entrant's NAME", exitUsage)
	}
	l, err := openExisting(c)
	if err != nil {
		return err
	}
	defer l.Close()
	e, games, err := l.History(c.Context, c.Args().First())
	if err != nil {
		return cli.Exit(err.Error(), exitUsage)
	}
	names, err := entrantNames(c.Context, l)
	if err != nil {
		return cli.Exit(err.Error(), exitFailure)
	}
	t := table{head: []string{"game", "pair", "side", "against", "score", "how"}, data: games}
	for _, g := range games {
		side := 0
		if g.Sides[1] == e.ID {
			side = 1
		}
		t.rows = append(t.rows, []string{fmt.Sprint(g.ID), fmt.Sprint(g.Pair), fmt.Sprint(side), names[g.Sides[1-side]], fmt.Sprint(g.Result.Score(engine.Player(side))), g.Result.Reason})
	}
	return a.printTable(c, t)
}

func (a *app) ladderH2H(c *cli.Context) error {
	l, err := openExisting(c)
	if err != nil {
		return err
	}
	defer l.Close()
	es, m, err := l.HeadToHead(c.Context)
	if err != nil {
		return cli.Exit(err.Error(), exitFailure)
	}
	head := []string{""}
	for _, e := range es {
		head = append(head, e.Name)
	}
	type row struct {
		Entrant string            `json:"entrant"`
		Against map[string]string `json:"against"`
	}
	var data []row
	t := table{head: head}
	for i, e := range es {
		r := []string{e.Name}
		jr := row{Entrant: e.Name, Against: map[string]string{}}
		for j := range es {
			cell := "-"
			if i != j && m[i][j].N() > 0 {
				cell = fmt.Sprintf("%d-%d-%d", m[i][j].W, m[i][j].D, m[i][j].L)
				jr.Against[es[j].Name] = cell
			}
			r = append(r, cell)
		}
		t.rows = append(t.rows, r)
		data = append(data, jr)
	}
	t.data = data
	return a.printTable(c, t)
}

func (a *app) ladderGames(c *cli.Context) error {
	l, err := openExisting(c)
	if err != nil {
		return err
	}
	defer l.Close()
	games, err := l.Games(c.Context)
	if err != nil {
		return cli.Exit(err.Error(), exitFailure)
	}
	names, err := entrantNames(c.Context, l)
	if err != nil {
		return cli.Exit(err.Error(), exitFailure)
	}
	t := table{head: []string{"game", "pair", "seat", "side 0", "side 1", "result", "steps"}, data: games}
	for _, g := range games {
		t.rows = append(t.rows, []string{fmt.Sprint(g.ID), fmt.Sprint(g.Pair), fmt.Sprint(g.Seat), names[g.Sides[0]], names[g.Sides[1]], g.Result.Reason, fmt.Sprint(g.Steps)})
	}
	return a.printTable(c, t)
}

func (a *app) ladderExport(c *cli.Context) error {
	if c.NArg() == 0 {
		return cli.Exit("ladder export takes game numbers (see 'grognard ladder games')", exitUsage)
	}
	l, err := openExisting(c)
	if err != nil {
		return err
	}
	defer l.Close()
	var out []byte
	for _, arg := range c.Args().Slice() {
		id, err := strconv.ParseInt(arg, 10, 64)
		if err != nil {
			return cli.Exit(fmt.Sprintf("ladder export: %q is not a game number", arg), exitUsage)
		}
		rec, err := l.Record(c.Context, id)
		if err != nil {
			return cli.Exit(err.Error(), exitUsage)
		}
		out = append(append(out, rec...), '\n')
	}
	if f := c.String("out"); f != "" {
		if err := fileio.WriteFile(f, out, 0o644); err != nil {
			return cli.Exit(fmt.Sprintf("cannot write --out %s: %v", f, err), exitFailure)
		}
		return nil
	}
	_, err = a.stdout.Write(out)
	return err
}

// entrantNames maps entrant ids to names.
func entrantNames(ctx context.Context, l *ladder.Ladder) (map[int64]string, error) {
	es, err := l.Entrants(ctx)
	if err != nil {
		return nil, err
	}
	m := map[int64]string{}
	for _, e := range es {
		m[e.ID] = e.Name
	}
	return m, nil
}

// writeBoardChart draws the leaderboard's chart to file.
func writeBoardChart(board []ladder.Standing, file string) error {
	var buf bytes.Buffer
	if err := ladder.BoardChart(&buf, board); err != nil {
		return err
	}
	return fileio.WriteFile(file, buf.Bytes(), 0o644)
}
