package twobytwo

import (
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// batteryGame has three French foot guns side by side facing north at
// y=3 and Austrian targets ahead; the grand battery rule is on. Side 0
// moves first, so it is side 1 that shoots in turn 1: the guns are given
// to side 1 here, facing south.
func batteryGame(t *testing.T, targets ...UnitSpec) *State {
	t.Helper()
	units := []UnitSpec{
		unit(1, "A-FA1", FootArtillery, 11, 20, 180),
		unit(1, "A-FA2", FootArtillery, 12, 20, 180),
		unit(1, "A-FA3", FootArtillery, 13, 20, 180),
	}
	units = append(units, targets...)
	s := testGame(t, units)
	s.grandBattery = true
	return s
}

func TestGrandBatteryBombardment(t *testing.T) {
	t.Run("three guns in contact form a battery with 3\" frontage", func(t *testing.T) {
		s := batteryGame(t, unit(0, "F1 Line", LineInfantry, 12, 15, 0))
		toShooting(t, s)
		mask := s.battery(idx(t, s, "A-FA2"))
		if got := popcount(mask); got != 3 {
			t.Fatalf("battery has %d guns, want 3", got)
		}
		if r := s.batteryReach(mask); r != 8 {
			t.Fatalf("reach %.2f, want 8 (foot artillery long range)", r)
		}
	})
	t.Run("a gun facing exactly 15 degrees off the lead joins", func(t *testing.T) {
		// "facing within 15 degrees" includes 15: guns facing 45 and 30
		// degrees (whose facings' cosine rounds just below cos 15).
		right := geom.Heading(135)
		g1 := geom.V(8, 12)
		g2 := g1.Add(right.Scale(1))
		// The third gun, turned to 30, is slid in along the line until it
		// touches the second.
		far := baseAt(g2.Add(right.Scale(3)), geom.Heading(30))
		tt, hit := geom.Sweep(far, right.Scale(-3), baseAt(g2, geom.Heading(45)), 0)
		if !hit {
			t.Fatal("the third gun never meets the second")
		}
		g3 := far.C.Add(right.Scale(-3 * tt))
		s := testGame(t, []UnitSpec{
			unit(1, "A-FA1", FootArtillery, g1.X, g1.Y, 45),
			unit(1, "A-FA2", FootArtillery, g2.X, g2.Y, 45),
			unit(1, "A-FA3", FootArtillery, g3.X, g3.Y, 30),
		})
		s.grandBattery = true
		toShooting(t, s)
		if got := popcount(s.battery(idx(t, s, "A-FA1"))); got != 3 {
			t.Fatalf("battery has %d guns, want 3", got)
		}
	})
	t.Run("two guns are not a grand battery", func(t *testing.T) {
		s := testGame(t, []UnitSpec{
			unit(1, "A-FA1", FootArtillery, 11, 20, 180),
			unit(1, "A-FA2", FootArtillery, 12, 20, 180),
			unit(0, "F1 Line", LineInfantry, 12, 15, 0),
		})
		s.grandBattery = true
		toShooting(t, s)
		a := act(KindBombard, idx(t, s, "A-FA1"), NoUnit)
		a.NPath, a.Path[0] = 1, geom.V(11.5, 15)
		refuse(t, s, a, "grand battery of 3 or more")
	})
	t.Run("off without the variant", func(t *testing.T) {
		s := batteryGame(t, unit(0, "F1 Line", LineInfantry, 12, 15, 0))
		s.grandBattery = false
		toShooting(t, s)
		a := act(KindBombard, idx(t, s, "A-FA2"), NoUnit)
		a.NPath, a.Path[0] = 1, geom.V(12, 15)
		refuse(t, s, a, "not in use")
	})
	t.Run("area beyond the lowest maximum range is refused", func(t *testing.T) {
		s := batteryGame(t, unit(0, "F1 Line", LineInfantry, 12, 10, 0))
		toShooting(t, s)
		// Battery front at y=19.75; far edge at 19.75-(9+0.75) is beyond 8".
		a := act(KindBombard, idx(t, s, "A-FA2"), NoUnit)
		a.NPath, a.Path[0] = 1, geom.V(12, 19.75-9)
		refuse(t, s, a, "beyond the battery's range")
	})
	t.Run("every unit in the area is bombarded at -3", func(t *testing.T) {
		s := batteryGame(t,
			unit(0, "F1 Line", LineInfantry, 11.5, 16, 0),
			unit(0, "F2 Hussars", LightCavalry, 13, 16, 0),
			unit(0, "F3 Line", LineInfantry, 20, 16, 0), // outside the 3" frontage
		)
		toShooting(t, s)
		a := act(KindBombard, idx(t, s, "A-FA2"), NoUnit)
		a.NPath, a.Path[0] = 1, geom.V(12, 16)
		do(t, s, a)
		// F1 Line: -3, normal range (3.5" from the guns) 0 => -3.
		if s.ToMove() != engine.Chance || int(s.chUnit) != idx(t, s, "F1 Line") || s.chMod != -3 {
			t.Fatalf("first bombardment roll: unit %s modifier %d, want F1 Line -3 (%s)", s.label(int(s.chUnit)), s.chMod, s.DescribeRoll())
		}
		roll(t, s, 6) // 3: no effect
		// F2 Hussars: -3 +2 cavalry = -1.
		if int(s.chUnit) != idx(t, s, "F2 Hussars") || s.chMod != -1 {
			t.Fatalf("second roll: %s modifier %d, want F2 Hussars -1", s.label(int(s.chUnit)), s.chMod)
		}
		roll(t, s, 6) // 5: halted
		if s.U[idx(t, s, "F2 Hussars")].Stat != Halted {
			t.Fatalf("hussars not halted")
		}
		if s.ToMove() != 1 || s.phase != phShoot {
			t.Fatalf("F3 Line outside the area was bombarded, or play did not resume")
		}
		for _, g := range []string{"A-FA1", "A-FA2", "A-FA3"} {
			if !s.has(idx(t, s, g), fFired) {
				t.Fatalf("%s did not count as having fired", g)
			}
		}
	})
	t.Run("a unit in a town takes the cover row once", func(t *testing.T) {
		// Ruling R-COVER, which R-GBMOD applies: in a town -1, not -2.
		town := Feature{Kind: Town, Points: []geom.Vec{{X: 10, Y: 15}, {X: 14, Y: 15}, {X: 14, Y: 17}, {X: 10, Y: 17}}}
		s := testGame(t, []UnitSpec{
			unit(1, "A-FA1", FootArtillery, 11, 20, 180),
			unit(1, "A-FA2", FootArtillery, 12, 20, 180),
			unit(1, "A-FA3", FootArtillery, 13, 20, 180),
			unit(0, "F1 Line", LineInfantry, 12, 16, 0),
		}, town)
		s.grandBattery = true
		toShooting(t, s)
		a := act(KindBombard, idx(t, s, "A-FA2"), NoUnit)
		a.NPath, a.Path[0] = 1, geom.V(12, 16)
		do(t, s, a)
		if s.ToMove() != engine.Chance || int(s.chUnit) != idx(t, s, "F1 Line") || s.chMod != -4 {
			t.Fatalf("bombardment roll: unit %s modifier %d, want F1 Line -3 -1 = -4 (%s)", s.label(int(s.chUnit)), s.chMod, s.DescribeRoll())
		}
	})
	t.Run("units moving through the marked area are bombarded", func(t *testing.T) {
		s := batteryGame(t, unit(0, "F1 Line", LineInfantry, 8, 15, 0))
		toShooting(t, s)
		a := act(KindBombard, idx(t, s, "A-FA2"), NoUnit)
		a.NPath, a.Path[0] = 1, geom.V(12, 15)
		do(t, s, a) // nobody in the area
		endPhase(t, s)
		// Side 0 melee (none), side 1 moves, rallies, side 0 shoots, side 1 melee: end turn halves.
		for s.phasing != 0 || s.phase != phMove {
			if s.ToMove() == engine.Chance {
				roll(t, s, 3)
				continue
			}
			endPhase(t, s)
		}
		if !s.bomb.Active {
			t.Fatalf("the bombarded area should still be marked in side 0's next movement phase")
		}
		f := idx(t, s, "F1 Line")
		do(t, s, moveTo(f, 90, geom.V(11, 15)))
		if s.ToMove() != engine.Chance || int(s.chUnit) != f {
			t.Fatalf("F1 Line moved into the area without being bombarded")
		}
		roll(t, s, 6) // 6-3 = 3, no effect
		if s.phase != phMove || s.ToMove() != 0 {
			t.Fatalf("movement did not resume after the bombardment")
		}
	})
}

func popcount(m uint64) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}
