package main

import (
	"bufio"
	"context"
	"io"
	"net"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sourcegraph/conc"
)

// TestListenNetwork: an IPv4 address is listened on as IPv4 only, an
// IPv6 one as IPv6 only; a name or no host is left to Go.
func TestListenNetwork(t *testing.T) {
	for _, tc := range []struct{ addr, want string }{
		{"0.0.0.0:8080", "tcp4"},
		{"127.0.0.1:0", "tcp4"},
		{"192.0.2.7:80", "tcp4"},
		{"[::]:8080", "tcp6"},
		{"[::1]:0", "tcp6"},
		{":8080", "tcp"},
		{"localhost:8080", "tcp"},
		{"nonsense", "tcp"},
	} {
		if got := listenNetwork(tc.addr); got != tc.want {
			t.Errorf("listenNetwork(%q) = %s, want %s", tc.addr, got, tc.want)
		}
	}
}

// TestExposureWarning: the warning says which addresses are exposed and
// what can be done there, and loopback gives none.
func TestExposureWarning(t *testing.T) {
	ifaces := []net.IP{net.ParseIP("127.0.0.1"), net.ParseIP("10.1.2.3"), net.ParseIP("::1"), net.ParseIP("2001:db8::7")}
	tcp := func(s string) net.Addr { a, _ := net.ResolveTCPAddr("tcp", s); return a }
	for _, tc := range []struct {
		name, addr, network, dir string
		want, not                []string
	}{
		{name: "loopback", addr: "127.0.0.1:8080", network: "tcp4"},
		{name: "IPv6 loopback", addr: "[::1]:8080", network: "tcp6"},
		{name: "every IPv4 address", addr: "0.0.0.0:8080", network: "tcp4", dir: "/srv/games",
			want: []string{"every IPv4 address", "only IPv4", "10.1.2.3:8080", "127.0.0.1:8080", "open every record and saved game in /srv/games", "CPU"},
			not:  []string{"2001:db8::7", "IPv6 address"}},
		{name: "every IPv6 address", addr: "[::]:8080", network: "tcp6",
			want: []string{"every IPv6 address", "[2001:db8::7]:8080"}, not: []string{"10.1.2.3", "in /"}},
		{name: "every address", addr: "[::]:8080", network: "tcp",
			want: []string{"IPv4 and IPv6", "10.1.2.3:8080", "[2001:db8::7]:8080"}},
		{name: "one address", addr: "10.1.2.3:8080", network: "tcp4",
			want: []string{"10.1.2.3:8080, which is not loopback", "--allow-host"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := exposure(tcp(tc.addr), tc.network, ifaces, tc.dir, "")
			if tc.want == nil {
				if got != "" {
					t.Fatalf("a warning for loopback: %s", got)
				}
				return
			}
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("the warning %q does not say %q", got, w)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(got, n) {
					t.Errorf("the warning %q says %q", got, n)
				}
			}
		})
	}
}

// TestServeListensOnExactlyIPv4: serve --addr 0.0.0.0:0 is reached on
// IPv4 loopback and not on IPv6 loopback, and warns that it is exposed.
func TestServeListensOnExactlyIPv4(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	outR, outW := io.Pipe()
	var errOut strings.Builder
	var wg conc.WaitGroup
	code := -1
	wg.Go(func() {
		code = run(ctx, []string{"grognard", "serve", "--addr", "0.0.0.0:0"}, outW, &errOut)
		outW.Close()
	})
	line, err := bufio.NewReader(outR).ReadString('\n')
	if err != nil {
		cancel()
		wg.Wait()
		t.Fatalf("no address printed: %v (stderr %s)", err, errOut.String())
	}
	wg.Go(func() { _, _ = io.Copy(io.Discard, outR) })
	m := regexp.MustCompile(`http://0\.0\.0\.0:(\d+)/`).FindStringSubmatch(line)
	if m == nil {
		cancel()
		wg.Wait()
		t.Fatalf("printed %q", line)
	}
	c, err := net.DialTimeout("tcp4", "127.0.0.1:"+m[1], 5*time.Second)
	if err != nil {
		t.Errorf("IPv4 loopback: %v", err)
	} else {
		c.Close()
	}
	if l, err := net.Listen("tcp6", "[::1]:0"); err == nil { // the machine has IPv6 loopback
		l.Close()
		if c, err := net.DialTimeout("tcp6", "[::1]:"+m[1], 5*time.Second); err == nil {
			c.Close()
			t.Error("serve --addr 0.0.0.0 is reached on IPv6 too")
		}
	}
	cancel()
	wg.Wait()
	if code != 0 {
		t.Errorf("serve exited %d", code)
	}
	if w := errOut.String(); !strings.Contains(w, "every IPv4 address") || !strings.Contains(w, "only IPv4") {
		t.Errorf("the warning: %q", w)
	}
}
