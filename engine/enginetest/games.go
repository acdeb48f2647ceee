package enginetest

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
)

// UpdateGoldenEnv is the environment variable that, set to 1, makes Run
// rewrite the golden file instead of checking it. An environment variable
// rather than a flag, so that it cannot collide with a flag of the
// package whose tests call Run.
const UpdateGoldenEnv = "GROGNARD_UPDATE_GOLDEN"

// checkDeterminism plays every game again: the same seeds must give the
// same steps and positions.
func checkDeterminism(t *testing.T, cfg Config, games []*game) {
	for _, g := range games {
		again, err := play(cfg, g.scenario, g.seed)
		if err != nil {
			t.Fatalf("%s, played again: %v", g.name(), err)
		}
		if len(again.hashes) != len(g.hashes) {
			t.Errorf("%s: %d steps, then %d steps with the same seed", g.name(), len(g.rec.Steps), len(again.rec.Steps))
			continue
		}
		for i := range g.hashes {
			if g.hashes[i] != again.hashes[i] {
				t.Errorf("%s: the same seed gives another game from step %d on", g.name(), i)
				break
			}
		}
	}
}

// goldenLine describes a game for the golden file.
func goldenLine(g *game) string {
	end := g.rec.Result.Kind.String()
	if g.cut {
		end = "cut"
	}
	return fmt.Sprintf("%s seed=%d steps=%d turn=%d end=%s winner=%d reason=%q chain=%016x",
		g.scenario, g.seed, len(g.rec.Steps), g.rec.Turns, end, g.rec.Result.Winner, g.rec.Result.Reason, g.chain())
}

// checkGolden compares each game with its line in the golden file, or
// rewrites the file when UpdateGoldenEnv is 1.
func checkGolden(t *testing.T, cfg Config, games []*game) {
	if cfg.Golden == "" {
		t.Skip("no golden file configured")
	}
	got := make([]string, len(games))
	for i, g := range games {
		got[i] = goldenLine(g)
	}
	if os.Getenv(UpdateGoldenEnv) == "1" {
		head := fmt.Sprintf("# Golden %s %s games of the conformance suite (engine/enginetest): one line a seeded random game,\n"+
			"# with an FNV-1a chain of the state's hash at every step. Rewrite with %s=1 go test -run Conformance.\n",
			cfg.Ruleset.Name(), cfg.Ruleset.Version(), UpdateGoldenEnv)
		if err := os.MkdirAll(filepath.Dir(cfg.Golden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(cfg.Golden, []byte(head+strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("rewrote %s", cfg.Golden)
		return
	}
	b, err := os.ReadFile(cfg.Golden)
	if err != nil {
		t.Fatalf("%v (write it with %s=1)", err, UpdateGoldenEnv)
	}
	var want []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			want = append(want, line)
		}
	}
	if len(want) != len(got) {
		t.Fatalf("%s pins %d games, the suite plays %d (rewrite it with %s=1 if the configuration changed)", cfg.Golden, len(want), len(got), UpdateGoldenEnv)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("game %s plays otherwise than pinned:\n got  %s\n want %s\n(a change of play: if it is meant, rewrite with %s=1 and say why in review)", games[i].name(), got[i], want[i], UpdateGoldenEnv)
		}
	}
}

// checkReplay writes each game's record, reads it back and replays it
// with the engine's replay: the positions are the game's, step by step.
func checkReplay(t *testing.T, cfg Config, games []*game) {
	for _, g := range games {
		var b bytes.Buffer
		if err := g.rec.Write(&b); err != nil {
			t.Fatalf("%s: write the record: %v", g.name(), err)
		}
		recs, err := engine.ReadRecords(&b)
		if err != nil || len(recs) != 1 {
			t.Fatalf("%s: read the record back: %d records, %v", g.name(), len(recs), err)
		}
		rec := recs[0]
		st, err := engine.ReplayVisit(cfg.Ruleset, rec, func(i int, st engine.State) error {
			if h := st.Hash(); h != g.hashes[i] {
				return fmt.Errorf("step %d: replay reaches hash %016x, the game had %016x", i, h, g.hashes[i])
			}
			return nil
		})
		if err != nil {
			t.Errorf("%s: the record does not replay: %v", g.name(), err)
			continue
		}
		if h := st.Hash(); h != g.hashes[len(g.hashes)-1] {
			t.Errorf("%s: replay ends at hash %016x, the game at %016x", g.name(), h, g.hashes[len(g.hashes)-1])
		}
		if n := len(rec.Steps) / 2; n > 0 {
			mid, err := engine.ReplaySteps(cfg.Ruleset, rec, n)
			if err != nil {
				t.Errorf("%s: replay of the first %d steps: %v", g.name(), n, err)
			} else if h := mid.Hash(); h != g.hashes[n] {
				t.Errorf("%s: replay of the first %d steps reaches hash %016x, the game had %016x", g.name(), n, h, g.hashes[n])
			}
		}
	}
}

// checkResults: a finished game has a typed result that agrees with its
// winner, and an unfinished one says it is in progress.
func checkResults(t *testing.T, cfg Config, games []*game) {
	ended := 0
	for _, g := range games {
		r := g.rec.Result
		if g.cut {
			if r.Over || r.Kind != engine.InProgress {
				t.Errorf("%s: cut before its end, but its result is %s (%s)", g.name(), r, r.Kind)
			}
			continue
		}
		ended++
		switch {
		case !r.Over:
			t.Errorf("%s: terminal, but its result is not over", g.name())
		case r.Kind == engine.Victory && r.Winner != 0 && r.Winner != 1:
			t.Errorf("%s: a victory won by %s", g.name(), r.Winner)
		case (r.Kind == engine.RulesDraw || r.Kind == engine.TurnLimit) && r.Winner != engine.NoPlayer:
			t.Errorf("%s: a %s result won by %s", g.name(), r.Kind, r.Winner)
		case r.Kind != engine.Victory && r.Kind != engine.RulesDraw && r.Kind != engine.TurnLimit:
			t.Errorf("%s: ended by the rules with a result of kind %s (want victory, draw or turn-limit)", g.name(), r.Kind)
		case r.Reason == "":
			t.Errorf("%s: the result gives people no reason", g.name())
		}
	}
	if ended == 0 && cfg.MaxSteps == 0 {
		t.Errorf("no game ended")
	}
}
