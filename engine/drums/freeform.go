package drums

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// Free-form moves, corrections to match the table, and ruler
// instructions: what a person at a real table types and reads. Lengths
// are in BW unless a number carries a suffix (12in, 480mm, 12bw) or the
// front end chose another unit (LengthReader): 1BW is the scenario's base
// width, 40mm for 15mm figures by default.

// baseMM is the scenario's base width in mm.
func (s *State) baseMM() float64 {
	if s.st.sc.BaseMM > 0 {
		return s.st.sc.BaseMM
	}
	return DefaultBaseMM
}

// lengthIn reads a length with an optional suffix; bare numbers are in def
// ("bw", "in" or "mm").
func (s *State) lengthIn(t, def string) (float64, error) {
	unit := def
	low := strings.ToLower(t)
	for _, suf := range []string{"bw", "mm", "in", "\""} {
		if strings.HasSuffix(low, suf) {
			unit, low = suf, strings.TrimSuffix(low, suf)
			break
		}
	}
	v, err := strconv.ParseFloat(low, 64)
	if err != nil || !finite(v) || math.Abs(v) > 1e5 {
		return 0, fmt.Errorf("%q is not a length: write a number, with bw, mm or in after it if it is not in %s", t, def)
	}
	switch unit {
	case "bw":
		return v, nil
	case "mm":
		return v / s.baseMM(), nil
	case "in", "\"":
		return v * 25.4 / s.baseMM(), nil
	}
	return 0, fmt.Errorf("unknown unit %q: bw, mm or in", unit)
}

// checkUnit refuses a length unit the ruleset does not read.
func checkUnit(unit string) (string, error) {
	switch u := strings.ToLower(unit); u {
	case "", "bw":
		return "bw", nil
	case "in", "mm":
		return u, nil
	}
	return "", fmt.Errorf("Drums and Muskets measures in base widths: use bw, mm or in, not %q", unit)
}

// point reads "X Y" or "X,Y" from words, returning the rest.
func (s *State) point(words []string, def string) (geom.Vec, []string, error) {
	if len(words) == 0 {
		return geom.Vec{}, nil, fmt.Errorf("a point is missing: write X Y")
	}
	var xs, ys string
	rest := words
	if x, y, ok := strings.Cut(words[0], ","); ok {
		xs, ys, rest = x, y, words[1:]
	} else {
		if len(words) < 2 {
			return geom.Vec{}, nil, fmt.Errorf("a point needs two numbers, X Y")
		}
		xs, ys, rest = words[0], words[1], words[2:]
	}
	x, err := s.lengthIn(xs, def)
	if err != nil {
		return geom.Vec{}, nil, err
	}
	y, err := s.lengthIn(ys, def)
	if err != nil {
		return geom.Vec{}, nil, err
	}
	return geom.V(x, y), rest, nil
}

// MoveHelp says how to write a free-form move (engine.FreeForm).
func (s *State) MoveHelp() string {
	return "UNIT to X Y [supply] (the activated unit advances towards the point, wheeling up to 90 degrees first), GENERAL to X Y, " +
		"or deploy GENERAL at X Y (his command's first line centred there): " +
		"X Y from the south-west corner in BW (12bw), or with mm or in after the number; or any order in the notation (F1 charge B3)"
}

// ParseMove reads a person's free-form move (engine.FreeForm), bare
// numbers in BW.
func (s *State) ParseMove(text string) (engine.Action, error) { return s.parseMoveIn(text, "bw") }

// ParseMoveIn is ParseMove with bare numbers in unit (engine.LengthReader).
func (s *State) ParseMoveIn(text, unit string) (engine.Action, error) {
	u, err := checkUnit(unit)
	if err != nil {
		return engine.Action{}, err
	}
	return s.parseMoveIn(text, u)
}

func (s *State) parseMoveIn(text, unit string) (engine.Action, error) {
	if len(text) > 200 {
		return engine.Action{}, fmt.Errorf("a move is one short line")
	}
	words := strings.Fields(text)
	if len(words) > 0 && strings.EqualFold(words[0], "move") {
		words = words[1:]
	}
	if len(words) >= 4 && (strings.EqualFold(words[0], "deploy") || strings.EqualFold(words[0], "place")) && strings.EqualFold(words[2], "at") {
		// "deploy GENERAL at X Y", the point in the table's units (the
		// protocol's "place" verb says the same).
		p, rest, err := s.point(words[3:], unit)
		if err != nil {
			return engine.Action{}, err
		}
		if len(rest) > 0 {
			return engine.Action{}, fmt.Errorf("%q after the point: write deploy GENERAL at X Y", strings.Join(rest, " "))
		}
		a, err := s.ParseAction("deploy " + words[1] + " at " + fpoint(p))
		if err != nil {
			return engine.Action{}, err
		}
		return a, s.check(a)
	}
	if len(words) < 3 || !strings.EqualFold(words[1], "to") {
		if a, err := s.ParseAction(text); err == nil {
			return a, s.check(a)
		}
		return engine.Action{}, fmt.Errorf("write %s", s.MoveHelp())
	}
	p, rest, err := s.point(words[2:], unit)
	if err != nil {
		return engine.Action{}, err
	}
	var a engine.Action
	if g, ok := s.generalNamed(words[0]); ok {
		a = engine.Action{Kind: KGeneralMove, Unit: uint8(g), NPath: 1}
	} else if i, ok := s.unitNamed(words[0]); ok {
		a = engine.Action{Kind: KAdvance, Unit: uint8(i), NPath: 1}
	} else {
		return engine.Action{}, fmt.Errorf("no unit or general is labelled %q", words[0])
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
	return "unit UNIT [at X Y] [facing F] [formation open|line|column|march|square] [hits N] [loaded|unloaded], " +
		"general GENERAL at X Y, camp SIDE lost, or supply SIDE N: X Y from the south-west corner in BW (or mm/in), F degrees clockwise from north"
}

// Correct makes the position match the table, bare numbers in BW
// (engine.Corrector); it says what it set, or refuses and changes nothing
// (ruling D-TABLEEDIT: a correction moves pieces and marks only; it never
// runs a rule, so a unit set to its last base is not broken by it).
func (s *State) Correct(text string) (string, error) { return s.correctIn(text, "bw") }

// CorrectIn is Correct with bare numbers in unit (engine.LengthReader).
func (s *State) CorrectIn(text, unit string) (string, error) {
	u, err := checkUnit(unit)
	if err != nil {
		return "", err
	}
	return s.correctIn(text, u)
}

func (s *State) correctIn(text, unit string) (string, error) {
	if len(text) > 300 {
		return "", fmt.Errorf("a correction is one short line")
	}
	w := strings.Fields(text)
	if len(w) < 2 {
		return "", fmt.Errorf("write %s", s.CorrectHelp())
	}
	next := *s
	switch strings.ToLower(w[0]) {
	case "unit":
		i, ok := s.unitNamed(w[1])
		if !ok {
			return "", fmt.Errorf("no unit is labelled %q", w[1])
		}
		if !s.alive(i) {
			return "", fmt.Errorf("%s is not on the table", w[1])
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
				f, err := strconv.ParseFloat(rest[0], 64)
				if err != nil || !finite(f) {
					return "", fmt.Errorf("facing %q: degrees clockwise from north", rest[0])
				}
				u.Facing, rest = geom.NormDeg(f), rest[1:]
			case "formation":
				if len(rest) == 0 {
					return "", fmt.Errorf("formation needs open, line, column, march or square")
				}
				k := index(formWords[:], rest[0])
				if k <= 0 || !FormationAllowed(p.Type, p.Doctrines, Formation(k)) {
					return "", fmt.Errorf("formation %q is not one %s may take", rest[0], w[1])
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
			default:
				return "", fmt.Errorf("%q: write %s", key, s.CorrectHelp())
			}
		}
		r := next.rect(i)
		if !next.onTable(r) {
			return "", fmt.Errorf("%s would stand off the table", w[1])
		}
		*s = next
		return "set " + s.unitWords(i), nil
	case "general":
		g, ok := s.generalNamed(w[1])
		if !ok {
			return "", fmt.Errorf("no general is labelled %q", w[1])
		}
		if len(w) < 4 || !strings.EqualFold(w[2], "at") {
			return "", fmt.Errorf("write general %s at X Y", w[1])
		}
		pt, rest, err := s.point(w[3:], unit)
		if err != nil {
			return "", err
		}
		if len(rest) > 0 || pt.X < 0 || pt.Y < 0 || pt.X > s.st.sc.Width || pt.Y > s.st.sc.Depth {
			return "", fmt.Errorf("general %s: a point on the %gx%g BW table", w[1], s.st.sc.Width, s.st.sc.Depth)
		}
		if !s.Gens[g].Alive || !s.Gens[g].Placed {
			return "", fmt.Errorf("general %s is not on the table", w[1])
		}
		s.Gens[g].Pos = pt
		return "set general " + w[1], nil
	case "camp":
		side, err := engine.ParseSide(s, w[1])
		if err != nil || len(w) != 3 || !strings.EqualFold(w[2], "lost") {
			return "", fmt.Errorf("write camp SIDE lost")
		}
		if s.Camp[side].Lost || !s.Camp[side].Placed {
			return "", fmt.Errorf("the %s camp is not on the table", s.sideName(int(side)))
		}
		s.Camp[side].Lost = true
		s.Supply[side] = 0
		return "the " + s.sideName(int(side)) + " baggage camp is lost", nil
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
		fmt.Fprintf(&b, "%s: its front centre stands at (%.1f, %.1f) BW facing %.0f.", s.unitWords(i), u.Front.X, u.Front.Y, u.Facing)
		if math.Abs(ang) > 0.5 {
			pivot := "right"
			if ang < 0 {
				pivot = "left"
			}
			_, _, cost := Wheel(w, u.Front, u.Facing, ang)
			fmt.Fprintf(&b, " Wheel %.0f degrees on its %s front corner (the outer corner travels %.1f BW, %.0f mm, taken from the move).", math.Abs(ang), pivot, cost, cost*mm)
		}
		fmt.Fprintf(&b, " Throw the movement dice and advance straight ahead up to that many BW (1 BW = %.0f mm), stopping at (%.1f, %.1f) or 1 BW short of any enemy.", mm, a.Path[0].X, a.Path[0].Y)
		return b.String()
	case KRetire:
		if i < s.st.nu {
			return fmt.Sprintf("%s: throw the movement dice and move it straight back that many BW (1 BW = %.0f mm), keeping its facing.", s.unitWords(i), mm)
		}
	case KCharge:
		if i < s.st.nu && s.alive(i) {
			ang, cost, dist, ok := s.chargePath(i, int(a.Target))
			if ok {
				return fmt.Sprintf("%s charges %s: wheel %.0f degrees (%.1f BW), then straight ahead; contact needs %.1f BW (%.0f mm) of the charge dice.", s.unitWords(i), s.targetWords(int(a.Target)), math.Abs(ang), cost, dist+cost, (dist+cost)*mm)
			}
		}
	case KGeneralMove:
		if int(a.Unit) < s.st.ng {
			p := s.Gens[a.Unit].Pos
			return fmt.Sprintf("general %s: move him from (%.1f, %.1f) to (%.1f, %.1f) BW, %.1f BW (%.0f mm).", s.genLabel(int(a.Unit)), p.X, p.Y, a.Path[0].X, a.Path[0].Y, p.Dist(a.Path[0]), p.Dist(a.Path[0])*mm)
		}
	}
	return s.DescribeAction(a)
}

var (
	_ engine.FreeForm        = (*State)(nil)
	_ engine.Corrector       = (*State)(nil)
	_ engine.LengthReader    = (*State)(nil)
	_ engine.TableInstructor = (*State)(nil)
)
