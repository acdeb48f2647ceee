package engine

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/grognard/grognard/engine/fileio"
)

// RecordFormat is the format of the records grognard writes. Format 2
// keeps each action as its notation text (State.FormatAction) and each
// die as an array; format 1, a record without "format", kept each action
// as its fields and every step's description, three to six times the
// size. Both replay.
const RecordFormat = 2

// Step is one entry of a game record: either an action by a side or the
// dice of a chance event. In JSON a step is {"p": player, "a": action}
// or {"p": -1, "d": [dice]}, the action being its notation text in
// format 2 and its fields in format 1 (and in format 2 for an action the
// notation cannot write exactly, which no state generates).
type Step struct {
	// Player is the side that played the action, or Chance for dice.
	Player Player
	// Action is the action. A step of format 2 read from a file has only
	// its Notation: ActionIn reads the action from it.
	Action *Action
	// Notation is the action in its ruleset's notation (format 2).
	Notation string
	// Dice are the dice of a chance event.
	Dice *Dice
	// Text is the description a step of format 1 kept; informative only,
	// ignored on replay. Format 2 drops the description (replay
	// regenerates it from the state: State.DescribeAction, DescribeRoll)
	// and keeps there only what the state reported of the step
	// (Reporter), which a front end may record.
	Text string
}

// stepJSON is a step as JSON holds it.
type stepJSON struct {
	Player Player          `json:"p"`
	Action json.RawMessage `json:"a,omitempty"`
	Dice   *Dice           `json:"d,omitempty"`
	Text   string          `json:"t,omitempty"`
}

// MarshalJSON writes the step's action as its notation when it has one
// (format 2), else as its fields (format 1).
func (s Step) MarshalJSON() ([]byte, error) {
	j := stepJSON{Player: s.Player, Dice: s.Dice, Text: s.Text}
	var err error
	switch {
	case s.Notation != "":
		j.Action, err = json.Marshal(s.Notation)
	case s.Action != nil:
		j.Action, err = json.Marshal(s.Action)
	}
	if err != nil {
		return nil, err
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads a step of either format: an action given as a
// string is a notation, one given as an object its fields.
func (s *Step) UnmarshalJSON(b []byte) error {
	var j stepJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*s = Step{Player: j.Player, Dice: j.Dice, Text: j.Text}
	switch a := bytes.TrimSpace(j.Action); {
	case len(a) == 0 || string(a) == "null":
	case a[0] == '"':
		if err := json.Unmarshal(a, &s.Notation); err != nil {
			return fmt.Errorf("a step's action: %w", err)
		}
		if s.Notation == "" {
			return fmt.Errorf("a step's action is an empty text")
		}
	default:
		s.Action = new(Action)
		if err := json.Unmarshal(a, s.Action); err != nil {
			return fmt.Errorf("a step's action: %w", err)
		}
	}
	return nil
}

// ActionIn is the action of a side's step played in st, the state before
// it: its notation read by st.ParseAction, or its recorded fields.
func (s *Step) ActionIn(st State) (Action, error) {
	switch {
	case s.Notation != "":
		return st.ParseAction(s.Notation)
	case s.Action != nil:
		return *s.Action, nil
	}
	return Action{}, errors.New("the step has no action")
}

// Record is a whole game: the rules and scenario it was played under, the
// seeds, every action and every die, and the result. Replaying the steps on
// a new game of the same scenario reaches the same result.
type Record struct {
	// Format is the record's format: RecordFormat for the records
	// grognard writes, 0 (no "format") for format 1.
	Format       int       `json:"format,omitempty"`
	Ruleset      string    `json:"ruleset"`
	RulesVersion string    `json:"rules_version"`
	Scenario     string    `json:"scenario"`
	ScenarioHash string    `json:"scenario_hash"`
	Options      Options   `json:"options"`
	DiceSeed     uint64    `json:"dice_seed"`
	AgentSeeds   [2]uint64 `json:"agent_seeds"`
	Agents       [2]string `json:"agents"`
	Steps        []Step    `json:"steps"`
	Result       Result    `json:"result"`
	Turns        int       `json:"turns"`
}

// NewRecord starts a record of format RecordFormat for a game on
// scenario under rs.
func NewRecord(rs Ruleset, scenario string, opts Options) (*Record, error) {
	if scenario == "" {
		if names := rs.Scenarios(); len(names) > 0 {
			scenario = names[0]
		}
	}
	h, err := rs.ScenarioHash(scenario, opts)
	if err != nil {
		return nil, err
	}
	return &Record{
		Format:       RecordFormat,
		Ruleset:      rs.Name(),
		RulesVersion: rs.Version(),
		Scenario:     scenario,
		ScenarioHash: h,
		Options:      opts,
	}, nil
}

// AddAction appends action a played by p in st, the state before it, in
// the record's format: as its notation in format 2, as its fields and
// description in a record of format 1 (a game of format 1 taken up
// again). An action its notation does not read back to exactly (none
// that a state generates) keeps its fields, so that the record replays
// whatever was played.
func (r *Record) AddAction(st State, p Player, a Action) {
	step := Step{Player: p, Action: &a}
	switch {
	case r.Format < 2:
		step.Text = st.DescribeAction(a)
	default:
		text := st.FormatAction(a)
		if back, err := st.ParseAction(text); err == nil && back == a {
			step.Notation = text
		}
	}
	r.Steps = append(r.Steps, step)
}

// AddDice appends the dice d of the chance event pending in st; a record
// of format 1 also keeps what was rolled.
func (r *Record) AddDice(st State, d Dice) {
	step := Step{Player: Chance, Dice: &d}
	if r.Format < 2 {
		step.Text = st.DescribeRoll()
	}
	r.Steps = append(r.Steps, step)
}

// Write encodes the record as one JSON line.
func (r *Record) Write(w io.Writer) error {
	b, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("encode record: %w", err)
	}
	b = append(b, '\n')
	_, err = w.Write(b)
	return err
}

// Limits on reading records. A record file is read whole into memory, so
// what a file may hold is bounded; each bound is named in the error that
// refuses a file over it.
const (
	// MaxRecordLine is the longest record line (one game): recorded games
	// run to a few hundred kilobytes.
	MaxRecordLine = 16 << 20
	// MaxRecordBytes bounds a file of records after decompression.
	MaxRecordBytes = 1 << 30
	// MaxRecords is the most records a file may hold.
	MaxRecords = 100_000
	// MaxRecordLines is the most lines, blank ones included, a file of
	// records may have.
	MaxRecordLines = 10 * MaxRecords
)

// ReadRecordFile reads every JSON-line record in the file at path,
// gunzipping it when its name ends in .gz (as the strength runs keep
// their games). It is ReadRecordFileContext that cannot be interrupted.
func ReadRecordFile(path string) ([]*Record, error) {
	return ReadRecordFileContext(context.Background(), path)
}

// ReadRecordFileContext is ReadRecordFile stopping when ctx ends. Only a
// regular file is read (a FIFO or a device is refused at once), and the
// limits MaxRecordLine, MaxRecordBytes (after decompression),
// MaxRecordLines and MaxRecords apply.
func ReadRecordFileContext(ctx context.Context, path string) ([]*Record, error) {
	f, err := fileio.Open(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read the records: %w", err)
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(fileio.Limit(ctx, f, MaxRecordBytes))
		if err != nil {
			return nil, fmt.Errorf("%s is not a gzip file: %w", path, err)
		}
		defer zr.Close()
		r = zr
	}
	recs, err := ReadRecordsContext(ctx, r)
	if err != nil {
		return nil, fmt.Errorf("%s is not a file of game records: %w", path, err)
	}
	return recs, nil
}

// ReadRecords decodes every JSON-line record from rd. It is
// ReadRecordsContext that cannot be interrupted.
func ReadRecords(rd io.Reader) ([]*Record, error) {
	return ReadRecordsContext(context.Background(), rd)
}

// ReadRecordsContext decodes every JSON-line record from rd, stopping when
// ctx ends and refusing input over MaxRecordLine, MaxRecordBytes,
// MaxRecordLines or MaxRecords; it reads in time linear in the input, however it is made.
func ReadRecordsContext(ctx context.Context, rd io.Reader) ([]*Record, error) {
	var out []*Record
	err := ScanRecords(ctx, rd, func(_ int, _ []byte, r *Record) error {
		out = append(out, r)
		return nil
	})
	return out, err
}

// ScanRecords decodes the JSON-line records of rd one at a time, as they
// arrive, and calls visit with each: its line number, its line as read
// (valid only during the call: a caller that keeps it copies it) and the
// record decoded. Only one line is held at a time, so a caller that keeps
// the records compactly (the lines, or less) reads a large file in little
// memory, and the first line that is not a record ends the reading with
// its error at once, however much follows. An error from visit ends it
// too and is returned as it is. The limits of ReadRecordsContext apply.
func ScanRecords(ctx context.Context, rd io.Reader, visit func(line int, raw []byte, rec *Record) error) error {
	// Counted above the limit, to tell its refusal from one of rd's own
	// (a caller's tighter bound), whose message is rd's to give.
	counted := &fileio.CountingReader{R: fileio.Limit(ctx, rd, MaxRecordBytes)}
	lr := fileio.NewLineReader(counted, MaxRecordLine)
	line, records := 0, 0
	for {
		b, err := lr.ReadLine()
		if errors.Is(err, io.EOF) {
			return nil
		}
		line++
		switch {
		case line > MaxRecordLines:
			return fmt.Errorf("more than %d lines in one file of records, the most grognard reads: split the file", MaxRecordLines)
		case errors.Is(err, fileio.ErrLineTooLong):
			return fmt.Errorf("record on line %d is longer than %s, the most a game record may be: %w", line, fileio.Size(MaxRecordLine), fileio.ErrTooLarge)
		case errors.Is(err, fileio.ErrTooLarge) && counted.N < MaxRecordBytes:
			// A bound of the caller's (a reader limited to less).
			return fmt.Errorf("read records: %w", err)
		case errors.Is(err, fileio.ErrTooLarge):
			return fmt.Errorf("the records are over %s (after decompression), the most grognard reads from one file: split the file: %w", fileio.Size(MaxRecordBytes), fileio.ErrTooLarge)
		case err != nil:
			return fmt.Errorf("read records: %w", err)
		}
		b = bytes.TrimSpace(b)
		if len(b) == 0 {
			continue
		}
		if records == MaxRecords {
			return fmt.Errorf("more than %d records in one file, the most grognard reads: split the file", MaxRecords)
		}
		records++
		r := new(Record)
		if err := json.Unmarshal(b, r); err != nil {
			return fmt.Errorf("record on line %d: %w", line, err)
		}
		if err := visit(line, b, r); err != nil {
			return err
		}
	}
}

// ErrReplayMismatch is wrapped when a replay does not follow its record.
var ErrReplayMismatch = errors.New("replay does not match record")

// Replay plays a record's steps on a new game and checks that each step fits
// the state (an action when a side is to move, dice when chance is) and that
// the game ends with the recorded result. It returns the final state.
func Replay(rs Ruleset, rec *Record) (State, error) {
	return ReplayVisit(rs, rec, nil)
}

// ReplayVisit is Replay calling visit, when it is not nil, with the state
// before each step and the step's index, so that a caller can read every
// position of a game in one pass. visit must not change the state; an
// error from it ends the replay and is returned.
func ReplayVisit(rs Ruleset, rec *Record, visit func(step int, st State) error) (State, error) {
	st, err := replaySteps(rs, rec, len(rec.Steps), visit)
	if err != nil {
		return st, err
	}
	return st, CheckReplayResult(rec, st)
}

// CheckReplayResult checks that st, the state a record's steps replay to,
// ends with the record's result and turn, as Replay does after the steps:
// a caller that replays with ReplayStepsVisit tells a step that does not
// play apart from a result that does not match.
func CheckReplayResult(rec *Record, st State) error {
	got := st.Result()
	if IsForfeit(rec.Result) {
		// A forfeit ends the game off the board: the steps replay, the
		// position is unfinished, the result is the record's, once it is
		// shown to be one the game could have ended with there.
		if err := checkForfeit(rec, st); err != nil {
			return err
		}
		got = rec.Result
	}
	// A record of format 1 has no result kind: only what it has is compared.
	if got.Over != rec.Result.Over || got.Winner != rec.Result.Winner || got.Reason != rec.Result.Reason || (rec.Result.Kind != InProgress && got.Kind != rec.Result.Kind) {
		return fmt.Errorf("%w: replay ends %s, record says %s", ErrReplayMismatch, got, rec.Result)
	}
	if rec.Turns > 0 && st.Turn() != rec.Turns {
		return fmt.Errorf("%w: replay ends on turn %d, record says %d", ErrReplayMismatch, st.Turn(), rec.Turns)
	}
	return nil
}

// ReplaySteps plays the first n steps of a record on a new game, checking
// each as Replay does but not the result, and returns the state reached:
// the position at any point of a recorded game.
func ReplaySteps(rs Ruleset, rec *Record, n int) (State, error) {
	return replaySteps(rs, rec, n, nil)
}

// ReplayStepsVisit is ReplaySteps calling visit, when it is not nil, with
// the state before each step as ReplayVisit does: when a step does not
// play, the last step visited is the one that failed.
func ReplayStepsVisit(rs Ruleset, rec *Record, n int, visit func(step int, st State) error) (State, error) {
	return replaySteps(rs, rec, n, visit)
}

// replaySteps is ReplaySteps calling visit as ReplayVisit does.
func replaySteps(rs Ruleset, rec *Record, n int, visit func(step int, st State) error) (State, error) {
	if n < 0 || n > len(rec.Steps) {
		return nil, fmt.Errorf("step %d is outside the record's 0 to %d steps", n, len(rec.Steps))
	}
	if rec.Format < 0 || rec.Format > RecordFormat {
		return nil, fmt.Errorf("record of format %d: this grognard reads formats 1 to %d; a newer grognard wrote it", rec.Format, RecordFormat)
	}
	if rec.Ruleset != rs.Name() {
		return nil, fmt.Errorf("%w: record is for ruleset %q, not %q", ErrReplayMismatch, rec.Ruleset, rs.Name())
	}
	if rec.RulesVersion != rs.Version() {
		return nil, fmt.Errorf("%w: record was played under %s version %s, this is version %s", ErrReplayMismatch, rs.Name(), rec.RulesVersion, rs.Version())
	}
	h, err := rs.ScenarioHash(rec.Scenario, rec.Options)
	if err != nil {
		return nil, err
	}
	if h != rec.ScenarioHash {
		return nil, fmt.Errorf("%w: scenario %q hashes to %s, record says %s", ErrReplayMismatch, rec.Scenario, h, rec.ScenarioHash)
	}
	st, err := rs.NewGame(rec.Scenario, rec.Options)
	if err != nil {
		return nil, err
	}
	for i := range rec.Steps[:n] {
		s := &rec.Steps[i]
		if visit != nil {
			if err := visit(i, st); err != nil {
				return st, err
			}
		}
		switch {
		case s.Dice != nil:
			if st.ToMove() != Chance {
				return st, fmt.Errorf("%w: step %d has dice but %s is to move", ErrReplayMismatch, i, st.ToMove())
			}
			if err := st.ApplyDice(*s.Dice); err != nil {
				return st, fmt.Errorf("%w: step %d dice: %v", ErrReplayMismatch, i, err)
			}
		case s.Action != nil || s.Notation != "":
			if rec.Format < 2 && s.Notation != "" {
				return st, fmt.Errorf("%w: step %d gives the action as the text %q, but a record of format 1 gives its fields (is \"format\": %d missing?)", ErrReplayMismatch, i, s.Notation, RecordFormat)
			}
			a, err := s.ActionIn(st)
			if err != nil {
				return st, fmt.Errorf("%w: step %d: %v", ErrReplayMismatch, i, err)
			}
			if s.Player != 0 && s.Player != 1 {
				return st, fmt.Errorf("%w: step %d is an action by %s, not by a side", ErrReplayMismatch, i, s.Player)
			}
			if err := Play(st, s.Player, a); err != nil {
				return st, fmt.Errorf("%w: step %d (%s): %v", ErrReplayMismatch, i, st.FormatAction(a), err)
			}
		default:
			return st, fmt.Errorf("%w: step %d has neither action nor dice", ErrReplayMismatch, i)
		}
	}
	return st, nil
}

// UpgradeRecord rewrites a record of format 1 as format RecordFormat,
// replaying its steps under rs to write each action as its notation and
// dropping the descriptions; a record already of that format is left as
// it is. A record that does not replay is left unchanged.
func UpgradeRecord(rs Ruleset, rec *Record) error {
	if rec.Format >= RecordFormat {
		return nil
	}
	steps := make([]Step, len(rec.Steps))
	visit := func(i int, st State) error {
		s := rec.Steps[i]
		steps[i] = Step{Player: s.Player, Dice: s.Dice}
		if s.Action != nil {
			a := *s.Action
			steps[i].Action, steps[i].Notation = &a, st.FormatAction(a)
		}
		return nil
	}
	if _, err := replaySteps(rs, rec, len(rec.Steps), visit); err != nil {
		return fmt.Errorf("upgrade the record to format %d: %w", RecordFormat, err)
	}
	rec.Format, rec.Steps = RecordFormat, steps
	return nil
}

// ForfeitReason begins the reason of a game lost by forfeit (a bot that
// crashed, hung, timed out, wrote garbage or played an illegal action).
const ForfeitReason = "forfeit by"

// ForfeitResult is the result of a game that side p, played by the agent
// spec agent, lost by forfeit when asked for step (counting from 1) of
// the game, the record's steps before it having been played; why says
// what went wrong. Replay checks a recorded forfeit against it.
func ForfeitResult(p Player, agent string, step int, why string) Result {
	return Ended(Forfeit, p.Other(), forfeitPrefix(p, agent, step)+why)
}

// forfeitPrefix is what a forfeit's reason says before why.
func forfeitPrefix(p Player, agent string, step int) string {
	return fmt.Sprintf("%s %s (%s) at step %d: ", ForfeitReason, p, agent, step)
}

// checkForfeit checks a record's forfeit against st, the position its
// steps reach: only the side to move (or, at a sealed choice, a side that
// owes its choice) can forfeit, in a game not yet over,
// the other side wins, and the reason names that side, its agent and the
// step after the record's last. The reason's why cannot be checked.
func checkForfeit(rec *Record, st State) error {
	if st.Terminal() {
		return fmt.Errorf("%w: the record says %s, but its steps end the game on the table: %s", ErrReplayMismatch, rec.Result, st.Result())
	}
	p := st.ToMove()
	if p == Both {
		// A sealed choice: the side the record names as the loser must be
		// one that still owes its choice there (the other may have
		// committed already, and cannot forfeit a choice it has made).
		loser := rec.Result.Winner.Other()
		s, ok := st.(Sealed)
		if rec.Result.Winner != 0 && rec.Result.Winner != 1 || !ok || !s.Owes(loser) {
			return fmt.Errorf("%w: the record says %s, but its steps end at a sealed choice that %s does not owe, and only a side that owes a choice can forfeit", ErrReplayMismatch, rec.Result, loser)
		}
		p = loser
	}
	if p != 0 && p != 1 {
		return fmt.Errorf("%w: the record says %s, but its steps end with %s to move, and only a side to move or owing a sealed choice can forfeit", ErrReplayMismatch, rec.Result, p)
	}
	if rec.Result.Winner != p.Other() {
		return fmt.Errorf("%w: the record says %s, but %s is to move there, so a forfeit makes %s the winner", ErrReplayMismatch, rec.Result, p, p.Other())
	}
	if want := forfeitPrefix(p, rec.Agents[p], len(rec.Steps)+1); !strings.HasPrefix(rec.Result.Reason, want) {
		return fmt.Errorf("%w: the record's forfeit reads %q, but after its %d steps it must begin %q", ErrReplayMismatch, rec.Result.Reason, len(rec.Steps), want)
	}
	return nil
}

// IsForfeit reports whether r is a game lost by forfeit. Records of format
// 1 had no result kind; their forfeits are told by the reason's opening.
func IsForfeit(r Result) bool {
	if r.Kind != InProgress {
		return r.Kind == Forfeit
	}
	return r.Over && strings.HasPrefix(r.Reason, ForfeitReason)
}
