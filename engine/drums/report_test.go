package drums

import (
	"math"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// Ruling D-LOST-ACTION: a declared action that can no longer be carried
// out when its turn comes is lost, and the step that loses it says which
// and why (engine.Reporter); the next step's report is empty again.
func TestRule_LostActionReported(t *testing.T) {
	t.Run("ShotOutOfRangeAfterRetire", func(t *testing.T) {
		s := start(t, duel(14, true)) // R 6BW off: at long range
		i, j := activate(t, s, "A", 0), labelIdx(t, s, "R")
		shot := act(KShoot, i, j, 0)
		declare(t, s, act(KRetire, i, 0, 0))
		if !legal(s, shot) {
			t.Fatal("a shot after a retire is not offered")
		}
		declare(t, s, shot)
		if got := engine.Report(s); got != "" {
			t.Fatalf("a report before anything is lost: %q", got)
		}
		roll(t, s, 3) // the retire: R is now 9BW off
		got := engine.Report(s)
		if !strings.Contains(got, "A's declared shot at R is lost") || !strings.Contains(got, "out of range") {
			t.Fatalf("report %q: want A's shot at R lost, out of range", got)
		}
		if s.ToMove() == engine.Chance {
			t.Fatalf("a roll is pending for a lost shot: %s", s.DescribeRoll())
		}
		c := s.Clone()
		if engine.Report(c) != got {
			t.Fatalf("a clone reports %q, the original %q", engine.Report(c), got)
		}
		// The next step reports only what it lost.
		legalNow := s.Legal(nil)
		do(t, s, legalNow[0])
		if r := engine.Report(s); r != "" {
			t.Fatalf("the next step still reports %q", r)
		}
	})
	t.Run("TurnWithoutRoom", func(t *testing.T) {
		p := mover(lineFoot(), Line)
		p.units = append(p.units, u0("F", lineFoot(), 28, 15, Line))
		s := start(t, p)
		i := activate(t, s, "M", 0)
		declare(t, s, toward(i, geom.V(24, 30), 0), act(KTurn, i, 0, int(TurnRight)))
		roll(t, s, 3)
		if got := engine.Report(s); !strings.Contains(got, "M's declared turn is lost: there is no room to turn") {
			t.Fatalf("report %q", got)
		}
	})
	t.Run("ShotTaken", func(t *testing.T) {
		s := start(t, duel(12, true))
		i, j := activate(t, s, "A", 0), labelIdx(t, s, "R")
		declare(t, s, act(KShoot, i, j, 0), act(KPass, i, 0, 0))
		expectRoll(t, s, rShoot, -1)
		if got := engine.Report(s); got != "" {
			t.Fatalf("a shot taken reports %q", got)
		}
	})
}

// activationRunning reports whether an activation is on the rules' stack.
func activationRunning(s *State) bool {
	for k := range int(s.ntasks) {
		if s.tasks[k].kind == tActivation {
			return true
		}
	}
	return false
}

// watch follows one activation of random play: what the unit (or
// general) was before it, the rolls thrown for it and the reports of its
// steps.
type watch struct {
	on      bool
	unit    int
	before  Unit
	genPos  geom.Vec
	moves   int
	reports []string
}

// lostIn counts the reports of w that lose an action of unit's described
// as what ("shot at R", "advance").
func (w *watch) lostIn(who, what string) int {
	n := 0
	for _, r := range w.reports {
		n += strings.Count(r, who+"'s declared "+what)
	}
	return n
}

// check says which of s's declared actions of the activation just ended
// neither had an effect nor were reported lost.
func (w *watch) check(s *State) []string {
	var bad []string
	i := w.unit
	decl := s.decl[:s.ndecl]
	if i >= generalBase {
		g := i - generalBase
		for _, a := range decl {
			if a.Kind == KGeneralMove && s.Gens[g].Pos == w.genPos && a.Path[0] != w.genPos && w.lostIn(s.genLabel(g), "move") == 0 {
				bad = append(bad, s.genLabel(g)+" move")
			}
		}
		return bad
	}
	u := &s.Units[i]
	who := s.unitLabel(i)
	count := func(k uint8) int {
		n := 0
		for _, a := range decl {
			if a.Kind == k {
				n++
			}
		}
		return n
	}
	lostAll := w.lostIn(who, "")
	if lostAll > len(decl) {
		bad = append(bad, "more actions reported lost than declared")
	}
	shots := int(u.Shots) - int(w.before.Shots)
	if n := count(KShoot); n > 0 && shots+w.lostIn(who, "shot at") < n {
		bad = append(bad, "shoot")
	}
	if n := count(KCharge); n > 0 && int(u.Charges)-int(w.before.Charges)+w.lostIn(who, "charge on") < n {
		bad = append(bad, "charge")
	}
	moved := u.Front != w.before.Front || u.Facing != w.before.Facing
	if n := count(KAdvance) + count(KRetire); n > 0 {
		lost := w.lostIn(who, "advance") + w.lostIn(who, "retire")
		if w.moves+lost < n && !(moved && w.moves == 0) {
			bad = append(bad, "move")
		}
	}
	if n := count(KTurn); n > 0 && w.lostIn(who, "turn") == 0 && s.alive(i) {
		if n == len(decl) {
			// Turns alone: the facing is their sum (two about faces
			// come back to the start).
			want := w.before.Facing
			for _, a := range decl {
				want += [...]float64{TurnLeft: -90, TurnRight: 90, TurnAbout: 180}[a.Arg]
			}
			if d := math.Abs(geom.NormDeg(want) - geom.NormDeg(u.Facing)); d > 1e-6 && d < 360-1e-6 {
				bad = append(bad, "turn")
			}
		} else if !moved {
			bad = append(bad, "turn")
		}
	}
	if count(KReform) > 0 {
		// The last formation change declared is the formation the unit
		// ends in (two in one step show only the second).
		var last Formation
		for _, a := range decl {
			if a.Kind == KReform {
				last = Formation(a.Arg)
			}
		}
		if u.Form != last && w.lostIn(who, "formation change") == 0 && s.alive(i) {
			bad = append(bad, "formation change")
		}
	}
	if count(KReload) > 0 && u.Flags&fLoaded == 0 && shots == 0 && w.lostIn(who, "reload") == 0 {
		bad = append(bad, "reload")
	}
	return bad
}

// TestDeclaredActionsNeverVanish plays random games (any legal choice,
// random dice) and checks every activation: each declared action either
// had its effect (a shot thrown, a charge begun, a move's dice or a move,
// a turn, a formation change, a reload, a general's move) or a step
// reported it lost (ruling D-LOST-ACTION). Some must be lost, or the
// check proves nothing.
func TestDeclaredActionsNeverVanish(t *testing.T) {
	games := 24
	if testing.Short() {
		games = 6
	}
	reported := 0
	for seed := uint64(1); seed <= uint64(games); seed++ {
		s, err := NewGame(DefaultScenario, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		rng := newRng(seed)
		var buf []engine.Action
		var w watch
		for step := 0; !s.Terminal(); step++ {
			if step > 20000 {
				t.Fatalf("seed %d: no result", seed)
			}
			if s.ToMove() == engine.Chance {
				if w.on && s.rollWhat == rMove && int(s.rollA) == w.unit {
					w.moves++
				}
				if err := s.ApplyDice(engine.RollWith(rng, s.PendingRoll())); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
			} else {
				buf = s.Legal(buf[:0])
				a := buf[rng.IntN(len(buf))]
				if a.Kind == KActivate || a.Kind == KActivateGeneral {
					w = watch{on: true, unit: int(a.Unit)}
					if a.Kind == KActivateGeneral {
						w.unit += generalBase
						w.genPos = s.Gens[a.Unit].Pos
					} else {
						w.before = s.Units[a.Unit]
					}
				}
				if err := s.Apply(a); err != nil {
					t.Fatalf("seed %d: %s: %v", seed, s.FormatAction(a), err)
				}
			}
			if r := s.Report(); r != "" {
				reported++
				if !w.on {
					t.Fatalf("seed %d step %d: a report outside any activation: %q", seed, step, r)
				}
				w.reports = append(w.reports, r)
			}
			if w.on && !activationRunning(s) {
				if bad := w.check(s); len(bad) > 0 {
					t.Fatalf("seed %d step %d: declared %v; vanished without a result or a reason: %v (reports %q)", seed, step, s.decl[:s.ndecl], bad, w.reports)
				}
				w.on = false
			}
		}
	}
	if reported == 0 {
		t.Fatalf("%d random games lost no declared action: the check proves nothing", games)
	}
	t.Logf("%d games, %d steps reported a lost action", games, reported)
}
