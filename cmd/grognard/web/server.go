// Package web is grognard's page in the browser: an HTTP server that gives
// each browser tab its own protocol session (agents/protocol), the table
// drawn by the ruleset's picture, and the page itself embedded in the
// binary.
//
// The page speaks the protocol's commands as JSON over HTTP, so the web
// and the line protocol are one set of rules about what a request may do:
// the web adds only what a browser needs (sessions that expire, uploads,
// pictures) and refuses what a page must never do (reach the file system
// or start a program).
package web

import (
	"context"
	"crypto/rand"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/patrickmn/go-cache"
	"github.com/rs/zerolog"
	"github.com/sourcegraph/conc"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/agents/protocol"
	"github.com/grognard/grognard/agents/protocol/wire"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/tournaments/ladder"
)

//go:embed assets
var assets embed.FS

// Limits of what one request may carry.
const (
	// MaxCommandBody bounds a command request's body.
	MaxCommandBody = 64 << 10
	// MaxUpload bounds an uploaded saved game (the protocol's own bound).
	MaxUpload = protocol.MaxSavedGame
	// MaxArgs bounds a command's arguments.
	MaxArgs = 64
	// MaxSessions bounds the sessions held at once, so a page opened in a
	// loop cannot exhaust the machine.
	MaxSessions = 256
	// DefaultSessionsPerClient bounds the sessions one client holds
	// (Config.SessionsPerClient), so that one client cannot take them all.
	DefaultSessionsPerClient = 32
)

// DefaultLimits are the bounds a page's requests are held to
// (Config.Limits), far above what the page itself asks (its bot searches
// 1,600 iterations with two threads, a hint plays 3 times 8 games) but
// for threads: two, as the page's bot uses, so that the searches run at
// once (Config.MaxSearches) leave CPUs for the other users' requests.
var DefaultLimits = protocol.Limits{
	Iters:    20_000,
	Calls:    2_000_000,
	Time:     10 * time.Second,
	Workers:  2,
	Depth:    200,
	Playouts: 256,
	// A search's memory: the agents' own default bound (64 MB of
	// nodes), which a spec's nodes= may not raise here.
	Nodes: agents.DefaultMaxNodes,
}

// Defaults of the bounds on work at once.
const (
	// DefaultSearchTimeout bounds a request that searches (hint, genmove,
	// advance) in wall time, whatever its budget says.
	DefaultSearchTimeout = 30 * time.Second
	// DefaultQueueWait is how long a search or an upload waits for its
	// turn before it is refused with 503.
	DefaultQueueWait = 10 * time.Second
	// DefaultReplayBytes bounds the memory the open replays hold.
	DefaultReplayBytes = 256 << 20
	// DefaultMaxUploads bounds the uploads (and files of --dir) read at
	// once.
	DefaultMaxUploads = 2
)

// Config is how a server runs.
type Config struct {
	// Name and Version identify the program to the protocol.
	Name, Version string
	// Ruleset is what a new game plays when the page names none.
	Ruleset string
	// SessionTTL is how long an idle session is kept (0: 2 hours).
	SessionTTL time.Duration
	// Log receives the server's log lines.
	Log zerolog.Logger
	// Dir is the directory of records and saved games the page may open
	// by name; nothing outside it is reachable. Empty: none, the page
	// uploads files instead.
	Dir string
	// Ladder is a ladder's database file, or its PostgreSQL server's
	// postgres:// URL, whose leaderboard the results page shows live (read
	// only: the ladder runs elsewhere). Empty: none.
	Ladder string
	// Addr is the address the server listens on (host:port). A request
	// is answered only when its Host names the address its connection
	// came in on; Addr stands in for that address when a request does
	// not carry it (one handed to ServeHTTP without a connection).
	Addr string
	// AllowHosts are other names the page may be reached by (serve
	// --allow-host): "name" at any port, or "name:port".
	AllowHosts []string
	// MaxSessions bounds the sessions held at once (0: MaxSessions).
	MaxSessions int
	// SessionsPerClient bounds the sessions one client holds (0:
	// DefaultSessionsPerClient); see clientOf for who is one client.
	SessionsPerClient int
	// Limits bounds what one request may ask a search for (the zero
	// value: DefaultLimits).
	Limits protocol.Limits
	// SearchTimeout bounds a searching request's wall time (0:
	// DefaultSearchTimeout).
	SearchTimeout time.Duration
	// MaxSearches bounds the searching requests run at once, server-wide
	// (0: one for two CPUs, at least one).
	MaxSearches int
	// QueueWait is how long a search or an upload waits for its turn
	// before it is refused (0: DefaultQueueWait).
	QueueWait time.Duration
	// ReplayBytes bounds the memory the open replays hold (0:
	// DefaultReplayBytes).
	ReplayBytes int64
	// MaxUploads bounds the uploads and files of Dir read at once (0:
	// DefaultMaxUploads).
	MaxUploads int
}

// Server serves the page and the sessions' API.
type Server struct {
	cfg      Config
	sessions *cache.Cache
	// replays are the files opened for replay, by id.
	replays *cache.Cache
	mux     *http.ServeMux
	// root confines what the page may read to Config.Dir (nil: no
	// directory).
	root *os.Root
	// newMu serialises session and replay creation against their bounds.
	newMu sync.Mutex
	// ladder is Config.Ladder open, or nil. Its leaderboard keeps its fit
	// until a game is stored, so a page reading it every few seconds
	// costs a few counts a read.
	ladder *ladder.Ladder
	// searches and uploads bound the searching requests and the uploads
	// read at once.
	searches, uploads *gate
	// replaying bounds the replayed games (their steps and evaluation,
	// or a picture of one) worked out at once.
	replaying *gate
	// closing ends the sessions dropped from the cache in the
	// background, waited for by Close.
	closing conc.WaitGroup
}

// New builds a server; it fails only when Config.Dir cannot be opened.
func New(cfg Config) (*Server, error) {
	if cfg.SessionTTL <= 0 {
		cfg.SessionTTL = 2 * time.Hour
	}
	if cfg.MaxSessions <= 0 {
		cfg.MaxSessions = MaxSessions
	}
	if cfg.SessionsPerClient <= 0 {
		cfg.SessionsPerClient = DefaultSessionsPerClient
	}
	if cfg.Limits.IsZero() {
		cfg.Limits = DefaultLimits
	}
	if cfg.SearchTimeout <= 0 {
		cfg.SearchTimeout = DefaultSearchTimeout
	}
	if cfg.MaxSearches <= 0 {
		// A search runs on up to Limits.Workers threads: half the CPUs
		// at once leaves the others' requests a CPU to answer on.
		cfg.MaxSearches = max(1, runtime.GOMAXPROCS(0)/2)
	}
	if cfg.QueueWait <= 0 {
		cfg.QueueWait = DefaultQueueWait
	}
	if cfg.ReplayBytes <= 0 {
		cfg.ReplayBytes = DefaultReplayBytes
	}
	if cfg.MaxUploads <= 0 {
		cfg.MaxUploads = DefaultMaxUploads
	}
	root, err := openDir(cfg.Dir)
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, sessions: cache.New(cfg.SessionTTL, cfg.SessionTTL/4),
		replays: cache.New(cfg.SessionTTL, cfg.SessionTTL/4), root: root,
		searches: newGate(cfg.MaxSearches, cfg.QueueWait, "searches (hints and bot moves)"),
		uploads:  newGate(cfg.MaxUploads, cfg.QueueWait, "uploads"),
		// A replayed game is up to a record's 16 MiB of steps, each played
		// again and evaluated: work like an upload's, bounded alike.
		replaying: newGate(cfg.MaxUploads, cfg.QueueWait, "replayed games")}
	if cfg.Ladder != "" {
		// The ladder must be there already: the page only reads it, and
		// a mistyped path or database must not become an empty ladder.
		l, err := ladder.OpenExisting(context.Background(), cfg.Ladder)
		if errors.Is(err, ladder.ErrNoLadder) {
			return nil, fmt.Errorf("--ladder: %w: give an existing ladder's file or postgres:// URL, or make one with 'grognard ladder add --db' and the same file or URL", err)
		}
		if err != nil {
			return nil, fmt.Errorf("--ladder: %w", err)
		}
		s.ladder = l
	}
	// An expired or evicted session's running request is stopped at
	// once and its game ended as soon as that request has returned, in
	// the background: a session dropped to make room is dropped with
	// newMu held, which must not wait on another user's request.
	s.sessions.OnEvicted(func(_ string, v any) {
		if ws, ok := v.(*session); ok {
			ws.stop()
			s.closing.Go(ws.close)
		}
	})
	static, err := fs.Sub(assets, "assets")
	if err != nil {
		panic(err) // the embedded tree is part of the binary
	}
	m := http.NewServeMux()
	// Every route checks Host and Origin, and a POST its content type
	// (guard.go): no other web site's page can use the API.
	files := http.FileServerFS(static)
	m.HandleFunc("GET /", s.guard(0, files.ServeHTTP))
	m.HandleFunc("POST /api/sessions", s.guard(jsonBody, s.newSession))
	m.HandleFunc("POST /api/sessions/{id}/command", s.guard(jsonBody, s.command))
	m.HandleFunc("POST /api/sessions/{id}/cancel", s.guard(jsonBody, s.cancel))
	m.HandleFunc("POST /api/sessions/{id}/load", s.guard(fileBody, s.load))
	m.HandleFunc("GET /api/sessions/{id}/picture.svg", s.guard(0, s.picture))
	m.HandleFunc("DELETE /api/sessions/{id}", s.guard(0, s.endSession))
	m.HandleFunc("GET /api/bots", s.guard(0, s.bots))
	m.HandleFunc("GET /api/files", s.guard(0, s.listFiles))
	m.HandleFunc("POST /api/results", s.guard(fileBody, s.results))
	m.HandleFunc("POST /api/replays", s.guard(fileBody, s.openReplay))
	m.HandleFunc("GET /api/replays/{id}/games/{game}", s.guard(0, s.replayGame))
	m.HandleFunc("GET /api/replays/{id}/games/{game}/picture.svg", s.guard(0, s.replayPicture))
	m.HandleFunc("GET /api/ladder", s.guard(0, s.ladderBoard))
	m.HandleFunc("GET /api/ladder/chart.svg", s.guard(0, s.ladderChart))
	s.mux = m
	return s, nil
}

// ServeHTTP serves a request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	s.mux.ServeHTTP(w, r)
}

// Close ends every session and lets the directory go.
func (s *Server) Close() {
	for id := range s.sessions.Items() {
		s.sessions.Delete(id)
	}
	s.closing.Wait()
	if s.root != nil {
		_ = s.root.Close()
	}
	if s.ladder != nil {
		_ = s.ladder.Close()
	}
}

// ladderStandings is the live ladder's leaderboard, or false with the
// error written. An entrant whose spec starts a program is shown as
// "external", without its command line: that names a program and its
// arguments on the ladder's machine, which are the operator's.
func (s *Server) ladderStandings(w http.ResponseWriter, r *http.Request) ([]ladder.Standing, bool) {
	if s.ladder == nil {
		writeError(w, http.StatusNotFound, "no-ladder", "the server shows no ladder: start it with 'grognard serve --ladder FILE'")
		return nil, false
	}
	board, err := s.ladder.Leaderboard(r.Context())
	if err != nil {
		writeError(w, http.StatusInternalServerError, string(wire.Internal), "cannot read the ladder: "+err.Error())
		return nil, false
	}
	for k := range board {
		if agents.StartsProgram(board[k].Entrant.Spec) {
			board[k].Entrant.Spec = "external"
		}
	}
	return board, true
}

// ladderBoard is the live leaderboard as JSON: the standings, best first.
func (s *Server) ladderBoard(w http.ResponseWriter, r *http.Request) {
	board, ok := s.ladderStandings(w, r)
	if !ok {
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, map[string]any{"ok": true, "board": board})
}

// ladderChart is the live leaderboard's ratings with their intervals.
func (s *Server) ladderChart(w http.ResponseWriter, r *http.Request) {
	board, ok := s.ladderStandings(w, r)
	if !ok {
		return
	}
	var buf strings.Builder
	if err := ladder.BoardChart(&buf, board); err != nil {
		writeSVG(w, "", &pictureError{http.StatusInternalServerError, string(wire.Internal), err.Error()})
		return
	}
	writeSVG(w, buf.String(), nil)
}

// session is one tab's protocol session. mu is held while a request runs
// on it, so one session runs one request at a time; other sessions are
// not held up. cancel stops the running request (a bot move or a hint).
type session struct {
	holding
	mu   sync.Mutex
	sess *protocol.Session
	// cmu guards cancelRun, which cancel may call while mu is held.
	cmu       sync.Mutex
	cancelRun context.CancelFunc
	// plan is the last hint's plan and planAt the hash of the position it
	// was given for, so the picture can draw it while that position
	// stands (guarded by mu).
	plan   []protocol.Hint
	planAt uint64
}

// stop cancels the request running on the session, if any, and says
// whether one was.
func (ws *session) stop() bool {
	ws.cmu.Lock()
	defer ws.cmu.Unlock()
	if ws.cancelRun == nil {
		return false
	}
	ws.cancelRun()
	return true
}

// close ends the session's game once no request runs on it.
func (ws *session) close() {
	ws.stop()
	ws.mu.Lock()
	defer ws.mu.Unlock()
	ws.sess.Close()
}

// run runs f with the session held and a context the page can cancel; a
// session busy with another request answers at once that it is busy.
func (ws *session) run(ctx context.Context, f func(ctx context.Context) error) error {
	if !ws.mu.TryLock() {
		return errBusy
	}
	defer ws.mu.Unlock()
	ctx, cancel := context.WithCancel(ctx)
	ws.cmu.Lock()
	ws.cancelRun = cancel
	ws.cmu.Unlock()
	defer func() {
		ws.cmu.Lock()
		ws.cancelRun = nil
		ws.cmu.Unlock()
		cancel()
	}()
	return f(ctx)
}

// errBusy is the answer to a request on a session already running one.
var errBusy = errors.New("this game is busy with another request (a bot move or a hint): wait for it or cancel it")

// apiError is an error reply: a message for people and a code for
// programs, as the protocol's JSON replies carry them.
type apiError struct {
	OK    bool   `json:"ok"`
	Error string `json:"error"`
	Code  string `json:"code"`
}

func writeError(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(apiError{Error: msg, Code: code})
}

// newID is a new random id for a session or a replay.
func newID() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return hex.EncodeToString(b[:]), nil
}

// addSession keeps ws for its client. A client at its bound of sessions
// is refused (its games stay); when the server holds MaxSessions, the
// least recently used session of the client holding the most is dropped
// to make room, so that a client flooding the server replaces its own
// sessions and every other client still gets one.
func (s *Server) addSession(w http.ResponseWriter, ws *session) string {
	s.newMu.Lock()
	defer s.newMu.Unlock()
	s.sessions.DeleteExpired()
	total, per, items := usage(s.sessions, byCount)
	if per[ws.client] >= int64(s.cfg.SessionsPerClient) {
		writeError(w, http.StatusTooManyRequests, "too-many-sessions", fmt.Sprintf("you hold %d games on this server already, the most one address may: close a tab, or end a game you no longer play", per[ws.client]))
		return ""
	}
	if total >= int64(s.cfg.MaxSessions) {
		if id := victim(per, items); id != "" {
			s.cfg.Log.Info().Str("session", id[:min(8, len(id))]).Msg("session dropped to make room")
			s.sessions.Delete(id)
		}
	}
	id, err := newID()
	if err != nil {
		writeError(w, http.StatusInternalServerError, "internal", "cannot make an id")
		return ""
	}
	ws.touch()
	s.sessions.SetDefault(id, ws)
	return id
}

func (s *Server) newSession(w http.ResponseWriter, r *http.Request) {
	ws := &session{holding: holding{client: clientOf(r)}, sess: protocol.NewSession(s.protocolConfig())}
	id := s.addSession(w, ws)
	if id == "" {
		ws.sess.Close()
		return
	}
	s.cfg.Log.Info().Str("session", id[:8]).Msg("new session")
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"ok": true, "id": id, "ttl_seconds": int(s.cfg.SessionTTL.Seconds())})
}

// protocolConfig is the protocol's configuration for a page's session:
// no scenario files (a page names built-in scenarios and generated
// battlefields; files are the command line's), the server's limits on a
// request's work, and its searches taking turns server-wide.
func (s *Server) protocolConfig() protocol.Config {
	return protocol.Config{Name: s.cfg.Name, Version: s.cfg.Version, Ruleset: s.cfg.Ruleset,
		NoScenarioFiles: true, Limits: s.cfg.Limits, Searching: s.searches.enter}
}

// lookup finds the request's session and renews its lease.
func (s *Server) lookup(w http.ResponseWriter, r *http.Request) (*session, bool) {
	id := r.PathValue("id")
	v, ok := s.sessions.Get(id)
	if !ok {
		writeError(w, http.StatusNotFound, "no-session", "no such game session: it has expired or the server restarted; start a new game, or load a saved one")
		return nil, false
	}
	s.sessions.SetDefault(id, v)
	ws := v.(*session)
	ws.touch()
	return ws, true
}

func (s *Server) endSession(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.lookup(w, r); !ok {
		return
	}
	s.sessions.Delete(r.PathValue("id"))
	w.Header().Set("Content-Type", "application/json")
	_, _ = io.WriteString(w, `{"ok":true}`+"\n")
}

// commandRequest is a command as the page sends it.
type commandRequest struct {
	Cmd  string   `json:"cmd"`
	Args []string `json:"args"`
}

// refused says why the page may not send a command, "" when it may. The
// page never names a file (save returns the game, load is an upload) and
// never starts a program; the framing is the server's.
func refused(req commandRequest) string {
	switch req.Cmd {
	case "mode", "quit":
		return req.Cmd + " is the server's to decide, not a page's"
	case "load":
		return "load a saved game by uploading it (the Load button), not by a file name"
	case "save":
		if len(req.Args) > 0 {
			return "save returns the game for the page to download; it writes no file on the server"
		}
	}
	for _, a := range req.Args {
		v := a
		if k := strings.IndexByte(a, '='); k >= 0 {
			v = a[k+1:]
		}
		if agents.StartsProgram(v) {
			return "a page cannot start a program on the server: choose a built-in agent"
		}
	}
	return ""
}

func (s *Server) command(w http.ResponseWriter, r *http.Request) {
	ws, ok := s.lookup(w, r)
	if !ok {
		return
	}
	var req commandRequest
	body := http.MaxBytesReader(w, r.Body, MaxCommandBody)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, string(wire.BadRequest), "the request is not a command: send {\"cmd\": NAME, \"args\": [...]} as JSON of at most 64 KiB ("+err.Error()+")")
		return
	}
	req.Cmd = strings.ToLower(strings.TrimSpace(req.Cmd))
	if req.Cmd == "" || len(req.Args) > MaxArgs {
		writeError(w, http.StatusBadRequest, string(wire.BadRequest), fmt.Sprintf("a command needs a name and at most %d arguments", MaxArgs))
		return
	}
	if why := refused(req); why != "" {
		writeError(w, http.StatusForbidden, "refused", why)
		return
	}
	if !searching[req.Cmd] {
		writeReply(w, r, ws, func(ctx context.Context) (protocol.Reply, error) {
			return ws.sess.Execute(ctx, protocol.Request{Cmd: req.Cmd, Args: req.Args})
		})
		return
	}
	// A request that may search runs under the server's deadline, and
	// each of its searches waits its turn among all the server's
	// (protocolConfig's Searching), so that hints asked in a loop cannot
	// take the machine from the other users.
	writeReply(w, r, ws, func(ctx context.Context) (protocol.Reply, error) {
		ctx, cancel := context.WithTimeout(ctx, s.cfg.SearchTimeout)
		defer cancel()
		rep, err := ws.sess.Execute(ctx, protocol.Request{Cmd: req.Cmd, Args: req.Args})
		if errors.Is(ctx.Err(), context.DeadlineExceeded) && err != nil && !errors.Is(err, errServerBusy) {
			err = wire.Errorf(wire.Interrupted, "%s ran past this server's limit of %v a request and was stopped; the game is as it was: ask for less (a smaller iters= or time=, fewer playouts=)", req.Cmd, s.cfg.SearchTimeout)
		}
		if h, ok := rep.Data.(protocol.Hints); ok && err == nil && req.Cmd == "hint" {
			ws.plan, ws.planAt = h.Plan, ws.sess.State().Hash()
		}
		return rep, err
	})
}

// searching are the commands that may search (a bot's move, a hint):
// they run under SearchTimeout.
var searching = map[string]bool{"hint": true, "genmove": true, "advance": true}

// writeReply runs f on the session and writes its answer as the protocol's
// JSON reply, or that the session is busy (409), or that the server is
// (503: f's error wraps errServerBusy).
func writeReply(w http.ResponseWriter, r *http.Request, ws *session, f func(ctx context.Context) (protocol.Reply, error)) {
	var line string
	var full error
	err := ws.run(r.Context(), func(ctx context.Context) error {
		rep, err := f(ctx)
		if errors.Is(err, errServerBusy) {
			full = err
			return nil
		}
		line = wire.FormatJSON("", rep, err)
		return nil
	})
	if err != nil {
		writeError(w, http.StatusConflict, "busy", err.Error())
		return
	}
	if full != nil {
		w.Header().Set("Retry-After", "5")
		writeError(w, http.StatusServiceUnavailable, "server-busy", full.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = io.WriteString(w, line)
}

func (s *Server) cancel(w http.ResponseWriter, r *http.Request) {
	ws, ok := s.lookup(w, r)
	if !ok {
		return
	}
	running := ws.stop()
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"ok": true, "cancelled": running})
}

func (s *Server) load(w http.ResponseWriter, r *http.Request) {
	ws, ok := s.lookup(w, r)
	if !ok {
		return
	}
	// An upload, or a saved game of --dir by ?file=, gzipped or not,
	// read a few at a time server-wide.
	src, done, ok := s.openUpload(w, r)
	if !ok {
		return
	}
	defer done()
	b, err := readBounded(r.Context(), src, protocol.MaxSavedGame)
	if err != nil {
		writeReadError(w, "the saved game", err)
		return
	}
	if len(b) == 0 {
		writeError(w, http.StatusBadRequest, "bad-file", "the upload is empty: choose a saved game")
		return
	}
	writeReply(w, r, ws, func(context.Context) (protocol.Reply, error) {
		return ws.sess.LoadSaved(b, r.URL.Query().Get("bot"))
	})
}

// maxArrows bounds the orders a picture request may draw.
const maxArrows = 12

func (s *Server) picture(w http.ResponseWriter, r *http.Request) {
	ws, ok := s.lookup(w, r)
	if !ok {
		return
	}
	q := r.URL.Query()
	arrows := q["arrow"]
	if len(arrows) > maxArrows {
		writeError(w, http.StatusBadRequest, string(wire.BadRequest), fmt.Sprintf("at most %d arrows a picture", maxArrows))
		return
	}
	drawPlan := false
	switch v := q.Get("plan"); v {
	case "", "0", "false":
	case "1", "true":
		drawPlan = true
	default:
		writeError(w, http.StatusBadRequest, string(wire.BadArgument), fmt.Sprintf("plan=%q: give plan=1 to draw the last hint's plan", v))
		return
	}
	var svg string
	var perr *pictureError
	// The picture is drawn with the session held: it reads the game.
	err := ws.run(r.Context(), func(context.Context) error {
		st := ws.sess.State()
		if st == nil {
			perr = &pictureError{http.StatusConflict, string(wire.NoGame), "no game yet: start one"}
			return nil
		}
		var opts engine.PictureOptions
		for k, text := range arrows {
			a, err := st.ParseAction(text)
			if err != nil {
				perr = &pictureError{http.StatusBadRequest, string(wire.BadArgument), fmt.Sprintf("arrow %d: %v", k+1, err)}
				return nil
			}
			opts.Arrows = append(opts.Arrows, engine.Arrow{Action: a, Label: fmt.Sprint(k + 1)})
		}
		if drawPlan {
			if len(ws.plan) == 0 || ws.planAt != st.Hash() {
				perr = &pictureError{http.StatusConflict, "no-plan", "no plan for this position: ask for one (the Plan button, or hint plan)"}
				return nil
			}
			// The plan's first order is drawn as "1", as the hints draw it.
			if ws.plan[0].By == "" {
				opts.Arrows = append(opts.Arrows, engine.Arrow{Action: ws.plan[0].Action, Label: "1"})
			}
			opts.Arrows = append(opts.Arrows, protocol.PlanArrows(st, ws.plan)...)
		}
		svg, perr = drawPicture(st, opts)
		return nil
	})
	if err != nil {
		writeError(w, http.StatusConflict, "busy", err.Error())
		return
	}
	writeSVG(w, svg, perr)
}

// pictureError is why a picture is not drawn, as an error reply.
type pictureError struct {
	status    int
	code, msg string
}

// drawPicture draws st by its ruleset's picture drawer.
func drawPicture(st engine.State, opts engine.PictureOptions) (string, *pictureError) {
	p, err := engine.Pictures(st.Ruleset())
	if err != nil {
		return "", &pictureError{http.StatusNotImplemented, "no-picture", err.Error()}
	}
	var svg strings.Builder
	if err := p.Picture(&svg, st, opts); err != nil {
		return "", &pictureError{http.StatusInternalServerError, string(wire.Internal), err.Error()}
	}
	return svg.String(), nil
}

// writeSVG writes a drawn picture, or why it was not drawn.
func writeSVG(w http.ResponseWriter, svg string, perr *pictureError) {
	if perr != nil {
		writeError(w, perr.status, perr.code, perr.msg)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = io.WriteString(w, svg)
}
