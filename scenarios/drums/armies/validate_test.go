package armies

import (
	"errors"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine/drums"
)

// validForce is a small valid force of the French Imperial (1803-1812)
// list: two commands of three units.
func validForce(t testing.TB, l *List) drums.ForceSpec {
	t.Helper()
	unit := func(label, row string, bases int) drums.UnitSpec {
		p, err := l.Profile(row, bases)
		if err != nil {
			t.Fatal(err)
		}
		return drums.UnitSpec{Label: label, Profile: p}
	}
	return drums.ForceSpec{
		Name: "French", List: l.ID, Commander: drums.GeneralSpec{Label: "FC", Name: "Soult"},
		Commands: []drums.CommandSpec{
			{General: drums.GeneralSpec{Label: "G1"}, Units: []drums.UnitSpec{
				unit("A1", "Regular French Line", 0), unit("A2", "Regular French Light", 0), unit("A3", "Line Artillery", 0)}},
			{General: drums.GeneralSpec{Label: "G2"}, Units: []drums.UnitSpec{
				unit("B1", "Line Cuirassiers", 0), unit("B2", "Line Dragoons", 3), unit("B3", "Old Imperial Guard", 8)}},
		},
	}
}

func TestValidate(t *testing.T) {
	l, err := ByID("french-imperial-1803")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		change func(f *drums.ForceSpec)
		kinds  []ProblemKind
		want   string
	}{
		{"a valid force", func(*drums.ForceSpec) {}, nil, ""},
		{"the list's title is its name too", func(f *drums.ForceSpec) { f.List = "French Imperial (1803-1812)" }, nil, ""},
		{"no list name is fine", func(f *drums.ForceSpec) { f.List = "" }, nil, ""},
		{"unknown unit name", func(f *drums.ForceSpec) { f.Commands[0].Units[0].Profile.Name = "Line Fusiliers" },
			[]ProblemKind{KindUnknownUnit}, `unit 1 of command 1 ("A1"): unknown unit "Line Fusiliers" in french-imperial-1803`},
		{"foot bases over 8", func(f *drums.ForceSpec) { f.Commands[0].Units[0].Profile.Bases = 9 },
			[]ProblemKind{KindBadBases}, `"Regular French Line" has 9 bases; foot take 3 to 8: give 3 to 8 (6 by default)`},
		{"cavalry bases under 2", func(f *drums.ForceSpec) { f.Commands[1].Units[0].Profile.Bases = 1 },
			[]ProblemKind{KindBadBases}, "cavalry take 2 to 6"},
		{"artillery bases over 2", func(f *drums.ForceSpec) { f.Commands[0].Units[2].Profile.Bases = 3 },
			[]ProblemKind{KindBadBases}, "artillery take 1 to 2"},
		{"a command with no units", func(f *drums.ForceSpec) { f.Commands[1].Units = nil },
			[]ProblemKind{KindEmptyCommand}, `command 2 ("G2") has no units: give it units or remove the command`},
		{"no commands", func(f *drums.ForceSpec) { f.Commands = nil },
			[]ProblemKind{KindNoCommands}, "the force has no commands: add a command"},
		{"more than 8 commands", func(f *drums.ForceSpec) {
			for i := 3; i <= 9; i++ {
				c := f.Commands[0]
				c.General.Label = "G" + string(rune('0'+i))
				c.Units = []drums.UnitSpec{{Label: "X" + string(rune('0'+i)), Profile: c.Units[0].Profile}}
				f.Commands = append(f.Commands, c)
			}
		}, []ProblemKind{KindTooManyCommands}, "the force has 9 commands, more than 8: merge or drop 1 of them"},
		{"more than 12 units a command", func(f *drums.ForceSpec) {
			for i := 0; i < 10; i++ {
				u := f.Commands[0].Units[0]
				u.Label = "A" + string(rune('a'+i))
				f.Commands[0].Units = append(f.Commands[0].Units, u)
			}
		}, []ProblemKind{KindTooManyUnits}, `command 1 ("G1") has 13 units, more than 12: move 1 of them to another command`},
		{"an empty unit label", func(f *drums.ForceSpec) { f.Commands[0].Units[1].Label = " " },
			[]ProblemKind{KindEmptyLabel}, "unit 2 of command 1 (\" \") has no label"},
		{"an empty commander label", func(f *drums.ForceSpec) { f.Commander.Label = "" },
			[]ProblemKind{KindEmptyLabel}, "the force commander has no label"},
		{"a repeated unit label", func(f *drums.ForceSpec) { f.Commands[1].Units[2].Label = "A1" },
			[]ProblemKind{KindRepeatedLabel}, `unit 3 of command 2 ("A1") has label "A1", as unit 1 of command 1 ("A1") has`},
		{"a general's label on a unit", func(f *drums.ForceSpec) { f.Commands[0].Units[0].Label = "G2" },
			[]ProblemKind{KindRepeatedLabel}, `the general of command 2 has label "G2"`},
		{"a profile not the row's", func(f *drums.ForceSpec) { f.Commands[0].Units[0].Profile.Weapon = drums.Rifle },
			[]ProblemKind{KindProfileMismatch}, `profile {"Regular French Line", line foot, LCOY+COA, rifle, levels - 1+ -} is not the list's {"Regular French Line", line foot, LCOY+COA, smooth-bore musket, levels - 1+ -}`},
		{"thresholds not the row's", func(f *drums.ForceSpec) { f.Commands[0].Units[0].Profile.Thresholds = drums.Thresholds{0, 0, 1} },
			[]ProblemKind{KindProfileMismatch}, "levels - - 1+} is not the list's"},
		{"a document name for a row it splits", func(f *drums.ForceSpec) { f.Commands[0].Units[2].Profile.Name = "Line Artillery" },
			[]ProblemKind{KindProfileMismatch}, "build it with (*List).Profile(row, bases)"},
		{"another list's force", func(f *drums.ForceSpec) { f.List = "british-1792" },
			[]ProblemKind{KindUnknownList}, `the force is drawn from list "british-1792", not french-imperial-1803`},
		{"every problem at once", func(f *drums.ForceSpec) {
			f.Commands[0].Units[0].Profile.Name = "Nobody"
			f.Commands[0].Units[1].Profile.Bases = 20
			f.Commands[1].Units[0].Label = "A2"
			f.Commands = append(f.Commands, drums.CommandSpec{General: drums.GeneralSpec{Label: "G3"}})
		}, []ProblemKind{KindUnknownUnit, KindBadBases, KindRepeatedLabel, KindEmptyCommand}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := validForce(t, l)
			tc.change(&f)
			err := l.Validate(&f)
			if tc.kinds == nil {
				if err != nil {
					t.Fatalf("Validate: %v", err)
				}
				return
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Validate = %v, want an *Error", err)
			}
			for _, k := range tc.kinds {
				if !e.Has(k) {
					t.Errorf("no %s problem in %v", k, err)
				}
			}
			if len(e.Problems) != len(tc.kinds) {
				t.Errorf("%d problems, want %d: %v", len(e.Problems), len(tc.kinds), err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error\n%v\nwant it to contain %q", err, tc.want)
			}
			for _, p := range e.Problems {
				if p.Fix == "" {
					t.Errorf("problem %q says no fix", p.Message)
				}
			}
		})
	}
}

func TestValidateNilForce(t *testing.T) {
	l, _ := ByID("chile")
	if err := l.Validate(nil); err == nil {
		t.Fatal("Validate(nil) passed")
	}
}

// TestNamesFollowDrums keeps the message names in step with drums' enums.
func TestNamesFollowDrums(t *testing.T) {
	if name(typeNames[:], int(drums.IrregularFoot)) != "irregular foot" || name(weaponNames[:], int(drums.PositionGun)) != "position gun" {
		t.Fatal("type or weapon names out of step with engine/drums")
	}
	if doctrineNames(drums.DocOpen|drums.DocLightCompany) != "LCOY+OPEN" || doctrineNames(0) != "no doctrines" {
		t.Fatal("doctrine names out of step with engine/drums")
	}
}
