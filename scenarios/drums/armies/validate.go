package armies

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/grognard/grognard/engine/drums"
)

// The size of a valid force: at most MaxCommands commands of at most
// MaxUnitsPerCommand units each.
//
// Ruling D-ARMY-LIMITS (Army Structure): the document sets no size ("You
// can design your army to be of any structure"); these bound what the
// engine and its tables are built for.
const (
	MaxCommands        = 8
	MaxUnitsPerCommand = 12
)

// The bounds on what an army file may hold at all, above the limits of a
// valid force so that an over-large army is read and then told what to
// cut, while a hostile file is refused early.
const (
	MaxFileCommands        = 16
	MaxFileUnitsPerCommand = 32
)

// Validate checks a force against the list and returns every problem as
// an *Error (nil when there is none): a force drawn from another list,
// no commands or more than MaxCommands, a command with no units or more
// than MaxUnitsPerCommand, labels empty or repeated (generals and units
// share one set of labels), units whose profile names no row of the
// list, bases out of BasesRange and profiles that differ from their row's.
// Each problem says how to fix it.
func (l *List) Validate(f *drums.ForceSpec) error {
	src := "army of " + l.ID
	if f != nil && f.Name != "" {
		src = fmt.Sprintf("%s army (%s)", f.Name, l.ID)
	}
	v := &validator{e: Error{Source: src}, labels: map[string]string{}}
	if f == nil {
		v.add(KindNoCommands, -1, -1, "give a force", "no force")
		return &v.e
	}
	if f.List != "" && f.List != l.ID && f.List != l.Title {
		v.add(KindUnknownList, -1, -1, fmt.Sprintf("check it against its own list, or set List to %q", l.ID),
			"the force is drawn from list %q, not %s", f.List, l.ID)
	}
	v.label(f.Commander.Label, "the force commander", -1, -1)
	switch n := len(f.Commands); {
	case n == 0:
		v.add(KindNoCommands, -1, -1, "add a command: a sub-general and his units (Army Structure)", "the force has no commands")
	case n > MaxCommands:
		v.add(KindTooManyCommands, -1, -1, fmt.Sprintf("merge or drop %d of them", n-MaxCommands),
			"the force has %d commands, more than %d", n, MaxCommands)
	}
	for c := range f.Commands {
		cmd := &f.Commands[c]
		v.label(cmd.General.Label, fmt.Sprintf("the general of command %d", c+1), c, -1)
		switch n := len(cmd.Units); {
		case n == 0:
			v.add(KindEmptyCommand, c, -1, "give it units or remove the command", "command %d (%s) has no units", c+1, quoteOr(cmd.General.Label, "no label"))
		case n > MaxUnitsPerCommand:
			v.add(KindTooManyUnits, c, -1, fmt.Sprintf("move %d of them to another command", n-MaxUnitsPerCommand),
				"command %d (%s) has %d units, more than %d", c+1, quoteOr(cmd.General.Label, "no label"), n, MaxUnitsPerCommand)
		}
		for u := range cmd.Units {
			us := &cmd.Units[u]
			what := fmt.Sprintf("unit %d of command %d (%s)", u+1, c+1, quoteOr(us.Label, "no label"))
			v.label(us.Label, what, c, u)
			v.profile(l, &us.Profile, what, c, u)
		}
	}
	if len(v.e.Problems) == 0 {
		return nil
	}
	return &v.e
}

// validator collects a force's problems.
type validator struct {
	e      Error
	labels map[string]string // label -> who has it
}

func (v *validator) add(k ProblemKind, c, u int, fix, format string, args ...any) {
	v.e.Problems = append(v.e.Problems, Problem{Kind: k, Command: c, Unit: u, Message: fmt.Sprintf(format, args...), Fix: fix})
}

// label checks a label is given and not taken.
func (v *validator) label(label, who string, c, u int) {
	if strings.TrimSpace(label) == "" {
		v.add(KindEmptyLabel, c, u, "give it a short label such as \"A1\" (generals \"FC\", \"G1\")", "%s has no label", who)
		return
	}
	if first, dup := v.labels[label]; dup {
		v.add(KindRepeatedLabel, c, u, "give each general and unit its own label", "%s has label %q, as %s has", who, label, first)
		return
	}
	v.labels[label] = who
}

// profile checks a unit's profile against its row.
func (v *validator) profile(l *List, p *drums.Profile, what string, c, u int) {
	r, err := l.Row(p.Name)
	if err != nil {
		v.add(KindUnknownUnit, c, u, "use a row of the list", "%s: %v", what, err)
		return
	}
	if lo, hi := BasesRange(r.Type); int(p.Bases) < lo || int(p.Bases) > hi {
		v.add(KindBadBases, c, u, fmt.Sprintf("give %d to %d (%d by default)", lo, hi, r.Bases),
			"%s %q has %d bases; %s take %d to %d", what, p.Name, p.Bases, armName(r.Type), lo, hi)
	}
	if want := r.profile(p.Bases); *p != want {
		v.add(KindProfileMismatch, c, u, "build it with (*List).Profile(row, bases)",
			"%s %q: profile %s is not the list's %s", what, p.Name, describeProfile(p), describeProfile(&want))
	}
}

// describeProfile writes a profile's list-given fields for messages.
func describeProfile(p *drums.Profile) string {
	return fmt.Sprintf("{%q, %s, %s, %s, levels %s}", p.Name, name(typeNames[:], int(p.Type)),
		doctrineNames(p.Doctrines), name(weaponNames[:], int(p.Weapon)), formatLevels(p.Thresholds))
}

// The names of types, weapons and doctrines in messages, in drums' order.
var (
	typeNames = [...]string{"no type", "field artillery", "position artillery", "heavy cavalry", "light cavalry",
		"irregular cavalry", "light foot", "line foot", "irregular foot"}
	weaponNames = [...]string{"no weapon", "carbine", "smooth-bore musket", "rifle", "Minié rifle", "field gun", "position gun"}
	docNames    = [...]string{"LCOY", "2RK", "COA", "ZEALOUS", "CARBINE", "H2H", "GUARD", "LANCER", "OPEN"}
)

// name is names[i], or the number when out of range.
func name(names []string, i int) string {
	if i >= 0 && i < len(names) {
		return names[i]
	}
	return strconv.Itoa(i)
}

// doctrineNames writes doctrines as the list's keys ("COA+LCOY").
func doctrineNames(d drums.Doctrine) string {
	var parts []string
	for i, n := range docNames {
		if d&(1<<i) != 0 {
			parts = append(parts, n)
		}
	}
	if len(parts) == 0 {
		return "no doctrines"
	}
	return strings.Join(parts, "+")
}

// quoteOr quotes s, or gives alt when s is empty.
func quoteOr(s, alt string) string {
	if s == "" {
		return alt
	}
	return strconv.Quote(s)
}
