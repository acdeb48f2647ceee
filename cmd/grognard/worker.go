package main

import (
	"fmt"
	"math"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/grognard/grognard/internal/termsafe"
	"github.com/grognard/grognard/tournaments/ladder"
)

func (a *app) workerCommand() *cli.Command {
	return &cli.Command{
		Name:  "worker",
		Usage: "play a shared ladder's games: take them from its queue on PostgreSQL, play them, report the records",
		Description: "Run as many workers as you like, on any machines that reach the ladder's PostgreSQL server, beside\n" +
			"the one 'grognard ladder run' that coordinates it. A worker leases a game, renews the lease while it\n" +
			"plays, and reports the record, which the coordinator replays before it counts. How long a lease lasts\n" +
			"is the coordinator's to say ('ladder run --lease'; a worker has no --lease or --heartbeat): each claim\n" +
			"tells it, and the worker renews it every sixth of it. A worker killed or silent for a whole lease loses\n" +
			"its game to the next worker, which plays it again from the same seeds: the game counts once. Ctrl-C or\n" +
			"SIGTERM gives the game in hand back at once. External entrants (external:cmd=...) must be installed at\n" +
			"the same path on every worker's machine. Log in as a role made by 'ladder grant-worker'.",
		Flags: []cli.Flag{
			ladderDBFlag(),
			&cli.StringFlag{Name: "name", Usage: "this worker's name in leases and logs: 1 to 64 characters, no control characters (default: HOST-worker-PID)", EnvVars: []string{"GROGNARD_WORKER_NAME"}},
			&cli.IntFlag{Name: "threads", Value: 1, Usage: "games played at once (1 to 64)", EnvVars: []string{"GROGNARD_THREADS"}},
			&cli.IntFlag{Name: "games", Usage: "stop after reporting this many games (0: until stopped)", EnvVars: []string{"GROGNARD_GAMES"}},
			&cli.DurationFlag{Name: "poll", Value: time.Second, Usage: "how long to wait when the queue is empty", EnvVars: []string{"GROGNARD_POLL"}},
		},
		Action: a.worker,
	}
}

func (a *app) worker(c *cli.Context) error {
	if err := noArgs(c); err != nil {
		return err
	}
	threads, games, poll := c.Int("threads"), c.Int("games"), c.Duration("poll")
	switch {
	case threads < 1 || threads > 64:
		return cli.Exit(fmt.Sprintf("--threads %d: give 1 to 64", threads), exitUsage)
	case games < 0:
		return cli.Exit(fmt.Sprintf("--games %d: give a number of games, or 0 to work until stopped", games), exitUsage)
	case poll < 10*time.Millisecond || poll > time.Hour:
		return cli.Exit(fmt.Sprintf("--poll %v: give 10ms to 1h", poll), exitUsage)
	}
	name := c.String("name")
	if name == "" {
		name = workerName("worker")
	}
	if err := ladder.CheckWorkerName(name); err != nil {
		return cli.Exit(fmt.Sprintf("--name: %v", err), exitUsage)
	}
	opts := ladder.WorkOptions{Name: name, Threads: threads, Games: games, Poll: poll,
		Log: a.log.With().Str("worker", name).Logger()}
	if !ladder.IsServer(c.String("db")) {
		return cli.Exit(fmt.Sprintf("worker: --db %s is an SQLite file, a ladder that 'grognard ladder run' plays alone; a worker needs a ladder on PostgreSQL (--db postgres://USER@HOST/DATABASE)", c.String("db")), exitUsage)
	}
	l, err := openExisting(c)
	if err != nil {
		return err
	}
	defer l.Close()
	ctx, stop := signal.NotifyContext(c.Context, os.Interrupt, syscall.SIGTERM)
	defer stop()
	opts.Done = func(g ladder.Game) {
		fmt.Fprintf(a.errOut, "pair %d, seat %d reported: %s\n", g.Pair, g.Seat, termsafe.Line(g.Result.Reason))
	}
	start := time.Now()
	n, err := l.Work(ctx, opts)
	if err != nil {
		return cli.Exit(fmt.Sprintf("worker: %v", err), exitFailure)
	}
	secs := time.Since(start).Seconds()
	fmt.Fprintf(a.stdout, "%d games reported in %.1f s (%.1f a second)\n", n, secs, float64(n)/math.Max(secs, 1e-9))
	return nil
}
