package protocol

import "github.com/grognard/grognard/engine"

// Unit is a unit of length the session reads bare numbers in
// (engine.LengthUnit); the ruleset converts (engine.LengthReader), and
// everything the protocol prints is in inches.
type Unit = engine.LengthUnit

// The units of length.
const (
	Inches      = engine.Inches
	Millimetres = engine.Millimetres
	Paces       = engine.Paces
)

// ParseUnit reads a unit name: in, inch, inches, ", mm, p, pace, paces.
func ParseUnit(s string) (Unit, error) { return engine.ParseLengthUnit(s) }
