package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/grognard/grognard/cmd/grognard/web"
)

func (a *app) serveCommand() *cli.Command {
	return &cli.Command{
		Name:  "serve",
		Usage: "serve the page to play, get hints, watch replays and read tournament results in a browser",
		Description: `Starts a web server with the page built in and prints the address to open.
Each browser tab is its own game; a game left idle for --session-ttl is dropped (save it
first with the Save button; Load takes it back). Replays and results open files uploaded
from the browser, or the records and saved games in --dir (and nothing outside it). The
server listens on loopback only unless --addr says otherwise: anyone who can reach the
address can play on this machine's CPU.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "addr", Value: "127.0.0.1:8080", Usage: "address to listen on (host:port; port 0 picks a free one)", EnvVars: []string{"GROGNARD_ADDR"}},
			&cli.StringFlag{Name: "ladder", Usage: "a ladder's database `FILE` (or postgres:// URL) whose leaderboard the results page shows live (see 'grognard ladder')", EnvVars: []string{"GROGNARD_LADDER"}},
			&cli.StringFlag{Name: "dir", Usage: "`DIR` of records and saved games the page may open for replays and results (nothing outside it is reachable; default: none, the page uploads files)", EnvVars: []string{"GROGNARD_DIR"}},
			&cli.DurationFlag{Name: "session-ttl", Value: 2 * time.Hour, Usage: "how long an idle game is kept", EnvVars: []string{"GROGNARD_SESSION_TTL"}},
		},
		Action: a.serve,
	}
}

func (a *app) serve(c *cli.Context) error {
	if err := noArgs(c); err != nil {
		return err
	}
	if c.Duration("session-ttl") < time.Minute {
		return cli.Exit("--session-ttl must be at least 1m", exitUsage)
	}
	ln, err := net.Listen("tcp", c.String("addr"))
	if err != nil {
		return cli.Exit(fmt.Sprintf("serve: cannot listen on %s: %v (is another server using the port? try --addr 127.0.0.1:0)", c.String("addr"), err), 1)
	}
	if host, _, _ := net.SplitHostPort(ln.Addr().String()); !isLoopback(host) {
		fmt.Fprintf(a.stderr, "grognard: warning: listening on %s, which is not loopback: anyone who can reach it can start games on this machine\n", ln.Addr())
	}
	srv, err := web.New(web.Config{Name: "grognard", Version: programVersion(), Ruleset: defaultRuleset, SessionTTL: c.Duration("session-ttl"), Log: a.log, Dir: c.String("dir"), Ladder: c.String("ladder")})
	if err != nil {
		_ = ln.Close()
		return cli.Exit("serve: "+err.Error(), exitUsage)
	}
	defer srv.Close()
	hs := &http.Server{
		Handler:           srv,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       time.Minute,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
	fmt.Fprintf(a.stdout, "grognard: open http://%s/ in a browser (Ctrl-C stops the server)\n", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		if !errors.Is(err, http.ErrServerClosed) {
			return cli.Exit(fmt.Sprintf("serve: %v", err), 1)
		}
	case <-c.Context.Done():
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = hs.Shutdown(ctx)
		fmt.Fprintln(a.stdout, "grognard: server stopped")
	}
	return nil
}

// isLoopback reports whether host is a loopback address (or localhost).
func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
