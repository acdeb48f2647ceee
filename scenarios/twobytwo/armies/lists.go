package armies

import (
	_ "embed"
	"fmt"
	"strings"

	tb "github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/scenarios/armylist"
)

// listsYAML is the army-list data of the document's "Army Lists"
// (lists.yaml: its comments give the rulings the data follows).
//
//go:embed lists.yaml
var listsYAML []byte

// builtinLists are the lists of listsYAML, parsed once on first use.
var builtinLists = armylist.NewEmbedded("lists.yaml", listsYAML, parseLists)

// lists are the built-in lists, shared: hand out clones. The package's
// tests check the embedded data; should it ever fail to parse, lists
// panics with the problems, as regexp.MustCompile does for a bad constant.
func lists() []List { return builtinLists.Must() }

// fileList is a list as lists.yaml writes it.
type fileList struct {
	Nation    string  `yaml:"nation"`
	Mounted   fileArm `yaml:"mounted"`
	Foot      fileArm `yaml:"foot"`
	Artillery fileArm `yaml:"artillery"`
}

// fileArm is an arm's share of the force and its type rows; {} is an arm
// the list does not field.
type fileArm struct {
	Min   float64   `yaml:"min"`
	Max   float64   `yaml:"max"`
	Types []fileRow `yaml:"types"`
}

// fileRow is a type row: its share of the arm and the unit types, by
// code, that count for it.
type fileRow struct {
	Name  string   `yaml:"name"`
	Min   float64  `yaml:"min"`
	Max   float64  `yaml:"max"`
	Units []string `yaml:"units"`
}

// parseLists reads lists in the format of lists.yaml (armylist.Decode:
// strict keys, bounded size) and checks what the armies code relies on:
// a nation named once, shares within 0-100% with min at most max, and
// each row's units known 2 by 2 types of the arm the row is under.
func parseLists(source string, data []byte) ([]List, error) {
	var fls []fileList
	if err := armylist.Decode(source, data, &fls); err != nil {
		return nil, err
	}
	if len(fls) == 0 {
		return nil, fmt.Errorf("%s: no army lists", source)
	}
	out := make([]List, len(fls))
	seen := map[string]bool{}
	for i, fl := range fls {
		l := &out[i]
		l.Nation = strings.TrimSpace(fl.Nation)
		key := strings.ToLower(l.Nation)
		if l.Nation == "" || seen[key] {
			return nil, fmt.Errorf("%s: list %d: nation %q is empty or given twice", source, i+1, fl.Nation)
		}
		seen[key] = true
		for a, fa := range [numArms]fileArm{fl.Mounted, fl.Foot, fl.Artillery} {
			arm, err := readArm(fa, a)
			if err != nil {
				return nil, fmt.Errorf("%s: %s %s: %w", source, l.Nation, armNames[a], err)
			}
			l.Arms[a] = arm
		}
	}
	return out, nil
}

// readArm converts and checks one arm (Mounted, Foot or Artillery).
func readArm(fa fileArm, arm int) (ArmShare, error) {
	if err := checkShare(fa.Min, fa.Max); err != nil {
		return ArmShare{}, err
	}
	as := ArmShare{Min: fa.Min, Max: fa.Max}
	if fa.Types == nil {
		if fa.Max > 0 {
			return ArmShare{}, fmt.Errorf("a share of up to %g%% but no type rows", fa.Max)
		}
		return as, nil
	}
	as.Types = make([]TypeShare, len(fa.Types))
	for r, fr := range fa.Types {
		if strings.TrimSpace(fr.Name) == "" || len(fr.Units) == 0 {
			return ArmShare{}, fmt.Errorf("row %d needs a name and units", r+1)
		}
		if err := checkShare(fr.Min, fr.Max); err != nil {
			return ArmShare{}, fmt.Errorf("row %q: %w", fr.Name, err)
		}
		ts := TypeShare{Name: fr.Name, Min: fr.Min, Max: fr.Max, Types: make([]tb.UnitType, len(fr.Units))}
		for k, code := range fr.Units {
			t, ok := tb.UnitTypeByCode(code)
			if !ok || t.IsHQ() || armOf(t) != arm {
				return ArmShare{}, fmt.Errorf("row %q: %q is not a %s unit type's code", fr.Name, code, armNames[arm])
			}
			ts.Types[k] = t
		}
		as.Types[r] = ts
	}
	return as, nil
}

// checkShare wants 0 <= min <= max <= 100.
func checkShare(lo, hi float64) error {
	if !(lo >= 0 && lo <= hi && hi <= 100) {
		return fmt.Errorf("share %g-%g%% is not within 0-100%% with min at most max", lo, hi)
	}
	return nil
}
