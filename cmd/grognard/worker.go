package main

import (
	"fmt"
	"math"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/grognard/grognard/ladder"
)

func (a *app) workerCommand() *cli.Command {
	return &cli.Command{
		Name:  "worker",
		Usage: "play a shared ladder's games: take them from its queue on PostgreSQL, play them, report the records",
		Description: "Run as many workers as you like, on any machines that reach the ladder's PostgreSQL server, beside\n" +
			"the one 'grognard ladder run' that coordinates it. A worker leases a game, renews the lease every\n" +
			"--heartbeat while it plays, and reports the record, which the coordinator replays before it counts.\n" +
			"A worker killed or silent for a whole --lease loses its game to the next worker, which plays it again\n" +
			"from the same seeds: the game counts once. Ctrl-C or SIGTERM gives the game in hand back at once.\n" +
			"External entrants (external:cmd=...) must be installed at the same path on every worker's machine.",
		Flags: []cli.Flag{
			ladderDBFlag(),
			&cli.StringFlag{Name: "name", Usage: "this worker's name in leases and logs (default: HOST-worker-PID)", EnvVars: []string{"GROGNARD_WORKER_NAME"}},
			&cli.IntFlag{Name: "threads", Value: 1, Usage: "games played at once (1 to 64)", EnvVars: []string{"GROGNARD_THREADS"}},
			&cli.IntFlag{Name: "games", Usage: "stop after reporting this many games (0: until stopped)", EnvVars: []string{"GROGNARD_GAMES"}},
			leaseFlag(), heartbeatFlag(),
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
	if len(name) > 100 {
		return cli.Exit("--name: at most 100 characters", exitUsage)
	}
	opts := ladder.WorkOptions{Name: name, Threads: threads, Games: games, Lease: c.Duration("lease"), Heartbeat: c.Duration("heartbeat"), Poll: poll,
		Log: a.log.With().Str("worker", name).Logger()}
	if err := checkLease(opts); err != nil {
		return err
	}
	if !ladder.IsServer(c.String("db")) {
		return cli.Exit(fmt.Sprintf("worker: --db %s is an SQLite file, a ladder that 'grognard ladder run' plays alone; a worker needs a ladder on PostgreSQL (--db postgres://USER@HOST/DATABASE)", c.String("db")), exitUsage)
	}
	l, err := openLadder(c, ladder.DefaultSeed)
	if err != nil {
		return err
	}
	defer l.Close()
	ctx, stop := signal.NotifyContext(c.Context, os.Interrupt, syscall.SIGTERM)
	defer stop()
	opts.Done = func(g ladder.Game) {
		fmt.Fprintf(a.errOut, "pair %d, seat %d reported: %s\n", g.Pair, g.Seat, g.Result.Reason)
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
