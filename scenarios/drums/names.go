package drums

import (
	"fmt"
	"strconv"
	"strings"

	dm "github.com/grognard/grognard/engine/drums"
)

// The words a scenario file uses for what engine/drums numbers. They are
// indexed by the engine's constants, so a new constant without a word is
// caught by TestNamesCoverEngine.
var (
	// typeNames are the unit types (Unit Types), one word each.
	typeNames = [...]string{
		dm.NoType:            "",
		dm.FieldArtillery:    "field-artillery",
		dm.PositionArtillery: "position-artillery",
		dm.HeavyCavalry:      "heavy-cavalry",
		dm.LightCavalry:      "light-cavalry",
		dm.IrregularCavalry:  "irregular-cavalry",
		dm.LightFoot:         "light-foot",
		dm.LineFoot:          "line-foot",
		dm.IrregularFoot:     "irregular-foot",
	}
	// weaponNames are the weapons of Shooting Table 1.
	weaponNames = [...]string{
		dm.NoWeapon:    "none",
		dm.Carbine:     "carbine",
		dm.SmoothBore:  "musket",
		dm.Rifle:       "rifle",
		dm.Minie:       "minie",
		dm.FieldGun:    "field-gun",
		dm.PositionGun: "position-gun",
	}
	// doctrineNames are the army lists' keys (Army Characteristics, Key),
	// bit i of a Doctrine being doctrineNames[i].
	doctrineNames = [...]string{"LCOY", "2RK", "COA", "ZEALOUS", "CARBINE", "H2H", "GUARD", "LANCER", "OPEN"}
	// kindNames are the terrain kinds, as dm.TerrainKind.String writes them.
	kindNames = [...]string{
		dm.Wood: "wood", dm.BuiltUp: "builtup", dm.Rough: "rough", dm.Hill: "hill", dm.Obstacle: "obstacle",
		dm.Fortification: "fortification", dm.Stream: "stream", dm.Road: "road", dm.Impassable: "impassable",
	}
)

// kindAliases are other words players write for a kind.
//
// Ruling D-SCEN-KINDS (Terrain & Fortifications, Cover Terrain): "fences,
// walls, ditches" are obstacles, "farm complexes" and villages built-up,
// breastworks fortifications; no river, which the document does not have.
var kindAliases = map[string]dm.TerrainKind{
	"woods": dm.Wood, "forest": dm.Wood, "farm": dm.BuiltUp, "village": dm.BuiltUp, "town": dm.BuiltUp,
	"built-up": dm.BuiltUp, "hedge": dm.Obstacle, "wall": dm.Obstacle, "fence": dm.Obstacle, "ditch": dm.Obstacle,
	"breastwork": dm.Fortification,
}

// kindWords lists the terrain kinds for messages.
func kindWords() string { return strings.Join(kindNames[1:], ", ") }

// lookupKind reads a terrain kind by name or alias, ignoring case.
func lookupKind(s string) (dm.TerrainKind, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	for k, n := range kindNames {
		if n != "" && n == s {
			return dm.TerrainKind(k), true
		}
	}
	k, ok := kindAliases[s]
	return k, ok
}

// lookup finds s among names, ignoring case, spaces and underscores for
// hyphens ("Line Foot", "line_foot").
func lookup(names []string, s string) (int, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.NewReplacer(" ", "-", "_", "-").Replace(s)
	for i, n := range names {
		if n != "" && strings.ToLower(n) == s {
			return i, true
		}
	}
	return 0, false
}

// parseLevels reads the resilience columns as the army lists print them:
// three cells, Lackluster Steady Determined, each "N+" or "-" for a blank
// ("- 1+ 5+").
func parseLevels(s string) (dm.Thresholds, error) {
	var t dm.Thresholds
	cells := strings.Fields(s)
	if len(cells) != 3 {
		return t, fmt.Errorf("levels %q has %d cells: write three, Lackluster Steady Determined, each N+ or - (as in \"- 1+ 5+\")", s, len(cells))
	}
	for i, c := range cells {
		if c == "-" {
			continue
		}
		n, err := strconv.Atoi(strings.TrimSuffix(c, "+"))
		if err != nil || !strings.HasSuffix(c, "+") || n < 1 || n > 6 {
			return t, fmt.Errorf("levels cell %q is not 1+ to 6+ or -", c)
		}
		t[i] = uint8(n)
	}
	if t == (dm.Thresholds{}) {
		return t, fmt.Errorf("levels %q are all blank: give at least one level a threshold", s)
	}
	return t, nil
}

// formatLevels writes thresholds as parseLevels reads them.
func formatLevels(t dm.Thresholds) string {
	cells := make([]string, 3)
	for i, v := range t {
		cells[i] = "-"
		if v != 0 {
			cells[i] = strconv.Itoa(int(v)) + "+"
		}
	}
	return strings.Join(cells, " ")
}

// parseDoctrine reads one doctrine key ("COA", "zealous").
func parseDoctrine(s string) (dm.Doctrine, bool) {
	s = strings.ToUpper(strings.TrimSpace(s))
	if s == "LANCERS" {
		s = "LANCER"
	}
	for i, n := range doctrineNames {
		if n == s {
			return 1 << i, true
		}
	}
	return 0, false
}

// doctrineList writes a doctrine set as its keys, in the Key's order.
func doctrineList(d dm.Doctrine) []string {
	var out []string
	for i, n := range doctrineNames {
		if d&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	return out
}

// name is names[i], or a number for a value without a word.
func name(names []string, i int) string {
	if i >= 0 && i < len(names) && names[i] != "" {
		return names[i]
	}
	return strconv.Itoa(i)
}

// WeaponName is a weapon's word in scenario files ("musket", "minie").
func WeaponName(w dm.Weapon) string { return name(weaponNames[:], int(w)) }

// LevelsText writes resilience thresholds as the army lists print them
// ("- 1+ 5+").
func LevelsText(t dm.Thresholds) string { return formatLevels(t) }
