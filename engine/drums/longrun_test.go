package drums

import (
	"os"
	"strconv"
	"testing"
)

// TestLongRandomRun plays GROGNARD_DRUMS_GAMES seeded random games (none
// unless the variable is set): every one must reach a result. The issue's
// long run is GROGNARD_DRUMS_GAMES=100000 go test ./engine/drums/ -run
// LongRandomRun -timeout 2h -v.
func TestLongRandomRun(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("GROGNARD_DRUMS_GAMES"))
	if n <= 0 {
		t.Skip("set GROGNARD_DRUMS_GAMES to the number of games")
	}
	var kinds [8]int
	wins := [3]int{}
	steps, most := 0, 0
	for seed := range uint64(n) {
		s, k := playRandom(t, 1_000_000+seed)
		steps += k
		most = max(most, k)
		r := s.Result()
		kinds[r.Kind]++
		switch r.Winner {
		case 0, 1:
			wins[r.Winner]++
		default:
			wins[2]++
		}
	}
	t.Logf("%d random games all ended: side 0 won %d, side 1 %d, drawn %d; by kind %v; %.0f steps a game, at most %d", n, wins[0], wins[1], wins[2], kinds, float64(steps)/float64(n), most)
}
