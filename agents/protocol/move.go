package protocol

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
	"github.com/grognard/grognard/engine/twobytwo"
)

// Unit is a unit of length the protocol reads: the tabletop speaks inches,
// millimetres and paces. The conversions are the rules' own (ruling
// R-SCALE of the 2 by 2 notes: 1" = 25 mm = 300 paces); everything the
// protocol prints is in inches.
type Unit int

// The units of length.
const (
	Inches Unit = iota
	Millimetres
	Paces
)

var unitNames = [...]string{"in", "mm", "paces"}

// String names the unit as the units command takes it.
func (u Unit) String() string { return unitNames[u] }

// perInch is how many of each unit make an inch.
var perInch = [...]float64{1, 25, 300}

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

// ParseLength reads a length with an optional unit suffix ("12.5",
// "12.5in", "300mm", "3600p") and returns it in inches; a bare number is
// in def.
func ParseLength(s string, def Unit) (float64, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	num := strings.TrimRightFunc(t, func(r rune) bool { return r >= 'a' && r <= 'z' || r == '"' })
	u := def
	if num == "" {
		return 0, fmt.Errorf("%q is not a length: write a number, optionally followed by in, mm or p (paces)", s)
	}
	if suffix := t[len(num):]; suffix != "" {
		var err error
		if u, err = ParseUnit(suffix); err != nil {
			return 0, fmt.Errorf("length %q: %v", s, err)
		}
	}
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%q is not a length: write a number, optionally followed by in, mm or p (paces)", s)
	}
	return v / perInch[u], nil
}

// compass maps compass words to facings (degrees clockwise from north).
var compass = map[string]float64{
	"n": 0, "north": 0, "ne": 45, "northeast": 45, "e": 90, "east": 90, "se": 135, "southeast": 135,
	"s": 180, "south": 180, "sw": 225, "southwest": 225, "w": 270, "west": 270, "nw": 315, "northwest": 315,
}

// ParseFacing reads a facing in degrees clockwise from north, or a compass
// word (north, ne, east, ...).
func ParseFacing(s string) (float64, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if d, ok := compass[t]; ok {
		return d, nil
	}
	v, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSuffix(t, "deg"), "°"), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%q is not a facing: write degrees clockwise from north (0 to 360) or a compass word such as north or ne", s)
	}
	return geom.NormDeg(v), nil
}

// facingArg reads the angle after 'facing' and returns it and the rest.
func facingArg(args []string) (float64, []string, error) {
	if len(args) == 0 {
		return 0, args, fmt.Errorf("'facing' needs an angle in degrees from north or a compass word")
	}
	f, err := ParseFacing(args[0])
	return f, args[1:], err
}

// moveWords are the keywords of a free-form move; a unit label is the
// words before the first of them.
var moveWords = map[string]bool{"to": true, "via": true, "facing": true, "face": true, "slide": true, "at": true, "status": true}

// splitLabel returns the unit label at the start of args (the words up to
// the first keyword) and the rest.
func splitLabel(args []string) (string, []string) {
	k := 0
	for k < len(args) && !moveWords[strings.ToLower(args[k])] {
		k++
	}
	return strings.Join(args[:k], " "), args[k:]
}

// findUnit resolves a unit by label (case ignored) or by index written
// #N.
func findUnit(st *twobytwo.State, label string) (int, error) {
	if label == "" {
		return 0, fmt.Errorf("no unit named: write its label, e.g. \"F3 Line\", or #N for unit number N")
	}
	if n, ok := strings.CutPrefix(label, "#"); ok {
		i, err := strconv.Atoi(n)
		if err != nil || i < 0 || i >= st.NumUnits() {
			return 0, fmt.Errorf("no unit %s: unit numbers run from #0 to #%d", label, st.NumUnits()-1)
		}
		return i, nil
	}
	i, err := st.UnitByLabel(label)
	if err != nil {
		return 0, fmt.Errorf("%v (see 'show units' for the labels)", err)
	}
	return i, nil
}

// point reads "X Y" or "X,Y" from args and returns it and the rest.
func point(args []string, def Unit, what string) (geom.Vec, []string, error) {
	var nums []string
	rest := args
	for len(nums) < 2 && len(rest) > 0 {
		for _, p := range strings.Split(rest[0], ",") {
			if p != "" {
				nums = append(nums, p)
			}
		}
		rest = rest[1:]
	}
	if len(nums) != 2 {
		return geom.Vec{}, args, fmt.Errorf("%s needs a point: X Y in inches from the south-west corner (or with mm or p suffixes)", what)
	}
	x, err := ParseLength(nums[0], def)
	if err != nil {
		return geom.Vec{}, args, err
	}
	y, err := ParseLength(nums[1], def)
	if err != nil {
		return geom.Vec{}, args, err
	}
	return geom.Vec{X: x, Y: y}, rest, nil
}

// ParseMove reads a person's free-form move for st:
//
//	UNIT [via X Y]... to X Y [facing F] [slide]
//
// UNIT is a label ("F3 Line") or #N; points are in def unless suffixed; F
// is degrees from north or a compass word; without facing the unit ends
// facing the way it moved (its last leg). The rules check the move when
// it is played. A slide keeps the unit's facing unless one is given.
func ParseMove(st *twobytwo.State, args []string, def Unit) (engine.Action, error) {
	label, rest := splitLabel(args)
	unit, err := findUnit(st, label)
	if err != nil {
		return engine.Action{}, err
	}
	var via []geom.Vec
	var dest *geom.Vec
	var facing *float64
	slide := false
	for len(rest) > 0 {
		word := strings.ToLower(rest[0])
		rest = rest[1:]
		switch word {
		case "via", "to":
			if word == "to" && dest != nil {
				return engine.Action{}, fmt.Errorf("the move has two destinations: give 'to' once and waypoints with 'via'")
			}
			if word == "via" && dest != nil {
				return engine.Action{}, fmt.Errorf("waypoints ('via') come before the destination ('to')")
			}
			var p geom.Vec
			if p, rest, err = point(rest, def, "'"+word+"'"); err != nil {
				return engine.Action{}, err
			}
			if word == "to" {
				dest = &p
			} else {
				via = append(via, p)
			}
		case "facing", "face":
			var f float64
			if f, rest, err = facingArg(rest); err != nil {
				return engine.Action{}, err
			}
			facing = &f
		case "slide":
			slide = true
		default:
			return engine.Action{}, fmt.Errorf("unexpected %q in the move: write UNIT [via X Y]... to X Y [facing DEG] [slide]", word)
		}
	}
	if dest == nil {
		return engine.Action{}, fmt.Errorf("the move has no destination: write UNIT to X Y")
	}
	if len(via)+1 > engine.MaxPath {
		return engine.Action{}, fmt.Errorf("a move has at most %d waypoints", engine.MaxPath-1)
	}
	pts := append(via, *dest)
	f := 0.0
	if facing != nil {
		f = *facing
	} else {
		from := st.U[unit].Pos
		if len(pts) > 1 {
			from = pts[len(pts)-2]
		}
		d := pts[len(pts)-1].Sub(from)
		if slide || d.Len() < 1e-9 {
			f = geom.FacingOf(st.U[unit].Dir)
		} else {
			f = geom.FacingOf(d)
		}
	}
	return twobytwo.FreeMove(unit, f, slide, pts...)
}

// unitWords is a unit named at the start of some words and what the
// words after it say: "at X Y", "facing F", and where allowed "status S".
type unitWords struct {
	unit   int
	label  string
	at     *geom.Vec
	facing *float64
	status string
}

// parseUnitWords reads UNIT [at X Y] [facing F] [status S]; usage is the
// form quoted when a word is not understood.
func parseUnitWords(st *twobytwo.State, args []string, def Unit, withStatus bool, usage string) (unitWords, error) {
	var u unitWords
	var rest []string
	var err error
	u.label, rest = splitLabel(args)
	if u.unit, err = findUnit(st, u.label); err != nil {
		return u, err
	}
	for len(rest) > 0 {
		word := strings.ToLower(rest[0])
		rest = rest[1:]
		switch {
		case word == "at" || word == "to":
			var p geom.Vec
			if p, rest, err = point(rest, def, "'at'"); err != nil {
				return u, err
			}
			u.at = &p
		case word == "facing" || word == "face":
			var f float64
			if f, rest, err = facingArg(rest); err != nil {
				return u, err
			}
			u.facing = &f
		case word == "status" && withStatus:
			if len(rest) == 0 {
				return u, fmt.Errorf("'status' needs one of %s", strings.Join(twobytwo.StatusNames(), ", "))
			}
			u.status, rest = rest[0], rest[1:]
		default:
			return u, fmt.Errorf("unexpected %q: write %s", word, usage)
		}
	}
	return u, nil
}

// ParsePlacement reads a person's placing of a unit, in deployment or as
// a reinforcement arrives:
//
//	UNIT at X Y [facing F]
//
// Without facing the unit faces the enemy's edge.
func ParsePlacement(st *twobytwo.State, args []string, def Unit) (engine.Action, error) {
	u, err := parseUnitWords(st, args, def, false, "place UNIT at X Y [facing F]")
	if err != nil {
		return engine.Action{}, err
	}
	if u.at == nil {
		return engine.Action{}, fmt.Errorf("say where: place UNIT at X Y")
	}
	facing := twobytwo.FacingOfSide(st.Spec(u.unit).Side)
	if u.facing != nil {
		facing = *u.facing
	}
	return st.FreePlacement(u.unit, *u.at, facing)
}
