package twobytwo

import (
	"fmt"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
)

// TestWhoRolls: every pending roll of seeded random games names who rolls
// it at the table, read against the unit its description names: the
// shooter, the rallying or routing unit's side, the bombarding side (the
// named unit's enemy), the phasing side for reinforcements, and nobody in
// particular for the set-up roll and melee, where each side throws a die.
func TestWhoRolls(t *testing.T) {
	seen := map[string]int{}
	check := func(s *State) error {
		if s.ToMove() != engine.Chance {
			return nil
		}
		r, text := s.PendingRoll(), s.DescribeRoll()
		kind, rest, _ := strings.Cut(text, ": ")
		named := engine.NoPlayer
		for i := 0; i < int(s.n); i++ {
			if l := s.label(i); strings.HasPrefix(rest, l+" ") || rest == l {
				named = engine.Player(s.side(i))
			}
		}
		want := named
		switch kind {
		case "2d6 set-up", "2d6 melee":
			want = engine.Chance
		case "1d6 bombardment of":
			want = named.Other()
		default:
			if strings.HasPrefix(kind, "1d6 reinforcement") {
				want = engine.Player(s.phasing)
			}
		}
		if strings.HasPrefix(kind, "1d6 bombardment") {
			// "1d6 bombardment of X, ...": the unit follows "of ".
			_, after, _ := strings.Cut(text, " of ")
			for i := 0; i < int(s.n); i++ {
				if l := s.label(i); strings.HasPrefix(after, l+",") || strings.HasPrefix(after, l+" ") {
					want = engine.Player(s.side(i)).Other()
				}
			}
		}
		seen[strings.Fields(kind)[1]]++
		if r.By != want {
			return fmt.Errorf("%q is rolled by %s, want %s", text, r.By, want)
		}
		return nil
	}
	for seed := uint64(1); seed <= 6; seed++ {
		if _, _, err := randomGame(seed, check); err != nil {
			t.Fatal(err)
		}
	}
	for _, k := range []string{"set-up", "shooting", "melee", "rally", "rout", "reinforcement"} {
		if seen[k] == 0 {
			t.Errorf("no %s roll in the games (seen %v)", k, seen)
		}
	}
}
