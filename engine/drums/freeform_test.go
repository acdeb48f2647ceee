package drums

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// atDeclaration plays a seeded random game to a unit's first declaration.
func atDeclaration(t *testing.T, seed uint64) *State {
	t.Helper()
	s, err := NewGame(DefaultScenario, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	playRandomTo(t, s, rand.New(rand.NewPCG(seed, 9)), func(s *State) bool {
		return s.ask == askDeclare && s.ndecl == 0 && s.activationTask().a < generalBase && s.TurnNo >= 2 && canAdvance(s)
	})
	return s
}

// playRandomTo plays s with random choices from rng until stop holds at a
// decision, failing if the game ends first.
func playRandomTo(t *testing.T, s *State, rng *rand.Rand, stop func(*State) bool) {
	t.Helper()
	for !s.Terminal() {
		if s.ToMove() == engine.Chance {
			if err := s.ApplyDice(engine.RollWith(rng, s.PendingRoll())); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if stop(s) {
			return
		}
		acts := s.Legal(nil)
		if err := s.Apply(acts[rng.IntN(len(acts))]); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("the game ended before the position sought")
}

func TestParseMoveUnits(t *testing.T) {
	s := atDeclaration(t, 1)
	i := int(s.activationTask().a)
	label := s.st.units[i].Label
	front := s.Units[i].Front
	ahead := front.Add(geom.Heading(s.Units[i].Facing).Scale(3))
	cases := []struct {
		name, text, unit string
		want             [2]float64
	}{
		{"bare numbers are BW", label + " to " + fnum(ahead.X) + " " + fnum(ahead.Y), "", [2]float64{ahead.X, ahead.Y}},
		{"mm suffix converts at 40mm a BW", label + " to " + fnum(ahead.X*40) + "mm " + fnum(ahead.Y*40) + "mm", "", [2]float64{ahead.X, ahead.Y}},
		{"the front end's unit applies to bare numbers", "move " + label + " to " + fnum(ahead.X*40/25.4) + " " + fnum(ahead.Y*40/25.4), "in", [2]float64{ahead.X, ahead.Y}},
		{"the notation is read too", label + " advance " + fnum(ahead.X) + "," + fnum(ahead.Y), "", [2]float64{ahead.X, ahead.Y}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var a engine.Action
			var err error
			if c.unit == "" {
				a, err = s.ParseMove(c.text)
			} else {
				a, err = s.ParseMoveIn(c.text, c.unit)
			}
			if err != nil {
				t.Fatal(err)
			}
			if a.Kind != KAdvance || int(a.Unit) != i || math.Abs(a.Path[0].X-c.want[0]) > 1e-9 || math.Abs(a.Path[0].Y-c.want[1]) > 1e-9 {
				t.Fatalf("%q: got %+v", c.text, a)
			}
			c2 := s.Clone()
			if err := c2.Apply(a); err != nil {
				t.Fatalf("the parsed move is refused: %v", err)
			}
		})
	}
	refused := []struct{ name, text, unit, why string }{
		{"off the table", label + " to 500 3", "", "off the table"},
		{"another unit than the activated one", otherLabel(s, i) + " to 10 10", "", "activated"},
		{"paces are not a drums unit", label + " to 1 1", "paces", "base widths"},
		{"junk after the point", label + " to 1 1 quickly", "", "only supply"},
	}
	for _, c := range refused {
		t.Run(c.name, func(t *testing.T) {
			var err error
			if c.unit == "" {
				_, err = s.ParseMove(c.text)
			} else {
				_, err = s.ParseMoveIn(c.text, c.unit)
			}
			if err == nil || !strings.Contains(err.Error(), c.why) {
				t.Fatalf("%q: got %v, want an error saying %q", c.text, err, c.why)
			}
		})
	}
}

// canAdvance reports whether an advance is among the legal declarations.
func canAdvance(s *State) bool {
	for _, a := range s.Legal(nil) {
		if a.Kind == KAdvance {
			return true
		}
	}
	return false
}

func otherLabel(s *State, i int) string {
	for j := range s.st.nu {
		if j != i && s.alive(j) {
			return s.st.units[j].Label
		}
	}
	return "none"
}

// Ruling D-TABLEEDIT: a correction sets pieces and marks and never runs a
// rule; a bad correction changes nothing.
func TestCorrect(t *testing.T) {
	s := atDeclaration(t, 2)
	i := int(s.activationTask().a)
	label := s.st.units[i].Label
	before := s.Hash()
	if _, err := s.Correct("unit " + label + " at 10 10 facing 45 hits 3 unloaded"); err != nil {
		t.Fatal(err)
	}
	u := s.Units[i]
	if u.Front.X != 10 || u.Front.Y != 10 || u.Facing != 45 || u.Hits != 3 || u.Flags&fLoaded != 0 {
		t.Fatalf("correction not applied: %+v", u)
	}
	if s.Hash() == before {
		t.Fatal("the hash did not change")
	}
	mid := s.Hash()
	for _, bad := range []string{"unit " + label + " at -5 -5", "unit " + label + " hits 99", "unit " + label + " formation wedge", "general nobody at 1 1", "supply 0 500", "camp 7 lost", "fly away"} {
		if _, err := s.Correct(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
		if s.Hash() != mid {
			t.Fatalf("%q changed the state though refused", bad)
		}
	}
	if _, err := s.CorrectIn("unit "+label+" at 400 400", "mm"); err != nil {
		t.Fatal(err)
	}
	if s.Units[i].Front.X != 10 {
		t.Fatalf("400mm is 10BW, got %v", s.Units[i].Front.X)
	}
}

func TestTableInstructions(t *testing.T) {
	s := atDeclaration(t, 3)
	for _, a := range s.Legal(nil) {
		txt := s.TableInstructions(a)
		if txt == "" || strings.Contains(txt, "no rule") {
			t.Errorf("%s: %q", s.FormatAction(a), txt)
		}
		if a.Kind == KAdvance && !strings.Contains(txt, "mm") {
			t.Errorf("an advance's instructions give no mm: %q", txt)
		}
	}
}

// A person deploys a command at a point in the table's own units.
func TestParseMoveDeployAt(t *testing.T) {
	s, err := NewGame(DefaultScenario, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	playRandomTo(t, s, rand.New(rand.NewPCG(2, 9)), func(s *State) bool { return s.ask == askDeploy })
	// The first listed slot's placement gives a point that fits.
	a := s.Legal(nil)[0]
	side := int(s.waitBy)
	gen := s.genLabel(s.st.firstGen[side] + 1 + int(a.Unit))
	var pos [MaxUnits]geom.Vec
	s.slotPlacement(side, a.Unit, int(a.Arg), &pos)
	var first int
	for i := range s.st.nu {
		if int(s.st.units[i].Side) == side && s.st.units[i].Cmd == a.Unit {
			first = i
			break
		}
	}
	p := pos[first]
	got, err := s.ParseMoveIn("deploy "+gen+" at "+fnum(p.X*40)+" "+fnum(p.Y*40), "mm")
	if err != nil {
		t.Fatal(err)
	}
	if got.Kind != KDeploy || got.Arg != deployAt || got.Unit != a.Unit || math.Abs(got.Path[0].X-p.X) > 1e-9 {
		t.Fatalf("parsed %+v", got)
	}
	if placed, err := s.ParseMove("place " + gen + " at " + fnum(p.X) + " " + fnum(p.Y)); err != nil || placed != got {
		t.Fatalf("place: %+v, %v; want %+v", placed, err, got)
	}
	if _, err := s.ParseMove("deploy " + gen + " at 1 1 now"); err == nil || !strings.Contains(err.Error(), "after the point") {
		t.Fatalf("junk after the point: %v", err)
	}
}
