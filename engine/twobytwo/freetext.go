package twobytwo

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
	"github.com/grognard/grognard/engine/tabletop"
)

// The words a person types for a free-form move, a placement or a
// correction (engine.FreeForm, engine.Corrector, engine.LengthReader):
// lengths in inches, millimetres or paces, facings in degrees clockwise
// from north or compass words, units by label or number.

// LengthUnit is engine.LengthUnit, kept for callers of ParseLength;
// the free text itself reads units from Lengths.
type LengthUnit = engine.LengthUnit

// The units of length of LengthUnit.
const (
	Inches      = engine.Inches
	Millimetres = engine.Millimetres
	Paces       = engine.Paces
)

// lengths are 2 by 2's units of length (engine.Measurer), the inch first
// and in LengthUnit's order: ruling R-SCALE, 1" = 25 mm = 300 paces.
var lengths = []engine.Length{
	{Name: "in", Aliases: []string{"inch", "inches", `"`}, Words: "inches", PerOwn: 1},
	{Name: "mm", Aliases: []string{"millimetre", "millimetres", "millimeter", "millimeters"}, Words: "millimetres", PerOwn: 25},
	{Name: "paces", Aliases: []string{"p", "pace"}, Words: "paces", PerOwn: 300},
}

// Lengths are the units a person may give lengths in: inches (the
// program's own), millimetres and paces, converted by ruling R-SCALE
// (engine.Measurer). The slice is the caller's.
func (s *State) Lengths() []engine.Length { return append([]engine.Length(nil), lengths...) }

// lengthOf is the Length of a LengthUnit.
func lengthOf(u LengthUnit) engine.Length {
	if u < 0 || int(u) >= len(lengths) {
		return lengths[0]
	}
	return lengths[u]
}

// ParseLengthUnit reads a unit name: in, inch, inches, ", mm, p, pace,
// paces.
func ParseLengthUnit(s string) (LengthUnit, error) { return engine.ParseLengthUnit(s) }

// ParseLength reads a length with an optional unit suffix ("12.5",
// "12.5in", "300mm", "3600p") and returns it in inches; a bare number is
// in def (tabletop.ParseLength over 2 by 2's Lengths).
func ParseLength(s string, def LengthUnit) (float64, error) {
	return tabletop.ParseLength(s, lengths, lengthOf(def))
}

// ParseFacing reads a facing in degrees clockwise from north, or a compass
// word (north, ne, east, ...) (tabletop.ParseFacing).
func ParseFacing(s string) (float64, error) { return tabletop.ParseFacing(s) }

// Words splits a person's text into words at spaces and commas, a
// "quoted" or 'quoted' label kept whole, so "F3 Line" is one word (and ""
// an empty one) while an inch mark (3") stays as it is (tabletop.Words).
func Words(text string) ([]string, error) { return tabletop.Words(text) }

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

// splitLabel returns the unit label at the start of ws (the words up to
// the first keyword, a move's or a correction's mark; a quoted word is
// never a keyword) and the rest.
func splitLabel(ws []tabletop.Word) (string, []string) {
	k := 0
	for k < len(ws) && (ws[k].Quoted || !endsLabel(ws[k].Text)) {
		k++
	}
	return strings.Join(tabletop.Texts(ws[:k]), " "), tabletop.Texts(ws[k:])
}

// endsLabel reports whether w ends a unit's label: a move's keyword or a
// correction's mark (markWords, not-MARK).
func endsLabel(w string) bool {
	if moveWords[strings.ToLower(w)] {
		return true
	}
	_, _, mark := markWord(w)
	return mark
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
	labels := make([]string, s.n)
	for i := range labels {
		labels[i] = s.sc.Units[i].Label
	}
	i, err := tabletop.FindLabel(labels, label)
	if le := (*tabletop.LabelError)(nil); errors.As(err, &le) {
		if le.Ambiguous {
			return 0, fmt.Errorf("%v (see 'show units' for the labels)", err)
		}
		return 0, fmt.Errorf("no unit is labelled %q%s (see 'show units' for the labels)", label, le.Hint())
	}
	return i, err
}

// point reads "X Y" or "X,Y" from args, bare numbers in bare, and
// returns it in inches and the rest.
func point(args []string, bare engine.Length, what string) (geom.Vec, []string, error) {
	p, rest, err := tabletop.ParsePoint(args, lengths, bare)
	if errors.Is(err, tabletop.ErrNoPoint) {
		return p, args, fmt.Errorf("%s needs a point: X Y in %s from the south-west corner (or with %s after a number)", what, bare.Words, tabletop.Names(lengths))
	}
	return p, rest, err
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
	return s.parseMoveIn(text, lengths[0])
}

// ParseMoveIn is ParseMove with bare numbers in unit, any name or alias
// of Lengths ("in", "mm", "paces", "p"; engine.LengthReader).
func (s *State) ParseMoveIn(text, unit string) (engine.Action, error) {
	u, err := tabletop.Unit(lengths, unit)
	if err != nil {
		return engine.Action{}, err
	}
	return s.parseMoveIn(text, u)
}

func (s *State) parseMoveIn(text string, bare engine.Length) (engine.Action, error) {
	ws, err := tabletop.Split(text)
	if err != nil {
		return engine.Action{}, err
	}
	if len(ws) > 0 && !ws[0].Quoted && strings.EqualFold(ws[0].Text, "place") {
		return s.parsePlacement(ws[1:], bare)
	}
	return s.parseMove(ws, bare)
}

// parseMove reads a person's free-form move:
//
//	UNIT [via X Y]... to X Y [facing F] [slide]
//
// UNIT is a label ("F3 Line") or #N; points are in def unless suffixed; F
// is degrees from north or a compass word; without facing the unit ends
// facing the way it moved (its last leg). The rules check the move when
// it is played. A slide keeps the unit's facing unless one is given.
func (s *State) parseMove(args []tabletop.Word, def engine.Length) (engine.Action, error) {
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
	// set and clear are the marks of what the unit has done that a
	// correction sets (WORD) or clears (not-WORD): markWords.
	set, clear uint16
}

// markWords are the marks of what a unit has done this phase or turn that
// a person at the table sets by name in a correction, and clears by
// not-NAME (ruling R-TABLEEDIT): moved or held this movement phase, fired
// this shooting phase, in road column, through a town, fought this melee
// phase, followed up into the melee.
var markWords = [...]struct {
	word string
	flag uint16
}{
	{"moved", fMoved},
	{"fired", fFired},
	{"road-column", fRoadColumn},
	{"through-town", fThroughTown},
	{"fought", fFought},
	{"followed-up", fSubsequent},
}

// markWord is the flag a mark word sets (on) or its not- form clears.
func markWord(w string) (flag uint16, on, ok bool) {
	name, neg := strings.CutPrefix(strings.ToLower(w), "not-")
	for _, m := range markWords {
		if m.word == name {
			return m.flag, !neg, true
		}
	}
	return 0, false, false
}

// markHelp lists the mark words for CorrectHelp.
func markHelp() string {
	var b strings.Builder
	for k, m := range markWords {
		if k > 0 {
			b.WriteByte('|')
		}
		b.WriteString(m.word)
	}
	return b.String()
}

// parseUnitWords reads UNIT [at X Y] [facing F] [status S]; usage is the
// form quoted when a word is not understood.
func (s *State) parseUnitWords(args []tabletop.Word, def engine.Length, withStatus bool, usage string) (unitWords, error) {
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
			if f, on, ok := markWord(word); ok && withStatus {
				if on {
					u.set, u.clear = u.set|f, u.clear&^f
				} else {
					u.set, u.clear = u.set&^f, u.clear|f
				}
				continue
			}
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
func (s *State) parsePlacement(args []tabletop.Word, def engine.Length) (engine.Action, error) {
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
	return "unit UNIT [at X Y] [facing F] [status S] [" + markHelp() + "] (not-WORD clears one), or turn T [side S]: S is one of " + strings.Join(StatusNames(), ", ") +
		" for a unit, and 0, 1 or the side's name for the side to move"
}

// Correct makes the position match the table (ruling R-TABLEEDIT), its
// bare numbers in inches (engine.Corrector):
//
//	unit UNIT [at X Y] [facing F] [status S] [MARK|not-MARK ...]
//	turn T [side S]
//
// It says what it changed ("set F3 Line", "turn 5, Austrians to move"),
// or refuses with the reason and leaves the state unchanged.
func (s *State) Correct(text string) (string, error) {
	return s.correctIn(text, lengths[0])
}

// CorrectIn is Correct with bare numbers in unit, any name or alias of
// Lengths ("in", "mm", "paces"; engine.LengthReader).
func (s *State) CorrectIn(text, unit string) (string, error) {
	u, err := tabletop.Unit(lengths, unit)
	if err != nil {
		return "", err
	}
	return s.correctIn(text, u)
}

func (s *State) correctIn(text string, def engine.Length) (string, error) {
	ws, err := tabletop.Split(text)
	if err != nil {
		return "", err
	}
	if len(ws) == 0 {
		return "", fmt.Errorf("set needs unit UNIT ... or turn T [side S]")
	}
	next := *s
	var what string
	switch strings.ToLower(ws[0].Text) {
	case "unit":
		what, err = next.setUnitWords(ws[1:], def)
	case "turn":
		what, err = next.setTurnWords(tabletop.Texts(ws[1:]))
	default:
		return "", fmt.Errorf("set %q: set unit UNIT [at X Y] [facing F] [status S], or set turn T [side S]", ws[0].Text)
	}
	if err != nil {
		return "", err
	}
	*s = next
	return what, nil
}

func (s *State) setUnitWords(args []tabletop.Word, def engine.Length) (string, error) {
	u, err := s.parseUnitWords(args, def, true, "set unit UNIT [at X Y] [facing F] [status S] [moved|fired|... or not-moved|...]")
	if err != nil {
		return "", err
	}
	if u.at == nil && u.facing == nil && u.status == "" && u.set == 0 && u.clear == 0 {
		return "", fmt.Errorf("set unit %s: say what to change: at X Y, facing F, status S or what it has done (%s)", u.label, markHelp())
	}
	if u.at != nil || u.facing != nil || u.status != "" {
		if err := s.SetUnit(u.unit, UnitEdit{Pos: u.at, Facing: u.facing, Status: u.status}); err != nil {
			return "", err
		}
	}
	// The marks change no position or status, so they need none of
	// SetUnit's checks (R-TABLEEDIT: a correction never runs a rule).
	s.U[u.unit].Flags = (s.U[u.unit].Flags | u.set) &^ u.clear
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

var _ engine.Measurer = (*State)(nil)
