package protocol

import (
	"fmt"
	"strings"
)

// Unit is a unit of length the session reads bare numbers in: the
// tabletop speaks inches, millimetres and paces. The ruleset converts
// (engine.LengthReader; for 2 by 2, ruling R-SCALE: 1" = 25 mm = 300
// paces); everything the protocol prints is in inches.
type Unit int

// The units of length.
const (
	Inches Unit = iota
	Millimetres
	Paces
)

var unitNames = [...]string{"in", "mm", "paces"}

// String names the unit as the units command takes it, and as a ruleset
// reads it (engine.LengthReader).
func (u Unit) String() string { return unitNames[u] }

// ParseUnit reads a unit name: in, inch, inches, ", mm, p, pace, paces.
func ParseUnit(s string) (Unit, error) {
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
