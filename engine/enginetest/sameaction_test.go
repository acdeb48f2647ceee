package enginetest

import (
	"math"
	"testing"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/geom"
)

// TestSameAction: actions are the same only field by field, floats to the
// bit: -0 is not 0, and NaN is itself.
func TestSameAction(t *testing.T) {
	base := engine.Action{Kind: 1, Unit: 2, Target: 3, Arg: 4, Order: 5, Facing: 90, NPath: 1}
	base.Path[0] = geom.V(1, 2)
	nan := base
	nan.Facing = math.NaN()
	for _, c := range []struct {
		name string
		edit func(a *engine.Action)
		same bool
	}{
		{"itself", func(*engine.Action) {}, true},
		{"kind", func(a *engine.Action) { a.Kind++ }, false},
		{"unit", func(a *engine.Action) { a.Unit++ }, false},
		{"target", func(a *engine.Action) { a.Target++ }, false},
		{"arg", func(a *engine.Action) { a.Arg++ }, false},
		{"order", func(a *engine.Action) { a.Order++ }, false},
		{"path length", func(a *engine.Action) { a.NPath++ }, false},
		{"path point", func(a *engine.Action) { a.Path[0].Y = 2.0000001 }, false},
		{"point past the length", func(a *engine.Action) { a.Path[1].X = 1 }, false},
		{"facing", func(a *engine.Action) { a.Facing = 91 }, false},
		{"negative zero", func(a *engine.Action) { a.Facing = math.Copysign(0, -1) }, false},
	} {
		a := base
		c.edit(&a)
		if c.name == "negative zero" {
			base0 := base
			base0.Facing = 0
			if SameAction(base0, a) {
				t.Errorf("%s: the same", c.name)
			}
			continue
		}
		if got := SameAction(base, a); got != c.same {
			t.Errorf("%s: SameAction = %v, want %v", c.name, got, c.same)
		}
	}
	if !SameAction(nan, nan) {
		t.Error("an action with a NaN is not itself")
	}
}
