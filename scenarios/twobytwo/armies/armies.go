package armies

import (
	"fmt"
	"math"
	"strings"

	tb "github.com/grognard/grognard/engine/twobytwo"
)

// The arms of a list, indexes into List.Arms.
const (
	Mounted = iota
	Foot
	Artillery
	numArms
)

var armNames = [numArms]string{"mounted", "foot", "artillery"}

// ArmName names an arm index (Mounted, Foot, Artillery).
func ArmName(arm int) string {
	if arm >= 0 && arm < numArms {
		return armNames[arm]
	}
	return fmt.Sprintf("arm(%d)", arm)
}

// TypeShare is one row of a nation's table within an arm: the document's
// type name, the engine types that count for it and its share of the arm's
// AP in percent.
type TypeShare struct {
	Name     string
	Min, Max float64
	Types    []tb.UnitType
}

// ArmShare is one arm of a list: its share of the force's AP in percent and
// its type rows. An arm with no rows (Min = Max = 0) is not allowed.
type ArmShare struct {
	Min, Max float64
	Types    []TypeShare
}

// List is the army list of one nation ("Army Lists").
type List struct {
	Nation string
	// Arms is indexed by Mounted, Foot and Artillery.
	Arms [numArms]ArmShare
}

// Lists returns a copy of every nation's list in the document's order.
func Lists() []List {
	ls := lists()
	out := make([]List, len(ls))
	for i := range ls {
		out[i] = ls[i].clone()
	}
	return out
}

func (l *List) clone() List {
	c := *l
	for a := range c.Arms {
		ts := make([]TypeShare, len(l.Arms[a].Types))
		for i, t := range l.Arms[a].Types {
			t.Types = append([]tb.UnitType(nil), t.Types...)
			ts[i] = t
		}
		c.Arms[a].Types = ts
	}
	return c
}

// Nations names every nation with a list, in the document's order.
func Nations() []string {
	ls := lists()
	out := make([]string, len(ls))
	for i := range ls {
		out[i] = ls[i].Nation
	}
	return out
}

// ByNation finds a nation's list by name, ignoring case. The error names
// every known nation.
func ByNation(name string) (*List, error) {
	ls := lists()
	for i := range ls {
		if strings.EqualFold(strings.TrimSpace(name), ls[i].Nation) {
			c := ls[i].clone()
			return &c, nil
		}
	}
	return nil, fmt.Errorf("no army list for nation %q (known: %s)", name, strings.Join(Nations(), ", "))
}

// armOf is the list arm of a non-HQ type.
func armOf(t tb.UnitType) int {
	switch {
	case t.IsCavalry():
		return Mounted
	case t.IsArtillery():
		return Artillery
	}
	return Foot
}

// row finds the arm and row index a type counts for, or ok false when the
// list does not allow it.
func (l *List) row(t tb.UnitType) (arm, row int, ok bool) {
	arm = armOf(t)
	for i, ts := range l.Arms[arm].Types {
		for _, u := range ts.Types {
			if u == t {
				return arm, i, true
			}
		}
	}
	return arm, -1, false
}

// cheapest is the cost of the cheapest engine type of a row.
func (ts *TypeShare) cheapest() float64 {
	c := math.Inf(1)
	for _, t := range ts.Types {
		c = math.Min(c, t.Profile().Cost)
	}
	return c
}

// cheapest is the cost of the cheapest type the arm allows (Inf if none).
func (a *ArmShare) cheapest() float64 {
	c := math.Inf(1)
	for i := range a.Types {
		if a.Types[i].Max > 0 {
			c = math.Min(c, a.Types[i].cheapest())
		}
	}
	return c
}

// Cheapest is the AP cost of the cheapest non-HQ unit the list allows.
func (l *List) Cheapest() float64 {
	c := math.Inf(1)
	for a := range l.Arms {
		if l.Arms[a].Max > 0 {
			c = math.Min(c, l.Arms[a].cheapest())
		}
	}
	return c
}

// TotalAP is the AP cost of one side's units, HQs included.
func TotalAP(units []tb.UnitSpec, side int) float64 {
	t := 0.0
	for i := range units {
		if units[i].Side == side {
			t += units[i].UnitCost()
		}
	}
	return t
}

// DivisionHQsNeeded is the number of division HQs a force with n infantry
// or cavalry units is allowed, and Random gives it: one per 5, rounded up
// ("Troop Descriptions: HQ"; ruling A-HQ).
func DivisionHQsNeeded(n int) int { return (n + 4) / 5 }

// Rebase returns units with every HQ index (other than -1) moved by offset,
// for appending an army from Random after offset units of a scenario.
func Rebase(units []tb.UnitSpec, offset int) []tb.UnitSpec {
	out := append([]tb.UnitSpec(nil), units...)
	for i := range out {
		if out[i].HQ >= 0 {
			out[i].HQ += offset
		}
	}
	return out
}
