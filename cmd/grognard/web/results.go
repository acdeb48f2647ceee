package web

import (
	"bytes"
	"net/http"

	"github.com/grognard/grognard/engine/fileio"
	"github.com/grognard/grognard/tournaments"
	"github.com/grognard/grognard/tournaments/render"
)

// results answers POST /api/results: the report of the tournament whose
// records file is uploaded as the body or named by ?file= in the chosen
// directory, in the format ?format= names (json when none), rendered by
// package render so that the page shows what `grognard tournament`
// prints. Nothing is played: the report is rebuilt from the records
// (tournaments.ReportFromRecords), so any agents' records can be read.
func (s *Server) results(w http.ResponseWriter, r *http.Request) {
	// The format is checked first, so a mistyped one is not reported
	// only after a large upload has been read.
	name := r.URL.Query().Get("format")
	if name == "" {
		name = "json"
	}
	f, err := render.ByName(name)
	if err != nil {
		writeError(w, http.StatusBadRequest, "bad-format", err.Error())
		return
	}
	src, done, ok := s.openUpload(w, r)
	if !ok {
		return
	}
	defer done()
	rd, err := decompressed(r.Context(), src, MaxFileBytes)
	if err != nil {
		writeReadError(w, "the file", err)
		return
	}
	// The records are read as they arrive, without their steps (the
	// report counts results), and the first line that is no record of
	// the file's tournament refuses the file there.
	counted := &fileio.CountingReader{R: rd}
	recs, err := tournaments.ReadGameRecordHeads(r.Context(), counted)
	if err != nil {
		if tooLarge(err) {
			writeReadError(w, "the file", err)
			return
		}
		writeError(w, http.StatusBadRequest, "bad-file", "this file is not a tournament's records (JSON lines, as 'grognard tournament --records FILE' writes them): "+err.Error())
		return
	}
	if counted.N == 0 {
		writeError(w, http.StatusBadRequest, "bad-file", "the upload is empty: choose a records file written by 'grognard tournament --records FILE'")
		return
	}
	rep, err := tournaments.ReportFromRecords(recs)
	if err != nil {
		writeError(w, http.StatusBadRequest, "bad-records", err.Error())
		return
	}
	rep.Records = r.URL.Query().Get("file")
	// Rendered into a buffer first: a report that cannot be rendered gets
	// an error reply, not a half-written document under a 200.
	var out bytes.Buffer
	if err := f.Write(&out, rep); err != nil {
		writeError(w, http.StatusInternalServerError, "internal", "cannot render the report: "+err.Error())
		return
	}
	w.Header().Set("Content-Type", f.MediaType)
	_, _ = w.Write(out.Bytes())
}
