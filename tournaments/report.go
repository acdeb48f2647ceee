package tournaments

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/grognard/grognard/tournaments/stats"
)

// Num is a statistic that may be infinite or undefined: the Elo of a
// clean sweep is infinite, and nothing is defined over no games. JSON has
// no such numbers, so an undefined value (NaN) is written as null and the
// infinities as the strings "+inf" and "-inf", which keep the sign a
// reader needs (the interval of a clean sweep runs to +inf, that of a
// whitewash from -inf). Zero is always written as 0, never -0.
type Num float64

// MarshalJSON writes finite values as numbers, NaN as null and the
// infinities as "+inf" and "-inf".
func (n Num) MarshalJSON() ([]byte, error) {
	f := float64(n)
	switch {
	case math.IsNaN(f):
		return []byte("null"), nil
	case math.IsInf(f, 1):
		return []byte(`"+inf"`), nil
	case math.IsInf(f, -1):
		return []byte(`"-inf"`), nil
	case f == 0:
		f = 0 // -0 too, which would be written "-0"
	}
	return strconv.AppendFloat(nil, f, 'g', -1, 64), nil
}

// UnmarshalJSON reads what MarshalJSON writes: null back as NaN, "+inf"
// (or "inf") and "-inf" as the infinities, and numbers.
func (n *Num) UnmarshalJSON(b []byte) error {
	switch string(b) {
	case "null":
		*n = Num(math.NaN())
		return nil
	case `"+inf"`, `"inf"`:
		*n = Num(math.Inf(1))
		return nil
	case `"-inf"`:
		*n = Num(math.Inf(-1))
		return nil
	}
	var f float64
	if err := json.Unmarshal(b, &f); err != nil {
		return fmt.Errorf("a statistic is a number, null, \"+inf\" or \"-inf\", not %s: %w", b, err)
	}
	*n = Num(f)
	return nil
}

// Interval is an Elo difference with its 95% interval, the score it comes
// from (a fraction of the points) and the likelihood of superiority.
type Interval struct {
	Elo   Num `json:"elo"`
	Lo    Num `json:"elo_lo"`
	Hi    Num `json:"elo_hi"`
	Score Num `json:"score"`
	LOS   Num `json:"los"`
	Games int `json:"games"`
}

func interval(e stats.Estimate) Interval {
	return Interval{Elo: Num(e.Elo), Lo: Num(e.Lo), Hi: Num(e.Hi), Score: Num(e.Score), LOS: Num(e.LOS), Games: e.N}
}

// PairingResult is one pairing's results from its first agent's side.
type PairingResult struct {
	A      string `json:"a"`
	B      string `json:"b"`
	AIndex int    `json:"a_index"`
	BIndex int    `json:"b_index"`
	Games  int    `json:"games"`
	Wins   int    `json:"wins"`
	Draws  int    `json:"draws"`
	Losses int    `json:"losses"`
	// Points is A's score in points; Score the fraction of the games.
	Points float64 `json:"points"`
	Score  Num     `json:"score"`
	// Estimate treats the games as independent (trinomial).
	Estimate Interval `json:"estimate"`
	// Penta counts the complete pairs by A's score over the pair: 0, 0.5,
	// 1, 1.5 and 2. PentaEstimate is the Elo from the pairs, which is the
	// honest interval when a pair shares its dice (nil with no pairs).
	Penta         [5]int    `json:"penta"`
	Pairs         int       `json:"pairs"`
	PentaEstimate *Interval `json:"penta_estimate,omitempty"`
	// NormalizedElo is the normalized Elo (the score's distance from
	// even in standard deviations of a game's score, scaled as fishtest
	// and fastchess scale it) with its 95% interval: from the pairs when
	// there are any, else from the games; nil with no games.
	NormalizedElo *Interval `json:"normalized_elo,omitempty"`
	// LOS is the likelihood that A is the stronger, the one figure the
	// tables, the CSV and the JSON all give for the pairing: from the
	// pairs when there are any (PentaEstimate.LOS), since a pair shares
	// its dice, else from the games (Estimate.LOS); NaN (null) with no
	// games, where Estimate.LOS says 0.5 but nothing is known.
	LOS Num `json:"los"`
	// Adjudicated counts games scored by AP at the turn limit.
	Adjudicated int `json:"adjudicated"`
}

// AgentResult is one agent's totals against the whole field.
type AgentResult struct {
	Agent  string  `json:"agent"`
	Spec   string  `json:"spec"`
	Games  int     `json:"games"`
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
	Points float64 `json:"points"`
	Score  Num     `json:"score"`
	// Estimate is the Elo difference to the average opponent met.
	Estimate Interval `json:"estimate"`
}

// AgentRating is an agent's rating on the tournament's scale, where the
// anchor agent is 0, with its 95% interval.
type AgentRating struct {
	Agent string `json:"agent"`
	Elo   Num    `json:"elo"`
	Lo    Num    `json:"elo_lo"`
	Hi    Num    `json:"elo_hi"`
	Games int    `json:"games"`
	Score Num    `json:"score"`
}

// SPRTResult is the state of the sequential test at the end of a run.
type SPRTResult struct {
	// Model is the Elo model of the bounds: "logistic" or "normalized".
	Model string  `json:"model,omitempty"`
	Elo0  float64 `json:"elo0"`
	Elo1  float64 `json:"elo1"`
	Alpha float64 `json:"alpha"`
	Beta  float64 `json:"beta"`
	// LLR is the pentanomial log-likelihood ratio over the pairs counted;
	// Lower and Upper are the bounds where the test accepts H0 and H1.
	LLR   Num `json:"llr"`
	Lower Num `json:"lower"`
	Upper Num `json:"upper"`
	// Decision is "H0", "H1" or "none" (still undecided).
	Decision string `json:"decision"`
	// Pairs and Games are how much the test looked at: the first Games
	// games of the schedule, all finished.
	Pairs int    `json:"pairs"`
	Games int    `json:"games"`
	Penta [5]int `json:"penta"`
}

// CrossCell is the score of a row agent against a column agent.
type CrossCell struct {
	Points float64 `json:"points"`
	Games  int     `json:"games"`
}

// Report is the outcome of a tournament run.
type Report struct {
	Ruleset         string   `json:"ruleset"`
	RulesVersion    string   `json:"rules_version"`
	Format          Format   `json:"format"`
	Agents          []string `json:"agents"`
	Specs           []string `json:"specs"`
	Scenarios       []string `json:"scenarios"`
	GamesPerPairing int      `json:"games_per_pairing"`
	TurnLimit       int      `json:"turn_limit"`
	Seed            uint64   `json:"seed"`
	Adjudication    string   `json:"adjudication"`
	Fingerprint     string   `json:"fingerprint"`
	Records         string   `json:"records,omitempty"`

	// Planned is the number of games scheduled. Finished counts the games
	// finished in the file and in this run; Counted those the statistics
	// use: all finished games, or after an SPRT decision only the games
	// up to the decision.
	Planned  int `json:"planned"`
	Finished int `json:"finished"`
	Counted  int `json:"counted"`
	// Resumed were read from the records file; Played were finished by
	// this run; Discarded were running when the run stopped and were
	// abandoned, unwritten.
	Resumed     int `json:"resumed"`
	Played      int `json:"played"`
	Discarded   int `json:"discarded"`
	Adjudicated int `json:"adjudicated"`
	// Complete is set when every scheduled game was counted or the SPRT
	// decided; Interrupted when the run was stopped from outside first.
	Complete    bool `json:"complete"`
	Interrupted bool `json:"interrupted"`

	Pairings []PairingResult `json:"pairings"`
	Totals   []AgentResult   `json:"totals"`
	// Cross[i][j] is agent i's score against agent j.
	Cross [][]CrossCell `json:"cross"`
	// Ratings are per agent, in the order given, anchored on Anchor.
	// With two agents they come from the pairing's estimate; with more,
	// from a joint Bradley-Terry fit. RatingsNote says why they are
	// missing, when they are.
	Ratings     []AgentRating `json:"ratings,omitempty"`
	RatingsNote string        `json:"ratings_note,omitempty"`
	Anchor      string        `json:"anchor"`
	SPRT        *SPRTResult   `json:"sprt,omitempty"`
	// Elapsed is the wall time of the run; it is left out of the JSON so
	// that equal tournaments give equal reports.
	Elapsed time.Duration `json:"-"`
}

// report computes the statistics over the counted games.
func (t *Tournament) report(c *collector) *Report {
	n := len(t.labels)
	limit := len(c.res)
	if c.stopAt >= 0 {
		limit = c.stopAt
	}
	r := &Report{
		Ruleset:         t.rules,
		RulesVersion:    t.version,
		Format:          t.cfg.Format,
		Agents:          t.Labels(),
		Specs:           append([]string(nil), t.cfg.Agents...),
		Scenarios:       append([]string(nil), t.scenarios...),
		GamesPerPairing: t.cfg.GamesPerPairing,
		TurnLimit:       t.cfg.TurnLimit,
		Seed:            t.cfg.Seed,
		Adjudication:    string(t.cfg.Adjudication),
		Fingerprint:     t.print,
		Records:         t.cfg.Records,
		Planned:         len(c.res),
		Resumed:         c.resumed,
		Played:          c.played,
		Discarded:       c.discarded,
		Anchor:          t.labels[t.anchor],
	}
	wdl := make([]stats.WDL, len(t.pairings))
	penta := make([]stats.Penta, len(t.pairings))
	adj := make([]int, len(t.pairings))
	for i, s := range c.res {
		if !s.done() {
			continue
		}
		r.Finished++
		if i >= limit {
			continue
		}
		r.Counted++
		g := t.Game(i)
		w := &wdl[g.Pairing]
		switch s.halfPoints() {
		case 2:
			w.W++
		case 1:
			w.D++
		default:
			w.L++
		}
		if s.adjudicated() {
			adj[g.Pairing]++
			r.Adjudicated++
		}
		if g.Leg == 1 && c.res[i-1].done() {
			penta[g.Pairing][c.res[i-1].halfPoints()+s.halfPoints()]++
		}
	}
	r.Complete = r.Counted == r.Planned || c.stopAt >= 0

	matrix := make([][]stats.WDL, n)
	for i := range matrix {
		matrix[i] = make([]stats.WDL, n)
	}
	for pi, p := range t.pairings {
		w := wdl[pi]
		matrix[p.A][p.B] = matrix[p.A][p.B].Add(w)
		matrix[p.B][p.A] = matrix[p.B][p.A].Add(w.Swap())
		pr := PairingResult{
			A: t.labels[p.A], B: t.labels[p.B], AIndex: p.A, BIndex: p.B,
			Games: w.N(), Wins: w.W, Draws: w.D, Losses: w.L,
			Points:   float64(w.W) + float64(w.D)/2,
			Score:    scoreOf(w),
			Estimate: interval(w.Estimate()),
			Penta:    penta[pi], Pairs: penta[pi].Pairs(),
			Adjudicated: adj[pi],
		}
		pr.LOS = pr.Estimate.LOS
		if pr.Games == 0 {
			pr.LOS = Num(math.NaN())
		}
		if pr.Games > 0 {
			ne := interval(w.NormalizedElo())
			pr.NormalizedElo = &ne
		}
		if pr.Pairs > 0 {
			e := interval(penta[pi].Estimate())
			pr.PentaEstimate = &e
			pr.LOS = e.LOS
			ne := interval(penta[pi].NormalizedElo())
			pr.NormalizedElo = &ne
		}
		r.Pairings = append(r.Pairings, pr)
	}
	r.Cross = make([][]CrossCell, n)
	for i := range matrix {
		r.Cross[i] = make([]CrossCell, n)
		var tot stats.WDL
		for j, w := range matrix[i] {
			r.Cross[i][j] = CrossCell{Points: float64(w.W) + float64(w.D)/2, Games: w.N()}
			tot = tot.Add(w)
		}
		r.Totals = append(r.Totals, AgentResult{
			Agent: t.labels[i], Spec: t.cfg.Agents[i],
			Games: tot.N(), Wins: tot.W, Draws: tot.D, Losses: tot.L,
			Points: float64(tot.W) + float64(tot.D)/2, Score: scoreOf(tot),
			Estimate: interval(tot.Estimate()),
		})
	}
	r.Ratings, r.RatingsNote = t.ratings(matrix, r.Pairings)

	if sp := t.cfg.SPRT; sp != nil {
		lo, hi := sp.Bounds()
		res := &SPRTResult{Model: t.cfg.SPRTModel.String(), Elo0: sp.Elo0, Elo1: sp.Elo1, Alpha: sp.Alpha, Beta: sp.Beta,
			LLR: Num(c.llr), Lower: Num(lo), Upper: Num(hi), Decision: "none",
			Pairs: c.penta.Pairs(), Games: 2 * c.penta.Pairs(), Penta: c.penta}
		switch c.decision {
		case stats.AcceptH0:
			res.Decision = "H0"
		case stats.AcceptH1:
			res.Decision = "H1"
		}
		r.SPRT = res
	}
	return r
}

// scoreOf is the fraction of the points, NaN over no games.
func scoreOf(w stats.WDL) Num {
	if w.N() == 0 {
		return Num(math.NaN())
	}
	return Num((float64(w.W) + float64(w.D)/2) / float64(w.N()))
}

// ratings puts every agent on one scale with the anchor at 0. Two agents
// need no fit: the pairing's own estimate is the difference, from its
// pairs when there are any. More agents are fitted jointly, since in a
// gauntlet or an unfinished round robin they did not all meet the same
// opponents equally often.
func (t *Tournament) ratings(matrix [][]stats.WDL, pairings []PairingResult) ([]AgentRating, string) {
	n := len(t.labels)
	out := make([]AgentRating, n)
	for i := range out {
		var tot stats.WDL
		for _, w := range matrix[i] {
			tot = tot.Add(w)
		}
		out[i] = AgentRating{Agent: t.labels[i], Games: tot.N(), Score: scoreOf(tot)}
	}
	if n == 2 {
		p := pairings[0]
		if p.Games == 0 {
			return nil, "no games counted"
		}
		e := p.Estimate
		if p.PentaEstimate != nil {
			e = *p.PentaEstimate
		}
		// e is A's rating minus B's.
		other := 1 - t.anchor
		if t.anchor == p.AIndex {
			// 0 - x rather than -x, so that an even match is +0, not -0.
			out[other].Elo, out[other].Lo, out[other].Hi = 0-e.Elo, 0-e.Hi, 0-e.Lo
		} else {
			out[other].Elo, out[other].Lo, out[other].Hi = e.Elo, e.Lo, e.Hi
		}
		return out, ""
	}
	fit, err := stats.FitRatings(n, matrix, t.anchor, 0)
	if err != nil {
		return nil, "no joint ratings: " + err.Error()
	}
	for i := range out {
		if i < len(fit) {
			out[i].Elo, out[i].Lo, out[i].Hi = Num(fit[i].Elo), Num(fit[i].Lo), Num(fit[i].Hi)
		}
	}
	return out, ""
}
