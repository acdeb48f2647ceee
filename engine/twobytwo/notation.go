package twobytwo

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// The action notation of 2 by 2 (docs/notation.md). An action is written
// as space-separated tokens in a fixed order:
//
//	[SUBJECT] VERB[:ORDER] [OBJECT] [ARG] [X,Y ...] [FACING] [arg=N]
//
//	F3_Line move:charge A2 front 12.1,9.75 180
//	F-LC1 move 12.5,8 90
//	F-FA1 fire A3_Line
//	reinforce 1
//	end
//
// SUBJECT is the acting unit (Action.Unit; for confront and stall, which
// the charged unit does, Action.Target) and OBJECT the other unit; each is
// written when it is not NoUnit. VERB names the kind; ORDER is the
// generated order a move came from, written when it is not the kind's
// usual one. ARG is the kind's small choice in words (an edge, a face, a
// rout direction, a reinforcement point, yes or no). The points are the
// path and FACING the facing in degrees, in Go's shortest round-trip
// form, so a text reads back to exactly the action it was written from.
// A unit is written as its label with spaces as underscores, or as #N
// (its index in the scenario) when that would be ambiguous.

// argStyle is how a kind writes its Arg.
type argStyle uint8

const (
	argNone  argStyle = iota // no Arg: arg=N when it is not 0
	argEdge                  // a table edge: south, east, north, west
	argFace                  // a face of the target (moves): written for a charge or when not front
	argPoint                 // a reinforcement point, counting from 1
	argRout                  // rear (0) or away (1)
	argYesNo                 // no (0) or yes (1)
)

// layout is how one kind is written.
type layout struct {
	verb   string
	swap   bool // the subject is Action.Target and the object Action.Unit
	arg    argStyle
	facing bool  // Facing is always written
	order  uint8 // the kind's usual order tag, left unwritten
}

var layouts = [numKinds]layout{
	KindEnd:       {verb: "end"},
	KindDeploy:    {verb: "deploy", facing: true},
	KindPoint:     {verb: "point", arg: argEdge},
	KindQueue:     {verb: "queue"},
	KindMove:      {verb: "move", arg: argFace, facing: true},
	KindHold:      {verb: "hold"},
	KindFace:      {verb: "face", facing: true, order: OrderFace},
	KindVolRout:   {verb: "rout"},
	KindExit:      {verb: "exit", arg: argEdge, facing: true, order: OrderExit},
	KindDiceReinf: {verb: "reinforce", arg: argPoint},
	KindPlace:     {verb: "place", facing: true},
	KindExchange:  {verb: "exchange"},
	KindConfront:  {verb: "confront", swap: true},
	KindStall:     {verb: "stall", swap: true},
	KindFire:      {verb: "fire"},
	KindSupport:   {verb: "support"},
	KindResolve:   {verb: "resolve"},
	KindRout:      {verb: "rout-direction", arg: argRout},
	KindMelee:     {verb: "melee"},
	KindFollowUp:  {verb: "follow-up", arg: argYesNo},
	KindSlide:     {verb: "slide", arg: argFace, facing: true},
	KindBombard:   {verb: "bombard"},
}

// argWords are the words of each Arg style, by value.
var argWords = [...][]string{
	argEdge:  edgeNames[:],
	argFace:  {"front", "right", "rear", "left"},
	argRout:  {"rear", "away"},
	argYesNo: {"no", "yes"},
}

// isKeyword reports whether w, in any case, is a verb or an Arg word,
// which a unit is never written as.
func isKeyword(w string) bool {
	for k := KindEnd; k < numKinds; k++ {
		if strings.EqualFold(layouts[k].verb, w) {
			return true
		}
	}
	for _, ws := range argWords {
		for _, x := range ws {
			if strings.EqualFold(x, w) {
				return true
			}
		}
	}
	return false
}

// FormatAction writes a in the 2 by 2 action notation: one line of
// tokens that ParseAction reads back to exactly a. It depends only on the
// scenario (the units' labels), never on the position.
func (s *State) FormatAction(a engine.Action) string {
	if a.Kind < KindEnd || a.Kind >= numKinds {
		return fmt.Sprintf("?kind=%d", a.Kind)
	}
	l := &layouts[a.Kind]
	subj, obj := a.Unit, a.Target
	if l.swap {
		subj, obj = obj, subj
	}
	var b strings.Builder
	if subj != NoUnit {
		b.WriteString(s.unitToken(int(subj)))
		b.WriteByte(' ')
	}
	b.WriteString(l.verb)
	if a.Order != l.order {
		b.WriteByte(':')
		if int(a.Order) < len(orderNames) {
			b.WriteString(orderNames[a.Order])
		} else {
			b.WriteString(strconv.Itoa(int(a.Order)))
		}
	}
	if obj != NoUnit {
		b.WriteByte(' ')
		b.WriteString(s.unitToken(int(obj)))
	}
	extraArg := false
	switch l.arg {
	case argNone:
		extraArg = a.Arg != 0
	case argFace:
		switch {
		case a.Arg >= 4:
			extraArg = true
		case a.Arg != 0 || a.Order == OrderCharge:
			b.WriteByte(' ')
			b.WriteString(argWords[argFace][a.Arg])
		}
	case argPoint:
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(int(a.Arg) + 1))
	default:
		b.WriteByte(' ')
		if ws := argWords[l.arg]; int(a.Arg) < len(ws) {
			b.WriteString(ws[a.Arg])
		} else {
			b.WriteString(strconv.Itoa(int(a.Arg)))
		}
	}
	for k := 0; k < int(min(a.NPath, engine.MaxPath)); k++ {
		b.WriteByte(' ')
		b.WriteString(formatFloat(a.Path[k].X))
		b.WriteByte(',')
		b.WriteString(formatFloat(a.Path[k].Y))
	}
	if l.facing || math.Float64bits(a.Facing) != 0 {
		b.WriteByte(' ')
		b.WriteString(formatFloat(a.Facing))
	}
	if extraArg {
		b.WriteString(" arg=")
		b.WriteString(strconv.Itoa(int(a.Arg)))
	}
	return b.String()
}

// formatFloat is f in Go's shortest form that parses back to f exactly.
func formatFloat(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// unitToken is how unit i is written: its label with white space as
// underscores when that is a token no other unit's label makes and that
// cannot be read as anything else, else #i.
func (s *State) unitToken(i int) string {
	if i < 0 || i >= int(s.n) || !s.unambiguous(i) {
		return "#" + strconv.Itoa(i)
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return '_'
		}
		return r
	}, s.sc.Units[i].Label)
}

// unambiguous reports whether unit i's label makes a unit token that no
// other unit's label makes.
func (s *State) unambiguous(i int) bool {
	label := s.sc.Units[i].Label
	if !tokenOK(label) {
		return false
	}
	for j := 0; j < int(s.n); j++ {
		if j != i && sameToken(s.sc.Units[j].Label, label) {
			return false
		}
	}
	return true
}

// tokenOK reports whether a label can serve as a unit token once its
// white space is written as underscores: not empty, not a keyword, and
// nothing that reads as a number, a point, an order, a setting or a unit
// index.
func tokenOK(label string) bool {
	if label == "" || !utf8.ValidString(label) {
		return false
	}
	for _, r := range label {
		if unicode.IsControl(r) || strings.ContainsRune(",:=#\"", r) {
			return false
		}
	}
	return !looksNumeric(label) && !isKeyword(label)
}

// sameToken reports whether label, its white space read as underscores,
// is the token t in any case.
func sameToken(label, t string) bool {
	for label != "" && t != "" {
		r1, n1 := utf8.DecodeRuneInString(label)
		r2, n2 := utf8.DecodeRuneInString(t)
		if unicode.IsSpace(r1) {
			r1 = '_'
		}
		if unicode.IsSpace(r2) {
			r2 = '_'
		}
		if r1 != r2 && unicode.ToLower(r1) != unicode.ToLower(r2) && unicode.ToUpper(r1) != unicode.ToUpper(r2) {
			return false
		}
		label, t = label[n1:], t[n2:]
	}
	return label == "" && t == ""
}

// ParseAction reads an action written in the 2 by 2 notation, as
// FormatAction writes it (verbs, words and labels in any case, tokens
// separated by any white space). It depends only on the scenario; it
// does not check that the action is legal, which Apply does.
func (s *State) ParseAction(text string) (engine.Action, error) {
	if len(text) > maxNotation {
		return engine.Action{}, fmt.Errorf("%w: %d bytes, and an action is at most %d", engine.ErrNotation, len(text), maxNotation)
	}
	a, err := s.parseAction(text)
	if err != nil {
		return engine.Action{}, fmt.Errorf("%w %q: %v", engine.ErrNotation, text, err)
	}
	return a, nil
}

// maxNotation bounds the text of one action: the longest an action can
// be written (three points and a facing of 24 characters, two labels) is
// well under it.
const maxNotation = 1024

func (s *State) parseAction(text string) (engine.Action, error) {
	toks := strings.Fields(text)
	if len(toks) == 0 {
		return engine.Action{}, fmt.Errorf("empty: write a verb such as end, or a unit and a verb, e.g. \"F1_Line hold\"")
	}
	a := engine.Action{Unit: NoUnit, Target: NoUnit}
	subj, obj := uint8(NoUnit), uint8(NoUnit)
	k := 0
	if !isVerb(toks[0]) {
		// Not a verb: the subject, then the verb.
		var err error
		if subj, err = s.parseUnit(toks[0]); err != nil {
			return a, err
		}
		if len(toks) < 2 {
			return a, fmt.Errorf("no verb after the unit %s: e.g. %s hold", toks[0], toks[0])
		}
		k = 1
	}
	kind, order, hasOrder, err := parseVerb(toks[k])
	if err != nil {
		return a, err
	}
	k++
	l := &layouts[kind]
	a.Kind, a.Order = kind, l.order
	if hasOrder {
		a.Order = order
	}
	rest := toks[k:]
	if len(rest) > 0 && isUnitToken(rest[0]) {
		if obj, err = s.parseUnit(rest[0]); err != nil {
			if l.arg != argNone && l.arg != argFace {
				return a, fmt.Errorf("%s: %q is neither a unit of this scenario nor %s", l.verb, rest[0], argHelp(l.arg))
			}
			return a, err
		}
		rest = rest[1:]
	}
	a.Unit, a.Target = subj, obj
	if l.swap {
		a.Unit, a.Target = obj, subj
	}
	argSet := false
	switch l.arg {
	case argNone:
	case argFace:
		if len(rest) > 0 {
			if v, ok := wordIndex(argWords[argFace], rest[0]); ok {
				a.Arg, argSet = v, true
				rest = rest[1:]
			}
		}
	default:
		if len(rest) == 0 {
			return a, fmt.Errorf("%s needs %s", l.verb, argHelp(l.arg))
		}
		v, err := parseArg(l.arg, rest[0])
		if err != nil {
			return a, fmt.Errorf("%s: %v", l.verb, err)
		}
		a.Arg = v
		rest = rest[1:]
	}
	for len(rest) > 0 && strings.Contains(rest[0], ",") && !strings.Contains(rest[0], "=") {
		if a.NPath == engine.MaxPath {
			return a, fmt.Errorf("more than %d points: a path is up to two waypoints and a destination", engine.MaxPath)
		}
		p, err := parsePoint(rest[0])
		if err != nil {
			return a, err
		}
		a.Path[a.NPath] = p
		a.NPath++
		rest = rest[1:]
	}
	if len(rest) > 0 && looksNumeric(rest[0]) {
		f, err := parseFloat(rest[0])
		if err != nil {
			return a, fmt.Errorf("facing %v", err)
		}
		a.Facing = f
		rest = rest[1:]
	} else if l.facing {
		return a, fmt.Errorf("%s needs the facing to end with, in degrees (0 north, 90 east), after the points", l.verb)
	}
	for _, t := range rest {
		key, val, ok := strings.Cut(t, "=")
		if !ok || !strings.EqualFold(key, "arg") || argSet || (l.arg != argNone && l.arg != argFace) {
			return a, fmt.Errorf("%q is out of place: %s", t, verbHelp(kind))
		}
		n, err := strconv.ParseUint(val, 10, 8)
		if err != nil {
			return a, fmt.Errorf("arg=%s: not a whole number from 0 to 255", val)
		}
		a.Arg, argSet = uint8(n), true
	}
	return a, nil
}

// isVerb reports whether t is VERB or VERB:ORDER (of any order).
func isVerb(t string) bool {
	v, _, _ := strings.Cut(t, ":")
	for k := KindEnd; k < numKinds; k++ {
		if strings.EqualFold(layouts[k].verb, v) {
			return true
		}
	}
	return false
}

// parseVerb reads VERB or VERB:ORDER.
func parseVerb(t string) (kind, order uint8, hasOrder bool, err error) {
	v, o, hasOrder := strings.Cut(strings.ToLower(t), ":")
	for k := KindEnd; k < numKinds; k++ {
		if layouts[k].verb == v {
			kind = k
		}
	}
	if kind == 0 {
		return 0, 0, false, fmt.Errorf("%q is neither a verb nor a unit of this scenario (verbs: %s)", t, verbList())
	}
	if !hasOrder {
		return kind, 0, false, nil
	}
	for i, name := range orderNames {
		if name == o {
			return kind, uint8(i), true, nil
		}
	}
	if n, err := strconv.ParseUint(o, 10, 8); err == nil {
		return kind, uint8(n), true, nil
	}
	return 0, 0, false, fmt.Errorf("%q: unknown order %q (orders: %s)", t, o, strings.Join(orderNames[:], ", "))
}

// verbList lists the verbs for an error.
func verbList() string {
	vs := make([]string, 0, numKinds)
	for k := KindEnd; k < numKinds; k++ {
		vs = append(vs, layouts[k].verb)
	}
	return strings.Join(vs, ", ")
}

// verbHelp says how a kind is written, for an error.
func verbHelp(kind uint8) string {
	l := &layouts[kind]
	var b strings.Builder
	b.WriteString(l.verb + " is written [UNIT] " + l.verb + "[:ORDER] [UNIT]")
	if l.arg != argNone {
		b.WriteString(" " + argHelp(l.arg))
	}
	b.WriteString(" [X,Y ...]")
	if l.facing {
		b.WriteString(" FACING")
	} else {
		b.WriteString(" [FACING]")
	}
	if l.arg == argNone || l.arg == argFace {
		b.WriteString(" [arg=N]")
	}
	return b.String()
}

// argHelp names what an Arg style takes, for an error.
func argHelp(st argStyle) string {
	switch st {
	case argPoint:
		return "a reinforcement point (1 or 2)"
	case argEdge:
		return "an edge (" + strings.Join(argWords[argEdge], ", ") + ")"
	default:
		return strings.Join(argWords[st], " or ")
	}
}

// parseArg reads the Arg of style st: its word, or a whole number.
func parseArg(st argStyle, t string) (uint8, error) {
	if st == argPoint {
		n, err := strconv.ParseUint(t, 10, 16)
		if err != nil || n < 1 || n > 256 {
			return 0, fmt.Errorf("%q is not %s", t, argHelp(st))
		}
		return uint8(n - 1), nil
	}
	if v, ok := wordIndex(argWords[st], t); ok {
		return v, nil
	}
	if n, err := strconv.ParseUint(t, 10, 8); err == nil {
		return uint8(n), nil
	}
	return 0, fmt.Errorf("%q is not %s", t, argHelp(st))
}

// wordIndex is the index of t among words, in any case.
func wordIndex(words []string, t string) (uint8, bool) {
	for i, w := range words {
		if strings.EqualFold(w, t) {
			return uint8(i), true
		}
	}
	return 0, false
}

// isUnitToken reports whether t is written as a unit: not a keyword, a
// point, a number or a setting.
func isUnitToken(t string) bool {
	return !isKeyword(t) && !looksNumeric(t) && !strings.ContainsAny(t, ",=")
}

// looksNumeric reports whether t starts as a number does.
func looksNumeric(t string) bool {
	c := t[0]
	return c == '+' || c == '-' || c == '.' || ('0' <= c && c <= '9')
}

// parseUnit reads a unit token: #N or a label with underscores for
// spaces, in any case.
func (s *State) parseUnit(t string) (uint8, error) {
	if rest, ok := strings.CutPrefix(t, "#"); ok {
		n, err := strconv.ParseUint(rest, 10, 8)
		if err != nil || n >= uint64(s.n) {
			return NoUnit, fmt.Errorf("unit %s: this scenario's units are #0 to #%d", t, int(s.n)-1)
		}
		return uint8(n), nil
	}
	found, matches := -1, 0
	for i := 0; i < int(s.n); i++ {
		if label := s.sc.Units[i].Label; sameToken(label, t) && tokenOK(label) {
			found, matches = i, matches+1
		}
	}
	switch {
	case matches > 1:
		return NoUnit, fmt.Errorf("%q names %d units of this scenario: write the one you mean as #N", t, matches)
	case found < 0:
		return NoUnit, fmt.Errorf("%q is no unit of this scenario: write a unit as its label with _ for spaces (F1_Line) or as #N, and a verb such as hold (verbs: %s)", t, verbList())
	}
	return uint8(found), nil
}

// parsePoint reads X,Y.
func parsePoint(t string) (geom.Vec, error) {
	xs, ys, _ := strings.Cut(t, ",")
	x, err := parseFloat(xs)
	if err != nil {
		return geom.Vec{}, fmt.Errorf("point %s: x %v", t, err)
	}
	y, err := parseFloat(ys)
	if err != nil {
		return geom.Vec{}, fmt.Errorf("point %s: y %v", t, err)
	}
	return geom.V(x, y), nil
}

// parseFloat reads a finite decimal number.
func parseFloat(t string) (float64, error) {
	if t == "" || strings.Trim(t, "0123456789+-.eE") != "" {
		return 0, fmt.Errorf("%q is not a decimal number", t)
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return 0, fmt.Errorf("%q is not a finite decimal number", t)
	}
	return f, nil
}
