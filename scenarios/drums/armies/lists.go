package armies

import (
	_ "embed"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/grognard/grognard/engine/drums"
	"github.com/grognard/grognard/scenarios/armylist"
	"github.com/grognard/grognard/scenarios/yamlread"
)

// listsYAML is every army list of the document (Army Characteristics).
//
//go:embed lists.yaml
var listsYAML []byte

// List is one army list of the document (Army Characteristics): the units
// a nation may field in a period, each with its doctrine, type and
// resilience thresholds.
type List struct {
	// ID is the list's short name ("french-imperial-1803").
	ID string
	// Title is the document's heading for the list ("French Imperial
	// (1803-1812)").
	Title string
	// Group is the document's section ("France", "French Allies",
	// "Crimean War").
	Group string
	// Nation is who fields the list ("France", "Britain and allies").
	Nation string
	// Period is the years the list covers ("1803-1812", "1815 onwards").
	Period string
	// Notes are the document's notes to the list, as printed.
	Notes []string
	// NoSquare forbids the list's foot to form square and AlwaysDefender
	// makes its side the defender (Mapuche Indian; ruling D-ARMY-MAPUCHE).
	// The engine reads them; the list only carries them.
	NoSquare, AlwaysDefender bool
	// Rows are what units may be fielded as, in the document's order. A
	// document row offering field or position artillery is two rows
	// (ruling D-ARMY-ART); DocumentRows counts the document's rows.
	Rows []Row
	// Line is the list's line in its source (lists.yaml for the built-in
	// lists).
	Line int
}

// Row is one kind of unit a list may field.
type Row struct {
	// Name is the name a unit is fielded under: the document's row name,
	// or for a row offering both artillery kinds "<name> (field)" and
	// "<name> (position)".
	Name string
	// DocName is the document's row name ("Artillery" for "Artillery
	// (position)").
	DocName string
	// Keys is the document's Doctrine/Type cell as printed.
	Keys string
	// Type, Doctrines and Weapon are what the keys and name mean (rulings
	// D-ARMY-*).
	Type      drums.Type
	Doctrines drums.Doctrine
	Weapon    drums.Weapon
	// Thresholds are the Lackluster, Steady and Determined columns.
	Thresholds drums.Thresholds
	// Bases is the unit's default size in bases (artillery: models), ruling
	// D-ARMY-BASES.
	Bases int
	// Line is the row's line in its source.
	Line int

	doc int // the index of the document row the row comes from
}

// IsAlternative reports whether the row is the position-artillery
// alternative of a row offering both kinds (ruling D-ARMY-ART).
func (r *Row) IsAlternative() bool {
	return r.Name != r.DocName && r.Type == drums.PositionArtillery
}

// DocumentRows is the number of rows the document prints for the list: a
// row offering both artillery kinds (two Rows) counts once.
func (l *List) DocumentRows() int {
	n := 0
	for i := range l.Rows {
		if i == 0 || l.Rows[i].doc != l.Rows[i-1].doc {
			n++
		}
	}
	return n
}

// clone copies l so a caller may change the copy freely.
func (l *List) clone() *List {
	c := *l
	c.Notes = slices.Clone(l.Notes)
	c.Rows = slices.Clone(l.Rows)
	return &c
}

// builtinLists are the lists of listsYAML, parsed once on first use.
var builtinLists = armylist.NewEmbedded("lists.yaml", listsYAML, ParseLists)

// load parses the embedded lists once.
func load() ([]*List, error) { return builtinLists.Get() }

// Lists returns a copy of every army list of the document, in the
// document's order. The embedded data is checked by the package's tests;
// should it ever fail to parse, Lists panics with the problems, as
// regexp.MustCompile does for a bad constant.
func Lists() []*List {
	ls := builtinLists.Must()
	out := make([]*List, len(ls))
	for i, l := range ls {
		out[i] = l.clone()
	}
	return out
}

// IDs names every built-in list, in the document's order.
func IDs() []string {
	ls, err := load()
	if err != nil {
		return nil
	}
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.ID
	}
	return out
}

// ByID returns a copy of the built-in list with the given id (case and
// surrounding space ignored). The error names the ids closest to the one
// asked for, or every id when none is close.
func ByID(id string) (*List, error) {
	ls, err := load()
	if err != nil {
		return nil, err
	}
	want := strings.ToLower(strings.TrimSpace(id))
	for _, l := range ls {
		if l.ID == want {
			return l.clone(), nil
		}
	}
	return nil, fmt.Errorf("no army list %q: %s", id, suggest(want, IDs(), "list ids"))
}

// suggest is "did you mean a, b? (all: ...)" for the candidates closest to
// s, or "<what>: ..." listing every candidate when none is close.
func suggest(s string, candidates []string, what string) string {
	close := closest(s, candidates)
	all := what + ": " + strings.Join(candidates, ", ")
	if len(close) == 0 {
		return all
	}
	return "did you mean " + strings.Join(close, " or ") + "? (" + all + ")"
}

// closest are the candidates nearest s by edit distance that are close
// enough to be a typo, or that contain s or are contained in it, nearest
// first, at most three.
func closest(s string, candidates []string) []string {
	type cand struct {
		s string
		d int
	}
	var cs []cand
	ls := normName(s)
	if len(ls) > 100 {
		return nil // no name is that long; spare the edit distances
	}
	for _, c := range candidates {
		lc := normName(c)
		d := yamlread.EditDistance(ls, lc)
		if i := strings.Index(lc, " ("); i > 0 {
			d = min(d, yamlread.EditDistance(ls, lc[:i])) // "Artilery" is close to "Artillery (field)"
		}
		switch {
		case d <= max(2, len(ls)/3):
		case len(ls) >= 3 && (strings.Contains(lc, ls) || strings.Contains(ls, lc)):
			d = max(len(lc), len(ls)) // after the true typos
		default:
			continue
		}
		cs = append(cs, cand{c, d})
	}
	slices.SortStableFunc(cs, func(a, b cand) int { return a.d - b.d })
	var out []string
	for _, c := range cs[:min(3, len(cs))] {
		out = append(out, strconv.Quote(c.s))
	}
	return out
}

// Row finds the row a unit name names: a row's Name, or a document row's
// name, which names its first row (for a row offering both artillery
// kinds, the field artillery). Case, accents ("Jäger" = "Jager"), runs of
// spaces and spaces around "/" are ignored. The error lists the rows.
func (l *List) Row(name string) (*Row, error) {
	want := normName(name)
	if want == "" {
		return nil, fmt.Errorf("%s: a unit needs a row name (rows: %s)", l.ID, l.rowNames())
	}
	for i := range l.Rows {
		if normName(l.Rows[i].Name) == want {
			return &l.Rows[i], nil
		}
	}
	for i := range l.Rows {
		if normName(l.Rows[i].DocName) == want {
			return &l.Rows[i], nil
		}
	}
	names := make([]string, len(l.Rows))
	for i := range l.Rows {
		names[i] = l.Rows[i].Name
	}
	return nil, fmt.Errorf("unknown unit %q in %s (%s)", name, l.ID, suggest(name, names, "rows"))
}

// rowNames lists the rows' names for messages.
func (l *List) rowNames() string {
	names := make([]string, len(l.Rows))
	for i := range l.Rows {
		names[i] = strconv.Quote(l.Rows[i].Name)
	}
	return strings.Join(names, ", ")
}

// Profile is the profile of a unit of the named row with the given number
// of bases (artillery: models); 0 bases means the row's default (ruling
// D-ARMY-BASES). Bases outside BasesRange for the row's type are refused.
func (l *List) Profile(row string, bases int) (drums.Profile, error) {
	r, err := l.Row(row)
	if err != nil {
		return drums.Profile{}, err
	}
	return r.Profile(bases)
}

// Profile is the profile of a unit of the row with the given bases, 0 for
// the row's default.
func (r *Row) Profile(bases int) (drums.Profile, error) {
	if bases == 0 {
		bases = r.Bases
	}
	if err := r.checkBases(bases); err != nil {
		return drums.Profile{}, err
	}
	return r.profile(uint8(bases)), nil
}

// checkBases refuses bases outside BasesRange for the row's type.
func (r *Row) checkBases(bases int) error {
	if lo, hi := BasesRange(r.Type); bases < lo || bases > hi {
		return fmt.Errorf("%q with %d bases: %s take %d to %d bases (%d by default): give bases between %d and %d, or leave it out",
			r.Name, bases, armName(r.Type), lo, hi, r.Bases, lo, hi)
	}
	return nil
}

// profile is the row's profile with the given bases, unchecked.
func (r *Row) profile(bases uint8) drums.Profile {
	return drums.Profile{
		Name:       r.Name,
		Type:       r.Type,
		Doctrines:  r.Doctrines,
		Weapon:     r.Weapon,
		Thresholds: r.Thresholds,
		Bases:      bases,
	}
}

// BasesRange is how many bases (artillery: models) a unit of type t may
// have in an army file: foot 3-8, cavalry 2-6, artillery 1-2. An unknown
// type allows none.
//
// Ruling D-ARMY-BASES (Game Scale): the bounds hold the guides' sizes
// with room for weak or strong units: foot 3-8 the standard battalion's
// "4" or "6" and the square-base guide's "6-8"; cavalry 2-6 the "4" and
// the Austrians' "6"; artillery the one model or the "2 bases" of a
// larger battery.
func BasesRange(t drums.Type) (lo, hi int) {
	switch {
	case t.IsFoot():
		return 3, 8
	case t.IsCavalry():
		return 2, 6
	case t.IsArtillery():
		return 1, 2
	}
	return 1, 0
}

// defaultBases is a row's default size.
//
// Ruling D-ARMY-BASES (Game Scale): standard battalions are "about 4" or
// "about 6" bases: line foot 6, light and irregular foot 4; cavalry 4
// (Austrians 6, the list's cavalry argument); artillery 1 model "unless
// specifically larger, then 2": position artillery 2.
func defaultBases(t drums.Type, cavalry int) int {
	switch t {
	case drums.LineFoot:
		return 6
	case drums.LightFoot, drums.IrregularFoot:
		return 4
	case drums.PositionArtillery:
		return 2
	case drums.FieldArtillery:
		return 1
	}
	return cavalry
}

// armName names a type's arm for messages.
func armName(t drums.Type) string {
	switch {
	case t.IsFoot():
		return "foot"
	case t.IsCavalry():
		return "cavalry"
	case t.IsArtillery():
		return "artillery"
	}
	return "units of no type"
}

// normName folds a unit or list name for lookups: lower case, accents
// folded, curly quotes straightened, runs of space collapsed and spaces
// around "/" dropped.
//
// Ruling D-ARMY-TYPOS (Army Characteristics): the PDF wraps "Veteran
// Line/KGL/ Portuguese"; the space is no part of the name.
func normName(s string) string {
	s = fold(s)
	s = strings.Join(strings.Fields(s), " ")
	s = strings.ReplaceAll(s, " /", "/")
	return strings.ReplaceAll(s, "/ ", "/")
}

// fold lowers s and folds the accented letters and quotes the lists use.
func fold(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case 'é', 'è', 'ê', 'ë', 'É', 'È':
			return 'e'
		case 'à', 'á', 'â', 'ä', 'À', 'Ä':
			return 'a'
		case 'ü', 'ú', 'û', 'Ü':
			return 'u'
		case 'ö', 'ó', 'ô', 'Ö':
			return 'o'
		case 'í', 'ï', 'î':
			return 'i'
		case 'ç':
			return 'c'
		case 'ñ':
			return 'n'
		case '’', '‘':
			return '\''
		}
		if r >= 'A' && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, s)
}

var idPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// ParseLists reads army lists in the format of the built-in lists.yaml (a
// YAML list of lists, each with id, title, group, nation, period, notes,
// no_square, always_defender, cavalry_bases, foot_weapon and rows of name,
// keys, levels and pdf). Players may write their own lists this way
// ("players are welcome to adjust them", Army Characteristics). Every bad
// list or row is reported with its line; source names the text in
// messages.
func ParseLists(source string, data []byte) ([]*List, error) {
	r := &reader{source: source}
	if len(data) > MaxFileSize {
		r.add(nil, KindTooLarge, "keep list files under 1 MiB", "the file is %d bytes, over the %d byte limit", len(data), MaxFileSize)
		return nil, r.err()
	}
	root := r.document(data)
	if root == nil {
		return nil, r.err()
	}
	var out []*List
	ids := map[string]int{}
	for _, ln := range r.seq(root, "the file", "write the file as a list of army lists, each starting \"- id: ...\"") {
		l := r.list(ln)
		if l == nil {
			continue
		}
		if first, dup := ids[l.ID]; dup {
			r.add(ln, KindBadList, "give each list its own id", "list id %q is used twice (first on line %d)", l.ID, first)
			continue
		}
		ids[l.ID] = l.Line
		out = append(out, l)
	}
	if len(out) == 0 && len(r.problems) == 0 {
		r.add(root, KindBadList, "add a list", "the file has no army lists")
	}
	if err := r.err(); err != nil {
		return nil, err
	}
	return out, nil
}

// list reads one army list.
func (r *reader) list(n *yaml.Node) *List {
	m := r.mapping(n, "an army list", "id", "title", "group", "nation", "period", "notes", "no_square", "always_defender", "cavalry_bases", "foot_weapon", "rows")
	if m.node == nil {
		return nil
	}
	l := &List{Line: n.Line}
	bad := len(r.problems)
	if v := r.require(m, "an army list", "id", "give it a short id such as french-imperial-1803"); v != nil {
		l.ID, _ = r.str(v, "id")
		if l.ID != "" && !idPattern.MatchString(l.ID) {
			r.add(v, KindBadList, "use lower-case letters, digits and single hyphens, as in french-imperial-1803", "list id %q is not a slug", l.ID)
		}
	}
	what := "list " + strconv.Quote(l.ID)
	if v := r.require(m, what, "title", "give the document's heading"); v != nil {
		l.Title, _ = r.str(v, what+" title")
	}
	l.Group, _ = r.str(m.get("group"), what+" group")
	l.Nation, _ = r.str(m.get("nation"), what+" nation")
	l.Period, _ = r.str(m.get("period"), what+" period")
	for _, nn := range r.seq(m.get("notes"), what+" notes", "write notes as a list of text") {
		if s, ok := r.str(nn, what+" note"); ok {
			l.Notes = append(l.Notes, s)
		}
	}
	l.NoSquare, _ = r.boolean(m.get("no_square"), what+" no_square")
	l.AlwaysDefender, _ = r.boolean(m.get("always_defender"), what+" always_defender")
	// Ruling D-ARMY-BASES (Game Scale): "Most cavalry would be 4 bases,
	// except units such as Austrians which would be 6 bases".
	cavalry := 4
	if v := m.get("cavalry_bases"); v != nil {
		if c, ok := r.integer(v, what+" cavalry_bases"); ok {
			if lo, hi := BasesRange(drums.LightCavalry); c < lo || c > hi {
				r.add(v, KindBadList, fmt.Sprintf("give %d to %d", lo, hi), "%s cavalry_bases %d is out of range", what, c)
			} else {
				cavalry = c
			}
		}
	}
	// Ruling D-ARMY-WEAPON (Shooting Table 1, "Minie Rifles or similar"):
	// foot_weapon: minie arms a list's line and light foot with them.
	minie := false
	if v := m.get("foot_weapon"); v != nil {
		if s, ok := r.str(v, what+" foot_weapon"); ok {
			switch s {
			case "minie":
				minie = true
			case "", "default":
			default:
				r.add(v, KindBadList, "write minie, or leave it out for muskets and rifles by name", "%s foot_weapon %q is not known", what, s)
			}
		}
	}
	rows := r.seq(r.require(m, what, "rows", "list its units under rows:"), what+" rows", "write rows as a list of {name, keys, levels}")
	if m.get("rows") != nil && len(rows) == 0 && m.get("rows").Kind == yaml.SequenceNode {
		r.add(m.get("rows"), KindBadList, "add its units", "%s has no rows", what)
	}
	seen := map[string]int{}
	for d, rn := range rows {
		for _, row := range r.row(rn, l.ID, cavalry, minie) {
			row.doc = d
			key := normName(row.Name)
			if first, dup := seen[key]; dup {
				r.add(rn, KindBadRow, "give each row its own name", "%s row %q is given twice (first on line %d)", what, row.Name, first)
				continue
			}
			seen[key] = row.Line
			l.Rows = append(l.Rows, row)
		}
	}
	if len(r.problems) > bad {
		return nil
	}
	return l
}

// row reads one document row into one row, or two for a row offering both
// artillery kinds.
func (r *reader) row(n *yaml.Node, list string, cavalry int, minie bool) []Row {
	m := r.mapping(n, "a row of "+list, "name", "keys", "levels", "pdf")
	if m.node == nil {
		return nil
	}
	bad := len(r.problems)
	var name, keys, levels string
	if v := r.require(m, "a row of "+list, "name", "give the unit's name"); v != nil {
		name, _ = r.str(v, "row name")
		if strings.TrimSpace(name) == "" {
			r.add(v, KindBadRow, "give the unit's name", "a row of %s has an empty name", list)
		}
	}
	what := fmt.Sprintf("%s row %q", list, name)
	kn := r.require(m, what, "keys", "give the Doctrine/Type cell, as in \"LINE, COA, LCOY\"")
	if kn != nil {
		keys, _ = r.str(kn, what+" keys")
	}
	ln := r.require(m, what, "levels", "give the three thresholds as in \"1+ 3+ -\", \"-\" for a blank cell")
	var th drums.Thresholds
	if ln != nil {
		if levels, _ = r.str(ln, what+" levels"); levels != "" {
			var err error
			if th, err = parseLevels(levels); err != nil {
				r.add(ln, KindBadRow, "write three cells such as \"1+ 3+ -\" or \"- 1+ 5+\": each N+ or -, rising from 1+", "%s levels %q: %v", what, levels, err)
			}
		}
	}
	if pn := m.get("pdf"); pn != nil && ln != nil {
		if pdf, ok := r.str(pn, what+" pdf"); ok {
			got, err := readPDFCells(pdf)
			switch {
			case err != nil:
				r.add(pn, KindBadRow, "give the three cells as the PDF text has them, each followed by one space", "%s pdf %q: %v", what, pdf, err)
			case got != th:
				r.add(pn, KindBadRow, "make levels agree with the PDF cells (ruling D-ARMY-BLANKS) or drop pdf", "%s pdf %q reads as %s, not levels %q", what, pdf, formatLevels(got), levels)
			}
		}
	}
	if len(r.problems) > bad {
		return nil
	}
	kinds, err := classify(name, keys, minie)
	if err != nil {
		r.add(kn, KindBadRow, "", "%s: %v", what, err)
		return nil
	}
	out := make([]Row, len(kinds))
	for i, k := range kinds {
		out[i] = Row{Name: name, DocName: name, Keys: keys, Type: k.t, Doctrines: k.doc, Weapon: k.weapon,
			Thresholds: th, Bases: defaultBases(k.t, cavalry), Line: n.Line}
		// Ruling D-ARMY-ART (Army Characteristics, Key): a row offering
		// both kinds fields as "<name> (field)" or "<name> (position)".
		if len(kinds) > 1 {
			out[i].Name = name + " (" + artKindName(k.t) + ")"
		}
	}
	return out
}

// artKindName is "field" or "position".
func artKindName(t drums.Type) string {
	if t == drums.PositionArtillery {
		return "position"
	}
	return "field"
}

// parseLevels reads "1+ 3+ -": three cells, each "N+" (N 1-6) or "-",
// the given ones rising and the first given one 1+, so that every score
// gives a level.
func parseLevels(s string) (drums.Thresholds, error) {
	f := strings.Fields(s)
	if len(f) != 3 {
		return drums.Thresholds{}, fmt.Errorf("%d cells, need 3", len(f))
	}
	var th drums.Thresholds
	for i, c := range f {
		if c == "-" {
			continue
		}
		v, ok := cellValue(c)
		if !ok {
			return drums.Thresholds{}, fmt.Errorf("cell %q is not N+ or -", c)
		}
		th[i] = v
	}
	if err := checkThresholds(th); err != nil {
		return drums.Thresholds{}, err
	}
	return th, nil
}

// cellValue reads "N+" with N 1-6.
func cellValue(c string) (uint8, bool) {
	if len(c) != 2 || c[1] != '+' || c[0] < '1' || c[0] > '6' {
		return 0, false
	}
	return c[0] - '0', true
}

// checkThresholds wants at least one given cell, the first given one 1+
// (every score then gives a level) and the given ones rising.
//
// Ruling D-ARMY-CHECKS (Resilience; Determining a unit's morale): a 1D6
// score below every threshold would give no level, so a row must start
// at 1+; every row of the document does.
func checkThresholds(th drums.Thresholds) error {
	last := uint8(0)
	for _, v := range th {
		if v == 0 {
			continue
		}
		if last == 0 && v != 1 {
			return fmt.Errorf("the first given cell is %d+, but a score of 1 must give a level: it must be 1+", v)
		}
		if v <= last {
			return fmt.Errorf("%d+ after %d+: the cells must rise left to right", v, last)
		}
		last = v
	}
	if last == 0 {
		return fmt.Errorf("every cell is blank")
	}
	return nil
}

// formatLevels writes thresholds as levels are written: "- 1+ 5+".
func formatLevels(th drums.Thresholds) string {
	var b strings.Builder
	for i, v := range th {
		if i > 0 {
			b.WriteByte(' ')
		}
		if v == 0 {
			b.WriteByte('-')
		} else {
			b.WriteString(strconv.Itoa(int(v)) + "+")
		}
	}
	return b.String()
}

// readPDFCells reads the resilience cells as the PDF's text gives them.
//
// Ruling D-ARMY-BLANKS (Army Characteristics): each of the three cells is
// printed followed by one space and a blank cell prints as nothing, so
// " 1+ 5+ " is blank, 1+, 5+ and "1+   " is 1+, blank, blank.
func readPDFCells(s string) (drums.Thresholds, error) {
	parts := strings.Split(s, " ")
	if len(parts) != 4 || parts[3] != "" {
		return drums.Thresholds{}, fmt.Errorf("%d cells, need 3 each followed by one space", len(parts)-1)
	}
	var th drums.Thresholds
	for i, c := range parts[:3] {
		if c == "" {
			continue
		}
		v, ok := cellValue(c)
		if !ok {
			return drums.Thresholds{}, fmt.Errorf("cell %q is not N+", c)
		}
		th[i] = v
	}
	if err := checkThresholds(th); err != nil {
		return drums.Thresholds{}, err
	}
	return th, nil
}
