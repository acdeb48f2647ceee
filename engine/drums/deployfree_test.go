package drums

import (
	"math/rand/v2"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// Ruling D-DEPLOY: a command that fits no slot is offered "anywhere free
// in the zone" (slot 9), so deployment never stalls, and its units stand
// in the zone without overlapping.
func TestDeployAnywhereFree(t *testing.T) {
	sc := firstBattle()
	big := CommandSpec{General: GeneralSpec{Label: "B-G3"}}
	for k := range 12 {
		big.Units = append(big.Units, UnitSpec{Label: "BX" + string(rune('a'+k)), Profile: Profile{Name: "Line", Type: LineFoot, Weapon: SmoothBore, Thresholds: Thresholds{1, 3, 0}, Bases: 6}})
	}
	sc.Forces[1].Commands = append(sc.Forces[1].Commands, big)
	// The British attack, so the big command must fit a quarter of the
	// depth.
	sc.Forces[0].AlwaysDefender = true
	s, err := NewGameOn(sc, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(4, 4))
	sawFree := false
	for s.TurnNo == 0 && !s.Terminal() {
		if s.ToMove() == engine.Chance {
			if err := s.ApplyDice(engine.RollWith(rng, s.PendingRoll())); err != nil {
				t.Fatal(err)
			}
			continue
		}
		acts := s.Legal(nil)
		if len(acts) == 0 {
			t.Fatalf("no legal action: %s", s.waitingFor())
		}
		a := acts[rng.IntN(len(acts))]
		if a.Kind == KDeploy && a.Arg == deploySlots {
			sawFree = true
		}
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if !sawFree {
		t.Fatal("the big command was never offered the free slot")
	}
	var rects []geom.Rect
	for i := range s.st.nu {
		if !s.alive(i) {
			t.Fatalf("%s was not deployed", s.st.units[i].Label)
		}
		r := s.rect(i)
		if !s.inZone(int(s.Units[i].Side), r) {
			t.Fatalf("%s stands outside its zone", s.st.units[i].Label)
		}
		if overlapsAny(r, rects) {
			t.Fatalf("%s overlaps another unit", s.st.units[i].Label)
		}
		rects = append(rects, r)
	}
}
