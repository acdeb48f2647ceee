package web

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/patrickmn/go-cache"
)

// clientOf is who sent a request, as the server shares itself out: the
// remote IP address, an IPv6 one by its /64 (one network's hosts pick
// their own addresses in it freely), and every loopback address as one
// client, the machine's own users. Forwarded-for headers are not read:
// anyone can write them.
func clientOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip := net.ParseIP(host)
	switch {
	case ip == nil:
		return host
	case ip.IsLoopback():
		return "loopback"
	case ip.To4() != nil:
		return ip.To4().String()
	}
	return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
}

// holding is what the server keeps for one client (a session, an open
// replay): whose it is, the memory it holds, and when it was last used,
// so that when the server is full the least recently used holding of the
// client that holds the most goes first.
type holding struct {
	client string
	bytes  int64
	used   atomic.Int64 // Unix nanoseconds of the last request on it
}

// touch marks the holding used now.
func (h *holding) touch() { h.used.Store(time.Now().UnixNano()) }

// holder is a value kept in one of the server's caches.
type holder interface{ held() *holding }

func (h *holding) held() *holding { return h }

// weigh is how much a holding counts against its client: one (sessions
// are counted) or its bytes (replays are weighed).
type weigh func(*holding) int64

func byCount(*holding) int64   { return 1 }
func byBytes(h *holding) int64 { return h.bytes }

// usage sums c's holdings by weight: the total, and each client's.
func usage(c *cache.Cache, w weigh) (total int64, per map[string]int64, items map[string]cache.Item) {
	items = c.Items()
	per = map[string]int64{}
	for _, it := range items {
		h := it.Object.(holder).held()
		per[h.client] += w(h)
		total += w(h)
	}
	return total, per, items
}

// victim is the id of the least recently used holding of the client that
// holds the most by w (a tie goes to the client with the older holding),
// or "" when c is empty. Dropping it makes room without ever taking from
// a client who holds less than another: a flood from one client ends up
// replacing its own.
func victim(per map[string]int64, items map[string]cache.Item) string {
	// Each client's least recently used holding.
	type lru struct {
		id   string
		used int64
	}
	oldest := map[string]lru{}
	for k, it := range items {
		h := it.Object.(holder).held()
		u := h.used.Load()
		if o, ok := oldest[h.client]; !ok || u < o.used || u == o.used && k < o.id {
			oldest[h.client] = lru{k, u}
		}
	}
	heaviest := ""
	for client, n := range per {
		o, h := oldest[client], oldest[heaviest]
		if heaviest == "" || n > per[heaviest] || n == per[heaviest] && (o.used < h.used || o.used == h.used && o.id < h.id) {
			heaviest = client
		}
	}
	return oldest[heaviest].id
}

// gate bounds how many of some work run at once server-wide: a request
// waits its turn for at most a while, then is refused.
type gate struct {
	slots chan struct{}
	wait  time.Duration
	what  string // the work, for the refusal: "searches"
}

func newGate(n int, wait time.Duration, what string) *gate {
	return &gate{slots: make(chan struct{}, n), wait: wait, what: what}
}

// errServerBusy is wrapped by a gate's refusal.
var errServerBusy = errors.New("the server is busy")

// enter waits for a turn, at most g.wait or until ctx ends, and returns
// the function that gives the turn back.
func (g *gate) enter(ctx context.Context) (func(), error) {
	select {
	case g.slots <- struct{}{}:
		return func() { <-g.slots }, nil
	default:
	}
	t := time.NewTimer(g.wait)
	defer t.Stop()
	select {
	case g.slots <- struct{}{}:
		return func() { <-g.slots }, nil
	case <-t.C:
		return nil, fmt.Errorf("%w: it runs at most %d %s at once for all its users, and none ended within %v: try again in a moment", errServerBusy, cap(g.slots), g.what, g.wait)
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
