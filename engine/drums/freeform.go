package drums

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
	"github.com/grognard/grognard/engine/tabletop"
)

// Free-form moves, corrections to match the table, and ruler
// instructions: what a person at a real table types and reads. Lengths
// are in BW unless a number carries a suffix (12in, 480mm, 48cm, 12bw)
// or the front end chose another unit (LengthReader): 1BW is the
// scenario's base width, 40mm for 15mm figures by default. Words, points,
// lengths, facings and labels are read by engine/tabletop: a label with
// spaces is quoted ("A1 Line" or 'A1 Line'), or written by a beginning no
// other label shares.

// baseMM is the scenario's base width in mm.
func (s *State) baseMM() float64 {
	if s.st.sc.BaseMM > 0 {
		return s.st.sc.BaseMM
	}
	return DefaultBaseMM
}

// Lengths are the units a person may give lengths in (engine.Measurer):
// base widths, the game's own (Game Scale: "Base Widths (BW) are used
// also in the game for movement and range distances"), then millimetres,
// centimetres and inches, converted at the scenario's base width (40mm
// unless it says otherwise). Ruling D-UNITS: no paces; the seed's ground
// scale is 1BW = 40 yds and it never measures in paces, so a pace would be
// a conversion of our own.
func (s *State) Lengths() []engine.Length {
	mm := s.baseMM()
	return []engine.Length{
		{Name: "bw", Aliases: []string{"base width", "base widths"}, Words: "base widths", PerOwn: 1},
		{Name: "mm", Aliases: []string{"millimetre", "millimetres", "millimeter", "millimeters"}, Words: "millimetres", PerOwn: mm},
		{Name: "cm", Aliases: []string{"centimetre", "centimetres", "centimeter", "centimeters"}, Words: "centimetres", PerOwn: mm / 10},
		{Name: "in", Aliases: []string{"inch", "inches", `"`}, Words: "inches", PerOwn: mm / 25.4},
	}
}

// maxLength is the longest length read, in BW: far beyond any table, and
// short of what the geometry's arithmetic would lose precision over.
const maxLength = 1e5

// point reads "X Y" or "X,Y" from words, bare numbers in bare, and
// returns it in BW and the words after it.
func (s *State) point(words []string, bare engine.Length) (geom.Vec, []string, error) {
	p, rest, err := tabletop.ParsePoint(words, s.Lengths(), bare)
	if err != nil {
		return geom.Vec{}, nil, err
	}
	if math.Abs(p.X) > maxLength || math.Abs(p.Y) > maxLength {
		return geom.Vec{}, nil, fmt.Errorf("%s is not on any table: write a point in %s from the south-west corner", tabletop.Point(p), bare.Words)
	}
	return p, rest, nil
}

// labels are the labels of the units (units) or of the generals, in
// index order, for tabletop.FindLabel.
func (s *State) labels(units bool) []string {
	if units {
		out := make([]string, s.st.nu)
		for i := range out {
			out[i] = s.st.units[i].Label
		}
		return out
	}
	out := make([]string, s.st.ng)
	for g := range out {
		out[g] = s.st.gens[g].Label
	}
	return out
}

// findLabel finds text among labels (tabletop.FindLabel), refusing in
// words that say what was sought ("no unit or general is labelled").
func findLabel(labels []string, text, what string) (int, error) {
	k, err := tabletop.FindLabel(labels, text)
	var le *tabletop.LabelError
	if errors.As(err, &le) && !le.Ambiguous {
		return -1, fmt.Errorf("no %s is labelled %q%s", what, text, le.Hint())
	}
	return k, err
}

// MoveHelp says how to write a free-form move (engine.FreeForm).
func (s *State) MoveHelp() string {
	return "UNIT to X Y [supply] (the activated unit advances towards the point, wheeling up to 90 degrees first), GENERAL to X Y, " +
		"or deploy GENERAL at X Y (his command's first line centred there): " +
		"X Y from the south-west corner in BW (12bw), or with mm, cm or in after the number; a label with spaces in quotes; or any order in the notation (F1 charge B3)"
}

// ParseMove reads a person's free-form move (engine.FreeForm), bare
// numbers in BW.
func (s *State) ParseMove(text string) (engine.Action, error) { return s.parseMoveIn(text, "") }

// ParseMoveIn is ParseMove with bare numbers in unit, any name of
// Lengths (engine.LengthReader).
func (s *State) ParseMoveIn(text, unit string) (engine.Action, error) {
	return s.parseMoveIn(text, unit)
}

func (s *State) parseMoveIn(text, unit string) (engine.Action, error) {
	if len(text) > 200 {
		return engine.Action{}, fmt.Errorf("a move is one short line")
	}
	bare, err := tabletop.Unit(s.Lengths(), unit)
	if err != nil {
		return engine.Action{}, err
	}
	ws, err := tabletop.Split(text)
	if err != nil {
		return engine.Action{}, err
	}
	if len(ws) > 0 && !ws[0].Quoted && strings.EqualFold(ws[0].Text, "move") {
		ws = ws[1:]
	}
	words := tabletop.Texts(ws)
	if len(words) >= 4 && !ws[0].Quoted && (strings.EqualFold(words[0], "deploy") || strings.EqualFold(words[0], "place")) && strings.EqualFold(words[2], "at") {
		// "deploy GENERAL at X Y", the point in the table's units (the
		// protocol's "place" verb says the same): the notation's
		// "deploy GENERAL at X,Y" (ruling D-DEPLOY).
		g, err := findLabel(s.labels(false), words[1], "general")
		if err != nil {
			return engine.Action{}, err
		}
		if s.st.gens[g].Cmd == NoCommand {
			return engine.Action{}, fmt.Errorf("%s is a force commander: deploy a sub-general's command", s.genLabel(g))
		}
		p, rest, err := s.point(words[3:], bare)
		if err != nil {
			return engine.Action{}, err
		}
		if len(rest) > 0 {
			return engine.Action{}, fmt.Errorf("%q after the point: write deploy GENERAL at X Y", strings.Join(rest, " "))
		}
		a := engine.Action{Kind: KDeploy, Unit: s.st.gens[g].Cmd, Arg: deployAt, NPath: 1, Path: [engine.MaxPath]geom.Vec{p}}
		return a, s.check(a)
	}
	if len(words) < 3 || ws[1].Quoted || !strings.EqualFold(words[1], "to") {
		if a, err := s.ParseAction(text); err == nil {
			return a, s.check(a)
		}
		return engine.Action{}, fmt.Errorf("write %s", s.MoveHelp())
	}
	p, rest, err := s.point(words[2:], bare)
	if err != nil {
		return engine.Action{}, err
	}
	// Generals first, then units, as the notation reads a label.
	k, err := findLabel(append(s.labels(false), s.labels(true)...), words[0], "unit or general")
	if err != nil {
		return engine.Action{}, err
	}
	a := engine.Action{Kind: KGeneralMove, Unit: uint8(k), NPath: 1}
	if k >= s.st.ng {
		a = engine.Action{Kind: KAdvance, Unit: uint8(k - s.st.ng), NPath: 1}
	}
	a.Path[0] = p
	if len(rest) == 1 && strings.EqualFold(rest[0], "supply") {
		a.Arg = 1
	} else if len(rest) > 0 {
		return engine.Action{}, fmt.Errorf("%q after the point: only supply may follow", strings.Join(rest, " "))
	}
	if err := s.check(a); err != nil {
		return engine.Action{}, err
	}
	return a, nil
}

// CorrectHelp says how to write a correction (engine.Corrector).
func (s *State) CorrectHelp() string {
	return "unit UNIT [at X Y] [facing F] [formation open|line|column|march|square] [hits N] [loaded|unloaded] [ap N] [shots N] [charges N] " +
		"[" + historyHelp + "] (not-WORD clears one), " +
		"general GENERAL at X Y, camp SIDE at X Y [facing F], camp SIDE lost|held, or supply SIDE N: X Y from the south-west corner in BW (or mm/cm/in), F degrees clockwise from north or a compass word"
}

// Correct makes the position match the table, bare numbers in BW
// (engine.Corrector); it says what it set, or refuses and changes nothing
// (ruling D-TABLEEDIT: a correction moves pieces and marks only; it never
// runs a rule, so a unit set to its last base is not broken by it).
func (s *State) Correct(text string) (string, error) { return s.correctIn(text, "") }

// CorrectIn is Correct with bare numbers in unit, any name of Lengths
// (engine.LengthReader).
func (s *State) CorrectIn(text, unit string) (string, error) {
	return s.correctIn(text, unit)
}

func (s *State) correctIn(text, unitName string) (string, error) {
	if len(text) > 300 {
		return "", fmt.Errorf("a correction is one short line")
	}
	unit, err := tabletop.Unit(s.Lengths(), unitName)
	if err != nil {
		return "", err
	}
	w, err := tabletop.Words(text)
	if err != nil {
		return "", err
	}
	if len(w) < 2 {
		return "", fmt.Errorf("write %s", s.CorrectHelp())
	}
	next := *s
	switch strings.ToLower(w[0]) {
	case "unit":
		i, err := findLabel(s.labels(true), w[1], "unit")
		if err != nil {
			return "", err
		}
		label := s.st.units[i].Label
		if !s.alive(i) {
			return "", fmt.Errorf("%s is not on the table", label)
		}
		u := &next.Units[i]
		p := s.prof(i)
		rest := w[2:]
		for len(rest) > 0 {
			key := strings.ToLower(rest[0])
			rest = rest[1:]
			switch key {
			case "at":
				pt, r, err := s.point(rest, unit)
				if err != nil {
					return "", err
				}
				u.Front, rest = pt, r
			case "facing":
				if len(rest) == 0 {
					return "", fmt.Errorf("facing needs degrees clockwise from north")
				}
				f, err := tabletop.ParseFacing(rest[0])
				if err != nil {
					return "", fmt.Errorf("facing: %w", err)
				}
				u.Facing, rest = f, rest[1:]
			case "formation":
				if len(rest) == 0 {
					return "", fmt.Errorf("formation needs open, line, column, march or square")
				}
				k := index(formWords[:], rest[0])
				if k <= 0 || !FormationAllowed(p.Type, p.Doctrines, Formation(k)) {
					return "", fmt.Errorf("formation %q is not one %s may take", rest[0], label)
				}
				u.Form, rest = Formation(k), rest[1:]
			case "hits":
				if len(rest) == 0 {
					return "", fmt.Errorf("hits needs a number")
				}
				n, err := strconv.Atoi(rest[0])
				if err != nil || n < 0 || n >= p.Strength() {
					return "", fmt.Errorf("hits %q: 0 to %d (a unit with no strength left is broken: remove it at the table and tell the program by a correction of its last hits)", rest[0], p.Strength()-1)
				}
				u.Hits, rest = uint8(n), rest[1:]
			case "loaded":
				u.Flags |= fLoaded
			case "unloaded":
				u.Flags &^= fLoaded
			case "ap", "shots", "charges":
				n, r, err := count(key, rest)
				if err != nil {
					return "", err
				}
				switch {
				case key == "ap" && n > 2:
					return "", fmt.Errorf("ap %d: a unit has 0 to 2 action points left (Actions)", n)
				case key == "ap":
					u.AP = uint8(n)
				case key == "shots":
					u.Shots = uint8(n)
				default:
					u.Charges = uint8(n)
				}
				rest = r
			default:
				if f, on, ok := historyWord(key); ok {
					if on {
						u.Flags |= f
					} else {
						u.Flags &^= f
					}
					continue
				}
				return "", fmt.Errorf("%q: write %s", key, s.CorrectHelp())
			}
		}
		r := next.rect(i)
		if !next.onTable(r) {
			return "", fmt.Errorf("%s would stand off the table", label)
		}
		*s = next
		return "set " + s.unitWords(i), nil
	case "general":
		g, err := findLabel(s.labels(false), w[1], "general")
		if err != nil {
			return "", err
		}
		label := s.genLabel(g)
		if len(w) < 4 || !strings.EqualFold(w[2], "at") {
			return "", fmt.Errorf("write general %s at X Y", label)
		}
		pt, rest, err := s.point(w[3:], unit)
		if err != nil {
			return "", err
		}
		if len(rest) > 0 || pt.X < 0 || pt.Y < 0 || pt.X > s.st.sc.Width || pt.Y > s.st.sc.Depth {
			return "", fmt.Errorf("general %s: a point on the %sx%s BW table", label, tabletop.Num(s.st.sc.Width), tabletop.Num(s.st.sc.Depth))
		}
		if !s.Gens[g].Alive || !s.Gens[g].Placed {
			return "", fmt.Errorf("general %s is not on the table", label)
		}
		s.Gens[g].Pos = pt
		return "set general " + label, nil
	case "camp":
		return s.correctCamp(w[1:], unit)
	case "supply":
		side, err := engine.ParseSide(s, w[1])
		if err != nil || len(w) != 3 {
			return "", fmt.Errorf("write supply SIDE N")
		}
		n, err := strconv.Atoi(w[2])
		if err != nil || n < 0 || n > 40 || n > 0 && s.Camp[side].Lost {
			return "", fmt.Errorf("supply %q: 0 to 40 dice, none once the camp is lost", w[2])
		}
		s.Supply[side] = uint8(n)
		return fmt.Sprintf("%s supply dice set to %d", s.sideName(int(side)), n), nil
	}
	return "", fmt.Errorf("write %s", s.CorrectHelp())
}

// wheelWords says a wheel of ang degrees (positive clockwise) as a person
// makes it: its angle, its direction and the corner it pivots on
// ("21 degrees right (clockwise) on its right front corner").
func wheelWords(ang float64) string {
	if ang < 0 {
		return fmt.Sprintf("%.0f degrees left (anticlockwise) on its left front corner", -ang)
	}
	return fmt.Sprintf("%.0f degrees right (clockwise) on its right front corner", ang)
}

// historyWords are the marks of what a unit has done this turn or in the
// game that a correction sets by name, and clears by not-NAME: a person
// at a real table tells the program what the unit did there (Drums and
// Muskets' Shooting Tables, Resilience Situation and Hold Test read them).
var historyWords = [...]struct {
	word string
	flag uint32
}{
	{"activated", fActivated},
	{"moved", fMoved},
	{"shot", fShot},
	{"hit", fHit},
	{"hit-by-guns", fHitByGuns},
	{"retired", fForcedRetire},
	{"evaded", fEvaded},
	{"interpenetrated", fInterpen},
	{"first-shot-spent", fFirstShot},
	{"first-melee-spent", fMeleeFought},
}

// historyHelp lists the history words for CorrectHelp.
var historyHelp = func() string {
	words := make([]string, len(historyWords))
	for k, h := range historyWords {
		words[k] = h.word
	}
	return strings.Join(words, "|")
}()

// historyWord is the flag a history word sets (on) or its not- form
// clears.
func historyWord(w string) (flag uint32, on, ok bool) {
	w = strings.ToLower(w)
	name, neg := strings.CutPrefix(w, "not-")
	for _, h := range historyWords {
		if h.word == name {
			return h.flag, !neg, true
		}
	}
	return 0, false, false
}

// count reads the whole number after key (ap, shots, charges): 0 to 99.
func count(key string, rest []string) (int, []string, error) {
	if len(rest) == 0 {
		return 0, nil, fmt.Errorf("%s needs a number", key)
	}
	n, err := strconv.Atoi(rest[0])
	if err != nil || n < 0 || n > 99 {
		return 0, nil, fmt.Errorf("%s %q: a whole number, 0 to 99", key, rest[0])
	}
	return n, rest[1:], nil
}

// correctCamp moves a side's baggage camp on the table ("camp SIDE at X Y
// [facing F]", the midpoint of its front edge as a unit's), marks it lost,
// or held again after a lost mark given by mistake (a correction of the
// mark only: the supply dice are set with "supply").
func (s *State) correctCamp(w []string, unit engine.Length) (string, error) {
	const usage = "write camp SIDE at X Y [facing F], camp SIDE lost or camp SIDE held"
	if len(w) < 2 {
		return "", errors.New(usage)
	}
	side, err := engine.ParseSide(s, w[0])
	if err != nil {
		return "", fmt.Errorf("%w: %s", err, usage)
	}
	c := &s.Camp[side]
	name := "the " + s.sideName(int(side)) + " baggage camp"
	if !c.Placed {
		return "", fmt.Errorf("%s is not on the table yet: it is placed in deployment", name)
	}
	switch strings.ToLower(w[1]) {
	case "lost":
		if len(w) != 2 {
			return "", errors.New(usage)
		}
		if c.Lost {
			return "", fmt.Errorf("%s is already lost", name)
		}
		c.Lost = true
		s.Supply[side] = 0
		return name + " is lost", nil
	case "held":
		if len(w) != 2 {
			return "", errors.New(usage)
		}
		c.Lost = false
		return name + " is held (set the supply dice with supply SIDE N)", nil
	case "at":
		pt, rest, err := s.point(w[2:], unit)
		if err != nil {
			return "", err
		}
		next := *c
		next.Front = pt
		if len(rest) >= 2 && strings.EqualFold(rest[0], "facing") {
			f, err := tabletop.ParseFacing(rest[1])
			if err != nil {
				return "", fmt.Errorf("facing: %w", err)
			}
			next.Facing, rest = f, rest[2:]
		}
		if len(rest) > 0 {
			return "", fmt.Errorf("%q: %s", strings.Join(rest, " "), usage)
		}
		saved := *c
		*c = next
		if !s.onTable(s.campRect(int(side))) {
			*c = saved
			return "", fmt.Errorf("%s would stand off the table (it is 6 by 4 BW behind its front edge)", name)
		}
		return fmt.Sprintf("%s set at (%s) facing %s", name, tabletop.Point(c.Front), tabletop.Num(c.Facing)), nil
	}
	return "", errors.New(usage)
}

// TableInstructions says how to carry out a on a real table with a ruler
// (engine.TableInstructor): which unit, the wheel and its pivot, the
// direction and the dice for the distance, in BW and mm.
func (s *State) TableInstructions(a engine.Action) string {
	mm := s.baseMM()
	i := int(a.Unit)
	switch a.Kind {
	case KAdvance:
		if i >= s.st.nu || !s.alive(i) {
			break
		}
		u := &s.Units[i]
		w, _ := Size(s.prof(i).Type, u.Form, s.Bases(i))
		ang := WheelToward(w, u.Front, u.Facing, a.Path[0], 90)
		var b strings.Builder
		fmt.Fprintf(&b, "%s: its front centre stands at (%s, %s) BW facing %.0f.", s.unitWords(i), tabletop.Num(u.Front.X), tabletop.Num(u.Front.Y), u.Facing)
		if math.Abs(ang) > 0.5 {
			_, _, cost := Wheel(w, u.Front, u.Facing, ang)
			fmt.Fprintf(&b, " Wheel %s (the outer corner travels %s BW, %.0f mm, taken from the move).", wheelWords(ang), tabletop.Num(cost), cost*mm)
		}
		fmt.Fprintf(&b, " Throw the movement dice and advance straight ahead up to that many BW (1 BW = %s mm), stopping at (%s, %s) or 1 BW short of any enemy.", tabletop.Num(mm), tabletop.Num(a.Path[0].X), tabletop.Num(a.Path[0].Y))
		return b.String()
	case KRetire:
		if i < s.st.nu {
			return fmt.Sprintf("%s: throw the movement dice and move it straight back that many BW (1 BW = %s mm), keeping its facing.", s.unitWords(i), tabletop.Num(mm))
		}
	case KCharge:
		if i < s.st.nu && s.alive(i) {
			ang, cost, dist, ok := s.chargePath(i, int(a.Target))
			if ok {
				wheel := "no wheel"
				if math.Abs(ang) >= 0.5 {
					wheel = "wheel " + wheelWords(ang)
				}
				return fmt.Sprintf("%s charges %s: %s (%s BW), then straight ahead; contact needs %s BW (%.0f mm) of the charge dice.", s.unitWords(i), s.targetWords(int(a.Target)), wheel, tabletop.Num(cost), tabletop.Num(dist+cost), (dist+cost)*mm)
			}
		}
	case KGeneralMove:
		if int(a.Unit) < s.st.ng {
			p := s.Gens[a.Unit].Pos
			return fmt.Sprintf("general %s: move him from (%s) to (%s) BW, %s BW (%.0f mm).", s.genLabel(int(a.Unit)), tabletop.Point(p), tabletop.Point(a.Path[0]), tabletop.Num(p.Dist(a.Path[0])), p.Dist(a.Path[0])*mm)
		}
	}
	return s.DescribeAction(a)
}

var (
	_ engine.FreeForm        = (*State)(nil)
	_ engine.Corrector       = (*State)(nil)
	_ engine.LengthReader    = (*State)(nil)
	_ engine.Measurer        = (*State)(nil)
	_ engine.TableInstructor = (*State)(nil)
)
