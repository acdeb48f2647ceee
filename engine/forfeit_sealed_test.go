package engine_test

import (
	"errors"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/enginetest/toy"
)

// A side that owes a sealed choice can forfeit it (an external bot that
// crashes while both sides choose a posture), and its record replays; a
// side that has committed already, or a winner that is no side, cannot.
func TestForfeitAtSealedChoiceReplays(t *testing.T) {
	toy.Register()
	rs, err := engine.Lookup(toy.Name)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		// commit is the sides that commit before the forfeit.
		commit []engine.Player
		loser  engine.Player
		winner engine.Player
		ok     bool
	}{
		{"side 0 at the start", nil, 0, 1, true},
		{"side 1 at the start", nil, 1, 0, true},
		{"side 1 after side 0 committed", []engine.Player{0}, 1, 0, true},
		{"side 0 after it committed", []engine.Player{0}, 0, 1, false},
		{"no winner", nil, 0, engine.NoPlayer, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			st, err := rs.NewGame("", engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if st.ToMove() != engine.Both {
				t.Fatalf("the toy game starts with %s to move, want a sealed choice", st.ToMove())
			}
			rec, err := engine.NewRecord(rs, "", engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			rec.Agents = [2]string{"external:cmd=a", "external:cmd=b"}
			for _, p := range c.commit {
				legal := engine.LegalFor(st, p, nil)
				rec.AddAction(st, p, legal[0])
				if err := engine.Play(st, p, legal[0]); err != nil {
					t.Fatal(err)
				}
			}
			rec.Result = engine.ForfeitResult(c.loser, rec.Agents[c.loser], len(rec.Steps)+1, "crashed")
			rec.Result.Winner = c.winner
			_, err = engine.Replay(rs, rec)
			switch {
			case c.ok && err != nil:
				t.Fatalf("the forfeit does not replay: %v", err)
			case !c.ok && !errors.Is(err, engine.ErrReplayMismatch):
				t.Fatalf("a forfeit by a side owing nothing replayed: %v", err)
			}
		})
	}
}
