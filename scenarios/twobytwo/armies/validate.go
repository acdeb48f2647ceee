package armies

import (
	"fmt"

	tb "github.com/grognard/grognard/engine/twobytwo"
)

// ProblemKind classifies a Problem.
type ProblemKind uint8

// The kinds of problem Validate reports.
const (
	// BadArmShare: an arm's share of the force is outside the list's limits.
	BadArmShare ProblemKind = iota
	// BadTypeShare: a type's share of its arm is outside the list's limits.
	BadTypeShare
	// TypeNotAllowed: the list has no row for the unit's type.
	TypeNotAllowed
	// CorpsHQCount: the side does not have exactly one corps HQ.
	CorpsHQCount
	// DivisionHQCount: more division HQs than the infantry and cavalry
	// allow.
	DivisionHQCount
	// Command: a unit does not answer to an HQ of its side, or a division HQ
	// does not answer to the corps HQ.
	Command
	// SmallMilitia: a militia unit is small ("Unit Costs").
	SmallMilitia
	// NoUnits: the side has no non-HQ units.
	NoUnits
)

var kindNames = [...]string{"arm share", "type share", "type not allowed", "corps HQ count", "division HQ count", "command", "small militia", "no units"}

// String names the kind.
func (k ProblemKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("problem(%d)", uint8(k))
}

// Problem is one way an army breaks its list. Message says what is wrong
// and how to fix it; Unit is the index of the unit concerned, or -1.
type Problem struct {
	Kind    ProblemKind
	Unit    int
	Message string
}

// String is the message.
func (p Problem) String() string { return p.Message }

const eps = 1e-9

// bounds is the AP interval a share of base may take: min%..max% of base,
// widened by one unit of cost c either way (Ruling A-ROUND), never below 0.
// A maximum of 0 allows nothing.
func bounds(minPct, maxPct, base, c float64) (lo, hi float64) {
	if maxPct <= 0 {
		return 0, 0
	}
	lo = max(0, minPct/100*base-c)
	hi = maxPct/100*base + c
	return lo, hi
}

// tally is the AP of one side by arm and row.
type tally struct {
	total, units float64 // all units; non-HQ units
	arm          [numArms]float64
	row          [numArms][]float64
}

func (l *List) count(units []tb.UnitSpec, side int) tally {
	var t tally
	for a := range l.Arms {
		t.row[a] = make([]float64, len(l.Arms[a].Types))
	}
	for i := range units {
		u := &units[i]
		if u.Side != side {
			continue
		}
		c := u.UnitCost()
		t.total += c
		if u.Type.IsHQ() {
			continue
		}
		t.units += c
		a, r, ok := l.row(u.Type)
		t.arm[a] += c
		if ok {
			t.row[a][r] += c
		}
	}
	return t
}

// shareProblems checks the arm and type shares of a tally.
func (l *List) shareProblems(t tally) []Problem {
	var ps []Problem
	for a := range l.Arms {
		as := &l.Arms[a]
		lo, hi := bounds(as.Min, as.Max, t.units, as.cheapest())
		if t.arm[a] < lo-eps || t.arm[a] > hi+eps {
			fix := fmt.Sprintf("buy %.1f AP more %s", lo-t.arm[a], armNames[a])
			if t.arm[a] > hi {
				fix = fmt.Sprintf("drop %.1f AP of %s", t.arm[a]-hi, armNames[a])
			}
			ps = append(ps, Problem{BadArmShare, -1, fmt.Sprintf(
				"%s: %s is %.1f AP, %.0f%% of %.1f AP of units (total %.1f AP with HQs); the list allows %g-%g%% (%.1f-%.1f AP allowing one unit's rounding): %s",
				l.Nation, armNames[a], t.arm[a], pct(t.arm[a], t.units), t.units, t.total, as.Min, as.Max, lo, hi, fix)})
		}
		if t.arm[a] <= eps {
			continue // no type shares of an empty arm
		}
		for r := range as.Types {
			ts := &as.Types[r]
			lo, hi := bounds(ts.Min, ts.Max, t.arm[a], ts.cheapest())
			v := t.row[a][r]
			if v < lo-eps || v > hi+eps {
				fix := fmt.Sprintf("buy %.1f AP more %s %s or less of the rest of the %s", lo-v, ts.Name, armNames[a], armNames[a])
				if v > hi {
					fix = fmt.Sprintf("drop %.1f AP of %s %s or buy more of the rest of the %s", v-hi, ts.Name, armNames[a], armNames[a])
				}
				ps = append(ps, Problem{BadTypeShare, -1, fmt.Sprintf(
					"%s: %s %s is %.1f AP, %.0f%% of %.1f AP of %s (side total %.1f AP); the list allows %g-%g%% (%.1f-%.1f AP allowing one unit's rounding): %s",
					l.Nation, ts.Name, armNames[a], v, pct(v, t.arm[a]), t.arm[a], armNames[a], t.total, ts.Min, ts.Max, lo, hi, fix)})
			}
		}
	}
	return ps
}

func pct(v, of float64) float64 {
	if of <= 0 {
		return 0
	}
	return 100 * v / of
}

// Validate checks side's units against the list and returns every problem
// (nil if none). Units of the other side are ignored, but HQ indexes refer
// to the whole slice. Checks: types the list allows, arm shares of the
// force and type shares of each arm by AP with HQs excluded (Ruling
// A-BASE, A-ROUND), exactly one corps HQ, at most one division HQ per 5
// infantry or cavalry units rounded up, every unit answering to an HQ of its side
// (division HQs to the corps HQ) and no small militia. Share messages
// report the side's total AP.
func (l *List) Validate(units []tb.UnitSpec, side int) []Problem {
	var ps []Problem
	corps, divs, infcav, n := 0, 0, 0, 0
	for i := range units {
		u := &units[i]
		if u.Side != side {
			continue
		}
		switch u.Type {
		case tb.CorpsHQ:
			corps++
			if u.HQ != -1 {
				ps = append(ps, Problem{Command, i, fmt.Sprintf("unit %d %q: a corps HQ answers to nobody: set its HQ to -1", i, u.Label)})
			}
			continue
		case tb.DivisionHQ:
			divs++
		default:
			n++
			if u.Type.IsInfantry() || u.Type.IsCavalry() {
				infcav++
			}
			if _, _, ok := l.row(u.Type); !ok {
				ps = append(ps, Problem{TypeNotAllowed, i, fmt.Sprintf("unit %d %q: %s has no %s: replace it with a type the list allows", i, u.Label, l.Nation, u.Type)})
			}
		}
		if u.Small && u.Type == tb.Militia {
			ps = append(ps, Problem{SmallMilitia, i, fmt.Sprintf("unit %d %q: no militia unit may be small: clear Small", i, u.Label)})
		}
		switch {
		case u.HQ < 0 || u.HQ >= len(units) || !units[u.HQ].Type.IsHQ() || units[u.HQ].Side != side:
			ps = append(ps, Problem{Command, i, fmt.Sprintf("unit %d %q: HQ %d is not an HQ of side %d: point it at a division or corps HQ of its side", i, u.Label, u.HQ, side)})
		case u.Type == tb.DivisionHQ && units[u.HQ].Type != tb.CorpsHQ:
			ps = append(ps, Problem{Command, i, fmt.Sprintf("unit %d %q: a division HQ must answer to the corps HQ, not unit %d %q", i, u.Label, u.HQ, units[u.HQ].Label)})
		}
	}
	if corps != 1 {
		fix := "add one"
		if corps > 1 {
			fix = fmt.Sprintf("remove %d or make them division HQs", corps-1)
		}
		ps = append(ps, Problem{CorpsHQCount, -1, fmt.Sprintf("side %d has %d corps HQs, needs exactly 1: %s", side, corps, fix)})
	}
	if allowed := DivisionHQsNeeded(infcav); divs > allowed {
		ps = append(ps, Problem{DivisionHQCount, -1, fmt.Sprintf("side %d has %d infantry or cavalry units and %d division HQs; the list allows %d (one per 5 units): remove %d or add infantry or cavalry", side, infcav, divs, allowed, divs-allowed)})
	}
	if n == 0 {
		ps = append(ps, Problem{NoUnits, -1, fmt.Sprintf("side %d has no units besides HQs: buy some", side)})
		return ps
	}
	return append(ps, l.shareProblems(l.count(units, side))...)
}
