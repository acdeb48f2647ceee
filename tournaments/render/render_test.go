package render

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/grognard/grognard/tournaments"
)

// update rewrites the golden outputs from the current code:
// go test ./tournaments/render/ -run TestGolden -update
var update = flag.Bool("update", false, "rewrite testdata's golden outputs from the current code")

// readFixture decodes testdata/NAME.report.json. The fixtures are three
// reports the grognard command printed with --json (round-robin,
// gauntlet, sprt) and three written by hand for the corners: edge (an
// interrupted, resumed run with infinities, NaN, -0, a tiny negative, a
// pairing without games and names that need escaping in CSV and SVG),
// no-games (nothing counted, no ratings, an undecided SPRT) and sweep (a
// clean sweep, SPRT H1 with games past the decision).
func readFixture(t *testing.T, path string) *tournaments.Report {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var r tournaments.Report
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return &r
}

// TestGolden pins every format's output on every fixture byte for byte:
// testdata/NAME.EXT was written by the grognard command's own renderers
// before they moved here, so the move changed no output.
func TestGolden(t *testing.T) {
	fixtures, err := filepath.Glob(filepath.Join("testdata", "*.report.json"))
	if err != nil || len(fixtures) < 6 {
		t.Fatalf("want at least 6 fixtures in testdata, found %d (%v)", len(fixtures), err)
	}
	for _, path := range fixtures {
		r := readFixture(t, path)
		base := strings.TrimSuffix(path, ".report.json")
		for _, f := range Formats() {
			t.Run(filepath.Base(base)+f.Ext, func(t *testing.T) {
				var got bytes.Buffer
				if err := f.Write(&got, r); err != nil {
					t.Fatal(err)
				}
				golden := base + f.Ext
				if *update {
					if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (run with -update to write it)", err)
				}
				if !bytes.Equal(got.Bytes(), want) {
					t.Errorf("%s differs from %s:\n%s", f.Name, golden, firstDiff(got.String(), string(want)))
				}
			})
		}
	}
}

// firstDiff shows the first line where two outputs part.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range max(len(g), len(w)) {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return fmt.Sprintf("line %d:\n got  %q\n want %q", i+1, gl, wl)
		}
	}
	return "(same lines, different bytes)"
}

// TestJSONRoundTrip: a report decoded from render.JSON renders the same
// in every format, which is what a web page serving a saved report needs.
func TestJSONRoundTrip(t *testing.T) {
	r := readFixture(t, filepath.Join("testdata", "edge.report.json"))
	var doc bytes.Buffer
	if err := JSON(&doc, r); err != nil {
		t.Fatal(err)
	}
	var back tournaments.Report
	if err := json.Unmarshal(doc.Bytes(), &back); err != nil {
		t.Fatalf("JSON output does not decode: %v\n%s", err, doc.String())
	}
	for _, f := range Formats() {
		var a, b bytes.Buffer
		if err := f.Write(&a, r); err != nil {
			t.Fatal(err)
		}
		if err := f.Write(&b, &back); err != nil {
			t.Fatal(err)
		}
		if a.String() != b.String() {
			t.Errorf("%s: the decoded report renders differently:\n%s", f.Name, firstDiff(b.String(), a.String()))
		}
	}
}

// TestSVGMarks reads the edge fixture's chart as XML: the escaped name
// comes back whole, the rated agents have a mark each, the unrated one
// is "no games", and the clean sweep's open end is an arrow.
func TestSVGMarks(t *testing.T) {
	var b bytes.Buffer
	if err := SVG(&b, readFixture(t, filepath.Join("testdata", "edge.report.json"))); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		XMLName xml.Name `xml:"svg"`
		Texts   []string `xml:"text"`
		Paths   []struct {
			D string `xml:"d,attr"`
		} `xml:"path"`
		Circles []struct {
			Title string `xml:"title"`
		} `xml:"circle"`
	}
	if err := xml.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("chart is not XML: %v\n%s", err, b.String())
	}
	for _, want := range []string{"Elo (a = 0) with 95% intervals", "b<&>", "mcts:iters=100,c=1.4", "no games"} {
		if !slices.Contains(doc.Texts, want) {
			t.Errorf("chart has no text %q: %q", want, doc.Texts)
		}
	}
	if len(doc.Circles) != 2 || doc.Circles[0].Title != "b<&>: 2000.0" || doc.Circles[1].Title != "a: 0.0" {
		t.Errorf("marks %+v, want b<&> at 2000.0 then a at 0.0", doc.Circles)
	}
	if len(doc.Paths) != 1 {
		t.Errorf("%d arrows, want 1 for b<&>'s interval open to +inf", len(doc.Paths))
	}
}

func TestByName(t *testing.T) {
	for _, name := range []string{"text", "csv", "json", "svg"} {
		f, err := ByName(name)
		if err != nil || f.Name != name || f.Write == nil || f.MediaType == "" || !strings.HasPrefix(f.Ext, ".") || f.Summary == "" {
			t.Errorf("ByName(%q) = %+v, %v", name, f, err)
		}
	}
	for _, name := range []string{"", "TEXT", "html", " csv"} {
		if _, err := ByName(name); err == nil || !strings.Contains(err.Error(), "use text, csv, json, svg") {
			t.Errorf("ByName(%q): %v, want an error listing the formats", name, err)
		}
	}
	if got := Names(); !slices.Equal(got, []string{"text", "csv", "json", "svg"}) {
		t.Errorf("Names() = %q", got)
	}
	// Formats hands out a copy: a caller's change does not reach ByName.
	fs := Formats()
	fs[0].Name = "changed"
	if f, err := ByName("text"); err != nil || f.Name != "text" {
		t.Errorf("changing Formats()'s slice changed the list: %+v, %v", f, err)
	}
}

// failWriter accepts limit bytes, then fails every write.
type failWriter struct{ limit int }

var errFull = errors.New("disk full")

func (f *failWriter) Write(p []byte) (int, error) {
	if len(p) > f.limit {
		n := f.limit
		f.limit = 0
		return n, errFull
	}
	f.limit -= len(p)
	return len(p), nil
}

// TestWriteErrors: a writer that fails part way is reported by every
// format, wrapped, whether it fails at the first byte, in the middle or
// at the last.
func TestWriteErrors(t *testing.T) {
	r := readFixture(t, filepath.Join("testdata", "sweep.report.json"))
	for _, f := range Formats() {
		var whole bytes.Buffer
		if err := f.Write(&whole, r); err != nil {
			t.Fatal(err)
		}
		for _, limit := range []int{0, whole.Len() / 2, whole.Len() - 1} {
			err := f.Write(&failWriter{limit: limit}, r)
			if !errors.Is(err, errFull) || !strings.HasPrefix(err.Error(), "cannot write ") {
				t.Errorf("%s failing after %d bytes: %v, want a wrapped %v", f.Name, limit, err, errFull)
			}
		}
	}
}

// TestBadReports: a nil report, or one whose tables do not fit its
// agents (as a hand-edited file may), is an error, never a panic.
func TestBadReports(t *testing.T) {
	for _, f := range Formats() {
		if err := f.Write(&bytes.Buffer{}, nil); err == nil {
			t.Errorf("%s of a nil report: no error", f.Name)
		}
	}
	good := func() *tournaments.Report { return readFixture(t, filepath.Join("testdata", "edge.report.json")) }
	tests := []struct {
		name   string
		mutate func(r *tournaments.Report)
		want   string
	}{
		{"short cross table", func(r *tournaments.Report) { r.Cross = r.Cross[:2] }, "cross table has 2 rows"},
		{"long cross table", func(r *tournaments.Report) { r.Cross = append(r.Cross, nil) }, "cross table has 4 rows"},
		{"missing totals", func(r *tournaments.Report) { r.Totals = nil }, "has 0 totals"},
		{"short ratings", func(r *tournaments.Report) { r.Ratings = r.Ratings[:1] }, "has 1 ratings"},
		{"no agents", func(r *tournaments.Report) {
			r.Agents, r.Cross, r.Totals, r.Ratings = nil, nil, nil, nil
			r.SPRT = &tournaments.SPRTResult{Decision: "none"}
		}, "SPRT but no agents"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := good()
			tc.mutate(r)
			err := Text(&bytes.Buffer{}, r)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Text: %v, want an error with %q", err, tc.want)
			}
			// The other formats index nothing per agent: they render.
			for _, f := range Formats()[1:] {
				if err := f.Write(&bytes.Buffer{}, r); err != nil {
					t.Errorf("%s: %v", f.Name, err)
				}
			}
		})
	}
}

// FuzzRender feeds every format reports decoded from arbitrary JSON, as a
// web page serving uploaded or hand-edited reports would: each renders or
// returns an error, and never panics.
// go test ./tournaments/render/ -run '^$' -fuzz FuzzRender -fuzztime 100000x
func FuzzRender(f *testing.F) {
	fixtures, _ := filepath.Glob(filepath.Join("testdata", "*.report.json"))
	for _, path := range fixtures {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"agents":["a","b"],"pairings":[{"estimate":{"elo":1e308,"elo_lo":-1e308,"elo_hi":"+inf"}}]}`))
	f.Add([]byte(`{"ratings":[{"elo":1e308},{"elo":-1e308,"elo_lo":"-inf"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var r tournaments.Report
		if json.Unmarshal(data, &r) != nil {
			return
		}
		for _, format := range Formats() {
			_ = format.Write(io.Discard, &r)
		}
	})
}
