package web

import (
	"bufio"
	"bytes"
	"compress/flate"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"sort"
	"strconv"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/agents/protocol"
	"github.com/grognard/grognard/agents/protocol/wire"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/fileio"
	"github.com/grognard/grognard/evaluation"
)

// MaxReplays bounds the files held open for replay at once.
const MaxReplays = 64

// maxSwings is how many of a game's biggest swings the graph marks.
const maxSwings = 5

// replay is an opened file of game records (or a saved game's record):
// immutable once made, so requests on it need no lock. Each game is kept
// as its record's JSON line compressed, about the size of the upload
// itself, and decoded again when the page asks for it: a record decoded
// takes some 150 bytes a step where its line has 50 and its compressed
// line about 12 (BenchmarkRecordPerStep), so a 15 MB gzipped upload held
// 160 MB decoded, and holds about 15 MB so
// (BenchmarkReplayUploadMemory).
type replay struct {
	holding
	games []replayEntry
}

// replayEntry is one game of a replay: what the page lists, and its record
// as JSON, compressed with flate.
type replayEntry struct {
	info   replayGameInfo
	packed []byte
}

// entryOverhead is what a game costs the server besides its line (the
// entry and its listing's strings), counted against Config.ReplayBytes.
const entryOverhead = 256

// replayGameInfo is one game of an opened file, as the page lists it.
type replayGameInfo struct {
	Game     int       `json:"game"`
	Ruleset  string    `json:"ruleset"`
	Scenario string    `json:"scenario"`
	Agents   [2]string `json:"agents"`
	Result   string    `json:"result"`
	Steps    int       `json:"steps"`
}

// openReplay reads a records file or a saved game, uploaded or named in
// the chosen directory, and keeps it for the page to step through.
func (s *Server) openReplay(w http.ResponseWriter, r *http.Request) {
	src, done, ok := s.openUpload(w, r)
	if !ok {
		return
	}
	defer done()
	rd, err := decompressed(r.Context(), src, MaxFileBytes)
	if err != nil {
		writeReadError(w, "the file", err)
		return
	}
	rp, err := s.readReplay(r.Context(), rd)
	if err != nil {
		writeReadError(w, "the file", err)
		return
	}
	name := r.URL.Query().Get("file")
	if name == "" {
		name = "upload"
	}
	rp.client = clientOf(r)
	id := s.addReplay(w, rp)
	if id == "" {
		return
	}
	games := make([]replayGameInfo, len(rp.games))
	for k := range rp.games {
		games[k] = rp.games[k].info
	}
	writeJSON(w, map[string]any{"ok": true, "id": id, "name": name, "games": games})
}

// addReplay keeps rp, making room under MaxReplays and Config.ReplayBytes
// by dropping the least recently used replays of the client that holds
// the most bytes, and returns its id; or "" with the refusal written.
func (s *Server) addReplay(w http.ResponseWriter, rp *replay) string {
	if rp.bytes > s.cfg.ReplayBytes {
		writeError(w, http.StatusRequestEntityTooLarge, "too-large", fmt.Sprintf("the file holds %s of games, more than this server keeps for all replays (%s): split it", fileio.Size(rp.bytes), fileio.Size(s.cfg.ReplayBytes)))
		return ""
	}
	s.newMu.Lock()
	defer s.newMu.Unlock()
	s.replays.DeleteExpired()
	for {
		total, per, items := usage(s.replays, byBytes)
		if total+rp.bytes <= s.cfg.ReplayBytes && len(items) < MaxReplays {
			break
		}
		id := victim(per, items)
		if id == "" {
			break
		}
		s.replays.Delete(id)
	}
	id, err := newID()
	if err != nil {
		writeError(w, http.StatusInternalServerError, "internal", "cannot make an id")
		return ""
	}
	rp.touch()
	s.replays.SetDefault(id, rp)
	return id
}

// readReplay reads rd as a saved game (its record) or as JSON-line game
// records (from match, tournament or replay --save), keeping each game as
// its line. Records are read one line at a time, the first that is not a
// game this server replays ending the reading with its reason; a saved
// game is one JSON document (maybe indented, so of many lines), which the
// first line then fails to be a record: it is read whole, up to
// protocol.MaxSavedGame.
func (s *Server) readReplay(ctx context.Context, rd io.Reader) (*replay, error) {
	policy := s.protocolConfig()
	br := bufio.NewReaderSize(rd, 64<<10)
	// What is read before the first record is kept, for a saved game.
	head := &capture{max: protocol.MaxSavedGame}
	rp := &replay{}
	pk, err := newPacker()
	if err != nil {
		return nil, err
	}
	var refused error // a record read but refused: no saved game either
	err = engine.ScanRecords(ctx, io.TeeReader(br, head), func(line int, raw []byte, rec *engine.Record) error {
		head.stop()
		if refused = checkReplayable(policy, line, rec); refused != nil {
			return refused
		}
		packed, err := pk.pack(raw)
		if err != nil {
			return err
		}
		rp.add(rec, packed)
		return nil
	})
	switch {
	case err != nil && refused == nil && len(rp.games) == 0 && !tooLarge(err) && ctx.Err() == nil:
		// Not a record at the first line: a saved game, or neither.
		b, rerr := io.ReadAll(io.LimitReader(io.MultiReader(bytes.NewReader(head.buf), br), protocol.MaxSavedGame+1))
		if rerr != nil {
			return nil, rerr
		}
		if len(b) == 0 {
			return nil, errors.New("the upload is empty: choose a records file or a saved game")
		}
		saved, serr := protocol.DecodeSaved(b)
		if serr != nil || len(b) > protocol.MaxSavedGame {
			return nil, fmt.Errorf("the file is neither a saved game nor game records (as match --record, tournament --records and Save write): %w", err)
		}
		if saved.Edited {
			return nil, errors.New("this saved game was corrected by hand (set), so its record does not replay to it: load it to play on instead")
		}
		if err := checkReplayable(policy, 1, saved.Record); err != nil {
			return nil, err
		}
		line, err := json.Marshal(saved.Record)
		if err != nil {
			return nil, err
		}
		packed, err := pk.pack(line)
		if err != nil {
			return nil, err
		}
		rp.add(saved.Record, packed)
	case err != nil:
		return nil, err
	case len(rp.games) == 0:
		if len(head.buf) == 0 {
			return nil, errors.New("the upload is empty: choose a records file or a saved game")
		}
		return nil, errors.New("the file holds no game records: write some with 'grognard match --record FILE'")
	}
	return rp, nil
}

// add keeps rec, whose JSON compressed is packed, as the replay's next
// game.
func (rp *replay) add(rec *engine.Record, packed []byte) {
	rp.games = append(rp.games, replayEntry{packed: packed, info: replayGameInfo{Game: len(rp.games) + 1, Ruleset: rec.Ruleset,
		Scenario: rec.Scenario, Agents: rec.Agents, Result: rec.Result.String(), Steps: len(rec.Steps)}})
	rp.bytes += int64(len(packed)) + entryOverhead
}

// record decodes game g (from 1) again.
func (rp *replay) record(g int) (*engine.Record, error) {
	zr := flate.NewReader(bytes.NewReader(rp.games[g-1].packed))
	defer zr.Close()
	line, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", g, err)
	}
	rec := new(engine.Record)
	if err := json.Unmarshal(line, rec); err != nil {
		return nil, fmt.Errorf("game %d: %w", g, err)
	}
	return rec, nil
}

// packer compresses the lines of one upload, one writer for them all
// (a flate writer takes most of a megabyte to make).
type packer struct {
	buf bytes.Buffer
	zw  *flate.Writer
}

func newPacker() (*packer, error) {
	p := &packer{}
	zw, err := flate.NewWriter(&p.buf, flate.BestSpeed)
	if err != nil {
		return nil, err
	}
	p.zw = zw
	return p, nil
}

// pack is line compressed, in a slice of its own.
func (p *packer) pack(line []byte) ([]byte, error) {
	p.buf.Reset()
	p.zw.Reset(&p.buf)
	if _, err := p.zw.Write(line); err != nil {
		return nil, err
	}
	if err := p.zw.Close(); err != nil {
		return nil, err
	}
	return bytes.Clone(p.buf.Bytes()), nil
}

// capture keeps what is written to it, up to max bytes and until stopped.
type capture struct {
	buf     []byte
	max     int
	stopped bool
}

func (c *capture) Write(p []byte) (int, error) {
	if !c.stopped && len(c.buf) <= c.max {
		c.buf = append(c.buf, p[:min(len(p), c.max+1-len(c.buf))]...)
	}
	return len(p), nil
}

// stop keeps nothing more and lets what was kept go.
func (c *capture) stop() { c.stopped, c.buf = true, nil }

// checkReplayable refuses a record (on line of its file) that names no
// registered ruleset, or a scenario a page may not open (policy's
// CheckScenario: a file's path is refused unread, so a record cannot make
// the server read one).
func checkReplayable(policy protocol.Config, line int, rec *engine.Record) error {
	if rec.Ruleset == "" {
		return fmt.Errorf("line %d is no game record (it names no ruleset): the file is neither a saved game nor game records", line)
	}
	rs, err := engine.Lookup(rec.Ruleset)
	if err != nil {
		return fmt.Errorf("line %d: %w", line, err)
	}
	if err := policy.CheckScenario(rs, rec.Scenario); err != nil {
		return fmt.Errorf("line %d: %w", line, err)
	}
	return nil
}

// replayStep is one step of a replayed game, as the page shows it.
type replayStep struct {
	// By is the side's name, or "dice".
	By       string `json:"by"`
	Text     string `json:"text"`
	Notation string `json:"notation,omitempty"`
	// Dice are a roll's values.
	Dice []int `json:"dice,omitempty"`
	Turn int   `json:"turn"`
}

// replayGame is a game's steps and the evaluation at each position.
type replayGame struct {
	OK    bool         `json:"ok"`
	Game  int          `json:"game"`
	Sides [2]string    `json:"sides"`
	Steps []replayStep `json:"steps"`
	// Eval is side 0's value in [-1, 1] before each step and after the
	// last (len(Steps)+1 values, or fewer when the replay failed).
	Eval []float64 `json:"eval"`
	// EvalBy names the evaluation ("none" when the ruleset has none: then
	// only the result shows).
	EvalBy string `json:"eval_by"`
	// Swings are the steps whose play moved the evaluation most (step k
	// moves Eval[k] to Eval[k+1]), in game order.
	Swings []int  `json:"swings"`
	Result string `json:"result"`
	// Error says where the replay stopped, when it did not reach the end.
	Error string `json:"error,omitempty"`
}

// lookupGame finds the request's replay and decodes its game.
func (s *Server) lookupGame(w http.ResponseWriter, r *http.Request) (*engine.Record, int, bool) {
	v, ok := s.replays.Get(r.PathValue("id"))
	if !ok {
		writeError(w, http.StatusNotFound, "no-replay", "no such replay: it has expired, made room for newer ones, or the server restarted; open the file again")
		return nil, 0, false
	}
	s.replays.SetDefault(r.PathValue("id"), v)
	rp := v.(*replay)
	rp.touch()
	g, err := strconv.Atoi(r.PathValue("game"))
	if err != nil || g < 1 || g > len(rp.games) {
		writeError(w, http.StatusBadRequest, "bad-argument", fmt.Sprintf("game %q: the file holds games 1 to %d", r.PathValue("game"), len(rp.games)))
		return nil, 0, false
	}
	rec, err := rp.record(g)
	if err != nil {
		writeError(w, http.StatusInternalServerError, string(wire.Internal), err.Error())
		return nil, 0, false
	}
	return rec, g, true
}

// replayTurn waits for the request's turn to replay a game (the server
// replays MaxUploads at once) and gives it a context that ends at the
// server's search deadline; false when it was refused, the error
// written. done gives the turn back.
func (s *Server) replayTurn(w http.ResponseWriter, r *http.Request) (ctx context.Context, done func(), ok bool) {
	leave, err := s.replaying.enter(r.Context())
	if err != nil {
		if errors.Is(err, errServerBusy) {
			writeError(w, http.StatusServiceUnavailable, "server-busy", err.Error())
		}
		return nil, nil, false // else the page went away
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.SearchTimeout)
	return ctx, func() { cancel(); leave() }, true
}

// replayStopped writes why a replay ended early, when it did: the
// server's deadline (503), or nothing when the page went away. It
// reports whether the request is over.
func (s *Server) replayStopped(ctx context.Context, w http.ResponseWriter, r *http.Request) bool {
	switch {
	case r.Context().Err() != nil:
		return true
	case ctx.Err() != nil:
		writeError(w, http.StatusServiceUnavailable, "server-busy", fmt.Sprintf("replaying this game ran past this server's limit of %v a request and was stopped: replay it with 'grognard replay --verbose' on your machine", s.cfg.SearchTimeout))
		return true
	}
	return false
}

// evaluatorFor is the ruleset kit's default evaluation, or the result
// alone when the ruleset has none.
func evaluatorFor(ruleset string) (evaluation.Evaluator, string) {
	if k := agents.KitFor(ruleset); k != nil && len(k.Evaluations) > 0 {
		return k.Evaluations[0].Eval, k.Evaluations[0].Name
	}
	return func(st engine.State) float64 { v, _ := evaluation.Outcome(st); return v }, "none"
}

func (s *Server) replayGame(w http.ResponseWriter, r *http.Request) {
	rec, g, ok := s.lookupGame(w, r)
	if !ok {
		return
	}
	ctx, done, ok := s.replayTurn(w, r)
	if !ok {
		return
	}
	defer done()
	out := replayGame{OK: true, Game: g, Result: rec.Result.String()}
	rs, err := engine.Lookup(rec.Ruleset)
	if err != nil {
		writeError(w, http.StatusBadRequest, "bad-file", err.Error())
		return
	}
	eval, name := evaluatorFor(rec.Ruleset)
	out.EvalBy = name
	value := func(st engine.State) float64 {
		if v, over := evaluation.Outcome(st); over {
			return v
		}
		v := eval(st)
		if math.IsNaN(v) {
			return 0
		}
		return max(-1, min(1, v))
	}
	final, err := engine.ReplayStepsVisit(rs, rec, len(rec.Steps), func(k int, st engine.State) error {
		if k == 0 {
			out.Sides = [2]string{engine.SideName(st, 0), engine.SideName(st, 1)}
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		step := &rec.Steps[k]
		shown := replayStep{Turn: st.Turn()}
		if step.Dice != nil {
			shown.By = "dice"
			shown.Text = st.DescribeRoll()
			for i := range int(step.Dice.N) {
				shown.Dice = append(shown.Dice, int(step.Dice.V[i]))
			}
		} else {
			shown.By = engine.SideName(st, step.Player)
			shown.Notation = step.Notation
			if a, err := step.ActionIn(st); err == nil {
				shown.Text = st.DescribeAction(a)
				shown.Notation = st.FormatAction(a)
			} else {
				shown.Text = step.Notation
			}
		}
		out.Steps = append(out.Steps, shown)
		out.Eval = append(out.Eval, value(st))
		return nil
	})
	if s.replayStopped(ctx, w, r) {
		return
	}
	switch {
	case err != nil:
		// The step last visited is the one that did not play.
		out.Steps = out.Steps[:max(0, len(out.Steps)-1)]
		out.Eval = out.Eval[:len(out.Steps)]
		if final != nil {
			out.Eval = append(out.Eval, value(final))
		}
		out.Error = fmt.Sprintf("the game replays only to step %d: %v", len(out.Steps), err)
	default:
		out.Eval = append(out.Eval, value(final))
		if err := engine.CheckReplayResult(rec, final); err != nil {
			out.Error = fmt.Sprintf("every step replays, but not to the recorded result: %v", err)
		}
	}
	out.Swings = biggestSwings(out.Eval, maxSwings)
	writeJSON(w, out)
}

// biggestSwings are the n steps whose play changed eval the most (by at
// least 0.05), in game order.
func biggestSwings(eval []float64, n int) []int {
	type swing struct {
		k int
		d float64
	}
	var all []swing
	for k := 0; k+1 < len(eval); k++ {
		if d := math.Abs(eval[k+1] - eval[k]); d >= 0.05 {
			all = append(all, swing{k, d})
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].d > all[j].d })
	out := []int{}
	for _, sw := range all[:min(n, len(all))] {
		out = append(out, sw.k)
	}
	sort.Ints(out)
	return out
}

// replayPicture draws a replayed game after ?step= steps, with the last
// step played drawn as an arrow.
func (s *Server) replayPicture(w http.ResponseWriter, r *http.Request) {
	rec, _, ok := s.lookupGame(w, r)
	if !ok {
		return
	}
	n, err := strconv.Atoi(r.URL.Query().Get("step"))
	if err != nil || n < 0 || n > len(rec.Steps) {
		writeError(w, http.StatusBadRequest, "bad-argument", fmt.Sprintf("step %q: the game has steps 0 to %d", r.URL.Query().Get("step"), len(rec.Steps)))
		return
	}
	rs, err := engine.Lookup(rec.Ruleset)
	if err != nil {
		writeError(w, http.StatusBadRequest, "bad-file", err.Error())
		return
	}
	ctx, done, ok := s.replayTurn(w, r)
	if !ok {
		return
	}
	defer done()
	// One pass keeps the position before the last step, to draw that
	// step from.
	var before engine.State
	st, err := engine.ReplayStepsVisit(rs, rec, n, func(k int, st engine.State) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if k == n-1 {
			before = st.Clone()
		}
		return nil
	})
	if s.replayStopped(ctx, w, r) {
		return
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, "bad-file", fmt.Sprintf("the game does not replay to step %d: %v", n, err))
		return
	}
	var opts engine.PictureOptions
	if before != nil && rec.Steps[n-1].Dice == nil {
		if a, err := rec.Steps[n-1].ActionIn(before); err == nil {
			opts.Arrows = []engine.Arrow{{Action: a, Label: "last", From: before}}
		}
	}
	svg, perr := drawPicture(st, opts)
	writeSVG(w, svg, perr)
}
