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

// Length is one unit of length a ruleset reads numbers in.
type Length struct {
	// Name is the unit as a person writes it after a number and as the
	// protocol's units command names it ("in", "mm", "paces", "bw").
	Name string
	// Aliases are other ways to write it ("inch", "inches", `"`).
	Aliases []string
	// Words name it in prose ("inches", "base widths").
	Words string
	// PerOwn is how many of this unit make one of the ruleset's own unit
	// in the state at hand (1 for the own unit; 25 for mm when the own
	// unit is the inch). A scenario may set it (a base width in mm).
	PerOwn float64
}

// Measurer is a state whose ruleset declares the units of length a person
// may give numbers in: its own unit first (what bare numbers mean and
// what it prints), then the others it converts. Front ends list, accept
// and name units from it rather than assuming inches.
type Measurer interface {
	Lengths() []Length
}

// FindLength is the unit of lengths named name (its Name or an alias, any
// case), or an error listing the names lengths accepts.
func FindLength(lengths []Length, name string) (Length, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	names := make([]string, 0, len(lengths))
	for _, l := range lengths {
		if strings.EqualFold(l.Name, n) {
			return l, nil
		}
		for _, a := range l.Aliases {
			if strings.EqualFold(a, n) {
				return l, nil
			}
		}
		names = append(names, l.Name)
	}
	return Length{}, fmt.Errorf("unknown unit %q: use %s", name, strings.Join(names, ", "))
}
