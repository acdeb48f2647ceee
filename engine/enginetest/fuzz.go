package enginetest

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/grognard/grognard/engine"
)

// Fuzz says what the shared fuzz harnesses, FuzzDecodeState and
// FuzzParseAction, seed their corpus from and what a ruleset checks
// beyond the properties every ruleset has. A ruleset's fuzz_test.go
// fills one and calls both:
//
//	var fuzz = enginetest.Fuzz{Ruleset: Rules{}, Texts: []string{"B1 hold"}}
//
//	func FuzzDecodeState(f *testing.F) { enginetest.FuzzDecodeState(f, fuzz) }
//	func FuzzParseAction(f *testing.F) { enginetest.FuzzParseAction(f, fuzz) }
//
// The targets keep those names, so that .ci/run finds them in every
// ruleset.
type Fuzz struct {
	// Ruleset is the rules fuzzed; required.
	Ruleset engine.Ruleset
	// Scenarios are those the seed games are played on; empty means the
	// ruleset's first (default) scenario. FuzzParseAction reads its texts
	// in a new game of the first of them.
	Scenarios []string
	// Options are given to every new game.
	Options engine.Options
	// Games is how many seeded random games are played on each scenario
	// for the seeds; 0 means 2.
	Games int
	// MaxSteps cuts each seed game after this many steps; 0 means 400.
	MaxSteps int
	// Every makes every Every-th position of a seed game (and its first
	// and last) a seed of FuzzDecodeState; 0 means 23, a prime, so that
	// the positions fall in every phase of a game with a regular turn.
	Every int
	// States are saved states added to FuzzDecodeState's seeds: damaged
	// ones next to past crashes, for example.
	States [][]byte
	// Texts are added to FuzzParseAction's seeds, besides the notation of
	// every action played in the seed games.
	Texts []string
	// Steps is how many steps FuzzDecodeState plays on from a decoded
	// state; 0 means 20.
	Steps int
	// Strict makes FuzzDecodeState require more of a decoded state: every
	// legal action and every roll of the pending dice applies, a side
	// chooses whenever the game is not over and no dice are pending, a
	// finished game has a result, and every position played on to
	// re-encodes to JSON that decodes. A ruleset whose DecodeState
	// refuses every position play cannot reach should set it.
	Strict bool
	// CheckState, when not nil, makes the ruleset's own checks of a
	// decoded state, after the common ones (which leave it as decoded).
	// It reports with t.Errorf or t.Fatalf.
	CheckState func(t *testing.T, st engine.State)
	// CheckAction, when not nil, makes the ruleset's own checks of an
	// action a text parsed to in st, after the common ones.
	CheckAction func(t *testing.T, st engine.State, text string, a engine.Action)
	// Timeout is the most time the checks of one input may take before
	// the harness takes the engine to hang and fails, with the input, by
	// a panic (a hung call cannot be stopped otherwise); 0 means 10 s.
	Timeout time.Duration
}

// Defaults of Fuzz.
const (
	fuzzGames    = 2
	fuzzMaxSteps = 400
	fuzzEvery    = 23
	fuzzSteps    = 20
	fuzzTimeout  = 10 * time.Second
	// fuzzLegal is how many of a position's legal actions the play-on
	// checks describe and write, spread over the list: enough to meet
	// every kind, few enough that an input costs milliseconds.
	fuzzLegal = 16
	// fuzzTexts caps the notation seeds taken from the seed games.
	fuzzTexts = 200
)

// defaults fills in what z leaves out.
func (z Fuzz) defaults() Fuzz {
	if len(z.Scenarios) == 0 {
		if names := z.Ruleset.Scenarios(); len(names) > 0 {
			z.Scenarios = names[:1]
		} else {
			z.Scenarios = []string{""}
		}
	}
	if z.Games <= 0 {
		z.Games = fuzzGames
	}
	if z.MaxSteps <= 0 {
		z.MaxSteps = fuzzMaxSteps
	}
	if z.Every <= 0 {
		z.Every = fuzzEvery
	}
	if z.Steps <= 0 {
		z.Steps = fuzzSteps
	}
	if z.Timeout <= 0 {
		z.Timeout = fuzzTimeout
	}
	return z
}

// FuzzDecodeState fuzzes z.Ruleset's DecodeState, seeded with positions
// of seeded random games (pending dice and sealed choices included), z's
// States, and `{}` and `null`. Whatever the bytes, DecodeState refuses
// them with an error or returns a state that
//
//   - writes to JSON that decodes to a state writing the same JSON, with
//     the same hash, side to move, turn and result;
//   - answers every method front ends and searches call (hash, views,
//     summaries, pieces, phase, the rolls' outcomes, each legal action's
//     description and notation, which reads back to exactly the action)
//     while it plays on at random for z.Steps steps;
//   - with z.Strict, plays on without a refusal through positions that
//     all re-encode and decode;
//   - passes z.CheckState;
//
// and nothing panics or takes longer than z.Timeout.
func FuzzDecodeState(f *testing.F, z Fuzz) {
	f.Helper()
	if z.Ruleset == nil {
		f.Fatal("enginetest: Fuzz.Ruleset is required")
	}
	z = z.defaults()
	states, _, err := fuzzSeeds(z, true)
	if err != nil {
		f.Fatal(err)
	}
	for _, b := range states {
		f.Add(b)
	}
	for _, b := range z.States {
		f.Add(b)
	}
	f.Add([]byte(`{}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, data []byte) {
		defer watchdog(z.Timeout, data)()
		st, err := z.Ruleset.DecodeState(data)
		if err != nil {
			return
		}
		if err := checkRedecode(z.Ruleset, st); err != nil {
			t.Fatal(err)
		}
		if err := fuzzPlayOn(z, st.Clone()); err != nil {
			t.Fatal(err)
		}
		if z.CheckState != nil {
			z.CheckState(t, st)
		}
	})
}

// FuzzParseAction fuzzes the action notation of z.Ruleset, read in a new
// game of z's first scenario, seeded with the notation of every action
// played in seeded random games and z's Texts. Whatever the text,
// ParseAction refuses it with an error wrapping engine.ErrNotation or
// reads an action that
//
//   - is described without a panic;
//   - is written (FormatAction) as one line that reads back to exactly
//     the action, floats to the bit, and is written the same again;
//   - passes z.CheckAction;
//
// and nothing panics or takes longer than z.Timeout.
func FuzzParseAction(f *testing.F, z Fuzz) {
	f.Helper()
	if z.Ruleset == nil {
		f.Fatal("enginetest: Fuzz.Ruleset is required")
	}
	z = z.defaults()
	_, texts, err := fuzzSeeds(z, false)
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range texts {
		f.Add(s)
	}
	for _, s := range z.Texts {
		f.Add(s)
	}
	f.Add("")
	st, err := z.Ruleset.NewGame(z.Scenarios[0], z.Options)
	if err != nil {
		f.Fatalf("enginetest: new game of %q: %v", z.Scenarios[0], err)
	}
	f.Fuzz(func(t *testing.T, text string) {
		defer watchdog(z.Timeout, []byte(text))()
		a, ok, err := checkParsed(st, text)
		if err != nil {
			t.Fatal(err)
		}
		if ok && z.CheckAction != nil {
			z.CheckAction(t, st, text, a)
		}
	})
}

// checkParsed reads text in st: ok is false for a text refused as it
// should be, and the error says what is wrong with the refusal or the
// action read.
func checkParsed(st engine.State, text string) (a engine.Action, ok bool, err error) {
	a, err = st.ParseAction(text)
	if err != nil {
		if !errors.Is(err, engine.ErrNotation) {
			return a, false, fmt.Errorf("ParseAction(%q): the error %v does not wrap engine.ErrNotation", text, err)
		}
		return a, false, nil
	}
	_ = st.DescribeAction(a)
	back := st.FormatAction(a)
	if back == "" || strings.ContainsAny(back, "\n\r") {
		return a, true, fmt.Errorf("ParseAction(%q) = %+v, written %q: not one line", text, a, back)
	}
	b, err := st.ParseAction(back)
	if err != nil || !SameAction(a, b) {
		return a, true, fmt.Errorf("ParseAction(%q) = %+v, written %q, which reads back as %+v, %v", text, a, back, b, err)
	}
	if again := st.FormatAction(b); again != back {
		return a, true, fmt.Errorf("ParseAction(%q) = %+v is written %q, then %q", text, a, back, again)
	}
	return a, true, nil
}

// SameAction reports whether a and b are the same action field by field,
// floats by their bits (so -0 and 0 differ, as they would in a record,
// and NaN is itself).
func SameAction(a, b engine.Action) bool {
	if a.Kind != b.Kind || a.Unit != b.Unit || a.Target != b.Target || a.Arg != b.Arg || a.Order != b.Order || a.NPath != b.NPath {
		return false
	}
	for k := range a.Path {
		if math.Float64bits(a.Path[k].X) != math.Float64bits(b.Path[k].X) || math.Float64bits(a.Path[k].Y) != math.Float64bits(b.Path[k].Y) {
			return false
		}
	}
	return math.Float64bits(a.Facing) == math.Float64bits(b.Facing)
}

// fuzzWatch is the state of the process's one watchdog: the deadline of
// the input being checked (Unix nanoseconds, 0 between inputs) and the
// input, for the report.
var fuzzWatch struct {
	once     sync.Once
	deadline atomic.Int64
	input    atomic.Pointer[[]byte]
}

// watchdogTick is how often the watchdog looks at the deadline.
const watchdogTick = 250 * time.Millisecond

// watchdog fails the fuzz input by a panic, which ends the worker and
// reports the input, if the caller has not called the function it returns
// within d (give or take watchdogTick): a hung engine call cannot be
// interrupted, and a fuzz target that hangs would otherwise stall the run
// with no input reported. One goroutine watches every input of the
// process, so that an input costs two atomic stores, not a goroutine and
// a timer: the fastest targets run tens of thousands a second.
func watchdog(d time.Duration, input []byte) (stop func()) {
	fuzzWatch.once.Do(func() {
		go func() {
			for range time.Tick(watchdogTick) {
				if dl := fuzzWatch.deadline.Load(); dl != 0 && time.Now().UnixNano() > dl {
					var in []byte
					if p := fuzzWatch.input.Load(); p != nil {
						in = *p
					}
					panic(fmt.Sprintf("enginetest: the engine took more than its time on the input %q", in))
				}
			}
		}()
	})
	fuzzWatch.input.Store(&input)
	fuzzWatch.deadline.Store(time.Now().Add(d).UnixNano())
	return stopWatchdog
}

// stopWatchdog ends the watch of the current input.
func stopWatchdog() { fuzzWatch.deadline.Store(0) }

// checkRedecode: st writes to JSON that decodes to a state writing the
// same JSON, with the same hash and position.
func checkRedecode(rs engine.Ruleset, st engine.State) error {
	b, err := st.MarshalJSON()
	if err != nil {
		return fmt.Errorf("a decoded state does not write to JSON: %w", err)
	}
	d, err := rs.DecodeState(b)
	if err != nil {
		return fmt.Errorf("a decoded state's JSON does not decode: %w\n%s", err, b)
	}
	b2, err := d.MarshalJSON()
	switch {
	case err != nil:
		return fmt.Errorf("a decoded state's JSON decodes to a state that does not write: %w\n%s", err, b)
	case !bytes.Equal(b, b2):
		return fmt.Errorf("the JSON changes on a second round trip: %s\n%s\n%s", firstDiff(b2, b), b, b2)
	case d.Hash() != st.Hash():
		return fmt.Errorf("the hash is %016x after a round trip, %016x before\n%s", d.Hash(), st.Hash(), b)
	case d.ToMove() != st.ToMove() || d.Terminal() != st.Terminal() || d.Turn() != st.Turn() || d.Result() != st.Result():
		return fmt.Errorf("a round trip changes the position: %s to move, terminal %v, turn %d, %s; before %s, %v, %d, %s\n%s",
			d.ToMove(), d.Terminal(), d.Turn(), d.Result(), st.ToMove(), st.Terminal(), st.Turn(), st.Result(), b)
	}
	return nil
}

// fuzzPlayOn plays st on at random for z.Steps steps through the
// engine's contracts, calling at each position what front ends and
// searches call. Without z.Strict a refused action or roll, or a position
// where nobody chooses, ends the play quietly: a decoded state need only
// not break the engine.
func fuzzPlayOn(z Fuzz, st engine.State) error {
	rng := rand.New(rand.NewPCG(1, 1))
	var buf []engine.Action
	var outs []engine.Outcome
	var deciders []engine.Player
	var pieces []engine.Piece
	for step := 0; step < z.Steps; step++ {
		_ = st.Hash()
		_ = st.Turn()
		_ = engine.PhaseName(st)
		if d, ok := st.(engine.Describer); ok {
			_ = d.Summary()
			_ = d.Sketch()
		}
		if tb, ok := st.(engine.Table); ok {
			_, _ = tb.TableSize()
			pieces = tb.Pieces(pieces[:0])
		}
		if m, ok := st.(engine.Material); ok {
			_ = m.MaterialDestroyed()
		}
		for side := engine.Player(0); side < 2; side++ {
			_ = engine.SideName(st, side)
			_ = engine.ViewFor(st, side).Hash()
		}
		if st.Terminal() {
			if z.Strict && !st.Result().Over {
				return fmt.Errorf("step %d: a finished game has no result (%s)", step, st.Result())
			}
			return nil
		}
		if st.ToMove() == engine.Chance {
			_ = st.DescribeRoll()
			outs = engine.Outcomes(st, outs[:0], 36)
			r := st.PendingRoll()
			if err := r.Valid(); err != nil {
				if z.Strict {
					return fmt.Errorf("step %d: the pending roll %s cannot be rolled: %v", step, r, err)
				}
				return nil
			}
			if err := st.ApplyDice(engine.RollWith(rng, r)); err != nil {
				if z.Strict {
					return fmt.Errorf("step %d: dice for %s refused: %v", step, st.DescribeRoll(), err)
				}
				return nil
			}
			if z.Strict {
				if err := checkReached(z.Ruleset, st, step); err != nil {
					return err
				}
			}
			continue
		}
		deciders = engine.Deciders(st, deciders[:0])
		if len(deciders) == 0 {
			if z.Strict {
				return fmt.Errorf("step %d: the game is not over, no dice are pending and nobody chooses (%s to move, %s)", step, st.ToMove(), phase(st))
			}
			return nil
		}
		p := deciders[0]
		buf = engine.LegalFor(engine.ViewFor(st, p), p, buf[:0])
		if len(buf) == 0 {
			if z.Strict {
				return fmt.Errorf("step %d: %s chooses but has no legal action (%s)", step, p, phase(st))
			}
			return nil
		}
		for _, i := range spread(len(buf), fuzzLegal) {
			a := buf[i]
			_ = st.DescribeAction(a)
			if ti, ok := st.(engine.TableInstructor); ok {
				_ = ti.TableInstructions(a)
			}
			text := st.FormatAction(a)
			if b, err := st.ParseAction(text); err != nil || !SameAction(a, b) {
				return fmt.Errorf("step %d: the legal action %+v is written %q, which reads back as %+v, %v", step, a, text, b, err)
			}
		}
		a := buf[rng.IntN(len(buf))]
		if err := engine.Play(st, p, a); err != nil {
			if z.Strict {
				return fmt.Errorf("step %d: %s's legal action %q refused: %v", step, p, st.FormatAction(a), err)
			}
			return nil
		}
		if z.Strict {
			if err := checkReached(z.Ruleset, st, step); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkReached: a position played on to from a decoded state decodes.
func checkReached(rs engine.Ruleset, st engine.State, step int) error {
	b, err := st.MarshalJSON()
	if err != nil {
		return fmt.Errorf("step %d: a position played on to does not write: %v", step, err)
	}
	if _, err := rs.DecodeState(b); err != nil {
		return fmt.Errorf("step %d: a position played on to does not decode: %v\n%s", step, err, b)
	}
	return nil
}

// fuzzSeeds plays z's seed games: their sampled positions' JSON (when
// withStates), and the notation of the actions played, each once, in the
// order played.
func fuzzSeeds(z Fuzz, withStates bool) (states [][]byte, texts []string, err error) {
	seen := map[string]bool{}
	var buf []engine.Action
	var deciders []engine.Player
	for _, sc := range z.Scenarios {
		for g := range uint64(z.Games) {
			seed := g + 1
			st, err := z.Ruleset.NewGame(sc, z.Options)
			if err != nil {
				return nil, nil, fmt.Errorf("enginetest: new game of %q: %w", sc, err)
			}
			dice := engine.NewRandomDice(seed)
			rng := rand.New(rand.NewPCG(seed, engine.SplitMix64(seed)))
			for step := 0; ; step++ {
				last := st.Terminal() || step >= z.MaxSteps
				if withStates && (step%z.Every == 0 || last) {
					b, err := st.MarshalJSON()
					if err != nil {
						return nil, nil, fmt.Errorf("enginetest: %s seed %d step %d: %w", sc, seed, step, err)
					}
					states = append(states, b)
				}
				if last {
					break
				}
				if st.ToMove() == engine.Chance {
					d, err := dice.Roll(st.PendingRoll())
					if err != nil {
						return nil, nil, fmt.Errorf("enginetest: %s seed %d step %d: roll: %w", sc, seed, step, err)
					}
					if err := st.ApplyDice(d); err != nil {
						return nil, nil, fmt.Errorf("enginetest: %s seed %d step %d: dice refused: %w", sc, seed, step, err)
					}
					continue
				}
				deciders = engine.Deciders(st, deciders[:0])
				if len(deciders) == 0 {
					return nil, nil, fmt.Errorf("enginetest: %s seed %d step %d: nobody chooses", sc, seed, step)
				}
				p := deciders[0]
				buf = engine.LegalFor(engine.ViewFor(st, p), p, buf[:0])
				if len(buf) == 0 {
					return nil, nil, fmt.Errorf("enginetest: %s seed %d step %d: %s has no legal action", sc, seed, step, p)
				}
				a := buf[rng.IntN(len(buf))]
				if text := st.FormatAction(a); !seen[text] && len(texts) < fuzzTexts {
					seen[text] = true
					texts = append(texts, text)
				}
				if err := engine.Play(st, p, a); err != nil {
					return nil, nil, fmt.Errorf("enginetest: %s seed %d step %d: legal action refused: %w", sc, seed, step, err)
				}
			}
		}
	}
	return states, texts, nil
}
