package armies

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"

	tb "github.com/grognard/grognard/engine/twobytwo"
)

// labelWords name the types in generated labels ("F3 Line").
var labelWords = map[tb.UnitType]string{
	tb.EliteInfantry:     "Elite",
	tb.LineInfantry:      "Line",
	tb.LightInfantry:     "Light",
	tb.Militia:           "Militia",
	tb.EliteCavalry:      "EliteCav",
	tb.HeavyCavalry:      "Heavy",
	tb.MediumCavalry:     "Medium",
	tb.LightCavalry:      "LightCav",
	tb.Lancers:           "Lancers",
	tb.Cossacks:          "Cossacks",
	tb.EliteArtillery:    "EliteArt",
	tb.FootArtillery:     "FootArt",
	tb.HorseArtillery:    "HorseArt",
	tb.SiegeArtillery:    "Siege",
	tb.IrregularShooters: "Skirm",
	tb.IrregularWarband:  "Warband",
}

// maxAttempts bounds the draws Random makes before giving up.
const maxAttempts = 400

// Random builds a seeded random army of the list for side, costing at most
// ap and within one cheapest unit of it (ap must be at least 20). Arm and
// type shares are drawn inside the list's limits and units bought towards
// them; one corps HQ and one division HQ per 5 infantry or cavalry units are
// included; about one unit in ten is large and one in ten small (ruling
// A-SIZE); infantry and cavalry form divisions of up to 5 units under a
// division HQ that answers to the corps HQ, and artillery answers to the
// corps HQ directly. Labels are prefix + number + type word ("F3 Line"),
// prefix + "-CHQ" and prefix + "-DHQ" + number. The same rng state gives the
// same army.
func (l *List) Random(ap float64, side int, prefix string, rng *rand.Rand) ([]tb.UnitSpec, error) {
	if rng == nil {
		return nil, fmt.Errorf("armies: Random needs an rng")
	}
	if ap < 20 {
		return nil, fmt.Errorf("armies: %.1f AP is too small for a %s army (at least 20)", ap, l.Nation)
	}
	cheapest := l.Cheapest()
	var last []Problem
	for range maxAttempts {
		types := l.buy(ap, rng)
		units := assemble(types, side, prefix)
		total := TotalAP(units, side)
		last = l.Validate(units, side)
		if len(last) == 0 && total <= ap+eps && ap-total <= cheapest+eps {
			return units, nil
		}
	}
	msg := "budget not met"
	if len(last) > 0 {
		msg = last[0].Message
	}
	return nil, fmt.Errorf("armies: no valid %s army for %.1f AP after %d draws (last: %s)", l.Nation, ap, maxAttempts, msg)
}

// sampleShares draws percentages inside each [min,max] summing to 100,
// provided the minima sum to at most 100 and the maxima to at least 100.
func sampleShares(rng *rand.Rand, mins, maxs []float64) []float64 {
	x := make([]float64, len(mins))
	var s, smin, smax float64
	for i := range mins {
		x[i] = mins[i] + rng.Float64()*(maxs[i]-mins[i])
		s += x[i]
		smin += mins[i]
		smax += maxs[i]
	}
	switch {
	case s > 100 && s > smin:
		k := (100 - smin) / (s - smin)
		for i := range x {
			x[i] = mins[i] + (x[i]-mins[i])*k
		}
	case s < 100 && smax > s:
		k := (100 - s) / (smax - s)
		for i := range x {
			x[i] += (maxs[i] - x[i]) * k
		}
	}
	return x
}

// buy draws target shares and buys non-HQ unit types towards them until
// nothing more fits the budget (HQ costs included).
func (l *List) buy(ap float64, rng *rand.Rand) []purchase {
	var amin, amax [numArms]float64
	for a := range l.Arms {
		amin[a], amax[a] = l.Arms[a].Min, l.Arms[a].Max
	}
	af := sampleShares(rng, amin[:], amax[:])
	var target [numArms][]float64
	for a := range l.Arms {
		ts := l.Arms[a].Types
		mins, maxs := make([]float64, len(ts)), make([]float64, len(ts))
		for r := range ts {
			mins[r], maxs[r] = ts[r].Min, ts[r].Max
		}
		rf := sampleShares(rng, mins, maxs)
		target[a] = make([]float64, len(ts))
		for r := range ts {
			target[a][r] = af[a] * rf[r] / 1e4
		}
	}
	// The working army as a tally of a single side.
	var t tally
	for a := range l.Arms {
		t.row[a] = make([]float64, len(l.Arms[a].Types))
	}
	spent := tb.CorpsHQ.Profile().Cost
	infcav := 0
	var bought []purchase
	for {
		bestScore, best, bestSize, bestCost := math.Inf(1), tb.UnitType(0), sizeNormal, 0.0
		found := false
		for a := range l.Arms {
			if l.Arms[a].Max <= 0 {
				continue
			}
			for r := range l.Arms[a].Types {
				ts := &l.Arms[a].Types[r]
				if ts.Max <= 0 {
					continue
				}
				ut := ts.Types[rng.IntN(len(ts.Types))]
				size := drawSize(ut, rng)
				c := size.cost(ut)
				extra := 0.0
				if a != Artillery && DivisionHQsNeeded(infcav+1) > DivisionHQsNeeded(infcav) {
					extra = tb.DivisionHQ.Profile().Cost
				}
				if spent+c+extra > ap+eps {
					continue
				}
				t.units += c
				t.arm[a] += c
				t.row[a][r] += c
				score := 1e3*l.violation(t) + deviation(t, target) + 1e-4*rng.Float64()
				t.units -= c
				t.arm[a] -= c
				t.row[a][r] -= c
				if score < bestScore {
					bestScore, best, bestSize, bestCost, found = score, ut, size, c+extra, true
				}
			}
		}
		if !found {
			return bought
		}
		a, r, _ := l.row(best)
		c := bestSize.cost(best)
		t.units += c
		t.arm[a] += c
		t.row[a][r] += c
		spent += bestCost
		if a != Artillery {
			infcav++
		}
		bought = append(bought, purchase{best, bestSize})
	}
}

// unitSize is a unit's size ("Unit Costs": large +1 AP, small -0.5 AP).
type unitSize uint8

const (
	sizeNormal unitSize = iota
	sizeLarge
	sizeSmall
)

// purchase is one unit bought by buy.
type purchase struct {
	t    tb.UnitType
	size unitSize
}

// drawSize makes about one unit in ten large and one in ten small, never a
// small militia (ruling A-SIZE).
func drawSize(t tb.UnitType, rng *rand.Rand) unitSize {
	switch rng.IntN(10) {
	case 0:
		return sizeLarge
	case 1:
		if t != tb.Militia {
			return sizeSmall
		}
	}
	return sizeNormal
}

// cost is the AP of a unit of type t and this size.
func (z unitSize) cost(t tb.UnitType) float64 {
	switch z {
	case sizeLarge:
		return t.Profile().Cost + 1
	case sizeSmall:
		return t.Profile().Cost - 0.5
	}
	return t.Profile().Cost
}

// deviation is the squared distance of a tally's shares from the targets.
func deviation(t tally, target [numArms][]float64) float64 {
	d := 0.0
	for a := range target {
		for r, g := range target[a] {
			x := t.row[a][r]/t.units - g
			d += x * x
		}
	}
	return d
}

// violation is how far, in AP, a tally's shares lie outside the limits.
func (l *List) violation(t tally) float64 {
	v := 0.0
	out := func(x, lo, hi float64) float64 {
		return max(0, lo-x) + max(0, x-hi)
	}
	for a := range l.Arms {
		as := &l.Arms[a]
		lo, hi := bounds(as.Min, as.Max, t.units, as.cheapest())
		v += out(t.arm[a], lo, hi)
		if t.arm[a] <= eps {
			continue
		}
		for r := range as.Types {
			ts := &as.Types[r]
			lo, hi := bounds(ts.Min, ts.Max, t.arm[a], ts.cheapest())
			v += out(t.row[a][r], lo, hi)
		}
	}
	return v
}

// assemble turns bought types into unit specs with the HQ chain: the corps
// HQ first, then each division HQ followed by its up to 5 infantry or
// cavalry units (infantry first), then the artillery under the corps HQ.
func assemble(types []purchase, side int, prefix string) []tb.UnitSpec {
	var inf, cav, art []purchase
	for _, p := range types {
		switch {
		case p.t.IsInfantry():
			inf = append(inf, p)
		case p.t.IsCavalry():
			cav = append(cav, p)
		default:
			art = append(art, p)
		}
	}
	line := append(inf, cav...)
	units := []tb.UnitSpec{{Side: side, Label: prefix + "-CHQ", Type: tb.CorpsHQ, HQ: -1}}
	n := 0
	add := func(p purchase, hq int) {
		n++
		units = append(units, tb.UnitSpec{Side: side, Label: prefix + strconv.Itoa(n) + " " + labelWords[p.t], Type: p.t, HQ: hq,
			Large: p.size == sizeLarge, Small: p.size == sizeSmall})
	}
	for d := 0; d*5 < len(line); d++ {
		dhq := len(units)
		units = append(units, tb.UnitSpec{Side: side, Label: prefix + "-DHQ" + strconv.Itoa(d+1), Type: tb.DivisionHQ, HQ: 0})
		for _, p := range line[d*5 : min(len(line), d*5+5)] {
			add(p, dhq)
		}
	}
	for _, p := range art {
		add(p, 0)
	}
	return units
}
