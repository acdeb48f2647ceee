package render

import (
	"fmt"
	"html"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/grognard/grognard/tournaments"
	"github.com/grognard/grognard/tournaments/stats"
)

// chartRow is one agent's mark: a value and its interval on the axis.
type chartRow struct {
	label         string
	value, lo, hi float64
}

// SVG draws the report as a standalone SVG chart with one row per agent:
// its Elo as a dot and the 95% interval as an error bar, best first. With
// two agents the Elo scale has one difference to show, so the chart shows
// each agent's score in percent instead, which reads at a glance. An
// interval open at one end (a clean sweep) runs to the edge of the chart
// and ends in an arrow; an agent without a rating is marked "no games".
// Names are escaped, so any agent name is safe in a page.
func SVG(w io.Writer, r *tournaments.Report) error {
	if r == nil {
		return errNoReport
	}
	var rows []chartRow
	var title, unit string
	var lo, hi float64
	if len(r.Agents) == 2 && len(r.Pairings) == 1 {
		p := r.Pairings[0]
		e := p.Estimate
		if p.PentaEstimate != nil {
			e = *p.PentaEstimate
		}
		s, sLo, sHi := 100*float64(e.Score), 100*stats.ScoreFromElo(float64(e.Lo)), 100*stats.ScoreFromElo(float64(e.Hi))
		rows = []chartRow{{p.A, s, sLo, sHi}, {p.B, 100 - s, 100 - sHi, 100 - sLo}}
		title, unit, lo, hi = fmt.Sprintf("Score over %d games, with 95%% intervals", p.Games), "%", 0, 100
	} else {
		for _, i := range ratingOrder(r) {
			if i >= len(r.Ratings) {
				continue
			}
			rt := r.Ratings[i]
			rows = append(rows, chartRow{rt.Agent, float64(rt.Elo), float64(rt.Lo), float64(rt.Hi)})
		}
		title, unit = fmt.Sprintf("Elo (%s = 0) with 95%% intervals", r.Anchor), ""
		lo, hi = eloAxis(rows)
	}

	// The label column fits the longest name at about 7.5 px a character
	// of the 13 px font, since specs with parameters run long.
	longest := 0
	for _, row := range rows {
		longest = max(longest, len([]rune(row.label)))
	}
	left := math.Max(120, 20+7.5*float64(longest))
	const right, top, rowH = 40.0, 50.0, 34.0
	width := left + 560 + right
	height := top + rowH*float64(max(len(rows), 1)) + 50
	plotW := width - left - right
	x := func(v float64) float64 {
		v = math.Max(lo, math.Min(hi, v))
		return left + (v-lo)/(hi-lo)*plotW
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif" font-size="13">`+"\n", width, height, width, height)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%.0f" y="24" font-size="15" font-weight="bold">%s</text>`+"\n", left, html.EscapeString(title))
	bottom := top + rowH*float64(len(rows))
	for _, t := range axisTicks(lo, hi) {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.0f" x2="%.1f" y2="%.0f" stroke="#ddd"/>`+"\n", x(t), top-6, x(t), bottom)
		fmt.Fprintf(&b, `<text x="%.1f" y="%.0f" text-anchor="middle" fill="#555">%s%s</text>`+"\n", x(t), bottom+18, fmtG(t), unit)
	}
	mid := 0.0
	if unit == "%" {
		mid = 50
	}
	if mid >= lo && mid <= hi {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.0f" x2="%.1f" y2="%.0f" stroke="#888" stroke-dasharray="4 3"/>`+"\n", x(mid), top-6, x(mid), bottom)
	}
	for k, row := range rows {
		y := top + rowH*float64(k) + rowH/2
		fmt.Fprintf(&b, `<text x="%.0f" y="%.1f" text-anchor="end" dominant-baseline="middle">%s</text>`+"\n", left-10, y, html.EscapeString(row.label))
		if math.IsNaN(row.value) {
			fmt.Fprintf(&b, `<text x="%.0f" y="%.1f" dominant-baseline="middle" fill="#888">no games</text>`+"\n", left+6, y)
			continue
		}
		l, h := row.lo, row.hi
		if math.IsNaN(l) {
			l = row.value
		}
		if math.IsNaN(h) {
			h = row.value
		}
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#1f5fa8" stroke-width="2"/>`+"\n", x(l), y, x(h), y)
		for _, end := range []struct {
			v    float64
			open bool
			dir  float64
		}{{l, l < lo, -1}, {h, h > hi, 1}} {
			if end.open {
				ex := x(end.v)
				fmt.Fprintf(&b, `<path d="M%.1f %.1f l%.1f -5 l0 10 z" fill="#1f5fa8"/>`+"\n", ex, y, -8*end.dir)
			} else {
				fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#1f5fa8" stroke-width="2"/>`+"\n", x(end.v), y-7, x(end.v), y+7)
			}
		}
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="5" fill="#c0392b"><title>%s: %s%s</title></circle>`+"\n", x(row.value), y, html.EscapeString(row.label), valueText(row.value), unit)
	}
	b.WriteString("</svg>\n")
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("cannot write the chart: %w", err)
	}
	return nil
}

// valueText writes a mark's value to one decimal, never "-0.0".
func valueText(v float64) string {
	if math.IsInf(v, 0) {
		return eloText(tournaments.Num(v))
	}
	if s := strconv.FormatFloat(v, 'f', 1, 64); s != "-0.0" {
		return s
	}
	return "0.0"
}

// eloAxis spans every finite value and interval end, with a margin, and
// always shows 0 (the anchor).
func eloAxis(rows []chartRow) (float64, float64) {
	lo, hi := 0.0, 0.0
	for _, r := range rows {
		for _, v := range []float64{r.value, r.lo, r.hi} {
			if !math.IsNaN(v) && !math.IsInf(v, 0) {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	if hi-lo < 100 {
		lo, hi = lo-50, hi+50
	}
	pad := (hi - lo) * 0.08
	return lo - pad, hi + pad
}

// axisTicks are round values across [lo, hi], about six of them.
func axisTicks(lo, hi float64) []float64 {
	raw := (hi - lo) / 6
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	var out []float64
	for t := math.Ceil(lo/step) * step; t <= hi+1e-9; t += step {
		v := math.Round(t*1e6) / 1e6
		if v == 0 {
			v = 0 // not -0, which would print as "-0"
		}
		out = append(out, v)
	}
	return out
}
