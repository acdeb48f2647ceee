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

// TestUnitMeleeMargin checks the units-alone margin on pairs whose
// modifiers the melee table gives: heavy cavalry +2 against ordered line
// infantry 0 with cavalry's -1 against it; +2 more against a disrupted
// unit and no -1; large +1, small -1.
func TestUnitMeleeMargin(t *testing.T) {
	tests := []struct {
		name      string
		att, def  UnitType
		disrupted bool
		large     bool
		want      int
	}{
		{"heavy cavalry on ordered line", HeavyCavalry, LineInfantry, false, false, 1},
		{"heavy cavalry on disrupted line", HeavyCavalry, LineInfantry, true, false, 4},
		{"line on line", LineInfantry, LineInfantry, false, false, 0},
		{"large line on line", LineInfantry, LineInfantry, false, true, 1},
		{"line on a corps HQ", LineInfantry, CorpsHQ, false, false, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			units := meleePair(tc.att, tc.def)
			units[0].Large = tc.large
			s := testGame(t, units)
			if tc.disrupted {
				s.U[1].Stat = Disrupted
			}
			if got := s.UnitMeleeMargin(0, 1); got != tc.want {
				t.Errorf("UnitMeleeMargin = %d, want %d", got, tc.want)
			}
			if got := s.UnitMeleeMargin(1, 0); got != -tc.want {
				t.Errorf("the defender's margin = %d, want %d", got, -tc.want)
			}
		})
	}
}
