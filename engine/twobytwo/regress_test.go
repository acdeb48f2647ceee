package twobytwo

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/grognard/grognard/engine"
)

// loadRegress restores a position saved from a random game that once broke
// an invariant (found by the long run, GROGNARD_LONG=1).
func loadRegress(t *testing.T, name string) *State {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "regress", name))
	if err != nil {
		t.Fatal(err)
	}
	st, err := (Rules{}).DecodeState(b)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// TestRegressWithdrawIntoWinner: a loser withdrawing from a follow-up
// melee turned to face the winner where there was no room and ended
// overlapping it (R-WITHDRAW: it must back away as it stands).
func TestRegressWithdrawIntoWinner(t *testing.T) {
	for _, c := range []struct {
		file string
		dice []int
	}{
		{"withdraw-into-winner-1.json", []int{5, 2}},
		{"withdraw-into-winner-2.json", []int{6, 4}},
	} {
		t.Run(c.file, func(t *testing.T) {
			s := loadRegress(t, c.file)
			checkInvariants(t, s, "before the melee")
			roll(t, s, c.dice...)
			checkInvariants(t, s, "after the melee")
		})
	}
}

// TestRegressLegalActionsApply: every action Legal offers is accepted by
// Apply, in positions where a generated order's facing was checked before
// rounding to degrees and then refused.
func TestRegressLegalActionsApply(t *testing.T) {
	s := loadRegress(t, "face-order-rounding.json")
	for _, a := range s.Legal(nil) {
		c := *s
		if err := c.Apply(a); err != nil {
			t.Errorf("legal action refused: %v", err)
		}
	}
	if s.ToMove() == engine.Chance {
		t.Fatal("the saved position should wait on a decision")
	}
}
