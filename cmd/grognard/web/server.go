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
	"strings"
	"sync"
	"time"

	"github.com/patrickmn/go-cache"
	"github.com/rs/zerolog"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/agents/protocol"
	"github.com/grognard/grognard/agents/protocol/wire"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/ladder"
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
	// newMu serialises session creation against MaxSessions.
	newMu sync.Mutex
	// ladder is Config.Ladder open, or nil.
	ladder *ladder.Ladder
}

// New builds a server; it fails only when Config.Dir cannot be opened.
func New(cfg Config) (*Server, error) {
	if cfg.SessionTTL <= 0 {
		cfg.SessionTTL = 2 * time.Hour
	}
	root, err := openDir(cfg.Dir)
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, sessions: cache.New(cfg.SessionTTL, cfg.SessionTTL/4),
		replays: cache.New(cfg.SessionTTL, cfg.SessionTTL/4), root: root}
	if cfg.Ladder != "" {
		// A file must be there already (opening would make an empty
		// ladder); a server's ladder is checked by opening it.
		if _, err := os.Stat(cfg.Ladder); err != nil && !ladder.IsServer(cfg.Ladder) {
			return nil, fmt.Errorf("--ladder %s: %w (make one with 'grognard ladder add')", cfg.Ladder, err)
		}
		l, err := ladder.Open(context.Background(), cfg.Ladder, ladder.DefaultSeed)
		if err != nil {
			return nil, err
		}
		s.ladder = l
	}
	// An expired or evicted session ends its game's external resources.
	s.sessions.OnEvicted(func(_ string, v any) {
		if ws, ok := v.(*session); ok {
			ws.close()
		}
	})
	static, err := fs.Sub(assets, "assets")
	if err != nil {
		panic(err) // the embedded tree is part of the binary
	}
	m := http.NewServeMux()
	m.Handle("GET /", http.FileServerFS(static))
	m.HandleFunc("POST /api/sessions", s.newSession)
	m.HandleFunc("POST /api/sessions/{id}/command", s.command)
	m.HandleFunc("POST /api/sessions/{id}/cancel", s.cancel)
	m.HandleFunc("POST /api/sessions/{id}/load", s.load)
	m.HandleFunc("GET /api/sessions/{id}/picture.svg", s.picture)
	m.HandleFunc("DELETE /api/sessions/{id}", s.endSession)
	m.HandleFunc("GET /api/files", s.listFiles)
	m.HandleFunc("POST /api/results", s.results)
	m.HandleFunc("POST /api/replays", s.openReplay)
	m.HandleFunc("GET /api/replays/{id}/games/{game}", s.replayGame)
	m.HandleFunc("GET /api/replays/{id}/games/{game}/picture.svg", s.replayPicture)
	m.HandleFunc("GET /api/ladder", s.ladderBoard)
	m.HandleFunc("GET /api/ladder/chart.svg", s.ladderChart)
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
	if s.root != nil {
		_ = s.root.Close()
	}
	if s.ladder != nil {
		_ = s.ladder.Close()
	}
}

// ladderStandings is the live ladder's leaderboard, or false with the
// error written.
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

func (ws *session) close() {
	ws.cmu.Lock()
	if ws.cancelRun != nil {
		ws.cancelRun()
	}
	ws.cmu.Unlock()
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

// add keeps v in c under a new random id, unless c holds limit items
// already: then it writes the refusal (code, with what) and returns "".
func (s *Server) add(w http.ResponseWriter, c *cache.Cache, limit int, code, what string, v any) string {
	s.newMu.Lock()
	defer s.newMu.Unlock()
	if c.ItemCount() >= limit {
		writeError(w, http.StatusServiceUnavailable, code, fmt.Sprintf("the server holds %d %s already; wait for idle ones to expire", limit, what))
		return ""
	}
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		writeError(w, http.StatusInternalServerError, "internal", "cannot make an id")
		return ""
	}
	id := hex.EncodeToString(b[:])
	c.SetDefault(id, v)
	return id
}

func (s *Server) newSession(w http.ResponseWriter, r *http.Request) {
	ws := &session{sess: protocol.NewSession(protocol.Config{Name: s.cfg.Name, Version: s.cfg.Version, Ruleset: s.cfg.Ruleset})}
	id := s.add(w, s.sessions, MaxSessions, "too-many-sessions", "games (close a tab)", ws)
	if id == "" {
		ws.sess.Close()
		return
	}
	s.cfg.Log.Info().Str("session", id[:8]).Msg("new session")
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"ok": true, "id": id, "ttl_seconds": int(s.cfg.SessionTTL.Seconds())})
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
	return v.(*session), true
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
	writeReply(w, r, ws, func(ctx context.Context) (protocol.Reply, error) {
		rep, err := ws.sess.Execute(ctx, protocol.Request{Cmd: req.Cmd, Args: req.Args})
		if h, ok := rep.Data.(protocol.Hints); ok && err == nil && req.Cmd == "hint" {
			ws.plan, ws.planAt = h.Plan, ws.sess.State().Hash()
		}
		return rep, err
	})
}

// writeReply runs f on the session and writes its answer as the protocol's
// JSON reply, or that the session is busy.
func writeReply(w http.ResponseWriter, r *http.Request, ws *session, f func(ctx context.Context) (protocol.Reply, error)) {
	var line string
	err := ws.run(r.Context(), func(ctx context.Context) error {
		rep, err := f(ctx)
		line = wire.FormatJSON("", rep, err)
		return nil
	})
	if err != nil {
		writeError(w, http.StatusConflict, "busy", err.Error())
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
	ws.cmu.Lock()
	running := ws.cancelRun != nil
	if running {
		ws.cancelRun()
	}
	ws.cmu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"ok": true, "cancelled": running})
}

func (s *Server) load(w http.ResponseWriter, r *http.Request) {
	ws, ok := s.lookup(w, r)
	if !ok {
		return
	}
	// An upload, or a saved game of --dir by ?file=, gzipped or not.
	b, ok := s.requestFile(w, r)
	if !ok {
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
