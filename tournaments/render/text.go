package render

import (
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"github.com/grognard/grognard/tournaments"
)

// intervalText is "[lo, hi]", or a warning when the games so far have no
// spread to measure an interval from (every game, or every pair, the same
// result): a zero-width interval would claim a certainty nobody has.
func intervalText(e tournaments.Interval) string {
	if math.IsNaN(float64(e.Elo)) {
		return ""
	}
	if e.Lo == e.Hi {
		return "(no spread)"
	}
	return "[" + eloText(e.Lo) + ", " + eloText(e.Hi) + "]"
}

// checkTables refuses a report whose per-agent tables do not have one
// entry per agent, which the text would index past: a report decoded
// from a hand-edited or truncated file can be that way.
func checkTables(r *tournaments.Report) error {
	n := len(r.Agents)
	switch {
	case len(r.Cross) != n:
		return fmt.Errorf("the report names %d agents but its cross table has %d rows: give one row per agent", n, len(r.Cross))
	case len(r.Totals) != n:
		return fmt.Errorf("the report names %d agents but has %d totals: give one per agent", n, len(r.Totals))
	case len(r.Ratings) != 0 && len(r.Ratings) != n:
		return fmt.Errorf("the report names %d agents but has %d ratings: give one per agent, or none", n, len(r.Ratings))
	case r.SPRT != nil && n == 0:
		return fmt.Errorf("the report has an SPRT but no agents: the test is about the first agent")
	}
	return nil
}

// Text writes the report as tables for people: a header with the
// tournament's settings and the games counted, the cross table (the score
// of the row agent against the column agent, with totals), the pairings
// (W-D-L, score, Elo with its 95% interval from the games and from the
// pairs, LOS), the ratings best first, and the SPRT's state when the run
// had one. It is what 'grognard tournament' prints by default.
func Text(w io.Writer, r *tournaments.Report) error {
	if r == nil {
		return errNoReport
	}
	if err := checkTables(r); err != nil {
		return fmt.Errorf("cannot render the report as text: %w", err)
	}
	sw := &stickyWriter{w: w}
	err := writeText(sw, r)
	if err == nil {
		err = sw.err
	}
	if err != nil {
		return fmt.Errorf("cannot write the report as text: %w", err)
	}
	return nil
}

func writeText(w io.Writer, r *tournaments.Report) error {
	scen := strings.Join(r.Scenarios, ", ")
	limit := "the scenario's turn limit"
	if r.TurnLimit > 0 {
		limit = fmt.Sprintf("turn limit %d", r.TurnLimit)
	}
	fmt.Fprintf(w, "%s tournament, %s %s: %d agents, %d games per pairing, scenario %s, %s, seed %d\n",
		r.Format, r.Ruleset, r.RulesVersion, len(r.Agents), r.GamesPerPairing, scen, limit, r.Seed)
	fmt.Fprintf(w, "games: %d of %d counted", r.Counted, r.Planned)
	if r.Resumed > 0 {
		fmt.Fprintf(w, " (%d resumed from %s)", r.Resumed, r.Records)
	}
	if r.Adjudicated > 0 {
		fmt.Fprintf(w, ", %d adjudicated by AP destroyed at the turn limit", r.Adjudicated)
	}
	fmt.Fprintln(w)
	if r.Interrupted {
		fmt.Fprintln(w, "INTERRUPTED: the tables count the games finished so far")
	}

	fmt.Fprintln(w, "\nCross table: score of the row agent against the column agent")
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "\t")
	for _, name := range r.Agents {
		fmt.Fprintf(tw, "%s\t", name)
	}
	fmt.Fprintln(tw, "total\t")
	for i, row := range r.Cross {
		fmt.Fprintf(tw, "%s\t", r.Agents[i])
		for j, cell := range row {
			switch {
			case i == j:
				fmt.Fprint(tw, "-\t")
			case cell.Games == 0:
				fmt.Fprint(tw, "\t")
			default:
				fmt.Fprintf(tw, "%g/%d\t", cell.Points, cell.Games)
			}
		}
		t := r.Totals[i]
		fmt.Fprintf(tw, "%g/%d\t\n", t.Points, t.Games)
	}
	if err := tw.Flush(); err != nil {
		return err
	}

	fmt.Fprintln(w, "\nPairings: from the first agent's side; pairs count a pair's score 0, 1/2, 1, 3/2, 2; nElo is normalized Elo (fishtest's), from the pairs")
	tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "pairing\tgames\tW-D-L\tscore\tElo\t95%\tpairs 0-½-1-1½-2\tpair Elo\t95%\tnElo\t95%\tLOS")
	for _, p := range r.Pairings {
		penta, pe, pi, ne, ni := "", "", "", "", ""
		if p.NormalizedElo != nil {
			ne, ni = eloText(p.NormalizedElo.Elo), intervalText(*p.NormalizedElo)
		}
		if p.Pairs > 0 {
			penta = fmt.Sprintf("%d-%d-%d-%d-%d", p.Penta[0], p.Penta[1], p.Penta[2], p.Penta[3], p.Penta[4])
		}
		if p.PentaEstimate != nil {
			pe, pi = eloText(p.PentaEstimate.Elo), intervalText(*p.PentaEstimate)
		}
		// The pairing's one LOS, from the pairs when there are any: the
		// CSV and the JSON give the same figure.
		los := "n/a"
		if p.Games > 0 {
			los = fmt.Sprintf("%.0f%%", 100*float64(p.LOS))
		}
		fmt.Fprintf(tw, "%s vs %s\t%d\t%d-%d-%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", p.A, p.B, p.Games, p.Wins, p.Draws, p.Losses,
			pctText(p.Score), eloText(p.Estimate.Elo), intervalText(p.Estimate), penta, pe, pi, ne, ni, los)
	}
	if err := tw.Flush(); err != nil {
		return err
	}

	fmt.Fprintf(w, "\nRatings: Elo with 95%% intervals, %s = 0", r.Anchor)
	if len(r.Agents) > 2 {
		fmt.Fprint(w, " (fitted jointly, Bradley-Terry)")
	}
	fmt.Fprintln(w)
	if len(r.Ratings) == 0 {
		fmt.Fprintf(w, "  none: %s\n", r.RatingsNote)
	} else {
		tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "rank\tagent\tElo\t95%\tgames\tW-D-L\tscore")
		for rank, i := range ratingOrder(r) {
			rt, t := r.Ratings[i], r.Totals[i]
			iv := "[" + eloText(rt.Lo) + ", " + eloText(rt.Hi) + "]"
			switch {
			case rt.Agent == r.Anchor:
				iv = "anchor"
			case rt.Lo == rt.Hi:
				iv = "(no spread)"
			}
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%d\t%d-%d-%d\t%s\n", rank+1, rt.Agent, eloText(rt.Elo), iv, rt.Games, t.Wins, t.Draws, t.Losses, pctText(rt.Score))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}

	if s := r.SPRT; s != nil {
		// The bounds' unit: logistic Elo, or normalized Elo when the
		// test is in that model.
		unit := "Elo"
		if s.Model == "normalized" {
			unit = "normalized Elo"
		}
		fmt.Fprintf(w, "\nSPRT: H0 %s is %s %s against H1 %s %s stronger (alpha %g, beta %g)\n", r.Agents[0], fmtG(s.Elo0), unit, fmtG(s.Elo1), unit, s.Alpha, s.Beta)
		fmt.Fprintf(w, "  LLR %.3f over %d pairs, bounds [%.3f, %.3f]: ", float64(s.LLR), s.Pairs, float64(s.Lower), float64(s.Upper))
		switch s.Decision {
		case "H0":
			fmt.Fprintf(w, "H0 accepted after %d games (%s is not %s %s stronger)\n", s.Games, r.Agents[0], fmtG(s.Elo1), unit)
		case "H1":
			fmt.Fprintf(w, "H1 accepted after %d games (%s is stronger by %s %s or more)\n", s.Games, r.Agents[0], fmtG(s.Elo1), unit)
		default:
			fmt.Fprintf(w, "no decision yet: play more games (--resume with a larger --games)\n")
		}
		switch extra := r.Finished - r.Counted; {
		case s.Decision == "none" || extra <= 0:
		case extra == 1:
			fmt.Fprintln(w, "  1 more game finished after the deciding pair: it is in the records, not counted")
		default:
			fmt.Fprintf(w, "  %d more games finished after the deciding pair: they are in the records, not counted\n", extra)
		}
	}
	return nil
}
