package drums

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// The action notation (docs/notation.md, "Drums and Muskets"): set-up and
// answers are a word and a value ("deploy F-G1 4", "supply yes", "first
// give", "evade no", "occupy yes", "adjust +1"); an activation names the
// unit or general ("activate F1", "activate F1 +ap" spending a supply die
// for an action point, "activate F-G1"); an action is the unit's label, a
// verb and its arguments: "F1 advance 12.5,8", "F1 retire", "F1 turn
// left", "F1 form column left", "F1 charge B3", "F1 shoot B3 supply",
// "F1 reload", "F1 stand", "F1 pass", "F-G1 move 20,6". A camp is "camp0"
// or "camp1" by side. Numbers are written so they read back exactly.

var turnWords = [...]string{TurnLeft: "left", TurnRight: "right", TurnAbout: "about"}
var anchorWords = [...]string{AnchorCentre: "centre", AnchorLeft: "left", AnchorRight: "right"}
var formWords = [...]string{Open: "open", Line: "line", Column: "column", March: "march", Square: "square"}
var adjustWords = [...]string{"none", "+1", "-1"}

// unitLabel is unit i's label, or a marker for an index that names none.
func (s *State) unitLabel(i int) string {
	if i >= 0 && i < s.st.nu {
		return s.st.units[i].Label
	}
	return "unit#" + strconv.Itoa(i)
}

// genLabel is general g's label.
func (s *State) genLabel(g int) string {
	if g >= 0 && g < s.st.ng {
		return s.st.gens[g].Label
	}
	return "general#" + strconv.Itoa(g)
}

// targetLabel is a charge or shot target's label.
func (s *State) targetLabel(t int) string {
	if side, ok := isCamp(t); ok {
		return "camp" + strconv.Itoa(side)
	}
	return s.unitLabel(t)
}

func fnum(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

func fpoint(p geom.Vec) string { return fnum(p.X) + "," + fnum(p.Y) }

func yesNo(b uint8) string {
	if b == 1 {
		return "yes"
	}
	return "no"
}

// FormatAction writes a in the notation; an action no rule generates is
// written with its fields, which ParseAction refuses.
func (s *State) FormatAction(a engine.Action) string {
	if t := s.formatAction(a); t != "" {
		if b, err := s.ParseAction(t); err == nil && b == a {
			return t
		}
	}
	return fmt.Sprintf("invalid kind=%d unit=%d target=%d arg=%d order=%d npath=%d", a.Kind, a.Unit, a.Target, a.Arg, a.Order, a.NPath)
}

func (s *State) formatAction(a engine.Action) string {
	u := s.unitLabel(int(a.Unit))
	sup := ""
	if a.Arg == 1 {
		sup = " supply"
	}
	switch a.Kind {
	case KDeploy:
		if int(a.Unit) < MaxCommands && a.Arg == deployAt {
			return "deploy " + s.genLabel(s.st.firstGen[s.waitSide()]+1+int(a.Unit)) + " at " + fpoint(a.Path[0])
		}
		if int(a.Unit) < MaxCommands {
			return "deploy " + s.genLabel(s.st.firstGen[s.waitSide()]+1+int(a.Unit)) + " " + strconv.Itoa(int(a.Arg))
		}
	case KSupply:
		return "supply " + yesNo(a.Arg)
	case KFirst:
		if a.Arg == 1 {
			return "first give"
		}
		return "first go"
	case KActivate:
		if a.Arg == 1 {
			return "activate " + u + " +ap"
		}
		return "activate " + u
	case KActivateGeneral:
		return "activate " + s.genLabel(int(a.Unit))
	case KAdvance:
		return u + " advance " + fpoint(a.Path[0]) + sup
	case KRetire:
		if a.NPath == 1 {
			return u + " retire " + fpoint(a.Path[0]) + sup
		}
		return u + " retire" + sup
	case KTurn:
		if int(a.Arg) < len(turnWords) {
			return u + " turn " + turnWords[a.Arg]
		}
	case KReform:
		if int(a.Arg) < len(formWords) && formWords[a.Arg] != "" && int(a.Target) < len(anchorWords) {
			if a.Target == uint8(AnchorCentre) {
				return u + " form " + formWords[a.Arg]
			}
			return u + " form " + formWords[a.Arg] + " " + anchorWords[a.Target]
		}
	case KCharge:
		return u + " charge " + s.targetLabel(int(a.Target)) + sup
	case KShoot:
		return u + " shoot " + s.targetLabel(int(a.Target)) + sup
	case KReload:
		return u + " reload"
	case KStand:
		return u + " stand"
	case KPass:
		if s.passIsGeneral(a) {
			return s.genLabel(int(a.Unit)) + " pass"
		}
		return u + " pass"
	case KGeneralMove:
		return s.genLabel(int(a.Unit)) + " move " + fpoint(a.Path[0])
	case KEvade:
		return "evade " + yesNo(a.Arg)
	case KOccupy:
		return "occupy " + yesNo(a.Arg)
	case KReply:
		return "reply " + yesNo(a.Arg)
	case KFace:
		return "face " + yesNo(a.Arg)
	case KAdjust:
		if int(a.Arg) < len(adjustWords) {
			return "adjust " + adjustWords[a.Arg]
		}
	}
	return ""
}

// passIsGeneral reports whether a pass belongs to a general's activation.
// The notation names who passes, so it depends only on the labels: a pass
// of a general is written and parsed with the general's label, and the
// Target field marks it (Target 1).
func (s *State) passIsGeneral(a engine.Action) bool { return a.Target == 1 }

// waitSide is the side a decision waits for (deploy's command labels are
// that side's).
func (s *State) waitSide() int {
	if s.waitBy == 1 {
		return 1
	}
	return 0
}

// ParseAction reads an action in the notation; legality is Apply's.
func (s *State) ParseAction(text string) (engine.Action, error) {
	f := strings.Fields(text)
	bad := func(format string, args ...any) (engine.Action, error) {
		return engine.Action{}, fmt.Errorf("%w: %q: %s", engine.ErrNotation, text, fmt.Sprintf(format, args...))
	}
	if len(f) == 0 {
		return bad("empty")
	}
	if len(f) > 6 || len(text) > 200 {
		return bad("too long for an action")
	}
	word := strings.ToLower(f[0])
	yes := func(w string) (uint8, bool) {
		switch strings.ToLower(w) {
		case "yes", "y", "1":
			return 1, true
		case "no", "n", "0":
			return 0, true
		}
		return 0, false
	}
	switch word {
	case "deploy":
		if len(f) != 3 && (len(f) != 4 || f[2] != "at") {
			return bad("write deploy GENERAL SLOT, such as deploy F-G1 4, or deploy GENERAL at X,Y")
		}
		g, ok := s.generalNamed(f[1])
		if !ok || s.st.gens[g].Cmd == NoCommand {
			return bad("%q is not a sub-general's label", f[1])
		}
		if len(f) == 4 {
			p, err := parsePoint(f[3])
			if err != nil {
				return bad("%v", err)
			}
			return engine.Action{Kind: KDeploy, Unit: s.st.gens[g].Cmd, Arg: deployAt, NPath: 1, Path: [engine.MaxPath]geom.Vec{p}}, nil
		}
		slot, err := strconv.Atoi(f[2])
		if err != nil || slot < 0 || slot > deploySlots {
			return bad("slot %q: write 0 to %d", f[2], deploySlots)
		}
		return engine.Action{Kind: KDeploy, Unit: s.st.gens[g].Cmd, Arg: uint8(slot)}, nil
	case "supply", "evade", "occupy", "reply", "face":
		if len(f) != 2 {
			return bad("write %s yes or %s no", word, word)
		}
		v, ok := yes(f[1])
		if !ok {
			return bad("write %s yes or %s no", word, word)
		}
		k := map[string]uint8{"supply": KSupply, "evade": KEvade, "occupy": KOccupy, "reply": KReply, "face": KFace}[word]
		return engine.Action{Kind: k, Arg: v}, nil
	case "first":
		if len(f) == 2 && (f[1] == "go" || f[1] == "give") {
			var arg uint8
			if f[1] == "give" {
				arg = 1
			}
			return engine.Action{Kind: KFirst, Arg: arg}, nil
		}
		return bad("write first go or first give")
	case "adjust":
		if len(f) == 2 {
			for k, w := range adjustWords {
				if f[1] == w {
					return engine.Action{Kind: KAdjust, Arg: uint8(k)}, nil
				}
			}
		}
		return bad("write adjust none, adjust +1 or adjust -1")
	case "activate":
		if len(f) < 2 || len(f) > 3 || len(f) == 3 && f[2] != "+ap" {
			return bad("write activate LABEL, or activate LABEL +ap to spend a supply die")
		}
		if g, ok := s.generalNamed(f[1]); ok && len(f) == 2 {
			return engine.Action{Kind: KActivateGeneral, Unit: uint8(g)}, nil
		}
		i, ok := s.unitNamed(f[1])
		if !ok {
			return bad("no unit or general is labelled %q", f[1])
		}
		a := engine.Action{Kind: KActivate, Unit: uint8(i)}
		if len(f) == 3 {
			a.Arg = 1
		}
		return a, nil
	}
	if len(f) < 2 {
		return bad("write a label and an order, such as F1 advance 12,8")
	}
	verb := strings.ToLower(f[1])
	if g, ok := s.generalNamed(f[0]); ok {
		switch {
		case verb == "pass" && len(f) == 2:
			return engine.Action{Kind: KPass, Unit: uint8(g), Target: 1}, nil
		case verb == "move" && len(f) == 3:
			p, err := parsePoint(f[2])
			if err != nil {
				return bad("%v", err)
			}
			return engine.Action{Kind: KGeneralMove, Unit: uint8(g), NPath: 1, Path: [engine.MaxPath]geom.Vec{p}}, nil
		}
		return bad("a general moves (%s move X,Y) or passes", f[0])
	}
	i, ok := s.unitNamed(f[0])
	if !ok {
		return bad("no unit or general is labelled %q", f[0])
	}
	a := engine.Action{Unit: uint8(i)}
	rest := f[2:]
	supply := func() bool {
		if len(rest) > 0 && strings.ToLower(rest[len(rest)-1]) == "supply" {
			rest = rest[:len(rest)-1]
			a.Arg = 1
			return true
		}
		return false
	}
	switch verb {
	case "advance":
		supply()
		if len(rest) != 1 {
			return bad("write %s advance X,Y", f[0])
		}
		p, err := parsePoint(rest[0])
		if err != nil {
			return bad("%v", err)
		}
		a.Kind, a.NPath, a.Path[0] = KAdvance, 1, p
	case "retire":
		supply()
		a.Kind = KRetire
		if len(rest) == 1 {
			p, err := parsePoint(rest[0])
			if err != nil {
				return bad("%v", err)
			}
			a.NPath, a.Path[0] = 1, p
		} else if len(rest) > 1 {
			return bad("write %s retire, or %s retire X,Y to stop there", f[0], f[0])
		}
	case "turn":
		a.Kind = KTurn
		if len(rest) != 1 {
			return bad("write %s turn left, right or about", f[0])
		}
		k := index(turnWords[:], rest[0])
		if k < 0 {
			return bad("turn %q: write left, right or about", rest[0])
		}
		a.Arg = uint8(k)
	case "form":
		a.Kind = KReform
		if len(rest) < 1 || len(rest) > 2 {
			return bad("write %s form open|line|column|march|square [left|right]", f[0])
		}
		k := index(formWords[:], rest[0])
		if k <= 0 {
			return bad("formation %q: write open, line, column, march or square", rest[0])
		}
		a.Arg = uint8(k)
		if len(rest) == 2 {
			an := index(anchorWords[:], rest[1])
			if an < 0 {
				return bad("static base %q: write left, centre or right", rest[1])
			}
			// An anchor that puts the unit where another does reads as
			// that one, the choice the engine lists (ruling D-ANCHOR).
			from := s.declaredForm(i)
			a.Target = uint8(canonicalAnchor(s.prof(i).Type, from, Formation(k), s.Bases(i), Anchor(an)))
		}
	case "charge", "shoot":
		supply()
		if len(rest) != 1 {
			return bad("write %s %s TARGET", f[0], verb)
		}
		t, ok := s.targetNamed(rest[0])
		if !ok {
			return bad("no unit or camp is labelled %q", rest[0])
		}
		a.Kind, a.Target = KCharge, uint8(t)
		if verb == "shoot" {
			a.Kind = KShoot
		}
	case "reload", "stand", "pass":
		if len(rest) != 0 {
			return bad("%s takes nothing more", verb)
		}
		a.Kind = map[string]uint8{"reload": KReload, "stand": KStand, "pass": KPass}[verb]
	default:
		return bad("unknown order %q (advance, retire, turn, form, charge, shoot, reload, stand, pass)", verb)
	}
	return a, nil
}

// index is the position of w in words, -1 if absent.
func index(words []string, w string) int {
	w = strings.ToLower(w)
	for k, x := range words {
		if x != "" && x == w {
			return k
		}
	}
	return -1
}

// parsePoint reads "X,Y" in BW.
func parsePoint(t string) (geom.Vec, error) {
	x, y, ok := strings.Cut(t, ",")
	if !ok {
		return geom.Vec{}, fmt.Errorf("point %q: write X,Y in BW", t)
	}
	px, err1 := strconv.ParseFloat(x, 64)
	py, err2 := strconv.ParseFloat(y, 64)
	if err1 != nil || err2 != nil || !finite(px) || !finite(py) {
		return geom.Vec{}, fmt.Errorf("point %q: write two numbers, X,Y in BW", t)
	}
	return geom.V(px, py), nil
}

// unitNamed finds a unit by label.
func (s *State) unitNamed(label string) (int, bool) {
	for i := range s.st.nu {
		if strings.EqualFold(s.st.units[i].Label, label) {
			return i, true
		}
	}
	return 0, false
}

// generalNamed finds a general by label.
func (s *State) generalNamed(label string) (int, bool) {
	for g := range s.st.ng {
		if strings.EqualFold(s.st.gens[g].Label, label) {
			return g, true
		}
	}
	return 0, false
}

// targetNamed finds a unit or a camp by label.
func (s *State) targetNamed(label string) (int, bool) {
	switch strings.ToLower(label) {
	case "camp0":
		return campTarget, true
	case "camp1":
		return campTarget + 1, true
	}
	return s.unitNamed(label)
}
