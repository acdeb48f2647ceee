package drums

import (
	"math/rand/v2"
	"path"
	"testing"

	"github.com/grognard/grognard/engine"
	dm "github.com/grognard/grognard/engine/drums"
)

// playRandom plays a game to its end with seeded random choices and dice,
// checking that when the first turn starts every command, general and
// unit of both sides is on the table.
func playRandom(t *testing.T, s *dm.State, seed uint64) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 0x706c6179))
	var buf []engine.Action
	checked := false
	for steps := 0; !s.Terminal(); steps++ {
		if steps > 50000 {
			t.Fatalf("seed %d: no result after %d steps (turn %d, %s)", seed, steps, s.Turn(), s.PhaseName())
		}
		if !checked && s.Turn() > 0 {
			checked = true
			for i := range s.NumUnits() {
				if v := s.Unit(i); !v.OnTable && !v.Broken {
					t.Errorf("seed %d: unit %s is not on the table at turn 1", seed, v.Label)
				}
			}
			for g := range s.NumGenerals() {
				if v := s.General(g); !v.OnTable {
					t.Errorf("seed %d: general %s is not on the table at turn 1", seed, v.Spec.Label)
				}
			}
		}
		if s.ToMove() == engine.Chance {
			if err := s.ApplyDice(engine.RollWith(rng, s.PendingRoll())); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			continue
		}
		buf = s.Legal(buf[:0])
		if len(buf) == 0 {
			t.Fatalf("seed %d: no legal action in %s", seed, s.PhaseName())
		}
		a := buf[rng.IntN(len(buf))]
		if err := s.Apply(a); err != nil {
			t.Fatalf("seed %d: %s: %v", seed, s.FormatAction(a), err)
		}
	}
	if !checked {
		t.Errorf("seed %d: the game ended before turn 1", seed)
	}
}

// TestBuiltinsPlayToTheEnd plays every built-in scenario by name to its
// end a few times with random play, every command deploying.
func TestBuiltinsPlayToTheEnd(t *testing.T) {
	games := 4
	if testing.Short() {
		games = 1
	}
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			for seed := range uint64(games) {
				s, err := dm.NewGame(name, engine.Options{})
				if err != nil {
					t.Fatal(err)
				}
				playRandom(t, s, seed)
			}
		})
	}
}

// TestBuiltinFiles: at least three battles besides first-battle, each
// named as its file, of a sensible size, listed after the default, with
// its text given by BuiltinText.
func TestBuiltinFiles(t *testing.T) {
	scs, err := BuiltinFiles()
	if err != nil {
		t.Fatal(err)
	}
	if len(scs) < 3 {
		t.Fatalf("%d built-in files, want at least 3", len(scs))
	}
	names := Names()
	if names[0] != dm.DefaultScenario {
		t.Errorf("first scenario %q, want the default %q", names[0], dm.DefaultScenario)
	}
	for i, sc := range scs {
		file := builtinNames()[i]
		if want := path.Base(file); sc.Name+".yaml" != want {
			t.Errorf("%s holds scenario %q: name a built-in as its file", file, sc.Name)
		}
		if _, ok := BuiltinText(sc.Name); !ok {
			t.Errorf("BuiltinText(%q) found nothing", sc.Name)
		}
		for side, f := range sc.Forces {
			if n := len(f.Commands); n < 2 || n > 4 {
				t.Errorf("%s side %d has %d commands, want 2 to 4", sc.Name, side, n)
			}
			if f.List == "" {
				t.Errorf("%s side %d names no army list", sc.Name, side)
			}
		}
		if sc.Title == "" || len(sc.Objective.Hold) == 0 {
			t.Errorf("%s: a built-in has a title and something to hold", sc.Name)
		}
	}
	if _, ok := BuiltinText(dm.DefaultScenario); ok {
		t.Error("first-battle is engine/drums's, not a file")
	}
}

// TestRulingSceneRoles pins ruling D-SCEN-ROLES: a built-in that makes one
// force always the defender gives the other the attack in every game,
// whatever the scouting dice would have said.
func TestRulingSceneRoles(t *testing.T) {
	for _, name := range []string{"ridge-defence", "heights-1854"} {
		sc, err := dm.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		def := 1
		if !sc.Forces[def].AlwaysDefender || sc.Forces[0].AlwaysDefender {
			t.Fatalf("%s: want side 1 always the defender", name)
		}
		for seed := range uint64(10) {
			s, err := dm.NewGame(name, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(seed, 9))
			for s.Attacker < 0 && !s.Terminal() {
				if s.ToMove() == engine.Chance {
					if err := s.ApplyDice(engine.RollWith(rng, s.PendingRoll())); err != nil {
						t.Fatal(err)
					}
					continue
				}
				acts := s.Legal(nil)
				if err := s.Apply(acts[rng.IntN(len(acts))]); err != nil {
					t.Fatal(err)
				}
			}
			if s.Attacker != 0 {
				t.Errorf("%s seed %d: attacker %d, want side 0", name, seed, s.Attacker)
			}
		}
	}
}

// TestRulingDeployOrders pins ruling D-DEPLOY-ORDERS: no built-in battle
// strands a command whatever order the players deploy in (of many tried).
func TestRulingDeployOrders(t *testing.T) {
	for _, name := range Names() {
		sc, err := dm.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckDeployOrders(sc, 200, 7); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
