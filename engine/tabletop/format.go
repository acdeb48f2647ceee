package tabletop

import (
	"strconv"
	"strings"

	"github.com/grognard/grognard/engine/geom"
)

// The numbers people read: rounded to a hundredth of the own unit, what a
// ruler measures, so a length computed as 12.659336232612555 reads 12.66.
// These are for display only (help, descriptions, errors, legal lists'
// words, sketches): the notation keeps every digit, so a record replays
// exactly what was played, and rounding it would change the game.

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
