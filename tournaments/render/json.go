package render

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/grognard/grognard/tournaments"
)

// JSON writes the report as one indented JSON document and a newline, in
// the shape of tournaments.Report's JSON tags: an undefined statistic is
// null, an infinite one "+inf" or "-inf", and the run's wall time is left
// out, so that equal tournaments give equal documents. A program reads it
// back with json.Unmarshal into a tournaments.Report.
func JSON(w io.Writer, r *tournaments.Report) error {
	if r == nil {
		return errNoReport
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return fmt.Errorf("cannot write the report as JSON: %w", err)
	}
	return nil
}
