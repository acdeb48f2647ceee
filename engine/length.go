package engine

import (
	"fmt"
	"strings"
)

// LengthUnit is a unit of length a person may give numbers in: the
// tabletop speaks inches, millimetres and paces. What one is worth in
// another is the ruleset's (for 2 by 2, ruling R-SCALE: 1" = 25 mm = 300
// paces).
type LengthUnit int

// The units of length.
const (
	Inches LengthUnit = iota
	Millimetres
	Paces
)

var lengthUnitNames = [...]string{"in", "mm", "paces"}

// String names the unit as ParseLengthUnit takes it and LengthReader
// reads it.
func (u LengthUnit) String() string {
	if u < 0 || int(u) >= len(lengthUnitNames) {
		return fmt.Sprintf("unit-%d", int(u))
	}
	return lengthUnitNames[u]
}

// ParseLengthUnit reads a unit name: in, inch, inches, ", mm, p, pace,
// paces.
func ParseLengthUnit(s string) (LengthUnit, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "in", "inch", "inches", `"`:
		return Inches, nil
	case "mm", "millimetre", "millimetres", "millimeter", "millimeters":
		return Millimetres, nil
	case "p", "pace", "paces":
		return Paces, nil
	}
	return 0, fmt.Errorf("unknown unit %q: use in, mm or paces", s)
}
