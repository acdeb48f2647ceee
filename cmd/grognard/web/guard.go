package web

import (
	"fmt"
	"mime"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// What a request must be for the server to read it at all. Together these
// keep every other web site out: a page elsewhere can make a browser send
// requests here, but
//
//   - a page reached by another name (DNS rebinding: evil.example made to
//     resolve to this address) sends that name as Host, which is refused
//     (checkHost);
//   - a request from another site's page carries that site as Origin,
//     which is refused (checkOrigin);
//   - the only requests a browser sends cross-site without asking first
//     (CORS's "simple" requests) carry no content type or text/plain,
//     multipart/form-data or application/x-www-form-urlencoded, none of
//     which any POST here accepts (checkContentType); for any other the
//     browser asks with OPTIONS first, which is refused, so it never sends
//     the request.

// Body kinds: what a route's POST carries, and so the content types it
// accepts.
type bodyKind int

const (
	// jsonBody is a JSON document (a command) or nothing (a new
	// session, a cancel): application/json.
	jsonBody bodyKind = iota + 1
	// fileBody is an uploaded file, or nothing when ?file= names one of
	// --dir: the types a file is sent as (uploadTypes).
	fileBody
)

// uploadTypes are the content types an upload may be sent as: a file's
// own type (gzip, JSON, JSON lines) or the generic octet-stream the page
// sends.
var uploadTypes = []string{"application/octet-stream", "application/gzip", "application/x-gzip", "application/json", "application/x-ndjson", "application/jsonl"}

// guard wraps h with the checks of Host, Origin and, for a POST, its
// content type.
func (s *Server) guard(kind bodyKind, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if msg := s.checkHost(r); msg != "" {
			writeError(w, http.StatusMisdirectedRequest, "bad-host", msg)
			return
		}
		if msg := checkOrigin(r); msg != "" {
			writeError(w, http.StatusForbidden, "bad-origin", msg)
			return
		}
		if kind != 0 {
			if msg := checkContentType(r, kind); msg != "" {
				writeError(w, http.StatusUnsupportedMediaType, "bad-content-type", msg)
				return
			}
		}
		h(w, r)
	}
}

// localAddr is the address the request came in on: the connection's own
// (so a server bound to every address answers to the one it was reached
// at), else Config.Addr (a request handed to ServeHTTP directly).
func (s *Server) localAddr(r *http.Request) string {
	if a, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok && a != nil {
		return a.String()
	}
	return s.cfg.Addr
}

// splitHost splits a Host header into its lower-case name (brackets and a
// final dot dropped) and port ("80" when it names none, HTTP's default).
func splitHost(hostport string) (host, port string) {
	host, port, err := net.SplitHostPort(hostport)
	if err != nil {
		host, port = hostport, "80"
	}
	host = strings.TrimSuffix(strings.Trim(strings.ToLower(host), "[]"), ".")
	return host, port
}

// checkHost says why the request's Host is refused, "" when it is one
// this server answers to: the address it was reached at (host:port); with
// that address on loopback also localhost and the loopback addresses, at
// the same port; and the names Config.AllowHosts gives (a name alone at
// any port, or name:port). An IP address is no rebinding risk, but only
// the one reached is accepted, so the rule stays one a person can read.
func (s *Server) checkHost(r *http.Request) string {
	host, port := splitHost(r.Host)
	for _, a := range s.cfg.AllowHosts {
		ah, ap := splitHost(a)
		if host == ah && (!strings.Contains(a, ":") || strings.HasSuffix(a, "]") || port == ap) {
			return ""
		}
	}
	local := s.localAddr(r)
	lhost, lport, err := net.SplitHostPort(local)
	if err != nil {
		return "the server does not know the address it listens on, so it answers no request (a bug: please report it)"
	}
	if port == lport {
		lip, ip := net.ParseIP(lhost), net.ParseIP(host)
		switch {
		case ip != nil && lip != nil && ip.Equal(lip):
			return ""
		case lip != nil && lip.IsLoopback() && (host == "localhost" || ip != nil && ip.IsLoopback()):
			return ""
		}
	}
	names := []string{local}
	if lip := net.ParseIP(lhost); lip != nil && lip.IsLoopback() {
		names = append(names, net.JoinHostPort("localhost", lport))
	}
	return fmt.Sprintf("this server answers only to the address it listens on (%s), not to %q: open http://%s/ instead, or start it with --allow-host NAME for a name that reaches it (a page under another name may be another web site's)",
		strings.Join(names, " or "), r.Host, names[len(names)-1])
}

// checkOrigin says why the request's Origin is refused, "" when it has
// none (a program, or a browser's own navigation) or is this server's own
// page (the scheme http or https and the Host already checked).
func checkOrigin(r *http.Request) string {
	o := r.Header.Get("Origin")
	if o == "" {
		return ""
	}
	u, err := url.Parse(o)
	if err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Path == "" && strings.EqualFold(u.Host, r.Host) {
		return ""
	}
	return fmt.Sprintf("a request from the page of %q is refused: only this server's own page (http://%s) may use its API", o, r.Host)
}

// checkContentType says why a POST's content type is refused, "" when it
// is one the route takes (see bodyKind).
func checkContentType(r *http.Request, kind bodyKind) string {
	if r.Method != http.MethodPost {
		return ""
	}
	ct := r.Header.Get("Content-Type")
	mt, _, err := mime.ParseMediaType(ct)
	switch kind {
	case jsonBody:
		if err == nil && mt == "application/json" {
			return ""
		}
		return fmt.Sprintf("send this request with Content-Type: application/json, not %q", ct)
	case fileBody:
		if err == nil && slices.Contains(uploadTypes, mt) {
			return ""
		}
		return fmt.Sprintf("send a file with Content-Type: application/octet-stream (or %s), not %q", strings.Join(uploadTypes[1:], ", "), ct)
	}
	return ""
}
