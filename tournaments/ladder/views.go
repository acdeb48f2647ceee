package ladder

import (
	"bytes"
	"compress/gzip"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"sync"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/tournaments"
	"github.com/grognard/grognard/tournaments/render"
	"github.com/grognard/grognard/tournaments/stats"
)

// Standing is an entrant's place on the leaderboard.
type Standing struct {
	Entrant Entrant `json:"entrant"`
	// Rating is the joint Bradley-Terry fit of every stored game (the
	// tournaments' FitRatings), the entrant with games added first
	// anchored at 0; nil when the games do not yet connect the entrant to
	// the field.
	Rating *stats.Rating `json:"rating,omitempty"`
	Record stats.WDL     `json:"record"`
}

// MarshalJSON writes the standing with an interval open at one end (a
// clean sweep) as null at that end: JSON has no infinities.
func (s Standing) MarshalJSON() ([]byte, error) {
	type rating struct {
		Elo   float64  `json:"elo"`
		Lo    *float64 `json:"elo_lo"`
		Hi    *float64 `json:"elo_hi"`
		Games int      `json:"games"`
		Score float64  `json:"score"`
	}
	finite := func(v float64) *float64 {
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return nil
		}
		return &v
	}
	out := struct {
		Entrant Entrant   `json:"entrant"`
		Rating  *rating   `json:"rating,omitempty"`
		Record  stats.WDL `json:"record"`
	}{Entrant: s.Entrant, Record: s.Record}
	if r := s.Rating; r != nil {
		out.Rating = &rating{Elo: r.Elo, Lo: finite(r.Lo), Hi: finite(r.Hi), Games: r.Games, Score: r.Score}
	}
	return json.Marshal(out)
}

// Games lists every stored game, by id.
func (l *Ladder) Games(ctx context.Context) ([]Game, error) {
	type row struct {
		g      Game
		winner int
		kind   string
	}
	rows, err := queryAll(ctx, l, `SELECT id, pair, seat, side0, side1, winner, kind, reason, steps, played FROM games ORDER BY id`,
		func(r *row) []any {
			return []any{&r.g.ID, &r.g.Pair, &r.g.Seat, &r.g.Sides[0], &r.g.Sides[1], &r.winner, &r.kind, &r.g.Result.Reason, &r.g.Steps, &r.g.Played}
		})
	if err != nil {
		return nil, err
	}
	out := make([]Game, len(rows))
	for i, r := range rows {
		g := r.g
		g.Result.Over, g.Result.Winner = true, engine.Player(r.winner)
		if err := g.Result.Kind.UnmarshalText([]byte(r.kind)); err != nil {
			return nil, fmt.Errorf("game %d: %w", g.ID, err)
		}
		out[i] = g
	}
	return out, nil
}

// score is side's score in g: 1, 0.5 or 0.
func score(g Game, side int) float64 { return g.Result.Score(engine.Player(side)) }

// boardMemo is the last leaderboard's fit and records, kept with what
// they were computed from: a ladder read often (a page polling
// /api/ladder) and played seldom does the fit once per change, not once
// per read.
type boardMemo struct {
	mu  sync.Mutex
	key boardKey
	// ok is whether key and fit hold a fit.
	ok bool
	// records and ratings are by entrant id; an entrant without games has
	// none.
	records map[int64]stats.WDL
	ratings map[int64]stats.Rating
}

// boardKey is what a leaderboard depends on: the games stored (how many,
// and the last id, so that a game deleted and another added is told
// apart) and the entrants (how many and the last id; a retirement changes
// no rating).
type boardKey struct {
	games, lastGame, entrants, lastEntrant int64
}

// boardKeyOf reads the key of the ladder's leaderboard now.
func (l *Ladder) boardKeyOf(ctx context.Context) (boardKey, error) {
	var k boardKey
	err := l.db.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM games), (SELECT COALESCE(MAX(id), 0) FROM games),
		(SELECT COUNT(*) FROM entrants), (SELECT COALESCE(MAX(id), 0) FROM entrants)`).Scan(&k.games, &k.lastGame, &k.entrants, &k.lastEntrant)
	return k, err
}

// Leaderboard rates every entrant from the stored games, best first;
// entrants the fit cannot place (no games yet, or games that do not
// connect them to the rest) come last, unrated.
//
// The fit is kept until a game or an entrant is added, so that a repeated
// call costs a few counts and the entrants' list; it is safe for
// concurrent callers (one fits, the others wait for it).
func (l *Ladder) Leaderboard(ctx context.Context) ([]Standing, error) {
	entrants, err := l.Entrants(ctx)
	if err != nil {
		return nil, err
	}
	m := &l.board
	m.mu.Lock()
	defer m.mu.Unlock()
	key, err := l.boardKeyOf(ctx)
	if err != nil {
		return nil, err
	}
	if !m.ok || key != m.key {
		records, ratings, err := l.fitBoard(ctx)
		if err != nil {
			return nil, err
		}
		m.key, m.ok, m.records, m.ratings = key, true, records, ratings
	}
	out := make([]Standing, len(entrants))
	for k, e := range entrants {
		out[k] = Standing{Entrant: e, Record: m.records[e.ID]}
		if r, ok := m.ratings[e.ID]; ok {
			out[k].Rating = &r
		}
	}
	sortStandings(out)
	return out, nil
}

// fitBoard is every entrant's record and the joint fit of the stored
// games, by entrant id.
func (l *Ladder) fitBoard(ctx context.Context) (map[int64]stats.WDL, map[int64]stats.Rating, error) {
	entrants, err := l.Entrants(ctx)
	if err != nil {
		return nil, nil, err
	}
	// The fit needs the sides and the winner alone: read no more (a big
	// ladder's reasons and records would be most of the time and memory).
	type result struct {
		sides  [2]int64
		winner int
	}
	games, err := queryAll(ctx, l, `SELECT side0, side1, winner FROM games ORDER BY id`,
		func(r *result) []any { return []any{&r.sides[0], &r.sides[1], &r.winner} })
	if err != nil {
		return nil, nil, err
	}
	score := func(g result, side int) float64 {
		return engine.Result{Over: true, Winner: engine.Player(g.winner)}.Score(engine.Player(side))
	}
	index := map[int64]int{}
	for k, e := range entrants {
		index[e.ID] = k
	}
	recs := make([]stats.WDL, len(entrants))
	for _, g := range games {
		for side := range 2 {
			k, ok := index[g.sides[side]]
			if !ok {
				return nil, nil, fmt.Errorf("a game names entrant %d, which the ladder does not have", g.sides[side])
			}
			recs[k], _ = recs[k].AddGame(score(g, side))
		}
	}
	records := map[int64]stats.WDL{}
	for k, e := range entrants {
		if recs[k].N() > 0 {
			records[e.ID] = recs[k]
		}
	}
	// Only entrants with games take part in the fit, in id order, so the
	// anchor (0 Elo) is the longest-standing entrant with games.
	var played []int
	fitIndex := map[int]int{}
	for k := range entrants {
		if recs[k].N() > 0 {
			fitIndex[k] = len(played)
			played = append(played, k)
		}
	}
	ratings := map[int64]stats.Rating{}
	if len(played) >= 2 {
		sg := make([]stats.Game, 0, len(games))
		for _, g := range games {
			sg = append(sg, stats.Game{A: fitIndex[index[g.sides[0]]], B: fitIndex[index[g.sides[1]]], ScoreA: score(g, 0)})
		}
		m, err := stats.Matrix(len(played), sg)
		if err != nil {
			return nil, nil, err
		}
		if fit, err := stats.FitRatings(len(played), m, 0, 0); err == nil {
			for f, k := range played {
				ratings[entrants[k].ID] = fit[f]
			}
		}
	}
	return records, ratings, nil
}

// sortStandings orders by rating, the unrated last, ties by id.
func sortStandings(s []Standing) {
	sort.SliceStable(s, func(i, j int) bool {
		a, b := s[i], s[j]
		switch {
		case (a.Rating == nil) != (b.Rating == nil):
			return a.Rating != nil
		case a.Rating != nil && a.Rating.Elo != b.Rating.Elo:
			return a.Rating.Elo > b.Rating.Elo
		}
		return a.Entrant.ID < b.Entrant.ID
	})
}

// History is an entrant's games, oldest first.
func (l *Ladder) History(ctx context.Context, name string) (Entrant, []Game, error) {
	e, err := l.entrant(ctx, name)
	if err != nil {
		return Entrant{}, nil, err
	}
	games, err := l.Games(ctx)
	if err != nil {
		return Entrant{}, nil, err
	}
	var out []Game
	for _, g := range games {
		if g.Sides[0] == e.ID || g.Sides[1] == e.ID {
			out = append(out, g)
		}
	}
	return e, out, nil
}

// entrant finds an entrant by name.
func (l *Ladder) entrant(ctx context.Context, name string) (Entrant, error) {
	var e Entrant
	err := l.db.QueryRowContext(ctx, l.q(`SELECT id, name, spec, author, version, added, retired FROM entrants WHERE name = ?`), name).
		Scan(&e.ID, &e.Name, &e.Spec, &e.Author, &e.Version, &e.Added, &e.Retired)
	if errors.Is(err, sql.ErrNoRows) {
		return Entrant{}, fmt.Errorf("no entrant %s in the ladder (see 'grognard ladder entrants')", name)
	}
	return e, err
}

// HeadToHead is every pair of entrants' results: m[i][j] is the i-th
// entrant's (by id) against the j-th.
func (l *Ladder) HeadToHead(ctx context.Context) ([]Entrant, [][]stats.WDL, error) {
	entrants, err := l.Entrants(ctx)
	if err != nil {
		return nil, nil, err
	}
	games, err := l.Games(ctx)
	if err != nil {
		return nil, nil, err
	}
	index := map[int64]int{}
	for k, e := range entrants {
		index[e.ID] = k
	}
	var sg []stats.Game
	for _, g := range games {
		sg = append(sg, stats.Game{A: index[g.Sides[0]], B: index[g.Sides[1]], ScoreA: score(g, 0)})
	}
	m, err := stats.Matrix(len(entrants), sg)
	return entrants, m, err
}

// Record is a stored game's record as JSON, as 'grognard replay' reads it.
func (l *Ladder) Record(ctx context.Context, game int64) ([]byte, error) {
	var zipped []byte
	err := l.db.QueryRowContext(ctx, l.q(`SELECT record FROM games WHERE id = ?`), game).Scan(&zipped)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("no game %d in the ladder (see 'grognard ladder games')", game)
	}
	if err != nil {
		return nil, err
	}
	data, err := unzipRecord(zipped)
	if err != nil {
		return nil, fmt.Errorf("game %d: its stored record is damaged: %w", game, err)
	}
	return data, nil
}

// unzipRecord is a stored or reported record's JSON, bounded as a line of
// a records file is, whoever wrote it.
func unzipRecord(zipped []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(zipped))
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(zr, engine.MaxRecordLine+1))
	if err != nil {
		return nil, err
	}
	if len(data) > engine.MaxRecordLine {
		return nil, fmt.Errorf("the record is over %d bytes", engine.MaxRecordLine)
	}
	return data, nil
}

// BoardChart draws a leaderboard as the tournaments' rating chart: each
// rated entrant's Elo with its 95% interval as an error bar, best first.
func BoardChart(w io.Writer, board []Standing) error {
	r := &tournaments.Report{}
	nan := tournaments.Num(math.NaN())
	for _, s := range board {
		r.Agents = append(r.Agents, s.Entrant.Name)
		ar := tournaments.AgentRating{Agent: s.Entrant.Name, Elo: nan, Lo: nan, Hi: nan, Score: nan, Games: s.Record.N()}
		if s.Rating != nil {
			ar.Elo, ar.Lo, ar.Hi, ar.Score = tournaments.Num(s.Rating.Elo), tournaments.Num(s.Rating.Lo), tournaments.Num(s.Rating.Hi), tournaments.Num(s.Rating.Score)
			if s.Rating.Elo == 0 && s.Rating.Lo == 0 && s.Rating.Hi == 0 {
				r.Anchor = s.Entrant.Name
			}
		}
		r.Ratings = append(r.Ratings, ar)
	}
	return render.SVG(w, r)
}
