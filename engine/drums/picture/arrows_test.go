package picture

import (
	"fmt"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/drums"
	"github.com/grognard/grognard/engine/geom"
)

// sample is one legal action of a kind with the position it is legal in.
type sample struct {
	st *drums.State
	a  engine.Action
}

// samples plays seeded random games and keeps the first legal action of
// each kind met (and a charge on a camp when one comes up), with a copy of
// its position.
func samples(t *testing.T) map[uint8]sample {
	t.Helper()
	got := map[uint8]sample{}
	for seed := uint64(1); seed <= 12; seed++ {
		play(t, seed, func(*drums.State) bool { return false }, func(s *drums.State, legal []engine.Action) {
			for _, a := range legal {
				k := a.Kind
				if k == drums.KPass && a.Target == 1 {
					k = 100 // a general's pass, kept apart from a unit's
				}
				if k == drums.KCharge && a.Target >= 200 {
					k = 101
				}
				if _, ok := got[k]; !ok {
					got[k] = sample{s.Clone().(*drums.State), a}
				}
			}
		})
	}
	return got
}

// TestActionArrows: every action kind that shows on the table gives an
// arrow of its kind that starts where its unit or general stands, and the
// others none; drawn together, each is one arrow group of its kind with
// its label.
func TestActionArrows(t *testing.T) {
	got := samples(t)
	tests := []struct {
		name string
		kind uint8
		want string // "" for no arrow
	}{
		{"deploy a command", drums.KDeploy, ArrowDeploy},
		{"activate a unit", drums.KActivate, ArrowActivate},
		{"activate a general", drums.KActivateGeneral, ArrowActivate},
		{"advance to its point", drums.KAdvance, ArrowAdvance},
		{"retire straight back", drums.KRetire, ArrowRetire},
		{"change facing", drums.KTurn, ArrowTurn},
		{"change formation", drums.KReform, ArrowReform},
		{"charge a unit", drums.KCharge, ArrowCharge},
		{"shoot at a unit", drums.KShoot, ArrowShoot},
		{"reload", drums.KReload, ArrowMark},
		{"stand", drums.KStand, ArrowMark},
		{"unit passes", drums.KPass, ArrowMark},
		{"general stays", 100, ArrowMark},
		{"general moves", drums.KGeneralMove, ArrowGeneral},
		{"supply die: nothing to draw", drums.KSupply, ""},
		{"who goes first: nothing to draw", drums.KFirst, ""},
		{"evade answer: nothing to draw", drums.KEvade, ""},
		{"occupy answer: nothing to draw", drums.KOccupy, ""},
		{"retire adjustment: nothing to draw", drums.KAdjust, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, ok := got[tc.kind]
			if !ok && tc.want == "" {
				// An answer with nothing to draw needs no position of its
				// own: any will do.
				s, ok = sample{got[drums.KActivate].st, engine.Action{Kind: tc.kind, Arg: 1}}, got[drums.KActivate].st != nil
			}
			if !ok {
				t.Fatalf("no action of kind %d in the sample games", tc.kind)
			}
			ar, ok := ActionArrow(s.st, s.a, "1")
			if tc.want == "" {
				if ok {
					t.Fatalf("%s has an arrow %+v", s.st.DescribeAction(s.a), ar)
				}
				return
			}
			if !ok || ar.Kind != tc.want || len(ar.Points) == 0 {
				t.Fatalf("%s: arrow %+v, %v; want kind %q", s.st.DescribeAction(s.a), ar, ok, tc.want)
			}
			if ar.Title != s.st.DescribeAction(s.a) {
				t.Errorf("title %q", ar.Title)
			}
			// Moves and shots start at the piece.
			switch tc.kind {
			case drums.KAdvance, drums.KCharge:
				if ar.Points[0] != s.st.Unit(int(s.a.Unit)).Front {
					t.Errorf("starts at %v, not the unit's front", ar.Points[0])
				}
				if len(ar.Points) < 2 {
					t.Errorf("no end point")
				}
			case drums.KShoot:
				if ar.Points[0] != s.st.Unit(int(s.a.Unit)).Footprint.C {
					t.Errorf("starts at %v, not the shooter", ar.Points[0])
				}
			case drums.KGeneralMove:
				if ar.Points[0] != s.st.General(int(s.a.Unit)).Pos || ar.Points[1] != s.a.Path[0] {
					t.Errorf("runs %v, not from the general to his point %v", ar.Points, s.a.Path[0])
				}
			case drums.KTurn, drums.KReform, drums.KDeploy:
				if len(ar.Ghosts) == 0 {
					t.Errorf("no outline of where it puts the unit")
				}
			}
			opts := Options{Arrows: []Arrow{ar}}
			els, texts := parse(t, draw(t, s.st, opts))
			n := 0
			for _, e := range els {
				if e.depth == 3 && hasClass(e.class, "arrow") && hasClass(e.class, tc.want) {
					n++
					found := false
					for _, txt := range texts[e.top] {
						found = found || txt == "1"
					}
					if !found {
						t.Errorf("the arrow's label is not drawn")
					}
				}
			}
			if n != 1 {
				t.Errorf("%d arrow groups of kind %s, want 1", n, tc.want)
			}
		})
	}
	// A supply die spent on an action is written by its arrow.
	for _, k := range []uint8{drums.KAdvance, drums.KCharge, drums.KShoot, drums.KRetire} {
		s := got[k]
		a := s.a
		a.Arg = 1
		if ar, ok := ActionArrow(s.st, a, ""); !ok || ar.Word != "+supply die" {
			t.Errorf("%s: word %q", s.st.DescribeAction(a), ar.Word)
		}
	}
	if s, ok := got[101]; ok {
		ar, ok := ActionArrow(s.st, s.a, "c")
		r, _ := s.st.CampOf(int(s.a.Target) - 200)
		if !ok || ar.Kind != ArrowCharge || ar.Points[1].Dist(nearestOn(r, ar.Points[0])) > 1e-9 {
			t.Errorf("a charge on a camp: %+v %v", ar, ok)
		}
	}
}

// TestRetireArrowRuling pins ruling D-PIC-RETIRE: the arrow runs straight
// back from the rear edge as far as the movement table allows at most
// (plus a supply die's 1BW), stopping at a declared point.
func TestRetireArrowRuling(t *testing.T) {
	s, ok := samples(t)[drums.KRetire]
	if !ok {
		t.Fatal("no retire in the sample games")
	}
	v := s.st.Unit(int(s.a.Unit))
	fixed, dice, sides, _ := drums.MoveDistance(v.Profile.Type, v.Formation, drums.MoveNormal)
	if drums.InTerrain(v.Footprint, s.st.Scenario().Terrain) {
		fixed, dice, sides, _ = drums.MoveDistance(v.Profile.Type, v.Formation, drums.MoveInTerrain)
	}
	most := float64(fixed + dice*sides)
	back := v.Footprint.F.Scale(-1)
	rear := v.Footprint.C.Add(back.Scale(v.Footprint.HD))
	stop := v.Front.Add(back.Scale(1.5))
	tests := []struct {
		name string
		arg  uint8
		path []geom.Vec
		want float64
	}{
		{"the furthest the table allows", 0, nil, most},
		{"a supply die adds 1BW", 1, nil, most + drums.SupplyMoveBW},
		{"no further than the declared point", 0, []geom.Vec{stop}, min(1.5, most)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := s.a
			a.Arg = tc.arg
			a.NPath = uint8(copy(a.Path[:], tc.path))
			ar, ok := ActionArrow(s.st, a, "")
			if !ok {
				t.Fatal("no arrow")
			}
			if ar.Points[0].Dist(rear) > 1e-9 {
				t.Errorf("starts at %v, not the rear edge %v", ar.Points[0], rear)
			}
			d := ar.Points[1].Sub(ar.Points[0])
			if got := d.Len(); got < tc.want-1e-9 || got > tc.want+1e-9 {
				t.Errorf("runs %.3f BW, want %.3f", got, tc.want)
			}
			if d.Norm().Dot(back) < 1-1e-9 {
				t.Errorf("not straight back: %v", d)
			}
		})
	}
}

// TestUnknownArrowsSkipped: an arrow of no known kind or without points is
// left out rather than drawn wrong.
func TestUnknownArrowsSkipped(t *testing.T) {
	st := midGame(t)
	els, _ := parse(t, draw(t, st, Options{Arrows: []Arrow{{Kind: "teleport", Points: []geom.Vec{{X: 1, Y: 1}}}, {Kind: ArrowAdvance}}}))
	if n := count(els, "arrow", true); n != 0 {
		t.Errorf("%d arrows drawn, want none", n)
	}
	if _, ok := ActionArrow(nil, engine.Action{Kind: drums.KAdvance}, ""); ok {
		t.Error("an arrow without a state")
	}
	if _, ok := ActionArrow(st, engine.Action{Kind: drums.KShoot, Unit: 0, Target: 250}, ""); ok {
		t.Error("a shot at nothing has an arrow")
	}
	if _, ok := ActionArrow(st, engine.Action{Kind: drums.KGeneralMove, Unit: 99, NPath: 1}, ""); ok {
		t.Error("a move of a general who does not exist has an arrow")
	}
}

// TestDeclarationArrows draws every order a unit may declare in a
// mid-game activation at once, numbered: one arrow group each.
func TestDeclarationArrows(t *testing.T) {
	var legal []engine.Action
	st := play(t, 3, func(s *drums.State) bool {
		if s.Turn() < 2 || s.ToMove() == engine.Chance {
			return false
		}
		legal = s.Legal(legal[:0])
		for _, a := range legal {
			if a.Kind == drums.KShoot {
				return true
			}
		}
		return false
	}, nil)
	var arrows []Arrow
	for k, a := range legal {
		if ar, ok := ActionArrow(st, a, fmt.Sprint(k+1)); ok {
			arrows = append(arrows, ar)
		}
	}
	els, _ := parse(t, draw(t, st, Options{Arrows: arrows}))
	if n := count(els, "arrow", true); n != len(arrows) || n == 0 {
		t.Errorf("%d arrow groups for %d arrows", n, len(arrows))
	}
}
