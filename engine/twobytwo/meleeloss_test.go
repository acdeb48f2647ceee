package twobytwo

import (
	"math"
	"testing"
)

// TestMeleeLoss checks the expected losses against counts by hand: at
// margin 0 the 30 decided pairs of dice hold 3 losses by 4 or more and 3
// by exactly 3 (a rout, destroyed one time in three), so 4/30; far behind
// every melee is lost, far ahead none.
func TestMeleeLoss(t *testing.T) {
	tests := []struct {
		margin int
		want   float64
	}{
		{0, 4.0 / 30},
		{-12, 1},
		{-40, 1},
		{12, 0},
		{40, 0},
		// margin +1: the 5 pairs with a-b = -1 re-roll, 31 are decided;
		// d <= -4 needs a-b <= -5: (1,6); d = -3 needs a-b = -4: (1,5)
		// and (2,6).
		{1, (1 + 2.0/3) / 31},
	}
	for _, tc := range tests {
		if got := MeleeLoss(tc.margin); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("MeleeLoss(%d) = %v, want %v", tc.margin, got, tc.want)
		}
	}
	for m := -13; m < 13; m++ {
		if MeleeLoss(m+1) > MeleeLoss(m) {
			t.Errorf("MeleeLoss rises from margin %d to %d", m, m+1)
		}
	}
}
