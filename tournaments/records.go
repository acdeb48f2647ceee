package tournaments

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/fileio"
)

// GameRecord is one line of a tournament's records file: the game's
// engine.Record, whose fields stay at the top level so that
// engine.ReadRecords and `grognard replay` read the file as it is, plus
// what the tournament knows about the game.
type GameRecord struct {
	engine.Record
	// Tournament places the game in its tournament and gives its outcome
	// as scored, which differs from Record.Result when the game was
	// adjudicated.
	Tournament GameInfo `json:"tournament"`
}

// GameInfo is the tournament's part of a record.
type GameInfo struct {
	// Fingerprint identifies the tournament's settings (see Config).
	Fingerprint string `json:"fingerprint"`
	// Seed is the tournament's master seed.
	Seed uint64 `json:"seed"`
	// Game, Pair, Leg and Pairing place the game in the schedule (see Game).
	Game    int `json:"game"`
	Pair    int `json:"pair"`
	Leg     int `json:"leg"`
	Pairing int `json:"pairing"`
	// Sides is the agent index on side 0 and side 1.
	Sides [2]int `json:"sides"`
	// Specs is the agent spec on side 0 and side 1.
	Specs [2]string `json:"specs"`
	// Names is the agent's name in the tables on side 0 and side 1: the
	// spec's name=, or the spec, with "#2" on a repeat (see Labels).
	Names [2]string `json:"names"`
	// Outcome is the result the tournament scores.
	Outcome Outcome `json:"outcome"`
}

// Outcome is a game's result as the tournament scores it.
type Outcome struct {
	// Winner is the winning side, or engine.NoPlayer for a draw.
	Winner engine.Player `json:"winner"`
	// Reason says how the result was reached: the ruleset's reason, or
	// "adjudicated: AP destroyed 12 to 7" (the winner's figure first).
	Reason string `json:"reason"`
	// Kind says how the game ended: the ruleset's kind, or adjudicated.
	Kind engine.ResultKind `json:"kind,omitempty"`
	// Adjudicated is set when the game reached the turn limit and was
	// scored by AP destroyed instead of the ruleset's draw.
	Adjudicated bool `json:"adjudicated,omitempty"`
	// APDestroyed is the army points each side destroyed of the other's,
	// when the ruleset can count them.
	APDestroyed *[2]float64 `json:"ap_destroyed,omitempty"`
}

// resumeLine is what resuming needs of a record. Decoding into it skips
// the steps, which are most of a line, so a records file of many
// thousands of games resumes in little memory.
type resumeLine struct {
	DiceSeed   uint64    `json:"dice_seed"`
	AgentSeeds [2]uint64 `json:"agent_seeds"`
	Scenario   string    `json:"scenario"`
	Tournament *GameInfo `json:"tournament"`
}

// loaded is what a records file holds for the tournament.
type loaded struct {
	games      int // distinct games of this tournament kept
	duplicates int // lines repeating a game already read
	beyond     int // games past the scheduled total
	torn       bool
}

// load reads the records file for a resume, fills res with every game
// found, and cuts a torn last line off the file, so the next append starts
// on a line of its own. A damaged line anywhere else, or a record from
// another tournament, is an error: guessing there could lose or mix games.
func (t *Tournament) load(res []slot) (loaded, error) {
	var out loaded
	path := t.cfg.Records
	f, err := openRecordsToResume(path)
	if errors.Is(err, os.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return out, fmt.Errorf("open records to resume: %w", err)
	}
	defer f.Close()
	rd := bufio.NewReaderSize(f, 1<<16)
	var buf []byte
	var (
		offset int64 // end of the last complete, valid line
		lineNo int
		badErr error // a bad line, reported only if another line follows
		badAt  int
	)
	for {
		var line []byte
		line, buf, err = readRecordLine(rd, buf)
		if err == nil && lineNo >= engine.MaxRecordLines {
			err = fmt.Errorf("more than %d lines: %w", engine.MaxRecordLines, fileio.ErrTooLarge)
		}
		if err != nil && err != io.EOF {
			return out, fmt.Errorf("read records %s: %w", path, err)
		}
		if len(line) > 0 {
			lineNo++
			if badErr != nil {
				return out, fmt.Errorf("%s line %d is not a tournament record: %w (remove that line, or start afresh with another records file)", path, badAt, badErr)
			}
			complete := line[len(line)-1] == '\n'
			if !complete {
				out.torn = true
				break
			}
			if perr := t.takeLine(bytes.TrimSpace(line), res, &out); perr != nil {
				var mismatch *mismatchError
				if errors.As(perr, &mismatch) {
					return out, fmt.Errorf("%s line %d: %w", path, lineNo, perr)
				}
				badErr, badAt = perr, lineNo
				continue
			}
			offset += int64(len(line))
		}
		if err == io.EOF {
			break
		}
	}
	if badErr != nil {
		// The last complete line does not parse: a write cut short by a
		// full disk or a crash looks like that. It is discarded as a torn
		// line is.
		out.torn = true
	}
	if out.torn {
		t.cfg.Log.Warn().Str("file", path).Int64("kept_bytes", offset).Msg("discarding a torn last line of the records: the game it held was not finished and will be played again")
		if err := f.Truncate(offset); err != nil {
			return out, fmt.Errorf("cut the torn last line off %s: %w", path, err)
		}
	}
	return out, nil
}

// openRecordsToResume opens the records file for reading and cutting a
// torn line off: a regular file only, so that a FIFO or a device named as
// --records neither blocks the resume nor reads for ever. The open does not
// block, and the check is made on the opened file.
func openRecordsToResume(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = fmt.Errorf("%s is not a regular file: %w (give the records file of a tournament)", path, fileio.ErrNotRegular)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// readRecordLine reads one line, its end included, into buf (which it
// returns, grown, for the next call): a line longer than
// engine.MaxRecordLine is an error, found in time linear in its length.
// At the end of the input it returns the last bytes (a torn line, or none)
// with io.EOF.
func readRecordLine(rd *bufio.Reader, buf []byte) (line, grown []byte, err error) {
	buf = buf[:0]
	for {
		chunk, err := rd.ReadSlice('\n')
		if len(buf)+len(chunk) > engine.MaxRecordLine+2 {
			return nil, buf, fmt.Errorf("a line is longer than %s: %w", fileio.Size(engine.MaxRecordLine), fileio.ErrTooLarge)
		}
		buf = append(buf, chunk...)
		if err != bufio.ErrBufferFull {
			return buf, buf, err
		}
	}
}

// mismatchError is a valid record that does not belong to this
// tournament.
type mismatchError struct{ msg string }

func (e *mismatchError) Error() string { return e.msg }

// takeLine decodes one record line and marks its game as finished.
func (t *Tournament) takeLine(line []byte, res []slot, out *loaded) error {
	if len(line) == 0 {
		return nil
	}
	var r resumeLine
	if err := json.Unmarshal(line, &r); err != nil {
		return err
	}
	return t.takeGame(r, res, out)
}

// takeGame checks one decoded record against the schedule and marks its
// game as finished: a game already marked is counted as a duplicate, not
// again. A record that does not belong here is a *mismatchError.
func (t *Tournament) takeGame(r resumeLine, res []slot, out *loaded) error {
	info := r.Tournament
	if info == nil {
		return &mismatchError{"a game record without tournament information (written by 'grognard match'?): give the tournament another --records file"}
	}
	if info.Fingerprint != t.print {
		return &mismatchError{fmt.Sprintf("the record belongs to a tournament with other settings (fingerprint %s, this one is %s): resume with the same agents, format, scenarios, turn limit, variants, seed and adjudication, or give another --records file", info.Fingerprint, t.print)}
	}
	if info.Game < 0 {
		return &mismatchError{fmt.Sprintf("game index %d is negative: the file was edited by hand", info.Game)}
	}
	if info.Game >= len(res) {
		// Written by a run with more games per pairing; kept in the file
		// for a later resume that asks for them.
		out.beyond++
		return nil
	}
	g := t.Game(info.Game)
	if g.DiceSeed != r.DiceSeed || g.AgentSeeds != r.AgentSeeds || g.Sides != info.Sides || g.Scenario != r.Scenario {
		return &mismatchError{fmt.Sprintf("game %d does not match this tournament's schedule (seeds, sides or scenario differ): the file was edited, or written by another version of grognard", info.Game)}
	}
	if res[info.Game].done() {
		out.duplicates++
		return nil
	}
	s, err := slotFor(g, info.Outcome)
	if err != nil {
		return &mismatchError{fmt.Sprintf("game %d: %v", info.Game, err)}
	}
	res[info.Game] = s
	out.games++
	return nil
}

// recordWriter appends one game per line with a single Write each. The
// file is opened with O_APPEND, so a killed process leaves at most one
// torn line at the end, which load discards.
type recordWriter struct {
	f   *os.File
	buf bytes.Buffer
	enc *json.Encoder
}

func openRecords(path string) (*recordWriter, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("open records: %w", err)
	}
	w := &recordWriter{f: f}
	w.enc = json.NewEncoder(&w.buf)
	w.enc.SetEscapeHTML(false)
	return w, nil
}

// write appends rec as one line.
func (w *recordWriter) write(rec *GameRecord) error {
	w.buf.Reset()
	if err := w.enc.Encode(rec); err != nil {
		return fmt.Errorf("encode game %d: %w", rec.Tournament.Game, err)
	}
	if _, err := w.f.Write(w.buf.Bytes()); err != nil {
		return fmt.Errorf("append game %d to %s: %w", rec.Tournament.Game, w.f.Name(), err)
	}
	return nil
}

// close flushes the file to disk: the records are the tournament. Only a
// regular file is synced; a device such as os.DevNull cannot be.
func (w *recordWriter) close() error {
	var serr error
	if fi, err := w.f.Stat(); err == nil && fi.Mode().IsRegular() {
		serr = w.f.Sync()
	}
	cerr := w.f.Close()
	if cerr != nil {
		return fmt.Errorf("close records %s: %w", w.f.Name(), cerr)
	}
	if serr != nil {
		return fmt.Errorf("sync records %s: %w", w.f.Name(), serr)
	}
	return nil
}

// ReadGameRecords decodes every complete tournament record in rd, in file
// order. A torn last line (no newline) is skipped, as a resume skips it.
func ReadGameRecords(rd io.Reader) ([]*GameRecord, error) {
	var out []*GameRecord
	err := scanGameRecords(context.Background(), rd, func(line int, b []byte) error {
		var r GameRecord
		if err := json.Unmarshal(b, &r); err != nil {
			return fmt.Errorf("record on line %d: %w", line, err)
		}
		out = append(out, &r)
		return nil
	})
	return out, err
}

// ReadGameRecordHeads decodes the tournament records in rd as
// ReadGameRecords does, but without each game's steps, which are most of
// a line and which ReportFromRecords does not read: a file of records is
// read in memory proportional to its games, not its steps, one line at a
// time as it arrives. It stops when ctx ends, and refuses at once the
// first line that is not a record, a record without its tournament part,
// and a record of another tournament than the first's (which
// ReportFromRecords would refuse only once the whole file was read).
func ReadGameRecordHeads(ctx context.Context, rd io.Reader) ([]*GameRecord, error) {
	var out []*GameRecord
	err := scanGameRecords(ctx, rd, func(line int, b []byte) error {
		var h struct {
			GameRecord
			// Steps, shallower than the record's own, takes the steps
			// in its place and keeps nothing of them.
			Steps skipped `json:"steps"`
		}
		if err := json.Unmarshal(b, &h); err != nil {
			return fmt.Errorf("record on line %d: %w", line, err)
		}
		r := &h.GameRecord
		switch fp := r.Tournament.Fingerprint; {
		case fp == "":
			return fmt.Errorf("record on line %d is a game without its tournament part (written by 'grognard match'?): results need a file written by 'grognard tournament --records FILE'", line)
		case len(out) > 0 && fp != out[0].Tournament.Fingerprint:
			return fmt.Errorf("record on line %d is of another tournament (fingerprint %s) than the first line's (%s): split the file by each line's tournament.fingerprint and read one tournament at a time", line, fp, out[0].Tournament.Fingerprint)
		}
		out = append(out, r)
		return nil
	})
	return out, err
}

// skipped is a JSON value read and dropped.
type skipped struct{}

// UnmarshalJSON keeps nothing (the decoder has checked the value is JSON).
func (*skipped) UnmarshalJSON([]byte) error { return nil }

// scanGameRecords calls take with each complete, non-blank line of rd
// (its number and its bytes, valid during the call) until the input
// ends, ctx ends, a limit is passed or take fails. A torn last line (no
// newline) is skipped, as a resume skips it.
func scanGameRecords(ctx context.Context, rd io.Reader, take func(line int, b []byte) error) error {
	br := bufio.NewReaderSize(fileio.Limit(ctx, rd, engine.MaxRecordBytes), 1<<16)
	var buf []byte
	records := 0
	for n := 1; ; n++ {
		line, grown, err := readRecordLine(br, buf)
		buf = grown
		if err == nil && records >= engine.MaxRecords {
			err = fmt.Errorf("more than %d records: %w", engine.MaxRecords, fileio.ErrTooLarge)
		}
		if len(line) > 0 && line[len(line)-1] == '\n' {
			if l := bytes.TrimSpace(line); len(l) > 0 {
				if terr := take(n, l); terr != nil {
					return terr
				}
				records++
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("read records: %w", err)
		}
	}
}
