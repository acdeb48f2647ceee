package tabletop

import (
	"math"
	"strconv"
	"strings"

	"github.com/grognard/grognard/engine/geom"
)

// The numbers people read: rounded to a hundredth of the own unit, what a
// ruler measures, so a length computed as 12.659336232612555 reads 12.66.
// These are for display (help, descriptions, errors, legal lists' words,
// sketches). The notation keeps every digit of an action, so a record
// replays exactly what was played; generated orders are short there
// because their numbers are on a grid (Snap, below).

// Fixed writes v rounded to a hundredth with both decimals, for columns
// and for text that has always read so: "12.50", "8.00", never "-0.00".
// The rounding is strconv's, of the exact decimal value, as %.2f rounds.
func Fixed(v float64) string {
	t := strconv.FormatFloat(v, 'f', 2, 64)
	if t == "-0.00" {
		return "0.00"
	}
	return t
}

// Num writes v rounded to a hundredth, without trailing zeros: "12.66",
// "12.5", "8", "-0.25"; never "-0".
func Num(v float64) string {
	t := Fixed(v)
	if strings.HasSuffix(t, "0") && strings.Contains(t, ".") {
		t = strings.TrimRight(t, "0")
		t = strings.TrimSuffix(t, ".")
	}
	return t
}

// Point writes p as Num writes its numbers, "12.5,8".
func Point(p geom.Vec) string { return Num(p.X) + "," + Num(p.Y) }

// The grid of generated orders. A bot's orders are computed (towards a
// point, squared up on a face, behind a friend), so their lengths come out
// as 12.659336232612555; written so, they are unreadable in a legal list
// and a record. A ruleset puts every generated point on the hundredth of
// its unit and every facing on the tenth of a degree, finer than a ruler
// or a protractor measures, before it checks the order: the order is
// checked, played, written and read back as exactly those numbers.
// Snap(v) is the float64 nearest the decimal it prints as, so Go's
// shortest form writes it with at most two decimals and parses back to it.

// Snap rounds a length to the nearest hundredth: 12.659336232612555 is
// 12.66. Never -0.
func Snap(v float64) float64 {
	r := math.Round(v*100) / 100
	if r == 0 {
		return 0 // not -0, which would be written "-0"
	}
	return r
}

// SnapPoint is p with both coordinates snapped.
func SnapPoint(p geom.Vec) geom.Vec { return geom.Vec{X: Snap(p.X), Y: Snap(p.Y)} }

// SnapDegrees rounds a facing to the nearest tenth of a degree in
// [0, 360): 335.4328286793987 is 335.4, and 359.97 is 0.
func SnapDegrees(d float64) float64 {
	r := geom.NormDeg(math.Round(geom.NormDeg(d)*10) / 10)
	if r == 0 {
		return 0
	}
	return r
}

// Adjustment is one row of a rules table that applies to a roll, with
// what it adds: what a pending roll's description lists, so that a person
// at the table can check the modifier row by row.
type Adjustment struct {
	Row   string
	Value int
}

// Adjustments lists the rows that apply to a roll, " (first die +1,
// target in cover -1)", or " (no row applies)" when none does.
func Adjustments(rows []Adjustment) string {
	if len(rows) == 0 {
		return " (no row applies)"
	}
	var b strings.Builder
	b.WriteString(" (")
	for k, r := range rows {
		if k > 0 {
			b.WriteString(", ")
		}
		b.WriteString(r.Row)
		b.WriteByte(' ')
		if r.Value >= 0 {
			b.WriteByte('+')
		}
		b.WriteString(strconv.Itoa(r.Value))
	}
	b.WriteByte(')')
	return b.String()
}

// Terms collects a roll's modifiers row by row when Rows is not nil; the
// zero Terms only passes the values on, so the sum on a game's hot path
// allocates nothing: m += t.Add(2, "enfilade").
type Terms struct{ Rows *[]Adjustment }

// Add returns v, noting it as row when t collects and v is not 0.
func (t Terms) Add(v int, row string) int {
	if t.Rows != nil && v != 0 {
		*t.Rows = append(*t.Rows, Adjustment{Row: row, Value: v})
	}
	return v
}
