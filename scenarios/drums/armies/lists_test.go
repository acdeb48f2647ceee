package armies

import (
	"errors"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine/drums"
)

// TestEveryListParses pins the document's 41 lists in order and the rows
// each prints (Army Characteristics), counted from the seed text: a row
// offering both artillery kinds counts once (ruling D-ARMY-ART).
func TestEveryListParses(t *testing.T) {
	want := []struct {
		id   string
		rows int
	}{
		{"french-revolutionary", 9}, {"french-emigre-royalist", 6}, {"french-consular", 8},
		{"french-imperial-1803", 24}, {"french-imperial-1813", 25}, {"french-100-days", 18},
		{"french-bourbon-restoration", 11}, {"confederation-of-the-rhine", 14}, {"duchy-of-warsaw", 6},
		{"austrian-1792", 13}, {"austrian-schwarzenberg-1812", 10}, {"austrian-1809", 12},
		{"british-1792", 11}, {"british-peninsular", 15}, {"british-100-days", 23},
		{"prussian-1792", 13}, {"prussian-yorck-1812", 12}, {"prussian-1813", 13},
		{"russian-1792", 12}, {"russian-1808", 13},
		{"spanish-convention", 10}, {"spanish-peninsular", 11}, {"spanish-late-peninsular", 13},
		{"american-1812", 8}, {"texian-1835", 6}, {"swedish-1805", 7}, {"swedish-bernadotte", 9},
		{"mamluk-ottoman", 12}, {"mexican-santa-anna", 12},
		{"argentina", 9}, {"bolivia-peru", 7}, {"chile", 8}, {"columbia", 8},
		{"south-american-royalist", 8}, {"mapuche", 4}, {"south-american-other", 7},
		{"crimean-british", 12}, {"crimean-french", 15}, {"crimean-sardinian", 5},
		{"crimean-ottoman", 7}, {"crimean-russian", 11},
	}
	ls := Lists()
	if len(ls) != len(want) {
		t.Fatalf("%d lists, want %d", len(ls), len(want))
	}
	total := 0
	for i, w := range want {
		l := ls[i]
		t.Run(w.id, func(t *testing.T) {
			if l.ID != w.id {
				t.Fatalf("list %d is %q, want %q", i, l.ID, w.id)
			}
			if got := l.DocumentRows(); got != w.rows {
				t.Errorf("%d document rows, want %d", got, w.rows)
			}
			if l.Title == "" || l.Nation == "" || l.Group == "" || l.Period == "" {
				t.Errorf("missing title, nation, group or period: %+v", l)
			}
			var foot bool
			for _, r := range l.Rows {
				foot = foot || r.Type.IsFoot()
				if r.Type == drums.NoType || r.Bases == 0 || r.Line == 0 {
					t.Errorf("row %q: type %d, bases %d, line %d", r.Name, r.Type, r.Bases, r.Line)
				}
			}
			if !foot {
				t.Errorf("no foot row")
			}
		})
		total += l.DocumentRows()
	}
	if total != 457 {
		t.Errorf("%d rows in all, want the document's 457", total)
	}
	// Every built-in row keeps its PDF cells, so the loader checks ruling
	// D-ARMY-BLANKS on all of them.
	if n := strings.Count(string(listsYAML), ", pdf: \""); n != 457 {
		t.Errorf("%d rows carry pdf cells, want 457", n)
	}
}

// TestListsAreCopies: callers may change what Lists and ByID return.
func TestListsAreCopies(t *testing.T) {
	a := Lists()[0]
	a.Rows[0].Name = "changed"
	a.Notes = append(a.Notes, "x")
	b, err := ByID(a.ID)
	if err != nil {
		t.Fatal(err)
	}
	if b.Rows[0].Name == "changed" || len(b.Notes) != 0 {
		t.Fatalf("the shared lists were changed through a copy")
	}
}

func TestByID(t *testing.T) {
	for _, tc := range []struct {
		name, id, want string
	}{
		{"exact", "french-imperial-1803", ""},
		{"case and space ignored", "  French-Imperial-1803 ", ""},
		{"typo suggests the close ids", "french-imperal-1803", `did you mean "french-imperial-1803" or "french-imperial-1813"?`},
		{"part of an id suggests it", "mapuch", `did you mean "mapuche"?`},
		{"nothing close lists every id", "zulu", "list ids: french-revolutionary, "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := ByID(tc.id)
			if tc.want == "" {
				if err != nil || l.ID != "french-imperial-1803" {
					t.Fatalf("ByID(%q) = %v, %v", tc.id, l, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("ByID(%q) error %v, want it to contain %q", tc.id, err, tc.want)
			}
		})
	}
}

func TestRowLookup(t *testing.T) {
	for _, tc := range []struct {
		name, list, ask, want, err string
	}{
		{"exact name", "french-imperial-1803", "Line Cuirassiers", "Line Cuirassiers", ""},
		{"case and spaces ignored", "french-imperial-1803", "  line   CUIRASSIERS ", "Line Cuirassiers", ""},
		{"accent folded", "austrian-1809", "Jäger", "Jager", ""},
		{"accent in the list folded", "spanish-convention", "Emigre Royalist Line", "Émigré Royalist Line", ""},
		// Ruling D-ARMY-TYPOS: the PDF's wrap space after "/" is dropped and ignored.
		{"space after slash ignored", "british-peninsular", "Veteran Line/KGL/ Portuguese", "Veteran Line/KGL/Portuguese", ""},
		{"curly quote", "austrian-schwarzenberg-1812", "Jager", "Jager", ""},
		// Ruling D-ARMY-ART: the document's name finds the field artillery.
		{"document name finds field artillery", "french-revolutionary", "Artillery", "Artillery (field)", ""},
		{"position alternative", "french-revolutionary", "artillery (position)", "Artillery (position)", ""},
		{"ART(P) alone keeps its name", "crimean-british", "Naval Support", "Naval Support", ""},
		// Ruling D-ARMY-TYPOS: "Artilery" is Artillery; the typo is suggested against.
		{"fixed typo suggests the fix", "crimean-ottoman", "Artilery", "", `did you mean "Artillery (field)"`},
		{"unknown unit lists the rows", "french-imperial-1803", "Line Fusiliers", "", `unknown unit "Line Fusiliers" in french-imperial-1803 (rows: Newly raised French Light, `},
		{"empty name", "mapuche", " ", "", "needs a row name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := ByID(tc.list)
			if err != nil {
				t.Fatal(err)
			}
			r, err := l.Row(tc.ask)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("Row(%q) error %v, want %q", tc.ask, err, tc.err)
				}
				return
			}
			if err != nil || r.Name != tc.want {
				t.Fatalf("Row(%q) = %v, %v; want %q", tc.ask, r, err, tc.want)
			}
		})
	}
}

// TestPDFCells pins ruling D-ARMY-BLANKS on the shapes the PDF text has:
// each cell is followed by one space and a blank cell is empty.
func TestPDFCells(t *testing.T) {
	for _, tc := range []struct {
		name, pdf string
		want      drums.Thresholds
		err       bool
	}{
		{"three values fill L,S,D (Volunteer Light)", "1+ 2+ 4+ ", drums.Thresholds{1, 2, 4}, false},
		{"blank Lackluster: Émigré Regular Light LIGHT  1+ 5+", " 1+ 5+ ", drums.Thresholds{0, 1, 5}, false},
		{"blank Determined: Ex-Royalist Light LIGHT 1+ 6+", "1+ 6+  ", drums.Thresholds{1, 6, 0}, false},
		{"Determined only: Consular Guard", "  1+ ", drums.Thresholds{0, 0, 1}, false},
		{"Lackluster only: Young Imperial Guard 1803", "1+   ", drums.Thresholds{1, 0, 0}, false},
		{"Steady only: Regular French Line 1803", " 1+  ", drums.Thresholds{0, 1, 0}, false},
		{"no trailing space is refused", "1+ 2+ 4+", drums.Thresholds{}, true},
		{"an extra blank is refused", "  1+ 5+ ", drums.Thresholds{}, true},
		{"not starting at 1+ is refused", " 2+ 5+ ", drums.Thresholds{}, true},
		{"falling values are refused", "1+ 5+ 3+ ", drums.Thresholds{}, true},
		{"all blank is refused", "   ", drums.Thresholds{}, true},
		{"a word is refused", "1+ x  ", drums.Thresholds{}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := readPDFCells(tc.pdf)
			if (err != nil) != tc.err || got != tc.want {
				t.Fatalf("readPDFCells(%q) = %v, %v; want %v, error %v", tc.pdf, got, err, tc.want, tc.err)
			}
		})
	}
}

// TestBlankReadingsOfTheDocument pins ruling D-ARMY-BLANKS on rows of the
// built-in lists whose two values could be read either way.
func TestBlankReadingsOfTheDocument(t *testing.T) {
	for _, tc := range []struct {
		list, row string
		want      drums.Thresholds
	}{
		{"french-emigre-royalist", "Regular Light", drums.Thresholds{0, 1, 5}},
		{"french-emigre-royalist", "Artillery (field)", drums.Thresholds{0, 1, 0}},
		{"french-revolutionary", "Ex-Royalist Line", drums.Thresholds{1, 6, 0}},
		{"french-revolutionary", "Volunteer Combined Grenadiers", drums.Thresholds{0, 1, 4}},
		{"french-imperial-1813", "Line Carabineers", drums.Thresholds{1, 4, 6}},
		{"french-imperial-1803", "Line Carabineers", drums.Thresholds{0, 1, 5}},
		{"french-100-days", "Regular Light", drums.Thresholds{0, 1, 6}},
		{"austrian-1792", "Combined Grenadier German", drums.Thresholds{0, 0, 1}},
		{"austrian-schwarzenberg-1812", "Fusilier", drums.Thresholds{1, 0, 0}},
		{"prussian-1813", "Grenadier Battalions", drums.Thresholds{0, 1, 4}},
		{"prussian-1813", "Line Battalions", drums.Thresholds{1, 3, 0}},
		{"mexican-santa-anna", "Permanent Cuirassiers", drums.Thresholds{0, 1, 3}},
		{"crimean-french", "Foreign Legion", drums.Thresholds{0, 1, 3}},
		{"crimean-french", "Chasseurs d'Afrique", drums.Thresholds{1, 3, 0}},
	} {
		t.Run(tc.list+"/"+tc.row, func(t *testing.T) {
			l, err := ByID(tc.list)
			if err != nil {
				t.Fatal(err)
			}
			r, err := l.Row(tc.row)
			if err != nil {
				t.Fatal(err)
			}
			if r.Thresholds != tc.want {
				t.Fatalf("thresholds %s, want %s", formatLevels(r.Thresholds), formatLevels(tc.want))
			}
		})
	}
}

// TestParseListsReportsBadRowsWithLines: a list file's bad rows are all
// reported, each at its line.
func TestParseListsReportsBadRowsWithLines(t *testing.T) {
	src := `- id: my-list
  title: My list
  rows:
    - {name: Line, keys: "LINE, COA", levels: "1+ 3+ -"}
    - {name: Oddity, keys: "LINE, FOO", levels: "1+ 3+ -"}
    - {name: Shaky, keys: LINE, levels: "2+ 3+ -"}
    - {name: Misread, keys: LINE, levels: "1+ 3+ -", pdf: " 1+ 3+ "}
    - {name: Mad Gunners, keys: "ART(F), ZEALOUS", levels: "- 1+ -"}
    - {name: Guard Guerrillas, keys: "IRREGULAR, GUARD", levels: "1+ - -"}
    - {name: Line, keys: LINE, levels: "1+ - -"}
    - {name: Foot Lancers, keys: "LIGHT, LANCER", levels: "1+ - -"}
    - {name: Column Hussars, keys: "LCAV, COA", levels: "1+ - -"}
    - {name: Carbine Foot, keys: "LIGHT, CARBINE", levels: "1+ - -"}
    - {name: Both, keys: "HCAV, LCAV", levels: "1+ - -"}
    - {name: Gun Horse, keys: "ART(F), HCAV", levels: "1+ - -"}
- id: My List
  title: Bad id
  rows: []
- id: my-list
  title: Again
  rows:
    - {name: Line, keys: LINE, levels: "1+ - -", colour: red}
`
	_, err := ParseLists("mylists.yaml", []byte(src))
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v, want an *Error", err)
	}
	msg := err.Error()
	for _, want := range []string{
		`mylists.yaml:5: my-list row "Oddity": unknown key "FOO"`,
		`mylists.yaml:6: my-list row "Shaky" levels "2+ 3+ -": the first given cell is 2+`,
		`mylists.yaml:7: my-list row "Misread" pdf " 1+ 3+ " reads as - 1+ 3+, not levels "1+ 3+ -"`,
		`mylists.yaml:8: my-list row "Mad Gunners": artillery takes only GUARD`,
		`mylists.yaml:9: my-list row "Guard Guerrillas": GUARD on irregulars`,
		`mylists.yaml:10: list "my-list" row "Line" is given twice (first on line 4)`,
		`mylists.yaml:11: my-list row "Foot Lancers": LIGHT (light foot) on cavalry`,
		`mylists.yaml:12: my-list row "Column Hussars": foot doctrines (2RK, COA, LCOY, H2H, OPEN) on cavalry`,
		`mylists.yaml:13: my-list row "Carbine Foot": CARBINE or LANCER on foot`,
		`mylists.yaml:14: my-list row "Both": both HCAV and LCAV`,
		`mylists.yaml:15: my-list row "Gun Horse": artillery keys with ART(F), HCAV`,
		`mylists.yaml:16: list id "My List" is not a slug`,
		`mylists.yaml:18: list "My List" has no rows`,
		`mylists.yaml:22: a row of my-list has an unknown key "colour"`,
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("missing %q in\n%s", want, msg)
		}
	}
	for _, p := range e.Problems {
		if p.Line == 0 {
			t.Errorf("problem without a line: %v", p)
		}
	}
}

func TestParseListsRefusesOddFiles(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"empty", "", "the file is empty"},
		{"not a list", "id: x\n", "the file must be a list"},
		{"no lists", "[]\n", "no army lists"},
		{"syntax", "- id: [\n", "x.yaml:"},
		{"alias", "- &a {id: x, title: X, rows: [{name: A, keys: LINE, levels: '1+ - -'}]}\n- *a\n", "anchors and aliases"},
		{"too large", strings.Repeat("#", MaxFileSize+1), "over the 1048576 byte limit"},
		{"duplicate id", "- {id: a, title: A, rows: [{name: L, keys: LINE, levels: '1+ - -'}]}\n- {id: a, title: B, rows: [{name: L, keys: LINE, levels: '1+ - -'}]}\n", `x.yaml:2: list id "a" is used twice (first on line 1)`},
		{"missing keys and levels", "- {id: a, title: A, rows: [{name: L}]}\n", `row "L" has no "keys"`},
		{"wrong cell count", "- {id: a, title: A, rows: [{name: L, keys: LINE, levels: '1+ 2+'}]}\n", `levels "1+ 2+": 2 cells, need 3`},
		{"bad cavalry bases", "- {id: a, title: A, cavalry_bases: 9, rows: [{name: L, keys: LINE, levels: '1+ - -'}]}\n", "cavalry_bases 9 is out of range"},
		{"bad foot weapon", "- {id: a, title: A, foot_weapon: bow, rows: [{name: L, keys: LINE, levels: '1+ - -'}]}\n", `foot_weapon "bow" is not known`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseLists("x.yaml", []byte(tc.src))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
		})
	}
}

// TestParseListsAcceptsAPlayersList: the format is open to players' own
// lists (Army Characteristics), pdf being optional.
func TestParseListsAcceptsAPlayersList(t *testing.T) {
	src := "- id: hanover-1813\n  title: Hanoverian Legion\n  nation: Hanover\n  cavalry_bases: 3\n  rows:\n" +
		"    - {name: Landwehr, keys: 'LINE, COA', levels: '1+ 4+ -'}\n" +
		"    - {name: Hussars, keys: LCAV, levels: '- 1+ 5+'}\n" +
		"    - {name: Foot Battery, keys: 'ART(F)/ART(P)', levels: '- 1+ -'}\n" +
		"- {id: flow, title: Flow, rows: [{name: A, keys: 'ART(F), ART(P)', levels: '1+ - -'}, {name: B, keys: LINE, levels: '1+ - -'}]}\n"
	ls, err := ParseLists("hanover.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	l := ls[0]
	if len(l.Rows) != 4 || l.DocumentRows() != 3 || l.Rows[1].Bases != 3 || l.Rows[3].Name != "Foot Battery (position)" {
		t.Fatalf("list %+v", l)
	}
	// Rows written on one line still count one by one.
	if f := ls[1]; len(f.Rows) != 3 || f.DocumentRows() != 2 {
		t.Fatalf("flow list: %d rows, %d document rows", len(f.Rows), f.DocumentRows())
	}
}
