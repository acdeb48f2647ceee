package twobytwo

import (
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
	rules "github.com/grognard/grognard/engine/twobytwo"
)

// Tests of the doctrines' following the rules document's own advice, each
// on a position made for it.

// TestDoctrinesRoutPinnedLightUnit: "Light Infantry may during its movement
// phase voluntarily ROUT. This is particularly useful if pinned in a
// vulnerable position." Pinned light infantry (or light cavalry) with an
// enemy battalion and heavy cavalry able to charge it next turn routs
// voluntarily; the same unit with nobody in reach, or not pinned (it may
// walk away), does not.
func TestDoctrinesRoutPinnedLightUnit(t *testing.T) {
	for _, spec := range append(hDoctrineSpecs, "greedy") {
		for _, tc := range []struct {
			name   string
			typ    rules.UnitType
			foesAt float64 // y of the enemy; 22 is out of reach
			pinned bool
			routs  bool
		}{
			{"light_infantry_pinned_in_reach", rules.LightInfantry, 13, true, true},
			{"light_cavalry_pinned_in_reach", rules.LightCavalry, 13, true, true},
			{"pinned_nobody_in_reach", rules.LightInfantry, 22, true, false},
			{"not_pinned_in_reach", rules.LightInfantry, 13, false, false},
		} {
			t.Run(spec+"/"+tc.name, func(t *testing.T) {
				st := hPosition(t, []rules.UnitSpec{
					hUnit(0, "S-CHQ", rules.CorpsHQ, -1, 3, 2, 0),
					hUnit(0, "Voltigeurs", tc.typ, 0, 12, 8, 0),
					hUnit(0, "S1 Line", rules.LineInfantry, 0, 4, 5, 0),
					hUnit(1, "N-CHQ", rules.CorpsHQ, -1, 21, 23, 180),
					hUnit(1, "Cuirassiers", rules.HeavyCavalry, 3, 11, tc.foesAt, 180),
					hUnit(1, "N1 Line", rules.LineInfantry, 3, 13.5, tc.foesAt-2, 180),
				}, [2][]rules.PointSpec{})
				v := hLabel(t, st, "Voltigeurs")
				if tc.pinned {
					st.U[v].Stat = rules.Pinned
				}
				routed := false
				for _, a := range hMovementPhase(t, st, mustAgent(t, spec, 1), engine.NewRandomDice(4)) {
					if a.Kind == rules.KindVolRout && int(a.Unit) == v {
						routed = true
					}
				}
				if routed != tc.routs {
					t.Errorf("routed voluntarily: %v, want %v", routed, tc.routs)
				}
			})
		}
	}
}

// TestDoctrinesShootAtTheTargetInTheOpen: a battery with two targets in
// reach at the same range, elite infantry in a town (in cover, -1, ruling
// R-COVER) and line infantry in the open, fires at the
// line: the doctrines reckon the shot with the engine's modifiers, which
// count the cover (their own reckoning did not, and preferred the more
// valuable elite).
func TestDoctrinesShootAtTheTargetInTheOpen(t *testing.T) {
	town := rules.Feature{Kind: rules.Town, Points: []geom.Vec{{X: 8.5, Y: 9}, {X: 11.5, Y: 9}, {X: 11.5, Y: 10.7}, {X: 8.5, Y: 10.7}}}
	for _, spec := range hDoctrineSpecs {
		t.Run(spec, func(t *testing.T) {
			st := hPosition(t, []rules.UnitSpec{
				hUnit(0, "S-CHQ", rules.CorpsHQ, -1, 3, 2, 0),
				hUnit(0, "Guard", rules.EliteInfantry, 0, 10, 10.5, 0),
				hUnit(0, "S1 Line", rules.LineInfantry, 0, 14, 10.5, 0),
				hUnit(1, "N-CHQ", rules.CorpsHQ, -1, 21, 23, 180),
				hUnit(1, "Battery", rules.FootArtillery, 3, 12, 14, 180),
			}, [2][]rules.PointSpec{}, town)
			battery, line := hLabel(t, st, "Battery"), hLabel(t, st, "S1 Line")
			if err := st.Apply(engine.Action{Kind: rules.KindEnd}); err != nil {
				t.Fatal(err)
			}
			agent := mustAgent(t, spec, 1)
			dice := engine.NewRandomDice(2)
			fired := false
			hPlay(t, st, agent, dice, func() bool { return st.Turn() == 1 && st.Phasing() == 0 && !st.Terminal() }, func(a engine.Action, text string) bool {
				if a.Kind != rules.KindFire || int(a.Unit) != battery {
					return false
				}
				if int(a.Target) != line {
					t.Fatalf("the battery fired: %s, want at the line in the open", text)
				}
				fired = true
				return true
			})
			if !fired {
				t.Fatal("the battery did not fire")
			}
		})
	}
}

// TestDoctrinesShelterTheHQ: "cavalry can pose a terrible threat to HQ
// units caught out in the open". An HQ in reach of enemy heavy cavalry,
// its nearest friends a battery and light cavalry as exposed as itself,
// goes behind the friendly battalion a little farther off, out of the
// cavalry's reach with the battalion between them, not only straight
// back.
func TestDoctrinesShelterTheHQ(t *testing.T) {
	for _, spec := range hDoctrineSpecs {
		t.Run(spec, func(t *testing.T) {
			st := hPosition(t, []rules.UnitSpec{
				hUnit(0, "S-CHQ", rules.CorpsHQ, -1, 8, 9, 0),
				hUnit(0, "Battery", rules.FootArtillery, 0, 8, 7, 0),
				hUnit(0, "Hussars", rules.LightCavalry, 0, 10, 11, 0),
				hUnit(0, "S1 Line", rules.LineInfantry, 0, 14, 10, 0),
				hUnit(1, "N-CHQ", rules.CorpsHQ, -1, 21, 23, 180),
				hUnit(1, "Cuirassiers", rules.HeavyCavalry, 4, 7, 12.5, 180),
				hUnit(1, "N1 Line", rules.LineInfantry, 4, 16, 18, 180),
			}, [2][]rules.PointSpec{})
			hq, line, cav := hLabel(t, st, "S-CHQ"), hLabel(t, st, "S1 Line"), hLabel(t, st, "Cuirassiers")
			agent := mustAgent(t, spec, 1)
			dice := engine.NewRandomDice(4)
			moved := false
			hPlay(t, st, agent, dice, func() bool {
				return st.Turn() == 1 && st.Phasing() == 0 && !st.Terminal() && st.PhaseName() == "movement"
			}, func(a engine.Action, text string) bool {
				if int(a.Unit) != hq || a.Kind == rules.KindEnd {
					return false
				}
				p := st.U[hq].Pos
				if d := p.Dist(st.U[cav].Pos); d <= rules.HeavyCavalry.Profile().Move+1 {
					t.Errorf("the HQ ends %.1f\" from the cavalry, in its reach (%s)", d, text)
				}
				if d := p.Dist(st.U[line].Pos); d > 2 || p.Dist(st.U[cav].Pos) < st.U[line].Pos.Dist(st.U[cav].Pos) {
					t.Errorf("the HQ ends at %v, not behind the battalion at %v (%s)", p, st.U[line].Pos, text)
				}
				moved = true
				return true
			})
			if !moved {
				t.Fatal("the HQ did not move")
			}
		})
	}
}

// TestDoctrinesKeepMilitiaOffEliteRoutPaths: a routing elite unit routs
// every friend within 1" of its path, and militia routs with any router
// (R-CONTAGION). Offered two moves alike but for that, the militia goes
// behind the line battalion rather than behind the guard, and the guard
// goes where no militia stands behind it.
func TestDoctrinesKeepMilitiaOffEliteRoutPaths(t *testing.T) {
	for _, spec := range hDoctrineSpecs {
		for _, tc := range []struct {
			name      string
			mover     string
			units     []rules.UnitSpec
			bad, good geom.Vec
		}{
			{name: "militia_moves", mover: "Militia", units: []rules.UnitSpec{
				hUnit(0, "Militia", rules.Militia, 0, 12, 5, 0),
				hUnit(0, "Guard", rules.EliteInfantry, 0, 10, 10, 0),
				hUnit(0, "S1 Line", rules.LineInfantry, 0, 14, 10, 0),
			}, bad: geom.V(10, 8), good: geom.V(14, 8)},
			{name: "guard_moves", mover: "Guard", units: []rules.UnitSpec{
				hUnit(0, "Guard", rules.EliteInfantry, 0, 12, 6, 0),
				hUnit(0, "Militia", rules.Militia, 0, 10, 7, 0),
				hUnit(0, "S1 Line", rules.LineInfantry, 0, 14, 7, 0),
			}, bad: geom.V(10, 9), good: geom.V(14, 9)},
		} {
			t.Run(spec+"/"+tc.name, func(t *testing.T) {
				units := append([]rules.UnitSpec{hUnit(0, "S-CHQ", rules.CorpsHQ, -1, 12, 2, 0)}, tc.units...)
				units = append(units, hUnit(1, "N-CHQ", rules.CorpsHQ, -1, 12, 23, 180), hUnit(1, "N1 Line", rules.LineInfantry, 4, 12, 20, 180))
				st := hPosition(t, units, [2][]rules.PointSpec{})
				i := hLabel(t, st, tc.mover)
				var acts [2]engine.Action
				for k, to := range []geom.Vec{tc.bad, tc.good} {
					a, err := rules.FreeMove(i, 0, false, to)
					if err != nil {
						t.Fatal(err)
					}
					if err := st.Clone().Apply(a); err != nil {
						t.Fatalf("the move to %v is refused: %v", to, err)
					}
					acts[k] = a
				}
				h := mustAgent(t, spec, 1).(*Heuristic)
				h.prepare(st)
				bad, good := h.score(st, &acts[0]), h.score(st, &acts[1])
				if !(good > bad) {
					t.Errorf("%s to %v scores %.2f, to %v (off the guard's rout path) %.2f", tc.mover, tc.bad, bad, tc.good, good)
				}
			})
		}
	}
}

// TestDoctrinesChargeDownTheRoad: the road column -2 falls on a unit caught
// on the road in the enemy's turn, not on a charger that comes down it
// (ruling R-ROADCOLUMN), so a charge along a road at a disrupted battalion
// scores as the same charge across open ground. The doctrines used to take -2 from such a charger.
func TestDoctrinesChargeDownTheRoad(t *testing.T) {
	road := rules.Feature{Kind: rules.Road, Points: []geom.Vec{{X: 12, Y: 0}, {X: 12, Y: 24}}}
	units := []rules.UnitSpec{
		hUnit(0, "S-CHQ", rules.CorpsHQ, -1, 3, 2, 0),
		hUnit(0, "Cuirassiers", rules.HeavyCavalry, 0, 12, 8, 0),
		hUnit(1, "N-CHQ", rules.CorpsHQ, -1, 21, 23, 180),
		hUnit(1, "N1 Line", rules.LineInfantry, 2, 12, 12.5, 180),
	}
	score := func(terrain ...rules.Feature) (float64, bool) {
		st := hPosition(t, units, [2][]rules.PointSpec{}, terrain...)
		cav, line := hLabel(t, st, "Cuirassiers"), hLabel(t, st, "N1 Line")
		st.U[line].Stat = rules.Disrupted // worth charging: the doctrine weighs the melee
		h := mustAgent(t, "heuristic:doctrine=assault", 1).(*Heuristic)
		h.prepare(st)
		for _, a := range st.Legal(nil) {
			if a.Kind == rules.KindMove && a.Order == rules.OrderCharge && int(a.Unit) == cav && int(a.Target) == line && a.NPath == 1 {
				return h.scoreCharge(st, cav, line, &a), true
			}
		}
		return 0, false
	}
	open, ok1 := score()
	onRoad, ok2 := score(road)
	if !ok1 || !ok2 {
		t.Fatalf("no straight charge of the cuirassiers at the line (open %v, road %v)", ok1, ok2)
	}
	if onRoad != open {
		t.Errorf("a charge down the road scores %.3f, across the open %.3f: want the same", onRoad, open)
	}
}
