package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"sort"
	"strconv"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/agents/protocol"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/evaluation"
)

// MaxReplays bounds the files held open for replay at once.
const MaxReplays = 64

// maxSwings is how many of a game's biggest swings the graph marks.
const maxSwings = 5

// replay is an opened file of game records (or a saved game's record):
// immutable once made, so requests on it need no lock.
type replay struct {
	recs []*engine.Record
}

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
	b, ok := s.requestFile(w, r)
	if !ok {
		return
	}
	recs, err := decodeReplayable(r.Context(), b)
	if err != nil {
		writeError(w, http.StatusBadRequest, "bad-file", err.Error())
		return
	}
	name := r.URL.Query().Get("file")
	if name == "" {
		name = "upload"
	}
	id := s.add(w, s.replays, MaxReplays, "too-many-replays", "open replays", &replay{recs: recs})
	if id == "" {
		return
	}
	games := make([]replayGameInfo, len(recs))
	for k, rec := range recs {
		games[k] = replayGameInfo{Game: k + 1, Ruleset: rec.Ruleset, Scenario: rec.Scenario, Agents: rec.Agents, Result: rec.Result.String(), Steps: len(rec.Steps)}
	}
	writeJSON(w, map[string]any{"ok": true, "id": id, "name": name, "games": games})
}

// decodeReplayable reads b as a saved game (its record) or as JSON-line
// game records (from match, tournament or replay --save).
func decodeReplayable(ctx context.Context, b []byte) ([]*engine.Record, error) {
	// A saved game is one JSON document (indented or not); a records file
	// of more than one line is not, and a record is no saved game.
	if saved, err := protocol.DecodeSaved(b); err == nil {
		if saved.Edited {
			return nil, errors.New("this saved game was corrected by hand (set), so its record does not replay to it: load it to play on instead")
		}
		return checkReplayable([]*engine.Record{saved.Record})
	}
	recs, err := engine.ReadRecordsContext(ctx, bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("the file is neither a saved game nor game records (as match --record, tournament --records and Save write): %w", err)
	}
	return checkReplayable(recs)
}

// checkReplayable refuses records that name no registered ruleset.
func checkReplayable(recs []*engine.Record) ([]*engine.Record, error) {
	if len(recs) == 0 {
		return nil, errors.New("the file holds no game records: write some with 'grognard match --record FILE'")
	}
	for k, rec := range recs {
		if rec.Ruleset == "" {
			return nil, fmt.Errorf("line %d is no game record (it names no ruleset): the file is neither a saved game nor game records", k+1)
		}
		if _, err := engine.Lookup(rec.Ruleset); err != nil {
			return nil, fmt.Errorf("game %d: %w", k+1, err)
		}
	}
	return recs, nil
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

// lookupGame finds the request's replay and game.
func (s *Server) lookupGame(w http.ResponseWriter, r *http.Request) (*engine.Record, int, bool) {
	v, ok := s.replays.Get(r.PathValue("id"))
	if !ok {
		writeError(w, http.StatusNotFound, "no-replay", "no such replay: it has expired or the server restarted; open the file again")
		return nil, 0, false
	}
	s.replays.SetDefault(r.PathValue("id"), v)
	rp := v.(*replay)
	g, err := strconv.Atoi(r.PathValue("game"))
	if err != nil || g < 1 || g > len(rp.recs) {
		writeError(w, http.StatusBadRequest, "bad-argument", fmt.Sprintf("game %q: the file holds games 1 to %d", r.PathValue("game"), len(rp.recs)))
		return nil, 0, false
	}
	return rp.recs[g-1], g, true
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
		if err := r.Context().Err(); err != nil {
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
	switch {
	case r.Context().Err() != nil:
		return // the page went away
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
	// One pass keeps the position before the last step, to draw that
	// step from.
	var before engine.State
	st, err := engine.ReplayStepsVisit(rs, rec, n, func(k int, st engine.State) error {
		if k == n-1 {
			before = st.Clone()
		}
		return nil
	})
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
