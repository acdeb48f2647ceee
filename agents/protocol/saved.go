package protocol

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/grognard/grognard/agents"
	"github.com/grognard/grognard/agents/protocol/wire"
	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/fileio"
)

// ---- save and load ----

// savedFormat names the file format save writes.
const savedFormat = "grognard-game"

// SavedGame is a game as save writes it: the record of every step, and
// the state itself, which is what load restores when the position was
// corrected by hand (the record alone would not replay to it).
type SavedGame struct {
	Format   string          `json:"format"`
	Protocol string          `json:"protocol"`
	Seed     uint64          `json:"seed"`
	Sides    [2]string       `json:"sides"`
	Dice     string          `json:"dice"`
	Edited   bool            `json:"edited"`
	Record   *engine.Record  `json:"record"`
	State    json.RawMessage `json:"state"`
}

// EncodeReplayed writes, as save would, the game of rec after its first
// steps steps, st being the state they reach: a saved game that load,
// `grognard hint --game` and `grognard play` take up again. The record
// keeps those steps alone, so the file replays to st exactly; a side
// whose recorded agent is no spec a session can build (an external bot
// known by its name) is loaded as human.
func EncodeReplayed(rec *engine.Record, steps int, st engine.State) ([]byte, error) {
	if steps < 0 || steps > len(rec.Steps) {
		return nil, fmt.Errorf("step %d: the record has steps 0 to %d", steps, len(rec.Steps))
	}
	cut := *rec
	cut.Steps = rec.Steps[:steps:steps]
	cut.Result, cut.Turns = st.Result(), st.Turn()
	sides := rec.Agents
	for k, spec := range sides {
		if spec == "" || checkSide(spec) != nil {
			sides[k] = "human"
		}
	}
	cut.Agents = sides
	return encodeSaved(SavedGame{Seed: rec.DiceSeed, Sides: sides, Dice: "auto", Record: &cut}, st)
}

// encodeSaved completes doc with the format, the protocol version and st,
// and encodes it: the one place a saved game is written.
func encodeSaved(doc SavedGame, st engine.State) ([]byte, error) {
	raw, err := st.MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("encode the state: %w", err)
	}
	doc.Format, doc.Protocol, doc.State = savedFormat, Version, raw
	b, err := json.Marshal(doc)
	if err != nil {
		return nil, fmt.Errorf("encode the game: %w", err)
	}
	return b, nil
}

// SavedState returns the state a file holds, whether it is a saved game
// (save, `grognard replay --save`) or a bare state as
// engine.State.MarshalJSON writes it.
func SavedState(b []byte) (json.RawMessage, error) {
	var head struct {
		Format string          `json:"format"`
		State  json.RawMessage `json:"state"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		return nil, err
	}
	if head.Format == savedFormat {
		if len(head.State) == 0 {
			return nil, fmt.Errorf("the saved game has no state")
		}
		return head.State, nil
	}
	return b, nil
}

// Save answers save: the game (its record and state) written to file, or
// with file "" returned as the reply (Data: the saved game's JSON).
func (s *Session) Save(file string) (Reply, error) {
	return s.guarded(background, "save", func() (Reply, error) { return s.save(file) })
}

func (s *Session) save(file string) (Reply, error) {
	g, err := s.needGame()
	if err != nil {
		return Reply{}, err
	}
	dice := "manual"
	if g.cfg.diceAuto {
		dice = "auto"
	}
	b, err := encodeSaved(SavedGame{Seed: g.cfg.seed, Sides: g.cfg.sides, Dice: dice, Edited: g.edited, Record: g.rec}, g.st)
	if err != nil {
		return Reply{}, err
	}
	if file == "" {
		return Reply{Text: string(b), Data: json.RawMessage(b)}, nil
	}
	if err := writeFileAtomic(file, append(b, '\n')); err != nil {
		return Reply{}, err
	}
	text := fmt.Sprintf("saved %d steps to %s", len(g.rec.Steps), file)
	return Reply{Text: text, Data: map[string]any{"file": file, "steps": len(g.rec.Steps)}}, nil
}

func (s *Session) cmdSave(_ context.Context, args []string) (Reply, error) {
	if _, err := s.needGame(); err != nil {
		return Reply{}, err
	}
	if len(args) > 1 {
		return Reply{}, fmt.Errorf("save takes at most a file name (quote one with spaces)")
	}
	file := ""
	if len(args) == 1 {
		if file = args[0]; file == "" {
			return Reply{}, fmt.Errorf("save: the file name is empty")
		}
	}
	return s.save(file)
}

// writeFileAtomic writes a saved game: through a temporary file and a
// rename for a regular file, so a crash never leaves half a saved game in
// place of the last good one; through to a device, and to the target of a
// symlink, which are never replaced (fileio.WriteFile).
func writeFileAtomic(name string, b []byte) error {
	if err := fileio.WriteFile(name, b, 0o644); err != nil {
		return fmt.Errorf("save to %s: %w", name, err)
	}
	return nil
}

// MaxSavedGame bounds a saved game or state file that load, hint --game
// and scenario show --state read; a saved game runs to a few hundred
// kilobytes.
const MaxSavedGame = 16 << 20

// ReadSaved reads a saved game or state file: a regular file of at most
// MaxSavedGame bytes, the read stopping when ctx ends.
func ReadSaved(ctx context.Context, name string) ([]byte, error) {
	return fileio.ReadFile(ctx, name, MaxSavedGame, "saved game")
}

// ProgramSideError is load's refusal of a saved game whose side names an
// external program: a file never starts a program (a shared saved game
// would run a command on the machine that loads it), so that side must
// be given where the game is loaded.
type ProgramSideError struct {
	// Side is the side, 0 or 1; Name the scenario's name for it.
	Side int
	Name string
	// Spec is the agent spec the file gives the side.
	Spec string
}

// Error says which side names which program.
func (e *ProgramSideError) Error() string {
	return fmt.Sprintf("side %d (%s) is the external program %q in the file, and a loaded game never starts a program a file names", e.Side, e.Name, e.Spec)
}

// LoadSides is who plays a loaded game's sides in place of the file's.
type LoadSides struct {
	// Sides, where not "", set side 0 and side 1: human or an agent spec.
	Sides [2]string
	// Bot, when not "", plays every side the file gives to a bot.
	Bot string
}

// Load answers load: it restores the game file holds (written by save),
// its sides as the file says or as who gives them, ending the session's
// game if it has one. A side the file gives to an external program must
// be given in who (a *ProgramSideError says which): a file never starts a
// program. Data: GameInfo.
func (s *Session) Load(ctx context.Context, file string, who LoadSides) (Reply, error) {
	return s.guarded(ctx, "load", func() (Reply, error) { return s.load(ctx, file, who) })
}

func (s *Session) load(ctx context.Context, file string, who LoadSides) (Reply, error) {
	if who.Bot != "" && who.Sides != [2]string{} {
		return Reply{}, fmt.Errorf("load %s: give bot=SPEC (for every side the file gives to a bot) or side0= and side1=, not both", file)
	}
	b, err := ReadSaved(ctx, file)
	if err != nil {
		return Reply{}, fmt.Errorf("load: %w", err)
	}
	g, err := loadGame(b, who, s.cfg)
	if err != nil {
		var pe *ProgramSideError
		if errors.As(err, &pe) {
			return Reply{}, fmt.Errorf("load %s: %w: give the side yourself, e.g. load %s side%d=human, side%d=mcts, or side%d=\"%s\" to run that program", file, err, quoteArg(file), pe.Side, pe.Side, pe.Side, pe.Spec)
		}
		return Reply{}, fmt.Errorf("load %s: %w", file, err)
	}
	s.replaceGame(g)
	return s.describeGame("loaded"), nil
}

func (s *Session) cmdLoad(ctx context.Context, args []string) (Reply, error) {
	if len(args) == 0 {
		return Reply{}, fmt.Errorf("load takes a file name (quote one with spaces), then side0=SPEC, side1=SPEC or bot=SPEC")
	}
	file := args[0]
	kv, bare, err := keyValues(args[1:], "side0", "side1", "bot")
	if err != nil {
		return Reply{}, fmt.Errorf("load %s: %w", file, err)
	}
	if len(bare) > 0 {
		return Reply{}, fmt.Errorf("load takes one file name (quote one with spaces), then key=value settings, got %q too", bare[0])
	}
	var who LoadSides
	who.Sides[0], who.Sides[1], who.Bot = kv["side0"], kv["side1"], kv["bot"]
	for k, v := range who.Sides {
		if _, given := kv["side"+strconv.Itoa(k)]; given && strings.TrimSpace(v) == "" {
			return Reply{}, fmt.Errorf("load %s: side%d= is empty: give human or an agent spec", file, k)
		}
	}
	if _, given := kv["bot"]; given && strings.TrimSpace(who.Bot) == "" {
		return Reply{}, fmt.Errorf("load %s: bot= is empty: give an agent spec", file)
	}
	return s.load(ctx, file, who)
}

// quoteArg quotes a word with spaces as the text framing reads it.
func quoteArg(w string) string {
	if strings.ContainsAny(w, " \t") {
		return `"` + w + `"`
	}
	return w
}

// loadedSides is who plays a loaded game: who's sides where given, who's
// bot for the file's bot sides, else the file's sides, of which none may
// start a program.
func loadedSides(rs engine.Ruleset, doc SavedGame, who LoadSides) ([2]string, error) {
	sides := doc.Sides
	for k := range sides {
		switch {
		case who.Sides[k] != "":
			sides[k] = who.Sides[k]
		case who.Bot != "" && sides[k] != "human":
			sides[k] = who.Bot
		case agents.StartsProgram(sides[k]):
			name := fmt.Sprintf("side %d", k)
			if st, err := rs.NewGame(doc.Record.Scenario, doc.Record.Options); err == nil {
				name = (&game{st: st}).sideName(k)
			}
			return sides, &ProgramSideError{Side: k, Name: name, Spec: sides[k]}
		}
	}
	return sides, nil
}

// loadGame restores a game written by save, its sides played as who
// says, or else as the file says. A side the file gives to an external
// program is refused unless who gives it: nothing a file names is ever
// run. A game never corrected by hand is replayed from its record and
// must reach the saved state exactly; a corrected one is restored from
// its state.
// DecodeSaved reads a saved game (save, `grognard replay --save`),
// refusing anything else: another format, or a game without its record
// or state.
func DecodeSaved(b []byte) (SavedGame, error) {
	var doc SavedGame
	if err := json.Unmarshal(b, &doc); err != nil {
		return doc, fmt.Errorf("not a saved game: %w", err)
	}
	if doc.Format != savedFormat {
		return doc, fmt.Errorf("not a saved game (format %q, want %q)", doc.Format, savedFormat)
	}
	if doc.Record == nil || len(doc.State) == 0 {
		return doc, fmt.Errorf("the saved game has no record or no state")
	}
	return doc, nil
}

func loadGame(b []byte, who LoadSides, c Config) (*game, error) {
	doc, err := DecodeSaved(b)
	if err != nil {
		return nil, err
	}
	rs, err := engine.Lookup(doc.Record.Ruleset)
	if err != nil {
		return nil, err
	}
	// The record's scenario is checked before anything resolves it (the
	// sides' names, the replay): a saved game may name any path.
	if err := c.CheckScenario(rs, doc.Record.Scenario); err != nil {
		return nil, err
	}
	sides, err := loadedSides(rs, doc, who)
	if err != nil {
		return nil, err
	}
	cfg := gameConfig{scenario: doc.Record.Scenario, opts: doc.Record.Options, seed: doc.Seed, sides: sides, diceAuto: doc.Dice != "manual"}
	g, err := newGame(rs, cfg, c)
	if err != nil {
		return nil, err
	}
	st, err := rs.DecodeState(doc.State)
	if err != nil {
		return nil, fmt.Errorf("the saved state: %w", err)
	}
	if !doc.Edited {
		replayed, err := engine.ReplaySteps(rs, doc.Record, len(doc.Record.Steps))
		if err != nil {
			return nil, fmt.Errorf("the saved record: %w", err)
		}
		if replayed.Hash() != st.Hash() {
			return nil, fmt.Errorf("the saved record does not replay to the saved state: the file was changed by hand")
		}
	}
	// Undo after a load walks back through the record's steps where it
	// can: rebuild the history by replaying them, unless the position was
	// corrected, in which case the load is where undo stops.
	g.rec = doc.Record
	g.edited = doc.Edited
	if !doc.Edited {
		// A game saved in format 1 goes on in format 2.
		if err := engine.UpgradeRecord(rs, doc.Record); err != nil {
			return nil, fmt.Errorf("the saved record: %w", err)
		}
		cur, _ := rs.NewGame(doc.Record.Scenario, doc.Record.Options)
		for k, step := range doc.Record.Steps {
			g.history = append(g.history, snapshot{st: cur.Clone(), steps: k, hist: k})
			if step.Dice != nil {
				_ = cur.ApplyDice(*step.Dice) // replayed above without error
			} else if a, err := step.ActionIn(cur); err == nil {
				_ = engine.Play(cur, step.Player, a)
			}
		}
	}
	g.st = st
	// The dice continue from a stream fixed by the seed and the number of
	// steps, so a loaded game rolls the same whoever loads it.
	g.dice.Seed(doc.Seed, 0x6469636573^uint64(len(doc.Record.Steps)))
	return g, nil
}

// LoadSaved loads a saved game from its bytes (an upload) as load does
// from a file: the sides as the file gives them, or bot for every side the
// file gives to a bot; a side the file gives to an external program is
// refused, as load refuses it.
func (s *Session) LoadSaved(b []byte, bot string) (Reply, error) {
	if len(b) > MaxSavedGame {
		return Reply{}, wire.Errorf(wire.BadArgument, "a saved game is at most %d MiB", MaxSavedGame>>20)
	}
	if agents.StartsProgram(bot) {
		return Reply{}, wire.Errorf(wire.BadArgument, "bot=%q starts a program: choose a built-in agent", bot)
	}
	return s.guarded(background, "load", func() (Reply, error) {
		g, err := loadGame(b, LoadSides{Bot: strings.TrimSpace(bot)}, s.cfg)
		if err != nil {
			return Reply{}, wire.Wrap(wire.BadArgument, fmt.Errorf("load: %w", err))
		}
		s.replaceGame(g)
		return s.describeGame("loaded"), nil
	})
}
