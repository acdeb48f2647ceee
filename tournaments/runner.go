package tournaments

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"time"

	"github.com/sourcegraph/conc/pool"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/tournaments/stats"
)

// Progress is the state of a running tournament after a game finishes.
type Progress struct {
	// Done counts finished games, resumed ones included; Total is the
	// number scheduled.
	Done, Total int
	// Played counts the games finished by this run, Resumed those read
	// from the records file.
	Played, Resumed int
	// Points and Games are each agent's score so far and games played.
	// They belong to the runner: read them during the call only.
	Points []float64
	Games  []int
	// LLR is the SPRT's log-likelihood ratio so far, over the pairs
	// finished in schedule order; zero without an SPRT.
	LLR float64
	// Game and Outcome are the game that just finished.
	Game    Game
	Outcome Outcome
	// Elapsed is the time since the run started.
	Elapsed time.Duration
}

// ErrGameFailed is wrapped when a game stops with an error (an agent that
// fails or plays an illegal action): the tournament stops, since the same
// seeds would fail again.
var ErrGameFailed = errors.New("game failed")

// MinSPRTPairs is the number of pairs the SPRT waits for before it looks.
// Its log-likelihood ratio rests on a normal approximation with the
// variance estimated from the pairs themselves: after one pair that
// variance is next to nothing and the ratio lies far past either bound,
// so a test allowed to look at once stops on a coin toss.
const MinSPRTPairs = 10

// errSPRTDecided is the cause of the cancellation that stops the running
// games once the SPRT has decided.
var errSPRTDecided = errors.New("SPRT decided")

// gameResult is what a worker hands to the collector; it carries the
// game, since the pool returns games in the order they finish.
type gameResult struct {
	game Game
	rec  *GameRecord
	err  error
}

// Run plays every scheduled game that is not already in the records file
// and returns the report. Games run on Workers goroutines; one collector
// goroutine writes each finished game at once and keeps the score, so the
// report is the same with 1 or N workers.
//
// When ctx is cancelled (Ctrl-C), running games are abandoned and not
// written, every finished game is kept, and Run returns the report of the
// finished games with an error wrapping ctx's. When the SPRT decides, the
// running games are abandoned the same way: see Report.SPRT. A game that
// fails stops the tournament with an error wrapping ErrGameFailed that
// names its seeds.
func (t *Tournament) Run(ctx context.Context) (*Report, error) {
	start := time.Now()
	total := t.Total()
	c := &collector{t: t, res: make([]slot, total), start: start,
		points: make([]float64, len(t.labels)), games: make([]int, len(t.labels)), stopAt: -1}
	if path := t.cfg.Records; path != "" {
		if t.cfg.Resume {
			ld, err := t.load(c.res)
			if err != nil {
				return nil, err
			}
			c.resumed, c.duplicates, c.beyond = ld.games, ld.duplicates, ld.beyond
			if ld.duplicates > 0 {
				t.cfg.Log.Warn().Int("duplicates", ld.duplicates).Str("file", path).Msg("records repeat some games: each game is counted once")
			}
			if ld.beyond > 0 {
				t.cfg.Log.Info().Int("games", ld.beyond).Msg("records hold games beyond the games per pairing asked for: they are kept in the file and not counted")
			}
		} else if fi, err := os.Stat(path); err == nil && fi.Size() > 0 {
			return nil, fmt.Errorf("records file %s already holds games: resume that tournament, or give another records file", path)
		}
		w, err := openRecords(path)
		if err != nil {
			return nil, err
		}
		c.w = w
	}
	for i, s := range c.res {
		if s.done() {
			c.count(t.Game(i), s)
		}
	}
	c.advance()

	todo := make([]int32, 0, total-c.resumed)
	if c.stopAt < 0 {
		for i, s := range c.res {
			if !s.done() {
				todo = append(todo, int32(i))
			}
		}
	}
	t.cfg.Log.Debug().Int("games", total).Int("resumed", c.resumed).Int("to_play", len(todo)).Int("workers", t.workers).Str("fingerprint", t.print).Msg("tournament starting")

	runCtx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	c.cancel = cancel
	if len(todo) > 0 {
		results := make(chan gameResult, t.workers)
		collected := make(chan struct{})
		go func() {
			defer close(collected)
			for r := range results {
				c.take(runCtx, r)
			}
		}()
		p := pool.New().WithMaxGoroutines(min(t.workers, len(todo)))
		for _, i := range todo {
			if runCtx.Err() != nil {
				break
			}
			g := t.Game(int(i))
			p.Go(func() { results <- t.play(runCtx, g) })
		}
		p.Wait()
		close(results)
		<-collected
	}
	if c.w != nil {
		if err := c.w.close(); err != nil && c.err == nil {
			c.err = err
		}
	}
	rep := t.report(c)
	rep.Elapsed = time.Since(start)
	if c.err != nil {
		return rep, c.err
	}
	if err := ctx.Err(); err != nil && c.stopAt < 0 {
		rep.Interrupted = true
		return rep, fmt.Errorf("tournament stopped after %d of %d games: %w", rep.Finished, rep.Planned, err)
	}
	return rep, nil
}

// play plays one game. It never panics: a panicking agent becomes the
// game's error, so one bad bot cannot take the finished games down with it.
func (t *Tournament) play(ctx context.Context, g Game) (out gameResult) {
	out.game = g
	defer func() {
		if p := recover(); p != nil {
			out.rec, out.err = nil, fmt.Errorf("%w: game %d panicked: %v\n%s", ErrGameFailed, g.Index, p, debug.Stack())
		}
	}()
	var players [2]agents.Agent
	for side, a := range g.Sides {
		ag, err := agents.New(t.cfg.Agents[a], g.AgentSeeds[side])
		if err != nil {
			out.err = fmt.Errorf("%w: game %d: %w", ErrGameFailed, g.Index, err)
			return out
		}
		players[side] = ag
		defer agents.Close(ag) // an external bot's process ends with its game
	}
	var ap [2]float64
	var haveAP bool
	obs := func(ev Event) error {
		if ev.Final {
			ap, haveAP = apDestroyed(ev.State)
		}
		return nil
	}
	rec, err := PlayMatch(ctx, t.cfg.Ruleset, g.Scenario, t.opts, players, g.DiceSeed, obs)
	if err != nil {
		if ctx.Err() != nil {
			// Stopped from outside (Ctrl-C, the SPRT): the game is
			// abandoned, not failed, whatever error the agent gave.
			out.err = err
			return out
		}
		out.err = fmt.Errorf("%w: game %d (%s on side 0, %s on side 1, scenario %s, dice seed %d, agent seeds %d and %d): %w",
			ErrGameFailed, g.Index, t.cfg.Agents[g.Sides[0]], t.cfg.Agents[g.Sides[1]], g.Scenario, g.DiceSeed, g.AgentSeeds[0], g.AgentSeeds[1], err)
		return out
	}
	rec.AgentSeeds = g.AgentSeeds
	out.rec = &GameRecord{Record: *rec, Tournament: GameInfo{
		Fingerprint: t.print,
		Seed:        t.cfg.Seed,
		Game:        g.Index,
		Pair:        g.Pair,
		Leg:         g.Leg,
		Pairing:     g.Pairing,
		Sides:       g.Sides,
		Specs:       [2]string{t.cfg.Agents[g.Sides[0]], t.cfg.Agents[g.Sides[1]]},
		Names:       [2]string{t.labels[g.Sides[0]], t.labels[g.Sides[1]]},
		Outcome:     score(rec.Result, ap, haveAP, t.cfg.Adjudication),
	}}
	return out
}

// collector is owned by the one goroutine that receives finished games:
// nothing in it is shared, so it needs no lock.
type collector struct {
	t      *Tournament
	w      *recordWriter
	cancel context.CancelCauseFunc
	start  time.Time

	res                []slot
	resumed, played    int
	duplicates, beyond int
	discarded          int
	points             []float64
	games              []int
	err                error // the first failure, which stops the run
	writeFailed        bool  // the records file refused a write
	frontier           int   // games [0, frontier) are all finished
	penta              stats.Penta
	llr                float64
	stopAt             int // the SPRT decided on games [0, stopAt); -1 while undecided
	decision           stats.Decision
}

// take handles one finished (or abandoned) game.
func (c *collector) take(ctx context.Context, r gameResult) {
	if r.err != nil {
		if ctx.Err() != nil && !errors.Is(r.err, ErrGameFailed) {
			c.discarded++
			return
		}
		if c.err == nil {
			c.err = r.err
			c.cancel(r.err)
		}
		return
	}
	s, err := slotFor(r.game, r.rec.Tournament.Outcome)
	if err != nil {
		if c.err == nil {
			c.err = fmt.Errorf("%w: game %d: %w", ErrGameFailed, r.game.Index, err)
			c.cancel(c.err)
		}
		return
	}
	if c.writeFailed {
		// A game that cannot be written is not counted either, so that
		// the report never holds a game the records lack.
		return
	}
	if c.w != nil {
		if err := c.w.write(r.rec); err != nil {
			c.writeFailed = true
			if c.err == nil {
				c.err = err
				c.cancel(err)
			}
			return
		}
	}
	c.res[r.game.Index] = s
	c.played++
	c.count(r.game, s)
	c.advance()
	if p := c.t.cfg.Progress; p != nil {
		p(Progress{
			Done: c.resumed + c.played, Total: len(c.res), Played: c.played, Resumed: c.resumed,
			Points: c.points, Games: c.games, LLR: c.llr,
			Game: r.game, Outcome: r.rec.Tournament.Outcome, Elapsed: time.Since(c.start),
		})
	}
}

// count adds a finished game to the running score.
func (c *collector) count(g Game, s slot) {
	p := c.t.pairings[g.Pairing]
	h := float64(s.halfPoints()) / 2
	c.points[p.A] += h
	c.points[p.B] += 1 - h
	c.games[p.A]++
	c.games[p.B]++
}

// advance moves the frontier over the games finished in schedule order
// and runs the SPRT on each pair completed there. Deciding on a prefix of
// the schedule, rather than on whichever games happened to finish first,
// makes the stopping point, and so the report, the same with any number
// of workers.
func (c *collector) advance() {
	for c.frontier < len(c.res) && c.res[c.frontier].done() && c.stopAt < 0 {
		c.frontier++
		sp := c.t.cfg.SPRT
		if sp == nil || c.frontier%2 != 0 {
			continue
		}
		c.penta[c.res[c.frontier-2].halfPoints()+c.res[c.frontier-1].halfPoints()]++
		if c.penta.Pairs() < MinSPRTPairs {
			continue
		}
		c.llr = stats.ModelSPRT{SPRT: *sp, Model: c.t.cfg.SPRTModel}.LLRPentanomial(c.penta)
		if d := sp.Decide(c.llr); d != stats.Continue {
			c.decision, c.stopAt = d, c.frontier
			if c.cancel != nil {
				c.cancel(errSPRTDecided)
			}
			c.t.cfg.Log.Debug().Int("games", c.stopAt).Float64("llr", c.llr).Msg("SPRT decided")
		}
	}
}
