package twobytwo

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"

	"github.com/grognard/grognard/engine"
	tb "github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/scenarios/twobytwo/armies"
)

// builtinWant are the scenario files this package must carry.
var builtinWant = []string{"two-divisions", "village", "river-line", "meeting"}

// TestBuiltinsValid: every embedded file parses with no problems, is
// registered under its name, has a title and a description, names a nation
// and an AP budget for each side and keeps to it, and writes back to a file
// that reads as the same scenario.
func TestBuiltinsValid(t *testing.T) {
	names := builtinNames()
	if len(names) == 0 {
		t.Fatal("no embedded scenario files")
	}
	registered := (tb.Rules{}).Scenarios()
	for _, file := range names {
		sc, err := parseEmbedded(file)
		if err != nil {
			t.Errorf("%s: %v", file, err)
			continue
		}
		if !slices.Contains(registered, sc.Name) {
			t.Errorf("%s: scenario %q is not listed by Rules.Scenarios %v", file, sc.Name, registered)
		}
		if sc.Title == "" || sc.Description == "" {
			t.Errorf("%s: title %q, description %q: both are wanted", file, sc.Title, sc.Description)
		}
		for side := range 2 {
			if sc.Nations[side] == "" || sc.AP[side] <= 0 {
				t.Errorf("%s: side %q has nation %q and ap %g; give both", file, sc.SideNames[side], sc.Nations[side], sc.AP[side])
				continue
			}
			if total := armies.TotalAP(sc.Units, side); total > sc.AP[side] {
				t.Errorf("%s: side %q costs %g AP, over its %g", file, sc.SideNames[side], total, sc.AP[side])
			}
		}
		b, err := Marshal(sc)
		if err != nil {
			t.Errorf("%s: marshal: %v", file, err)
			continue
		}
		back, err := Parse(file, b)
		if err != nil {
			t.Errorf("%s: the written file does not read back: %v\n%s", file, err, b)
			continue
		}
		if back.Hash() != sc.Hash() || back.Nations != sc.Nations || back.AP != sc.AP {
			t.Errorf("%s: the written file reads back as a different scenario", file)
		}
	}
	if _, err := Builtins(); err != nil {
		t.Fatal(err)
	}
}

// TestBuiltinsPresent: the four scenarios exist, and the two-divisions
// battle is what its name says: two division HQs a side, 75 to 80 AP each.
func TestBuiltinsPresent(t *testing.T) {
	all, err := Builtins()
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*tb.Scenario{}
	for _, sc := range all {
		if byName[sc.Name] != nil {
			t.Errorf("two files are named %q", sc.Name)
		}
		byName[sc.Name] = sc
	}
	for _, name := range builtinWant {
		if byName[name] == nil {
			t.Errorf("no built-in scenario %q", name)
		}
	}
	sc := byName["two-divisions"]
	if sc == nil {
		return
	}
	for side := range 2 {
		if ap := armies.TotalAP(sc.Units, side); ap < 75 || ap > 80 {
			t.Errorf("two-divisions: side %q costs %g AP, want 75 to 80", sc.SideNames[side], ap)
		}
		divs := 0
		for _, u := range sc.Units {
			if u.Side == side && u.Type == tb.DivisionHQ {
				divs++
			}
		}
		if divs != 2 {
			t.Errorf("two-divisions: side %q has %d division HQs, want 2", sc.SideNames[side], divs)
		}
	}
}

// builtinTally counts how random games of a scenario ended.
type builtinTally struct {
	wins    [2]int
	draws   int
	turns   int
	reasons map[string]int
}

// playBuiltinRandom plays scenario by name to its end with uniformly random
// legal actions and seeded dice, and returns the final state.
func playBuiltinRandom(name string, seed uint64) (engine.State, error) {
	st, err := (tb.Rules{}).NewGame(name, engine.Options{})
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	dice := engine.NewRandomDice(seed ^ 0xd1ce)
	buf := make([]engine.Action, 0, 1024)
	const maxSteps = 1_000_000
	for steps := 0; !st.Terminal(); steps++ {
		if steps == maxSteps {
			return st, fmt.Errorf("%s seed %d: no result after %d steps (turn %d)", name, seed, steps, st.Turn())
		}
		if st.ToMove() == engine.Chance {
			d, err := dice.Roll(st.PendingRoll())
			if err != nil {
				return st, fmt.Errorf("%s seed %d: roll: %v", name, seed, err)
			}
			if err := st.ApplyDice(d); err != nil {
				return st, fmt.Errorf("%s seed %d: dice refused: %v", name, seed, err)
			}
			continue
		}
		buf = st.Legal(buf[:0])
		if len(buf) == 0 {
			return st, fmt.Errorf("%s seed %d: no legal action at turn %d", name, seed, st.Turn())
		}
		if err := st.Apply(buf[rng.IntN(len(buf))]); err != nil {
			return st, fmt.Errorf("%s seed %d: legal action refused: %v", name, seed, err)
		}
	}
	if !st.Result().Over {
		return st, fmt.Errorf("%s seed %d: terminal without a result", name, seed)
	}
	return st, nil
}

// TestBuiltinsPlayRandom: each built-in plays to a result from several
// seeds with random legal actions and random dice. GROGNARD_BUILTIN_GAMES
// sets the number of games per scenario (10 by default) for a longer check
// of how one-sided random play finds a scenario; run it with -v to see the
// tally:
//
//	GROGNARD_BUILTIN_GAMES=200 go test -run TestBuiltinsPlayRandom -v ./scenarios/twobytwo/
func TestBuiltinsPlayRandom(t *testing.T) {
	games := 10
	if testing.Short() {
		games = 3
	}
	if v := os.Getenv("GROGNARD_BUILTIN_GAMES"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("GROGNARD_BUILTIN_GAMES=%q is not a positive number", v)
		}
		games = n
	}
	all, err := Builtins()
	if err != nil {
		t.Fatal(err)
	}
	for _, sc := range all {
		t.Run(sc.Name, func(t *testing.T) {
			t.Parallel()
			tally := builtinTally{reasons: map[string]int{}}
			for seed := uint64(1); seed <= uint64(games); seed++ {
				st, err := playBuiltinRandom(sc.Name, seed)
				if err != nil {
					t.Fatal(err)
				}
				r := st.Result()
				switch r.Winner {
				case 0, 1:
					tally.wins[r.Winner]++
				default:
					tally.draws++
				}
				tally.turns += st.Turn()
				tally.reasons[r.Reason]++
			}
			t.Logf("%d games: %s %d, %s %d, draws %d, mean turns %.1f; endings %v",
				games, sc.SideNames[0], tally.wins[0], sc.SideNames[1], tally.wins[1], tally.draws,
				float64(tally.turns)/float64(games), tally.reasons)
		})
	}
}
