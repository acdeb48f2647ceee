package twobytwo

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// The words a person types for a free-form move, a placement or a
// correction (engine.FreeForm, engine.Corrector, engine.LengthReader):
// lengths in inches, millimetres or paces, facings in degrees clockwise
// from north or compass words, units by label or number.

// LengthUnit is a unit of length a person's text may give bare numbers
// in (engine.LengthUnit); 2 by 2 converts them by ruling R-SCALE (1" =
// 25 mm = 300 paces); the program itself works in inches.
type LengthUnit = engine.LengthUnit

// The units of length.
const (
	Inches      = engine.Inches
	Millimetres = engine.Millimetres
	Paces       = engine.Paces
)

// perInch is how many of each unit make an inch.
var perInch = [...]float64{1, 25, 300}

// ParseLengthUnit reads a unit name: in, inch, inches, ", mm, p, pace,
// paces.
func ParseLengthUnit(s string) (LengthUnit, error) { return engine.ParseLengthUnit(s) }

// ParseLength reads a length with an optional unit suffix ("12.5",
// "12.5in", "300mm", "3600p") and returns it in inches; a bare number is
// in def.
func ParseLength(s string, def LengthUnit) (float64, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	num := strings.TrimRightFunc(t, func(r rune) bool { return r >= 'a' && r <= 'z' || r == '"' })
	u := def
	if num == "" {
		return 0, fmt.Errorf("%q is not a length: write a number, optionally followed by in, mm or p (paces)", s)
	}
	if suffix := t[len(num):]; suffix != "" {
		var err error
		if u, err = ParseLengthUnit(suffix); err != nil {
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

// Words splits a person's text into words: at spaces, except that a word
// that starts with a double quote runs to the next double quote that ends
// a word, so "F3 Line" is one word (and "" an empty one) while an inch
// mark (3") stays as it is.
func Words(text string) ([]string, error) {
	var words []string
	rs := []rune(text)
	space := func(c rune) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }
	for i := 0; i < len(rs); {
		switch {
		case space(rs[i]):
			i++
		case rs[i] == '"':
			j := i + 1
			for j < len(rs) && !(rs[j] == '"' && (j+1 == len(rs) || space(rs[j+1]))) {
				j++
			}
			if j == len(rs) {
				return nil, fmt.Errorf("a double quote is not closed")
			}
			words = append(words, string(rs[i+1:j]))
			i = j + 1
		default:
			j := i
			for j < len(rs) && !space(rs[j]) {
				j++
			}
			words = append(words, string(rs[i:j]))
			i = j
		}
	}
	return words, nil
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
func (s *State) findUnit(label string) (int, error) {
	if label == "" {
		return 0, fmt.Errorf("no unit named: write its label, e.g. \"F3 Line\", or #N for unit number N")
	}
	if n, ok := strings.CutPrefix(label, "#"); ok {
		i, err := strconv.Atoi(n)
		if err != nil || i < 0 || i >= s.NumUnits() {
			return 0, fmt.Errorf("no unit %s: unit numbers run from #0 to #%d", label, s.NumUnits()-1)
		}
		return i, nil
	}
	i, err := s.UnitByLabel(label)
	if err != nil {
		return 0, fmt.Errorf("%v (see 'show units' for the labels)", err)
	}
	return i, nil
}

// point reads "X Y" or "X,Y" from args and returns it and the rest.
func point(args []string, def LengthUnit, what string) (geom.Vec, []string, error) {
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

// MoveHelp says how to write a free-form move or placement
// (engine.FreeForm).
func (s *State) MoveHelp() string {
	return "UNIT [via X Y]... to X Y [facing F] [slide], or place UNIT at X Y [facing F]: UNIT is a label (\"F3 Line\") or #N, " +
		"X Y are inches from the south-west corner (or with mm or p suffixes), F is degrees clockwise from north or a compass word"
}

// ParseMove reads a person's free-form move or placement, its bare
// numbers in inches (engine.FreeForm); ParseMoveIn reads them in another
// unit.
func (s *State) ParseMove(text string) (engine.Action, error) {
	return s.parseMoveIn(text, Inches)
}

// ParseMoveIn is ParseMove with bare numbers in unit ("in", "mm",
// "paces"; engine.LengthReader).
func (s *State) ParseMoveIn(text, unit string) (engine.Action, error) {
	u, err := ParseLengthUnit(unit)
	if err != nil {
		return engine.Action{}, err
	}
	return s.parseMoveIn(text, u)
}

func (s *State) parseMoveIn(text string, def LengthUnit) (engine.Action, error) {
	args, err := Words(text)
	if err != nil {
		return engine.Action{}, err
	}
	if len(args) > 0 && strings.EqualFold(args[0], "place") {
		return s.parsePlacement(args[1:], def)
	}
	return s.parseMove(args, def)
}

// parseMove reads a person's free-form move:
//
//	UNIT [via X Y]... to X Y [facing F] [slide]
//
// UNIT is a label ("F3 Line") or #N; points are in def unless suffixed; F
// is degrees from north or a compass word; without facing the unit ends
// facing the way it moved (its last leg). The rules check the move when
// it is played. A slide keeps the unit's facing unless one is given.
func (s *State) parseMove(args []string, def LengthUnit) (engine.Action, error) {
	label, rest := splitLabel(args)
	unit, err := s.findUnit(label)
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
		from := s.U[unit].Pos
		if len(pts) > 1 {
			from = pts[len(pts)-2]
		}
		d := pts[len(pts)-1].Sub(from)
		if slide || d.Len() < 1e-9 {
			f = geom.FacingOf(s.U[unit].Dir)
		} else {
			f = geom.FacingOf(d)
		}
	}
	return FreeMove(unit, f, slide, pts...)
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
func (s *State) parseUnitWords(args []string, def LengthUnit, withStatus bool, usage string) (unitWords, error) {
	var u unitWords
	var rest []string
	var err error
	u.label, rest = splitLabel(args)
	if u.unit, err = s.findUnit(u.label); err != nil {
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
				return u, fmt.Errorf("'status' needs one of %s", strings.Join(StatusNames(), ", "))
			}
			u.status, rest = rest[0], rest[1:]
		default:
			return u, fmt.Errorf("unexpected %q: write %s", word, usage)
		}
	}
	return u, nil
}

// parsePlacement reads a person's placing of a unit, in deployment or as
// a reinforcement arrives:
//
//	UNIT at X Y [facing F]
//
// Without facing the unit faces the enemy's edge.
func (s *State) parsePlacement(args []string, def LengthUnit) (engine.Action, error) {
	u, err := s.parseUnitWords(args, def, false, "place UNIT at X Y [facing F]")
	if err != nil {
		return engine.Action{}, err
	}
	if u.at == nil {
		return engine.Action{}, fmt.Errorf("say where: place UNIT at X Y")
	}
	facing := FacingOfSide(s.Spec(u.unit).Side)
	if u.facing != nil {
		facing = *u.facing
	}
	return s.FreePlacement(u.unit, *u.at, facing)
}

// CorrectHelp says how to write a correction (engine.Corrector).
func (s *State) CorrectHelp() string {
	return "unit UNIT [at X Y] [facing F] [status S], or turn T [side S]: S is one of " + strings.Join(StatusNames(), ", ") +
		" for a unit, and 0, 1 or the side's name for the side to move"
}

// Correct makes the position match the table (ruling R-TABLEEDIT), its
// bare numbers in inches (engine.Corrector):
//
//	unit UNIT [at X Y] [facing F] [status S]
//	turn T [side S]
//
// It says what it changed ("set F3 Line", "turn 5, Austrians to move"),
// or refuses with the reason and leaves the state unchanged.
func (s *State) Correct(text string) (string, error) {
	return s.correctIn(text, Inches)
}

// CorrectIn is Correct with bare numbers in unit ("in", "mm", "paces";
// engine.LengthReader).
func (s *State) CorrectIn(text, unit string) (string, error) {
	u, err := ParseLengthUnit(unit)
	if err != nil {
		return "", err
	}
	return s.correctIn(text, u)
}

func (s *State) correctIn(text string, def LengthUnit) (string, error) {
	args, err := Words(text)
	if err != nil {
		return "", err
	}
	if len(args) == 0 {
		return "", fmt.Errorf("set needs unit UNIT ... or turn T [side S]")
	}
	next := *s
	var what string
	switch strings.ToLower(args[0]) {
	case "unit":
		what, err = next.setUnitWords(args[1:], def)
	case "turn":
		what, err = next.setTurnWords(args[1:])
	default:
		return "", fmt.Errorf("set %q: set unit UNIT [at X Y] [facing F] [status S], or set turn T [side S]", args[0])
	}
	if err != nil {
		return "", err
	}
	*s = next
	return what, nil
}

func (s *State) setUnitWords(args []string, def LengthUnit) (string, error) {
	u, err := s.parseUnitWords(args, def, true, "set unit UNIT [at X Y] [facing F] [status S]")
	if err != nil {
		return "", err
	}
	if u.at == nil && u.facing == nil && u.status == "" {
		return "", fmt.Errorf("set unit %s: say what to change: at X Y, facing F or status S", u.label)
	}
	if err := s.SetUnit(u.unit, UnitEdit{Pos: u.at, Facing: u.facing, Status: u.status}); err != nil {
		return "", err
	}
	return "set " + s.Spec(u.unit).Label, nil
}

func (s *State) setTurnWords(args []string) (string, error) {
	if len(args) == 0 {
		return "", fmt.Errorf("set turn needs a turn number")
	}
	turn, err := strconv.Atoi(args[0])
	if err != nil {
		return "", fmt.Errorf("turn %q is not a whole number", args[0])
	}
	side := s.Phasing()
	rest := args[1:]
	if len(rest) > 0 {
		if !strings.EqualFold(rest[0], "side") || len(rest) != 2 {
			return "", fmt.Errorf("set turn T [side S]: got %q", strings.Join(rest, " "))
		}
		if side, err = s.parseSide(rest[1]); err != nil {
			return "", err
		}
	}
	if err := s.SetTurn(turn, side); err != nil {
		return "", err
	}
	return fmt.Sprintf("turn %d, %s to move", turn, s.SideName(engine.Player(side))), nil
}

// parseSide reads a side as 0, 1 or the scenario's name for it.
func (s *State) parseSide(v string) (int, error) {
	p, err := engine.ParseSide(s, v)
	return int(p), err
}
