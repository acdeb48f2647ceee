package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
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
server listens on loopback only unless --addr says otherwise, and on exactly the address
given (0.0.0.0 is every IPv4 address, not IPv6 too): anyone who can reach the address can
play on this machine's CPU. It answers only requests naming the address it was reached at
(or localhost on loopback, or a name given with --allow-host), from its own page.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "addr", Value: "127.0.0.1:8080", Usage: "address to listen on (host:port; port 0 picks a free one)", EnvVars: []string{"GROGNARD_ADDR"}},
			&cli.StringFlag{Name: "ladder", Usage: "a ladder's database `FILE` (or postgres:// URL) whose leaderboard the results page shows live (see 'grognard ladder')", EnvVars: []string{"GROGNARD_LADDER"}},
			&cli.StringFlag{Name: "dir", Usage: "`DIR` of records and saved games the page may open for replays and results (nothing outside it is reachable; default: none, the page uploads files)", EnvVars: []string{"GROGNARD_DIR"}},
			&cli.DurationFlag{Name: "session-ttl", Value: 2 * time.Hour, Usage: "how long an idle game is kept", EnvVars: []string{"GROGNARD_SESSION_TTL"}},
			&cli.StringSliceFlag{Name: "allow-host", Usage: "another `NAME` (or NAME:PORT) the page is reached by, such as this machine's name on the network or a proxy's; the server refuses requests naming any other, which keeps other web sites' pages out (repeat for more)", EnvVars: []string{"GROGNARD_ALLOW_HOST"}},
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
	network := listenNetwork(c.String("addr"))
	ln, err := net.Listen(network, c.String("addr"))
	if err != nil {
		return cli.Exit(fmt.Sprintf("serve: cannot listen on %s: %v (is another server using the port? try --addr 127.0.0.1:0)", c.String("addr"), err), 1)
	}
	if w := exposure(ln.Addr(), network, interfaceAddrs(), c.String("dir"), c.String("ladder")); w != "" {
		fmt.Fprintln(a.errOut, "grognard: warning: "+w)
	}
	srv, err := web.New(web.Config{Name: "grognard", Version: programVersion(), Ruleset: defaultRuleset(), SessionTTL: c.Duration("session-ttl"), Log: a.log, Dir: c.String("dir"), Ladder: c.String("ladder"),
		Addr: ln.Addr().String(), AllowHosts: c.StringSlice("allow-host")})
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

// listenNetwork is the network to listen on for addr, so that the server
// listens on exactly what was asked: "tcp4" for an IPv4 address (Go's
// "tcp" on 0.0.0.0 listens on every IPv6 address too), "tcp6" for an
// IPv6 one, and "tcp" for a name or no host (":8080": every address of
// both).
func listenNetwork(addr string) string {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return "tcp"
	}
	switch ip := net.ParseIP(host); {
	case ip == nil:
		return "tcp"
	case ip.To4() != nil:
		return "tcp4"
	}
	return "tcp6"
}

// interfaceAddrs are this machine's addresses, for the warning to list.
func interfaceAddrs() []net.IP {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return nil
	}
	var out []net.IP
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok {
			out = append(out, n.IP)
		}
	}
	return out
}

// exposure is the warning for a server listening on addr over network,
// "" when addr is loopback: which of the machine's addresses (ifaces)
// it is reached at, and what anyone who reaches one can do there.
func exposure(addr net.Addr, network string, ifaces []net.IP, dir, ladder string) string {
	host, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return fmt.Sprintf("listening on %s, which may not be loopback: anyone who can reach it can use the page", addr)
	}
	ip := net.ParseIP(host)
	if ip != nil && ip.IsLoopback() {
		return ""
	}
	var where string
	if ip != nil && ip.IsUnspecified() {
		family := map[string]string{"tcp4": "IPv4", "tcp6": "IPv6"}[network]
		var list []string
		for _, a := range ifaces {
			if family == "IPv4" && a.To4() == nil || family == "IPv6" && a.To4() != nil {
				continue
			}
			list = append(list, net.JoinHostPort(a.String(), port))
		}
		switch family {
		case "":
			where = fmt.Sprintf("listening on port %s of every address of this machine, IPv4 and IPv6", port)
		default:
			where = fmt.Sprintf("listening on port %s of every %s address of this machine (only %s)", port, family, family)
		}
		if len(list) > 0 {
			where += ": " + strings.Join(list, ", ")
		}
	} else {
		where = fmt.Sprintf("listening on %s, which is not loopback", addr)
	}
	can := "start games and searches on this machine's CPU and upload records and saved games"
	if dir != "" {
		can += ", open every record and saved game in " + dir
	}
	if ladder != "" {
		can += ", read the standings of the ladder " + ladder
	}
	return where + "; anyone on a network that reaches it can " + can + " (the server answers only requests that name the address they reached, localhost, or a name given with --allow-host)"
}
