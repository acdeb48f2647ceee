// Package render writes a tournament's report (a *tournaments.Report) for
// people and for programs: as text tables, CSV, JSON or an SVG chart. The
// grognard command and a web page call the same functions, so a report
// reads the same in a terminal, a spreadsheet and a browser.
//
// Each format is a function of one signature,
//
//	render.Text(w, report) // the cross table, pairings, ratings and SPRT
//	render.CSV(w, report)  // one row per pairing and per agent
//	render.JSON(w, report) // the report itself, indented
//	render.SVG(w, report)  // each agent's rating with its 95% interval
//
// and Formats lists them by name, with a media type and a file extension,
// for a command-line flag or an HTTP handler:
//
//	f, err := render.ByName(r.URL.Query().Get("format"))
//	if err != nil {
//		http.Error(w, err.Error(), http.StatusBadRequest)
//		return
//	}
//	w.Header().Set("Content-Type", f.MediaType)
//	err = f.Write(w, report)
//
// Rendering only reads the report; a report decoded from JSON (as
// render.JSON wrote it) renders exactly as the one the tournament built.
// A report whose tables do not fit each other (a cross table with fewer
// rows than agents, say) is refused with an error, never a panic.
package render

import (
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/grognard/grognard/tournaments"
)

// Format is one way to write a report. The zero Format is not usable: get
// one from Formats or ByName.
type Format struct {
	// Name is what a flag or a query string gives: "text", "csv",
	// "json" or "svg".
	Name string
	// MediaType is the HTTP Content-Type of the output.
	MediaType string
	// Ext is the usual file extension, with its dot: ".txt".
	Ext string
	// Summary says in a few words what the output is, for help texts
	// and menus.
	Summary string
	// Write renders a report to w; it is one of Text, CSV, JSON and SVG.
	Write func(w io.Writer, r *tournaments.Report) error
}

// formats is the one list every front end shows, in the order a help text
// lists them: the default for people first.
var formats = []Format{
	{Name: "text", MediaType: "text/plain; charset=utf-8", Ext: ".txt", Summary: "tables for people: cross table, pairings, ratings, SPRT", Write: Text},
	{Name: "csv", MediaType: "text/csv; charset=utf-8", Ext: ".csv", Summary: "one row per pairing and per agent, for spreadsheets", Write: CSV},
	{Name: "json", MediaType: "application/json", Ext: ".json", Summary: "the whole report as one JSON document, for programs", Write: JSON},
	{Name: "svg", MediaType: "image/svg+xml", Ext: ".svg", Summary: "each agent's rating (or score, with two agents) with its 95% interval, as a chart", Write: SVG},
}

// Formats lists every format, text first. The slice is the caller's to
// keep or change.
func Formats() []Format {
	return append([]Format(nil), formats...)
}

// Names lists the formats' names in the order of Formats.
func Names() []string {
	names := make([]string, len(formats))
	for i, f := range formats {
		names[i] = f.Name
	}
	return names
}

// ByName finds a format by its name, as Formats lists it; the error for
// an unknown name lists the names there are.
func ByName(name string) (Format, error) {
	for _, f := range formats {
		if f.Name == name {
			return f, nil
		}
	}
	return Format{}, fmt.Errorf("unknown report format %q: use %s", name, strings.Join(Names(), ", "))
}

// errNoReport is returned for a nil report, which has nothing to render.
var errNoReport = errors.New("no report to render (the report is nil)")

// stickyWriter keeps the first error of its writer and writes nothing
// after it, so that the many small writes of a table need no check each
// and the caller still learns that the output was cut short.
type stickyWriter struct {
	w   io.Writer
	err error
}

func (s *stickyWriter) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.w.Write(p)
	s.err = err
	return n, err
}

// eloText writes an Elo figure, with the infinities of clean sweeps.
func eloText(v tournaments.Num) string {
	f := float64(v)
	switch {
	case math.IsNaN(f):
		return "n/a"
	case math.IsInf(f, 1):
		return "+inf"
	case math.IsInf(f, -1):
		return "-inf"
	case math.Round(f) == 0:
		return "0"
	}
	return fmt.Sprintf("%+.0f", f)
}

// pctText writes a fraction as a percentage, n/a when undefined.
func pctText(v tournaments.Num) string {
	if math.IsNaN(float64(v)) {
		return "n/a"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(v))
}

// fmtG writes a float in its shortest exact form: 0.05, 10, 1.5.
func fmtG(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// ratingOrder lists agents best first; unrated ones last.
func ratingOrder(r *tournaments.Report) []int {
	idx := make([]int, len(r.Ratings))
	for i := range idx {
		idx[i] = i
	}
	key := func(i int) float64 {
		if e := float64(r.Ratings[i].Elo); !math.IsNaN(e) {
			return e
		}
		return math.Inf(-1)
	}
	sort.SliceStable(idx, func(x, y int) bool { return key(idx[x]) > key(idx[y]) })
	return idx
}
