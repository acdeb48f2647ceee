package enginetest

import (
	"bytes"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"testing"

	"github.com/grognard/grognard/engine"
)

// Config says what the suite plays and how much of it it checks.
type Config struct {
	// Ruleset is the rules under test; required.
	Ruleset engine.Ruleset
	// Scenarios are played each with every seed; empty means the
	// ruleset's first (default) scenario.
	Scenarios []string
	// Options are given to every new game.
	Options engine.Options
	// Seeds are the seeds of the random games, one game per scenario and
	// seed; empty means 1, 2 and 3. A seed gives the dice and the random
	// choices, so a game is the same on every run.
	Seeds []uint64
	// MaxSteps cuts each game after this many steps (actions and dice);
	// 0 plays every game to its end (at most a million steps, past which
	// the ruleset is taken to loop and the test fails).
	MaxSteps int
	// Every makes the checks of a position (JSON, copies, allocations,
	// legal and illegal actions, chance, sealed views) at every Every-th
	// position only, and at the last; 0 or 1 checks every position. The
	// checks of whole games (determinism, golden, replay, results) see
	// every step whatever it is.
	Every int
	// MaxLegal is how many of a position's legal actions are applied, spread
	// over the list; 0 applies them all.
	MaxLegal int
	// MaxIllegal is how many illegal candidates are tried at a position;
	// 0 means 64.
	MaxIllegal int
	// Golden is the path of the golden file pinning each game's hash
	// chain; empty skips the golden check. GROGNARD_UPDATE_GOLDEN=1
	// rewrites it.
	Golden string
	// Strict requires Apply to refuse every action its legal list does
	// not name, even one that differs from a listed action only in a
	// field its kind does not use. A new ruleset should set it.
	Strict bool
	// Unlisted, when not nil, reports whether Apply may accept a in st
	// although st's legal list does not name it: a ruleset that takes
	// free-form moves typed by a person (engine.FreeForm) accepts more
	// than it generates. Nil means Apply accepts only listed actions. An
	// action with a NaN or infinite number is always to be refused.
	Unlisted func(st engine.State, a engine.Action) bool
}

// maxGameSteps is the most steps a game plays before the suite takes the
// ruleset to loop.
const maxGameSteps = 1_000_000

// defaults fills in what cfg leaves out.
func (cfg Config) defaults() Config {
	if len(cfg.Scenarios) == 0 {
		if names := cfg.Ruleset.Scenarios(); len(names) > 0 {
			cfg.Scenarios = names[:1]
		} else {
			cfg.Scenarios = []string{""}
		}
	}
	if len(cfg.Seeds) == 0 {
		cfg.Seeds = []uint64{1, 2, 3}
	}
	if cfg.Every < 1 {
		cfg.Every = 1
	}
	if cfg.MaxIllegal <= 0 {
		cfg.MaxIllegal = 64
	}
	return cfg
}

// game is one seeded random game: its record, and the hash of the
// position before each step and at the end (len(rec.Steps)+1 hashes).
type game struct {
	scenario string
	seed     uint64
	rec      *engine.Record
	hashes   []uint64
	cut      bool
}

// name names the game in test output.
func (g *game) name() string { return fmt.Sprintf("%s/seed=%d", g.scenario, g.seed) }

// chain is an FNV-1a digest of the game's hashes: what the golden file
// pins.
func (g *game) chain() uint64 {
	h := fnv.New64a()
	var b [8]byte
	for _, v := range g.hashes {
		for k := range b {
			b[k] = byte(v >> (8 * k))
		}
		h.Write(b[:])
	}
	return h.Sum64()
}

// Run plays cfg's games and checks every property of the suite on them,
// each in a subtest named after it.
func Run(t *testing.T, cfg Config) {
	t.Helper()
	if cfg.Ruleset == nil {
		t.Fatal("enginetest: Config.Ruleset is required")
	}
	cfg = cfg.defaults()
	var games []*game
	for _, sc := range cfg.Scenarios {
		for _, seed := range cfg.Seeds {
			g, err := play(cfg, sc, seed)
			if err != nil {
				t.Fatalf("enginetest: %s seed %d: %v", sc, seed, err)
			}
			games = append(games, g)
		}
	}
	t.Run("Determinism", func(t *testing.T) { checkDeterminism(t, cfg, games) })
	t.Run("Golden", func(t *testing.T) { checkGolden(t, cfg, games) })
	t.Run("Replay", func(t *testing.T) { checkReplay(t, cfg, games) })
	t.Run("Result", func(t *testing.T) { checkResults(t, cfg, games) })
	t.Run("JSON", func(t *testing.T) { eachPosition(t, cfg, games, checkJSON) })
	t.Run("Copy", func(t *testing.T) { eachPosition(t, cfg, games, checkCopy) })
	t.Run("Allocs", func(t *testing.T) {
		if RaceEnabled {
			t.Skip("the race detector allocates: allocations are checked without -race")
		}
		eachPosition(t, cfg, games, checkAllocs)
	})
	t.Run("Legal", func(t *testing.T) { eachPosition(t, cfg, games, checkLegal) })
	t.Run("Illegal", func(t *testing.T) { eachPosition(t, cfg, games, checkIllegal) })
	t.Run("Chance", func(t *testing.T) { eachPosition(t, cfg, games, checkChance) })
	t.Run("Sealed", func(t *testing.T) { eachPosition(t, cfg, games, checkSealed) })
}

// play plays one seeded random game through the engine's contracts:
// dice from engine.NewRandomDice(seed), each decision drawn uniformly
// from the decider's legal actions as its own view shows them. It records
// the game with engine.NewRecord, AddAction and AddDice.
func play(cfg Config, scenario string, seed uint64) (*game, error) {
	rs := cfg.Ruleset
	st, err := rs.NewGame(scenario, cfg.Options)
	if err != nil {
		return nil, fmt.Errorf("new game: %w", err)
	}
	rec, err := engine.NewRecord(rs, scenario, cfg.Options)
	if err != nil {
		return nil, fmt.Errorf("new record: %w", err)
	}
	rec.DiceSeed = seed
	rec.AgentSeeds = [2]uint64{engine.SplitMixNth(seed, 1), engine.SplitMixNth(seed, 2)}
	rec.Agents = [2]string{"enginetest-random", "enginetest-random"}
	g := &game{scenario: rec.Scenario, seed: seed, rec: rec}
	dice := engine.NewRandomDice(seed)
	var pcg rand.PCG
	pcg.Seed(seed, engine.SplitMix64(seed))
	rng := rand.New(&pcg)
	var buf []engine.Action
	var deciders []engine.Player
	for !st.Terminal() {
		g.hashes = append(g.hashes, st.Hash())
		n := len(rec.Steps)
		if cfg.MaxSteps > 0 && n >= cfg.MaxSteps {
			g.cut = true
			break
		}
		if n >= maxGameSteps {
			return nil, fmt.Errorf("the game did not end after %d steps (turn %d): the ruleset loops", n, st.Turn())
		}
		if st.ToMove() == engine.Chance {
			d, err := dice.Roll(st.PendingRoll())
			if err != nil {
				return nil, fmt.Errorf("step %d: roll %s: %w", n, st.PendingRoll(), err)
			}
			text := st.DescribeRoll()
			// Recorded from the position it is played in, before it is.
			rec.AddDice(st, d)
			if err := st.ApplyDice(d); err != nil {
				return nil, fmt.Errorf("step %d: dice %v for %s refused: %w", n, d.Values(), text, err)
			}
			continue
		}
		deciders = engine.Deciders(st, deciders[:0])
		if len(deciders) == 0 {
			return nil, fmt.Errorf("step %d: the game is not over, no dice are pending, and no side chooses (ToMove is %s)", n, st.ToMove())
		}
		p := deciders[0]
		buf = engine.LegalFor(engine.ViewFor(st, p), p, buf[:0])
		if len(buf) == 0 {
			return nil, fmt.Errorf("step %d: %s chooses but has no legal action (turn %d, %s)", n, p, st.Turn(), phase(st))
		}
		a := buf[rng.IntN(len(buf))]
		text := st.DescribeAction(a)
		rec.AddAction(st, p, a)
		if err := engine.Play(st, p, a); err != nil {
			return nil, fmt.Errorf("step %d: %s's legal action %q refused: %w", n, p, text, err)
		}
	}
	if !g.cut {
		g.hashes = append(g.hashes, st.Hash())
	}
	rec.Result = st.Result()
	rec.Turns = st.Turn()
	return g, nil
}

// phase names st's phase for messages.
func phase(st engine.State) string {
	if p := engine.PhaseName(st); p != "" {
		return p + " phase"
	}
	return "no phase"
}

// position is one position of a game as the checks see it.
type position struct {
	cfg  Config
	g    *game
	i    int          // steps played before it
	st   engine.State // the position; a check must leave it as it is
	step engine.Step  // the step played from it (zero at the end)
	// seen are the legal actions each side was last offered, for
	// candidates of the wrong side.
	seen *[2][]engine.Action
}

// where names the position in a failure.
func (p *position) where() string {
	return fmt.Sprintf("%s step %d (turn %d, %s, %s to move)", p.g.name(), p.i, p.st.Turn(), phase(p.st), p.st.ToMove())
}

// eachPosition replays every game and calls check at every Every-th
// position, and at every final one. A check reports with t.Errorf; the
// replay stops a game at its first failing position, since what follows
// would repeat it.
func eachPosition(t *testing.T, cfg Config, games []*game, check func(t *testing.T, p *position)) {
	for _, g := range games {
		st, err := cfg.Ruleset.NewGame(g.scenario, cfg.Options)
		if err != nil {
			t.Fatalf("%s: new game: %v", g.name(), err)
		}
		var seen [2][]engine.Action
		var deciders []engine.Player
		for i := 0; i <= len(g.rec.Steps); i++ {
			var step engine.Step
			if i < len(g.rec.Steps) {
				step = g.rec.Steps[i]
			}
			if i%cfg.Every == 0 || i == len(g.rec.Steps) {
				failed := t.Failed()
				check(t, &position{cfg: cfg, g: g, i: i, st: st, step: step, seen: &seen})
				if !failed && t.Failed() {
					break
				}
				if h := st.Hash(); h != g.hashes[i] {
					t.Fatalf("%s step %d: the check changed the position (hash %016x, was %016x)", g.name(), i, h, g.hashes[i])
				}
			}
			if i == len(g.rec.Steps) {
				break
			}
			deciders = engine.Deciders(st, deciders[:0])
			for _, d := range deciders {
				seen[d] = engine.LegalFor(st, d, seen[d][:0])
			}
			if err := apply(st, step); err != nil {
				t.Fatalf("%s step %d: %v", g.name(), i, err)
			}
		}
	}
}

// apply plays a recorded step on st.
func apply(st engine.State, s engine.Step) error {
	switch {
	case s.Dice != nil:
		return st.ApplyDice(*s.Dice)
	case s.Action != nil:
		return engine.Play(st, s.Player, *s.Action)
	}
	return errors.New("a step with neither dice nor an action")
}

// marshal is st's JSON, or a failure of the test.
func marshal(t *testing.T, st engine.State, where string) []byte {
	t.Helper()
	b, err := st.MarshalJSON()
	if err != nil {
		t.Fatalf("%s: MarshalJSON: %v", where, err)
	}
	return b
}

// snapshot is what must not change when a state refuses something.
type snapshot struct {
	hash uint64
	json []byte
}

func snap(t *testing.T, st engine.State, where string) snapshot {
	t.Helper()
	return snapshot{st.Hash(), marshal(t, st, where)}
}

// same reports how st differs from s, or "".
func (s snapshot) diff(t *testing.T, st engine.State, where string) string {
	t.Helper()
	if h := st.Hash(); h != s.hash {
		return fmt.Sprintf("hash %016x, was %016x", h, s.hash)
	}
	if b := marshal(t, st, where); !bytes.Equal(b, s.json) {
		return "JSON " + firstDiff(b, s.json)
	}
	return ""
}

// firstDiff shows where two encodings part.
func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	clip := func(x []byte) string {
		lo, hi := max(0, i-40), min(len(x), i+40)
		return string(x[lo:hi])
	}
	return fmt.Sprintf("differs at byte %d: %q, was %q", i, clip(a), clip(b))
}

// legalFor is the actions side may take in st, in a new slice.
func legalFor(st engine.State, side engine.Player) []engine.Action {
	return engine.LegalFor(st, side, nil)
}

// sameActions reports whether two lists hold the same actions in order.
func sameActions(a, b []engine.Action) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// spread picks at most n indices of a list of length l, spread over it
// (all of them when n is 0 or at least l).
func spread(l, n int) []int {
	if n <= 0 || n >= l {
		n = l
	}
	out := make([]int, 0, n)
	for k := range n {
		out = append(out, k*l/n)
	}
	return out
}
