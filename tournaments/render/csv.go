package render

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/grognard/grognard/tournaments"
)

// csvNum writes a statistic for spreadsheets: empty when undefined, and
// never "-0.0000" (-0, or a tiny negative rounded to zero).
func csvNum(v tournaments.Num) string {
	f := float64(v)
	switch {
	case math.IsNaN(f):
		return ""
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	if s := strconv.FormatFloat(f, 'f', 4, 64); s != "-0.0000" {
		return s
	}
	return "0.0000"
}

// CSV writes the report as one table with a header row: a row per
// pairing (kind "pairing", from the first agent's side, its Elo from the
// pairs when there are any) and a row per agent (kind "agent", its totals
// and rating). An undefined statistic is an empty field, the infinities
// are inf and -inf, and the pentanomial counts are one field, "0 1 2 1 0";
// a pairing's normalized Elo and its interval close the row.
func CSV(w io.Writer, r *tournaments.Report) error {
	if r == nil {
		return errNoReport
	}
	cw := csv.NewWriter(w)
	// A failed write is kept by the csv.Writer and returned by Error.
	_ = cw.Write([]string{"kind", "agent", "opponent", "games", "wins", "draws", "losses", "points", "score", "elo", "elo_lo", "elo_hi", "los", "penta", "nelo", "nelo_lo", "nelo_hi"})
	for _, p := range r.Pairings {
		penta := ""
		if p.Pairs > 0 {
			penta = fmt.Sprintf("%d %d %d %d %d", p.Penta[0], p.Penta[1], p.Penta[2], p.Penta[3], p.Penta[4])
		}
		e := p.Estimate
		if p.PentaEstimate != nil {
			e = *p.PentaEstimate
		}
		nan := tournaments.Num(math.NaN())
		ne := tournaments.Interval{Elo: nan, Lo: nan, Hi: nan}
		if p.NormalizedElo != nil {
			ne = *p.NormalizedElo
		}
		_ = cw.Write([]string{"pairing", p.A, p.B, strconv.Itoa(p.Games), strconv.Itoa(p.Wins), strconv.Itoa(p.Draws), strconv.Itoa(p.Losses),
			fmtG(p.Points), csvNum(p.Score), csvNum(e.Elo), csvNum(e.Lo), csvNum(e.Hi), csvNum(p.LOS), penta, csvNum(ne.Elo), csvNum(ne.Lo), csvNum(ne.Hi)})
	}
	for i, t := range r.Totals {
		elo, lo, hi := tournaments.Num(math.NaN()), tournaments.Num(math.NaN()), tournaments.Num(math.NaN())
		if i < len(r.Ratings) {
			elo, lo, hi = r.Ratings[i].Elo, r.Ratings[i].Lo, r.Ratings[i].Hi
		}
		_ = cw.Write([]string{"agent", t.Agent, "", strconv.Itoa(t.Games), strconv.Itoa(t.Wins), strconv.Itoa(t.Draws), strconv.Itoa(t.Losses),
			fmtG(t.Points), csvNum(t.Score), csvNum(elo), csvNum(lo), csvNum(hi), csvNum(t.Estimate.LOS), "", "", "", ""})
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("cannot write the report as CSV: %w", err)
	}
	return nil
}
